"""URLPattern §1.5 Internals (compile a component), §2.2 Converting part lists to regular
expressions and §2.3 Converting part lists to pattern strings.

https://urlpattern.spec.whatwg.org/#compile-a-component
"""

from __future__ import annotations

from typing import Final

from urlspec.url_record import SPECIAL_SCHEMES
from urlspec.urlpattern.canonicalize import escape_a_pattern_string
from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.parser import (
    FIXED_TEXT,
    FULL_WILDCARD,
    FULL_WILDCARD_REGEXP_VALUE,
    MODIFIER_NONE,
    MODIFIER_ONE_OR_MORE,
    MODIFIER_OPTIONAL,
    MODIFIER_ZERO_OR_MORE,
    REGEXP_PART,
    SEGMENT_WILDCARD,
    EncodingCallback,
    Options,
    Part,
    escape_a_regexp_string,
    generate_a_segment_wildcard_regexp,
    parse_a_pattern_string,
)
from urlspec.urlpattern.regexp import RegExp, RegExpSyntaxError, compile_regexp
from urlspec.urlpattern.tokenizer import is_valid_name_code_point

__all__ = [
    "MATCH_ANY",
    "MATCH_EXACT",
    "MATCH_REGEXP",
    "MATCH_SET",
    "Component",
    "compile_a_component",
    "convert_a_modifier_to_a_string",
    "generate_a_pattern_string",
    "generate_a_regular_expression_and_name_list",
    "hostname_pattern_is_an_ipv6_address",
    "protocol_component_matches_a_special_scheme",
]

#: How a component matches: anything (the pattern "*"), one exact string, or its regexp.
MATCH_ANY: Final = 0
MATCH_EXACT: Final = 1
MATCH_REGEXP: Final = 2
MATCH_SET: Final = 3

# A component of fixed text with at most this many optional parts ("http{s}?") matches one of
# at most 2**n strings, tested as a set.
_MAX_OPTIONAL_FIXED_PARTS: Final = 4


class Component:
    """§1.3 a component: pattern string, regular expression, group name list, has regexp
    groups; and the part list, encoding callback and options, kept for compare and generate.

    ``match_kind`` and ``exact`` are shortcuts that give the regular expression's answers
    without running it: MATCH_ANY for the pattern "*" (one full wildcard: every input matches,
    its one group is the whole input), MATCH_EXACT for fixed text only (the input must be
    ``exact``), MATCH_SET for fixed text with a few optional parts such as "http{s}?" (the
    input must be in ``exact_set``). The regular expression of such a component is compiled
    only when asked for (``regular_expression``); the others run it (``regexp.RegExp``:
    ECMAScript's answers, in linear time unless ``may_backtrack``).
    """

    __slots__ = (
        "_python",
        "_regular_expression",
        "encoding_callback",
        "exact",
        "exact_set",
        "group_name_list",
        "has_regexp_groups",
        "match_kind",
        "options",
        "part_list",
        "pattern_string",
        "regular_expression_string",
    )

    def __init__(
        self,
        pattern_string: str,
        regular_expression_string: str,
        regular_expression: RegExp | None,
        group_name_list: tuple[str, ...],
        has_regexp_groups: bool,
        part_list: tuple[Part, ...],
        match_kind: int,
        exact: str,
        encoding_callback: EncodingCallback,
        options: Options,
        exact_set: frozenset[str],
    ) -> None:
        self.pattern_string = pattern_string
        self.regular_expression_string = regular_expression_string
        self._regular_expression = regular_expression
        # The Python pattern the regular expression runs on, if it does (regexp.py).
        self._python = regular_expression.python if regular_expression is not None else None
        self.group_name_list = group_name_list
        self.has_regexp_groups = has_regexp_groups
        self.part_list = part_list
        self.match_kind = match_kind
        self.exact = exact
        self.encoding_callback = encoding_callback
        self.options = options
        self.exact_set = exact_set

    @property
    def regular_expression(self) -> RegExp:
        """The component's regular expression (ECMAScript's RegExp with the v flag)."""
        expression = self._regular_expression
        if expression is None:
            expression = compile_regexp(self.regular_expression_string, self.options.ignore_case)
            self._regular_expression = expression
        return expression

    @property
    def may_backtrack(self) -> bool:
        """Whether matching may take more than linear time (a backreference or a lookaround in
        a regexp group); such a match is refused past ``regexp_matcher.MATCH_STEP_LIMIT``
        steps."""
        expression = self._regular_expression
        return expression is not None and expression.may_backtrack

    def exec(self, input: str) -> dict[str, str | None] | None:
        """RegExpBuiltinExec and §1.5 create a component match result's groups, or None."""
        kind = self.match_kind
        if kind == MATCH_ANY:
            return {self.group_name_list[0]: input}
        if kind == MATCH_EXACT:
            return {} if input == self.exact else None
        if kind == MATCH_SET:
            return {} if input in self.exact_set else None
        match = self.regular_expression.match(input)
        if match is None:
            return None
        # §1.5 create a component match result: the name list's i-th name takes the
        # execution result's item i + 1 (whatever group that is).
        groups: dict[str, str | None] = {}
        index = 1
        for name in self.group_name_list:
            groups[name] = match[index] if index < len(match) else None
            index += 1
        return groups

    def test(self, input: str) -> bool:
        python = self._python
        if python is not None:
            return python.match(input) is not None
        kind = self.match_kind
        if kind == MATCH_ANY:
            return True
        if kind == MATCH_EXACT:
            return input == self.exact
        if kind == MATCH_SET:
            return input in self.exact_set
        return self.regular_expression.test(input)


def convert_a_modifier_to_a_string(modifier: str) -> str:
    """§2.2 convert a modifier to a string."""
    if modifier == MODIFIER_ZERO_OR_MORE:
        return "*"
    if modifier == MODIFIER_OPTIONAL:
        return "?"
    if modifier == MODIFIER_ONE_OR_MORE:
        return "+"
    return ""


def generate_a_regular_expression_and_name_list(
    part_list: list[Part], options: Options
) -> tuple[str, list[str]]:
    """§2.2 generate a regular expression and name list."""
    result = "^"
    name_list: list[str] = []
    for part in part_list:
        if part.type == FIXED_TEXT:
            if part.modifier == MODIFIER_NONE:
                result += escape_a_regexp_string(part.value)
            else:
                result += "(?:" + escape_a_regexp_string(part.value) + ")"
                result += convert_a_modifier_to_a_string(part.modifier)
            continue
        assert part.name != ""
        name_list.append(part.name)
        regexp_value = part.value
        if part.type == SEGMENT_WILDCARD:
            regexp_value = generate_a_segment_wildcard_regexp(options)
        elif part.type == FULL_WILDCARD:
            regexp_value = FULL_WILDCARD_REGEXP_VALUE
        if part.prefix == "" and part.suffix == "":
            if part.modifier in (MODIFIER_NONE, MODIFIER_OPTIONAL):
                result += "(" + regexp_value + ")" + convert_a_modifier_to_a_string(part.modifier)
            else:
                result += "((?:" + regexp_value + ")"
                result += convert_a_modifier_to_a_string(part.modifier) + ")"
            continue
        if part.modifier in (MODIFIER_NONE, MODIFIER_OPTIONAL):
            result += "(?:" + escape_a_regexp_string(part.prefix) + "(" + regexp_value + ")"
            result += escape_a_regexp_string(part.suffix) + ")"
            result += convert_a_modifier_to_a_string(part.modifier)
            continue
        assert part.modifier in (MODIFIER_ZERO_OR_MORE, MODIFIER_ONE_OR_MORE)
        assert part.prefix != "" or part.suffix != ""
        result += "(?:" + escape_a_regexp_string(part.prefix) + "((?:" + regexp_value + ")(?:"
        result += escape_a_regexp_string(part.suffix) + escape_a_regexp_string(part.prefix)
        result += "(?:" + regexp_value + "))*)" + escape_a_regexp_string(part.suffix) + ")"
        if part.modifier == MODIFIER_ZERO_OR_MORE:
            result += "?"
    result += "$"
    return result, name_list


def generate_a_pattern_string(part_list: list[Part], options: Options) -> str:
    """§2.3 generate a pattern string."""
    result = ""
    size = len(part_list)
    for index, part in enumerate(part_list):
        previous_part = part_list[index - 1] if index > 0 else None
        next_part = part_list[index + 1] if index < size - 1 else None
        if part.type == FIXED_TEXT:
            if part.modifier == MODIFIER_NONE:
                result += escape_a_pattern_string(part.value)
                continue
            result += "{" + escape_a_pattern_string(part.value) + "}"
            result += convert_a_modifier_to_a_string(part.modifier)
            continue
        custom_name = not part.name[0].isdigit() or not part.name[0].isascii()
        needs_grouping = part.suffix != "" or (
            part.prefix != "" and part.prefix != options.prefix_code_point
        )
        if (
            not needs_grouping
            and custom_name
            and part.type == SEGMENT_WILDCARD
            and part.modifier == MODIFIER_NONE
            and next_part is not None
            and next_part.prefix == ""
            and next_part.suffix == ""
        ):
            if next_part.type == FIXED_TEXT:
                needs_grouping = next_part.value != "" and is_valid_name_code_point(
                    next_part.value[0], False
                )
            else:
                needs_grouping = next_part.name[0].isdigit() and next_part.name[0].isascii()
        if (
            not needs_grouping
            and part.prefix == ""
            and previous_part is not None
            and previous_part.type == FIXED_TEXT
            and previous_part.value != ""
            and previous_part.value[-1] == options.prefix_code_point
        ):
            needs_grouping = True
        assert part.name != ""
        if needs_grouping:
            result += "{"
        result += escape_a_pattern_string(part.prefix)
        if custom_name:
            result += ":" + part.name
        if part.type == REGEXP_PART:
            result += "(" + part.value + ")"
        elif part.type == SEGMENT_WILDCARD and not custom_name:
            result += "(" + generate_a_segment_wildcard_regexp(options) + ")"
        elif part.type == FULL_WILDCARD:
            if not custom_name and (
                previous_part is None
                or previous_part.type == FIXED_TEXT
                or previous_part.modifier != MODIFIER_NONE
                or needs_grouping
                or part.prefix != ""
            ):
                result += "*"
            else:
                result += "(" + FULL_WILDCARD_REGEXP_VALUE + ")"
        if (
            part.type == SEGMENT_WILDCARD
            and custom_name
            and part.suffix != ""
            and is_valid_name_code_point(part.suffix[0], False)
        ):
            result += "\\"
        result += escape_a_pattern_string(part.suffix)
        if needs_grouping:
            result += "}"
        result += convert_a_modifier_to_a_string(part.modifier)
    return result


def compile_a_component(
    input: str, encoding_callback: EncodingCallback, options: Options, component: str
) -> Component:
    """§1.5 compile a component; ``component`` names it in errors."""
    try:
        part_list = parse_a_pattern_string(input, options, encoding_callback)
    except URLPatternError as parse_error:
        raise URLPatternError(
            parse_error.reason, component=component, position=parse_error.position
        ) from None
    regular_expression_string, name_list = generate_a_regular_expression_and_name_list(
        part_list, options
    )
    has_regexp_groups = any(part.type == REGEXP_PART for part in part_list)
    match_kind = MATCH_REGEXP
    exact = ""
    if (
        len(part_list) == 1
        and part_list[0].type == FULL_WILDCARD
        and part_list[0].modifier == MODIFIER_NONE
        and part_list[0].prefix == ""
        and part_list[0].suffix == ""
    ):
        match_kind = MATCH_ANY
    elif not options.ignore_case and all(
        part.type == FIXED_TEXT and part.modifier == MODIFIER_NONE for part in part_list
    ):
        match_kind = MATCH_EXACT
        exact = "".join(part.value for part in part_list)
    exact_set: frozenset[str] = frozenset()
    if (
        match_kind == MATCH_REGEXP
        and not options.ignore_case
        and all(
            part.type == FIXED_TEXT and part.modifier in (MODIFIER_NONE, MODIFIER_OPTIONAL)
            for part in part_list
        )
        and sum(part.modifier == MODIFIER_OPTIONAL for part in part_list)
        <= _MAX_OPTIONAL_FIXED_PARTS
    ):
        strings = [""]
        for part in part_list:
            with_part = [text + part.value for text in strings]
            strings = with_part if part.modifier == MODIFIER_NONE else strings + with_part
        match_kind = MATCH_SET
        exact_set = frozenset(strings)
    regular_expression: RegExp | None = None
    if match_kind == MATCH_REGEXP or has_regexp_groups:
        # (Without regexp groups the regular expression is valid by construction: a
        # component matched by a shortcut compiles it only when asked.)
        try:
            regular_expression = compile_regexp(regular_expression_string, options.ignore_case)
        except RegExpSyntaxError as regexp_error:
            culprit = _invalid_regexp_part(part_list, options.ignore_case)
            reason = regexp_error.reason
            raise URLPatternError(
                f"the regular expression group ({culprit}) is invalid or refused: {reason}"
                if culprit is not None
                else f"the regular expression {regular_expression_string!r} fails: {reason}",
                component=component,
            ) from None
    pattern_string = generate_a_pattern_string(part_list, options)
    return Component(
        pattern_string,
        regular_expression_string,
        regular_expression,
        tuple(name_list),
        has_regexp_groups,
        tuple(part_list),
        match_kind,
        exact,
        encoding_callback,
        options,
        exact_set,
    )


def _invalid_regexp_part(part_list: list[Part], ignore_case: bool) -> str | None:
    """The value of the first regexp part that fails on its own (as Chromium reports it)."""
    for part in part_list:
        if part.type != REGEXP_PART:
            continue
        try:
            compile_regexp(part.value, ignore_case)
        except RegExpSyntaxError:
            return part.value
    return None


def protocol_component_matches_a_special_scheme(protocol_component: Component) -> bool:
    """§1.5 protocol component matches a special scheme."""
    return any(protocol_component.test(scheme) for scheme in SPECIAL_SCHEMES)


def hostname_pattern_is_an_ipv6_address(input: str) -> bool:
    """§1.5 hostname pattern is an IPv6 address."""
    if len(input) < 2:
        return False
    if input[0] == "[":
        return True
    if input[0] == "{" and input[1] == "[":
        return True
    return input[0] == "\\" and input[1] == "["
