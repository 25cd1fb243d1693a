"""Forgiving base64: the Infra Standard's base64 decoding with defined error handling.

Implements https://infra.spec.whatwg.org/#forgiving-base64: "forgiving-base64 decode", which the
``data:`` URL processor (``urlspec.fetch.data_url``) runs on a body marked ``;base64``, and
"forgiving-base64 encode" (RFC 4648 §4 base64).
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

__all__ = ["forgiving_base64_decode", "forgiving_base64_encode"]

#: https://infra.spec.whatwg.org/#ascii-whitespace
_ASCII_WHITESPACE_RE: Final = re.compile("[\t\n\f\r ]+")
#: Step 4: the code points that may remain (U+002B (+), U+002F (/), ASCII alphanumeric).
_BASE64_ALPHABET_ONLY: Final = re.compile("[+/0-9A-Za-z]*")
#: The value of each code point in RFC 4648's "Table 1: The Base 64 Alphabet".
_ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def forgiving_base64_encode(data: bytes) -> str:
    """https://infra.spec.whatwg.org/#forgiving-base64-encode -- RFC 4648 §4 base64."""
    return base64.b64encode(data).decode("ascii")


def forgiving_base64_decode(data: str) -> bytes | None:
    """https://infra.spec.whatwg.org/#forgiving-base64-decode -- the bytes, or None for failure."""
    # 1. Remove all ASCII whitespace from data.
    data = _ASCII_WHITESPACE_RE.sub("", data)
    # 2. If data's length divides by 4, remove one or two trailing "=".
    if len(data) % 4 == 0:
        if data.endswith("=="):
            data = data[:-2]
        elif data.endswith("="):
            data = data[:-1]
    # 3. A remainder of 1 is failure.
    if len(data) % 4 == 1:
        return None
    # 4. Any code point outside the alphabet is failure.
    if _BASE64_ALPHABET_ONLY.fullmatch(data) is None:
        return None
    # 5.-9. Six bits per code point; 12 or 18 bits left over give one or two bytes, their last
    # four or two bits discarded. binascii decodes whole groups of four; the rest is done here.
    whole = len(data) - len(data) % 4
    output = binascii.a2b_base64(data[:whole]) if whole else b""
    rest = data[whole:]
    if rest:
        bits = 0
        for code_point in rest:
            bits = (bits << 6) | _ALPHABET.index(code_point)
        if len(rest) == 2:  # 12 bits: discard the last four
            output += bytes((bits >> 4,))
        else:  # 18 bits: discard the last two
            output += (bits >> 2).to_bytes(2, "big")
    return output
