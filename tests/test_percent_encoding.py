"""Tests for urlspec.percent_encoding (URL Standard §1.3 Percent-encoded bytes).

Expected values come from WPT (url/resources/percent-encoding.json), from the spec's own
examples (url.bs, "example-percent-encode-operations"), from the spec's definitions of the
percent-encode sets, from the Encoding Standard's encoders and indexes (worked by hand from
their definitions, noted beside each case), and from a straightforward reference
implementation of the spec algorithms written here, one step at a time, for the property tests.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import load_wpt, require_wpt_entry, wpt_params

from urlspec import percent_encoding as pe
from urlspec.encoding import (
    ENCODING_LABELS,
    get_encoding,
    get_output_encoding,
    output_encoding_for_label,
)
from urlspec.percent_encoding import (
    C0_CONTROL,
    COMPONENT,
    FORM_URLENCODED,
    FRAGMENT,
    PATH,
    QUERY,
    SPECIAL_QUERY,
    USERINFO,
    PercentEncodeSet,
    percent_decode,
    percent_decode_string,
    percent_encode_after_encoding,
    percent_encode_after_output_encoding,
    percent_encode_byte,
    utf8_percent_encode,
    utf8_percent_encode_code_point,
)

# --- WPT percent-encoding.json -------------------------------------------------------------------


def _wpt_cases() -> list[dict[str, str]]:
    """One case per (input, encoding) of the WPT file."""
    return [
        {"input": entry["input"], "encoding": encoding, "output": output}
        for entry in load_wpt("percent-encoding.json")
        for encoding, output in entry["output"].items()
    ]


@pytest.mark.parametrize("case", wpt_params("percent-encoding.json", _wpt_cases()))
def test_wpt_percent_encoding(case: dict[str, str] | None) -> None:
    # The WPT file tests the query of a special URL parsed in a document in that encoding.
    case = require_wpt_entry(case, "percent-encoding.json")
    assert (
        percent_encode_after_encoding(case["encoding"], case["input"], SPECIAL_QUERY)
        == case["output"]
    )


def test_wpt_file_covers_every_encoding() -> None:
    encodings = {case["encoding"] for case in _wpt_cases()}
    if not encodings:
        require_wpt_entry(None, "percent-encoding.json")
    assert encodings == {
        "utf-8",
        "windows-1252",
        "iso-8859-2",
        "big5",
        "euc-kr",
        "gb18030",
        "shift_jis",
        "iso-2022-jp",
    }


# --- The spec's examples (url.bs, example-percent-encode-operations) -----------------------------


def test_spec_example_percent_encode_byte() -> None:
    assert percent_encode_byte(0x23) == "%23"
    assert percent_encode_byte(0x7F) == "%7F"


def test_percent_encode_byte_range() -> None:
    assert percent_encode_byte(0) == "%00"
    assert percent_encode_byte(255) == "%FF"
    with pytest.raises(ValueError):
        percent_encode_byte(256)
    with pytest.raises(ValueError):
        percent_encode_byte(-1)


def test_spec_example_percent_decode() -> None:
    assert percent_decode(b"%25%s%1G") == b"%%s%1G"
    assert percent_decode_string("\u203d%25%2E") == b"\xe2\x80\xbd\x25\x2e"


@pytest.mark.parametrize(
    ("encoding", "input", "encode_set", "expected"),
    [
        ("Shift_JIS", " ", SPECIAL_QUERY, "%20"),
        ("Shift_JIS", "\u2261", SPECIAL_QUERY, "%81%DF"),
        ("Shift_JIS", "\u203d", SPECIAL_QUERY, "%26%238253%3B"),
        ("ISO-2022-JP", "\xa5", SPECIAL_QUERY, "%1B(J\\%1B(B"),
        ("Shift_JIS", "1+1 \u2261 2%20\u203d", FORM_URLENCODED, "1%2B1+%81%DF+2%2520%26%238253%3B"),
    ],
)
def test_spec_example_percent_encode_after_encoding(
    encoding: str, input: str, encode_set: PercentEncodeSet, expected: str
) -> None:
    assert percent_encode_after_encoding(encoding, input, encode_set) == expected


def test_spec_example_utf8_percent_encode() -> None:
    assert utf8_percent_encode_code_point("\u2261", USERINFO) == "%E2%89%A1"
    assert utf8_percent_encode_code_point("\u203d", USERINFO) == "%E2%80%BD"
    assert utf8_percent_encode("Say what\u203d", USERINFO) == "Say%20what%E2%80%BD"


# --- The percent-encode sets, as the spec defines them -------------------------------------------

C0 = "".join(map(chr, range(0x20)))

#: The ASCII members of each set, written out from the spec's definitions (DEL is always in,
#: being greater than U+007E).
EXPECTED_ASCII_MEMBERS = {
    "C0_CONTROL": C0 + "\x7f",
    "FRAGMENT": C0 + "\x7f" + ' "<>`',
    "QUERY": C0 + "\x7f" + ' "#<>',
    "SPECIAL_QUERY": C0 + "\x7f" + " \"#<>'",
    "PATH": C0 + "\x7f" + ' "#<>?^`{}',
    "USERINFO": C0 + "\x7f" + ' "#<>?^`{}/:;=@[\\]|',
    "COMPONENT": C0 + "\x7f" + ' "#<>?^`{}/:;=@[\\]|$%&+,',
    "FORM_URLENCODED": C0 + "\x7f" + " \"#<>?^`{}/:;=@[\\]|$%&+,!'()~",
}


@pytest.mark.parametrize("name", sorted(EXPECTED_ASCII_MEMBERS))
def test_percent_encode_set_members(name: str) -> None:
    encode_set = getattr(pe, name)
    members = {chr(c) for c in range(0x80) if chr(c) in encode_set}
    assert members == set(EXPECTED_ASCII_MEMBERS[name])
    # Every set holds every code point greater than U+007E (~).
    for code_point in ("\x7f", "\x80", "\xff", "\u2603", "\U0001f4a9", "\U0010ffff"):
        assert code_point in encode_set


def test_form_urlencoded_set_is_all_but_alphanumerics_and_four() -> None:
    # The note under the definition: all code points except the ASCII alphanumeric,
    # U+002A (*), U+002D (-), U+002E (.), and U+005F (_).
    outside = {chr(c) for c in range(0x80) if chr(c) not in FORM_URLENCODED}
    alphanumerics = {chr(c) for c in range(0x80) if chr(c).isascii() and chr(c).isalnum()}
    assert outside == alphanumerics | set("*-._")


def test_query_set_is_not_fragment_set() -> None:
    # The note: the query set cannot be defined from the fragment set, for lack of "`".
    assert "`" in FRAGMENT and "`" not in QUERY
    assert "#" in QUERY and "#" not in FRAGMENT


def test_component_set_matches_encode_uri_component() -> None:
    # ECMAScript encodeURIComponent() leaves exactly A-Z a-z 0-9 - _ . ! ~ * ' ( ) unescaped.
    assert utf8_percent_encode("-_.!~*'()", COMPONENT) == "-_.!~*'()"
    assert utf8_percent_encode(";,/?:@&=+$#", COMPONENT) == "%3B%2C%2F%3F%3A%40%26%3D%2B%24%23"
    assert utf8_percent_encode("\u0444 \U0001f4a9", COMPONENT) == "%D1%84%20%F0%9F%92%A9"


def test_set_membership_of_non_code_points() -> None:
    assert 0x20 not in PATH
    assert "ab" not in PATH  # not a single code point of the set
    assert "\u00e9a" not in PATH
    assert "" not in PATH
    assert PercentEncodeSet("x", "ab").ascii_members == {"a", "b", "\x7f"}
    with pytest.raises(ValueError):
        PercentEncodeSet("bad", "\u00e9")


def test_needs_encoding() -> None:
    assert not PATH.needs_encoding("/a/b%20c")
    assert PATH.needs_encoding("/a b")
    assert PATH.needs_encoding("/caf\u00e9")
    assert not SPECIAL_QUERY.needs_encoding("")


# --- UTF-8 percent-encode against a reference implementation -------------------------------------


def reference_percent_encode_after_utf8(
    input: str, encode_set: PercentEncodeSet, space_as_plus: bool
) -> str:
    """The spec's steps, byte by byte, for UTF-8 (which never fails)."""
    output = []
    for byte in input.encode("utf-8"):
        if space_as_plus and byte == 0x20:
            output.append("+")
            continue
        isomorph = chr(byte)
        if isomorph not in encode_set:
            output.append(isomorph)
        else:
            output.append("%" + format(byte, "02X"))
    return "".join(output)


SETS = [C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, COMPONENT, FORM_URLENCODED]
scalar_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


@given(input=scalar_text, encode_set=st.sampled_from(SETS), space_as_plus=st.booleans())
def test_utf8_percent_encode_matches_reference(
    input: str, encode_set: PercentEncodeSet, space_as_plus: bool
) -> None:
    expected = reference_percent_encode_after_utf8(input, encode_set, space_as_plus)
    assert utf8_percent_encode(input, encode_set, space_as_plus) == expected
    assert percent_encode_after_encoding("utf-8", input, encode_set, space_as_plus) == expected


@given(input=scalar_text, encode_set=st.sampled_from(SETS))
def test_space_as_plus_defaults_to_the_form_set(input: str, encode_set: PercentEncodeSet) -> None:
    expected = reference_percent_encode_after_utf8(input, encode_set, encode_set is FORM_URLENCODED)
    assert utf8_percent_encode(input, encode_set) == expected
    assert percent_encode_after_encoding("UTF-8", input, encode_set) == expected


@given(code_point=st.characters(exclude_categories=["Cs"]), encode_set=st.sampled_from(SETS))
def test_utf8_percent_encode_code_point_matches_reference(
    code_point: str, encode_set: PercentEncodeSet
) -> None:
    expected = reference_percent_encode_after_utf8(
        code_point, encode_set, encode_set is FORM_URLENCODED
    )
    assert utf8_percent_encode_code_point(code_point, encode_set) == expected


def test_utf8_percent_encode_returns_input_when_nothing_to_encode() -> None:
    input = "/a/b/c.html"
    assert utf8_percent_encode(input, PATH) is input


def test_lone_surrogates_are_encoded_as_replacement_character() -> None:
    assert utf8_percent_encode("a\ud800", PATH) == "a%EF%BF%BD"
    assert percent_encode_after_encoding("windows-1252", "a\ud800", SPECIAL_QUERY) == (
        "a%26%2365533%3B"
    )


def test_long_input_is_encoded_in_one_pass() -> None:
    assert utf8_percent_encode(" " * 100_000, PATH) == "%20" * 100_000
    assert utf8_percent_encode("\u00e9" * 100_000, PATH) == "%C3%A9" * 100_000


# --- Percent-decode against a reference implementation -------------------------------------------

HEX = set(b"0123456789ABCDEFabcdef")


def reference_percent_decode(data: bytes) -> bytes:
    """The spec's steps for percent-decoding a byte sequence, one byte at a time."""
    output = bytearray()
    index = 0
    while index < len(data):
        byte = data[index]
        if byte == 0x25 and index + 2 < len(data) and set(data[index + 1 : index + 3]) <= HEX:
            output.append(int(data[index + 1 : index + 3], 16))
            index += 3
            continue
        output.append(byte)
        index += 1
    return bytes(output)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", b""),
        (b"%", b"%"),
        (b"%4", b"%4"),
        (b"%41", b"A"),
        (b"%4a%4A", b"JJ"),
        (b"%%41", b"%A"),
        (b"%G1%1G", b"%G1%1G"),
        (b"a%2", b"a%2"),
        (b"%f0%9f%92%a9", b"\xf0\x9f\x92\xa9"),
        (b"%00", b"\x00"),
    ],
)
def test_percent_decode(data: bytes, expected: bytes) -> None:
    assert percent_decode(data) == expected
    assert reference_percent_decode(data) == expected


def test_percent_decode_takes_bytes_like_objects() -> None:
    assert percent_decode(bytearray(b"%41%")) == b"A%"
    assert percent_decode(memoryview(b"a%2f")) == b"a/"


@pytest.mark.parametrize("not_bytes", [3, None, "%41", [0x25, 0x34, 0x31]])
def test_percent_decode_rejects_what_is_not_bytes_like(not_bytes: object) -> None:
    # bytes(3) would be three zero bytes: an int must not be taken for a byte sequence.
    with pytest.raises(TypeError, match="bytes-like"):
        percent_decode(not_bytes)  # type: ignore[arg-type]


@pytest.mark.parametrize("not_a_str", [None, 3, b"%41"])
def test_percent_decode_string_rejects_what_is_not_a_str(not_a_str: object) -> None:
    # The pure build's message names the argument; the compiled build's is mypyc's check of the
    # annotated type (docs/architecture.md, "Two builds"). Both name the type given.
    with pytest.raises(TypeError, match=r"(must be a str, not|str object expected; got) \w+"):
        percent_decode_string(not_a_str)  # type: ignore[arg-type]


def test_percent_decode_string_encodes_lone_surrogates_as_replacement_character() -> None:
    # The input is read as a scalar value string, as everywhere else.
    assert percent_decode_string("%41\ud800") == b"A\xef\xbf\xbd"


@given(st.lists(st.sampled_from([b"%", b"4", b"1", b"a", b"G", b"f", b"%2", b"\xff"])))
def test_percent_decode_matches_reference(parts: list[bytes]) -> None:
    data = b"".join(parts)
    assert percent_decode(data) == reference_percent_decode(data)


@given(scalar_text)
def test_component_encoding_roundtrips_through_percent_decode(input: str) -> None:
    # The note: only the component and form sets encode "%", giving "roundtripable data".
    assert percent_decode_string(utf8_percent_encode(input, COMPONENT)) == input.encode("utf-8")


# --- Encodings: labels ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "name"),
    [
        ("utf-8", "utf-8"),
        ("  UTF8\n", "utf-8"),
        ("unicode11utf8", "utf-8"),
        ("latin1", "windows-1252"),
        ("ASCII", "windows-1252"),
        ("iso-8859-1", "windows-1252"),
        ("iso_8859-9:1989", "windows-1254"),
        ("koi8-ru", "koi8-u"),
        ("gb2312", "gbk"),
        ("big5-hkscs", "big5"),
        ("ms932", "shift_jis"),
        ("windows-31j", "shift_jis"),
        ("windows-949", "euc-kr"),
        ("iso-2022-kr", "replacement"),
        ("utf-16", "utf-16le"),
        ("x-user-defined", "x-user-defined"),
        ("utf-7", None),
        ("", None),
        ("\u212aoi8-r", None),  # KELVIN SIGN lowercases to "k", but labels match ASCII only
        ("latin 1", None),
    ],
)
def test_get_encoding(label: str, name: str | None) -> None:
    assert get_encoding(label) == name


def test_get_output_encoding() -> None:
    assert get_output_encoding("utf-16le") == "utf-8"
    assert get_output_encoding("utf-16be") == "utf-8"
    assert get_output_encoding("replacement") == "utf-8"
    assert get_output_encoding("shift_jis") == "shift_jis"


def test_unknown_label_raises_lookup_error() -> None:
    with pytest.raises(LookupError):
        percent_encode_after_encoding("utf-7", "a", SPECIAL_QUERY)


@pytest.mark.parametrize(
    ("label", "output_encoding"),
    [
        ("utf-8", "utf-8"),
        (" Shift_JIS ", "shift_jis"),
        ("latin1", "windows-1252"),
        ("utf-16", "utf-8"),  # utf-16le: not an output encoding
        ("UTF-16BE", "utf-8"),
        ("iso-2022-kr", "utf-8"),  # replacement
    ],
)
def test_output_encoding_for_label(label: str, output_encoding: str) -> None:
    assert output_encoding_for_label(label) == output_encoding


def test_output_encoding_for_label_failures() -> None:
    with pytest.raises(LookupError):
        output_encoding_for_label("utf-7")
    with pytest.raises(TypeError):
        output_encoding_for_label(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        percent_encode_after_encoding(b"utf-8", "a", SPECIAL_QUERY)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("output_encoding", "input", "expected"),
    [
        # The spec's examples of percent-encode after encoding (with the special-query set).
        ("shift_jis", " ", "%20"),
        ("shift_jis", "\u2261", "%81%DF"),
        ("shift_jis", "\u203d", "%26%238253%3B"),
        ("iso-2022-jp", "\u00a5", "%1B(J\\%1B(B"),
        ("utf-8", "\u00e9 ", "%C3%A9%20"),
    ],
)
def test_percent_encode_after_output_encoding(
    output_encoding: str, input: str, expected: str
) -> None:
    assert percent_encode_after_output_encoding(output_encoding, input, SPECIAL_QUERY) == expected
    assert percent_encode_after_encoding(output_encoding, input, SPECIAL_QUERY) == expected


def test_utf16_and_replacement_encode_as_utf8() -> None:
    for label in ("utf-16le", "UTF-16BE", "hz-gb-2312"):
        assert percent_encode_after_encoding(label, "\u00e9 ", SPECIAL_QUERY) == "%C3%A9%20"


# --- Encodings: the legacy encoders --------------------------------------------------------------
# Each expected value is worked from the Encoding Standard's encoder steps and indexes.

LEGACY_CASES: list[Any] = [
    # windows-1252: index windows-1252 maps 0x81, 0x8D, 0x8F, 0x90, 0x9D to the C1 controls.
    ("windows-1252", "\x81\x8d\x8f\x90\x9d", "%81%8D%8F%90%9D"),
    ("windows-1252", "\u20ac\xe9\xff", "%80%E9%FF"),
    ("windows-1252", "\u0100", "%26%23256%3B"),
    ("windows-1250", "\u0164", "%8D"),  # 0x8D is a letter there, so U+008D is not in the index
    ("windows-1250", "\x8d", "%26%23141%3B"),
    ("windows-874", "\x81\x90\u0e3f", "%81%90%DF"),  # C1 controls as in index windows-874
    ("windows-874", "\x80", "%26%23128%3B"),  # 0x80 is U+20AC there
    ("windows-1255", "\u05ba", "%CA"),  # index windows-1255 has 0xCA, unlike cp1255
    ("koi8-u", "\u045e\u040e", "%AE%BE"),  # KOI8-U is KOI8-RU
    ("x-mac-cyrillic", "\u20ac", "%FF"),
    ("iso-8859-2", "\u0104\u02d8", "%A1%A2"),
    ("x-user-defined", "\uf780\uf7ff\x80", "%80%FF%26%23128%3B"),
    # gb18030: U+E5E5 is an error; 2005 and 2022 mappings; four-byte ranges.
    ("gb18030", "\u3000", "%A1%A1"),
    ("gb18030", "\u1e3f", "%A8%BC"),
    ("gb18030", "\ue7c7", "%815%F47"),  # 0x81 0x35 0xF4 0x37 (ranges pointer 7457)
    ("gb18030", "\ufe10\ue78d", "%A6%D9%A6%D9"),  # index entry and encoder side table
    ("gb18030", "\u9fb4\ue81e", "%FEY%FEY"),  # 0xFE 0x59
    ("gb18030", "\u20ac", "%A2%E3"),
    # Astral: ranges pointer 189000 + 0xF4A9 = 251633 = 19 × 12600 + 9 × 1260 + 89 × 10 + 3.
    ("gb18030", "\U0001f4a9", "%949%DA3"),  # 0x94 0x39 0xDA 0x33
    # GBK: gb18030 without four-byte sequences, with U+20AC as 0x80.
    ("gbk", "\u20ac", "%80"),
    ("gbk", "\u4e02", "%81@"),  # index gb18030 pointer 0: 0x81 0x40 ("@" is not in the set)
    ("gbk", "\ue7c7\U0001f4a9", "%26%2359335%3B%26%23128169%3B"),
    # Big5: HKSCS pointers are not used; six code points take their last pointer.
    ("big5", "\u3000\u2027", "%A1@%A1E"),  # pointers 5024 and 5029
    ("big5", "\u5341\u5345", "%A4Q%A4%CA"),  # last pointers, not 5287 and 5289 (row 0xA2)
    ("big5", "\u20ac", "%A3%E1"),
    ("big5", "\u2020", "%26%238224%3B"),
    # EUC-KR: index EUC-KR is code page 949, Unified Hangul Code included.
    ("euc-kr", "\uac00", "%B0%A1"),
    ("euc-kr", "\uac02", "%81A"),  # pointer 0
    # Shift_JIS: ¥ and ‾ are 0x5C and 0x7E; U+2212 is U+FF0D; no EUDC; IBM extensions.
    ("shift_jis", "\xa5\u203e", "\\~"),
    ("shift_jis", "\x80\uff61\uff9f", "%80%A1%DF"),
    ("shift_jis", "\u2212\uff0d", "%81|%81|"),
    ("shift_jis", "\ue000", "%26%2357344%3B"),
    ("shift_jis", "\u7e8a", "%FA\\"),  # 0xFA 0x5C: NEC-selected pointer 8272 is skipped
    # EUC-JP: the first jis0208 pointer, so 8272 (0xF9 0xA1) for U+7E8A.
    ("euc-jp", "\u7e8a", "%F9%A1"),
    ("euc-jp", "\u3042\uff71", "%A4%A2%8E%B1"),
    ("euc-jp", "\xa5", "\\"),
    # ISO-2022-JP: escape sequences around Roman and jis0208 runs; errors in ASCII state.
    ("iso-2022-jp", "\xa5a", "%1B(J\\a%1B(B"),
    ("iso-2022-jp", "\u3042", "%1B$B$%22%1B(B"),  # row 4 cell 2: 0x24 0x22
    ("iso-2022-jp", "\uff71", "%1B$B%%22%1B(B"),  # halfwidth → U+30A2, row 5 cell 2
    ("iso-2022-jp", "\u3042\U0001f4a9", "%1B$B$%22%1B(B%26%23128169%3B"),
    ("iso-2022-jp", "\u3042\u3042a", "%1B$B$%22$%22%1B(Ba"),
    ("iso-2022-jp", "\xa5\u203ea\\", "%1B(J\\~a%1B(B\\"),  # "\\" is not Roman: back to ASCII
    ("iso-2022-jp", "\u3042\xa5", "%1B$B$%22%1B(J\\%1B(B"),
    ("iso-2022-jp", "\u2212", "%1B$B!]%1B(B"),  # as U+FF0D, row 1 cell 61
    ("iso-2022-jp", "\x1b", "%26%2365533%3B"),
    ("iso-2022-jp", "\u203e\x0f", "%1B(J~%26%2365533%3B%1B(B"),
]


@pytest.mark.parametrize(("encoding", "input", "expected"), LEGACY_CASES)
def test_legacy_encoders(encoding: str, input: str, expected: str) -> None:
    assert percent_encode_after_encoding(encoding, input, SPECIAL_QUERY) == expected


@pytest.mark.parametrize(
    "encoding", ["windows-1252", "gb18030", "gbk", "big5", "euc-kr", "shift_jis", "iso-2022-jp"]
)
def test_legacy_encoders_keep_ascii(encoding: str) -> None:
    ascii = "".join(chr(c) for c in range(0x80) if c not in (0x0E, 0x0F, 0x1B))
    assert percent_encode_after_encoding(encoding, ascii, FORM_URLENCODED) == (
        utf8_percent_encode(ascii, FORM_URLENCODED)
    )


ALL_ENCODING_NAMES = sorted(ENCODING_LABELS)


def test_every_label_gets_its_encoding() -> None:
    every_label = [label for labels in ENCODING_LABELS.values() for label in labels]
    # 228 labels: the sum of the rowspans of the Encoding Standard's table of §4.2.
    assert len(every_label) == len(set(every_label)) == 228
    for name, labels in ENCODING_LABELS.items():
        assert name in labels  # each name, lowercased, is one of its labels
        for label in labels:
            assert get_encoding(label.upper()) == name


@given(
    input=st.text(max_size=30),
    encoding=st.sampled_from(ALL_ENCODING_NAMES),
    encode_set=st.sampled_from([SPECIAL_QUERY, FORM_URLENCODED]),
)
def test_every_encoding_gives_ascii_and_never_raises(
    input: str, encoding: str, encode_set: PercentEncodeSet
) -> None:
    # Any str, lone surrogates included: the result is always an ASCII string.
    output = percent_encode_after_encoding(encoding, input, encode_set)
    assert output.isascii()
    if input.isascii() and not any(c in input for c in "\x0e\x0f\x1b"):
        # ASCII encodes as itself in every output encoding (ISO-2022-JP excepted for those three).
        assert output == utf8_percent_encode(input, encode_set)
