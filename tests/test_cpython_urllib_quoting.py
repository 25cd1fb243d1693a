"""CPython's test_urllib quoting tests, run against urlspec.parse in place of urllib.parse.

``test_urllib`` mostly tests ``urllib.request``; the classes run here are those that call the
``urllib.parse`` quoting functions: QuotingTests, UnquotingTests, urlencode_Tests and
Pathname_Tests (which compares ``urllib.request.pathname2url`` with ``urllib.parse.quote``).
Two copies run: the running interpreter's suite and CPython 3.13's. Each unittest test is one
pytest case; the only tests allowed to fail are listed in ``cpython_expected_failures.toml``
([test_urllib]), each explained by a CPython change. See ``cpython_suite.py`` for the machinery.
"""

from __future__ import annotations

# The modules test_urllib imports are imported here first, with the real urllib.parse, so that
# urllib.request (which binds urllib.parse functions at import time) stays the real thing:
# only the suite's own calls go to urlspec.
import email.message  # noqa: F401
import http.client  # noqa: F401
import nturl2path  # noqa: F401
import unittest
import urllib.error
import urllib.request  # noqa: F401
from typing import Any

import pytest
from cpython_suite import (
    check_outcome,
    load_expected_failures,
    missing_suite,
    run_test,
    suite_params,
    suite_test_ids,
    urllib_parse_replaced,
)

import urlspec.parse

SUITE = "test_urllib"
EXPECTED = load_expected_failures(SUITE)
QUOTING_CLASSES = ("QuotingTests", "UnquotingTests", "urlencode_Tests", "Pathname_Tests")


_MODULES: dict[str, Any] = {}


def _is_quoting_test(test_id: str) -> bool:
    return test_id.split(".", 1)[0] in QUOTING_CLASSES


@pytest.mark.parametrize(
    ("version", "test_id"), suite_params(SUITE, urlspec.parse, _MODULES, keep=_is_quoting_test)
)
def test_cpython_urllib_quoting(version: str, test_id: str | None) -> None:
    if test_id is None:
        missing_suite(f"CPython {version}'s {SUITE}.py")
        return
    outcome = run_test(_MODULES[version], test_id, urlspec.parse)
    expected = EXPECTED.get(test_id)
    if expected is not None and not expected.applies_to(version):
        expected = None
    check_outcome(outcome, expected, f"CPython {version} {SUITE} {test_id}")


def test_every_quoting_class_is_there() -> None:
    """The suites really hold the classes run above (a rename would silently run nothing)."""
    if not _MODULES:
        missing_suite(f"CPython's {SUITE}.py")
    for version, module in _MODULES.items():
        ids = [test_id for test_id in suite_test_ids(module) if _is_quoting_test(test_id)]
        for class_name in QUOTING_CLASSES:
            count = sum(test_id.startswith(class_name + ".") for test_id in ids)
            assert count > 0, f"CPython {version} {SUITE} has no {class_name} tests"


def _run_class(module: Any, class_name: str) -> unittest.TestResult:
    suite = unittest.defaultTestLoader.loadTestsFromName(class_name, module)
    result = unittest.TestResult()
    with urllib_parse_replaced(urlspec.parse):
        suite.run(result)
    return result


@pytest.mark.parametrize(
    ("broken", "class_name"),
    [
        ("quote", "QuotingTests"),
        ("quote_plus", "QuotingTests"),
        ("quote_from_bytes", "QuotingTests"),
        ("unquote", "UnquotingTests"),
        ("unquote_plus", "UnquotingTests"),
        ("unquote_to_bytes", "UnquotingTests"),
        ("urlencode", "urlencode_Tests"),
    ],
)
def test_suite_really_calls_urlspec(
    monkeypatch: pytest.MonkeyPatch, broken: str, class_name: str
) -> None:
    """Breaking one urlspec function must make the class testing it fail: it tests urlspec."""
    if not _MODULES:
        missing_suite(f"CPython's {SUITE}.py")

    def garbage(*args: object, **kwargs: object) -> str:
        return "garbage"

    for version, module in _MODULES.items():
        expected_to_fail = any(test_id.startswith(class_name + ".") for test_id in EXPECTED)
        assert expected_to_fail or _run_class(module, class_name).wasSuccessful()
        monkeypatch.setattr(urlspec.parse, broken, garbage)
        result = _run_class(module, class_name)
        monkeypatch.undo()
        assert not result.wasSuccessful(), (
            f"breaking urlspec.parse.{broken} went unnoticed by CPython {version} {class_name}"
        )
