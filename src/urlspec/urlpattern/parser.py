"""URLPattern §2.1.3 Parts, §2.1.4 Options, §2.1.5 Parsing (parse a pattern string).

https://urlpattern.spec.whatwg.org/#parsing-pattern-strings
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.tokenizer import (
    ASTERISK,
    CHAR,
    CHAR_RUN,
    CLOSE,
    END,
    ESCAPED_CHAR,
    NAME,
    OPEN,
    OTHER_MODIFIER,
    REGEXP,
    Token,
)

# §2.1.2 tokenize, with a run of "char" tokens that are each followed by another "char" token
# written as one CHAR_RUN token (the parser makes fixed text of it, as of its tokens one by one).
from urlspec.urlpattern.tokenizer import tokenize_with_char_runs as tokenize

__all__ = [
    "DEFAULT_OPTIONS",
    "FIXED_TEXT",
    "FULL_WILDCARD",
    "FULL_WILDCARD_REGEXP_VALUE",
    "HOSTNAME_OPTIONS",
    "MODIFIER_NONE",
    "MODIFIER_ONE_OR_MORE",
    "MODIFIER_OPTIONAL",
    "MODIFIER_ZERO_OR_MORE",
    "PATHNAME_OPTIONS",
    "REGEXP_PART",
    "SEGMENT_WILDCARD",
    "EncodingCallback",
    "Options",
    "Part",
    "escape_a_regexp_string",
    "generate_a_segment_wildcard_regexp",
    "parse_a_pattern_string",
]

#: §2.1.3 part types.
FIXED_TEXT: Final = "fixed-text"
REGEXP_PART: Final = "regexp"
SEGMENT_WILDCARD: Final = "segment-wildcard"
FULL_WILDCARD: Final = "full-wildcard"

#: §2.1.3 part modifiers.
MODIFIER_NONE: Final = "none"
MODIFIER_OPTIONAL: Final = "optional"
MODIFIER_ZERO_OR_MORE: Final = "zero-or-more"
MODIFIER_ONE_OR_MORE: Final = "one-or-more"

# The code points §2.1.2 tokenizes as something other than a "char" token.
_PATTERN_SYNTAX: Final = re.compile(r"[*+?\\{}:(]")

#: §2.1.5 the full wildcard regexp value.
FULL_WILDCARD_REGEXP_VALUE: Final = ".*"

#: §3.1 an encoding callback: canonicalizes fixed text; raises URLPatternError.
EncodingCallback = Callable[[str], str]


class Part:
    """§2.1.3 a part: type, value, modifier, name, prefix, suffix."""

    __slots__ = ("modifier", "name", "prefix", "suffix", "type", "value")

    def __init__(
        self,
        type: str,
        value: str,
        modifier: str,
        name: str = "",
        prefix: str = "",
        suffix: str = "",
    ) -> None:
        self.type = type
        self.value = value
        self.modifier = modifier
        self.name = name
        self.prefix = prefix
        self.suffix = suffix

    def __repr__(self) -> str:
        return (
            f"Part({self.type!r}, {self.value!r}, {self.modifier!r}, name={self.name!r}, "
            f"prefix={self.prefix!r}, suffix={self.suffix!r})"
        )


class Options:
    """§2.1.4 options: delimiter code point, prefix code point, ignore case."""

    __slots__ = ("delimiter_code_point", "ignore_case", "prefix_code_point")

    def __init__(
        self, delimiter_code_point: str, prefix_code_point: str, ignore_case: bool = False
    ) -> None:
        self.delimiter_code_point = delimiter_code_point
        self.prefix_code_point = prefix_code_point
        self.ignore_case = ignore_case

    def with_ignore_case(self, ignore_case: bool) -> Options:
        return Options(self.delimiter_code_point, self.prefix_code_point, ignore_case)


#: §1.5 Internals: the default options, hostname options and pathname options.
DEFAULT_OPTIONS: Final = Options("", "")
HOSTNAME_OPTIONS: Final = Options(".", "")
PATHNAME_OPTIONS: Final = Options("/", "/")

# §2.2 escape a regexp string: each of these code points gets a "\\" before it (a table for
# str.translate, which does it in one pass).
_REGEXP_SYNTAX_ESCAPED: Final[dict[int, str]] = {ord(c): "\\" + c for c in ".+*?^${}()[]|/\\"}


def escape_a_regexp_string(input: str) -> str:
    """§2.2 escape a regexp string."""
    return input.translate(_REGEXP_SYNTAX_ESCAPED)


def generate_a_segment_wildcard_regexp(options: Options) -> str:
    """§2.1.5 generate a segment wildcard regexp."""
    return "[^" + escape_a_regexp_string(options.delimiter_code_point) + "]+?"


class _PatternParser:
    """§2.1.5 a pattern parser."""

    __slots__ = (
        "encoding_callback",
        "index",
        "next_numeric_name",
        "part_list",
        "pending_fixed_value",
        "segment_wildcard_regexp",
        "token_list",
    )

    def __init__(self, encoding_callback: EncodingCallback, segment_wildcard_regexp: str) -> None:
        self.token_list: list[Token] = []
        self.encoding_callback = encoding_callback
        self.segment_wildcard_regexp = segment_wildcard_regexp
        self.part_list: list[Part] = []
        # (the pending fixed value, as pieces joined when it is added: appending to a string
        # attribute copies it each time)
        self.pending_fixed_value: list[str] = []
        self.index = 0
        self.next_numeric_name = 0

    def try_to_consume_a_token(self, type: str) -> Token | None:
        next_token = self.token_list[self.index]
        if next_token.type != type:
            return None
        self.index += 1
        return next_token

    def try_to_consume_a_modifier_token(self) -> Token | None:
        token = self.try_to_consume_a_token(OTHER_MODIFIER)
        if token is not None:
            return token
        return self.try_to_consume_a_token(ASTERISK)

    def try_to_consume_a_regexp_or_wildcard_token(self, name_token: Token | None) -> Token | None:
        token = self.try_to_consume_a_token(REGEXP)
        if name_token is None and token is None:
            token = self.try_to_consume_a_token(ASTERISK)
        return token

    def consume_a_required_token(self, type: str) -> Token:
        result = self.try_to_consume_a_token(type)
        if result is None:
            found = self.token_list[self.index]
            expected = "'}'" if type == CLOSE else "the end of the pattern"
            shown = repr(found.value) if found.type != END else "the end"
            raise URLPatternError(f"expected {expected}, found {shown}", position=found.index)
        return result

    def consume_text(self) -> str:
        result: list[str] = []
        while True:
            token = self.try_to_consume_a_token(CHAR)
            if token is None:
                token = self.try_to_consume_a_token(CHAR_RUN)
            if token is None:
                token = self.try_to_consume_a_token(ESCAPED_CHAR)
            if token is None:
                break
            result.append(token.value)
        return "".join(result)

    def maybe_add_a_part_from_the_pending_fixed_value(self) -> None:
        pending = "".join(self.pending_fixed_value)
        if pending == "":
            return
        encoded_value = self.encoding_callback(pending)
        self.pending_fixed_value = []
        self.part_list.append(Part(FIXED_TEXT, encoded_value, MODIFIER_NONE))

    def is_a_duplicate_name(self, name: str) -> bool:
        return any(part.name == name for part in self.part_list)

    def add_a_part(
        self,
        prefix: str,
        name_token: Token | None,
        regexp_or_wildcard_token: Token | None,
        suffix: str,
        modifier_token: Token | None,
    ) -> None:
        modifier = MODIFIER_NONE
        if modifier_token is not None:
            if modifier_token.value == "?":
                modifier = MODIFIER_OPTIONAL
            elif modifier_token.value == "*":
                modifier = MODIFIER_ZERO_OR_MORE
            elif modifier_token.value == "+":
                modifier = MODIFIER_ONE_OR_MORE
        if name_token is None and regexp_or_wildcard_token is None and modifier == MODIFIER_NONE:
            # A "{foo}" grouping: joins the pending fixed value.
            self.pending_fixed_value.append(prefix)
            return
        self.maybe_add_a_part_from_the_pending_fixed_value()
        if name_token is None and regexp_or_wildcard_token is None:
            # A "{foo}?" grouping: a fixed-text part of its own.
            assert suffix == ""
            if prefix == "":
                return
            encoded_value = self.encoding_callback(prefix)
            self.part_list.append(Part(FIXED_TEXT, encoded_value, modifier))
            return
        regexp_value = ""
        if regexp_or_wildcard_token is None:
            regexp_value = self.segment_wildcard_regexp
        elif regexp_or_wildcard_token.type == ASTERISK:
            regexp_value = FULL_WILDCARD_REGEXP_VALUE
        else:
            regexp_value = regexp_or_wildcard_token.value
        type = REGEXP_PART
        if regexp_value == self.segment_wildcard_regexp:
            type = SEGMENT_WILDCARD
            regexp_value = ""
        elif regexp_value == FULL_WILDCARD_REGEXP_VALUE:
            type = FULL_WILDCARD
            regexp_value = ""
        name = ""
        if name_token is not None:
            name = name_token.value
        elif regexp_or_wildcard_token is not None:
            name = str(self.next_numeric_name)
            self.next_numeric_name += 1
        if self.is_a_duplicate_name(name):
            position = (name_token or regexp_or_wildcard_token or Token(END, 0, "")).index
            raise URLPatternError(f"the group name {name!r} is used twice", position=position)
        encoded_prefix = self.encoding_callback(prefix)
        encoded_suffix = self.encoding_callback(suffix)
        self.part_list.append(
            Part(type, regexp_value, modifier, name, encoded_prefix, encoded_suffix)
        )


def parse_a_pattern_string(
    input: str, options: Options, encoding_callback: EncodingCallback
) -> list[Part]:
    """§2.1.5 parse a pattern string: the part list; raises URLPatternError."""
    parser = _PatternParser(encoding_callback, generate_a_segment_wildcard_regexp(options))
    if _PATTERN_SYNTAX.search(input) is None:
        # Every code point is a "char" token, all of them fixed text: one part (the steps
        # below give the same, a token at a time).
        parser.pending_fixed_value.append(input)
        parser.maybe_add_a_part_from_the_pending_fixed_value()
        return parser.part_list
    parser.token_list = tokenize(input, "strict")
    while parser.index < len(parser.token_list):
        # <prefix char><name><regexp><modifier>
        # (A run of "char" tokens each followed by another "char" token is fixed text: the
        # tokenizer writes it as one CHAR_RUN token, see the import of tokenize.)
        char_run = parser.try_to_consume_a_token(CHAR_RUN)
        if char_run is not None:
            parser.pending_fixed_value.append(char_run.value)
            continue
        char_token = parser.try_to_consume_a_token(CHAR)
        name_token = parser.try_to_consume_a_token(NAME)
        regexp_or_wildcard_token = parser.try_to_consume_a_regexp_or_wildcard_token(name_token)
        if name_token is not None or regexp_or_wildcard_token is not None:
            prefix = ""
            if char_token is not None:
                prefix = char_token.value
            if prefix != "" and prefix != options.prefix_code_point:
                parser.pending_fixed_value.append(prefix)
                prefix = ""
            parser.maybe_add_a_part_from_the_pending_fixed_value()
            modifier_token = parser.try_to_consume_a_modifier_token()
            parser.add_a_part(prefix, name_token, regexp_or_wildcard_token, "", modifier_token)
            continue
        fixed_token = char_token
        if fixed_token is None:
            fixed_token = parser.try_to_consume_a_token(ESCAPED_CHAR)
        if fixed_token is not None:
            parser.pending_fixed_value.append(fixed_token.value)
            continue
        # <open><char prefix><name><regexp><char suffix><close><modifier>
        open_token = parser.try_to_consume_a_token(OPEN)
        if open_token is not None:
            prefix = parser.consume_text()
            name_token = parser.try_to_consume_a_token(NAME)
            regexp_or_wildcard_token = parser.try_to_consume_a_regexp_or_wildcard_token(name_token)
            suffix = parser.consume_text()
            parser.consume_a_required_token(CLOSE)
            modifier_token = parser.try_to_consume_a_modifier_token()
            parser.add_a_part(prefix, name_token, regexp_or_wildcard_token, suffix, modifier_token)
            continue
        parser.maybe_add_a_part_from_the_pending_fixed_value()
        parser.consume_a_required_token(END)
    return parser.part_list
