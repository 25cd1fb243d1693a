"""WPT conformance of urlspec and the WHATWG peer libraries, side by side.

Runs the web-platform-tests URL data through each WHATWG library's own API, as WPT's scripts
do, and counts the entries each passes:

* ``urltestdata.json``: parse ``input`` against ``base``; a ``failure`` entry must be rejected,
  any other must give every getter the entry lists (href, protocol, ..., hash);
* ``toascii.json`` and ``IdnaTestV2.json``: parse ``https://{input}/x``; a ``null`` output must
  be rejected, any other must give that host (WPT's toascii.window.js and IdnaTestV2.window.js;
  IdnaTestV2's empty input is left out, as WPT leaves it out).

A library that cannot parse against a base (can_ada's ``parse`` takes one argument) is scored on
the entries without a base only, and the table says so. Usage:
``python -m bench.conformance [--markdown FILE]`` (data from the repository's ``tests/data/wpt``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.corpora import WPT_DIR
from bench.peers import (
    WHATWG_GETTERS,
    Components,
    Library,
    Unavailable,
    import_peer,
    load_libraries,
    url_py_components,
    whatwg_components,
)
from bench.run import machine

WHATWG_LIBRARIES = ("urlspec", "can_ada", "ada_url", "url-py", "urlstd")

#: Parse ``input`` against ``base`` with a library; raises on failure.
JoinParser = Callable[[str, str], Components]


def _urlspec_join() -> JoinParser:
    urlspec = import_peer("urlspec", "urlspec")
    return lambda input, base: whatwg_components(urlspec.URL(input, base))


def _ada_url_join() -> JoinParser:
    ada_url = import_peer("ada_url", "ada-url")
    return lambda input, base: whatwg_components(ada_url.URL(input, base))


def _urlstd_join() -> JoinParser:
    urlstd = import_peer("urlstd.parse", "urlstd")
    return lambda input, base: whatwg_components(urlstd.URL(input, base))


def _url_py_join() -> JoinParser:
    url_module = import_peer("url", "url-py")

    def join(input: str, base: str) -> Components:
        u = url_module.URL.parse(base).join(input)
        return url_py_components(
            str(u), u.scheme, u.username, u.password, u.host_str, u.port, u.path, u.query,
            u.fragment,
        )  # fmt: skip

    return join


#: How each library parses against a base; a library missing here cannot.
JOINERS: dict[str, Callable[[], JoinParser]] = {
    "urlspec": _urlspec_join,
    "ada_url": _ada_url_join,
    "urlstd": _urlstd_join,
    "url-py": _url_py_join,
}


@dataclass
class Score:
    passed: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.total += 1
        self.passed += ok

    def __str__(self) -> str:
        return f"{self.passed}/{self.total}"


def load_entries(wpt: Path, name: str) -> list[dict[str, Any]]:
    data = json.loads((wpt / name).read_text(encoding="utf-8"))
    return [entry for entry in data if isinstance(entry, dict)]


def parses_as(
    parse: Callable[..., Components], args: tuple[str, ...], expected: dict[str, Any] | None
) -> bool:
    """Whether ``parse(*args)`` fails exactly when ``expected`` is None, else gives its getters."""
    try:
        components = parse(*args)
    except Exception:
        return expected is None
    if expected is None:
        return False
    return all(components[getter] == expected[getter] for getter in expected)


def score_urltestdata(
    library: Library, joiner: JoinParser | None, entries: list[dict[str, Any]]
) -> Score:
    assert library.components is not None
    components = library.components
    score = Score()
    for entry in entries:
        base = entry.get("base")
        if base is not None and joiner is None:
            continue
        expected = None
        if not entry.get("failure"):
            expected = {getter: entry[getter] for getter in WHATWG_GETTERS if getter in entry}
        if base is None:
            score.add(parses_as(components, (entry["input"],), expected))
        else:
            assert joiner is not None
            score.add(parses_as(joiner, (entry["input"], base), expected))
    return score


def score_hosts(library: Library, entries: list[dict[str, Any]]) -> Score:
    """toascii.json / IdnaTestV2.json: the host of ``https://{input}/x``, or failure."""
    assert library.components is not None
    components = library.components
    score = Score()
    for entry in entries:
        if entry["input"] == "":
            continue
        output = entry["output"]
        expected = None if output is None else {"host": output}
        score.add(parses_as(components, (f"https://{entry['input']}/x",), expected))
    return score


def conformance_table(wpt: Path) -> tuple[list[str], list[list[str]]]:
    libraries, skipped = load_libraries(list(WHATWG_LIBRARIES))
    for name, reason in skipped.items():
        print(f"skipping {name}: {reason}", file=sys.stderr)
    urltestdata = load_entries(wpt, "urltestdata.json")
    toascii = load_entries(wpt, "toascii.json")
    idna = load_entries(wpt, "IdnaTestV2.json")
    header = ["library", "version", "urltestdata.json", "toascii.json", "IdnaTestV2.json"]
    rows = []
    for library in libraries:
        if library.components is None:
            continue
        joiner = None
        if library.name in JOINERS:
            try:
                joiner = JOINERS[library.name]()
            except Unavailable:
                joiner = None
        urltest = str(score_urltestdata(library, joiner, urltestdata))
        if joiner is None:
            urltest += " (no base argument: entries without a base)"
        rows.append(
            [
                library.name,
                library.version,
                urltest,
                str(score_hosts(library, toascii)),
                str(score_hosts(library, idna)),
            ]
        )
    return header, rows


def to_markdown(header: list[str], rows: list[list[str]]) -> str:
    host = machine()
    lines = [
        f"WPT conformance, measured {host['date']} with "
        f"`python -m bench.conformance` on {host['python']} "
        f"({host['cpu']}, {host['cores']} cores).",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", type=Path, help="write the table as Markdown to this file")
    args = parser.parse_args(argv)
    wpt = WPT_DIR
    if not wpt.is_dir():
        parser.error(f"no WPT data in {wpt}: it belongs to the repository (tests/data/wpt)")
    header, rows = conformance_table(wpt)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    if args.markdown is not None:
        args.markdown.write_text(to_markdown(header, rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
