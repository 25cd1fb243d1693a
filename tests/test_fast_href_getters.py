"""The record, getters and origin of a fast-path URL read off its href
(urlspec.fast_href_getters), against the URL Standard's record and getter steps.

(tests/test_fast_path.py checks them against the state machine on every input the fast path
takes.)"""

from __future__ import annotations

import pytest

from urlspec.fast_href_getters import (
    getter_values_from_fast_href,
    origin_from_fast_getter_values,
    record_from_fast_href,
)
from urlspec.host import HostKind
from urlspec.url import URL
from urlspec.url_record import URLRecord

# Hrefs and their records and getters, as the URL Standard gives them: the parts of a normalized
# href are the record's fields (https://url.spec.whatwg.org/#concept-url-serializer read back),
# and the getters (https://url.spec.whatwg.org/#urlutils-members) leave out an empty query or
# fragment with its delimiter.
RECORDS = [
    (
        "http://example.com:8080/p/q?x=1#frag",
        URLRecord("http", "", "", "example.com", HostKind.DOMAIN, 8080, ["p", "q"], "x=1", "frag"),
        ("http:", "", "", "example.com:8080", "example.com", "8080", "/p/q", "?x=1", "#frag"),
        "http://example.com:8080",
    ),
    (
        "https://1.2.3.4/?#",
        URLRecord("https", "", "", "1.2.3.4", HostKind.IPV4, None, [""], "", ""),
        ("https:", "", "", "1.2.3.4", "1.2.3.4", "", "/", "", ""),
        "https://1.2.3.4",
    ),
    (
        "file:///tmp/x",
        URLRecord("file", "", "", "", HostKind.EMPTY, None, ["tmp", "x"], None, None),
        ("file:", "", "", "", "", "", "/tmp/x", "", ""),
        "null",
    ),
    (
        "sc://Host.1",
        URLRecord("sc", "", "", "Host.1", HostKind.OPAQUE, None, [], None, None),
        ("sc:", "", "", "Host.1", "Host.1", "", "", "", ""),
        "null",
    ),
    (
        "node:url?q",
        URLRecord("node", "", "", None, HostKind.NONE, None, "url", "q", None),
        ("node:", "", "", "", "", "", "url", "?q", ""),
        "null",
    ),
    (
        "blob:https://example.com:443/uuid",
        URLRecord(
            "blob", "", "", None, HostKind.NONE, None, "https://example.com:443/uuid", None, None
        ),
        ("blob:", "", "", "", "", "", "https://example.com:443/uuid", "", ""),
        None,  # from the path's URL: urlspec.origin's work
    ),
]


@pytest.mark.parametrize(("href", "record", "getters", "origin"), RECORDS)
def test_record_getters_and_origin_of_a_fast_href(
    href: str, record: URLRecord, getters: tuple[str, ...], origin: str | None
) -> None:
    assert record_from_fast_href(href) == record
    assert getter_values_from_fast_href(href) == getters
    assert origin_from_fast_getter_values(getters) == origin


def test_an_href_not_made_by_the_fast_path_is_refused() -> None:
    with pytest.raises(ValueError, match="not an href made by the fast path"):
        getter_values_from_fast_href("http://example.com/a b")  # a space: never in one


def test_the_record_is_built_lazily_and_equals_the_parsers() -> None:
    url = URL("https://example.com/a/b?c#d")
    assert url._parsed is None
    expected = URLRecord(
        "https", "", "", "example.com", HostKind.DOMAIN, None, ["a", "b"], "c", "d"
    )
    assert url._record == expected
    assert url._parsed is url._record  # built once
    assert url.host_kind is HostKind.DOMAIN
    assert url.path_segments == ("a", "b")


def test_getters_of_fast_path_urls() -> None:
    url = URL("HTTP://Example.com:8080/p/q?x=1#frag")
    assert url.href == "http://example.com:8080/p/q?x=1#frag"
    assert (url.protocol, url.username, url.password) == ("http:", "", "")
    assert (url.host, url.hostname, url.port) == ("example.com:8080", "example.com", "8080")
    assert (url.pathname, url.search, url.hash) == ("/p/q", "?x=1", "#frag")
    assert url.origin == "http://example.com:8080"
    empty = URL("https://example.com/?#")
    assert (empty.search, empty.hash, empty.href) == ("", "", "https://example.com/?#")
    assert URL("file:///tmp/x").origin == "null"
    assert URL("blob:https://example.com:443/uuid").origin == "https://example.com"
    assert URL("node:url").pathname == "url"
