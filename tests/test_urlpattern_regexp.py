"""ECMAScript v-flag regular expressions translated to Python's re (urlspec.urlpattern.regexp).

Each expected value is ECMAScript's, from ECMA-262 (2025) §22.2: the grammar of §22.2.1 with the
UnicodeSetsMode parameter for what is a syntax error, and the semantics of §22.2.2 for what
matches (cited per case).
"""

from __future__ import annotations

import pytest

from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.regexp import RegExpTranslationError, compile_regexp


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
    with pytest.raises(RegExpTranslationError):
        compile_regexp(source)


@pytest.mark.parametrize(
    ("source", "ignore_case"),
    [
        ("\\p{L}", False),  # Unicode properties: Python's re has none
        ("(?<=a+)b", False),  # a lookbehind of varying length
        ("[\\w--k]", True),  # set operations fold case first in ECMAScript
    ],
)
def test_refusals(source: str, ignore_case: bool) -> None:
    with pytest.raises(RegExpTranslationError, match="refused"):
        compile_regexp(source, ignore_case)


def test_refusal_in_a_pattern_names_the_component_and_group() -> None:
    with pytest.raises(URLPatternError, match=r"pathname pattern") as raised:
        URLPattern({"pathname": "/:x(\\p{L}+)"})
    assert "\\p{L}+" in str(raised.value)


def test_empty_iteration_of_an_optional_group_is_undefined() -> None:
    # §22.2.2.3.1 RepeatMatcher: an iteration of "?" that matches the empty string fails, so
    # "(a*)?" on "" leaves group 1 undefined (Python's re would give "").
    result = URLPattern({"hash": "(a*)?"}).exec({"hash": ""})
    assert result is not None
    assert result.hash.groups == {"0": None}
    result = URLPattern({"hash": "(a*)?"}).exec({"hash": "aa"})
    assert result is not None and result.hash.groups == {"0": "aa"}
