"""Benchmark: urlspec.parse against the running interpreter's urllib.parse.

Times urlsplit, urlparse, urljoin, quote, unquote, quote_plus, parse_qsl and urlencode on
*distinct* inputs taken from the URL corpora (``../shared/datasets`` or ``$URLSPEC_SHARED``):
within a round every input is seen once per implementation, so the standard library's
``urlsplit`` cache (an ``lru_cache``) cannot help it, and both modules' caches are cleared before
each timed run. Rounds are interleaved (stdlib, urlspec, stdlib, ...; the order alternates), and
the median per-call time over the rounds is reported with the speed ratio (stdlib time / urlspec
time; 3.0 means urlspec is three times as fast).

Time is the CPU time of this process by default (``--clock process``): on a shared, loaded
machine the wall clock also counts the time the process waits for a core, which falls on either
module at random; ``--clock wall`` measures elapsed time instead.

Targets: >= 3x for urlsplit, urlparse and urljoin; >= 1x for the others.

    python bench/bench_parse.py [--inputs 5000] [--rounds 7] [--only urlsplit,urljoin]
                                [--clock process|wall]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import urllib.parse as stdlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import urlspec.parse as ours

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("URLSPEC_SHARED", ROOT.parent / "shared"))
CORPORA = ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt")

TARGETS = {"urlsplit": 3.0, "urlparse": 3.0, "urljoin": 3.0}
RELATIVE_REFERENCES = ("../img/{}.png", "{}?page=2", "./a/b/../{}", "/root/{}#top", "?q={}")


def load_urls(limit: int) -> list[str]:
    """Distinct URLs from the corpora, interleaved so that every corpus is represented."""
    per_corpus: list[list[str]] = []
    for name in CORPORA:
        path = SHARED / "datasets" / name
        if not path.exists():
            sys.exit(f"missing corpus {path}: set URLSPEC_SHARED to the shared/ directory")
        with path.open(encoding="utf-8", errors="surrogateescape") as f:
            lines = [line.rstrip("\r\n").lstrip("\ufeff") for line in f]
        per_corpus.append([line for line in lines if line])
    seen: set[str] = set()
    urls: list[str] = []
    for group in zip(*per_corpus, strict=False):
        for url in group:
            if url not in seen:
                seen.add(url)
                urls.append(url)
        if len(urls) >= limit:
            break
    return urls[:limit]


def _safe_split(url: str) -> Any:
    try:
        return stdlib.urlsplit(url)
    except ValueError:
        return None


class Workload:
    """One function to time, with its distinct inputs (one positional argument tuple each)."""

    def __init__(self, name: str, inputs: list[tuple[Any, ...]]) -> None:
        self.name = name
        self.inputs = inputs


def workloads(urls: list[str]) -> list[Workload]:
    splits = [s for s in map(_safe_split, urls) if s is not None]
    paths = [stdlib.unquote(s.path) for s in splits if s.path]
    escaped_paths = [s.path for s in splits if s.path] or ["%41"]
    queries = [s.query for s in splits if s.query] or ["a=1&b=2"]
    pairs = [stdlib.parse_qsl(q) for q in queries]
    pairs = [p for p in pairs if p] or [[("a", "1")]]
    references = [
        (url, RELATIVE_REFERENCES[i % len(RELATIVE_REFERENCES)].format(i))
        for i, url in enumerate(urls)
    ]
    return [
        Workload("urlsplit", [(url,) for url in urls]),
        Workload("urlparse", [(url,) for url in urls]),
        Workload("urljoin", references),
        Workload("quote", [(path,) for path in paths]),
        Workload("unquote", [(path,) for path in escaped_paths]),
        Workload("quote_plus", [(query,) for query in queries]),
        Workload("parse_qsl", [(query,) for query in queries]),
        Workload("urlencode", [(pair_list,) for pair_list in pairs]),
    ]


def clear_caches() -> None:
    stdlib.clear_cache()  # type: ignore[attr-defined]
    ours.clear_cache()


CLOCKS: dict[str, Callable[[], int]] = {
    "process": time.process_time_ns,
    "wall": time.perf_counter_ns,
}


def time_once(
    function: Callable[..., Any], inputs: list[tuple[Any, ...]], clock: Callable[[], int]
) -> float:
    """Nanoseconds per call of ``function`` over ``inputs`` (each seen once), by ``clock``.

    The loop calls the function directly (no wrapper, no ``*args`` for one or two arguments), so
    that the loop's own cost, paid by both modules alike, stays small beside the calls.
    """
    clear_caches()
    if len(inputs[0]) == 1:
        single = [args[0] for args in inputs]
        start = clock()
        for argument in single:
            function(argument)
    else:
        start = clock()
        for first, second in inputs:
            function(first, second)
    return (clock() - start) / len(inputs)


def accepted_by_both(name: str, inputs: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The inputs neither module rejects (some corpus URLs have invalid netlocs)."""
    kept = []
    for args in inputs:
        try:
            getattr(stdlib, name)(*args)
            getattr(ours, name)(*args)
        except ValueError:
            continue
        kept.append(args)
    return kept


def bench(workload: Workload, rounds: int, clock: Callable[[], int]) -> tuple[float, float]:
    """Median ns/call of (stdlib, urlspec), the two measured in alternating order."""
    theirs = getattr(stdlib, workload.name)
    mine = getattr(ours, workload.name)
    inputs = accepted_by_both(workload.name, workload.inputs)
    stdlib_times: list[float] = []
    our_times: list[float] = []
    for round_number in range(rounds):
        order = [(theirs, stdlib_times), (mine, our_times)]
        if round_number % 2:
            order.reverse()
        for function, times in order:
            times.append(time_once(function, inputs, clock))
    return statistics.median(stdlib_times), statistics.median(our_times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=5000, help="distinct URLs (default 5000)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--only", default="", help="comma-separated function names")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="process", help="default: process CPU time"
    )
    options = parser.parse_args(argv)
    only = {name for name in options.only.split(",") if name}

    urls = load_urls(options.inputs)
    version = ".".join(map(str, sys.version_info[:3]))
    print(
        f"Python {version}, {len(urls)} distinct URLs, {options.rounds} rounds,"
        f" median ns/call ({options.clock} time)"
    )
    print(f"{'function':<12}{'stdlib':>10}{'urlspec':>10}{'ratio':>8}  target")
    below_target = []
    for workload in workloads(urls):
        if only and workload.name not in only:
            continue
        theirs, mine = bench(workload, options.rounds, CLOCKS[options.clock])
        ratio = theirs / mine
        target = TARGETS.get(workload.name, 1.0)
        verdict = "ok" if ratio >= target else "BELOW"
        if ratio < target:
            below_target.append(workload.name)
        numbers = f"{theirs:>10.0f}{mine:>10.0f}{ratio:>7.2f}x"
        print(f"{workload.name:<12}{numbers}  >={target:g}x {verdict}")
    return 1 if below_target else 0


if __name__ == "__main__":
    sys.exit(main())
