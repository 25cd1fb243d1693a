"""``urlspec.parse`` is typed as typeshed types ``urllib.parse``: ``mypy --strict`` on a client.

tests/parse_typing_client.py is a sample program using urlspec.parse with str and bytes, with
and without CPython 3.15's ``missing_as_none``, and a few functions ported from urllib.parse
code. ``mypy --strict`` must accept it, and each ``reveal_type`` must show the type that
typeshed's ``stdlib/urllib/parse.pyi`` (python/typeshed, with its Python 3.15 updates) gives the
standard library's function or attribute: str in, str out, bytes in, bytes out; ``SplitResult[str]``
and ``SplitResult[str | None]`` for ``missing_as_none``; ``.port: int | None``,
``.hostname: str | None``; ``parse_qsl -> list[tuple[str, str]]`` and so on. mypy prints a named
tuple as its item types followed by its class (``fallback=``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CLIENT = Path(__file__).with_name("parse_typing_client.py")
RESULTS = "urlspec.parse._results"


def _named(fields: str, cls: str) -> str:
    return f"tuple[{fields}, fallback={RESULTS}.{cls}]"


S5 = "str, str, str, str, str"
B5 = "bytes, bytes, bytes, bytes, bytes"
N = "str | None"

# In the order of the reveal_type calls of the client.
EXPECTED = [
    # str
    _named(S5, "SplitResult[str]"),
    "str",  # .netloc
    "int | None",  # .port
    "str | None",  # .hostname
    "str | None",  # .username
    "str",  # .geturl()
    "str",  # urlunsplit
    "str",  # urljoin
    _named(S5 + ", str", "ParseResult[str]"),
    "str",  # .params
    "str",  # urlunparse
    _named("str, str", "DefragResult[str]"),
    "str",  # .fragment
    "list[tuple[str, str]]",
    "dict[str, list[str]]",
    "str",  # urlencode
    "str",  # quote
    "str",  # quote_plus(bytes)
    "str",  # unquote
    # missing_as_none=True
    _named(f"{N}, {N}, str, {N}, {N}", f"SplitResult[{N}]"),
    N,  # .query
    "str",  # .path: always defined
    _named(f"{N}, {N}, str, {N}, {N}, {N}", f"ParseResult[{N}]"),
    N,  # urldefrag(...).fragment
    # bytes
    _named(B5, "SplitResultBytes[bytes]"),
    "bytes | None",  # .hostname
    "bytes",  # .geturl()
    "bytes",  # urljoin
    _named(B5 + ", bytes", "ParseResultBytes[bytes]"),
    "bytes",  # urlunsplit
    _named("bytes, bytes", "DefragResultBytes[bytes]"),
    "list[tuple[bytes, bytes]]",
    "bytes | None",  # urlsplit(b"x", missing_as_none=True).scheme
]


# Checked for Python 3.11 (the oldest supported), typeshed's standard library classes are
# NamedTuples of str: the results subclass them, so an item read by index or unpacking has their
# type (attribute access stays precise: ``defined.query`` is ``str | None`` above).
EXPECTED_BEFORE_315 = list(EXPECTED)
EXPECTED_BEFORE_315[19] = _named("str, str, str, str, str", f"SplitResult[{N}]")
EXPECTED_BEFORE_315[22] = _named("str, str, str, str, str, str", f"ParseResult[{N}]")


@pytest.mark.parametrize(
    ("python_version", "expected"), [("3.11", EXPECTED_BEFORE_315), ("3.15", EXPECTED)]
)
def test_client_checks_with_precise_types(
    tmp_path: Path, python_version: str, expected: list[str]
) -> None:
    """mypy --strict accepts the client (which passes results where ``urllib.parse``'s classes
    are annotated), with the types typeshed gives for each Python version."""
    env = {**os.environ, "MYPYPATH": str(REPO / "src")}
    done = subprocess.run(
        [
            sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
            "--cache-dir", str(tmp_path / "mypy-cache"), "--config-file", "",
            "--python-version", python_version, str(CLIENT),
        ],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=600, check=False,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    revealed = [
        match.group(1) for line in lines if (match := re.search(r'Revealed type is "(.*)"', line))
    ]
    errors = [line for line in lines if ": error:" in line]
    assert not errors, "\n".join(errors)
    assert revealed == expected
    assert "Any" not in " ".join(revealed)
