"""bench/urlpattern.py's own logic: its WPT harness counts urlspec's passes as
tests/test_urlpattern_wpt.py does (all of them), its lenient count is never below the strict
one, and its routes are plain ``https://HOST/SEGMENT/*`` patterns from the corpus; the
linear-time table runs (at small lengths), its inputs match none of its patterns, and a call
past the cap is stopped."""

from __future__ import annotations

import os
import re
import sys

import pytest
import shared_data

from bench import urlpattern as bench
from urlspec.urlpattern import URLPattern

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


def test_adversarial_inputs_match_nothing() -> None:
    # Each shape's input misses the pattern's last character ("/x" against "/y", no "x" after
    # "q=", no "b"), so the URL Pattern Standard's answer is no match.
    for shape, (_, init, _) in enumerate(bench.ADVERSARIAL):
        url = bench.adversarial_url(shape, 12)
        assert URLPattern(init).test(url) is False, url
        prefix, unit, suffix = bench.ADVERSARIAL[shape][2]
        assert url == prefix + unit * (12 // len(unit)) + suffix


def test_a_call_past_the_cap_is_stopped() -> None:
    sleeper = [sys.executable, "-c", "import time; print('ready', flush=True); time.sleep(60)"]
    assert bench.run_capped(sleeper, 0.2, dict(os.environ)) is None
    failing = [sys.executable, "-c", "import sys; sys.exit('no such library')"]
    assert bench.run_capped(failing, 5, dict(os.environ)) == '{"error": "no such library"}'


def test_linear_table_runs(capsys: pytest.CaptureFixture[str]) -> None:
    rows = bench.linear_table(["urlspec"], {}, lengths=(16,), cap=60, shapes=(0, 3))
    assert [row[:2] for row in rows] == [
        [bench.ADVERSARIAL[0][0], "16"],
        [bench.ADVERSARIAL[3][0], "16"],
    ]
    assert all(row[2].endswith(" ms") for row in rows), rows
    assert bench.main(["--only-linear", "--libs", "urlspec", "--linear-lengths", "8"]) == 0
    printed = capsys.readouterr().out
    assert "test() on adversarial inputs" in printed
    assert printed.count(" ms") >= len(bench.ADVERSARIAL)
