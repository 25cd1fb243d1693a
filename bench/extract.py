"""Benchmark: ``urlspec.extract`` against ``tldextract.extract`` on the URLs of the corpora.

Both read the SAME list file (the ``publicsuffixlist`` package's copy, which urlspec uses by
default; tldextract is given it as a ``file://`` URL with its cache off and no fallback
snapshot, so nothing is fetched). Inputs: every distinct line of the corpora
(``../shared/datasets``) that the URL parser accepts and whose host is a domain (whole URLs, as
people pass them to tldextract), and then the hosts alone. tldextract keeps no cache of answers,
so repeated inputs would not flatter it; they are distinct all the same, and urlspec's cache of
splits (which the pure build keeps; repeated hosts hit it) is emptied before each pass. A last
row times the hosts again with the cache kept ("warm": every host seen before), as a log's
repeated hosts would find it.

Each library's call alone is timed (a loop over the inputs calling ``extract(text, psl=psl)``
and tldextract's ``extract_str(text)``). Rounds are interleaved; the median CPU time per input
is reported, with the ratio to urlspec's
(5.0 = urlspec is five times as fast). Then the answers (subdomain, domain, suffix) are compared
and the inputs where they differ are counted by kind (see docs/hosts.md for why they differ).

    python -m bench.extract [--rounds 5] [--limit N] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.registrable_domain import corpus_domain_urls, default_list_file
from urlspec.hosts import host_parts
from urlspec.hosts.host_parts import extract
from urlspec.hosts.public_suffix_list import PublicSuffixList
from urlspec.own_href import COMPILED

Split = Callable[[str], "tuple[str, str, str]"]


def corpus_urls(limit: int | None) -> tuple[list[str], list[str]]:
    """The distinct valid URLs of the corpora with a domain host (printable ones: tldextract
    does not remove tabs and newlines), and their distinct hosts."""
    found = {url: host for url, host in corpus_domain_urls().items() if url.isprintable()}
    urls, hosts = list(found), list(dict.fromkeys(found.values()))
    if limit is not None:
        urls, hosts = urls[:limit], hosts[:limit]
    return urls, hosts


Pass = Callable[[list[str]], None]


def splitters(list_file: Path) -> tuple[dict[str, Split], dict[str, Pass]]:
    """Each library's (subdomain, domain, suffix) of a URL, over the same list file, and a pass
    of its call alone over a list of inputs (what is timed: no adapter around the call)."""
    psl = PublicSuffixList.from_file(list_file)

    def urlspec_split(text: str) -> tuple[str, str, str]:
        result = extract(text, psl=psl)
        return result.subdomain, result.domain, result.suffix

    def urlspec_pass(inputs: list[str]) -> None:
        for text in inputs:
            extract(text, psl=psl)

    found: dict[str, Split] = {"urlspec": urlspec_split}
    passes: dict[str, Pass] = {"urlspec": urlspec_pass}
    try:
        import tldextract
    except ImportError:
        print("tldextract is not installed (pip install -e '.[bench]'): skipped", file=sys.stderr)
        return found, passes
    peer = tldextract.TLDExtract(
        cache_dir=None, suffix_list_urls=[list_file.resolve().as_uri()], fallback_to_snapshot=False
    )
    extract_str = peer.extract_str

    def tldextract_split(text: str) -> tuple[str, str, str]:
        result = extract_str(text)
        return result.subdomain, result.domain, result.suffix

    def tldextract_pass(inputs: list[str]) -> None:
        for text in inputs:
            extract_str(text)

    tldextract_split("example.com")  # reads the list before timing
    found["tldextract"] = tldextract_split
    passes["tldextract"] = tldextract_pass
    return found, passes


def time_once(run: Pass, inputs: list[str], cold: bool = True) -> float:
    """CPU seconds for one pass, urlspec's cache of splits emptied first when ``cold`` (every
    input is new to both libraries, as in the first round)."""
    if cold:
        host_parts._cache.clear()
    start = time.process_time()
    run(inputs)
    return time.process_time() - start


def measure(
    functions: dict[str, Pass], inputs: list[str], rounds: int, cold: bool = True
) -> dict[str, float]:
    """The median CPU seconds per input of each function, interleaved rounds."""
    names = list(functions)
    times: dict[str, list[float]] = {name: [] for name in names}
    if not cold:
        time_once(functions["urlspec"], inputs)  # every host seen once
    for round_index in range(rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            times[name].append(time_once(functions[name], inputs, cold))
    return {name: statistics.median(values) / len(inputs) for name, values in times.items()}


def difference_kind(ours: tuple[str, str, str], theirs: tuple[str, str, str]) -> str:
    """Why the answers differ, as docs/hosts.md sorts it."""
    if ours[2].endswith(".") and ours[2][:-1] == theirs[2]:
        return "trailing dot kept"
    if tuple(part.lower() for part in theirs) != ours:
        return "Unicode or case (urlspec answers in lowercase A-labels)"
    return "case"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="at most N inputs of each kind")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the results")
    args = parser.parse_args()
    list_file = default_list_file()
    urls, hosts = corpus_urls(args.limit)
    functions, passes = splitters(list_file)
    build = "compiled" if COMPILED else "pure Python"
    lines = [
        f"urlspec.extract ({build}) against tldextract, list {list_file.name}, "
        f"{args.rounds} interleaved rounds, Python {sys.version.split()[0]}, CPU time",
        "",
        "| inputs | library | ns per input (median) | time / urlspec's |",
        "|---|---|---|---|",
    ]
    rows = (
        (f"{len(urls)} URLs", urls, True),
        (f"{len(hosts)} hosts", hosts, True),
        (f"{len(hosts)} hosts, warm", hosts, False),
    )
    for label, inputs, cold in rows:
        medians = measure(passes, inputs, args.rounds, cold)
        for name, median in medians.items():
            ratio = median / medians["urlspec"]
            lines.append(f"| {label} | {name} | {median * 1e9:,.0f} | {ratio:.1f} |")
    if "tldextract" in functions:
        kinds: dict[str, int] = {}
        for text in urls:
            ours, theirs = functions["urlspec"](text), functions["tldextract"](text)
            if ours != theirs:
                kind = difference_kind(ours, theirs)
                kinds[kind] = kinds.get(kind, 0) + 1
        lines.append("")
        lines.append(f"answers that differ on the {len(urls)} URLs: {sum(kinds.values())}")
        lines.extend(f"    {kind}: {count}" for kind, count in sorted(kinds.items()))
    text = "\n".join(lines)
    print(text)
    if args.markdown is not None:
        args.markdown.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
