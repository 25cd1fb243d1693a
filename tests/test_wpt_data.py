"""The WPT data files are whole: each has the number of entries the suite was written against.

The WPT tests are parametrized one case per entry, so a truncated or empty copy of a file would
otherwise pass with fewer cases. Counts are those of the web-platform-tests files in
``tests/data/wpt`` (url/resources, July 2026; see tests/data/SOURCES.md); a newer WPT copy
changes them on purpose, here.
"""

from __future__ import annotations

import json

import pytest
from shared_data import missing, wpt_path

#: file -> number of test entries (comment strings left out)
EXPECTED_ENTRIES = {
    "urltestdata.json": 891,
    "toascii.json": 87,
    "IdnaTestV2.json": 2671,
    "urlencoded-parser-data.json": 35,
    "percent-encoding.json": 7,
    # fetch/data-urls/resources and mimesniff/mime-types/resources
    "data-urls.json": 72,
    "base64.json": 80,
    "mime-types.json": 74,
    "generated-mime-types.json": 881,
}

#: setters_tests.json: attribute -> number of cases
EXPECTED_SETTER_CASES = {
    "protocol": 35,
    "username": 13,
    "password": 12,
    "host": 67,
    "hostname": 48,
    "port": 27,
    "pathname": 33,
    "search": 16,
    "hash": 26,
    "href": 1,
}


@pytest.mark.parametrize("name", sorted(EXPECTED_ENTRIES))
def test_wpt_file_has_every_entry(name: str) -> None:
    path = wpt_path(name)
    if not path.exists():
        missing(path)
    entries = [e for e in json.loads(path.read_text(encoding="utf-8")) if not isinstance(e, str)]
    assert len(entries) == EXPECTED_ENTRIES[name]


def test_urltestdata_has_its_relative_to_entries() -> None:
    path = wpt_path("urltestdata.json")
    if not path.exists():
        missing(path)
    entries = json.loads(path.read_text(encoding="utf-8"))
    assert sum(1 for e in entries if isinstance(e, dict) and "relativeTo" in e) == 17


def test_setters_file_has_every_case() -> None:
    path = wpt_path("setters_tests.json")
    if not path.exists():
        missing(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    counts = {attr: len(cases) for attr, cases in data.items() if attr != "comment"}
    assert counts == EXPECTED_SETTER_CASES
