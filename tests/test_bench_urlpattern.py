"""bench/urlpattern.py's own logic: its WPT harness counts urlspec's passes as
tests/test_urlpattern_wpt.py does (all of them), its lenient count is never below the strict
one, and its routes are plain ``https://HOST/SEGMENT/*`` patterns from the corpus."""

from __future__ import annotations

import re

import shared_data

from bench import urlpattern as bench

CASES = shared_data.load_wpt("urlpatterntestdata.json")


def test_harness_counts_every_urlspec_pass() -> None:
    if not CASES:
        shared_data.missing(shared_data.wpt_path("urlpatterntestdata.json"))
    adapter = bench.Adapter("urlspec")
    bases = bench.expected_bases()
    strict = [bench.harness_passes(adapter, entry, bases) for entry in CASES]
    lenient = [bench.lenient_passes(adapter, entry) for entry in CASES]
    assert all(strict) and all(lenient)


def test_harness_fails_a_wrong_answer() -> None:
    adapter = bench.Adapter("urlspec")
    entry = {"pattern": [{"pathname": "/a"}], "inputs": [{"pathname": "/b"}], "expected_match": {}}
    assert not bench.harness_passes(adapter, entry, {})
    assert not bench.lenient_passes(adapter, entry)


def test_routes_are_plain() -> None:
    path = shared_data.dataset_path("kasztp.txt")
    routes = bench.route_patterns(bench.read_lines(path), 100)
    assert len(routes) == 100 == len(set(routes))
    assert all(re.fullmatch(r"https://[a-z0-9.-]+/[A-Za-z0-9._~-]*/\*", r) for r in routes)
