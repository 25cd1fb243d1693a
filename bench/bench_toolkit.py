"""The everyday toolkit (urlspec.toolkit) side by side with yarl: each operation on URL objects made
beforehand, interleaved rounds, median CPU ns per URL and the ratio urlspec / yarl.

yarl is the peer that has these operations under the same names (``/``, ``joinpath``,
``with_query``, ``update_query``, ``extend_query``, ``without_query_params``, ``parent``,
``with_suffix``, ``name``; ``human_repr`` for ``display``). Inputs: the URLs of a corpus that
both libraries parse, evenly spaced.

    python -m bench.bench_toolkit                     # kasztp, 2,000 URLs, 5 rounds
    python -m bench.bench_toolkit --limit 500 --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.corpora import corpus_path, read_corpus
from bench.peers import import_peer
from bench.run import evenly_spaced, machine
from urlspec import URL

Operation = Callable[[Any], object]

#: name -> (urlspec's operation, yarl's operation)
OPERATIONS: dict[str, tuple[Operation, Operation]] = {
    "url / 'a b'": (lambda u: u / "a b", lambda u: u / "a b"),
    "joinpath('v1', 'a b')": (lambda u: u.joinpath("v1", "a b"), lambda u: u.joinpath("v1", "a b")),
    "with_query({'q': 'x y'})": (
        lambda u: u.with_query({"q": "x y"}),
        lambda u: u.with_query({"q": "x y"}),
    ),
    "update_query(page=2)": (lambda u: u.update_query(page=2), lambda u: u.update_query(page=2)),
    "extend_query(page=2)": (lambda u: u.extend_query(page=2), lambda u: u.extend_query(page=2)),
    "without_query_params('utm_source')": (
        lambda u: u.without_query_params("utm_source"),
        lambda u: u.without_query_params("utm_source"),
    ),
    "parent": (lambda u: u.parent, lambda u: u.parent),
    "with_suffix('.md')": (lambda u: u.with_suffix(".md"), lambda u: u.with_suffix(".md")),
    "name": (lambda u: u.name, lambda u: u.name),
    "display() / human_repr()": (lambda u: u.display(), lambda u: u.human_repr()),
}


def time_per_url(operation: Operation, urls: list[Any]) -> float:
    """CPU ns per URL of ``operation`` over ``urls`` (garbage collector off). An operation that
    raises (a URL it refuses) is timed all the same."""
    gc.collect()
    gc.disable()
    refused = 0
    try:
        start = time.process_time_ns()
        for url in urls:
            try:
                operation(url)
            except (ValueError, TypeError):
                refused += 1
        elapsed = time.process_time_ns() - start
    finally:
        gc.enable()
    return elapsed / len(urls)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", default="kasztp")
    parser.add_argument("--limit", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--only", action="append", default=[], help="an operation name to run (repeatable)"
    )
    args = parser.parse_args(argv)
    operations = {
        name: ops
        for name, ops in OPERATIONS.items()
        if not args.only or any(only in name for only in args.only)
    }
    yarl = import_peer("yarl", "yarl")
    inputs = evenly_spaced(read_corpus(corpus_path(args.corpus)), args.limit)
    texts = []
    for text in inputs:
        url = URL.parse(text)
        try:
            yarl.URL(text)
        except ValueError:
            continue
        if url is not None and url.path_segments is not None:
            texts.append(text)
    host = machine()
    print(
        f"{len(texts):,} URLs of {args.corpus}, {args.rounds} rounds, {host['python']}, "
        f"yarl {yarl.__version__}, {host['date']}; new URL objects each round (yarl caches "
        "properties on the object), made before the clock starts"
    )
    print("| operation | urlspec ns/URL | yarl ns/URL | urlspec / yarl |")
    print("|---|---:|---:|---:|")
    for name, (our_op, their_op) in operations.items():
        our_times: list[float] = []
        their_times: list[float] = []
        for round_number in range(args.rounds):
            ours = [URL(text) for text in texts]
            theirs = [yarl.URL(text) for text in texts]
            if round_number % 2 == 0:  # interleaved, each first in turn
                our_times.append(time_per_url(our_op, ours))
                their_times.append(time_per_url(their_op, theirs))
            else:
                their_times.append(time_per_url(their_op, theirs))
                our_times.append(time_per_url(our_op, ours))
        ours_ns = statistics.median(our_times)
        theirs_ns = statistics.median(their_times)
        print(f"| `{name}` | {ours_ns:,.0f} | {theirs_ns:,.0f} | {ours_ns / theirs_ns:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
