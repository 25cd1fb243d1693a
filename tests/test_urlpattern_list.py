"""URLPatternList: the same answers as testing the patterns one by one, in order.

The expected value of every check is the naive loop's: ``next(i for i, p in enumerate(patterns)
if p.test(url))`` (and, for ``most_specific``, the greatest matching pattern by
``URLPattern.compare``). The patterns are derived from the corpora's own hosts and path shapes
(``tests/data/corpora``), for lists of 1, 10, 100 and 1,000 patterns, and run on the corpus URLs.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest
import shared_data

from urlspec import URL
from urlspec.urlpattern import URLPattern
from urlspec.urlpattern.canonicalize import escape_a_pattern_string
from urlspec.urlpattern.pattern_list import URLPatternList


@functools.cache
def corpus_urls() -> list[str]:
    urls: list[str] = []
    for name in shared_data.CORPORA:
        urls.extend(line.strip().lstrip("\ufeff") for line in shared_data.iter_corpus(name))
    return urls


def pattern_shapes(url: URL) -> Iterator[URLPattern]:
    """Route-like patterns for the host and first path segment of ``url``."""
    scheme = escape_a_pattern_string(url.protocol[:-1])
    host = escape_a_pattern_string(url.hostname)
    segments = url.pathname.split("/")
    segment = escape_a_pattern_string(segments[1]) if len(segments) > 1 else ""
    yield URLPattern({"protocol": scheme, "hostname": host, "pathname": f"/{segment}/*"})
    yield URLPattern({"hostname": host, "pathname": f"/{segment}/:rest*"})
    yield URLPattern({"pathname": f"/{segment}/:id"})
    yield URLPattern({"protocol": scheme, "hostname": host})
    labels = url.hostname.split(".")
    if len(labels) > 2:
        parent = escape_a_pattern_string(".".join(labels[1:]))
        yield URLPattern({"hostname": f"{{*.}}?{parent}", "pathname": f"/{segment}"})
    yield URLPattern({"hostname": host, "pathname": f"/{segment}{{/:page(\\d+)}}?"})
    yield URLPattern({"pathname": f"/{segment}/*.:ext(html|php|js)"}, ignore_case=True)


@functools.cache
def derived_patterns() -> list[URLPattern]:
    patterns: list[URLPattern] = []
    seen: set[str] = set()
    for line in corpus_urls()[::7]:
        url = URL.parse(line)
        if url is None or not url.hostname:
            continue
        key = url.hostname + url.pathname.split("/")[1 if url.pathname.count("/") else 0]
        if key in seen:
            continue
        seen.add(key)
        patterns.extend(pattern_shapes(url))
        if len(patterns) >= 1000:
            break
    # General routes at the end so that some inputs fall through to them.
    patterns[-3:] = [
        URLPattern({"pathname": "/:a/:b"}),
        URLPattern({"protocol": "http{s}?"}),
        URLPattern("*://*/*"),
    ]
    return patterns[:1000]


def naive_first(patterns: list[URLPattern], url: str) -> int | None:
    return next((i for i, p in enumerate(patterns) if p.test(url)), None)


@pytest.mark.parametrize("size", [1, 10, 100, 1000])
def test_first_match_equals_the_loop(size: int) -> None:
    patterns = derived_patterns()
    # Spread over the derived patterns, keeping the general routes (the last three) last.
    specific = patterns[:-3][:: max(1, (len(patterns) - 3) // size)]
    chosen = specific[:1] if size == 1 else specific[: size - 3] + patterns[-3:]
    assert len(chosen) == size
    routes = URLPatternList([(p, i) for i, p in enumerate(chosen)])
    # Every corpus URL for the short lists; a spread sample for the long ones (the naive loop
    # parses each URL once per pattern).
    urls = corpus_urls()[:: {1: 1, 10: 1, 100: 10, 1000: 100}[size]]
    mismatches = []
    for url in urls:
        expected = naive_first(chosen, url)
        found = routes.match(url)
        actual = None if found is None else found.index
        if actual != expected:
            mismatches.append((url, expected, actual))
    assert mismatches == []


def test_the_list_narrows_candidates() -> None:
    patterns = derived_patterns()
    routes = URLPatternList([(p, i) for i, p in enumerate(patterns)])
    url = next(u for u in corpus_urls() if URL.parse(u) is not None)
    parsed = URL(url)
    candidates = routes._candidates_for(parsed.hostname, parsed.pathname)
    assert len(candidates) < len(patterns) // 4


def test_most_specific_equals_the_loop() -> None:
    patterns = derived_patterns()[:200]
    routes = URLPatternList([(p, i) for i, p in enumerate(patterns)])
    for url in corpus_urls()[::50]:
        matching = [i for i, p in enumerate(patterns) if p.test(url)]
        expected = None
        for i in matching:
            if expected is None or URLPattern.compare(patterns[i], patterns[expected]) > 0:
                expected = i
        found = routes.match(url, most_specific=True)
        assert (None if found is None else found.index) == expected, url


def test_match_result_and_value() -> None:
    # Worked example: the standard's introduction's pattern "/books/:id".
    routes = URLPatternList(
        [
            ("https://example.com/books/:id", "book"),
            ("https://example.com/books/new", "new book"),
            ({"pathname": "/*"}, "fallback"),
        ]
    )
    found = routes.match("https://example.com/books/new")
    assert found is not None
    assert (found.index, found.value) == (0, "book")
    assert found.result.pathname.groups == {"id": "new"}
    specific = routes.match("https://example.com/books/new", most_specific=True)
    assert specific is not None and specific.value == "new book"
    other = routes.match("https://example.org/x")
    assert other is not None and other.value == "fallback"
    assert routes.match("not a url") is None
    assert routes.test({"pathname": "/anything"})
    assert len(routes) == 3
    assert [value for _, value in routes] == ["book", "new book", "fallback"]
    assert [v for _, v in routes.sorted_by_specificity()] == ["new book", "book", "fallback"]


def test_empty_list() -> None:
    routes: URLPatternList[int] = URLPatternList([])
    assert routes.match("https://example.com/") is None


def test_bad_entry() -> None:
    with pytest.raises(TypeError):
        URLPatternList([(42, "x")])  # type: ignore[list-item]
