"""The parts of the Encoding Standard that URLs need: encoding labels and legacy encoders.

Implements, from the Encoding Standard (https://encoding.spec.whatwg.org/): "get an encoding"
(§4.2 names and labels), "get an output encoding", and the encoders of every legacy encoding,
run the way "encode or fail" runs them. The URL Standard needs them for "percent-encode after
encoding" (https://url.spec.whatwg.org/#string-percent-encode-after-encoding): the query of a
URL parsed with a legacy document encoding, and application/x-www-form-urlencoded serialization
in such an encoding.

The Encoding Standard's indexes are not shipped: each encoder's table is built on first use from
the CPython codec closest to it, with the adjustments the index needs (see "Encoders" below).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Final

from urlspec.infra import ASCII_WHITESPACE, to_scalar_value_string
from urlspec.validation import quote

__all__ = [
    "ENCODING_LABELS",
    "encode_or_fail_repeatedly",
    "get_encoding",
    "get_output_encoding",
    "output_encoding_for_label",
]


# --- Encodings: the parts of the Encoding Standard used above ------------------------------------
# https://encoding.spec.whatwg.org/#names-and-labels

#: Every encoding of the Encoding Standard, by name, with its labels (the table of §4.2).
ENCODING_LABELS: Final[dict[str, tuple[str, ...]]] = {
    "utf-8": (
        "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8",
    ),
    "ibm866": ("866", "cp866", "csibm866", "ibm866"),
    "iso-8859-2": (
        "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2",
        "iso_8859-2:1987", "l2", "latin2",
    ),
    "iso-8859-3": (
        "csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3",
        "iso_8859-3:1988", "l3", "latin3",
    ),
    "iso-8859-4": (
        "csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4",
        "iso_8859-4:1988", "l4", "latin4",
    ),
    "iso-8859-5": (
        "csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595",
        "iso_8859-5", "iso_8859-5:1988",
    ),
    "iso-8859-6": (
        "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114",
        "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596",
        "iso_8859-6", "iso_8859-6:1987",
    ),
    "iso-8859-7": (
        "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126",
        "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek",
    ),
    "iso-8859-8": (
        "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138",
        "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual",
    ),
    "iso-8859-8-i": ("csiso88598i", "iso-8859-8-i", "logical"),
    "iso-8859-10": (
        "csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6",
    ),
    "iso-8859-13": ("iso-8859-13", "iso8859-13", "iso885913"),
    "iso-8859-14": ("iso-8859-14", "iso8859-14", "iso885914"),
    "iso-8859-15": (
        "csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9",
    ),
    "iso-8859-16": ("iso-8859-16",),
    "koi8-r": ("cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"),
    "koi8-u": ("koi8-ru", "koi8-u"),
    "macintosh": ("csmacintosh", "mac", "macintosh", "x-mac-roman"),
    "windows-874": (
        "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874",
    ),
    "windows-1250": ("cp1250", "windows-1250", "x-cp1250"),
    "windows-1251": ("cp1251", "windows-1251", "x-cp1251"),
    "windows-1252": (
        "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
        "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
        "us-ascii", "windows-1252", "x-cp1252",
    ),
    "windows-1253": ("cp1253", "windows-1253", "x-cp1253"),
    "windows-1254": (
        "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599",
        "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254",
    ),
    "windows-1255": ("cp1255", "windows-1255", "x-cp1255"),
    "windows-1256": ("cp1256", "windows-1256", "x-cp1256"),
    "windows-1257": ("cp1257", "windows-1257", "x-cp1257"),
    "windows-1258": ("cp1258", "windows-1258", "x-cp1258"),
    "x-mac-cyrillic": ("x-mac-cyrillic", "x-mac-ukrainian"),
    "gbk": (
        "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk",
        "iso-ir-58", "x-gbk",
    ),
    "gb18030": ("gb18030",),
    "big5": ("big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"),
    "euc-jp": ("cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"),
    "iso-2022-jp": ("csiso2022jp", "iso-2022-jp"),
    "shift_jis": (
        "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j",
        "x-sjis",
    ),
    "euc-kr": (
        "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987",
        "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949",
    ),
    "replacement": (
        "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr",
        "replacement",
    ),
    "utf-16be": ("unicodefffe", "utf-16be"),
    "utf-16le": (
        "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le",
    ),
    "x-user-defined": ("x-user-defined",),
}  # fmt: skip

_ENCODING_BY_LABEL: Final = {
    label: name for name, labels in ENCODING_LABELS.items() for label in labels
}
_ASCII_WHITESPACE_STRING: Final = "".join(sorted(ASCII_WHITESPACE))


def get_encoding(label: str) -> str | None:
    """Get an encoding (https://encoding.spec.whatwg.org/#concept-encoding-get).

    The encoding's name (lowercase, e.g. "shift_jis") for ``label`` after stripping ASCII
    whitespace and matching ASCII case-insensitively, or None (failure).
    """
    label = label.strip(_ASCII_WHITESPACE_STRING)
    if not label.isascii():  # no label has non-ASCII code points; keeps lower() ASCII-only
        return None
    return _ENCODING_BY_LABEL.get(label.lower())


def get_output_encoding(encoding: str) -> str:
    """Get an output encoding (https://encoding.spec.whatwg.org/#get-an-output-encoding).

    UTF-8 for replacement, UTF-16BE and UTF-16LE; ``encoding`` itself otherwise.
    """
    if encoding in ("replacement", "utf-16be", "utf-16le"):
        return "utf-8"
    return encoding


def output_encoding_for_label(label: str) -> str:
    """The output encoding's name for an encoding label: get an encoding, then get an output
    encoding, as every caller that takes a label (the URL parser's ``encoding`` argument,
    "percent-encode after encoding", the urlencoded serializer) does.

    Raises :class:`LookupError` when ``label`` is not a label of any encoding (where get an
    encoding returns failure), and :class:`TypeError` when it is not a str.
    """
    if label == "utf-8":  # the default everywhere: no lookup
        return label
    if not isinstance(label, str):
        raise TypeError(f"encoding must be a str, not {type(label).__name__}")
    encoding = get_encoding(label)
    if encoding is None:
        raise LookupError(f"unknown encoding label: {quote(label)}")
    return get_output_encoding(encoding)


def encode_or_fail_repeatedly(encoding: str, input: str) -> Iterator[bytes | int]:
    """Encode ``input`` with a new encoder, as "percent-encode after encoding" does.

    That algorithm gets an encoder (https://encoding.spec.whatwg.org/#get-an-encoder) and runs
    "encode or fail" (https://encoding.spec.whatwg.org/#encode-or-fail) on the input until it
    no longer fails. This yields what each run gives, in order: a run of encoded bytes, or the
    code point (as an int) that made the encoder fail. ``encoding`` is an output encoding's name
    (see :func:`get_encoding` and :func:`get_output_encoding`); lone surrogates in ``input`` are
    encoded as U+FFFD.
    """
    input = to_scalar_value_string(input)
    if encoding == "utf-8":
        yield input.encode("utf-8")
    elif encoding == "iso-2022-jp":
        yield from _iso_2022_jp_encode(input)
    else:
        yield from _encode_by_code_point(_code_point_encoder(encoding), input)


# --- Encoders ------------------------------------------------------------------------------------
# Every encoder but ISO-2022-JP's is stateless and maps ASCII to itself, so it is described by a
# function from a non-ASCII code point to its bytes (None: "error with code point").
#
# The Encoding Standard defines them with its indexes (https://encoding.spec.whatwg.org/#indexes).
# The indexes are not shipped here: each is rebuilt from the CPython codec closest to it, and the
# places where that codec differs from the index are patched, each one named below:
#
# * single-byte encodings: the index is the codec's decoding of bytes 0x80 to 0xFF, except that
#   the windows-* indexes map the bytes their codecs leave undefined in 0x80 to 0x9F to the C1
#   control of the same value (as Windows does), windows-1255 maps 0xCA to U+05BA, and KOI8-U
#   is KOI8-RU: 0xAE and 0xBE are U+045E and U+040E (not box drawings);
# * gb18030 and GBK: CPython's gb18030 codec follows GB18030-2000 for 0xA8 0xBC, while the index
#   follows 2005 (U+1E3F is 0xA8 0xBC; U+E7C7 is four bytes); the index also has the 18 mappings
#   of GB18030-2022 (U+FE10..U+FE19, U+9FB4..U+9FBB as two bytes), the encoder's side table
#   keeps the Private Use code points they replaced on the same bytes, and U+E5E5 is an error
#   (the index maps 0xA3 0xA0 to U+3000). GBK is gb18030 without four-byte sequences, with
#   U+20AC as 0x80;
# * Big5: index Big5 from 0xA1 0x40 on (the encoder ignores the pointers before it) is CPython's
#   big5hkscs decoding of those byte pairs, except in the symbol rows 0xA1 to 0xA3, where it is
#   cp950's (big5hkscs lacks e.g. 0xA3 0xE1 U+20AC and has U+2022 for 0xA1 0x45, not U+2027);
#   six code points take their *last* pointer;
# * EUC-KR: index EUC-KR is Windows code page 949, CPython's cp949;
# * Shift_JIS, EUC-JP, ISO-2022-JP: index jis0208 is CPython's cp932 decoding of every two-byte
#   sequence except the user-defined area (pointers 8836 to 10715), which the index leaves out;
#   U+00A5, U+203E, U+2212 and the halfwidth katakana are handled by the encoders' own steps.

_NON_ASCII_RUN: Final = re.compile("([^\x00-\x7f]+)")


def _encode_by_code_point(
    encode_code_point: Callable[[str], bytes | None], input: str
) -> Iterator[bytes | int]:
    """Run a stateless encoder over ``input``: ASCII runs as is, other code points one by one."""
    pending = bytearray()
    # With the capturing group, split() alternates ASCII runs (even) and non-ASCII runs (odd).
    for index, run in enumerate(_NON_ASCII_RUN.split(input)):
        if index % 2 == 0:
            pending += run.encode("ascii")
            continue
        for code_point in run:
            encoded = encode_code_point(code_point)
            if encoded is None:
                yield bytes(pending)
                pending.clear()
                yield ord(code_point)
            else:
                pending += encoded
    yield bytes(pending)


@functools.cache
def _code_point_encoder(encoding: str) -> Callable[[str], bytes | None]:
    """The encoder of a stateless ``encoding``, as a function of one non-ASCII code point."""
    if encoding in _SINGLE_BYTE_CODECS:
        return _single_byte_index(encoding).get
    if encoding == "gb18030":
        return functools.partial(_gb18030_encode_code_point, is_gbk=False)
    if encoding == "gbk":
        return functools.partial(_gb18030_encode_code_point, is_gbk=True)
    if encoding == "big5":
        return _big5_index().get
    if encoding == "euc-kr":
        return _euc_kr_encode_code_point
    if encoding == "shift_jis":
        return _shift_jis_encode_code_point
    if encoding == "euc-jp":
        return _euc_jp_encode_code_point
    if encoding == "x-user-defined":
        return _x_user_defined_encode_code_point
    raise LookupError(f"no encoder for {encoding!r}")


# Single-byte encodings (https://encoding.spec.whatwg.org/#single-byte-encoder) ------------------

_SINGLE_BYTE_CODECS: Final = {
    "ibm866": "cp866",
    "iso-8859-2": "iso8859_2",
    "iso-8859-3": "iso8859_3",
    "iso-8859-4": "iso8859_4",
    "iso-8859-5": "iso8859_5",
    "iso-8859-6": "iso8859_6",
    "iso-8859-7": "iso8859_7",
    "iso-8859-8": "iso8859_8",
    "iso-8859-8-i": "iso8859_8",
    "iso-8859-10": "iso8859_10",
    "iso-8859-13": "iso8859_13",
    "iso-8859-14": "iso8859_14",
    "iso-8859-15": "iso8859_15",
    "iso-8859-16": "iso8859_16",
    "koi8-r": "koi8_r",
    "koi8-u": "koi8_u",
    "macintosh": "mac_roman",
    "windows-874": "cp874",
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "windows-1253": "cp1253",
    "windows-1254": "cp1254",
    "windows-1255": "cp1255",
    "windows-1256": "cp1256",
    "windows-1257": "cp1257",
    "windows-1258": "cp1258",
    "x-mac-cyrillic": "mac_cyrillic",
}

#: Where index single-byte differs from the CPython codec's decoding: byte -> code point.
_SINGLE_BYTE_INDEX_PATCHES: Final[dict[str, dict[int, str]]] = {
    "windows-1255": {0xCA: "\u05ba"},
    "koi8-u": {0xAE: "\u045e", 0xBE: "\u040e"},
}


@functools.cache
def _single_byte_index(encoding: str) -> dict[str, bytes]:
    """Index single-byte for ``encoding``, inverted: code point -> its byte (first pointer)."""
    codec = _SINGLE_BYTE_CODECS[encoding]
    patches = _SINGLE_BYTE_INDEX_PATCHES.get(encoding, {})
    inverted: dict[str, bytes] = {}
    for byte in range(0x80, 0x100):
        code_point = patches.get(byte)
        if code_point is None:
            try:
                code_point = bytes([byte]).decode(codec)
            except UnicodeDecodeError:
                if not (encoding.startswith("windows-") and byte <= 0x9F):
                    continue
                code_point = chr(byte)  # a C1 control, as in the windows-* indexes
        inverted.setdefault(code_point, bytes([byte]))
    return inverted


# gb18030 and GBK (https://encoding.spec.whatwg.org/#gb18030-encoder) ----------------------------

#: Code points whose gb18030 bytes are not what CPython's gb18030 codec gives.
_GB18030_PATCHES: Final[dict[str, bytes]] = {
    # Index gb18030 follows GB18030-2005 for 0xA8 0xBC; "index gb18030 ranges pointer" puts
    # U+E7C7 at pointer 7457 (0x81 0x35 0xF4 0x37).
    "\u1e3f": b"\xa8\xbc",
    "\ue7c7": b"\x81\x35\xf4\x37",
    # Index gb18030 has the GB18030-2022 mappings of these byte pairs...
    "\ufe10": b"\xa6\xd9",
    "\ufe12": b"\xa6\xda",
    "\ufe11": b"\xa6\xdb",
    "\ufe13": b"\xa6\xdc",
    "\ufe14": b"\xa6\xdd",
    "\ufe15": b"\xa6\xde",
    "\ufe16": b"\xa6\xdf",
    "\ufe17": b"\xa6\xec",
    "\ufe18": b"\xa6\xed",
    "\ufe19": b"\xa6\xf3",
    "\u9fb4": b"\xfe\x59",
    "\u9fb5": b"\xfe\x61",
    "\u9fb6": b"\xfe\x66",
    "\u9fb7": b"\xfe\x67",
    "\u9fb8": b"\xfe\x6d",
    "\u9fb9": b"\xfe\x7e",
    "\u9fba": b"\xfe\x90",
    "\u9fbb": b"\xfe\xa0",
    # ... and the encoder's side table keeps the Private Use code points they had before.
    "\ue78d": b"\xa6\xd9",
    "\ue78e": b"\xa6\xda",
    "\ue78f": b"\xa6\xdb",
    "\ue790": b"\xa6\xdc",
    "\ue791": b"\xa6\xdd",
    "\ue792": b"\xa6\xde",
    "\ue793": b"\xa6\xdf",
    "\ue794": b"\xa6\xec",
    "\ue795": b"\xa6\xed",
    "\ue796": b"\xa6\xf3",
    "\ue81e": b"\xfe\x59",
    "\ue826": b"\xfe\x61",
    "\ue82b": b"\xfe\x66",
    "\ue82c": b"\xfe\x67",
    "\ue832": b"\xfe\x6d",
    "\ue843": b"\xfe\x7e",
    "\ue854": b"\xfe\x90",
    "\ue864": b"\xfe\xa0",
}


def _gb18030_encode_code_point(code_point: str, is_gbk: bool) -> bytes | None:
    """The gb18030 encoder's steps for one non-ASCII code point (GBK's when ``is_gbk``)."""
    if code_point == "\ue5e5":  # index gb18030 maps 0xA3 0xA0 to U+3000: cannot roundtrip
        return None
    if is_gbk and code_point == "\u20ac":
        return b"\x80"
    encoded = _GB18030_PATCHES.get(code_point)
    if encoded is None:
        encoded = code_point.encode("gb18030")  # two bytes (index) or four (ranges)
    if is_gbk and len(encoded) == 4:
        return None
    return encoded


# Big5 (https://encoding.spec.whatwg.org/#big5-encoder) ------------------------------------------

#: The code points for which "index Big5 pointer" takes the last pointer, not the first.
_BIG5_LAST_POINTER: Final = frozenset("\u2550\u255e\u2561\u256a\u5341\u5345")


@functools.cache
def _big5_index() -> dict[str, bytes]:
    """Index Big5 from pointer (0xA1 - 0x81) * 157 on, inverted as "index Big5 pointer" does."""
    inverted: dict[str, bytes] = {}
    for lead in range(0xA1, 0xFF):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            pair = bytes([lead, trail])
            try:
                code_point = pair.decode("cp950" if lead <= 0xA3 else "big5hkscs")
            except UnicodeDecodeError:
                continue
            if len(code_point) != 1:
                continue
            if code_point in _BIG5_LAST_POINTER:
                inverted[code_point] = pair
            else:
                inverted.setdefault(code_point, pair)
    return inverted


# EUC-KR (https://encoding.spec.whatwg.org/#euc-kr-encoder) --------------------------------------


def _euc_kr_encode_code_point(code_point: str) -> bytes | None:
    """Index EUC-KR pointer -> lead and trail bytes; the index is Windows code page 949."""
    try:
        encoded = code_point.encode("cp949")
    except UnicodeEncodeError:
        return None
    return encoded if len(encoded) == 2 else None


# Shift_JIS, EUC-JP and ISO-2022-JP --------------------------------------------------------------


@functools.cache
def _jis0208_pointers() -> tuple[dict[str, int], dict[str, int]]:
    """Index jis0208, inverted twice: by "index pointer" and by "index Shift_JIS pointer".

    The first maps a code point to its first pointer; the second to its first pointer outside
    8272 to 8835 (NEC-selected IBM extensions, so that the IBM extensions' bytes are used).
    """
    index_pointer: dict[str, int] = {}
    shift_jis_pointer: dict[str, int] = {}
    for pointer in range(94 * 120):
        if 8836 <= pointer <= 10715:  # user-defined area: not in the index
            continue
        lead, trail = divmod(pointer, 188)
        lead += 0x81 if lead < 0x1F else 0xC1
        trail += 0x40 if trail < 0x3F else 0x41
        try:
            code_point = bytes([lead, trail]).decode("cp932")
        except UnicodeDecodeError:
            continue
        index_pointer.setdefault(code_point, pointer)
        if not 8272 <= pointer <= 8835:
            shift_jis_pointer.setdefault(code_point, pointer)
    return index_pointer, shift_jis_pointer


def _shift_jis_encode_code_point(code_point: str) -> bytes | None:
    """The Shift_JIS encoder's steps for one non-ASCII code point."""
    if code_point == "\x80":
        return b"\x80"
    if code_point == "\xa5":
        return b"\x5c"
    if code_point == "\u203e":
        return b"\x7e"
    if "\uff61" <= code_point <= "\uff9f":
        return bytes([ord(code_point) - 0xFF61 + 0xA1])
    if code_point == "\u2212":
        code_point = "\uff0d"
    pointer = _jis0208_pointers()[1].get(code_point)
    if pointer is None:
        return None
    lead, trail = divmod(pointer, 188)
    lead_offset = 0x81 if lead < 0x1F else 0xC1
    offset = 0x40 if trail < 0x3F else 0x41
    return bytes([lead + lead_offset, trail + offset])


def _euc_jp_encode_code_point(code_point: str) -> bytes | None:
    """The EUC-JP encoder's steps for one non-ASCII code point."""
    if code_point == "\xa5":
        return b"\x5c"
    if code_point == "\u203e":
        return b"\x7e"
    if "\uff61" <= code_point <= "\uff9f":
        return bytes([0x8E, ord(code_point) - 0xFF61 + 0xA1])
    if code_point == "\u2212":
        code_point = "\uff0d"
    pointer = _jis0208_pointers()[0].get(code_point)
    if pointer is None:
        return None
    lead, trail = divmod(pointer, 94)
    return bytes([lead + 0xA1, trail + 0xA1])


def _iso_2022_jp_katakana(code_point: str) -> str:
    """Index ISO-2022-JP katakana: halfwidth to fullwidth katakana as in NFKC, but with the
    voiced and semi-voiced sound marks U+FF9E and U+FF9F becoming U+309B and U+309C."""
    if code_point == "\uff9e":
        return "\u309b"
    if code_point == "\uff9f":
        return "\u309c"
    import unicodedata  # only ISO-2022-JP needs it

    return unicodedata.normalize("NFKC", code_point)


_ISO_2022_JP_TO_ASCII: Final = b"\x1b(B"
_ISO_2022_JP_TO_ROMAN: Final = b"\x1b(J"
_ISO_2022_JP_TO_JIS0208: Final = b"\x1b$B"
#: The two non-ASCII code points of JIS X 0201 Roman, and their bytes in the Roman state.
_ISO_2022_JP_ROMAN: Final = {"\xa5": b"\x5c", "\u203e": b"\x7e"}


def _iso_2022_jp_encode(input: str) -> Iterator[bytes | int]:
    """The ISO-2022-JP encoder (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder).

    Its state (ASCII, Roman or jis0208) carries over the errors, as the encoder instance does
    across the "encode or fail" runs; the end of the input switches back to ASCII.
    """
    ascii, roman, jis0208 = "ASCII", "Roman", "jis0208"
    state = ascii
    pending = bytearray()
    for code_point in input:
        if state in (ascii, roman) and code_point in "\x0e\x0f\x1b":
            yield bytes(pending)
            pending.clear()
            yield 0xFFFD  # U+FFFD rather than the code point, to prevent attacks
            continue
        if state == ascii and code_point < "\x80":
            pending.append(ord(code_point))
            continue
        if state == roman and code_point < "\x80" and code_point not in "\\~":
            pending.append(ord(code_point))
            continue
        if state == roman and code_point in _ISO_2022_JP_ROMAN:
            pending += _ISO_2022_JP_ROMAN[code_point]
            continue
        if code_point < "\x80":  # and the state is not ASCII: switch to it
            pending += _ISO_2022_JP_TO_ASCII + code_point.encode("ascii")
            state = ascii
            continue
        if code_point in _ISO_2022_JP_ROMAN:  # and the state is not Roman: switch to it
            pending += _ISO_2022_JP_TO_ROMAN + _ISO_2022_JP_ROMAN[code_point]
            state = roman
            continue
        if code_point == "\u2212":
            code_point = "\uff0d"
        if "\uff61" <= code_point <= "\uff9f":
            code_point = _iso_2022_jp_katakana(code_point)
        pointer = _jis0208_pointers()[0].get(code_point)
        if pointer is None:
            if state == jis0208:
                pending += _ISO_2022_JP_TO_ASCII
                state = ascii
            yield bytes(pending)
            pending.clear()
            yield ord(code_point)
            continue
        if state != jis0208:
            pending += _ISO_2022_JP_TO_JIS0208
            state = jis0208
        lead, trail = divmod(pointer, 94)
        pending += bytes([lead + 0x21, trail + 0x21])
    if state != ascii:
        pending += _ISO_2022_JP_TO_ASCII
    yield bytes(pending)


# x-user-defined (https://encoding.spec.whatwg.org/#x-user-defined-encoder) ----------------------


def _x_user_defined_encode_code_point(code_point: str) -> bytes | None:
    """U+F780 to U+F7FF are the bytes 0x80 to 0xFF; anything else non-ASCII is an error."""
    if "\uf780" <= code_point <= "\uf7ff":
        return bytes([ord(code_point) - 0xF780 + 0x80])
    return None
