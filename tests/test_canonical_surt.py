"""The ``surt`` and ``ssurt`` profiles.

Expected values come from the published examples of the forms' reference implementations:
the Internet Archive's WaybackURLKeyMakerTest.java, IAURLCanonicalizerTest.java and
GoogleURLCanonicalizerTest.java (as carried by the ``surt`` package's test suite,
tests/test_surt.py), IIPC urlcanon's documented SSURT example, and, line by line on the
corpora, the ``surt`` package itself (the test-time peer).
"""

from __future__ import annotations

import collections
import itertools
import urllib.parse

import pytest
import surt as surt_package  # the test-time peer (in the test extra)
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

from urlspec import InvalidURL
from urlspec.canonical import canonicalize, escaping
from urlspec.canonical import surt as surt_module
from urlspec.canonical.escaping import unescape_repeatedly
from urlspec.canonical.inet_aton import format_ipv4, parse_inet_aton

# --- surt: WaybackURLKeyMakerTest.java --------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("", "-"),
        ("filedesc:foo.arc.gz", "filedesc:foo.arc.gz"),
        ("filedesc:/foo.arc.gz", "filedesc:/foo.arc.gz"),
        ("filedesc://foo.arc.gz", "filedesc://foo.arc.gz"),
        ("warcinfo:foo.warc.gz", "warcinfo:foo.warc.gz"),
        ("dns:alexa.com", "dns:alexa.com"),
        ("dns:archive.org", "dns:archive.org"),
        ("http://www.archive.org/", "org,archive)/"),
        ("http://archive.org/", "org,archive)/"),
        ("http://archive.org/goo/", "org,archive)/goo"),
        ("http://archive.org/goo/?", "org,archive)/goo"),
        ("http://archive.org/goo/?b&a", "org,archive)/goo?a&b"),
        ("http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"),
        (
            "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221",
            "org,archive)/index.php?action=profile;u=4221",
        ),
        ("whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il"),
        (
            "http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2",
            "com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2",
        ),
        ("mailto:foo@example.com", "mailto:foo@example.com"),
        ("http://192.168.1.254/info/", "254,1,168,192)/info"),
        # URLParserTest.java via the package: hosts in the path, repeated schemes
        ("http:////////////////www.vikings.com", "com,vikings)/"),
        ("http://https://order.1and1.com", "com,1and1,order)/"),
        ("http://mineral.galleries.com:/minerals/", "com,galleries,mineral)/minerals"),
        # IAURLCanonicalizerTest.java: default ports, www massage, query order
        ("http://www.archive.org:80/", "org,archive)/"),
        ("https://www.archive.org:80/", "org,archive:80)/"),
        ("http://www.archive.org:443/", "org,archive:443)/"),
        ("https://www.archive.org:443/", "org,archive)/"),
        ("http://www34.archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b"),
        # GoogleURLCanonicalizerTest.java: escapes, IPv4 forms, IDNA
        ("http://host/%25%32%35", "host)/%25"),
        ("http://3279880203/blah", "11,0,127,195)/blah"),
        ("http://017.0.0.1/", "1,0,0,15)/"),
        ("http://10.0.258/", "2,1,0,10)/"),
        ("http://39024579298/", "226,210,11,22)/"),  # beyond 32 bits: masked, as in ARC files
        ("http://B\u00fccher.ch:8080/", "ch,xn--bcher-kva:8080)/"),
    ],
)
def test_published_surt_examples(given: str, expected: str) -> None:
    assert canonicalize(given, "surt") == expected


@pytest.mark.parametrize(
    ("given", "options", "expected"),
    [
        # WaybackURLKeyMakerTest.java / the package's tests: the options
        (
            "http://archive.org/goo/?a=2&b&a=1",
            {"trailing_comma": True},
            "org,archive,)/goo?a=1&a=2&b",
        ),
        ("dns:archive.org", {"trailing_comma": True}, "dns:archive.org"),
        ("http://www.example.com/", {"with_scheme": True}, "http://(com,example)/"),
        (
            "http://www.example.com/",
            {"with_scheme": True, "trailing_comma": True},
            "http://(com,example,)/",
        ),
        ("ftp://www.example.com/", {"trailing_comma": True}, "com,example,)/"),
        ("http://www.example.com/", {"host_massage": False}, "com,example,www)/"),
        (
            "https://www.example.com/",
            {"with_scheme": True, "trailing_comma": True, "host_massage": False},
            "https://(com,example,www,)/",
        ),
        ("mailto:foo@example.com", {"with_scheme": True}, "mailto:foo@example.com"),
        ("dns:archive.org", {"with_scheme": True}, "dns:archive.org"),
        (
            "whois://whois.isoc.org.il/shaveh.co.il",
            {"with_scheme": True},
            "whois://(il,org,isoc,whois)/shaveh.co.il",
        ),
        ("http://192.168.1.254/info/", {"reverse_ipaddr": False}, "192.168.1.254)/info"),
        ("http://www.example.com/", {"reverse_ipaddr": False}, "com,example)/"),
    ],
)
def test_published_surt_option_examples(
    given: str, options: dict[str, bool], expected: str
) -> None:
    assert canonicalize(given, "surt", **options) == expected


def test_the_fast_paths_www_label_is_step_3s() -> None:
    """Exhaustive: on every host of up to seven of the code points it tells apart, alone and
    inside a longer text, the fast paths remove the ``www`` label that step 3 removes."""
    for size in range(8):
        for letters in itertools.product("w2.a", repeat=size):
            host = "".join(letters)
            kept = surt_module._massage_host(host.encode())
            expected = len(host) - len(kept)
            assert surt_module._after_www_label(host, 0, len(host)) == expected, host
            text = "x://" + host + "/www.a.b"
            assert surt_module._after_www_label(text, 4, 4 + size) == 4 + expected, host


def test_the_www_digits_bug_is_not_reproduced() -> None:
    # The package strips ``www\d*.`` even when nothing but the top-level domain is left
    # (surt.surt("http://www1355544.com/") == "com)/"): the host is the site, not a subdomain.
    assert canonicalize("http://www1355544.com/", "surt") == "com,www1355544)/"
    assert canonicalize("http://www.com/", "surt") == "com,www)/"
    # ... and still strips a www subdomain (IAURLCanonicalizerTest.java: massageHost)
    assert canonicalize("http://www12.foo.com/", "surt") == "com,foo)/"
    assert canonicalize("http://www2.www2foo.com/", "surt") == "com,www2foo)/"


def test_invalid_ports_are_invalid_urls() -> None:
    # The package raises ValueError (urllib.parse's port); urlspec's one error type instead.
    for text in ("http://a.com:x/", "http://a.com:99999/", "   "):
        with pytest.raises(InvalidURL):
            canonicalize(text, "surt")


# --- the helpers, against GoogleURLCanonicalizerTest.java --------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (b"%!A%21%21%25", b"%!A!!%"),
        (b"%", b"%"),
        (b"%2", b"%2"),
        (b"%25", b"%"),
        (b"%25%", b"%%"),
        (b"%2525", b"%"),
        (b"%252525", b"%"),
        (b"%25%32%35", b"%"),
        (b"%25" * 3 + b"41", b"%%A"),
        (b"%" + b"25" * 1000 + b"41", b"A"),  # 1000 levels: the linear algorithm
    ],
)
def test_unescape_repeatedly(given: bytes, expected: bytes) -> None:
    assert unescape_repeatedly(given) == expected


def unquoted_until_settled(data: bytes) -> bytes:
    """The definition: ``urllib.parse.unquote_to_bytes`` (CPython's percent-decoding) applied
    again and again until nothing changes."""
    while True:
        decoded = urllib.parse.unquote_to_bytes(data)
        if decoded == data:
            return data
        data = decoded


def test_unescaping_is_the_definitions_exhaustively() -> None:
    """Every text of up to seven of the bytes that escapes tell apart: the quick passes and the
    linear algorithm reach the fixed point of CPython's unquoting."""
    for size in range(8):
        for pieces in itertools.product([b"%", b"2", b"5", b"a", b"g"], repeat=size):
            data = b"".join(pieces)
            expected = unquoted_until_settled(data)
            assert unescape_repeatedly(data) == expected, data
            assert escaping._unescape_in_one_pass(data) == expected, data


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from([b"%", b"25", b"2", b"41", b"e9", b"C3", b"/", b"x"])).map(b"".join)
)
def test_unescaping_deep_escapes(data: bytes) -> None:
    assert unescape_repeatedly(data) == unquoted_until_settled(data)


def escaped_by_definition(data: bytes) -> str:
    """Safe Browsing's "URLs and Hashing": "percent-escape all characters that are <= ASCII
    32, >= 127, '#', or '%'. The escapes should use uppercase hex characters." """
    return "".join(f"%{b:02X}" if b <= 32 or b >= 127 or b in b"#%" else chr(b) for b in data)


def test_escape_once_is_the_definition_on_every_byte() -> None:
    for byte in range(256):
        for data in (bytes([byte]), b"a" + bytes([byte]), bytes([byte, byte]) + b"/b"):
            assert escaping.escape_once(data) == escaped_by_definition(data), data


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=40))
def test_escape_once_is_the_definition(data: bytes) -> None:
    assert escaping.escape_once(data) == escaped_by_definition(data)


@given(st.lists(st.text(alphabet="ab=&-!\x7e", max_size=4), min_size=2, max_size=6).map("&".join))
def test_archive_query_sorts_pairs_as_the_bytes_steps_do(query: str) -> None:
    # The fast paths' sort (on text) and step 3's (_alpha_reorder_query, on the bytes).
    expected = surt_module._alpha_reorder_query(query.encode("ascii")).decode("ascii")
    assert surt_module._archive_query("?" + query) == ("?" + expected if expected else "")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # GoogleURLCanonicalizerTest.java (attemptIPFormats) and inet_aton(3)'s notation
        ("127.0.0.1", "127.0.0.1"),
        ("017.0.0.1", "15.0.0.1"),
        ("168.188.99.26", "168.188.99.26"),
        ("10.0.258", "10.0.1.2"),
        ("1.2.3.256", None),
        ("0x7f.1", "127.0.0.1"),
        ("3279880203", "195.127.0.11"),
        ("08.1.1.1", None),  # 8 is no octal digit
        ("1.2.3.4.5", None),
        ("www.foo.com", None),
    ],
)
def test_inet_aton(given: str, expected: str | None) -> None:
    address = parse_inet_aton(given)
    assert (None if address is None else format_ipv4(address)) == expected


# --- ssurt -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # IIPC urlcanon's documented example of the SSURT form
        (
            "http://user:pass@foo.example.org:81/path?query#frag",
            "org,example,foo,//81:http@user:pass:/path?query#frag",
        ),
        # urlcanon's ssurt_host: IP addresses are not reversed; a comma in a label is a dot
        ("http://192.168.1.254/info/", "192.168.1.254//http:/info/"),
        ("http://[::1]/", "[::1]//http:/"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
    ],
)
def test_ssurt(given: str, expected: str) -> None:
    assert canonicalize(given, "ssurt") == expected


# --- agreement with the surt package on the corpora --------------------------------------------


def package_and_our_keys(text: str) -> tuple[str | None, str | None]:
    """``surt.surt(text)`` and our key of ``text`` (None: ValueError, InvalidURL)."""
    try:
        expected: str | None = surt_package.surt(text)
    except ValueError:
        expected = None
    try:
        ours: str | None = canonicalize(text, "surt")
    except InvalidURL:
        ours = None
    return expected, ours


def test_agreement_with_the_surt_package_on_the_corpora() -> None:
    """Every corpus line: the same key as ``surt.surt(line)``, or one of the listed kinds of
    difference (docs/canonicalization.md), counted."""
    kinds: collections.Counter[str] = collections.Counter()
    lines = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            lines += 1
            expected, ours = package_and_our_keys(line)
            if ours == expected:
                continue
            massaged = canonicalize(line, "surt", host_massage=False)
            if expected is not None and ours is not None and _www_bug(expected, massaged):
                kinds["www-digits host left as the site"] += 1
            else:
                kinds[f"unexplained: {line!r}: {expected!r} != {ours!r}"] += 1
    unexplained = [kind for kind in kinds if kind.startswith("unexplained")]
    assert not unexplained, unexplained[:20]
    assert lines > 95_000  # the corpora hold 97,631 lines
    assert sum(kinds.values()) < lines / 1000  # agreement > 99.9%


def _www_bug(expected: str, unmassaged: str) -> bool:
    """Whether the package's key is ours with a lone ``www\\d*`` label dropped from the host."""
    host, _, rest = unmassaged.partition(")")
    labels = host.split(",")
    return (
        len(labels) == 2
        and labels[1].startswith("www")
        and labels[1][3:].isdigit() | (labels[1] == "www")
        and expected == labels[0] + ")" + rest
    )


# --- the fast path gives the full steps' keys ---------------------------------------------------

#: (with_scheme, trailing_comma, host_massage, reverse_ipaddr)
OPTION_SETS = [
    (False, False, True, True),
    (True, True, False, False),
]


def assert_fast_matches_full(line: str, option_sets: int = len(OPTION_SETS)) -> bool:
    """Whether a fast path took ``line``; when one did, its key is the full steps' key (or the
    full steps refuse the line, and no fast path takes it)."""
    took = False
    for with_scheme, trailing_comma, host_massage, reverse_ipaddr in OPTION_SETS[:option_sets]:
        options = (with_scheme, trailing_comma, host_massage)
        fast = surt_module._fast_key(line, *options)
        ascii_key = surt_module._ascii_key(line, *options, reverse_ipaddr)
        if fast is None and ascii_key is None:
            continue
        took = True
        full = surt_module._full_key(line, *options, reverse_ipaddr)
        if fast is not None:  # (it takes no host of digits and dots: reverse_ipaddr is moot)
            assert fast == full, line
        if ascii_key is not None:
            assert ascii_key == full, line
    return took


def test_fast_path_on_the_corpora() -> None:
    # every line with the default options, every fifth with the others (CI time)
    taken = sum(
        assert_fast_matches_full(line, len(OPTION_SETS) if number % 5 == 0 else 1)
        for name in CORPORA
        for number, line in enumerate(iter_corpus(name))
    )
    assert taken > 95_000  # most of the 97,631 lines are printable ASCII web (or file) URLs


def test_the_ascii_path_takes_what_the_plain_one_leaves() -> None:
    # On the corpora (tests/test_canonical_surt.py checks every line), the lines with escapes,
    # IP addresses, ports, runs of slashes, other host code points: a few go the full steps.
    plain = ascii_only = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            if surt_module._fast_key(line, False, False, True) is not None:
                plain += 1
            elif surt_module._ascii_key(line, False, False, True, True) is not None:
                ascii_only += 1
    assert ascii_only > 1_000
    assert plain > 90_000


@settings(max_examples=2000, deadline=None)
@given(
    st.builds(
        "".join,
        st.lists(
            st.sampled_from(
                [
                    "http://",
                    "https://",
                    "www.",
                    "www7.",
                    "a",
                    "B",
                    "0",
                    "1.2",
                    ".",
                    "-",
                    "/",
                    "//",
                    "/./",
                    "/..",
                    "?",
                    "&",
                    "=",
                    "#",
                    "x",
                    ".aspx",
                    ".ASPX",
                    ".a",
                    "/.x",
                    "sid=",
                    "~",
                    ":",
                    "\\",
                ]
            ),
            max_size=12,
        ),
    )
)
def test_fast_path_on_generated_web_urls(text: str) -> None:
    assert_fast_matches_full("http://" + text)


#: What the ASCII path reads in each part: escapes (stray, of "%" itself, in either case, of
#: spaces, slashes, dots and non-ASCII bytes), delimiters, dot segments, hosts that are or look
#: like IP addresses (decimal, octal, hex, 32-bit numbers, too many parts), ports.
ESCAPE_PIECES = [
    "%", "%2", "%25", "%2525", "%41", "%6a", "%6A", "%20", "%2F", "%2f", "%2E", "%2e", "%3F",
    "%23", "%26", "%3D", "%C3%A9", "%e9", "%00", "%7F", "a", "B", "0", "1", ".", "..", "/", "//",
    "/./", "/../", "?", "&", "=", "#", ":", "@", "_", "~", "\\", "\"", "*", ".aspx", "sid=",
]  # fmt: skip
HOSTS = [
    "", "a.com", "WWW.A.com", "www2.a.b", "www.com", "1.2.3.4", "01.02.03.04", "0x7f.1",
    "3279880203", "39024579298", "1.2.3.999", "08.1.1.1", "1.2.3.4.5", "a..b", "...a.b.",
    ".", "a_b.c", "a\"b.c", "www...a", "1.2.3.4.", "%41.com", "a@b.com", "[::1]",
    "u:p@a.com", "b\u00fccher.ch", "xn--bcher-kva.ch", "www.b\u00fccher.ch",
]  # fmt: skip
PORTS = ["", ":", ":80", ":443", ":0", ":8080", ":080", ":65536", ":x", ":80:90", "::"]


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(["http://", "https://", "ftp://", "file://", "x+y://", "HTTP://", "dns://"]),
    st.sampled_from(HOSTS),
    st.sampled_from(PORTS),
    st.lists(st.sampled_from(ESCAPE_PIECES), max_size=10).map("".join),
)
def test_fast_paths_on_generated_escapes_hosts_and_ports(
    scheme: str, host: str, port: str, rest: str
) -> None:
    assert_fast_matches_full(scheme + host + port + rest)
    assert_fast_matches_full(scheme + host + port + "/" + rest)


def test_fast_paths_on_every_small_url() -> None:
    """Exhaustive over the shapes of each part: every scheme, host and port of the lists above
    combined; then every path, query and fragment below combined, on a few hosts."""
    schemes = ["http://", "https://", "ftp://", "Http://"]
    for index, parts in enumerate(itertools.product(schemes, HOSTS, PORTS)):
        assert_fast_matches_full("".join(parts) + "/a", 2 if index % 3 == 0 else 1)
    paths = ["", "/", "/a/", "/A/b", "//a", "/a/../b/./", "/%2e%2E/a", "/a%2Fb", "/%20",
             "/%25%32%35", "/%", "/x.aspx", "/%C3%A9", "/a//"]  # fmt: skip
    queries = ["", "?", "?b&a", "?A=%20&a", "?%26=1&%3d", "?%", "?sid=1&x", "?%e9%E9"]
    fragments = ["", "#f?%"]
    hosts = ["http://a.com", "http://1.2.3.4:81", "file://"]
    for index, parts in enumerate(itertools.product(hosts, paths, queries, fragments)):
        assert_fast_matches_full("".join(parts), 2 if index % 3 == 0 else 1)
