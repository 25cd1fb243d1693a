"""The URL parser: the basic URL parser's state machine, and the API URL parser.

Implements §4.4 URL parsing (https://url.spec.whatwg.org/#url-parsing) and the API URL parser of
§6.1 (https://url.spec.whatwg.org/#api-url-parser). The blob URL entry step of the URL parser does
not apply: this library has no blob URL store.

The state machine reads side by side with the spec: :class:`State` names the states as the spec
does, and each state is one method of :class:`BasicURLParser` named after it, using the spec's
variables (``pointer``, ``c``, ``buffer``, ``at_sign_seen``, ``inside_brackets``,
``password_token_seen``). ``c`` is an integer code point (``ord``; -1 is the EOF code point), so
that a state compares numbers and no one-code-point string is made per step. The only liberty
taken is speed without changing a result: where the spec appends one code point at a time to
``buffer`` (or to the URL's path, query or fragment) until it meets a delimiter, the state consumes
the whole run up to that delimiter at once and appends it as one slice, and leaves ``pointer`` on
the run's last code point, exactly where the spec's pointer would be. The run's end is found by a
loop over the code points in the compiled build (which the compiler turns into C) and by a
precompiled regular expression in the pure build (whose search runs in C there); both are proven
equal by tests/test_parser_dispatch.py and tests/test_parser_states.py. Every step stays linear in
the length of the input.

Validation errors are recorded, by their spec names, only when the caller passes an ``errors``
list; their positions are indices into the input as given, before leading/trailing C0 controls
and spaces are stripped and tabs and newlines removed.
"""

from __future__ import annotations

import bisect
import enum
import re
from typing import Final

from mypy_extensions import i64

from urlspec.encoding import output_encoding_for_label
from urlspec.host import HostKind, parse_host_kind_and_value, serialize_host_kind_and_value
from urlspec.infra import (
    ASCII_ALPHANUMERIC,
    ASCII_DIGITS,
    ASCII_TAB_OR_NEWLINE_RE,
    C0_CONTROL_OR_SPACE_STRING,
    INVALID_URL_UNIT,
    character_class,
    remove_ascii_tab_or_newline,
)
from urlspec.own_href import COMPILED
from urlspec.percent_encoding import (
    C0_CONTROL,
    FRAGMENT,
    PATH,
    QUERY,
    SPECIAL_QUERY,
    USERINFO,
    PercentEncodeSet,
    percent_encode_after_output_encoding,
    utf8_percent_encode,
)
from urlspec.url_record import (
    SPECIAL_SCHEMES,
    URLRecord,
    default_port,
    includes_credentials,
    is_double_dot_path_segment,
    is_normalized_windows_drive_letter,
    is_single_dot_path_segment,
    is_special,
    is_windows_drive_letter,
    shorten_path,
    starts_with_windows_drive_letter,
)
from urlspec.validation import ValidationError

__all__ = ["BasicURLParser", "State", "api_url_parse", "basic_url_parse"]


class State:
    """The states of the basic URL parser, named as the spec names them.

    Plain int constants rather than an enum: the compiled build folds them into the code, so that
    comparing the state costs a machine comparison (an enum member is an object to look up).
    """

    SCHEME_START: Final = 0  # scheme start state
    SCHEME: Final = 1  # scheme state
    NO_SCHEME: Final = 2  # no scheme state
    SPECIAL_RELATIVE_OR_AUTHORITY: Final = 3  # special relative or authority state
    PATH_OR_AUTHORITY: Final = 4  # path or authority state
    RELATIVE: Final = 5  # relative state
    RELATIVE_SLASH: Final = 6  # relative slash state
    SPECIAL_AUTHORITY_SLASHES: Final = 7  # special authority slashes state
    SPECIAL_AUTHORITY_IGNORE_SLASHES: Final = 8  # special authority ignore slashes state
    AUTHORITY: Final = 9  # authority state
    HOST: Final = 10  # host state
    HOSTNAME: Final = 11  # hostname state
    PORT: Final = 12  # port state
    FILE: Final = 13  # file state
    FILE_SLASH: Final = 14  # file slash state
    FILE_HOST: Final = 15  # file host state
    PATH_START: Final = 16  # path start state
    PATH: Final = 17  # path state
    OPAQUE_PATH: Final = 18  # opaque path state
    QUERY: Final = 19  # query state
    FRAGMENT: Final = 20  # fragment state

    #: The spec's name of each state, by its number (for messages and tests).
    NAMES: Final = (
        "scheme start state",
        "scheme state",
        "no scheme state",
        "special relative or authority state",
        "path or authority state",
        "relative state",
        "relative slash state",
        "special authority slashes state",
        "special authority ignore slashes state",
        "authority state",
        "host state",
        "hostname state",
        "port state",
        "file state",
        "file slash state",
        "file host state",
        "path start state",
        "path state",
        "opaque path state",
        "query state",
        "fragment state",
    )


class _Outcome(enum.Enum):
    """How a state ends the state machine early: the spec's "return" and "return failure"."""

    RETURN = "return"
    FAILURE = "failure"


#: Whether the state machine dispatches by direct calls (BasicURLParser.step: the compiled
#: build) or through the dict _STATE_HANDLERS (the pure build, where it is faster). Not Final, so
#: that the tests can run each build with the other's dispatch too.
dispatch_by_calls: bool = COMPILED

RETURN: Final = _Outcome.RETURN
FAILURE: Final = _Outcome.FAILURE

#: The EOF code point (https://url.spec.whatwg.org/#eof-code-point). ``c`` is an integer code
#: point (``ord`` of the input's code point), or -1 at the end of the input: the states compare
#: integers (a machine comparison in the compiled build, where comparing one-code-point strings
#: is a call) and no one-code-point string is made per step.
EOF: Final = -1

# The code points the states compare c with, by their Unicode names.
NUMBER_SIGN: Final = 0x23  # U+0023 (#)
PERCENT_SIGN: Final = 0x25  # U+0025 (%)
FULL_STOP: Final = 0x2E  # U+002E (.)
SOLIDUS: Final = 0x2F  # U+002F (/)
COLON: Final = 0x3A  # U+003A (:)
QUESTION_MARK: Final = 0x3F  # U+003F (?)
COMMERCIAL_AT: Final = 0x40  # U+0040 (@)
LEFT_SQUARE_BRACKET: Final = 0x5B  # U+005B ([)
REVERSE_SOLIDUS: Final = 0x5C  # U+005C (\)
RIGHT_SQUARE_BRACKET: Final = 0x5D  # U+005D (])


def is_ascii_alpha(c: int) -> bool:
    """Whether code point ``c`` is an ASCII alpha (https://infra.spec.whatwg.org/#ascii-alpha)."""
    return 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


def is_ascii_digit(c: int) -> bool:
    """Whether code point ``c`` is an ASCII digit (https://infra.spec.whatwg.org/#ascii-digit)."""
    return 0x30 <= c <= 0x39


# Where a run of the code points a state simply appends ends, per state; "special" adds U+005C (\).
# The scheme state appends ASCII alphanumerics, U+002B (+), U+002D (-), U+002E (.).
_SCHEME_CODE_POINTS: Final = ASCII_ALPHANUMERIC | frozenset("+-.")


#: The special schemes (https://url.spec.whatwg.org/#special-scheme), the keys of
#: url_record.SPECIAL_SCHEMES (tests/test_parser_states.py checks that they are the same).
_SPECIAL_SCHEME_NAMES: Final = ("http", "https", "ws", "wss", "ftp", "file")


class CodePointRun:
    """A run of code points that a state appends as they are, and the code points that end it.

    Two ways to find where the run ends, proven equal by tests/test_parser_dispatch.py: a
    regex search (``pattern``, the pure build's: one call into ``re``'s C loop beats a Python
    loop) and a loop over the code points that looks each one up in ``stops`` (the compiled
    build's: the compiler turns the loop into C, without the cost of a call into ``re``).
    """

    def __init__(self, ends: frozenset[str], *, negated: bool = False) -> None:
        # The run ends at the first code point in ``ends`` (with ``negated``: not in ``ends``).
        assert all(code_point.isascii() for code_point in ends)
        self.pattern = re.compile(character_class(ends, negated=negated))
        # stops[c] is 1 for an ASCII code point c that ends the run; stops[128], for any
        # code point beyond ASCII, is 1 when such a code point ends it (only when negated).
        self.stops = bytes(
            [(chr(code_point) in ends) != negated for code_point in range(128)] + [negated]
        )


def run_end_by_code_points(text: str, start: int, run: CodePointRun) -> int:
    """Where ``run`` starting at ``start`` ends in ``text`` (its first end, or the length), by
    a loop over the code points: the compiled build's way (see :class:`CodePointRun`)."""
    stops = run.stops
    end: i64 = len(text)
    index: i64 = start
    code_point: i64 = 0  # (a machine integer in the compiled build's loop)
    while index < end:
        code_point = ord(text[index])
        if code_point >= 128:
            code_point = 128  # (stops[128] stands for every code point beyond ASCII)
        if stops[code_point]:
            return index
        index += 1
    return end


_SCHEME_END: Final = CodePointRun(_SCHEME_CODE_POINTS, negated=True)
_PORT_END: Final = CodePointRun(ASCII_DIGITS, negated=True)
_AUTHORITY_END: Final = CodePointRun(frozenset("@/?#"))
_SPECIAL_AUTHORITY_END: Final = CodePointRun(frozenset("@/?#\\"))
# The code points the host state acts on besides appending them to the buffer.
_HOST_CODE_POINTS: Final = re.compile(r"[:\[\]/?#]")
_SPECIAL_HOST_CODE_POINTS: Final = re.compile(r"[:\[\]/?#\\]")
_FILE_HOST_END: Final = CodePointRun(frozenset("/\\?#"))
_PATH_END: Final = CodePointRun(frozenset("/?#"))
_SPECIAL_PATH_END: Final = CodePointRun(frozenset("/\\?#"))
# with a state override, ? and # are path
_OVERRIDDEN_PATH_END: Final = CodePointRun(frozenset("/"))
_OVERRIDDEN_SPECIAL_PATH_END: Final = CodePointRun(frozenset("/\\"))
_OPAQUE_PATH_END: Final = CodePointRun(frozenset("?#"))
_QUERY_END: Final = CodePointRun(frozenset("#"))


def ascii_members(percent_encode_set: PercentEncodeSet) -> bytes:
    """1 for each ASCII code point in ``percent_encode_set``, else 0 (every code point beyond
    ASCII is in each set the states use: they all include the C0 control percent-encode set)."""
    return bytes([chr(code_point) in percent_encode_set for code_point in range(128)])


# https://url.spec.whatwg.org/#path-percent-encode-set and the others the states encode with.
_IN_PATH_PERCENT_ENCODE_SET: Final = ascii_members(PATH)
_IN_QUERY_PERCENT_ENCODE_SET: Final = ascii_members(QUERY)
_IN_SPECIAL_QUERY_PERCENT_ENCODE_SET: Final = ascii_members(SPECIAL_QUERY)
_IN_FRAGMENT_PERCENT_ENCODE_SET: Final = ascii_members(FRAGMENT)
_IN_C0_CONTROL_PERCENT_ENCODE_SET: Final = ascii_members(C0_CONTROL)


def has_code_point_in_set(text: str, in_set: bytes) -> bool:
    """Whether a code point of ``text`` is in the percent-encode set whose ASCII members
    ``in_set`` marks (:func:`ascii_members`): when none is, UTF-8 percent-encoding the text with
    that set leaves it as it is. The compiled build's check, a loop over the code points, where
    the pure build's ``utf8_percent_encode`` searches with a regex (tests/test_parser_states.py
    proves them equal)."""
    end: i64 = len(text)
    index: i64 = 0
    code_point: i64 = 0  # (a machine integer in the compiled build's loop)
    while index < end:
        code_point = ord(text[index])
        if code_point >= 128 or in_set[code_point]:
            return True
        index += 1
    return False


def path_run_end_by_code_points(text: str, start: int, run: CodePointRun) -> tuple[int, bool]:
    """:func:`run_end_by_code_points`, and whether no code point of the run is in the path
    percent-encode set (UTF-8 percent-encoding it with that set then leaves it as it is)."""
    stops = run.stops
    in_set = _IN_PATH_PERCENT_ENCODE_SET
    unchanged = True
    end: i64 = len(text)
    index: i64 = start
    code_point: i64 = 0  # (a machine integer in the compiled build's loop)
    while index < end:
        code_point = ord(text[index])
        if code_point < 128:
            if stops[code_point]:
                return index, unchanged
            if in_set[code_point]:
                unchanged = False
        else:
            if stops[128]:
                return index, unchanged
            unchanged = False
        index += 1
    return end, unchanged


def starts_with_by_code_points(text: str, start: int, prefix: str) -> bool:
    """``text.startswith(prefix, start)`` for ``start >= 0``, by comparing code points: the
    compiled build's (a call of the ``str`` method with a start is a generic method call there;
    tests/test_parser_states.py proves them equal)."""
    length: i64 = len(prefix)
    if start + length > len(text):
        return False
    index: i64 = 0
    while index < length:
        if ord(text[start + index]) != ord(prefix[index]):
            return False
        index += 1
    return True


def host_run_end_by_regex(
    text: str, start: int, special: bool, inside_brackets: bool
) -> tuple[int, bool]:
    """Where the host state's run of code points it appends to the buffer, from ``start``,
    ends (the first of "/", "?", "#", "\\" if special, or ":" outside brackets; or the length),
    and insideBrackets there, set at each "[" and unset at each "]" on the way
    (https://url.spec.whatwg.org/#host-state).

    One pass over the brackets and colons, so that "[[[[" or "[::::" stays linear. The pure
    build's way, with a regex; :func:`host_run_end_by_code_points` is the compiled build's
    (tests/test_parser_dispatch.py proves them equal).
    """
    pattern = _SPECIAL_HOST_CODE_POINTS if special else _HOST_CODE_POINTS
    for match in pattern.finditer(text, start):
        code_point = match.group()
        if code_point == "[":
            inside_brackets = True
        elif code_point == "]":
            inside_brackets = False
        elif code_point != ":" or not inside_brackets:
            return match.start(), inside_brackets
    return len(text), inside_brackets


def host_run_end_by_code_points(
    text: str, start: int, special: bool, inside_brackets: bool
) -> tuple[int, bool]:
    """:func:`host_run_end_by_regex` by a loop over the code points (the compiled build's)."""
    end: i64 = len(text)
    index: i64 = start
    code_point: i64 = 0  # (a machine integer in the compiled build's loop)
    while index < end:
        code_point = ord(text[index])
        if code_point == LEFT_SQUARE_BRACKET:
            inside_brackets = True
        elif code_point == RIGHT_SQUARE_BRACKET:
            inside_brackets = False
        elif code_point == COLON:
            if not inside_brackets:
                return index, inside_brackets
        elif code_point in (SOLIDUS, QUESTION_MARK, NUMBER_SIGN) or (
            code_point == REVERSE_SOLIDUS and special
        ):
            return index, inside_brackets
        index += 1
    return end, inside_brackets


def _port_number(digits: str) -> int | None:
    """The value of a string of ASCII digits if it is a 16-bit unsigned integer, else None.

    Leading zeros are dropped and the length checked first, so that a megabyte of digits costs
    no big-integer conversion.
    """
    significant = digits.lstrip("0")
    if len(significant) > 5:
        return None
    port = int(significant) if significant else 0
    return port if port <= 0xFFFF else None


class _PositionMap:
    """Maps an index in the preprocessed input back to the index in the input as given."""

    __slots__ = ("_leading", "_removed")

    def __init__(self, leading: int, removed_at: list[int]) -> None:
        # ``removed_at[k]`` is the index, in the stripped input, of the k-th removed tab or
        # newline; ``removed_at[k] - k`` is where it would have been in the cleaned input.
        self._leading = leading
        self._removed = [index - k for k, index in enumerate(removed_at)]

    def original(self, index: int) -> int:
        return self._leading + index + bisect.bisect_right(self._removed, index)


class BasicURLParser:
    """One run of the basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser).

    Use :func:`basic_url_parse`; this class holds the state machine's variables so that each
    state can be a method named as the spec names the state.
    """

    __slots__ = (
        "at_sign_seen",
        "base",
        "buffer",
        "encoding",
        "errors",
        "input",
        "inside_brackets",
        "password_parts",
        "password_token_seen",
        "pointer",
        "positions",
        "state",
        "state_override",
        "url",
        "url_is_special",
        "username_parts",
    )

    def __init__(
        self,
        input: str,
        base: URLRecord | None,
        encoding: str,
        url: URLRecord | None,
        state_override: int | None,
        errors: list[ValidationError] | None,
    ) -> None:
        self.errors = errors
        self.positions: _PositionMap | None = None
        leading = 0
        # Step 1: a new URL, and leading/trailing C0 controls and spaces stripped.
        given_url = url  # (None: the parser makes a new one)
        if url is None:
            url = URLRecord()
            # (C0 controls and spaces are the code points up to U+0020: only an input that
            # starts or ends with one has any to strip)
            if input != "" and (ord(input[0]) <= 0x20 or ord(input[-1]) <= 0x20):
                stripped = input.strip(C0_CONTROL_OR_SPACE_STRING)
                leading = len(input) - len(input.lstrip(C0_CONTROL_OR_SPACE_STRING))
                self._record_leading_or_trailing(input, leading)
                input = stripped
        # Steps 2-3: ASCII tabs and newlines removed.
        removed_at: list[int] = []
        if "\t" in input or "\n" in input or "\r" in input:
            if errors is not None:
                removed_at = [m.start() for m in ASCII_TAB_OR_NEWLINE_RE.finditer(input)]
                errors.append(ValidationError("invalid-URL-unit", leading + removed_at[0]))
            input = remove_ascii_tab_or_newline(input)
        if errors is not None:
            self.positions = _PositionMap(leading, removed_at)
        self.input = input
        self.base = base
        self.url = url
        # Whether url is special (https://url.spec.whatwg.org/#is-special), kept as a flag that
        # changes where url's scheme does (set_scheme): the states ask on nearly every step.
        # (a new URL's scheme is the empty string: not special)
        self.url_is_special = given_url is not None and is_special(given_url)
        self.state_override = state_override
        self.state = state_override if state_override is not None else State.SCHEME_START
        # (the default needs no lookup: a call into the interpreted encoding module)
        self.encoding = encoding if encoding == "utf-8" else output_encoding_for_label(encoding)
        self.buffer = ""
        self.at_sign_seen = False
        self.inside_brackets = False
        self.password_token_seen = False
        self.pointer = 0
        # The authority state's appends to the URL's username and password, joined once at the
        # end of the authority (appending to a str attribute per "@" would be quadratic); made
        # at the first "@" (most URLs have none).
        self.username_parts: list[str] | None = None
        self.password_parts: list[str] | None = None

    def _record_leading_or_trailing(self, input: str, leading: int) -> None:
        """The one validation error for leading or trailing C0 controls or spaces.

        It is placed at the first such code point: the start, or where the trailing run begins.
        """
        if self.errors is not None:
            position = 0 if leading else len(input.rstrip(C0_CONTROL_OR_SPACE_STRING))
            self.errors.append(ValidationError("invalid-URL-unit", position))

    # --- the machinery: running states, reporting errors ---------------------------------------

    def run(self) -> URLRecord | None:
        """Step 9 of the basic URL parser: run the state machine; None is failure."""
        input = self.input
        length = len(input)
        handlers = _STATE_HANDLERS
        by_calls = dispatch_by_calls
        while True:
            pointer = self.pointer
            c = ord(input[pointer]) if pointer < length else EOF
            outcome = self.step(c) if by_calls else handlers[self.state](self, c)
            if outcome is not None:
                return None if outcome is FAILURE else self.url
            if self.pointer >= length:
                return self.url
            self.pointer += 1

    def step(self, c: int) -> _Outcome | None:
        """Run the current state's method on ``c``: :data:`_STATE_HANDLERS` as direct calls.

        The compiled build's dispatch: a chain of int comparisons and direct calls compiles to C
        branches, where a dict lookup and a call through a Python object do not; the pure build
        looks the method up in the dict (tests/test_parser_dispatch.py proves both pick the same
        method). The commonest states first.
        """
        state = self.state
        if state == State.PATH:
            return self.path_state(c)
        if state == State.QUERY:
            return self.query_state(c)
        if state == State.FRAGMENT:
            return self.fragment_state(c)
        if state == State.HOST:
            return self.host_state(c)
        if state == State.AUTHORITY:
            return self.authority_state(c)
        if state == State.PATH_START:
            return self.path_start_state(c)
        if state == State.SCHEME:
            return self.scheme_state(c)
        if state == State.SCHEME_START:
            return self.scheme_start_state(c)
        if state == State.SPECIAL_AUTHORITY_SLASHES:
            return self.special_authority_slashes_state(c)
        if state == State.SPECIAL_AUTHORITY_IGNORE_SLASHES:
            return self.special_authority_ignore_slashes_state(c)
        if state == State.PORT:
            return self.port_state(c)
        if state == State.OPAQUE_PATH:
            return self.opaque_path_state(c)
        if state == State.NO_SCHEME:
            return self.no_scheme_state(c)
        if state == State.RELATIVE:
            return self.relative_state(c)
        if state == State.RELATIVE_SLASH:
            return self.relative_slash_state(c)
        if state == State.SPECIAL_RELATIVE_OR_AUTHORITY:
            return self.special_relative_or_authority_state(c)
        if state == State.PATH_OR_AUTHORITY:
            return self.path_or_authority_state(c)
        if state == State.FILE:
            return self.file_state(c)
        if state == State.FILE_SLASH:
            return self.file_slash_state(c)
        if state == State.FILE_HOST:
            return self.file_host_state(c)
        if state == State.HOSTNAME:
            return self.hostname_state(c)
        raise AssertionError(f"no such state: {state}")

    def validation_error(self, name: str, index: int | None = None) -> None:
        """Record validation error ``name`` at ``index`` of the input (default: the pointer)."""
        if self.errors is not None:
            self.errors.append(ValidationError(name, self.original_position(index)))

    def original_position(self, index: int | None = None) -> int:
        """Where ``index`` (default: the pointer) of the preprocessed input is in the input."""
        if index is None:
            index = self.pointer
        return index if self.positions is None else self.positions.original(index)

    def report_invalid_url_units(self, start: int, end: int) -> None:
        """The invalid-URL-unit checks of the path, opaque path, query and fragment states.

        For each code point of ``input[start:end]``: not a URL code point and not U+0025 (%), or
        U+0025 (%) while remaining does not start with two ASCII hex digits.
        """
        if self.errors is None:
            return
        # Two more code points so that the look-ahead after a final "%" sees what the spec sees.
        for match in INVALID_URL_UNIT.finditer(self.input, start, min(end + 2, len(self.input))):
            if match.start() >= end:
                break
            self.validation_error("invalid-URL-unit", match.start())

    def run_end(self, run: CodePointRun) -> int:
        """Where the run of code points starting at the pointer ends: its first end, or EOF."""
        if COMPILED:
            return run_end_by_code_points(self.input, self.pointer, run)
        match = run.pattern.search(self.input, self.pointer)
        return len(self.input) if match is None else match.start()

    def remaining_starts_with(self, prefix: str) -> bool:
        """Whether remaining (https://url.spec.whatwg.org/#remaining) starts with ``prefix``."""
        if COMPILED:
            return starts_with_by_code_points(self.input, self.pointer + 1, prefix)
        return self.input.startswith(prefix, self.pointer + 1)

    def host_parse(self, start: int) -> tuple[HostKind, str | int | tuple[int, ...]] | None:
        """Host-parse the buffer, which starts at ``start``, with "url is not special": the
        host's kind and value (see urlspec.host.Host), or None for failure."""
        return parse_host_kind_and_value(
            self.buffer,
            not self.url_is_special,
            self.errors,
            self.original_position(start) if self.errors is not None else 0,
        )

    def set_scheme(self, scheme: str) -> None:
        """Set url's scheme (and with it the flag url_is_special)."""
        self.url.scheme = scheme
        # (the special schemes, url_record.SPECIAL_SCHEMES, as a tuple of literals: the compiled
        # build compares them with the scheme, without hashing a new string for a dict lookup)
        self.url_is_special = scheme in _SPECIAL_SCHEME_NAMES

    def set_host(self, host: tuple[HostKind, str | int | tuple[int, ...]]) -> None:
        url = self.url
        url.host = serialize_host_kind_and_value(host[0], host[1])
        url.host_kind = host[0]

    def set_empty_host(self) -> None:
        self.url.host = ""
        self.url.host_kind = HostKind.EMPTY

    def copy_host_from_base(self) -> None:
        base = self.base
        assert base is not None
        self.url.host = base.host
        self.url.host_kind = base.host_kind

    def path_list(self) -> list[str]:
        path = self.url.path
        assert not isinstance(path, str), "the path state never sees an opaque path"
        return path

    # --- the states ---------------------------------------------------------------------------

    def scheme_start_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#scheme-start-state"""
        if is_ascii_alpha(c):
            self.buffer += chr(c | 0x20)  # c, ASCII lowercased
            self.state = State.SCHEME
        elif self.state_override is None:
            self.state = State.NO_SCHEME
            self.pointer -= 1
        else:
            return FAILURE
        return None

    def scheme_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#scheme-state"""
        if is_ascii_alpha(c) or is_ascii_digit(c) or c in (0x2B, 0x2D, FULL_STOP):  # + - .
            end = self.run_end(_SCHEME_END)
            self.buffer += self.input[self.pointer : end].lower()
            self.pointer = end - 1
        elif c == COLON:
            return self.scheme_state_colon()
        elif self.state_override is None:
            self.buffer = ""
            self.state = State.NO_SCHEME
            self.pointer = -1  # start over, from the first code point in input
        else:
            return FAILURE
        return None

    def scheme_state_colon(self) -> _Outcome | None:
        """The scheme state's steps for U+003A (:)."""
        url = self.url
        buffer = self.buffer
        if self.state_override is not None:
            url_is_special = self.url_is_special
            buffer_is_special = buffer in SPECIAL_SCHEMES
            if url_is_special and not buffer_is_special:
                return RETURN
            if not url_is_special and buffer_is_special:
                return RETURN
            if (includes_credentials(url) or url.port is not None) and buffer == "file":
                return RETURN
            if url.scheme == "file" and url.host == "":
                return RETURN
        self.set_scheme(buffer)
        if self.state_override is not None:
            if url.port == default_port(url.scheme):
                url.port = None
            return RETURN
        self.buffer = ""
        base = self.base
        if url.scheme == "file":
            if not self.remaining_starts_with("//"):
                self.validation_error("special-scheme-missing-following-solidus", self.pointer + 1)
            self.state = State.FILE
        elif self.url_is_special and base is not None and base.scheme == url.scheme:
            assert base.scheme in SPECIAL_SCHEMES
            self.state = State.SPECIAL_RELATIVE_OR_AUTHORITY
        elif self.url_is_special:
            self.state = State.SPECIAL_AUTHORITY_SLASHES
        elif self.remaining_starts_with("/"):
            self.state = State.PATH_OR_AUTHORITY
            self.pointer += 1
        else:
            url.path = ""
            self.state = State.OPAQUE_PATH
        return None

    def no_scheme_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#no-scheme-state"""
        base = self.base
        if base is None or (isinstance(base.path, str) and c != NUMBER_SIGN):
            self.validation_error("missing-scheme-non-relative-URL")
            return FAILURE
        url = self.url
        if isinstance(base.path, str) and c == NUMBER_SIGN:
            self.set_scheme(base.scheme)
            url.path = base.path
            url.query = base.query
            url.fragment = ""
            self.state = State.FRAGMENT
        elif base.scheme != "file":
            self.state = State.RELATIVE
            self.pointer -= 1
        else:
            self.state = State.FILE
            self.pointer -= 1
        return None

    def special_relative_or_authority_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#special-relative-or-authority-state"""
        if c == SOLIDUS and self.remaining_starts_with("/"):
            self.state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES
            self.pointer += 1
        else:
            self.validation_error("special-scheme-missing-following-solidus")
            self.state = State.RELATIVE
            self.pointer -= 1
        return None

    def path_or_authority_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#path-or-authority-state"""
        if c == SOLIDUS:
            self.state = State.AUTHORITY
        else:
            self.state = State.PATH
            self.pointer -= 1
        return None

    def relative_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#relative-state"""
        base = self.base
        assert base is not None and base.scheme != "file"
        url = self.url
        self.set_scheme(base.scheme)
        if c == SOLIDUS:
            self.state = State.RELATIVE_SLASH
        elif self.url_is_special and c == REVERSE_SOLIDUS:
            self.validation_error("invalid-reverse-solidus")
            self.state = State.RELATIVE_SLASH
        else:
            url.username = base.username
            url.password = base.password
            self.copy_host_from_base()
            url.port = base.port
            url.path = base.path if isinstance(base.path, str) else list(base.path)
            url.query = base.query
            if c == QUESTION_MARK:
                url.query = ""
                self.state = State.QUERY
            elif c == NUMBER_SIGN:
                url.fragment = ""
                self.state = State.FRAGMENT
            elif c != EOF:
                url.query = None
                shorten_path(url)
                self.state = State.PATH
                self.pointer -= 1
        return None

    def relative_slash_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#relative-slash-state"""
        if self.url_is_special and c in (SOLIDUS, REVERSE_SOLIDUS):
            if c == REVERSE_SOLIDUS:
                self.validation_error("invalid-reverse-solidus")
            self.state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES
        elif c == SOLIDUS:
            self.state = State.AUTHORITY
        else:
            base = self.base
            assert base is not None
            url = self.url
            url.username = base.username
            url.password = base.password
            self.copy_host_from_base()
            url.port = base.port
            self.state = State.PATH
            self.pointer -= 1
        return None

    def special_authority_slashes_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#special-authority-slashes-state"""
        if c == SOLIDUS and self.remaining_starts_with("/"):
            self.state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES
            self.pointer += 1
        else:
            self.validation_error("special-scheme-missing-following-solidus")
            self.state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES
            self.pointer -= 1
        return None

    def special_authority_ignore_slashes_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#special-authority-ignore-slashes-state"""
        if c != SOLIDUS and c != REVERSE_SOLIDUS:
            self.state = State.AUTHORITY
            self.pointer -= 1
        else:
            self.validation_error("special-scheme-missing-following-solidus")
        return None

    def authority_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#authority-state"""
        special = self.url_is_special
        if c == COMMERCIAL_AT:
            self.validation_error("invalid-credentials")
            if self.at_sign_seen:
                self.buffer = "%40" + self.buffer
            else:
                self.username_parts = []
                self.password_parts = []
            self.at_sign_seen = True
            self.append_buffer_to_credentials()
            self.buffer = ""
        elif c in (EOF, SOLIDUS, QUESTION_MARK, NUMBER_SIGN) or (special and c == REVERSE_SOLIDUS):
            if self.at_sign_seen and self.buffer == "":
                self.validation_error("host-missing")
                return FAILURE
            if self.username_parts is not None and self.password_parts is not None:
                # (atSignSeen: the parts exist from the first "@" on)
                self.url.username += "".join(self.username_parts)
                self.url.password += "".join(self.password_parts)
            self.pointer -= len(self.buffer) + 1
            self.buffer = ""
            self.state = State.HOST
        else:
            # Append c, and the code points after it up to the next "@" or end of authority.
            end = self.run_end(_SPECIAL_AUTHORITY_END if special else _AUTHORITY_END)
            self.buffer += self.input[self.pointer : end]
            self.pointer = end - 1
        return None

    def append_buffer_to_credentials(self) -> None:
        """The authority state's "for each codePoint in buffer" loop, for the whole buffer.

        The first U+003A (:) moves from the username to the password; everything else is
        UTF-8 percent-encoded with the userinfo percent-encode set.
        """
        buffer = self.buffer
        username_parts = self.username_parts
        password_parts = self.password_parts
        assert username_parts is not None and password_parts is not None
        if not self.password_token_seen:
            colon = buffer.find(":")
            if colon == -1:
                username_parts.append(utf8_percent_encode(buffer, USERINFO))
                return
            self.password_token_seen = True
            username_parts.append(utf8_percent_encode(buffer[:colon], USERINFO))
            buffer = buffer[colon + 1 :]
        password_parts.append(utf8_percent_encode(buffer, USERINFO))

    def host_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#host-state (also the hostname state)"""
        url = self.url
        special = self.url_is_special
        if self.state_override is not None and url.scheme == "file":
            self.pointer -= 1
            self.state = State.FILE_HOST
        elif c == COLON and not self.inside_brackets:
            if self.buffer == "":
                self.validation_error("host-missing")
                return FAILURE
            if self.state_override == State.HOSTNAME:
                return FAILURE
            host = self.host_parse(self.pointer - len(self.buffer))
            if host is None:
                return FAILURE
            self.set_host(host)
            self.buffer = ""
            self.state = State.PORT
        elif c in (EOF, SOLIDUS, QUESTION_MARK, NUMBER_SIGN) or (special and c == REVERSE_SOLIDUS):
            self.pointer -= 1
            if special and self.buffer == "":
                self.validation_error("host-missing", self.pointer + 1)
                return FAILURE
            if (
                self.state_override is not None
                and self.buffer == ""
                and (includes_credentials(url) or url.port is not None)
            ):
                return FAILURE
            host = self.host_parse(self.pointer + 1 - len(self.buffer))
            if host is None:
                return FAILURE
            self.set_host(host)
            self.buffer = ""
            self.state = State.PATH_START
            if self.state_override is not None:
                return RETURN
        else:
            # Append c, and the code points after it up to the next one that ends the host (a
            # delimiter, or ":" outside brackets), updating insideBrackets at each "[" and "]".
            if COMPILED:
                end, self.inside_brackets = host_run_end_by_code_points(
                    self.input, self.pointer, special, self.inside_brackets
                )
            else:
                end, self.inside_brackets = host_run_end_by_regex(
                    self.input, self.pointer, special, self.inside_brackets
                )
            self.buffer += self.input[self.pointer : end]
            self.pointer = end - 1
        return None

    def hostname_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#hostname-state: the host state's steps."""
        return self.host_state(c)

    def port_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#port-state"""
        url = self.url
        if is_ascii_digit(c):
            end = self.run_end(_PORT_END)
            self.buffer += self.input[self.pointer : end]
            self.pointer = end - 1
        elif (
            c in (EOF, SOLIDUS, QUESTION_MARK, NUMBER_SIGN)
            or (self.url_is_special and c == REVERSE_SOLIDUS)
            or self.state_override is not None
        ):
            if self.buffer != "":
                port = _port_number(self.buffer)
                if port is None:
                    self.validation_error("port-out-of-range", self.pointer - len(self.buffer))
                    return FAILURE
                url.port = None if port == default_port(url.scheme) else port
                self.buffer = ""
                if self.state_override is not None:
                    return RETURN
            if self.state_override is not None:
                return FAILURE
            self.state = State.PATH_START
            self.pointer -= 1
        else:
            self.validation_error("port-invalid")
            return FAILURE
        return None

    def file_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#file-state"""
        url = self.url
        base = self.base
        self.set_scheme("file")
        self.set_empty_host()
        if c in (SOLIDUS, REVERSE_SOLIDUS):
            if c == REVERSE_SOLIDUS:
                self.validation_error("invalid-reverse-solidus")
            self.state = State.FILE_SLASH
        elif base is not None and base.scheme == "file":
            self.copy_host_from_base()
            url.path = base.path if isinstance(base.path, str) else list(base.path)
            url.query = base.query
            if c == QUESTION_MARK:
                url.query = ""
                self.state = State.QUERY
            elif c == NUMBER_SIGN:
                url.fragment = ""
                self.state = State.FRAGMENT
            elif c != EOF:
                url.query = None
                if not starts_with_windows_drive_letter(self.input, self.pointer):
                    shorten_path(url)
                else:
                    self.validation_error("file-invalid-Windows-drive-letter")
                    url.path = []
                self.state = State.PATH
                self.pointer -= 1
        else:
            self.state = State.PATH
            self.pointer -= 1
        return None

    def file_slash_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#file-slash-state"""
        if c in (SOLIDUS, REVERSE_SOLIDUS):
            if c == REVERSE_SOLIDUS:
                self.validation_error("invalid-reverse-solidus")
            self.state = State.FILE_HOST
        else:
            base = self.base
            if base is not None and base.scheme == "file":
                self.copy_host_from_base()
                base_path = base.path
                if (
                    not starts_with_windows_drive_letter(self.input, self.pointer)
                    and not isinstance(base_path, str)
                    and base_path
                    and is_normalized_windows_drive_letter(base_path[0])
                ):
                    self.path_list().append(base_path[0])
            self.state = State.PATH
            self.pointer -= 1
        return None

    def file_host_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#file-host-state"""
        if c in (EOF, SOLIDUS, REVERSE_SOLIDUS, QUESTION_MARK, NUMBER_SIGN):
            self.pointer -= 1
            if self.state_override is None and is_windows_drive_letter(self.buffer):
                # The buffer is not reset: the path state uses it.
                self.validation_error(
                    "file-invalid-Windows-drive-letter-host", self.pointer + 1 - len(self.buffer)
                )
                self.state = State.PATH
            elif self.buffer == "":
                self.set_empty_host()
                if self.state_override is not None:
                    return RETURN
                self.state = State.PATH_START
            else:
                host = self.host_parse(self.pointer + 1 - len(self.buffer))
                if host is None:
                    return FAILURE
                if host[0] is HostKind.DOMAIN and host[1] == "localhost":
                    self.set_empty_host()
                else:
                    self.set_host(host)
                if self.state_override is not None:
                    return RETURN
                self.buffer = ""
                self.state = State.PATH_START
        else:
            end = self.run_end(_FILE_HOST_END)
            self.buffer += self.input[self.pointer : end]
            self.pointer = end - 1
        return None

    def path_start_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#path-start-state"""
        url = self.url
        if self.url_is_special:
            if c == REVERSE_SOLIDUS:
                self.validation_error("invalid-reverse-solidus")
            self.state = State.PATH
            if c != SOLIDUS and c != REVERSE_SOLIDUS:
                self.pointer -= 1
        elif self.state_override is None and c == QUESTION_MARK:
            url.query = ""
            self.state = State.QUERY
        elif self.state_override is None and c == NUMBER_SIGN:
            url.fragment = ""
            self.state = State.FRAGMENT
        elif c != EOF:
            self.state = State.PATH
            if c != SOLIDUS:
                self.pointer -= 1
        elif self.state_override is not None and url.host is None:
            self.path_list().append("")
        return None

    def path_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#path-state"""
        url = self.url
        special = self.url_is_special
        overridden = self.state_override is not None
        # (url is special and c is U+005C (\)) counts as c being U+002F (/).
        is_slash = c == SOLIDUS or (special and c == REVERSE_SOLIDUS)
        if c == EOF or is_slash or (not overridden and c in (QUESTION_MARK, NUMBER_SIGN)):
            if special and c == REVERSE_SOLIDUS:
                self.validation_error("invalid-reverse-solidus")
            buffer = self.buffer
            path = self.path_list()
            # (a single-dot or double-dot path segment starts with "." or "%": "%2e")
            maybe_dot = buffer != "" and ord(buffer[0]) in (FULL_STOP, PERCENT_SIGN)
            if maybe_dot and is_double_dot_path_segment(buffer):
                shorten_path(url)
                if not is_slash:
                    path.append("")
            elif maybe_dot and is_single_dot_path_segment(buffer):
                if not is_slash:
                    path.append("")
            else:
                if not path and url.scheme == "file" and is_windows_drive_letter(buffer):
                    buffer = buffer[0] + ":"
                path.append(buffer)
            self.buffer = ""
            if c == QUESTION_MARK:
                url.query = ""
                self.state = State.QUERY
            if c == NUMBER_SIGN:
                url.fragment = ""
                self.state = State.FRAGMENT
        else:
            # c and the code points after it up to the end of this segment, at once.
            if overridden:
                pattern = _OVERRIDDEN_SPECIAL_PATH_END if special else _OVERRIDDEN_PATH_END
            else:
                pattern = _SPECIAL_PATH_END if special else _PATH_END
            if COMPILED:
                end, unchanged = path_run_end_by_code_points(self.input, self.pointer, pattern)
            else:
                end, unchanged = self.run_end(pattern), False
            self.report_invalid_url_units(self.pointer, end)
            run = self.input[self.pointer : end]
            # UTF-8 percent-encode c using the path percent-encode set (a run with no code
            # point of the set is left as it is: the compiled build knows it from the loop).
            self.buffer += run if unchanged else utf8_percent_encode(run, PATH)
            self.pointer = end - 1
        return None

    def opaque_path_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state"""
        url = self.url
        if c == QUESTION_MARK:
            url.query = ""
            self.state = State.QUERY
        elif c == NUMBER_SIGN:
            url.fragment = ""
            self.state = State.FRAGMENT
        elif c != EOF:
            # c and everything up to the next "?" or "#", at once. The spec's U+0020 SPACE step
            # is folded in: the C0 control percent-encode set leaves spaces alone, and only the
            # run's last code point can be a space that remaining's "?" or "#" turns into "%20".
            # (A space is not a URL code point, so the invalid-URL-unit check reports it.)
            end = self.run_end(_OPAQUE_PATH_END)
            self.report_invalid_url_units(self.pointer, end)
            run = self.input[self.pointer : end]
            if COMPILED and not has_code_point_in_set(run, _IN_C0_CONTROL_PERCENT_ENCODE_SET):
                encoded = run  # (what UTF-8 percent-encoding leaves it as)
            else:
                encoded = utf8_percent_encode(run, C0_CONTROL)
            if end < len(self.input) and encoded.endswith(" "):
                encoded = encoded[:-1] + "%20"
            assert isinstance(url.path, str)
            url.path += encoded
            self.pointer = end - 1
        return None

    def query_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#query-state"""
        url = self.url
        special = self.url_is_special
        if self.encoding != "utf-8" and (not special or url.scheme in ("ws", "wss")):
            self.encoding = "utf-8"
        if (self.state_override is None and c == NUMBER_SIGN) or c == EOF:
            buffer = self.buffer
            if COMPILED and self.encoding == "utf-8":
                # (UTF-8 percent-encoding leaves a buffer without a code point of the set as it is)
                in_set = (
                    _IN_SPECIAL_QUERY_PERCENT_ENCODE_SET
                    if special
                    else _IN_QUERY_PERCENT_ENCODE_SET
                )
                unchanged = not has_code_point_in_set(buffer, in_set)
            else:
                unchanged = False
            if unchanged:
                encoded = buffer
            else:
                encode_set = SPECIAL_QUERY if special else QUERY
                encoded = percent_encode_after_output_encoding(self.encoding, buffer, encode_set)
            assert url.query is not None, "the query state starts with a non-null query"
            url.query += encoded
            self.buffer = ""
            if c == NUMBER_SIGN:
                url.fragment = ""
                self.state = State.FRAGMENT
        else:
            # c and everything up to the next "#" (or EOF), at once.
            end = len(self.input) if self.state_override is not None else self.run_end(_QUERY_END)
            self.report_invalid_url_units(self.pointer, end)
            self.buffer += self.input[self.pointer : end]
            self.pointer = end - 1
        return None

    def fragment_state(self, c: int) -> _Outcome | None:
        """https://url.spec.whatwg.org/#fragment-state"""
        if c != EOF:
            # c and everything after it, at once.
            end = len(self.input)
            self.report_invalid_url_units(self.pointer, end)
            fragment = self.input[self.pointer :]
            if COMPILED and not has_code_point_in_set(fragment, _IN_FRAGMENT_PERCENT_ENCODE_SET):
                encoded = fragment  # (what UTF-8 percent-encoding leaves it as)
            else:
                encoded = utf8_percent_encode(fragment, FRAGMENT)
            assert self.url.fragment is not None, "the fragment state starts with a fragment"
            self.url.fragment += encoded
            self.pointer = end - 1
        return None


#: Each state's method, by state (the pure build's dispatch; see BasicURLParser.step).
_STATE_HANDLERS: Final = {
    State.SCHEME_START: BasicURLParser.scheme_start_state,
    State.SCHEME: BasicURLParser.scheme_state,
    State.NO_SCHEME: BasicURLParser.no_scheme_state,
    State.SPECIAL_RELATIVE_OR_AUTHORITY: BasicURLParser.special_relative_or_authority_state,
    State.PATH_OR_AUTHORITY: BasicURLParser.path_or_authority_state,
    State.RELATIVE: BasicURLParser.relative_state,
    State.RELATIVE_SLASH: BasicURLParser.relative_slash_state,
    State.SPECIAL_AUTHORITY_SLASHES: BasicURLParser.special_authority_slashes_state,
    State.SPECIAL_AUTHORITY_IGNORE_SLASHES: BasicURLParser.special_authority_ignore_slashes_state,
    State.AUTHORITY: BasicURLParser.authority_state,
    State.HOST: BasicURLParser.host_state,
    State.HOSTNAME: BasicURLParser.hostname_state,
    State.PORT: BasicURLParser.port_state,
    State.FILE: BasicURLParser.file_state,
    State.FILE_SLASH: BasicURLParser.file_slash_state,
    State.FILE_HOST: BasicURLParser.file_host_state,
    State.PATH_START: BasicURLParser.path_start_state,
    State.PATH: BasicURLParser.path_state,
    State.OPAQUE_PATH: BasicURLParser.opaque_path_state,
    State.QUERY: BasicURLParser.query_state,
    State.FRAGMENT: BasicURLParser.fragment_state,
}


def basic_url_parse(
    input: str,
    base: URLRecord | None = None,
    encoding: str = "utf-8",
    url: URLRecord | None = None,
    state_override: int | None = None,
    errors: list[ValidationError] | None = None,
) -> URLRecord | None:
    """The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser).

    ``input`` must be a scalar value string. Returns the URL record, or None for failure. When
    ``url`` and ``state_override`` are given (the setters), ``url`` is modified in place and
    returned when the parser returns without failure, None when it returns failure (in which
    case ``url`` may still have been partly modified, exactly as the spec's steps modify it).
    Validation errors are appended to ``errors`` when it is a list.
    """
    return BasicURLParser(input, base, encoding, url, state_override, errors).run()


def api_url_parse(
    url: str,
    base: str | URLRecord | None = None,
    encoding: str = "utf-8",
    errors: list[ValidationError] | None = None,
) -> URLRecord | None:
    """The API URL parser (https://url.spec.whatwg.org/#api-url-parser); None is failure.

    ``base`` may also be an already parsed URL record (never modified). A base string is parsed
    first, without recording its validation errors in ``errors`` (their positions would be in
    another string); a base that fails makes the whole parse fail.
    """
    parsed_base = None
    if isinstance(base, str):
        parsed_base = basic_url_parse(base)
        if parsed_base is None:
            return None
    else:
        parsed_base = base
    return basic_url_parse(url, parsed_base, encoding, errors=errors)
