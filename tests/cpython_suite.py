"""Running CPython's own test suites (test_urlparse, test_urllib, ...) against ``urlspec.parse``.

The suites are loaded from the *files* of a CPython installation and run with ``urllib.parse``
replaced by ``urlspec.parse``: in ``sys.modules`` and as the ``parse`` attribute of the ``urllib``
package, during the import and during each test, restored afterwards.

Two sources per suite:

* the running interpreter's own suite (``test.<name>``);
* CPython 3.13's suite, wherever Python runs: urlspec behaves the same on every Python, so 3.13's
  expectations must hold everywhere. It is found through ``URLSPEC_CPYTHON313_STDLIB`` (the
  directory holding ``test/``), the running interpreter if it is 3.13, ``pyenv prefix 3.13``, or a
  ``python3.13`` on PATH. Not found: the tests skip, or fail under ``CI=true``.

The only tests allowed to fail are listed in ``cpython_expected_failures.toml``: one section per
suite (``[test_urlparse]``, ``[test_urllib]``), one entry per test id (``Class.method``) with the
CPython change that explains it (``change``), why (``reason``), and optionally the suite versions
it applies to (``versions = ["3.11", "3.12"]``; default: all) and the builds (``builds =
["compiled"]``; default: both). A listed test that passes fails
the run, so the list can only shrink.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import types
import unittest
import urllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from shared_data import skip_or_fail_in_ci

import urlspec

EXPECTED_FAILURES_FILE = Path(__file__).with_name("cpython_expected_failures.toml")
#: Which build of urlspec runs: "compiled" (mypyc) or "pure".
RUNNING_BUILD = "compiled" if urlspec.COMPILED else "pure"
REFERENCE_VERSION = "3.13"


@dataclass(frozen=True)
class ExpectedFailure:
    test_id: str
    change: str
    reason: str
    versions: tuple[str, ...] | None  # None: every version of the suite
    builds: tuple[str, ...] | None = None  # "compiled", "pure"; None: both builds

    def applies_to(self, version: str) -> bool:
        return (self.versions is None or version in self.versions) and (
            self.builds is None or RUNNING_BUILD in self.builds
        )


def load_expected_failures(suite: str) -> dict[str, ExpectedFailure]:
    """The entries of one section (``suite``) of the expected-failures file, by test id."""
    with EXPECTED_FAILURES_FILE.open("rb") as f:
        data = tomllib.load(f)
    entries = {}
    for test_id, entry in data.get(suite, {}).items():
        missing = {"change", "reason"} - set(entry)
        if missing:
            raise ValueError(f"{EXPECTED_FAILURES_FILE.name} [{suite}] {test_id}: needs {missing}")
        versions = entry.get("versions")
        builds = entry.get("builds")
        entries[test_id] = ExpectedFailure(
            test_id,
            entry["change"],
            entry["reason"],
            None if versions is None else tuple(versions),
            None if builds is None else tuple(builds),
        )
    return entries


# --- Finding the suites ---


def own_suite_file(suite: str) -> Path | None:
    """The running interpreter's ``test/<suite>.py``, if installed."""
    spec = importlib.util.find_spec(f"test.{suite}")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin)


def _ask(command: list[str]) -> str | None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def reference_stdlib() -> Path | None:
    """The standard library directory of a CPython 3.13 (see the module docstring)."""
    configured = os.environ.get("URLSPEC_CPYTHON313_STDLIB")
    if configured:
        return Path(configured)
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == REFERENCE_VERSION:
        own = own_suite_file("test_urlparse")
        if own is not None:
            return own.parent.parent
    if shutil.which("pyenv"):
        prefix = _ask(["pyenv", "prefix", REFERENCE_VERSION])
        if prefix:
            candidate = Path(prefix) / "lib" / f"python{REFERENCE_VERSION}"
            if candidate.is_dir():
                return candidate
    interpreter = shutil.which(f"python{REFERENCE_VERSION}")
    if interpreter:
        stdlib = _ask(
            [interpreter, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"]
        )
        if stdlib:
            return Path(stdlib)
    return None


def reference_suite_file(suite: str) -> Path | None:
    stdlib = reference_stdlib()
    if stdlib is None:
        return None
    path = stdlib / "test" / f"{suite}.py"
    return path if path.exists() else None


def missing_suite(what: str) -> None:
    message = (
        f"cannot find {what}: install CPython {REFERENCE_VERSION} (pyenv) "
        "or set URLSPEC_CPYTHON313_STDLIB to its lib/python3.13 directory"
    )
    skip_or_fail_in_ci(message)


# --- Running them against urlspec.parse ---


@contextmanager
def urllib_parse_replaced(replacement: types.ModuleType) -> Iterator[None]:
    """``urllib.parse`` is ``replacement`` inside the block (module table and package attribute)."""
    original = sys.modules["urllib.parse"]
    sys.modules["urllib.parse"] = replacement
    vars(urllib)["parse"] = replacement
    try:
        yield
    finally:
        sys.modules["urllib.parse"] = original
        vars(urllib)["parse"] = original


def load_suite_module(path: Path, module_name: str, replacement: types.ModuleType) -> Any:
    """Import a suite file as ``module_name``, with ``urllib.parse`` replaced during the import."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with urllib_parse_replaced(replacement):
        spec.loader.exec_module(module)
    return module


def suite_test_ids(module: Any) -> list[str]:
    """``Class.method`` of every test in a loaded suite module."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    return sorted(_flatten(suite))


def _flatten(suite: unittest.TestSuite) -> Iterator[str]:
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _flatten(item)
        else:
            name = item.id()
            yield name.split(".", 1)[1]  # drop the module name


@dataclass
class Outcome:
    passed: bool
    skipped: str | None
    details: str


def run_test(module: Any, test_id: str, replacement: types.ModuleType) -> Outcome:
    """Run one test of a loaded suite with ``urllib.parse`` replaced."""
    test = unittest.defaultTestLoader.loadTestsFromName(test_id, module)
    result = unittest.TestResult()
    with urllib_parse_replaced(replacement):
        test.run(result)
    problems = [text for _, text in result.failures + result.errors]
    problems += [f"unexpected success: {case.id()}" for case in result.unexpectedSuccesses]
    if result.skipped and not problems:
        return Outcome(False, "; ".join(reason for _, reason in result.skipped), "")
    return Outcome(not problems, None, "\n".join(problems))


def check_outcome(outcome: Outcome, expected: ExpectedFailure | None, label: str) -> None:
    """Pass, fail, skip or xfail the current pytest case according to the expectations."""
    if outcome.skipped is not None:
        pytest.skip(f"skipped by CPython's suite: {outcome.skipped}")
    if expected is None:
        assert outcome.passed, f"{label} fails under urlspec:\n{outcome.details}"
        return
    if outcome.passed:
        pytest.fail(
            f"{label} is listed in {EXPECTED_FAILURES_FILE.name} ({expected.change}) but passes: "
            "remove the entry"
        )
    pytest.xfail(f"{expected.change}: {expected.reason}")


# --- One pytest case per test of a suite ---

OWN_VERSION = f"{sys.version_info[0]}.{sys.version_info[1]}"


def suite_sources(suite: str) -> list[tuple[str, Path | None]]:
    """(version, file) of the running interpreter's suite and of the reference (3.13) one; a
    file is None when it cannot be found (its tests then skip, or fail under CI)."""
    own = own_suite_file(suite)
    reference = reference_suite_file(suite)
    sources: list[tuple[str, Path | None]] = [(OWN_VERSION, own)]
    if reference is None or own is None or reference.resolve() != own.resolve():
        sources.append((REFERENCE_VERSION, reference))
    return sources


def suite_params(
    suite: str,
    replacement: types.ModuleType,
    modules: dict[str, Any],
    keep: Callable[[str], bool] | None = None,
) -> list[Any]:
    """pytest parameters (version, test id) for every test of ``suite`` that ``keep`` accepts,
    from each source; the loaded modules are stored in ``modules`` by version. A missing source
    gives one parameter whose test id is None (see :func:`missing_suite`)."""
    params = []
    for version, path in suite_sources(suite):
        label = f"cpython{version}"
        if path is None:
            params.append(pytest.param(version, None, id=f"{label}-missing"))
            continue
        module_name = f"cpython_{suite}_{version.replace('.', '_')}"
        module = load_suite_module(path, module_name, replacement)
        modules[version] = module
        for test_id in suite_test_ids(module):
            if keep is None or keep(test_id):
                params.append(pytest.param(version, test_id, id=f"{label}::{test_id}"))
    return params
