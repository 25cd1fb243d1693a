"""Adversarial inputs for the URL parser: is its time (and memory) per input character flat?

A benchmark, not a test: it asserts nothing. For each input *shape* (a run of dots in a host,
"../" repeated in a path, runs of "%", "@", ":", "[", ...) it builds inputs of growing size
(1 KB up to ``--max-size``), times ``URL.parse`` (the parse that keeps no validation errors)
and ``urlspec.validate`` (the one that records them), and prints nanoseconds per input
character at each size and the ratio of the largest size's figure to the lowest figure at any
size. A linear parser keeps that ratio near 1; a shape whose ratio passes ``--flag-ratio`` (3 by
default) is flagged SUPERLINEAR. Once a shape is flagged, or a single parse passes ``--budget``
seconds, its larger sizes are skipped so that a quadratic shape cannot hang the run.

It also measures the peak memory (tracemalloc) per input character for a few shapes, for both
calls (``validate`` keeps one ValidationError per error, so shapes with an error per character
use more there).

Timings on a busy machine are noisy: rerun a flagged shape alone (``--shape``) before
believing it.

Run it by hand (it is slow by design at the largest sizes)::

    python bench/linear_time.py --max-size 1M
    python bench/linear_time.py --max-size 64K --shape port --shape host
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from urlspec import URL, validate

KB = 1024
MB = 1024 * KB
SIZES = (1 * KB, 8 * KB, 64 * KB, 512 * KB, 1 * MB, 8 * MB)
MIN_SAMPLE_SECONDS = 0.05  # repeat small inputs until a measurement lasts at least this long


@dataclass(frozen=True)
class Shape:
    """One kind of adversarial input: ``prefix + unit * n + suffix``, about ``size`` long."""

    name: str
    prefix: str
    unit: str
    suffix: str = ""
    base: str | None = None

    def build(self, size: int) -> str:
        count = max(1, (size - len(self.prefix) - len(self.suffix)) // len(self.unit))
        return self.prefix + self.unit * count + self.suffix


@dataclass(frozen=True)
class Interleaved:
    """A URL repeated to about ``size``, with ``separator`` between every two code points."""

    name: str
    text: str
    separator: str
    base: str | None = None

    def build(self, size: int) -> str:
        body = (self.text * (size // (2 * len(self.text)) + 1))[: size // 2]
        return self.separator.join(body)


SHAPES: list[Shape] = [
    # hosts
    Shape("host: many dots", "http://", "a.", "/"),
    Shape("host: labels, then a number", "http://", "a.", "1/"),
    Shape("host: '_' labels, then a number", "http://", "_.", "1/"),
    Shape("host: opaque, then a bad code point", "foo://", "a.", "|/"),
    Shape("host: only dots", "http://", ".", "/"),
    Shape("host: empty labels then a number", "http://", ".", "1/"),
    Shape("host: IPv4-like 1.1.1...", "http://", "1.", "1/"),
    Shape("host: one long decimal number", "http://", "9", "/"),
    Shape("host: leading zeros (octal)", "http://0", "0", "1/"),
    Shape("host: long hex number", "http://0x", "f", "/"),
    Shape("host: long ASCII label", "http://", "a", "/"),
    Shape("host: long non-ASCII label", "http://", "é", "/"),
    Shape("host: long xn-- label", "http://xn--", "a", "/"),
    Shape("host: many xn-- labels", "http://", "xn--ls8h.", "/"),
    Shape("host: many non-ASCII labels", "http://", "ü.", "/"),
    Shape("host: percent-encoded", "http://", "%41", "/"),
    Shape("host: '%' run (fails)", "http://", "%", "/"),
    Shape("host: '[' run (fails)", "http://", "["),
    Shape("host: '[' run, closed (fails)", "http://[", "[", "]"),
    Shape("host: IPv6-like [1:1:1:... (fails)", "http://[", "1:", "1]"),
    Shape("host: IPv6-like unclosed (fails)", "http://[", "1:"),
    Shape("host: IPv6 '::' run (fails)", "http://[", "::", "]"),
    Shape("host: IPv6 long piece (fails)", "http://[", "0", "]"),
    Shape("host: IPv6 with IPv4 dots (fails)", "http://[::", "1.", "1]"),
    Shape("host: opaque, non-special", "foo://", "a", "/"),
    Shape("host: opaque '%' run", "foo://", "%", "/"),
    # authority
    Shape("authority: '@' run", "http://", "@", "h/"),
    Shape("authority: 'a@' run", "http://", "a@", "h/"),
    Shape("authority: ':' run in host (fails)", "http://h", ":"),
    Shape("authority: ':' run in userinfo", "http://u", ":", "@h/"),
    Shape("authority: ':@' run", "http://", ":@", "h/"),
    Shape("authority: long password", "http://u:", "p", "@h/"),
    Shape("authority: non-ASCII userinfo", "http://", "ü", "@h/"),
    # ports
    Shape("port: long digit run (fails)", "http://h:", "1", "/"),
    Shape("port: leading zeros", "http://h:", "0", "80/"),
    Shape("port: ':' run after port (fails)", "http://h:1", ":"),
    # slashes
    Shape("slashes: '\\' run after scheme", "http:", "\\", "h/"),
    Shape("slashes: '/' run after scheme", "http:", "/", "h/"),
    Shape("slashes: '\\' run in path", "http://h", "\\"),
    Shape("slashes: file '/' run", "file:", "/"),
    # paths
    Shape("path: '../' run", "http://h/", "../"),
    Shape("path: 'a/../' run", "http://h/", "a/../"),
    Shape("path: './' run", "http://h/", "./"),
    Shape("path: '%2e%2E/' run", "http://h/", "%2e%2E/"),
    Shape("path: '.%2e/' run", "http://h/", ".%2e/"),
    Shape("path: long segment", "http://h/", "a"),
    Shape("path: many segments", "http://h/", "a/"),
    Shape("path: '%' run", "http://h/", "%"),
    Shape("path: '%%41' run", "http://h/", "%%41"),
    Shape("path: non-ASCII", "http://h/", "é"),
    Shape("path: astral", "http://h/", "\U0001f600"),
    Shape("path: Windows drive letters", "file:///", "C:/"),
    Shape("path: '|' drive letters", "file:///", "C|/"),
    Shape("path: '../' against a deep base", "", "../", base="http://h/" + "a/" * 100),
    Shape("path: relative with '\\' and '..'", "", "..\\", base="http://h/a/b"),
    Shape("path: opaque", "mailto:", "a"),
    Shape("path: opaque spaces", "mailto:", " ", "?q"),
    Shape("path: opaque ' ?' run", "a:", " ?"),
    Shape("path: non-special '/.' start", "foo:", "/.", "/x"),
    # query and fragment
    Shape("query: long pairs", "http://h/?", "a=b&"),
    Shape("query: '%' run", "http://h/?", "%"),
    Shape("query: '%%41' run", "http://h/?", "%%41"),
    Shape("query: quotes (special)", "http://h/?", "'\""),
    Shape("query: non-ASCII", "http://h/?", "é"),
    Shape("query: '?' run", "http://h/", "?"),
    Shape("fragment: long", "http://h/#", "x"),
    Shape("fragment: '#' run", "http://h/", "#"),
    Shape("fragment: '%' run", "http://h/#", "%"),
    Shape("fragment: non-ASCII", "http://h/#", "é"),
    Shape("fragment: backticks and spaces", "http://h/#", "` "),
    # schemes
    Shape("scheme: long", "", "a", ":"),
    Shape("scheme: long, no ':' (fails)", "", "a"),
    Shape("scheme: long then authority", "", "a", "://h/"),
    # code points the parser removes or strips
    Shape("tabs/newlines in path", "http://h/", "\t\n\r"),
    Shape("tabs/newlines only after scheme", "http:", "\t"),
    Shape("leading C0 controls", "", "\x00", "http://h/"),
    Shape("leading spaces", "", " ", "http://h/"),
    Shape("trailing C0 controls", "http://h/", "\x1f"),
]

#: Shapes whose whole URL is interleaved with code points the parser removes.
INTERLEAVED: list[Interleaved] = [
    Interleaved("tabs between every code point", "http://u:pw@host.example:8080/p/a?q=1#f", "\t"),
    Interleaved("newlines between every code point (IPv6)", "http://[1:2:3:4:5:6:7:8]/", "\n"),
]

#: Shapes measured with tracemalloc too (by name).
MEMORY_SHAPES = (
    "host: many dots",
    "path: '../' run",
    "path: many segments",
    "authority: '@' run",
    "query: '%%41' run",
    "tabs/newlines in path",
)


@dataclass
class Result:
    shape: str
    ns_per_char: dict[int, float]
    note: str = ""

    def ratio(self) -> float | None:
        """The largest size's time per character over the lowest one at any size.

        Not over the smallest size's: that one carries the fixed cost of a parse, which would
        hide a growth that starts from a lower figure at a middle size.
        """
        if len(self.ns_per_char) < 2:
            return None
        lowest = min(self.ns_per_char.values())
        return self.ns_per_char[max(self.ns_per_char)] / lowest if lowest > 0 else None


Parse = Callable[[str], object]


def parser_for(shape_base: str | None, with_errors: bool) -> Parse:
    """The call to time: URL.parse (no validation errors) or validate (records them).

    A base is parsed once, here, so that only the input's parse is timed.
    """
    base = None if shape_base is None else URL(shape_base)
    if with_errors:
        return lambda text: validate(text, base)
    return lambda text: URL.parse(text, base)


def time_once(parse: Parse, text: str) -> float:
    """Seconds per parse of ``text``, repeating short ones to get a stable figure."""
    repeats = 1
    while True:
        gc.collect()
        start = time.perf_counter()
        for _ in range(repeats):
            parse(text)
        elapsed = time.perf_counter() - start
        if elapsed >= MIN_SAMPLE_SECONDS or repeats >= 1000:
            return elapsed / repeats
        repeats = min(
            1000, max(repeats * 2, int(repeats * MIN_SAMPLE_SECONDS / max(elapsed, 1e-9)))
        )


def measure(
    name: str,
    build: Callable[[int], str],
    parse: Parse,
    sizes: list[int],
    flag_ratio: float,
    budget: float,
) -> Result:
    result = Result(name, {})
    lowest: float | None = None
    for size in sizes:
        text = build(size)
        try:
            seconds = time_once(parse, text)
        except Exception as error:  # a crash is a finding: report it, go on
            result.note = f"CRASH at {fmt_size(size)}: {type(error).__name__}: {error}"[:160]
            break
        per_char = seconds * 1e9 / len(text)
        result.ns_per_char[size] = per_char
        if lowest is None or per_char < lowest:
            lowest = per_char
        elif per_char > flag_ratio * lowest:
            result.note = f"stopped after {fmt_size(size)}: superlinear"
            break
        if seconds > budget:
            result.note = f"stopped after {fmt_size(size)}: one parse took {seconds:.1f} s"
            break
    return result


def peak_memory_per_char(parse: Parse, text: str) -> float:
    """Peak traced allocation during one parse, in bytes per input character."""
    gc.collect()
    tracemalloc.start()
    try:
        parse(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / len(text)


def fmt_size(size: int) -> str:
    if size >= MB and size % MB == 0:
        return f"{size // MB}M"
    return f"{size // KB}K"


def parse_size(text: str) -> int:
    text = text.strip().upper()
    for suffix, factor in (("M", MB), ("K", KB)):
        if text.endswith(suffix):
            return int(float(text[:-1]) * factor)
    return int(text)


def print_table(title: str, results: list[Result], sizes: list[int], flag_ratio: float) -> int:
    print(f"\n== {title}: ns per input character ==")
    width = max(len(r.shape) for r in results)
    header = f"{'shape':<{width}} " + " ".join(f"{fmt_size(s):>8}" for s in sizes)
    print(header + f" {'ratio':>7}")
    flagged = 0
    for r in results:
        cells = " ".join(
            f"{r.ns_per_char[s]:8.1f}" if s in r.ns_per_char else f"{'-':>8}" for s in sizes
        )
        ratio = r.ratio()
        ratio_text = f"{ratio:7.2f}" if ratio is not None else f"{'-':>7}"
        flag = ""
        if (ratio is not None and ratio > flag_ratio) or "superlinear" in r.note:
            flag = "  SUPERLINEAR"
            flagged += 1
        if r.note.startswith("CRASH"):
            flagged += 1
        print(f"{r.shape:<{width}} {cells} {ratio_text}{flag}  {r.note}".rstrip())
    return flagged


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--max-size", default="1M", help="largest input (e.g. 64K, 1M, 8M)")
    options.add_argument("--flag-ratio", type=float, default=3.0, help="flag above this ratio")
    options.add_argument("--budget", type=float, default=20.0, help="seconds; skip larger sizes")
    options.add_argument("--shape", action="append", help="only shapes containing this text")
    options.add_argument("--no-validate", action="store_true", help="time URL.parse only")
    options.add_argument("--no-memory", action="store_true", help="skip the tracemalloc pass")
    args = options.parse_args(argv)

    max_size = parse_size(args.max_size)
    sizes = [s for s in SIZES if s <= max_size] or [max_size]

    shapes: list[Shape | Interleaved] = [*SHAPES, *INTERLEAVED]
    if args.shape:
        shapes = [shape for shape in shapes if any(part in shape.name for part in args.shape)]

    print(f"Python {sys.version.split()[0]}; sizes {', '.join(map(fmt_size, sizes))}")
    modes = [("URL.parse", False)] + ([] if args.no_validate else [("validate", True)])
    flagged = 0
    for title, with_errors in modes:
        results = []
        for shape in shapes:
            parse = parser_for(shape.base, with_errors)
            result = measure(shape.name, shape.build, parse, sizes, args.flag_ratio, args.budget)
            results.append(result)
            print(f"  {title}: {shape.name} done", file=sys.stderr, flush=True)
        flagged += print_table(title, results, sizes, args.flag_ratio)

    if not args.no_memory:
        memory_sizes = [s for s in sizes if s <= 512 * KB][-2:]
        print("\n== peak memory (tracemalloc), bytes per input character ==")
        for shape in shapes:
            if shape.name not in MEMORY_SHAPES:
                continue
            for title, with_errors in modes:
                parse = parser_for(shape.base, with_errors)
                cells = "  ".join(
                    f"{fmt_size(size)}: {peak_memory_per_char(parse, shape.build(size)):7.1f}"
                    for size in memory_sizes
                )
                print(f"{shape.name:<32} {title:<9} {cells}")

    print(f"\n{flagged} shape(s) flagged (superlinear or crashing)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
