"""The README's interactive examples (``>>>``) run as they are and print what the README says.

The README is the front page: a quick-start line that no longer works is the first thing a new
user meets. Blocks without ``>>>`` (shell commands, examples that need a network or a server) are
not run here; the features they show have their own tests.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def interactive_blocks() -> list[object]:
    text = README.read_text(encoding="utf-8")
    params = []
    for match in BLOCK.finditer(text):
        if ">>>" in match.group(1):
            line = text.count("\n", 0, match.start()) + 1
            params.append(pytest.param(match.group(1), id=f"README.md:{line}"))
    return params


def test_the_readme_has_examples() -> None:
    assert len(interactive_blocks()) >= 5


@pytest.mark.parametrize("block", interactive_blocks())
def test_readme_example(block: str) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    output: list[str] = []
    runner.run(test, out=output.append)
    assert runner.failures == 0, "".join(output)
