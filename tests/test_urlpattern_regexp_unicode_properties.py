"""Unicode property escapes and identifier characters (urlspec.urlpattern.
regexp_unicode_properties), from tests/data/UnicodeProperties-18.0.0.txt (tests/data/SOURCES.md).

The expected sets are the data file's, read here on their own (tests/test_unicode_properties.py
regenerates the data module from it); what ECMAScript answers for \\p{...} (names, aliases,
folding) is checked against an engine in tests/test_urlpattern_regexp.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from urlspec.urlpattern.regexp_unicode_properties import (
    UnicodePropertyError,
    is_id_continue,
    is_id_start,
    property_ranges,
)

ROOT = Path(__file__).resolve().parent.parent
PROPERTIES_TXT = ROOT / "tests" / "data" / "UnicodeProperties-18.0.0.txt"


def _read(name: str) -> set[int]:
    points: set[int] = set()
    lines = PROPERTIES_TXT.read_text(encoding="utf-8").splitlines()
    index = lines.index(name) + 1
    while index < len(lines) and lines[index].startswith(" "):
        for item in lines[index].split():
            lo, _, hi = item.partition("-")
            points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
        index += 1
    return points


def _points(ranges: list[tuple[int, int]]) -> set[int]:
    return {c for lo, hi in ranges for c in range(lo, hi + 1)}


@pytest.mark.parametrize(
    ("name", "value", "section"),
    [
        ("Lu", None, "General_Category=Uppercase_Letter"),
        ("gc", "L", "General_Category=Letter"),
        ("General_Category", "Cased_Letter", "General_Category=Cased_Letter"),
        ("punct", None, "General_Category=Punctuation"),
        ("sc", "Grek", "Script=Greek"),
        # PropertyValueAliases.txt: sc ; Zinh ; Inherited ; Qaai, and sc ; Copt ; Coptic ; Qaac.
        ("sc", "Qaai", "Script=Inherited"),
        ("Script", "Zinh", "Script=Inherited"),
        ("scx", "Qaac", "Script_Extensions=Coptic"),
        ("Script_Extensions", "Latin", "Script_Extensions=Latin"),
        ("Alpha", None, "Binary=Alphabetic"),
        ("ID_Start", None, "Binary=ID_Start"),
    ],
)
def test_property_ranges_are_the_data_file(name: str, value: str | None, section: str) -> None:
    assert _points(property_ranges(name, value)) == _read(section)


@pytest.mark.parametrize(
    ("name", "value"), [("Foo", None), ("lu", None), ("gc", "Foo"), ("Letter", "Lu")]
)
def test_unknown_properties(name: str, value: str | None) -> None:
    with pytest.raises(UnicodePropertyError) as raised:
        property_ranges(name, value)
    assert not raised.value.refused


def test_properties_of_strings_are_refused() -> None:
    with pytest.raises(UnicodePropertyError) as raised:
        property_ranges("RGI_Emoji", None)
    assert raised.value.refused


def test_identifier_characters_are_id_start_and_id_continue() -> None:
    id_start, id_continue = _read("Binary=ID_Start"), _read("Binary=ID_Continue")
    for code_point in range(0x20000):
        c = chr(code_point)
        assert is_id_start(c) == (code_point in id_start)
        assert is_id_continue(c) == (code_point in id_continue)
