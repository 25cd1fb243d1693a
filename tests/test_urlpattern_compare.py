"""URLPattern.compare and compare_component against urlpattern-compare-test-data.json.

Expected values: WPT's ``urlpattern/resources/urlpattern-compare-test-data.json`` (26 cases, no
component named: the whole-pattern order), and the per-component cases of Chromium's original
``urlpattern-compare-tests`` that the same file's pathname entries carry.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
import shared_data

from urlspec.urlpattern import URLPattern

DATA_FILE = "urlpattern-compare-test-data.json"
CASES = shared_data.load_wpt(DATA_FILE)
# Entries naming pathname alone were written for compareComponent("pathname", ...).
PATHNAME_CASES = [c for c in CASES if set(c["left"]) == set(c["right"]) == {"pathname"}]


def test_data_present() -> None:
    if not CASES:
        shared_data.missing(shared_data.wpt_path(DATA_FILE))
    assert len(CASES) == 26


@pytest.mark.parametrize("entry", CASES, ids=[str(i) for i in range(len(CASES))])
def test_compare(entry: dict[str, Any]) -> None:
    left = URLPattern(entry["left"])
    right = URLPattern(entry["right"])
    assert URLPattern.compare(left, right) == entry["expected"]
    # The harness also checks that swapping the sides reverses the order.
    assert URLPattern.compare(right, left) == -entry["expected"]
    assert URLPattern.compare(left, left) == 0


@pytest.mark.parametrize("entry", PATHNAME_CASES)
def test_compare_component_of_the_one_component(entry: dict[str, Any]) -> None:
    left = URLPattern(entry["left"])
    right = URLPattern(entry["right"])
    assert URLPattern.compare_component("pathname", left, right) == entry["expected"]


def test_sorting_routes_most_specific_last() -> None:
    # The order the comparison's rationale gives (Chromium's url_pattern_component.cc):
    # fixed text > regexp > named group > wildcard.
    patterns = [URLPattern({"pathname": p}) for p in ("/*", "/:id", "/(\\d+)", "/about")]
    ordered = sorted(reversed(patterns), key=functools.cmp_to_key(URLPattern.compare))
    assert [p.pathname for p in ordered] == ["/*", "/:id", "/(\\d+)", "/about"]


def test_unknown_component() -> None:
    with pytest.raises(ValueError, match="not a URL component"):
        URLPattern.compare_component("path", URLPattern(), URLPattern())
