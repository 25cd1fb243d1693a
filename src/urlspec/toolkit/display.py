"""``display()``: a URL as people should read it, an IRI (RFC 3987) that means the same URL.

The rules (what is decoded, and what never is):

* The host, when it is a domain, goes through ``domain_to_unicode``
  (https://url.spec.whatwg.org/#concept-domain-to-unicode): ``xn--n3h.example`` shows as
  ``☃.example``, unless the result holds a code point that is kept encoded below (then the
  ASCII form stays). IP addresses and opaque hosts are shown as they are.
* In the path, query and fragment, a run of percent-encoded bytes that is valid UTF-8 is shown
  decoded, one code point at a time, except:

  - ASCII: every percent-encoded ASCII byte stays encoded. Those are delimiters ("%2F",
    "%3F", "%23", "%26", "%3D", ...), "%25", spaces and controls, or characters the URL's
    producer chose to encode; decoding any of them could change what the URL means;
  - controls, spaces and separators (Unicode categories Cc, Zs, Zl, Zp), format characters
    (Cf: the bidi controls U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, zero-width joiners,
    U+FEFF, ...), surrogates, private-use and unassigned code points (Cs, Co, Cn), and the
    other invisible code points (default ignorables such as U+034F, U+115F, U+3164, the
    variation selectors);
  - look-alikes of delimiters and spaces: a code point whose compatibility form (NFKC) holds
    an ASCII delimiter, "%" or a space (U+FF0F FULLWIDTH SOLIDUS, U+2100 ACCOUNT OF, ...);
  - U+FFFD, and every byte of a sequence that is not UTF-8: they stay as they are.

* The scheme, credentials and port are shown as they are; nothing else changes. So the display
  form, parsed again, is the same URL, except where a decoded code point is re-encoded by the
  parser (which gives back exactly the bytes that were decoded).
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Final

from urlspec.host import HostKind

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["display", "is_shown_decoded"]

_PERCENT_ENCODED_RUN: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
#: Default ignorable code points (Unicode DerivedCoreProperties) outside category Cf.
_INVISIBLE: Final = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
#: What a look-alike must not stand for: ASCII delimiters of URLs, "%", spaces.
_DELIMITERS: Final = frozenset(" \t\n\r\x0c/\\?#@:;&=+$,%[]<>\"'`{}|^")


def is_shown_decoded(code_point: str) -> bool:
    """Whether ``display()`` shows this (non-ASCII) code point decoded."""
    if code_point < "\x80" or code_point == "\ufffd" or ord(code_point) in _INVISIBLE:
        return False
    if unicodedata.category(code_point) in _HIDDEN_CATEGORIES:
        return False
    return not any(c in _DELIMITERS for c in unicodedata.normalize("NFKC", code_point))


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
    """A run of percent-encoded bytes, with each safe UTF-8 code point in it decoded."""
    run = match.group()
    data = bytes.fromhex(run.replace("%", ""))
    parts: list[str] = []
    i = 0
    while i < len(data):
        length = _utf8_sequence_length(data[i])
        chunk = data[i : i + length]
        try:
            code_point = chunk.decode("utf-8")
        except UnicodeDecodeError:
            code_point = ""
        if len(code_point) == 1 and is_shown_decoded(code_point):
            parts.append(code_point)
            i += length
        else:
            parts.append(run[3 * i : 3 * i + 3])  # this byte as it was
            i += 1
    return "".join(parts)


def _display_host(hostname: str) -> str:
    from urlspec.idna import domain_to_unicode

    unicode = domain_to_unicode(hostname)
    if any(c >= "\x80" and not is_shown_decoded(c) for c in unicode):
        return hostname
    return unicode


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
