"""The URL setters against web-platform-tests: setters_tests.json and toascii.json.

setters_tests.json (https://github.com/web-platform-tests/wpt/blob/master/url/resources/
setters_tests.json): for each attribute, make ``URL(href)``, set the attribute to ``new_value``
(here: ``replace(**{attribute: new_value})``) and compare each ``expected`` getter.

toascii.json through the ``host`` and ``hostname`` setters, as WPT's toascii.window.js
(now toascii.any.js) does: set the attribute of ``https://x/x`` to the input; the getter then
returns the expected output, or "x" (the host unchanged) when the output is null.
"""

from __future__ import annotations

from typing import Any

import pytest
from shared_data import load_wpt, require_wpt_entry, wpt_params

from urlspec import URL

SETTERS_TESTS = "setters_tests.json"
TOASCII = "toascii.json"


def setters_cases() -> list[dict[str, Any]]:
    """Every test case of setters_tests.json, flattened, each with its attribute and a label."""
    loaded = load_wpt(SETTERS_TESTS)
    if not loaded:
        return []
    cases = []
    for attribute, entries in loaded[0].items():
        if attribute == "comment":
            continue
        for entry in entries:
            label = f"{attribute}={entry['new_value']!r} on {entry['href']}"
            cases.append({"attribute": attribute, "label": label, **entry})
    return cases


@pytest.mark.parametrize("case", wpt_params(SETTERS_TESTS, setters_cases(), id_key="label"))
def test_setter(case: dict[str, Any] | None) -> None:
    case = require_wpt_entry(case, SETTERS_TESTS)
    original = URL(case["href"])
    url = original.replace(**{case["attribute"]: case["new_value"]})
    for getter, expected in case["expected"].items():
        assert getattr(url, getter) == expected, getter
    assert original.href == URL(case["href"]).href  # the original is untouched


def toascii_cases() -> list[dict[str, Any]]:
    """toascii.json's entries, once for each of the host and hostname setters."""
    return [
        {"attribute": attribute, "label": f"{attribute}={entry['input']}", **entry}
        for entry in load_wpt(TOASCII)
        for attribute in ("host", "hostname")
    ]


@pytest.mark.parametrize("case", wpt_params(TOASCII, toascii_cases(), id_key="label"))
def test_toascii_through_setter(case: dict[str, Any] | None) -> None:
    case = require_wpt_entry(case, TOASCII)
    attribute = case["attribute"]
    url = URL("https://x/x").replace(**{attribute: case["input"]})
    expected = case["output"] if case["output"] is not None else "x"
    assert getattr(url, attribute) == expected
    assert url.pathname == "/x"
