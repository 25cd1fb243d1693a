"""Benchmark: messy input, as people paste it: URLs the fast paths' first tier declines.

Three input sets per corpus, the same on every run (deterministic):

* ``messy``: every line with TWO of these mutations (a different pair from line to line, each
  pair in turn; a mutation that cannot apply to a line is skipped for the next):

  0. the host in uppercase (``HTTP://WWW.EXAMPLE.COM/``: the host parser lowercases it);
  1. dot segments in the path (``/./s7/../``: the path state drops them);
  2. an invalid percent escape in the path (``/%zz%/``: kept as written, a validation error);
  3. backslashes for every "/" of the path (``http://h\\a\\b``: a special URL's separator);
  4. surrounding spaces (``"  http://h/ "``: the parser strips them);

* ``mixed``: each corpus line as it is, then the same line messy: half clean, half messy;
* ``harsh``: every line with every mutation above that applies (at least three of the first
  four) and a tab inside, surrounded by spaces and ended by ``"\\r\\n"``, as text copied out
  of a document or a log arrives.

Six more mutations are in :data:`MUTATORS` for the tests (tests/test_fast_path.py sends every
mutation through both the fast path and the state machine): a tab in the middle, an IDN label
before the host (``bücher.``; ``python -m bench.idn`` times internationalized hosts), the host
as a hexadecimal IPv4 address, a backslash for the path's first "/" alone, a ``%2e%2e``
segment, and backslashes for the "//" after the scheme (``http:\\\\h/``).

A line no mutation applies to (an opaque path without a host, say) is left out. The inputs are
timed with the suite of ``bench/run.py`` ("parse + href", interleaved rounds, CPU time) against
can_ada, url-py and ada_url (the ``bench`` extra); an input a library rejects counts as invalid
for it. The run prints how many inputs of each set the state machine parses.

    python -m bench.messy [--rounds 5] [--limit N] [--corpus kasztp,...] [--libs ...]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from bench import peers, run
from bench.corpora import CORPORA
from urlspec import URL, InvalidURL
from urlspec.fast_path import tier_2_or_3_href
from urlspec.own_href_pattern import is_own_href

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
    for delimiter in "/\\?#":
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


def _path_end(url: str, start: int) -> int:
    """Where the path that starts at ``start`` ends (its query or fragment, or the end)."""
    ends = [found for found in (url.find("?", start), url.find("#", start)) if found >= 0]
    return min(ends, default=len(url))


def backslashes(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    if slash < 0:
        return None
    end = _path_end(url, slash)
    return url[:slash] + url[slash:end].replace("/", "\\") + url[end:]


def dot_segments(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[: slash + 1] + f"./s{index}/../" + url[slash + 1 :]


def surrounding_spaces(url: str, index: int) -> str | None:
    return f"  {url} "


def invalid_escape(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[: slash + 1] + "%zz%/" + url[slash + 1 :]


def backslash(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[:slash] + "\\" + url[slash + 1 :]


def backslashes_after_scheme(url: str, index: int) -> str | None:
    start = url.find("//")
    if start < 0 or not url.lower().startswith(SPECIAL_SCHEMES) or url[start - 1] != ":":
        return None
    return url[:start] + "\\\\" + url[start + 2 :]


def dot_dot_segment(url: str, index: int) -> str | None:
    slash = _authority_end(url)
    return None if slash < 0 else url[: slash + 1] + f"s{index}/%2e%2e/" + url[slash + 1 :]


def tab(url: str, index: int) -> str | None:
    middle = len(url) // 2
    return url[:middle] + "\t" + url[middle:] if len(url) > 2 else None


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


#: The mutations of the messy inputs (each line gets two of them).
MESSY_MUTATORS: tuple[Callable[[str, int], str | None], ...] = (
    uppercase_host,
    dot_segments,
    invalid_escape,
    backslashes,  # (after the two above, which look for the path's first "/")
    surrounding_spaces,  # (last: the others look for the scheme at the start)
)
#: Every mutation the tests send through the fast path and the state machine.
MUTATORS: tuple[Callable[[str, int], str | None], ...] = (
    *MESSY_MUTATORS,
    tab,
    idn_label,
    hex_ipv4,
    backslash,
    dot_dot_segment,
    backslashes_after_scheme,
)
#: The pairs of MESSY_MUTATORS, each line's pair chosen by its index (applied in this order).
_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (first, second)
    for first in range(len(MESSY_MUTATORS))
    for second in range(first + 1, len(MESSY_MUTATORS))
)


def mutate(url: str, index: int) -> str | None:
    """``url`` with two mutations of MESSY_MUTATORS: the pair of index ``index``, each one that
    cannot apply replaced by the next that can; None when none applies."""
    count = len(MESSY_MUTATORS)
    mutated: str | None = None
    for wanted in _PAIRS[index % len(_PAIRS)]:
        for step in range(count):
            attempt = MESSY_MUTATORS[(wanted + step) % count](mutated or url, index)
            if attempt is not None:
                mutated = attempt
                break
    return mutated


#: What a harsh line gets besides every mutation of MESSY_MUTATORS: a tab inside and a line
#: ending, as text copied out of a document or a log keeps them.
HARSH_MUTATORS: tuple[Callable[[str, int], str | None], ...] = (*MESSY_MUTATORS[:-1], tab)


def mutate_harshly(url: str, index: int) -> str | None:
    """``url`` with every mutation of HARSH_MUTATORS that applies (at least three), then the
    surrounding spaces and a line ending; None when fewer than three apply."""
    mutated = url
    applied = 0
    for mutator in HARSH_MUTATORS:
        attempt = mutator(mutated, index)
        if attempt is not None:
            mutated = attempt
            applied += 1
    if applied < 3:
        return None
    spaced = surrounding_spaces(mutated, index)
    return (mutated if spaced is None else spaced) + "\r\n"


def _accepted(*urls: str) -> bool:
    try:
        for url in urls:
            URL(url)
    except InvalidURL:
        return False
    return True


def messy_corpus(urls: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The messy inputs, the mixed ones (each line, then its messy version) and the harsh ones,
    of the lines urlspec accepts as URLs before and after mutating."""
    messy: list[str] = []
    mixed: list[str] = []
    harsh: list[str] = []
    for index, url in enumerate(urls):
        mutated = mutate(url, index)
        if mutated is not None and _accepted(url, mutated):
            messy.append(mutated)
            mixed += (url, mutated)
        mutated = mutate_harshly(url, index)
        if mutated is not None and _accepted(url, mutated):
            harsh.append(mutated)
    return messy, mixed, harsh


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
    messy: dict[str, list[str]] = {}
    for name, urls in corpora.items():
        sets = dict(zip(("messy", "mixed", "harsh"), messy_corpus(urls), strict=True))
        # (a file: corpus has no harsh line: few mutations apply to a line without a host)
        messy.update((f"{kind} {name}", lines) for kind, lines in sets.items() if lines)
    if not libraries or not messy:
        print("nothing to run: no library or no corpus available", file=sys.stderr)
        return 1
    for name, urls in messy.items():
        parsed = sum(map(reaches_state_machine, urls))
        print(f"{name}: the state machine parses {parsed:,} of {len(urls):,} inputs")
    run.run_href_and_report(libraries, messy, args.rounds, skipped, args.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
