"""Resolving relative links: urlspec against the libraries people use for it, side by side.

``python -m bench.relative [--rounds N] [--markdown FILE]``. What a crawler does with each page:
resolve every link on it against the page's URL, and read the result back as a string. Per
library, the closest equivalent, with the base parsed once where the library's API allows it (a
page is parsed once, its links many times):

* urlspec: ``URL(ref, base).href`` with ``base`` a ``URL``; urlspec-join: ``base.join(ref).href``,
  the same resolution called as a method of the base, as url-py's ``join`` is;
* ada_url: ``ada_url.join_url(base, ref)`` (ada in C++ through CFFI; strings in, string out);
* url-py: ``base.join(ref)`` then ``str()``, with ``base`` a ``url.URL`` (Rust's url crate);
* yarl: ``base.join(URL(ref))`` then ``str()`` (RFC 3986, not WHATWG; caches cleared);
* urllib: ``urllib.parse.urljoin(base, ref)`` (RFC 3986 with CPython's rules; not WHATWG),
  shown for scale.

The links (:func:`link_pairs`): for every line of a corpus taken as the page, references of
the kinds :func:`derived_references` makes from another line of the same corpus (line
``i * 7919 + 1`` modulo the corpus's length: a fixed, scattered choice), two per page in turn,
so that each corpus gives twice its length in pairs, the same every run; plus RFC 3986's
examples (§5.4.1 and §5.4.2) against the RFC's base. ``tests/test_relative.py`` resolves the same
kinds through the state machine and requires the same hrefs.

Timing as in ``bench/run.py``: interleaved rounds (a different library first each round), the
garbage collector off while timed, fresh copies of the strings, CPU time, medians.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.corpora import CORPORA
from bench.peers import Unavailable, import_peer
from bench.run import Table, describe_machine, load_corpora, render_markdown, render_text

Pair = tuple[str, str]  # (base, reference)

# RFC 3986 §5.4: the base and the references of the normal (5.4.1) and abnormal (5.4.2) examples.
RFC_3986_BASE = "http://a/b/c/d;p?q"
RFC_3986_REFERENCES = [
    *["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x"],
    *["g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g"],
    *["../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g"],
    *["./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x"],
    *["g#s/./x", "g#s/../x", "http:g"],
]


def derived_references(base: str, other: str) -> list[str]:
    """The references a page at ``base`` could hold, made of the parts of another URL
    ``other``: its path (path-absolute), last segment (path-relative, also after "../", "./",
    "../../" and "%2e%2E/"), everything after its scheme (scheme-relative when it has an
    authority), query, fragment; and "", ".", "..", the base's own last segment."""
    scheme_end = other.find(":")
    rest = other[scheme_end + 1 :]
    path_and_more = rest[rest.find("/", 2) :] if rest.startswith("//") else rest
    last_segment = path_and_more.rsplit("/", 1)[-1]
    query_start = other.find("?")
    fragment_start = other.find("#")
    return [
        path_and_more,
        last_segment,
        "../" + last_segment,
        "./" + last_segment,
        "../../" + last_segment,
        rest,
        other[query_start:] if query_start >= 0 else "?q",
        other[fragment_start:] if fragment_start >= 0 else "#f",
        "",
        ".",
        "..",
        "%2e%2E/" + last_segment,
        base.rsplit("/", 1)[-1],
    ]


def link_pairs(lines: list[str], per_page: int = 2) -> list[Pair]:
    """``per_page`` (base, reference) pairs per line of a corpus (see the module docstring)."""
    pairs: list[Pair] = []
    for index, base in enumerate(lines):
        references = derived_references(base, lines[(index * 7919 + 1) % len(lines)])
        for k in range(per_page):
            pairs.append((base, references[(index + k * 5) % len(references)]))
    return pairs


# ---------------------------------------------------------------------------------------------
# The libraries: each gives a function that turns the pairs into what it times, once per run
# (parsing the bases, untimed: a page is parsed once), and the op it times on each prepared pair.

Prepared = list[tuple[Any, str]]
Join = Callable[[Any, str], object]


def urlspec_join() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    from urlspec import URL

    def prepare(pairs: list[Pair]) -> Prepared:
        return [(_or_none(URL.parse, base), ref) for base, ref in pairs]

    def join(base: Any, ref: str) -> object:
        return URL(ref, base).href

    return prepare, join


def urlspec_join_method() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    """urlspec's ``base.join(ref)``: the same resolution as ``URL(ref, base)``, called as a
    method of the base, as url-py's and yarl's ``join`` are."""
    from urlspec import URL

    def prepare(pairs: list[Pair]) -> Prepared:
        return [(_or_none(URL.parse, base), ref) for base, ref in pairs]

    def join(base: Any, ref: str) -> object:
        return base.join(ref).href

    return prepare, join


def ada_url_join() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    ada_url = import_peer("ada_url", "ada-url")

    def prepare(pairs: list[Pair]) -> Prepared:
        return list(pairs)

    join: Join = ada_url.join_url
    return prepare, join


def url_py_join() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    url = import_peer("url", "url-py")

    def prepare(pairs: list[Pair]) -> Prepared:
        return [(_or_none(url.URL.parse, base), ref) for base, ref in pairs]

    def join(base: Any, ref: str) -> object:
        return str(base.join(ref))

    return prepare, join


def yarl_join() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    yarl = import_peer("yarl", "yarl")

    def prepare(pairs: list[Pair]) -> Prepared:
        yarl.cache_clear()
        return [(_or_none(yarl.URL, base), ref) for base, ref in pairs]

    def join(base: Any, ref: str) -> object:
        return str(base.join(yarl.URL(ref)))

    return prepare, join


def urllib_join() -> tuple[Callable[[list[Pair]], Prepared], Join]:
    from urllib.parse import urljoin

    def prepare(pairs: list[Pair]) -> Prepared:
        return list(pairs)

    return prepare, urljoin


def _or_none(parse: Callable[[str], Any], base: str) -> Any:
    try:
        return parse(base)
    except Exception:
        return None  # the join then raises, and counts as an invalid pair


LIBRARIES: dict[str, Callable[[], tuple[Callable[[list[Pair]], Prepared], Join]]] = {
    "urlspec": urlspec_join,
    "urlspec-join": urlspec_join_method,
    "ada_url": ada_url_join,
    "url-py": url_py_join,
    "yarl": yarl_join,
    "urllib": urllib_join,
}


def time_join(join: Join, prepared: Prepared) -> tuple[int, int]:
    """CPU nanoseconds for ``join`` over the prepared pairs, and how many raised."""
    invalid = 0
    gc.collect()
    gc.disable()
    try:
        start = time.process_time_ns()
        for base, ref in prepared:
            try:
                join(base, ref)
            except Exception:
                invalid += 1
        elapsed = time.process_time_ns() - start
    finally:
        gc.enable()
    return elapsed, invalid


def run(
    corpora: dict[str, list[Pair]], names: list[str], rounds: int
) -> tuple[dict[tuple[str, str], float], dict[tuple[str, str], int], dict[str, str]]:
    """Median ns per pair per (corpus, library), invalid counts, and the libraries skipped."""
    loaded: dict[str, tuple[Callable[[list[Pair]], Prepared], Join]] = {}
    skipped: dict[str, str] = {}
    for name in names:
        try:
            loaded[name] = LIBRARIES[name]()
        except Unavailable as reason:
            skipped[name] = str(reason)
    samples: dict[tuple[str, str], list[float]] = {}
    invalid: dict[tuple[str, str], int] = {}
    order = list(loaded)
    for round_number in range(rounds):
        print(f"round {round_number + 1}/{rounds}", file=sys.stderr, flush=True)
        shift = round_number % max(len(order), 1)
        for corpus, pairs in corpora.items():
            pickled = pickle.dumps(pairs)
            for name in [*order[shift:], *order[:shift]]:
                prepare, join = loaded[name]
                prepared = prepare(pickle.loads(pickled))
                elapsed, failed = time_join(join, prepared)
                samples.setdefault((corpus, name), []).append(elapsed / len(pairs))
                invalid[(corpus, name)] = failed
    medians = {key: statistics.median(values) for key, values in samples.items()}
    return medians, invalid, skipped


def tables(
    corpora: dict[str, list[Pair]], names: list[str], medians: dict[tuple[str, str], float]
) -> list[Table]:
    present = [name for name in names if any((c, name) in medians for c in corpora)]
    timing = Table(
        "relative links, resolve + href: ns per link (median; lower is better)",
        ["corpus", "links", *present],
        [
            [corpus, f"{len(pairs):,}"]
            + [
                f"{medians[(corpus, name)]:,.0f}" if (corpus, name) in medians else "-"
                for name in present
            ]
            for corpus, pairs in corpora.items()
        ],
    )
    peers = [name for name in present if not name.startswith("urlspec")]
    ratios = [
        Table(
            f"relative links: {own} / peer (below 1: urlspec is faster)",
            ["corpus", *peers],
            [
                [corpus]
                + [
                    f"{medians[(corpus, own)] / medians[(corpus, peer)]:.2f}"
                    if (corpus, own) in medians and (corpus, peer) in medians
                    else "-"
                    for peer in peers
                ]
                for corpus in corpora
            ],
        )
        for own in present
        if own.startswith("urlspec")
    ]
    return [timing, *ratios]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.relative", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, help="at most this many pages per corpus")
    parser.add_argument("--libs", default=",".join(LIBRARIES), help="comma-separated")
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    parser.add_argument(
        "--loop",
        metavar="LIBRARY:CORPUS",
        help="no timing: resolve that corpus's links with that library --repeat times after one "
        "pass (under valgrind --tool=callgrind, the difference between two --repeat counts, "
        "divided, is the instructions per link)",
    )
    parser.add_argument("--repeat", type=int, default=5, help="with --loop")
    args = parser.parse_args(argv)
    names = [name for name in args.libs.split(",") if name in LIBRARIES]
    lines, missing = load_corpora(CORPORA, args.limit)
    for message in missing:
        print(message, file=sys.stderr)
    corpora = {corpus: link_pairs(urls) for corpus, urls in lines.items()}
    corpora["rfc3986"] = [(RFC_3986_BASE, ref) for ref in RFC_3986_REFERENCES] * 100
    if args.loop is not None:
        library, corpus = args.loop.split(":")
        prepare, join = LIBRARIES[library]()
        prepared = prepare(corpora[corpus])
        raised = 0
        for _ in range(args.repeat + 1):  # the first pass loads what the links need
            for base, ref in prepared:
                try:
                    join(base, ref)
                except Exception:
                    raised += 1
        print(f"{len(prepared)} links, {args.repeat} + 1 passes, {raised} raised", file=sys.stderr)
        return 0
    medians, invalid, skipped = run(corpora, names, args.rounds)
    header = [describe_machine(args.rounds)]
    header += [f"Skipped {name}: {reason}." for name, reason in skipped.items()]
    header.append(
        "Links that raised (last round): "
        + "; ".join(f"{name} {sum(invalid.get((c, name), 0) for c in corpora):,}" for name in names)
        + "."
    )
    print("\n".join(header))
    for table in tables(corpora, names, medians):
        print()
        print(render_text(table))
    if args.markdown is not None:
        parts = ["\n".join(header), ""]
        parts += [render_markdown(table) + "\n" for table in tables(corpora, names, medians)]
        args.markdown.write_text("\n".join(parts), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
