"""``display()``: a URL as people should read it, an IRI (RFC 3987) that means the same URL.

The rules (what is decoded, and what never is):

* The host, when it is a domain, is shown label by label: an A-label ("xn--...") goes through
  domain to Unicode (https://url.spec.whatwg.org/#concept-domain-to-unicode) and is shown in
  Unicode only when all of these hold, as browsers decide (Chromium's IDN spoof checker,
  Mozilla's ``network.IDN.restriction_profile`` "moderate"):

  - the label passes UTS #39 §5.2's "Moderately Restrictive" level: its characters are covered
    by one script (Single Script), or by Latin and one other Recommended script (UAX #31
    Table 5) that is neither Cyrillic nor Greek, where Han with Hiragana and Katakana (Japanese),
    Han with Hangul (Korean) and Han with Bopomofo count as one (UTS #39 §5.1's augmented script
    sets). Script_Extensions come from ``urlspec.unicode_properties`` (ScriptExtensions.txt
    and Scripts.txt of the same Unicode version as IDNA's tables; tests/test_display.py fails
    when they drift). So ``xn--pypal-4ve.com`` ("pаypal" with a Cyrillic "а") stays in
    Punycode;
  - it is not a look-alike of an ASCII label (UTS #39 §4, "whole-script confusables"): a label
    of one script other than Latin whose skeleton (NFD, each code point mapped to its
    prototype in confusables.txt, NFD again) is the skeleton of an ASCII label ("a"-"z",
    "0"-"9", "-") stays in Punycode: ``xn--80ak6aa92e.com`` ("аррӏе", all Cyrillic, looks like
    "apple"). The prototypes come from ``_confusables_data``, which
    ``scripts/generate_confusables.py`` makes from confusables.txt of IDNA's Unicode version;
  - every character of it may be shown decoded (the rules below);
  - the Unicode label maps back to the same A-label (domain to ASCII), so that the display form
    parses back to the same host.

  IP addresses and opaque hosts are shown as they are.
* In the path, query and fragment, a run of percent-encoded bytes that is valid UTF-8 is shown
  decoded, one code point at a time, when the escapes are written as the URL parser writes them
  (uppercase hex digits: ``%C3%A9`` shows as "é", ``%c3%a9`` stays, since "é" would parse back
  as ``%C3%A9``), except:

  - ASCII: every percent-encoded ASCII byte stays encoded. Those are delimiters ("%2F",
    "%3F", "%23", "%26", "%3D", ...), "%25", spaces and controls, or characters the URL's
    producer chose to encode; decoding any of them could change what the URL means;
  - controls, spaces and separators (Unicode categories Cc, Zs, Zl, Zp), format characters
    (Cf: the bidi controls U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, zero-width joiners,
    U+FEFF, ...), surrogates, private-use and unassigned code points (Cs, Co, Cn), and the
    other invisible code points (default ignorables such as U+034F, U+115F, U+3164, the
    variation selectors);
  - look-alikes of delimiters, dots and spaces: a code point whose compatibility form (NFKC)
    holds an ASCII delimiter, ".", "%" or a space (U+FF0F FULLWIDTH SOLIDUS, U+FF0E FULLWIDTH
    FULL STOP, U+2024-U+2026 the dot leaders, U+FE52 SMALL FULL STOP, U+2488 DIGIT ONE FULL STOP,
    U+2100 ACCOUNT OF, ...), and the mathematical symbols (category Sm), among which the slash
    operators that NFKC keeps (U+2044 FRACTION SLASH, U+2215 DIVISION SLASH, U+29F8 BIG SOLIDUS);
  - combining marks that overlay the character before them (canonical combining class 1,
    "Overlay": U+0334-U+0338 strike a letter through, or slash it);
  - symbols that show nothing (category So with "BLANK" or "NULL" in their Unicode name:
    U+2800 BRAILLE PATTERN BLANK, U+1D159 MUSICAL SYMBOL NULL NOTEHEAD);
  - U+FFFD, and every byte of a sequence that is not UTF-8: they stay as they are.

  Character properties come from ``unicodedata2`` (the Unicode version of IDNA's tables), not
  the interpreter's ``unicodedata``: the answer is the same on every Python.
* The scheme, credentials and port are shown as they are; nothing else changes. So the display
  form, parsed again, is the same URL: ``URL(url.display()).href == url.href``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol, cast

from urlspec.host import HostKind
from urlspec.idna import InvalidDomain, domain_to_ascii, domain_to_unicode, unicode_data
from urlspec.toolkit._confusables_data import ASCII_PROTOTYPES

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "display",
    "is_ascii_confusable",
    "is_moderately_restrictive",
    "is_shown_decoded",
    "script_extensions",
]

_PERCENT_ENCODED_RUN: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Sm"})
#: Default ignorable code points (Unicode DerivedCoreProperties) outside category Cf.
_INVISIBLE: Final = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
#: What a look-alike must not stand for: ASCII delimiters of URLs, ".", "%", spaces.
_DELIMITERS: Final = frozenset(" \t\n\r\x0c/\\?#@:;&=+$,%[]<>\"'`{}|^.")
#: Canonical combining class 1: "Overlay" (UAX #44, UnicodeData.txt field 3).
_OVERLAY: Final = 1
#: Words of a symbol's name that say it shows nothing.
_BLANK_NAME: Final = re.compile(r"\b(?:BLANK|NULL)\b")

_UNICODE: Final = unicode_data()


class _UnicodeNames(Protocol):
    """The Name property of ``unicodedata2`` (UnicodeData.txt field 1)."""

    def name(self, chr: str, default: str, /) -> str: ...


_name: Final = cast(_UnicodeNames, _UNICODE).name


def script_extensions(code_point: str) -> frozenset[str]:
    """A character's Script_Extensions property (UAX #24; ISO 15924 codes, Common is "Zyyy",
    Inherited "Zinh", Unknown "Zzzz"): ``urlspec.unicode_properties.script_extensions``."""
    lookup = _SCRIPT_EXTENSIONS[0] if _SCRIPT_EXTENSIONS else _load_script_extensions()
    return lookup(code_point)


#: ``urlspec.unicode_properties.script_extensions``, kept here on the first lookup: the
#: Unicode property tables are not loaded before a label needs its scripts (most URLs shown
#: have no A-label).
_SCRIPT_EXTENSIONS: list[Callable[[str], frozenset[str]]] = []


def _load_script_extensions() -> Callable[[str], frozenset[str]]:
    from urlspec.unicode_properties import script_extensions as lookup

    _SCRIPT_EXTENSIONS.append(lookup)
    return lookup


#: UAX #31 Table 5, Recommended Scripts (by ISO 15924 code): the scripts in customary modern
#: use that identifiers may be written in.
RECOMMENDED_SCRIPTS: Final = frozenset(
    [
        "Zyyy",
        "Zinh",
        "Arab",
        "Armn",
        "Beng",
        "Bopo",
        "Cyrl",
        "Deva",
        "Ethi",
        "Geor",
        "Grek",
        "Gujr",
        "Guru",
        "Hani",
        "Hang",
        "Hebr",
        "Hira",
        "Knda",
        "Kana",
        "Khmr",
        "Laoo",
        "Latn",
        "Mlym",
        "Mymr",
        "Orya",
        "Sinh",
        "Taml",
        "Telu",
        "Thaa",
        "Thai",
        "Tibt",
    ]
)
#: UTS #39 §5.1: the augmented script sets, where Han, the Japanese kana, Hangul and Bopomofo
#: also stand for the writing systems that combine them (Jpan, Kore, Hanb).
_AUGMENTED: Final = {
    "Hani": ("Hanb", "Jpan", "Kore"),
    "Hira": ("Jpan",),
    "Kana": ("Jpan",),
    "Hang": ("Kore",),
    "Bopo": ("Hanb",),
}
#: The writing systems of the augmented sets, which Moderately Restrictive allows with Latin.
_COMBINED_SCRIPTS: Final = frozenset({"Hanb", "Jpan", "Kore"})


def is_shown_decoded(code_point: str) -> bool:
    """Whether ``display()`` shows this (non-ASCII) code point decoded."""
    if code_point < "\x80" or code_point == "\ufffd" or ord(code_point) in _INVISIBLE:
        return False
    category = _UNICODE.category(code_point)
    if category in _HIDDEN_CATEGORIES or _UNICODE.combining(code_point) == _OVERLAY:
        return False
    if category == "So" and _BLANK_NAME.search(_name(code_point, "")):
        return False
    return not any(c in _DELIMITERS for c in _UNICODE.normalize("NFKC", code_point))


def _augmented_script_set(code_point: str) -> frozenset[str]:
    """UTS #39 §5.1: the character's Script_Extensions with the augmented scripts added; None
    of it for Common and Inherited, which go with any script (returned empty)."""
    scripts = script_extensions(code_point)
    if scripts <= {"Zyyy", "Zinh"}:
        return frozenset()
    augmented = set(scripts)
    for script in scripts:
        augmented.update(_AUGMENTED.get(script, ()))
    return frozenset(augmented)


def is_moderately_restrictive(label: str) -> bool:
    """Whether ``label`` passes UTS #39 §5.2's Moderately Restrictive level (or a stricter
    one): one script covers it (its resolved script set is not empty), or Latin and one other
    Recommended script but Cyrillic and Greek, or Latin and one of Jpan, Kore, Hanb."""
    sets = [found for found in map(_augmented_script_set, label) if found]
    if not sets:
        return True  # Common and Inherited only
    # Single Script: the resolved script set (the intersection of all sets) is not empty.
    if frozenset.intersection(*sets):
        return True
    # Latin plus one other script covering all the other characters.
    others = [found for found in sets if "Latn" not in found]
    common = frozenset.intersection(*others)
    allowed = (RECOMMENDED_SCRIPTS - {"Cyrl", "Grek", "Latn"}) | _COMBINED_SCRIPTS
    return bool(common & allowed)


def _ascii_skeleton(label: str) -> str | None:
    """UTS #39 §4's skeleton of ``label`` when it is the skeleton of an ASCII label ("a"-"z",
    "0"-"9", "-"), else None. ``label`` holds no default ignorable code point (``display()``
    shows none decoded), so the skeleton's step 2, which removes them, removes nothing."""
    skeleton: list[str] = []
    # 1. Convert to NFD.
    for code_point in _UNICODE.normalize("NFD", label):
        # 3. Map each code point to its prototype (confusables.txt); ASCII_PROTOTYPES holds
        # the NFD forms of the prototypes made of what ASCII labels' skeletons are made of.
        prototype = ASCII_PROTOTYPES.get(code_point)
        if prototype is None:
            return None  # a character that no ASCII label's skeleton has
        skeleton.append(prototype)
    # 4. Reapply NFD: each prototype is in NFD already, and ASCII is its own NFD.
    return "".join(skeleton)


def is_ascii_confusable(label: str) -> bool:
    """Whether ``label`` is a single-script label of a script other than Latin that looks like
    an ASCII label: its resolved script set (UTS #39 §5.1) is not empty and holds no Latin, and
    its skeleton (UTS #39 §4) is the skeleton of an ASCII label. With an ASCII label holding a
    letter, that is UTS #39 §4's "whole-script confusable" ("аррӏе", all Cyrillic, and
    "apple"); an ASCII label of digits and hyphens counts too, as in Chromium ("৭৭", Bengali
    digits, and "99"). For labels ``display()`` may show: ones without default ignorable code
    points (see ``is_shown_decoded``), which the skeleton would remove."""
    if _ascii_skeleton(label) is None:
        return False  # the cheaper test first: most labels hold a letter unlike ASCII
    sets = [found for found in map(_augmented_script_set, label) if found]
    if not sets:
        return False  # Common and Inherited only: every script, Latin too
    resolved = frozenset.intersection(*sets)
    return bool(resolved) and "Latn" not in resolved  # one script, not Latin


def _utf8_sequence_length(first: int) -> int:
    """How many bytes a UTF-8 sequence starting with byte ``first`` has (1 for a bad lead)."""
    if first >= 0xF0:
        return 4
    if first >= 0xE0:
        return 3
    if first >= 0xC0:
        return 2
    return 1


def _decode_run(match: re.Match[str]) -> str:
    """A run of percent-encoded bytes, with each safe UTF-8 code point in it decoded (when its
    escapes are uppercase, as the URL parser writes them)."""
    run = match.group()
    data = bytes.fromhex(run.replace("%", ""))
    parts: list[str] = []
    i = 0
    while i < len(data):
        length = _utf8_sequence_length(data[i])
        chunk = data[i : i + length]
        escapes = run[3 * i : 3 * (i + length)]
        try:
            code_point = chunk.decode("utf-8")
        except UnicodeDecodeError:
            code_point = ""
        if len(code_point) == 1 and escapes == escapes.upper() and is_shown_decoded(code_point):
            parts.append(code_point)
            i += length
        else:
            parts.append(run[3 * i : 3 * i + 3])  # this byte as it was
            i += 1
    return "".join(parts)


def _display_label(label: str) -> str:
    """One label of a domain as shown: its Unicode form when it is an A-label that passes the
    browsers' checks (see the module docstring), else the label as it is."""
    if not label.startswith("xn--"):
        return label
    unicode = domain_to_unicode(label)
    if unicode == label or not all(c < "\x80" or is_shown_decoded(c) for c in unicode):
        return label
    if not is_moderately_restrictive(unicode) or is_ascii_confusable(unicode):
        return label
    try:
        if domain_to_ascii(unicode) != label:
            return label
    except InvalidDomain:
        return label
    return unicode


def _display_host(hostname: str) -> str:
    return ".".join(_display_label(label) for label in hostname.split("."))


def display(url: URL) -> str:
    """``url`` as an IRI for people (see the module docstring for the rules)."""
    href = url.href
    scheme = url.protocol
    rest = href[len(scheme) :]
    authority = ""
    if rest.startswith("//"):
        end = len(rest)
        for delimiter in "/?#":
            found = rest.find(delimiter, 2)
            if found != -1:
                end = min(end, found)
        authority, rest = rest[:end], rest[end:]
        hostname = url.hostname
        if url.host_kind is HostKind.DOMAIN and "xn--" in hostname:
            userinfo, at, host_port = authority[2:].rpartition("@")
            shown = _display_host(hostname)
            authority = "//" + userinfo + at + shown + host_port[len(hostname) :]
    return scheme + authority + _PERCENT_ENCODED_RUN.sub(_decode_run, rest)
