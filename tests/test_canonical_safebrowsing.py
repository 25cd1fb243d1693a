"""The ``safebrowsing`` profile against the worked examples of its defining documents.

Sources (each example is cited where it is used):

* [v4] Google Safe Browsing, "URLs and Hashing", https://developers.google.com/safe-browsing/v4/urls-hashing
  ("Canonicalization" examples; "Suffix/prefix expressions" examples). Its examples repeat
  those of the v2 protocol specification, except that ``http://www.gotaport.com:1234/`` loses
  its port.
* [v2] The Safe Browsing v2 protocol specification's canonicalization examples, as carried by
  client test suites (e.g. assurantlabs/google_safe_browsing spec/canonicalize_spec.rb, "Units
  tests provided by Google") and the Internet Archive's GoogleURLCanonicalizerTest.java.
* [v5] "URLs and Hashing" of the v5 reference (IPv6 host rules: compression, IPv4-mapped and
  NAT64 addresses become IPv4).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

from urlspec import InvalidURL
from urlspec.canonical import canonicalize, safebrowsing_expressions
from urlspec.canonical import safebrowsing as safebrowsing_module
from urlspec.canonical.safebrowsing import Refusal, canonicalize_safebrowsing
from urlspec.cli.canon import Chunk, Settings
from urlspec.cli.canon_worker import canonicalize_chunk
from urlspec.validation import quote

#: [v4]/[v2] Canonicalize(input) = output, in the documents' order.
DOCUMENTED_EXAMPLES = [
    ("http://host/%25%32%35", "http://host/%25"),
    ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
    ("http://host/%2525252525252525", "http://host/%25"),
    ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
    ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
    ("http://www.google.com/", "http://www.google.com/"),
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        "http://168.188.99.26/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("http://3279880203/blah", "http://195.127.0.11/blah"),
    ("http://www.google.com/blah/..", "http://www.google.com/"),
    ("www.google.com/", "http://www.google.com/"),
    ("www.google.com", "http://www.google.com/"),
    ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
    ("http://www.GOOgle.com/", "http://www.google.com/"),
    ("http://www.google.com.../", "http://www.google.com/"),
    ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
    ("http://www.google.com/q?", "http://www.google.com/q?"),
    ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
    ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
    ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
    ("http://evil.com/foo;", "http://evil.com/foo;"),
    ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
    ("http://notrailingslash.com", "http://notrailingslash.com/"),
    ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),  # [v4]; [v2] kept :1234
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
    ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("https://www.securesite.com/", "https://www.securesite.com/"),
    ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
    ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
]


@pytest.mark.parametrize(("given", "expected"), DOCUMENTED_EXAMPLES)
def test_documented_canonicalization_examples(given: str, expected: str) -> None:
    assert canonicalize(given, "safebrowsing") == expected


def test_control_and_non_ascii_bytes_in_the_host_are_escaped() -> None:
    # [v2] Canonicalize("http://\x01\x80.com/") = "http://%01%80.com/", the byte 0x80. A
    # Python str holds characters: U+0080 is the UTF-8 bytes C2 80 (as the Internet
    # Archive's Python port notes for the same example).
    assert canonicalize("http://\x01\x80.com/", "safebrowsing") == "http://%01%C2%80.com/"


def test_v2_kept_the_port() -> None:
    # [v2] Canonicalize("http://www.gotaport.com:1234/") = "http://www.gotaport.com:1234/"
    given = "http://www.gotaport.com:1234/"
    assert canonicalize(given, "safebrowsing", keep_port=True) == "http://www.gotaport.com:1234/"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # [v5] "[2001:0db8:0000::1] should be transformed into [2001:db8::1]"
        ("http://[2001:0db8:0000::1]/", "http://[2001:db8::1]/"),
        # [v5] "[::ffff:1.2.3.4], which should be transformed into 1.2.3.4"
        ("http://[::ffff:1.2.3.4]/", "http://1.2.3.4/"),
        # [v5] "[64:ff9b::1.2.3.4], which should be transformed into 1.2.3.4"
        ("http://[64:ff9b::1.2.3.4]/", "http://1.2.3.4/"),
        # [v4] "handle any legal IP-address encoding, including octal, hex, and fewer than
        # four components" (inet_aton(3): 0x7f.1 is 127.0.0.1, 017.0.0.1 is 15.0.0.1)
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://017.0.0.1/", "http://15.0.0.1/"),
        # [v4] "convert the URL to the ASCII Punycode representation" (RFC 3492 §7.1 style:
        # bücher is xn--bcher-kva)
        ("http://bücher.example/", "http://xn--bcher-kva.example/"),
    ],
)
def test_host_forms(given: str, expected: str) -> None:
    assert canonicalize(given, "safebrowsing") == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # [v4] "Suffix/prefix expressions" examples.
        (
            "http://a.b.c/1/2.html?param=1",
            [
                "a.b.c/1/2.html?param=1",
                "a.b.c/1/2.html",
                "a.b.c/",
                "a.b.c/1/",
                "b.c/1/2.html?param=1",
                "b.c/1/2.html",
                "b.c/",
                "b.c/1/",
            ],
        ),
        (
            "http://a.b.c.d.e.f.g/1.html",
            [
                "a.b.c.d.e.f.g/1.html",
                "a.b.c.d.e.f.g/",
                # (b.c.d.e.f.g is skipped: only the last five components, and the full host)
                "c.d.e.f.g/1.html",
                "c.d.e.f.g/",
                "d.e.f.g/1.html",
                "d.e.f.g/",
                "e.f.g/1.html",
                "e.f.g/",
                "f.g/1.html",
                "f.g/",
            ],
        ),
        ("http://1.2.3.4/1/", ["1.2.3.4/1/", "1.2.3.4/"]),
        ("http://example.co.uk/1", ["example.co.uk/1", "example.co.uk/", "co.uk/1", "co.uk/"]),
    ],
)
def test_documented_expression_examples(given: str, expected: list[str]) -> None:
    assert safebrowsing_expressions(given) == expected


def test_at_most_five_hosts_and_six_paths() -> None:
    # [v4] "at most 5 different strings" for the host, "at most 6 different strings" for the
    # path: the exact path with and without the query, and 4 prefixes from the root.
    expressions = safebrowsing_expressions("http://a.b.c.d.e.f.g.h/1/2/3/4/5/6.html?q=1")
    hosts = {expression.partition("/")[0] for expression in expressions}
    paths = {"/" + expression.partition("/")[2] for expression in expressions}
    assert hosts == {"a.b.c.d.e.f.g.h", "d.e.f.g.h", "e.f.g.h", "f.g.h", "g.h"}
    assert paths == {"/1/2/3/4/5/6.html?q=1", "/1/2/3/4/5/6.html", "/", "/1/", "/1/2/", "/1/2/3/"}
    assert len(expressions) == 30


@pytest.mark.parametrize(
    "given",
    [
        "file:///etc/passwd",
        "FILE:///C:/x",
        "file:/etc/passwd",
        "ftp://example.com/x",
        "ws://example.com/",
        "mailto:a@example.com",
        "javascript:alert(1)",
    ],
)
def test_only_http_and_https_urls(given: str) -> None:
    # Safe Browsing's lists hold web pages, and the expressions leave the scheme out: a file:
    # or ftp: URL is no input to the profile, and says so (not "host-missing").
    with pytest.raises(InvalidURL, match="takes only http and https URLs") as raised:
        canonicalize(given, "safebrowsing")
    assert raised.value.errors[-1].name == "scheme-not-http"
    assert pickle.loads(pickle.dumps(raised.value)).reason == raised.value.reason


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # a host and a port number, no scheme: read as host/path (the port dropped, as [v4])
        ("www.gotaport.com:1234/", "http://www.gotaport.com/"),
        ("localhost:8080", "http://localhost/"),
        ("HTTPS://a.example/", "https://a.example/"),
    ],
)
def test_schemeless_host_and_port_is_no_other_scheme(given: str, expected: str) -> None:
    assert canonicalize(given, "safebrowsing") == expected


@pytest.mark.parametrize("given", ["", "   ", "\t\n", "http://", "http://.../x", "#frag"])
def test_inputs_without_a_host_are_invalid(given: str) -> None:
    with pytest.raises(InvalidURL):
        canonicalize(given, "safebrowsing")


@pytest.mark.parametrize(
    "given",
    [
        "http://a/%3F/./b",  # an escaped '?' in the path stays escaped
        "http://a/x%3F/.%3Fy",
        "http://[a]b/",  # a bracketed host that is no IPv6 address
        "http://a%2Fb%40c%3Ad/",  # delimiters escaped in a host
        "http://9..//x/../y",
    ],
)
def test_idempotent_where_unescaping_makes_delimiters(given: str) -> None:
    once = canonicalize(given, "safebrowsing")
    assert canonicalize(once, "safebrowsing") == once


# --- the fast path gives the full steps' results -----------------------------------------------


def outcome(function: Callable[[str], str | Refusal | None], text: str) -> object:
    """What ``function(text)`` returns, or the InvalidURL it raises (as its type, message and
    errors); a refusal it returns counts as the InvalidURL the public function raises for it."""
    try:
        result = function(text)
        if isinstance(result, Refusal):
            raise result.error(text)
        return result
    except InvalidURL as error:
        return (type(error), str(error), error.reason, error.errors, error.input, error.base)


def assert_fast_matches_full(text: str) -> bool:
    """Whether the fast path took ``text``; when it did, it agrees with the full steps (the
    same canonical form, or the same InvalidURL)."""
    fast = outcome(safebrowsing_module._fast_canonical, text)
    if fast is None:
        return False
    assert fast == outcome(lambda text: safebrowsing_module._full_canonical(text, False), text)
    return True


def assert_refusal_matches_error(text: str) -> None:
    """``canonical_or_refusal`` (what ``urlspec canon`` calls) returns what
    ``canonicalize_safebrowsing`` returns, or the refusal of the InvalidURL it raises (the same
    type, message, reason and errors)."""
    given = safebrowsing_module.canonical_or_refusal(text)
    try:
        expected = canonicalize_safebrowsing(text)
    except InvalidURL as error:
        assert isinstance(given, Refusal), text
        assert given.reason == error.reason
        assert outcome(safebrowsing_module.canonical_or_refusal, text) == outcome(
            canonicalize_safebrowsing, text
        )
    else:
        assert given == expected


def test_fast_path_on_the_corpora() -> None:
    taken = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            taken += assert_fast_matches_full(line)
            assert_refusal_matches_error(line)
    assert taken > 50_000  # most lines are common web URLs


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("file:///etc/passwd", "scheme-not-http"),  # the fast path's refusal
        ("file:///a%20b", "scheme-not-http"),  # the full steps'
        ("mailto:a@example.com", "scheme-not-http"),
        ("", "missing-url"),
        (" \t", "missing-url"),
        ("http://", "host-missing"),
        ("http://.../x", "host-missing"),
    ],
)
def test_refusals_are_the_errors_raised(given: str, name: str) -> None:
    refusal = safebrowsing_module.canonical_or_refusal(given)
    assert isinstance(refusal, Refusal)
    assert refusal.name == name
    assert_refusal_matches_error(given)


def test_the_command_reports_refusals_as_errors() -> None:
    # urlspec canon --profile safebrowsing gets refusals as values: its messages are those of
    # the InvalidURL the Python API raises for the same lines.
    lines = ["file:///etc/passwd", "http://a.example/", "http://", "ftp://x/%20"]
    settings = Settings(base=None, jsonl=False, profile="safebrowsing")
    data = "\n".join(lines).encode()
    result = canonicalize_chunk(settings, Chunk("in", 1, data, len(lines), len(data)))
    assert result.output == "http://a.example/\n"
    assert result.invalid == 3
    expected = []
    for number, line in enumerate(lines, 1):
        try:
            canonicalize_safebrowsing(line)
        except InvalidURL as error:
            expected.append(f"in:{number}: invalid URL {quote(line)}: {error.reason}")
    assert result.messages == expected


def test_fast_path_reads_ascii_letters_only() -> None:
    # Non-ASCII code points that match an ASCII letter case-insensitively (KELVIN SIGN, LATIN
    # SMALL LETTER LONG S) are escaped as their UTF-8 bytes in a path and a query (step 8) and
    # go through IDNA in a host (step 5), as any other non-ASCII code point.
    assert canonicalize("http://a.com/\u212a", "safebrowsing") == "http://a.com/%E2%84%AA"
    assert canonicalize("http://a.com/?\u212a", "safebrowsing") == "http://a.com/?%E2%84%AA"
    assert canonicalize("http://\u017f.com/", "safebrowsing") == "http://s.com/"


@settings(max_examples=2000, deadline=None)
@given(
    st.sampled_from(["http://", "HTTPS://", "https://", "hTtP://", "ftp://", "file://", "x://"]),
    st.lists(
        st.sampled_from(
            [
                "www.",
                "A",
                "b",
                "0",
                "1.2",
                "0x7f",
                ".",
                "..",
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
                "~",
                ":",
                "\\\\",
                "é",
                " ",
                "%",
                "%41",
                "\u212a",
                "\u017f",
                "@",
                "[",
            ]
        ),
        max_size=12,
    ),
)
def test_fast_path_on_generated_web_urls(scheme: str, pieces: list[str]) -> None:
    assert_fast_matches_full(scheme + "".join(pieces))
    assert_refusal_matches_error(scheme + "".join(pieces))
