"""ECMAScript regular expressions with the ``v`` flag, parsed into a tree of nodes.

URLPattern compiles every component into an ECMAScript RegExp with the ``v`` flag (``vi`` when
ignoring case) (https://urlpattern.spec.whatwg.org/#compile-a-component). This module reads
that regular expression by the grammar of ECMA-262 §22.2.1 (Pattern[+UnicodeMode,
+UnicodeSetsMode, +NamedCaptureGroups]) and returns its tree (:class:`Node`), or raises
:class:`RegExpSyntaxError` for what ECMAScript rejects and for the few valid constructs this
library refuses (docs/urlpattern.md lists them).

The tree keeps what matching needs, already resolved as §22.2.2 compiles it:

* a run of pattern characters (without ignoreCase) is one ``STRING`` node;
* every other character, class, class escape and ``.`` is one ``CHARACTER`` node holding the set of
  input code points it accepts, case folding included (``regexp_charset``): with ignoreCase a
  class is folded operand by operand, its set operations and complement taken on folded sets
  (the ``v`` flag's rules), and the node accepts each character whose folding is in the set;
* a class holding strings (``\\q{...}``) is an ``ALTERNATION`` of its strings, longest first,
  then its single characters, then the empty string (§22.2.2.7 CompileAtom);
* ``REPEAT`` nodes know the capturing groups inside them (reset at each iteration,
  §22.2.2.3.1 RepeatMatcher step 4); ``BACKREFERENCE`` nodes the group numbers they read;
  ``ASSERTION`` nodes their kind and, for ``\\b``/``\\B``, the word characters.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.urlpattern.regexp_charset import (
    DIGITS,
    LINE_TERMINATORS,
    MAX_CODE_POINT,
    SPACE,
    Ranges,
    accepted_by_folding,
    all_characters,
    character_complement,
    contains,
    difference,
    intersection,
    maybe_simple_case_folding,
    normalize,
    simple_case_folding,
    word_characters,
)
from urlspec.urlpattern.regexp_unicode_properties import (
    UnicodePropertyError,
    is_id_continue,
    is_id_start,
    property_ranges,
)

__all__ = [
    "ALTERNATION",
    "ASSERTION",
    "BACKREFERENCE",
    "CHARACTER",
    "EMPTY",
    "END",
    "END_OF_LINE",
    "GROUP",
    "LOOKAROUND",
    "MAX_NESTING",
    "NOT_WORD_BOUNDARY",
    "REPEAT",
    "SEQUENCE",
    "START",
    "START_OF_LINE",
    "STRING",
    "UNBOUNDED",
    "WORD_BOUNDARY",
    "Node",
    "ParsedRegExp",
    "RegExpSyntaxError",
    "parse_regexp",
]


class RegExpSyntaxError(ValueError):
    """An ECMAScript regular expression that is invalid, or that this library refuses.
    ``position`` is the index in the regular expression."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} at position {position} of the regular expression")
        self.reason = message
        self.position = position


# Node kinds.
EMPTY: Final = 0
CHARACTER: Final = 1
SEQUENCE: Final = 2
ALTERNATION: Final = 3
GROUP: Final = 4
REPEAT: Final = 5
ASSERTION: Final = 6
LOOKAROUND: Final = 7
BACKREFERENCE: Final = 8
STRING: Final = 9

# Assertion kinds (§22.2.2.6).
START: Final = 0
END: Final = 1
START_OF_LINE: Final = 2
END_OF_LINE: Final = 3
WORD_BOUNDARY: Final = 4
NOT_WORD_BOUNDARY: Final = 5

#: The deepest nesting of groups, classes and lookarounds read (the reader, the analysis and the
#: compiler recurse along it).
MAX_NESTING: Final = 100
#: A REPEAT's maximum when it has none.
UNBOUNDED: Final = -1


class Node:
    """One node of a parsed regular expression; which fields mean something depends on
    ``kind`` (see the module's docstring)."""

    __slots__ = (
        "assertion",
        "behind",
        "children",
        "first_group",
        "greedy",
        "groups",
        "ignore_case",
        "index",
        "kind",
        "maximum",
        "minimum",
        "negated",
        "ranges",
        "text",
    )

    def __init__(self, kind: int) -> None:
        self.kind = kind
        self.children: list[Node] = []
        self.ranges: Ranges = []
        self.minimum = 0
        self.maximum = 0
        self.greedy = True
        self.index = 0  # GROUP: its number
        self.first_group = 0  # REPEAT: the groups inside are first_group .. first_group+count-1
        self.groups: list[int] = []  # REPEAT: the groups inside; BACKREFERENCE: groups read
        self.assertion = 0
        self.behind = False
        self.negated = False
        self.ignore_case = False
        self.text = ""  # STRING: the code points to match, case-sensitively

    def __repr__(self) -> str:
        names = (
            "EMPTY",
            "CHARACTER",
            "SEQUENCE",
            "ALTERNATION",
            "GROUP",
            "REPEAT",
            "ASSERTION",
            "LOOKAROUND",
            "BACKREFERENCE",
            "STRING",
        )
        return f"Node({names[self.kind]}, {self.children or self.ranges or self.groups})"


def _character(ranges: Ranges) -> Node:
    node = Node(CHARACTER)
    node.ranges = ranges
    return node


def _string(text: str) -> Node:
    node = Node(STRING)
    node.text = text
    return node


def _sequence(children: list[Node]) -> Node:
    if len(children) == 1:
        return children[0]
    node = Node(SEQUENCE if children else EMPTY)
    node.children = children
    return node


class ParsedRegExp:
    """A parsed regular expression: its tree, its number of capturing groups, and whether it
    has a backreference or a lookaround."""

    __slots__ = ("group_count", "has_backreference", "has_lookaround", "root")

    def __init__(
        self, root: Node, group_count: int, has_backreference: bool, has_lookaround: bool
    ) -> None:
        self.root = root
        self.group_count = group_count
        self.has_backreference = has_backreference
        self.has_lookaround = has_lookaround


_SYNTAX_CHARACTERS: Final = frozenset("^$\\.*+?()[]{}|/")
# What ends a run of pattern characters (§22.2.1 SyntaxCharacter).
_PATTERN_SYNTAX: Final = frozenset("^$\\.*+?()[]{}|")
# ECMA-262 §22.2.1 ClassSetSyntaxCharacter and ClassSetReservedPunctuator (v flag).
_CLASS_SET_SYNTAX_CHARACTERS: Final = frozenset("()[]{}/-\\|")
_CLASS_SET_RESERVED_PUNCTUATORS: Final = frozenset("&-!#%,:;<=>@`~")
_CLASS_SET_RESERVED_DOUBLE_PUNCTUATORS: Final = frozenset("&!#$%*+,.:;<=>?@^`~")
_CONTROL_ESCAPES: Final = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}

_QUANTIFIER_AHEAD: Final = re.compile(r"\{\d+(,\d*)?\}")
_BRACE_QUANTIFIER: Final = re.compile(r"\{(\d+)(,(\d*))?\}")
_MODIFIERS: Final = re.compile(r"\?([ims]*)(?:-([ims]*))?:")
_DECIMAL: Final = re.compile(r"\d+")
_PROPERTY: Final = re.compile(r"\{([A-Za-z_]+)(?:=([A-Za-z0-9_]+))?\}")
_HEX_ESCAPE: Final = re.compile(r"x([0-9A-Fa-f]{2})")
_CODE_POINT_ESCAPE: Final = re.compile(r"u\{([0-9A-Fa-f]+)\}")
_UNICODE_ESCAPE: Final = re.compile(r"u([0-9A-Fa-f]{4})")
_TRAIL_SURROGATE_ESCAPE: Final = re.compile(r"\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)
#: A count above this is as good as unbounded (2**53 - 1, ECMAScript's largest exact integer).
_LARGEST_COUNT: Final = 2**53 - 1


class _ClassSet:
    """A v-flag class's value: single code points (ranges) and strings (from ``\\q{}``)."""

    __slots__ = ("ranges", "strings")

    def __init__(self, ranges: Ranges, strings: set[str] | None = None) -> None:
        self.ranges = ranges
        self.strings: set[str] = strings if strings is not None else set()


class _Parser:
    """A recursive-descent reader of ECMA-262 §22.2.1 Pattern[+UnicodeMode, +UnicodeSetsMode,
    +NamedCaptureGroups]."""

    def __init__(self, source: str, ignore_case: bool) -> None:
        self.source = source
        self.pos = 0
        self.ignore_case = ignore_case
        self.group_count = 0  # groups opened so far
        self.group_names: dict[str, int] = {}
        self.total_groups, self.name_numbers = self.count_groups()
        # Where each named group seen so far stands: the (disjunction, alternative) pairs of
        # the disjunctions around it, outermost first.
        self.name_paths: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        self.path: list[tuple[int, int]] = []
        self.disjunctions = 0
        self.dot_all = False
        self.multiline = False
        self.has_backreference = False
        self.has_lookaround = False
        self.depth = 0

    # --- helpers ---------------------------------------------------------------------------

    def error(self, message: str, position: int | None = None) -> RegExpSyntaxError:
        return RegExpSyntaxError(message, self.pos if position is None else position)

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.source[index] if index < len(self.source) else ""

    def eat(self, text: str) -> bool:
        if self.source.startswith(text, self.pos):
            self.pos += len(text)
            return True
        return False

    def count_groups(self) -> tuple[int, dict[str, list[int]]]:
        """The number of capturing groups and the numbers of the groups of each name (for
        backreferences, which may come before the group)."""
        count = 0
        numbers: dict[str, list[int]] = {}
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
                    name = (_group_name(source[index + 3 : end]) if end > 0 else None) or ""
                    numbers.setdefault(name, []).append(count)
            index += 1
        return count, numbers

    def matcher_set(self, ranges: Ranges) -> Node:
        """A CharacterSetMatcher of a (folded, when ignoring case) CharSet."""
        return _character(accepted_by_folding(ranges, self.ignore_case))

    # --- Pattern, Disjunction, Alternative, Term --------------------------------------------

    def parse(self) -> ParsedRegExp:
        root = self.disjunction()
        if self.pos < len(self.source):
            c = self.peek()
            raise self.error(f"unexpected {c!r}" if c != ")" else "unmatched ')'")
        return ParsedRegExp(root, self.total_groups, self.has_backreference, self.has_lookaround)

    def disjunction(self) -> Node:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(f"groups nested too deeply (refused: more than {MAX_NESTING} levels)")
        self.disjunctions += 1
        number = self.disjunctions
        self.path.append((number, 0))
        alternatives = [self.alternative()]
        while self.eat("|"):
            self.path[-1] = (number, len(alternatives))
            alternatives.append(self.alternative())
        self.path.pop()
        self.depth -= 1
        if len(alternatives) == 1:
            return alternatives[0]
        node = Node(ALTERNATION)
        node.children = alternatives
        return node

    def alternative(self) -> Node:
        terms: list[Node] = []
        while self.pos < len(self.source) and self.peek() not in "|)":
            literal = self.literal_run() if not self.ignore_case else ""
            terms.append(_string(literal) if literal else self.term())
        return _sequence(terms)

    def literal_run(self) -> str:
        """Two or more PatternCharacters or identity escapes (\\/, \\.) in a row, none of
        them quantified, as one string; or "" (nothing read)."""
        source = self.source
        start = pos = self.pos
        characters: list[str] = []
        ends: list[int] = []
        while pos < len(source):
            c = source[pos]
            if c == "\\" and source[pos + 1 : pos + 2] in _SYNTAX_CHARACTERS:
                c = source[pos + 1]
                pos += 2
            elif c in _PATTERN_SYNTAX or c == "\\":
                break
            else:
                pos += 1
            characters.append(c)
            ends.append(pos)
        if pos < len(source) and source[pos] in "*+?{" and characters:
            # The last character is quantified: it is a term of its own.
            characters.pop()
            ends.pop()
        if len(characters) < 2:
            self.pos = start
            return ""
        self.pos = ends[-1]
        return "".join(characters)

    def term(self) -> Node:
        start = self.pos
        c = self.peek()
        # Assertions (§22.2.1 Assertion); lookaheads and lookbehinds are not quantifiable with
        # the u and v flags.
        if c == "^" or c == "$":
            self.pos += 1
            node = Node(ASSERTION)
            if c == "^":
                node.assertion = START_OF_LINE if self.multiline else START
            else:
                node.assertion = END_OF_LINE if self.multiline else END
            return node
        if self.source.startswith("\\b", self.pos) or self.source.startswith("\\B", self.pos):
            self.pos += 2
            node = Node(ASSERTION)
            node.assertion = WORD_BOUNDARY if self.source[start + 1] == "b" else NOT_WORD_BOUNDARY
            node.ranges = word_characters(self.ignore_case)
            return node
        for opening in ("(?=", "(?!", "(?<=", "(?<!"):
            if self.eat(opening):
                self.has_lookaround = True
                node = Node(LOOKAROUND)
                node.behind = opening.startswith("(?<")
                node.negated = opening.endswith("!")
                node.first_group = self.group_count + 1
                node.children = [self.disjunction()]
                node.groups = list(range(node.first_group, self.group_count + 1))
                if not self.eat(")"):
                    raise self.error("a lookaround without its ')'", start)
                if self.peek() in ("*", "+", "?", "{") and self.quantifier_ahead():
                    raise self.error("a lookaround cannot be quantified")
                return node
        groups_before = self.group_count
        atom = self.atom()
        return self.quantifier(atom, groups_before)

    def quantifier_ahead(self) -> bool:
        return self.peek() in "*+?" or _QUANTIFIER_AHEAD.match(self.source, self.pos) is not None

    def quantifier(self, atom: Node, groups_before: int) -> Node:
        c = self.peek()
        if c == "*":
            self.pos += 1
            low, high = 0, UNBOUNDED
        elif c == "+":
            self.pos += 1
            low, high = 1, UNBOUNDED
        elif c == "?":
            self.pos += 1
            low, high = 0, 1
        elif c == "{":
            match = _BRACE_QUANTIFIER.match(self.source, self.pos)
            if match is None:
                raise self.error("a lone '{' (write '\\{')")
            low = min(int(match.group(1)), _LARGEST_COUNT)
            text = match.group(3)
            if match.group(2) is None:
                high = low
            elif text == "" or text is None:
                high = UNBOUNDED
            else:
                high = min(int(text), _LARGEST_COUNT)
                if high < low:
                    raise self.error("numbers out of order in a {} quantifier")
            self.pos = match.end()
        else:
            return atom
        node = Node(REPEAT)
        node.children = [atom]
        node.minimum = low
        node.maximum = high
        node.greedy = not self.eat("?")
        node.first_group = groups_before + 1
        node.groups = list(range(groups_before + 1, self.group_count + 1))
        return node

    # --- Atom ------------------------------------------------------------------------------

    def atom(self) -> Node:
        c = self.peek()
        if c == ".":
            self.pos += 1
            # §22.2.2.7 Atom :: . : AllCharacters, without the line terminators unless dotAll.
            characters = all_characters(self.ignore_case)
            if not self.dot_all:
                characters = difference(characters, LINE_TERMINATORS)
            return self.matcher_set(characters)
        if c == "\\":
            return self.atom_escape()
        if c == "[":
            return self.class_node(self.class_set_expression())
        if c == "(":
            return self.group()
        if c in ("*", "+", "?"):
            raise self.error("nothing to repeat")
        if c in ("{", "}", "]"):
            raise self.error(f"a lone {c!r} (write '\\{c}')")
        if c == "":
            raise self.error("unexpected end")
        self.pos += 1
        return self.pattern_character(ord(c))

    def pattern_character(self, code_point: int) -> Node:
        folded = simple_case_folding(code_point) if self.ignore_case else code_point
        return self.matcher_set([(folded, folded)])

    def class_node(self, value: _ClassSet) -> Node:
        """§22.2.2.7 CompileAtom of a v-flag class: its strings longest first, then its single
        characters, then the empty string."""
        if not value.strings:
            return self.matcher_set(value.ranges)
        alternatives: list[Node] = []
        for string in sorted(value.strings, key=lambda s: (-len(s), s)):
            if string and not self.ignore_case:
                alternatives.append(_string(string))
            elif string:
                alternatives.append(
                    _sequence([self.matcher_set([(ord(c), ord(c))]) for c in string])
                )
        if value.ranges:
            alternatives.append(self.matcher_set(value.ranges))
        if "" in value.strings:
            alternatives.append(Node(EMPTY))
        if len(alternatives) == 1:
            return alternatives[0]
        node = Node(ALTERNATION)
        node.children = alternatives
        return node

    def group(self) -> Node:
        start = self.pos
        self.pos += 1  # "("
        if self.eat("?:"):
            inner = self.disjunction()
            if not self.eat(")"):
                raise self.error("a group without its ')'", start)
            return inner
        if self.peek() == "?" and self.peek(1) == "<":
            # A named group (?<name>...): names are kept for \k.
            self.pos += 2
            end = self.source.find(">", self.pos)
            name = _group_name(self.source[self.pos : end]) if end >= 0 else None
            if name is None:
                raise self.error("an invalid group name", start)
            path = tuple(self.path)
            for other in self.name_paths.get(name, []):
                # §22.2.1.1 Static Semantics: Early Errors, MightBothParticipate: a name may
                # be used again only in another alternative of a disjunction around both.
                if not _in_other_alternatives(path, other):
                    raise self.error(f"the group name {name!r} appears twice", start)
            self.name_paths.setdefault(name, []).append(path)
            self.pos = end + 1
            self.group_count += 1
            return self.capturing_group(self.group_count, start)
        if self.peek() == "?":
            return self.modifiers_group(start)
        self.group_count += 1
        return self.capturing_group(self.group_count, start)

    def capturing_group(self, number: int, start: int) -> Node:
        node = Node(GROUP)
        node.index = number
        node.children = [self.disjunction()]
        if not self.eat(")"):
            raise self.error("a group without its ')'", start)
        return node

    def modifiers_group(self, start: int) -> Node:
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
        if "s" in flags:
            self.dot_all = "s" in adding
        if "m" in flags:
            self.multiline = "m" in adding
        if "i" in flags:
            self.ignore_case = "i" in adding
        inner = self.disjunction()
        if not self.eat(")"):
            raise self.error("a group without its ')'", start)
        self.ignore_case, self.dot_all, self.multiline = saved
        return inner

    def backreference(self, *numbers: int) -> Node:
        self.has_backreference = True
        node = Node(BACKREFERENCE)
        node.groups = list(numbers)
        node.ignore_case = self.ignore_case
        return node

    def atom_escape(self) -> Node:
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
            return self.backreference(number)
        if c == "k":
            self.pos += 1
            end = self.source.find(">", self.pos)
            name = (
                _group_name(self.source[self.pos + 1 : end])
                if self.peek() == "<" and end > 0
                else None
            )
            if name is None or name not in self.name_numbers:
                raise self.error("an invalid named backreference", start)
            self.pos = end + 1
            # All the groups of that name, before or after (at most one takes part).
            return self.backreference(*self.name_numbers[name])
        class_escape = self.character_class_escape()
        if class_escape is not None:
            return self.matcher_set(class_escape)
        return self.pattern_character(self.character_escape(start, in_class=False))

    def character_class_escape(self) -> Ranges | None:
        """\\d \\D \\s \\S \\w \\W (§22.2.2.9 CharacterClassEscape), folded when ignoring case;
        \\p{...} and \\P{...} are refused."""
        c = self.peek()
        if c in ("d", "D", "s", "S", "w", "W"):
            self.pos += 1
            lower = c.lower()
            if lower == "d":
                ranges = DIGITS
            elif lower == "s":
                ranges = SPACE
            else:
                ranges = word_characters(self.ignore_case)
            ranges = maybe_simple_case_folding(ranges, self.ignore_case)
            if c == lower:
                return ranges
            return character_complement(ranges, self.ignore_case)
        if c in ("p", "P"):
            start = self.pos - 1
            match = _PROPERTY.match(self.source, self.pos + 1)
            if match is None:
                raise self.error(f"an invalid property escape '\\{c}'", start)
            try:
                ranges = property_ranges(match.group(1), match.group(2))
            except UnicodePropertyError as error:
                raise self.error(str(error), start) from None
            self.pos = match.end()
            # §22.2.2.9: MaybeSimpleCaseFolding of the property's code points; \P{...} is
            # the CharacterComplement of that.
            ranges = maybe_simple_case_folding(ranges, self.ignore_case)
            if c == "p":
                return ranges
            return character_complement(ranges, self.ignore_case)
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
            value, self.pos = _unicode_escape(self.source, self.pos)
            if value < 0:
                raise self.error("an invalid '\\u' escape", start)
            return value
        if c in _SYNTAX_CHARACTERS or (in_class and c == "-"):
            self.pos += 1
            return ord(c)
        if in_class and c in _CLASS_SET_RESERVED_PUNCTUATORS:
            self.pos += 1
            return ord(c)
        raise self.error(f"an invalid escape '\\{c}'", start)

    # --- v-flag character classes (§22.2.1 ClassSetExpression) -------------------------------

    def class_set_expression(self) -> _ClassSet:
        start = self.pos
        self.pos += 1  # "["
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(f"classes nested too deeply (refused: more than {MAX_NESTING} levels)")
        negated = self.eat("^")
        value = self.class_contents(start)
        self.depth -= 1
        if not self.eat("]"):
            raise self.error("a character class without its ']'", start)
        if negated:
            if value.strings:
                raise self.error("a negated class cannot hold strings", start)
            # §22.2.2.9 CharacterComplement, of the folded set when ignoring case.
            return _ClassSet(character_complement(value.ranges, self.ignore_case))
        return value

    def class_contents(self, start: int) -> _ClassSet:
        if self.peek() == "]":
            return _ClassSet([])
        first_start = self.pos
        first, first_is_range = self.class_union_item()
        if self.source.startswith("&&", self.pos) or self.source.startswith("--", self.pos):
            if first_is_range:
                raise self.error("a range cannot be an operand of '&&' or '--'", first_start)
            operator = self.source[self.pos : self.pos + 2]
            result = first
            while self.eat(operator):
                if self.peek() in ("&", "-") and operator[0] == self.peek():
                    raise self.error(f"an invalid '{operator}' in a class")
                operand = self.class_set_operand()
                if operator == "&&":
                    result = _ClassSet(
                        intersection(result.ranges, operand.ranges),
                        result.strings & operand.strings
                        | {s for s in result.strings if len(s) == 1 and _in(s, operand.ranges)},
                    )
                else:
                    result = _ClassSet(
                        difference(result.ranges, operand.ranges),
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
        return _ClassSet(normalize(ranges), strings)

    def class_union_item(self) -> tuple[_ClassSet, bool]:
        """A ClassSetRange or a ClassSetOperand; (its folded value, whether it was a range)."""
        start = self.pos
        if self.peek() in ("[",) or (self.peek() == "\\" and self.peek(1) in "dDsSwWqpP"):
            return self.class_set_operand(), False
        low = self.class_set_character()
        if self.peek() == "-" and self.peek(1) != "-":
            self.pos += 1
            high = self.class_set_character()
            if high < low:
                raise self.error("a range out of order in a character class", start)
            return _ClassSet(maybe_simple_case_folding([(low, high)], self.ignore_case)), True
        return _ClassSet(maybe_simple_case_folding([(low, low)], self.ignore_case)), False

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
        return _ClassSet(maybe_simple_case_folding([(value, value)], self.ignore_case))

    def class_string_disjunction(self) -> _ClassSet:
        start = self.pos
        self.pos += 2  # "\q"
        if not self.eat("{"):
            raise self.error("an invalid '\\q' escape", start)
        strings: set[str] = set()
        ranges: Ranges = []
        current: list[int] = []
        while True:
            c = self.peek()
            if c == "":
                raise self.error("a '\\q{' without its '}'", start)
            if c == "}" or c == "|":
                self.pos += 1
                strings.add(self.folded_string(current))
                current = []
                if c == "}":
                    break
                continue
            if c == "\\":
                self.pos += 1
                current.append(self.character_escape(self.pos - 1, in_class=True))
                continue
            if c in _CLASS_SET_SYNTAX_CHARACTERS:
                raise self.error(f"{c!r} must be escaped in '\\q{{}}'")
            self.pos += 1
            current.append(ord(c))
        for s in list(strings):
            if len(s) == 1:
                strings.discard(s)
                ranges.append((ord(s), ord(s)))
        return _ClassSet(normalize(ranges), strings)

    def folded_string(self, code_points: list[int]) -> str:
        if self.ignore_case:
            return "".join(chr(simple_case_folding(c)) for c in code_points)
        return "".join(chr(c) for c in code_points)

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


def _unicode_escape(source: str, pos: int) -> tuple[int, int]:
    """``\\u`` escapes at ``pos`` (the "u"): (code point, position after), or (-1, pos)."""
    match = _CODE_POINT_ESCAPE.match(source, pos)
    if match is not None:
        value = int(match.group(1), 16)
        if value > MAX_CODE_POINT:
            return -1, pos
        return value, match.end()
    match = _UNICODE_ESCAPE.match(source, pos)
    if match is None:
        return -1, pos
    value = int(match.group(1), 16)
    end = match.end()
    if 0xD800 <= value <= 0xDBFF:
        trail = _TRAIL_SURROGATE_ESCAPE.match(source, end)
        if trail is not None:
            low = int(trail.group(1), 16)
            return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), trail.end()
    return value, end


def _in_other_alternatives(
    path: tuple[tuple[int, int], ...], other: tuple[tuple[int, int], ...]
) -> bool:
    """Whether two places are in different alternatives of one disjunction."""
    for here, there in zip(path, other, strict=False):
        if here != there:
            return here[0] == there[0]
    return False


def _in(s: str, ranges: Ranges) -> bool:
    return contains(ranges, ord(s))


def _is_identifier_character(c: str, first: bool) -> bool:
    """ECMAScript's IdentifierStartChar / IdentifierPartChar (ID_Start, ID_Continue, "$",
    "_", ZWNJ, ZWJ)."""
    if c == "$" or c == "_":
        return True
    if first:
        return is_id_start(c)
    return c in "\u200c\u200d" or is_id_continue(c)


def _group_name(text: str) -> str | None:
    """§22.2.1 RegExpIdentifierName: the name ``text`` spells (its ``\\u`` escapes read), or
    None when it is not one."""
    name: list[str] = []
    pos = 0
    while pos < len(text):
        c = text[pos]
        if c == "\\":
            if not text.startswith("u", pos + 1):
                return None
            value, end = _unicode_escape(text, pos + 1)
            if value < 0 or 0xD800 <= value <= 0xDFFF:
                return None
            c = chr(value)
            pos = end
        else:
            pos += 1
        if not _is_identifier_character(c, not name):
            return None
        name.append(c)
    return "".join(name) if name else None


def parse_regexp(source: str, ignore_case: bool = False) -> ParsedRegExp:
    """The tree of the ECMAScript RegExp ``source`` with the ``v`` flag (and ``i`` when
    ``ignore_case``). Raises RegExpSyntaxError."""
    return _Parser(source, ignore_case).parse()
