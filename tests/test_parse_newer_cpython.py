"""urlspec.parse behaves as CPython 3.14 where 3.14 differs from the interpreters that run this.

The venvs (3.11.7, 3.13.0) predate some of CPython's security and behaviour fixes, so the
CPython suites run by ``test_cpython_urlparse.py`` cannot check them. The cases here are written
down from CPython itself, never from running urlspec:

* "3.14 tests": CPython's ``Lib/test/test_urlparse.py`` on the main branch (read from the
  python/cpython repository; it holds every case of 3.14's file that is quoted here, plus the
  3.15 ``missing_as_none`` cases, which are not used here). Each case names its test method.
* "3.14 source": CPython 3.14's ``Lib/urllib/parse.py``, for an expected *message* that the
  tests only check by type (``_check_bracketed_netloc``, ``_check_bracketed_host``, the ``port``
  property), and the standard library's ``ipaddress.ip_address``, whose ValueError
  (``"'foo' does not appear to be an IPv4 or IPv6 address"``) 3.14 lets through.
* "What's New 3.14" for the removal of ``Quoter`` (gh-118827).

Each group names its CPython issue or CVE.
"""

from __future__ import annotations

import inspect
import ipaddress
import re
import sys
import urllib.parse as stdlib
import warnings
from collections import namedtuple
from pathlib import Path
from typing import Any

import pytest

import urlspec.parse
from urlspec.parse import parse_qs, parse_qsl, urljoin, urlparse, urlsplit

RFC1808_BASE = "http://a/b/c/d;p?q#f"


def _not_an_ip_address(host: str) -> str:
    """The message of ``ipaddress.ip_address(host)``, which 3.14's ``_check_bracketed_host``
    lets through for a bracketed host that is not an IP address."""
    return f"{host!r} does not appear to be an IPv4 or IPv6 address"


def _value_error(function: Any, *args: Any) -> ValueError:
    """The ValueError that ``function(*args)`` raises: exactly ValueError, as CPython raises it
    (``ipaddress.AddressValueError``, a subclass, is not the same exception)."""
    with pytest.raises(ValueError) as caught:
        function(*args)
    assert type(caught.value) is ValueError, repr(caught.value)
    return caught.value


# --- CVE-2025-0938 (gh-105704): nothing but userinfo before "[", nothing but ":port" after "]" ---

# 3.14 tests, test_invalid_bracketed_hosts (the gh-105704 cases), and the brief's examples; all
# "Invalid IPv6 URL" (3.14 source, _check_bracketed_netloc).
CVE_2025_0938_INVALID = [
    "scheme://prefix.[v6a.ip]",
    "scheme://[v6a.ip].suffix",
    "scheme://prefix.[v6a.ip]/",
    "scheme://[v6a.ip].suffix/",
    "scheme://prefix.[v6a.ip]?",
    "scheme://[v6a.ip].suffix?",
    "scheme://prefix.[::1]",
    "scheme://[::1].suffix",
    "scheme://prefix.[::1]/",
    "scheme://[::1].suffix/",
    "scheme://prefix.[::1]?",
    "scheme://[::1].suffix?",
    "scheme://prefix.[::1]:a",
    "scheme://[::1].suffix:a",
    "scheme://prefix.[::1]:a1",
    "scheme://[::1].suffix:a1",
    "scheme://prefix.[::1]:1a",
    "scheme://[::1].suffix:1a",
    "scheme://prefix.[::1]:",
    "scheme://[::1].suffix:/",
    "scheme://prefix.[::1]:?",
    "scheme://user@prefix.[v6a.ip]",
    "scheme://user@[v6a.ip].suffix",
    "Scheme://user@]v6a.ip[/Path",
    "http://a[::1]/",
    "http://[::1]x:80/",
]

# 3.14 tests, test_invalid_bracketed_hosts: an unpaired bracket ("Invalid IPv6 URL", 3.14 source).
UNPAIRED_BRACKETS = [
    "scheme://[v6a.ip",
    "scheme://v6a.ip]",
    "scheme://prefix.[v6a.ip",
    "scheme://v6a.ip].suffix",
]


@pytest.mark.parametrize("url", CVE_2025_0938_INVALID + UNPAIRED_BRACKETS)
@pytest.mark.parametrize("split", [urlsplit, urlparse])
def test_cve_2025_0938_text_around_brackets(split: Any, url: str) -> None:
    assert str(_value_error(split, url)) == "Invalid IPv6 URL"
    assert str(_value_error(split, url.encode("ascii"))) == "Invalid IPv6 URL"


def test_cve_2025_0938_bracket_inside_userinfo() -> None:
    # 3.14 source: the host is what follows the last "@" ("h"), which must then be an IP literal.
    error = _value_error(urlsplit, "http://[::1]@h/")
    assert str(error) == _not_an_ip_address("h")


@pytest.mark.parametrize(
    ("url", "netloc", "hostname", "port"),
    [
        ("http://u@[::1]:80/", "u@[::1]:80", "::1", 80),
        ("http://[::1]:80/", "[::1]:80", "::1", 80),
        ("http://[::1]/", "[::1]", "::1", None),
        # an IPvFuture (RFC 3986 §3.2.2; 3.14 source: "v", hex digits, ".", one character or more)
        ("http://[v1.fe]/", "[v1.fe]", "v1.fe", None),
    ],
)
def test_cve_2025_0938_valid_forms_still_parse(
    url: str, netloc: str, hostname: str, port: int | None
) -> None:
    result = urlsplit(url)
    assert (result.netloc, result.hostname, result.port) == (netloc, hostname, port)


# --- CVE-2024-11168 (gh-103848): a bracketed host is an IPv6 address or an IPvFuture ---

# 3.14 tests, test_invalid_bracketed_hosts; messages from the 3.14 source.
CVE_2024_11168_INVALID = [
    ("Scheme://user@[192.0.2.146]/Path?Query", "An IPv4 address cannot be in brackets"),
    (
        "Scheme://user@[important.com:8000]/Path?Query",
        _not_an_ip_address("important.com:8000"),
    ),
    ("Scheme://user@[v123r.IP]/Path?Query", "IPvFuture address is invalid"),
    ("Scheme://user@[v12ae]/Path?Query", "IPvFuture address is invalid"),
    ("Scheme://user@[v.IP]/Path?Query", "IPvFuture address is invalid"),
    ("Scheme://user@[v123.]/Path?Query", "IPvFuture address is invalid"),
    ("Scheme://user@[v]/Path?Query", "IPvFuture address is invalid"),
    (
        "Scheme://user@[0439:23af::2309::fae7:1234]/Path?Query",
        _not_an_ip_address("0439:23af::2309::fae7:1234"),
    ),
    (
        "Scheme://user@[0439:23af:2309::fae7:1234:2342:438e:192.0.2.146]/Path?Query",
        _not_an_ip_address("0439:23af:2309::fae7:1234:2342:438e:192.0.2.146"),
    ),
    # The brief's examples (gh-103848): not an address at all, and empty brackets.
    ("http://[foo]/", _not_an_ip_address("foo")),
    ("http://[]/", _not_an_ip_address("")),
]


@pytest.mark.parametrize(("url", "message"), CVE_2024_11168_INVALID)
def test_cve_2024_11168_bracketed_host_must_be_an_ip_literal(url: str, message: str) -> None:
    assert str(_value_error(urlsplit, url)) == message
    assert str(_value_error(urlparse, url.encode("ascii"))) == message


def test_ip_address_message_is_the_standard_librarys() -> None:
    """The message above is ipaddress's own, on every Python that runs these tests."""
    with pytest.raises(ValueError) as caught:
        ipaddress.ip_address("foo")
    assert str(caught.value) == _not_an_ip_address("foo")


def test_cve_2024_11168_valid_bracketed_hosts() -> None:
    # 3.14 tests, test_splitting_bracketed_hosts.
    p1 = urlsplit("scheme://user@[v6a.ip]:1234/path?query")
    assert (p1.hostname, p1.username, p1.path, p1.port) == ("v6a.ip", "user", "/path", 1234)
    p2 = urlsplit("scheme://user@[0439:23af:2309::fae7%test]/path?query")
    assert (p2.hostname, p2.username, p2.path) == ("0439:23af:2309::fae7%test", "user", "/path")
    assert p2.port is None
    p3 = urlsplit("scheme://user@[0439:23af:2309::fae7:1234:192.0.2.146%test]/path?query")
    assert p3.hostname == "0439:23af:2309::fae7:1234:192.0.2.146%test"
    assert (p3.username, p3.path) == ("user", "/path")


# --- gh-123273: urljoin keeps an empty (but present) query or fragment of the reference ---

# 3.14 tests, test_urljoins, "Test with empty (but defined) components" (base RFC1808_BASE).
EMPTY_COMPONENT_JOINS = [
    ("", "http://a/b/c/d;p?q#f"),
    ("#", "http://a/b/c/d;p?q#"),
    ("#z", "http://a/b/c/d;p?q#z"),
    ("?", "http://a/b/c/d;p?"),
    ("?#z", "http://a/b/c/d;p?#z"),
    ("?y", "http://a/b/c/d;p?y"),
    (";", "http://a/b/c/;"),
    (";?y", "http://a/b/c/;?y"),
    (";#z", "http://a/b/c/;#z"),
    (";x", "http://a/b/c/;x"),
    ("/w", "http://a/w"),
    ("//", "http://a/b/c/d;p?q#f"),
    ("//#z", "http://a/b/c/d;p?q#z"),
    ("//?y", "http://a/b/c/d;p?y"),
    ("//;x", "http://;x"),
    ("///w", "http://a/w"),
    ("//v", "http://v"),
    ("http:", "http://a/b/c/d;p?q#f"),
    ("http:#", "http://a/b/c/d;p?q#"),
    ("http:#z", "http://a/b/c/d;p?q#z"),
    ("http:?", "http://a/b/c/d;p?"),
    ("http:?#z", "http://a/b/c/d;p?#z"),
    ("http:?y", "http://a/b/c/d;p?y"),
    ("http:;", "http://a/b/c/;"),
    ("http:;?y", "http://a/b/c/;?y"),
    ("http:;#z", "http://a/b/c/;#z"),
    ("http:;x", "http://a/b/c/;x"),
    ("http:/w", "http://a/w"),
    ("http://", "http://a/b/c/d;p?q#f"),
    ("http://#z", "http://a/b/c/d;p?q#z"),
    ("http://?y", "http://a/b/c/d;p?y"),
    ("http://;x", "http://;x"),
    ("http:///w", "http://a/w"),
    ("http://v", "http://v"),
    ("https:", "https:"),
    ("https:#", "https:#"),
    ("https:#z", "https:#z"),
    ("https:?", "https:?"),
    ("https:?y", "https:?y"),
    ("https:;", "https:;"),
    ("https:;x", "https:;x"),
]


@pytest.mark.parametrize(("reference", "expected"), EMPTY_COMPONENT_JOINS)
def test_gh_123273_urljoin_empty_components(reference: str, expected: str) -> None:
    assert urljoin(RFC1808_BASE, reference) == expected
    assert urljoin(RFC1808_BASE.encode(), reference.encode()) == expected.encode()


# The brief's examples: a reference whose path is merged keeps its empty query or fragment.
# Not among 3.14's test cases; expected values from the 3.14 source (``urljoin`` splits the
# reference with None for absent components and writes "?" / "#" for present empty ones), which
# is RFC 3986 §5.2.2 and §5.3 (a defined empty query or fragment is recomposed).
@pytest.mark.parametrize(
    ("reference", "expected"),
    [("g?", "http://a/b/c/g?"), ("g#", "http://a/b/c/g#"), ("g?#", "http://a/b/c/g?#")],
)
def test_gh_123273_merged_path_keeps_empty_components(reference: str, expected: str) -> None:
    assert urljoin("http://a/b/c/d;p?q", reference) == expected
    assert urljoin(b"http://a/b/c/d;p?q", reference.encode()) == expected.encode()


# --- gh-125926: urljoin with a relative base ---

# 3.14 tests, test_urljoins_relative_base.
RELATIVE_BASE_JOINS = [
    ("", "", ""),
    ("", "//", "//"),
    ("", "//v", "//v"),
    ("", "//v/w", "//v/w"),
    ("", "/w", "/w"),
    ("", "///w", "///w"),
    ("", "w", "w"),
    ("//", "", "//"),
    ("//", "//", "//"),
    ("//", "//v", "//v"),
    ("//", "//v/w", "//v/w"),
    ("//", "/w", "///w"),
    ("//", "///w", "///w"),
    ("//", "w", "///w"),
    ("//a", "", "//a"),
    ("//a", "//", "//a"),
    ("//a", "//v", "//v"),
    ("//a", "//v/w", "//v/w"),
    ("//a", "/w", "//a/w"),
    ("//a", "///w", "//a/w"),
    ("//a", "w", "//a/w"),
    *[
        (base, scheme + reference, expected)
        for scheme in ("", "http:")
        for base, reference, expected in [
            ("http:", "", "http:"),
            ("http:", "//", "http:"),
            ("http:", "//v", "http://v"),
            ("http:", "//v/w", "http://v/w"),
            ("http:", "/w", "http:/w"),
            ("http:", "///w", "http:/w"),
            ("http:", "w", "http:/w"),
            ("http://", "", "http://"),
            ("http://", "//", "http://"),
            ("http://", "//v", "http://v"),
            ("http://", "//v/w", "http://v/w"),
            ("http://", "/w", "http:///w"),
            ("http://", "///w", "http:///w"),
            ("http://", "w", "http:///w"),
            ("http://a", "", "http://a"),
            ("http://a", "//", "http://a"),
            ("http://a", "//v", "http://v"),
            ("http://a", "//v/w", "http://v/w"),
            ("http://a", "/w", "http://a/w"),
            ("http://a", "///w", "http://a/w"),
            ("http://a", "w", "http://a/w"),
        ]
    ],
    ("/b/c", "", "/b/c"),
    ("/b/c", "//", "/b/c"),
    ("/b/c", "//v", "//v"),
    ("/b/c", "//v/w", "//v/w"),
    ("/b/c", "/w", "/w"),
    ("/b/c", "///w", "/w"),
    ("/b/c", "w", "/b/w"),
    ("///b/c", "", "///b/c"),
    ("///b/c", "//", "///b/c"),
    ("///b/c", "//v", "//v"),
    ("///b/c", "//v/w", "//v/w"),
    ("///b/c", "/w", "///w"),
    ("///b/c", "///w", "///w"),
    ("///b/c", "w", "///b/w"),
]


@pytest.mark.parametrize(("base", "reference", "expected"), RELATIVE_BASE_JOINS)
def test_gh_125926_urljoin_relative_base(base: str, reference: str, expected: str) -> None:
    assert urljoin(base, reference) == expected
    assert urljoin(base.encode(), reference.encode()) == expected.encode()


# --- The port property: ASCII digits only, 0..65535 ---

# 3.14 tests, test_attributes_bad_port, and the brief's "+1" and "١" (ARABIC-INDIC DIGIT ONE);
# message from the 3.14 source.
BAD_PORTS = ["foo", "1.5", "-1", "0x10", "-0", "1_1", " 1", "1 ", "६", "+1", "١"]


@pytest.mark.parametrize("port", BAD_PORTS)
@pytest.mark.parametrize("split", [urlsplit, urlparse])
def test_port_is_ascii_digits_only(split: Any, port: str) -> None:
    netloc = "www.example.net:" + port
    result = split("http://" + netloc + "/")
    assert result.netloc == netloc
    message = f"Port could not be cast to integer value as {port!r}"
    assert str(_value_error(lambda: result.port)) == message
    if port.isascii():
        result_bytes = split(("http://" + netloc + "/").encode("ascii"))
        assert result_bytes.netloc == netloc.encode("ascii")
        bytes_message = f"Port could not be cast to integer value as {port.encode('ascii')!r}"
        assert str(_value_error(lambda: result_bytes.port)) == bytes_message


@pytest.mark.parametrize("url", ["http://h:65536/", b"HTTP://WWW.PYTHON.ORG:65536/doc/#frag"])
def test_port_out_of_range(url: Any) -> None:
    # 3.14 tests, test_urlsplit_attributes ("out of range"); full message from the 3.14 source.
    result = urlsplit(url)
    assert str(_value_error(lambda: result.port)) == "Port out of range 0-65535"


@pytest.mark.parametrize(("netloc", "port"), [("h:0", 0), ("h:65535", 65535), ("h:080", 80)])
def test_port_in_range(netloc: str, port: int) -> None:
    # 3.14 source: int() of the ASCII digits, 0 and 65535 included (test_urlsplit_attributes: 080)
    assert urlsplit("http://" + netloc).port == port


# --- NFKC: no netloc character may become a delimiter (CVE-2019-9636, bpo-36742) ---


@pytest.mark.parametrize("scheme", ["http", "https", "ftp"])
@pytest.mark.parametrize("netloc", ["netloc{}false.netloc", "n{}user@netloc"])
@pytest.mark.parametrize("char", ["\u2100", "\uff03", "\ufe13", "\uff0f", "\uff1f", "\uff20"])
def test_nfkc_netloc(scheme: str, netloc: str, char: str) -> None:
    # 3.14 tests, test_urlsplit_normalization (which tries every such character; these are
    # ℀ (a/c), ＃, ︓ (:), ／, ？, ＠); message from the 3.14 source.
    bad_netloc = netloc.format(char)
    error = _value_error(urlsplit, f"{scheme}://{bad_netloc}/path")
    assert str(error) == (
        f"netloc '{bad_netloc}' contains invalid characters under NFKC normalization"
    )


def test_nfkc_ignores_delimiters_already_there() -> None:
    # 3.14 tests, test_urlsplit_normalization (bpo-36742).
    assert urlsplit("http://\u30d5\u309a:80").netloc == "\u30d5\u309a:80"
    _value_error(urlsplit, "http://\u30d5\u309a\ufe1380")


# --- Leading C0 control or space stripped, tab/CR/LF removed (bpo-43882, CVE-2023-24329) ---

NOISE = "".join(map(chr, range(0x21)))
BASE_URL = "http://User:Pass@www.python.org:080/doc/?query=yes#frag"


@pytest.mark.parametrize("as_bytes", [False, True])
def test_leading_c0_control_or_space_is_stripped(as_bytes: bool) -> None:
    # 3.14 tests, test_urlsplit_strip_url.
    url: Any = NOISE + BASE_URL
    result = urlsplit(url.encode() if as_bytes else url)
    if as_bytes:
        result = result.decode()
    assert tuple(result) == ("http", "User:Pass@www.python.org:080", "/doc/", "query=yes", "frag")
    assert (result.username, result.password, result.hostname, result.port) == (
        "User",
        "Pass",
        "www.python.org",
        80,
    )
    assert result.geturl() == BASE_URL


def test_trailing_space_is_kept() -> None:
    # 3.14 tests, test_urlsplit_strip_url.
    query_spaces_url = "https://www.python.org:88/doc/?query=    "
    result = urlsplit(NOISE + query_spaces_url)
    assert (result.query, result.port, result.geturl()) == ("query=    ", 88, query_spaces_url)
    assert urlspec.parse.urlunsplit(urlsplit("www.pypi.org ")) == "www.pypi.org "
    for _ in range(2):  # 3.14 tests: "with scheme as cache-key"
        result = urlsplit("//www.python.org/", scheme=NOISE + "https" + NOISE)
        assert (result.scheme, result.geturl()) == ("https", "https://www.python.org/")


@pytest.mark.parametrize("as_bytes", [False, True])
def test_tab_and_newline_are_removed(as_bytes: bool) -> None:
    # 3.14 tests, test_urlsplit_remove_unsafe_bytes.
    url: Any = "http\t://www.python\n.org\t/java\nscript:\talert('msg\r\n')/?query\n=\tsomething#frag\nment"
    result = urlsplit(url.encode() if as_bytes else url)
    if as_bytes:
        result = result.decode()
    assert tuple(result) == (
        "http",
        "www.python.org",
        "/javascript:alert('msg')/",
        "query=something",
        "fragment",
    )
    assert (
        result.geturl() == "http://www.python.org/javascript:alert('msg')/?query=something#fragment"
    )
    for _ in range(2):  # "with scheme as cache-key"
        result = urlsplit(
            "http://www.python.org/java\nscript:\talert('msg\r\n')/?query\n=\tsomething#frag\nment",
            scheme="ht\ntp",
        )
        assert result.scheme == "http"


# --- parse_qsl / parse_qs: gh-74668, gh-116764, gh-116897 ---


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # 3.14 tests, parse_qsl_test_cases (gh-74668: bytes are percent-decoded, not decoded)
        (b"\xc5\x81=\xc3\xa9", [(b"\xc5\x81", b"\xc3\xa9")]),
        (b"%C5%81=%C3%A9", [(b"\xc5\x81", b"\xc3\xa9")]),
        (b"\x81=\xa9", [(b"\x81", b"\xa9")]),
        (b"%81=%A9", [(b"\x81", b"\xa9")]),
        ("%81=%A9", [("\ufffd", "\ufffd")]),
        # 3.14 tests, test_parse_qsl_bytes (gh-74668: any bytes-like object)
        (b"a=b", [(b"a", b"b")]),
        (bytearray(b"a=b"), [(b"a", b"b")]),
        (memoryview(b"a=b"), [(b"a", b"b")]),
    ],
)
def test_gh_74668_bytes_queries(query: Any, expected: list[tuple[Any, Any]]) -> None:
    assert parse_qsl(query, keep_blank_values=True) == expected


def test_gh_74668_parse_qs_bytes() -> None:
    # 3.14 tests, parse_qs_test_cases.
    assert parse_qs(b"a=a%E2%80%99b") == {b"a": [b"a\xe2\x80\x99b"]}


@pytest.mark.parametrize("query", [list(b"a=b"), iter(b"a=b"), 1, object()])
def test_gh_116764_true_non_text_query_is_type_error(query: Any) -> None:
    # 3.14 tests, test_parse_qsl_errors.
    with pytest.raises(TypeError):
        parse_qsl(query)


@pytest.mark.parametrize("separator", ["", b"", None, 0, 1, 0.0, 1.5])
def test_bad_separator(separator: Any) -> None:
    # 3.14 tests, test_parse_qsl_errors.
    with pytest.raises(ValueError):
        parse_qsl("a=b", separator=separator)


def test_separator_of_the_other_type_is_converted_as_ascii() -> None:
    # 3.14 tests, test_parse_qsl_errors.
    with pytest.raises(UnicodeEncodeError):
        parse_qsl(b"a=b", separator="\xa6")
    with pytest.raises(UnicodeDecodeError):
        parse_qsl("a=b", separator=b"\xa6")


@pytest.mark.parametrize("query", ["", b"", None, memoryview(b"")])
def test_empty_queries(query: Any) -> None:
    # 3.14 tests, test_parse_qsl_false_value.
    assert parse_qsl(query, keep_blank_values=True, strict_parsing=True) == []
    with pytest.raises(ValueError):
        parse_qsl(query, separator=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("query", [0, 0.0, [], {}])
def test_gh_116897_false_values_warn_at_the_callers_line(query: Any) -> None:
    """3.14 tests, test_parse_qsl_false_value: the warning names the caller's file, of
    parse_qsl and of parse_qs alike (3.14 source: parse_qs passes its caller's frame on)."""
    kwargs: dict[str, Any] = {"keep_blank_values": True, "strict_parsing": True}
    with pytest.warns(DeprecationWarning) as caught:
        line = inspect.currentframe().f_lineno + 1  # type: ignore[union-attr]
        assert parse_qsl(query, **kwargs) == []
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    assert str(caught[0].message) == (
        f"Accepting {type(query).__name__} objects with false value in "
        "urllib.parse.parse_qsl() is deprecated as of 3.14"
    )
    with pytest.warns(DeprecationWarning) as caught:
        line = inspect.currentframe().f_lineno + 1  # type: ignore[union-attr]
        assert parse_qs(query, **kwargs) == {}
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    with pytest.raises(ValueError):
        parse_qsl(query, separator=1)  # type: ignore[arg-type]


def test_parse_qsl_signature_is_cpythons_public_one() -> None:
    """No private keyword (CPython 3.14 has ``*, _stacklevel=1``) shows in the signature."""
    public = [
        "qs",
        "keep_blank_values",
        "strict_parsing",
        "encoding",
        "errors",
        "max_num_fields",
        "separator",
    ]
    assert list(inspect.signature(parse_qsl).parameters) == public
    assert list(inspect.signature(parse_qs).parameters) == public


# --- gh-118827: 3.14 removed the deprecated Quoter (What's New 3.14) ---


def test_gh_118827_quoter_is_gone() -> None:
    with pytest.raises(AttributeError):
        getattr(urlspec.parse, "Quoter")  # noqa: B009 -- the access is the test
    # The private class stays (3.14 tests, test_Quoter_repr).
    assert "Quoter" in repr(urlspec.parse._Quoter(urlspec.parse._ALWAYS_SAFE))


# --- Private names that third-party code imports: the standard library's contract ---


def _stdlib(name: str) -> Any:
    """A private name of the standard library's urllib.parse (not in its type stubs)."""
    return getattr(stdlib, name)


def _outcome(function: Any, *args: Any) -> tuple[Any, ...]:
    """("ok", result) or ("raises", exception type, message)."""
    try:
        return ("ok", function(*args))
    except Exception as error:
        return ("raises", type(error), str(error))


def _same_outcome(name: str, *args: Any) -> None:
    ours = _outcome(getattr(urlspec.parse, name), *args)
    theirs = _outcome(getattr(stdlib, name), *args)
    assert ours == theirs, (name, args)


def test_coerce_args_and_friends() -> None:
    for args in [("a", ""), ("a", "b"), (b"a", b""), (b"a", b"b"), (b"a", ""), (bytearray(b"x"),)]:
        ours = urlspec.parse._coerce_args(*args)
        theirs = _stdlib("_coerce_args")(*args)
        assert ours[:-1] == theirs[:-1]
        assert type(ours) is tuple and len(ours) == len(theirs)
        assert _outcome(ours[-1], "x") == _outcome(theirs[-1], "x")
    for args in [("a", b"b"), (b"a", "b")]:
        assert _outcome(urlspec.parse._coerce_args, *args) == _outcome(
            _stdlib("_coerce_args"), *args
        )
    sentinel = object()
    assert urlspec.parse._noop(sentinel) is sentinel
    _same_outcome("_encode_result", "x")
    _same_outcome("_encode_result", "é")
    _same_outcome("_encode_result", "é", "utf-8")
    # 3.15 source (_decode_args): None stays None, another false argument becomes ''.
    assert urlspec.parse._decode_args((b"a", b"", None, "")) == ("a", "", None, "")
    # 3.15 source (_coerce_args): the first non-empty argument decides; None passes through.
    assert urlspec.parse._coerce_args("", b"x")[:2] == ("", "x")
    assert urlspec.parse._coerce_args("", b"x")[2]("y") == b"y"  # the result coercion: encode
    assert urlspec.parse._coerce_args(None, "x") == (None, "x", urlspec.parse._noop)
    assert urlspec.parse._coerce_args(None) == (None, urlspec.parse._noop)
    assert urlspec.parse._coerce_args(b"", None)[:2] == ("", None)
    _same_outcome("_decode_args", (b"\xe9",))
    _same_outcome("_decode_args", (b"\xe9",), "latin-1")


def test_split_helpers() -> None:
    for url, start in [("//h/p?q", 2), ("//h?q#f", 2), ("h#f", 0), ("//h", 2), ("", 0)]:
        _same_outcome("_splitnetloc", url, start)
    _same_outcome("_splitnetloc", "a/b")
    for path in ["/a;b", "/a/b;c;d", "a;b/c;d", "/a/b", "a;b"]:
        _same_outcome("_splitparams", path)
    # 3.15 (gh-67041) adds allow_none: None for parameters that are absent (3.15 source).
    assert urlspec.parse._splitparams("/a/b", allow_none=True) == ("/a/b", None)
    assert urlspec.parse._splitparams("/a/b;", allow_none=True) == ("/a/b", "")
    # ... spelled missing_as_none in 3.15's final source (_splitparams(url, missing_as_none=True))
    assert urlspec.parse._splitparams("/a/b", missing_as_none=True) == ("/a/b", None)


def test_netloc_checks() -> None:
    for netloc in [None, "", "a", "\u30d5\u309a:80", "a\u2100b", "n\uff03user@netloc"]:
        _same_outcome("_checknetloc", netloc)
    for host in ["::1", "v1.fe", "fe80::1%eth0", "192.0.2.1", "v12ae", "foo", ""]:
        _same_outcome("_check_bracketed_host", host)


@pytest.mark.parametrize(
    ("netloc", "error"),
    [
        # 3.14 source, _check_bracketed_netloc (gh-105704); not in the venvs' standard library.
        ("[::1]", None),
        ("u@[::1]:80", None),
        ("[v1.fe]:8", None),
        ("a[::1]", "Invalid IPv6 URL"),
        ("[::1]x:80", "Invalid IPv6 URL"),
        ("[::1]@h", _not_an_ip_address("h")),
        ("[192.0.2.1]", "An IPv4 address cannot be in brackets"),
    ],
)
def test_check_bracketed_netloc(netloc: str, error: str | None) -> None:
    outcome = _outcome(urlspec.parse._check_bracketed_netloc, netloc)
    assert outcome == (("ok", None) if error is None else ("raises", ValueError, error))
    if hasattr(stdlib, "_check_bracketed_netloc"):
        _same_outcome("_check_bracketed_netloc", netloc)


def test_result_bases() -> None:
    for name in ["_DefragResultBase", "_SplitResultBase", "_ParseResultBase"]:
        assert getattr(urlspec.parse, name)._fields == getattr(stdlib, name)._fields
    for mixin, netloc in [
        ("_NetlocResultMixinStr", "User:Pass@[::1]:80"),
        ("_NetlocResultMixinStr", "h:"),
        ("_NetlocResultMixinBytes", b"u@Host:8080"),
    ]:
        values = []
        for module in (urlspec.parse, stdlib):
            result_class = type("R", (namedtuple("R", "netloc"), getattr(module, mixin)), {})
            result = result_class(netloc)
            values.append((result.username, result.password, result.hostname, result.port))
        assert values[0] == values[1], (mixin, netloc)
    assert issubclass(urlspec.parse._NetlocResultMixinStr, urlspec.parse._NetlocResultMixinBase)
    assert urlspec.parse.ResultBase is urlspec.parse._NetlocResultMixinStr


def test_constants() -> None:
    for name in ["_WHATWG_C0_CONTROL_OR_SPACE", "_UNSAFE_URL_BYTES_TO_REMOVE", "_ALWAYS_SAFE"]:
        assert getattr(urlspec.parse, name) == _stdlib(name), name
    assert sorted(urlspec.parse._ALWAYS_SAFE_BYTES) == sorted(_stdlib("_ALWAYS_SAFE_BYTES"))


def test_other_private_names_are_not_provided() -> None:
    for name in ["_urlsplit", "_hostprog", "_ResultMixinStr", "_implicit_encoding"]:
        assert not hasattr(urlspec.parse, name), name


def test_no_warning_for_ordinary_calls() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert parse_qsl("a=1") == [("a", "1")]
        assert urlspec.parse._splithost("//h/p") == ("h", "/p")


# --- The port is checked when it is read, not when the URL is split ---


@pytest.mark.parametrize(
    "url", ["http://h:99999/", "http://h:abc/", "http://::1/", "http://h:+1/", b"http://h:99999/"]
)
@pytest.mark.parametrize("name", ["urlsplit", "urlparse"])
def test_the_port_is_checked_when_read(url: Any, name: str) -> None:
    # Released CPython (3.11 to 3.15) splits these without a word and raises ValueError only when
    # .port is read; gh-64470's change (python/cpython#155220: raise in urlsplit() itself, and
    # refuse "http://::1/") is not in a release. The running interpreter's stdlib is the
    # reference: its split and its message are the same as 3.15's here.
    ours, theirs = getattr(urlspec.parse, name)(url), getattr(stdlib, name)(url)
    assert tuple(ours) == tuple(theirs)
    assert str(_value_error(lambda: ours.port)) == str(_value_error(lambda: theirs.port))


# --- docs/urllib-parse.md: what changes when switching from an older Python ---

DOC = Path(__file__).resolve().parent.parent / "docs" / "urllib-parse.md"
_ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \| `([^`]+)` \|", re.MULTILINE)


def _switching_rows() -> list[tuple[str, str, str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("<!-- switching-table -->") : text.index("<!-- /switching-table -->")]
    return _ROW.findall(table)


def _shown(module: Any, call: str) -> str:
    """What the table shows for ``call`` run with ``module``'s names: the repr of the result, or
    "raises" and the exception's type."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return repr(eval(call, dict(vars(module))))
        except Exception as error:
            return f"raises {type(error).__name__}"


def test_the_switching_table_has_rows() -> None:
    assert len(_switching_rows()) >= 8


@pytest.mark.parametrize(("call", "old", "ours"), _switching_rows())
def test_the_switching_table(call: str, old: str, ours: str) -> None:
    # The urlspec column is what urlspec.parse gives; the older column is what CPython 3.11,
    # 3.12 and 3.13 give, checked against the running interpreter's stdlib when it is one of
    # those (the table was made by running each).
    assert _shown(urlspec.parse, call) == ours
    if sys.version_info[:2] in ((3, 11), (3, 12), (3, 13)):
        assert _shown(stdlib, call) == old
