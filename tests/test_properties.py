"""Properties of the URL parser that hold for every input (checked with hypothesis).

* Idempotence: the URL serializer's output parses back to the same URL
  (https://url.spec.whatwg.org/#url-serializing aims at this; the "/." rule exists for it).
* Robustness: no input makes the parser raise anything but InvalidURL.
* Validation: ``validate`` ends with a fatal error exactly when parsing fails.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urlspec import InvalidURL
from urlspec.url import URL, validate

# Code points URL syntax gives meaning to, and a few that it encodes, strips or rejects.
URLISH = st.sampled_from(
    list(":/?#[]@%\\.")
    + list("0123456789abcdefxAFX")
    + ["http", "https", "file", "sc", "ws", "//", "..", "%2e", "%2E", "%41", "c|", "C:", "::", "0x"]
    + [" ", "\t", "\n", "\x00", "\x1f", "\x7f", "|", "^", "<", "'", "`", "{", '"', "~"]
    + ["é", "ß", "💩", "\u200d", "\ufffd", "\ufdd0", "xn--", "\u3002", "Ｇ", "\U0010ffff"]
)
URLISH_TEXT = st.lists(URLISH, max_size=40).map("".join)
SCHEMES = st.sampled_from(["http://", "https://", "file://", "file:", "sc://", "sc:", "ws:", ""])
URLISH_WITH_SCHEME = st.builds(lambda scheme, rest: scheme + rest, SCHEMES, URLISH_TEXT)
BASES = st.sampled_from(
    [None, "https://example.org/a/b?q#f", "file:///C:/dir/file", "sc://host/p", "sc:opaque"]
)


def check_idempotent(url: URL) -> None:
    reparsed = URL(url.href)
    assert reparsed == url
    assert reparsed.href == url.href


@settings(max_examples=400)
@given(input=URLISH_WITH_SCHEME, base=BASES)
@example(input="web+demo:/.//not-a-host/", base=None)
@example(input="web+demo:/path/..//not-a-host/", base=None)
@example(input="sc:a b ?q", base=None)
@example(input="..//host", base="sc:/a")
def test_serialization_is_idempotent(input: str, base: str | None) -> None:
    url = URL.parse(input, base)
    if url is not None:
        check_idempotent(url)


@settings(max_examples=400)
@given(input=st.text(max_size=60), base=BASES)
def test_arbitrary_text_raises_only_invalid_url(input: str, base: str | None) -> None:
    try:
        url = URL(input, base)
    except InvalidURL:
        assert URL.parse(input, base) is None
        assert not URL.can_parse(input, base)
        return
    check_idempotent(url)


@settings(max_examples=300)
@given(input=URLISH_WITH_SCHEME, base=BASES)
def test_urlish_text_raises_only_invalid_url(input: str, base: str | None) -> None:
    parsed = URL.parse(input, base)
    errors = validate(input, base)
    assert all(0 <= error.position <= max(len(input), len(base or "")) for error in errors)
    if parsed is None:
        assert errors, "a failure always has a fatal validation error"
        try:
            URL(input, base)
        except InvalidURL as raised:
            assert raised.errors == errors
        else:
            raise AssertionError("URL() accepted what URL.parse() rejected")


# Inputs built to make a careless parser quadratic (string concatenation in a loop, rescanning
# the buffer at each "@" or "[", per-digit big-integer work, ...). At this size a quadratic
# parser takes minutes; this one takes well under a second each. The expected results follow
# from the spec's steps.
N = 100_000


def test_long_dot_segments() -> None:
    assert URL("https://h/" + "./" * N).href == "https://h/"
    assert URL("https://h/" + "../" * N + "x").href == "https://h/x"
    assert URL("https://h/" + "a/../" * N).pathname == "/"


def test_many_at_signs() -> None:
    url = URL("https://" + "a@" * N + "h/")
    assert url.username == "a" + "%40a" * (N - 1)
    assert url.hostname == "h"
    assert len(validate("https://" + "@" * N + "h/")) == N


def test_many_brackets_and_colons() -> None:
    assert URL.parse("https://[" * N) is None
    assert URL.parse("sc://" + "[]" * N) is None
    assert URL.parse("sc://[" + ":" * N) is None
    assert URL("sc://a" + ":" * N + "@h/").password == "%3A" * (N - 1)


def test_long_ports() -> None:
    assert URL("https://h:" + "0" * N + "8080/").port == "8080"
    with pytest.raises(InvalidURL, match="port-out-of-range"):
        URL("https://h:" + "9" * N)


def test_long_opaque_path_query_and_fragment() -> None:
    assert URL("sc:" + "a " * N + "?").opaque_path == "a " * (N - 1) + "a%20"
    assert URL("https://h/?" + "%" * N).search == "?" + "%" * N
    assert len(validate("https://h/#" + "%" * N)) == N
    assert URL("https://h/" + "\t" * N + "x").href == "https://h/x"


# --- Lone surrogates ------------------------------------------------------------------------------
# A Python str can hold surrogates (st.text() never generates them). The URL API takes
# USVStrings: Web IDL reads the string as UTF-16, joins a high surrogate followed by a low one
# into one code point and makes every other surrogate U+FFFD
# (https://webidl.spec.whatwg.org/#dfn-obtain-a-usvstring).

SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, exclude_categories=())
# (st.text() leaves surrogates out whatever its alphabet: join lists of code points instead.)
ANY_CODE_POINT_TEXT = st.lists(st.one_of(st.characters(), SURROGATES), max_size=60).map("".join)
URLISH_WITH_SURROGATES = st.builds(
    lambda scheme, parts: scheme + "".join(parts),
    SCHEMES,
    st.lists(st.one_of(URLISH, SURROGATES), max_size=40),
)


def as_usv_string(value: str) -> str:
    """Web IDL's USVString conversion, through UTF-16 as it is defined."""
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def check_parses_as_its_usv_string(input: str, base: str | None) -> None:
    url = URL.parse(input, base)
    expected = URL.parse(as_usv_string(input), base)
    assert url == expected
    assert URL.can_parse(input, base) is (expected is not None)
    if url is not None:
        url.href.encode("utf-8")  # no surrogate is left in any component
        assert URL(input, base) == url
        check_idempotent(url)


@settings(max_examples=300)
@given(input=ANY_CODE_POINT_TEXT, base=BASES)
@example(input="https://h/\ud800", base=None)
@example(input="https://\udc00/", base=None)
@example(input="sc:\ud83d\udca9?\udfff#\ud83d", base=None)
def test_any_text_with_surrogates_parses_as_its_usv_string(input: str, base: str | None) -> None:
    check_parses_as_its_usv_string(input, base)


@settings(max_examples=300)
@given(input=URLISH_WITH_SURROGATES, base=BASES)
def test_urlish_text_with_surrogates_parses_as_its_usv_string(input: str, base: str | None) -> None:
    check_parses_as_its_usv_string(input, base)


def test_lone_surrogates_become_replacement_characters() -> None:
    # U+FFFD is UTF-8 EF BF BD, percent-encoded in the path, query and fragment; a surrogate
    # pair is one code point (U+1F4A9 here).
    url = URL("https://h/\ud800?\udc00#\ud83d\udca9")
    assert url.href == "https://h/%EF%BF%BD?%EF%BF%BD#%F0%9F%92%A9"
    assert URL.parse("https://\ud800/") is None  # U+FFFD is not valid in a domain (UTS #46)


@settings(max_examples=200)
@given(
    setter=st.sampled_from(["pathname", "search", "hash", "username", "password", "hostname"]),
    value=ANY_CODE_POINT_TEXT,
)
def test_setters_take_usv_strings(setter: str, value: str) -> None:
    url = URL("https://user:pass@example.org/p?q#f")
    assert url.replace(**{setter: value}) == url.replace(**{setter: as_usv_string(value)})
