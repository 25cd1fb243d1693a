"""urlspec.guard.redirects: the redirect step of the Fetch standard, shared by every guarded
client. Expected values: https://fetch.spec.whatwg.org/#http-redirect-fetch (steps 2, 6, 12, 13),
https://fetch.spec.whatwg.org/#concept-response-location-url and the URL Standard's parser
(a browser's reading of a Location)."""

from __future__ import annotations

import pytest

from urlspec import URL
from urlspec.guard import Policy, Refused
from urlspec.guard.redirects import (
    CROSS_ORIGIN_HEADERS,
    REQUEST_BODY_HEADERS,
    follow,
    location_text,
    location_url,
)

CURRENT = URL("http://public.test:8080/a/b?q#frag")
POLICY = Policy(max_redirects=2)


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        # UTS #46 maps fullwidth letters (URL Standard host parser, domain to ASCII).
        ("http://ｐｕｂｌｉｃ.test/ok", "http://public.test/ok#frag"),
        # The parser removes ASCII tab and newline anywhere (basic URL parser, step 3).
        ("http://pub\tlic.test/ok", "http://public.test/ok#frag"),
        # A special URL's scheme without "//" and the same scheme as the base: relative
        # (special relative or authority state).
        ("http:ok", "http://public.test:8080/a/ok#frag"),
        ("//other.test/x", "http://other.test/x#frag"),
        ("../c", "http://public.test:8080/c#frag"),
        # A Location with a fragment keeps its own; an empty one is a fragment too.
        ("/x#own", "http://public.test:8080/x#own"),
        ("/x#", "http://public.test:8080/x#"),
        ("\\\\other.test\\y", "http://other.test/y#frag"),
    ],
)
def test_a_location_is_read_as_a_browser_reads_it(location: str, expected: str) -> None:
    url = location_url([location], CURRENT)
    assert url is not None
    assert url.href == expected


def test_location_bytes_are_read_as_utf8_when_they_are() -> None:
    # "é" is C3 A9 in UTF-8; http.client hands it over as two Latin-1 characters.
    assert location_text(b"/caf\xc3\xa9") == "/café"
    assert location_text("/caf\xc3\xa9") == "/café"
    assert location_text(b"/caf\xe9") == "/café"  # not UTF-8: one character per byte
    assert location_text("/plain") == "/plain"


@pytest.mark.parametrize("locations", [["http://[::1"], ["http://a b/"], ["/a", "/b"]])
def test_a_location_that_is_not_one_url_is_refused(locations: list[str]) -> None:
    with pytest.raises(Refused) as refused:
        follow(302, locations, CURRENT, "GET", 0, POLICY)
    assert (refused.value.reason, refused.value.hop_reason) == ("redirect-refused", "invalid-url")


def test_no_location_or_no_redirect_status_is_no_redirect() -> None:
    assert follow(302, [], CURRENT, "GET", 0, POLICY) is None
    for status in (200, 300, 304, 305, 306, 399):
        assert follow(status, ["/x"], CURRENT, "GET", 0, POLICY) is None


def test_the_redirect_count_is_the_sequences() -> None:
    # Step 6: the limit applies to the redirects followed before this one.
    assert follow(302, ["/x"], CURRENT, "GET", 1, POLICY) is not None
    with pytest.raises(Refused) as refused:
        follow(302, ["/x"], CURRENT, "GET", 2, POLICY)
    assert refused.value.reason == "too-many-redirects"
    with pytest.raises(Refused):
        follow(302, ["/x"], CURRENT, "GET", 0, Policy(max_redirects=0))


@pytest.mark.parametrize(
    ("status", "method", "expected_method", "keeps_body"),
    [
        (301, "POST", "GET", False),
        (302, "POST", "GET", False),
        (301, "PUT", "PUT", True),
        (302, "DELETE", "DELETE", True),
        (303, "POST", "GET", False),
        (303, "PUT", "GET", False),
        (303, "HEAD", "HEAD", True),
        (303, "GET", "GET", True),
        (307, "POST", "POST", True),
        (308, "PUT", "PUT", True),
    ],
)
def test_the_method_and_body_follow_step_12(
    status: int, method: str, expected_method: str, keeps_body: bool
) -> None:
    redirect = follow(status, ["/x"], CURRENT, method, 0, POLICY)
    assert redirect is not None
    assert (redirect.method, redirect.keep_body, redirect.hop) == (expected_method, keeps_body, 1)
    assert (redirect.drop_headers >= REQUEST_BODY_HEADERS) == (not keeps_body)
    assert not redirect.cross_origin


@pytest.mark.parametrize(
    ("location", "cross"),
    [
        ("/same", False),
        ("http://public.test:8080/x", False),
        ("http://public.test/x", True),  # another port is another origin
        ("https://public.test:8080/x", True),  # another scheme too
        ("http://other.test:8080/x", True),
    ],
)
def test_credentials_stay_on_their_origin(location: str, cross: bool) -> None:
    redirect = follow(307, [location], CURRENT, "GET", 0, POLICY)
    assert redirect is not None
    assert redirect.cross_origin is cross
    assert (redirect.drop_headers >= CROSS_ORIGIN_HEADERS) is cross
