"""The code points of ECMAScript's Unicode property escapes ``\\p{...}`` (ECMA-262 §22.2.2.9
CompileToCharSet of UnicodePropertyValueExpression, UnicodeMatchProperty and
UnicodeMatchPropertyValue), and ID_Start / ID_Continue for identifiers, from the Unicode data
of the version of IDNA's tables (``urlspec.unicode_properties``).

Names are matched exactly (no loose matching): ``General_Category``/``gc``, ``Script``/``sc``,
``Script_Extensions``/``scx`` with a value or its alias (PropertyValueAliases.txt), or alone a
General_Category value or a binary property of ECMA-262's table (or its alias).
"""

from __future__ import annotations

from typing import Final

from urlspec.unicode_properties import (
    BINARY_ALIASES,
    GENERAL_CATEGORY_ALIASES,
    SCRIPT_ALIASES,
    has_property_value,
    is_property_value,
    property_value_ranges,
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
        if not is_property_value(section):  # a Script_Extensions value the same as the Script one
            section = f"Script={long_name}"
        return property_value_ranges(section)
    long_name = GENERAL_CATEGORY_ALIASES.get(name)
    if long_name is not None:
        return property_value_ranges(f"General_Category={long_name}")
    binary = BINARY_ALIASES.get(name, name)
    if is_property_value(f"Binary={binary}"):
        return property_value_ranges(f"Binary={binary}")
    if name in STRING_PROPERTIES:
        raise UnicodePropertyError(
            f"the property of strings {name!r} is refused (it matches sequences)", refused=True
        )
    raise UnicodePropertyError(f"an unknown Unicode property {name!r}")


def is_id_start(c: str) -> bool:
    """Whether the code point has the Unicode property ID_Start."""
    if c.isascii():
        return c.isalpha()
    return has_property_value("Binary=ID_Start", ord(c))


def is_id_continue(c: str) -> bool:
    """Whether the code point has the Unicode property ID_Continue."""
    if c.isascii():
        return c.isalnum() or c == "_"
    return has_property_value("Binary=ID_Continue", ord(c))
