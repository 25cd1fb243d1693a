"""The compiled build's tier 1 (urlspec.own_href) agrees with the pure build's (a regex).

``scan_own_href`` must accept exactly the inputs ``own_href_pattern.match_own_href`` accepts, and
the offsets it finds must give, as slices of the href, exactly what the URL Standard's getters give
for the record the state machine makes of the input (test_fast_path.py proves the regex's
inputs are their own href). Checked on every corpus line, on mutations of them, and on generated
URLs; both builds run this file, so the compiled scanner is checked where it runs. Which build is
running is checked too, when the test command says which one it installed.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus, skip_or_fail_in_ci
from test_fast_path import expected_getter_values, urlish

import urlspec
import urlspec.url
from urlspec.fast_href_getters import getter_values_from_fast_href
from urlspec.infra import to_scalar_value_string
from urlspec.origin import origin_of
from urlspec.own_href import (
    FILE,
    KIND_SHIFT,
    NOT_OWN_HREF,
    NOT_SPECIAL,
    PACKABLE_LENGTH,
    SPANS_MASK,
    SPANS_TOO_LONG,
    SPECIAL_NOT_FILE,
    getter_values_from_spans,
    origin_from_spans,
    pack_spans,
    scan_own_href,
    scan_own_href_in,
    scheme_kind,
    unpack_spans,
)
from urlspec.own_href_pattern import match_own_href
from urlspec.parser import basic_url_parse
from urlspec.url import URL
from urlspec.url_record import SPECIAL_SCHEMES

GETTERS = ("protocol", "username", "password", "host", "hostname", "port", "pathname")
GETTERS += ("search", "hash")


def check_scanner(input: str) -> bool:
    """Whether ``input`` is its own href; that the scanner and the regex agree, and that the
    offsets give the getters of the state machine's record."""
    spans = scan_own_href(input)
    accepted = match_own_href(input) is not None
    assert (spans != NOT_OWN_HREF) is accepted, f"scanner and regex disagree on {input!r}"
    # Scanned where it lies in a longer string (as urlspec.engines.columnar_rows scans a
    # column's rows), with and without the kind of its scheme.
    text = f"\x00{input}#x"
    assert scan_own_href_in(text, 1, 1 + len(input), False) == spans
    with_kind = scan_own_href_in(text, 1, 1 + len(input), True)
    if spans <= SPANS_TOO_LONG:
        assert with_kind == spans
    if not accepted:
        return False
    if len(input) >= PACKABLE_LENGTH:
        assert spans == SPANS_TOO_LONG
        return True
    record = basic_url_parse(to_scalar_value_string(input))
    assert record is not None
    # The kind of the scheme: https://url.spec.whatwg.org/#special-scheme, file apart.
    kind = NOT_SPECIAL
    if record.scheme in SPECIAL_SCHEMES:
        kind = FILE if record.scheme == "file" else SPECIAL_NOT_FILE
    assert (with_kind & SPANS_MASK, with_kind >> KIND_SHIFT) == (spans, kind)
    expected = expected_getter_values(record)
    assert getter_values_from_spans(input, spans) == expected
    assert getter_values_from_fast_href(input) == expected
    # The origin: the origin's algorithm's but for a blob: URL's, which is left to it.
    origin = origin_of(record).serialize()
    assert origin_from_spans(input, spans) == (None if record.scheme == "blob" else origin)
    url = URL(input)
    assert tuple(getattr(url, name) for name in GETTERS) == expected
    assert url.origin == origin
    parsed = URL.parse(input)  # its offsets are found by the first getter
    assert parsed is not None
    assert parsed.origin == origin
    assert tuple(getattr(parsed, name) for name in GETTERS) == expected
    return True


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_scanner_agrees_with_the_regex_on_the_corpus(corpus: str) -> None:
    lines = list(iter_corpus(corpus))
    accepted = sum(check_scanner(line) for line in lines)
    assert accepted > 0.9 * len(lines)


MUTATIONS = [*"/.%2eE?#:@[]\\ \t'\"<>`{}|^_-aZ09", "localhost", "//", "..", "%2e", "1.2.3.4"]
MUTATIONS += ["http://", "file://", "256", "01", "é", "\u212a", "\x00"]


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_scanner_agrees_with_the_regex_on_mutated_lines(corpus: str) -> None:
    """One insertion, deletion or replacement at a random place of each of 3,000 lines (seeded:
    the same inputs every run)."""
    rng = random.Random(corpus)
    lines = list(iter_corpus(corpus))
    for line in rng.sample(lines, min(3000, len(lines))):
        chars = list(line)
        at = rng.randrange(len(chars) + 1)
        operation = rng.randrange(3)
        if operation == 0 or not chars:
            chars.insert(at, rng.choice(MUTATIONS))
        elif operation == 1:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(MUTATIONS)
        check_scanner("".join(chars))


@settings(max_examples=1500, deadline=None)
@given(input=urlish())
def test_the_scanner_agrees_with_the_regex_on_generated_urls(input: str) -> None:
    check_scanner(input)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="htps:/.%2eE019x-_aA?#'\"`\\ @[]{}", max_size=30))
def test_the_scanner_agrees_with_the_regex_on_urlish_text(input: str) -> None:
    check_scanner(input)


@pytest.mark.parametrize(
    "input",
    [
        "http://a/",
        "http://1.2.3.4/",
        "http://1.2.3.04/",
        "http://1.2.3.256/",
        "http://1.2.3/",
        "http://a.1/",
        "http://a./",
        "http://.a/",
        "file:///",
        "file://localhost/",
        "file://localhostx/",
        "file://1.2.3.4/x",
        "foo:",
        "foo:/x",
        "foo://h",
        "foo://h/./x",
        "foo://%/x",
        "http://a/.%2E",
        "http://a/.%2E?",
        "http://a/%2e%2",
        "http://a/x?'#`",
        "ws://a/x?'",
        "a+b.c-d://h/p",
        "blob:https://a/b",  # origin: the path's URL's
        "blob:x",
        "blobs:https://a/b",
        "node:url",
        "https://" + "a" * (PACKABLE_LENGTH + 10) + "/",
        "https://a/" + "b" * PACKABLE_LENGTH,
    ],
)
def test_edges(input: str) -> None:
    check_scanner(input)


def test_a_long_own_href_gets_its_getters_from_the_pattern() -> None:
    input = "https://a/" + "b" * PACKABLE_LENGTH + "?q#f"
    assert scan_own_href(input) == SPANS_TOO_LONG
    url = URL(input)
    assert (url.hostname, url.search, url.hash) == ("a", "?q", "#f")
    assert url.pathname == "/" + "b" * PACKABLE_LENGTH


@pytest.mark.parametrize(
    "offsets", [(5, 7, 18, 0, 0), (4095, 4095, 4095, 4095, 4095), (2, 0, 2, 0, 3)]
)
def test_spans_unpack_to_what_was_packed(offsets: tuple[int, int, int, int, int]) -> None:
    assert unpack_spans(pack_spans(*offsets)) == offsets


@pytest.mark.parametrize(
    "scheme", [*SPECIAL_SCHEMES, "htt", "httpx", "http+", "w", "wsx", "fil", "files", "ftps", "x"]
)
def test_special_scheme_agrees_with_the_special_schemes(scheme: str) -> None:
    kind = scheme_kind(scheme + ":", len(scheme))
    if scheme == "file":
        assert kind == 2
    else:
        assert kind == (1 if scheme in SPECIAL_SCHEMES else 0)


def test_special_scheme_on_every_short_string_of_the_schemes_code_points() -> None:
    """scheme_kind (code point by code point) against the special schemes of url_record
    (https://url.spec.whatwg.org/#special-scheme), on every string of up to 5 code points made
    of the special schemes' code points and a neighbour, followed by ":" and by more, and on
    inputs shorter than the length asked about."""
    alphabet = "htpsfilewx"
    checked = 0
    for size in range(6):
        for chars in itertools.product(alphabet, repeat=size):
            scheme = "".join(chars)
            expected = 2 if scheme == "file" else 1 if scheme in SPECIAL_SCHEMES else 0
            assert scheme_kind(scheme + ":", size) == expected, scheme
            assert scheme_kind(scheme + "s:", size) == expected, scheme  # a prefix of the input
            assert scheme_kind(scheme, size + 1) == 0, scheme  # the input is too short
            checked += 1
    assert checked == sum(len(alphabet) ** n for n in range(6))


def test_the_running_build_is_the_one_installed() -> None:
    """The test command installs each build and says which one through URLSPEC_EXPECT_COMPILED,
    so that a compiled build that silently fell back to the pure one fails here."""
    expected = os.environ.get("URLSPEC_EXPECT_COMPILED")
    if expected is None:
        message = "URLSPEC_EXPECT_COMPILED is not set (scripts/test.sh sets it)"
        skip_or_fail_in_ci(message)
    assert urlspec.COMPILED is (expected == "1")
    module_file = urlspec.url.__file__ or ""
    assert module_file.endswith(".py") is (expected != "1")
