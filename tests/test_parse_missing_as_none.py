"""CPython 3.15's ``missing_as_none=`` and ``keep_empty=`` (gh-67041), on every Python.

Expected values follow the 3.15 documentation: with ``missing_as_none=True`` an undefined
component is None and an empty one ``''``; ``urlunsplit``/``urlunparse`` with ``keep_empty``
write every component that is not None (RFC 3986 §5.3 Component Recomposition), and by default
keep empty components exactly for results of ``missing_as_none=True``. Asking to keep empty
components of a result that cannot tell them apart is a ValueError.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from urlspec.parse import (
    DefragResult,
    ParseResult,
    SplitResult,
    SplitResultBytes,
    urldefrag,
    urlparse,
    urlsplit,
    urlunparse,
    urlunsplit,
)

SPLITS = [
    ("http://h/p?#", ("http", "h", "/p", "", "")),
    ("http://h/p", ("http", "h", "/p", None, None)),
    ("p", (None, None, "p", None, None)),
    ("//h", (None, "h", "", None, None)),
    ("http:", ("http", None, "", None, None)),
    ("file:///x", ("file", "", "/x", None, None)),
    ("?q", (None, None, "", "q", None)),
    ("#", (None, None, "", None, "")),
    ("", (None, None, "", None, None)),
]


@pytest.mark.parametrize(("url", "parts"), SPLITS)
def test_urlsplit_missing_as_none(url: str, parts: tuple[Any, ...]) -> None:
    result = urlsplit(url, missing_as_none=True)
    assert tuple(result) == parts
    assert isinstance(result, SplitResult)
    assert urlunsplit(result) == url  # empty components are kept, undefined ones are not


@pytest.mark.parametrize(("url", "parts"), SPLITS)
def test_urlsplit_default_is_empty_strings(url: str, parts: tuple[Any, ...]) -> None:
    assert tuple(urlsplit(url)) == tuple("" if part is None else part for part in parts)


def test_default_scheme_with_missing_as_none() -> None:
    assert urlsplit("//h/p", "https", missing_as_none=True).scheme == "https"
    assert urlsplit("//h/p", "", missing_as_none=True).scheme == ""
    assert urlsplit("//h/p", missing_as_none=True).scheme is None


def test_urlparse_params() -> None:
    assert tuple(urlparse("http://h/a;", missing_as_none=True)) == (
        "http",
        "h",
        "/a",
        "",
        None,
        None,
    )
    assert urlparse("http://h/a", missing_as_none=True).params is None
    assert urlparse("http://h/a;b?", missing_as_none=True).geturl() == "http://h/a;b?"
    assert isinstance(urlparse("x", missing_as_none=True), ParseResult)


def test_urldefrag() -> None:
    assert tuple(urldefrag("http://h/p#", missing_as_none=True)) == ("http://h/p", "")
    assert tuple(urldefrag("http://h/p", missing_as_none=True)) == ("http://h/p", None)
    assert urldefrag("http://h/p#", missing_as_none=True).geturl() == "http://h/p#"
    assert urldefrag("http://h/p#").geturl() == "http://h/p"
    assert isinstance(urldefrag("x", missing_as_none=True), DefragResult)


def test_bytes() -> None:
    result = urlsplit(b"//h?", missing_as_none=True)
    assert tuple(result) == (None, b"h", b"", b"", None)
    assert isinstance(result, SplitResultBytes)
    assert result.geturl() == b"//h?"
    assert tuple(result.decode()) == (None, "h", "", "", None)
    assert result.decode().geturl() == "//h?"
    assert urlunsplit((b"http", None, b"p", None, b""), keep_empty=True) == b"http:p#"


def test_keep_empty_on_plain_tuples() -> None:
    assert urlunsplit(("http", "", "/p", "", ""), keep_empty=True) == "http:///p?#"
    assert urlunsplit(("http", "", "/p", "", "")) == "http:///p"
    assert urlunsplit(("http", None, "p", None, None), keep_empty=True) == "http:p"
    assert urlunparse(("http", "h", "/a", "", "", ""), keep_empty=True) == "http://h/a;?#"
    assert urlunparse(("http", "h", "/a", None, None, None), keep_empty=True) == "http://h/a"


def test_keep_empty_false_drops_empty_components_of_any_result() -> None:
    result = urlsplit("http://h/p?#", missing_as_none=True)
    assert urlunsplit(result, keep_empty=False) == "http://h/p"


def test_keep_empty_needs_a_result_that_can_tell() -> None:
    with pytest.raises(ValueError):
        urlunsplit(urlsplit("http://h/p?"), keep_empty=True)
    with pytest.raises(ValueError):
        urlunparse(urlparse("http://h/p?"), keep_empty=True)


def test_the_flag_survives_copies() -> None:
    result = urlsplit("http://h/p?#", missing_as_none=True)
    for copied in (
        copy.copy(result),
        copy.deepcopy(result),
        pickle.loads(pickle.dumps(result)),
        result._replace(path="/q"),
        result.encode().decode(),
    ):
        assert copied.geturl().endswith("?#")
    assert repr(result).startswith("SplitResult(")
    assert result == ("http", "h", "/p", "", "")


def test_ordinary_results_stay_lean() -> None:
    result = urlsplit("http://h/p")
    assert type(result) is SplitResult
    assert not hasattr(result, "__dict__")
    assert pickle.loads(pickle.dumps(result)) == result
