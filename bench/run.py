"""The side-by-side benchmark: urlspec against the other Python URL libraries, in one run.

Run from the repository root: ``python -m bench.run`` (``--help`` for the options; the peers
are the optional extra ``pip install -e '.[bench]'``, see ``bench/peers.py``).

What is measured, per library, corpus and workload, is nanoseconds per input URL (valid or not):

* workloads (``WORKLOADS``): "parse + href", "parse + every getter", "can_parse";
* corpora: the URL lists of ``bench/corpora.py`` (the repository's ``tests/data/corpora``, and
  userbait when a data folder beside the repository has it), one URL a line, BOM stripped;
* how: every round times every (corpus, workload, library) once, visiting the libraries
  round-robin (a different one goes first each round) so that machine noise reaches them all
  alike; the figure is the median over the rounds. Every library gets fresh copies of the input
  strings each run (no ``str`` carries a cached hash from an earlier run) and has its own caches
  cleared first. Each input runs under the same ``try``/``except Exception``: a raised exception
  (or ``False`` from ``can_parse``) counts as one invalid input, for every library alike.
  Like ``timeit``, the garbage collector is off while a run is timed (collected before).
* clock: the process's CPU time by default, which other processes' load inflates far less
  than wall time (``--clock wall`` for the time a user waits; the JSON has both).

The ratio reported is urlspec's time over the peer's: below 1 means urlspec is faster.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.corpora import CORPORA, OUTSIDE_CORPORA, corpus_path, read_corpus
from bench.peers import LOADERS, Library, load_libraries

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = {
    "href": "parse + href",
    "getters": "parse + every getter",
    "can_parse": "can_parse",
}
CLOCKS = {
    "cpu": "CPU time of the process (time.process_time_ns)",
    "wall": "wall-clock time (time.perf_counter_ns)",
}
DEFAULT_ROUNDS = 5
QUICK_ROUNDS = 2
QUICK_LIMIT = 1000
WARM_UP_SAMPLE = 500  # URLs per corpus run once, untimed, before the first round

Op = Callable[[str], object]


# ---------------------------------------------------------------------------------------------
# Corpora


def evenly_spaced(urls: list[str], limit: int | None) -> list[str]:
    """At most ``limit`` URLs spread over the whole list (corpora are often sorted)."""
    if limit is None or len(urls) <= limit:
        return urls
    step = len(urls) / limit
    return [urls[int(i * step)] for i in range(limit)]


def load_corpora(names: Iterable[str], limit: int | None) -> tuple[dict[str, list[str]], list[str]]:
    """The corpora that exist (name -> URLs), and a message for each that does not."""
    corpora: dict[str, list[str]] = {}
    missing: list[str] = []
    for name in names:
        path = corpus_path(name)
        if path.exists():
            corpora[name] = evenly_spaced(read_corpus(path), limit)
        elif name in OUTSIDE_CORPORA:
            missing.append(
                f"corpus {name} left out: it is not in the repository (no clear licence) and not "
                f"at {path} (set URLSPEC_SHARED to a folder with datasets/{path.name}; data from "
                "https://github.com/ada-url/url-various-datasets)"
            )
        else:
            missing.append(f"corpus {name} missing at {path}: it belongs to the repository")
    return corpora, missing


# ---------------------------------------------------------------------------------------------
# Timing


@dataclass(frozen=True)
class Timing:
    """What one pass of an op over a list of URLs took, and how many inputs were invalid."""

    wall_ns: int
    cpu_ns: int  # the process's CPU time: unlike wall time, blind to other processes' load
    invalid: int
    errors: dict[str, int]  # exception type name -> count


@dataclass(frozen=True)
class Run:
    """One timed pass of one library over one corpus for one workload."""

    library: str
    corpus: str
    workload: str
    round: int
    urls: int
    timing: Timing

    def ns_per_url(self, clock: str) -> float:
        elapsed = self.timing.cpu_ns if clock == "cpu" else self.timing.wall_ns
        return elapsed / self.urls


def time_op(op: Op, urls: list[str]) -> Timing:
    """Time ``op`` over ``urls``, on the wall clock and in CPU time.

    An input is invalid when ``op`` raises or returns ``False`` (``can_parse``); either way the
    handling is the same for every library.
    """
    invalid = 0
    errors: Counter[str] = Counter()
    gc.collect()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        wall_start = time.perf_counter_ns()
        cpu_start = time.process_time_ns()
        for url in urls:
            try:
                if op(url) is False:
                    invalid += 1
            except Exception as error:
                invalid += 1
                errors[type(error).__name__] += 1
        cpu = time.process_time_ns() - cpu_start
        wall = time.perf_counter_ns() - wall_start
    finally:
        if gc_was_enabled:
            gc.enable()
    return Timing(wall, cpu, invalid, dict(errors))


def workload_op(library: Library, workload: str) -> Op | None:
    """The library's callable for a workload; None when it has no equivalent."""
    if workload == "href":
        return library.href
    if workload == "getters":
        return library.getters
    if workload == "can_parse":
        return library.can_parse
    raise ValueError(f"unknown workload {workload!r}")


def identity(url: str) -> object:
    """The cheapest op: what the loop and one Python call cost, included in every figure."""
    return url


def fresh_copies(pickled: bytes) -> list[str]:
    """New ``str`` objects equal to the corpus (unpickled), so no cached hash is shared."""
    urls: list[str] = pickle.loads(pickled)
    return urls


def rotated(items: Sequence[Library], by: int) -> list[Library]:
    """The round-robin order for one round: a different library first each round."""
    if not items:
        return []
    shift = by % len(items)
    return [*items[shift:], *items[:shift]]


def warm_up(
    libraries: Sequence[Library], corpora: dict[str, list[str]], workloads: list[str]
) -> None:
    """Run every op once, untimed, over a sample of each corpus (lazy imports, tables)."""
    for urls in corpora.values():
        sample = evenly_spaced(urls, WARM_UP_SAMPLE)
        for library in libraries:
            for workload in workloads:
                op = workload_op(library, workload)
                if op is not None:
                    time_op(op, sample)


@dataclass
class Suite:
    """Everything a run of the suite measured."""

    libraries: list[Library]
    skipped: dict[str, str]
    corpora: dict[str, int]  # name -> URLs per run
    workloads: list[str]
    rounds: int
    clock: str  # "cpu" or "wall": which time the tables report
    runs: list[Run] = field(default_factory=list)
    overhead: dict[str, list[Timing]] = field(default_factory=dict)  # corpus -> one per round


def run_suite(
    libraries: list[Library],
    corpora: dict[str, list[str]],
    workloads: list[str],
    rounds: int,
    clock: str = "cpu",
    skipped: dict[str, str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Suite:
    """Time every library on every corpus and workload, ``rounds`` times, interleaved."""
    suite = Suite(
        libraries=libraries,
        skipped=dict(skipped or {}),
        corpora={name: len(urls) for name, urls in corpora.items()},
        workloads=workloads,
        rounds=rounds,
        clock=clock,
    )
    pickled = {name: pickle.dumps(urls) for name, urls in corpora.items()}
    warm_up(libraries, corpora, workloads)
    # What exists now (libraries, their tables, the corpora) lives to the end: out of the
    # collector's sight, so that the collection before each timed run stays cheap.
    gc.collect()
    gc.freeze()
    try:
        for round_number in range(rounds):
            time_round(suite, libraries, pickled, round_number, progress)
    finally:
        gc.unfreeze()
    return suite


def time_round(
    suite: Suite,
    libraries: list[Library],
    pickled: dict[str, bytes],
    round_number: int,
    progress: Callable[[str], None] | None,
) -> None:
    """One round: every corpus, workload and library once, libraries in rotated order."""
    if progress is not None:
        progress(f"round {round_number + 1}/{suite.rounds}")
    for corpus, pickled_urls in pickled.items():
        overhead = time_op(identity, fresh_copies(pickled_urls))
        suite.overhead.setdefault(corpus, []).append(overhead)
        for workload in suite.workloads:
            for library in rotated(libraries, round_number):
                op = workload_op(library, workload)
                if op is None:
                    continue
                inputs = fresh_copies(pickled_urls)
                library.clear_caches()
                timing = time_op(op, inputs)
                suite.runs.append(
                    Run(library.name, corpus, workload, round_number, len(inputs), timing)
                )


# ---------------------------------------------------------------------------------------------
# Summary


@dataclass(frozen=True)
class Cell:
    """The median over the rounds for one library, corpus and workload."""

    ns_per_url: float
    invalid: int


def summarize(suite: Suite) -> dict[tuple[str, str, str], Cell]:
    """(workload, corpus, library) -> median ns per URL and the invalid count."""
    grouped: dict[tuple[str, str, str], list[Run]] = {}
    for run in suite.runs:
        grouped.setdefault((run.workload, run.corpus, run.library), []).append(run)
    return {
        key: Cell(
            statistics.median(r.ns_per_url(suite.clock) for r in runs), runs[-1].timing.invalid
        )
        for key, runs in grouped.items()
    }


def format_ns(value: float) -> str:
    return f"{value:,.0f}"


def format_ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}"


def library_names(suite: Suite, workload: str) -> list[str]:
    """The libraries that have an op for this workload, in the suite's order."""
    return [lib.name for lib in suite.libraries if workload_op(lib, workload) is not None]


def timing_rows(
    suite: Suite,
    summary: dict[tuple[str, str, str], Cell],
    workload: str,
    names: list[str],
    value: Callable[[Cell], str],
) -> list[list[str]]:
    """One row per corpus: corpus, URL count, then ``value`` of each named library's cell."""
    rows = []
    for corpus, count in suite.corpora.items():
        row = [corpus, f"{count:,}"]
        for name in names:
            cell = summary.get((workload, corpus, name))
            row.append("n/a" if cell is None else value(cell))
        rows.append(row)
    return rows


def ratio_rows(
    suite: Suite, summary: dict[tuple[str, str, str], Cell], workload: str, peers: list[str]
) -> list[list[str]]:
    """One row per corpus: urlspec's median over each peer's (below 1: urlspec is faster)."""
    rows = []
    for corpus in suite.corpora:
        ours = summary.get((workload, corpus, "urlspec"))
        row = [corpus]
        for peer in peers:
            theirs = summary.get((workload, corpus, peer))
            if ours is None or theirs is None:
                row.append("n/a")
            else:
                row.append(format_ratio(ours.ns_per_url, theirs.ns_per_url))
        rows.append(row)
    return rows


@dataclass
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]


def tables(suite: Suite) -> list[Table]:
    """Per workload: ns/URL, urlspec/peer ratios (when urlspec ran), invalid inputs."""
    summary = summarize(suite)
    result = []
    for workload in suite.workloads:
        label = WORKLOADS[workload]
        names = library_names(suite, workload)
        peers = [name for name in names if name != "urlspec"]
        result.append(
            Table(
                f"{label}: ns per URL (median of {suite.rounds} rounds; lower is better)",
                ["corpus", "URLs", *names],
                timing_rows(suite, summary, workload, names, lambda c: format_ns(c.ns_per_url)),
            )
        )
        if "urlspec" in names and peers:
            result.append(
                Table(
                    f"{label}: urlspec / peer (below 1: urlspec is faster)",
                    ["corpus", *peers],
                    ratio_rows(suite, summary, workload, peers),
                )
            )
        result.append(
            Table(
                f"{label}: invalid inputs (raised, or can_parse false)",
                ["corpus", "URLs", *names],
                timing_rows(suite, summary, workload, names, lambda c: f"{c.invalid:,}"),
            )
        )
    return result


def render_text(table: Table) -> str:
    widths = [
        max(len(row[i]) for row in [table.header, *table.rows]) for i in range(len(table.header))
    ]
    lines = [table.title]
    for row in [table.header, *table.rows]:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells))
    return "\n".join(lines)


def render_markdown(table: Table) -> str:
    lines = [f"**{table.title}**", ""]
    lines.append("| " + " | ".join(table.header) + " |")
    lines.append("|---|" + "---:|" * (len(table.header) - 1))
    lines.extend("| " + " | ".join(row) + " |" for row in table.rows)
    return "\n".join(lines)


def overhead_ns_per_url(suite: Suite) -> dict[str, float]:
    """Corpus -> median ns per URL of the bare loop with one Python call (the identity op)."""
    return {
        corpus: statistics.median(
            (t.cpu_ns if suite.clock == "cpu" else t.wall_ns) / suite.corpora[corpus]
            for t in timings
        )
        for corpus, timings in suite.overhead.items()
    }


def exceptions_note(suite: Suite) -> str:
    """Which exceptions each library raised in the first round, all corpora and workloads.

    A library should raise only its documented error for invalid input (urlspec: InvalidURL);
    anything else here is worth a look.
    """
    raised: dict[str, Counter[str]] = {}
    for run in suite.runs:
        if run.round == 0:
            raised.setdefault(run.library, Counter()).update(run.timing.errors)
    described = [
        f"{library} " + ", ".join(f"{name} x{count:,}" for name, count in counter.most_common())
        for library, counter in raised.items()
        if counter
    ]
    return "Exceptions raised (first round): " + "; ".join(described) + "." if described else ""


def overhead_note(suite: Suite) -> str:
    per_corpus = overhead_ns_per_url(suite)
    if not per_corpus:
        return ""
    return (
        "The loop and one Python call, included in every figure, take "
        f"~{format_ns(statistics.median(per_corpus.values()))} ns per URL."
    )


# ---------------------------------------------------------------------------------------------
# The machine


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "load_average_at_start": None if load is None else [round(x, 2) for x in load],
    }


def urlspec_build() -> str:
    """Which build of urlspec runs: compiled by mypyc, or pure Python."""
    from urlspec import COMPILED

    return "compiled with mypyc" if COMPILED else "pure Python"


def describe_machine(rounds: int, clock: str = "cpu") -> str:
    """One line on where and how a benchmark ran, for benchmarks other than this suite."""
    host = machine()
    return (
        f"Measured {host['date']} on {host['cpu']} ({host['cores']} cores), {host['python']}, "
        f"urlspec {urlspec_build()}, {rounds} rounds, {CLOCKS[clock]}, "
        f"load average at start {host['load_average_at_start']}."
    )


def describe_run(suite: Suite, host: dict[str, Any]) -> list[str]:
    lines = [
        f"Measured {host['date']} on {host['cpu']} ({host['cores']} cores), {host['python']}, "
        f"{suite.rounds} rounds, {CLOCKS[suite.clock]}, "
        f"load average at start {host['load_average_at_start']}.",
        "Libraries: "
        + ", ".join(f"{lib.name} {lib.version} ({lib.description})" for lib in suite.libraries)
        + ".",
    ]
    lines.extend(f"Skipped {name}: {reason}." for name, reason in suite.skipped.items())
    lines.append(overhead_note(suite))
    lines.append(exceptions_note(suite))
    return [line for line in lines if line]


def to_markdown(suite: Suite, host: dict[str, Any]) -> str:
    parts = ["### urlspec and its peers, side by side", "", *describe_run(suite, host), ""]
    for table in tables(suite):
        parts.extend([render_markdown(table), ""])
    return "\n".join(parts)


def to_json(suite: Suite, host: dict[str, Any]) -> dict[str, Any]:
    summary = summarize(suite)
    return {
        "machine": host,
        "rounds": suite.rounds,
        "corpora": suite.corpora,
        "workloads": suite.workloads,
        "libraries": {
            lib.name: {
                "version": lib.version,
                "description": lib.description,
                "getters_read": lib.getters_read,
            }
            for lib in suite.libraries
        },
        "skipped": suite.skipped,
        "clock": suite.clock,
        "overhead_ns_per_url": overhead_ns_per_url(suite),
        "median_ns_per_url": [
            {
                "workload": w,
                "corpus": c,
                "library": lib,
                "ns_per_url": cell.ns_per_url,
                "invalid": cell.invalid,
            }
            for (w, c, lib), cell in summary.items()
        ],
        "runs": [asdict(run) for run in suite.runs],
    }


# ---------------------------------------------------------------------------------------------
# Command line


def comma_list(choices: Iterable[str]) -> Callable[[str], list[str]]:
    allowed = list(choices)

    def parse(text: str) -> list[str]:
        items = [item.strip() for item in text.split(",") if item.strip()]
        unknown = [item for item in items if item not in allowed]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown {unknown}; choose from {allowed}")
        return items

    return parse


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--rounds", type=int, help=f"rounds (default {DEFAULT_ROUNDS}, quick {QUICK_ROUNDS})"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke run: {QUICK_ROUNDS} rounds, {QUICK_LIMIT} URLs per corpus",
    )
    parser.add_argument("--limit", type=int, help="at most this many URLs per corpus (spread out)")
    parser.add_argument(
        "--corpus",
        type=comma_list(CORPORA),
        default=list(CORPORA),
        help=f"comma-separated, from {','.join(CORPORA)}",
    )
    parser.add_argument(
        "--workload",
        type=comma_list(WORKLOADS),
        default=list(WORKLOADS),
        help=f"comma-separated, from {','.join(WORKLOADS)}",
    )
    parser.add_argument(
        "--libs",
        type=comma_list(LOADERS),
        default=None,
        help=f"comma-separated, from {','.join(LOADERS)}",
    )
    parser.add_argument(
        "--clock",
        choices=list(CLOCKS),
        default="cpu",
        help="which time the tables report (both are in --json); cpu time is steadier "
        "on a machine shared with other work, wall time is what a user waits",
    )
    parser.add_argument("--markdown", type=Path, help="write the README tables here")
    parser.add_argument("--json", type=Path, help="write the raw results here")
    return parser


def run_href_and_report(
    libraries: list[Library],
    corpora: dict[str, list[str]],
    rounds: int,
    skipped: dict[str, str],
    markdown: Path | None,
) -> None:
    """Time "parse + href" on ``corpora`` and print the tables (and write them to ``markdown``):
    what the benchmarks of particular inputs (bench/messy.py, bench/idn.py) report."""
    suite = run_suite(libraries, corpora, ["href"], rounds, "cpu", skipped)
    host = machine()
    print("\n".join(describe_run(suite, host)))
    for table in tables(suite):
        print()
        print(render_text(table))
    if markdown is not None:
        markdown.write_text(to_markdown(suite, host), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = argument_parser().parse_args(argv)
    rounds = (
        args.rounds if args.rounds is not None else QUICK_ROUNDS if args.quick else DEFAULT_ROUNDS
    )
    limit = args.limit if args.limit is not None else QUICK_LIMIT if args.quick else None
    if rounds < 1 or (limit is not None and limit < 1):
        print("--rounds and --limit must be at least 1", file=sys.stderr)
        return 2

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    libraries, skipped = load_libraries(args.libs)
    for name, reason in skipped.items():
        progress(f"skipping {name}: {reason}")
    corpora, missing = load_corpora(args.corpus, limit)
    for message in missing:
        progress(message)
    if not libraries or not corpora:
        progress("nothing to run: no library or no corpus available")
        return 1

    suite = run_suite(libraries, corpora, args.workload, rounds, args.clock, skipped, progress)
    host = machine()
    print("\n".join(describe_run(suite, host)))
    for table in tables(suite):
        print()
        print(render_text(table))
    if args.markdown is not None:
        args.markdown.write_text(to_markdown(suite, host), encoding="utf-8")
    if args.json is not None:
        args.json.write_text(json.dumps(to_json(suite, host), indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
