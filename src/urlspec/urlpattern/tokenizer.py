"""URLPattern §2.1.2 Tokenizing (https://urlpattern.spec.whatwg.org/#tokenizing).

A pattern string becomes a list of tokens; the "strict" policy raises on an invalid code point,
the "lenient" one (used by the constructor string parser) records an "invalid-char" token.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.regexp_unicode_properties import is_id_continue, is_id_start

__all__ = [
    "ASTERISK",
    "CHAR",
    "CHAR_RUN",
    "CLOSE",
    "END",
    "ESCAPED_CHAR",
    "INVALID_CHAR",
    "NAME",
    "OPEN",
    "OTHER_MODIFIER",
    "REGEXP",
    "Token",
    "is_valid_name_code_point",
    "tokenize",
    "tokenize_with_char_runs",
]

# §2.1.1 Tokens: the token types, as the spec names them.
OPEN: Final = "open"
CLOSE: Final = "close"
REGEXP: Final = "regexp"
NAME: Final = "name"
CHAR: Final = "char"
ESCAPED_CHAR: Final = "escaped-char"
OTHER_MODIFIER: Final = "other-modifier"
ASTERISK: Final = "asterisk"
END: Final = "end"
INVALID_CHAR: Final = "invalid-char"
#: Not the spec's: ``tokenize(..., char_runs=...)`` writes a run of "char" tokens that are each
#: followed by another "char" token as one token of this type, whose value is their code points
#: (the pattern parser makes fixed text of such a run, as it would of its tokens one by one; the
#: constructor string parser skips runs without the code points it tests for).
CHAR_RUN: Final = "char-run"


class Token:
    """§2.1.1 a token: its type, its index in the pattern string and its value."""

    __slots__ = ("index", "type", "value")

    def __init__(self, type: str, index: int, value: str) -> None:
        self.type = type
        self.index = index
        self.value = value

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.index}, {self.value!r})"


def is_valid_name_code_point(code_point: str, first: bool) -> bool:
    """§2.1.2 "is a valid name code point": ECMAScript's IdentifierStart / IdentifierPart.

    IdentifierStart is ID_Start, "$" and "_"; IdentifierPart is ID_Continue, "$", ZWNJ and ZWJ
    (ID_Start and ID_Continue of the Unicode version of IDNA's tables, whatever Python's own).
    """
    if code_point == "$" or code_point == "_":
        return True
    if first:
        return is_id_start(code_point)
    return code_point in "\u200c\u200d" or is_id_continue(code_point)


# The code points whose steps in tokenize are not the last one ("char"), and a run of the others.
_NOT_A_CHAR_TOKEN: Final = "*+?\\{}:("
_CHAR_TOKENS: Final = re.compile(r"[^*+?\\{}:(]+")
# In a regexp group: a run of the code points whose steps are only "increment regexp position"
# (ASCII, not "\\", "(" or ")"); the first code point ("?" is refused there) is not skipped.
_PLAIN_REGEXP_CODE_POINTS: Final = re.compile(r"[^\\()\x80-\U0010ffff]+")


class _Tokenizer:
    """§2.1.2 a tokenizer: input, policy, token list, index, next index, code point."""

    __slots__ = (
        "char_run",
        "code_point",
        "index",
        "input",
        "next_index",
        "policy",
        "token_list",
    )

    def __init__(self, input: str, policy: str, char_run: re.Pattern[str] | None) -> None:
        self.input = input
        self.policy = policy
        self.char_run = char_run
        self.token_list: list[Token] = []
        self.index = 0
        self.next_index = 0
        self.code_point = ""

    def get_the_next_code_point(self) -> None:
        self.code_point = self.input[self.next_index]
        self.next_index += 1

    def seek_and_get_the_next_code_point(self, index: int) -> None:
        self.next_index = index
        self.get_the_next_code_point()

    def add_a_token(
        self, type: str, next_position: int, value_position: int, value_length: int
    ) -> None:
        self.token_list.append(
            Token(type, self.index, self.input[value_position : value_position + value_length])
        )
        self.index = next_position

    def add_a_token_with_default_length(
        self, type: str, next_position: int, value_position: int
    ) -> None:
        self.add_a_token(type, next_position, value_position, next_position - value_position)

    def add_a_token_with_default_position_and_length(self, type: str) -> None:
        self.add_a_token_with_default_length(type, self.next_index, self.index)

    def process_a_tokenizing_error(
        self, next_position: int, value_position: int, reason: str
    ) -> None:
        if self.policy == "strict":
            raise URLPatternError(reason, position=value_position)
        self.add_a_token_with_default_length(INVALID_CHAR, next_position, value_position)

    def tokenize_regexp(self) -> None:
        """The "(" steps of tokenize: a regexp token up to the matching ")". The spec's "seek and
        get the next code point" steps read ``input[regexp_position]`` here, in locals."""
        input = self.input
        length = len(input)
        depth = 1
        regexp_start = self.next_index
        regexp_position = regexp_start
        while regexp_position < length:
            if regexp_position != regexp_start:
                plain = _PLAIN_REGEXP_CODE_POINTS.match(input, regexp_position)
                if plain is not None:
                    regexp_position = plain.end()
                    continue
            c = input[regexp_position]
            next_index = regexp_position + 1
            if c >= "\x80":
                self.process_a_tokenizing_error(
                    regexp_start, self.index, "a regular expression may hold only ASCII"
                )
                return
            if regexp_position == regexp_start and c == "?":
                self.process_a_tokenizing_error(
                    regexp_start, self.index, "a regexp group may not start with '?'"
                )
                return
            if c == "\\":
                if regexp_position == length - 1:
                    self.process_a_tokenizing_error(
                        regexp_start, self.index, "a regular expression ends in '\\'"
                    )
                    return
                if input[next_index] >= "\x80":
                    self.process_a_tokenizing_error(
                        regexp_start, self.index, "a regular expression may hold only ASCII"
                    )
                    return
                regexp_position = next_index + 1
                continue
            if c == ")":
                depth -= 1
                if depth == 0:
                    regexp_position = next_index
                    break
            elif c == "(":
                depth += 1
                if regexp_position == length - 1:
                    self.process_a_tokenizing_error(
                        regexp_start, self.index, "an unclosed group in a regular expression"
                    )
                    return
                if input[next_index] != "?":
                    self.process_a_tokenizing_error(
                        regexp_start,
                        self.index,
                        "a capturing group inside a regexp group (write '(?:' instead)",
                    )
                    return
            regexp_position = next_index
        if depth != 0:
            self.process_a_tokenizing_error(
                regexp_start, self.index, "a regexp group without its closing ')'"
            )
            return
        regexp_length = regexp_position - regexp_start - 1
        if regexp_length == 0:
            self.process_a_tokenizing_error(regexp_start, self.index, "an empty regexp group")
            return
        self.add_a_token(REGEXP, regexp_position, regexp_start, regexp_length)

    def run(self) -> list[Token]:
        input = self.input
        length = len(input)
        token_list = self.token_list
        while self.index < length:
            index = self.index
            c = input[index]
            if c not in _NOT_A_CHAR_TOKEN:
                # The last step ("char") without the calls: a token of one code point; with
                # char runs, the run's code points but the last as one token.
                char_run = self.char_run
                if char_run is not None:
                    run = char_run.match(input, index)
                    last = index if run is None else run.end() - 1
                    if last > index:
                        token_list.append(Token(CHAR_RUN, index, input[index:last]))
                        index = last
                        c = input[index]
                token_list.append(Token(CHAR, index, c))
                self.index = index + 1
                continue
            self.seek_and_get_the_next_code_point(index)
            if c == "*":
                self.add_a_token_with_default_position_and_length(ASTERISK)
            elif c == "+" or c == "?":
                self.add_a_token_with_default_position_and_length(OTHER_MODIFIER)
            elif c == "\\":
                if self.index == length - 1:
                    self.process_a_tokenizing_error(
                        self.next_index, self.index, "the pattern ends in '\\'"
                    )
                    continue
                escaped_index = self.next_index
                self.get_the_next_code_point()
                self.add_a_token_with_default_length(ESCAPED_CHAR, self.next_index, escaped_index)
            elif c == "{":
                self.add_a_token_with_default_position_and_length(OPEN)
            elif c == "}":
                self.add_a_token_with_default_position_and_length(CLOSE)
            elif c == ":":
                name_position = self.next_index
                name_start = name_position
                while name_position < length:
                    self.seek_and_get_the_next_code_point(name_position)
                    first_code_point = name_position == name_start
                    if not is_valid_name_code_point(self.code_point, first_code_point):
                        break
                    name_position = self.next_index
                if name_position <= name_start:
                    self.process_a_tokenizing_error(
                        name_start, self.index, "':' is not followed by a group name"
                    )
                    continue
                self.add_a_token_with_default_length(NAME, name_position, name_start)
            elif c == "(":
                self.tokenize_regexp()
            else:
                self.add_a_token_with_default_position_and_length(CHAR)
        self.add_a_token_with_default_length(END, self.index, self.index)
        return self.token_list


def tokenize(input: str, policy: str, *, char_runs: str | None = None) -> list[Token]:
    """§2.1.2 tokenize: ``policy`` is "strict" (raise URLPatternError) or "lenient".
    ``char_runs``: None for the spec's tokens; else write runs of "char" tokens as CHAR_RUN
    tokens (see there), a run ending before any of the code points in ``char_runs``."""
    char_run = None
    if char_runs == "":
        char_run = _CHAR_TOKENS
    elif char_runs is not None:
        char_run = re.compile("[^*+?\\\\{}:(" + re.escape(char_runs) + "]+")
    return _Tokenizer(input, policy, char_run).run()


def tokenize_with_char_runs(input: str, policy: str) -> list[Token]:
    """``tokenize(input, policy, char_runs="")``: every run of "char" tokens each followed by
    another "char" token as one CHAR_RUN token (what the pattern parser reads)."""
    return _Tokenizer(input, policy, _CHAR_TOKENS).run()
