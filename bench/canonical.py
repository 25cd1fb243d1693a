"""The canonicalization profiles side by side with the default profile and with the peers that
do the same job.

Run from the repository root: ``python -m bench.canonical`` (``--help`` for the options). The
peers are in the ``bench`` extra (``pip install -e '.[bench]'``): w3lib's ``canonicalize_url``
(Scrapy's) for ``dedup``, the ``surt`` package's ``surt.surt`` for ``surt``. The other profiles
have no Python peer doing the same job.

Measured, per corpus (kasztp and, when present, userbait by default; ``--corpus`` for others):

* nanoseconds per input line for each (profile or peer), CPU time, median over the rounds;
  every round runs each contender once, starting with a different one each round, on fresh
  copies of the strings; an exception counts as one input done, for every contender alike.
  Each profile is called as the command line calls it, through its own function
  (``URL(line).href`` for ``whatwg``; for ``safebrowsing``, the one that returns the reason it
  refuses a line rather than raising it, counted as an invalid input);
* the ratio of each profile to the ``whatwg`` profile, measured in the same rounds (the target
  is <= 2.5), and how many times faster than its peer it is (peer / urlspec; the target is >= 10);
* the number of distinct outputs per profile (and per peer), and the invalid inputs.

``--cli N`` also times the command ``urlspec canon --profile P`` (one process, writing to
/dev/null) on the first N lines of ``bench/make_big_input.py``'s stream, each profile in turn,
interleaved over the rounds: the CPU time of the whole process (median), and its ratio to
``--profile whatwg``.

``--run-once --profile P --limit N`` runs one profile once over the first N lines of each corpus,
untimed: the instructions per line that ``valgrind --tool=callgrind`` counts for it (the count
with ``--limit N`` less that with ``--limit 1``, over N - 1) do not depend on the machine's load.

``--unique-memory N`` also measures what ``urlspec canon --unique`` holds: the set of distinct
outputs, built from the first N lines of ``bench/make_big_input.py``'s stream (the corpora
repeated) and from N distinct lines (the same with ``?n=<i>`` appended), in bytes (the set
and its strings, by ``sys.getsizeof``).
"""

from __future__ import annotations

import argparse
import gc
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.corpora import corpus_path, present_corpora, read_corpus

Op = Callable[[str], object]

PROFILES = ("whatwg", "dedup", "safebrowsing", "surt", "ssurt")
#: profile -> (peer name, import) for the profiles with a peer
PEERS = {"dedup": "w3lib", "surt": "surt"}
DEFAULT_CORPORA = ("kasztp", "userbait")


def urlspec_op(profile: str) -> Op:
    """What the command line calls for one line in ``profile`` (without a base)."""
    if profile == "whatwg":
        from urlspec.url import URL

        return lambda line: URL(line).href
    if profile == "dedup":
        from urlspec.canonical.dedup import canonicalize_dedup

        return canonicalize_dedup
    if profile == "safebrowsing":
        from urlspec.canonical.safebrowsing import canonical_or_refusal

        return canonical_or_refusal
    if profile == "surt":
        from urlspec.canonical.surt import surt

        return surt
    from urlspec.canonical import canonicalize_as

    return lambda line: canonicalize_as(line, profile, None, {})


def peer_op(name: str) -> Op | None:
    try:
        if name == "w3lib":
            from w3lib.url import canonicalize_url

            return canonicalize_url
        if name == "surt":
            import surt  # type: ignore[import-untyped]

            return surt.surt  # type: ignore[no-any-return]
    except ImportError:
        print(f"(peer {name} not installed: pip install -e '.[bench]')", file=sys.stderr)
    return None


def run_once(op: Op, lines: Sequence[str]) -> tuple[int, set[object], int]:
    """CPU nanoseconds for ``op`` over fresh copies of ``lines``; the outputs; the failures."""
    copies = [
        line.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass") for line in lines
    ]
    outputs: list[object] = []
    failures = 0
    gc.collect()
    gc.disable()
    try:
        start = time.process_time_ns()
        for line in copies:
            try:
                outputs.append(op(line))
            except Exception:
                failures += 1
        elapsed = time.process_time_ns() - start
    finally:
        gc.enable()
    written: set[object] = {output for output in outputs if isinstance(output, str)}
    failures += sum(not isinstance(output, str) for output in outputs)  # refusals as values
    return elapsed, written, failures


def bench_corpus(
    name: str, rounds: int, profiles: Sequence[str], limit: int | None = None
) -> list[str]:
    lines = read_corpus(corpus_path(name))[:limit]
    contenders: dict[str, Op] = {}
    for profile in ("whatwg", *[profile for profile in profiles if profile != "whatwg"]):
        contenders[profile] = urlspec_op(profile)
        peer = PEERS.get(profile)
        op = peer_op(peer) if peer else None
        if op is not None:
            contenders[f"{profile}:{peer}"] = op
    times: dict[str, list[int]] = {key: [] for key in contenders}
    distinct: dict[str, int] = {}
    invalid: dict[str, int] = {}
    keys = list(contenders)
    for round_number in range(rounds):
        shift = round_number % len(keys)
        for key in keys[shift:] + keys[:shift]:
            elapsed, outputs, failures = run_once(contenders[key], lines)
            times[key].append(elapsed)
            distinct[key] = len(outputs)
            invalid[key] = failures
    whatwg = statistics.median(times["whatwg"]) / len(lines)
    report = [
        f"#### {name} ({len(lines):,} lines, {rounds} rounds, CPU time, median)",
        "",
        "| profile | urlspec ns/line | × whatwg | peer | peer ns/line | peer / urlspec | "
        "distinct outputs (urlspec / peer) | invalid (urlspec / peer) |",
        "|---|---:|---:|---|---:|---:|---:|---:|",
    ]
    for profile in ("whatwg", *[profile for profile in profiles if profile != "whatwg"]):
        ours = statistics.median(times[profile]) / len(lines)
        peer_key = f"{profile}:{PEERS.get(profile)}"
        if peer_key in times:
            theirs = statistics.median(times[peer_key]) / len(lines)
            report.append(
                f"| {profile} | {ours:,.0f} | {ours / whatwg:.2f} | {PEERS[profile]} | "
                f"{theirs:,.0f} | {theirs / ours:.1f} | "
                f"{distinct[profile]:,} / {distinct[peer_key]:,} | "
                f"{invalid[profile]:,} / {invalid[peer_key]:,} |"
            )
        else:
            report.append(
                f"| {profile} | {ours:,.0f} | {ours / whatwg:.2f} | - | - | - | "
                f"{distinct[profile]:,} | {invalid[profile]:,} |"
            )
    return report


def bench_cli(count: int, rounds: int, profiles: Sequence[str]) -> list[str]:
    """``urlspec canon --profile P`` on ``count`` lines of the big input (as it is, and with
    each line made distinct by ``?n=<i>``), per profile: the CPU time of the whole process
    (median over the interleaved rounds, less that of a run on no input) and its ratio to
    whatwg."""
    names = ["whatwg", *[profile for profile in profiles if profile != "whatwg"]]
    report = [
        f"#### `urlspec canon --profile P` on {count:,} lines of bench/make_big_input.py's stream "
        f"({rounds} rounds, CPU time of the process, median)",
        "",
        "| profile | corpora repeated: s | × whatwg | all distinct (`?n=<i>`): s | × whatwg |",
        "|---|---:|---:|---:|---:|",
    ]
    seconds: dict[str, list[float]] = {profile: [] for profile in names}
    startups: list[float] = []
    with tempfile.TemporaryDirectory() as directory:
        for distinct in (False, True):
            path = Path(directory) / f"big-{distinct}.txt"
            _write_big_input(path, count, distinct)
            times = _time_cli(path, rounds, names)
            startup = statistics.median(times.pop("(no input)"))
            startups.append(startup)
            for profile in names:
                seconds[profile].append(statistics.median(times[profile]) - startup)
    for profile in names:
        ours, whatwg = seconds[profile], seconds["whatwg"]
        cells = [f"{ours[index]:.2f} | {ours[index] / whatwg[index]:.2f}" for index in range(2)]
        report.append(f"| {profile} | {' | '.join(cells)} |")
    report += ["", f"(starting and reading no input: {min(startups):.2f} s, subtracted)"]
    return report


def _write_big_input(path: Path, count: int, distinct: bool) -> None:
    from bench.make_big_input import corpus_lines, default_paths

    stream = corpus_lines(default_paths())
    with path.open("wb") as out:
        for index in range(count):
            line = next(stream)
            if distinct:
                line = line.rstrip(b"\r\n") + (b"&" if b"?" in line else b"?") + b"n=%d\n" % index
            out.write(line)


def _time_cli(path: Path, rounds: int, profiles: Sequence[str]) -> dict[str, list[float]]:
    """CPU seconds of ``urlspec canon --profile P path`` per profile, and of a run on no input
    (``"(no input)"``), interleaved over the rounds."""
    empty = path.with_name("empty.txt")
    empty.write_bytes(b"")
    times: dict[str, list[float]] = {key: [] for key in ["(no input)", *profiles]}
    keys = list(times)
    for round_number in range(rounds):
        shift = round_number % len(keys)
        for key in keys[shift:] + keys[:shift]:
            profile, source = ("whatwg", empty) if key == "(no input)" else (key, path)
            command = [sys.executable, "-m", "urlspec", "canon", "--profile", profile]
            times[key].append(_child_cpu_seconds([*command, str(source)]))
    return times


def _child_cpu_seconds(command: list[str]) -> float:
    """The user + system CPU time of ``command``, run to its end (its output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def unique_memory(count: int, profile: str) -> list[str]:
    from bench.make_big_input import corpus_lines, default_paths

    op = urlspec_op(profile)
    report = [f"### --unique: the set of seen outputs ({profile}, {count:,} lines)", ""]
    report.append("| input | distinct outputs | set bytes | strings bytes | bytes per entry |")
    report.append("|---|---:|---:|---:|---:|")
    for label, suffix in (("corpora repeated", False), ("all distinct (?n=<i>)", True)):
        seen: set[str] = set()
        stream = corpus_lines(default_paths())
        for index in range(count):
            line = next(stream).decode("utf-8", "surrogateescape").rstrip("\r\n").lstrip("\ufeff")
            if suffix:
                line += f"?n={index}" if "?" not in line else f"&n={index}"
            try:
                seen.add(str(op(line)))
            except Exception:
                continue
        set_bytes = sys.getsizeof(seen)
        string_bytes = sum(sys.getsizeof(item) for item in seen)
        per_entry = (set_bytes + string_bytes) / max(len(seen), 1)
        report.append(
            f"| {label} | {len(seen):,} | {set_bytes:,} | {string_bytes:,} | {per_entry:,.0f} |"
        )
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--corpus", action="append", help="a corpus name (default: kasztp, userbait)"
    )
    parser.add_argument("--profile", action="append", choices=PROFILES, help="default: all")
    parser.add_argument("--limit", type=int, help="only the first N lines of each corpus")
    parser.add_argument(
        "--run-once",
        action="store_true",
        help="run the first --profile once over the lines, untimed, and stop (to count its "
        "instructions with valgrind --tool=callgrind: run it with --limit N and --limit 1)",
    )
    parser.add_argument(
        "--cli", type=int, metavar="N", help="also time `urlspec canon` on N lines per profile"
    )
    parser.add_argument(
        "--unique-memory", type=int, metavar="N", help="also measure --unique's set for N lines"
    )
    parser.add_argument("--markdown", type=Path, help="also write the tables to this file")
    args = parser.parse_args(argv)
    profiles = args.profile or list(PROFILES)
    if args.run_once:
        op = urlspec_op(profiles[0])
        for name in present_corpora(args.corpus or DEFAULT_CORPORA):
            for line in read_corpus(corpus_path(name))[: args.limit]:
                try:
                    op(line)
                except Exception:  # as the timed runs: an exception is one input done
                    continue
        return 0
    report: list[str] = []
    for name in present_corpora(args.corpus or DEFAULT_CORPORA):
        tables = [*bench_corpus(name, args.rounds, profiles, args.limit), ""]
        print("\n".join(tables), flush=True)
        report += tables
    if args.cli:
        tables = [*bench_cli(args.cli, args.rounds, profiles), ""]
        print("\n".join(tables), flush=True)
        report += tables
    if args.unique_memory:
        tables = unique_memory(args.unique_memory, "dedup")
        print("\n".join(tables), flush=True)
        report += tables
    if args.markdown:
        args.markdown.write_text("\n".join(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
