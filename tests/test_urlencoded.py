"""Tests for urlspec.urlencoded (URL Standard §5 application/x-www-form-urlencoded).

Expected values come from WPT (url/resources/urlencoded-parser-data.json), from the spec's
algorithms worked by hand, and from the round-trip property the format is designed for.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import require_wpt_entry, wpt_params

from urlspec import urlencoded_parse, urlencoded_serialize
from urlspec.urlencoded import serialize_string_pairs

# --- Parsing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", wpt_params("urlencoded-parser-data.json"))
def test_wpt_urlencoded_parser(entry: dict[str, Any] | None) -> None:
    entry = require_wpt_entry(entry, "urlencoded-parser-data.json")
    expected = [tuple(pair) for pair in entry["output"]]
    assert urlencoded_parse(entry["input"]) == expected
    # The string parser UTF-8 encodes and runs the byte parser: both give the same.
    assert urlencoded_parse(entry["input"].encode("utf-8")) == expected


@pytest.mark.parametrize(
    ("input", "expected"),
    [
        (b"", []),
        (b"a=b", [("a", "b")]),
        (b"a=%FF", [("a", "\ufffd")]),  # UTF-8 decode with replacement
        (b"\xff=\xfe", [("\ufffd", "\ufffd")]),  # raw bytes too
        (b"%EF%BB%BF=1", [("\ufeff", "1")]),  # without BOM: a BOM is kept
        (b"a=b=c", [("a", "b=c")]),  # only the first "=" splits
        (b"+%2B+=%20", [(" + ", " ")]),  # "+" is replaced before percent-decoding
        (b"%26=%3D", [("&", "=")]),
        (b"a=1;b=2", [("a", "1;b=2")]),  # ";" is not a separator
        (b"=", [("", "")]),
        (b"==", [("", "=")]),
    ],
)
def test_parse_bytes(input: bytes, expected: list[tuple[str, str]]) -> None:
    assert urlencoded_parse(input) == expected


def test_parse_other_byte_sequences() -> None:
    assert urlencoded_parse(bytearray(b"a=%41+b")) == [("a", "A b")]
    assert urlencoded_parse(memoryview(b"%C3%A9=1")) == [("\u00e9", "1")]


def test_parse_string_with_lone_surrogate() -> None:
    # The string parser takes a scalar value string: a lone surrogate is U+FFFD.
    assert urlencoded_parse("a\ud800=\udc00b") == [("a\ufffd", "\ufffdb")]
    assert urlencoded_parse("\ud83d\udca9=1") == [("\U0001f4a9", "1")]


# --- Serializing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ([], ""),
        ([("a", "b")], "a=b"),
        ([("a", "b"), ("c", "d")], "a=b&c=d"),
        ([("", "")], "="),
        ([("", ""), ("", "")], "=&="),
        ([("a b", "c d")], "a+b=c+d"),
        ([("a+b", "c&d=e")], "a%2Bb=c%26d%3De"),
        ([("*-._", "~!'()")], "*-._=%7E%21%27%28%29"),
        ([("\u00e9", "\u20ac")], "%C3%A9=%E2%82%AC"),
        ([("\U0001f4a9", "\x00\n")], "%F0%9F%92%A9=%00%0A"),
        ([("%", "%20")], "%25=%2520"),
        ([("a\ud800", "b")], "a%EF%BF%BD=b"),  # names and values as scalar value strings
    ],
)
def test_serialize(pairs: list[tuple[str, str]], expected: str) -> None:
    assert urlencoded_serialize(pairs) == expected


def test_serialize_with_legacy_encoding() -> None:
    # windows-1252: "é" is 0xE9, "€" is 0x80, U+2603 cannot be encoded: "&#9731;".
    pairs = [("caf\u00e9", "5 \u20ac"), ("s", "\u2603")]
    assert urlencoded_serialize(pairs, "windows-1252") == "caf%E9=5+%80&s=%26%239731%3B"
    # Shift_JIS, the spec's own example for the form set (url.bs).
    assert (
        urlencoded_serialize([("q", "1+1 \u2261 2%20\u203d")], "shift_jis")
        == "q=1%2B1+%81%DF+2%2520%26%238253%3B"
    )


def test_serialize_gets_an_output_encoding() -> None:
    # UTF-16 is not an output encoding: the serializer uses UTF-8 instead.
    assert urlencoded_serialize([("\u00e9", "x")], "utf-16le") == "%C3%A9=x"
    assert urlencoded_serialize([("\u00e9", "x")], " UTF-8 ") == "%C3%A9=x"


def test_serialize_unknown_encoding_raises_lookup_error() -> None:
    with pytest.raises(LookupError):
        urlencoded_serialize([("a", "b")], "no-such-encoding")


def test_serialize_non_str_encoding_raises_type_error() -> None:
    # The compiled build's message is mypyc's check of the annotated type (docs/architecture.md).
    with pytest.raises(TypeError, match=r"encoding must be a str|str object expected; got None"):
        urlencoded_serialize([("a", "b")], None)  # type: ignore[arg-type]


def test_serialize_string_pairs_takes_an_output_encoding() -> None:
    # The serializer's steps on checked pairs: windows-1252 encodes "é" as 0xE9, and "☃" is not
    # in it (an HTML numeric character reference, percent-encoded); a space is "+".
    assert serialize_string_pairs([("caf\u00e9", "\u2603 x")], "windows-1252") == (
        "caf%E9=%26%239731%3B+x"
    )
    assert serialize_string_pairs([("a b", "*-._~")]) == "a+b=*-._%7E"
    assert serialize_string_pairs([]) == ""


def test_serialize_accepts_any_iterable_of_pairs() -> None:
    assert urlencoded_serialize(iter([("a", "1"), ("b", "2")])) == "a=1&b=2"
    assert urlencoded_serialize({"a": "1", "b": "2"}.items()) == "a=1&b=2"


# --- Round trip ----------------------------------------------------------------------------------

scalar_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)


@given(st.lists(st.tuples(scalar_text, scalar_text), max_size=5))
def test_serialize_then_parse_round_trips(pairs: list[tuple[str, str]]) -> None:
    serialized = urlencoded_serialize(pairs)
    assert serialized.isascii()
    # Every pair serializes to "name=value", never empty, so parsing gives back every pair.
    assert urlencoded_parse(serialized) == pairs
