"""ECMAScript's RegExpCreate(source, "v" or "vi") for URLPattern: one object that matches as
ECMA-262 §22.2.2 says, never in more than linear time without backreferences.

``compile_regexp`` parses the source (``regexp_syntax``) and picks how to run it:

* **Python's ``re``**, on a pattern written from the tree, when the tree is in the part of
  the language where ``re`` gives ECMAScript's answers and runs in linear time
  (:func:`python_pattern`): no backreference, no lookaround; every repeat's body cannot match
  the empty string (so ECMAScript's empty-iteration check never applies), and a repeat that
  may iterate more than once holds no capturing group (so clearing captures at each iteration
  changes nothing); character sets are written out as explicit classes, case folding
  included, and ``re.IGNORECASE`` is never used; and the tree is *deterministic*: at every
  choice (an alternative, one more iteration or not) the next input character decides, the
  sets of first characters of the choices being disjoint (an LL(1) condition on
  FIRST/FOLLOW sets). A backtracking engine then leaves every wrong choice at its first
  character, so at most one path is alive at each position: time O(input × pattern). Nearly
  every route is such a pattern (``/books/:id``, ``/:section/*``, ``/items/:id(\\d+)``).
* **The memoizing matcher** (``regexp_matcher``) otherwise: ``/:year-:month-:day`` (a
  segment wildcard followed by text it could also match), ``/*/x``, ignore-case patterns
  outside the above, lookarounds, backreferences.

``RegExp.may_backtrack`` is True when the pattern has a backreference or a lookaround: the only
patterns whose matching may take more than linear time (bounded by
``regexp_matcher.MATCH_STEP_LIMIT`` steps per match).
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.urlpattern.regexp_charset import (
    MAX_CODE_POINT,
    Ranges,
    character_complement,
    intersection,
    normalize,
)
from urlspec.urlpattern.regexp_matcher import Matcher, compile_matcher
from urlspec.urlpattern.regexp_syntax import (
    ALTERNATION,
    ASSERTION,
    CHARACTER,
    EMPTY,
    END,
    END_OF_LINE,
    GROUP,
    REPEAT,
    SEQUENCE,
    START,
    START_OF_LINE,
    STRING,
    UNBOUNDED,
    WORD_BOUNDARY,
    Node,
    ParsedRegExp,
    RegExpSyntaxError,
    parse_regexp,
)

__all__ = [
    "RegExp",
    "RegExpSyntaxError",
    "RegExpTranslationError",
    "compile_regexp",
    "python_pattern",
]

#: The former name of RegExpSyntaxError.
RegExpTranslationError = RegExpSyntaxError

#: Counts up to this are written into Python patterns (Python's re takes them as they are).
_PYTHON_MAX_COUNT: Final = 65535
#: Longer patterns run on the matcher: Python's re compiles a pattern slowly (its parser is
#: written in Python, about 6 µs a character), the matcher compares a literal run at once.
_PYTHON_MAX_PATTERN: Final = 2000
_LINE_TERMINATOR_CLASS: Final = "[\\n\\r\\u2028\\u2029]"


def _code_point(value: int) -> str:
    """One code point in a Python pattern, escaped (valid inside and outside a class)."""
    c = chr(value)
    if c.isascii() and c.isalnum():
        return c
    if value <= 0xFFFF:
        return f"\\u{value:04x}"
    return f"\\U{value:08x}"


def _class_text(ranges: Ranges) -> str:
    """A Python character class matching exactly these code points; written as the negation
    of the complement when the set reaches U+10FFFF (Python's re builds a class of wide ranges
    slowly, and matches the short negated form as fast)."""
    ranges = normalize(ranges)
    if not ranges:
        return "(?!)"
    if ranges == [(0, MAX_CODE_POINT)]:
        return "[\\s\\S]"
    negated = ranges[-1][1] == MAX_CODE_POINT
    if negated:
        ranges = character_complement(ranges, False)
    if not negated and len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _code_point(ranges[0][0])
    parts = []
    for lo, hi in ranges:
        if lo == hi:
            parts.append(_code_point(lo))
        else:
            parts.append(_code_point(lo) + ("-" if hi > lo + 1 else "") + _code_point(hi))
    return ("[^" if negated else "[") + "".join(parts) + "]"


def _quantifier(node: Node) -> str:
    low, high = node.minimum, node.maximum
    if low == 0 and high == UNBOUNDED:
        text = "*"
    elif low == 1 and high == UNBOUNDED:
        text = "+"
    elif low == 0 and high == 1:
        text = "?"
    elif high == UNBOUNDED:
        text = f"{{{low},}}"
    elif low == high:
        text = f"{{{low}}}"
    else:
        text = f"{{{low},{high}}}"
    return text if node.greedy else text + "?"


def _write(node: Node) -> str:
    kind = node.kind
    if kind == EMPTY:
        return ""
    if kind == CHARACTER:
        return _class_text(node.ranges)
    if kind == STRING:
        return re.escape(node.text)
    if kind == SEQUENCE:
        return "".join(_write(child) for child in node.children)
    if kind == ALTERNATION:
        return "(?:" + "|".join(_write(child) for child in node.children) + ")"
    if kind == GROUP:
        return "(" + _write(node.children[0]) + ")"
    if kind == REPEAT:
        return "(?:" + _write(node.children[0]) + ")" + _quantifier(node)
    assert kind == ASSERTION
    assertion = node.assertion
    if assertion == START:
        return "^"
    if assertion == END:
        return "\\Z"
    if assertion == START_OF_LINE:
        return f"(?:^|(?<={_LINE_TERMINATOR_CLASS}))"
    if assertion == END_OF_LINE:
        return f"(?:\\Z|(?={_LINE_TERMINATOR_CLASS}))"
    word = _class_text(node.ranges)
    if assertion == WORD_BOUNDARY:
        return f"(?:(?<={word})(?!{word})|(?<!{word})(?={word}))"
    return f"(?:(?<={word})(?={word})|(?<!{word})(?!{word}))"


class _Analysis:
    """Whether a tree is in the part of the language ``re`` runs exactly and linearly."""

    __slots__ = ("firsts", "linear", "nullables")

    def __init__(self, linear: bool) -> None:
        self.firsts: dict[int, Ranges] = {}
        self.nullables: dict[int, bool] = {}
        self.linear = linear

    def nullable(self, node: Node) -> bool:
        key = id(node)
        known = self.nullables.get(key)
        if known is not None:
            return known
        kind = node.kind
        if kind == CHARACTER:
            result = False
        elif kind == STRING:
            result = node.text == ""
        elif kind == SEQUENCE:
            result = all(self.nullable(child) for child in node.children)
        elif kind == ALTERNATION:
            result = any(self.nullable(child) for child in node.children)
        elif kind == GROUP:
            result = self.nullable(node.children[0])
        elif kind == REPEAT:
            result = node.minimum == 0 or self.nullable(node.children[0])
        else:
            result = True
        self.nullables[key] = result
        return result

    def first(self, node: Node) -> Ranges:
        """The characters a match of the node can begin with."""
        key = id(node)
        known = self.firsts.get(key)
        if known is not None:
            return known
        kind = node.kind
        result: Ranges = []
        if kind == CHARACTER:
            result = node.ranges
        elif kind == STRING:
            result = [(ord(node.text[0]), ord(node.text[0]))] if node.text else []
        elif kind == SEQUENCE:
            for child in node.children:
                result = result + self.first(child)
                if not self.nullable(child):
                    break
            result = normalize(result)
        elif kind == ALTERNATION:
            for child in node.children:
                result = result + self.first(child)
            result = normalize(result)
        elif kind in (GROUP, REPEAT):
            result = self.first(node.children[0]) if node.maximum != 0 or kind == GROUP else []
        self.firsts[key] = result
        return result

    def eligible(self, node: Node, follow: Ranges) -> bool:
        """Whether ``re`` gives ECMAScript's answer for the node, in linear time, when what
        may come after it begins with a character of ``follow``."""
        kind = node.kind
        if kind in (CHARACTER, STRING, EMPTY, ASSERTION):
            return True
        if kind == GROUP:
            return self.eligible(node.children[0], follow)
        if kind == SEQUENCE:
            after = follow
            for child in reversed(node.children):
                if not self.eligible(child, after):
                    return False
                first = self.first(child)
                after = normalize(first + after) if self.nullable(child) else first
            return True
        if kind == ALTERNATION:
            seen: Ranges = []
            for child in node.children:
                starts = self.first(child)
                if self.nullable(child):
                    starts = normalize(starts + follow)
                if self.linear and intersection(seen, starts):
                    return False
                seen = normalize(seen + starts)
                if not self.eligible(child, follow):
                    return False
            return True
        if kind == REPEAT:
            child = node.children[0]
            if node.maximum == 0:
                return True
            if self.nullable(child):
                return False
            maximum = node.maximum
            if maximum > _PYTHON_MAX_COUNT or node.minimum > _PYTHON_MAX_COUNT:
                return False
            if (maximum == UNBOUNDED or maximum > 1) and node.groups:
                return False
            first = self.first(child)
            inner_follow = normalize(first + follow)
            if self.linear and maximum != node.minimum and intersection(first, follow):
                return False
            return self.eligible(child, inner_follow)
        return False  # lookarounds, backreferences


def python_pattern(parsed: ParsedRegExp, linear: bool = True) -> str | None:
    """The Python pattern giving ECMAScript's answers for the tree in linear time, or None when
    the tree is outside the part of the language where that is proven (module docstring).
    With ``linear`` False, the pattern is only required to give ECMAScript's answers (the
    determinism condition is not checked): for differential tests."""
    if parsed.has_backreference or parsed.has_lookaround:
        return None
    if not _Analysis(linear).eligible(parsed.root, []):
        return None
    text = _write(parsed.root)
    if linear and len(text) > _PYTHON_MAX_PATTERN:
        return None
    return text


class RegExp:
    """A compiled ECMAScript regular expression with the ``v`` flag (``vi``).

    ``match(text)`` gives the captures (index 0 the whole match; None for a group that did not
    take part) of the match at the start of ``text``, or None; ``test(text)`` whether there is
    one. ``python`` is the equivalent Python pattern when one is used (see the module).
    """

    __slots__ = (
        "_anchored",
        "_ignore_case",
        "group_count",
        "matcher",
        "may_backtrack",
        "python",
        "source",
    )

    def __init__(self, source: str, parsed: ParsedRegExp, ignore_case: bool) -> None:
        self.source = source
        self.group_count = parsed.group_count
        self.may_backtrack = parsed.has_backreference or parsed.has_lookaround
        text = python_pattern(parsed)
        self.python: re.Pattern[str] | None = None
        self.matcher: Matcher | None = None
        if text is not None:
            self.python = re.compile(text)
        else:
            self.matcher = compile_matcher(parsed)
        self._anchored: RegExp | None = None
        self._ignore_case = ignore_case

    def match(self, text: str) -> list[str | None] | None:
        python = self.python
        if python is not None:
            found = python.match(text)
            if found is None:
                return None
            return [found.group(0), *found.groups()]
        assert self.matcher is not None
        return self.matcher.match(text)

    def test(self, text: str) -> bool:
        python = self.python
        if python is not None:
            return python.match(text) is not None
        assert self.matcher is not None
        return self.matcher.test(text)

    def fullmatch(self, text: str) -> list[str | None] | None:
        """The captures of a match of all of ``text``, or None."""
        anchored = self._anchored
        if anchored is None:
            anchored = compile_regexp("^(?:" + self.source + ")$", self._ignore_case)
            self._anchored = anchored
        return anchored.match(text)


def compile_regexp(source: str, ignore_case: bool = False) -> RegExp:
    """ECMAScript's RegExpCreate(source, "v" or "vi"); raises RegExpSyntaxError for a pattern
    ECMAScript rejects or this library refuses (docs/urlpattern.md)."""
    return RegExp(source, parse_regexp(source, ignore_case), ignore_case)
