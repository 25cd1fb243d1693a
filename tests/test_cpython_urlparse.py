"""CPython's test_urlparse, run against urlspec.parse in place of urllib.parse.

Two copies of the suite run: the running interpreter's own, and CPython 3.13's (wherever Python
runs, since urlspec behaves the same everywhere). Each unittest test is one pytest case; the only
tests allowed to fail are those listed in ``cpython_expected_failures.toml`` ([test_urlparse]),
each explained by a CPython change. See ``cpython_suite.py`` for the machinery.
"""

from __future__ import annotations

import inspect
import re
import sys
import types
import unittest
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from cpython_suite import (
    ExpectedFailure,
    Outcome,
    check_outcome,
    load_expected_failures,
    missing_suite,
    own_suite_file,
    reference_suite_file,
    run_test,
    suite_params,
    urllib_parse_replaced,
)

import urlspec.parse

SUITE = "test_urlparse"
EXPECTED = load_expected_failures(SUITE)

#: The one test that fails for a reason that is no CPython change: CPython's test_all counts the
#: public objects whose ``__module__`` is "urllib.parse", and urlspec.parse's objects say
#: "urlspec.parse", so it finds none. test_all_names_this_module (below) checks the same property
#: for urlspec.parse. Like the listed CPython changes, it must fail: a pass fails the run.
MODULE_IDENTITY = ExpectedFailure(
    "UrlParseTestCase.test_all",
    change="urlspec.parse is not urllib.parse",
    reason="compares __module__ to 'urllib.parse'; see test_all_names_this_module",
    versions=None,
)


_MODULES: dict[str, Any] = {}


@pytest.mark.parametrize(("version", "test_id"), suite_params(SUITE, urlspec.parse, _MODULES))
def test_cpython_urlparse(version: str, test_id: str | None) -> None:
    if test_id is None:
        missing_suite(f"CPython {version}'s {SUITE}.py")
        return
    module = _MODULES[version]
    outcome = run_test(module, test_id, urlspec.parse)
    expected = MODULE_IDENTITY if test_id == MODULE_IDENTITY.test_id else EXPECTED.get(test_id)
    if expected is not None and not expected.applies_to(version):
        expected = None
    check_outcome(outcome, expected, f"CPython {version} {SUITE} {test_id}")


def test_all_names_this_module() -> None:
    """CPython's test_all, for urlspec.parse: ``__all__`` is exactly its documented objects."""
    undocumented = {
        "splitattr", "splithost", "splitnport", "splitpasswd", "splitport", "splitquery",
        "splittag", "splittype", "splituser", "splitvalue",
        "ResultBase", "clear_cache", "to_bytes", "unwrap",
    }  # fmt: skip
    module = urlspec.parse
    own_objects = [
        name
        for name in dir(module)
        if not name.startswith("_")
        and name not in undocumented
        and getattr(getattr(module, name), "__module__", None) == module.__name__
    ]
    assert sorted(module.__all__) == sorted(own_objects)
    assert set(module.__all__) == set(urllib.parse.__all__)


def test_every_function_and_class_names_this_module() -> None:
    """Public or private, every function and class of urlspec.parse found under its own name
    says ``__module__ == "urlspec.parse"`` (as urllib.parse's say "urllib.parse")."""
    module = urlspec.parse
    for name, value in vars(module).items():
        if isinstance(value, (types.FunctionType, type)) and value.__qualname__ == name:
            assert value.__module__ == "urlspec.parse", name
    for name in [n for n in dir(module) if not n.startswith("_")]:
        value = getattr(module, name)
        if isinstance(value, (types.FunctionType, type)):
            assert value.__module__ == "urlspec.parse", name


# --- The suites really test urlspec: every name they use is urlspec's own object ---

PACKAGE_DIR = Path(urlspec.parse.__file__).resolve().parent

#: Names the suites use that must *not* exist: the AttributeError test's name, and ``Quoter``,
#: which CPython 3.14 removed (gh-118827; the suites' DeprecationTest is an expected failure).
ABSENT_NAMES = {"this_does_not_exist", "Quoter"}


def _suite_files() -> list[Path]:
    files = []
    for suite in ("test_urlparse", "test_urllib"):
        for path in (own_suite_file(suite), reference_suite_file(suite)):
            if path is not None:
                files.append(path)
    return files


def _names_used() -> list[str]:
    """urllib.parse's own names (public functions, classes and lists, not imported modules or
    helpers), and every ``urllib.parse.<name>`` the suites mention."""
    names = {
        name
        for name, value in vars(urllib.parse).items()
        if not name.startswith("_")
        and not isinstance(value, types.ModuleType)
        and getattr(value, "__module__", "urllib.parse") == "urllib.parse"
    }
    for path in _suite_files():
        names.update(re.findall(r"urllib\.parse\.([A-Za-z_]\w*)", path.read_text("utf-8")))
    return sorted(name for name in names - ABSENT_NAMES if not name.startswith("__"))


def _defined_in_package(value: object) -> bool:
    source = inspect.getsourcefile(value)  # type: ignore[arg-type]
    return source is not None and Path(source).resolve().is_relative_to(PACKAGE_DIR)


@pytest.mark.parametrize("name", _names_used())
def test_suites_use_urlspecs_own_objects(name: str) -> None:
    """Replacing one of urlspec's objects by the standard library's must not go unnoticed."""
    ours = getattr(urlspec.parse, name)
    assert ours is not getattr(urllib.parse, name, None), f"{name} is the standard library's"
    if isinstance(ours, types.FunctionType):
        assert _defined_in_package(ours), name
    if isinstance(ours, type):
        assert ours.__module__ == "urlspec.parse", name
        for attribute in vars(ours).values():
            if isinstance(attribute, types.FunctionType):
                assert _defined_in_package(attribute), (name, attribute)


def test_suites_mention_the_helpers() -> None:
    """The name list above is not empty by accident: it holds the helpers the suites use."""
    if not _suite_files():
        missing_suite(f"CPython's {SUITE}.py")
    names = set(_names_used())
    assert {"_Quoter", "_ALWAYS_SAFE", "_splittype", "_to_bytes", "unwrap", "to_bytes"} <= names
    assert {"unquote_plus", "quote_from_bytes", "urlencode", "splitnport"} <= names


def test_urllib_parse_is_restored() -> None:
    """The harness puts the real urllib.parse back after each test."""
    original = sys.modules["urllib.parse"]
    with urllib_parse_replaced(urlspec.parse):
        assert urllib.parse is urlspec.parse
        assert sys.modules["urllib.parse"] is urlspec.parse
    assert sys.modules["urllib.parse"] is original
    assert urllib.parse is original


@pytest.mark.parametrize(
    "broken",
    [
        "urlsplit", "urljoin", "urlunsplit", "urlparse", "urlunparse", "urldefrag", "parse_qs",
        "parse_qsl", "quote_from_bytes", "unwrap",
    ],
)  # fmt: skip
def test_suite_really_calls_urlspec(monkeypatch: pytest.MonkeyPatch, broken: str) -> None:
    """Breaking one urlspec function must make CPython's suite fail: it does test urlspec."""
    if not _MODULES:
        missing_suite(f"CPython's {SUITE}.py")
    module = next(iter(_MODULES.values()))

    def garbage(*args: object, **kwargs: object) -> object:
        return ("garbage",) * 6

    monkeypatch.setattr(urlspec.parse, broken, garbage)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TestResult()
    with urllib_parse_replaced(urlspec.parse):
        suite.run(result)
    assert result.failures or result.errors, f"breaking urlspec.parse.{broken} went unnoticed"


def test_listed_test_that_passes_fails_the_run() -> None:
    """An entry of the expected-failures file whose test passes is an error, not a silent pass."""
    entry = ExpectedFailure("UrlParseTestCase.test_x", "gh-1", "why", None)
    with pytest.raises(pytest.fail.Exception, match="remove the entry"):
        check_outcome(Outcome(True, None, ""), entry, "label")
    with pytest.raises(pytest.xfail.Exception, match="gh-1"):
        check_outcome(Outcome(False, None, "AssertionError"), entry, "label")
    with pytest.raises(AssertionError):
        check_outcome(Outcome(False, None, "AssertionError"), None, "label")


def test_expected_failures_name_their_cpython_change() -> None:
    for entry in EXPECTED.values():
        assert entry.change.startswith(("gh-", "CVE-", "bpo-")), entry
        assert entry.reason, entry
