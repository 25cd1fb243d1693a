"""display() (urlspec.toolkit.display): an IRI for people that hides nothing.

Expected values are worked out from the rules of the module docstring, with the code points'
Unicode properties (category, NFKC form, canonical combining class, name, Script_Extensions) as
the Unicode Character Database 18.0 gives them; the host examples are the browsers' documented
ones (Chromium's IDN display policy, docs/idn.md in chromium/src: "xn--pypal-4ve.com"; the
example test domains of RFC 6761/IANA in Han) and UTS #39 §5.2's restriction levels.
"""

from __future__ import annotations

import re
import sys
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus
from toolkit_strategies import URLS

from urlspec import URL, InvalidURL
from urlspec.idna import mapping_table_unicode_version
from urlspec.toolkit import display as display_module
from urlspec.toolkit.display import is_moderately_restrictive, is_shown_decoded


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
    # fontTools ships ScriptExtensions.txt as a Python module whose header names the file:
    # it must be the Unicode version of IDNA's tables and of unicodedata2 (move the fonttools
    # bound in pyproject.toml with idna's and unicodedata2's).
    source = resources.files("fontTools.unicodedata").joinpath("ScriptExtensions.py")
    header = source.read_text(encoding="utf-8")[:2000]
    found = re.search(r"ScriptExtensions-(\d+\.\d+\.\d+)\.txt", header)
    assert found is not None
    assert found.group(1) == mapping_table_unicode_version()
    assert display_module._UNICODE.unidata_version == mapping_table_unicode_version()


@pytest.mark.xfail(
    strict=True,
    reason="whole-script confusables (UTS #39 §4) need confusables.txt, which no maintained "
    "package ships at Unicode 18.0 (see docs/toolkit.md)",
)
def test_whole_script_confusable_with_ascii_stays_in_punycode() -> None:
    # Chromium's example: "аррӏе" is all Cyrillic (Single Script) but looks like "apple".
    assert URL("https://xn--80ak6aa92e.com/").display() == "https://xn--80ak6aa92e.com/"
