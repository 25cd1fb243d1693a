"""A sample client of ``urlspec.parse``, checked by ``mypy --strict`` in test_parse_typing.py.

Code ported from ``urllib.parse`` must keep its type checking: str in, str out; bytes in, bytes
out; the result classes with their precise fields and properties. Each ``reveal_type`` below is
matched, in order, by the test's expected list; the functions at the end are ported code that
must check cleanly (no "Returning Any"). This file is read by mypy only, never run or imported.
"""

from __future__ import annotations

import urllib.parse
from typing import reveal_type

from urlspec.parse import (
    SplitResult,
    parse_qs,
    parse_qsl,
    quote,
    quote_plus,
    unquote,
    urldefrag,
    urlencode,
    urljoin,
    urlparse,
    urlsplit,
    urlunparse,
    urlunsplit,
)

# --- str ---
split = urlsplit("https://user@example.com:8080/p?q#f")
reveal_type(split)
reveal_type(split.netloc)
reveal_type(split.port)
reveal_type(split.hostname)
reveal_type(split.username)
reveal_type(split.geturl())
reveal_type(urlunsplit(split))
reveal_type(urljoin("http://a/b/", "c"))
reveal_type(urlparse("http://a/b;p"))
reveal_type(urlparse("http://a/b;p").params)
reveal_type(urlunparse(("http", "a", "/b", "", "", "")))
reveal_type(urldefrag("http://a/#f"))
reveal_type(urldefrag("http://a/#f").fragment)
reveal_type(parse_qsl("a=1&b=2"))
reveal_type(parse_qs("a=1"))
reveal_type(urlencode({"a": 1}))
reveal_type(quote("a b"))
reveal_type(quote_plus(b"a b"))
reveal_type(unquote("a%20b"))

# --- missing_as_none (CPython 3.15) ---
defined = urlsplit("http://a/p?", missing_as_none=True)
reveal_type(defined)
reveal_type(defined.query)
reveal_type(defined.path)
reveal_type(urlparse("x", missing_as_none=True))
reveal_type(urldefrag("x", missing_as_none=True).fragment)

# --- bytes ---
split_bytes = urlsplit(b"http://a/p")
reveal_type(split_bytes)
reveal_type(split_bytes.hostname)
reveal_type(split_bytes.geturl())
reveal_type(urljoin(b"http://a/", b"b"))
reveal_type(urlparse(b"http://a/"))
reveal_type(urlunsplit(split_bytes))
reveal_type(urldefrag(b"http://a/#f"))
reveal_type(parse_qsl(b"a=1"))
reveal_type(urlsplit(b"x", missing_as_none=True).scheme)


# --- ported code: must check without errors ---
def origin(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


def port_or_default(url: str) -> int:
    port = urlsplit(url).port
    return 443 if port is None else port


def keep(result: SplitResult) -> str:
    return result.netloc + result.path


def first_value(query: str) -> str | None:
    pairs = parse_qsl(query)
    return pairs[0][1] if pairs else None


# --- interchangeable with the standard library's classes ---
def stdlib_netloc(result: urllib.parse.SplitResult) -> str:
    return result.netloc


def stdlib_params(result: urllib.parse.ParseResult) -> str:
    return result.params


def stdlib_fragment(result: urllib.parse.DefragResult) -> str:
    return result.fragment


def stdlib_bytes(result: urllib.parse.SplitResultBytes) -> bytes:
    return result.path


stdlib_netloc(urlsplit("http://a/"))
stdlib_params(urlparse("http://a/;p"))
stdlib_fragment(urldefrag("http://a/#f"))
stdlib_bytes(urlsplit(b"http://a/"))
