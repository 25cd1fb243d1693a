"""Write src/urlspec/_unicode_properties_data.py from tests/data/UnicodeProperties-18.0.0.txt.

usage: python scripts/generate_unicode_properties.py [PROPERTIES_TXT] [OUTPUT]

PROPERTIES_TXT lists the code points of each value of General_Category, Script and
Script_Extensions and of each binary property of ECMA-262's table-binary-unicode-properties, of
the Unicode version of IDNA's tables (tests/data/SOURCES.md). The module keeps that text as it
is (``PROPERTIES``) and the names ECMAScript accepts for the values, ECMA-262 §22.2.2.9
UnicodeMatchPropertyValue (PropertyValueAliases.txt): the short General_Category names come from
``unicodedata2`` (each long name's code points are exactly one category, or the categories
sharing a first letter, or Lu, Ll and Lt for LC, checked here), the short Script names from
``fontTools.unicodedata.Scripts``. It also writes each code point's Script_Extensions (UAX #24:
the Script_Extensions value of ScriptExtensions.txt, else the Script value) as ranges sorted
by their first code point, so that a lookup is one binary search.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import unicodedata2  # type: ignore[import-not-found,import-untyped,unused-ignore]
from fontTools.unicodedata import Scripts  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INPUT = ROOT / "tests/data/UnicodeProperties-18.0.0.txt"
DEFAULT_OUTPUT = ROOT / "src/urlspec/_unicode_properties_data.py"
_VERSION = re.compile(r"^# The code points of Unicode (\d+\.\d+\.\d+) properties", re.MULTILINE)
#: PropertyValueAliases.txt's other General_Category names (gc ; Cc ; Control ; cntrl ...).
EXTRA_GENERAL_CATEGORY_ALIASES = {"cntrl": "Cc", "digit": "Nd", "punct": "P", "Combining_Mark": "M"}
#: PropertyValueAliases.txt's other Script names (sc ; Copt ; Coptic ; Qaac, and sc ; Zinh ;
#: Inherited ; Qaai): names ECMAScript accepts, not the scripts' ISO 15924 codes.
EXTRA_SCRIPT_ALIASES = {"Qaac": "Coptic", "Qaai": "Inherited"}
#: ECMA-262 table-binary-unicode-properties: the aliases of the binary properties.
BINARY_ALIASES = {
    "AHex": "ASCII_Hex_Digit",
    "Alpha": "Alphabetic",
    "Bidi_C": "Bidi_Control",
    "Bidi_M": "Bidi_Mirrored",
    "CI": "Case_Ignorable",
    "CWCF": "Changes_When_Casefolded",
    "CWCM": "Changes_When_Casemapped",
    "CWKCF": "Changes_When_NFKC_Casefolded",
    "CWL": "Changes_When_Lowercased",
    "CWT": "Changes_When_Titlecased",
    "CWU": "Changes_When_Uppercased",
    "DI": "Default_Ignorable_Code_Point",
    "Dep": "Deprecated",
    "Dia": "Diacritic",
    "EBase": "Emoji_Modifier_Base",
    "EComp": "Emoji_Component",
    "EMod": "Emoji_Modifier",
    "EPres": "Emoji_Presentation",
    "Ext": "Extender",
    "ExtPict": "Extended_Pictographic",
    "Gr_Base": "Grapheme_Base",
    "Gr_Ext": "Grapheme_Extend",
    "Hex": "Hex_Digit",
    "IDC": "ID_Continue",
    "IDS": "ID_Start",
    "IDSB": "IDS_Binary_Operator",
    "IDST": "IDS_Trinary_Operator",
    "Ideo": "Ideographic",
    "Join_C": "Join_Control",
    "LOE": "Logical_Order_Exception",
    "Lower": "Lowercase",
    "NChar": "Noncharacter_Code_Point",
    "Pat_Syn": "Pattern_Syntax",
    "Pat_WS": "Pattern_White_Space",
    "QMark": "Quotation_Mark",
    "RI": "Regional_Indicator",
    "SD": "Soft_Dotted",
    "STerm": "Sentence_Terminal",
    "Term": "Terminal_Punctuation",
    "UIdeo": "Unified_Ideograph",
    "Upper": "Uppercase",
    "VS": "Variation_Selector",
    "XIDC": "XID_Continue",
    "XIDS": "XID_Start",
    "space": "White_Space",
}

LICENSE_NOTE = """\
# Data derived from the Unicode Character Database, Unicode Data Files, under the Unicode
# License v3: Copyright (c) 1991-2026 Unicode, Inc. Permission is hereby granted, free of
# charge, to any person obtaining a copy of data files and any associated documentation (the
# "Data Files") to deal in the Data Files without restriction, including without limitation the
# rights to use, copy, modify, merge, publish, distribute, and/or sell copies of the Data
# Files, provided that this copyright and permission notice appear with all copies of the Data
# Files. THE DATA FILES ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. See
# https://www.unicode.org/license.txt for the full terms."""


def _sections(text: str) -> dict[str, list[tuple[int, int]]]:
    sections: dict[str, list[tuple[int, int]]] = {}
    current: list[tuple[int, int]] = []
    for line in text.splitlines():
        if line.startswith("#") or not line:
            continue
        if not line.startswith(" "):
            current = sections.setdefault(line, [])
            continue
        for item in line.split():
            lo, _, hi = item.partition("-")
            current.append((int(lo, 16), int(hi or lo, 16)))
    return sections


def _general_category_aliases(sections: dict[str, list[tuple[int, int]]]) -> dict[str, str]:
    """Each short name (and the long name itself) -> the long name, by the code points."""
    by_category: dict[str, set[int]] = defaultdict(set)
    for code_point in range(0x110000):
        by_category[unicodedata2.category(chr(code_point))].add(code_point)
    groups = {
        letter: {c for k, v in by_category.items() if k[0] == letter for c in v}
        for letter in "LMNPSZC"
    }
    groups["LC"] = by_category["Lu"] | by_category["Ll"] | by_category["Lt"]
    candidates = {**by_category, **groups}
    aliases: dict[str, str] = {}
    for name, ranges in sections.items():
        property_name, _, value = name.partition("=")
        if property_name != "General_Category":
            continue
        points = {c for lo, hi in ranges for c in range(lo, hi + 1)}
        short = [key for key, members in candidates.items() if members == points]
        if len(short) != 1:
            raise SystemExit(f"General_Category={value}: no single category {short}")
        aliases[short[0]] = value
        aliases[value] = value
    for alias, category in EXTRA_GENERAL_CATEGORY_ALIASES.items():
        aliases[alias] = aliases[category]
    return aliases


def _script_codes(script_aliases: dict[str, str]) -> dict[str, str]:
    """Each script's ISO 15924 code: its other alias ("Latin" -> "Latn"), or its name when it
    is one ("Thai")."""
    codes = {name: name for name in script_aliases.values()}
    for alias, name in sorted(script_aliases.items()):
        if alias != name:
            codes[name] = alias
    return codes


def _script_extension_ranges(
    sections: dict[str, list[tuple[int, int]]], codes: dict[str, str]
) -> list[tuple[int, str]]:
    """Each code point's Script_Extensions (UAX #24: ScriptExtensions.txt's value, else the
    Script value) as ranges: (the range's first code point, its scripts' codes in order,
    separated by spaces), up to the next range's first code point; the first starts at 0."""
    # Where each script's ranges start (+1) and end (-1), swept in code point order.
    changes: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for name, code in codes.items():
        ranges = sections.get(f"Script_Extensions={name}", sections[f"Script={name}"])
        for first, last in ranges:
            changes[first].append((code, 1))
            changes[last + 1].append((code, -1))
    counts: dict[str, int] = defaultdict(int)
    found: list[tuple[int, str]] = []
    for code_point in sorted(changes):
        if code_point > 0x10FFFF:
            break  # (where the last ranges end)
        for code, change in changes[code_point]:
            counts[code] += change
        scripts = " ".join(sorted(code for code, count in counts.items() if count))
        if not found or scripts != found[-1][1]:
            found.append((code_point, scripts))
    if found[0][0] != 0 or any(not scripts for _, scripts in found):
        raise SystemExit("Script_Extensions does not cover every code point")
    return found


def _wrapped(items: list[str], indent: str) -> list[str]:
    """``items`` as lines of a tuple's elements, each line at most 100 columns."""
    lines: list[str] = []
    line = indent
    for item in items:
        if line != indent and len(line) + len(item) + 1 > 100:
            lines.append(line.rstrip())
            line = indent
        line += item + ", "
    lines.append(line.rstrip())
    return lines


def _script_extension_lines(ranges: list[tuple[int, str]]) -> list[str]:
    """The Script_Extensions ranges as three tuples: the distinct script sets (in the order
    the ranges first have them), each range's first code point, each range's set's index."""
    sets: dict[str, int] = {}
    for _, scripts in ranges:
        sets.setdefault(scripts, len(sets))
    lines = [
        "#: Each code point's Script_Extensions (UAX #24; ScriptExtensions.txt, else Scripts.txt)",
        "#: as ranges sorted by their first code point: the code points from",
        "#: SCRIPT_EXTENSIONS_STARTS[i] up to the next start have the scripts",
        "#: SCRIPT_EXTENSION_SETS[SCRIPT_EXTENSIONS_VALUES[i]], ISO 15924 codes separated by",
        '#: spaces (Common is "Zyyy", Inherited "Zinh", Unknown "Zzzz"). The first start is 0.',
        "# fmt: off",
        "SCRIPT_EXTENSION_SETS: Final[tuple[str, ...]] = (",
    ]
    for scripts in sets:
        if len(f'    "{scripts}",') <= 100:
            lines.append(f'    "{scripts}",')
            continue
        # Too long for one line: implicitly concatenated strings, each line ending in a space.
        pieces = [""]
        for code in scripts.split():
            if pieces[-1] and len(f'        "{pieces[-1]}{code} "') > 100:
                pieces.append("")
            pieces[-1] += f"{code} "
        lines.append("    (")
        lines += [f'        "{piece}"' for piece in pieces[:-1]]
        lines.append(f'        "{pieces[-1].rstrip()}"')
        lines.append("    ),")
    lines += [
        ")",
        "SCRIPT_EXTENSIONS_STARTS: Final[tuple[int, ...]] = (",
        *_wrapped([f"0x{start:04X}" for start, _ in ranges], "    "),
        ")",
        "SCRIPT_EXTENSIONS_VALUES: Final[tuple[int, ...]] = (",
        *_wrapped([str(sets[scripts]) for _, scripts in ranges], "    "),
        ")",
        "# fmt: on",
    ]
    return lines


def generate(text: str) -> str:
    version = _VERSION.search(text)
    if version is None:
        raise SystemExit("not a UnicodeProperties file: no version line")
    sections = _sections(text)
    general_category = _general_category_aliases(sections)
    scripts = {value.partition("=")[2] for value in sections if value.startswith("Script=")}
    script_aliases = {name: name for name in scripts}
    for code, name in Scripts.NAMES.items():
        if name in scripts:
            script_aliases[code] = name
    codes = _script_codes(script_aliases)
    for alias, name in EXTRA_SCRIPT_ALIASES.items():
        if name not in scripts:
            raise SystemExit(f"script {name} missing")
        script_aliases[alias] = name
    binary = {value.partition("=")[2] for value in sections if value.startswith("Binary=")}
    for name in BINARY_ALIASES.values():
        if name not in binary:
            raise SystemExit(f"binary property {name} missing")
    # A Script_Extensions value with the code points of the Script value is left out (the
    # reader falls back on the Script value).
    body_lines: list[str] = []
    keep = True
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        if not line.startswith(" "):
            property_name, _, value = line.partition("=")
            keep = not (
                property_name == "Script_Extensions"
                and sections[line] == sections.get(f"Script={value}")
            )
        if keep:
            body_lines.append(line)
    body = "\n".join(body_lines)
    lines = [
        f'"""The Unicode {version.group(1)} character properties: Script_Extensions by code point,',
        "and the code points of each value of General_Category, Script and Script_Extensions and",
        "of each binary property that ECMAScript's \\\\p{...} names (read through",
        "urlspec.unicode_properties).",
        "",
        "Generated by scripts/generate_unicode_properties.py from",
        f'tests/data/UnicodeProperties-{version.group(1)}.txt; do not edit."""',
        "",
        LICENSE_NOTE,
        "",
        "from typing import Final",
        "",
        f'UNICODE_VERSION: Final = "{version.group(1)}"',
        "",
        *_script_extension_lines(_script_extension_ranges(sections, codes)),
        "#: Each name of a General_Category value -> its long name.",
        "GENERAL_CATEGORY_ALIASES: Final = {",
        *(f'    "{k}": "{general_category[k]}",' for k in sorted(general_category)),
        "}",
        "#: Each name of a Script value -> its long name.",
        "SCRIPT_ALIASES: Final = {",
        *(f'    "{k}": "{script_aliases[k]}",' for k in sorted(script_aliases)),
        "}",
        "#: Each alias of a binary property -> its name.",
        "BINARY_ALIASES: Final = {",
        *(f'    "{k}": "{BINARY_ALIASES[k]}",' for k in sorted(BINARY_ALIASES)),
        "}",
        "#: Each property value (a line 'Property=Value'), then its code points (lines of",
        "#: ranges 'XXXX-YYYY' or single code points, each line starting with a space). A",
        "#: Script_Extensions value missing has the code points of the Script value.",
        'PROPERTIES: Final = """\\',
        body,
        '"""',
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0]) if args else DEFAULT_INPUT
    output = Path(args[1]) if len(args) > 1 else DEFAULT_OUTPUT
    output.write_text(generate(source.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
