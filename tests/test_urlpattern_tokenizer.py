"""The tokenizer's runs of "char" tokens (``tokenize(..., char_runs="")``) against the spec's
token list (https://urlpattern.spec.whatwg.org/#tokenizing), which ``tokenize`` writes without
them: a CHAR_RUN token stands for the "char" tokens of its code points, each at its own index,
and the pattern parser gives the same part list either way."""

from __future__ import annotations

import itertools
import random

import pytest
import shared_data

from urlspec.urlpattern import URLPatternError
from urlspec.urlpattern.canonicalize import canonicalize_a_pathname
from urlspec.urlpattern.parser import PATHNAME_OPTIONS, parse_a_pattern_string
from urlspec.urlpattern.tokenizer import CHAR, CHAR_RUN, Token, tokenize

CASES = shared_data.load_wpt("urlpatterntestdata.json")


def pattern_strings() -> list[str]:
    """Every string of WPT's patterns (constructor strings and component patterns), and
    strings drawn from pattern syntax and plain text."""
    found: set[str] = set()
    for entry in CASES:
        for argument in entry["pattern"]:
            if isinstance(argument, str):
                found.add(argument)
            elif isinstance(argument, dict):
                found.update(v for v in argument.values() if isinstance(v, str))
    chooser = random.Random(7)
    pieces = ["a", "bc", "/", ":id", "*", "?", "+", "(\\d+)", "{", "}", "\\:", ")", "é", "-", "#"]
    pieces += ["https://", "@", "[::1]", ":8080", "?q=1", "\\"]
    for _ in range(500):
        found.add("".join(chooser.choice(pieces) for _ in range(chooser.randint(1, 12))))
    return sorted(found)


def expand(tokens: list[Token]) -> list[tuple[str, int, str]]:
    expanded = []
    for token in tokens:
        if token.type == CHAR_RUN:
            expanded += [(CHAR, token.index + i, c) for i, c in enumerate(token.value)]
        else:
            expanded.append((token.type, token.index, token.value))
    return expanded


@pytest.mark.parametrize("policy", ["strict", "lenient"])
@pytest.mark.parametrize("stop_at", ["", ":/?#@[]"])
def test_char_runs_stand_for_the_spec_tokens(policy: str, stop_at: str) -> None:
    for input in pattern_strings():
        try:
            spec = [(t.type, t.index, t.value) for t in tokenize(input, policy)]
        except URLPatternError as error:
            with pytest.raises(URLPatternError) as raised:
                tokenize(input, policy, char_runs=stop_at)
            assert str(raised.value) == str(error)
            continue
        runs = tokenize(input, policy, char_runs=stop_at)
        assert expand(runs) == spec, input
        # A run is never followed by anything but the "char" token of its run's next code point.
        for token, after in itertools.pairwise(runs):
            if token.type == CHAR_RUN:
                assert after.type == CHAR and after.index == token.index + len(token.value)
                assert not set(token.value) & set(stop_at)


def test_fixed_text_is_a_few_tokens() -> None:
    # A step count, not a timing: 40,000 code points of fixed text are one run and one "char".
    tokens = tokenize("/" + "a" * 40000, "strict", char_runs="")
    assert [t.type for t in tokens] == [CHAR_RUN, CHAR, "end"]
    parts = parse_a_pattern_string("/" + "a" * 40000, PATHNAME_OPTIONS, canonicalize_a_pathname)
    assert [(p.type, p.value) for p in parts] == [("fixed-text", "/" + "a" * 40000)]
    # The constructor string's runs stop at the code points its steps test for.
    url = tokenize("https://a.com/" + "a" * 40000, "lenient", char_runs=":/?#@[]")
    assert len(url) < 20
