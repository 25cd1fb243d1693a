"""The two builds of urlspec side by side: how much faster the compiled build is, per workload.

``python -m bench.builds [--pure PYTHON] [--compiled PYTHON] [--rounds N] [--markdown FILE]``.
One interpreter cannot load both builds, so each measurement runs in a fresh process of the
given interpreter: by default those of ``scripts/test.sh``'s environments for the running Python
version (``.venv-test/X.Y-pure`` and ``.venv-test/X.Y``). Rounds alternate which build goes
first; each process runs over the data once untimed, then times three passes (CPU time, garbage
collector off) and keeps the fastest; the figure is the median over the rounds.

Workloads (``WORKLOADS``):

* ``href``, ``getters``: ``URL(s).href`` and every getter, on kasztp (the fast path's tier 1);
* ``relative``: ``URL(ref, base).href`` with ``base`` a ``URL``, on bench.relative's kasztp pairs;
* ``state machine``: the basic URL parser (``urlspec.parser.basic_url_parse``) and the URL
  serializer called directly on userbait (kasztp where userbait is not there: see
  ``bench/corpora.py``) with a tab inserted in the middle of each line (which the parser
  removes: ``URL(s)`` gives such an input to the fast path without its tab);
* ``validate``: ``urlspec.validate(s)`` on kasztp (the state machine, collecting errors).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.corpora import corpus_path
from bench.run import Table, describe_machine, load_corpora, render_markdown, render_text

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("href", "getters", "relative", "state machine", "validate")
GETTERS = (
    *("protocol", "username", "password", "host", "hostname", "port", "pathname"),
    *("search", "hash", "href"),
)


def workload_items(
    name: str, limit: int | None
) -> tuple[Callable[..., object], list[tuple[object, ...]]]:
    """The op and its argument tuples for one workload (run inside the measured process)."""
    from bench.relative import link_pairs
    from urlspec import URL, validate

    corpus = "kasztp"
    if name == "state machine" and corpus_path("userbait").exists():
        corpus = "userbait"
    lines = load_corpora([corpus], limit)[0][corpus]
    if name == "href":
        return (lambda s: URL(s).href), [(line,) for line in lines]
    if name == "getters":

        def every_getter(s: str) -> object:
            url = URL(s)
            return [getattr(url, getter) for getter in GETTERS]

        return every_getter, [(line,) for line in lines]
    if name == "relative":
        pairs: list[tuple[object, ...]] = []
        for base, ref in link_pairs(lines):
            parsed = URL.parse(base)
            if parsed is not None:
                pairs.append((ref, parsed))
        return (lambda ref, base: URL(ref, base).href), pairs
    if name == "state machine":
        with_tab = [line[: len(line) // 2] + "\t" + line[len(line) // 2 :] for line in lines]
        from urlspec.parser import basic_url_parse
        from urlspec.url_record import serialize_url

        def state_machine_href(s: str) -> str | None:
            record = basic_url_parse(s)
            return None if record is None else serialize_url(record)

        return state_machine_href, [(line,) for line in with_tab]
    if name == "validate":
        return validate, [(line,) for line in lines]
    raise ValueError(f"unknown workload {name!r}")


def measure(name: str, limit: int | None, passes: int = 3) -> float:
    """ns per item: the fastest of ``passes`` timed passes, after one untimed pass (the first
    pass over fresh data is several times slower in both builds: caches, allocation)."""
    op, items = workload_items(name, limit)
    for args in items:
        with contextlib.suppress(ValueError):
            op(*args)
    best = float("inf")
    for _ in range(passes):
        gc.collect()
        gc.disable()
        start = time.process_time_ns()
        for args in items:
            try:
                op(*args)
            except ValueError:  # InvalidURL
                continue
        best = min(best, (time.process_time_ns() - start) / len(items))
        gc.enable()
    return best


def run_in(python: str, name: str, limit: int | None) -> float:
    command = [python, "-m", "bench.builds", "--worker", name]
    if limit is not None:
        command += ["--limit", str(limit)]
    output = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(output.stdout)
    assert result["compiled"] is (python_is_compiled(python)), result
    return float(str(result["ns"]))


def python_is_compiled(python: str) -> bool:
    command = [python, "-c", "import urlspec; print(urlspec.COMPILED)"]
    return (
        subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip() == "True"
    )


def main(argv: list[str] | None = None) -> int:
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    parser = argparse.ArgumentParser(prog="python -m bench.builds", description=__doc__)
    parser.add_argument("--pure", default=str(ROOT / f".venv-test/{version}-pure/bin/python"))
    parser.add_argument("--compiled", default=str(ROOT / f".venv-test/{version}/bin/python"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, help="at most this many lines per corpus")
    parser.add_argument("--workload", default=",".join(WORKLOADS), help="comma-separated")
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        from urlspec import COMPILED

        print(json.dumps({"ns": measure(args.worker, args.limit), "compiled": COMPILED}))
        return 0
    names = [name for name in args.workload.split(",") if name in WORKLOADS]
    builds = {"pure": args.pure, "compiled": args.compiled}
    for build, python in builds.items():
        if python_is_compiled(python) is not (build == "compiled"):
            print(f"{python} does not run the {build} build of urlspec", file=sys.stderr)
            return 1
    samples: dict[tuple[str, str], list[float]] = {}
    for round_number in range(args.rounds):
        print(f"round {round_number + 1}/{args.rounds}", file=sys.stderr, flush=True)
        order = list(builds) if round_number % 2 == 0 else list(reversed(builds))
        for name in names:
            for build in order:
                samples.setdefault((name, build), []).append(
                    run_in(builds[build], name, args.limit)
                )
    medians = {key: statistics.median(values) for key, values in samples.items()}
    table = Table(
        "the two builds: ns per item (median), and the compiled build's speed-up",
        ["workload", "pure (ns)", "compiled (ns)", "speed-up"],
        [
            [
                name,
                f"{medians[(name, 'pure')]:,.0f}",
                f"{medians[(name, 'compiled')]:,.0f}",
                f"{medians[(name, 'pure')] / medians[(name, 'compiled')]:.2f}x",
            ]
            for name in names
        ],
    )
    header = describe_machine(args.rounds).replace(", urlspec pure Python", "")
    header = header.replace(", urlspec compiled with mypyc", "")
    print(header)
    print(render_text(table))
    if args.markdown is not None:
        args.markdown.write_text(f"{header}\n\n{render_markdown(table)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
