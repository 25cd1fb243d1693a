"""The state machine's two dispatches (urlspec.parser) run the same states.

The pure build looks each state's method up in ``_STATE_HANDLERS``; the compiled build calls it
through ``BasicURLParser.step``, a chain of comparisons. Both builds run this file: it parses the
WPT inputs (against their bases, collecting validation errors) and the corpora's lines that the
fast path leaves to the state machine with each dispatch, and requires the same records and the
same errors, and that the setters' state overrides give the same results.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus, load_wpt, missing, wpt_path
from test_parser_states import SETTER_STATES

from urlspec import parser
from urlspec.infra import to_scalar_value_string
from urlspec.parser import State, basic_url_parse
from urlspec.percent_encoding import PATH, utf8_percent_encode
from urlspec.url_record import URLRecord, is_special
from urlspec.validation import ValidationError


def parse_with(
    by_calls: bool, input: str, base: URLRecord | None = None
) -> tuple[URLRecord | None, list[ValidationError]]:
    saved = parser.dispatch_by_calls
    parser.dispatch_by_calls = by_calls
    try:
        errors: list[ValidationError] = []
        return basic_url_parse(to_scalar_value_string(input), base, errors=errors), errors
    finally:
        parser.dispatch_by_calls = saved


def wpt_cases() -> Iterator[tuple[str, str | None]]:
    for entry in load_wpt("urltestdata.json"):
        yield entry["input"], entry.get("base")


def test_every_state_has_a_method() -> None:
    states = [value for name, value in vars(State).items() if name.isupper() and name != "NAMES"]
    assert sorted(states) == list(range(len(State.NAMES)))
    assert sorted(parser._STATE_HANDLERS) == sorted(states)


def test_both_dispatches_agree_on_wpt() -> None:
    cases = list(wpt_cases())
    if not cases:
        missing(wpt_path("urltestdata.json"))
    for input, base_string in cases:
        base = None
        if base_string is not None:
            base = basic_url_parse(base_string)
            if base is None:
                continue
        assert parse_with(True, input, base) == parse_with(False, input, base), input


@pytest.mark.parametrize("corpus", CORPORA)
def test_both_dispatches_agree_on_the_corpus(corpus: str) -> None:
    lines = list(iter_corpus(corpus))
    # Every 7th line, with a tab inserted so that it is off the fast path's inputs (the parser
    # removes it), and every 50th as it is.
    for index in range(0, len(lines), 7):
        line = lines[index]
        with_tab = line[: len(line) // 2] + "\t" + line[len(line) // 2 :]
        assert parse_with(True, with_tab) == parse_with(False, with_tab), with_tab
        if index % 50 == 0:
            assert parse_with(True, line) == parse_with(False, line), line


@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("protocol", "ftp"),
        ("host", "example.org:81"),
        ("hostname", "[::1]"),
        ("port", "8080"),
        ("pathname", "/a/../b"),
        ("search", "?x y"),
        ("hash", "#f g"),
    ],
)
def test_both_dispatches_agree_on_setters(attribute: str, value: str) -> None:
    from urlspec.url import URL

    results: list[Any] = []
    for by_calls in (True, False):
        saved = parser.dispatch_by_calls
        parser.dispatch_by_calls = by_calls
        try:
            results.append(URL("https://u@example.com/p?q#h").replace(**{attribute: value}).href)
        finally:
            parser.dispatch_by_calls = saved
    assert results[0] == results[1]


# --- The flag url_is_special equals "url is special" after every step --------------------------


def run_checking_the_special_flag(
    input: str,
    base: URLRecord | None = None,
    url: URLRecord | None = None,
    state_override: int | None = None,
) -> None:
    """BasicURLParser.run's loop, checking before and after each step that the parser's flag
    says what https://url.spec.whatwg.org/#is-special says of its URL record."""
    machine = parser.BasicURLParser(
        to_scalar_value_string(input), base, "utf-8", url, state_override, []
    )
    length = len(machine.input)
    while True:
        assert machine.url_is_special is is_special(machine.url), (input, machine.state)
        pointer = machine.pointer
        outcome = machine.step(ord(machine.input[pointer]) if pointer < length else parser.EOF)
        assert machine.url_is_special is is_special(machine.url), (input, machine.state)
        if outcome is not None or machine.pointer >= length:
            return
        machine.pointer += 1


def test_the_special_flag_follows_the_scheme_on_wpt() -> None:
    cases = list(wpt_cases())
    if not cases:
        missing(wpt_path("urltestdata.json"))
    for input, base_string in cases:
        base = None if base_string is None else basic_url_parse(base_string)
        if base_string is None or base is not None:
            run_checking_the_special_flag(input, base)


def test_the_special_flag_follows_the_scheme_with_every_state_override() -> None:
    """Each state a setter starts in (https://url.spec.whatwg.org/#urlutils-members), on special
    and non-special URLs, with inputs that change the scheme and that leave it."""
    for url_string in ("https://u:p@example.com:8/p?q#h", "foo://h/p", "file:///C:/x", "a:b"):
        for state in SETTER_STATES:
            for input in ("ftp", "file", "foo", "HTTP", "h:1", "/x\\y", "?a", "", "[::1]"):
                record = basic_url_parse(url_string)
                assert record is not None
                if isinstance(record.path, str) and state in (State.HOST, State.PATH_START):
                    continue  # (the host, hostname, port and pathname setters stop here)
                # (as the search and hash setters do before running the parser)
                if state == State.QUERY:
                    record.query = ""
                if state == State.FRAGMENT:
                    record.fragment = ""
                run_checking_the_special_flag(input, url=record, state_override=state)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["http:", "file:", "foo:", "/", "\\", "?", "#", "a", ":", "@", "."]),
        max_size=12,
    ).map("".join)
)
def test_the_special_flag_follows_the_scheme_on_generated_inputs(input: str) -> None:
    base = basic_url_parse("https://example.com/a/b")
    file_base = basic_url_parse("file:///c/d")
    for each_base in (None, base, file_base):
        run_checking_the_special_flag(input, each_base)


# --- The two ways to find where a run of code points ends (urlspec.parser.CodePointRun) ---

RUNS = {name: run for name, run in vars(parser).items() if isinstance(run, parser.CodePointRun)}


def run_end_by_regex(text: str, start: int, run: parser.CodePointRun) -> int:
    """The reference: the first match of the run's pattern (a character class built from the
    same code points) from ``start``, as the pure build finds it."""
    match = run.pattern.search(text, start)
    return len(text) if match is None else match.start()


def assert_run_ends_agree(text: str) -> None:
    for name, run in RUNS.items():
        for start in range(len(text) + 1):
            expected = run_end_by_regex(text, start, run)
            assert parser.run_end_by_code_points(text, start, run) == expected, (name, text, start)
            # The path state's loop also tells whether the path percent-encode set leaves the
            # run as it is.
            segment = text[start:expected]
            unchanged = utf8_percent_encode(segment, PATH) == segment
            found = parser.path_run_end_by_code_points(text, start, run)
            assert found == (expected, unchanged), (name, text, start)


def test_every_run_is_checked() -> None:
    # scheme, port, authority (2), file host, path (4), opaque path, query
    assert len(RUNS) == 11


def wpt_texts() -> list[str]:
    """The WPT inputs and bases (fails when the file is missing)."""
    cases = list(wpt_cases())
    if not cases:
        missing(wpt_path("urltestdata.json"))
    return [text for input, base in cases for text in (input, base) if text is not None]


def test_run_ends_agree_on_wpt() -> None:
    for text in wpt_texts():
        assert_run_ends_agree(text)


def test_run_ends_agree_on_every_code_point() -> None:
    """Each ASCII code point, and non-ASCII ones of each width, alone and between letters."""
    for code_point in [*range(128), 0xE9, 0x3B1, 0x4E2D, 0x1F600]:
        assert_run_ends_agree(chr(code_point))
        assert_run_ends_agree("ab" + chr(code_point) + "cd")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09+-.:@/?#\\[]%é中😀 \t"), max_size=20))
def test_run_ends_agree_on_generated_text(text: str) -> None:
    assert_run_ends_agree(text)


# --- The two ways to find where the host state's run ends (and insideBrackets there) ---


def assert_host_run_ends_agree(text: str) -> None:
    for start in range(len(text) + 1):
        for special in (False, True):
            for inside_brackets in (False, True):
                expected = parser.host_run_end_by_regex(text, start, special, inside_brackets)
                found = parser.host_run_end_by_code_points(text, start, special, inside_brackets)
                assert found == expected, (text, start, special, inside_brackets)


def test_host_run_ends_agree_on_wpt() -> None:
    for text in wpt_texts():
        assert_host_run_ends_agree(text)


def test_host_run_ends_agree_on_every_short_text() -> None:
    """Every string of up to four code points of those the host state tells apart."""
    alphabet = "[]:/?#\\a@é"
    for length in range(5):
        for combination in itertools.product(alphabet, repeat=length):
            assert_host_run_ends_agree("".join(combination))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("a0:[]/?#\\@%é中😀 \t"), max_size=20))
def test_host_run_ends_agree_on_generated_text(text: str) -> None:
    assert_host_run_ends_agree(text)
