"""join, joinpath and ``/`` (urlspec.toolkit.joining).

``join`` is the URL Standard's resolution, so its expected values are WPT's (urltestdata.json
entries with a base); ``joinpath`` expected values are worked out from its contract: text split
on "/" as yarl and pathlib split it (where yarl 1.25.1 gives an answer, it is the expected value:
marked "yarl"), each segment percent-encoded with the path percent-encode set
(https://url.spec.whatwg.org/#path-percent-encode-set) plus "/", "\\", "|" and "%".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import load_wpt, missing, wpt_path
from toolkit_strategies import (
    ENUMERATED,
    JOINPATH_ARGUMENTS,
    URLS,
    general_segments_url,
    own_segments,
)

from urlspec import URL, InvalidURL
from urlspec.percent_encoding import percent_decode_string
from urlspec.toolkit._common import encode_segment, with_path_segments


class MyURL(URL):
    __slots__ = ()


def test_join_is_resolution_as_wpt_expects() -> None:
    cases = [e for e in load_wpt("urltestdata.json") if e.get("base") and not e.get("failure")]
    if not cases:
        missing(wpt_path("urltestdata.json"))
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
        # split on "/" (yarl: URL("https://api.example.com/") / "v1/users"; pathlib the same)
        ("https://api.example.com/", ("v1/users",), "https://api.example.com/v1/users"),
        # yarl: a trailing "/" of an argument but the last is dropped, the last one's kept
        ("https://api.example.com/", ("v1/", "users/"), "https://api.example.com/v1/users/"),
        ("https://api.example.com/", ("a//b",), "https://api.example.com/a//b"),  # yarl
        ("https://api.example.com/", ("a", ""), "https://api.example.com/a/"),  # yarl
        ("https://api.example.com/", ("", "x"), "https://api.example.com/x"),  # yarl, pathlib
        # yarl: "%" is text ("%25") unless encoded=True
        ("https://api.example.com/", ("a%2Fb",), "https://api.example.com/a%252Fb"),
        # the README's old advice, URL(x, base=url), let these change the host or climb:
        ("https://example.com/a", ("//evil.com",), None),  # yarl: ValueError (starts with /)
        ("https://example.com/a", ("/etc",), None),  # yarl: ValueError
        (
            "https://example.com/a",
            ("https://evil.com",),
            "https://example.com/a/https://evil.com",  # yarl
        ),
        ("https://example.com/a", ("%2e%2e",), None),
        ("https://example.com/a", ("b/../..",), None),
        ("https://example.com/a", ("a?b#c%d\\e f",), "https://example.com/a/a%3Fb%23c%25d%5Ce%20f"),
        ("https://example.com/a", ("é",), "https://example.com/a/%C3%A9"),
        ("https://example.com/a", ("",), "https://example.com/a/"),
        ("sc://host/a", ("b/c",), "sc://host/a/b/c"),
        ("sc:/a", ("", "x"), "sc:/a/x"),
        ("sc:/a", ("/x",), None),
        ("file:///C:/dir", ("f.txt",), "file:///C:/dir/f.txt"),
        # "|" is encoded: "c|" would be read as a drive letter and become "c:"
        ("file:///", ("c|", "x"), "file:///c%7C/x"),
        ("file:///", ("c|/x",), "file:///c%7C/x"),
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


@pytest.mark.parametrize(
    ("segments", "expected"),
    [
        # yarl 1.25.1: URL("https://api.example.com/").joinpath("a%2Fb", encoded=True)
        (("a%2Fb",), "https://api.example.com/a%2Fb"),
        (("a%2Fb/c",), "https://api.example.com/a%2Fb/c"),
        # What yarl would leave raw is encoded here, as the URL parser's path state encodes it
        # (a space, non-ASCII) or as a text segment must not be read ("?", "#", "\\", "|").
        (("a b/é",), "https://api.example.com/a%20b/%C3%A9"),
        (("a?b#c\\d|",), "https://api.example.com/a%3Fb%23c%5Cd%7C"),
        (("100%",), "https://api.example.com/100%"),  # the parser keeps a stray "%" too
    ],
)
def test_joinpath_encoded_keeps_percent_encoded_bytes(
    segments: tuple[str, ...], expected: str
) -> None:
    url = URL("https://api.example.com/").joinpath(*segments, encoded=True)
    assert url.href == expected
    # the parser gives the same href for it (the segments survive a parse unchanged)
    assert URL(url.href).href == expected


@pytest.mark.parametrize("segment", ["%2e%2e", "..", "a/%2E", "/a"])
def test_joinpath_encoded_refuses_dot_segments_and_a_leading_slash(segment: str) -> None:
    with pytest.raises(ValueError):
        URL("https://api.example.com/").joinpath(segment, encoded=True)


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
    lambda s: "/" not in s and s.lower() not in {".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"}
)


@given(URLS, st.lists(segment_text, min_size=1, max_size=4))
def test_joinpath_never_changes_the_origin(url: URL, segments: list[str]) -> None:
    if url.path_segments is None:
        return
    joined = url.joinpath(*segments)
    assert _authority(joined) == _authority(url)
    assert joined.origin == url.origin or url.origin == "null"
    # each segment is one segment of the result: the text given, percent-encoded (an empty
    # argument but the last adds none)
    kept = [s for s in segments[:-1] if s != ""] + segments[-1:]
    found = joined.path_segments
    assert found is not None
    decoded = [percent_decode_string(s).decode("utf-8") for s in found[-len(kept) :]]
    assert decoded == kept


@given(URLS, st.lists(segment_text.filter(lambda s: s != ""), min_size=1, max_size=4))
def test_a_path_is_its_segments_joined(url: URL, segments: list[str]) -> None:
    # pathlib: PurePosixPath("a") / "b/c" == PurePosixPath("a") / "b" / "c"
    if url.path_segments is None:
        return
    assert url.joinpath("/".join(segments)) == url.joinpath(*segments)
    assert url / "/".join(segments) == url.joinpath(*segments)


@given(URLS, st.lists(segment_text, max_size=4))
def test_the_serialized_path_equals_the_pathname_setter(url: URL, segments: list[str]) -> None:
    # with_path_segments writes the href the serializer would write instead of running the path
    # state: it must give exactly what replace(pathname=..., search="", hash="") gives.
    own = list(url.path_segments or ())
    if url.path_segments is None:
        return
    for new in (own, [*own, *map(encode_segment, segments)], [*map(encode_segment, segments)]):
        assert with_path_segments(url, new) == general_segments_url(url, new)
    check_joinpath(url, tuple(segments), False)


def check_joinpath(url: URL, paths: tuple[str, ...], encoded: bool) -> None:
    """joinpath (the path edited in the href) equals the general path: the record's segments
    and the added ones, each encoded, set by the pathname setter (no query, no fragment)."""
    if url.path_segments is None:
        with pytest.raises(ValueError, match="opaque path"):
            url.joinpath(*paths, encoded=encoded)
        return
    added: list[str] = []
    for index, text in enumerate(paths):
        pieces = text.split("/")
        if index < len(paths) - 1:  # a trailing "/" (an empty argument) adds nothing but last
            pieces = [] if text == "" else pieces[:-1] if pieces[-1] == "" else pieces
        added += [encode_segment(piece, encoded) for piece in pieces]
    expected = general_segments_url(url, own_segments(url) + added) if paths else url
    assert url.joinpath(*paths, encoded=encoded) == expected
    if len(paths) == 1 and not encoded:
        assert url / paths[0] == expected


def test_joinpath_equals_the_pathname_setter_on_every_shape_and_corpus_sample() -> None:
    from shared_data import CORPORA, iter_corpus

    for url in ENUMERATED:
        for paths, encoded in JOINPATH_ARGUMENTS:
            check_joinpath(url, paths, encoded)
    for corpus in CORPORA:
        for number, line in enumerate(iter_corpus(corpus)):
            url = URL.parse(line) if number % 25 == 0 else None
            if url is not None:
                check_joinpath(url, ("a b",), False)


def test_a_url_of_the_url_class_is_the_constructors() -> None:
    # URL._with_href calls the constructor by name for the URL class: the same URL as
    # type(url)(href), whose getters are the parser's.
    for url in ENUMERATED[::10]:
        if url.path_segments is None:
            continue
        joined = url / "x"
        assert type(joined) is URL
        fresh = URL(joined.href)
        getters = ("protocol", "host", "pathname", "search", "hash", "origin")
        assert [getattr(joined, g) for g in getters] == [getattr(fresh, g) for g in getters]
        directory = url / ""
        assert directory.joinpath() is directory  # unchanged: the same URL
        assert directory / "" is directory


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)), st.booleans())
def test_the_ascii_shortcut_is_utf8_percent_encode(text: str, encoded: bool) -> None:
    # encode_segment's table for ASCII text against the spec's UTF-8 percent-encode
    # (https://url.spec.whatwg.org/#string-utf-8-percent-encode) with the same set.
    from urlspec.percent_encoding import utf8_percent_encode
    from urlspec.toolkit._common import ENCODED_SEGMENT, SEGMENT, encode_segment

    try:
        found = encode_segment(text, encoded)
    except ValueError:
        return  # a dot segment
    assert found == utf8_percent_encode(text, ENCODED_SEGMENT if encoded else SEGMENT)


@pytest.mark.parametrize("encoded", [False, True])
def test_the_ascii_shortcut_on_every_code_point(encoded: bool) -> None:
    # each ASCII code point alone, between letters and before a non-ASCII one (the table's
    # answer, and the fall back to the full algorithm)
    from urlspec.percent_encoding import utf8_percent_encode
    from urlspec.toolkit._common import ENCODED_SEGMENT, SEGMENT

    for c in map(chr, range(0x80)):
        for text in (c, f"a{c}b", f"{c} {c}", f"{c}é"):
            if text in (".", "%2e"):
                continue
            expected = utf8_percent_encode(text, ENCODED_SEGMENT if encoded else SEGMENT)
            assert encode_segment(text, encoded) == expected
