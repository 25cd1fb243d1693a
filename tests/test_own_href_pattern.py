"""Tier 1 of the fast path as a pattern (urlspec.own_href_pattern): inputs that are their own
href, validation errors or not. (tests/test_own_href.py proves the compiled build's loop equal
to the pattern; tests/test_fast_path.py proves the pattern against the state machine.)"""

from __future__ import annotations

import pytest
from test_fast_path import check_fast_path

from urlspec.fast_path import fast_href
from urlspec.own_href_pattern import match_own_href
from urlspec.tolerated_href import fast_href_and_errors
from urlspec.url import URL, validate
from urlspec.validation import ValidationError

# Inputs the parser returns as they are, with validation errors that the third tier does not
# list: the URL class takes them as their own href (match_own_href), validate() leaves them to
# the state machine. The errors are the URL Standard's (its domain-to-ASCII examples).
OWN_HREF_WITH_ERRORS = [
    ("http://xn--a.com/", [("domain-to-ASCII", 7)]),  # invalid Punycode, fails strict ToASCII
    ("http://..a/", [("domain-to-ASCII", 7)]),  # empty labels fail VerifyDnsLength
    ("http://-a-.b--c/", [("domain-to-ASCII", 7)]),  # hyphens fail CheckHyphens
    ("http://-a.com/?{", [("domain-to-ASCII", 7), ("invalid-URL-unit", 15)]),
    ("http://a/%zz", [("invalid-URL-unit", 9)]),
    ("sc:a\\b?c#d#e", [("invalid-URL-unit", 4), ("invalid-URL-unit", 10)]),
]


@pytest.mark.parametrize(("input", "errors"), OWN_HREF_WITH_ERRORS)
def test_own_href_with_errors(input: str, errors: list[tuple[str, int]]) -> None:
    assert match_own_href(input) is not None
    assert fast_href(input) == input
    assert fast_href_and_errors(input) is None
    assert URL(input).href == input
    assert validate(input) == [ValidationError(*e) for e in errors]
    assert check_fast_path(input)
