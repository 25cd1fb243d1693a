"""Unicode character properties (urlspec.unicode_properties), from
tests/data/UnicodeProperties-18.0.0.txt (tests/data/SOURCES.md).

The data module is regenerated from the data file and compared byte for byte. Script_Extensions
is checked against fontTools' copy of Scripts.txt and ScriptExtensions.txt (the test extra) and
against the data file's own sections, read here on their own; so are the property values.
"""

from __future__ import annotations

import importlib.util
from bisect import bisect_right
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from shared_data import skip_or_fail_in_ci

from urlspec._unicode_properties_data import SCRIPT_EXTENSIONS_STARTS
from urlspec.idna import mapping_table_unicode_version
from urlspec.unicode_properties import (
    SCRIPT_ALIASES,
    UNICODE_VERSION,
    has_property_value,
    is_property_value,
    property_value_ranges,
    script_extensions,
)

ROOT = Path(__file__).resolve().parent.parent
PROPERTIES_TXT = ROOT / "tests" / "data" / "UnicodeProperties-18.0.0.txt"


@cache
def _sections() -> dict[str, list[tuple[int, int]]]:
    """Each 'Property=Value' line of the data file, with the ranges on the lines below it."""
    sections: dict[str, list[tuple[int, int]]] = {}
    ranges: list[tuple[int, int]] = []
    for line in PROPERTIES_TXT.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if not line.startswith(" "):
            ranges = sections.setdefault(line, [])
            continue
        for item in line.split():
            lo, _, hi = item.partition("-")
            ranges.append((int(lo, 16), int(hi or lo, 16)))
    return sections


def _in(ranges: list[tuple[int, int]], code_point: int) -> bool:
    index = bisect_right(ranges, (code_point, 0x10FFFF)) - 1
    return index >= 0 and ranges[index][0] <= code_point <= ranges[index][1]


def _boundaries(ranges: list[tuple[int, int]]) -> set[int]:
    """The code points where membership in ``ranges`` may change, and their neighbours."""
    points = {0, 0x10FFFF}
    for lo, hi in ranges:
        points.update({max(lo - 1, 0), lo, hi, min(hi + 1, 0x10FFFF)})
    return points


def test_generated_module_is_the_data_file_regenerated(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "generate_unicode_properties", ROOT / "scripts" / "generate_unicode_properties.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    output = tmp_path / "_unicode_properties_data.py"
    assert generator.main([str(PROPERTIES_TXT), str(output)]) == 0
    committed = ROOT / "src" / "urlspec" / "_unicode_properties_data.py"
    assert output.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_data_is_of_the_unicode_version_of_idna() -> None:
    assert mapping_table_unicode_version() == UNICODE_VERSION
    assert PROPERTIES_TXT.name == f"UnicodeProperties-{mapping_table_unicode_version()}.txt"


def _font_tools_unicodedata() -> Any:
    """fontTools.unicodedata (the test extra), a copy of Scripts.txt and ScriptExtensions.txt."""
    try:
        from fontTools import unicodedata as font_tools_unicodedata
    except ImportError:
        message = "fontTools is not installed (the test extra: pip install -e '.[test]')"
        skip_or_fail_in_ci(message)
    return font_tools_unicodedata


def test_script_extensions_are_font_tools_on_every_range() -> None:
    # fontTools' own lookup (ScriptExtensions.txt, else Scripts.txt) is the reference: both
    # tables are constant between their range starts, so checking each start of either table
    # and the code point before it checks every code point.
    reference = _font_tools_unicodedata()
    starts = {*reference.Scripts.RANGES, *reference.ScriptExtensions.RANGES, 0x10FFFF}
    starts |= set(SCRIPT_EXTENSIONS_STARTS)  # (and the table's own starts)
    for start in sorted(starts):
        for code in {start, max(start - 1, 0)}:
            assert script_extensions(chr(code)) == set(reference.script_extension(chr(code))), code


def test_script_extensions_are_the_data_files_sections() -> None:
    # UAX #24: a code point's Script_Extensions is its ScriptExtensions.txt value, else its
    # Script value; each code (ISO 15924) names the Script value of that long name.
    sections = _sections()
    by_script = {
        name: sections.get(f"Script_Extensions={name}", sections[f"Script={name}"])
        for section in sections
        if section.startswith("Script=")
        for name in [section.partition("=")[2]]
    }
    points: set[int] = set(SCRIPT_EXTENSIONS_STARTS)  # (the table's own starts too)
    for ranges in by_script.values():
        points |= _boundaries(ranges)
    for code_point in sorted(points):
        expected = {name for name, ranges in by_script.items() if _in(ranges, code_point)}
        found = {SCRIPT_ALIASES[code] for code in script_extensions(chr(code_point))}
        assert found == expected, hex(code_point)


@pytest.mark.parametrize(
    ("code_point", "scripts"),
    [
        ("a", {"Latn"}),
        ("а", {"Cyrl"}),  # U+0430 CYRILLIC SMALL LETTER A
        ("1", {"Zyyy"}),
        ("\ufe00", {"Zinh"}),  # VARIATION SELECTOR-1: Inherited, no extensions
        # COMBINING ACUTE ACCENT: Inherited, with the extensions ScriptExtensions.txt lists
        ("\u0301", {"Cher", "Cyrl", "Grek", "Latn", "Osge", "Sunu", "Tale", "Todr"}),
        ("\u30fc", {"Hira", "Kana"}),  # KATAKANA-HIRAGANA PROLONGED SOUND MARK (scx: Hira Kana)
        ("\u0378", {"Zzzz"}),  # unassigned
    ],
)
def test_script_extensions_of_characters(code_point: str, scripts: set[str]) -> None:
    # ScriptExtensions.txt and Scripts.txt 18.0.0.
    assert script_extensions(code_point) == scripts


def test_property_values_are_the_data_files_sections() -> None:
    sections = _sections()
    for name, ranges in sections.items():
        property_name, _, value = name.partition("=")
        if property_name == "Script_Extensions" and ranges == sections[f"Script={value}"]:
            # Not listed: the same code points as the Script value, read instead.
            assert not is_property_value(name)
            continue
        assert is_property_value(name)
        assert property_value_ranges(name) == ranges, name
    assert not is_property_value("Binary=Foo")
    # Only a whole heading line names a property value: not a line of ranges, nor a part.
    for name in [
        "",
        " 0041-005A",
        "Cased_Letter",
        "General_Category=Cased",
        "General_Category=Cased_Letter\n 0041-005A",
    ]:
        assert not is_property_value(name), name
    with pytest.raises(KeyError):
        property_value_ranges("Script=Foo")


@pytest.mark.parametrize("name", ["Binary=White_Space", "Binary=ID_Start", "Script=Greek"])
def test_has_property_value_at_every_range_boundary(name: str) -> None:
    ranges = _sections()[name]
    for code_point in sorted(_boundaries(ranges)):
        assert has_property_value(name, code_point) == _in(ranges, code_point), hex(code_point)
