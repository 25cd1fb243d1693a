"""Benchmark: messy input, the URLs that the fast paths decline and the state machine parses.

Every line of each corpus gets ONE mutation, chosen by the line's index (deterministic: the same
inputs on every run), that makes the URL parser's state machine (``urlspec/parser.py``) do the
work a clean URL is spared:

0. the host in uppercase (the host parser lowercases it);
1. a tab in the middle (removed before parsing, a validation error);
2. a backslash for the first "/" of the path (a special URL's path separator);
3. a ``%2e%2e`` segment after a new first segment (a double-dot segment in percent-encoding);
4. an IDN label before the host (``bücher.``: the domain to ASCII step, Punycode);
5. an IPv4 address in hexadecimal for the host (``0x...``: the IPv4 parser).

The fast path (``urlspec/fast_path.py``, tiers 2 and 3) normalizes an uppercase host and a
backslash by itself, and answers for an input with tabs or newlines as for the input without
them (the parser removes them before it reads anything): those three mutations test the fast
path's reach, the other three the state machine; the run prints how many inputs of each corpus
the state machine parses.

A mutation that cannot apply to a line (no host, no path) is skipped for the next one in turn,
so that each line gets one that applies; a line none applies to (an opaque path without a
host, say) is left out. The mutated corpora are timed with the suite of ``bench/run.py``
("parse + href", interleaved rounds, CPU time) against can_ada, url-py and ada_url (the
``bench`` extra); the same rules as the suite apply (an input a library rejects counts as
invalid for it).

    python -m bench.messy [--rounds 5] [--limit N] [--corpus kasztp.txt,...] [--libs ...]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from bench import peers, run
from bench.corpora import CORPORA
from urlspec import URL, InvalidURL
from urlspec.fast_path import is_own_href, tier_2_or_3_href

DEFAULT_LIBRARIES = ["urlspec", "can_ada", "url-py", "ada_url"]
SPECIAL_SCHEMES = ("http:", "https:", "ws:", "wss:", "ftp:")


def _authority_end(url: str) -> int:
    """Where a special URL's authority ends (its path's first "/"), or -1 without one."""
    start = url.find("//")
    if start < 0 or not url.lower().startswith(SPECIAL_SCHEMES):
        return -1
    return url.find("/", start + 2)


def _host_span(url: str) -> tuple[int, int] | None:
    """The start and end of the host as written in ``url`` (a special URL), or None."""
    start = url.find("//")
    if start < 0 or not url.lower().startswith(SPECIAL_SCHEMES):
        return None
    start += 2
    end = len(url)
    for delimiter in "/?#":
        found = url.find(delimiter, start)
        if 0 <= found < end:
            end = found
    at = url.rfind("@", start, end)
    if at >= 0:
        start = at + 1
    colon = url.find(":", start, end)
    if colon >= 0 and "[" not in url[start:end]:
        end = colon
    return (start, end) if start < end else None


def uppercase_host(url: str, index: int) -> str | None:
    span = _host_span(url)
    if span is None or url[span[0] : span[1]].upper() == url[span[0] : span[1]]:
        return None
    return url[: span[0]] + url[span[0] : span[1]].upper() + url[span[1] :]


def tab(url: str, index: int) -> str | None:
    middle = len(url) // 2
    return url[:middle] + "\t" + url[middle:] if len(url) > 2 else None


def backslash(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[:slash] + "\\" + url[slash + 1 :]


def dot_dot_segment(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[: slash + 1] + f"s{index}/%2e%2e/" + url[slash + 1 :]


def idn_label(url: str, index: int) -> str | None:
    span = _host_span(url)
    if span is None or url[span[0]] == "[":
        return None
    return url[: span[0]] + "bücher." + url[span[0] :]


def hex_ipv4(url: str, index: int) -> str | None:
    span = _host_span(url)
    if span is None:
        return None
    address = (index * 2654435761) & 0xFFFFFFFF  # spread over the address space
    return url[: span[0]] + f"0x{address:x}" + url[span[1] :]


MUTATORS: tuple[Callable[[str, int], str | None], ...] = (
    uppercase_host,
    tab,
    backslash,
    dot_dot_segment,
    idn_label,
    hex_ipv4,
)


def mutate(url: str, index: int) -> str | None:
    """``url`` with one mutation: the one of index ``index % 6``, or the next that applies."""
    for step in range(len(MUTATORS)):
        mutated = MUTATORS[(index + step) % len(MUTATORS)](url, index)
        if mutated is not None:
            return mutated
    return None


def messy_corpus(urls: list[str]) -> list[str]:
    """One mutated input per line that urlspec accepts as a URL (before and after mutating)."""
    messy = []
    for index, url in enumerate(urls):
        mutated = mutate(url, index)
        if mutated is None:
            continue
        try:
            URL(url)
            URL(mutated)
        except InvalidURL:
            continue
        messy.append(mutated)
    return messy


def reaches_state_machine(url: str) -> bool:
    """Whether ``URL(url)`` runs the state machine (no tier of the fast path takes it)."""
    return not is_own_href(url) and tier_2_or_3_href(url) is None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.messy", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="at most N lines per corpus")
    parser.add_argument(
        "--corpus", type=run.comma_list(CORPORA), default=list(CORPORA), help="corpora"
    )
    parser.add_argument(
        "--libs", type=run.comma_list(peers.LOADERS), default=DEFAULT_LIBRARIES, help="libraries"
    )
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    args = parser.parse_args(argv)
    libraries, skipped = peers.load_libraries(args.libs)
    for name, reason in skipped.items():
        print(f"skipping {name}: {reason}", file=sys.stderr)
    corpora, missing = run.load_corpora(args.corpus, args.limit)
    for message in missing:
        print(message, file=sys.stderr)
    messy = {f"messy {name}": messy_corpus(urls) for name, urls in corpora.items()}
    if not libraries or not messy:
        print("nothing to run: no library or no corpus available", file=sys.stderr)
        return 1
    for name, urls in messy.items():
        parsed = sum(map(reaches_state_machine, urls))
        print(f"{name}: the state machine parses {parsed:,} of {len(urls):,} inputs")
    suite = run.run_suite(libraries, messy, ["href"], args.rounds, "cpu", skipped)
    host = run.machine()
    print("\n".join(run.describe_run(suite, host)))
    for table in run.tables(suite):
        print()
        print(run.render_text(table))
    if args.markdown is not None:
        args.markdown.write_text(run.to_markdown(suite, host), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
