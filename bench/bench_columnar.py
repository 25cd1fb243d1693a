"""Benchmark: urlspec.engines.columnar against a Python loop over a scalar API, on an Arrow column.

The job, for every contender: a ``pyarrow`` string column of URLs in, a column of results out
(hrefs for ``href``; for ``parse``, every getter of the URL class). The contenders:

* ``columnar``: ``urlspec.columnar.href(column)`` / ``.hostname(column)`` / ``.parse(column)``;
* ``urlspec loop``: ``column.to_pylist()``, ``URL(s).href`` (``.hostname``, every getter) per
  row, an invalid row giving None, and ``pa.array`` of the results: the loop a user writes
  without columnar (``[URL(s).href for s in column.to_pylist()]``) plus the conversion back to a
  column;
* ``can_ada loop``: the same loop with ``can_ada.parse`` (ada, C++), when installed. For
  ``parse`` it has no registrable domain to find (ada has no public suffix list), so it does
  less work than the other two, which look each URL's registrable domain up too.

Rounds are interleaved (each contender once per round, in rotating order) and the median time
per row over the rounds is reported, with the throughput ratio of ``columnar`` to each loop
(2.0: columnar does the job in half the time). Time is this process's CPU time by default
(``--clock process``): on a loaded machine the wall clock also counts waiting for a core.

    python -m bench.bench_columnar [--corpus kasztp.txt,userbait.txt] [--rounds 7]
                                   [--clock process|wall] [--jobs href,hostname,parse]

A corpus named ``mixed:NAME`` (``--corpus mixed:kasztp.txt``) is bench/messy.py's mixed set of
that corpus: each line as it is, then the same line messy (two of uppercase host, dot segments,
an invalid escape, backslashes, surrounding spaces).

With both ``href`` and ``parse`` among the jobs, a last line per corpus gives columnar.parse's
time over columnar.href's on the same column (what parsing every component costs beyond the
href).

Targets (compiled build): columnar.href at most 0.7x the urlspec loop's time on mixed rows
(``mixed:kasztp.txt``); columnar.parse at most 2x columnar.href's time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import pyarrow as pa

import urlspec
from bench import messy
from bench.corpora import corpus_path, present_corpora
from urlspec import URL
from urlspec.engines import columnar

#: A corpus named ``mixed:NAME``: bench/messy.py's mixed set of the corpus NAME.
MIXED = "mixed:"
#: The URL class's getters, as columnar.parse's struct has them (then registrable_domain, which
#: only urlspec's loop computes too, and error).
GETTERS = columnar.PARSE_FIELDS[:-2]
CLOCKS: dict[str, Callable[[], int]] = {
    "process": time.process_time_ns,
    "wall": time.perf_counter_ns,
}

Job = Callable[[Any], object]


def load_column(name: str) -> Any:
    """A corpus as an Arrow string column, one row a line (blank lines left out); for
    ``mixed:NAME``, bench/messy.py's mixed set of the corpus NAME."""
    mixed = name.startswith(MIXED)
    path = corpus_path(name.removeprefix(MIXED))
    with path.open(encoding="utf-8") as f:
        lines = [line.rstrip("\r\n").lstrip("\ufeff") for line in f]
    rows = [line for line in lines if line]
    if mixed:
        rows = messy.messy_corpus(rows)[1]
    return pa.array(rows, pa.string())


def loop_getter(parse: Callable[[str], Any], getter: str) -> Job:
    """The scalar loop: each row's ``getter`` (None where ``parse`` raises), back into a
    column."""

    def job(column: Any) -> object:
        results: list[str | None] = []
        for value in column.to_pylist():
            try:
                results.append(getattr(parse(value), getter))
            except ValueError:
                results.append(None)
        return pa.array(results, pa.string())

    return job


def loop_parse(parse: Callable[[str], Any], registrable_domain: bool) -> Job:
    """The scalar loop: each row's getters (None where ``parse`` raises), back into columns;
    and each URL's registrable domain when the library has it (urlspec)."""

    def job(column: Any) -> object:
        rows: list[tuple[str | None, ...] | None] = []
        for value in column.to_pylist():
            try:
                url = parse(value)
            except ValueError:
                rows.append(None)
                continue
            rows.append(
                (
                    url.href,
                    url.protocol,
                    url.username,
                    url.password,
                    url.host,
                    url.hostname,
                    url.port,
                    url.pathname,
                    url.search,
                    url.hash,
                    url.origin,
                    url.registrable_domain if registrable_domain else None,
                )
            )
        names = [*GETTERS, "registrable_domain"]
        fields = zip(*[row or (None,) * len(names) for row in rows], strict=True)
        return pa.StructArray.from_arrays(
            [pa.array(field, pa.string()) for field in fields], names=names
        )

    return job


def contenders() -> dict[str, dict[str, Job]]:
    """Per workload, the jobs to time by name (can_ada only where it is installed)."""
    jobs: dict[str, dict[str, Job]] = {
        "href": {"columnar": columnar.href, "urlspec loop": loop_getter(URL, "href")},
        "hostname": {"columnar": columnar.hostname, "urlspec loop": loop_getter(URL, "hostname")},
        "parse": {
            "columnar": columnar.parse,
            "urlspec loop": loop_parse(URL, registrable_domain=True),
        },
    }
    try:
        import can_ada  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        print("can_ada is not installed (pip install -e '.[bench]'): left out", file=sys.stderr)
    else:
        jobs["href"]["can_ada loop"] = loop_getter(can_ada.parse, "href")
        jobs["hostname"]["can_ada loop"] = loop_getter(can_ada.parse, "hostname")
        jobs["parse"]["can_ada loop"] = loop_parse(can_ada.parse, registrable_domain=False)
    return jobs


def time_job(job: Job, column: Any, clock: Callable[[], int]) -> float:
    """Nanoseconds per row of one run of ``job`` over ``column``."""
    start = clock()
    job(column)
    return (clock() - start) / len(column)


def run(corpora: list[str], rounds: int, clock: Callable[[], int], names: list[str]) -> None:
    workloads = {name: jobs for name, jobs in contenders().items() if name in names}
    build = "compiled" if urlspec.COMPILED else "pure"
    print(
        f"Python {sys.version.split()[0]}, {build} build, pyarrow {pa.__version__}, {rounds} rounds"
    )
    print("| corpus | rows | job | " + " | ".join(["contender", "ns/row", "columnar is"]) + " |")
    print("|---|---:|---|---|---:|---:|")
    present = set(present_corpora([name.removeprefix(MIXED) for name in corpora]))
    for name in corpora:
        if name.removeprefix(MIXED) not in present:
            continue
        column = load_column(name)
        columnar_medians: dict[str, float] = {}
        for workload, jobs in workloads.items():
            times: dict[str, list[float]] = {contender: [] for contender in jobs}
            order = list(jobs)
            for round in range(rounds):
                shift = round % len(order)
                for contender in order[shift:] + order[:shift]:
                    times[contender].append(time_job(jobs[contender], column, clock))
            medians = {contender: statistics.median(t) for contender, t in times.items()}
            columnar_medians[workload] = medians["columnar"]
            for contender, median in medians.items():
                ratio = median / medians["columnar"]
                shown = "" if contender == "columnar" else f"{ratio:.2f}x as fast"
                print(
                    f"| {name} | {len(column)} | {workload} | {contender} | {median:.0f} "
                    f"| {shown} |"
                )
        if "href" in columnar_medians and "parse" in columnar_medians:
            ratio = columnar_medians["parse"] / columnar_medians["href"]
            print(f"| {name} | {len(column)} | parse / href | columnar | | {ratio:.2f}x the time |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="kasztp.txt,userbait.txt")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="process")
    parser.add_argument("--jobs", default="href,hostname,parse")
    args = parser.parse_args()
    run(args.corpus.split(","), args.rounds, CLOCKS[args.clock], args.jobs.split(","))


if __name__ == "__main__":
    main()
