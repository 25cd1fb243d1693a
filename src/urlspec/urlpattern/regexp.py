"""ECMAScript regular expressions with the ``v`` flag, translated to Python's ``re``.

URLPattern compiles every component into an ECMAScript RegExp with the ``v`` flag (``vi`` when
ignoring case) (https://urlpattern.spec.whatwg.org/#compile-a-component). This module reads that
regular expression by the grammar of ECMA-262 §22.2.1 (Patterns, with the UnicodeSets
parameter) and writes a Python pattern with the same meaning, or raises
:class:`RegExpTranslationError` for a pattern ECMAScript rejects (a syntax error) or one whose
meaning Python's ``re`` cannot reproduce exactly (a refusal); docs/urlpattern.md lists them.

What the translation changes so that the meaning stays ECMAScript's:

* ``.`` matches any code point but the line terminators (``\\n``, ``\\r``, U+2028, U+2029);
  ``$`` matches only at the end of the input (Python's also matches before a final newline);
* ``\\d``, ``\\w``, ``\\s`` and ``\\b`` are ECMAScript's sets (ASCII digits and word characters;
  ECMAScript's WhiteSpace and LineTerminator), not Python's Unicode ones;
* character classes with the ``v`` flag's nested classes, ``&&`` intersection, ``--``
  subtraction and ``\\q{...}`` strings become explicit code point ranges;
* a backreference to a group that did not take part in the match matches the empty string
  (Python's fails): ``(?(n)\\n|)``; one to a group not yet closed matches the empty string;
* named groups become plain numbered groups (the group numbers stay ECMAScript's).
"""

from __future__ import annotations

import collections
import re
from typing import Final

__all__ = ["RegExpTranslationError", "compile_regexp", "translate_regexp"]


class RegExpTranslationError(ValueError):
    """An ECMAScript regular expression that is invalid, or that this module refuses to run
    because Python's ``re`` would give it another meaning. ``position`` is the index in the
    regular expression."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} at position {position} of the regular expression")
        self.reason = message
        self.position = position


_MAX_CODE_POINT: Final = 0x10FFFF
_SYNTAX_CHARACTERS: Final = frozenset("^$\\.*+?()[]{}|/")
# ECMA-262 §22.2.1 ClassSetSyntaxCharacter and ClassSetReservedPunctuator (v flag).
_CLASS_SET_SYNTAX_CHARACTERS: Final = frozenset("()[]{}/-\\|")
_CLASS_SET_RESERVED_PUNCTUATORS: Final = frozenset("&-!#%,:;<=>@`~")
_CLASS_SET_RESERVED_DOUBLE_PUNCTUATORS: Final = frozenset("&!#$%*+,.:;<=>?@^`~")
_CONTROL_ESCAPES: Final = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}

Ranges = list[tuple[int, int]]

_QUANTIFIER_AHEAD: Final = re.compile(r"\{\d+(,\d*)?\}")
_BRACE_QUANTIFIER: Final = re.compile(r"\{(\d+)(,(\d*))?\}")
_MODIFIERS: Final = re.compile(r"\?([ims]*)(?:-([ims]*))?:")
_DECIMAL: Final = re.compile(r"\d+")
_GROUP_NAME_REFERENCE: Final = re.compile(r"<([^>]*)>")
_HEX_ESCAPE: Final = re.compile(r"x([0-9A-Fa-f]{2})")
_CODE_POINT_ESCAPE: Final = re.compile(r"u\{([0-9A-Fa-f]+)\}")
_UNICODE_ESCAPE: Final = re.compile(r"u([0-9A-Fa-f]{4})")
_TRAIL_SURROGATE_ESCAPE: Final = re.compile(r"\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)

# ECMAScript's character class escapes (§22.2.2.9): \d, \s (WhiteSpace and LineTerminator), \w.
_DIGITS: Final[Ranges] = [(0x30, 0x39)]
_WORD: Final[Ranges] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
_SPACE: Final[Ranges] = [
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
_LINE_TERMINATORS: Final[Ranges] = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]


def _normalize(ranges: Ranges) -> Ranges:
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
    for lo, hi in _normalize(ranges):
        if lo > start:
            result.append((start, lo - 1))
        start = hi + 1
    if start <= _MAX_CODE_POINT:
        result.append((start, _MAX_CODE_POINT))
    return result


def _intersection(left: Ranges, right: Ranges) -> Ranges:
    return _complement(_complement(left) + _complement(right))


def _difference(left: Ranges, right: Ranges) -> Ranges:
    return _complement(_complement(left) + right)


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
    ranges = _normalize(ranges)
    if not ranges:
        return "(?!)"
    if ranges == [(0, _MAX_CODE_POINT)]:
        return "[\\s\\S]"
    negated = ranges[-1][1] == _MAX_CODE_POINT
    if negated:
        ranges = _complement(ranges)
    parts = []
    for lo, hi in ranges:
        if lo == hi:
            parts.append(_code_point(lo))
        else:
            parts.append(_code_point(lo) + ("-" if hi > lo + 1 else "") + _code_point(hi))
    return ("[^" if negated else "[") + "".join(parts) + "]"


class _ClassSet:
    """A v-flag class's value: single code points (ranges) and strings (from ``\\q{}``)."""

    __slots__ = ("ranges", "strings")

    def __init__(self, ranges: Ranges, strings: set[str] | None = None) -> None:
        self.ranges = ranges
        self.strings: set[str] = strings if strings is not None else set()

    def text(self) -> str:
        chars = _class_text(self.ranges)
        if not self.strings:
            return chars
        # ECMAScript tries the longest strings first (§22.2.2.7 CompileAtom, ClassSetCharacter).
        alternatives = [
            "".join(_code_point(ord(c)) for c in s)
            for s in sorted(self.strings, key=lambda s: (-len(s), s))
        ]
        if self.ranges:
            alternatives.append(chars)
        return "(?:" + "|".join(alternatives) + ")"


class _Translator:
    """A recursive-descent reader of ECMA-262 §22.2.1 Pattern[+UnicodeMode, +UnicodeSetsMode,
    +NamedCaptureGroups] writing the Python equivalent."""

    def __init__(self, source: str, ignore_case: bool) -> None:
        self.source = source
        self.pos = 0
        self.ignore_case = ignore_case
        self.group_count = 0  # groups opened so far
        self.closed_groups: set[int] = set()
        self.group_names: dict[str, int] = {}
        self.total_groups, names = self.count_groups()
        self.all_names = frozenset(names)
        self.duplicate_names = frozenset(
            name for name, count in collections.Counter(names).items() if count > 1
        )
        self.dot_all = False
        self.multiline = False

    # --- helpers ---------------------------------------------------------------------------

    def error(self, message: str, position: int | None = None) -> RegExpTranslationError:
        return RegExpTranslationError(message, self.pos if position is None else position)

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.source[index] if index < len(self.source) else ""

    def eat(self, text: str) -> bool:
        if self.source.startswith(text, self.pos):
            self.pos += len(text)
            return True
        return False

    def count_groups(self) -> tuple[int, list[str]]:
        """The number of capturing groups and the group names (for backreferences)."""
        count = 0
        names: list[str] = []
        source = self.source
        index = 0
        in_class = 0
        while index < len(source):
            c = source[index]
            if c == "\\":
                index += 2
                continue
            if c == "[":
                in_class += 1
            elif c == "]" and in_class:
                in_class -= 1
            elif c == "(" and not in_class:
                if not source.startswith("?", index + 1):
                    count += 1
                elif source.startswith("?<", index + 1) and source[index + 3 : index + 4] not in (
                    "=",
                    "!",
                ):
                    count += 1
                    end = source.find(">", index)
                    names.append(source[index + 3 : end])
            index += 1
        return count, names

    # --- Pattern, Disjunction, Alternative, Term --------------------------------------------

    def translate(self) -> str:
        result = self.disjunction()
        if self.pos < len(self.source):
            c = self.peek()
            raise self.error(f"unexpected {c!r}" if c != ")" else "unmatched ')'")
        return result

    def disjunction(self) -> str:
        alternatives = [self.alternative()]
        while self.eat("|"):
            alternatives.append(self.alternative())
        return "|".join(alternatives)

    def alternative(self) -> str:
        terms = []
        while self.pos < len(self.source) and self.peek() not in "|)":
            terms.append(self.term())
        return "".join(terms)

    def term(self) -> str:
        start = self.pos
        c = self.peek()
        # Assertions (§22.2.1 Assertion); lookaheads and lookbehinds are not quantifiable with
        # the u and v flags.
        if c == "^":
            self.pos += 1
            return "(?:^|(?<=[\\n\\r\\u2028\\u2029]))" if self.multiline else "(?:^)"
        if c == "$":
            self.pos += 1
            return "(?:\\Z|(?=[\\n\\r\\u2028\\u2029]))" if self.multiline else "(?:\\Z)"
        if self.source.startswith("\\b", self.pos) or self.source.startswith("\\B", self.pos):
            self.pos += 2
            word = _class_text(_WORD)
            boundary = f"(?:(?<={word})(?!{word})|(?<!{word})(?={word}))"
            not_boundary = f"(?:(?<={word})(?={word})|(?<!{word})(?!{word}))"
            return boundary if c == "\\" and self.source[start + 1] == "b" else not_boundary
        for opening in ("(?=", "(?!", "(?<=", "(?<!"):
            if self.eat(opening):
                inner = self.disjunction()
                if not self.eat(")"):
                    raise self.error("a lookaround without its ')'")
                if self.peek() in ("*", "+", "?", "{") and self.quantifier_ahead():
                    raise self.error("a lookaround cannot be quantified")
                return opening + inner + ")"
        atom = self.atom()
        return atom + self.quantifier(atom)

    def quantifier_ahead(self) -> bool:
        return self.peek() in "*+?" or _QUANTIFIER_AHEAD.match(self.source, self.pos) is not None

    def quantifier(self, atom: str) -> str:
        start = self.pos
        c = self.peek()
        if c in ("*", "+", "?"):
            self.pos += 1
            text = c
        elif c == "{":
            match = _BRACE_QUANTIFIER.match(self.source, self.pos)
            if match is None:
                raise self.error("a lone '{' (write '\\{')")
            low = int(match.group(1))
            high = match.group(3)
            if high is not None and high != "" and int(high) < low:
                raise self.error("numbers out of order in a {} quantifier")
            if low > 65535 or (high and int(high) > 65535):
                raise self.error("a repetition count too large for Python's re (refused)")
            self.pos = match.end()
            text = match.group(0)
        else:
            return ""
        if self.eat("?"):
            text += "?"
        if atom == "":
            raise self.error("nothing to repeat", start)
        return text

    # --- Atom ------------------------------------------------------------------------------

    def atom(self) -> str:
        c = self.peek()
        start = self.pos
        if c == ".":
            self.pos += 1
            if self.dot_all:
                return "[\\s\\S]"
            return _class_text(_complement(_LINE_TERMINATORS))
        if c == "\\":
            return self.atom_escape()
        if c == "[":
            return self.class_set_expression().text()
        if c == "(":
            return self.group()
        if c in ("*", "+", "?"):
            raise self.error("nothing to repeat")
        if c in ("{", "}", "]"):
            raise self.error(f"a lone {c!r} (write '\\{c}')")
        if c == "":
            raise self.error("unexpected end")
        self.pos += 1
        _ = start
        return _code_point(ord(c))

    def group(self) -> str:
        start = self.pos
        self.pos += 1  # "("
        if self.eat("?:"):
            inner = self.disjunction()
            if not self.eat(")"):
                raise self.error("a group without its ')'", start)
            return "(?:" + inner + ")"
        if self.peek() == "?" and self.peek(1) == "<":
            # A named group (?<name>...): a numbered group in Python; names are kept for \k.
            self.pos += 2
            end = self.source.find(">", self.pos)
            name = self.source[self.pos : end] if end >= 0 else ""
            if end < 0 or not _is_group_name(name):
                raise self.error("an invalid group name", start)
            if name in self.group_names or name in self.duplicate_names:
                raise self.error(
                    f"the group name {name!r} appears twice (refused: Python has no duplicate"
                    " named groups)",
                    start,
                )
            self.pos = end + 1
            self.group_count += 1
            number = self.group_count
            self.group_names[name] = number
            inner = self.disjunction()
            if not self.eat(")"):
                raise self.error("a group without its ')'", start)
            self.closed_groups.add(number)
            return "(" + inner + ")"
        if self.peek() == "?":
            return self.modifiers_group(start)
        self.group_count += 1
        number = self.group_count
        inner = self.disjunction()
        if not self.eat(")"):
            raise self.error("a group without its ')'", start)
        self.closed_groups.add(number)
        return "(" + inner + ")"

    def modifiers_group(self, start: int) -> str:
        """(?ims-ims:...): ECMAScript's pattern modifiers (ES2025)."""
        match = _MODIFIERS.match(self.source, self.pos)
        if match is None:
            raise self.error("an invalid group", start)
        adding, removing = match.group(1), match.group(2) or ""
        flags = adding + removing
        if (not adding and not removing) or len(set(flags)) != len(flags):
            raise self.error("invalid modifiers in a group", start)
        self.pos = match.end()
        saved = (self.ignore_case, self.dot_all, self.multiline)
        if "s" in adding:
            self.dot_all = True
        if "s" in removing:
            self.dot_all = False
        if "m" in adding:
            self.multiline = True
        if "m" in removing:
            self.multiline = False
        prefix = "(?:"
        if "i" in adding:
            self.ignore_case = True
            prefix = "(?i:"
        elif "i" in removing:
            self.ignore_case = False
            prefix = "(?-i:"
        inner = self.disjunction()
        if not self.eat(")"):
            raise self.error("a group without its ')'", start)
        self.ignore_case, self.dot_all, self.multiline = saved
        return prefix + inner + ")"

    def backreference(self, number: int, start: int) -> str:
        if number not in self.closed_groups:
            # ECMAScript: a group not yet closed holds nothing, and matches the empty string.
            return "(?:)"
        return f"(?({number})\\{number}|)"

    def atom_escape(self) -> str:
        start = self.pos
        self.pos += 1  # "\"
        c = self.peek()
        if c == "":
            raise self.error("'\\' at the end of the pattern", start)
        if c in "123456789":
            digits = _DECIMAL.match(self.source, self.pos)
            assert digits is not None
            number = int(digits.group(0))
            if number > self.total_groups:
                raise self.error(f"a backreference to group {number}, which does not exist", start)
            self.pos = digits.end()
            return self.backreference(number, start)
        if c == "k":
            self.pos += 1
            match = _GROUP_NAME_REFERENCE.match(self.source, self.pos)
            if match is None or match.group(1) not in self.all_names:
                raise self.error("an invalid named backreference", start)
            self.pos = match.end()
            name = match.group(1)
            if name not in self.group_names:
                return "(?:)"
            return self.backreference(self.group_names[name], start)
        class_escape = self.character_class_escape()
        if class_escape is not None:
            return _class_text(class_escape)
        return _code_point(self.character_escape(start, in_class=False))

    def character_class_escape(self) -> Ranges | None:
        """\\d \\D \\s \\S \\w \\W; \\p{...} and \\P{...} are refused."""
        c = self.peek()
        table = {"d": _DIGITS, "s": _SPACE, "w": _WORD}
        if c.lower() in table and c.lower() == c.lower():
            ranges = table.get(c.lower())
            if ranges is not None and c in "dDsSwW":
                self.pos += 1
                if self.ignore_case and c in "wW":
                    # With the i and v flags, \w also holds U+017F and U+212A (their simple case
                    # folding is in \w), and \W is its complement.
                    ranges = [*ranges, (383, 383), (8490, 8490)]
                return ranges if c.islower() else _complement(ranges)
        if c in ("p", "P"):
            raise self.error(
                "Unicode property escapes (\\p{...}) are refused: Python's re has none",
                self.pos - 1,
            )
        return None

    def character_escape(self, start: int, in_class: bool) -> int:
        """§22.2.1 CharacterEscape with the u/v flags; the escaped code point."""
        c = self.peek()
        if c in _CONTROL_ESCAPES:
            self.pos += 1
            return _CONTROL_ESCAPES[c]
        if c == "c":
            letter = self.peek(1)
            if letter.isascii() and letter.isalpha():
                self.pos += 2
                return ord(letter) % 32
            raise self.error("an invalid '\\c' escape", start)
        if c == "0" and not self.peek(1).isdigit():
            self.pos += 1
            return 0
        if c == "x":
            match = _HEX_ESCAPE.match(self.source, self.pos)
            if match is None:
                raise self.error("an invalid '\\x' escape", start)
            self.pos = match.end()
            return int(match.group(1), 16)
        if c == "u":
            return self.unicode_escape(start)
        if c in _SYNTAX_CHARACTERS or (in_class and c == "-"):
            self.pos += 1
            return ord(c)
        if in_class and c in _CLASS_SET_RESERVED_PUNCTUATORS:
            self.pos += 1
            return ord(c)
        raise self.error(f"an invalid escape '\\{c}'", start)

    def unicode_escape(self, start: int) -> int:
        match = _CODE_POINT_ESCAPE.match(self.source, self.pos)
        if match is not None:
            value = int(match.group(1), 16)
            if value > _MAX_CODE_POINT:
                raise self.error("a code point beyond U+10FFFF", start)
            self.pos = match.end()
            return value
        match = _UNICODE_ESCAPE.match(self.source, self.pos)
        if match is None:
            raise self.error("an invalid '\\u' escape", start)
        value = int(match.group(1), 16)
        self.pos = match.end()
        if 0xD800 <= value <= 0xDBFF:
            trail = _TRAIL_SURROGATE_ESCAPE.match(self.source, self.pos)
            if trail is not None:
                self.pos = trail.end()
                low = int(trail.group(1), 16)
                return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        return value

    # --- v-flag character classes (§22.2.1 ClassSetExpression) -------------------------------

    def class_set_expression(self) -> _ClassSet:
        start = self.pos
        self.pos += 1  # "["
        negated = self.eat("^")
        value = self.class_contents(start)
        if not self.eat("]"):
            raise self.error("a character class without its ']'", start)
        if negated:
            if value.strings:
                raise self.error("a negated class cannot hold strings", start)
            return _ClassSet(self.fold_for_set_operations(_complement(value.ranges), start))
        return value

    def fold_for_set_operations(self, ranges: Ranges, start: int) -> Ranges:
        return ranges

    def class_contents(self, start: int) -> _ClassSet:
        if self.peek() == "]":
            return _ClassSet([])
        first_start = self.pos
        first, first_is_range = self.class_union_item()
        if self.source.startswith("&&", self.pos) or self.source.startswith("--", self.pos):
            if first_is_range:
                raise self.error("a range cannot be an operand of '&&' or '--'", first_start)
            operator = self.source[self.pos : self.pos + 2]
            self.refuse_set_operation_with_ignore_case(start)
            result = first
            while self.eat(operator):
                if self.peek() in ("&", "-") and operator[0] == self.peek():
                    raise self.error(f"an invalid '{operator}' in a class")
                operand = self.class_set_operand()
                if operator == "&&":
                    result = _ClassSet(
                        _intersection(result.ranges, operand.ranges),
                        result.strings & operand.strings
                        | {s for s in result.strings if len(s) == 1 and _in(s, operand.ranges)},
                    )
                else:
                    result = _ClassSet(
                        _difference(result.ranges, operand.ranges),
                        result.strings - operand.strings,
                    )
                if self.peek() != "]" and not self.source.startswith(operator, self.pos):
                    raise self.error("'&&' and '--' cannot be mixed with other class items")
            return result
        ranges = list(first.ranges)
        strings = set(first.strings)
        while self.peek() not in ("]", ""):
            if self.source.startswith("&&", self.pos) or self.source.startswith("--", self.pos):
                raise self.error("'&&' and '--' cannot be mixed with other class items")
            item, _ = self.class_union_item()
            ranges.extend(item.ranges)
            strings |= item.strings
        return _ClassSet(_normalize(ranges), strings)

    def refuse_set_operation_with_ignore_case(self, start: int) -> None:
        if self.ignore_case:
            raise self.error(
                "class set operations ('&&', '--') with ignore_case are refused: ECMAScript"
                " folds each operand's case before the operation, Python's re does not",
                start,
            )

    def class_union_item(self) -> tuple[_ClassSet, bool]:
        """A ClassSetRange or a ClassSetOperand; (its value, whether it was a range)."""
        start = self.pos
        if self.peek() in ("[",) or (self.peek() == "\\" and self.peek(1) in "dDsSwWqpP"):
            return self.class_set_operand(), False
        low = self.class_set_character()
        if self.peek() == "-" and self.peek(1) != "-":
            self.pos += 1
            high = self.class_set_character()
            if high < low:
                raise self.error("a range out of order in a character class", start)
            return _ClassSet([(low, high)]), True
        return _ClassSet([(low, low)]), False

    def class_set_operand(self) -> _ClassSet:
        start = self.pos
        if self.peek() == "[":
            return self.class_set_expression()
        if self.peek() == "\\":
            if self.peek(1) == "q":
                return self.class_string_disjunction()
            self.pos += 1
            ranges = self.character_class_escape()
            if ranges is not None:
                return _ClassSet(ranges)
            self.pos = start
        value = self.class_set_character()
        return _ClassSet([(value, value)])

    def class_string_disjunction(self) -> _ClassSet:
        start = self.pos
        self.pos += 2  # "\q"
        if not self.eat("{"):
            raise self.error("an invalid '\\q' escape", start)
        strings: set[str] = set()
        ranges: Ranges = []
        current = ""
        while True:
            c = self.peek()
            if c == "":
                raise self.error("a '\\q{' without its '}'", start)
            if c == "}":
                self.pos += 1
                break
            if c == "|":
                self.pos += 1
                strings.add(current)
                current = ""
                continue
            if c == "\\":
                self.pos += 1
                current += chr(self.character_escape(self.pos - 1, in_class=True))
                continue
            if c in _CLASS_SET_SYNTAX_CHARACTERS:
                raise self.error(f"{c!r} must be escaped in '\\q{{}}'")
            self.pos += 1
            current += c
        strings.add(current)
        for s in list(strings):
            if len(s) == 1:
                strings.discard(s)
                ranges.append((ord(s), ord(s)))
        return _ClassSet(_normalize(ranges), strings)

    def class_set_character(self) -> int:
        start = self.pos
        c = self.peek()
        if c == "":
            raise self.error("a character class without its ']'")
        if c == "\\":
            self.pos += 1
            if self.peek() == "b":
                self.pos += 1
                return 0x08
            return self.character_escape(start, in_class=True)
        if c in _CLASS_SET_SYNTAX_CHARACTERS:
            raise self.error(f"{c!r} must be escaped in a character class with the v flag")
        if c in _CLASS_SET_RESERVED_DOUBLE_PUNCTUATORS and self.peek(1) == c:
            raise self.error(f"'{c}{c}' is reserved in a character class with the v flag")
        self.pos += 1
        return ord(c)


def _in(s: str, ranges: Ranges) -> bool:
    value = ord(s)
    return any(lo <= value <= hi for lo, hi in ranges)


def _is_group_name(name: str) -> bool:
    return (
        name != ""
        and (name[0].isidentifier() or name[0] == "$")
        and all(("a" + c).isidentifier() or c in "$\u200c\u200d" for c in name[1:])
    )


def translate_regexp(source: str, ignore_case: bool = False) -> str:
    """The Python pattern equivalent to the ECMAScript RegExp ``source`` with the ``v`` flag
    (and ``i`` when ``ignore_case``); pass the result to ``re.compile`` with ``re.IGNORECASE``
    when ``ignore_case``. Raises RegExpTranslationError."""
    return _Translator(source, ignore_case).translate()


def compile_regexp(source: str, ignore_case: bool = False) -> re.Pattern[str]:
    """ECMAScript's RegExpCreate(source, "v" or "vi"), as a compiled Python pattern."""
    translated = translate_regexp(source, ignore_case)
    try:
        return re.compile(translated, re.IGNORECASE if ignore_case else 0)
    except (re.error, OverflowError, RecursionError) as error:
        # What Python's re cannot express: a lookbehind whose length varies, mostly.
        raise RegExpTranslationError(f"refused, Python's re cannot run it ({error})", 0) from error
