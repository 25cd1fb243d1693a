"""ECMAScript CharSets (ECMA-262 §22.2.2.9) as sorted code point ranges, and Canonicalize for
the ``v`` flag with ignoreCase (§22.2.2.7.3: simple case folding, CaseFolding.txt statuses C
and S, of the Unicode version of IDNA's tables; ``_case_folding_data``).

With the ``v`` flag and ignoreCase, every operand of a class is folded
(MaybeSimpleCaseFolding), set operations and complements work on folded sets (a complement is
taken against AllCharacters, the code points that folding leaves as they are), and a
CharacterSetMatcher accepts an input character when its folding is in the set
(:func:`accepted_by_folding`). Without ignoreCase a CharSet is its own matcher's set.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Final

from urlspec.urlpattern._case_folding_data import SIMPLE_CASE_FOLDING

__all__ = [
    "DIGITS",
    "LINE_TERMINATORS",
    "MAX_CODE_POINT",
    "SPACE",
    "WORD",
    "Ranges",
    "accepted_by_folding",
    "all_characters",
    "character_complement",
    "contains",
    "difference",
    "intersection",
    "maybe_simple_case_folding",
    "normalize",
    "simple_case_folding",
    "union",
    "word_characters",
]

Ranges = list[tuple[int, int]]

MAX_CODE_POINT: Final = 0x10FFFF

# §22.2.2.9 CharacterClassEscape: \d, \s (WhiteSpace and LineTerminator), \w (basic word
# characters); LineTerminator (§12.3).
DIGITS: Final[Ranges] = [(0x30, 0x39)]
WORD: Final[Ranges] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
SPACE: Final[Ranges] = [
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
]
LINE_TERMINATORS: Final[Ranges] = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]


def _read_folding() -> tuple[list[int], list[int]]:
    sources: list[int] = []
    targets: list[int] = []
    for pair in SIMPLE_CASE_FOLDING.split():
        source, _, target = pair.partition(":")
        sources.append(int(source, 16))
        targets.append(int(target, 16))
    return sources, targets


_FOLDED_FROM, _FOLDED_TO = _read_folding()
_FOLDING: Final[dict[int, int]] = dict(zip(_FOLDED_FROM, _FOLDED_TO, strict=True))
# The inverse: each folded code point and the code points that fold to it.
_FOLDED_BY: Final[dict[int, list[int]]] = {}
for _source, _target in zip(_FOLDED_FROM, _FOLDED_TO, strict=True):
    _FOLDED_BY.setdefault(_target, []).append(_source)
_FOLDED_TARGETS: Final[list[int]] = sorted(_FOLDED_BY)
_FOLDING_RESULTS: dict[tuple[tuple[int, int], ...], Ranges] = {}
_ACCEPTED_RESULTS: dict[tuple[tuple[int, int], ...], Ranges] = {}


def simple_case_folding(code_point: int) -> int:
    """scf(code point): Canonicalize with the u/v flags and ignoreCase."""
    return _FOLDING.get(code_point, code_point)


def normalize(ranges: Ranges) -> Ranges:
    """The ranges sorted, overlapping and adjacent ones merged."""
    result: Ranges = []
    for lo, hi in sorted(ranges):
        if result and lo <= result[-1][1] + 1:
            if hi > result[-1][1]:
                result[-1] = (result[-1][0], hi)
        else:
            result.append((lo, hi))
    return result


def _complement(ranges: Ranges) -> Ranges:
    result: Ranges = []
    start = 0
    for lo, hi in normalize(ranges):
        if lo > start:
            result.append((start, lo - 1))
        start = hi + 1
    if start <= MAX_CODE_POINT:
        result.append((start, MAX_CODE_POINT))
    return result


def union(left: Ranges, right: Ranges) -> Ranges:
    return normalize(left + right)


def intersection(left: Ranges, right: Ranges) -> Ranges:
    return _complement(_complement(left) + _complement(right))


def difference(left: Ranges, right: Ranges) -> Ranges:
    return _complement(_complement(left) + right)


def contains(ranges: Ranges, code_point: int) -> bool:
    return any(lo <= code_point <= hi for lo, hi in ranges)


def _folded_sources_in(ranges: Ranges) -> list[int]:
    """The code points of ``ranges`` that simple case folding changes."""
    found: list[int] = []
    for lo, hi in ranges:
        found.extend(_FOLDED_FROM[bisect_left(_FOLDED_FROM, lo) : bisect_right(_FOLDED_FROM, hi)])
    return found


def maybe_simple_case_folding(ranges: Ranges, ignore_case: bool) -> Ranges:
    """§22.2.2.9.3 MaybeSimpleCaseFolding: with ignoreCase (and the v flag), the set of the
    foldings of the set's code points."""
    if not ignore_case:
        return ranges
    key = tuple(ranges)
    cached = _FOLDING_RESULTS.get(key)
    if cached is not None:
        return cached
    sources = _folded_sources_in(ranges)
    result = normalize(
        difference(ranges, [(c, c) for c in sources])
        + [(_FOLDING[c], _FOLDING[c]) for c in sources]
    )
    _FOLDING_RESULTS[key] = result
    return result


def all_characters(ignore_case: bool) -> Ranges:
    """§22.2.2.9.4 AllCharacters with the v flag: every code point, or with ignoreCase the
    code points that simple case folding leaves as they are."""
    if not ignore_case:
        return [(0, MAX_CODE_POINT)]
    return difference([(0, MAX_CODE_POINT)], [(c, c) for c in _FOLDED_FROM])


def character_complement(ranges: Ranges, ignore_case: bool) -> Ranges:
    """§22.2.2.9.5 CharacterComplement: AllCharacters without the set."""
    if not ignore_case:
        return _complement(ranges)
    return difference(all_characters(True), ranges)


def word_characters(ignore_case: bool) -> Ranges:
    """§22.2.2.9.6 WordCharacters: [A-Za-z0-9_], and with ignoreCase (u/v) the characters
    that fold into it (U+017F LATIN SMALL LETTER LONG S, U+212A KELVIN SIGN)."""
    if not ignore_case:
        return WORD
    extra = [(c, c) for c in _FOLDED_FROM if contains(WORD, _FOLDING[c]) and not contains(WORD, c)]
    return union(WORD, extra)


def accepted_by_folding(ranges: Ranges, ignore_case: bool) -> Ranges:
    """The input characters a CharacterSetMatcher of this set accepts (§22.2.2.7.1): without
    ignoreCase the set itself; with it, each character whose folding is the folding of a member
    (the set is already folded, so: the members and what folds to them)."""
    if not ignore_case:
        return ranges
    key = tuple(ranges)
    cached = _ACCEPTED_RESULTS.get(key)
    if cached is not None:
        return cached
    folded = maybe_simple_case_folding(ranges, True)
    extra: Ranges = []
    for lo, hi in folded:
        for target in _FOLDED_TARGETS[
            bisect_left(_FOLDED_TARGETS, lo) : bisect_right(_FOLDED_TARGETS, hi)
        ]:
            extra.extend((source, source) for source in _FOLDED_BY[target])
    result = normalize(folded + extra)
    _ACCEPTED_RESULTS[key] = result
    return result
