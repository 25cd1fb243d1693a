"""``urlspec.canonical.web_url``: the plain web URLs of the legacy profiles' fast paths.

The grammar is written twice, as a regular expression (the pure build's way) and as a loop over
code points (the compiled build's way): both must give the same spans on every input. The
expected spans of the examples are read off the grammar in the module's docstring.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

from urlspec.canonical.web_url import (
    NO_SPANS,
    Spans,
    scan_web_url,
    spans_by_regex,
    web_url_spans,
)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("http://a.b", (7, 10, 10, 10, 8, -1, 1, 0)),
        ("HTTPS://a-1.b/", (8, 13, 14, 14, 11, -1, 1, 0)),  # (the scheme: no flag)
        ("ftp://a/p?q#f", (6, 7, 9, 11, -1, -1, 0, 0)),
        ("file://deps/v8/x.cc", (7, 11, 19, 19, -1, -1, 0, 0)),
        ("http://a?q", (7, 8, 8, 10, -1, -1, 0, 0)),
        ("http://a#%é", (7, 8, 8, 8, -1, -1, 0, 0)),  # any fragment
        ("http://a/p?#", (7, 8, 10, 11, -1, -1, 0, 0)),
        ("x+y.z-0://h/", (10, 11, 12, 12, -1, -1, 0, 0)),
        ("file:///a/b", (7, 7, 11, 11, -1, -1, 0, 0)),  # no host
        ("file://?q", (7, 7, 7, 9, -1, -1, 0, 0)),
        ("http://", (7, 7, 7, 7, -1, -1, 0, 0)),
        # the host's last two dots and its number of dots; the flags: upper case (1), "/" then
        # "/" or "." in the path (2), "." then "a" or "A" in the path (4)
        ("http://www.Example.co.uk/A/.aspx?Q", (7, 24, 32, 34, 21, 18, 3, 7)),
        ("http://a/b//c", (7, 8, 13, 13, -1, -1, 0, 2)),
        ("http://a/x.Asp", (7, 8, 14, 14, -1, -1, 0, 5)),
        ("http://a?.a/./A#B", (7, 8, 8, 15, -1, -1, 0, 1)),  # (the query: only its case)
        # no plain web URLs
        ("", NO_SPANS),
        ("http:/a", NO_SPANS),
        ("http:a", NO_SPANS),
        ("0http://a/", NO_SPANS),
        ("h_p://a/", NO_SPANS),
        ("http://.a/", NO_SPANS),
        ("http://a./", NO_SPANS),
        ("http://a..b/", NO_SPANS),
        ("http://a:80/", NO_SPANS),
        ("http://u@a/", NO_SPANS),
        ("http://a_b/", NO_SPANS),
        ("http://[::1]/", NO_SPANS),
        ("http://é.com/", NO_SPANS),
        ("http://a/%41", NO_SPANS),  # something to unescape
        ("http://a/?%41", NO_SPANS),
        ("http://a/ b", NO_SPANS),
        ("http://a/\x7f", NO_SPANS),
        ("http://a/é", NO_SPANS),
        ("http://a/\u212a", NO_SPANS),  # KELVIN SIGN: no ASCII letter, in any case
        ("http://\u017f.com/", NO_SPANS),  # LATIN SMALL LETTER LONG S
        ("http\u212a://a/", NO_SPANS),
        ("http://a\\b", NO_SPANS),
    ],
)
def test_examples(given: str, expected: Spans) -> None:
    assert scan_web_url(given) == expected
    assert spans_by_regex(given) == expected
    assert web_url_spans(given) == expected


def test_both_ways_agree_on_the_corpora() -> None:
    lines = taken = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            lines += 1
            spans = scan_web_url(line)
            assert spans_by_regex(line) == spans, line
            taken += spans != NO_SPANS
    assert taken > lines // 2


#: Every kind of code point the grammar tells apart, and the delimiters.
PIECES = [
    "a", "A", "Z", "0", "-", "+", "_", ".", ":", "/", "//", "?", "#", "%", "%41", "@", "[", "]",
    " ", "\t", "\\", "\x7f", "é", "\u212a", "\u017f", "~", "=", "&", "'", '"', "^", "`",
]  # fmt: skip


def test_every_short_sequence_of_pieces() -> None:
    """Exhaustive: every sequence of up to three pieces after each kind of start."""
    starts = ["", "http://", "HtTpS://", "file://", "f://", "http:/", "9://", "http://a"]
    for start in starts:
        for size in range(4):
            for pieces in itertools.product(PIECES, repeat=size):
                text = start + "".join(pieces)
                assert scan_web_url(text) == spans_by_regex(text), text


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["http://", "https://", "HTTP://", "ftp://", "file://", "x-y://", "h:/"]),
    st.lists(st.sampled_from([*PIECES, "www", "com"]), max_size=16).map("".join),
)
def test_both_ways_agree_on_generated_text(start: str, rest: str) -> None:
    text = start + rest
    assert scan_web_url(text) == spans_by_regex(text), text
