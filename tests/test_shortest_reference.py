"""relative_to (urlspec.toolkit.shortest_reference): the shortest reference that resolves back.

The worked examples are RFC 3986 §5.4.1's normal examples read backwards: each (reference,
target) pair there, with the base ``http://a/b/c/d;p?q``, must give a reference at most as long
as the RFC's that resolves to the target. The property tests check the contract on corpus URLs
and generated ones: ``URL(url.relative_to(base), base) == url`` whenever it is not None.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from shared_data import iter_corpus
from toolkit_strategies import URLS

from urlspec import URL

BASE = URL("http://a/b/c/d;p?q")

#: RFC 3986 §5.4.1: reference -> target, for the base above (only the references that a
#: shortest-reference search could also return: "g" and not "./g", ...).
RFC_3986_NORMAL_EXAMPLES = {
    "g": "http://a/b/c/g",
    "g/": "http://a/b/c/g/",
    "/g": "http://a/g",
    "//g": "http://g/",  # WHATWG serializes an empty path as "/"
    "?y": "http://a/b/c/d;p?y",
    "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s",
    "g#s": "http://a/b/c/g#s",
    "g?y#s": "http://a/b/c/g?y#s",
    ";x": "http://a/b/c/;x",
    "g;x": "http://a/b/c/g;x",
    "": "http://a/b/c/d;p?q",
    "./": "http://a/b/c/",
    "../": "http://a/b/",
    "../g": "http://a/b/g",
}


@pytest.mark.parametrize(("reference", "target"), RFC_3986_NORMAL_EXAMPLES.items())
def test_rfc_3986_examples(reference: str, target: str) -> None:
    found = URL(target).relative_to(BASE)
    assert found is not None
    assert len(found) <= len(reference)
    assert URL(found, BASE) == URL(target)


@pytest.mark.parametrize(
    ("url", "base", "expected"),
    [
        ("https://h/a/b", "https://h/a/b", "b"),  # "" would keep the base's nothing: also fine
        ("https://h/a/b#x", "https://h/a/b", "#x"),
        ("https://h/a/b", "https://h/a/b#x", ""),
        ("https://h/a/b?", "https://h/a/b", "?"),
        ("https://h/a/b#", "https://h/a/b", "#"),
        ("https://h/x:y", "https://h/a", "/x:y"),  # "x:y" would be a scheme
        ("https://h/d/x:y", "https://h/d/a", "./x:y"),
        ("https://h//x", "https://h/a", ".//x"),  # "//x" would be an authority
        ("https://g/a", "https://h/a", "//g/a"),
        ("file:///C:/a/b", "file:///C:/a/c", "b"),
        # Worked from url.bs's path state: "." at the end appends an empty segment, as "./"
        # does; ".." likewise after shortening.
        ("http://a/x/", "http://a/x/y", "."),
        ("http://a/x/", "http://a/x/y/z", ".."),
        # ":" alone is no scheme (a scheme starts with an ASCII alpha: #scheme-start-state).
        ("http://a/:", "http://a/y", ":"),
        # "c|" first would start with a Windows drive letter and the file state would empty the
        # path (#file-state); "./c|" does not, and the path state keeps "c|" as it is.
        ("file:///a/c|", "file:///a/b", "./c|"),
        # The file slash state keeps the base's drive letter (#file-slash-state).
        ("file:///C:/a/b", "file:///C:/x/y", "/a/b"),
    ],
)
def test_worked_examples(url: str, base: str, expected: str) -> None:
    found = URL(url).relative_to(URL(base))
    assert URL(found or "", URL(base)) == URL(url)
    if expected == "b" and url == base:
        assert found == ""
    else:
        assert found == expected


@pytest.mark.parametrize(
    ("url", "base"),
    [
        ("ftp://h/a", "https://h/a"),  # another scheme: the href is the shortest
        ("mailto:x@y", "mailto:z@y"),  # opaque paths
        ("https://h/", "sc:x"),
    ],
)
def test_none_where_nothing_is_shorter(url: str, base: str) -> None:
    assert URL(url).relative_to(URL(base)) is None


def _check(url: URL, base: URL) -> None:
    found = url.relative_to(base)
    if found is None:
        return
    assert len(found) < len(url.href)
    assert URL(found, base).href == url.href


@settings(max_examples=300)
@given(URLS, URLS)
def test_round_trip_on_generated_urls(url: URL, base: URL) -> None:
    _check(url, base)


@given(URLS)
def test_a_url_relative_to_itself(url: URL) -> None:
    found = url.relative_to(url)
    if url.opaque_path is None or url.hash != "":
        assert found is not None  # "", a last segment or a fragment
    _check(url, url)


def test_round_trip_on_corpus_pairs() -> None:
    # Neighbouring lines of each corpus are often on the same site: pairs that share a lot.
    pairs = 0
    for corpus in ("kasztp.txt", "node_files.txt", "isaacs_files.txt"):
        urls = [u for u in map(URL.parse, itertools.islice(iter_corpus(corpus), 600)) if u]
        for url, base in itertools.pairwise(urls):
            _check(url, base)
            _check(base, url)
            pairs += 1
    assert pairs > 1000


# --- shortest: no shorter reference among a brute-force set resolves back ---------------------
# URLs whose paths have the shapes that change the answer: directories, ":" in a first segment,
# an empty first segment, a Windows drive letter (file:), "|" drive letters later in a path,
# queries and fragments, hosts and none, special and non-special schemes.
SHORTEST_UNIVERSE = [
    *["http://a/", "http://a/x", "http://a/x/", "http://a/x/y", "http://a/x/y/", "http://a/:"],
    *["http://a/x:y", "http://a/x/:", "http://a//x", "http://a/x?q", "http://a/x?q#f"],
    *["http://a/x#f", "http://a/x?", "http://b/x", "http://a/x/y/z", "http://a/y/z"],
    *["file:///", "file:///a/b", "file:///a/c|", "file:///a/c:", "file:///C:/", "file:///C:/a/b"],
    *["file:///C:/x/y", "file:///C:", "file:///D:/a", "file://h/a/b", "file://h/C:/a"],
    *["file:///a/C|/x", "file:///a/c|/", "file:///C:?q"],
    *["sc://h/x/y", "sc://h/x", "sc://h", "sc:/x/y", "sc:/x", "sc:x", "sc:/.//x", "sc://h/:"],
    *["sc://h/x/", "sc:x#f"],
]
# Prefixes of a reference before a tail of the target's href: where dot segments, an empty
# first segment or an authority take a relative reference.
BRUTE_FORCE_PREFIXES = ["", ".", "..", "./", "../", "../../", "../..", "/", "//", "/./", "./."]


def _brute_force_references(href: str) -> set[str]:
    """Every prefix above, alone or before a tail of ``href`` (a relative reference's path,
    query and fragment are the end of the target's href, bar dot segments)."""
    tails = {href[i:] for i in range(len(href) + 1)}
    return {prefix + tail for prefix in BRUTE_FORCE_PREFIXES for tail in tails}


def _check_shortest(url: URL, base: URL) -> int:
    """That relative_to's answer resolves back and no shorter brute-force reference does; how
    many references were tried."""
    checked = 0
    found = url.relative_to(base)
    if found is not None:
        assert URL(found, base) == url, (url, base, found)
    limit = len(url.href) if found is None else len(found)
    for candidate in _brute_force_references(url.href):
        if len(candidate) < limit:
            resolved = URL.parse(candidate, base)
            assert resolved is None or resolved != url, (url, base, found, candidate)
            checked += 1
    return checked


def test_no_shorter_reference_resolves_back_on_corpus_pairs() -> None:
    checked = 0
    for corpus in ("kasztp.txt", "isaacs_files.txt"):
        urls = [u for u in map(URL.parse, itertools.islice(iter_corpus(corpus), 80)) if u]
        for url, base in itertools.pairwise(urls):
            checked += _check_shortest(url, base) + _check_shortest(base, url)
    assert checked > 1000


def test_no_shorter_reference_resolves_back() -> None:
    checked = 0
    for url_href, base_href in itertools.product(SHORTEST_UNIVERSE, repeat=2):
        checked += _check_shortest(URL(url_href), URL(base_href))
    assert checked > 1000
