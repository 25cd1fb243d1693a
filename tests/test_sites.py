"""Tests for urlspec.hosts.sites: the HTML Standard's site, same site and schemelessly same site.

Expected values: the HTML Standard's examples of same site / schemelessly same site (those that
hold with the Public Suffix List as it is now; its "wildlife.museum" rows assumed a list that had
"*.museum"), its definition of obtain a site, and the list's rules quoted beside other cases.
"""

from __future__ import annotations

import pytest

import urlspec
from urlspec import URL, InvalidURL
from urlspec.hosts.sites import (
    is_same_site,
    is_schemelessly_same_site,
    obtain_a_site,
    same_site,
    site,
)
from urlspec.origin import OpaqueOrigin, TupleOrigin


# HTML, "same site" examples: (A, B, schemelessly same site, same site).
@pytest.mark.parametrize(
    ("a", "b", "schemelessly", "schemeful"),
    [
        ("https://example.com", "https://sub.example.com", True, True),
        ("https://example.com", "https://sub.other.example.com", True, True),
        ("https://example.com", "http://non-secure.example.com", True, False),
        ("https://example.com", "https://example.com.", False, False),
        # "github.io" is a public suffix (PRIVATE section): its subdomains are separate sites.
        ("https://whatwg.github.io", "https://other.github.io", False, False),
        ("https://a.whatwg.github.io", "https://b.whatwg.github.io", True, True),
        # A host without a registrable domain is its own site.
        ("http://127.0.0.1:8080", "http://127.0.0.1:9090", True, True),
        ("http://127.0.0.1", "http://127.0.0.2", False, False),
        ("http://[::1]", "https://[::1]", True, False),
        ("https://github.io", "https://github.io:444", True, True),
        ("https://localhost", "https://a.localhost", False, False),
        # Ports never matter; IDN compare in A-labels.
        ("https://www.bücher.de:1", "https://xn--bcher-kva.de:2", True, True),
        # Opaque origins: never the same as another one.
        ("data:,x", "data:,x", False, False),
        ("https://example.com", "data:,x", False, False),
        ("file:///a", "file:///a", False, False),
    ],
)
def test_same_site(a: str, b: str, schemelessly: bool, schemeful: bool) -> None:
    assert same_site(a, b, schemeful=False) is schemelessly
    assert same_site(b, a, schemeful=False) is schemelessly
    assert same_site(a, b) is schemeful
    assert same_site(URL(a), URL(b), schemeful=True) is schemeful
    assert urlspec.same_site(a, b) is schemeful


def test_an_opaque_origin_is_same_site_with_itself() -> None:
    origin = OpaqueOrigin()
    assert is_same_site(origin, origin)
    assert is_schemelessly_same_site(origin, origin)
    assert not is_same_site(origin, OpaqueOrigin())
    assert obtain_a_site(origin) is origin


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.example.co.uk:8443/x", "https://example.co.uk"),
        ("http://EXAMPLE.com./", "http://example.com."),
        ("https://whatwg.github.io/", "https://whatwg.github.io"),
        ("https://github.io/", "https://github.io"),
        ("http://0x7f.1:80/", "http://127.0.0.1"),
        ("http://[::1]:8080/", "http://[::1]"),
        ("https://a.b.c.bücher.de/", "https://xn--bcher-kva.de"),
        ("blob:https://www.example.com/uuid", "https://example.com"),
        ("data:,x", None),
        ("file:///etc/passwd", None),
        ("mailto:a@example.com", None),
    ],
)
def test_site(url: str, expected: str | None) -> None:
    assert site(url) == expected
    assert site(URL(url)) == expected
    assert urlspec.site(url) == expected


def test_obtain_a_site_of_a_tuple_origin() -> None:
    assert obtain_a_site(TupleOrigin("https", "a.example.com", 8443)) == TupleOrigin(
        "https", "example.com", None
    )


def test_bad_arguments() -> None:
    with pytest.raises(InvalidURL):
        site("not a url")
    # (the compiled build's functions check their argument types first, with mypyc's message)
    with pytest.raises(TypeError, match=r"url must be a URL or a str|URL, str\] object expected"):
        same_site(b"https://example.com", "https://example.com")  # type: ignore[arg-type]
