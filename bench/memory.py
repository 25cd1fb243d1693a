"""Memory per URL object: what holding 100,000 parsed URLs costs, per library.

Run from the repository root: ``python -m bench.memory`` (``--help`` for the options).

The inputs are the lines of the kasztp corpus (real web URLs), repeated until there are
``--count`` of them. Each library is measured in two fresh child processes, one per method,
so neither the other libraries nor the other method disturb the figures:

* ``tracemalloc``: the bytes allocated through Python's allocators and still held. It sees
  every Python object (urlspec, urlstd, yarl, the stdlib's tuples) but not what a C, C++ or
  Rust extension allocates with its own allocator (ada's ``url_aggregator`` behind can_ada and
  ada_url, rust-url's buffers behind url-py): for those it sees only the Python wrapper.
* ``rss``: the growth of the resident set size (``/proc/self/statm``; elsewhere the peak from
  ``resource.getrusage``). It sees native allocations too, but in pages, with the allocators'
  own overhead and any memory freed but not returned to the system.

In both, the inputs are read as bytes before measuring starts and decoded while building each
URL, as a program reading a file would; so a URL object that keeps its input string is charged
for it. The list that holds the URLs (8 bytes per entry) is subtracted, each library's caches
are cleared before the second reading, and inputs a library rejects are left out of the count.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from bench.corpora import corpus_path, read_corpus
from bench.peers import LOADERS, Library, Unavailable
from bench.run import comma_list, machine

DEFAULT_COUNT = 100_000
METHODS = ("tracemalloc", "rss")
WARM_UP = 1000  # URLs parsed and dropped first, so lazy imports and tables are not counted
NATIVE = {"can_ada", "ada_url", "url-py"}  # keep their URL data outside Python's allocators


def input_lines(count: int) -> tuple[list[bytes], list[str]]:
    """``count`` kasztp URLs as UTF-8 bytes, the corpus repeated as often as needed.

    The corpus as read (str) is returned too, for the caller to keep alive while measuring:
    freed, its memory would be reused by the URL objects and hide part of their RSS growth.
    """
    urls = read_corpus(corpus_path("kasztp"))
    lines = [url.encode("utf-8", "surrogateescape") for url in islice(cycle(urls), count)]
    return lines, urls


def resident_bytes() -> int:
    """The process's resident set size now (Linux), or its peak where /proc is missing."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            resident_pages = int(f.read().split()[1])
        return resident_pages * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def build(parse: Callable[[str], object], lines: list[bytes]) -> tuple[list[object], int]:
    """Parse every line; return the URL objects and the number of rejected inputs."""
    held: list[object] = []
    rejected = 0
    for line in lines:
        try:
            held.append(parse(line.decode("utf-8", "surrogateescape")))
        except Exception:
            rejected += 1
    return held, rejected


def measure(library: Library, method: str, lines: list[bytes]) -> dict[str, Any]:
    """Bytes held per URL object by one library, by one method (run in a child process)."""
    build(library.parse, lines[:WARM_UP])
    library.clear_caches()
    gc.collect()
    if method == "tracemalloc":
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
    else:
        before = resident_bytes()
    held, rejected = build(library.parse, lines)
    library.clear_caches()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0] if method == "tracemalloc" else resident_bytes()
    if method == "tracemalloc":
        tracemalloc.stop()
    grown = after - before - sys.getsizeof(held)
    return {
        "library": library.name,
        "version": library.version,
        "method": method,
        "held": len(held),
        "rejected": rejected,
        "bytes_per_url": grown / len(held) if held else None,
    }


def run_child(name: str, method: str, count: int) -> dict[str, Any]:
    """Measure one library by one method in a fresh interpreter; its result or why not."""
    command = [sys.executable, "-m", "bench.memory", "--child", name, method, "--count", str(count)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {"library": name, "method": method, "error": done.stderr.strip().splitlines()[-1:]}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def child(name: str, method: str, count: int) -> int:
    """The child process: print one measurement as JSON, or why the library was skipped."""
    try:
        library = LOADERS[name]()
    except Unavailable as reason:
        print(json.dumps({"library": name, "method": method, "skipped": str(reason)}))
        return 0
    lines, _corpus_kept_alive = input_lines(count)
    print(json.dumps(measure(library, method, lines)))
    return 0


def format_bytes(result: dict[str, Any] | None) -> str:
    if result is None or result.get("bytes_per_url") is None:
        return "n/a"
    return f"{result['bytes_per_url']:,.0f}"


def table(results: list[dict[str, Any]], names: list[str]) -> list[list[str]]:
    """One row per library: held, tracemalloc bytes/URL, RSS bytes/URL, what tracemalloc sees."""
    rows = []
    for name in names:
        by_method = {r["method"]: r for r in results if r["library"] == name and "held" in r}
        if not by_method:
            continue
        any_result = next(iter(by_method.values()))
        sees = "only the Python wrapper" if name in NATIVE else "all of it"
        rows.append(
            [
                f"{name} {any_result['version']}",
                f"{any_result['held']:,}",
                format_bytes(by_method.get("tracemalloc")),
                format_bytes(by_method.get("rss")),
                sees,
            ]
        )
    return rows


HEADER = ["library", "URLs held", "tracemalloc B/URL", "RSS growth B/URL", "tracemalloc sees"]


def render(rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(HEADER) + " |", "|---|---:|---:|---:|---|"]
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in [HEADER, *rows]) for i in range(len(HEADER))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [HEADER, *rows]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.memory", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="URLs held")
    parser.add_argument(
        "--libs",
        type=comma_list(LOADERS),
        default=list(LOADERS),
        help=f"comma-separated, from {','.join(LOADERS)}",
    )
    parser.add_argument("--json", type=Path, help="write the raw results here")
    parser.add_argument("--markdown", type=Path, help="write the README table here")
    parser.add_argument("--child", nargs=2, metavar=("LIBRARY", "METHOD"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    if args.child is not None:
        return child(args.child[0], args.child[1], args.count)
    if not corpus_path("kasztp").exists():
        print(f"corpus not found: {corpus_path('kasztp')} (tests/data/corpora)", file=sys.stderr)
        return 1

    results = [run_child(name, method, args.count) for name in args.libs for method in METHODS]
    for result in results:
        if "skipped" in result or "error" in result:
            reason = result.get("skipped") or result.get("error")
            print(f"{result['library']} ({result['method']}): {reason}", file=sys.stderr)
    rows = table(results, args.libs)
    host = machine()
    heading = (
        f"Bytes per URL object with {args.count:,} kasztp URLs held; measured {host['date']} "
        f"on {host['cpu']}, {host['python']}."
    )
    print(heading)
    print(render(rows, markdown=False))
    if args.markdown is not None:
        args.markdown.write_text(f"{heading}\n\n{render(rows, markdown=True)}\n", encoding="utf-8")
    if args.json is not None:
        report = {"machine": host, "count": args.count, "results": results}
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
