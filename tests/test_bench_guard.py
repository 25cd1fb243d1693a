"""bench/guard.py's harness: through it, every urlspec client (httpx sync and async, requests,
urllib3, urllib.request, aiohttp, create_connection) lets no refused case through, blocks no
allowed one (the corpus's expected verdicts, tests/data/guard_bypass.json) and fails on none
with anything but a refusal, while an unguarded httpx client connects for most refused cases:
the harness sees what a client does. The peers themselves (guard-bench extra) are the
benchmark's business, not the suite's."""

from __future__ import annotations

from typing import Any

import pytest

from bench.guard import URLSPEC_CLIENTS, run_corpus, table

_RESULTS: dict[str, list[dict[str, Any]]] = {}


def results(client: str) -> list[dict[str, Any]]:
    if client not in _RESULTS:
        _RESULTS[client] = run_corpus(client)
    return _RESULTS[client]


@pytest.mark.parametrize("client", URLSPEC_CLIENTS)
def test_no_bypass_and_no_over_block(client: str) -> None:
    outcome = results(client)
    assert len(outcome) >= 250
    assert [r["url"] for r in outcome if r["bypass"]] == []
    assert [r["url"] for r in outcome if r["over_block"]] == []


@pytest.mark.parametrize("client", URLSPEC_CLIENTS)
def test_no_error(client: str) -> None:
    assert [(r["url"], r["error"]) for r in results(client) if r["error"]] == []


def test_an_unguarded_client_is_seen_connecting() -> None:
    outcome = run_corpus("httpx (unguarded)")
    assert sum(r["bypass"] for r in outcome) >= 200
    assert not any(r["over_block"] for r in outcome)


def test_the_table_counts_bypasses_over_blocks_and_errors() -> None:
    rows = [
        {"class": "a", "url": "u1", "bypass": True, "over_block": False, "error": None},
        {"class": "a", "url": "u2", "bypass": False, "over_block": True, "error": "E: x"},
        {"class": "b", "url": "u3", "bypass": False, "over_block": False, "error": None},
    ]
    text = table({"guard": rows, "absent": "not installed"})
    assert "| guard | 1 | 1 | 1 | a: 1/1/1 |" in text
    assert "| absent | - | - | - | not installed |" in text
