"""The compiled build keeps CPython's reference counts: no call takes away a reference to None,
and none keeps one.

A compiled build can get reference counts wrong silently. One way it did: mypyc writes C that
counts no references to ``None`` on Python 3.12 and later (``None`` is immortal there), and a
3.11 build that compiled such C (written by a newer Python's build beside it in ``build/``) gave
back five references to ``None`` for each ``URLRecord()`` made with default arguments, so that
after some thousands of URLPattern constructions CPython deallocated ``None`` and aborted
("Fatal Python error: none_dealloc"). A correct extension leaves every object's count as it
found it once what it made is gone (CPython's C API, "Reference Counting"): once the caches
are full (a cache that drops an entry gives back the references the entry held), a thousand
calls cannot leave ``None`` with a thousand references fewer, nor with a thousand more. The
second happened too: mypyc's ``tp_init`` of a class that Python code may subclass (``URL``) or
whose base is a built-in type (an exception) dropped the ``None`` that the class's ``__init__``
returned without releasing it, one reference per instance made by calling the class; setup.py
corrects that C. (Python 3.12 and later make ``None`` immortal, and its count never changes;
the check is meaningful on 3.11, where the suite runs both builds.)
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Callable

import pytest

from urlspec import URL, InvalidURL, URLPattern, URLSearchParams, extract
from urlspec.guard import check
from urlspec.guard.reasons import Refused
from urlspec.parser import basic_url_parse
from urlspec.url_record import URLRecord

ROUNDS = 5_000


def _refused(text: str) -> None:
    with contextlib.suppress(Refused):
        check(text)


def _invalid(text: str) -> None:
    with contextlib.suppress(InvalidURL):
        URL(text)


class _MyURL(URL):
    """A Python subclass of the compiled URL class (which allows them)."""


OPERATIONS: dict[str, Callable[[int], object]] = {
    "URLRecord()": lambda i: URLRecord(),
    "basic URL parser": lambda i: basic_url_parse(f"HTTPS://Example.com/a/../{i}?q#f"),
    "URL(...)": lambda i: URL(f" https://EXAMPLE.com/{i}/./x "),
    "URL(ref, base)": lambda i: URL(f"../{i}", "file:///C:/a/b"),
    "URL.parse of no URL": lambda i: URL.parse(f"http://[::{i}"),
    "URL(...) of no URL": lambda i: _invalid(f"http://[::{i}"),
    "URL subclass": lambda i: _MyURL(f"https://example.com/{i}"),
    "InvalidURL(message)": lambda i: InvalidURL(f"no URL {i}"),
    "URLSearchParams": lambda i: URLSearchParams(f"a={i}&b").sort(),
    "URLPattern": lambda i: URLPattern({"pathname": f"/{i}/:id(\\d+)/*"}).exec(
        f"https://a/{i}/7/x"
    ),
    "extract": lambda i: extract(f"https://a{i}.b.example.co.uk/"),
    "guard refusal": lambda i: _refused(f"http://user:pw@127.0.0.{i % 250}/"),
}


def _change_of_none_references(operation: Callable[[int], object]) -> int:
    """How many references to None ROUNDS calls of ``operation`` leave (negative: gave back),
    once a first ROUNDS calls have loaded what they use and filled every cache."""
    for i in range(ROUNDS):
        operation(i)
    gc.collect()
    before = sys.getrefcount(None)
    for i in range(ROUNDS, 2 * ROUNDS):
        operation(i)
    gc.collect()
    return sys.getrefcount(None) - before


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_no_reference_to_none_is_given_back_twice(name: str) -> None:
    given_back = -_change_of_none_references(OPERATIONS[name])
    assert given_back < ROUNDS // 10, f"{name}: {given_back} references to None given back"


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_no_reference_to_none_is_kept(name: str) -> None:
    kept = _change_of_none_references(OPERATIONS[name])
    assert kept < ROUNDS // 10, f"{name}: {kept} references to None kept"
