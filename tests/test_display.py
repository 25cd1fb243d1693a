"""display() (urlspec.toolkit.display): an IRI for people that hides nothing.

Expected values are worked out from the rules of the module docstring, with the code points'
Unicode properties (category, NFKC form, canonical combining class, name, Script_Extensions) as
the Unicode Character Database 18.0 gives them; the host examples are the browsers' documented
ones (Chromium's IDN display policy, docs/idn.md in chromium/src: "xn--pypal-4ve.com"; the
example test domains of RFC 6761/IANA in Han) and UTS #39 §5.2's restriction levels. The
whole-script confusables come from Chromium's IDN spoof checker tests
(components/url_formatter/spoof_checks/idn_spoof_checker_unittest.cc) and UTS #39 §4's example
("ѕсоре", Cyrillic, and "scope"), the skeletons from the lines of confusables.txt 18.0 quoted
beside them.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus
from toolkit_strategies import URLS

from urlspec import URL, InvalidURL
from urlspec.idna import mapping_table_unicode_version
from urlspec.toolkit import _confusables_data as confusables_data
from urlspec.toolkit import display as display_module
from urlspec.toolkit.display import (
    is_ascii_confusable,
    is_moderately_restrictive,
    is_shown_decoded,
)
from urlspec.unicode_properties import UNICODE_VERSION as PROPERTIES_UNICODE_VERSION


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://xn--n3h.example/", "https://☃.example/"),  # domain to Unicode
        ("https://example.com/caf%C3%A9?q=%C3%A9#%C3%A9", "https://example.com/café?q=é#é"),
        ("https://example.com/%E4%BD%A0%E5%A5%BD", "https://example.com/你好"),
        # ASCII stays encoded: delimiters, "%", space, and letters someone chose to encode
        ("https://example.com/a%2Fb%3F%23%25%20%41", "https://example.com/a%2Fb%3F%23%25%20%41"),
        # bidi controls, zero-width and other invisible code points stay encoded
        ("https://example.com/%E2%80%AEabc", "https://example.com/%E2%80%AEabc"),
        ("https://example.com/a%E2%80%8Bb", "https://example.com/a%E2%80%8Bb"),
        ("https://example.com/%E3%85%A4", "https://example.com/%E3%85%A4"),  # U+3164
        ("https://example.com/%C2%A0", "https://example.com/%C2%A0"),  # NO-BREAK SPACE (Zs)
        # look-alikes of delimiters: FULLWIDTH SOLIDUS, DIVISION SLASH? (NFKC keeps U+2215)
        ("https://example.com/a%EF%BC%8Fb", "https://example.com/a%EF%BC%8Fb"),
        ("https://example.com/%EF%BC%9F", "https://example.com/%EF%BC%9F"),  # FULLWIDTH ?
        # bytes that are not UTF-8, and U+FFFD, stay as they are
        ("https://example.com/%FF%C3%A9%C3", "https://example.com/%FFé%C3"),
        ("https://example.com/%EF%BF%BD", "https://example.com/%EF%BF%BD"),
        # credentials and port as they are; IPv6 untouched
        ("https://u:p@xn--n3h.example:8080/", "https://u:p@☃.example:8080/"),
        ("http://[::1]/%C3%A9", "http://[::1]/é"),
        ("mailto:%C3%A9@example.com", "mailto:é@example.com"),
        ("sc:/.//p%C3%A9", "sc:/.//pé"),
    ],
)
def test_display(url: str, expected: str) -> None:
    assert URL(url).display() == expected


def test_which_code_points_are_shown_decoded() -> None:
    assert is_shown_decoded("é")
    assert is_shown_decoded("你")
    assert not is_shown_decoded("a")  # ASCII never
    assert not is_shown_decoded("\u202e")  # RIGHT-TO-LEFT OVERRIDE (Cf)
    assert not is_shown_decoded("\u00ad")  # SOFT HYPHEN (Cf)
    assert not is_shown_decoded("\uff0f")  # FULLWIDTH SOLIDUS: NFKC "/"
    assert not is_shown_decoded("\u2100")  # ACCOUNT OF: NFKC "a/c"
    assert not is_shown_decoded("\ufe0f")  # VARIATION SELECTOR-16 (default ignorable)
    assert not is_shown_decoded("\ue000")  # private use


@given(URLS)
def test_display_parses_back_to_the_same_url(url: URL) -> None:
    # The parser re-encodes exactly what display() decoded, and maps the Unicode host back.
    assert URL(url.display()) == url


# --- the round trip: URL(u.display()).href == u.href ---------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # Lowercase escapes stay: "é" would parse back as "%C3%A9" (the URL parser writes
        # uppercase hex digits, url.bs §1.3 "percent-encode").
        ("http://h/%c3%a9", "http://h/%c3%a9"),
        ("http://h/%C3%a9", "http://h/%C3%a9"),
        ("http://h/%C3%A9%c3%a9", "http://h/é%c3%a9"),
        ("http://h/?q=%e4%bd%a0#%E4%BD%A0", "http://h/?q=%e4%bd%a0#你"),
    ],
)
def test_only_escapes_the_parser_would_write_are_decoded(url: str, expected: str) -> None:
    assert URL(url).display() == expected
    assert URL(URL(url).display()).href == URL(url).href


_ESCAPE = st.builds(
    lambda byte, upper: f"%{byte:02X}" if upper else f"%{byte:02x}",
    st.integers(0, 255),
    st.booleans(),
)
_TEXT = st.lists(
    st.one_of(_ESCAPE, st.sampled_from(["a", "/", "?", "#", "=", "&", ".", "é", "%"])),
    max_size=12,
).map("".join)


@given(
    st.sampled_from(["http://h/", "https://xn--n3h.example/", "mailto:", "sc://h/", "sc:"]), _TEXT
)
def test_display_round_trips_on_any_escapes(prefix: str, text: str) -> None:
    try:
        url = URL(prefix + text)
    except InvalidURL:
        return
    assert URL(url.display()).href == url.href


@given(URLS)
def test_display_round_trips_on_generated_urls(url: URL) -> None:
    assert URL(url.display()).href == url.href


def test_display_round_trips_on_the_corpora() -> None:
    checked = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            try:
                url = URL(line)
            except InvalidURL:
                continue
            assert URL(url.display()).href == url.href, line
            checked += 1
    assert checked > 1000


# --- code points never decoded (Chromium's examples of dangerous code points in URLs) -----------


@pytest.mark.parametrize(
    ("code_point", "why"),
    [
        # look-alikes of "." (NFKC holds "."): FULLWIDTH FULL STOP, ONE/TWO DOT LEADER,
        # HORIZONTAL ELLIPSIS, SMALL FULL STOP, DIGIT ONE FULL STOP
        ("\uff0e", "NFKC ."),
        ("\u2024", "NFKC ."),
        ("\u2025", "NFKC .."),
        ("\u2026", "NFKC ..."),
        ("\ufe52", "NFKC ."),
        ("\u2488", "NFKC 1."),
        # look-alikes of "/" that NFKC keeps: FRACTION SLASH, DIVISION SLASH, BIG SOLIDUS (Sm)
        ("\u2044", "Sm"),
        ("\u2215", "Sm"),
        ("\u29f8", "Sm"),
        # combining overlays (canonical combining class 1)
        ("\u0334", "ccc 1"),
        ("\u0335", "ccc 1"),
        ("\u0336", "ccc 1"),
        ("\u0337", "ccc 1"),
        ("\u0338", "ccc 1"),
        # blank symbols (So, "BLANK"/"NULL" in the name)
        ("\u2800", "So BRAILLE PATTERN BLANK"),
        ("\U0001d159", "So MUSICAL SYMBOL NULL NOTEHEAD"),
    ],
)
def test_dangerous_code_points_stay_encoded(code_point: str, why: str) -> None:
    assert not is_shown_decoded(code_point), why
    escaped = "".join(f"%{byte:02X}" for byte in code_point.encode())
    assert URL(f"http://h/a{escaped}b").display() == f"http://h/a{escaped}b"


def test_the_same_answer_on_every_python() -> None:
    # U+1F6DC WIRELESS (So) was added in Unicode 15.0: Python 3.11's unicodedata (14.0) calls it
    # unassigned (Cn); unicodedata2 18.0 knows it, on every Python.
    assert URL("http://h/%F0%9F%9B%9C").display() == "http://h/\U0001f6dc"
    # U+0897 ARABIC PEPET (Mn) was added in Unicode 16.0.
    assert is_shown_decoded("\u0897")
    assert "import unicodedata\n" not in resources.files("urlspec.toolkit").joinpath(
        "display.py"
    ).read_text(encoding="utf-8")
    assert "unicodedata" not in sys.modules or display_module._UNICODE is not sys.modules.get(
        "unicodedata"
    )


# --- hosts: the browsers' IDN display policy ------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # Chromium's documented example: "pаypal" with U+0430 CYRILLIC SMALL LETTER A mixes
        # Latin and Cyrillic, which Moderately Restrictive forbids: Punycode stays.
        ("https://xn--pypal-4ve.com/", "https://xn--pypal-4ve.com/"),
        # Latin and Greek (U+03B1 GREEK SMALL LETTER ALPHA in "pαypal"), the same.
        ("https://xn--pypal-d9d.com/", "https://xn--pypal-d9d.com/"),
        # One script: Latin ("müller"), Han ("例子.测试", the IANA example test domain in
        # Simplified Chinese), no script at all ("☃", Common).
        ("https://xn--mller-kva.de/", "https://müller.de/"),
        ("https://xn--fsqu00a.xn--0zwm56d/", "https://例子.测试/"),
        ("https://xn--n3h.example/", "https://☃.example/"),
        # Latin with Hiragana (Japanese, Jpan: Highly Restrictive) is shown.
        ("https://xn--abc-n73b9f.jp/", "https://abcかな.jp/"),
        # A label that holds a code point kept encoded in paths (U+2215 DIVISION SLASH, which
        # UTS #46 leaves valid) stays in Punycode.
        ("https://xn--ab-6bv.com/", "https://xn--ab-6bv.com/"),
        # Where Chromium differs (docs/toolkit.md): its own extra mappings and list of popular
        # domains keep these in Punycode; confusables.txt 18.0 maps none of them to ASCII
        # (043A "к" -> 0138 KRA; 0E1F THAI FO FAN and 09E8 BENGALI DIGIT TWO have no line),
        # so UTS #39 finds no ASCII look-alike and they are shown.
        ("https://xn--j1an.com/", "https://ск.com/"),
        ("https://xn--w3calb.com/", "https://ฟรฟร.com/"),
        ("https://xn--07be.com/", "https://০২.com/"),
        # Latin look-alikes of ASCII within Latin (0261 "ɡ" -> 0067 "g") are not checked.
        ("https://xn--oogle-qmc.com/", "https://ɡoogle.com/"),
        # Chromium shows "ѕсоре" under a Cyrillic top-level domain; here the label stays in
        # Punycode whatever the domain ("рф" itself is shown).
        ("https://xn--e1argc3h.ru/", "https://xn--e1argc3h.ru/"),
        ("https://xn--e1argc3h.xn--p1ai/", "https://xn--e1argc3h.рф/"),
    ],
)
def test_hosts(url: str, expected: str) -> None:
    assert URL(url).display() == expected
    assert URL(URL(url).display()).href == URL(url).href


@pytest.mark.parametrize(
    ("label", "passes"),
    [
        ("paypal", True),  # ASCII
        ("\u043f\u0430\u0443\u0440\u0430l", False),  # Cyrillic and Latin "l"
        ("p\u0430ypal", False),  # Latin and Cyrillic
        ("p\u03b1ypal", False),  # Latin and Greek
        ("\u03b1\u03b2\u03b3", True),  # Greek alone: Single Script
        ("abc\u304b\u306a\u6f22", True),  # Latin, Hiragana, Han: Jpan
        ("abc\ud55c\uae00\u6f22", True),  # Latin, Hangul, Han: Kore
        ("abc\u0561\u0562", True),  # Latin and Armenian (Recommended, not Cyrillic/Greek)
        ("abc\u13a0", False),  # Latin and Cherokee (not a Recommended script)
        ("\u304b\ud55c", False),  # Hiragana and Hangul: no one writing system
        ("123-\u0301", True),  # Common and Inherited only
    ],
)
def test_moderately_restrictive(label: str, passes: bool) -> None:
    # UTS #39 §5.2: Latin plus one other Recommended script but Cyrillic and Greek, with Han,
    # kana, Hangul and Bopomofo combined by §5.1's augmented script sets.
    assert is_moderately_restrictive(label) is passes


def test_script_data_is_of_idnas_unicode_version() -> None:
    # The Script_Extensions (urlspec.unicode_properties) and the character properties must be of
    # the Unicode version of IDNA's tables.
    assert mapping_table_unicode_version() == PROPERTIES_UNICODE_VERSION
    assert display_module._UNICODE.unidata_version == mapping_table_unicode_version()


# --- hosts: whole-script confusables of ASCII labels (UTS #39 §4) ------------------------------


@pytest.mark.parametrize(
    "host",
    [
        # Chromium's IDN spoof checker tests (idn_spoof_checker_unittest.cc), cases kept in
        # Punycode as labels made of Latin look-alikes: "аррӏе" (Cyrillic, looks like "apple",
        # the browsers' best-known example), "ѕсоре" (Cyrillic; UTS #39 §4's own example of a
        # whole-script confusable of "scope"), with digits and a hyphen around it.
        "xn--80ak6aa92e.com",
        "xn--e1argc3h.com",
        "xn--123-qdd8bmf3n.com",
        "xn----8sbn9akccw8m.com",
        "xn--1-8sbn9akccw8m.com",
        # Digits of other scripts that look like ASCII (Chromium's "99.com", "oo.com"
        # look-alikes): BENGALI DIGIT SEVEN and GURMUKHI DIGIT ONE look like "9", ORIYA DIGIT
        # ZERO like "o"; and Malayalam "ഠട345", like "os345".
        "xn--77ba.com",
        "xn--pcca.com",
        "xn--zjca.com",
        "xn--345-jtke.com",
    ],
)
def test_whole_script_confusable_with_ascii_stays_in_punycode(host: str) -> None:
    assert URL(f"https://{host}/").display() == f"https://{host}/"
    assert URL(f"https://www.{host}/").display() == f"https://www.{host}/"


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        # Chromium's IDN spoof checker tests, cases shown in Unicode: real words of one script
        # with letters that look like no ASCII letter (курс and музей are Cyrillic with "к",
        # "м", which confusables.txt maps to U+0138 KRA and U+028D TURNED W).
        ("xn--j1amdg.com", "курс.com"),
        ("xn--e1adhj9a.com", "музей.com"),
        ("xn--kxae4bafwg.gr", "ουτοπία.gr"),
        ("xn---123-pldm0haj2bk.gr", "ουτοπία-123.gr"),
        ("xn--n1aeec9b.ru", "торты.ru"),
        ("xn---123-45dmmc5f.ru", "торты-123.ru"),
        ("xn--d1abbgf6aiiy.xn--p1ai", "президент.рф"),
        ("xn--mgba1fmg.eg", "افلام.eg"),
        ("xn--4dbib.he", "ואה.he"),
        ("xn--12c2cc4ag3b4ccu.th", "สายการบิน.th"),
        ("www.xn--l1b6a9e1b7c.in", "www.अकोला.in"),
        ("xn--1lq90ic7f1rc.cn", "北京大學.cn"),
        ("xn--cy2a840a.com", "视频.com"),
        ("xn--tckm4i2e.jp", "コマース.jp"),
        ("www.xn--or3b17p6jjc.kr", "www.전자정부.kr"),
        # "пример" (Russian "example") and "ελληνικά" ("Greek") are no ASCII look-alikes.
        ("xn--e1afmkfd.com", "пример.com"),
        ("xn--hxargifdar.com", "ελληνικά.com"),
    ],
)
def test_words_of_other_scripts_are_shown(host: str, shown: str) -> None:
    assert URL(f"https://{host}/").display() == f"https://{shown}/"


@pytest.mark.parametrize(
    ("label", "skeleton"),
    [
        # confusables.txt 18.0: 0430 -> 0061 "a", 0440 -> 0070 "p", 04CF -> 006C "l",
        # 0435 -> 0065 "e"; 0455 -> "s", 0441 -> "c", 043E -> "o"; 0031 "1" -> 006C "l";
        # 0443 -> "y".
        ("\u0430\u0440\u0440\u04cf\u0435", "apple"),
        ("\u0455\u0441\u043e\u0440\u0435", "scope"),
        ("\u0455\u0441\u043e\u0440\u04351\u0440\u0430\u0443", "scopelpay"),
        # Greek "ναι": 03BD -> 0076 "v", 03B1 -> "a", 03B9 -> "i".
        ("\u03bd\u03b1\u03b9", "vai"),
        # 0030 "0" -> 004F "O"; "m" -> "rn": ASCII has skeletons too.
        ("m0", "rnO"),
        # 043A "к" -> 0138 KRA, not ASCII: "ск" (Chromium keeps it in Punycode through its own
        # extra mappings, which are not UTS #39's) has no ASCII skeleton.
        ("\u0441\u043a", None),
        # 03B7 "η" -> "n" + U+0329 COMBINING VERTICAL LINE BELOW: not ASCII.
        ("\u03b7", None),
        # 0451 "ё" is "е" + U+0308 in NFD: the mark stays, not ASCII.
        ("\u0451", None),
    ],
)
def test_ascii_skeleton(label: str, skeleton: str | None) -> None:
    assert display_module._ascii_skeleton(label) == skeleton


@pytest.mark.parametrize(
    ("label", "confusable"),
    [
        ("\u0430\u0440\u0440\u04cf\u0435", True),  # аррӏе: Cyrillic, like "apple"
        ("\u03bd\u03b1\u03b9", True),  # ναι: Greek, like "vai"
        ("\u09ed\u09ed", True),  # ৭৭: Bengali digits, like "99" (digits only count too)
        ("apple", False),  # ASCII itself
        ("\u0131", False),  # ı (dotless i): Latin, not another script
        ("\u0430pple", False),  # Cyrillic and Latin: not one script (Moderately Restrictive
        # keeps it in Punycode anyway)
        ("\u043f\u0440\u0438\u043c\u0435\u0440", False),  # пример
        # ARABIC-INDIC DIGIT ONE (Script_Extensions Arab, Thaa, Yezi) looks like "l"
        # (confusables.txt 0661 -> 006C)
        ("\u0661", True),
        ("-", False),  # Common only: every script, Latin too
    ],
)
def test_is_ascii_confusable(label: str, confusable: bool) -> None:
    assert is_ascii_confusable(label) is confusable


def test_confusable_data_is_of_idnas_unicode_version() -> None:
    # The generated module names the confusables.txt it was made from: it must be the Unicode
    # version of IDNA's tables (regenerate it with scripts/generate_confusables.py when they
    # move).
    assert mapping_table_unicode_version() == confusables_data.UNICODE_VERSION
    header = resources.files("urlspec.toolkit").joinpath("_confusables_data.py")
    text = header.read_text(encoding="utf-8")[:1000]
    assert f"Version: {mapping_table_unicode_version()}" in text
    assert confusables_data.SOURCE_SHA256 in text


def test_confusable_data_is_what_the_skeleton_needs() -> None:
    # Each entry is a code point that NFD leaves as it is (the skeleton maps the code points
    # of the label's NFD), mapped to a string of the ASCII label alphabet; each character of
    # the alphabet is its own prototype.
    alphabet = confusables_data.ASCII_LABEL_ALPHABET
    for code_point, prototype in confusables_data.ASCII_PROTOTYPES.items():
        assert display_module._UNICODE.normalize("NFD", code_point) == code_point
        assert prototype and set(prototype) <= alphabet, code_point
    for character in alphabet:
        assert confusables_data.ASCII_PROTOTYPES[character] == character
    # "m" looks like "rn", "1" like "l", "0" like "O" (confusables.txt 006D, 0031, 0030).
    assert {c: confusables_data.ASCII_PROTOTYPES[c] for c in "m10"} == {
        "m": "rn",
        "1": "l",
        "0": "O",
    }


# --- the generated module against confusables.txt itself -----------------------------------

ROOT = Path(__file__).resolve().parent.parent
CONFUSABLES_SHA256 = "6ed3ee967c9dfdf6677d563c9985182fbc50a2efb7d6059cd57b2e2ce18f5b92"
MISSING_CONFUSABLES = (
    "confusables.txt of UTS #39 Version 18.0.0 (SHA-256 "
    f"{CONFUSABLES_SHA256}) is missing: it belongs to the repository at "
    "tests/data/confusables.txt (see tests/data/SOURCES.md)"
)


def _confusables_txt() -> Path:
    """confusables.txt (tests/data/, committed beside the module generated from it; or the file
    named by URLSPEC_CONFUSABLES_TXT). A missing file is a failure."""
    path = Path(
        os.environ.get("URLSPEC_CONFUSABLES_TXT", ROOT / "tests" / "data" / "confusables.txt")
    )
    if not path.is_file():
        pytest.fail(MISSING_CONFUSABLES)
    return path


@cache
def _prototypes(path: Path) -> dict[str, str]:
    """confusables.txt's mapping, read here on its own (not with the generator's reader)."""
    prototypes: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            source, target, _kind = (field.strip() for field in data.split(";"))
            prototypes[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return prototypes


def _skeleton(text: str, prototypes: dict[str, str]) -> str:
    """UTS #39 §4's skeleton, step by step (step 2 removes the default ignorable code points,
    which display() never shows decoded, so the labels here hold none)."""
    nfd = display_module._UNICODE.normalize
    return nfd("NFD", "".join(prototypes.get(c, c) for c in nfd("NFD", text)))


def _ascii_label_skeleton(prototypes: dict[str, str]) -> re.Pattern[str]:
    """What the skeletons of the ASCII labels ("a"-"z", "0"-"9", "-") match: an ASCII label's
    skeleton is the skeletons of its characters one after the other (they are ASCII)."""
    pieces = {_skeleton(c, prototypes) for c in "abcdefghijklmnopqrstuvwxyz0123456789-"}
    return re.compile("(?:" + "|".join(map(re.escape, sorted(pieces, key=len)[::-1])) + ")*")


def _full_algorithm(label: str, prototypes: dict[str, str], ascii: re.Pattern[str]) -> str | None:
    skeleton = _skeleton(label, prototypes)
    return skeleton if ascii.fullmatch(skeleton) else None


def _load_script(name: str) -> Any:
    """A script of scripts/, loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_module_is_confusables_txt_regenerated(tmp_path: Path) -> None:
    path = _confusables_txt()
    generator = _load_script("generate_confusables")
    output = tmp_path / "_confusables_data.py"
    assert generator.main([str(path), str(output)]) == 0
    committed = ROOT / "src" / "urlspec" / "toolkit" / "_confusables_data.py"
    assert output.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_ascii_skeleton_is_the_full_algorithm_on_every_code_point() -> None:
    # The compact table against UTS #39's skeleton computed with all of confusables.txt, on
    # each assigned code point as a one-character label.
    prototypes = _prototypes(_confusables_txt())
    ascii = _ascii_label_skeleton(prototypes)
    category = display_module._UNICODE.category
    for code in range(0x110000):
        code_point = chr(code)
        if category(code_point) in ("Cn", "Cs"):
            continue
        expected = _full_algorithm(code_point, prototypes, ascii)
        assert display_module._ascii_skeleton(code_point) == expected, hex(code)


def test_ascii_skeleton_is_the_full_algorithm_with_marks() -> None:
    # Every table entry and every precomposed letter whose NFD starts with one, followed by
    # each combining mark that the prototypes hold or that is common (NFD reorders marks).
    prototypes = _prototypes(_confusables_txt())
    ascii = _ascii_label_skeleton(prototypes)
    marks = sorted(
        {c for p in prototypes.values() for c in p if display_module._UNICODE.combining(c)}
        | set("\u0300\u0301\u0308\u0327\u0329\u0334")
    )
    bases = [*confusables_data.ASCII_PROTOTYPES, "\u0451", "\u00e9", "\u1e9b"]
    for base in bases:
        for mark in ["", *marks]:
            for label in (base + mark, mark + base, base + "a" + mark):
                expected = _full_algorithm(label, prototypes, ascii)
                assert display_module._ascii_skeleton(label) == expected, ascii_repr(label)


def ascii_repr(text: str) -> str:
    return text.encode("ascii", "backslashreplace").decode("ascii")


_LABEL_CODE_POINTS = st.one_of(
    st.sampled_from(sorted(confusables_data.ASCII_PROTOTYPES)),
    st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789-"),
    st.characters(min_codepoint=0x300, max_codepoint=0x36F),  # combining marks
    st.characters(min_codepoint=0x370, max_codepoint=0x52F),  # Greek, Cyrillic
    st.characters(exclude_categories=("Cs",)),
)


@given(st.lists(_LABEL_CODE_POINTS, min_size=1, max_size=8).map("".join))
def test_ascii_skeleton_is_the_full_algorithm_on_generated_labels(label: str) -> None:
    prototypes = _prototypes(_confusables_txt())
    expected = _full_algorithm(label, prototypes, _ascii_label_skeleton(prototypes))
    assert display_module._ascii_skeleton(label) == expected
