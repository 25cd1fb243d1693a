"""Matching an ECMAScript regular expression (a ``regexp_syntax`` tree) as ECMA-262 §22.2.2
(Pattern Semantics) defines it, in time proportional to input length × pattern size when the
pattern has no backreference.

The tree is compiled into a program for a backtracking machine that takes the alternatives in
ECMAScript's order (§22.2.2.3 alternatives left to right, §22.2.2.3.1 RepeatMatcher: greedy
repeats try one more iteration first, lazy ones one fewer), so the first match it finds is the
one ECMAScript returns, with the same captures:

* each iteration of a repeat clears the captures of the groups inside it (RepeatMatcher
  step 4); an iteration beyond the minimum that matches the empty string fails (step 2.b: the
  machine records where the iteration began and checks it at its end);
* a lookbehind's body runs right to left (§22.2.2.4: its sequences are compiled backwards, its
  backreferences read the text before the position), a group in it captures from its left end;
* a backreference to a group that has not matched matches the empty string (§22.2.2.7.2);
  with ignoreCase it compares the characters' simple case foldings;
* a lookaround is atomic: once its body matched, nothing backtracks into it.

Linear time (Davis, Servant, Lee, "Using Selective Memoization to Defeat Regular Expression
Denial of Service (ReDoS)", IEEE S&P 2021): without backreferences, whether the machine can
reach a match from an instruction at a position does not depend on the path that led there,
except through the empty-iteration checks, which only ask whether the enclosing iterations
began at this very position. So the machine remembers each (choice instruction, position,
number of enclosing iterations that began here) it has left without a match, and never
explores one twice: at most program size × (input length + 1) × (nesting depth + 1) states,
each left after a number of steps bounded by the program size. A repeat of a single character
class runs as one instruction whose positions are remembered the same way.

A lookaround's body runs on its own, with a memory of its own (a state it left on the way to
its match did not fail); its outcome at each position is remembered for the match. Each run
of a body is linear, but the body may run at every position: a pattern with a lookaround may
take time quadratic in the input. With a backreference the outcome depends on the captures, so
nothing is remembered and the matcher may backtrack. For both ``Matcher.may_backtrack`` is
True, and a match of such a pattern that takes more than ``MATCH_STEP_LIMIT`` steps raises
:class:`URLPatternMatchLimitError`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Final

from urlspec.urlpattern.errors import URLPatternMatchLimitError
from urlspec.urlpattern.regexp_charset import Ranges, simple_case_folding
from urlspec.urlpattern.regexp_syntax import (
    ALTERNATION,
    ASSERTION,
    BACKREFERENCE,
    CHARACTER,
    EMPTY,
    END,
    END_OF_LINE,
    GROUP,
    LOOKAROUND,
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
)

__all__ = ["MATCH_STEP_LIMIT", "MAX_PROGRAM_SIZE", "Matcher", "compile_matcher"]

#: The steps a match of a pattern with a backreference may take before it is refused.
MATCH_STEP_LIMIT: Final = 1_000_000
#: The largest program a regular expression may compile to (counted repeats of groups are
#: written out once per iteration); beyond it the regular expression is refused.
MAX_PROGRAM_SIZE: Final = 100_000

# Instructions.
_CHAR: Final = 0  # a: character set; consume one character of it
_CHAR_BACK: Final = 1
_SPLIT: Final = 2  # a: first choice, b: second choice
_JUMP: Final = 3  # a: target
_SAVE: Final = 4  # a: slot
_RESET: Final = 5  # a: first slot, b: end slot (cleared)
_MARK: Final = 6  # a: register; an iteration begins here
_CHECK: Final = 7  # a: register; fail if the iteration matched the empty string
_ASSERT: Final = 8  # a: assertion kind, b: word character set
_LOOK: Final = 9  # a: body's first instruction, b: 1 behind + 2 negated, c: lookaround number
_BACKREF: Final = 10  # a: its groups (backreference_groups), b: 1 if ignoring case
_BACKREF_BACK: Final = 11
_RUN: Final = 12  # a: character set, b: minimum, c: maximum (-1: none); greedy
_RUN_LAZY: Final = 13
_MEMO: Final = 14  # a state remembered (after a run)
_MATCH: Final = 15
_SUCCEED: Final = 16  # the end of a lookaround's body
_STRING: Final = 17  # a: string; consume it
_STRING_BACK: Final = 18

# Backtracking stack frames.
_F_ALTERNATIVE: Final = 0  # (kind, pc, pos, 0)
_F_RESTORE: Final = 1  # (kind, slot, old value, 0)
_F_GREEDY: Final = 2  # (kind, run pc, lowest end, next end to try)
_F_LAZY: Final = 3  # (kind, run pc, start, next end to try)
#: The guard of a run followed by the end of the input (a non-character).
_END_OF_INPUT: Final = "\uffff\uffff"
_F_LAZY_GUIDED: Final = 4  # (kind, run pc, end of the run, index of the end just tried)


class _CharacterSet:
    """A set of code points, tested on one character: a small set of characters, the
    complement of one, or sorted ranges."""

    __slots__ = ("characters", "ends", "kind", "starts")

    def __init__(self, ranges: Ranges) -> None:
        size = sum(hi - lo + 1 for lo, hi in ranges)
        self.characters: frozenset[str] = frozenset()
        self.starts: list[int] = [lo for lo, _ in ranges]
        self.ends: list[int] = [hi for _, hi in ranges]
        if size <= 256:
            self.kind = 0
            self.characters = frozenset(chr(c) for lo, hi in ranges for c in range(lo, hi + 1))
            return
        outside = 0x110000 - size
        if outside <= 256:
            self.kind = 1
            members: set[str] = set()
            previous = 0
            for lo, hi in ranges:
                members.update(chr(c) for c in range(previous, lo))
                previous = hi + 1
            members.update(chr(c) for c in range(previous, 0x110000))
            self.characters = frozenset(members)
            return
        self.kind = 2

    def has(self, c: str) -> bool:
        kind = self.kind
        if kind == 0:
            return c in self.characters
        if kind == 1:
            return c not in self.characters
        value = ord(c)
        index = bisect_right(self.starts, value) - 1
        return index >= 0 and value <= self.ends[index]


class _MatchState:
    """What one match remembers besides the states it left: the outcome of each lookaround at
    each position (``looks``), and where characters occur in the text (``occurrences``)."""

    __slots__ = ("looks", "occurrences", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.looks: dict[int, list[int] | None] = {}
        self.occurrences: dict[str, list[int]] = {}

    def positions(self, characters: str) -> list[int]:
        """The positions of the text holding one of ``characters``, ascending (found once per
        match: the runs below look them up instead of scanning again)."""
        found = self.occurrences.get(characters)
        if found is None:
            found = []
            text = self.text
            for c in characters:
                index = text.find(c)
                while index >= 0:
                    found.append(index)
                    index = text.find(c, index + 1)
            if len(characters) > 1:
                found.sort()
            self.occurrences[characters] = found
        return found


def _nullable(node: Node) -> bool:
    """Whether the node may match the empty string (erring towards yes)."""
    kind = node.kind
    if kind == CHARACTER:
        return False
    if kind == STRING:
        return node.text == ""
    if kind == SEQUENCE:
        return all(_nullable(child) for child in node.children)
    if kind == ALTERNATION:
        return any(_nullable(child) for child in node.children)
    if kind == GROUP:
        return _nullable(node.children[0])
    if kind == REPEAT:
        return node.minimum == 0 or _nullable(node.children[0])
    return True


class _Compiler:
    def __init__(self, parsed: ParsedRegExp) -> None:
        self.ops: list[int] = []
        self.arg_a: list[int] = []
        self.arg_b: list[int] = []
        self.arg_c: list[int] = []
        self.enclosing: list[tuple[int, ...]] = []
        self.sets: list[_CharacterSet] = []
        self.strings: list[str] = []
        self.backreference_groups: list[list[int]] = []
        self.set_numbers: dict[tuple[tuple[int, int], ...], int] = {}
        self.capture_slots = 2 * (parsed.group_count + 1)
        self.registers = 0
        self.open_registers: list[int] = []
        self.lookarounds: list[tuple[int, Node]] = []
        self.lookaround_count = 0
        # Each lookaround's capture slots (its groups'): first, end.
        self.lookaround_slots: list[tuple[int, int]] = []

    def emit(self, op: int, a: int = 0, b: int = 0, c: int = 0) -> int:
        pc = len(self.ops)
        if pc >= MAX_PROGRAM_SIZE:
            raise RegExpSyntaxError(
                f"the regular expression is too large to match (refused: more than"
                f" {MAX_PROGRAM_SIZE:,} instructions, from counted repetitions)",
                0,
            )
        self.ops.append(op)
        self.arg_a.append(a)
        self.arg_b.append(b)
        self.arg_c.append(c)
        self.enclosing.append(tuple(reversed(self.open_registers)))
        return pc

    def patch(self, pc: int, a: int, b: int) -> None:
        self.arg_a[pc] = a
        self.arg_b[pc] = b

    def set_number(self, ranges: Ranges) -> int:
        key = tuple(ranges)
        number = self.set_numbers.get(key)
        if number is None:
            number = len(self.sets)
            self.sets.append(_CharacterSet(ranges))
            self.set_numbers[key] = number
        return number

    def compile(self, root: Node) -> None:
        self.node(root, False)
        self.emit(_MATCH)
        while self.lookarounds:
            pc, node = self.lookarounds.pop()
            saved = self.open_registers
            self.open_registers = []
            self.arg_a[pc] = len(self.ops)
            self.node(node.children[0], node.behind)
            self.emit(_SUCCEED)
            self.open_registers = saved

    def node(self, node: Node, backward: bool) -> None:
        kind = node.kind
        if kind == EMPTY:
            return
        if kind == CHARACTER:
            self.emit(_CHAR_BACK if backward else _CHAR, self.set_number(node.ranges))
        elif kind == STRING:
            self.strings.append(node.text)
            self.emit(_STRING_BACK if backward else _STRING, len(self.strings) - 1)
        elif kind == SEQUENCE:
            for child in reversed(node.children) if backward else node.children:
                self.node(child, backward)
        elif kind == ALTERNATION:
            jumps: list[int] = []
            children = node.children
            for index, child in enumerate(children):
                if index < len(children) - 1:
                    split = self.emit(_SPLIT)
                    self.node(child, backward)
                    jumps.append(self.emit(_JUMP))
                    self.patch(split, split + 1, len(self.ops))
                else:
                    self.node(child, backward)
            for jump in jumps:
                self.arg_a[jump] = len(self.ops)
        elif kind == GROUP:
            start, end = 2 * node.index, 2 * node.index + 1
            self.emit(_SAVE, end if backward else start)
            self.node(node.children[0], backward)
            self.emit(_SAVE, start if backward else end)
        elif kind == REPEAT:
            self.repeat(node, backward)
        elif kind == ASSERTION:
            self.emit(_ASSERT, node.assertion, self.set_number(node.ranges))
        elif kind == LOOKAROUND:
            self.lookaround_count += 1
            self.lookaround_slots.append(
                (2 * node.first_group, 2 * (node.first_group + len(node.groups)))
            )
            flags = (1 if node.behind else 0) + (2 if node.negated else 0)
            pc = self.emit(_LOOK, 0, flags, self.lookaround_count - 1)
            self.lookarounds.append((pc, node))
        elif kind == BACKREFERENCE:
            op = _BACKREF_BACK if backward else _BACKREF
            self.backreference_groups.append(node.groups)
            self.emit(op, len(self.backreference_groups) - 1, 1 if node.ignore_case else 0)

    def repeat(self, node: Node, backward: bool) -> None:
        """§22.2.2.3.1 RepeatMatcher, written out: the mandatory iterations one after the
        other, then a loop (no maximum) or nested optional iterations."""
        child = node.children[0]
        minimum, maximum = node.minimum, node.maximum
        if maximum == 0:
            return
        if child.kind == CHARACTER and not backward:
            # A run of one character set: no captures, never empty.
            self.emit(
                _RUN if node.greedy else _RUN_LAZY, self.set_number(child.ranges), minimum, maximum
            )
            self.emit(_MEMO)
            return
        reset_first = 2 * node.first_group
        reset_end = 2 * (node.first_group + len(node.groups))
        if minimum > MAX_PROGRAM_SIZE or (
            maximum != UNBOUNDED and maximum - minimum > MAX_PROGRAM_SIZE
        ):
            raise RegExpSyntaxError(
                f"a counted repetition of more than {MAX_PROGRAM_SIZE:,} iterations of a group"
                " (refused: it would be written out once per iteration)",
                0,
            )
        for _ in range(minimum):
            if node.groups:
                self.emit(_RESET, reset_first, reset_end)
            self.node(child, backward)
        if maximum == minimum:
            return
        nullable = _nullable(child)
        register = self.capture_slots + self.registers
        self.registers += 1
        if maximum == UNBOUNDED:
            head = self.emit(_SPLIT)
            self.iteration(node, child, register, nullable, reset_first, reset_end, backward)
            self.emit(_JUMP, head)
            body, exit = head + 1, len(self.ops)
            self.patch(head, body if node.greedy else exit, exit if node.greedy else body)
            return
        splits: list[int] = []
        for _ in range(maximum - minimum):
            splits.append(self.emit(_SPLIT))
            self.iteration(node, child, register, nullable, reset_first, reset_end, backward)
        exit = len(self.ops)
        for split in splits:
            body = split + 1
            self.patch(split, body if node.greedy else exit, exit if node.greedy else body)

    def iteration(
        self,
        node: Node,
        child: Node,
        register: int,
        nullable: bool,
        reset_first: int,
        reset_end: int,
        backward: bool,
    ) -> None:
        """One iteration beyond the minimum: it may not match the empty string."""
        if nullable:
            self.emit(_MARK, register)
            self.open_registers.append(register)
        if node.groups:
            self.emit(_RESET, reset_first, reset_end)
        self.node(child, backward)
        if nullable:
            self.open_registers.pop()
            self.emit(_CHECK, register)


class Matcher:
    """A compiled regular expression: ``match(text)`` runs it anchored at the start of
    ``text`` (the URLPattern regular expressions begin with ``^`` and end with ``$``)."""

    __slots__ = (
        "arg_a",
        "arg_b",
        "arg_c",
        "backreference_groups",
        "enclosing",
        "group_count",
        "has_backreference",
        "lookaround_count",
        "lookaround_slots",
        "may_backtrack",
        "ops",
        "required_prefix",
        "required_suffix",
        "run_excluded",
        "run_guards",
        "sets",
        "slot_count",
        "steps",
        "strings",
    )

    def __init__(self, parsed: ParsedRegExp) -> None:
        compiler = _Compiler(parsed)
        compiler.compile(parsed.root)
        # Text every match begins or ends with (``^abc...``, ``...abc$``): an input without it
        # fails at once.
        self.required_prefix = ""
        self.required_suffix = ""
        root = parsed.root
        if root.kind == SEQUENCE and len(root.children) >= 2:
            first, second = root.children[0], root.children[1]
            if first.kind == ASSERTION and first.assertion == START and second.kind == STRING:
                self.required_prefix = second.text
            last, before = root.children[-1], root.children[-2]
            if last.kind == ASSERTION and last.assertion == END and before.kind == STRING:
                self.required_suffix = before.text
        self.ops = compiler.ops
        self.arg_a = compiler.arg_a
        self.arg_b = compiler.arg_b
        self.arg_c = compiler.arg_c
        self.enclosing = compiler.enclosing
        self.sets = compiler.sets
        self.strings = compiler.strings
        self.backreference_groups = compiler.backreference_groups
        self.group_count = parsed.group_count
        self.slot_count = compiler.capture_slots + compiler.registers
        self.lookaround_count = compiler.lookaround_count
        self.lookaround_slots = compiler.lookaround_slots
        #: Whether a match may take more than linear time (the pattern has a backreference).
        self.has_backreference = parsed.has_backreference
        #: Whether a match may take more than linear time: a backreference or a lookaround.
        self.may_backtrack = parsed.has_backreference or parsed.has_lookaround
        # For a run of a set that excludes a few characters followed by a given character:
        # the characters that end the run and that one (see guided_run).
        self.run_excluded: list[str] = [""] * len(self.ops)
        self.run_guards: list[str] = [""] * len(self.ops)
        for pc, op in enumerate(self.ops):
            if op in (_RUN, _RUN_LAZY):
                self.guide(pc)
        #: The steps the last match took (for tests of the growth of the work).
        self.steps = 0

    def guide(self, pc: int) -> None:
        """Find what lets the run at ``pc`` skip to the ends where what follows can match:
        the run's set is everything but a few characters (``[^/]``, ``.``), and what follows
        (after the run's _MEMO and any _SAVE) begins with one given character."""
        character_set = self.sets[self.arg_a[pc]]
        if character_set.kind != 1 or len(character_set.characters) > 4:
            return
        after = pc + 2
        while self.ops[after] == _SAVE:
            after += 1
        guard = ""
        if self.ops[after] == _ASSERT and self.arg_a[after] == END:
            guard = _END_OF_INPUT
        elif self.ops[after] == _STRING:
            guard = self.strings[self.arg_a[after]][0]
        elif self.ops[after] == _CHAR:
            following = self.sets[self.arg_a[after]]
            if following.kind == 0 and len(following.characters) == 1:
                guard = next(iter(following.characters))
        if guard:
            self.run_guards[pc] = guard
            self.run_excluded[pc] = "".join(sorted(character_set.characters))

    def run_end(self, pc: int, pos: int, state: _MatchState) -> int:
        """Where the run at ``pc`` from ``pos`` must end: the first character out of its set,
        or its maximum."""
        excluded = state.positions(self.run_excluded[pc])
        index = bisect_left(excluded, pos)
        end = excluded[index] if index < len(excluded) else len(state.text)
        maximum = self.arg_c[pc]
        if 0 <= maximum < end - pos:
            end = pos + maximum
        return end

    def possible(self, text: str) -> bool:
        """Whether the text has what every match has (its required prefix and suffix)."""
        return text.startswith(self.required_prefix) and text.endswith(self.required_suffix)

    def match(self, text: str, prefilter: bool = True) -> list[str | None] | None:
        """The captures of the match at the start of ``text`` (index 0 is the whole match), or
        None. ``prefilter`` False runs the machine even on a text without the required prefix
        or suffix (for tests of its work)."""
        self.steps = 0
        if prefilter and not self.possible(text):
            return None
        slots = [-1] * self.slot_count
        visited: set[int] | None = None if self.has_backreference else set()
        end = self.run(text, 0, 0, slots, visited, _MatchState(text))
        if end < 0:
            return None
        slots[0] = 0
        slots[1] = end
        result: list[str | None] = []
        for group in range(self.group_count + 1):
            start, stop = slots[2 * group], slots[2 * group + 1]
            result.append(None if start < 0 or stop < 0 else text[start:stop])
        return result

    def test(self, text: str) -> bool:
        self.steps = 0
        if not self.possible(text):
            return False
        slots = [-1] * self.slot_count
        visited: set[int] | None = None if self.has_backreference else set()
        return self.run(text, 0, 0, slots, visited, _MatchState(text)) >= 0

    def seen(self, pc: int, pos: int, size: int, slots: list[int], visited: set[int]) -> bool:
        """Whether the state was explored before (then it led to no match); remembers it. The
        state: instruction, position, and how many of the enclosing iterations began at this
        position."""
        began = 0
        for register in self.enclosing[pc]:
            if slots[register] != pos:
                break
            began += 1
        key = (began * len(self.ops) + pc) * (size + 1) + pos
        if key in visited:
            return True
        visited.add(key)
        return False

    def run(
        self,
        text: str,
        pc: int,
        pos: int,
        slots: list[int],
        visited: set[int] | None,
        state: _MatchState,
    ) -> int:
        """Run from ``pc`` at ``pos`` until _MATCH or _SUCCEED: the end position (``slots``
        then hold the captures of that path), or -1."""
        ops = self.ops
        arg_a = self.arg_a
        arg_b = self.arg_b
        arg_c = self.arg_c
        sets = self.sets
        size = len(text)
        stack: list[tuple[int, int, int, int]] = []
        steps = self.steps
        limit = MATCH_STEP_LIMIT if self.may_backtrack else -1
        while True:
            steps += 1
            op = ops[pc]
            failed = False
            if op == _CHAR:
                if pos < size and sets[arg_a[pc]].has(text[pos]):
                    pos += 1
                    pc += 1
                else:
                    failed = True
            elif op == _SPLIT:
                if visited is not None and self.seen(pc, pos, size, slots, visited):
                    failed = True
                else:
                    stack.append((_F_ALTERNATIVE, arg_b[pc], pos, 0))
                    pc = arg_a[pc]
            elif op == _JUMP:
                pc = arg_a[pc]
            elif op == _SAVE:
                slot = arg_a[pc]
                stack.append((_F_RESTORE, slot, slots[slot], 0))
                slots[slot] = pos
                pc += 1
            elif op in (_RUN, _RUN_LAZY) and self.run_guards[pc]:
                # A run followed by a given character: only the ends where that character
                # stands can lead to a match (the others fail at it), so go from one to the next.
                guard = self.run_guards[pc]
                end = self.run_end(pc, pos, state)
                lowest = pos + arg_b[pc]
                remember = visited is not None and arg_c[pc] < 0
                if lowest > end:
                    failed = True
                elif guard == _END_OF_INPUT:
                    # Followed by the end of the input: the run must reach it.
                    if end != size or (
                        remember
                        and visited is not None
                        and self.seen(pc, end, size, slots, visited)
                    ):
                        failed = True
                    else:
                        pos = end
                        pc += 1
                else:
                    guards = state.positions(guard)
                    index = bisect_left(guards, lowest)
                    if op == _RUN_LAZY:
                        if (
                            index >= len(guards)
                            or guards[index] > end
                            or (
                                remember
                                and visited is not None
                                and self.seen(pc, guards[index], size, slots, visited)
                            )
                        ):
                            failed = True
                        else:
                            stack.append((_F_LAZY_GUIDED, pc, end, index))
                            pos = guards[index]
                            pc += 1
                    else:
                        # Greedy: the ends from the last; each remembered (see _RUN below).
                        first = index
                        while index < len(guards) and guards[index] <= end:
                            steps += 1
                            if (
                                remember
                                and visited is not None
                                and self.seen(pc, guards[index], size, slots, visited)
                            ):
                                break
                            index += 1
                        if index == first:
                            failed = True
                        else:
                            for earlier in range(first, index - 1):
                                stack.append((_F_ALTERNATIVE, pc + 1, guards[earlier], 0))
                            pos = guards[index - 1]
                            pc += 1
            elif op in (_RUN, _RUN_LAZY):
                character_set = sets[arg_a[pc]]
                minimum = arg_b[pc]
                lowest = pos + minimum
                if lowest > size:
                    failed = True
                else:
                    while pos < lowest and character_set.has(text[pos]):
                        pos += 1
                        steps += 1
                    if pos < lowest:
                        failed = True
                if not failed:
                    maximum = arg_c[pc]
                    highest = size if maximum < 0 else min(size, lowest - minimum + maximum)
                    if op == _RUN:
                        # Greedy: the longest run first, then one fewer each time.
                        while pos < highest and character_set.has(text[pos]):
                            steps += 1
                            if (
                                visited is not None
                                and maximum < 0
                                and self.seen(pc, pos, size, slots, visited)
                            ):
                                break
                            pos += 1
                        if pos > lowest:
                            stack.append((_F_GREEDY, pc, lowest, pos - 1))
                        pc += 1
                    else:
                        if (
                            visited is not None
                            and maximum < 0
                            and self.seen(pc, pos, size, slots, visited)
                        ):
                            failed = True
                        else:
                            if pos < highest:
                                stack.append((_F_LAZY, pc, lowest - minimum, pos))
                            pc += 1
            elif op == _MEMO:
                if visited is not None and self.seen(pc, pos, size, slots, visited):
                    failed = True
                else:
                    pc += 1
            elif op in (_MATCH, _SUCCEED):
                self.steps = steps
                return pos
            elif op == _STRING:
                string = self.strings[arg_a[pc]]
                if text.startswith(string, pos):
                    pos += len(string)
                    pc += 1
                else:
                    failed = True
            elif op == _CHAR_BACK:
                if pos > 0 and sets[arg_a[pc]].has(text[pos - 1]):
                    pos -= 1
                    pc += 1
                else:
                    failed = True
            elif op == _STRING_BACK:
                string = self.strings[arg_a[pc]]
                if pos >= len(string) and text.startswith(string, pos - len(string)):
                    pos -= len(string)
                    pc += 1
                else:
                    failed = True
            elif op == _RESET:
                for slot in range(arg_a[pc], arg_b[pc]):
                    if slots[slot] != -1:
                        stack.append((_F_RESTORE, slot, slots[slot], 0))
                        slots[slot] = -1
                pc += 1
            elif op == _MARK:
                slot = arg_a[pc]
                stack.append((_F_RESTORE, slot, slots[slot], 0))
                slots[slot] = pos
                pc += 1
            elif op == _CHECK:
                if slots[arg_a[pc]] == pos:
                    failed = True
                else:
                    pc += 1
            elif op == _ASSERT:
                if self.assertion(arg_a[pc], sets[arg_b[pc]], text, pos):
                    pc += 1
                else:
                    failed = True
            elif op == _LOOK:
                self.steps = steps
                if self.lookaround(pc, text, pos, slots, visited, state, stack):
                    pc += 1
                else:
                    failed = True
                steps = self.steps
            else:  # _BACKREF, _BACKREF_BACK
                new_pos = self.backreference(op, arg_a[pc], arg_b[pc], text, pos, slots)
                if new_pos < 0:
                    failed = True
                else:
                    pos = new_pos
                    pc += 1
            if steps > limit >= 0:
                raise URLPatternMatchLimitError(
                    f"the match took more than {MATCH_STEP_LIMIT:,} steps (a regular expression"
                    " with a backreference or a lookaround)",
                    limit=MATCH_STEP_LIMIT,
                )
            if not failed:
                continue
            # Backtrack: undo captures up to the latest alternative and take it.
            while True:
                if not stack:
                    self.steps = steps
                    return -1
                frame, a, b, c = stack.pop()
                if frame == _F_RESTORE:
                    slots[a] = b
                    continue
                if frame == _F_ALTERNATIVE:
                    pc, pos = a, b
                    break
                if frame == _F_GREEDY:
                    # One fewer character of the run: continue at its end c.
                    if c > b:
                        stack.append((_F_GREEDY, a, b, c - 1))
                    pc, pos = a + 1, c
                    break
                steps += 1
                if frame == _F_LAZY_GUIDED:
                    # The next end of the run where its guard character stands.
                    guards = state.positions(self.run_guards[a])
                    index = c + 1
                    if (
                        index >= len(guards)
                        or guards[index] > b
                        or (
                            visited is not None
                            and arg_c[a] < 0
                            and self.seen(a, guards[index], size, slots, visited)
                        )
                    ):
                        continue
                    stack.append((_F_LAZY_GUIDED, a, b, index))
                    pc, pos = a + 1, guards[index]
                    break
                # _F_LAZY: one more character of the run, if it is in the set.
                character_set = sets[arg_a[a]]
                if not character_set.has(text[c]):
                    continue
                pos = c + 1
                maximum = arg_c[a]
                if visited is not None and maximum < 0 and self.seen(a, pos, size, slots, visited):
                    continue
                highest = size if maximum < 0 else min(size, b + maximum)
                if pos < highest:
                    stack.append((_F_LAZY, a, b, pos))
                pc = a + 1
                break

    def assertion(self, kind: int, word: _CharacterSet, text: str, pos: int) -> bool:
        """§22.2.2.6 Assertion."""
        if kind == START:
            return pos == 0
        if kind == END:
            return pos == len(text)
        if kind == START_OF_LINE:
            return pos == 0 or text[pos - 1] in "\n\r\u2028\u2029"
        if kind == END_OF_LINE:
            return pos == len(text) or text[pos] in "\n\r\u2028\u2029"
        before = pos > 0 and word.has(text[pos - 1])
        after = pos < len(text) and word.has(text[pos])
        return (before != after) == (kind == WORD_BOUNDARY)

    def lookaround(
        self,
        pc: int,
        text: str,
        pos: int,
        slots: list[int],
        visited: set[int] | None,
        state: _MatchState,
        stack: list[tuple[int, int, int, int]],
    ) -> bool:
        """§22.2.2.4 Lookaround: the body runs on its own (atomic); a positive one keeps the
        captures of its match, a negative one none."""
        flags = self.arg_b[pc]
        negated = flags & 2 != 0
        key = self.arg_c[pc] * (len(text) + 1) + pos
        looks = state.looks
        if visited is not None and key in looks:
            found = looks[key]
        else:
            inner = list(slots)
            # (a memory of its own: the states on the way to the body's match did not fail)
            inner_visited: set[int] | None = None if visited is None else set()
            end = self.run(text, self.arg_a[pc], pos, inner, inner_visited, state)
            found = inner if end >= 0 else None
            if visited is not None:
                looks[key] = found
        if negated:
            return found is None
        if found is None:
            return False
        first, end = self.lookaround_slots[self.arg_c[pc]]
        for slot in range(first, end):
            if found[slot] != slots[slot]:
                stack.append((_F_RESTORE, slot, slots[slot], 0))
                slots[slot] = found[slot]
        return True

    def backreference(
        self, op: int, groups: int, ignore_case: int, text: str, pos: int, slots: list[int]
    ) -> int:
        """§22.2.2.7.2 BackreferenceMatcher: the position after, or -1. Of the groups (one,
        or those of a duplicated name), the one that took part; none: the empty string."""
        start = end = -1
        for group in self.backreference_groups[groups]:
            if slots[2 * group] >= 0 and slots[2 * group + 1] >= 0:
                start, end = slots[2 * group], slots[2 * group + 1]
                break
        if start < 0:
            return pos
        length = end - start
        if op == _BACKREF:
            if pos + length > len(text):
                return -1
            candidate = text[pos : pos + length]
            new_pos = pos + length
        else:
            if pos - length < 0:
                return -1
            candidate = text[pos - length : pos]
            new_pos = pos - length
        captured = text[start:end]
        if candidate == captured:
            return new_pos
        if not ignore_case:
            return -1
        for a, b in zip(candidate, captured, strict=True):
            if simple_case_folding(ord(a)) != simple_case_folding(ord(b)):
                return -1
        return new_pos


def compile_matcher(parsed: ParsedRegExp) -> Matcher:
    """The matcher of a parsed regular expression; raises RegExpSyntaxError when its program
    would exceed MAX_PROGRAM_SIZE."""
    return Matcher(parsed)
