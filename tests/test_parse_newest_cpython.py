"""urlspec.parse against the newest CPython's own ``Lib/urllib/parse.py``, when one is given.

No interpreter of CPython 3.14 or 3.15 can be installed here (see the README), so the CPython
suites and the differential tests run on older ones. This test closes the gap where a copy of
the newest CPython's ``parse.py`` (3.15's) is at hand, outside this repository (it is CPython's
code, never committed here): ``$URLSPEC_CPYTHON_NEWEST_PARSE`` names it. It is loaded as a module
of its own on the running interpreter (it needs nothing newer than 3.11 but for the slot of
``_keep_empty``, gh-41779: a copy made for older Pythons leaves ``__slots__`` out), and every
function is called on the corpus URLs with both modules: the outcomes (values and types,
result attributes, ``geturl()``; exception types and messages) must be the same. Without the
variable the test skips, saying so.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import pytest
from shared_data import CORPORA, iter_corpus

import urlspec.parse as ours

NEWEST = os.environ.get("URLSPEC_CPYTHON_NEWEST_PARSE", "")


@pytest.fixture(scope="module")
def newest() -> Any:
    if not NEWEST:
        pytest.skip(
            "set URLSPEC_CPYTHON_NEWEST_PARSE to a copy of the newest CPython's "
            "Lib/urllib/parse.py (kept outside this repository) to compare with it"
        )
    spec = importlib.util.spec_from_file_location("cpython_newest_parse", NEWEST)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def outcome(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        result = function(*args, **kwargs)
    except Exception as error:
        return ("raise", type(error).__name__, str(error))
    if isinstance(result, tuple) and hasattr(result, "geturl"):
        attributes = [
            outcome(getattr, result, name) for name in _ATTRIBUTES if hasattr(result, name)
        ]
        return (type(result).__name__, tuple(result), result.geturl(), attributes)
    return (type(result).__name__, result)


_ATTRIBUTES = ("hostname", "port", "username", "password")
_BASES = (
    "http://a/b/c/d;p?q",
    "https://u:p@example.com:8080/dir/f.html?x=1#y",
    "file:///h/",
    "rel",
)


def calls(url: str, index: int) -> Iterator[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    data = url.encode("utf-8", "surrogateescape")
    for name in ("urlsplit", "urlparse", "urldefrag"):
        yield name, (url,), {}
        yield name, (url,), {"missing_as_none": True}
        yield name, (data,), {}
    yield "urlsplit", (url,), {"allow_fragments": False}
    yield "urlunsplit", (tuple(ours.urlsplit(url, missing_as_none=True)),), {}
    for name in ("quote", "quote_plus", "unquote", "unquote_plus", "parse_qsl", "parse_qs"):
        yield name, (url,), {}
    yield "urlencode", ([(url, url[:7]), ("k", data)],), {}
    if index % 4 == 0:
        for base in _BASES:
            yield "urljoin", (base, url), {}
        yield "urljoin", (url, "../x/./y?z#w"), {}


@pytest.mark.parametrize("corpus", CORPORA)
def test_corpus_as_newest_cpython(newest: Any, corpus: str) -> None:
    problems = []
    for index, url in enumerate(iter_corpus(corpus)):
        for name, args, kwargs in calls(url, index):
            mine = outcome(getattr(ours, name), *args, **kwargs)
            theirs = outcome(getattr(newest, name), *args, **kwargs)
            if mine != theirs:
                problems.append(f"{name}{args!r} {kwargs}: urlspec {mine!r}, CPython {theirs!r}")
    assert not problems, f"{len(problems)} differences:\n" + "\n".join(problems[:10])
