"""The states on integer code points (urlspec.parser) give what the spec's steps give.

The states compare ``c`` as an integer code point and consume runs of code points by loops (the
compiled build) or regexes (the pure build); the serializer builds its output in one f-string.
Both builds run this file. The references:

- the WPT inputs (tests/test_parser_wpt.py checks their records against the expected values; here
  the validation errors must also be those of the frozen reference below);
- the messy corpora of bench/messy.py (lines with one of its mutations): the href must be that
  of the clean line the fast path's tiers give (a tab is removed, a ``%2e%2e`` segment undoes
  the segment before it, a hexadecimal IPv4 host is the address ``ipaddress`` writes), or the
  tiers' own href of the mutated input where they take it (an uppercase host, a backslash);
- ``tests/reference_parser.py``, a frozen copy of the state machine as it was before (one
  code-point string per step), on exhaustive short inputs and generated ones covering each
  state's branches, with and without a base, and on the setters' state overrides: the same
  record and the same validation errors.
"""

from __future__ import annotations

import ipaddress
import itertools

import pytest
import reference_parser
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus, load_wpt, missing, wpt_path

from bench.messy import backslash, dot_dot_segment, hex_ipv4, tab, uppercase_host
from urlspec import URL, parser
from urlspec.fast_path import tier_2_or_3_href
from urlspec.infra import to_scalar_value_string
from urlspec.own_href_pattern import is_own_href
from urlspec.parser import State, basic_url_parse
from urlspec.percent_encoding import (
    C0_CONTROL,
    FRAGMENT,
    PATH,
    QUERY,
    SPECIAL_QUERY,
    utf8_percent_encode,
)
from urlspec.url_record import SPECIAL_SCHEMES, URLRecord, serialize_url
from urlspec.validation import ValidationError

BASES = (
    None,
    "https://user:pass@example.com:8080/a/b/c?q#f",
    "file:///C:/dir/file",
    "file://host/dir/file",
    "foo://h/x/y",
    "foo:/x/y",
    "a:opaque",
)


def parsed_bases() -> list[URLRecord | None]:
    records: list[URLRecord | None] = []
    for base in BASES:
        record = None if base is None else basic_url_parse(base)
        assert base is None or record is not None, base
        records.append(record)
    return records


def assert_same_as_reference(
    input: str,
    base: URLRecord | None = None,
    url: URLRecord | None = None,
    state_override: int | None = None,
) -> None:
    """The state machine and the frozen reference give the same record (or failure) and the
    same validation errors (on a copy of ``url`` each, when a setter's state override is given,
    which must then be left the same too: a state override that fails or returns early may have
    changed the URL already, as the host setter does with "h:99999")."""
    results = []
    for parse in (basic_url_parse, reference_parser.basic_url_parse):
        errors: list[ValidationError] = []
        given = None if url is None else url.copy()
        record = parse(input, base, url=given, state_override=state_override, errors=errors)
        results.append((None if record is None else record.copy(), given, errors))
    assert results[0] == results[1], (input, base, url, state_override)


# --- WPT ---------------------------------------------------------------------------------------


def test_same_records_and_errors_as_the_reference_on_wpt() -> None:
    entries = load_wpt("urltestdata.json")
    if not entries:
        missing(wpt_path("urltestdata.json"))
    for entry in entries:
        base = None
        if entry.get("base") is not None:
            base = basic_url_parse(entry["base"])
            if base is None:
                continue
        assert_same_as_reference(to_scalar_value_string(entry["input"]), base)


# --- The messy corpora (bench/messy.py's mutations) ---------------------------------------------


def fast_path_href(url: str) -> str | None:
    """The href the fast path's tiers give ``url``, or None where no tier takes it."""
    return url if is_own_href(url) else tier_2_or_3_href(url)


def state_machine_href(url: str) -> str:
    record = basic_url_parse(to_scalar_value_string(url))
    assert record is not None, url
    return serialize_url(record)


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_messy_corpus_gives_the_clean_lines_href(corpus: str) -> None:
    lines = list(iter_corpus(corpus))
    checked = 0
    for index in range(0, len(lines), 11):  # a sample: every 11th line, each mutation
        line = lines[index]
        clean = fast_path_href(line)
        if clean is None:
            continue
        with_tab = tab(line, index)
        if with_tab is not None:
            assert state_machine_href(with_tab) == clean, with_tab
        with_dot_dot = dot_dot_segment(line, index)
        if with_dot_dot is not None:
            assert state_machine_href(with_dot_dot) == clean, with_dot_dot
        for mutated in (uppercase_host(line, index), backslash(line, index)):
            if mutated is not None and fast_path_href(mutated) is not None:
                assert state_machine_href(mutated) == fast_path_href(mutated), mutated
        with_ipv4 = hex_ipv4(line, index)
        if with_ipv4 is not None and "@" not in line:
            hostname = URL(line).hostname
            address = (index * 2654435761) & 0xFFFFFFFF  # as bench.messy.hex_ipv4 makes it
            expected = clean.replace(f"//{hostname}", f"//{ipaddress.IPv4Address(address)}", 1)
            assert state_machine_href(with_ipv4) == expected, with_ipv4
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_messy_corpus_gives_the_references_records(corpus: str) -> None:
    lines = list(iter_corpus(corpus))
    for index in range(0, len(lines), 37):
        line = lines[index]
        for mutated in (tab(line, index), dot_dot_segment(line, index), hex_ipv4(line, index)):
            if mutated is not None:
                assert_same_as_reference(to_scalar_value_string(mutated))
        idn = line.replace("://", "://bücher.", 1)
        assert_same_as_reference(to_scalar_value_string(idn))


# --- Exhaustive short inputs and generated ones ---------------------------------------------------

# Pieces that take each state's branches: the delimiters, "\\" (special or not), tabs and
# newlines, "%2e" forms and dots (dot segments), ports (leading zeros, too large), "@" and ":"
# (credentials), brackets (IPv6), drive letters, C0 controls and spaces, code points beyond ASCII.
PIECES = (
    "http:",
    "HTTPS:",
    "file:",
    "foo:",
    "ws:",
    "/",
    "\\",
    "//",
    "?",
    "#",
    "@",
    ":",
    "a",
    "B",
    "0",
    "\t",
    "\n",
    " ",
    ".",
    "..",
    "%2e",
    "%2E.",
    "%",
    "[::1]",
    "[",
    "]",
    "C:",
    "c|",
    ":080",
    ":65536",
    "é",
    "\x01",
    "x@y",
    "u:p@",
)

SHORT_PIECES = ("a", "/", "\\", ":", "@", "?", "#", ".", "%2e", "\t", "C|", "[", "]", "é", "0")


def test_same_as_the_reference_on_every_short_input() -> None:
    """Every string of up to two of SHORT_PIECES after each scheme, against each base, and of
    three without a scheme against no base, a special one and a file one."""
    bases = parsed_bases()
    for scheme in ("", "http:", "file:", "foo:"):
        for length in range(3):
            for combination in itertools.product(SHORT_PIECES, repeat=length):
                input = scheme + "".join(combination)
                for base in bases:
                    assert_same_as_reference(input, base)
    for combination in itertools.product(SHORT_PIECES, repeat=3):
        for base in bases[:3]:
            assert_same_as_reference("".join(combination), base)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join), st.integers(0, len(BASES) - 1))
def test_same_as_the_reference_on_generated_inputs(input: str, base_index: int) -> None:
    assert_same_as_reference(input, parsed_bases()[base_index])


# --- The setters' state overrides -------------------------------------------------------------

SETTER_STATES = (
    State.SCHEME_START,
    State.HOST,
    State.HOSTNAME,
    State.PORT,
    State.PATH_START,
    State.QUERY,
    State.FRAGMENT,
)
SETTER_URLS = (
    "https://u:p@example.com:8/p?q#h",
    "http://example.com/",
    "foo://h/p",
    "foo:/p",
    "file:///C:/x",
    "file://host/x",
    "a:b",
)
SETTER_VALUES = (
    "",
    "ftp",
    "file",
    "foo",
    "HTTP",
    "h",
    "h:1",
    "h:080",
    "h:99999",
    "[::1]",
    "[::1]:2",
    "x@y",
    "/x\\y",
    "/%2e%2E/z",
    "C:",
    "?a#b",
    "\tz\n",
    "é",
    "8080",
    "12ab",
)


def test_same_as_the_reference_with_every_state_override() -> None:
    """Each state a setter starts in (https://url.spec.whatwg.org/#urlutils-members)."""
    for url_string in SETTER_URLS:
        url = basic_url_parse(url_string)
        assert url is not None
        for state in SETTER_STATES:
            if isinstance(url.path, str) and state in (State.HOST, State.HOSTNAME, State.PORT):
                continue  # (the host, hostname and port setters return before the parser)
            if isinstance(url.path, str) and state == State.PATH_START:
                continue  # (and so does the pathname setter)
            # (as the search and hash setters do before running the parser)
            if state == State.QUERY:
                url.query = ""
            if state == State.FRAGMENT:
                url.fragment = ""
            for value in SETTER_VALUES:
                input = value + ":" if state == State.SCHEME_START else value
                assert_same_as_reference(input, url=url, state_override=state)


# --- The compiled build's helpers, against what they stand for ----------------------------------


def test_the_special_scheme_names_are_the_special_schemes() -> None:
    assert sorted(parser._SPECIAL_SCHEME_NAMES) == sorted(SPECIAL_SCHEMES)


def test_starts_with_by_code_points() -> None:
    texts = ["", "/", "//", "/a", "a/", "///", "é/", "/é"]
    for text in texts:
        for start in range(len(text) + 2):
            for prefix in ("/", "//", "a", "é/", ""):
                expected = text.startswith(prefix, start)
                assert parser.starts_with_by_code_points(text, start, prefix) == expected


ENCODE_SETS = (
    (parser._IN_PATH_PERCENT_ENCODE_SET, PATH),
    (parser._IN_QUERY_PERCENT_ENCODE_SET, QUERY),
    (parser._IN_SPECIAL_QUERY_PERCENT_ENCODE_SET, SPECIAL_QUERY),
    (parser._IN_FRAGMENT_PERCENT_ENCODE_SET, FRAGMENT),
    (parser._IN_C0_CONTROL_PERCENT_ENCODE_SET, C0_CONTROL),
)


def assert_in_set_check_agrees(text: str) -> None:
    for in_set, encode_set in ENCODE_SETS:
        unchanged = utf8_percent_encode(text, encode_set) == text
        assert parser.has_code_point_in_set(text, in_set) is not unchanged, (text, encode_set)


def test_in_set_check_on_every_code_point() -> None:
    for code_point in [*range(128), 0x80, 0xE9, 0x3B1, 0x4E2D, 0x1F600]:
        assert_in_set_check_agrees(chr(code_point))
        assert_in_set_check_agrees("ab" + chr(code_point) + "cd")
    assert_in_set_check_agrees("")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09 \"#<>`'?^{}%/\\\x00\x7fé中😀"), max_size=20))
def test_in_set_check_on_generated_text(text: str) -> None:
    assert_in_set_check_agrees(text)
