"""The Python examples of docs/columnar.md and docs/canonicalization.md run as they are,
assertions included.

Each fenced ``python`` block is run on its own. A block that imports pandas, Polars or DuckDB
needs the ``examples`` extra (``pip install -e '.[examples]'``): without it the block skips,
saying so, except under ``CI=true``, where it fails.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from shared_data import skip_or_fail_in_ci

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("columnar.md", "canonicalization.md")
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
IMPORT = re.compile(r"^(?:import|from) (\w+)", re.MULTILINE)
EXTRA = {"pandas": "examples", "polars": "examples", "duckdb": "examples", "pyarrow": "arrow"}


def blocks() -> list[object]:
    params = []
    for name in DOCS:
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for number, match in enumerate(BLOCK.finditer(text), 1):
            line = text.count("\n", 0, match.start()) + 1
            params.append(pytest.param(match.group(1), id=f"{name}:{line}#{number}"))
    return params


def test_the_docs_have_examples() -> None:
    assert len(blocks()) >= 5


@pytest.mark.parametrize("code", blocks())
def test_example_runs(code: str) -> None:
    for module in sorted(set(IMPORT.findall(code))):
        if module in EXTRA and importlib.util.find_spec(module) is None:
            message = f"this example needs {module}: pip install -e '.[{EXTRA[module]}]'"
            skip_or_fail_in_ci(message)
    exec(compile(code, "<docs example>", "exec"), {"__name__": "docs_example"})
