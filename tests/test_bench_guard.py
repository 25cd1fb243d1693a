"""bench/guard.py's harness: through it, urlspec.guard lets no refused case through and blocks
no allowed one (the corpus's expected verdicts, tests/data/guard_bypass.json), while an
unguarded httpx client connects for most refused cases: the harness sees what a client does.
The peers themselves (guard-bench extra) are the benchmark's business, not the suite's."""

from __future__ import annotations

from bench.guard import run_corpus


def test_urlspec_has_no_bypass_and_no_over_block() -> None:
    results = run_corpus("urlspec")
    assert len(results) >= 250
    assert [r["url"] for r in results if r["bypass"]] == []
    assert [r["url"] for r in results if r["over_block"]] == []


def test_an_unguarded_client_is_seen_connecting() -> None:
    results = run_corpus("httpx (unguarded)")
    assert sum(r["bypass"] for r in results) >= 200
    assert not any(r["over_block"] for r in results)
