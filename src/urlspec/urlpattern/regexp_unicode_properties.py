"""The code points of ECMAScript's Unicode property escapes ``\\p{...}`` (ECMA-262 §22.2.2.9
CompileToCharSet of UnicodePropertyValueExpression, UnicodeMatchProperty and
UnicodeMatchPropertyValue), and ID_Start / ID_Continue for identifiers, from the Unicode data
of the version of IDNA's tables (``_unicode_properties_data``, generated).

Names are matched exactly (no loose matching): ``General_Category``/``gc``, ``Script``/``sc``,
``Script_Extensions``/``scx`` with a value or its alias (PropertyValueAliases.txt), or alone a
General_Category value or a binary property of ECMA-262's table (or its alias).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from urlspec.urlpattern._unicode_properties_data import (
    BINARY_ALIASES,
    GENERAL_CATEGORY_ALIASES,
    PROPERTIES,
    SCRIPT_ALIASES,
)
from urlspec.urlpattern.regexp_charset import Ranges

__all__ = [
    "STRING_PROPERTIES",
    "UnicodePropertyError",
    "is_id_continue",
    "is_id_start",
    "property_ranges",
]

#: ECMA-262 table-binary-unicode-properties-of-strings: valid with the v flag, refused here.
STRING_PROPERTIES: Final = frozenset(
    (
        "Basic_Emoji",
        "Emoji_Keycap_Sequence",
        "RGI_Emoji_Modifier_Sequence",
        "RGI_Emoji_Flag_Sequence",
        "RGI_Emoji_Tag_Sequence",
        "RGI_Emoji_ZWJ_Sequence",
        "RGI_Emoji",
    )
)
_PROPERTY_NAMES: Final = {
    "General_Category": "General_Category",
    "gc": "General_Category",
    "Script": "Script",
    "sc": "Script",
    "Script_Extensions": "Script_Extensions",
    "scx": "Script_Extensions",
}


class UnicodePropertyError(ValueError):
    """A ``\\p{...}`` that is not an ECMAScript property (a syntax error), or one this library
    refuses (``refused``: a property of strings)."""

    def __init__(self, message: str, refused: bool = False) -> None:
        super().__init__(message)
        self.refused = refused


def _index() -> dict[str, tuple[int, int]]:
    """Where each 'Property=Value' section's ranges are in PROPERTIES."""
    index: dict[str, tuple[int, int]] = {}
    name = ""
    start = 0
    position = 0
    for line in PROPERTIES.splitlines(keepends=True):
        if not line.startswith(" "):
            if name:
                index[name] = (start, position)
            name = line.strip()
            start = position + len(line)
        position += len(line)
    if name:
        index[name] = (start, position)
    return index


# Read when first needed (importing stays cheap): the index, each section's ranges, and the
# starts of the ID_Start / ID_Continue ranges.
_INDEX: dict[str, tuple[int, int]] = {}
_RANGES: dict[str, Ranges] = {}
_STARTS: dict[str, list[int]] = {}


def _has_section(name: str) -> bool:
    if not _INDEX:
        _INDEX.update(_index())
    return name in _INDEX


def _section(name: str) -> Ranges:
    ranges = _RANGES.get(name)
    if ranges is None:
        _has_section(name)
        start, end = _INDEX[name]
        ranges = []
        for item in PROPERTIES[start:end].split():
            lo, _, hi = item.partition("-")
            ranges.append((int(lo, 16), int(hi or lo, 16)))
        _RANGES[name] = ranges
    return ranges


def property_ranges(name: str, value: str | None) -> Ranges:
    """The code points of ``\\p{name=value}`` (``value`` None: ``\\p{name}``); raises
    UnicodePropertyError."""
    if value is not None:
        property_name = _PROPERTY_NAMES.get(name)
        if property_name is None:
            raise UnicodePropertyError(f"an unknown Unicode property {name!r}")
        aliases = (
            GENERAL_CATEGORY_ALIASES if property_name == "General_Category" else SCRIPT_ALIASES
        )
        long_name = aliases.get(value)
        if long_name is None:
            raise UnicodePropertyError(f"an unknown value {value!r} of {property_name}")
        section = f"{property_name}={long_name}"
        if not _has_section(section):  # a Script_Extensions value the same as the Script one
            section = f"Script={long_name}"
        return _section(section)
    long_name = GENERAL_CATEGORY_ALIASES.get(name)
    if long_name is not None:
        return _section(f"General_Category={long_name}")
    binary = BINARY_ALIASES.get(name, name)
    if _has_section(f"Binary={binary}"):
        return _section(f"Binary={binary}")
    if name in STRING_PROPERTIES:
        raise UnicodePropertyError(
            f"the property of strings {name!r} is refused (it matches sequences)", refused=True
        )
    raise UnicodePropertyError(f"an unknown Unicode property {name!r}")


def _has(name: str, code_point: int) -> bool:
    """Whether the binary property ``name`` holds the code point."""
    ranges = _section(name)
    starts = _STARTS.get(name)
    if starts is None:
        starts = [lo for lo, _ in ranges]
        _STARTS[name] = starts
    index = bisect_right(starts, code_point) - 1
    return index >= 0 and code_point <= ranges[index][1]


def is_id_start(c: str) -> bool:
    """Whether the code point has the Unicode property ID_Start."""
    if c.isascii():
        return c.isalpha()
    return _has("Binary=ID_Start", ord(c))


def is_id_continue(c: str) -> bool:
    """Whether the code point has the Unicode property ID_Continue."""
    if c.isascii():
        return c.isalnum() or c == "_"
    return _has("Binary=ID_Continue", ord(c))
