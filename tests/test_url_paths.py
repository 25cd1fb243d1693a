"""Paths as pathlib sees them (urlspec.toolkit.url_paths).

``suffix`` and ``suffixes`` are checked against CPython's ``pathlib.PurePosixPath`` (the
reference implementation of those meanings) on generated names; the rest against worked
examples of the rules in the module's docstring.
"""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toolkit_strategies import ENUMERATED, URLS, general_segments_url, own_segments

from urlspec import URL
from urlspec.parser import basic_url_parse
from urlspec.toolkit._common import (
    OPAQUE_PATH,
    PATH_WITH_HOST,
    PATH_WITHOUT_HOST,
    encode_segment,
    path_segments,
    query_pairs_of,
    split_href,
)
from urlspec.url_record import (
    URLRecord,
    is_normalized_windows_drive_letter,
    serialize_path,
    serialize_url,
)
from urlspec.urlencoded import urlencoded_parse


class MyURL(URL):
    __slots__ = ()


@pytest.mark.parametrize(
    ("url", "name", "suffix", "suffixes", "parent"),
    [
        ("https://h/dir/a.tar.gz?q#f", "a.tar.gz", ".gz", [".tar", ".gz"], "https://h/dir/"),
        ("https://h/dir/sub/", "sub", "", [], "https://h/dir/"),
        ("https://h/a", "a", "", [], "https://h/"),
        ("https://h/", "", "", [], "https://h/"),
        ("https://h/.bashrc", ".bashrc", "", [], "https://h/"),
        ("https://h/caf%C3%A9.txt", "café.txt", ".txt", [".txt"], "https://h/"),
        ("https://h/a%2Fb.c", "a/b.c", ".c", [".c"], "https://h/"),
        ("https://h/%FF.x", "\ufffd.x", ".x", [".x"], "https://h/"),
        ("file:///C:/dir/f.txt", "f.txt", ".txt", [".txt"], "file:///C:/dir/"),
        ("sc://host", "", "", [], "sc://host/"),
        ("mailto:a@b.example", "", "", [], "mailto:a@b.example"),
    ],
)
def test_reading(url: str, name: str, suffix: str, suffixes: list[str], parent: str) -> None:
    parsed = URL(url)
    assert parsed.name == name
    assert parsed.suffix == suffix
    assert parsed.suffixes == suffixes
    assert parsed.parent.href == parent


def test_raw_name_is_the_segment_as_it_is() -> None:
    assert URL("https://h/caf%C3%A9").raw_name == "caf%C3%A9"
    assert URL("https://h/a/b/").raw_name == "b"


@pytest.mark.parametrize(
    ("url", "new_name", "expected"),
    [
        ("https://h/d/a.txt?q#f", "b.md", "https://h/d/b.md"),
        ("https://h/d/sub/", "other", "https://h/d/other/"),
        ("https://h/d/a", "x y?z", "https://h/d/x%20y%3Fz"),
    ],
)
def test_with_name(url: str, new_name: str, expected: str) -> None:
    assert URL(url).with_name(new_name).href == expected


@pytest.mark.parametrize(
    ("url", "new_suffix", "expected"),
    [
        ("https://h/d/a.txt", ".md", "https://h/d/a.md"),
        ("https://h/d/a.tar.gz", ".bz2", "https://h/d/a.tar.bz2"),
        ("https://h/d/a", ".txt", "https://h/d/a.txt"),
        ("https://h/d/a.txt", "", "https://h/d/a"),
    ],
)
def test_with_suffix(url: str, new_suffix: str, expected: str) -> None:
    assert URL(url).with_suffix(new_suffix).href == expected


@pytest.mark.parametrize(
    ("url", "call"),
    [
        ("https://h/", lambda u: u.with_name("x")),
        ("https://h/", lambda u: u.with_suffix(".x")),
        ("mailto:a@b", lambda u: u.with_name("x")),
        ("https://h/a", lambda u: u.with_name("")),
        ("https://h/a", lambda u: u.with_name("..")),
        ("https://h/a", lambda u: u.with_suffix("txt")),
        ("https://h/a", lambda u: u.with_suffix(".")),
        # pathlib: PurePosixPath("a").with_name("c/d") and .with_suffix(".a/b") raise
        # ValueError; yarl 1.25.1 too ("Slash in name is not allowed", "Invalid suffix")
        ("https://h/a", lambda u: u.with_name("c/d")),
        ("https://h/a", lambda u: u.with_suffix(".a/b")),
    ],
)
def test_refusals(url: str, call: object) -> None:
    with pytest.raises(ValueError):
        call(URL(url))  # type: ignore[operator]


def test_the_callers_class() -> None:
    url = MyURL("https://h/a/b.txt")
    assert type(url.parent) is MyURL
    assert type(url.with_name("c")) is MyURL
    assert type(url.with_suffix(".md")) is MyURL


names = st.text(st.sampled_from("ab.é"), min_size=1, max_size=8).filter(
    lambda s: s not in (".", "..")
)


@given(names)
def test_suffixes_as_pathlib(name: str) -> None:
    url = URL("https://h/d/") / name
    path = PurePosixPath("/d") / name
    assert url.name == path.name
    assert url.suffix == path.suffix
    assert url.suffixes == path.suffixes


@pytest.mark.parametrize(
    ("url", "parent", "windows_path"),
    [
        ("file:///C:/", "file:///C:/", "C:/"),
        ("file:///C:", "file:///C:", "C:"),
        ("file:///c:/a", "file:///c:/", "c:/a"),
        ("file:///C:/a/b.txt", "file:///C:/a/", "C:/a/b.txt"),
        ("file://server/D:/x/", "file://server/D:/", "D:/x/"),
    ],
)
def test_a_windows_drive_letter_is_the_root_of_a_file_url(
    url: str, parent: str, windows_path: str
) -> None:
    """pathlib's PureWindowsPath is the reference: a drive is the root (its parent is itself,
    its name ""), as the standard's "shorten a URL's path" never removes it. The URL's parent
    is pathlib's parent, written as a directory (ending in "/") where pathlib's ends in a
    separator or names a directory."""
    parsed = URL(url)
    path = PureWindowsPath(windows_path)
    assert parsed.name == path.name
    assert parsed.parent.href == parent
    expected = str(path.parent).replace("\\", "/").rstrip("/")
    assert parent.rstrip("/").endswith("/" + expected)
    if path.parent == path:  # the drive itself: climbing stops there
        assert parsed.parent.href == url


@given(URLS)
def test_parent_is_idempotent_at_the_root(url: URL) -> None:
    parent = url.parent
    # climbing ends: the root's parent is the root, in as many steps as there are segments
    for _ in range(len(url.path_segments or ())):
        parent = parent.parent
    assert parent.parent == parent


@given(URLS, names)
def test_with_name_and_with_suffix_are_idempotent(url: URL, new_name: str) -> None:
    if url.name == "":
        return  # the root and opaque paths: nothing to replace (ValueError, tested above)
    once = url.with_name(new_name)
    assert once.with_name(new_name) == once
    assert once.name == new_name
    renamed = url.with_suffix(".md")
    assert renamed.with_suffix(".md") == renamed
    assert renamed.suffix == ".md"


def check_split(href: str, record: URLRecord | None = None) -> None:
    """split_href's parts of an href against the URL record the state machine parses from it
    (or ``record``, which it parsed), written by the URL serializer's steps
    (https://url.spec.whatwg.org/#concept-url-serializer); and the segments and pairs read from
    the href against the record's."""
    record = record or basic_url_parse(href)
    assert record is not None
    head = record.scheme + ":"
    if record.host is not None:
        head += "//"
        if record.username or record.password:
            head += record.username
            if record.password:
                head += ":" + record.password
            head += "@"
        head += record.host
        if record.port is not None:
            head += f":{record.port}"
    opaque = isinstance(record.path, str)
    # the serializer's "/." before a path starting with an empty segment, after a null host
    starts_empty = not opaque and len(record.path) > 1 and record.path[0] == ""
    dot = "/." if record.host is None and starts_empty else ""
    path = serialize_path(record)
    query = "" if record.query is None else "?" + record.query
    fragment = "" if record.fragment is None else "#" + record.fragment
    assert head + dot + path + query + fragment == href
    head_end, path_start, query_start, fragment_start, kind = split_href(href)
    assert (href[:head_end], href[head_end:path_start]) == (head, dot), href
    assert href[path_start:query_start] == path, href
    assert (href[query_start:fragment_start], href[fragment_start:]) == (query, fragment), href
    expected_kind = PATH_WITH_HOST if record.host is not None else PATH_WITHOUT_HOST
    assert kind == (OPAQUE_PATH if opaque else expected_kind), href
    # what the toolkit reads: the segments, and the pairs (as URLSearchParams parses the query)
    url = URL(href)  # a fast-path URL whose record is not built yet, where it applies
    assert path_segments(url) == (None if opaque else record.path), href
    assert query_pairs_of(url) == urlencoded_parse(record.query or ""), href


@given(URLS)
def test_the_href_split_and_read_equal_the_records(url: URL) -> None:
    check_split(url.href)


def test_the_href_split_and_read_equal_the_records_on_every_shape() -> None:
    for url in ENUMERATED:
        check_split(url.href)


def test_the_href_split_and_read_equal_the_records_on_every_corpus_line() -> None:
    from shared_data import CORPORA, iter_corpus

    checked = 0
    for corpus in CORPORA:
        for line in iter_corpus(corpus):
            record = basic_url_parse(line)
            if record is not None:
                check_split(serialize_url(record), record)
                checked += 1
    assert checked > 95_000  # the corpora hold 97,631 lines


def check_path_edits(url: URL) -> None:
    """parent, with_name and with_suffix (written into the href) equal the general path: the
    record's segments edited, set by the standard's setters."""
    segments = own_segments(url)
    if url.path_segments is None:
        assert url.parent is url
        return
    directory = url.path_segments[-1:] == ("",)
    trailing = [""] if directory else []
    if url.protocol == "file:" and [
        is_normalized_windows_drive_letter(segment) for segment in segments
    ] == [True]:
        # the drive is the root (the standard's "shorten a URL's path" keeps it; pathlib's
        # PureWindowsPath("C:/").parent is C:/): its own parent, with no name to replace
        assert url.parent == general_segments_url(url, [*segments, *trailing])
        with pytest.raises(ValueError, match="root"):
            url.with_name("n")
        return
    assert url.parent == general_segments_url(url, [*segments[:-1], ""])
    if not segments:
        return
    renamed = url.with_name("n é")
    assert renamed == general_segments_url(url, [*segments[:-1], "n%20%C3%A9", *trailing])
    if url.name == "":
        return
    stem = url.name[: len(url.name) - len(url.suffix)]
    renamed = url.with_suffix(".md")
    assert renamed == url.with_name(stem + ".md")
    new_name = encode_segment(stem + ".md")
    assert renamed == general_segments_url(url, [*segments[:-1], new_name, *trailing])


@given(URLS)
def test_path_edits_equal_the_setters(url: URL) -> None:
    check_path_edits(url)


def test_path_edits_equal_the_setters_on_every_shape_and_corpus_sample() -> None:
    from shared_data import CORPORA, iter_corpus

    for url in ENUMERATED:
        check_path_edits(url)
    for corpus in CORPORA:
        for number, line in enumerate(iter_corpus(corpus)):
            url = URL.parse(line) if number % 25 == 0 else None
            if url is not None:
                check_path_edits(url)
