"""Where the tests find their data files: ``tests/data`` in the repository.

``tests/data/wpt`` holds the web-platform-tests JSON files, ``tests/data/psl`` the Public Suffix
List and its test cases, ``tests/data/corpora`` the URL corpora; ``tests/data/SOURCES.md`` names
the origin, version and licence of each. The files are part of the repository, so a missing one
is a failure (a broken checkout), never a skip.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "tests" / "data"
WPT_DIR = DATA_DIR / "wpt"
CORPORA_DIR = DATA_DIR / "corpora"
PSL_DIR = DATA_DIR / "psl"
#: The URL corpora in tests/data/corpora: real web URLs (kasztp) and file: URLs of two source
#: trees (node_files, isaacs_files).
CORPORA = ("kasztp.txt", "node_files.txt", "isaacs_files.txt")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def skip_or_fail_in_ci(message: str) -> NoReturn:
    """Skip the current test, or fail it under CI (which must run every test)."""
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def missing(path: Path) -> None:
    """Fail the current test because the data file ``path`` is not in the checkout."""
    pytest.fail(f"missing test data {path}: it belongs to the repository (tests/data/SOURCES.md)")


def wpt_path(name: str) -> Path:
    return WPT_DIR / name


def load_wpt(name: str) -> list[Any]:
    """The entries of a WPT JSON file, comments (plain strings) left out; [] when missing."""
    path = wpt_path(name)
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, list):
        return [entry for entry in data if not isinstance(entry, str)]
    return [data]


def wpt_params(name: str, entries: list[Any] | None = None, id_key: str = "input") -> list[Any]:
    """pytest parameters for a WPT file, one per entry.

    When the file is missing there is a single parameter whose test fails, so a missing file is
    never silently counted as zero passing tests.
    """
    if entries is None:
        entries = load_wpt(name)
    if not entries:
        return [pytest.param(None, id=f"missing-{name}")]
    params = []
    for i, entry in enumerate(entries):
        label = entry.get(id_key, "") if isinstance(entry, dict) else ""
        params.append(pytest.param(entry, id=f"{i}-{str(label)[:40]!r}"))
    return params


def require_wpt_entry(entry: Any, name: str) -> Any:
    """Call first in a test parametrized by wpt_params: fails on the missing-file parameter."""
    if entry is None:
        missing(wpt_path(name))
    return entry


def dataset_path(name: str) -> Path:
    """A corpus file of tests/data/corpora (the test fails when it is not there)."""
    path = CORPORA_DIR / name
    if not path.exists():
        missing(path)
    return path


def iter_corpus(name: str) -> Iterator[str]:
    """The URLs of one corpus, one a line, with a leading BOM and line ends stripped."""
    with dataset_path(name).open(encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            line = line.rstrip("\r\n").lstrip("\ufeff")
            if line:
                yield line


def psl_path(name: str) -> Path:
    """A file of the Public Suffix List's repository in tests/data/psl (the test fails when it is
    not there)."""
    path = PSL_DIR / name
    if not path.exists():
        missing(path)
    return path
