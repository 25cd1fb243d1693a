"""join, joinpath and ``/`` (urlspec.toolkit.joining).

``join`` is the URL Standard's resolution, so its expected values are WPT's (urltestdata.json
entries with a base); ``joinpath`` expected values are worked out from its contract: each text
segment percent-encoded with the path percent-encode set (https://url.spec.whatwg.org/#path-percent-encode-set)
plus "/", "\\" and "%".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import load_wpt, missing, wpt_path
from toolkit_strategies import URLS

from urlspec import URL, InvalidURL
from urlspec.percent_encoding import percent_decode_string


class MyURL(URL):
    __slots__ = ()


def test_join_is_resolution_as_wpt_expects() -> None:
    cases = [e for e in load_wpt("urltestdata.json") if e.get("base") and not e.get("failure")]
    if not cases:
        missing(wpt_path("urltestdata.json"), "wpt")  # skips, or fails under CI
    checked = 0
    for case in cases:
        base = URL.parse(case["base"])
        if base is None:
            continue
        assert base.join(case["input"]).href == case["href"], case
        checked += 1
    assert checked > 250


def test_join_returns_the_callers_class_and_raises_invalid_url() -> None:
    base = MyURL("https://example.com/a/b")
    joined = base.join("../c?d")
    assert type(joined) is MyURL and joined.href == "https://example.com/c?d"
    with pytest.raises(InvalidURL):
        base.join("http://[::1")


@pytest.mark.parametrize(
    ("base", "segments", "expected"),
    [
        ("https://example.com/a/b", ("c",), "https://example.com/a/b/c"),
        ("https://example.com/a/b/", ("c",), "https://example.com/a/b/c"),
        ("https://example.com", ("a", "b"), "https://example.com/a/b"),
        ("https://example.com/a?q=1#f", ("b",), "https://example.com/a/b"),
        # the README's old advice, URL(x, base=url), let these change the host or climb:
        ("https://example.com/a", ("//evil.com",), "https://example.com/a/%2F%2Fevil.com"),
        (
            "https://example.com/a",
            ("https://evil.com",),
            "https://example.com/a/https:%2F%2Fevil.com",
        ),
        ("https://example.com/a", ("%2e%2e",), None),
        ("https://example.com/a", ("a?b#c%d\\e f",), "https://example.com/a/a%3Fb%23c%25d%5Ce%20f"),
        ("https://example.com/a", ("é",), "https://example.com/a/%C3%A9"),
        ("https://example.com/a", ("",), "https://example.com/a/"),
        ("sc://host/a", ("b/c",), "sc://host/a/b%2Fc"),
        ("sc:/a", ("", "x"), "sc:/a//x"),
        ("file:///C:/dir", ("f.txt",), "file:///C:/dir/f.txt"),
        # "|" is encoded: "c|" would be read as a drive letter and become "c:"
        ("file:///", ("c|", "x"), "file:///c%7C/x"),
    ],
)
def test_joinpath(base: str, segments: tuple[str, ...], expected: str | None) -> None:
    if expected is None:
        with pytest.raises(ValueError):
            URL(base).joinpath(*segments)
    else:
        assert URL(base).joinpath(*segments).href == expected
        if len(segments) == 1:
            assert (URL(base) / segments[0]).href == expected


@pytest.mark.parametrize("segment", [".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2E"])
def test_dot_segments_are_refused(segment: str) -> None:
    with pytest.raises(ValueError, match="cannot be"):
        URL("https://example.com/a") / segment


def test_opaque_paths_and_non_text_are_refused() -> None:
    with pytest.raises(ValueError, match="opaque path"):
        URL("mailto:a@example.com") / "x"
    with pytest.raises(TypeError):
        URL("https://example.com/") / 1  # type: ignore[operator]


def test_joinpath_keeps_the_class() -> None:
    url = MyURL("https://example.com/a") / "b"
    assert type(url) is MyURL


def _authority(url: URL) -> tuple[str, str, str, str, str]:
    return (url.protocol, url.username, url.password, url.hostname, url.port)


segment_text = st.text().filter(
    lambda s: s.lower() not in {".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"}
)


@given(URLS, st.lists(segment_text, min_size=1, max_size=4))
def test_joinpath_never_changes_the_origin(url: URL, segments: list[str]) -> None:
    if url.path_segments is None:
        return
    joined = url.joinpath(*segments)
    assert _authority(joined) == _authority(url)
    assert joined.origin == url.origin or url.origin == "null"
    # each segment is one segment of the result: the text given, percent-encoded
    found = joined.path_segments
    assert found is not None
    decoded = [percent_decode_string(s).decode("utf-8") for s in found[-len(segments) :]]
    assert decoded == segments


@given(URLS, st.lists(segment_text, max_size=4))
def test_the_serialized_path_equals_the_pathname_setter(url: URL, segments: list[str]) -> None:
    # with_path_segments writes the href the serializer would write instead of running the path
    # state: it must give exactly what replace(pathname=..., search="", hash="") gives.
    from urlspec.toolkit._common import encode_segment, with_path_segments

    own = list(url.path_segments or ())
    if url.path_segments is None:
        return
    for new in (own, [*own, *map(encode_segment, segments)], [*map(encode_segment, segments)]):
        expected = url.replace(pathname="/" + "/".join(new), search="", hash="")
        assert with_path_segments(url, new) == expected
