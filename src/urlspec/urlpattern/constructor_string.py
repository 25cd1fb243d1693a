"""URLPattern §1.6 Constructor string parsing (parse a constructor string).

https://urlpattern.spec.whatwg.org/#constructor-string-parsing
"""

from __future__ import annotations

from typing import Final

from urlspec.urlpattern.canonicalize import URLPatternInit, canonicalize_a_protocol
from urlspec.urlpattern.component import (
    compile_a_component,
    protocol_component_matches_a_special_scheme,
)
from urlspec.urlpattern.parser import DEFAULT_OPTIONS
from urlspec.urlpattern.tokenizer import (
    ASTERISK,
    CHAR,
    CHAR_RUN,
    CLOSE,
    END,
    ESCAPED_CHAR,
    INVALID_CHAR,
    NAME,
    OPEN,
    REGEXP,
    Token,
    tokenize,
)

__all__ = ["parse_a_constructor_string"]

# The constructor string parser's states.
INIT: Final = "init"
PROTOCOL: Final = "protocol"
AUTHORITY: Final = "authority"
USERNAME: Final = "username"
PASSWORD: Final = "password"
HOSTNAME: Final = "hostname"
PORT: Final = "port"
PATHNAME: Final = "pathname"
SEARCH: Final = "search"
HASH: Final = "hash"
DONE: Final = "done"


class _ConstructorStringParser:
    """§1.6 a constructor string parser."""

    __slots__ = (
        "component_start",
        "group_depth",
        "hostname_ipv6_bracket_depth",
        "input",
        "protocol_matches_a_special_scheme_flag",
        "result",
        "state",
        "token_increment",
        "token_index",
        "token_list",
    )

    def __init__(self, input: str, token_list: list[Token]) -> None:
        self.input = input
        self.token_list = token_list
        self.result: URLPatternInit = {}
        self.component_start = 0
        self.token_index = 0
        self.token_increment = 1
        self.group_depth = 0
        self.hostname_ipv6_bracket_depth = 0
        self.protocol_matches_a_special_scheme_flag = False
        self.state = INIT

    def change_state(self, new_state: str, skip: int) -> None:
        state = self.state
        result = self.result
        if state not in (INIT, AUTHORITY, DONE):
            result[state] = self.make_a_component_string()
        if state != INIT and new_state != DONE:
            if (
                state in (PROTOCOL, AUTHORITY, USERNAME, PASSWORD)
                and new_state in (PORT, PATHNAME, SEARCH, HASH)
                and "hostname" not in result
            ):
                result["hostname"] = ""
            if (
                state in (PROTOCOL, AUTHORITY, USERNAME, PASSWORD, HOSTNAME, PORT)
                and new_state in (SEARCH, HASH)
                and "pathname" not in result
            ):
                result["pathname"] = "/" if self.protocol_matches_a_special_scheme_flag else ""
            if (
                state in (PROTOCOL, AUTHORITY, USERNAME, PASSWORD, HOSTNAME, PORT, PATHNAME)
                and new_state == HASH
                and "search" not in result
            ):
                result["search"] = ""
        self.state = new_state
        self.token_index += skip
        self.component_start = self.token_index
        self.token_increment = 0

    def rewind(self) -> None:
        self.token_index = self.component_start
        self.token_increment = 0

    def rewind_and_set_state(self, state: str) -> None:
        self.rewind()
        self.state = state

    def get_a_safe_token(self, index: int) -> Token:
        if index < len(self.token_list):
            return self.token_list[index]
        token = self.token_list[-1]
        assert token.type == END
        return token

    def is_a_non_special_pattern_char(self, index: int, value: str) -> bool:
        token = self.get_a_safe_token(index)
        if token.value != value:
            return False
        return token.type in (CHAR, ESCAPED_CHAR, INVALID_CHAR)

    def is_a_protocol_suffix(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, ":")

    def next_is_authority_slashes(self) -> bool:
        if not self.is_a_non_special_pattern_char(self.token_index + 1, "/"):
            return False
        return self.is_a_non_special_pattern_char(self.token_index + 2, "/")

    def is_an_identity_terminator(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, "@")

    def is_a_password_prefix(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, ":")

    def is_a_port_prefix(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, ":")

    def is_a_pathname_start(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, "/")

    def is_a_search_prefix(self) -> bool:
        if self.is_a_non_special_pattern_char(self.token_index, "?"):
            return True
        if self.token_list[self.token_index].value != "?":
            return False
        previous_index = self.token_index - 1
        if previous_index < 0:
            return True
        previous_token = self.get_a_safe_token(previous_index)
        return previous_token.type not in (NAME, REGEXP, CLOSE, ASTERISK)

    def is_a_hash_prefix(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, "#")

    def is_a_group_open(self) -> bool:
        return self.token_list[self.token_index].type == OPEN

    def is_a_group_close(self) -> bool:
        return self.token_list[self.token_index].type == CLOSE

    def is_an_ipv6_open(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, "[")

    def is_an_ipv6_close(self) -> bool:
        return self.is_a_non_special_pattern_char(self.token_index, "]")

    def make_a_component_string(self) -> str:
        assert self.token_index < len(self.token_list)
        token = self.token_list[self.token_index]
        component_start_token = self.get_a_safe_token(self.component_start)
        component_start_input_index = component_start_token.index
        end_index = token.index
        return self.input[component_start_input_index:end_index]

    def compute_protocol_matches_a_special_scheme_flag(self) -> None:
        protocol_string = self.make_a_component_string()
        protocol_component = compile_a_component(
            protocol_string, canonicalize_a_protocol, DEFAULT_OPTIONS, "protocol"
        )
        if protocol_component_matches_a_special_scheme(protocol_component):
            self.protocol_matches_a_special_scheme_flag = True

    def step(self) -> None:
        """The switch on the state, for the token at the token index."""
        state = self.state
        if state == INIT:
            if self.is_a_protocol_suffix():
                self.rewind_and_set_state(PROTOCOL)
        elif state == PROTOCOL:
            if self.is_a_protocol_suffix():
                self.compute_protocol_matches_a_special_scheme_flag()
                next_state = PATHNAME
                skip = 1
                if self.next_is_authority_slashes():
                    next_state = AUTHORITY
                    skip = 3
                elif self.protocol_matches_a_special_scheme_flag:
                    next_state = AUTHORITY
                self.change_state(next_state, skip)
        elif state == AUTHORITY:
            if self.is_an_identity_terminator():
                self.rewind_and_set_state(USERNAME)
            elif self.is_a_pathname_start() or self.is_a_search_prefix() or self.is_a_hash_prefix():
                self.rewind_and_set_state(HOSTNAME)
        elif state == USERNAME:
            if self.is_a_password_prefix():
                self.change_state(PASSWORD, 1)
            elif self.is_an_identity_terminator():
                self.change_state(HOSTNAME, 1)
        elif state == PASSWORD:
            if self.is_an_identity_terminator():
                self.change_state(HOSTNAME, 1)
        elif state == HOSTNAME:
            if self.is_an_ipv6_open():
                self.hostname_ipv6_bracket_depth += 1
            elif self.is_an_ipv6_close():
                self.hostname_ipv6_bracket_depth -= 1
            elif self.is_a_port_prefix() and self.hostname_ipv6_bracket_depth == 0:
                self.change_state(PORT, 1)
            elif self.is_a_pathname_start():
                self.change_state(PATHNAME, 0)
            elif self.is_a_search_prefix():
                self.change_state(SEARCH, 1)
            elif self.is_a_hash_prefix():
                self.change_state(HASH, 1)
        elif state == PORT:
            if self.is_a_pathname_start():
                self.change_state(PATHNAME, 0)
            elif self.is_a_search_prefix():
                self.change_state(SEARCH, 1)
            elif self.is_a_hash_prefix():
                self.change_state(HASH, 1)
        elif state == PATHNAME:
            if self.is_a_search_prefix():
                self.change_state(SEARCH, 1)
            elif self.is_a_hash_prefix():
                self.change_state(HASH, 1)
        elif state == SEARCH and self.is_a_hash_prefix():
            self.change_state(HASH, 1)
        # HASH: do nothing; DONE is never reached here.


# The values of the "char" tokens that a step of parse_a_constructor_string tests for: the
# protocol suffix and port or password prefix ":", "/", "?", "#", "@", and "[" "]" (IPv6).
_STATE_CHANGING_CHARS: Final = ":/?#@[]"


def parse_a_constructor_string(input: str) -> URLPatternInit:
    """§1.6 parse a constructor string."""
    # Runs of "char" tokens without the code points a step tests for are one CHAR_RUN token.
    token_list = tokenize(input, "lenient", char_runs=_STATE_CHANGING_CHARS)
    parser = _ConstructorStringParser(input, token_list)
    while parser.token_index < len(token_list):
        token = token_list[parser.token_index]
        if token.type == CHAR_RUN or (
            token.type == CHAR and token.value not in _STATE_CHANGING_CHARS
        ):
            # No step below does anything for this token but go to the next one.
            parser.token_index += 1
            continue
        parser.token_increment = 1
        if parser.token_list[parser.token_index].type == END:
            if parser.state == INIT:
                parser.rewind()
                if parser.is_a_hash_prefix():
                    parser.change_state(HASH, 1)
                elif parser.is_a_search_prefix():
                    parser.change_state(SEARCH, 1)
                else:
                    parser.change_state(PATHNAME, 0)
                parser.token_index += parser.token_increment
                continue
            if parser.state == AUTHORITY:
                parser.rewind_and_set_state(HOSTNAME)
                parser.token_index += parser.token_increment
                continue
            parser.change_state(DONE, 0)
            break
        if parser.is_a_group_open():
            parser.group_depth += 1
            parser.token_index += parser.token_increment
            continue
        if parser.group_depth > 0:
            if parser.is_a_group_close():
                parser.group_depth -= 1
            else:
                parser.token_index += parser.token_increment
                continue
        parser.step()
        parser.token_index += parser.token_increment
    if "hostname" in parser.result and "port" not in parser.result:
        parser.result["port"] = ""
    return parser.result
