"""The scalar API's answers, row by row: the expected values of the columnar and Spark tests.

``scalar_row(input, base)`` is what ``URL(input, base)`` and its getters say, in the shape of a
row of ``urlspec.columnar.parse``; ``with_nulls_and_invalid`` mixes nulls and inputs that are no
URL into a corpus.
"""

from __future__ import annotations

import itertools
from typing import Any

from bench.peers import WHATWG_GETTERS
from urlspec import URL, InvalidURL, canonicalize

#: What a row holds besides the error: the URL class's getters (§6.1), origin and
#: URL.registrable_domain.
GETTERS = (*WHATWG_GETTERS, "origin", "registrable_domain")
BASE = "https://example.org/dir/page?q=1#frag"
# Inputs that are no URL, or only against a base, mixed into every corpus.
INVALID = ["", "nope", "http://[::1", "https://exa mple.org/", "http://a:99999/", "//x", "?q"]
# A few bases for the one-base-per-row tests: valid ones, a null one, one that is no URL.
ROW_BASES = [BASE, "file:///C:/dir/", None, "not a base", "http://h/a/b/c?x", "mailto:x@y"]


def scalar_row(input: str | None, base: str | None) -> dict[str, str | None] | None:
    """What the scalar API says about ``URL(input, base)``, as a row of columnar.parse."""
    if input is None:
        return None
    try:
        url = URL(input, base)
    except InvalidURL as error:
        return {**dict.fromkeys(GETTERS), "error": error.errors[-1].name}
    return {**{name: getattr(url, name) for name in GETTERS}, "error": None}


def scalar_href(input: str | None, base: str | None) -> str | None:
    """``URL(input, base).href``, or None where that fails or the input is null."""
    if input is None:
        return None
    url = URL.parse(input, base)
    return None if url is None else url.href


def scalar_canonical(input: str | None, profile: str, base: str | None, **options: Any) -> Any:
    """``urlspec.canonicalize``'s answer, None where it raises InvalidURL (or for a null)."""
    if input is None:
        return None
    try:
        return canonicalize(input, profile, base=base, **options)
    except InvalidURL:
        return None


def with_nulls_and_invalid(lines: list[str]) -> list[str | None]:
    """The lines with a null after every 7th and the INVALID inputs after every 101st."""
    mixed: list[str | None] = []
    invalid = itertools.cycle(INVALID)
    for i, line in enumerate(lines):
        mixed.append(line)
        if i % 7 == 0:
            mixed.append(None)
        if i % 101 == 0:
            mixed.append(next(invalid))
    return mixed


def cycled(values: list[str | None], length: int) -> list[str | None]:
    """``values`` repeated to ``length`` items."""
    return list(itertools.islice(itertools.cycle(values), length))
