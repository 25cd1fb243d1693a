"""Paths as pathlib sees them (urlspec.toolkit.url_paths).

``suffix`` and ``suffixes`` are checked against CPython's ``pathlib.PurePosixPath`` (the
reference implementation of those meanings) on generated names; the rest against worked
examples of the rules in the module's docstring.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toolkit_strategies import URLS

from urlspec import URL


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


@given(URLS)
def test_segments_and_pairs_read_from_the_getters_equal_the_records(url: URL) -> None:
    from urlspec.toolkit._common import path_segments, query_pairs_of

    fresh = URL(url.href)  # a fast-path URL whose record is not built yet, where it applies
    segments = path_segments(fresh)
    assert segments == (None if url.path_segments is None else list(url.path_segments))
    assert query_pairs_of(fresh) == list(url.search_params)


def test_segments_and_pairs_from_the_getters_on_every_corpus_line() -> None:
    from shared_data import CORPORA, iter_corpus

    from urlspec.toolkit._common import path_segments, query_pairs_of

    checked = 0
    for corpus in CORPORA:
        for line in iter_corpus(corpus):
            url = URL.parse(line)
            if url is None:
                continue
            fresh = URL(url.href)
            expected = None if url.path_segments is None else list(url.path_segments)
            assert path_segments(fresh) == expected, line
            assert query_pairs_of(fresh) == list(url.search_params), line
            checked += 1
    assert checked > 100_000
