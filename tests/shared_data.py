"""Where the tests find the shared data (WPT JSON, URL corpora), and what they do without it.

The data lives in ``../shared`` beside the repository (set ``URLSPEC_SHARED`` to point
elsewhere). Outside CI a missing file makes the tests that need it skip, saying where to get it;
under ``CI=true`` it is a failure, so a CI run can never pass without the data.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("URLSPEC_SHARED", ROOT.parent / "shared"))
WPT_DIR = SHARED / "wpt"
DATASETS_DIR = SHARED / "datasets"
PSL_DIR = SHARED / "psl"
CORPORA = ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt")

WHERE_TO_GET = {
    "wpt": "the web-platform-tests url/resources directory "
    "(https://github.com/web-platform-tests/wpt/tree/master/url/resources)",
    "datasets": "https://github.com/ada-url/url-various-datasets",
    "psl": "the Public Suffix List repository's public_suffix_list.dat and tests/tests.txt "
    "(https://github.com/publicsuffix/list)",
}


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def missing(path: Path, kind: str) -> None:
    """Skip (or, under CI, fail) the current test because ``path`` is not there."""
    message = (
        f"missing test data {path}: put {WHERE_TO_GET[kind]} there "
        f"or set URLSPEC_SHARED to the shared/ directory"
    )
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


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

    When the file is missing there is a single parameter whose test skips (fails under CI),
    so a missing file is never silently counted as zero passing tests.
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
    """Call first in a test parametrized by wpt_params: reacts to the missing-file parameter."""
    if entry is None:
        missing(wpt_path(name), "wpt")
    return entry


def dataset_path(name: str) -> Path:
    path = DATASETS_DIR / name
    if not path.exists():
        missing(path, "datasets")
    return path


def iter_corpus(name: str) -> Iterator[str]:
    """The URLs of one corpus, one a line, with a leading BOM and line ends stripped."""
    with dataset_path(name).open(encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            line = line.rstrip("\r\n").lstrip("\ufeff")
            if line:
                yield line


def psl_path(name: str) -> Path:
    """A file of the Public Suffix List's repository in ``shared/psl`` (skip when missing, fail
    under CI)."""
    path = PSL_DIR / name
    if not path.exists():
        missing(path, "psl")
    return path
