"""ECMAScript v-flag regular expressions (urlspec.urlpattern.regexp: RegExpCreate, and the
choice between Python's re and the memoizing matcher).

Each expected value is ECMAScript's: from ECMA-262 (2025) §22.2 (the grammar of §22.2.1 with the
UnicodeSetsMode parameter for what is a syntax error, the semantics of §22.2.2 for what
matches, cited per case), or from an ECMAScript engine's own RegExp, recorded in
tests/data/ecmascript_regexp_answers.json by scripts/record_ecmascript_answers.js (the file
names the engine; where the engine and the standard disagree the case says so and the
standard's answer is expected).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.regexp import (
    RegExpSyntaxError,
    compile_regexp,
    python_pattern,
)
from urlspec.urlpattern.regexp_matcher import compile_matcher
from urlspec.urlpattern.regexp_syntax import parse_regexp

DATA = Path(__file__).resolve().parent / "data"
ANSWERS = DATA / "ecmascript_regexp_answers.json"
# Generated expressions (scripts/generate_regexp_cases.py), answered by the same engine.
GENERATED = DATA / "ecmascript_regexp_generated.json"


def matches(source: str, text: str, ignore_case: bool = False) -> bool:
    return compile_regexp(source, ignore_case).fullmatch(text) is not None


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        # §22.2.2.9 CharacterClassEscape: \d is 0-9 only, \w is [A-Za-z0-9_], \s is WhiteSpace
        # and LineTerminator (U+FEFF is one, U+001C is not).
        ("\\d", "\u0663", False),
        ("\\d", "7", True),
        ("\\w", "\u00e9", False),
        ("\\s", "\ufeff", True),
        ("\\s", "\x1c", False),
        # §22.2.2.7 "." (no s flag) matches anything but the LineTerminators.
        (".", "\u2028", False),
        (".", "\r", False),
        (".", "x", True),
        # §22.2.2.6 Assertion "$" (no m flag) matches only at the end of the input.
        ("a$\\n", "a\n", False),
        # §22.2.2.7.2 BackreferenceMatcher: a group that did not take part matches "".
        ("(a)?b\\1", "b", True),
        ("(a)?b\\1", "aba", True),
        ("(a)?b\\1", "ab", False),
        ("\\k<x>(?<x>a)", "a", True),  # a forward reference is still undefined: ""
        # v-flag class set operations (§22.2.2.9 CompileToCharSet of ClassSetExpression).
        ("[\\w--\\d]", "5", False),
        ("[\\w--\\d]", "x", True),
        ("[[a-z]&&[aeiou]]", "e", True),
        ("[[a-z]&&[aeiou]]", "b", False),
        ("[\\q{abc|d}x]", "abc", True),
        ("[\\q{abc|d}x]", "x", True),
        ("[\\q{abc|d}x]", "ab", False),
        ("[^\\d]", "a", True),
        ("\\u{1F600}", "\U0001f600", True),
        ("\\uD83D\\uDE00", "\U0001f600", True),  # a surrogate pair escape is one code point
        ("\\cJ", "\n", True),
        ("(?i:a)b", "Ab", True),  # pattern modifiers (ES2025)
        ("(?i:a)b", "AB", False),
        ("a{2,3}", "aaaa", False),
    ],
)
def test_semantics(source: str, text: str, expected: bool) -> None:
    assert matches(source, text) is expected


def test_ignore_case() -> None:
    # §22.2.2.7.3 Canonicalize with the u/v flags: simple case folding.
    assert matches("abc", "ABC", ignore_case=True)
    assert matches("\\w", "\u212a", ignore_case=True)  # KELVIN SIGN folds to "k"


@pytest.mark.parametrize(
    "source",
    [
        "\\m",  # §22.2.1 with u/v: only SyntaxCharacter and "/" may be identity-escaped
        "\\H",
        "(?R)",  # not ECMAScript syntax
        "a{",  # a lone "{" is a syntax error with u/v
        "]",
        "[a-]",  # "-" is a ClassSetSyntaxCharacter with v
        "[(]",
        "[a&&&b]",
        "[a--b&&c]",  # operators cannot be mixed
        "[^\\q{ab}]",  # a negated class may not contain strings
        "\\2(a)",  # a backreference to a group that does not exist
        "(?<a>x)(?<a>y)",
        "a**",
        "(?=a)*",  # lookarounds are not quantifiable with u/v
        "[z-a]",
        "x{3,2}",
    ],
)
def test_syntax_errors(source: str) -> None:
    with pytest.raises(RegExpSyntaxError):
        compile_regexp(source)


@pytest.mark.parametrize(
    ("source", "ignore_case", "construct"),
    [
        ("\\p{RGI_Emoji}", False, "property of strings"),
        ("(?:ab){0,200000}", False, "counted repetition"),
    ],
)
def test_refusals(source: str, ignore_case: bool, construct: str) -> None:
    with pytest.raises(RegExpSyntaxError, match="refused") as raised:
        compile_regexp(source, ignore_case)
    assert construct in str(raised.value)


def test_duplicate_group_names_in_other_alternatives() -> None:
    # ECMA-262 (2025) §22.2.1.1 Early Errors: a group name may appear twice only where the
    # groups cannot both take part (MightBothParticipate false: other alternatives of one
    # Disjunction); \k<name> reads the one that took part (§22.2.2.7.2).
    expression = compile_regexp("(?:(?<a>x)|(?<a>y))\\k<a>")
    assert expression.fullmatch("yy") == ["yy", None, "y"]
    assert expression.fullmatch("xx") == ["xx", "x", None]
    assert expression.fullmatch("xy") is None
    for source in ("(?<a>x)(?<a>y)", "(?:(?<a>x)|y)(?<a>z)", "((?<a>x)|y)*(?<a>z)"):
        with pytest.raises(RegExpSyntaxError, match="appears twice"):
            compile_regexp(source)


def test_nesting_limit() -> None:
    assert matches("(" * 90 + "a" + ")" * 90, "a")
    for source in (
        "(" * 150 + "a" + ")" * 150,
        "[" * 150 + "a" + "]" * 150,
        "(?=" * 150 + ")" * 150,
    ):
        with pytest.raises(RegExpSyntaxError, match="nested too deeply"):
            compile_regexp(source)


def test_large_counts_of_one_character_are_not_written_out() -> None:
    # §22.2.2.3.1 RepeatMatcher: a{0,70000} is a repeat like any other (no count limit).
    expression = compile_regexp("a{0,70000}b")
    assert expression.fullmatch("a" * 69999 + "b") is not None
    assert expression.fullmatch("a" * 70001 + "b") is None


def test_refusal_in_a_pattern_names_the_component_and_group() -> None:
    with pytest.raises(URLPatternError, match=r"pathname pattern") as raised:
        URLPattern({"pathname": "/:x(\\p{RGI_Emoji}+)"})
    assert "\\p{RGI_Emoji}+" in str(raised.value)
    assert "property of strings" in str(raised.value)


def test_names_by_unicode_id_start() -> None:
    # §2.1.2 valid name code point: ECMAScript's IdentifierStart, ID_Start (U+309B is ID_Start
    # through Other_ID_Start, not XID_Start, Python's identifiers' set).
    result = URLPattern({"pathname": "/:\u309b"}).exec({"pathname": "/x"})
    assert result is not None and result.pathname.groups == {"\u309b": "x"}


def test_empty_iteration_of_an_optional_group_is_undefined() -> None:
    # §22.2.2.3.1 RepeatMatcher: an iteration of "?" that matches the empty string fails, so
    # "(a*)?" on "" leaves group 1 undefined (Python's re would give "").
    result = URLPattern({"hash": "(a*)?"}).exec({"hash": ""})
    assert result is not None
    assert result.hash.groups == {"0": None}
    result = URLPattern({"hash": "(a*)?"}).exec({"hash": "aa"})
    assert result is not None and result.hash.groups == {"0": "aa"}


def _answers(path: Path = ANSWERS) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return cases


def _expected(case: dict[str, Any]) -> tuple[bool, list[str | None] | None]:
    """(whether the RegExp constructor throws, exec's array or None), the standard's answer
    where the recorded engine's differs."""
    if "spec_result" in case:
        result: list[str | None] | None = case["spec_result"]
        return False, result
    return "error" in case, case.get("result")


# Valid ECMAScript that this library refuses (docs/urlpattern.md).
_REFUSED = ("\\p{RGI_Emoji}",)


@pytest.mark.parametrize(
    "case",
    _answers() + _answers(GENERATED),
    ids=lambda case: f"{case['regexp']}/{case['flags']}:{case['input']!r}",
)
def test_ecmascript_answers(case: dict[str, Any]) -> None:
    source, ignore_case = case["regexp"], case["flags"] == "vi"
    throws, result = _expected(case)
    if any(refused in source for refused in _REFUSED):
        with pytest.raises(RegExpSyntaxError, match="refused"):
            compile_regexp(source, ignore_case)
        return
    if throws:
        with pytest.raises(RegExpSyntaxError):
            compile_regexp(source, ignore_case)
        return
    parsed = parse_regexp(source, ignore_case)
    assert compile_regexp(source, ignore_case).match(case["input"]) == result
    # The matcher on its own, whichever engine compile_regexp chose.
    assert compile_matcher(parsed).match(case["input"]) == result


@pytest.mark.parametrize(
    "case",
    [case for case in _answers() if "urlpattern" in case],
    ids=lambda case: f"{case['urlpattern']['pattern']}:{case['input']!r}",
)
def test_urlpattern_groups_are_the_ecmascript_answers(case: dict[str, Any]) -> None:
    # §1.5 create a component match result: the i-th name of the group name list takes item
    # i + 1 of the RegExp's execution result.
    spec = case["urlpattern"]
    _, result = _expected(case)
    pattern = URLPattern({spec["component"]: spec["pattern"]}, ignore_case=spec["ignore_case"])
    component = pattern.component(spec["component"])
    assert component.regular_expression_string == case["regexp"]
    groups = component.exec(case["input"])
    if result is None:
        assert groups is None
        return
    assert groups is not None
    names = component.group_name_list
    assert groups == {
        name: result[i + 1] if i + 1 < len(result) else None for i, name in enumerate(names)
    }


# --- the Python pattern against the matcher --------------------------------------------------

_ATOMS = st.sampled_from(
    ["a", "b", "-", "\\/", "[^\\/]", "[ab]", ".", "\\w", "[^\\-]", "(?:a|b)", "(?:ab|a)", "(?:)"]
)


@st.composite
def _patterns(draw: st.DrawFn, depth: int = 0) -> str:
    """Small v-flag patterns over a few characters: sequences of atoms, groups and repeats."""
    items = []
    for _ in range(draw(st.integers(1, 4))):
        choice = draw(st.integers(0, 9 if depth < 2 else 5))
        if choice <= 5:
            item = draw(_ATOMS)
        elif choice == 6:
            item = "(" + draw(_patterns(depth + 1)) + ")"
        elif choice == 7:
            item = "(?:" + draw(_patterns(depth + 1)) + "|" + draw(_patterns(depth + 1)) + ")"
        else:
            item = "(?:" + draw(_patterns(depth + 1)) + ")"
        quantifier = draw(
            st.sampled_from(["", "", "*", "+", "?", "*?", "+?", "??", "{2}", "{1,3}"])
        )
        items.append(item + quantifier)
    return "".join(items)


@settings(max_examples=300, deadline=None)
@given(_patterns(), st.lists(st.text("ab-/", max_size=8), min_size=1, max_size=4), st.booleans())
def test_python_pattern_agrees_with_the_matcher(
    source: str, inputs: list[str], ignore_case: bool
) -> None:
    # Where the Python translation claims to be exact (whether or not it is linear), it must
    # give the matcher's answers, captures included.
    anchored = "^(?:" + source + ")$"
    parsed = parse_regexp(anchored, ignore_case)
    translated = python_pattern(parsed, linear=False)
    if translated is None:
        return
    python = re.compile(translated)
    matcher = compile_matcher(parsed)
    for text in inputs:
        found = python.match(text)
        expected = None if found is None else [found.group(0), *found.groups()]
        assert matcher.match(text) == expected, (anchored, text)
