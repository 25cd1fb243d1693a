"""URLPattern against WPT's urlpatterntestdata.json, by the rules of WPT's own harness.

Every expected value comes from the data file (web-platform-tests
``urlpattern/resources/urlpatterntestdata.json``); the checks are those of
``urlpattern/resources/urlpatterntests.js``: a constructor error where ``expected_obj`` is
"error"; each component's pattern string (the explicit expectation, else the harness's default:
exactly empty, the echoed input component, "*" when an earlier component is given, the base
URL's component, or "*"); test() agreeing with ``expected_match``; exec()'s echoed inputs and
each component's input and groups, with exactly the expected group keys (the harness's default
``{input: "", groups: {"0": ""}}``, without the "0" group for ``exactly_empty_components``).
"""

from __future__ import annotations

from typing import Any

import pytest
import shared_data

from urlspec import URL
from urlspec.urlpattern import URLPattern, URLPatternError

DATA_FILE = "urlpatterntestdata.json"
CASES = shared_data.load_wpt(DATA_FILE)

# The harness's list of components (it names "password" twice; checking it once is the same).
COMPONENTS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")

EARLIER_COMPONENTS: dict[str, tuple[str, ...]] = {
    "protocol": (),
    "hostname": ("protocol",),
    "port": ("protocol", "hostname"),
    "username": (),
    "password": (),
    "pathname": ("protocol", "hostname", "port"),
    "search": ("protocol", "hostname", "port", "pathname"),
    "hash": ("protocol", "hostname", "port", "pathname", "search"),
}

#: Cases (by index in the data file) that cannot pass, each with its reason. Empty: all pass.
EXPECTED_FAILURES: dict[int, str] = {}


def construct(arguments: list[Any]) -> URLPattern:
    """``new URLPattern(...arguments)``: (input?, baseURL?, options?) in Python's form."""
    input: Any = None
    base_url = None
    ignore_case = False
    rest = list(arguments)
    if rest:
        input = rest.pop(0)
    if rest and isinstance(rest[0], str):
        base_url = rest.pop(0)
    if rest:
        ignore_case = bool(rest.pop(0).get("ignoreCase", False))
    return URLPattern(input, base_url, ignore_case=ignore_case)


def getter(url: URL, component: str) -> str:
    value: str = getattr(url, component)
    if component == "protocol":
        return value[:-1]
    if component in ("search", "hash"):
        return value[1:]
    return value


def expected_pattern_string(entry: dict[str, Any], component: str) -> str:
    expected_obj = entry.get("expected_obj") or {}
    if component in expected_obj:
        return str(expected_obj[component])
    pattern = entry["pattern"]
    first = pattern[0] if pattern else None
    base_url = None
    if isinstance(first, dict) and first.get("baseURL"):
        base_url = URL(first["baseURL"])
    elif len(pattern) > 1 and isinstance(pattern[1], str):
        base_url = URL(pattern[1])
    if component in entry.get("exactly_empty_components", ()):
        return ""
    if isinstance(first, dict) and first.get(component):  # (a JavaScript truthiness test)
        return str(first[component])
    if isinstance(first, dict) and any(c in first for c in EARLIER_COMPONENTS[component]):
        return "*"
    if base_url is not None and component not in ("username", "password"):
        return getter(base_url, component)
    return "*"


def _params() -> list[Any]:
    params = []
    for index, entry in enumerate(CASES):
        marks = []
        if index in EXPECTED_FAILURES:
            marks.append(pytest.mark.xfail(reason=EXPECTED_FAILURES[index], strict=True))
        params.append(pytest.param(entry, id=f"{index}", marks=marks))
    return params


def test_data_present() -> None:
    if not CASES:
        shared_data.missing(shared_data.wpt_path(DATA_FILE))
    assert len(CASES) >= 369


def test_expected_failures_are_cases() -> None:
    assert all(0 <= index < len(CASES) for index in EXPECTED_FAILURES)


@pytest.mark.parametrize("entry", _params())
def test_wpt(entry: dict[str, Any]) -> None:
    if entry.get("expected_obj") == "error":
        with pytest.raises(URLPatternError):
            construct(entry["pattern"])
        return
    pattern = construct(entry["pattern"])
    for component in COMPONENTS:
        assert getattr(pattern, component) == expected_pattern_string(entry, component), component
    inputs = entry.get("inputs", [])
    expected_match = entry.get("expected_match")
    if expected_match == "error":
        with pytest.raises(URLPatternError):
            pattern.test(*inputs)
        with pytest.raises(URLPatternError):
            pattern.exec(*inputs)
        return
    # JavaScript's truthiness: any object, even {}, is true; null is false.
    assert pattern.test(*inputs) is (expected_match is not None)
    result = pattern.exec(*inputs)
    if expected_match is None:
        assert result is None
        return
    assert result is not None
    expected_inputs = expected_match.get("inputs", inputs)
    assert len(result.inputs) == len(expected_inputs)
    for actual_input, expected_input in zip(result.inputs, expected_inputs, strict=False):
        if isinstance(actual_input, str):
            assert actual_input == expected_input
        else:
            for component in COMPONENTS:
                assert actual_input.get(component) == expected_input.get(component)
    for component in COMPONENTS:
        expected = expected_match.get(component)
        if not expected:
            expected = {"input": "", "groups": {}}
            if component not in entry.get("exactly_empty_components", ()):
                expected["groups"]["0"] = ""
        actual = getattr(result, component)
        assert actual.input == expected["input"], component
        assert actual.groups == expected["groups"], component
