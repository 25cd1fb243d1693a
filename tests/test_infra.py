"""Tests for urlspec.infra: the Infra code point classes, URL code points, scalar value strings.

Expected values come from the definitions in Infra (https://infra.spec.whatwg.org/), the URL
Standard (URL code points) and the Encoding Standard's UTF-8 decoder.
"""

from __future__ import annotations

import itertools
import re

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
    assert infra.remove_ascii_tab_or_newline("h\ttt\np:\r//\x0b\x0c") == "http://\x0b\x0c"
    assert infra.remove_ascii_tab_or_newline("a\x0cb") == "a\x0cb"  # FF is not one


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


def is_url_code_point(code_point: str) -> bool:
    """Through the regex: a code point is a URL code point if it is neither U+0025 (%) nor found
    by NOT_URL_CODE_POINT_OR_PERCENT."""
    assert code_point != "%"
    return infra.NOT_URL_CODE_POINT_OR_PERCENT.fullmatch(code_point) is None


def test_url_code_points_ascii() -> None:
    ascii_url_code_points = {
        chr(c) for c in range(0x80) if chr(c) != "%" and is_url_code_point(chr(c))
    }
    expected = set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$&'()*+,-./:;=?@_~"
    )
    assert ascii_url_code_points == expected
    assert expected == infra.URL_CODE_POINT_ASCII
    assert infra.NOT_URL_CODE_POINT_OR_PERCENT.search("%") is None


@pytest.mark.parametrize(
    ("code_point", "expected"),
    [
        # U+0080..U+009F (C1 controls) are not; U+00A0 to U+10FFFD are,
        ("\x80", False),
        ("\x9f", False),
        ("\xa0", True),
        ("\u2603", True),
        # excluding surrogates (U+D800 to U+DFFF) ...
        ("\ud7ff", True),
        ("\ud800", False),
        ("\udbff", False),
        ("\udc00", False),
        ("\udfff", False),
        ("\ue000", True),
        # ... and noncharacters (U+FDD0 to U+FDEF, U+xFFFE and U+xFFFF in each plane).
        ("\ufdcf", True),
        ("\ufdd0", False),
        ("\ufdef", False),
        ("\ufdf0", True),
        ("\ufffd", True),
        ("\ufffe", False),
        ("\uffff", False),
        ("\U00010000", True),
        ("\U0001fffd", True),
        ("\U0001fffe", False),
        ("\U0001ffff", False),
        ("\U00020000", True),
        ("\U0010fffd", True),
        ("\U0010fffe", False),
        ("\U0010ffff", False),
    ],
)
def test_url_code_points_non_ascii(code_point: str, expected: bool) -> None:
    assert is_url_code_point(code_point) is expected


def test_url_code_points_count() -> None:
    # U+00A0 to U+10FFFD, less the 2048 surrogates and the noncharacters in that range (32 in
    # U+FDD0..U+FDEF, and two per plane except the last plane's, above U+10FFFD), plus the 81
    # ASCII ones.
    everything = "".join(map(chr, range(0x110000)))
    not_url = len(infra.NOT_URL_CODE_POINT_OR_PERCENT.findall(everything)) + 1  # and "%"
    assert 0x110000 - not_url == (0x10FFFD - 0xA0 + 1) - 2048 - (32 + 2 * 16) + 81


@pytest.mark.parametrize(
    ("input", "found"),
    [
        ("%", ["%"]),
        ("%4", ["%"]),
        ("%4g", ["%"]),
        ("%41", []),
        ("%aF%", ["%"]),
        ("%%41", ["%"]),
        ("%\uff11\uff11", ["%"]),  # fullwidth digits are not ASCII hex digits
    ],
)
def test_percent_not_followed_by_two_ascii_hex_digits(input: str, found: list[str]) -> None:
    assert infra.PERCENT_NOT_FOLLOWED_BY_TWO_ASCII_HEX_DIGITS.findall(input) == found


def test_invalid_url_unit_finds_both_kinds() -> None:
    spans = [match.span() for match in infra.INVALID_URL_UNIT.finditer("a b%zz\ufdd0%41%")]
    assert spans == [(1, 2), (3, 4), (6, 7), (10, 11)]


def test_character_class() -> None:
    pattern = infra.character_class({"]", "\\", "^", "-", "a"})
    assert re.findall(pattern, "x]y\\z^-ab[") == ["]", "\\", "^", "-", "a"]
    negated = infra.character_class({"]", "\\", "^", "-", "a"}, negated=True)
    assert re.findall(negated, "x]y\\z^-ab[") == ["x", "y", "z", "b", "["]
    assert infra.ASCII_TAB_OR_NEWLINE_RE.findall("a\tb\nc\rd\x0ce ") == ["\t", "\n", "\r"]


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


def scalar_value_string_by_code_units(value: str) -> str:
    """Infra's "convert a string into a scalar value string"
    (https://infra.spec.whatwg.org/#javascript-string-convert), step by step on the string's
    UTF-16 code units (a code point above U+FFFF is two): a leading surrogate followed by a
    trailing surrogate is one code point, any other surrogate becomes U+FFFD."""
    units: list[int] = []
    for character in value:
        code_point = ord(character)
        if code_point > 0xFFFF:
            code_point -= 0x10000
            units += [0xD800 | code_point >> 10, 0xDC00 | code_point & 0x3FF]
        else:
            units.append(code_point)
    result: list[str] = []
    index = 0
    while index < len(units):
        unit = units[index]
        following = units[index + 1] if index + 1 < len(units) else 0
        if 0xD800 <= unit <= 0xDBFF and 0xDC00 <= following <= 0xDFFF:
            result.append(chr(0x10000 + (unit - 0xD800 << 10) + following - 0xDC00))
            index += 2
            continue
        result.append("\ufffd" if 0xD800 <= unit <= 0xDFFF else chr(unit))
        index += 1
    return "".join(result)


# Code points of every kind the conversion tells apart: ASCII, beyond ASCII in each of the
# interpreter's string widths (Latin-1, the BMP, beyond it), leading and trailing surrogates at
# both ends of their ranges, and the code points right beside the surrogates.
_USV_ALPHABET = ["a", "\x7f", "\xe9", "\u20ac", "\ud7ff", "\ue000", "\U0001f4a9", "\U0010ffff"] + [
    chr(surrogate) for surrogate in (0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDCA9, 0xDFFF)
]


def test_to_scalar_value_string_on_every_short_string() -> None:
    """Every string of up to three code points of _USV_ALPHABET (2,955 strings)."""
    for length in range(4):
        for characters in itertools.product(_USV_ALPHABET, repeat=length):
            value = "".join(characters)
            expected = scalar_value_string_by_code_units(value)
            assert infra.to_scalar_value_string(value) == expected, value
            assert infra.usv_string_argument(value, "value") == expected
            assert infra.utf8_encode(value) == expected.encode("utf-8")


def test_to_scalar_value_string_returns_a_scalar_value_string_as_it_is() -> None:
    value = "https://b\xfccher.example/\U0001f4a9" * 3
    assert infra.to_scalar_value_string(value) is value


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
