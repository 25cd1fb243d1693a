"""Hosts: the host parser, the IPv4/IPv6/opaque-host parsers and the host serializer.

Implements the URL Standard's §3 "Hosts (domains and IP addresses)":
https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses). Each algorithm below carries the
link of the spec algorithm it follows, and its steps are numbered as the spec numbers them.

A host is returned as a :class:`Host`, a kind and a value: a domain, an opaque host or the empty
host is a ``str``, an IPv4 address an ``int`` and an IPv6 address its eight 16-bit pieces.
Domains go through IDNA (:mod:`urlspec.idna`); an ASCII domain takes its fast path, which neither
loads the IDNA tables nor does per-code-point work in Python.

Every parser takes ``errors`` (a list to append :class:`~urlspec.validation.ValidationError` to,
or ``None`` when the caller does not want them) and ``position`` (where the host starts in the
URL input; errors are reported there). All of them run in time linear in their input.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Final, NamedTuple

from urlspec.infra import (
    ASCII_DIGITS,
    ASCII_HEX_DIGITS,
    C0_CONTROLS,
    COMPILED,
    NOT_URL_CODE_POINT_OR_PERCENT,
    PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS,
    character_class,
    utf8_decode_without_bom,
)
from urlspec.validation import ValidationError

__all__ = [
    "FORBIDDEN_DOMAIN_CODE_POINTS",
    "FORBIDDEN_DOMAIN_CODE_POINT_RE",
    "FORBIDDEN_HOST_CODE_POINTS",
    "FORBIDDEN_HOST_CODE_POINT_RE",
    "Host",
    "HostKind",
    "InvalidHost",
    "ends_in_a_number",
    "parse_host",
    "parse_host_kind_and_value",
    "parse_host_string",
    "parse_ipv4",
    "parse_ipv6",
    "parse_opaque_host",
    "serialize_host",
    "serialize_host_kind_and_value",
]

ErrorList = list[ValidationError] | None


class HostKind(enum.Enum):
    """What a host is (https://url.spec.whatwg.org/#concept-host); NONE stands for a null host."""

    DOMAIN = "domain"
    IPV4 = "ipv4"
    IPV6 = "ipv6"
    OPAQUE = "opaque"
    EMPTY = "empty"
    NONE = "none"


class Host(NamedTuple):
    """A host (https://url.spec.whatwg.org/#concept-host), typed by its kind.

    ``value`` is a ``str`` for a domain, an opaque host and the empty host, an ``int`` (a 32-bit
    unsigned integer) for an IPv4 address and a tuple of eight 16-bit pieces for an IPv6 address.
    """

    kind: HostKind
    value: str | int | tuple[int, ...]


#: A forbidden host code point (https://url.spec.whatwg.org/#forbidden-host-code-point):
#: U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/),
#: U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\),
#: U+005D (]), U+005E (^), or U+007C (|).
FORBIDDEN_HOST_CODE_POINTS: Final = frozenset("\x00\t\n\r #/:<>?@[\\]^|")

#: A forbidden domain code point (https://url.spec.whatwg.org/#forbidden-domain-code-point): a
#: forbidden host code point, a C0 control, U+0025 (%) or U+007F DELETE.
FORBIDDEN_DOMAIN_CODE_POINTS: Final = FORBIDDEN_HOST_CODE_POINTS | C0_CONTROLS | {"%", "\x7f"}

#: One of each set, to search a whole string at once (the domain parser, :mod:`urlspec.idna`,
#: uses the second).
FORBIDDEN_HOST_CODE_POINT_RE: Final = re.compile(character_class(FORBIDDEN_HOST_CODE_POINTS))
FORBIDDEN_DOMAIN_CODE_POINT_RE: Final = re.compile(character_class(FORBIDDEN_DOMAIN_CODE_POINTS))

_PERCENT_ENCODED_BYTE_RE: Final = re.compile(f"%{character_class(ASCII_HEX_DIGITS)}{{2}}")
#: The value of each ASCII code point as a digit (of radix 8, 10 or 16: the IPv4 number parser's
#: step 7 checks it is below the radix), 16 for one that is no hexadecimal digit.
_ASCII_DIGIT_VALUES: Final = bytes(
    int(chr(code_point), 16) if chr(code_point) in ASCII_HEX_DIGITS else 16
    for code_point in range(128)
)
# An IPv4 number never needs to be known beyond 2**32: every number at least that large fails the
# same checks (it is greater than 255 and not less than 256**(5 - size) for any size). Parsing
# stops growing the number there, so that a part of millions of digits costs linear time.
_IPV4_NUMBER_CAP: Final = 2**32


def _error(errors: ErrorList, name: str, position: int) -> None:
    if errors is not None:
        errors.append(ValidationError(name, position))


# --- §3.5 Host parsing --------------------------------------------------------------------------


def parse_host(
    input: str, is_opaque: bool = False, *, errors: ErrorList = None, position: int = 0
) -> Host | None:
    """The host parser (https://url.spec.whatwg.org/#concept-host-parser); None is failure."""
    parsed = parse_host_kind_and_value(input, is_opaque, errors, position)
    return None if parsed is None else Host(parsed[0], parsed[1])


def parse_host_kind_and_value(
    input: str, is_opaque: bool, errors: ErrorList, position: int
) -> tuple[HostKind, str | int | tuple[int, ...]] | None:
    """:func:`parse_host`'s host as a plain tuple (kind, value): what the URL parser, which only
    serializes it, calls (a plain tuple costs less to make than a :class:`Host`)."""
    # 1. An IPv6 address in brackets.
    if input.startswith("["):
        if not input.endswith("]"):
            _error(errors, "IPv6-unclosed", position)
            return None
        address = parse_ipv6(input[1:-1], errors=errors, position=position)
        return None if address is None else (HostKind.IPV6, address)
    # 2. Non-special URLs have opaque hosts.
    if is_opaque:
        opaque = parse_opaque_host(input, errors=errors, position=position)
        if opaque is None:
            return None
        return (HostKind.OPAQUE if opaque else HostKind.EMPTY, opaque)
    # 3. (The input is not empty; if it is, the domain parser fails on it.)
    # 4.-5. Percent-decode, then UTF-8 decode without BOM.
    domain = input
    if "%" in input:
        if errors is not None and _PERCENT_ENCODED_BYTE_RE.search(input):
            errors.append(ValidationError("domain-percent-encoded", position))
        from urlspec.percent_encoding import percent_decode_string  # (rare: loaded when used)

        domain = utf8_decode_without_bom(percent_decode_string(input))
    # 6.-7. The domain parser.
    if errors is None and domain.isascii():
        ascii_domain = _ascii_domain_to_ascii(domain)
        if ascii_domain is None:
            return None
    else:
        domain_to_ascii = _domain_to_ascii()
        try:
            ascii_domain = domain_to_ascii(domain, False, errors=errors, position=position)
        except _invalid_domain:
            return None
    # 8. A domain that ends in a number is an IPv4 address, or failure.
    if ends_in_a_number(ascii_domain):
        ipv4 = parse_ipv4(ascii_domain, errors=errors, position=position)
        return None if ipv4 is None else (HostKind.IPV4, ipv4)
    # 9.
    return (HostKind.DOMAIN, ascii_domain)


def _ascii_domain_to_ascii(domain: str) -> str | None:
    """The domain parser (urlspec.idna.domain_to_ascii) for an ASCII domain with beStrict false
    and no validation errors wanted, or None for failure; tests/test_host.py proves the two
    equal. Without the strict run (steps 1-3), the steps left for an ASCII domain are:
    4.-6. lowercase it, whatever ToASCII would say; 7. fail when it is empty; 8. fail on a
    forbidden domain code point. (No IDNA table is needed, so urlspec.idna is not loaded.)"""
    if COMPILED:
        return _ascii_domain_to_ascii_by_code_points(domain)
    return _ascii_domain_to_ascii_by_regex(domain)


def _ascii_domain_to_ascii_by_regex(domain: str) -> str | None:
    """:func:`_ascii_domain_to_ascii` with a regex search for the forbidden domain code points:
    the pure build's (the search runs in C)."""
    result = domain.lower()  # 4.-6.
    if not result or FORBIDDEN_DOMAIN_CODE_POINT_RE.search(result) is not None:
        return None  # 7.-8.
    return result


#: What an ASCII code point is to a domain (index: the code point): a forbidden domain code point,
#: an uppercase letter (the domain parser lowercases it), or another (read by the loops over
#: code points here and in :mod:`urlspec.idna`'s conversion of a label).
ASCII_DOMAIN_OTHER: Final = 0
ASCII_DOMAIN_UPPERCASE: Final = 1
ASCII_DOMAIN_FORBIDDEN: Final = 2
ASCII_DOMAIN_CODE_POINT_KINDS: Final = bytes(
    ASCII_DOMAIN_FORBIDDEN
    if chr(code_point) in FORBIDDEN_DOMAIN_CODE_POINTS
    else ASCII_DOMAIN_UPPERCASE
    if "A" <= chr(code_point) <= "Z"
    else ASCII_DOMAIN_OTHER
    for code_point in range(0x80)
)


def _ascii_domain_to_ascii_by_code_points(domain: str) -> str | None:
    """:func:`_ascii_domain_to_ascii` by one loop over the code points of the (ASCII) domain,
    which also tells whether there is anything to lowercase: the compiled build's (a regex search
    costs more there than the loop); tests/test_host.py proves the two equal on both builds."""
    if not domain:
        return None  # 7.
    kinds = ASCII_DOMAIN_CODE_POINT_KINDS
    has_uppercase = False
    for index in range(len(domain)):
        kind = kinds[ord(domain[index])]
        if kind == ASCII_DOMAIN_FORBIDDEN:
            return None  # 8.
        if kind == ASCII_DOMAIN_UPPERCASE:
            has_uppercase = True
    return domain.lower() if has_uppercase else domain  # 4.-6.


# The domain parser (urlspec.idna) is loaded on first use: the URL class's fast path needs
# HostKind, not host parsing, so `from urlspec import URL` stays light. The first use keeps what
# it imported here: a function-level import runs the import machinery on every call (about
# 25,000 instructions in the compiled build, more than parsing the host).
_domain_to_ascii_function: Callable[..., str] | None = None
_invalid_domain: type[ValueError] = ValueError  # urlspec.idna.InvalidDomain once loaded


def _domain_to_ascii() -> Callable[..., str]:
    """urlspec.idna.domain_to_ascii, imported on first use (and InvalidDomain with it)."""
    global _domain_to_ascii_function, _invalid_domain
    if _domain_to_ascii_function is None:
        from urlspec.idna import InvalidDomain, domain_to_ascii

        _invalid_domain = InvalidDomain
        _domain_to_ascii_function = domain_to_ascii
    return _domain_to_ascii_function


def ends_in_a_number(input: str) -> bool:
    """The ends in a number checker (https://url.spec.whatwg.org/#ends-in-a-number-checker)."""
    # 1.-3. The last part of the input strictly split on ".", ignoring one trailing empty part.
    end = len(input) - 1 if input.endswith(".") else len(input)
    start = input.rfind(".", 0, end) + 1
    # Both checks below need a first code point that is an ASCII digit (an IPv4 number starts
    # with "0x", "0" or a decimal digit): most domains end in a label that has not, and stop here.
    if start >= end or input[start] not in ASCII_DIGITS:
        return False
    # 5. Parsing last as an IPv4 number does not return failure: as the spec's note says, after
    # step 4 that is "0x" or "0X" followed by zero or more ASCII hex digits (no number is made).
    # (Checked first: such a last part fails step 4 at its "x".)
    if end - start >= 2 and input[start] == "0" and input[start + 1] in "xX":
        return _are_digits(input, start + 2, end, 16)
    # 4. Only ASCII digits.
    return _are_digits(input, start, end, 10)


def _are_digits(input: str, start: int, end: int, radix: int) -> bool:
    """Whether input[start:end] holds only digits of the radix (10 or 16)."""
    values = _ASCII_DIGIT_VALUES
    for index in range(start, end):
        code_point = ord(input[index])
        if code_point >= 128 or values[code_point] >= radix:
            return False
    return True


def parse_ipv4(input: str, *, errors: ErrorList = None, position: int = 0) -> int | None:
    """The IPv4 parser (https://url.spec.whatwg.org/#concept-ipv4-parser); None is failure."""
    # 1.-2. Strictly split on "."; a trailing empty part is dropped. Parts are counted before
    # splitting, so that an input of millions of dots never becomes millions of strings.
    last_part_is_empty = not input or input.endswith(".")
    size = input.count(".") + 1
    if last_part_is_empty:
        _error(errors, "IPv4-empty-part", position)
        if size > 1:
            size -= 1
    # 3.-4.
    if size < 4:
        _error(errors, "IPv4-too-few-parts", position)
    if size > 4:
        _error(errors, "IPv4-too-many-parts", position)
        return None
    # 5.-6. Parse each part (input[start:end], not split off) as an IPv4 number.
    numbers: list[int] = []
    start = 0
    any_out_of_range = False
    for _ in range(size):
        end = input.find(".", start)
        if end < 0:
            end = len(input)
        result = _parse_ipv4_number(input, start, end)
        if result < 0:
            _error(errors, "IPv4-non-numeric-part", position)
            return None
        if result & 1:
            _error(errors, "IPv4-non-decimal-part", position)
        number = result >> 1
        if number > 255:
            any_out_of_range = True
        numbers.append(number)
        start = end + 1
    # 7.-8. Range checks: every part but the last is one byte.
    count = len(numbers)
    if any_out_of_range:
        _error(errors, "IPv4-out-of-range-part", position)
        for counter in range(count - 1):
            if numbers[counter] > 255:
                return None
    # 9. The last part fills the rest: below 256 ** (5 - count), i.e. 2 ** (8 * (5 - count)).
    last = numbers[count - 1]
    if last >= 1 << 8 * (5 - count):
        return None
    # 10.-14. ipv4 is the sum of each number times 256 ** (3 - counter), and the last.
    ipv4 = last
    for counter in range(count - 1):
        ipv4 += numbers[counter] << 8 * (3 - counter)
    return ipv4


def _parse_ipv4_number(input: str, start: int, end: int) -> int:
    """The IPv4 number parser (https://url.spec.whatwg.org/#ipv4-number-parser) on
    input[start:end], by a loop over its code points.

    Returns the pair (number, validationError) packed in one int, number * 2 + validationError
    (the number capped at 2**32), or -1 for failure.
    """
    # 1.
    if start >= end:
        return -1
    # 2.-5. A "0x"/"0X" prefix means hexadecimal, a leading "0" octal.
    validation_error = 0
    radix = 10
    if end - start >= 2 and input[start] == "0" and input[start + 1] in "xX":
        validation_error = 1
        start += 2
        radix = 16
    elif end - start >= 2 and input[start] == "0":
        validation_error = 1
        start += 1
        radix = 8
    # 6.
    if start == end:
        return 1  # (0, true)
    # 7. Failure on a code point that is not a radix-R digit. 8. The number, in radix R.
    values = _ASCII_DIGIT_VALUES
    output = 0
    for index in range(start, end):
        code_point = ord(input[index])
        if code_point >= 128:
            return -1
        digit = values[code_point]
        if digit >= radix:
            return -1
        if output < _IPV4_NUMBER_CAP:
            output = output * radix + digit
    return min(output, _IPV4_NUMBER_CAP) << 1 | validation_error


def parse_ipv6(
    input: str, *, errors: ErrorList = None, position: int = 0
) -> tuple[int, ...] | None:
    """The IPv6 parser (https://url.spec.whatwg.org/#concept-ipv6-parser); None is failure.

    ``input`` is the address without its brackets. Every iteration of the main loop either
    consumes input or fails, and at most eight pieces are read, so the work is bounded.
    """
    length_of_input = len(input)

    def c(pointer: int) -> str:
        """The code point the pointer points to; "" is the EOF code point."""
        return input[pointer] if pointer < length_of_input else ""

    # 1.-4.
    address = [0] * 8
    piece_index = 0
    compress: int | None = None
    pointer = 0
    # 5. A leading "::".
    if c(pointer) == ":":
        if c(pointer + 1) != ":":
            _error(errors, "IPv6-invalid-compression", position)
            return None
        pointer += 2
        piece_index += 1
        compress = piece_index
    # 6.
    while c(pointer) != "":
        # 6.1.
        if piece_index == 8:
            _error(errors, "IPv6-too-many-pieces", position)
            return None
        # 6.2. A "::" compression.
        if c(pointer) == ":":
            if compress is not None:
                _error(errors, "IPv6-multiple-compression", position)
                return None
            pointer += 1
            piece_index += 1
            compress = piece_index
            continue
        # 6.3.-6.4. Up to four hex digits.
        value = length = 0
        while length < 4 and c(pointer) in ASCII_HEX_DIGITS:
            value = value * 0x10 + int(c(pointer), 16)
            pointer += 1
            length += 1
        # 6.5. An IPv4 address in the last two pieces.
        if c(pointer) == ".":
            if length == 0:
                _error(errors, "IPv4-in-IPv6-invalid-code-point", position)
                return None
            pointer -= length
            if piece_index > 6:
                _error(errors, "IPv4-in-IPv6-too-many-pieces", position)
                return None
            piece_index = _parse_ipv4_in_ipv6(
                input, pointer, address, piece_index, errors, position
            )
            if piece_index < 0:
                return None
            break
        # 6.6. A ":" separator, which must not end the input.
        if c(pointer) == ":":
            pointer += 1
            if c(pointer) == "":
                _error(errors, "IPv6-invalid-code-point", position)
                return None
        # 6.7.
        elif c(pointer) != "":
            _error(errors, "IPv6-invalid-code-point", position)
            return None
        # 6.8.
        if length > 1 and value < 0x10 ** (length - 1):
            _error(errors, "IPv6-piece-leading-zero", position)
        # 6.9.-6.10.
        address[piece_index] = value
        piece_index += 1
    # 7. Move the pieces after the compression to the end.
    if compress is not None:
        swaps = piece_index - compress
        piece_index = 7
        while piece_index != 0 and swaps > 0:
            other = compress + swaps - 1
            address[piece_index], address[other] = address[other], address[piece_index]
            piece_index -= 1
            swaps -= 1
    # 8.
    elif piece_index != 8:
        _error(errors, "IPv6-too-few-pieces", position)
        return None
    # 9.
    return tuple(address)


def _parse_ipv4_in_ipv6(
    input: str,
    pointer: int,
    address: list[int],
    piece_index: int,
    errors: ErrorList,
    position: int,
) -> int:
    """Steps 6.5.4-6.5.6 of the IPv6 parser: the dotted IPv4 address that ends an IPv6 address.

    Fills ``address`` from ``piece_index`` on and returns the new piece index, or -1 for failure.
    """
    length_of_input = len(input)

    def c(pointer: int) -> str:
        return input[pointer] if pointer < length_of_input else ""

    numbers_seen = 0
    while c(pointer) != "":
        ipv4_piece: int | None = None
        if numbers_seen > 0:
            if c(pointer) == "." and numbers_seen < 4:
                pointer += 1
            else:
                _error(errors, "IPv4-in-IPv6-invalid-code-point", position)
                return -1
        if c(pointer) not in ASCII_DIGITS:
            _error(errors, "IPv4-in-IPv6-invalid-code-point", position)
            return -1
        while c(pointer) in ASCII_DIGITS:
            number = int(c(pointer))
            if ipv4_piece is None:
                ipv4_piece = number
            elif ipv4_piece == 0:
                _error(errors, "IPv4-in-IPv6-invalid-code-point", position)
                return -1
            else:
                ipv4_piece = ipv4_piece * 10 + number
            if ipv4_piece > 255:
                _error(errors, "IPv4-in-IPv6-out-of-range-part", position)
                return -1
            pointer += 1
        assert ipv4_piece is not None
        address[piece_index] = address[piece_index] * 0x100 + ipv4_piece
        numbers_seen += 1
        if numbers_seen in (2, 4):
            piece_index += 1
    if numbers_seen != 4:
        _error(errors, "IPv4-in-IPv6-too-few-parts", position)
        return -1
    return piece_index


def parse_opaque_host(input: str, *, errors: ErrorList = None, position: int = 0) -> str | None:
    """The opaque-host parser (https://url.spec.whatwg.org/#concept-opaque-host-parser).

    Returns the opaque host (the empty string for empty input), or None for failure.
    """
    # 1.
    if FORBIDDEN_HOST_CODE_POINT_RE.search(input):
        _error(errors, "host-invalid-code-point", position)
        return None
    # 2.-3.
    if errors is not None:
        if NOT_URL_CODE_POINT_OR_PERCENT.search(input):
            errors.append(ValidationError("invalid-URL-unit", position))
        if "%" in input and PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS.search(input):
            errors.append(ValidationError("invalid-URL-unit", position))
    # 4.
    from urlspec.percent_encoding import C0_CONTROL, utf8_percent_encode  # see parse_host

    return utf8_percent_encode(input, C0_CONTROL)


# --- A host given as a string (for the host functions beyond the standard) --------------------


class InvalidHost(ValueError):
    """A string given as a host is not one: the host parser (for a special URL's host) failed.

    ``errors`` holds the validation errors met; the last one names the failure.
    """

    def __init__(self, host: str, errors: list[ValidationError]) -> None:
        self.host = host
        self.errors = errors
        reason = errors[-1].description if errors else "not a host"
        if "://" in host:
            # A URL where a host was wanted (registrable_domain("https://example.com/x")).
            reason = (
                "a URL, not a host: give its host (URL(url).hostname), or ask the URL itself "
                "(URL(url).registrable_domain, .public_suffix, .address_class)"
            )
        elif "/" in host:  # (a forbidden host code point)
            reason = "a host has no '/': give the host alone, without a path"
        elif ":" in host and not host.startswith("["):
            reason += " (a port is not part of a host; an IPv6 address must be valid)"
        super().__init__(f"invalid host {host!r}: {reason}")

    def __reduce__(self) -> tuple[type[InvalidHost], tuple[str, list[ValidationError]]]:
        return (InvalidHost, (self.host, self.errors))


def parse_host_string(host: object) -> Host:
    """The host a special URL would have for the host written ``host`` (any case, Unicode or
    A-labels, an IPv4 address in any spelling the URL parser accepts, an IPv6 address with or
    without its brackets), or the empty host for the empty string.

    Raises :class:`InvalidHost` when the host parser fails, :class:`TypeError` for a non-str
    (``host`` is typed ``object`` so that the compiled build raises the same TypeError).
    """
    if not isinstance(host, str):
        raise TypeError(f"host must be a str, not {type(host).__name__}")
    if host == "":
        return Host(HostKind.EMPTY, "")
    if ":" in host and not host.startswith("["):
        # An IPv6 address without its brackets (this library's extension).
        address = parse_ipv6(host)
        if address is not None:
            return Host(HostKind.IPV6, address)
    errors: list[ValidationError] = []
    parsed = parse_host(host, errors=errors)
    if parsed is None:
        raise InvalidHost(host, errors)
    return parsed


# --- §3.6 Host serializing ----------------------------------------------------------------------


def serialize_host(host: Host) -> str:
    """The host serializer (https://url.spec.whatwg.org/#concept-host-serializer)."""
    return serialize_host_kind_and_value(host.kind, host.value)


def serialize_host_kind_and_value(kind: HostKind, value: str | int | tuple[int, ...]) -> str:
    """:func:`serialize_host` for a host given as its kind and value."""
    if kind is HostKind.IPV4:
        assert isinstance(value, int)
        return serialize_ipv4(value)
    if kind is HostKind.IPV6:
        assert isinstance(value, tuple)
        return f"[{serialize_ipv6(value)}]"
    assert isinstance(value, str)
    return value


def serialize_ipv4(address: int) -> str:
    """The IPv4 serializer (https://url.spec.whatwg.org/#concept-ipv4-serializer)."""
    decimal = _DECIMAL
    return (
        f"{decimal[address >> 24]}.{decimal[address >> 16 & 0xFF]}."
        f"{decimal[address >> 8 & 0xFF]}.{decimal[address & 0xFF]}"
    )


# Each byte serialized as the shortest decimal number (index: the byte).
_DECIMAL: Final = tuple(str(byte) for byte in range(256))


def serialize_ipv6(address: tuple[int, ...]) -> str:
    """The IPv6 serializer (https://url.spec.whatwg.org/#concept-ipv6-serializer)."""
    output: list[str] = []
    compress = find_the_ipv6_address_compressed_piece_index(address)
    ignore0 = False
    for piece_index, piece in enumerate(address):
        if ignore0 and piece == 0:
            continue
        ignore0 = False
        if compress == piece_index:
            output.append("::" if piece_index == 0 else ":")
            ignore0 = True
            continue
        output.append(f"{piece:x}")
        if piece_index != 7:
            output.append(":")
    return "".join(output)


def find_the_ipv6_address_compressed_piece_index(address: tuple[int, ...]) -> int | None:
    """https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index

    The start of the first longest run of two or more zero pieces, or None.
    """
    longest_index: int | None = None
    longest_size = 1
    found_index: int | None = None
    found_size = 0
    for piece_index, piece in enumerate(address):
        if piece != 0:
            if found_size > longest_size:
                longest_index = found_index
                longest_size = found_size
            found_index = None
            found_size = 0
        else:
            if found_index is None:
                found_index = piece_index
            found_size += 1
    if found_size > longest_size:
        return found_index
    return longest_index
