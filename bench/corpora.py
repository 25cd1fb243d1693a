"""Where the benchmarks find their data: the repository's ``tests/data``, and one corpus beside it.

The URL corpora kasztp (48k real web URLs), node_files and isaacs_files (file: URLs of two
source trees) and the web-platform-tests JSON files are in ``tests/data`` (``tests/data/SOURCES.md``
names their origin and licence). The corpus userbait (11,430 messy phishing URLs, from
https://github.com/userbait/phishing_sites_detector by way of
https://github.com/ada-url/url-various-datasets) states no licence, so the repository does not
carry it: the benchmarks read it from a data folder beside the repository (``$URLSPEC_SHARED``,
or ``../shared``; the file is ``datasets/userbait.txt`` there) when it is present, and leave it
out, saying so on stderr, when it is not.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "tests" / "data"
WPT_DIR = DATA_DIR / "wpt"
CORPORA = ("kasztp", "userbait", "node_files", "isaacs_files")
#: The corpora that are not in the repository (read from the data folder beside it when there).
OUTSIDE_CORPORA = ("userbait",)


def shared_dir() -> Path:
    """The data folder beside the repository: ``$URLSPEC_SHARED``, or ``../shared``."""
    return Path(os.environ.get("URLSPEC_SHARED", ROOT.parent / "shared"))


def corpus_path(name: str) -> Path:
    """The file of a corpus, named with or without ``.txt`` ("kasztp", "kasztp.txt")."""
    stem = name.removesuffix(".txt")
    if stem in OUTSIDE_CORPORA:
        return shared_dir() / "datasets" / f"{stem}.txt"
    return DATA_DIR / "corpora" / f"{stem}.txt"


def present_corpora(names: Iterable[str]) -> list[str]:
    """``names`` less the corpora from outside the repository that are not there (each left out
    with a note on stderr); a corpus of the repository that is missing ends the program."""
    present: list[str] = []
    for name in names:
        path = corpus_path(name)
        if path.exists():
            present.append(name)
        elif name.removesuffix(".txt") in OUTSIDE_CORPORA:
            print(
                f"note: corpus {name} left out: it is not in the repository (no clear licence) "
                f"and not at {path} (set URLSPEC_SHARED to a folder with datasets/{path.name})",
                file=sys.stderr,
            )
        else:
            sys.exit(f"missing corpus {path}: it belongs to the repository (tests/data/SOURCES.md)")
    return present


def read_corpus(path: Path) -> list[str]:
    """The URLs of one corpus file: one a line, line ends and a leading BOM stripped."""
    with path.open(encoding="utf-8", errors="surrogateescape") as f:
        lines = (line.rstrip("\r\n").lstrip("\ufeff") for line in f)
        return [line for line in lines if line]
