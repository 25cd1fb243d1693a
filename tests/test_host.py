"""Tests for urlspec.host: the host parser and serializer (URL Standard §3).

Expected values come from the spec: its example tables (host parsing, the IPv6 serializer
example), the examples in its table of validation errors, and the steps of the IPv4 and IPv6
parsers worked by hand. WPT's toascii.json runs through the URL class as WPT runs it, and
through the host parser alone.
"""

from __future__ import annotations

import ipaddress
import itertools
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, dataset_path, iter_corpus, require_wpt_entry, wpt_params

from bench import messy
from urlspec import InvalidURL
from urlspec import host as host_module
from urlspec.host import (
    FORBIDDEN_DOMAIN_CODE_POINT_RE,
    FORBIDDEN_DOMAIN_CODE_POINTS,
    FORBIDDEN_HOST_CODE_POINT_RE,
    FORBIDDEN_HOST_CODE_POINTS,
    Host,
    HostKind,
    ends_in_a_number,
    find_the_ipv6_address_compressed_piece_index,
    parse_host,
    parse_ipv4,
    parse_ipv6,
    parse_opaque_host,
    serialize_host,
    serialize_ipv4,
)
from urlspec.idna import InvalidDomain, domain_to_ascii
from urlspec.url import URL
from urlspec.validation import ValidationError


def parse_and_serialize(input: str, is_opaque: bool = False) -> tuple[str | None, list[str]]:
    """The serialized host (None for failure) and the names of the validation errors met."""
    errors: list[ValidationError] = []
    host = parse_host(input, is_opaque, errors=errors)
    return (None if host is None else serialize_host(host)), [error.name for error in errors]


# --- The spec's host parsing example table (https://url.spec.whatwg.org/#example-host-parsing) --

SPEC_EXAMPLE_TABLE = [
    # (input, output with isOpaque false, output with isOpaque true); None is failure
    ("EXAMPLE.COM", "example.com", "EXAMPLE.COM"),
    ("example%2Ecom", "example.com", "example%2Ecom"),
    ("faß.example", "xn--fa-hia.example", "fa%C3%9F.example"),
    ("0", "0.0.0.0", "0"),
    ("%30", "0.0.0.0", "%30"),
    ("0x", "0.0.0.0", "0x"),
    ("0xffffffff", "255.255.255.255", "0xffffffff"),
    ("[0:0::1]", "[::1]", "[::1]"),
    ("[0:0::1%5D", None, None),
    ("[0:0::%31]", None, None),
    ("09", None, "09"),
    ("example.255", None, "example.255"),
    ("example^example", None, None),
]


@pytest.mark.parametrize(("input", "special", "opaque"), SPEC_EXAMPLE_TABLE)
def test_spec_host_parsing_example_table(
    input: str, special: str | None, opaque: str | None
) -> None:
    assert parse_and_serialize(input)[0] == special
    assert parse_and_serialize(input, is_opaque=True)[0] == opaque


def test_host_kinds() -> None:
    assert parse_host("example.com") == Host(HostKind.DOMAIN, "example.com")
    assert parse_host("1.2.3.4") == Host(HostKind.IPV4, 0x01020304)
    assert parse_host("[::1]") == Host(HostKind.IPV6, (0, 0, 0, 0, 0, 0, 0, 1))
    assert parse_host("EX", is_opaque=True) == Host(HostKind.OPAQUE, "EX")
    assert parse_host("", is_opaque=True) == Host(HostKind.EMPTY, "")
    assert parse_host("[::1]", is_opaque=True) == Host(HostKind.IPV6, (0, 0, 0, 0, 0, 0, 0, 1))


def test_empty_domain_is_failure() -> None:
    # The URL parser never passes the empty string (step 3 asserts it); the domain parser
    # fails on it, so the host parser does too, rather than crash.
    assert parse_host("") is None


# --- Domains ------------------------------------------------------------------------------------

DOMAIN_CASES = [
    # (input, serialized host or None, validation errors)
    ("EXAMPLE.COM", "example.com", []),
    ("example%2Ecom", "example.com", ["domain-percent-encoded"]),
    ("%41.com", "a.com", ["domain-percent-encoded"]),
    # percent-decoded to "exa#mple.org": the spec's example of domain-to-ASCII
    ("exa%23mple.org", None, ["domain-percent-encoded", "domain-to-ASCII"]),
    ("example^example", None, ["domain-to-ASCII"]),
    # "%2" is not a percent-encoded byte; the "%" left is a forbidden domain code point
    ("a%2", None, ["domain-to-ASCII"]),
    # %FF is not UTF-8: it decodes to U+FFFD, which IDNA disallows
    ("%ff.com", None, ["domain-percent-encoded", "domain-to-ASCII"]),
    ("a b", None, ["domain-to-ASCII"]),
    ("faß.example", "xn--fa-hia.example", []),
    ("☃.net", "xn--n3h.net", []),
    # ASCII domains are only lowercased, even when strict ToASCII fails (web compatibility)
    ("xn--a", "xn--a", ["domain-to-ASCII"]),
    ("XN--A.com", "xn--a.com", ["domain-to-ASCII"]),
    ("x_y.com", "x_y.com", ["domain-to-ASCII"]),
    ("a..b", "a..b", ["domain-to-ASCII"]),
    ("-x.com", "-x.com", ["domain-to-ASCII"]),
    (".", ".", ["domain-to-ASCII"]),
    # ... but not a non-ASCII one whose ToASCII fails
    ("xn--a.ß", None, ["domain-to-ASCII"]),
    ("\u200d.example", None, ["domain-to-ASCII"]),
    # IDNA maps full stops and fullwidth forms
    ("example\u3002com", "example.com", []),
    ("ＥＸＡＭＰＬＥ.com", "example.com", []),
]


@pytest.mark.parametrize(("input", "output", "errors"), DOMAIN_CASES)
def test_domains(input: str, output: str | None, errors: list[str]) -> None:
    assert parse_and_serialize(input) == (output, errors)


def test_errors_are_reported_at_the_position_given() -> None:
    errors: list[ValidationError] = []
    assert parse_host("x%41_y", errors=errors, position=8) == Host(HostKind.DOMAIN, "xa_y")
    assert errors == [
        ValidationError("domain-percent-encoded", 8),
        ValidationError("domain-to-ASCII", 8),
    ]


def test_no_errors_list_means_no_error_work() -> None:
    # Same results whether or not errors are collected.
    for input, output, _errors in DOMAIN_CASES + IPV4_CASES + IPV6_CASES:
        host = parse_host(input)
        assert (None if host is None else serialize_host(host)) == output


# --- IPv4 ---------------------------------------------------------------------------------------

IPV4_CASES = [
    # (input, serialized host or None, validation errors), worked through the IPv4 parser
    ("127.0.0.1", "127.0.0.1", []),
    ("127.0.0.1.", "127.0.0.1", ["domain-to-ASCII", "IPv4-empty-part"]),
    ("1.2.3", "1.2.0.3", ["IPv4-too-few-parts"]),
    ("1.2.65535", "1.2.255.255", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("1.16777215", "1.255.255.255", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("2130706433", "127.0.0.1", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("0x7f.1", "127.0.0.1", ["IPv4-too-few-parts", "IPv4-non-decimal-part"]),
    ("0X7F.0.0.1", "127.0.0.1", ["IPv4-non-decimal-part"]),
    ("0177.0.0.1", "127.0.0.1", ["IPv4-non-decimal-part"]),
    ("127.0.0x0.1", "127.0.0.1", ["IPv4-non-decimal-part"]),
    ("0x.0x.0x.0x", "0.0.0.0", ["IPv4-non-decimal-part"] * 4),
    ("00.00.00.00", "0.0.0.0", ["IPv4-non-decimal-part"] * 4),
    ("0", "0.0.0.0", ["IPv4-too-few-parts"]),
    ("0x", "0.0.0.0", ["IPv4-too-few-parts", "IPv4-non-decimal-part"]),
    (
        "0xffffffff",
        "255.255.255.255",
        ["IPv4-too-few-parts", "IPv4-non-decimal-part", "IPv4-out-of-range-part"],
    ),
    ("4294967295", "255.255.255.255", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("4294967296", None, ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    (
        "0x100000000",
        None,
        ["IPv4-too-few-parts", "IPv4-non-decimal-part", "IPv4-out-of-range-part"],
    ),
    ("1.2.3.4.5", None, ["IPv4-too-many-parts"]),
    ("1.2.3.4.5.", None, ["domain-to-ASCII", "IPv4-empty-part", "IPv4-too-many-parts"]),
    ("test.42", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("example.255", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("09", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("1.2.3.08", None, ["IPv4-non-numeric-part"]),
    ("0x1g.1", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("1..2.3", None, ["domain-to-ASCII", "IPv4-non-numeric-part"]),
    ("255.255.4000.1", None, ["IPv4-out-of-range-part"]),
    ("256.1.1.1", None, ["IPv4-out-of-range-part"]),
    ("1.2.3.256", None, ["IPv4-out-of-range-part"]),
    ("0x100.1.1.1", None, ["IPv4-non-decimal-part", "IPv4-out-of-range-part"]),
    # IDNA maps fullwidth digits and the ideographic full stop before the IPv4 parser runs
    ("１２７\u30020.0.1", "127.0.0.1", []),
    # not a number: a domain
    ("1.2.3.a", "1.2.3.a", []),
    ("0x1g", "0x1g", []),
    # long parts stay linear and exact
    (
        "0" * 1000 + "1",
        "0.0.0.1",
        ["domain-to-ASCII", "IPv4-too-few-parts", "IPv4-non-decimal-part"],
    ),
    (
        "0x" + "0" * 1000 + "ff",
        "0.0.0.255",
        ["domain-to-ASCII", "IPv4-too-few-parts", "IPv4-non-decimal-part"],
    ),
    ("1" * 1000, None, ["domain-to-ASCII", "IPv4-too-few-parts", "IPv4-out-of-range-part"]),
]


@pytest.mark.parametrize(("input", "output", "errors"), IPV4_CASES)
def test_ipv4(input: str, output: str | None, errors: list[str]) -> None:
    assert parse_and_serialize(input) == (output, errors)


def test_ipv4_parser_values() -> None:
    assert parse_ipv4("127.0.0.1") == 0x7F000001
    assert parse_ipv4("0xffffffff") == 0xFFFFFFFF
    assert parse_ipv4("1.2.3.4.") == 0x01020304
    assert parse_ipv4("1.2.3.4.5") is None


@pytest.mark.parametrize(
    ("input", "expected"),
    [
        ("0", True),
        ("1.2.3.4", True),
        ("1.2.3.4.", True),
        ("example.255", True),
        ("foo.09", True),
        ("0x", True),
        ("a.0X", True),
        ("a.0xfF", True),
        ("a.0x1g", False),
        ("example.com", False),
        ("255.example", False),
        (".", False),
        ("1..", False),
        ("a.", False),
        ("x", False),
        ("٣", False),  # only ASCII digits count
    ],
)
def test_ends_in_a_number(input: str, expected: bool) -> None:
    assert ends_in_a_number(input) is expected


# --- IPv6 ---------------------------------------------------------------------------------------

IPV6_CASES = [
    # (input, serialized host or None, validation errors)
    ("[0:0::1]", "[::1]", []),
    ("[::1]", "[::1]", []),
    ("[::]", "[::]", []),
    ("[0:0:0:0:0:0:0:0]", "[::]", []),
    ("[1::]", "[1::]", []),
    ("[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8]", []),
    ("[FFFF::AbCd]", "[ffff::abcd]", []),
    ("[0:f:0:0:f:f:0:0]", "[0:f::f:f:0:0]", []),  # the spec's serializer example
    ("[1:0:0:2:0:0:0:3]", "[1:0:0:2::3]", []),
    ("[1:0:0:2:0:0:3:4]", "[1::2:0:0:3:4]", []),
    ("[1:0:2:3:4:5:6:7]", "[1:0:2:3:4:5:6:7]", []),
    ("[::127.0.0.1]", "[::7f00:1]", []),
    ("[::ffff:192.168.0.1]", "[::ffff:c0a8:1]", []),
    ("[1:2:3:4:5:6:1.2.3.4]", "[1:2:3:4:5:6:102:304]", []),
    ("[a:b:c:d:e:f:0.0.0.0]", "[a:b:c:d:e:f::]", []),
    ("[::01]", "[::1]", ["IPv6-piece-leading-zero"]),
    ("[0000::1]", "[::1]", ["IPv6-piece-leading-zero"]),
    # the examples of the spec's table of validation errors
    ("[::1", None, ["IPv6-unclosed"]),
    ("[", None, ["IPv6-unclosed"]),
    ("[0:0::1%5D", None, ["IPv6-unclosed"]),
    ("[:1]", None, ["IPv6-invalid-compression"]),
    ("[1:2:3:4:5:6:7:8:9]", None, ["IPv6-too-many-pieces"]),
    ("[1::1::1]", None, ["IPv6-multiple-compression"]),
    ("[1:2:3!:4]", None, ["IPv6-invalid-code-point"]),
    ("[1:2:3:]", None, ["IPv6-invalid-code-point"]),
    ("[0:0::%31]", None, ["IPv6-invalid-code-point"]),
    ("[12345::]", None, ["IPv6-invalid-code-point"]),
    ("[1:2:3]", None, ["IPv6-too-few-pieces"]),
    ("[]", None, ["IPv6-too-few-pieces"]),
    ("[1:1:1:1:1:1:1:127.0.0.1]", None, ["IPv4-in-IPv6-too-many-pieces"]),
    ("[ffff::.0.0.1]", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("[ffff::127.0.xyz.1]", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("[ffff::127.0xyz]", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("[ffff::127.00.0.1]", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("[ffff::127.0.0.1.2]", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("[ffff::127.0.0.4000]", None, ["IPv4-in-IPv6-out-of-range-part"]),
    ("[ffff::127.0.0]", None, ["IPv4-in-IPv6-too-few-parts"]),
]


@pytest.mark.parametrize(("input", "output", "errors"), IPV6_CASES)
def test_ipv6(input: str, output: str | None, errors: list[str]) -> None:
    assert parse_and_serialize(input) == (output, errors)
    assert parse_and_serialize(input, is_opaque=True) == (output, errors)


def test_ipv6_parser_values() -> None:
    assert parse_ipv6("1:2::3") == (1, 2, 0, 0, 0, 0, 0, 3)
    assert parse_ipv6("::ffff:1.2.3.4") == (0, 0, 0, 0, 0, 0xFFFF, 0x0102, 0x0304)
    assert parse_ipv6("1:2") is None


# --- Host serializer ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "compress", "serialized"),
    [
        ((0, 0xF, 0, 0, 0xF, 0xF, 0, 0), 2, "[0:f::f:f:0:0]"),  # the spec's example
        ((0, 0, 0, 0, 0, 0, 0, 0), 0, "[::]"),
        ((0, 0, 0, 0, 0, 0, 0, 1), 0, "[::1]"),
        ((1, 0, 0, 0, 0, 0, 0, 0), 1, "[1::]"),
        ((1, 0, 2, 3, 4, 5, 6, 7), None, "[1:0:2:3:4:5:6:7]"),  # a lone 0 is not compressed
        ((1, 0, 0, 2, 0, 0, 3, 4), 1, "[1::2:0:0:3:4]"),  # the first of equally long runs
        ((1, 0, 0, 2, 0, 0, 0, 3), 4, "[1:0:0:2::3]"),  # the longest run
        ((0xABCD, 0xEF01, 0, 0, 0, 0, 0, 0xFFFF), 2, "[abcd:ef01::ffff]"),  # lowercase
    ],
)
def test_ipv6_serializer(pieces: tuple[int, ...], compress: int | None, serialized: str) -> None:
    assert find_the_ipv6_address_compressed_piece_index(pieces) == compress
    assert serialize_host(Host(HostKind.IPV6, pieces)) == serialized


@pytest.mark.parametrize(
    ("address", "serialized"),
    [(0, "0.0.0.0"), (0x7F000001, "127.0.0.1"), (0xFFFFFFFF, "255.255.255.255"), (256, "0.0.1.0")],
)
def test_ipv4_serializer(address: int, serialized: str) -> None:
    assert serialize_host(Host(HostKind.IPV4, address)) == serialized


def test_ipv4_serializer_equals_cpython_on_every_byte_in_every_position() -> None:
    for byte in range(256):
        for shift in (0, 8, 16, 24):
            for address in (byte << shift, byte << shift | 0x01010101 & ~(0xFF << shift)):
                assert serialize_ipv4(address) == str(ipaddress.IPv4Address(address))


def test_other_hosts_serialize_as_themselves() -> None:
    assert serialize_host(Host(HostKind.DOMAIN, "example.com")) == "example.com"
    assert serialize_host(Host(HostKind.OPAQUE, "EX%20")) == "EX%20"
    assert serialize_host(Host(HostKind.EMPTY, "")) == ""


# --- Opaque hosts -------------------------------------------------------------------------------

OPAQUE_CASES = [
    # (input, opaque host or None, validation errors)
    ("EXAMPLE.COM", "EXAMPLE.COM", []),
    ("example%2Ecom", "example%2Ecom", []),
    ("faß.example", "fa%C3%9F.example", []),
    ("exa[mple.org", None, ["host-invalid-code-point"]),  # the spec's example
    ("example^example", None, ["host-invalid-code-point"]),
    ("a b", None, ["host-invalid-code-point"]),
    ("a\x00b", None, ["host-invalid-code-point"]),
    ("a|b", None, ["host-invalid-code-point"]),
    ("a%zz", "a%zz", ["invalid-URL-unit"]),
    ("%", "%", ["invalid-URL-unit"]),
    ("a%4", "a%4", ["invalid-URL-unit"]),
    ("a`b", "a`b", ["invalid-URL-unit"]),
    ("a{b}", "a{b}", ["invalid-URL-unit"]),
    ("a\x01b", "a%01b", ["invalid-URL-unit"]),
    ("\x7f", "%7F", ["invalid-URL-unit"]),
    ("\ufdd0", "%EF%B7%90", ["invalid-URL-unit"]),
    ("\U0010ffff", "%F4%8F%BF%BF", ["invalid-URL-unit"]),
    ("a`%zz", "a`%zz", ["invalid-URL-unit", "invalid-URL-unit"]),
    ("\u00a0", "%C2%A0", []),
    ("!$&'()*+,-.;=_~", "!$&'()*+,-.;=_~", []),
    ("", "", []),
]


@pytest.mark.parametrize(("input", "output", "errors"), OPAQUE_CASES)
def test_opaque_host_parser(input: str, output: str | None, errors: list[str]) -> None:
    found: list[ValidationError] = []
    assert parse_opaque_host(input, errors=found, position=3) == output
    assert found == [ValidationError(name, 3) for name in errors]
    assert parse_opaque_host(input) == output


# --- Forbidden code points ----------------------------------------------------------------------


def test_forbidden_host_code_points() -> None:
    # https://url.spec.whatwg.org/#forbidden-host-code-point, as the spec lists them
    listed = [0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40]
    listed += [0x5B, 0x5C, 0x5D, 0x5E, 0x7C]
    assert {chr(code_point) for code_point in listed} == FORBIDDEN_HOST_CODE_POINTS


def test_forbidden_domain_code_points() -> None:
    # a forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE
    c0_controls = {chr(code_point) for code_point in range(0x00, 0x20)}
    expected = FORBIDDEN_HOST_CODE_POINTS | c0_controls | {"%", "\x7f"}
    assert expected == FORBIDDEN_DOMAIN_CODE_POINTS
    for code_point in map(chr, range(0x80)):
        host = parse_host(f"a{code_point}b")
        if code_point in FORBIDDEN_DOMAIN_CODE_POINTS or code_point == ".":
            if code_point == ".":
                assert host == Host(HostKind.DOMAIN, "a.b")
            else:
                assert host is None, repr(code_point)
        else:
            assert host == Host(HostKind.DOMAIN, f"a{code_point.lower()}b"), repr(code_point)


def test_forbidden_code_point_regexes_match_exactly_the_sets() -> None:
    for code_point in map(chr, range(0x800)):
        found = FORBIDDEN_HOST_CODE_POINT_RE.fullmatch(code_point) is not None
        assert found is (code_point in FORBIDDEN_HOST_CODE_POINTS), repr(code_point)
        found = FORBIDDEN_DOMAIN_CODE_POINT_RE.fullmatch(code_point) is not None
        assert found is (code_point in FORBIDDEN_DOMAIN_CODE_POINTS), repr(code_point)


@pytest.mark.parametrize("code_point", sorted(FORBIDDEN_DOMAIN_CODE_POINTS))
def test_domain_to_ascii_rejects_forbidden_domain_code_points(code_point: str) -> None:
    # The domain parser's step 8 (its ASCII path maps nothing away, so each one reaches it).
    with pytest.raises(InvalidDomain):
        domain_to_ascii(f"a{code_point}b")


@pytest.mark.parametrize("code_point", sorted(FORBIDDEN_HOST_CODE_POINTS))
def test_forbidden_host_code_points_fail_opaque_hosts(code_point: str) -> None:
    errors: list[ValidationError] = []
    assert parse_host(f"a{code_point}b", is_opaque=True, errors=errors) is None
    assert errors == [ValidationError("host-invalid-code-point", 0)]


# --- WPT toascii.json -----------------------------------------------------------------------

TOASCII = "toascii.json"


@pytest.mark.parametrize("entry", wpt_params(TOASCII))
def test_wpt_toascii(entry: dict[str, Any] | None) -> None:
    """WPT's toascii.any.js: ``new URL("https://" + input + "/x")`` throws when output is null;
    else its host and hostname are the output, its pathname "/x" and its href
    "https://" + output + "/x"."""
    entry = require_wpt_entry(entry, TOASCII)
    input, output = entry["input"], entry["output"]
    if output is None:
        with pytest.raises(InvalidURL):
            URL(f"https://{input}/x")
        return
    url = URL(f"https://{input}/x")
    assert (url.host, url.hostname, url.pathname) == (output, output, "/x")
    assert url.href == f"https://{output}/x"


@pytest.mark.parametrize("setter", ["host", "hostname"])
@pytest.mark.parametrize("entry", wpt_params(TOASCII))
def test_wpt_toascii_setters(entry: dict[str, Any] | None, setter: str) -> None:
    """WPT's toascii.any.js, second part: setting host or hostname of https://x/x to the input
    gives the output, or leaves "x" when the output is null (the setter fails silently)."""
    entry = require_wpt_entry(entry, TOASCII)
    input, output = entry["input"], entry["output"]
    url = URL("https://x/x").replace(**{setter: input})
    assert getattr(url, setter) == ("x" if output is None else output)


@pytest.mark.parametrize("entry", wpt_params(TOASCII))
def test_wpt_toascii_through_the_host_parser(entry: dict[str, Any] | None) -> None:
    """The same entries straight through the host parser (the URL class may take a fast path
    that never calls it): failure exactly when output is null, else the serialized host."""
    entry = require_wpt_entry(entry, TOASCII)
    host = parse_host(entry["input"])
    assert (None if host is None else serialize_host(host)) == entry["output"]


# --- Huge inputs: linear time and memory --------------------------------------------------------
# A quadratic step would make each of these take minutes; they assert the exact outcome.

MEGABYTE = 1 << 20


@pytest.mark.parametrize(
    ("input", "output"),
    [
        ("1" * MEGABYTE, None),
        ("0x" + "f" * MEGABYTE, None),
        ("0" * MEGABYTE + "7", "0.0.0.7"),
        ("1." * (MEGABYTE // 2), None),
        ("." * MEGABYTE, "." * MEGABYTE),
        ("a" * MEGABYTE, "a" * MEGABYTE),
        ("%41" * (MEGABYTE // 3), "a" * (MEGABYTE // 3)),
        ("[" + ":" * MEGABYTE + "]", None),
        ("[" + "1:" * MEGABYTE + "]", None),
        ("[::" + "1" * MEGABYTE + "]", None),
        ("[::1.2.3." + "4" * MEGABYTE + "]", None),
    ],
    ids=lambda value: repr(value)[:12] if isinstance(value, str) else repr(value),
)
def test_huge_hosts(input: str, output: str | None) -> None:
    no_errors: list[ValidationError] | None = None
    for errors in (no_errors, []):
        host = parse_host(input, errors=errors)
        assert (None if host is None else serialize_host(host)) == output


def test_huge_opaque_host() -> None:
    assert parse_opaque_host("ä" * MEGABYTE) == "%C3%A4" * MEGABYTE
    assert parse_opaque_host("a%" * MEGABYTE, errors=[]) == "a%" * MEGABYTE


# --- Properties ---------------------------------------------------------------------------------

HOSTISH = st.text(
    alphabet=st.one_of(
        st.sampled_from("0123456789abcdefxX.:[]%-AZ_ \t#/@ßäＡ。\u200d\u0301"),
        st.characters(codec="utf-8"),
    ),
    max_size=40,
)


@settings(max_examples=400, deadline=None)
@given(HOSTISH, st.booleans())
def test_parse_never_crashes_and_serialization_round_trips(input: str, is_opaque: bool) -> None:
    """The host parser returns a host or failure for any input, collecting errors or not; failure
    comes with a validation error; and parsing a serialized host gives the same host back (as the
    introduction of the spec's §3 says)."""
    errors: list[ValidationError] = []
    host = parse_host(input, is_opaque, errors=errors)
    assert host == parse_host(input, is_opaque)
    if host is None:
        assert errors, "failure always comes with a validation error"
        return
    if host.kind is not HostKind.EMPTY:
        assert parse_host(serialize_host(host), is_opaque) == host


# --- A host given as a string (parse_host_string, InvalidHost) ----------------------------------


@pytest.mark.parametrize(
    ("written", "kind", "serialized"),
    [
        ("Example.COM", HostKind.DOMAIN, "example.com"),
        ("bücher.de", HostKind.DOMAIN, "xn--bcher-kva.de"),
        ("0x7f.1", HostKind.IPV4, "127.0.0.1"),
        ("[::ffff:127.0.0.1]", HostKind.IPV6, "[::ffff:7f00:1]"),
        ("::1", HostKind.IPV6, "[::1]"),  # without brackets (the library's extension)
        ("", HostKind.EMPTY, ""),
    ],
)
def test_parse_host_string(written: str, kind: HostKind, serialized: str) -> None:
    from urlspec.host import parse_host_string

    host = parse_host_string(written)
    assert (host.kind, serialize_host(host)) == (kind, serialized)


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("example.com:80", "domain-to-ASCII"),  # ":" is a forbidden domain code point
        ("1.2.3.256", "IPv4-out-of-range-part"),
        ("[::1", "IPv6-unclosed"),
        ("[1::2::3]", "IPv6-multiple-compression"),
        ("1::2::3", "domain-to-ASCII"),  # not an IPv6 address: parsed as written
    ],
)
def test_parse_host_string_failures(written: str, reason: str) -> None:
    import pickle

    from urlspec.host import InvalidHost, parse_host_string

    with pytest.raises(InvalidHost) as raised:
        parse_host_string(written)
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.host == written and error.errors[-1].name == reason
    assert str(error).startswith(f"invalid host {written!r}: ")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.host, copy.errors, str(copy)) == (error.host, error.errors, str(error))


def test_parse_host_string_rejects_non_strings() -> None:
    from urlspec.host import parse_host_string

    with pytest.raises(TypeError, match="host must be a str"):
        parse_host_string(b"example.com")  # type: ignore[arg-type]


# --- The domain parser's ASCII shortcut (host._ascii_domain_to_ascii) ---------------------------


def domain_parser_or_none(domain: str) -> str | None:
    """urlspec.idna.domain_to_ascii, beStrict false, None for failure: the full domain parser."""
    try:
        return domain_to_ascii(domain, False)
    except InvalidDomain:
        return None


def assert_the_ascii_shortcut_equals_the_domain_parser(domain: str) -> None:
    """Both strategies of the shortcut (the compiled build's loop, the pure build's regex; each
    run on both builds) and the one the build picks."""
    expected = domain_parser_or_none(domain)
    assert host_module._ascii_domain_to_ascii(domain) == expected, domain
    assert host_module._ascii_domain_to_ascii_by_code_points(domain) == expected, domain
    assert host_module._ascii_domain_to_ascii_by_regex(domain) == expected, domain


def test_ascii_domain_code_point_kinds() -> None:
    kinds = host_module.ASCII_DOMAIN_CODE_POINT_KINDS
    for code_point in range(0x80):
        character = chr(code_point)
        expected = (
            host_module.ASCII_DOMAIN_FORBIDDEN
            if character in FORBIDDEN_DOMAIN_CODE_POINTS
            else host_module.ASCII_DOMAIN_UPPERCASE
            if character.isupper()
            else host_module.ASCII_DOMAIN_OTHER
        )
        assert kinds[code_point] == expected, hex(code_point)


def test_the_ascii_shortcut_equals_the_domain_parser_on_every_ascii_code_point() -> None:
    """Each ASCII code point alone, between letters, in a label before "xn--" and digits, and
    every pair (an uppercase, forbidden, dot, hyphen, STD3-failing or empty domain)."""
    for code_point in map(chr, range(128)):
        for domain in (code_point, f"a{code_point}b", f"{code_point}.xn--a.1", "", "."):
            assert_the_ascii_shortcut_equals_the_domain_parser(domain)
    for first, second in itertools.product(map(chr, range(128)), repeat=2):
        assert_the_ascii_shortcut_equals_the_domain_parser(first + second)


def test_the_ascii_shortcut_equals_the_domain_parser_on_every_corpus_host() -> None:
    dataset_path("kasztp.txt")
    for corpus in CORPORA:
        for line in iter_corpus(corpus):
            span = messy._host_span(line)
            if span is not None and line.isascii():
                assert_the_ascii_shortcut_equals_the_domain_parser(line[span[0] : span[1]])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=30))
def test_the_ascii_shortcut_equals_the_domain_parser_on_generated_domains(domain: str) -> None:
    assert_the_ascii_shortcut_equals_the_domain_parser(domain)


def test_the_host_parser_gives_the_same_hosts_with_and_without_errors_on_the_corpus() -> None:
    """Without an errors list, an ASCII domain takes the shortcut; with one, the domain parser."""
    dataset_path("kasztp.txt")
    domains = set()
    for line in iter_corpus("kasztp.txt"):
        span = messy._host_span(line)
        if span is not None:
            domains.add(line[span[0] : span[1]])
    for domain in domains:
        assert parse_host(domain) == parse_host(domain, errors=[]), domain


# --- The IPv4 parser's code-point loops equal the spec's steps ----------------------------------


def spec_ipv4_number(input: str) -> tuple[int, bool] | None:
    """The IPv4 number parser (https://url.spec.whatwg.org/#ipv4-number-parser) as the spec
    writes it, with a regex for step 7 and int() for step 8 (no cap)."""
    if input == "":  # 1.
        return None
    validation_error = False  # 2.
    radix = 10  # 3.
    if input[:2] in ("0x", "0X"):  # 4.
        validation_error, input, radix = True, input[2:], 16
    elif len(input) >= 2 and input[0] == "0":  # 5.
        validation_error, input, radix = True, input[1:], 8
    if input == "":  # 6.
        return (0, True)
    digits = {10: "[0-9]+", 16: "[0-9A-Fa-f]+", 8: "[0-7]+"}[radix]
    if not re.fullmatch(digits, input, re.ASCII):  # 7.
        return None
    return (int(input, radix), validation_error)  # 8.-9.


def spec_ends_in_a_number(input: str) -> bool:
    """The ends in a number checker (https://url.spec.whatwg.org/#ends-in-a-number-checker)."""
    parts = input.split(".")  # 1.
    if parts[-1] == "":  # 2.
        if len(parts) == 1:
            return False
        parts.pop()
    last = parts[-1]  # 3.
    if last != "" and re.fullmatch("[0-9]+", last, re.ASCII):  # 4.
        return True
    return spec_ipv4_number(last) is not None  # 5.-6.


def spec_ipv4(input: str) -> tuple[int | None, list[str]]:
    """The IPv4 parser (https://url.spec.whatwg.org/#concept-ipv4-parser): the address (None for
    failure) and the validation errors in order."""
    errors: list[str] = []
    parts = input.split(".")  # 1.
    if parts[-1] == "":  # 2.
        errors.append("IPv4-empty-part")
        if len(parts) > 1:
            parts.pop()
    if len(parts) < 4:  # 3.
        errors.append("IPv4-too-few-parts")
    if len(parts) > 4:  # 4.
        return None, [*errors, "IPv4-too-many-parts"]
    numbers = []  # 5.
    for part in parts:  # 6.
        result = spec_ipv4_number(part)
        if result is None:
            return None, [*errors, "IPv4-non-numeric-part"]
        if result[1]:
            errors.append("IPv4-non-decimal-part")
        numbers.append(result[0])
    if any(number > 255 for number in numbers):  # 7.
        errors.append("IPv4-out-of-range-part")
    if any(number > 255 for number in numbers[:-1]):  # 8.
        return None, errors
    if numbers[-1] >= 256 ** (5 - len(numbers)):  # 9.
        return None, errors
    ipv4 = numbers[-1]  # 10.-13.
    for counter, number in enumerate(numbers[:-1]):
        ipv4 += number * 256 ** (3 - counter)
    return ipv4, errors  # 14.


def ipv4_with_errors(input: str) -> tuple[int | None, list[str]]:
    errors: list[ValidationError] = []
    return parse_ipv4(input, errors=errors), [error.name for error in errors]


# The shapes the IPv4 number parser tells apart: decimal, octal and hexadecimal digits (the
# largest of each radix and one past it), "0", "0x"/"0X", a letter that is no digit, and a
# code point beyond ASCII.
_IPV4_NUMBER_ALPHABET = "0179afFxXg\u0663"


def ipv4_number(input: str, start: int, end: int) -> tuple[int, bool] | None:
    """host._parse_ipv4_number's result unpacked: (number, validationError), or None."""
    packed = host_module._parse_ipv4_number(input, start, end)
    return None if packed < 0 else (packed >> 1, bool(packed & 1))


def test_ipv4_number_parser_equals_the_spec_on_every_short_part() -> None:
    for length in range(5):
        for characters in itertools.product(_IPV4_NUMBER_ALPHABET, repeat=length):
            part = "".join(characters)
            assert ipv4_number(part, 0, len(part)) == spec_ipv4_number(part), part
            # (a part inside a longer input: only input[start:end] is read)
            framed = f"9.{part}.x"
            assert ipv4_number(framed, 2, 2 + len(part)) == spec_ipv4_number(part), part


# Numbers around the 2**32 cap and the range checks, in every radix and with leading zeros.
_IPV4_BIG_NUMBERS = [
    prefix + digits
    for value in (255, 256, 2**24 - 1, 2**24, 2**32 - 1, 2**32, 2**32 + 1, 10**40)
    for prefix, digits in (
        ("", str(value)),
        ("0", f"{value:o}"),
        ("0x", f"{value:x}"),
        ("0X", f"{value:X}"),
        ("0x000", f"{value:x}"),
        ("00", f"{value:o}"),
    )
]


def test_ipv4_number_parser_equals_the_spec_on_big_numbers() -> None:
    for part in _IPV4_BIG_NUMBERS:
        expected = spec_ipv4_number(part)
        assert expected is not None
        capped = (min(expected[0], 2**32), expected[1])  # (the parser caps at 2**32)
        assert ipv4_number(part, 0, len(part)) == capped, part


_IPV4_PARTS = ("", "0", "1", "08", "0x", "0xff", "0x100", "0377", "256", "4294967295", "a", "0x1g")


def test_ipv4_parser_and_ends_in_a_number_equal_the_spec_on_every_dotted_shape() -> None:
    """Every input of up to five parts from the shapes above (empty parts, a trailing dot, too
    many parts, each part's radix and range)."""
    for count in range(1, 6):
        for parts in itertools.product(_IPV4_PARTS, repeat=count):
            if count >= 4 and len(set(parts)) > 3:
                continue  # (bounded: every shape of part is still met in every position)
            input = ".".join(parts)
            assert ends_in_a_number(input) is spec_ends_in_a_number(input), input
            assert ipv4_with_errors(input) == spec_ipv4(input), input


def test_ends_in_a_number_equals_the_spec_on_every_short_input() -> None:
    for length in range(6):
        for characters in itertools.product("0.19xXaf\u0663", repeat=length):
            input = "".join(characters)
            assert ends_in_a_number(input) is spec_ends_in_a_number(input), input
            if spec_ends_in_a_number(input):
                assert ipv4_with_errors(input) == spec_ipv4(input), input
