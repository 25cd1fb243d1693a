"""Benchmark: the registrable domain of every host of the corpora, urlspec against its peers.

Peers (the ``bench`` extra): tldextract (``TLDExtract(...)(host).top_domain_under_public_suffix``)
and publicsuffixlist (``PublicSuffixList(...).privatesuffix(host)``). All three read the SAME
list file (no network: tldextract is given it as a ``file://`` URL with its cache off and no
fallback snapshot), by default the ``publicsuffixlist`` package's copy, which urlspec uses too;
``--list FILE`` names another. Each gets the hosts as the URL parser serializes them (lowercase,
A-labels), the distinct domain hosts of the corpora (``bench/corpora.py``), so that no
library's cache helps it.

"urlspec" is ``urlspec.registrable_domain(host)``, which checks that the string is a host (the
host parser's shortcut for a plain domain); "urlspec (parsed host)" is what
``URL(...).registrable_domain`` runs, on a host the URL parser has already serialized. Run it
with the mypyc-compiled build on the path to measure that build.

Rounds are interleaved (the order rotates each round); the median CPU time per host is reported
with the ratio to urlspec's (3.0 = urlspec is three times as fast). Then the answers are
compared host by host, with and without the list's PRIVATE section, and every difference is
listed. Target: >= 5x faster than both, the same answers.

    python -m bench.registrable_domain [--rounds 5] [--limit N] [--list FILE] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.corpora import CORPORA, corpus_path, present_corpora
from urlspec import URL, InvalidURL
from urlspec.host import HostKind
from urlspec.hosts.public_suffix_list import PublicSuffixList

ROOT = Path(__file__).resolve().parent.parent

Lookup = Callable[[str], "str | None"]


def corpus_domain_urls() -> dict[str, str]:
    """Each distinct line of the corpora that is a valid URL with a domain host, and its host
    (serialized), in the order met."""
    found: dict[str, str] = {}
    for name in present_corpora(CORPORA):
        path = corpus_path(name)
        with path.open(encoding="utf-8", errors="surrogateescape") as file:
            for line in file:
                line = line.rstrip("\r\n").lstrip("\ufeff")
                try:
                    url = URL(line)
                except InvalidURL:
                    continue
                if url.host_kind is HostKind.DOMAIN:
                    found[line] = url.hostname
    return found


def corpus_hosts(limit: int | None) -> list[str]:
    """The distinct domain hosts of the corpora, serialized, in the order met."""
    found = list(dict.fromkeys(corpus_domain_urls().values()))
    return found if limit is None else found[:limit]


def default_list_file() -> Path:
    from importlib import resources

    return Path(str(resources.files("publicsuffixlist").joinpath("public_suffix_list.dat")))


def lookups(list_file: Path, include_private: bool) -> dict[str, Lookup]:
    """Each library's registrable-domain function over the same list file (None: no answer)."""
    found: dict[str, Lookup] = {}
    psl = PublicSuffixList.from_file(list_file)

    def urlspec_lookup(host: str) -> str | None:
        return psl.registrable_domain(host, include_private=include_private)

    found["urlspec"] = urlspec_lookup

    def urlspec_parsed_host_lookup(host: str) -> str | None:
        return psl.registrable_domain_of_domain(host, include_private=include_private)

    # What URL.registrable_domain runs: the host is already parsed, so it is not checked again.
    found["urlspec (parsed host)"] = urlspec_parsed_host_lookup
    try:
        import tldextract
    except ImportError:
        print("tldextract is not installed (pip install -e '.[bench]'): skipped", file=sys.stderr)
    else:
        extract = tldextract.TLDExtract(
            cache_dir=None,
            suffix_list_urls=[list_file.resolve().as_uri()],
            fallback_to_snapshot=False,
            include_psl_private_domains=include_private,
        )

        def tldextract_lookup(host: str) -> str | None:
            return extract(host).top_domain_under_public_suffix or None

        tldextract_lookup("example.com")  # reads the list before timing
        found["tldextract"] = tldextract_lookup
    try:
        import publicsuffixlist
    except ImportError:
        print("publicsuffixlist is not installed: skipped", file=sys.stderr)
    else:
        with list_file.open("rb") as source:
            peer = publicsuffixlist.PublicSuffixList(source, only_icann=not include_private)

        def publicsuffixlist_lookup(host: str) -> str | None:
            answer: str | None = peer.privatesuffix(host)
            return answer

        found["publicsuffixlist"] = publicsuffixlist_lookup
    return found


def time_once(lookup: Lookup, hosts: list[str]) -> float:
    """CPU seconds for one pass over the hosts."""
    start = time.process_time()
    for host in hosts:
        lookup(host)
    return time.process_time() - start


def differences(
    functions: dict[str, Lookup], hosts: list[str]
) -> dict[str, list[tuple[str, str | None, str | None]]]:
    """Per peer: (host, urlspec's answer, the peer's answer) where they differ."""
    ours = functions["urlspec"]
    found: dict[str, list[tuple[str, str | None, str | None]]] = {}
    for name, peer in functions.items():
        if name.startswith("urlspec"):
            continue
        found[name] = [
            (host, ours(host), answer) for host in hosts if (answer := peer(host)) != ours(host)
        ]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="at most N hosts")
    parser.add_argument("--list", type=Path, default=None, help="the list file all read")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the tables")
    args = parser.parse_args()
    list_file = args.list or default_list_file()
    hosts = corpus_hosts(args.limit)
    functions = lookups(list_file, include_private=True)
    names = list(functions)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_index in range(args.rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            times[name].append(time_once(functions[name], hosts))
    ours = statistics.median(times["urlspec"])
    ours_parsed = statistics.median(times["urlspec (parsed host)"])
    lines = [
        f"registrable domain of {len(hosts)} distinct hosts of the corpora, list {list_file.name}"
        f" ({PublicSuffixList.from_file(list_file).version}), {args.rounds} interleaved rounds,"
        f" Python {sys.version.split()[0]}, CPU time",
        "",
        "| library | ns per host (median) | time / urlspec's | time / urlspec's (parsed host) |",
        "|---|---|---|---|",
    ]
    for name in names:
        median = statistics.median(times[name])
        lines.append(
            f"| {name} | {median / len(hosts) * 1e9:,.0f} | {median / ours:.1f} "
            f"| {median / ours_parsed:.1f} |"
        )
    lines.append("")
    for include_private in (True, False):
        compared = lookups(list_file, include_private) if not include_private else functions
        section = "with" if include_private else "without"
        for peer, rows in differences(compared, hosts).items():
            lines.append(f"{peer}, {section} the PRIVATE section: {len(rows)} differences")
            lines.extend(
                f"    {host!r}: urlspec {ours_!r}, {peer} {theirs!r}"
                for host, ours_, theirs in rows[:20]
            )
    text = "\n".join(lines)
    print(text)
    if args.markdown is not None:
        args.markdown.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
