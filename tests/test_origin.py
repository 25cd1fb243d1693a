"""Origins: the origin objects, their serialization, opaque uniqueness, same origin(-domain).

Expected values come from the URL Standard's origin section (https://url.spec.whatwg.org/#origin)
and from HTML's origin section (https://html.spec.whatwg.org/multipage/browsers.html#origin),
whose same-origin/same-origin-domain example table is reproduced below. The origins of the WPT
urltestdata URLs are checked with the parser's tests.
"""

from __future__ import annotations

import dataclasses

import pytest

import urlspec
from urlspec import URL, InvalidURL, OpaqueOrigin, TupleOrigin
from urlspec.origin import (
    effective_domain,
    is_same_origin,
    is_same_origin_domain,
    origin_of,
)
from urlspec.parser import basic_url_parse
from urlspec.url_record import URLRecord


def record(input: str) -> URLRecord:
    parsed = basic_url_parse(input)
    assert isinstance(parsed, URLRecord), input
    return parsed


# --- The origin objects -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "serialization"),
    [
        (TupleOrigin("https", "example.org", None), "https://example.org"),
        (TupleOrigin("https", "example.org", 8443), "https://example.org:8443"),
        (TupleOrigin("http", "example.org", 0), "http://example.org:0"),  # port 0 is a port
        (TupleOrigin("http", "[::1]", 81), "http://[::1]:81"),
        (TupleOrigin("ws", "127.0.0.1", None, "example.org"), "ws://127.0.0.1"),  # no domain
        (OpaqueOrigin(), "null"),
    ],
)
def test_ascii_serialization(origin: TupleOrigin | OpaqueOrigin, serialization: str) -> None:
    assert origin.serialize() == serialization
    assert str(origin) == serialization


def test_opaque_origins_are_each_unique() -> None:
    a, b = OpaqueOrigin(), OpaqueOrigin()
    assert a == a
    assert a != b
    assert len({a, b, a}) == 2
    assert is_same_origin(a, a)
    assert not is_same_origin(a, b)
    assert is_same_origin_domain(a, a)
    assert not is_same_origin_domain(a, b)


def test_tuple_origins_are_values() -> None:
    a = TupleOrigin("https", "example.org", None)
    assert a == TupleOrigin("https", "example.org", None, None)
    assert hash(a) == hash(TupleOrigin("https", "example.org", None))
    assert a != TupleOrigin("https", "example.org", 443)
    opaque: object = OpaqueOrigin()
    assert a != opaque
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.port = 1  # type: ignore[misc]


def test_tuple_origin_is_never_same_origin_with_an_opaque_one() -> None:
    tuple_origin = TupleOrigin("https", "example.org", None)
    opaque = OpaqueOrigin()
    assert not is_same_origin(tuple_origin, opaque)
    assert not is_same_origin(opaque, tuple_origin)
    assert not is_same_origin_domain(tuple_origin, opaque)


# HTML's example table (https://html.spec.whatwg.org/multipage/browsers.html#same-origin):
# A, B, same origin, same origin-domain.
HTML_SAME_ORIGIN_EXAMPLES = [
    (
        TupleOrigin("https", "example.org", None, None),
        TupleOrigin("https", "example.org", None, None),
        True,
        True,
    ),
    (
        TupleOrigin("https", "example.org", 314, None),
        TupleOrigin("https", "example.org", 420, None),
        False,
        False,
    ),
    (
        TupleOrigin("https", "example.org", 314, "example.org"),
        TupleOrigin("https", "example.org", 420, "example.org"),
        False,
        True,
    ),
    (
        TupleOrigin("https", "example.org", None, None),
        TupleOrigin("https", "example.org", None, "example.org"),
        True,
        False,
    ),
    (
        TupleOrigin("https", "example.org", None, "example.org"),
        TupleOrigin("http", "example.org", None, "example.org"),
        False,
        False,
    ),
]


@pytest.mark.parametrize(("a", "b", "same_origin", "same_origin_domain"), HTML_SAME_ORIGIN_EXAMPLES)
def test_html_same_origin_examples(
    a: TupleOrigin, b: TupleOrigin, same_origin: bool, same_origin_domain: bool
) -> None:
    assert is_same_origin(a, b) is same_origin
    assert is_same_origin(b, a) is same_origin
    assert is_same_origin_domain(a, b) is same_origin_domain
    assert is_same_origin_domain(b, a) is same_origin_domain


def test_effective_domain() -> None:
    assert effective_domain(TupleOrigin("https", "example.org", None)) == "example.org"
    assert effective_domain(TupleOrigin("https", "a.example.org", None, "example.org")) == (
        "example.org"
    )
    assert effective_domain(OpaqueOrigin()) is None


# --- The origin of a URL ------------------------------------------------------------------------


def test_spec_blob_example() -> None:
    # url.bs, example-43b5cea5.
    url = record("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f")
    assert origin_of(url) == TupleOrigin("https", "whatwg.org", None, None)


@pytest.mark.parametrize(
    ("input", "expected"),
    [
        ("https://example.org/a?b#c", TupleOrigin("https", "example.org", None)),
        ("https://example.org:443/", TupleOrigin("https", "example.org", None)),  # default: null
        ("https://example.org:8443/", TupleOrigin("https", "example.org", 8443)),
        ("HTTP://User:Pass@EXAMPLE.org:80/", TupleOrigin("http", "example.org", None)),
        ("ftp://example.org:21/", TupleOrigin("ftp", "example.org", None)),
        ("ws://[::1]:81/", TupleOrigin("ws", "[::1]", 81)),
        ("wss://0x7f.1/", TupleOrigin("wss", "127.0.0.1", None)),
        ("blob:http://example.org:8080/uuid", TupleOrigin("http", "example.org", 8080)),
    ],
)
def test_tuple_origin_of_url(input: str, expected: TupleOrigin) -> None:
    assert origin_of(record(input)) == expected


@pytest.mark.parametrize(
    "input",
    [
        "file:///etc/passwd",  # "when in doubt, return a new opaque origin"
        "file://host/share",
        "data:text/plain,hi",
        "foo://example.org/",
        "mailto:a@example.org",
        "javascript:alert(1)",
        "blob:ftp://example.org/uuid",  # only http, https and file inner URLs give their origin
        "blob:ws://example.org/uuid",
        "blob:file:///uuid",  # file's origin is opaque
        "blob:blob:https://example.org/uuid",
        "blob:not a url",  # the path does not parse
        "blob:",
    ],
)
def test_opaque_origin_of_url(input: str) -> None:
    url = record(input)
    origin = origin_of(url)
    assert isinstance(origin, OpaqueOrigin)
    assert origin.serialize() == "null"
    # A new opaque origin each time: such a URL is not same origin with itself.
    assert not is_same_origin(origin, origin_of(url))


def test_url_origin_getter_serializes() -> None:
    assert URL("https://example.org:8443/x").origin == "https://example.org:8443"
    assert URL("blob:https://whatwg.org/uuid").origin == "https://whatwg.org"
    assert URL("file:///x").origin == "null"
    assert URL("http://[0::1]/").origin == "http://[::1]"


# --- get_origin: the public way to an Origin object -----------------------------------------------


@pytest.mark.parametrize(
    ("input", "expected"),
    [
        ("https://example.org:8443/x", TupleOrigin("https", "example.org", 8443)),
        ("blob:https://whatwg.org/uuid", TupleOrigin("https", "whatwg.org", None)),
    ],
)
def test_get_origin_gives_the_origin_itself(input: str, expected: TupleOrigin) -> None:
    import urlspec

    assert urlspec.get_origin(URL(input)) == expected
    assert urlspec.get_origin(input) == expected  # a string is parsed first
    assert str(urlspec.get_origin(input)) == URL(input).origin


def test_get_origin_opaque_and_invalid() -> None:
    import urlspec

    assert isinstance(urlspec.get_origin("data:,x"), urlspec.OpaqueOrigin)
    with pytest.raises(urlspec.InvalidURL):
        urlspec.get_origin("not a url")


def test_get_origin_refuses_what_is_not_a_url() -> None:
    # A string that does not parse raises what URL(...) raises (missing-scheme-non-relative-URL:
    # https://url.spec.whatwg.org/#no-scheme-state); a non-string, non-URL is a TypeError.
    with pytest.raises(InvalidURL) as raised:
        urlspec.get_origin("not a URL")
    assert raised.value.errors[-1].name == "missing-scheme-non-relative-URL"
    with pytest.raises(TypeError):
        urlspec.get_origin(42)
