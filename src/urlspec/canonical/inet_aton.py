"""IPv4 addresses in the numbers-and-dots notation of BSD's ``inet_aton``.

Both legacy canonicalizations read hosts this way: Safe Browsing ("If the hostname can be parsed
as an IPv4 address, normalize it to 4 dot-separated decimal values. The client should handle any
legal IP-address encoding, including octal, hex, and fewer than four components.") and the
Internet Archive's (which hands such hosts to the C library's resolver, whose ``inet_aton``
reads them).

The notation (the ``inet_aton(3)`` manual page): one to four parts separated by dots; each part
is a number, hexadecimal after ``0x`` or ``0X``, octal after a leading ``0``, decimal otherwise;
with four parts each is one byte; with fewer, the last part fills all the bytes left (``a.b.c``:
``c`` is 16 bits; ``a.b``: ``b`` is 24 bits; ``a``: 32 bits).
"""

from __future__ import annotations

from typing import Final

__all__ = ["format_ipv4", "parse_inet_aton"]

_OCTAL_DIGITS: Final = frozenset("01234567")
_DECIMAL_DIGITS: Final = frozenset("0123456789")
_HEX_DIGITS: Final = frozenset("0123456789abcdefABCDEF")


def _parse_part(part: str) -> int | None:
    """The value of one part, or None when it is not a number in the notation."""
    if part[:2] in ("0x", "0X"):
        digits = part[2:]
        if not digits or not _HEX_DIGITS.issuperset(digits):
            return None
        return int(digits, 16)
    if not part or not _DECIMAL_DIGITS.issuperset(part):
        return None
    if part[0] == "0":
        return int(part, 8) if _OCTAL_DIGITS.issuperset(part) else None
    return int(part)


def parse_inet_aton(host: str) -> int | None:
    """The address ``host`` denotes as a 32-bit number, or None when it is not one."""
    parts = host.split(".")
    if len(parts) > 4:
        return None
    values: list[int] = []
    for part in parts:
        value = _parse_part(part)
        if value is None:
            return None
        values.append(value)
    *leading, last = values
    if any(value > 255 for value in leading):
        return None
    if last >= 1 << (8 * (4 - len(leading))):
        return None
    address = last
    for index, value in enumerate(leading):
        address |= value << (8 * (3 - index))
    return address


def format_ipv4(address: int) -> str:
    """A 32-bit address as four dot-separated decimal bytes."""
    return ".".join(str((address >> shift) & 0xFF) for shift in (24, 16, 8, 0))
