"""Tests for urlspec.infra: the Infra code point classes, URL code points, scalar value strings.

Expected values come from the definitions in Infra (https://infra.spec.whatwg.org/), the URL
Standard (URL code points) and the Encoding Standard's UTF-8 decoder.
"""

from __future__ import annotations

import pytest

from urlspec import infra


def test_ascii_classes_match_their_definitions() -> None:
    assert set("0123456789") == infra.ASCII_DIGITS
    assert set("0123456789ABCDEF") == infra.ASCII_UPPER_HEX_DIGITS
    assert set("0123456789abcdef") == infra.ASCII_LOWER_HEX_DIGITS
    assert set("0123456789ABCDEFabcdef") == infra.ASCII_HEX_DIGITS
    assert {chr(c) for c in [*range(0x41, 0x5B), *range(0x61, 0x7B)]} == infra.ASCII_ALPHA
    assert len(infra.ASCII_ALPHANUMERIC) == 62
    assert {"\t", "\n", "\x0c", "\r", " "} == infra.ASCII_WHITESPACE
    assert {"\t", "\n", "\r"} == infra.ASCII_TAB_OR_NEWLINE
    assert {chr(c) for c in range(0x20)} == infra.C0_CONTROLS
    assert {chr(c) for c in range(0x21)} == infra.C0_CONTROL_OR_SPACE


def test_whole_string_helpers() -> None:
    assert " \x00\x1fa b\x01 ".strip(infra.C0_CONTROL_OR_SPACE_STRING) == "a b"
    assert "\x7fa\x7f".strip(infra.C0_CONTROL_OR_SPACE_STRING) == "\x7fa\x7f"  # DEL is not C0
    assert "h\ttt\np:\r//".translate(infra.REMOVE_ASCII_TAB_OR_NEWLINE) == "http://"
    assert "a\x0cb".translate(infra.REMOVE_ASCII_TAB_OR_NEWLINE) == "a\x0cb"  # FF is not one


def test_ascii_lowercase() -> None:
    assert infra.ascii_lowercase("HTTP://Ex.COM") == "http://ex.com"
    assert infra.ascii_lowercase("\u0130\u212aA\u00c9") == "\u0130\u212aa\u00c9"


def test_ascii_digit_strings() -> None:
    assert infra.ASCII_DIGITS_ONLY.fullmatch("0123456789")
    assert not infra.ASCII_DIGITS_ONLY.fullmatch("")
    assert not infra.ASCII_DIGITS_ONLY.fullmatch("\u0663")  # ARABIC-INDIC DIGIT THREE
    assert not infra.ASCII_DIGITS_ONLY.fullmatch("\u00b2")  # SUPERSCRIPT TWO
    assert infra.ASCII_HEX_DIGITS_ONLY.fullmatch("09afAF")
    assert not infra.ASCII_HEX_DIGITS_ONLY.fullmatch("0x1")
    assert not infra.ASCII_HEX_DIGITS_ONLY.fullmatch("\uff21")  # FULLWIDTH A


@pytest.mark.parametrize(
    ("code_point", "expected"),
    [
        ("\ud7ff", False),
        ("\ud800", True),
        ("\udbff", True),
        ("\udc00", True),
        ("\udfff", True),
        ("\ue000", False),
    ],
)
def test_is_surrogate(code_point: str, expected: bool) -> None:
    assert infra.is_surrogate(code_point) is expected


@pytest.mark.parametrize(
    ("code_point", "expected"),
    [
        ("\ufdcf", False),
        ("\ufdd0", True),
        ("\ufdef", True),
        ("\ufdf0", False),
        ("\ufffd", False),
        ("\ufffe", True),
        ("\uffff", True),
        ("\U0001fffe", True),
        ("\U0001ffff", True),
        ("\U0010fffe", True),
        ("\U0010ffff", True),
        ("\U0010fffd", False),
        ("\U00020000", False),
    ],
)
def test_is_noncharacter(code_point: str, expected: bool) -> None:
    assert infra.is_noncharacter(code_point) is expected


def test_url_code_points() -> None:
    ascii_url_code_points = {chr(c) for c in range(0x80) if infra.is_url_code_point(chr(c))}
    expected = set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$&'()*+,-./:;=?@_~"
    )
    assert ascii_url_code_points == expected
    assert not infra.is_url_code_point("\x9f")
    assert infra.is_url_code_point("\xa0")
    assert infra.is_url_code_point("\u2603")
    assert not infra.is_url_code_point("\ud800")
    assert not infra.is_url_code_point("\ufdd0")
    assert not infra.is_url_code_point("\ufffe")
    assert infra.is_url_code_point("\U0010fffd")
    assert not infra.is_url_code_point("\U0010ffff")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ""),
        ("abc", "abc"),
        ("\u2603\U0001f4a9", "\u2603\U0001f4a9"),
        ("\ud83d", "\ufffd"),  # lone leading surrogate
        ("\udca9", "\ufffd"),  # lone trailing surrogate
        ("a\ud83d\udca9b", "a\U0001f4a9b"),  # a pair, as UTF-16 code units, is one code point
        ("\udca9\ud83d", "\ufffd\ufffd"),  # wrong order: two lone surrogates
        ("\ud83d\ud83d\udca9", "\ufffd\U0001f4a9"),
        ("x\ud800", "x\ufffd"),
    ],
)
def test_to_scalar_value_string(value: str, expected: str) -> None:
    assert infra.to_scalar_value_string(value) == expected


def test_utf8_encode_never_raises() -> None:
    assert infra.utf8_encode("\u20ac") == b"\xe2\x82\xac"
    assert infra.utf8_encode("a\ud800") == b"a\xef\xbf\xbd"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"\xef\xbb\xbfa", "\ufeffa"),  # without BOM: the BOM stays
        (b"\xc2", "\ufffd"),
        (b"\xc2x", "\ufffdx"),
        (b"\xfe\xff", "\ufffd\ufffd"),
        # One U+FFFD per maximal subpart, as the Encoding Standard's UTF-8 decoder gives:
        (b"\xe0\xa0", "\ufffd"),  # a truncated sequence is one
        (b"\xf0\x9f\x92", "\ufffd"),
        (b"\xf0\x80\x80", "\ufffd\ufffd\ufffd"),  # 0x80 is not in 0x90..0xBF after 0xF0
        (b"\xed\xa0\x80", "\ufffd\ufffd\ufffd"),  # a surrogate's encoding
        (b"\xc0\xaf", "\ufffd\ufffd"),  # an overlong form
        (b"\xf4\x90\x80\x80", "\ufffd\ufffd\ufffd\ufffd"),  # above U+10FFFF
    ],
)
def test_utf8_decode_without_bom(data: bytes, expected: str) -> None:
    assert infra.utf8_decode_without_bom(data) == expected
