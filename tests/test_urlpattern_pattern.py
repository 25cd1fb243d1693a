"""The URLPattern class as a Python object: inputs, errors, value semantics.

Expected values: the URLPattern standard (§1.1 the class's steps: a dict input with a base
throws, a relative constructor string needs a base URL, a URL input is echoed as its
serialization) and its introduction's example ("/books/:id").
"""

from __future__ import annotations

import copy
import pickle

import pytest

from urlspec import URL, URLPattern, URLPatternError


def test_url_input_is_echoed_serialized() -> None:
    pattern = URLPattern("https://example.com/books/:id")
    url = URL("HTTPS://EXAMPLE.COM/books/12")
    result = pattern.exec(url)
    assert result is not None
    assert result.inputs == ("https://example.com/books/12",)
    assert result.pathname.groups == {"id": "12"}
    assert pattern.test(url)


def test_string_input_with_base_is_echoed() -> None:
    pattern = URLPattern("https://example.com/books/:id")
    result = pattern.exec("books/3", "https://example.com/")
    assert result is not None
    assert result.inputs == ("books/3", "https://example.com/")
    assert pattern.test("books/3", "https://example.com/")
    assert not pattern.test("books/3")  # relative without a base: no URL, no match


def test_errors() -> None:
    with pytest.raises(URLPatternError, match="relative"):
        URLPattern("/books/:id")
    with pytest.raises(URLPatternError, match="baseURL"):
        URLPattern({"pathname": "/x"}, "https://example.com/")
    with pytest.raises(URLPatternError, match="a base is only for a string input"):
        URLPattern().test({"pathname": "/x"}, "https://example.com/")
    with pytest.raises(URLPatternError) as raised:
        URLPattern({"hostname": "exa mple.com"})
    assert raised.value.component == "hostname"
    with pytest.raises(URLPatternError) as raised:
        URLPattern({"pathname": "/:id(\\d+"})
    assert raised.value.component == "pathname" and raised.value.position == 4
    with pytest.raises(TypeError):
        URLPattern(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URLPattern().test(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URLPattern({"pathname": 3})  # type: ignore[dict-item]


def test_value_semantics() -> None:
    pattern = URLPattern("https://example.com/books/:id", ignore_case=True)
    same = URLPattern(
        {"protocol": "https", "hostname": "example.com", "port": "", "pathname": "/books/:id"},
        ignore_case=True,
    )
    assert pattern == same and hash(pattern) == hash(same)
    assert pattern != URLPattern("https://example.com/books/:id")
    restored = pickle.loads(pickle.dumps(pattern))
    assert restored == pattern and restored.ignore_case
    assert copy.deepcopy(pattern) is pattern
    with pytest.raises(AttributeError):
        pattern.pathname = "/x"  # type: ignore[misc]


def test_no_input_matches_everything() -> None:
    pattern = URLPattern()
    assert pattern.test("https://anything.example/at/all?q#f")
    assert pattern.test()  # the standard's default input {}
    assert not pattern.has_regexp_groups
    assert URLPattern({"pathname": "/(\\d+)"}).has_regexp_groups
