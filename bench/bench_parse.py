"""Benchmark: urlspec.parse against the running interpreter's urllib.parse.

Times urlsplit, urlparse, urljoin, quote, unquote, quote_plus, parse_qsl and urlencode on
*distinct* inputs taken from the URL corpora (``bench/corpora.py``: the repository's, and
userbait when present): within a round every input is seen once per implementation, so the
standard library's ``urlsplit`` cache (an ``lru_cache``) cannot help it, and both modules'
caches are cleared before each timed run. Rounds are interleaved (stdlib, urlspec, stdlib, ...;
the order alternates), and the median per-call time over the rounds is reported with the speed
ratio (stdlib time / urlspec time; 3.0 means urlspec is three times as fast).

Time is the CPU time of this process by default (``--clock process``): on a shared, loaded
machine the wall clock also counts the time the process waits for a core, which falls on either
module at random; ``--clock wall`` measures elapsed time instead.

Against the newest CPython: ``--newest PATH`` (or ``$URLSPEC_CPYTHON_NEWEST_PARSE``) names a copy of
the newest CPython's ``Lib/urllib/parse.py`` (3.15's), kept outside this repository (it is
CPython's code, never committed here). It is loaded as a module of its own and timed as a third
implementation, interleaved with the other two, and the ratio against it is reported too. The
targets (for the compiled build) then apply to it: urlsplit >= 6x, urlparse and urljoin >= 3x;
quote, quote_plus, unquote, parse_qsl and urlencode >= 2x. Without it the targets are >= 3x for
urlsplit, urlparse and urljoin and >= 1x for the others, against the running interpreter's
stdlib.

Workloads: the corpus URLs, their paths and queries, and ``parse_qsl_typical`` /
``urlencode_typical``: typical query strings (search forms, tracking parameters, pagination,
UTF-8 text, repeated keys), a fixed set built in this file.

    python -m bench.bench_parse [--inputs 5000] [--rounds 7] [--only urlsplit,urljoin]
                                [--clock process|wall] [--newest PATH]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
import urllib.parse as stdlib
from collections.abc import Callable
from typing import Any

import urlspec.parse as ours
from bench.corpora import CORPORA, corpus_path, present_corpora

TARGETS = {"urlsplit": 3.0, "urlparse": 3.0, "urljoin": 3.0}
# against the newest CPython's code (--newest)
NEWEST_TARGETS = {"urlsplit": 6.0, "urlparse": 3.0, "urljoin": 3.0}
NEWEST_DEFAULT_TARGET = 2.0
RELATIVE_REFERENCES = ("../img/{}.png", "{}?page=2", "./a/b/../{}", "/root/{}#top", "?q={}")


def load_urls(limit: int) -> list[str]:
    """Distinct URLs from the corpora, interleaved so that every corpus is represented."""
    per_corpus: list[list[str]] = []
    for name in present_corpora(CORPORA):
        path = corpus_path(name)
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


# Typical query strings, as forms, analytics and APIs write them.
TYPICAL_QUERY_TEMPLATES = (
    "q={w}&hl=en&num=10&start={n}",
    "utm_source=newsletter&utm_medium=email&utm_campaign=spring_{n}&utm_content={w}",
    "page={n}&per_page=50&sort=created_at&order=desc",
    "search={w}+{w}&category=books&price_min=10&price_max=100",
    "name=Jos%C3%A9+{w}&email={w}%40example.com&message=Hello%2C+world%21+%E2%9C%93",
    "ids={n}&ids={n}1&ids={n}2&fields=id,name,url",
    "redirect_uri=https%3A%2F%2Fexample.com%2Fcb%3Fx%3D{n}&state={w}&response_type=code",
    "a={n}&b=&c&d={w}",
)
TYPICAL_WORDS = ("python", "url", "caf%C3%A9", "r%C3%A9sum%C3%A9", "tokyo", "data", "x", "42")


def typical_queries(count: int) -> list[str]:
    """``count`` distinct typical query strings (see TYPICAL_QUERY_TEMPLATES)."""
    return [
        TYPICAL_QUERY_TEMPLATES[i % len(TYPICAL_QUERY_TEMPLATES)].format(
            w=TYPICAL_WORDS[i % len(TYPICAL_WORDS)], n=i
        )
        for i in range(count)
    ]


def load_newest(path: str) -> Any:
    """The newest CPython's parse.py at ``path``, loaded as a module of its own."""
    spec = importlib.util.spec_from_file_location("cpython_newest_parse", path)
    if spec is None or spec.loader is None:
        sys.exit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _safe_split(url: str) -> Any:
    try:
        return stdlib.urlsplit(url)
    except ValueError:
        return None


class Workload:
    """One function to time, with its distinct inputs (one positional argument tuple each)."""

    def __init__(self, name: str, inputs: list[tuple[Any, ...]], label: str = "") -> None:
        self.name = name  # the function's name
        self.inputs = inputs
        self.label = label or name


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
    typical = typical_queries(len(urls))
    typical_pairs = [stdlib.parse_qsl(query, keep_blank_values=True) for query in typical]
    return [
        Workload("urlsplit", [(url,) for url in urls]),
        Workload("urlparse", [(url,) for url in urls]),
        Workload("urljoin", references),
        Workload("quote", [(path,) for path in paths]),
        Workload("unquote", [(path,) for path in escaped_paths]),
        Workload("quote_plus", [(query,) for query in queries]),
        Workload("parse_qsl", [(query,) for query in queries]),
        Workload("urlencode", [(pair_list,) for pair_list in pairs]),
        Workload("parse_qsl", [(query,) for query in typical], "parse_qsl_typical"),
        Workload("urlencode", [(pair_list,) for pair_list in typical_pairs], "urlencode_typical"),
    ]


def clear_caches(modules: list[Any]) -> None:
    for module in modules:
        module.clear_cache()


CLOCKS: dict[str, Callable[[], int]] = {
    "process": time.process_time_ns,
    "wall": time.perf_counter_ns,
}


def time_once(
    function: Callable[..., Any],
    inputs: list[tuple[Any, ...]],
    clock: Callable[[], int],
    modules: list[Any],
) -> float:
    """Nanoseconds per call of ``function`` over ``inputs`` (each seen once), by ``clock``.

    The loop calls the function directly (no wrapper, no ``*args`` for one or two arguments), so
    that the loop's own cost, paid by both modules alike, stays small beside the calls.
    """
    clear_caches(modules)
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


def accepted_by_all(name: str, inputs: list[tuple[Any, ...]], modules: list[Any]) -> list[Any]:
    """The inputs no module rejects (some corpus URLs have invalid netlocs)."""
    kept = []
    for args in inputs:
        try:
            for module in modules:
                getattr(module, name)(*args)
        except ValueError:
            continue
        kept.append(args)
    return kept


def bench(
    workload: Workload, rounds: int, clock: Callable[[], int], modules: list[Any]
) -> list[float]:
    """Median ns/call of each module's function, all measured in rotating order per round."""
    functions = [getattr(module, workload.name) for module in modules]
    inputs = accepted_by_all(workload.name, workload.inputs, modules)
    times: list[list[float]] = [[] for _ in modules]
    for round_number in range(rounds):
        order = list(range(len(modules)))
        shift = round_number % len(order)
        order = order[shift:] + order[:shift]
        if round_number % 2:
            order.reverse()
        for index in order:
            times[index].append(time_once(functions[index], inputs, clock, modules))
    return [statistics.median(module_times) for module_times in times]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=5000, help="distinct URLs (default 5000)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--only", default="", help="comma-separated workload names")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="process", help="default: process CPU time"
    )
    parser.add_argument(
        "--newest",
        default=os.environ.get("URLSPEC_CPYTHON_NEWEST_PARSE", ""),
        help="the newest CPython's Lib/urllib/parse.py (kept outside the repository)",
    )
    options = parser.parse_args(argv)
    only = {name for name in options.only.split(",") if name}
    modules: list[Any] = [stdlib, ours]
    if options.newest:
        modules.append(load_newest(options.newest))

    urls = load_urls(options.inputs)
    version = ".".join(map(str, sys.version_info[:3]))
    print(
        f"Python {version}, {len(urls)} distinct URLs, {options.rounds} rounds,"
        f" median ns/call ({options.clock} time)"
    )
    header = f"{'workload':<19}{'stdlib':>9}{'urlspec':>9}{'ratio':>8}"
    if options.newest:
        header += f"{'newest':>9}{'ratio':>8}"
    print(header + "  target")
    below_target = []
    for workload in workloads(urls):
        if only and workload.label not in only:
            continue
        times = bench(workload, options.rounds, CLOCKS[options.clock], modules)
        theirs, mine = times[0], times[1]
        line = f"{workload.label:<19}{theirs:>9.0f}{mine:>9.0f}{theirs / mine:>7.2f}x"
        if options.newest:
            ratio = times[2] / mine
            target = NEWEST_TARGETS.get(workload.name, NEWEST_DEFAULT_TARGET)
            line += f"{times[2]:>9.0f}{ratio:>7.2f}x"
        else:
            ratio = theirs / mine
            target = TARGETS.get(workload.name, 1.0)
        verdict = "ok" if ratio >= target else "BELOW"
        if ratio < target:
            below_target.append(workload.label)
        print(f"{line}  >={target:g}x {verdict}")
    return 1 if below_target else 0


if __name__ == "__main__":
    sys.exit(main())
