"""Ordering URL patterns by how specific they are: Chromium's ``compareComponent``, and a
whole-pattern ``compare`` built on it.

The URLPattern standard has no comparison yet; Chromium ships
``URLPattern.compareComponent(component, left, right)``
(third_party/blink/renderer/core/url_pattern/url_pattern_component.cc, ``Component::Compare``
and ``ComparePart``), discussed in whatwg/urlpattern#61. Parts are compared in order, each by
(type, modifier, prefix, value, suffix), where the types rank fixed text > regexp > segment
wildcard > full wildcard and the modifiers none > one-or-more > optional > zero-or-more; the
strings compare code unit by code unit (they are ASCII after canonicalization). When one part
list is a prefix of the other, the next part of the longer one is compared with an empty
fixed-text part, so that "/foo/" ranks above "/foo/*".

The whole-pattern comparison takes the components from the most specific end of a URL to the
least, as proposed in whatwg/urlpattern#61 ("URLs are right to left"): hash, search, pathname,
port, hostname, password, username, protocol; the first component that differs decides.
"""

from __future__ import annotations

from typing import Final

from urlspec.urlpattern.component import Component
from urlspec.urlpattern.parser import (
    FIXED_TEXT,
    FULL_WILDCARD,
    MODIFIER_NONE,
    MODIFIER_ONE_OR_MORE,
    MODIFIER_OPTIONAL,
    MODIFIER_ZERO_OR_MORE,
    REGEXP_PART,
    SEGMENT_WILDCARD,
    Part,
)

__all__ = ["WHOLE_PATTERN_ORDER", "compare_components", "compare_part_lists", "compare_parts"]

# Chromium's liburlpattern enum values, whose numeric order the comparison uses.
_TYPE_RANK: Final = {FULL_WILDCARD: 0, SEGMENT_WILDCARD: 1, REGEXP_PART: 2, FIXED_TEXT: 3}
_MODIFIER_RANK: Final = {
    MODIFIER_ZERO_OR_MORE: 0,
    MODIFIER_OPTIONAL: 1,
    MODIFIER_ONE_OR_MORE: 2,
    MODIFIER_NONE: 3,
}

#: The components in the order the whole-pattern comparison looks at them.
WHOLE_PATTERN_ORDER: Final = (
    "hash",
    "search",
    "pathname",
    "port",
    "hostname",
    "password",
    "username",
    "protocol",
)

_EMPTY_FIXED_PART: Final = Part(FIXED_TEXT, "", MODIFIER_NONE)


def _utf16(value: str) -> str:
    """A string whose code point order is ``value``'s UTF-16 code unit order (C++'s and
    JavaScript's string order): each code unit as one code point."""
    if value.isascii():
        return value
    units = value.encode("utf-16-be", "surrogatepass")
    return "".join(chr(int.from_bytes(units[i : i + 2], "big")) for i in range(0, len(units), 2))


def _key(part: Part) -> tuple[object, ...]:
    return (
        _TYPE_RANK[part.type],
        _MODIFIER_RANK[part.modifier],
        _utf16(part.prefix),
        _utf16(part.value),
        _utf16(part.suffix),
    )


def compare_parts(left: Part, right: Part) -> int:
    """Chromium's ComparePart: -1, 0 or 1."""
    left_key = _key(left)
    right_key = _key(right)
    if left_key < right_key:
        return -1
    return 0 if left_key == right_key else 1


def compare_part_lists(left: tuple[Part, ...], right: tuple[Part, ...]) -> int:
    """Chromium's Component::Compare on two part lists."""
    index = 0
    while index < len(left) and index < len(right):
        result = compare_parts(left[index], right[index])
        if result:
            return result
        index += 1
    if index == len(left) and index != len(right):
        return compare_parts(_EMPTY_FIXED_PART, right[index])
    if index != len(left) and index == len(right):
        return compare_parts(left[index], _EMPTY_FIXED_PART)
    return 0


def compare_components(left: Component, right: Component) -> int:
    """-1, 0 or 1: whether ``left`` is less specific than, as specific as, or more specific
    than ``right``."""
    return compare_part_lists(left.part_list, right.part_list)
