"""URLPattern: urlspec against the other Python packages, for correctness and speed.

``python -m bench.urlpattern [--rounds N] [--limit N] [--python LIB=INTERPRETER ...]
[--markdown FILE]``.

Libraries (``LIBRARIES``): urlspec (``URLPattern``, ``URLPatternList``); ``urlpattern`` (a
binding of the Rust crate Deno uses; ``pip install -e '.[urlpattern-bench]'``); ``urlpattern-py``
(pure Python; it installs a module also named ``urlpattern``, so it needs an environment of its
own: ``--python urlpattern-py=/path/to/venv/bin/python``); ``yarlpattern`` (pure Python, Python
3.12 or later, with the ``regex`` package: ``--python yarlpattern=...``). Each library runs in a
process of its own interpreter (this one unless told), a fresh process per library and round,
the rounds taking the libraries in a different order each time.

What is measured, for each library:

* **WPT**: the cases of ``urlpatterntestdata.json`` passed by the rules of WPT's harness
  (``urlpatterntests.js``: constructor errors, every component's pattern string with the
  harness's defaults, test() agreeing with exec(), echoed inputs, each component's input and
  exact groups), and by a lenient count (the constructor fails where it must, and test() gives
  the expected answer);
* **one pattern**: ``test(url)`` per corpus URL, for ``PATTERN`` (CPU time, ns per URL);
* **routes**: lists of 10, 100 and 1,000 route patterns made from the corpus's own hosts and
  first path segments (``https://HOST/SEGMENT/*``): urlspec's ``URLPatternList.match(url)``,
  against a loop over each library's single patterns (``for p in routes: if p.test(url):
  break``), ns per URL; urlspec's own loop is shown too. Fewer URLs are timed for the longer
  lists (``--limit`` divided by N / 10).

* **linear time**: ``test(url)`` on adversarial inputs (``ADVERSARIAL``: runs of "-" against
  routes with several groups between dashes, ``(.*)(.*)(.*)x`` in the search, nested quantifiers,
  alternation of equal branches, a ``:name`` followed by optional groups) of 500, 2,000 and
  8,000 characters, for every library, interleaved (each length takes the libraries in turn, in
  a different order each time). Each call runs in a fresh process of the library's interpreter,
  which gets ``--cap`` seconds (5 by default) for the call once its pattern and input are built;
  a call that takes longer is stopped and shown as "> 5 s", and the longer inputs of that shape
  are not tried for that library (shown the same way). A cell is the CPU time of one call (the
  least of a few calls when they are fast); "refused" when the library does not accept the
  pattern; the answer in brackets when it differs from urlspec's.

Timing as in ``bench/run.py``: the garbage collector off while timed, CPU time, one untimed pass
first, medians over the rounds. ``--only-linear`` runs the linear-time table alone.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bench.run import Table

from bench.corpora import WPT_DIR, corpus_path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ("urlspec", "urlpattern", "urlpattern-py", "yarlpattern")
#: The one pattern of the single-pattern timing: an HTTP(S) URL with a first path segment.
PATTERN = "http{s}?://*/:section/*"
LIST_SIZES = (10, 100, 1000)
#: The linear-time table's shapes: (label, pattern, input), the input written as (prefix, unit,
#: suffix): the URL is prefix + unit repeated to the length + suffix. None of them matches.
ADVERSARIAL: tuple[tuple[str, dict[str, str], tuple[str, str, str]], ...] = (
    (
        "/:p0-:p1-:p2-:p3/x, dashes",
        {"pathname": "/:p0-:p1-:p2-:p3/x"},
        ("https://a.com/", "-", "/y"),
    ),
    (
        "/:p0-...-:p5/x (six groups), dashes",
        {"pathname": "/:p0-:p1-:p2-:p3-:p4-:p5/x"},
        ("https://a.com/", "-", "/y"),
    ),
    ("/*-*-*-*/x, dashes", {"pathname": "/*-*-*-*/x"}, ("https://a.com/", "-", "/y")),
    ("search q=(.*)(.*)(.*)x", {"search": "q=(.*)(.*)(.*)x"}, ("https://a.com/?q=", "a", "")),
    ("/((?:a*)*)b (nested quantifiers)", {"pathname": "/((?:a*)*)b"}, ("https://a.com/", "a", "")),
    ("/((?:a|a)*)b (alternation)", {"pathname": "/((?:a|a)*)b"}, ("https://a.com/", "a", "")),
    (
        "/:a{-:b}?{-:c}?/x (optional groups)",
        {"pathname": "/:a{-:b}?{-:c}?/x"},
        ("https://a.com/", "-a", "/y"),
    ),
)
LINEAR_LENGTHS = (500, 2000, 8000)
#: Seconds one call of the linear-time table may take (from ``--cap``).
LINEAR_CAP = 5.0
CORPUS = "kasztp"
HARNESS_COMPONENTS = (
    "protocol",
    "username",
    "password",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)
EARLIER_COMPONENTS: dict[str, tuple[str, ...]] = {
    "protocol": (),
    "hostname": ("protocol",),
    "port": ("protocol", "hostname"),
    "username": (),
    "password": (),
    "pathname": ("protocol", "hostname", "port"),
    "search": ("protocol", "hostname", "port", "pathname"),
    "hash": ("protocol", "hostname", "port", "pathname", "search"),
}


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", errors="surrogateescape") as f:
        lines = (line.rstrip("\r\n").lstrip("\ufeff") for line in f)
        return [line for line in lines if line]


def evenly_spaced(items: list[str], limit: int) -> list[str]:
    if len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


# ---------------------------------------------------------------------------------------------
# The libraries, as JavaScript's API: URLPattern(*arguments), test(*inputs), exec(*inputs).


class Adapter:
    """One library: build a pattern from the harness's arguments, run test/exec, and read an
    exec result as {component: (input, groups)} plus the inputs."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.module: Any = None
        self.version = "unknown"
        if name == "urlspec":
            self.module = importlib.import_module("urlspec.urlpattern")
            self.version = importlib.import_module("urlspec").__version__
        else:
            module = {"urlpattern": "urlpattern", "urlpattern-py": "urlpattern"}.get(name, name)
            self.module = importlib.import_module(module)
            self.version = _version(name)

    def construct(self, arguments: list[Any]) -> Any:
        if self.name != "urlspec":
            return self.module.URLPattern(*arguments)
        rest = list(arguments)
        input = rest.pop(0) if rest else None
        base_url = rest.pop(0) if rest and isinstance(rest[0], str) else None
        ignore_case = bool(rest.pop(0).get("ignoreCase", False)) if rest else False
        return self.module.URLPattern(input, base_url, ignore_case=ignore_case)

    def pattern_string(self, pattern: Any, component: str) -> str:
        return str(getattr(pattern, component))

    def result(self, result: Any) -> tuple[list[Any], dict[str, tuple[Any, Any]]]:
        if self.name == "urlspec":
            return list(result.inputs), {
                c: (result.component(c).input, result.component(c).groups)
                for c in HARNESS_COMPONENTS
            }

        def get(key: str) -> Any:
            return result[key] if isinstance(result, dict) else getattr(result, key)

        components = {}
        for c in HARNESS_COMPONENTS:
            value = get(c)
            if isinstance(value, dict):
                components[c] = (value.get("input"), value.get("groups"))
            else:
                components[c] = (value.input, value.groups)
        return list(get("inputs")), components


def _version(distribution: str) -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


# ---------------------------------------------------------------------------------------------
# WPT by the harness's rules


def expected_pattern_string(entry: dict[str, Any], component: str, base_getter: Any) -> str:
    expected_obj = entry.get("expected_obj") or {}
    if component in expected_obj:
        return str(expected_obj[component])
    pattern = entry["pattern"]
    first = pattern[0] if pattern else None
    base_url = None
    if isinstance(first, dict) and first.get("baseURL"):
        base_url = first["baseURL"]
    elif len(pattern) > 1 and isinstance(pattern[1], str):
        base_url = pattern[1]
    if component in entry.get("exactly_empty_components", ()):
        return ""
    if isinstance(first, dict) and first.get(component):
        return str(first[component])
    if isinstance(first, dict) and any(c in first for c in EARLIER_COMPONENTS[component]):
        return "*"
    if base_url is not None and component not in ("username", "password"):
        return str(base_getter(base_url, component))
    return "*"


def urlspec_base_getter(base_url: str, component: str) -> str:
    from urlspec import URL

    value: str = getattr(URL(base_url), component)
    if component == "protocol":
        return value[:-1]
    if component in ("search", "hash"):
        return value[1:]
    return value


def harness_passes(adapter: Adapter, entry: dict[str, Any], expected_bases: dict[str, str]) -> bool:
    """Whether ``entry`` passes by the rules of urlpatterntests.js."""
    try:
        if entry.get("expected_obj") == "error":
            try:
                adapter.construct(entry["pattern"])
            except Exception:
                return True
            return False
        pattern = adapter.construct(entry["pattern"])
        for component in HARNESS_COMPONENTS:
            expected = expected_pattern_string(
                entry, component, lambda b, c: expected_bases[f"{b}\x00{c}"]
            )
            if adapter.pattern_string(pattern, component) != expected:
                return False
        inputs = entry.get("inputs", [])
        expected_match = entry.get("expected_match")
        if expected_match == "error":
            for method in (pattern.test, pattern.exec):
                try:
                    method(*inputs)
                except Exception:
                    continue
                return False
            return True
        if bool(pattern.test(*inputs)) != (expected_match is not None):
            return False
        result = pattern.exec(*inputs)
        if expected_match is None:
            return result is None
        if result is None:
            return False
        actual_inputs, components = adapter.result(result)
        expected_inputs = expected_match.get("inputs", inputs)
        if len(actual_inputs) != len(expected_inputs):
            return False
        for actual, expected_input in zip(actual_inputs, expected_inputs, strict=True):
            if isinstance(actual, str):
                if actual != expected_input:
                    return False
            elif any(actual.get(c) != expected_input.get(c) for c in HARNESS_COMPONENTS):
                return False
        for component in HARNESS_COMPONENTS:
            wanted: Any = expected_match.get(component)
            if not wanted:
                wanted = {"input": "", "groups": {}}
                if component not in entry.get("exactly_empty_components", ()):
                    wanted["groups"]["0"] = ""
            actual_input, actual_groups = components[component]
            if actual_input != wanted["input"] or dict(actual_groups) != wanted["groups"]:
                return False
        return True
    except Exception:
        return False


def lenient_passes(adapter: Adapter, entry: dict[str, Any]) -> bool:
    """The constructor fails where it must, and test() gives the expected answer."""
    try:
        if entry.get("expected_obj") == "error":
            try:
                adapter.construct(entry["pattern"])
            except Exception:
                return True
            return False
        pattern = adapter.construct(entry["pattern"])
        expected_match = entry.get("expected_match")
        if expected_match == "error":
            try:
                pattern.test(*entry.get("inputs", []))
            except Exception:
                return True
            return False
        return bool(pattern.test(*entry.get("inputs", []))) == (expected_match is not None)
    except Exception:
        return False


# ---------------------------------------------------------------------------------------------
# Timing


_PLAIN_HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_PLAIN_SEGMENT = re.compile(r"[A-Za-z0-9._~-]*")


def route_patterns(urls: list[str], count: int) -> list[str]:
    """``count`` route patterns ``https://HOST/SEGMENT/*`` from the URLs' own hosts and first
    path segments (those written in plain lower-case ASCII, with no pattern syntax), in corpus
    order."""
    routes: list[str] = []
    seen: set[str] = set()
    for url in urls[::3]:
        if not url.startswith("https://"):
            continue
        rest = url[len("https://") :]
        host, _, path = rest.partition("/")
        segment = path.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        if not _PLAIN_HOST.fullmatch(host) or not _PLAIN_SEGMENT.fullmatch(segment):
            continue
        route = f"https://{host}/{segment}/*"
        if route not in seen:
            seen.add(route)
            routes.append(route)
        if len(routes) == count:
            break
    return routes


def time_per_url(op: Callable[[str], object], urls: list[str]) -> float:
    for url in urls[: max(1, len(urls) // 10)]:
        op(url)  # untimed warm-up
    gc.collect()
    gc.disable()
    try:
        start = time.process_time_ns()
        for url in urls:
            op(url)
        elapsed = time.process_time_ns() - start
    finally:
        gc.enable()
    return elapsed / len(urls)


def worker(name: str, limit: int, with_wpt: bool) -> dict[str, Any]:
    """Everything measured for one library in this process."""
    adapter = Adapter(name)
    report: dict[str, Any] = {"name": name, "version": adapter.version, "times": {}}
    if with_wpt:
        cases = json.loads((WPT_DIR / "urlpatterntestdata.json").read_text("utf-8"))
        bases = json.loads(os.environ["URLPATTERN_BENCH_BASES"])
        report["wpt"] = sum(harness_passes(adapter, entry, bases) for entry in cases)
        report["wpt_lenient"] = sum(lenient_passes(adapter, entry) for entry in cases)
        report["wpt_cases"] = len(cases)
    all_urls = read_lines(corpus_path(CORPUS))
    urls = evenly_spaced(all_urls, limit)
    single = adapter.construct([PATTERN])
    report["times"]["one pattern"] = time_per_url(single.test, urls)
    for size in LIST_SIZES:
        sample = evenly_spaced(all_urls, max(50, limit * 10 // size))
        routes = [adapter.construct([route]) for route in route_patterns(all_urls, size)]

        def loop(url: str, routes: list[Any] = routes) -> object:
            for route in routes:
                if route.test(url):
                    return route
            return None

        report["times"][f"{size} routes, loop"] = time_per_url(loop, sample)
        if name == "urlspec":
            route_list = adapter.module.URLPatternList([(r, i) for i, r in enumerate(routes)])
            report["times"][f"{size} routes, URLPatternList"] = time_per_url(
                route_list.match, sample
            )
    return report


def adversarial_url(shape: int, length: int) -> str:
    """The input of ``ADVERSARIAL[shape]`` whose repeated part has ``length`` characters."""
    prefix, unit, suffix = ADVERSARIAL[shape][2]
    return prefix + unit * (length // len(unit)) + suffix


def linear_worker(name: str, shape: int, length: int) -> None:
    """One call of the linear-time table, in this process: build the pattern and the input,
    print "ready", then time ``test(url)`` and print {"ns": ..., "result": ...} (or
    {"refused": reason} when the library does not take the pattern)."""
    adapter = Adapter(name)
    try:
        pattern = adapter.construct([ADVERSARIAL[shape][1]])
    except Exception as error:  # each library has its own exception types
        print(json.dumps({"refused": f"{type(error).__name__}: {error}"[:200]}), flush=True)
        return
    url = adversarial_url(shape, length)
    print("ready", flush=True)
    best = None
    result = False
    spent = 0
    calls = 0
    while calls < 20 and (calls == 0 or spent < 50_000_000):
        start = time.process_time_ns()
        result = bool(pattern.test(url))
        elapsed = time.process_time_ns() - start
        spent += elapsed
        calls += 1
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"ns": best, "result": result}), flush=True)


def run_capped(command: list[str], cap: float, environment: dict[str, str]) -> str | None:
    """Run ``command`` (a worker that prints "ready" when its timed part starts), giving it
    ``cap`` seconds from then: its last line of output (or of its errors), or None when it was
    stopped. (Its output is a few lines, so waiting before reading cannot fill the pipe.)"""
    with (
        tempfile.TemporaryFile("w+", encoding="utf-8") as errors,
        subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, text=True, env=environment, cwd=ROOT
        ) as process,
    ):
        assert process.stdout is not None
        first = process.stdout.readline()
        if first.strip() == "ready":
            try:
                process.wait(timeout=cap)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                return None
        else:
            process.wait()
        lines = (first + process.stdout.read()).strip().splitlines()
        if not lines:
            errors.seek(0)
            lines = [json.dumps({"error": (errors.read().strip().splitlines() or ["-"])[-1]})]
        return lines[-1]


def format_call(ns: float) -> str:
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    return f"{ns / 1e6:.3f} ms"


def linear_table(
    names: list[str],
    interpreters: dict[str, str],
    lengths: tuple[int, ...] = LINEAR_LENGTHS,
    cap: float = LINEAR_CAP,
    shapes: tuple[int, ...] | None = None,
) -> list[list[str]]:
    """The linear-time table's rows: [shape, length, one cell per library]."""
    environment = {**os.environ}
    environment["PYTHONPATH"] = str(ROOT) + os.pathsep + environment.get("PYTHONPATH", "")
    rows: list[list[str]] = []
    turn = 0
    for shape in range(len(ADVERSARIAL)) if shapes is None else shapes:
        stalled: set[str] = set()
        for length in lengths:
            cells: dict[str, str] = {}
            answers: dict[str, bool] = {}
            order = [*names[turn % len(names) :], *names[: turn % len(names)]]
            turn += 1
            for name in order:
                if name in stalled:
                    cells[name] = f"> {cap:g} s"
                    continue
                command = [
                    interpreters.get(name, sys.executable),
                    "-m",
                    "bench.urlpattern",
                    "--linear-worker",
                    f"{name},{shape},{length}",
                ]
                line = run_capped(command, cap, environment)
                if line is None:
                    stalled.add(name)
                    cells[name] = f"> {cap:g} s"
                    continue
                try:
                    report = json.loads(line)
                except ValueError:
                    report = {"error": line}
                if "ns" in report:
                    cells[name] = format_call(report["ns"])
                    answers[name] = report["result"]
                elif "refused" in report:
                    stalled.add(name)
                    cells[name] = "refused"
                else:
                    stalled.add(name)
                    cells[name] = "error"
            reference = answers.get("urlspec")
            for name, answer in answers.items():
                if reference is not None and answer != reference:
                    cells[name] += f" ({answer})"
            rows.append([ADVERSARIAL[shape][0], f"{length:,}", *(cells[n] for n in names)])
    return rows


def expected_bases() -> dict[str, str]:
    """The harness's base URL getters (urlspec's URL, which passes WPT's URL tests), computed
    once here so that every library's worker sees the same expectations."""
    cases = json.loads((WPT_DIR / "urlpatterntestdata.json").read_text("utf-8"))
    bases: dict[str, str] = {}
    for entry in cases:
        pattern = entry["pattern"]
        first = pattern[0] if pattern else None
        candidates = []
        if isinstance(first, dict) and first.get("baseURL"):
            candidates.append(first["baseURL"])
        if len(pattern) > 1 and isinstance(pattern[1], str):
            candidates.append(pattern[1])
        for base in candidates:
            for component in HARNESS_COMPONENTS:
                with contextlib.suppress(ValueError):
                    bases[f"{base}\x00{component}"] = urlspec_base_getter(base, component)
    return bases


def run_worker(python: str, name: str, limit: int, with_wpt: bool, bases: str) -> dict[str, Any]:
    command = [python, "-m", "bench.urlpattern", "--worker", name, "--limit", str(limit)]
    if with_wpt:
        command.append("--wpt")
    environment = {**os.environ, "URLPATTERN_BENCH_BASES": bases}
    environment["PYTHONPATH"] = str(ROOT) + os.pathsep + environment.get("PYTHONPATH", "")
    done = subprocess.run(
        command, capture_output=True, text=True, env=environment, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        lines = (done.stderr.strip() or "failed").splitlines()
        return {"name": name, "error": lines[-1]}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.urlpattern", description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=5000, help="URLs timed for one pattern")
    parser.add_argument("--libs", default=",".join(LIBRARIES), help="comma-separated")
    parser.add_argument(
        "--python",
        action="append",
        default=[],
        metavar="LIB=INTERPRETER",
        help="run LIB in this interpreter (its own environment)",
    )
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    parser.add_argument(
        "--cap", type=float, default=LINEAR_CAP, help="seconds per call in the linear-time table"
    )
    parser.add_argument("--only-linear", action="store_true", help="the linear-time table alone")
    parser.add_argument(
        "--linear-lengths",
        default=",".join(map(str, LINEAR_LENGTHS)),
        help="input lengths of the linear-time table, comma-separated",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--linear-worker", help=argparse.SUPPRESS)
    parser.add_argument("--wpt", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(args.worker, args.limit, args.wpt), sys.stdout)
        return 0
    if args.linear_worker:
        name, shape, length = args.linear_worker.split(",")
        linear_worker(name, int(shape), int(length))
        return 0

    # bench.run imports urlspec, which a peer's worker interpreter may not have.
    from bench.run import Table, describe_machine, render_markdown, render_text

    interpreters = dict(item.split("=", 1) for item in args.python)
    names = [name for name in args.libs.split(",") if name in LIBRARIES]
    header: list[str] = []
    tables: list[Table] = []
    if not args.only_linear:
        header, tables = speed_and_wpt(args, names, interpreters)
    else:
        header = [describe_machine(1)]
    print("linear time", file=sys.stderr, flush=True)
    linear = Table(
        f"test() on adversarial inputs: CPU time of one call (> {args.cap:g} s: stopped)",
        ["shape", "length", *names],
        linear_table(
            names,
            interpreters,
            tuple(int(n) for n in args.linear_lengths.split(",")),
            args.cap,
        ),
    )
    tables.append(linear)
    print("\n".join(header))
    for table in tables:
        print()
        print(render_text(table))
    if args.markdown is not None:
        parts = ["\n".join(header), ""] + [render_markdown(t) + "\n" for t in tables]
        args.markdown.write_text("\n".join(parts), encoding="utf-8")
    return 0


def speed_and_wpt(
    args: argparse.Namespace, names: list[str], interpreters: dict[str, str]
) -> tuple[list[str], list[Table]]:
    """The WPT and timing tables (the header lines, the tables); ``names`` loses the libraries
    that could not run."""
    from bench.run import Table, describe_machine

    bases = json.dumps(expected_bases())
    reports: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    errors: dict[str, str] = {}
    for round_number in range(args.rounds):
        print(f"round {round_number + 1}/{args.rounds}", file=sys.stderr, flush=True)
        shift = round_number % len(names)
        for name in [*names[shift:], *names[:shift]]:
            if name in errors:
                continue
            report = run_worker(
                interpreters.get(name, sys.executable), name, args.limit, round_number == 0, bases
            )
            if "error" in report:
                errors[name] = report["error"]
                continue
            reports[name].append(report)
    present = [name for name in names if reports[name]]
    names[:] = present
    header = [describe_machine(args.rounds)]
    header += [f"Not measured: {name} ({reason})." for name, reason in errors.items()]
    header.append(
        "Libraries: "
        + ", ".join(f"{n} {reports[n][0]['version']}" for n in present)
        + f". One pattern: {PATTERN!r}; routes: 'https://HOST/SEGMENT/*' from {CORPUS}."
    )
    wpt = Table(
        "WPT urlpatterntestdata.json: cases passed",
        ["library", "harness rules", "lenient"],
        [
            [
                n,
                f"{reports[n][0]['wpt']}/{reports[n][0]['wpt_cases']}",
                f"{reports[n][0]['wpt_lenient']}/{reports[n][0]['wpt_cases']}",
            ]
            for n in present
        ],
    )
    workloads = ["one pattern"] + [
        f"{size} routes, {kind}" for size in LIST_SIZES for kind in ("URLPatternList", "loop")
    ]
    rows = []
    for workload in workloads:
        row = [workload]
        for n in present:
            values = [r["times"][workload] for r in reports[n] if workload in r["times"]]
            row.append(f"{statistics.median(values):,.0f}" if values else "-")
        rows.append(row)
    timing = Table("test() per URL, ns (median; lower is better)", ["workload", *present], rows)
    return header, [wpt, timing]


if __name__ == "__main__":
    sys.exit(main())
