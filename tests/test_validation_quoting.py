"""Messages quote inputs one unambiguous way: single quotes, as a Python
string literal, with ``'``, ``\\`` and unprintable characters escaped."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlspec import URL, InvalidURL, domain_to_ascii
from urlspec.validation import quote


def test_a_quote_inside_the_input_is_escaped() -> None:
    with pytest.raises(InvalidURL) as caught:
        URL("it's not a URL")
    assert str(caught.value).startswith("invalid URL 'it\\'s not a URL': ")


def test_the_base_is_quoted_the_same_way() -> None:
    with pytest.raises(InvalidURL) as caught:
        URL("x", base="a'b")
    assert "invalid URL 'a\\'b'" in str(caught.value)


def test_controls_and_backslashes_are_escaped() -> None:
    assert quote("a\nb\\c\x1b\u200fd") == "'a\\nb\\\\c\\x1b\\u200fd'"
    assert quote("https://example.com/") == "'https://example.com/'"


def test_invalid_domain_uses_the_same_quoting() -> None:
    with pytest.raises(ValueError, match=r"invalid domain 'a\\'b"):
        domain_to_ascii("a'b\u0000")


@given(st.text())
def test_quote_is_a_python_literal_of_the_text(text: str) -> None:
    quoted = quote(text)
    assert quoted[0] == quoted[-1] == "'"
    assert ast.literal_eval(quoted) == text
