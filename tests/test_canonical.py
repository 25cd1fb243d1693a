"""``urlspec.canonicalize`` across its profiles: dispatch, the ``whatwg`` and ``dedup`` profiles,
and the properties every profile keeps (deterministic; idempotent where the output is a URL;
nothing but InvalidURL escapes), on generated text and on every corpus line.

``dedup``'s expected values follow from its definition (docs/canonicalization.md):
RFC 3986 §2.3's unreserved characters and §6.2.2 normalizations, and the WHATWG serialization
(for which the values below are the web-platform-tests' urltestdata outputs of the same inputs).
"""

from __future__ import annotations

import re

import pytest
import surt as surt_package  # the surt profile's reference (in the test extra)
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

import urlspec
from urlspec import URL, InvalidURL
from urlspec.canonical import PROFILES, canonicalize
from urlspec.canonical import dedup as dedup_module
from urlspec.canonical.dedup import TRACKING_PARAMETERS, strip_params_pattern
from urlspec.percent_encoding import percent_decode_string

URL_PROFILES = ("whatwg", "dedup", "safebrowsing")  # the profiles whose output is a URL


def test_exported_from_the_package() -> None:
    assert urlspec.canonicalize is canonicalize
    assert urlspec.safebrowsing_expressions("http://a.b/") == ["a.b/"]


def test_whatwg_is_the_href() -> None:
    # urltestdata.json: "http://example.com/foo/%2e%2" -> "http://example.com/foo/%2e%2"
    assert canonicalize("http://example.com/foo/%2e%2") == "http://example.com/foo/%2e%2"
    assert canonicalize("b", base="http://a/c/d") == "http://a/c/b"
    assert canonicalize(URL("HTTP://A/"), "whatwg") == "http://a/"


def test_unknown_profile_and_option() -> None:
    with pytest.raises(ValueError, match="unknown canonicalization profile"):
        canonicalize("http://a/", "nope")
    with pytest.raises(TypeError):
        canonicalize("http://a/", "whatwg", sort_query=True)
    with pytest.raises(TypeError):
        canonicalize("http://a/", "dedup", nope=True)


#: 13 spellings of one page: all one dedup output.
THIRTEEN_SPELLINGS = [
    "http://a.com/~user?a=2&b=1",
    "http://a.com/%7euser?a=2&b=1",
    "http://a.com/%7Euser?a=2&b=1",
    "http://a.com./~user?a=2&b=1",
    "http://a.com/~user?b=1&a=2",
    "http://a.com/%7euser?b=1&a=2#",
    "http://a.com/~user?a=2&b=1#top",
    "HTTP://A.COM:80/~user?a=2&b=1",
    "http://a.com/~%75ser?a=2&b=1",
    "http://a.com/x/../~user?b=1&a=2",
    "http://a.com/./~user?a=2&&b=1",
    "http://%61.com/~user?a=2&b=1",
    "  http://a.com/~user?%61=2&b=1\n",
]


def test_dedup_gives_the_thirteen_spellings_one_output() -> None:
    assert len(THIRTEEN_SPELLINGS) == 13
    outputs = {canonicalize(spelling, "dedup") for spelling in THIRTEEN_SPELLINGS}
    assert outputs == {"http://a.com/~user?a=2&b=1"}
    # ... where the WHATWG serialization alone has many
    assert len({canonicalize(spelling) for spelling in THIRTEEN_SPELLINGS}) > 8


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("http://a/", "http://a/"),
        ("http://a", "http://a/"),  # the default path / kept
        ("http://a/?", "http://a/"),  # an empty query dropped
        ("http://a/#", "http://a/"),
        ("http://a/A", "http://a/A"),
        ("http://a/%41", "http://a/A"),
        ("http://a/%2f%3a%e2%82%ac", "http://a/%2F%3A%E2%82%AC"),  # reserved and non-ASCII: upper
        ("http://a/?b=1&a=2&a=1", "http://a/?a=2&a=1&b=1"),  # stable: values keep their order
        ("http://a/?b&a=&a", "http://a/?a=&a&b"),
        ("http://u%7e:p%2f@a/", "http://u~:p%2F@a/"),  # userinfo too
        ("foo://h%7eost/p%7e?q%7e#f", "foo://h~ost/p~?q~"),  # opaque host, non-special URL
        ("mailto:a%7eb@c", "mailto:a~b@c"),  # opaque path
        ("http://1.2.3.4./", "http://1.2.3.4/"),
        ("http://9../", "http://9../"),  # "9" would be an IPv4 address: the dots stay
        ("http://[::1]/", "http://[::1]/"),
        ("http://a.b./x?#", "http://a.b/x"),
    ],
)
def test_dedup(given: str, expected: str) -> None:
    assert canonicalize(given, "dedup") == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # The escapes behind w3lib canonicalize_url's reported idempotence bugs: %23 (#), %25 (%)
        # and %3B (;) are reserved or not unreserved, so they stay escaped (upper case).
        ("http://a/p%23q?x=%23&y=%25&z=%3b", "http://a/p%23q?x=%23&y=%25&z=%3B"),
        ("http://a/%2525/%3b?%25=1", "http://a/%2525/%3B?%25=1"),
        ("http://a/?q=a+b&q=a%20b", "http://a/?q=a+b&q=a%20b"),  # + and %20 stay apart
    ],
)
def test_dedup_keeps_reserved_escapes(given: str, expected: str) -> None:
    once = canonicalize(given, "dedup")
    assert once == expected
    assert canonicalize(once, "dedup") == once


def test_dedup_options() -> None:
    url = "http://a/p?utm_source=x&b=2&fbclid=1&a=1&UTM_x=3#frag"
    assert (
        canonicalize(url, "dedup", strip_params=TRACKING_PARAMETERS) == "http://a/p?UTM_x=3&a=1&b=2"
    )
    assert (
        canonicalize(url, "dedup", strip_params=["utm_*", "fbclid", "UTM_x"])
        == "http://a/p?a=1&b=2"
    )
    assert (
        canonicalize(url, "dedup", sort_query=False, keep_fragment=True)
        == "http://a/p?utm_source=x&b=2&fbclid=1&a=1&UTM_x=3#frag"
    )
    # names are matched as form-decoded: utm%5Fsource and utm+x are utm_source and "utm x"
    assert (
        canonicalize("http://a/?utm%5Fsource=1&c=1", "dedup", strip_params=["utm_*"])
        == "http://a/?c=1"
    )
    assert canonicalize("http://a/?utm_a=1", "dedup", strip_params=["utm_*"]) == "http://a/"


# The URL of the report that a bare "tracking" was read as its characters (t, r, a, ...): it
# lost t and r and kept utm_source. "tracking" stands for TRACKING_PARAMETERS (utm_* among
# them); t, r, x and a parameter named "tracking" are none of them and stay, sorted by name.
TRACKING_EXAMPLE = "https://a.com/?t=1&r=2&x=3&tracking=4&utm_source=5&fbclid=6"
TRACKING_EXAMPLE_STRIPPED = "https://a.com/?r=2&t=1&tracking=4&x=3"


def test_strip_params_tracking_is_the_default_list() -> None:
    assert canonicalize(TRACKING_EXAMPLE, "dedup", strip_params="tracking") == (
        TRACKING_EXAMPLE_STRIPPED
    )
    assert canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=TRACKING_PARAMETERS) == (
        TRACKING_EXAMPLE_STRIPPED
    )
    # In a list, "tracking" is a parameter's name like any other.
    assert canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=["tracking"]) == (
        "https://a.com/?fbclid=6&r=2&t=1&utm_source=5&x=3"
    )


@pytest.mark.parametrize("bare", ["utm_source", "t", "", "Tracking", "tracking,fbclid"])
def test_strip_params_refuses_any_other_bare_string(bare: str) -> None:
    with pytest.raises(TypeError, match=r"list of parameter names.*\[" + repr(bare)):
        canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=bare)  # type: ignore[call-overload]
    # refused before the input is read: an invalid URL does not hide the mistake
    with pytest.raises(TypeError):
        canonicalize("not a url", "dedup", strip_params=bare)  # type: ignore[call-overload]


def test_strip_params_collections_and_patterns() -> None:
    expected = "https://a.com/?fbclid=6&r=2&t=1&tracking=4&x=3"
    for collection in (["utm_*"], ("utm_*",), {"utm_source"}, frozenset({"utm_*"})):
        assert canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=collection) == expected
    assert canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=re.compile("utm_.*")) == expected
    with pytest.raises(TypeError, match="must be a str"):
        canonicalize(TRACKING_EXAMPLE, "dedup", strip_params=[b"utm_source"])  # type: ignore[list-item]


# --- properties of every profile ---------------------------------------------------------------


def canonical_or_invalid(text: str, profile: str) -> str | None:
    try:
        return canonicalize(text, profile)
    except InvalidURL:
        return None


url_like = st.one_of(
    st.text(max_size=40),
    st.builds(
        "".join,
        st.lists(
            st.sampled_from(
                [
                    "http://",
                    "https://",
                    "ftp:",
                    "a",
                    "B",
                    ".",
                    "..",
                    "/",
                    "?",
                    "#",
                    "&",
                    "=",
                    "%",
                    "%2e",
                    "%25",
                    "%41",
                    "%7E",
                    "%3f",
                    "%2F",
                    "@",
                    ":",
                    "[",
                    "]",
                    "::1",
                    "0x7f",
                    "1",
                    "www.",
                    "www2.",
                    "é",
                    "☃",
                    " ",
                    "\t",
                    "\x00",
                    "\\",
                    "xn--",
                    ";",
                ]
            ),
            max_size=16,
        ),
    ),
)


@settings(max_examples=1500, deadline=None)
@given(url_like, st.sampled_from(PROFILES))
def test_only_invalid_url_escapes_and_output_is_deterministic(text: str, profile: str) -> None:
    first = canonical_or_invalid(text, profile)
    assert canonical_or_invalid(text, profile) == first


@settings(max_examples=1500, deadline=None)
@given(url_like, st.sampled_from(URL_PROFILES))
def test_idempotent(text: str, profile: str) -> None:
    once = canonical_or_invalid(text, profile)
    if once is not None:
        assert canonicalize(once, profile) == once


# --- stray "%" signs: a canonical form is a fixed point --------------------------------------

#: Pieces of percent-sequences: stray "%" signs (alone, doubled, before one hex digit, before
#: non-hex), escapes of unreserved characters that are hex digits themselves (%36 is "6", %31
#: "1", %61 "a", %46 "F"), of "%" itself, reserved and non-ASCII escapes, in both cases.
PERCENT_PIECES = [
    "%", "%%", "%2", "%25", "%252", "%36", "%31", "%61", "%46", "%7e", "%7E", "%2e", "%2E",
    "%3f", "%23", "%2f", "%c3%a9", "%zz", "%%7", "6", "1", "a", "F", ".", "/", "=", "&",
]  # fmt: skip
percent_run = st.lists(st.sampled_from(PERCENT_PIECES), max_size=8).map("".join)
#: Where the runs go: every component of special and non-special URLs, opaque hosts and paths,
#: schemeless text (safebrowsing and surt read it as a host).
PERCENT_TEMPLATES = [
    "http://h/{0}?{1}#{2}",
    "http://{0}:{1}@h/{2}",
    "http://h.com/{0}/{1}/../{2}",
    "foo://x{0}/{1}?{2}",
    "foo:/{0}?{1}#{2}",
    "mailto:{0}{1}{2}",
    "{0}.com/{1}?{2}",
    "http://{0}.com/?{1}={2}",
]
url_with_percents = st.builds(
    lambda template, runs: template.format(*runs),
    st.sampled_from(PERCENT_TEMPLATES),
    st.tuples(percent_run, percent_run, percent_run),
)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # The report: decoding %36%31 after a stray "%" made the escape %61, which a second pass
        # decoded. The stray "%" is the octet 0x25 (RFC 3986 §2.1, §2.4): "%25".
        ("http://host/%%36%31", "http://host/%2561"),
        ("http://host/%", "http://host/%25"),
        ("http://host/a%zz?x=%&y=%4#%%41", "http://host/a%25zz?x=%25&y=%254"),
        ("foo://h%zz/%?%#%", "foo://h%25zz/%25?%25"),  # opaque host
        ("mailto:%%7e", "mailto:%25~"),  # opaque path
        # What w3lib writes for a stray "%" in a query: canonicalize_url("http://h/?x=%") is
        # "http://h/?x=%25"
        ("http://h/?x=%", "http://h/?x=%25"),
    ],
)
def test_dedup_writes_a_stray_percent_sign_as_an_escape(given: str, expected: str) -> None:
    once = canonicalize(given, "dedup")
    assert once == expected
    assert canonicalize(once, "dedup") == once
    # The URL Standard's percent-decode (§1.3) reads both the same: the server sees the same
    # bytes.
    assert percent_decode_string(URL(once).pathname) == percent_decode_string(URL(given).pathname)


@settings(max_examples=1500, deadline=None)
@given(url_with_percents, st.sampled_from(URL_PROFILES))
def test_idempotent_on_percent_sequences(text: str, profile: str) -> None:
    once = canonical_or_invalid(text, profile)
    if once is not None:
        assert canonicalize(once, profile) == once


@settings(max_examples=500, deadline=None)
@given(url_with_percents)
def test_ssurt_of_percent_sequences_is_the_ssurt_of_their_href(text: str) -> None:
    # ssurt rearranges the whatwg profile's output: a key of the canonical form, not of text
    href = canonical_or_invalid(text, "whatwg")
    assert canonical_or_invalid(text, "ssurt") == (
        None if href is None else canonicalize(href, "ssurt")
    )


@settings(max_examples=1500, deadline=None)
@given(url_with_percents)
def test_surt_of_percent_sequences_is_the_surt_packages(text: str) -> None:
    # surt keys are no URLs (not idempotent by design); they must be the reference's keys
    try:
        expected: str | None = surt_package.surt(text)
    except ValueError:
        expected = None
    assert canonical_or_invalid(text, "surt") == expected


@pytest.mark.parametrize("corpus", CORPORA)
def test_every_corpus_line_through_every_profile(corpus: str) -> None:
    lines = 0
    for line in iter_corpus(corpus):
        lines += 1
        for profile in PROFILES:
            once = canonical_or_invalid(line, profile)
            if once is not None and profile in URL_PROFILES:
                assert canonicalize(once, profile) == once, (profile, line)
    assert lines > 1000


# --- the dedup fast path gives the full steps' result -------------------------------------------

#: (strip, keep_fragment, sort_query): the defaults, and each option turned the other way.
DEDUP_OPTION_SETS = [
    (None, False, True),
    (strip_params_pattern("tracking"), True, True),
    (None, True, False),
    (strip_params_pattern(["b", "a*"]), False, False),
]


def assert_dedup_fast_matches_full(url: URL, option_sets: int = len(DEDUP_OPTION_SETS)) -> bool:
    """Whether the fast path took ``url``; when it did, it agrees with the full steps."""
    took = False
    for strip, keep_fragment, sort_query in DEDUP_OPTION_SETS[:option_sets]:
        fast = dedup_module._fast_dedup(url.href, strip, keep_fragment, sort_query)
        if fast is not None:
            took = True
            full = dedup_module._full_dedup(url, strip, keep_fragment, sort_query)
            assert fast == full, (url.href, strip, keep_fragment, sort_query)
    return took


def test_dedup_fast_path_on_the_corpora() -> None:
    taken = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            url = URL.parse(line)
            if url is not None:
                taken += assert_dedup_fast_matches_full(url, option_sets=2)
    assert taken > 90_000  # most lines have no escape


#: Every shape the fast path tells apart: escapes (stray "%", "%25", either case, unreserved or
#: not), queries (empty, one parameter, several, empty parameters, tracking names), empty
#: fragments, dots before "/" and ":" in the path and the host.
DEDUP_PIECES = [
    "a", "B", "1", ".", "/", "./", "../", "?", "&", "&&", "=", "#", "%", "%25", "%2e", "%7e",
    "%7E", "%41", "%zz", "utm_source=1", "fbclid", "b=2", "a=1", ":", "@", "é", "~", " ",
]  # fmt: skip
#: What precedes them: special and non-special URLs, hosts (domains with and without a trailing
#: dot, IPv4, IPv6, IDN, opaque), userinfo, default and other ports, file URLs, opaque paths.
DEDUP_STARTS = [
    "http://a.com",
    "HTTP://A.COM/",
    "http://a.com.",
    "http://a.com..:81/",
    "http://9..",
    "http://u:p@a.com:80/",
    "https://a.com:443/x",
    "http://1.2.3.4/",
    "http://0x7f.1/",
    "http://[::1]:8080/",
    "http://xn--nxasmq6b.com/",
    "http://é.com/",
    "file:///",
    "file://h/",
    "foo://h./",
    "foo://u@h:1",
    "foo:",
    "mailto:",
]


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(DEDUP_STARTS),
    st.lists(st.sampled_from(DEDUP_PIECES), max_size=10).map("".join),
)
def test_dedup_fast_path_on_generated_urls(start: str, rest: str) -> None:
    url = URL.parse(start + rest)
    if url is not None:
        assert_dedup_fast_matches_full(url)
        assert canonicalize(url, "dedup") == dedup_module._full_dedup(url, None, False, True)
