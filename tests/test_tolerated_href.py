"""Tier 3 of the fast path (urlspec.tolerated_href): the href and the validation errors of inputs
with the flaws it takes are the URL Standard's, and the state machine's."""

from __future__ import annotations

import pytest
from test_fast_path import check_fast_path

from urlspec.tolerated_href import fast_href_and_errors
from urlspec.url import URL
from urlspec.validation import ValidationError

# Inputs the parser accepts with validation errors that the fast path's third tier takes, with
# their href and errors as the URL Standard gives them (WPT's urltestdata.json has the hrefs of
# such inputs, e.g. "http://a_b/" and "http://example.com\\foo\\bar").
TOLERATED = [
    ("http://a_b.com/", "http://a_b.com/", [("domain-to-ASCII", 7)]),
    ("HTTPS://WWW.A_B_C.COM:443", "https://www.a_b_c.com/", [("domain-to-ASCII", 8)]),
    (
        "http://a.com\\x\\y.html",
        "http://a.com/x/y.html",
        [
            ("invalid-reverse-solidus", 12),
            ("invalid-reverse-solidus", 14),
        ],
    ),
    (
        "http://x_y:8080\\z?q#f",
        "http://x_y:8080/z?q#f",
        [
            ("domain-to-ASCII", 7),
            ("invalid-reverse-solidus", 15),
        ],
    ),
    ("file:///C:\\Windows", "file:///C:/Windows", [("invalid-reverse-solidus", 10)]),
    ("file://.github/x.yml", "file://.github/x.yml", [("domain-to-ASCII", 7)]),
    ('https://"www.Example.com/0', 'https://"www.example.com/0', [("domain-to-ASCII", 8)]),
    # The special-query percent-encode set encodes " <>'; the fragment one " <>`.
    (
        "http://a.b/?x y'{}#a b`{%",
        "http://a.b/?x%20y%27{}#a%20b%60{%",
        [("invalid-URL-unit", i) for i in (13, 16, 17, 20, 22, 23, 24)],
    ),
    (
        "http://a.b/?%zz#%4",
        "http://a.b/?%zz#%4",
        [("invalid-URL-unit", 12), ("invalid-URL-unit", 16)],
    ),
    (
        "http://a.b?q#f#g|",
        "http://a.b/?q#f#g|",
        [("invalid-URL-unit", 14), ("invalid-URL-unit", 16)],
    ),
    (
        "HTTP://A_B\\C?\\",
        "http://a_b/C?\\",
        [("domain-to-ASCII", 7), ("invalid-reverse-solidus", 10), ("invalid-URL-unit", 13)],
    ),
]


@pytest.mark.parametrize(("input", "href", "errors"), TOLERATED)
def test_tolerated(input: str, href: str, errors: list[tuple[str, int]]) -> None:
    assert fast_href_and_errors(input) == (href, [ValidationError(*e) for e in errors])
    assert URL(input).href == href
    assert check_fast_path(input)
