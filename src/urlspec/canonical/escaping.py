"""Percent-escaping as the legacy canonicalizers do it: unescape until nothing changes, then
escape once.

Google Safe Browsing's canonicalization ("URLs and Hashing": "repeatedly percent-unescape the URL
until it has no more percent-escapes", then "percent-escape all characters that are <= ASCII 32,
>= 127, '#', or '%'", in upper-case hex) and the Internet Archive's (its GoogleURLCanonicalizer,
the same steps) both work on bytes: an escape may stand for any byte, UTF-8 or not.

Unescaping repeatedly, pass after pass, takes quadratic time on inputs such as ``%252525...``
(each pass removes one level). :func:`unescape_repeatedly` makes a few passes (most inputs are
settled by the first), then computes the same fixed point in one left-to-right pass: every time
the bytes written so far end in ``%XX`` (two hex digits), the three become the byte they stand
for, which may complete an earlier ``%X`` in turn. Each such step shortens the output by two
bytes, so the work is linear. (The fixed point does not depend on the order escapes are decoded
in; tests compare both ways on generated inputs.)

A pass is the URL Standard's percent-decode (:func:`urlspec.percent_encoding.percent_decode`):
every ``%XX`` decoded once, left to right.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.percent_encoding import percent_decode

__all__ = ["escape_once", "unescape_repeatedly"]

_HEX_VALUES: Final = {ord(c): int(c, 16) for c in "0123456789abcdefABCDEF"}
_PERCENT: Final = 0x25
#: Bytes that ``escape_once`` escapes: <= 0x20, >= 0x7F, '#' and '%'.
_TO_ESCAPE_RE: Final = re.compile(rb"[\x00-\x20#%\x7f-\xff]")
#: Each byte as ``escape_once`` writes it.
_ESCAPED: Final = tuple(
    f"%{byte:02X}" if byte <= 0x20 or byte >= 0x7F or byte in b"#%" else chr(byte)
    for byte in range(256)
)
#: How many quick passes are tried before the linear algorithm takes over.
_QUICK_PASSES: Final = 3


def unescape_repeatedly(data: bytes) -> bytes:
    """``data`` percent-decoded again and again until no ``%XX`` escape is left."""
    if _PERCENT not in data:
        return data
    for _ in range(_QUICK_PASSES):
        decoded = percent_decode(data)
        if len(decoded) == len(data):  # (each escape decoded shortens it by two bytes)
            return data
        if _PERCENT not in decoded:
            return decoded
        data = decoded
    return _unescape_in_one_pass(data)


def _unescape_in_one_pass(data: bytes) -> bytes:
    """The fixed point of repeated percent-decoding, in linear time (see the module docstring)."""
    out = bytearray()
    hex_values = _HEX_VALUES
    for byte in data:
        out.append(byte)
        while (
            len(out) >= 3
            and out[-3] == _PERCENT
            and out[-2] in hex_values
            and out[-1] in hex_values
        ):
            value = hex_values[out[-2]] * 16 + hex_values[out[-1]]
            del out[-3:]
            out.append(value)
    return bytes(out)


def escape_once(data: bytes) -> str:
    """``data`` with every byte <= 0x20 or >= 0x7F, and '#' and '%', percent-escaped (upper case).

    Every other byte is printable ASCII and stays as it is, so the result is ASCII text.
    """
    if _TO_ESCAPE_RE.search(data) is None:
        return data.decode("ascii")
    # The runs of bytes that stay, decoded at once, between the escapes.
    escaped = _ESCAPED
    parts: list[str] = []
    start = 0
    for index, byte in enumerate(data):
        if byte <= 0x20 or byte >= 0x7F or byte == 0x23 or byte == 0x25:  # "#", "%"
            if start < index:
                parts.append(data[start:index].decode("ascii"))
            parts.append(escaped[byte])
            start = index + 1
    parts.append(data[start:].decode("ascii"))
    return "".join(parts)
