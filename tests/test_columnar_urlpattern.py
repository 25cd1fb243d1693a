"""urlspec.engines.columnar.url_pattern_test: the same answer as URLPattern.test, row for row.

Expected values: the scalar ``URLPattern.test`` on each value (itself checked against WPT in
tests/test_urlpattern_wpt.py), nulls kept null.
"""

from __future__ import annotations

import pytest

pa = pytest.importorskip("pyarrow")

from urlspec.engines import columnar  # noqa: E402
from urlspec.urlpattern import URLPattern  # noqa: E402

VALUES = [
    "https://example.com/books/12",
    "https://example.com/books/12",
    "https://example.com/books/",
    "http://example.com/books/7",
    "not a url",
    None,
    "https://EXAMPLE.com/books/9?x#y",
]


def test_same_as_scalar() -> None:
    pattern = URLPattern("https://example.com/books/:id")
    result = columnar.url_pattern_test(pa.array(VALUES), pattern)
    expected = [None if v is None else pattern.test(v) for v in VALUES]
    assert result.to_pylist() == expected
    assert expected[:5] == [True, True, False, False, False]


def test_pattern_as_string_or_dict_and_chunks() -> None:
    chunked = pa.chunked_array([VALUES[:3], VALUES[3:]])
    result = columnar.url_pattern_test(chunked, {"pathname": "/books/:id"})
    assert isinstance(result, pa.ChunkedArray)
    assert result.to_pylist() == [True, True, False, True, False, None, True]
    # A relative input without a base is no URL: false.
    relative = columnar.url_pattern_test(["/books/1", None], "*://*/books/*")
    assert relative.to_pylist() == [False, None]


def test_bad_pattern() -> None:
    from urlspec.urlpattern import URLPatternError

    # A constructor string without a protocol needs a base URL (URLPattern §1.4 create).
    with pytest.raises(URLPatternError):
        columnar.url_pattern_test(["https://a/"], "/books/*")


def test_base() -> None:
    result = columnar.url_pattern_test(
        ["/books/1", "/x"], "https://example.com/books/*", base="https://example.com/"
    )
    assert result.to_pylist() == [True, False]
