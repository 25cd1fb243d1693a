"""The repository stands alone: its code, tests and scripts read no data from outside it.

The test data (web-platform-tests files, the Public Suffix List, URL corpora) is in
``tests/data``. Nothing in ``src/``, ``tests/`` or ``scripts/`` may name a data folder beside the
repository (a sibling ``shared/``), the environment variable that once pointed at one, or the
corpus that is not in the repository (userbait, which has no clear licence: only benchmarks may
use it, when present). The data files of ``tests/data`` themselves are not searched.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREES = ("src", "tests", "scripts")
SUFFIXES = {".py", ".sh", ".md", ".toml", ".cfg", ".ini", ".txt", ".json", ".pyi", ""}
#: The references that must not come back, each with why.
FORBIDDEN = {
    r"\.\./shared\b": "a data folder beside the repository",
    r"/work/shared\b": "a data folder on one machine",
    r"URLSPEC_SHARED": "the variable that named the outside data folder",
    r"\bshared/(?:wpt|psl|datasets|spec|design|hooks)\b": "a file of the outside data folder",
    r"""/\s*["']shared["']""": "a path joined with a sibling shared folder",
    r"userbait": "the corpus without a clear licence (not in the repository)",
}


def searched_files() -> list[Path]:
    files = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES:
                continue
            relative = path.relative_to(ROOT)
            if relative.parts[:2] == ("tests", "data") or path == Path(__file__).resolve():
                continue
            if "__pycache__" in relative.parts or path.name.startswith("."):
                continue
            files.append(path)
    return files


def test_the_search_covers_the_trees() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in searched_files()}
    assert {"tests/shared_data.py", "scripts/test.sh", "scripts/demo.sh"} <= names
    assert "src/urlspec/__init__.py" in names


def test_nothing_reads_data_from_outside_the_repository() -> None:
    found = []
    for path in searched_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for pattern, why in FORBIDDEN.items():
            for match in re.finditer(pattern, text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group()!r} ({why})")
    assert found == []


def test_the_data_files_are_in_the_repository() -> None:
    data = ROOT / "tests" / "data"
    for name in ("urltestdata.json", "setters_tests.json", "urlpatterntestdata.json"):
        assert (data / "wpt" / name).is_file(), name
    for name in ("public_suffix_list.dat", "tests.txt", "LICENSE"):
        assert (data / "psl" / name).is_file(), name
    for name in ("kasztp.txt", "node_files.txt", "isaacs_files.txt"):
        assert (data / "corpora" / name).is_file(), name
    assert (data / "SOURCES.md").is_file()
