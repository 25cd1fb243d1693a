"""Code point classes and string conversions that the URL Standard borrows from other standards.

The URL Standard (https://url.spec.whatwg.org/) is written on top of Infra
(https://infra.spec.whatwg.org/), Encoding (https://encoding.spec.whatwg.org/) and Web IDL
(https://webidl.spec.whatwg.org/). This module holds the pieces of those the other modules need:

* the code point classes ("ASCII digit", "C0 control", the URL Standard's own "URL code points",
  ...), each defined once: as a ``frozenset`` of one-character strings (for ``in`` tests on a
  single code point) and, where a whole string is tested at once, as a precompiled regex built
  from that definition;
* the conversion of a Python ``str`` into a *scalar value string*, as Web IDL's ``USVString``
  conversion does (https://webidl.spec.whatwg.org/#es-USVString);
* UTF-8 encode and "UTF-8 decode without BOM" (https://encoding.spec.whatwg.org/#utf-8-encode).

Every name here is the spec's name, in Python spelling.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import Final

__all__ = [
    "ASCII_ALPHA",
    "ASCII_ALPHANUMERIC",
    "ASCII_DIGITS",
    "ASCII_DIGITS_ONLY",
    "ASCII_HEX_DIGITS",
    "ASCII_HEX_DIGITS_ONLY",
    "ASCII_LOWER_ALPHA",
    "ASCII_LOWER_HEX_DIGITS",
    "ASCII_TAB_OR_NEWLINE",
    "ASCII_TAB_OR_NEWLINE_RE",
    "ASCII_UPPER_ALPHA",
    "ASCII_UPPER_HEX_DIGITS",
    "ASCII_WHITESPACE",
    "C0_CONTROLS",
    "C0_CONTROL_OR_SPACE",
    "C0_CONTROL_OR_SPACE_STRING",
    "COMPILED",
    "INVALID_URL_UNIT",
    "NOT_URL_CODE_POINT_OR_PERCENT",
    "PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS",
    "URL_CODE_POINT_ASCII",
    "ascii_lowercase",
    "character_class",
    "remove_ascii_tab_or_newline",
    "to_scalar_value_string",
    "usv_string_argument",
    "utf8_decode_without_bom",
    "utf8_encode",
]


def _running_compiled() -> bool:
    """Whether this module runs compiled by mypyc: its functions are then built-in functions."""
    return type(_running_compiled).__name__ != "function"


#: Whether urlspec's core runs compiled by mypyc (the compiled build, which compiles the core's
#: modules together: setup.py) or as Python source. Not an Infra definition: it is here because
#: every module of the core may import this one, which imports none of them.
COMPILED: Final = _running_compiled()

# --- Infra §4.6 Code points (https://infra.spec.whatwg.org/#code-points) -------------------------

#: An ASCII digit is a code point in the range U+0030 (0) to U+0039 (9), inclusive.
ASCII_DIGITS: Final = frozenset(string.digits)
#: An ASCII upper hex digit is an ASCII digit or a code point in the range U+0041 (A) to U+0046 (F).
ASCII_UPPER_HEX_DIGITS: Final = frozenset(string.digits + "ABCDEF")
#: An ASCII lower hex digit is an ASCII digit or a code point in the range U+0061 (a) to U+0066 (f).
ASCII_LOWER_HEX_DIGITS: Final = frozenset(string.digits + "abcdef")
#: An ASCII hex digit is an ASCII upper hex digit or ASCII lower hex digit.
ASCII_HEX_DIGITS: Final = ASCII_UPPER_HEX_DIGITS | ASCII_LOWER_HEX_DIGITS
#: An ASCII upper alpha is a code point in the range U+0041 (A) to U+005A (Z), inclusive.
ASCII_UPPER_ALPHA: Final = frozenset(string.ascii_uppercase)
#: An ASCII lower alpha is a code point in the range U+0061 (a) to U+007A (z), inclusive.
ASCII_LOWER_ALPHA: Final = frozenset(string.ascii_lowercase)
#: An ASCII alpha is an ASCII upper alpha or ASCII lower alpha.
ASCII_ALPHA: Final = ASCII_UPPER_ALPHA | ASCII_LOWER_ALPHA
#: An ASCII alphanumeric is an ASCII digit or ASCII alpha.
ASCII_ALPHANUMERIC: Final = ASCII_DIGITS | ASCII_ALPHA

#: ASCII whitespace is U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, or U+0020 SPACE.
ASCII_WHITESPACE: Final = frozenset("\t\n\f\r ")
#: An ASCII tab or newline is U+0009 TAB, U+000A LF, or U+000D CR.
ASCII_TAB_OR_NEWLINE: Final = frozenset("\t\n\r")
#: A C0 control is a code point in the range U+0000 NULL to U+001F INFORMATION SEPARATOR ONE.
C0_CONTROLS: Final = frozenset(map(chr, range(0x20)))
#: A C0 control or space is a C0 control or U+0020 SPACE.
C0_CONTROL_OR_SPACE: Final = C0_CONTROLS | {" "}


def character_class(code_points: Iterable[str], negated: bool = False) -> str:
    """A regex character class ("[...]") matching exactly one of ``code_points`` (with
    ``negated``, "[^...]": exactly one code point that is none of them).

    Each class above is defined once, as a set; the regexes that test whole strings are built
    from those sets with this, so that the two can never disagree.
    """
    return f"[{'^' if negated else ''}{''.join(map(re.escape, sorted(code_points)))}]"


#: Helpers for the whole-string steps of the URL parser (one pass in C instead of a loop):
#: the C0 control or space code points as one string, for ``str.strip`` (parser step 1.2); a
#: function that removes every ASCII tab or newline (parser step 3), and a regex that finds each
#: one (for the positions of the validation errors).
C0_CONTROL_OR_SPACE_STRING: Final = "".join(sorted(C0_CONTROL_OR_SPACE))


def remove_ascii_tab_or_newline(value: str) -> str:
    """``value`` without ASCII tab or newline code points (U+0009, U+000A, U+000D).

    Three str.replace calls, which find what to remove with memchr, rather than one str.translate
    with a table, which looks each code point up in a dict (ten times slower on a URL).
    """
    return value.replace("\t", "").replace("\n", "").replace("\r", "")


ASCII_TAB_OR_NEWLINE_RE: Final = re.compile(character_class(ASCII_TAB_OR_NEWLINE))

#: Whole strings of one class, for ``fullmatch`` (both need at least one code point). Note that
#: ``str.isdigit()`` is not a substitute: it accepts non-ASCII digits such as "٣" and "²".
ASCII_DIGITS_ONLY: Final = re.compile(f"{character_class(ASCII_DIGITS)}+")
ASCII_HEX_DIGITS_ONLY: Final = re.compile(f"{character_class(ASCII_HEX_DIGITS)}+")

_ASCII_UPPER_TO_LOWER: Final = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_lowercase(value: str) -> str:
    """ASCII lowercase (https://infra.spec.whatwg.org/#ascii-lowercase).

    Only A-Z change: unlike ``str.lower()``, "İ" (U+0130) and "K" (U+212A KELVIN SIGN) stay.
    """
    if value.isascii():
        return value.lower()
    return value.translate(_ASCII_UPPER_TO_LOWER)


#: A surrogate is a code point in the range U+D800 to U+DFFF, inclusive.
_SURROGATES: Final = (0xD800, 0xDFFF)
#: A noncharacter is a code point in the range U+FDD0 to U+FDEF, inclusive, or U+xFFFE or U+xFFFF
#: in any of the 17 planes (as ranges, in order).
_NONCHARACTERS: Final = (
    (0xFDD0, 0xFDEF),
    *((plane << 16 | 0xFFFE, plane << 16 | 0xFFFF) for plane in range(17)),
)


# --- URL Standard §4.3 URL writing: URL code points (https://url.spec.whatwg.org/#url-code-points)

#: The ASCII part of the URL code points: ASCII alphanumeric, U+0021 (!), U+0024 ($), U+0026 (&),
#: U+0027 ('), U+0028 LEFT PARENTHESIS, U+0029 RIGHT PARENTHESIS, U+002A (*), U+002B (+),
#: U+002C (,), U+002D (-), U+002E (.), U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+003F (?),
#: U+0040 (@), U+005F (_), and U+007E (~).
URL_CODE_POINT_ASCII: Final = ASCII_ALPHANUMERIC | frozenset("!$&'()*+,-./:;=?@_~")


def _not_url_code_point_ranges(except_for: str = "") -> str:
    """The body of a regex character class of the code points that are *not* URL code points
    (leaving out the ASCII code points of ``except_for``).

    URL code points are the ASCII ones above and the code points in the range U+00A0 to
    U+10FFFD, inclusive, excluding surrogates and noncharacters. Their complement is small: the
    other ASCII code points, U+0080 to U+009F, the surrogates and the noncharacters (which
    include U+10FFFE and U+10FFFF). A class of the complement compiles in a fraction of the time
    a negated class of the URL code points takes (``re`` walks every BMP code point of a range).
    """
    other_ascii = frozenset(map(chr, range(0x80))) - URL_CODE_POINT_ASCII - frozenset(except_for)
    ranges = [character_class(other_ascii)[1:-1], "\x80-\x9f"]
    for start, end in (_SURROGATES, *_NONCHARACTERS):
        ranges.append(f"{chr(start)}-{chr(end)}")
    return "".join(ranges)


#: A code point that is not a URL code point and not U+0025 (%); and a U+0025 (%) that is not
#: followed by two ASCII hex digits. Each is an invalid-URL-unit validation error where the
#: parsers check for one (https://url.spec.whatwg.org/#invalid-url-unit); ``INVALID_URL_UNIT``
#: finds both.
NOT_URL_CODE_POINT_OR_PERCENT: Final = re.compile(f"[{_not_url_code_point_ranges(except_for='%')}]")
PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS: Final = re.compile(
    f"%(?!{character_class(ASCII_HEX_DIGITS)}{{2}})"
)
INVALID_URL_UNIT: Final = re.compile(
    f"{NOT_URL_CODE_POINT_OR_PERCENT.pattern}|{PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS.pattern}"
)


# --- Scalar value strings (Infra; Web IDL USVString conversion) ---------------------------------


def to_scalar_value_string(value: str) -> str:
    """Convert ``value`` to a scalar value string, as Web IDL converts a string to a USVString.

    https://webidl.spec.whatwg.org/#dfn-obtain-a-usvstring: the string is read as UTF-16 code
    units; a surrogate pair becomes the code point it encodes, and a lone surrogate becomes
    U+FFFD. A Python ``str`` normally holds no surrogates at all (the fast path), but one made
    with ``surrogatepass``/``surrogateescape`` or ``"\\ud83d"`` literals can.
    """
    if value.isascii():
        return value
    # Whether ``value`` holds a surrogate (U+D800 to U+DFFF): the strict UTF-8 encoder refuses
    # exactly those (they are the only code points that are no scalar values). One C call, and
    # cheaper than a regex search or a loop over the code points, in both builds.
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # Through UTF-16: paired surrogates join into one code point, lone ones become U+FFFD.
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return value


def usv_string_argument(value: object, what: str) -> str:
    """A ``USVString`` argument of an API: ``value`` as a scalar value string.

    Web IDL would stringify anything; a Python API takes str only, so anything else is a
    :class:`TypeError` naming the argument (``what``, e.g. "URLSearchParams name").
    """
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return to_scalar_value_string(value)


# --- Encoding Standard hooks (https://encoding.spec.whatwg.org/#specification-hooks) -------------


def utf8_encode(value: str) -> bytes:
    """UTF-8 encode ``value`` (https://encoding.spec.whatwg.org/#utf-8-encode).

    The input is meant to be a scalar value string; a lone surrogate, should one get here,
    is encoded as U+FFFD would be instead of raising.
    """
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        return to_scalar_value_string(value).encode("utf-8")


def utf8_decode_without_bom(data: bytes) -> str:
    """UTF-8 decode without BOM (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom).

    Errors become U+FFFD, one per maximal subpart of an ill-formed sequence, as the Encoding
    Standard's UTF-8 decoder does; CPython's ``"replace"`` handler follows the same Unicode
    "best practice" for U+FFFD. A leading BOM is kept (that is the "without BOM").
    """
    return data.decode("utf-8", "replace")
