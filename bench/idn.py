"""Benchmark: URLs with an internationalized host, ``URL(x).href`` against can_ada and url-py.

The inputs (898 URLs, the same on every run):

* ``IdnaTestV2``: every input of WPT's ``IdnaTestV2.json`` that holds a code point beyond ASCII
  and that the URL Standard accepts (a non-null output), as ``https://{input}/x`` (562 URLs;
  WPT's url/resources, in tests/data/wpt);
* ``generated``: hosts as people write them (``bücher.de``, ``www.münchen.de``,
  ``пример.рф``, ``例え.テスト``...), an everyday word of one of fifteen scripts before an ASCII
  or internationalized top-level label, some with ``www.``, a path, a query (336 URLs).

Each URL is timed with the suite of ``bench/run.py`` ("parse + href", interleaved rounds, CPU
time, the median): urlspec's ``URL(x).href``, can_ada's ``parse(x).href``, url-py's
``str(URL.parse(x))``.

    python -m bench.idn [--rounds 5] [--libs urlspec,can_ada,url-py] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench import peers, run
from bench.corpora import WPT_DIR

DEFAULT_LIBRARIES = ["urlspec", "can_ada", "url-py"]

#: Everyday words of several scripts (Latin with diacritics, Greek, Cyrillic, Armenian,
#: Georgian, Devanagari, Bengali, Tamil, Thai, Han, Hiragana and Katakana, Hangul, Ethiopic).
WORDS = (
    "bücher",
    "münchen",
    "café",
    "straße",
    "żółw",
    "ñandú",
    "ærøskøbing",
    "čeština",
    "ελληνικά",
    "пример",
    "москва",
    "հայաստան",
    "საქართველო",
    "हिन्दी",
    "বাংলা",
    "தமிழ்",
    "ไทย",
    "中文",
    "例え",
    "テスト",
    "한국",
    "ኢትዮጵያ",
    "façade",
    "résumé",
)
TOP_LABELS = ("de", "com", "fr", "рф", "中国", "org", "jp")
PREFIXES = ("", "www.", "shop.")
TAILS = ("/", "/index.html", "/a/b?q=1", "/search?q=x#top")
GENERATED_COUNT = 336


def generated_urls() -> list[str]:
    """GENERATED_COUNT URLs with an internationalized host, spread over every word, top label,
    prefix and tail (deterministic)."""
    urls: list[str] = []
    index = 0
    while len(urls) < GENERATED_COUNT:
        word = WORDS[index % len(WORDS)]
        top = TOP_LABELS[(index // len(WORDS)) % len(TOP_LABELS)]
        prefix = PREFIXES[index % len(PREFIXES)]
        tail = TAILS[(index // 3) % len(TAILS)]
        urls.append(f"https://{prefix}{word}.{top}{tail}")
        index += 1
    return urls


def idna_test_urls(wpt: Path) -> list[str]:
    """``https://{input}/x`` for every IdnaTestV2.json input beyond ASCII with a non-null
    output ([] when the file is missing)."""
    path = wpt / "IdnaTestV2.json"
    if not path.exists():
        return []
    entries = json.loads(path.read_text(encoding="utf-8"))
    return [
        f"https://{entry['input']}/x"
        for entry in entries
        if isinstance(entry, dict) and entry.get("output") and not entry["input"].isascii()
    ]


def inputs() -> dict[str, list[str]]:
    """The two input sets, by name."""
    corpora = {"generated": generated_urls()}
    idna = idna_test_urls(WPT_DIR)
    if idna:
        corpora["IdnaTestV2"] = idna
    else:
        print("IdnaTestV2.json not found: timing the generated hosts only", file=sys.stderr)
    return corpora


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.idn", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--libs", type=run.comma_list(peers.LOADERS), default=DEFAULT_LIBRARIES, help="libraries"
    )
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    args = parser.parse_args(argv)
    libraries, skipped = peers.load_libraries(args.libs)
    for name, reason in skipped.items():
        print(f"skipping {name}: {reason}", file=sys.stderr)
    corpora = inputs()
    for name, urls in corpora.items():
        print(f"{name}: {len(urls):,} URLs")
    run.run_href_and_report(libraries, corpora, args.rounds, skipped, args.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
