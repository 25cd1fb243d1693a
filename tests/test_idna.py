"""Tests for urlspec.idna (URL Standard §3.3, UTS #46) and urlspec.punycode (RFC 3492).

Expected values come from WPT's IdnaTestV2.json (generated from Unicode's IdnaTestV2.txt, whose
error codes the entries' comments carry), RFC 3492's sample strings, CPython's punycode codec,
and the examples and notes of the URL Standard and UTS #46.
"""

from __future__ import annotations

import itertools
import json
import pickle
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, dataset_path, iter_corpus, require_wpt_entry, wpt_params

from bench import messy
from urlspec import InvalidURL, idna, punycode
from urlspec import host as host_module
from urlspec.host import parse_host, serialize_host
from urlspec.idna import (
    Flags,
    InvalidDomain,
    _mapping_table,
    domain_to_ascii,
    domain_to_unicode,
    mapping_table_unicode_version,
    to_ascii,
    to_unicode,
    unicode_data,
)
from urlspec.url import URL
from urlspec.validation import ValidationError

# The flags of the URL Standard's "domain parser ToASCII" with beStrict false.
URL_FLAGS = Flags(
    check_hyphens=False,
    check_bidi=True,
    check_joiners=True,
    use_std3_ascii_rules=False,
    transitional_processing=False,
    verify_dns_length=False,
    ignore_invalid_punycode=False,
)
STRICT_FLAGS = URL_FLAGS._replace(
    check_hyphens=True, use_std3_ascii_rules=True, verify_dns_length=True
)

# --- WPT IdnaTestV2.json ------------------------------------------------------------------------

IDNA_TEST = "IdnaTestV2.json"
EXPECTED_FAILURES_FILE = Path(__file__).with_name("idna_expected_failures.json")
EXPECTED_FAILURES: dict[str, list[str]] = {
    version: inputs
    for version, inputs in json.loads(EXPECTED_FAILURES_FILE.read_text("utf-8")).items()
    if not version.startswith("_")
}
# Keyed by the Unicode version of the data (the mapping table's, which unicodedata2 matches), not
# by the interpreter: every Python gives the same answers.
EXPECTED_TO_FAIL_HERE = frozenset(EXPECTED_FAILURES.get(mapping_table_unicode_version(), []))


#: WPT's encodeHostEndingCodePoints: the code points that would end the host of
#: https://{input}/x are replaced by what JavaScript's encodeURIComponent gives for them, so that
#: they reach the host parser, which percent-decodes them back.
_ENCODE_HOST_ENDING_CODE_POINTS = str.maketrans(
    {":": "%3A", "/": "%2F", "?": "%3F", "#": "%23", "\\": "%5C"}
)


def url_host_of(input: str) -> str | None:
    """What WPT's IdnaTestV2.window.js checks: the host of ``new URL("https://{input}/x")``
    (with host-ending code points percent-encoded), or None when the constructor throws.

    Like the WPT test, it also checks that hostname equals host, the path is "/x" and the href
    is "https://{host}/x"."""
    try:
        url = URL(f"https://{input.translate(_ENCODE_HOST_ENDING_CODE_POINTS)}/x")
    except InvalidURL:
        return None
    assert url.hostname == url.host
    assert url.pathname == "/x"
    assert url.href == f"https://{url.host}/x"
    return url.host


def host_parser_result(input: str) -> str | None:
    """The host parser alone on ``input`` (what the URL parser hands it for a special URL,
    after the percent-decoding WPT relies on), serialized; None for failure."""
    host = parse_host(input)
    return None if host is None else serialize_host(host)


def _check_idna_test_v2_entry(input: str, output: str | None, result: str | None) -> None:
    if input in EXPECTED_TO_FAIL_HERE:
        assert result != output, (
            f"stale entry {input!r} for Unicode {mapping_table_unicode_version()}: it passes "
            f"now, remove it from {EXPECTED_FAILURES_FILE.name}"
        )
    else:
        assert result == output


@pytest.mark.parametrize("entry", wpt_params(IDNA_TEST))
def test_wpt_idna_test_v2(entry: dict[str, Any] | None) -> None:
    """WPT's IdnaTestV2.window.js: each entry through the URL constructor, as the test does."""
    entry = require_wpt_entry(entry, IDNA_TEST)
    input, output = entry["input"], entry["output"]
    if input == "":
        # WPT skips it (a URL cannot carry an empty host to the host parser): UTS #46 ToASCII
        # itself maps the empty domain to the empty string without error.
        assert to_ascii(input, URL_FLAGS) == ("", [])
        return
    _check_idna_test_v2_entry(input, output, url_host_of(input))


@pytest.mark.parametrize("entry", wpt_params(IDNA_TEST))
def test_wpt_idna_test_v2_through_the_host_parser(entry: dict[str, Any] | None) -> None:
    """The same entries straight through the host parser (the URL class may take a fast path
    that never calls it for some hosts): the same outputs."""
    entry = require_wpt_entry(entry, IDNA_TEST)
    input, output = entry["input"], entry["output"]
    if input == "":
        assert host_parser_result(input) is None  # the domain parser's step 7: empty fails
        return
    _check_idna_test_v2_entry(input, output, host_parser_result(input))


def test_expected_failures_are_code_points_newer_than_the_test_file() -> None:
    """Every listed entry exists, expects only V7 (a code point not valid), and holds a code
    point that our Unicode version assigns and the mapping table marks valid: the file was
    generated from an older Unicode version, in which that code point was unassigned."""
    entries = {entry["input"]: entry for entry in _idna_test_entries()}
    for version, listed in EXPECTED_FAILURES.items():
        assert version.count(".") == 2, version
        assert set(listed) <= set(entries), f"{version}: entries not in {IDNA_TEST}"
    ucd = unicode_data()
    for input in EXPECTED_TO_FAIL_HERE:
        assert entries[input].get("comment") == "V7", input
        newly_assigned = [
            c
            for c in input
            if ucd.category(c) != "Cn" and unicodedata.category(c) == "Cn" and ord(c) > 0xFFFF
        ]
        assert newly_assigned, input


def _idna_test_entries() -> list[dict[str, Any]]:
    params = wpt_params(IDNA_TEST)
    return [require_wpt_entry(param.values[0], IDNA_TEST) for param in params]


def _expected_codes(comment: str) -> set[str]:
    """The UTS #46 error codes an entry's comment lists, less those it marks "(ignored)" (the
    URL Standard's flags do not check them)."""
    return {code for code in comment.split("; ") if code and not code.endswith("(ignored)")}


@pytest.mark.parametrize("entry", wpt_params(IDNA_TEST))
def test_wpt_idna_test_v2_error_codes(entry: dict[str, Any] | None) -> None:
    """UTS #46 ToASCII with the URL Standard's flags records exactly the entry's error codes.

    Two kinds of difference are allowed, each only with the evidence that explains it:
    * the file leaves out every entry with a Bidi error (it is generated with --exclude-bidi), so
      Bidi codes ("B1".."B6") are recorded only where a code point is unassigned (in our Unicode
      version too), whose Bidi_Class unicodedata2 reports as empty (not the UCD's default); such
      a domain fails with V7 anyway;
    * a "V7" (not a valid code point) may be missing for a code point that the file's older
      Unicode version left unassigned and ours assigns (the interpreter's unicodedata, older
      still, does not assign it either). The entries where that changes the outcome are the
      expected failures.
    """
    entry = require_wpt_entry(entry, IDNA_TEST)
    input = entry["input"]
    expected = _expected_codes(entry.get("comment", ""))
    _result, recorded = to_ascii(input, URL_FLAGS)
    decoded = to_unicode(input, URL_FLAGS)[0]
    ucd = unicode_data()
    bidi_codes = {code for code in recorded if code.startswith("B")}
    if bidi_codes:
        assert any(ucd.category(c) == "Cn" for c in input + decoded), (
            f"Bidi errors {bidi_codes} not explained by unassigned code points"
        )
        assert "V7" in recorded
    codes = set(recorded) - bidi_codes
    if expected - codes == {"V7"} and codes <= expected:
        assert any(
            ucd.category(c) != "Cn" and unicodedata.category(c) == "Cn" for c in input + decoded
        ), "V7 missing but no code point is newer than the interpreter's Unicode version"
    else:
        assert codes == expected


# --- The URL Standard's domain parser (domain to ASCII) and domain to Unicode -------------------


@pytest.mark.parametrize(
    ("domain", "expected"),
    [
        ("EXAMPLE.COM", "example.com"),
        ("faß.example", "xn--fa-hia.example"),
        ("☕.example", "xn--53h.example"),  # UTS #46, not IDNA2008 (the spec's note)
        ("☃.net", "xn--n3h.net"),
        ("x_y.com", "x_y.com"),
        ("xn--8i7caa", "xn--8i7caa"),  # ASCII: lowercased whatever ToASCII says (spec note)
        ("XN--A", "xn--a"),
        ("a\u00adb", "ab"),  # ignored code point
    ],
)
def test_domain_to_ascii(domain: str, expected: str) -> None:
    assert domain_to_ascii(domain) == expected


@pytest.mark.parametrize(
    ("domain", "codes"),
    [
        ("", ["empty"]),
        ("a#b", ["forbidden domain code point"]),
        ("xn--a.ß", ["V7"]),  # not ASCII: ToASCII decides (xn--a decodes to U+0080)
        ("\u200d.example", ["C2"]),
        ("a\u0378.net", ["V7"]),  # unassigned
        ("\u0301a", ["V6"]),  # begins with a combining mark
        ("\ufffd.com", ["V7"]),
        ("xn--tešla", ["P4"]),
    ],
)
def test_domain_to_ascii_failures(domain: str, codes: list[str]) -> None:
    with pytest.raises(InvalidDomain) as raised:
        domain_to_ascii(domain)
    assert raised.value.errors == codes
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("domain", "codes"),
    [
        ("x_y.com", ["U1"]),
        ("-x.com", ["V3"]),
        ("ab--c.com", ["V2"]),
        ("a..b", ["A4_2"]),
        ("example.com.", ["A4_2"]),  # UTS #46 counts the empty root label
        ("a" * 64 + ".com", ["A4_2"]),
        (".".join(["a" * 63] * 4), ["A4_1"]),  # 255 long
        ("xn--a", ["V7"]),  # decodes to U+0080, disallowed
        ("xn---", ["P4"]),  # decodes to nothing
        ("xn--ascii-", ["P4"]),  # decodes to ASCII
        ("xn--8i7caa", ["V7"]),  # decodes to ｗｗｗ, which is mapped, not valid
    ],
)
def test_domain_to_ascii_be_strict(domain: str, codes: list[str]) -> None:
    with pytest.raises(InvalidDomain) as raised:
        domain_to_ascii(domain, be_strict=True)
    assert raised.value.errors == codes


def test_domain_to_ascii_be_strict_accepts_valid_domains() -> None:
    assert domain_to_ascii("Example.COM", be_strict=True) == "example.com"
    assert domain_to_ascii("faß.example", be_strict=True) == "xn--fa-hia.example"
    assert domain_to_ascii(".".join(["a" * 63] * 3 + ["a" * 61]), be_strict=True)


def test_domain_to_ascii_reports_the_strict_failure_as_a_validation_error() -> None:
    errors: list[ValidationError] = []
    assert domain_to_ascii("X_Y.com", errors=errors, position=4) == "x_y.com"
    assert errors == [ValidationError("domain-to-ASCII", 4)]
    errors = []
    assert domain_to_ascii("example.com", errors=errors) == "example.com"
    assert errors == []


def test_invalid_domain_pickles() -> None:
    error = InvalidDomain("xn--a.ß", ["P4"])
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.domain, copy.errors, str(copy)) == (error.domain, error.errors, str(error))


@pytest.mark.parametrize(
    ("domain", "expected"),
    [
        ("xn--fa-hia.example", "faß.example"),
        ("xn--53h.example", "☕.example"),
        ("example.com", "example.com"),
        ("xn--8i7caa", "xn--8i7caa"),  # an error is recorded: the domain comes back (spec)
        ("xn--a", "xn--a"),
        ("xn--a.xn--fa-hia", "xn--a.xn--fa-hia"),
        ("xn--ls8h", "💩"),
    ],
)
def test_domain_to_unicode(domain: str, expected: str) -> None:
    assert domain_to_unicode(domain) == expected
    assert domain_to_unicode(domain, be_strict=True) == expected  # none of them breaks STD3


# UTS #46 UseSTD3ASCIIRules (§4.1 Validity Criteria, criterion 7 / error U1): with it, the ASCII
# code points of a label must be a-z, 0-9 and "-" (after mapping, so uppercase letters are fine
# and a fullwidth "_" counts as "_"). Domain to Unicode with be_strict runs ToUnicode with it, and
# on the error returns the domain unchanged; without it, only the other labels' decoding shows.
@pytest.mark.parametrize(
    ("domain", "lenient", "strict"),
    [
        ("a_b.xn--bcher-kva", "a_b.bücher", "a_b.xn--bcher-kva"),
        ("*.xn--bcher-kva.example", "*.bücher.example", "*.xn--bcher-kva.example"),
        ("xn--bcher-kva.ex ample", "bücher.ex ample", "xn--bcher-kva.ex ample"),
        ("\uff3f.xn--bcher-kva", "_.bücher", "\uff3f.xn--bcher-kva"),  # FULLWIDTH LOW LINE -> "_"
        ("A-Z.xn--bcher-kva", "a-z.bücher", "a-z.bücher"),  # mapped to lowercase: STD3-valid
        ("xn--bcher-kva.", "bücher.", "bücher."),  # an empty root label breaks no rule
    ],
)
def test_domain_to_unicode_be_strict_uses_std3_rules(
    domain: str, lenient: str, strict: str
) -> None:
    assert domain_to_unicode(domain) == lenient
    assert domain_to_unicode(domain, be_strict=False) == lenient
    assert domain_to_unicode(domain, be_strict=True) == strict


def test_domain_to_unicode_be_strict_records_u1() -> None:
    # The error behind the strict result above is UTS #46's U1, and only with the flag.
    assert to_unicode("a_b.xn--bcher-kva", URL_FLAGS._replace(use_std3_ascii_rules=True)) == (
        "a_b.bücher",
        ["U1"],
    )
    assert to_unicode("a_b.xn--bcher-kva", URL_FLAGS) == ("a_b.bücher", [])


NOT_A_STR = r"(domain must be a str, not|str object expected; got) \w+"


@pytest.mark.parametrize("not_a_str", [None, 1, b"example.com", ["example.com"]])
def test_domain_functions_reject_non_strings(not_a_str: object) -> None:
    # The compiled build's message is mypyc's check of the annotated type (docs/architecture.md,
    # "Two builds"); both name the type given.
    with pytest.raises(TypeError, match=NOT_A_STR):
        domain_to_ascii(not_a_str)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=NOT_A_STR):
        domain_to_unicode(not_a_str)  # type: ignore[arg-type]


# --- UTS #46 flags and the rules behind them ----------------------------------------------------


def test_transitional_processing_maps_deviations() -> None:
    assert to_ascii("faß", URL_FLAGS) == ("xn--fa-hia", [])
    assert to_ascii("faß", URL_FLAGS._replace(transitional_processing=True)) == ("fass", [])


def test_ignore_invalid_punycode() -> None:
    invalid = "xn--" + "9" * 30 + ".b"  # w overflows: 9 (35) is never below the threshold
    assert to_ascii(invalid, URL_FLAGS) == (invalid, ["P4"])
    assert to_ascii(invalid, URL_FLAGS._replace(ignore_invalid_punycode=True)) == (invalid, [])


def test_check_hyphens_off_rejects_decoded_xn_labels() -> None:
    # V4: with CheckHyphens false, a decoded label must not begin with "xn--"
    assert to_ascii("xn--xn--a--gua", URL_FLAGS)[1] == ["V4"]
    assert to_ascii("xn--xn--a--gua", URL_FLAGS._replace(check_hyphens=True))[1] == ["V2"]


@pytest.mark.parametrize(
    ("domain", "codes"),
    [
        ("a\u094d\u200cb", []),  # ZWNJ after a virama (A.1, first rule)
        ("\u0628\u200c\u0628", []),  # ZWNJ between dual-joining letters (A.1, second rule)
        ("\u0628\u064b\u200c\u064b\u0628", []),  # ... with transparent marks around it
        ("a\u200cb", ["C1"]),
        ("\u0915\u094d\u200d", []),  # ZWJ after a virama (A.2)
        ("a\u200d", ["C2"]),
    ],
)
def test_check_joiners(domain: str, codes: list[str]) -> None:
    assert to_ascii(domain, URL_FLAGS)[1] == codes
    assert to_ascii(domain, URL_FLAGS._replace(check_joiners=False))[1] == []


@pytest.mark.parametrize(
    ("domain", "codes"),
    [
        ("a.\u064a", []),  # an LTR label and an RTL label
        ("\u05d0\u05d1.com", []),
        ("\u05d01", []),  # RTL label ending in EN
        ("0a.\u064a", ["B1"]),  # in a Bidi domain name, every label obeys the rule
        ("\u064aa", ["B2", "B3"]),  # L in an RTL label, which does not end in R/AL/EN/AN
        ("\u05d0\u0661" + "1", ["B4"]),  # AN and EN in one RTL label
        ("a\u05d0.\u064a", ["B5", "B6"]),
        ("0a.com", []),  # not a Bidi domain name: the rule does not apply
    ],
)
def test_check_bidi(domain: str, codes: list[str]) -> None:
    assert to_ascii(domain, URL_FLAGS)[1] == codes
    assert to_ascii(domain, URL_FLAGS._replace(check_bidi=False))[1] == []


def test_use_std3_ascii_rules_include_mapped_ascii() -> None:
    # U+FF3F FULLWIDTH LOW LINE maps to "_", which STD3 rules reject after mapping
    assert to_ascii("a\uff3fb", URL_FLAGS) == ("a_b", [])
    assert to_ascii("a\uff3fb", STRICT_FLAGS)[1] == ["U1"]


def test_nfc_and_mapping() -> None:
    # "≠" as "=" + U+0338 composes under NFC; U+00AD is ignored between them
    assert to_ascii("=\u00ad\u0338", URL_FLAGS) == ("xn--1ch", [])
    assert to_ascii("xn--u-ccb", URL_FLAGS)[1] == ["V1"]  # decodes to a non-NFC label


def test_ascii_domains_do_not_load_the_tables() -> None:
    code = (
        "import sys\n"
        "from urlspec.host import parse_host\n"
        "from urlspec.validation import ValidationError\n"
        "errors: list[ValidationError] = []\n"
        "assert parse_host('Example.COM') is not None\n"
        "assert parse_host('x_y.example.', errors=errors) is not None\n"
        "assert parse_host('1.2.3.4', errors=errors) is not None\n"
        "assert parse_host('xn--a.com') is not None\n"
        "assert errors, errors\n"
        "loaded = sorted(name for name in sys.modules if name.split('.')[0] == 'idna')\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- Punycode (RFC 3492) ------------------------------------------------------------------------

# RFC 3492 §7.1 sample strings (A), (B), (L)-(S).
RFC_3492_SAMPLES = [
    ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    ("Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
    ("ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("パフィーdeルンバ", "de-jg4avhby1noc0d"),
    ("そのスピードで", "d9juau41awczczp"),
    ("-> $1.00 <-", "-> $1.00 <--"),
]


@pytest.mark.parametrize(("unicode", "encoded"), RFC_3492_SAMPLES)
def test_punycode_rfc_3492_samples(unicode: str, encoded: str) -> None:
    assert punycode.encode(unicode) == encoded
    assert punycode.decode(encoded) == unicode
    # Digits may be uppercase (§5); basic code points keep their case.
    basic, delimiter, digits = encoded.rpartition("-")
    assert punycode.decode(basic + delimiter + digits.upper()) == unicode


@pytest.mark.parametrize(
    "text",
    ["", "a", "ü", "bücher", "ab-c-ü", "😀😀a😀", "ÄäÄ", "\U0010fffd", "a" * 40 + "é" * 40],
)
def test_punycode_matches_cpython_codec(text: str) -> None:
    encoded = text.encode("punycode").decode("ascii")
    assert punycode.encode(text) == encoded
    assert punycode.decode(encoded) == text


@pytest.mark.parametrize(
    "bad",
    [
        "99999999999999",  # i overflows
        "a" + "9" * 20,
        "ü-a",  # non-basic code point before the delimiter
        "a-ü",
        "a-!",  # not a digit
        "-abc",  # the only delimiter is first: nothing basic, and "-" is not a digit
        "a-b",  # truncated: b (1) is not below the threshold
    ],
)
def test_punycode_decode_failures(bad: str) -> None:
    with pytest.raises(punycode.PunycodeError):
        punycode.decode(bad)


@pytest.mark.parametrize(
    "text",
    [
        "bücher",
        "日本語ドメイン名例",
        "ü" * 2048,  # the longest label counted with a sorted list
        "ü" * 2049,  # the shortest counted with a Fenwick tree
        "".join(chr(0x4E00 + (i * 7919) % 500) + "ab"[i % 2] for i in range(1500)),
        "x" * 1000 + "".join(chr(0x3B1 + i % 25) for i in range(1500)) + "y" * 100,
    ],
    ids=["bücher", "japanese", "2048", "2049", "interleaved 3000", "runs 2600"],
)
def test_punycode_matches_cpython_codec_around_the_short_label_bound(text: str) -> None:
    assert punycode.encode(text) == text.encode("punycode").decode("ascii")
    assert punycode.decode(punycode.encode(text)) == text


# --- Punycode: §6.3's own loop (short labels) equals the insertion-index encoder (long ones) -----

# One code point of each class the encoder tells apart: basic (a letter, a digit, the delimiter),
# the first non-basic code point (0x80), BMP, the last BMP one, astral and the last code point.
_PUNYCODE_CLASSES = (
    "a",
    "Z",
    "7",
    "-",
    "\x80",
    "ü",
    "é",
    "中",
    "\uffff",
    "\U0001f600",
    "\U0010ffff",
)


def _assert_short_equals_long(label: str) -> None:
    assert punycode.encode_short(label) == punycode.encode_long(label), label


def test_punycode_short_encoder_equals_the_long_one_on_every_small_label() -> None:
    for length in range(5):
        for characters in itertools.product(_PUNYCODE_CLASSES, repeat=length):
            _assert_short_equals_long("".join(characters))


def test_punycode_short_encoder_equals_the_long_one_at_every_length() -> None:
    """Lengths 1 to the short encoder's bound: all basic, all non-basic (one code point, all
    distinct, descending), mixed, delimiters first, last and doubled."""
    for length in range(1, punycode._RFC_LOOP_MAX_LENGTH + 1):
        labels = [
            "a" * length,
            "ü" * length,
            "".join(chr(0x4E00 + index) for index in range(length)),
            "".join(chr(0x10FFFF - index) for index in range(length)),
            "".join(_PUNYCODE_CLASSES[index % len(_PUNYCODE_CLASSES)] for index in range(length)),
            ("-" + "b" * length)[:length],
            ("ü" * length)[: length - 1] + "-",
            "".join("-ü"[index % 2] for index in range(length)),
            "".join(chr(0x80 + (index * 37) % 300) for index in range(length)),
        ]
        for label in labels:
            _assert_short_equals_long(label)
            assert punycode.encode(label) == label.encode("punycode").decode("ascii")


def test_punycode_short_encoder_equals_the_long_one_on_the_idna_test_data() -> None:
    labels: set[str] = set()
    for entry in _idna_test_entries():
        labels.update(entry["input"].split("."))
        labels.update(to_unicode(entry["input"], URL_FLAGS)[0].split("."))
    for label in labels:
        if any("\ud800" <= code_point <= "\udfff" for code_point in label):
            with pytest.raises(punycode.PunycodeError):
                punycode.encode_short(label)
            continue
        _assert_short_equals_long(label)


def test_punycode_short_encoder_rejects_surrogates() -> None:
    for label in ("\ud800", "a\udfff", "ü\udc00b", "\U0010ffff\ud800"):
        with pytest.raises(punycode.PunycodeError):
            punycode.encode_short(label)


@pytest.mark.parametrize(("unicode", "encoded"), RFC_3492_SAMPLES)
def test_punycode_both_encoders_give_the_rfc_3492_samples(unicode: str, encoded: str) -> None:
    assert punycode.encode_short(unicode) == encoded
    assert punycode.encode_long(unicode) == encoded


def test_punycode_encode_rejects_surrogates() -> None:
    with pytest.raises(punycode.PunycodeError):
        punycode.encode("a\ud800")


def test_punycode_encode_overflow() -> None:
    # With h basic code points first, the only delta is (0x10FFFF - 0x80) * (h + 1) + h, which
    # is 4294408319 (at most 2**32 - 1) for h = 3854 and 4295522302 (beyond it) for h = 3855.
    assert punycode.encode("a" * 3854 + "\U0010ffff")
    with pytest.raises(punycode.PunycodeError):
        punycode.encode("a" * 3855 + "\U0010ffff")


@pytest.mark.parametrize(
    "text",
    [
        "ä" * 100_000,
        "".join(chr(0x4E00 + (i * 7919) % 20_000) for i in range(50_000)),
        "a" * 50_000 + "ü" * 50_000,
        "üa" * 50_000,
    ],
    ids=["one code point", "many distinct", "basic then not", "interleaved"],
)
def test_punycode_long_labels_roundtrip(text: str) -> None:
    # Quadratic insertion or rescanning would take minutes here.
    assert punycode.decode(punycode.encode(text)) == text
    prefix = text[:1000]  # CPython's codec is quadratic: compare on a prefix
    assert punycode.encode(prefix) == prefix.encode("punycode").decode("ascii")


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=60))
def test_punycode_matches_cpython_codec_on_any_text(text: str) -> None:
    encoded = punycode.encode(text)
    assert encoded == text.encode("punycode").decode("ascii")
    assert punycode.decode(encoded) == text


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_domain_functions_never_raise_anything_else(domain: str) -> None:
    for be_strict in (False, True):
        try:
            ascii_domain = domain_to_ascii(domain, be_strict)
        except InvalidDomain as error:
            assert error.errors
        else:
            assert ascii_domain.isascii()
            assert domain_to_ascii(ascii_domain, be_strict) == ascii_domain
        assert isinstance(domain_to_unicode(domain, be_strict), str)


# --- One Unicode version for every IDNA step ----------------------------------------------------


def test_character_properties_are_of_the_mapping_tables_unicode_version() -> None:
    # Pinned in pyproject.toml: when the idna package moves to a new Unicode version, unicodedata2
    # must move with it (and this fails until it does).
    assert unicode_data().unidata_version == mapping_table_unicode_version()


# The answers of the WHATWG reference implementation (whatwg-url) and ada.
@pytest.mark.parametrize(
    ("input", "expected"),
    [
        ("http://\u0897/", None),  # U+0897 is a combining mark since Unicode 16.0: V6
        ("http://\u05d0.\U00011b00/", "http://xn--4db.xn--kb3d/"),  # U+11B00 is L (Unicode 15.0)
    ],
)
def test_new_code_points_get_the_same_answer_on_every_python(
    input: str, expected: str | None
) -> None:
    if expected is None:
        with pytest.raises(InvalidURL):
            URL(input)
    else:
        assert URL(input).href == expected


def test_domain_functions_on_new_code_points() -> None:
    assert domain_to_unicode("xn--gyb") == "xn--gyb"  # V6 recorded: the domain comes back
    assert domain_to_ascii("\u05d0.\U00011b00") == "xn--4db.xn--kb3d"
    with pytest.raises(InvalidDomain) as raised:
        domain_to_ascii("\u0897")
    assert raised.value.errors == ["V6"]


def _differing_code_points() -> dict[str, list[str]]:
    """The assigned code points whose general category, Bidi class or combining class in the
    interpreter's unicodedata differs from unicodedata2's, by property."""
    ucd = unicode_data()
    differing: dict[str, list[str]] = {"category": [], "bidirectional": [], "combining": []}
    for code_point in range(0x80, 0x110000):
        c = chr(code_point)
        if 0xD800 <= code_point <= 0xDFFF or ucd.category(c) in ("Cn", "Co", "Cs"):
            continue
        for name in differing:
            if getattr(unicodedata, name)(c) != getattr(ucd, name)(c):
                differing[name].append(c)
    return differing


def test_every_code_point_newer_than_the_interpreter_is_judged_by_the_tables_version() -> None:
    """For every code point whose properties the interpreter's unicodedata gives otherwise, the
    validity criteria follow unicodedata2's: V6 exactly for a combining mark at the start of a
    label (criterion 6); in a Bidi domain name, B1 exactly for a label starting with a Bidi class
    other than L, R and AL (RFC 5893 rule 1); a ZWJ after it allowed exactly after a virama
    (RFC 5892 A.2)."""
    ucd = unicode_data()
    table = _mapping_table()
    differing = _differing_code_points()
    if unicodedata.unidata_version == ucd.unidata_version:
        assert differing == {"category": [], "bidirectional": [], "combining": []}
        return
    assert differing["category"], "a newer Unicode version assigns new code points"
    wrong: list[tuple[str, str]] = []
    for c in sorted(set().union(*differing.values())):
        if table.lookup(c)[0] != "V":
            continue  # mapped, ignored or disallowed: V7 or a mapping decides, not a property
        codes = to_ascii(c, URL_FLAGS)[1]
        if ("V6" in codes) != ucd.category(c).startswith("M"):
            wrong.append((c, "V6"))
        if not ucd.category(c).startswith("M"):
            bidi_codes = to_ascii("\u05d0." + c, URL_FLAGS)[1]
            if ("B1" in bidi_codes) != (ucd.bidirectional(c) not in ("L", "R", "AL")):
                wrong.append((c, "B1"))
            joiner_codes = to_ascii("a" + c + "\u200d", URL_FLAGS)[1]
            if ("C2" in joiner_codes) != (ucd.combining(c) != 9):
                wrong.append((c, "C2"))
    assert wrong == []


# --- UTS #46 §4 Processing: the loops and the ASCII shortcut equal the full path ---------------


def full_processing(domain_name: str, flags: Flags) -> tuple[list[str], list[str]]:
    """UTS #46 §4 Processing step by step, every label through every validity criterion of §4.1
    (none skipped for an ASCII label): what urlspec.idna._process must give. The error codes
    come sorted: they are a set (an all-ASCII domain has its codes found criterion by criterion
    over the whole domain, not label by label)."""
    errors: list[str] = []

    def record(code: str) -> None:
        if code not in errors:
            errors.append(code)

    ucd = unicode_data()
    table = _mapping_table()
    # 1. Map (each code point by the table), 2. Normalize, 3. Break.
    mapped = domain_name.translate(idna._mapping_translation(flags.transitional_processing))
    labels = ucd.normalize("NFC", mapped).split(".")
    # 4. Convert/Validate.
    decoded = [False] * len(labels)
    for index, label in enumerate(labels):
        if label.startswith("xn--"):
            converted = idna._convert_punycode_label(label, flags, errors)
            if converted is not None:
                labels[index], decoded[index] = converted, True
    # RFC 5893 §1.4: a Bidi domain name has a label with a character of class R, AL or AN.
    bidi = flags.check_bidi and any(
        ucd.bidirectional(code_point) in ("R", "AL", "AN")
        for label in labels
        for code_point in label
    )
    for index, label in enumerate(labels):
        label_flags = flags._replace(transitional_processing=False) if decoded[index] else flags
        if label and (decoded[index] or not label.startswith("xn--")):
            if ucd.normalize("NFC", label) != label:
                record("V1")
            if label_flags.check_hyphens and label[2:4] == "--":
                record("V2")
            if label_flags.check_hyphens and (label[:1] == "-" or label[-1:] == "-"):
                record("V3")
            if not label_flags.check_hyphens and label.startswith("xn--"):
                record("V4")
            if "." in label:
                record("V5")
            if label_flags.use_std3_ascii_rules and any(
                c < "\x80" and c not in "abcdefghijklmnopqrstuvwxyz0123456789-" for c in label
            ):
                record("U1")
            if ucd.category(label[0]).startswith("M"):
                record("V6")
            allowed = "V" if label_flags.transitional_processing else "VD"
            if any(c >= "\x80" and table.lookup(c)[0] not in allowed for c in label):
                record("V7")
            if label_flags.check_joiners:
                idna._check_joiners(label, errors)
        if bidi and label:
            idna._check_bidi_rule(label, errors)
    return labels, sorted(errors)


def processing(domain_name: str, flags: Flags) -> tuple[list[str], list[str]]:
    """urlspec.idna._process, its error codes sorted."""
    labels, errors = idna._process(domain_name, flags)
    return labels, sorted(errors)


_PROCESSING_FLAGS = (
    URL_FLAGS,
    STRICT_FLAGS,
    URL_FLAGS._replace(check_bidi=False, check_joiners=False),
    STRICT_FLAGS._replace(transitional_processing=True, check_hyphens=False),
)


def _corpus_hosts() -> set[str]:
    """Every distinct host of the corpora's special URLs, as written, and with an IDN label."""
    hosts: set[str] = set()
    for corpus in CORPORA:
        for line in iter_corpus(corpus):
            span = messy._host_span(line)
            if span is not None:
                hosts.add(line[span[0] : span[1]])
    return hosts | {"bücher." + host for host in list(hosts)[::7]}


def test_processing_equals_the_full_path_on_every_corpus_host() -> None:
    dataset_path("kasztp.txt")
    for host in _corpus_hosts():
        for flags in _PROCESSING_FLAGS:
            assert processing(host, flags) == full_processing(host, flags), host


@pytest.mark.parametrize("flags", _PROCESSING_FLAGS)
def test_processing_equals_the_full_path_on_the_idna_test_data(flags: Flags) -> None:
    for entry in _idna_test_entries():
        input = entry["input"]
        assert processing(input, flags) == full_processing(input, flags), input


# Labels on the ASCII shortcut's edges: hyphens, "xn--" (valid, invalid, decoding to ASCII),
# digits first, uppercase, STD3 code points, beside Bidi, joiner, mark and mapped labels.
_EDGE_LABELS = (
    "a",
    "A1",
    "-a",
    "a-",
    "ab--c",
    "xn--a",
    "xn--bcher-kva",
    "xn--ls8h",
    "1a",
    "a_b",
    "",
)
_EDGE_UNICODE_LABELS = ("ü", "ש", "א1", "\u0300a", "a\u200cb", "ｅ", "ß")


def test_processing_equals_the_full_path_on_every_short_domain() -> None:
    labels = _EDGE_LABELS + _EDGE_UNICODE_LABELS
    for count in (1, 2, 3):
        for combination in itertools.product(labels, repeat=count):
            domain = ".".join(combination)
            for flags in _PROCESSING_FLAGS:
                assert processing(domain, flags) == full_processing(domain, flags), domain


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("aZ-.0é\u00adÜß\u200dｅ\u0301K\u212a中\U0001f600"), max_size=20))
def test_processing_equals_the_full_path_on_generated_domains(domain: str) -> None:
    for flags in _PROCESSING_FLAGS:
        assert processing(domain, flags) == full_processing(domain, flags), domain


# --- A label's conversion in one scan equals the full domain parser ----------------------------


def full_domain_parser(domain: str) -> str | None:
    """The domain parser with beStrict false, every step as the URL Standard gives it (UTS #46
    processing through urlspec.idna._process, which the tests above prove equal to
    full_processing), None for failure."""
    try:
        return idna._domain_parser(domain, False, None, 0)
    except InvalidDomain:
        return None


def assert_one_scan_equals_the_full_path(domain: str) -> bool:
    """The one-scan conversion of each label of the domain, when there is one, is the full
    conversion's; and domain_to_ascii answers as the full domain parser does. Returns whether
    the one-scan path took every label."""
    taken = True
    for label in domain.split("."):
        if not assert_one_scan_equals_the_full_label_conversion(label):
            taken = False
    try:
        public: str | None = domain_to_ascii(domain)
    except InvalidDomain:
        public = None
    assert public == full_domain_parser(domain), domain
    return taken


def test_one_scan_domain_parser_equals_the_full_path_on_the_idna_test_data() -> None:
    taken = 0
    for entry in _idna_test_entries():
        taken += assert_one_scan_equals_the_full_path(entry["input"])
    assert taken > 100  # (the common shapes do take the one-scan path)


def test_one_scan_domain_parser_equals_the_full_path_on_every_corpus_host() -> None:
    dataset_path("kasztp.txt")
    hosts = sorted(_corpus_hosts())  # (each as written, and every 4th with an IDN label first)
    taken = 0
    for host in hosts:
        taken += assert_one_scan_equals_the_full_path(host)
    for host in hosts[::4]:
        taken += assert_one_scan_equals_the_full_path("Bücher." + host)
    assert taken > len(hosts) // 2


# One label of each shape the one-scan path tells apart: ASCII (lowercase, uppercase, digits,
# other valid code points, forbidden ones, "xn--" valid, invalid and uppercase), valid beyond ASCII
# (Latin, CJK, astral), uppercase ASCII beside them, mapped (uppercase, fullwidth, the Kelvin sign,
# a compatibility character), deviations (ß, ς), ignored (soft hyphen), disallowed (a C1 control,
# U+FFFD, a lone surrogate, an unassigned code point), marks first and in the middle, not in NFC,
# joiners (ZWNJ after a virama, ZWJ), RTL (R, AL, AN digits, EN digits after RTL), mixed scripts,
# fullwidth and ideographic dots, the empty label.
_ONE_SCAN_LABELS = (
    "a",
    "Ab",
    "a1",
    "a_b",
    "a%b",
    "a b",
    "xn--bcher-kva",
    "XN--bcher-kva",
    "xn--a",
    "ü",
    "bücher",
    "BÜcher",
    "Bücher",
    "中国",
    "\U0001f600",
    "Ü",
    "ｅ",
    "\u212a",
    "\u2460",
    "ß",
    "ς",
    "a\u00adb",
    "a\x85b",
    "\ufffd",
    "\ud800",
    "\U000e0fff",
    "\u0301a",
    "a\u0301",
    "e\u0301",
    "\u0915\u094d\u200c",
    "a\u200db",
    "\u05d0",
    "\u0627",
    "\u0660",
    "\u05d01",
    "aα中",
    "\u1100\u1161",
    "\uac00\u11a8",
    "\U00016d63\U00016d67",
    "a\u0915\u093e",
    "a\uff0eb",
    "a\u3002b",
    "",
)


def test_one_scan_domain_parser_equals_the_full_path_on_every_short_domain() -> None:
    taken = 0
    for count in (1, 2):
        for combination in itertools.product(_ONE_SCAN_LABELS, repeat=count):
            taken += assert_one_scan_equals_the_full_path(".".join(combination))
    for combination in itertools.product(_ONE_SCAN_LABELS[::3], repeat=3):
        taken += assert_one_scan_equals_the_full_path(".".join(combination))
    assert taken > 100


# Code points one at a time: every shape above, in strings of up to three code points.
_ONE_SCAN_CODE_POINTS = "aZ1_%.ü\u0301\u00adß\u200dｅ\u05d0\u0660\u3002中\ud800\uac00\u11a8"


def test_one_scan_domain_parser_equals_the_full_path_on_every_string_of_three() -> None:
    for length in (1, 2, 3):
        for characters in itertools.product(_ONE_SCAN_CODE_POINTS, repeat=length):
            assert_one_scan_equals_the_full_path("".join(characters))


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        st.sampled_from(_ONE_SCAN_CODE_POINTS + "xn-Kbcher\u0300\u200c\u094d\u0915\U0001f600"),
        max_size=24,
    )
)
def test_one_scan_domain_parser_equals_the_full_path_on_generated_domains(domain: str) -> None:
    assert_one_scan_equals_the_full_path(domain)


def test_one_scan_domain_parser_reads_the_hosts_kinds_of_ascii_code_points() -> None:
    assert idna._ASCII_DOMAIN_FORBIDDEN == host_module.ASCII_DOMAIN_FORBIDDEN


def test_one_scan_domain_parser_takes_long_labels() -> None:
    """Labels beyond Punycode's short encoder, and an overflow (which fails: the full path
    records A3)."""
    for domain in ("ü" * 100 + ".com", "a" * 70 + "ü.com", "中" * 3000):
        assert assert_one_scan_equals_the_full_path(domain)
    overflow = "a" * 40000 + "\U00020000"  # ((0x20000 - 0x80) * 40001 > 2**32 - 1)
    assert full_domain_parser(overflow) is None
    assert assert_one_scan_equals_the_full_path(overflow)
    assert idna._convert_one_label_in_one_scan(overflow) is idna._FAILED_LABEL


def _composing_second_code_points() -> set[int]:
    """The code points with NFC_Quick_Check=Maybe, derived from the Unicode data: the second code
    point of each primary composite (a canonical decomposition into two code points that NFC
    composes back), and the Hangul vowel and trailing consonant jamo (UAX #15 §1.3)."""
    import unicodedata2  # type: ignore[import-not-found,import-untyped,unused-ignore]

    ucd = unicode_data()
    seconds = {*range(0x1161, 0x1176), *range(0x11A8, 0x11C3)}
    for code_point in range(0x110000):
        decomposition = unicodedata2.decomposition(chr(code_point))
        if not decomposition or decomposition.startswith("<"):
            continue
        parts = [chr(int(part, 16)) for part in decomposition.split()]
        if len(parts) == 2 and ucd.normalize("NFC", "".join(parts)) == chr(code_point):
            seconds.add(ord(parts[1]))
    return seconds


def test_code_points_composing_with_the_previous_are_the_unicode_datas() -> None:
    assert _composing_second_code_points() == idna._COMPOSING_WITH_THE_PREVIOUS


@pytest.mark.parametrize("transitional_processing", [False, True])
def test_mapping_by_runs_equals_looking_up_every_code_point(transitional_processing: bool) -> None:
    # Each code point of the first three planes (and plane 14) between ASCII letters, after a
    # starter it may compose with, and doubled; and after and before marks of canonical
    # combining classes 230 and 220 (U+0305 COMBINING OVERLINE, U+0316 COMBINING GRAVE ACCENT
    # BELOW, both NFC_Quick_Check=Yes): mapped as the table maps each one, and when the mapping
    # is said to be in NFC without a normalize call, it is (unicodedata2's NFC).
    ucd = unicode_data()
    translation = idna._mapping_translation(transitional_processing)
    for code_point in (*range(0x30000), *range(0xE0000, 0xE1000)):
        if 0xD800 <= code_point <= 0xDFFF:
            continue
        character = chr(code_point)
        for domain in (f"A{character}\u00e9{character}b", f"a\u0305{character}\u0316{character}"):
            mapped, is_known_nfc = idna._map_and_check_nfc(domain, transitional_processing)
            assert mapped == domain.translate(translation), hex(code_point)
            if is_known_nfc:
                assert ucd.normalize("NFC", mapped) == mapped, hex(code_point)


def test_code_point_properties_equal_the_tables() -> None:
    """The property bits the validity criteria and the Bidi check read equal the mapping table
    and unicodedata2, on every ASCII code point (the Bidi rule reads theirs), every 11th beyond
    ASCII and every one of the IDNA test data."""
    ucd = unicode_data()
    table = _mapping_table()
    composing = _composing_second_code_points()
    code_points = set(range(0x80)) | set(range(0x80, 0x110000, 11)) | composing
    for entry in _idna_test_entries():
        code_points.update(ord(character) for character in entry["input"] if character >= "\x80")
    for code_point in sorted(code_points):
        character = chr(code_point)
        properties = idna._CodePointProperties()[code_point]  # (a fresh one: no bound reached)
        status = table.status(character)
        assert bool(properties & idna._STATUS_V) is (status == "V"), hex(code_point)
        assert bool(properties & idna._STATUS_D) is (status == "D"), hex(code_point)
        is_mark = ucd.category(character).startswith("M")
        assert bool(properties & idna._GENERAL_CATEGORY_MARK) is is_mark, hex(code_point)
        is_rtl = ucd.bidirectional(character) in ("R", "AL", "AN")
        assert bool(properties & idna._BIDI_CLASS_R_AL_OR_AN) is is_rtl, hex(code_point)
        bidi_class = (properties >> idna._BIDI_CLASS_SHIFT) & idna._BIDI_CLASS_FIELD
        assert idna._BIDI_CLASS_NAMES[bidi_class] == ucd.bidirectional(character), hex(code_point)
        # NFC_Quick_Check: No where NFC changes the code point, Maybe where it may compose with
        # the one before it, else Yes.
        is_nfc_quick_check_yes = (
            code_point not in composing and ucd.normalize("NFC", character) == character
        )
        is_nfc_bit = bool(properties & idna._NFC_QUICK_CHECK_YES)
        assert is_nfc_bit is is_nfc_quick_check_yes, hex(code_point)
        canonical_combining_class = (properties >> idna._CANONICAL_COMBINING_CLASS_SHIFT) & 0xFF
        assert canonical_combining_class == ucd.combining(character), hex(code_point)
        assert idna._CODE_POINT_PROPERTIES[code_point] == properties
        # The table of the Basic Multilingual Plane: the same bits, once it has met them.
        idna._code_point_properties(code_point)
        if code_point < 0x10000:
            known = idna._KNOWN_BASIC_MULTILINGUAL_PLANE_PROPERTIES[code_point]
            assert known == properties | idna._PROPERTIES_KNOWN, hex(code_point)


# --- The domain parser label by label (each label's conversion remembered) equals the full one --


def assert_by_labels_equals_the_full_path(domain: str) -> None:
    """The domain parser label by label gives the full domain parser's answer for a domain
    beyond ASCII, with an empty
    cache of converted labels and again with every label of the domain remembered; so do
    domain_to_ascii and domain_to_ascii_or_none, which take it for a domain beyond ASCII."""
    full = full_domain_parser(domain)
    if not domain.isascii():  # (an ASCII domain is only lowercased: it never goes label by label)
        idna._CONVERTED_LABELS.clear()
        assert idna.domain_to_ascii_by_labels(domain) == full, domain
        assert idna.domain_to_ascii_by_labels(domain) == full, domain  # (remembered)
    try:
        public: str | None = domain_to_ascii(domain)
    except InvalidDomain:
        public = None
    assert public == full, domain
    assert idna.domain_to_ascii_or_none(domain) == full, domain


def test_domain_parser_by_labels_equals_the_full_path_on_the_idna_test_data() -> None:
    for entry in _idna_test_entries():
        assert_by_labels_equals_the_full_path(entry["input"])


def test_domain_parser_by_labels_equals_the_full_path_on_the_toascii_data() -> None:
    entries = [
        require_wpt_entry(param.values[0], "toascii.json") for param in wpt_params("toascii.json")
    ]
    inputs = [entry["input"] for entry in entries if entry is not None]
    assert len(inputs) > 50
    for input in inputs:
        assert_by_labels_equals_the_full_path(input)


def test_domain_parser_by_labels_equals_the_full_path_on_every_corpus_host() -> None:
    dataset_path("kasztp.txt")
    hosts = sorted(_corpus_hosts())
    for host in hosts[::3]:
        assert_by_labels_equals_the_full_path(host)
        assert_by_labels_equals_the_full_path("Bücher." + host)
        assert_by_labels_equals_the_full_path("\u05d0." + host)  # (a Bidi domain name)


# Labels of every class the label-by-label path tells apart, beyond _ONE_SCAN_LABELS': Bidi labels
# that meet the rule (R, AL, AN, EN after R, NSM at the end) and that do not (L and R mixed, a
# digit first, AN and EN together, an LTR label ending in ON), ASCII labels that fail the Bidi rule
# in a Bidi domain name ("1a", "a-", "-a"), labels whose mapping holds U+002E (U+2488 DIGIT ONE
# FULL STOP, the fullwidth and ideographic full stops), mapped labels in NFC only after mapping,
# "xn--" labels decoding to RTL, to a joiner, to uppercase and to nothing valid, ignored code
# points alone (the label maps to nothing), forbidden domain code points reached by mapping
# (U+FF1C FULLWIDTH LESS-THAN SIGN) and ASCII ones.
_BY_LABELS_LABELS = (
    *_ONE_SCAN_LABELS,
    "\u05d0\u05d1",
    "\u0627\u0661",
    "\u05d0\u0300",
    "\u05d01\u05d1",
    "a\u05d0",
    "1\u05d0",
    "\u0627\u0661\u06f1",
    "a!",
    "1a",
    "a-",
    "-a",
    "\u2488",
    "a\uff0e",
    "\u3002",
    "A\u030a",
    "xn--4db",
    "xn--ngb",
    "xn--1ug",
    "xn--A-ykc",
    "xn--ss-xxx",
    "\u00ad",
    "\ufeff\u00ad",
    "a\uff1cb",
    "a<b",
    "\u0341",
    # Processed in one scan: uppercase ASCII beside code points NFC composes, mapped code points
    # beside RTL ones, mapped dots making empty labels, and what the later labels of a mapped
    # dot hold ("xn--", a mark first, a disallowed, forbidden or RTL code point, joiners that
    # meet ContextJ and that do not), surrogate pairs after a disallowed code point.
    "Bu\u0308cher",
    "\uff21\u05d0",
    "a\u3002\u3002b",
    "a\uff0exn--bcher-kva",
    "a\uff0e\u0301",
    "a\uff0e\x85",
    "a\uff61b%",
    "a\u3002\u05d0",
    "\u0915\u094d\u200c\uff0eb",
    "a\u200c\u3002b",
    "\x85\ud83d\ude00",
    "\ud83d\ude00",
    # "xn--" labels decoded in one scan: to nothing, to a deviation, to a symbol, after a mapped
    # dot and to RTL there, not ASCII.
    "xn--",
    "xn--zca",
    "xn--ls8h",
    "a\u3002xn--4db",
    "xn--\u00fc",
)


def test_domain_parser_by_labels_equals_the_full_path_on_every_short_domain() -> None:
    for count in (1, 2):
        for combination in itertools.product(_BY_LABELS_LABELS, repeat=count):
            assert_by_labels_equals_the_full_path(".".join(combination))
    for combination in itertools.product(_BY_LABELS_LABELS[::4], repeat=3):
        assert_by_labels_equals_the_full_path(".".join(combination))


# Code points of each class: ASCII (lowercase, uppercase, digit, hyphen, forbidden, "."), valid,
# mapped, deviation, ignored, disallowed beyond ASCII, a mark, NFC_Quick_Check=Maybe, joiners and a
# virama, Bidi classes R, AL, AN, EN, NSM, ON, a fullwidth dot, a lone surrogate, an astral one.
_BY_LABELS_CODE_POINTS = (
    "aZ1-%.xnü\u00dc\u0301\u00adß\u03c2\u200c\u200d\u094d\u0915ｅ\u05d0\u0627\u0660"
    "\u06f1\u0300!\uff0e\u3002\u2488\u1161\u1100\ud800\U0001f600\x85"
)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(_BY_LABELS_CODE_POINTS), max_size=16))
def test_domain_parser_by_labels_equals_the_full_path_on_generated_domains(domain: str) -> None:
    assert_by_labels_equals_the_full_path(domain)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_BY_LABELS_LABELS), min_size=1, max_size=5))
def test_domain_parser_by_labels_equals_the_full_path_on_generated_label_lists(
    labels: list[str],
) -> None:
    assert_by_labels_equals_the_full_path(".".join(labels))


def test_domain_parser_by_labels_remembers_a_bounded_number_of_labels() -> None:
    idna._CONVERTED_LABELS.clear()
    for number in range(idna._CONVERTED_LABELS_MAX_SIZE + 10):
        assert idna.domain_to_ascii_by_labels(f"ü{number}") == punycode_label(f"ü{number}")
    assert 0 < len(idna._CONVERTED_LABELS) <= idna._CONVERTED_LABELS_MAX_SIZE
    long_label = "ü" * (idna._CONVERTED_LABEL_MAX_LENGTH + 1)
    assert idna.domain_to_ascii_by_labels(long_label) == punycode_label(long_label)
    assert long_label not in idna._CONVERTED_LABELS


def punycode_label(label: str) -> str:
    """ "xn--" and the label in Punycode, by CPython's codec."""
    return "xn--" + label.encode("punycode").decode("ascii")


def test_domain_parser_by_labels_equals_the_full_path_with_labels_met_before() -> None:
    """Domains one after the other, the cache kept: a domain's labels are met before in every
    mix (none, some, all; in a Bidi domain name or not)."""
    idna._CONVERTED_LABELS.clear()
    domains = [".".join(pair) for pair in itertools.product(_BY_LABELS_LABELS[::2], repeat=2)]
    domains += [entry["input"] for entry in _idna_test_entries()]
    for domain in domains + domains[::-1]:
        if not domain.isascii():
            assert idna.domain_to_ascii_by_labels(domain) == full_domain_parser(domain), domain


# --- A label processed in one scan equals its conversion in full --------------------------------


def assert_one_scan_equals_the_full_label_conversion(label: str) -> bool:
    """The one-scan conversion of a label, when there is one, is the full conversion's: the
    same failure, or the same result, processed labels, RTL code point and Bidi rule answer.
    Returns whether the one-scan path took the label."""
    one_scan = idna._convert_one_label_in_one_scan(label)
    if one_scan is None:
        return False
    full = idna._convert_label_in_full(label)
    assert one_scan.fails is full.fails, label
    if not full.fails:
        assert one_scan.ascii == full.ascii, label
        assert one_scan.processed == full.processed, label
        assert one_scan.has_rtl_code_point is full.has_rtl_code_point, label
        assert one_scan.meets_the_bidi_rule() is full.meets_the_bidi_rule(), label
    return True


def test_one_scan_label_conversion_equals_the_full_one_on_every_short_label() -> None:
    labels = [label for label in _BY_LABELS_LABELS if "." not in label]
    taken = 0
    for count in (1, 2):
        for combination in itertools.product(labels, repeat=count):
            taken += assert_one_scan_equals_the_full_label_conversion("".join(combination))
            taken += assert_one_scan_equals_the_full_label_conversion("\uff0e".join(combination))
    assert taken > len(labels) ** 2


def test_one_scan_label_conversion_equals_the_full_one_on_the_idna_test_data() -> None:
    taken = 0
    for entry in _idna_test_entries():
        for label in entry["input"].split("."):
            taken += assert_one_scan_equals_the_full_label_conversion(label)
    assert taken > 1000


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(_BY_LABELS_CODE_POINTS.replace(".", "")), max_size=12))
def test_one_scan_label_conversion_equals_the_full_one_on_generated_labels(label: str) -> None:
    assert_one_scan_equals_the_full_label_conversion(label)
