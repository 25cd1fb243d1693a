"""Where urlspec's time goes on one corpus: the pieces of ``URL(s).href`` and of the getters.

Each row is timed as the side-by-side suite times a library (``bench.run.time_op``: fresh input
strings, garbage collector off, CPU time), in rounds, and the figure is the median over the
rounds of ns per input. The pieces are timed apart and together: the loop and one call, the own-href
pattern alone (``own_href_pattern.match_own_href``), a bare three-slot object like ``URL``'s, the
two in one loop, then ``URL(s)``, ``URL(s).href``, the first getter and every getter, and can_ada's
parse + href when it is installed. The inputs are the corpus's URLs that are their own href (tier 1:
nearly all of them), so that every row does the same work.

    python -m bench.breakdown                      # kasztp, 9 rounds
    python -m bench.breakdown --corpus node_files --rounds 15
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
from collections.abc import Callable

from bench.corpora import CORPORA, corpus_path, read_corpus
from bench.peers import load_libraries
from bench.run import fresh_copies, machine, time_op
from urlspec import URL
from urlspec.own_href_pattern import match_own_href


class BareObject:
    """An object with URL's slots and nothing else: what creating one costs."""

    __slots__ = ("_getters", "_href", "_parsed")

    def __init__(self, href: str) -> None:
        self._href = href
        self._parsed = self._getters = None

    @property
    def href(self) -> str:
        return self._href


def match_then_object(s: str) -> object:
    return BareObject(s) if match_own_href(s) is not None else None


def pieces() -> dict[str, Callable[[str], object]]:
    """The timed rows, in order (the last two as the side-by-side suite times them)."""
    libraries, skipped = load_libraries(["urlspec", "can_ada"])
    adapters = {library.name: library for library in libraries}
    rows: dict[str, Callable[[str], object]] = {
        "loop and one call": lambda s: s,
        "match_own_href(s)": match_own_href,
        "BareObject(s)": BareObject,
        "BareObject(s).href": lambda s: BareObject(s).href,
        "match_own_href(s), then BareObject(s)": match_then_object,
        "URL(s)": URL,
        "URL(s).href": lambda s: URL(s).href,
        "URL(s).protocol (the first getter)": lambda s: URL(s).protocol,
        "URL(s), every getter": adapters["urlspec"].getters,
    }
    if "can_ada" in adapters:
        rows["can_ada.parse(s).href"] = adapters["can_ada"].href
    for name, reason in skipped.items():
        print(f"{name} left out: {reason}", file=sys.stderr)
    return rows


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--corpus", default="kasztp", choices=CORPORA)
    options.add_argument("--rounds", type=int, default=9)
    args = options.parse_args()

    path = corpus_path(args.corpus)
    if not path.exists():
        sys.exit(f"breakdown: {path} not found (see bench/README.md for the corpora)")
    urls = [url for url in read_corpus(path) if match_own_href(url) is not None]
    pickled = pickle.dumps(urls)
    rows = pieces()
    timings: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(args.rounds):
        for name, op in rows.items():
            timing = time_op(op, fresh_copies(pickled))
            timings[name].append(timing.cpu_ns / len(urls))
    host = machine()
    print(f"{host['date']}, {host['cpu']}, {host['python']}; {args.corpus}: {len(urls):,} URLs")
    print(f"median ns per URL over {args.rounds} rounds (CPU time)")
    for name, values in timings.items():
        print(f"{name:40} {statistics.median(values):8,.0f}")


if __name__ == "__main__":
    main()
