"""The canonicalization API is typed per profile: ``mypy --strict`` on a sample client.

tests/canonical_typing_client.py calls ``urlspec.canonicalize``, ``urlspec.columnar.canonicalize``
and ``urlspec.spark.canonicalize`` with every profile's options, and makes the mistakes a user
makes (``"dedpu"``, an option of another profile, ``strip_params="utm_source"``) on lines marked
``# refused``. mypy must accept every other line and refuse exactly the marked ones.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLIENT = Path(__file__).with_name("canonical_typing_client.py")


def test_mypy_refuses_exactly_the_marked_calls(tmp_path: Path) -> None:
    marked = {
        number
        for number, line in enumerate(CLIENT.read_text().splitlines(), 1)
        if line.endswith("# refused")
    }
    assert len(marked) >= 10
    env = {**os.environ, "MYPYPATH": str(REPO / "src")}
    done = subprocess.run(
        [
            sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
            "--cache-dir", str(tmp_path / "mypy-cache"),
            # the project's configuration: pyspark may be absent (its names are then Any)
            "--config-file", str(REPO / "pyproject.toml"),
            "--python-version", "3.11", str(CLIENT),
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
