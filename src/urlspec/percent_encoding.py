"""Percent-encoded bytes: the percent-encode sets, percent-encoding and percent-decoding.

Implements URL Standard §1.3 "Percent-encoded bytes"
(https://url.spec.whatwg.org/#percent-encoded-bytes):

* :func:`percent_encode_byte`, :func:`percent_decode` (byte sequence) and
  :func:`percent_decode_string`;
* the percent-encode sets, each defined as the spec words it, as the set before it plus some
  code points (:data:`C0_CONTROL` ... :data:`FORM_URLENCODED`);
* :func:`percent_encode_after_encoding` for any encoding of the Encoding Standard (by label; or
  :func:`percent_encode_after_output_encoding` when the caller resolved the label already), and
  :func:`utf8_percent_encode` / :func:`utf8_percent_encode_code_point`.

Legacy encodings (the Encoding Standard's labels and encoders) live in :mod:`urlspec.encoding`.

Speed: the URL parser calls these on every path segment, query and fragment, so each set keeps a
precompiled regex that tells in one pass whether a string has anything to encode (the common
case is that it has not, and the string is returned as is), and encodes a whole string with one
``str.translate`` over its bytes instead of a Python loop over its code points.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from urlspec.encoding import encode_or_fail_repeatedly, output_encoding_for_label
from urlspec.infra import ASCII_HEX_DIGITS, C0_CONTROLS, usv_string_argument, utf8_encode

__all__ = [
    "C0_CONTROL",
    "COMPONENT",
    "FORM_URLENCODED",
    "FRAGMENT",
    "PATH",
    "QUERY",
    "SPECIAL_QUERY",
    "USERINFO",
    "PercentEncodeSet",
    "percent_decode",
    "percent_decode_string",
    "percent_encode_after_encoding",
    "percent_encode_after_output_encoding",
    "percent_encode_byte",
    "utf8_percent_encode",
    "utf8_percent_encode_code_point",
]

# --- Percent-encoded bytes -----------------------------------------------------------------------

#: "%XX" for every byte value, with ASCII upper hex digits.
_PERCENT_ENCODED_BYTES: Final = tuple(f"%{byte:02X}" for byte in range(256))


def percent_encode_byte(byte: int) -> str:
    """Percent-encode a byte (https://url.spec.whatwg.org/#percent-encode).

    U+0025 (%) followed by two ASCII upper hex digits representing ``byte``. Raises
    :class:`ValueError` when ``byte`` is not in the range 0 to 255.
    """
    if not 0 <= byte <= 0xFF:
        raise ValueError(f"not a byte: {byte!r}")
    return _PERCENT_ENCODED_BYTES[byte]


#: The byte for each two-byte sequence of ASCII hex digits (both cases), e.g. b"2f" -> b"/".
_HEX_PAIR_TO_BYTE: Final = {
    f"{high}{low}".encode("ascii"): bytes([int(high + low, 16)])
    for high in ASCII_HEX_DIGITS
    for low in ASCII_HEX_DIGITS
}


def percent_decode(data: bytes | bytearray | memoryview) -> bytes:
    """Percent-decode a byte sequence (https://url.spec.whatwg.org/#percent-decode).

    Every 0x25 (%) followed by two ASCII hex digits is replaced by the byte they represent;
    any other 0x25 (%) is kept as is. ``data`` is bytes, a bytearray or a memoryview; anything
    else is a :class:`TypeError`.
    """
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
            raise TypeError(
                f"percent_decode() takes a bytes-like object, not {type(data).__name__}"
            )
        data = bytes(data)
    if b"%" not in data:
        return data
    # Split on "%": every part after the first started right after a "%" in the input.
    parts = data.split(b"%")
    output = [parts[0]]
    for part in parts[1:]:
        decoded = _HEX_PAIR_TO_BYTE.get(part[:2])
        if decoded is None:
            output.append(b"%")
            output.append(part)
        else:
            output.append(decoded)
            output.append(part[2:])
    return b"".join(output)


def percent_decode_string(input: str) -> bytes:
    """Percent-decode a string (https://url.spec.whatwg.org/#string-percent-decode).

    The percent-decoding of the UTF-8 encoding of ``input``, which must be a str (else
    :class:`TypeError`; lone surrogates are encoded as U+FFFD).
    """
    return percent_decode(utf8_encode(usv_string_argument(input, "input")))


# --- Percent-encode sets -------------------------------------------------------------------------


class PercentEncodeSet:
    """A percent-encode set: a set of code points (https://url.spec.whatwg.org/#percent-encode-set).

    Every set of the spec contains all code points greater than U+007E (~), so a set is
    described by the ASCII code points it contains. ``code_point in encode_set`` tests one code
    point; :meth:`needs_encoding` tests a whole string at once.
    """

    __slots__ = ("_byte_table", "_byte_table_plus", "_member_re", "ascii_members", "name")

    name: str
    #: The ASCII code points in the set (those above U+007E always are).
    ascii_members: frozenset[str]

    def __init__(self, name: str, ascii_members: Iterable[str]) -> None:
        members = frozenset(ascii_members)
        if any(len(member) != 1 or member > "\x7f" for member in members):
            raise ValueError("ascii_members must be ASCII code points")
        self.name = name
        self.ascii_members = members | {"\x7f"}
        # Members are found as "anything but the ASCII code points outside the set": a
        # negated class of those few compiles fast and matches every code point above U+007F.
        outside = (chr(c) for c in range(0x80) if chr(c) not in self.ascii_members)
        self._member_re = re.compile(f"[^{''.join(map(re.escape, outside))}]")
        # For str.translate over an isomorphic decoding of bytes: byte -> its output.
        table = [chr(byte) for byte in range(256)]
        for byte in range(256):
            if chr(byte) in self:
                table[byte] = _PERCENT_ENCODED_BYTES[byte]
        self._byte_table = table
        self._byte_table_plus = [*table[:0x20], "+", *table[0x21:]]

    def including(self, name: str, code_points: str) -> PercentEncodeSet:
        """A new set: this set and ``code_points`` (how the spec defines each set)."""
        return PercentEncodeSet(name, self.ascii_members | frozenset(code_points))

    def __contains__(self, code_point: object) -> bool:
        if not isinstance(code_point, str) or len(code_point) != 1:
            return False
        return code_point > "~" or code_point in self.ascii_members

    def needs_encoding(self, input: str) -> bool:
        """Whether any code point of ``input`` is in this set (one regex search)."""
        return self._member_re.search(input) is not None

    def encode_bytes(self, data: bytes, space_as_plus: bool = False) -> str:
        """Percent-encode each byte of ``data`` whose isomorph is in this set.

        These are the inner steps of "percent-encode after encoding" over the encoder's output:
        0x20 becomes "+" when ``space_as_plus``; a byte whose isomorph (the code point of the
        same value) is not in the set is kept as that code point; any other byte is
        percent-encoded.
        """
        table = self._byte_table_plus if space_as_plus else self._byte_table
        return data.decode("latin-1").translate(table)

    def __repr__(self) -> str:
        return f"<PercentEncodeSet {self.name}>"


#: The C0 control percent-encode set: the C0 controls and all code points greater than U+007E (~).
C0_CONTROL: Final = PercentEncodeSet("C0 control", C0_CONTROLS)

#: The fragment percent-encode set: the C0 control percent-encode set and U+0020 SPACE,
#: U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`).
FRAGMENT: Final = C0_CONTROL.including("fragment", ' "<>`')

#: The query percent-encode set: the C0 control percent-encode set and U+0020 SPACE, U+0022 ("),
#: U+0023 (#), U+003C (<), and U+003E (>). (Not the fragment set plus something: it lacks "`".)
QUERY: Final = C0_CONTROL.including("query", ' "#<>')

#: The special-query percent-encode set: the query percent-encode set and U+0027 (').
SPECIAL_QUERY: Final = QUERY.including("special-query", "'")

#: The path percent-encode set: the query percent-encode set and U+003F (?), U+005E (^),
#: U+0060 (`), U+007B ({), and U+007D (}).
PATH: Final = QUERY.including("path", "?^`{}")

#: The userinfo percent-encode set: the path percent-encode set and U+002F (/), U+003A (:),
#: U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C (|).
USERINFO: Final = PATH.including("userinfo", "/:;=@[\\]|")

#: The component percent-encode set: the userinfo percent-encode set and U+0024 ($) to
#: U+0026 (&), inclusive, U+002B (+), and U+002C (,). UTF-8 percent-encoding with it gives what
#: JavaScript's encodeURIComponent() gives.
COMPONENT: Final = USERINFO.including("component", "$%&+,")

#: The application/x-www-form-urlencoded percent-encode set: the component percent-encode set and
#: U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and U+007E (~). That is every
#: code point except the ASCII alphanumerics, U+002A (*), U+002D (-), U+002E (.), and U+005F (_).
FORM_URLENCODED: Final = COMPONENT.including("application/x-www-form-urlencoded", "!'()~")


# --- Percent-encode after encoding ---------------------------------------------------------------


def percent_encode_after_encoding(
    encoding: str,
    input: str,
    percent_encode_set: PercentEncodeSet,
    space_as_plus: bool | None = None,
) -> str:
    """Percent-encode after encoding (https://url.spec.whatwg.org/#string-percent-encode-after-encoding).

    ``encoding`` is an encoding name or label of the Encoding Standard ("utf-8", "shift_jis",
    "latin1", ...); raises :class:`LookupError` when it is none. It goes through "get an output
    encoding" first, so UTF-16BE/LE and replacement encode as UTF-8, as everywhere in the web
    platform. ``input`` is meant to be a scalar value string (lone surrogates are encoded as
    U+FFFD). ``space_as_plus`` defaults to what the spec says: true exactly when
    ``percent_encode_set`` is the application/x-www-form-urlencoded percent-encode set.

    A code point the encoding cannot represent is written as ``%26%23`` + its decimal value +
    ``%3B`` (an HTML numeric character reference "&#N;", percent-encoded).
    """
    return percent_encode_after_output_encoding(
        output_encoding_for_label(encoding), input, percent_encode_set, space_as_plus
    )


def percent_encode_after_output_encoding(
    output_encoding: str,
    input: str,
    percent_encode_set: PercentEncodeSet,
    space_as_plus: bool | None = None,
) -> str:
    """:func:`percent_encode_after_encoding` for a caller that already holds the output
    encoding's name (what :func:`urlspec.encoding.output_encoding_for_label` returns), such as
    the URL parser's query state: no label lookup per call."""
    if space_as_plus is None:
        space_as_plus = percent_encode_set is FORM_URLENCODED
    if output_encoding == "utf-8":
        return utf8_percent_encode(input, percent_encode_set, space_as_plus)
    output: list[str] = []
    # Each item is a run of encoded bytes, or the code point that "encode or fail" stopped at.
    for item in encode_or_fail_repeatedly(output_encoding, input):
        if isinstance(item, bytes):
            output.append(percent_encode_set.encode_bytes(item, space_as_plus))
        else:
            output.append(f"%26%23{item}%3B")
    return "".join(output)


def utf8_percent_encode(
    input: str, percent_encode_set: PercentEncodeSet, space_as_plus: bool | None = None
) -> str:
    """UTF-8 percent-encode a string (https://url.spec.whatwg.org/#string-utf-8-percent-encode).

    Percent-encode after encoding with UTF-8, which never fails. ``input`` is returned as is
    when nothing in it is in ``percent_encode_set`` (and, with ``space_as_plus``, it has no
    space), which is the common case.
    """
    if space_as_plus is None:
        space_as_plus = percent_encode_set is FORM_URLENCODED
    if not percent_encode_set.needs_encoding(input) and not (space_as_plus and " " in input):
        return input
    return percent_encode_set.encode_bytes(utf8_encode(input), space_as_plus)


def utf8_percent_encode_code_point(code_point: str, percent_encode_set: PercentEncodeSet) -> str:
    """UTF-8 percent-encode a code point (https://url.spec.whatwg.org/#utf-8-percent-encode).

    The code point itself when it is not in ``percent_encode_set``, else the percent-encoding
    of each byte of its UTF-8 encoding.
    """
    if code_point not in percent_encode_set:
        return code_point
    space_as_plus = percent_encode_set is FORM_URLENCODED
    if code_point < "\x80":  # one byte
        return (
            "+" if space_as_plus and code_point == " " else _PERCENT_ENCODED_BYTES[ord(code_point)]
        )
    return percent_encode_set.encode_bytes(utf8_encode(code_point), space_as_plus)
