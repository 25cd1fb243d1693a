"""The memoizing matcher (urlspec.urlpattern.regexp_matcher): work that grows linearly with
the input on the shapes that make backtracking engines slow, and the bound on the work of the
patterns that may backtrack (with a backreference).

Growth is measured in the matcher's own steps, not time: quadrupling the input must not more
than quadruple the steps (and a little: the constant part of the work). Its answers are
checked against ECMAScript's in tests/test_urlpattern_regexp.py.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.errors import URLPatternMatchLimitError
from urlspec.urlpattern.regexp import compile_regexp, python_pattern
from urlspec.urlpattern.regexp_matcher import MATCH_STEP_LIMIT, Matcher, compile_matcher
from urlspec.urlpattern.regexp_syntax import parse_regexp

LENGTHS = (500, 2000, 8000)

# (component, pattern, input of length n): adversarial shapes for backtracking engines.
SHAPES = [
    ("pathname", "/:p0-:p1-:p2-:p3/x", lambda n: "/" + "-" * n + "/y"),
    ("pathname", "/:p0-:p1-:p2-:p3-:p4-:p5/x", lambda n: "/" + "-" * n + "/y"),
    ("pathname", "/*-*-*-*/x", lambda n: "/" + "-" * n + "/y"),
    ("search", "q=(.*)(.*)(.*)x", lambda n: "q=" + "a" * n),
    ("pathname", "/(a*)*b", lambda n: "/" + "a" * n),
    ("pathname", "/(a|a)*b", lambda n: "/" + "a" * n),
    ("pathname", "/((?:a|ab|b)*)*c", lambda n: "/" + "ab" * (n // 2)),
    ("pathname", "/:a(a*?)*b", lambda n: "/" + "a" * n),
]


def _matcher(pattern: URLPattern, component: str) -> Matcher:
    expression = pattern.component(component).regular_expression
    # These shapes are not deterministic (module docstring of regexp.py): the matcher runs them.
    assert expression.python is None and expression.matcher is not None
    return expression.matcher


@pytest.mark.parametrize(("component", "source", "make_input"), SHAPES)
def test_steps_grow_linearly(component: str, source: str, make_input: object) -> None:
    assert callable(make_input)
    pattern = URLPattern({component: source})
    matcher = _matcher(pattern, component)
    steps = []
    for length in LENGTHS:
        text = make_input(length)
        # (without the prefilter, which would refuse most of these inputs at once)
        assert matcher.match(text, prefilter=False) is None
        steps.append(matcher.steps)
    assert steps[1] <= 4.5 * steps[0]
    assert steps[2] <= 4.5 * steps[1]


def test_required_prefix_and_suffix() -> None:
    matcher = _matcher(URLPattern({"pathname": "/:p0-:p1-:p2-:p3/x"}), "pathname")
    assert matcher.required_suffix == "/x"
    assert matcher.match("/" + "-" * 8000 + "/y") is None
    assert matcher.steps == 0
    # With the suffix, the machine runs (and fails: the last group cannot hold "/").
    assert matcher.match("/" + "-" * 100 + "//x") is None
    assert matcher.steps > 0


def test_adversarial_route_still_matches() -> None:
    pattern = URLPattern({"pathname": "/:p0-:p1-:p2-:p3/x"})
    result = pattern.exec({"pathname": "/2024-11-28-" + "x" * 5000 + "/x"})
    assert result is not None
    # ECMAScript: each lazy group takes as little as it can.
    assert result.pathname.groups == {"p0": "2024", "p1": "11", "p2": "28", "p3": "x" * 5000}
    assert not pattern.may_backtrack


def test_a_backreference_may_backtrack_and_is_bounded() -> None:
    parsed = parse_regexp("^(?:(a)|a)*\\1(?:a|a)*(?:a|a)*(?:a|a)*b$")
    matcher = compile_matcher(parsed)
    assert matcher.may_backtrack
    with pytest.raises(URLPatternMatchLimitError) as raised:
        matcher.match("a" * 200)
    assert raised.value.limit == MATCH_STEP_LIMIT
    assert isinstance(raised.value, URLPatternError)
    assert "steps" in str(raised.value)


def test_a_lookaround_is_bounded() -> None:
    # A lookahead run from every position: quadratic, refused past the step limit.
    matcher = compile_matcher(parse_regexp("^(?:(?=(a*c))a)*c$"))
    assert matcher.may_backtrack
    # §22.2.2.3.1: the last iteration's capture stays (the one tried after it is undone).
    assert matcher.match("a" * 100 + "c") == ["a" * 100 + "c", "ac"]
    with pytest.raises(URLPatternMatchLimitError):
        matcher.match("a" * 5000 + "c")


def test_lookarounds_remember_nothing_across_positions() -> None:
    # A lookbehind that matched at one position leaves no state marked failed for the next
    # (ECMAScript's answer recorded from Node: ['c', None, None, '', None]).
    expression = compile_regexp("^(?:((c)){0,}((?<=()?c?))c)$", ignore_case=True)
    assert expression.match("c") == ["c", None, None, "", None]


def test_may_backtrack_names_patterns_with_backreferences() -> None:
    assert URLPattern({"pathname": "/((?<x>a)\\k<x>)"}).may_backtrack
    assert URLPattern({"pathname": "/((?=a)\\w+)"}).may_backtrack
    assert not URLPattern({"pathname": "/:year-:month-:day"}).may_backtrack
    assert not URLPattern("https://example.com/books/:id").may_backtrack


def test_routes_run_on_python_re_when_deterministic() -> None:
    # regexp.py: deterministic routes use Python's re (linear for them); others the matcher.
    for source in ("/books/:id", "/:section/*", "/items/:id(\\d+)", "/a/:b?"):
        expression = URLPattern({"pathname": source}).component("pathname").regular_expression
        assert expression.python is not None, source
    for source in ("/:a-:b", "/*/x", "/(a|ab)(c|bcd)", "/a/:b?/c"):
        expression = URLPattern({"pathname": source}).component("pathname").regular_expression
        assert expression.python is None, source


def test_lookbehind_of_varying_length() -> None:
    # §22.2.2.4 Lookbehind: matched right to left, any length.
    expression = compile_regexp("^.*(?<=a+)b$")
    assert expression.match("xaab") == ["xaab"]
    assert expression.match("xb") is None


_PIECES = st.sampled_from(
    [":a", ":b", "*", "-", ".", "/", "x", "{/:c}?", "{-:d}*", ":e+", "(x*)", "{.:f}?"]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_PIECES, min_size=1, max_size=5),
    st.lists(st.text("x-./", max_size=10), min_size=1, max_size=4),
)
def test_routes_agree_with_python_re(pieces: list[str], inputs: list[str]) -> None:
    # The matcher (with its skipping runs) against Python's re on the same regular expression,
    # where re's answers are ECMAScript's (regexp.python_pattern with linear=False).
    names: set[str] = set()
    source = "/"
    for piece in pieces:
        name = piece.strip("{}?*+-./:").partition("(")[0]
        if name and name in names:
            continue
        names.add(name)
        source += piece
    try:
        pattern = URLPattern({"pathname": source})
    except URLPatternError:
        return
    component = pattern.component("pathname")
    parsed = parse_regexp(component.regular_expression_string)
    translated = python_pattern(parsed, linear=False)
    if translated is None:
        return
    python = re.compile(translated)
    matcher = compile_matcher(parsed)
    for text in inputs:
        found = python.match("/" + text)
        expected = None if found is None else [found.group(0), *found.groups()]
        assert matcher.match("/" + text) == expected, (source, text)
