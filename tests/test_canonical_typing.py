"""The canonicalization API is typed per profile: ``mypy --strict`` on a sample client.

tests/canonical_typing_client.py calls ``urlspec.canonicalize``, ``urlspec.columnar.canonicalize``
and ``urlspec.spark.canonicalize`` with every profile's options, and makes the mistakes a user
makes (``"dedpu"``, an option of another profile, ``strip_params="utm_source"``) on lines marked
``# refused``. mypy must accept every other line and refuse exactly the marked ones.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLIENT = Path(__file__).with_name("canonical_typing_client.py")


def client_lines() -> list[str]:
    """The client's lines; without pyspark (the spark extra), those that use urlspec.spark are
    left out, so that mypy does not check urlspec/engines/spark.py against a missing pyspark."""
    lines = CLIENT.read_text(encoding="utf-8").splitlines()
    if importlib.util.find_spec("pyspark") is None:
        lines = ["" if "urlspark" in line else line for line in lines]
    return lines


def test_mypy_refuses_exactly_the_marked_calls(tmp_path: Path) -> None:
    lines = client_lines()
    client = tmp_path / CLIENT.name
    client.write_text("\n".join(lines) + "\n", encoding="utf-8")
    marked = {number for number, line in enumerate(lines, 1) if line.endswith("# refused")}
    assert len(marked) >= 8
    env = {**os.environ, "MYPYPATH": str(REPO / "src")}
    done = subprocess.run(
        [
            sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
            "--cache-dir", str(tmp_path / "mypy-cache"),
            # the project's configuration: pyspark may be absent (its names are then Any)
            "--config-file", str(REPO / "pyproject.toml"),
            "--python-version", "3.11", str(client),
        ],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=600, check=False,
    )  # fmt: skip
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    refused = set()
    for error in errors:
        match = re.match(r".*canonical_typing_client\.py:(\d+): error: .*\[call-overload\]$", error)
        assert match is not None, "\n".join(errors)
        refused.add(int(match.group(1)))
    assert refused == marked, "\n".join(errors)
