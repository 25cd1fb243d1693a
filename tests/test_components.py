"""yarl's with_* methods on urlspec.URL (urlspec.toolkit.components), and ``update_query`` /
``extend_query`` given a string.

The reference is yarl itself (the ``test`` extra installs it): on URLs and values where yarl's
RFC 3986 model and the URL Standard write the same href, urlspec must give yarl's answer,
errors included (yarl raises ValueError or TypeError; urlspec's StrictReplaceError is a
ValueError). Where the two models differ, the expected values come from the URL Standard's
setters (https://url.spec.whatwg.org/#urlutils-members), and the difference is the one
docs/toolkit.md's "Coming from yarl" table names.
"""

from __future__ import annotations

import pytest
import yarl

from urlspec import URL, StrictReplaceError

#: URLs whose href yarl writes as the URL Standard does.
URLS = [
    "http://example.com/a/b?x=1#f",
    "https://u:p@example.com:8443/p",
    "http://example.com/",
    "ws://h/chat?x",
    "http://[::1]:8080/x",
    "foo://h/a",
]

#: (method, argument) pairs on which the two agree for every URL above (but the rows of
#: DIFFERENCES).
CHANGES: list[tuple[str, object]] = [
    ("with_scheme", "https"),
    ("with_scheme", "ws"),
    ("with_scheme", "foo"),
    ("with_scheme", "HTTP"),
    ("with_user", "bob"),
    ("with_user", "a b@c"),
    ("with_user", None),
    ("with_user", "100%"),
    ("with_user", ""),
    ("with_password", "s3cr:t"),
    ("with_password", None),
    ("with_password", "50%"),
    ("with_host", "example.org"),
    ("with_host", "EXAMPLE.ORG"),
    ("with_host", "bücher.de"),
    ("with_host", "127.0.0.1"),
    ("with_host", "::1"),
    ("with_host", "h:80"),
    ("with_host", "a b"),
    ("with_port", 8080),
    ("with_port", None),
    ("with_port", 0),
    ("with_port", 65535),
    ("with_path", "/new/path"),
    ("with_path", "new"),
    ("with_path", "/a b/ä"),
    ("with_path", "/a/../b"),
    ("with_path", "/50%"),
    ("with_path", "/a?b#c"),
    ("with_fragment", "frag"),
    ("with_fragment", "a b"),
    ("with_fragment", None),
    ("with_fragment", ""),
    ("with_fragment", "x/y?z"),
    ("with_fragment", "100%"),
    ("update_query", "c=1"),
    ("update_query", "x=2&c=a+b"),
    ("update_query", "c"),
    ("update_query", "c=%41&c=2"),
    ("extend_query", "x=2&c=3"),
]

#: Where the URL Standard makes urlspec differ: (URL, method, argument, urlspec's href).
DIFFERENCES = {
    # A non-special URL's host is opaque: neither lowercased nor IDNA-mapped (the host parser,
    # https://url.spec.whatwg.org/#concept-opaque-host-parser).
    ("foo://h/a", "with_host", "EXAMPLE.ORG"): "foo://EXAMPLE.ORG/a",
    ("foo://h/a", "with_host", "bücher.de"): "foo://b%C3%BCcher.de/a",
    # An edited query is written whole by the application/x-www-form-urlencoded serializer, as
    # URLSearchParams's update steps write it: the pair "x" becomes "x=" (yarl keeps the text).
    ("ws://h/chat?x", "extend_query", "x=2&c=3"): "ws://h/chat?x=&x=2&c=3",
}


def _yarl(url: str, method: str, argument: object) -> str:
    try:
        return str(getattr(yarl.URL(url), method)(argument))
    except (ValueError, TypeError) as error:
        return f"raises {type(error).__name__}"


def _urlspec(url: str, method: str, argument: object) -> str:
    try:
        return str(getattr(URL(url), method)(argument).href)
    except StrictReplaceError:
        return "raises ValueError"
    except (ValueError, TypeError) as error:
        return f"raises {type(error).__name__}"


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize(("method", "argument"), CHANGES)
def test_as_yarl(url: str, method: str, argument: object) -> None:
    expected = DIFFERENCES.get((url, method, argument)) or _yarl(url, method, argument)
    assert _urlspec(url, method, argument) == expected


@pytest.mark.parametrize(
    ("url", "method", "argument", "expected", "yarls"),
    [
        # A special URL's path is never empty: "/" at least.
        ("http://h/a", "with_path", "", "http://h/", "http://h"),
        # A string query is read as URLSearchParams reads one: a leading "?" is no part of it.
        ("http://h/", "update_query", "?c=1", "http://h/?c=1", "http://h/??c=1"),
        # "[::1]" is what the hostname getter gives: with_host takes it back.
        ("http://h/", "with_host", "[::1]", "http://[::1]/", "raises ValueError"),
        # "#" is in no percent-encode set of the fragment: the fragment "#a" is written "##a".
        ("http://h/", "with_fragment", "#a", "http://h/##a", "http://h/#%23a"),
    ],
)
def test_documented_differences(
    url: str, method: str, argument: object, expected: str, yarls: str
) -> None:
    assert _yarl(url, method, argument) == yarls  # the difference is real
    assert _urlspec(url, method, argument) == expected


@pytest.mark.parametrize(
    ("url", "method", "argument"),
    [
        ("mailto:a@b", "with_host", "h"),  # an opaque path has no host to set
        ("mailto:a@b", "with_path", "/x"),
        ("mailto:a@b", "with_user", "u"),
        ("file:///x", "with_port", 1),  # a file: URL has no port or credentials
        ("file:///x", "with_user", "u"),
        ("http://h/", "with_host", "a b"),  # a forbidden host code point
        ("http://h/", "with_scheme", "1x"),  # not a scheme
        ("http://h/", "with_port", 65536),
        ("http://h/", "with_port", -1),
        ("http://h/", "with_host", ""),  # yarl: "host removing is not allowed"
    ],
)
def test_refused_with_value_error(url: str, method: str, argument: object) -> None:
    with pytest.raises(ValueError):
        getattr(URL(url), method)(argument)


@pytest.mark.parametrize(
    ("method", "argument"),
    [
        ("with_port", True),  # a bool is no port (yarl refuses it too)
        ("with_port", "80"),
        ("with_host", None),
        ("with_scheme", None),
        ("with_user", 1),
        ("with_password", b"p"),
        ("with_path", None),
        ("with_fragment", 1),
    ],
)
def test_wrong_types_raise_type_error(method: str, argument: object) -> None:
    assert _yarl("http://h/", method, argument) == "raises TypeError"
    with pytest.raises(TypeError):
        getattr(URL("http://h/"), method)(argument)


@pytest.mark.parametrize(
    ("url", "scheme", "expected"),
    [
        # special <-> special and non-special <-> non-special: the protocol setter
        ("http://h:443/p", "https", "https://h/p"),  # 443 is https's default
        ("a:b", "c", "c:b"),
        # special <-> non-special: the href parsed with the new scheme
        ("foo://H/a?q#f", "http", "http://h/a?q#f"),
        ("foo://h:80/a", "http", "http://h/a"),
        ("http://h/a", "foo", "foo://h/a"),
        ("file:///a", "foo", "foo:///a"),
        ("foo:///a", "file", "file:///a"),
    ],
)
def test_with_scheme(url: str, scheme: str, expected: str) -> None:
    assert URL(url).with_scheme(scheme).href == expected


@pytest.mark.parametrize(
    ("url", "scheme", "why"),
    [
        ("foo:///a", "http", "needs a host"),  # http:///a would read "a" as the host
        ("foo:a", "http", "needs a host"),  # yarl: not allowed for relative URLs
        ("foo://h/a\\b", "http", "pathname"),  # "\\" would be a separator
        ("http://u@h/", "file", "credentials"),  # a file: URL has no credentials
    ],
)
def test_with_scheme_refuses_a_change_of_meaning(url: str, scheme: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        URL(url).with_scheme(scheme)


def test_with_path_keeps_what_it_is_told() -> None:
    url = URL("http://h/a?q=1#f")
    for keep_query in (False, True):
        for keep_fragment in (False, True):
            got = url.with_path("/b", keep_query=keep_query, keep_fragment=keep_fragment)
            reference = yarl.URL(str(url)).with_path(
                "/b", keep_query=keep_query, keep_fragment=keep_fragment
            )
            assert got.href == str(reference)


def test_with_path_encoded_keeps_percent_encoded_bytes() -> None:
    url = URL("http://h/")
    assert url.with_path("/a%2Fb", encoded=True).href == "http://h/a%2Fb"
    assert str(yarl.URL("http://h/").with_path("/a%2Fb", encoded=True)) == "http://h/a%2Fb"
    # text: "\\" and "|" are characters, never a separator or a drive letter
    assert URL("file:///").with_path("/C|/a\\b").href == "file:///C%7C/a%5Cb"


def test_port_accessors_as_yarl_names_them() -> None:
    # yarl: explicit_port is the written port, port the effective one
    for href in ("http://h:8080/", "http://h/", "foo://h/", "foo://h:1/"):
        url, reference = URL(href), yarl.URL(href)
        assert url.explicit_port == url.port_number == reference.explicit_port
        assert url.effective_port == reference.port
    # the standard keeps no default port: yarl's explicit_port is 80 here, urlspec's None
    assert yarl.URL("http://h:80/").explicit_port == 80
    assert URL("http://h:80/").explicit_port is None


def test_subclasses_get_their_class() -> None:
    class MyURL(URL):
        __slots__ = ()

    url = MyURL("http://h/a")
    for method, argument in CHANGES:
        if _urlspec("http://h/a", method, argument).startswith("raises"):
            continue
        assert type(getattr(url, method)(argument)) is MyURL


def test_no_change_is_the_url_itself() -> None:
    url = URL("http://h/a")
    assert url.with_port(None) is url
    assert url.with_user(None) is url
    assert url.with_password(None) is url
    assert url.with_fragment(None) is url
    assert url.with_scheme("http") is url
