"""Differential fuzzing: every fast path against its full algorithm, and the two builds.

Inputs are corpus lines (``tests/data/corpora`` through ``tests/shared_data.py``) mutated by
inserting, replacing, deleting, uppercasing or repeating characters and pieces of the classes
the algorithms tell apart (``:/?#[]@%\\``, tab, newline, C0, space, DEL, uppercase, non-ASCII
letters, marks, joiners and full-width dots, digits, ``.``, ``..``, ``%2e``, ``xn--``, IPv4
spellings, ...), and short strings drawn from those pieces alone. Each target compares:

* ``parse``: ``urlspec.parse``'s fast splits (``_split.scan_plain`` and the plain expressions)
  with ``_split.split_general``; ``urlsplit``/``urlparse``/``urldefrag``/``urljoin`` (str and
  bytes, with and without fragments) with the interpreter's ``urllib.parse`` (allowing only the
  documented differences, as ``tests/test_parse_differential.py`` does); ``_quoting.quote_scan``
  with the translation tables, and ``quote``/``quote_plus``/``quote_from_bytes``/``urlencode``
  with ``urllib.parse`` for many ``safe`` values (non-ASCII and bytes ones included);
* ``whatwg``: the fast path of ``URL`` (tiers, and the look that sends inputs straight to the
  state machine) with ``urlspec.parser.basic_url_parse``: href, every getter, the validation
  errors, with and without a base; the IDNA ASCII shortcut with UTS #46's validity criteria
  label by label (the pure build only: the shortcut is replaced there, in this process);
* ``columnar``: ``urlspec.engines.columnar`` and ``columnar_rows`` with the scalar API, row for row.

The comparisons are the test suite's own (imported from ``tests/``). ``--builds`` also runs the
same inputs through the pure build (``PYTHONPATH=src``) and the compiled build (the installed
package) in two child processes and compares everything they return.

    python bench/fuzz_fast_paths.py [--seconds 60] [--seed 1] [--targets parse,whatwg,columnar]
    python bench/fuzz_fast_paths.py --builds [--count 3000] [--seed 1]

Exit status 1 when a disagreement was found; each is printed with its (minimizable) input.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import subprocess
import sys
import time
import urllib.parse as stdlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The pieces the algorithms tell apart; each mutation inserts or substitutes one of them.
PIECES = [
    *":/?#[]@%\\",
    *"\t\n\r\x00\x1f \x7f",
    *"AZaz09.-_+~;=&'\"<>^`{}|,!$*()",
    "é", "ß", "İ", "ı", "ſ", "\u212a", "\uff0e", "\u3002", "\uff1a", "\uff0f", "\u2100",
    "\u2488", "\u0301", "\u200c", "\u200d", "\u05d0", "\u0661", "\u00a0", "\ufffd",
    "\U0001f600", "\ud800", "\x80", "\xff",
    "..", "/..", "/.", "%2e", "%2E", ".%2e", "%2e%2E", "%2f", "%41", "%zz", "%", "%%",
    "xn--", "XN--", "xn--a", "xn--nxasmq6b", "xn--8i7caa", "a--b", "ab--",
    "0x", "0X1f", "0x7f.1", "1.2.3.4", "01.02.03.04", "4294967295", "4294967296", "256",
    "1.2.3", "0.0.0.0x", "[::1]", "[v1.x]", "[::ffff:1.2.3.4]", "[1::", "]:80",
    ":80", ":443", ":0", ":65536", ":", "::", "//", "///", "://", "\\\\", ":\\\\", ":/\\",
    "/./", "\\..\\", "/%2e/", "A.B.", "1.2.3.4.",
    "http:", "HTTP:", "https:", "ws:", "ftp:", "file:", "FILE:", "sc:", "a+b:", "1a:",
    "C:", "c|", "user:pw@", "@@", "localhost", "LOCALHOST", "a" * 63, "b" * 64,
]  # fmt: skip

STR_SAFES: list[Any] = ["/", "", " ", "+", "%", "/?=&", "é/", "€", "~", ":/?#[]@!$&'()*+,;=%"]
BYTES_SAFES: list[Any] = [b"/", b"", b"+ ", b"\xe9/", b":/?#[]@", bytearray(b"&=")]
WHATWG_BASES = [None, "https://example.org/dir/page?q=1#frag", "file:///C:/dir/", "sc://h/p"]


def load_corpora(limit: int) -> list[str]:
    from shared_data import CORPORA, iter_corpus

    lines: list[str] = []
    for name in CORPORA:
        for index, line in enumerate(iter_corpus(name)):
            if index >= limit:
                break
            lines.append(line)
    return lines


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with 1 to 4 random edits of the kinds listed in the module's docstring."""
    for _ in range(rng.randint(1, 4)):
        position = rng.randint(0, len(text))
        kind = rng.randrange(6)
        piece = rng.choice(PIECES)
        if kind <= 1:
            text = text[:position] + piece + text[position:]
        elif kind == 2:
            text = text[:position] + piece + text[position + rng.randint(1, 3) :]
        elif kind == 3:
            text = text[:position] + text[position + rng.randint(1, 8) :]
        elif kind == 4:
            end = position + rng.randint(1, 12)
            text = text[:position] + text[position:end].upper() + text[end:]
        else:
            end = position + rng.randint(1, 6)
            text = text[:end] + text[position:end] + text[end:]
    return text


def inputs(seed: int, corpus: list[str]) -> Iterator[str]:
    """An endless, reproducible stream of fuzz inputs."""
    rng = random.Random(seed)
    while True:
        choice = rng.randrange(10)
        if choice < 7:
            yield mutate(rng, rng.choice(corpus))
        elif choice < 9:
            yield "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
        else:
            yield rng.choice(corpus)


# --- The targets: each returns the problems found for one input ---------------------------------


def check_parse(url: str) -> list[str]:
    import test_parse_differential as tpd
    import test_quoting_differential as tqd

    problems = list(tpd.plain_split_mismatches(url))
    data = url.encode("utf-8", "surrogatepass")
    checks: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
        *tpd.checks_for(url),
        *tpd.checks_for(data),
        ("urldefrag", (data,), {}),
        ("urlparse", (url,), {"allow_fragments": False}),
        *tpd.round_trip_checks(url),
        *tpd.join_checks(url),
    ]
    for name, args, kwargs in checks:
        problem = tpd.compare(name, args, kwargs)
        if problem is not None:
            problems.append(problem)
    latin1 = data.decode("latin-1")
    for safe in STR_SAFES:
        problems.extend(tqd.scan_mismatches(latin1, safe))
        for function in ("quote", "quote_plus"):
            for argument in (url, data):
                problem = tqd.differences(function, argument, safe)
                if problem is not None:
                    problems.append(problem)
        problem = tqd.differences("quote_from_bytes", data, safe)
        if problem is not None:
            problems.append(problem)
    for safe in BYTES_SAFES:
        for function, argument in (("quote", data), ("quote_from_bytes", data), ("quote", url)):
            problem = tqd.differences(function, argument, safe)
            if problem is not None:
                problems.append(problem)
    query = tqd.query_of(url)
    pairs = [(url, query), ("k", data), (data, 1)]
    for safe in ("", "/:", "é"):
        for doseq in (False, True):
            problem = tqd.differences("urlencode", pairs, doseq, safe)
            if problem is not None:
                problems.append(problem)
        problem = tqd.differences("urlencode", pairs, False, safe, None, None, stdlib.quote)
        if problem is not None:
            problems.append(problem)
    return problems


def _guarded(check: Callable[[], object], label: str) -> list[str]:
    try:
        check()
    except AssertionError as error:
        return [f"{label}: {error}"]
    except Exception as error:  # a crash is a finding too
        return [f"{label}: crashed: {type(error).__name__}: {error}"]
    return []


def whatwg_outcome(input: str, base: str | None) -> Any:
    """What the URL class says of ``input`` against ``base``: href, getters, errors."""
    from test_fast_path import expected_getter_values

    from urlspec import URL, InvalidURL, validate
    from urlspec.parser import basic_url_parse

    errors = [(e.name, e.position) for e in validate(input, base)]
    try:
        url = URL(input, base)
    except InvalidURL as error:
        return ("fail", errors, error.errors[-1].name)
    getters = tuple(
        getattr(url, name)
        for name in (
            "protocol", "username", "password", "host", "hostname", "port", "pathname",
            "search", "hash",
        )
    )  # fmt: skip
    del basic_url_parse, expected_getter_values
    return ("ok", url.href, getters, url.origin, errors)


def state_machine_outcome(input: str, base: str | None) -> Any:
    """The same, computed by the state machine and the spec's getter steps only."""
    from test_fast_path import expected_getter_values

    from urlspec.infra import to_scalar_value_string
    from urlspec.origin import origin_of
    from urlspec.parser import basic_url_parse
    from urlspec.url_record import serialize_url
    from urlspec.validation import ValidationError

    errors: list[ValidationError] = []
    base_record = None
    if base is not None:
        base_record = basic_url_parse(base)
        assert base_record is not None
    record = basic_url_parse(to_scalar_value_string(input), base_record, errors=errors)
    pairs = [(e.name, e.position) for e in errors]
    if record is None:
        return ("fail", pairs, errors[-1].name if errors else None)
    return (
        "ok",
        serialize_url(record),
        expected_getter_values(record),
        origin_of(record).serialize(),
        pairs,
    )


def check_whatwg(input: str) -> list[str]:
    from test_fast_path import check_fast_path

    from urlspec import fast_path

    problems = _guarded(lambda: check_fast_path(input), f"check_fast_path({input!r})")
    if fast_path.goes_to_the_state_machine(input) and fast_path._tiers_2_and_3(input) is not None:
        problems.append(f"goes_to_the_state_machine({input!r}) but a tier takes it")
    for base in WHATWG_BASES:
        try:
            ours = whatwg_outcome(input, base)
        except Exception as error:
            problems.append(f"URL({input!r}, {base!r}) crashed: {type(error).__name__}: {error}")
            continue
        expected = state_machine_outcome(input, base)
        if ours != expected:
            problems.append(f"URL({input!r}, {base!r}):\n  URL:   {ours}\n  state: {expected}")
    problems.extend(check_idna(input))
    return problems


def hosts_of(input: str) -> list[str]:
    """Domain-like strings in ``input``: its would-be host, and the input itself."""
    after = input.partition("//")[2] or input
    host = after.split("/")[0].split("?")[0].split("#")[0].rpartition("@")[2]
    return [host, host.partition(":")[0], input]


def check_idna(input: str) -> list[str]:
    from urlspec import idna

    problems = []
    for domain in hosts_of(input):
        for flags in IDNA_FLAGS:
            try:
                shortcut = idna.to_ascii(domain, flags), idna.to_unicode(domain, flags)
            except Exception as error:
                problems.append(f"to_ascii({domain!r}, {flags}) crashed: {error!r}")
                continue
            if FULL_IDNA_CHECK:
                saved = idna._check_validity_of_ascii_labels
                idna._check_validity_of_ascii_labels = _ascii_labels_by_the_full_criteria
                try:
                    full = idna.to_ascii(domain, flags), idna.to_unicode(domain, flags)
                finally:
                    idna._check_validity_of_ascii_labels = saved
                # UTS #46 records errors, in no order: compare the sets of codes
                if _unordered(shortcut) != _unordered(full):
                    problems.append(f"IDNA {domain!r} {flags}: shortcut {shortcut}, full {full}")
    return problems


def _unordered(results: Any) -> Any:
    return tuple((value, sorted(codes)) for value, codes in results)


def _ascii_labels_by_the_full_criteria(domain: str, flags: Any, errors: list[str]) -> None:
    from urlspec import idna

    for label in domain.split("."):
        idna._check_validity(label, flags, errors)


def _idna_flags() -> list[Any]:
    """The URL Standard's flags (beStrict false and true), and the strict ones changed."""
    from urlspec import idna

    url, strict = idna._domain_parser_flags(False), idna._domain_parser_flags(True)
    return [url, strict, strict._replace(transitional_processing=True, check_bidi=False)]


IDNA_FLAGS: list[Any] = []
FULL_IDNA_CHECK = False


def check_columnar_batch(batch: list[str]) -> list[str]:
    from test_columnar_rows import check_rows

    problems = []
    # Arrow strings are UTF-8: a lone surrogate cannot be in a column (pyarrow raises)
    batch = [s.encode("utf-8", "replace").decode("utf-8") for s in batch]
    mixed: list[str | None] = [None if i % 11 == 5 else s for i, s in enumerate(batch)]
    for base in (None, WHATWG_BASES[1]):
        check = functools.partial(check_rows, mixed, base)
        problems.extend(_guarded(check, f"check_rows(base={base!r})"))
    return problems


# --- Runs ----------------------------------------------------------------------------------------


def fuzz(targets: list[str], seconds: float, seed: int, corpus: list[str]) -> int:
    found: list[str] = []
    for target in targets:
        stream = inputs(seed, corpus)
        deadline = time.process_time() + seconds
        count = 0
        while time.process_time() < deadline:
            if target == "columnar":
                batch = [next(stream) for _ in range(200)]
                problems = check_columnar_batch(batch)
                if problems:  # find the inputs: row by row
                    for item in batch:
                        if check_columnar_batch([item]):
                            problems.append(f"  row: {item!r}")
                count += len(batch)
            else:
                item = next(stream)
                problems = (check_parse if target == "parse" else check_whatwg)(item)
                count += 1
            for problem in problems:
                if problem not in found:
                    found.append(problem)
                    print(f"[{target}] {problem}", flush=True)
        print(f"{target}: {count} inputs, {len(found)} problems so far", flush=True)
    return 1 if found else 0


def outputs_of(item: str) -> Any:
    """Everything the public functions return for ``item``, for the comparison of the builds."""
    import test_parse_differential as tpd
    import test_quoting_differential as tqd

    import urlspec.parse as ours
    from urlspec.parse import _split

    out: list[Any] = []
    data = item.encode("utf-8", "surrogatepass")
    for name, args, kwargs in [
        *tpd.checks_for(item),
        *tpd.checks_for(data),
        *tpd.join_checks(item),
    ]:
        out.append(tpd.outcome(getattr(ours, name), *args, **kwargs))
    for allow_fragments in (True, False):
        out.append(tpd.outcome(_split.split_general, item, None, allow_fragments, None))
    for safe in STR_SAFES + BYTES_SAFES:
        for argument in (item, data):
            out.append(tqd.quick_outcome(ours.quote, argument, safe))
            out.append(tqd.quick_outcome(ours.quote_plus, argument, safe))
        out.append(tqd.quick_outcome(ours.quote_from_bytes, data, safe))
    out.append(tqd.quick_outcome(ours.urlencode, [(item, data)], True, "/"))
    for base in WHATWG_BASES:
        try:
            out.append(whatwg_outcome(item, base))
        except Exception as error:
            out.append(("crash", type(error).__name__, str(error)))
    from urlspec import idna

    for domain in hosts_of(item):
        for flags in IDNA_FLAGS:
            out.append((idna.to_ascii(domain, flags), idna.to_unicode(domain, flags)))
    return out


def emit(path: str) -> None:
    """Child process of --builds: one JSON line of outputs per input line of ``path``."""
    import urlspec

    print(json.dumps({"compiled": urlspec.COMPILED}), flush=True)
    for line in Path(path).read_text(encoding="utf-8", errors="surrogatepass").splitlines():
        item = json.loads(line)
        print(json.dumps(repr(outputs_of(item))), flush=True)


def compare_builds(count: int, seed: int, corpus: list[str]) -> int:
    import tempfile

    stream = inputs(seed, corpus)
    items = [next(stream) for _ in range(count)]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        for item in items:
            file.write(json.dumps(item) + "\n")
    results = []
    for pure in (True, False):
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        if pure:
            env["PYTHONPATH"] = str(ROOT / "src")
        command = [sys.executable, __file__, "--emit", file.name]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode:
            print(done.stderr[-3000:])
            return 2
        lines = done.stdout.splitlines()
        print(f"{'pure' if pure else 'installed'} build: {lines[0]}", flush=True)
        results.append(lines[1:])
    os.unlink(file.name)
    differences = 0
    for item, pure_line, compiled_line in zip(items, *results, strict=True):
        if pure_line != compiled_line:
            differences += 1
            print(f"builds differ on {item!r}:\n  pure:     {pure_line[:2000]}"
                  f"\n  compiled: {compiled_line[:2000]}")  # fmt: skip
    print(f"builds: {count} inputs, {differences} differences")
    return 1 if differences else 0


def main() -> int:
    global FULL_IDNA_CHECK
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60, help="CPU seconds per target")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--targets", default="parse,whatwg,columnar")
    parser.add_argument("--limit", type=int, default=3000, help="lines taken from each corpus")
    parser.add_argument("--builds", action="store_true", help="compare the two builds")
    parser.add_argument("--count", type=int, default=2000, help="inputs for --builds")
    parser.add_argument("--emit", help=argparse.SUPPRESS)
    args = parser.parse_args()
    IDNA_FLAGS.extend(_idna_flags())
    if args.emit:
        emit(args.emit)
        return 0
    import urlspec

    FULL_IDNA_CHECK = not urlspec.COMPILED  # compiled calls cannot be replaced from here
    corpus = load_corpora(args.limit)
    if args.builds:
        return compare_builds(args.count, args.seed, corpus)
    print(f"urlspec.COMPILED = {urlspec.COMPILED}", flush=True)
    return fuzz(args.targets.split(","), args.seconds, args.seed, corpus)


if __name__ == "__main__":
    sys.exit(main())
