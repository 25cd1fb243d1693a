"""Tier 1 of the fast path as a code-point scanner: is the input its own href, where are its parts?

The fast path (:mod:`urlspec.fast_path`) first asks whether an input is its own href: whether the
basic URL parser (§4.4, https://url.spec.whatwg.org/#concept-basic-url-parser) returns, for it,
a URL whose serialization is the input itself. In the pure build it asks a regular expression,
``own_href_pattern.match_own_href``, because ``re`` runs in C and a Python loop over code points
does not. In the compiled build (mypyc) a loop over code points is compiled to C too, is faster than
the regex, and finds on the way what the regex does not give: where the scheme, host, path, query
and fragment are. :func:`scan_own_href` is that loop. It accepts exactly the inputs the regex
accepts (``tests/test_own_href.py`` proves it on every corpus line and on generated inputs) and
returns the parts' offsets packed in one int (see :func:`pack_spans`), which the ``URL`` class keeps
so that its getters are slices of the href, with no second pattern to match.

The grammar is the regex's (``own_href_pattern._OWN_HREF``), in words:

* a special URL: ``http``, ``https``, ``ws``, ``wss`` or ``ftp``, ``://``, a host the host parser
  returns as it is (below), then a path of one or more segments; or ``file://``, a host or none
  (but not ``localhost``, which the file host state empties), then such a path;
* or a non-special URL: a lowercase scheme (https://url.spec.whatwg.org/#scheme-state) that is
  none of the special ones, ``:``, then either an opaque path not starting with ``/``
  (https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state), or ``//``, an opaque host
  (https://url.spec.whatwg.org/#concept-opaque-host-parser) and a path or none;
* then an optional query (``?`` and the code points the query state keeps) and an optional
  fragment (``#`` and the code points the fragment state keeps).

A host of a special URL is its own serialization when it is a lowercase domain of code points the
domain parser keeps whose last label starts with no ASCII digit (so that it does not end in a
number, https://url.spec.whatwg.org/#ends-in-a-number-checker), or an IPv4 address as the IPv4
serializer writes it. A path segment is any run of path code points and ``%`` that is no
single-dot or double-dot segment (https://url.spec.whatwg.org/#single-dot-path-segment).
"""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from urlspec.infra import COMPILED
from urlspec.url_record import is_double_dot_path_segment, is_single_dot_path_segment

__all__ = [
    "COMPILED",
    "FILE",
    "KIND_SHIFT",
    "NOT_OWN_HREF",
    "NOT_SPECIAL",
    "PROTOCOL_END_MASK",
    "SPANS_MASK",
    "SPANS_TOO_LONG",
    "SPAN_BITS",
    "SPECIAL_NOT_FILE",
    "getter_values_from_spans",
    "hash_from_spans",
    "hostname_from_spans",
    "origin_from_spans",
    "pack_spans",
    "path_run_end",
    "pathname_from_spans",
    "protocol_from_spans",
    "scan_own_href",
    "scan_own_href_in",
    "scan_query_and_fragment",
    "scheme_kind",
    "scheme_kind_in",
    "search_from_spans",
    "unpack_spans",
]


# --- the code point classes of tier 1 ------------------------------------------------------------

# Regex class bodies (ASCII), which own_href_pattern builds its own-href pattern of, and of which
# this module makes a table (_CLASSES): one definition for both forms of tier 1.

# ASCII URL code points (https://url.spec.whatwg.org/#url-code-points) that the path state copies
# as they are (not "/", "?", "#"; "%" is added where a "%" is allowed).
_PATH_CODE_POINTS: Final = r"A-Za-z0-9!$&'()*+,\-.:;=@_~"  # not "/", "?", "#"

# The URL class only needs the href: an input on which the parser reports validation errors but
# changes nothing is its own href all the same. These are the printable ASCII code points that
# each state keeps as they are, URL code points or not: all but the delimiters that end the
# state and the code points of its percent-encode set
# (https://url.spec.whatwg.org/#percent-encoded-bytes). As regex class bodies:
# a special URL's query: all but '"', "#", "'", "<", ">" (special-query percent-encode set);
_KEPT_IN_SPECIAL_QUERY: Final = r"!$-&(-;=?-~"
# another URL's query: all but '"', "#", "<", ">" (query percent-encode set);
_KEPT_IN_QUERY: Final = r"!$-;=?-~"
# a fragment: all but '"', "<", ">", "`" (fragment percent-encode set; "#" is kept);
_KEPT_IN_FRAGMENT: Final = r"!#-;=?-_a-~"
# an opaque path: all but "#" and "?", which end it (and " ", which the opaque path state
# percent-encodes before a "?" or "#"; the C0 control percent-encode set has no printable ASCII).
_KEPT_IN_OPAQUE_PATH: Final = r"!-\"$->@-~"

# A domain's labels as the host parser returns them (see own_href_pattern._OWN_HREF_HOST):
# lowercase, printable ASCII code points but the forbidden domain code points
# (" #%/:<>?@[\\]^|") and ".".
_IN_OWN_HREF_LABEL: Final = r"a-z0-9!\"$&'()*+,\-;=_`{}~"
_STARTS_LAST_LABEL: Final = r"a-z!\"$&'()*+,\-;=_`{}~"  # the same without digits

# A non-special URL's host, which the opaque host parser returns as it is
# (https://url.spec.whatwg.org/#concept-opaque-host-parser): printable ASCII code points but the
# forbidden host code points (" #/:<>?@[\\]^|") and "%" (which would need checking), in any case.
_OPAQUE_HOST_CODE_POINTS: Final = r"!\"$&-.0-9;=A-Z_-{}~"

# The same classes as bits of a table of the 128 ASCII code points.
_IN_LABEL: Final = 1
_STARTS_LAST_LABEL_BIT: Final = 2
_IN_PATH: Final = 4  # and "%"
_IN_SPECIAL_QUERY: Final = 8
_IN_QUERY: Final = 16
_IN_FRAGMENT: Final = 32
_IN_OPAQUE_PATH: Final = 64
_IN_OPAQUE_HOST: Final = 128


def code_point_table(classes: list[tuple[int, str]]) -> bytes:
    """A table of the 128 ASCII code points: for each, the bits of the classes it is in.

    ``classes`` pairs a bit with a regex character class body (as in ``[...]``).
    """
    table = bytearray(128)
    for bit, body in classes:
        pattern = re.compile(f"[{body}]", re.ASCII)
        for code_point in range(128):
            if pattern.fullmatch(chr(code_point)) is not None:
                table[code_point] |= bit
    return bytes(table)


_CLASSES: Final = code_point_table(
    [
        (_IN_LABEL, _IN_OWN_HREF_LABEL),
        (_STARTS_LAST_LABEL_BIT, _STARTS_LAST_LABEL),
        (_IN_PATH, _PATH_CODE_POINTS + "%"),
        (_IN_SPECIAL_QUERY, _KEPT_IN_SPECIAL_QUERY),
        (_IN_QUERY, _KEPT_IN_QUERY),
        (_IN_FRAGMENT, _KEPT_IN_FRAGMENT),
        (_IN_OPAQUE_PATH, _KEPT_IN_OPAQUE_PATH),
        (_IN_OPAQUE_HOST, _OPAQUE_HOST_CODE_POINTS),
    ]
)


# --- packing the offsets ------------------------------------------------------------------------

#: scan_own_href's answer for an input that is not its own href.
NOT_OWN_HREF: Final = -1
#: scan_own_href's answer for an own href too long for its offsets to be packed (see pack_spans).
SPANS_TOO_LONG: Final = 0

_BITS: Final = 12
_MASK: Final = (1 << _BITS) - 1
#: Offsets are packed when the input is shorter than this: five 12-bit fields make 60 bits, which
#: the compiled build keeps in a machine word (a URL object holds one int, not five).
PACKABLE_LENGTH: Final = 1 << _BITS
#: How many bits each of the packed offsets takes (pack_spans shifts the n-th by n times this).
SPAN_BITS: Final = _BITS
#: The bits of packed offsets that hold the first, ``protocol_end`` (and, shifted, each other).
PROTOCOL_END_MASK: Final = _MASK


def pack_spans(
    protocol_end: i64, host_start: i64, path_start: i64, query: i64, fragment: i64
) -> int:
    """The offsets of an own href's parts, in one int (``input`` shorter than PACKABLE_LENGTH).

    ``protocol_end``: after the scheme's ":"; ``host_start``: where the host starts, 0 when there
    is no host (an opaque path); ``path_start``: where the path starts (the host's end);
    ``query``/``fragment``: where "?"/"#" is, 0 when there is none (neither can be at 0).
    """
    return (
        protocol_end
        | host_start << _BITS
        | path_start << (2 * _BITS)
        | query << (3 * _BITS)
        | fragment << (4 * _BITS)
    )


def unpack_spans(spans: int) -> tuple[int, int, int, int, int]:
    """The five offsets :func:`pack_spans` packed."""
    packed: i64 = spans  # (in machine arithmetic: spans is below 2**60)
    return (
        packed & _MASK,
        (packed >> _BITS) & _MASK,
        (packed >> (2 * _BITS)) & _MASK,
        (packed >> (3 * _BITS)) & _MASK,
        packed >> (4 * _BITS),
    )


# --- the scanner --------------------------------------------------------------------------------


def scan_own_href(input: str) -> int:
    """Whether ``input`` is its own href (``own_href_pattern.match_own_href`` in code points).

    Returns :data:`NOT_OWN_HREF` (-1) when it is not; when it is, the offsets of its parts packed
    by :func:`pack_spans`, or :data:`SPANS_TOO_LONG` (0) for an input of PACKABLE_LENGTH code
    points or more.
    """
    return scan_own_href_in(input, 0, len(input), False)


#: Where scan_own_href_in puts the scheme's kind, above the packed offsets (``with_kind``).
KIND_SHIFT: Final = 5 * _BITS
#: The bits of scan_own_href_in's answer that hold the packed offsets (``with_kind``).
SPANS_MASK: Final = (1 << KIND_SHIFT) - 1


def scan_own_href_in(input: str, start: i64, length: i64, with_kind: bool) -> int:
    """:func:`scan_own_href` of ``input[start:length]``, without slicing it out
    (``urlspec.columnar_rows`` scans the rows of an Arrow column in place, in the one string of
    its data): the offsets it packs count from ``start``. ``with_kind``: when it packs offsets,
    the kind of the href's scheme (:func:`scheme_kind`) above them, ``spans | kind <<
    KIND_SHIFT`` (``urlspec.columnar_rows`` needs both, and the scan knows the kind already).
    """
    classes = _CLASSES
    protocol_end = _scheme_end(input, start, length) + 1
    if protocol_end <= 0:
        return NOT_OWN_HREF
    special = _scheme_kind_at(input, start, protocol_end - 1)
    host_start: i64 = 0
    path_start: i64
    query: i64
    if special == SPECIAL_NOT_FILE:
        if not _two_slashes_at(input, protocol_end, length):
            return NOT_OWN_HREF
        host_start = protocol_end + 2
        path_start = _special_host_end(input, host_start, length, classes)
        if path_start <= host_start:
            return NOT_OWN_HREF
        query = _path_end(input, path_start, length, classes, True)
    elif special == FILE:
        if not _two_slashes_at(input, protocol_end, length):
            return NOT_OWN_HREF
        host_start = protocol_end + 2
        path_start = _special_host_end(input, host_start, length, classes)
        if path_start < host_start or (
            path_start - host_start == 9 and input.startswith("localhost", host_start)
        ):
            return NOT_OWN_HREF
        query = _path_end(input, path_start, length, classes, True)
    elif _two_slashes_at(input, protocol_end, length):
        host_start = protocol_end + 2
        path_start = _run_end(input, host_start, length, classes, _IN_OPAQUE_HOST)
        if path_start == host_start:
            return NOT_OWN_HREF
        query = _path_end(input, path_start, length, classes, False)
    else:
        path_start = protocol_end
        if path_start < length and ord(input[path_start]) == 0x2F:  # "/"
            return NOT_OWN_HREF
        query = _run_end(input, path_start, length, classes, _IN_OPAQUE_PATH)
    if query < 0:
        return NOT_OWN_HREF
    fragment = scan_query_and_fragment(input, query, length, special != NOT_SPECIAL)
    if fragment < 0:
        return NOT_OWN_HREF
    if query == length or ord(input[query]) != 0x3F:  # "?"
        query = 0
    if fragment == length:
        fragment = 0
    if length - start >= PACKABLE_LENGTH:
        return SPANS_TOO_LONG
    spans: i64
    if start == 0:
        spans = pack_spans(protocol_end, host_start, path_start, query, fragment)
    else:
        spans = pack_spans(
            protocol_end - start,
            0 if host_start == 0 else host_start - start,
            path_start - start,
            0 if query == 0 else query - start,
            0 if fragment == 0 else fragment - start,
        )
    return spans | special << KIND_SHIFT if with_kind else spans


def scan_query_and_fragment(input: str, start: i64, length: i64, special: bool) -> i64:
    """Whether ``input[start:]`` can end an own href: it is empty, or "?" and a query of code
    points the query state keeps (``special``: a special URL's), and/or "#" and a fragment of
    code points the fragment state keeps. Returns where the "#" is (``length`` when there is no
    fragment), or -1 when it cannot.
    """
    fragment = start
    if start < length and ord(input[start]) == 0x3F:  # "?"
        in_query = _IN_SPECIAL_QUERY if special else _IN_QUERY
        fragment = _run_end(input, start + 1, length, _CLASSES, in_query)
    if fragment < length:
        if ord(input[fragment]) != 0x23:  # "#"
            return -1
        if _run_end(input, fragment + 1, length, _CLASSES, _IN_FRAGMENT) != length:
            return -1
    return fragment


def path_run_end(input: str, start: i64, length: i64) -> i64:
    """Where the run of code points that a path segment of an own href may hold (the path code
    points the path state copies, and "%") starting at ``start`` ends."""
    return _run_end(input, start, length, _CLASSES, _IN_PATH)


# What scheme_kind says of a scheme.
NOT_SPECIAL: Final = 0
SPECIAL_NOT_FILE: Final = (
    1  # a special scheme (https://url.spec.whatwg.org/#special-scheme) but file
)
FILE: Final = 2


def _two_slashes_at(input: str, index: i64, length: i64) -> bool:
    """Whether ``input`` has "//" at ``index`` (str.startswith with a start index is a generic
    method call in the compiled build, ten times the cost of these two reads)."""
    return index + 1 < length and ord(input[index]) == 0x2F and ord(input[index + 1]) == 0x2F


def scheme_kind(input: str, length: i64) -> i64:
    """Whether the lowercase scheme ``input[:length]`` is special, file, or neither (without
    slicing it out: this runs on every URL)."""
    if length < 2 or length > 5 or len(input) < length:
        return NOT_SPECIAL
    return _scheme_kind_at(input, 0, length)


def scheme_kind_in(input: str, start: i64, end: i64) -> i64:
    """:func:`scheme_kind` of the lowercase scheme ``input[start:end]`` (``urlspec.columnar_rows``
    asks it of a row where it lies in the column's data)."""
    return _scheme_kind_at(input, start, end)


def _scheme_kind_at(input: str, start: i64, end: i64) -> i64:
    """:func:`scheme_kind` of the lowercase scheme ``input[start:end]``, which ``input`` holds,
    compared in place, code point by code point (slicing it out would cost an allocation a row;
    str.startswith costs as much as five of these reads)."""
    length = end - start
    if length < 2 or length > 5:
        return NOT_SPECIAL
    c0: i64 = ord(input[start])
    c1: i64 = ord(input[start + 1])
    if length == 2:
        return SPECIAL_NOT_FILE if c0 == 0x77 and c1 == 0x73 else NOT_SPECIAL  # "ws"
    c2: i64 = ord(input[start + 2])
    if length == 3:
        if (c0 == 0x77 and c1 == 0x73 and c2 == 0x73) or (  # "wss"
            c0 == 0x66 and c1 == 0x74 and c2 == 0x70  # "ftp"
        ):
            return SPECIAL_NOT_FILE
        return NOT_SPECIAL
    c3: i64 = ord(input[start + 3])
    if c0 == 0x68 and c1 == 0x74 and c2 == 0x74 and c3 == 0x70:  # "http"
        if length == 4 or ord(input[start + 4]) == 0x73:  # "http", "https"
            return SPECIAL_NOT_FILE
        return NOT_SPECIAL
    if length == 4 and c0 == 0x66 and c1 == 0x69 and c2 == 0x6C and c3 == 0x65:  # "file"
        return FILE
    return NOT_SPECIAL


def _scheme_end(input: str, start: i64, length: i64) -> i64:
    """Where the ":" after a lowercase scheme ([a-z][a-z0-9+.-]*) starting at ``start`` is, or
    -1."""
    if length == start:
        return -1
    c: i64 = ord(input[start])
    if not 0x61 <= c <= 0x7A:  # a-z
        return -1
    i: i64 = start + 1
    while i < length:
        c = ord(input[i])
        if 0x61 <= c <= 0x7A or 0x30 <= c <= 0x39 or c == 0x2B or c == 0x2D or c == 0x2E:
            i += 1
        elif c == 0x3A:  # ":"
            return i
        else:
            return -1
    return -1


def _run_end(input: str, start: i64, length: i64, classes: bytes, bit: i64) -> i64:
    """Where the run of ASCII code points of class ``bit`` starting at ``start`` ends."""
    i = start
    while i < length:
        c: i64 = ord(input[i])
        if c >= 128 or not classes[c] & bit:
            return i
        i += 1
    return length


def _special_host_end(input: str, start: i64, length: i64, classes: bytes) -> i64:
    """Where an own-href host of a special URL starting at ``start`` ends, or -1.

    The host is the run of label code points and "."; it must be followed by "/" (the path) or
    be empty (file URLs only: the caller checks), and be a domain whose last label starts with no
    digit, or an IPv4 address as the IPv4 serializer writes it.
    """
    i = start
    last_label = start
    while i < length:
        c: i64 = ord(input[i])
        if c == 0x2E:  # "."
            last_label = i + 1
        elif c >= 128 or not classes[c] & _IN_LABEL:
            break
        i += 1
    if i == start:
        return start  # no host
    if i >= length or ord(input[i]) != 0x2F:  # "/"
        return -1
    if last_label < i:
        c = ord(input[last_label])
        if c < 128 and classes[c] & _STARTS_LAST_LABEL_BIT:
            return i
    return i if _is_serialized_ipv4(input, start, i) else -1


def _is_serialized_ipv4(input: str, start: i64, end: i64) -> bool:
    """Whether ``input[start:end]`` is four decimal numbers 0-255 without leading zeros, dotted."""
    numbers: i64 = 0
    i = start
    while True:
        value: i64 = 0
        digits: i64 = 0
        while i < end and 0x30 <= ord(input[i]) <= 0x39:
            value = value * 10 + ord(input[i]) - 0x30
            digits += 1
            i += 1
            if digits > 3:
                return False
        if digits == 0 or value > 255 or (digits > 1 and ord(input[i - digits]) == 0x30):
            return False
        numbers += 1
        if numbers == 4:
            return i == end
        if i >= end or ord(input[i]) != 0x2E:  # "."
            return False
        i += 1


def _path_end(input: str, start: i64, length: i64, classes: bytes, required: bool) -> i64:
    """Where a path of "/"-led segments (none a dot segment) starting at ``start`` ends, or -1.

    ``required``: the path must have a segment (special URLs); otherwise it may be empty.
    """
    i = start
    if i >= length or ord(input[i]) != 0x2F:  # "/"
        return -1 if required else i
    while i < length and ord(input[i]) == 0x2F:
        segment_start = i + 1
        i = _run_end(input, segment_start, length, classes, _IN_PATH)
        segment_length = i - segment_start
        if 0 < segment_length <= 6 and ord(input[segment_start]) in (0x2E, 0x25):  # "." or "%"
            segment = input[segment_start:i]
            if is_single_dot_path_segment(segment) or is_double_dot_path_segment(segment):
                return -1
    return i


# --- the getters, each its own slice ------------------------------------------------------------
# What the URL class's getters return (https://url.spec.whatwg.org/#urlutils-members) for an own
# href whose parts scan_own_href found: slices of the href. An own href has no credentials and no
# port (username, password and port are ""; host is hostname), and the search and hash getters
# leave out an empty query or fragment.


def protocol_from_spans(href: str, spans: int) -> str:
    """The protocol getter: the scheme and ":" (the commonest two without a new string)."""
    protocol_end = spans & _MASK
    if protocol_end == 6 and scheme_kind(href, 5) == SPECIAL_NOT_FILE:
        return "https:"
    if protocol_end == 5 and scheme_kind(href, 4) == SPECIAL_NOT_FILE:
        return "http:"
    return href[:protocol_end]


def hostname_from_spans(href: str, spans: int) -> str:
    """The host and hostname getters: the host, "" when there is none."""
    host_start = (spans >> _BITS) & _MASK
    return "" if host_start == 0 else href[host_start : (spans >> (2 * _BITS)) & _MASK]


def pathname_from_spans(href: str, spans: int) -> str:
    """The pathname getter: the path serialized, up to the query or fragment."""
    end = (spans >> (3 * _BITS)) & _MASK
    if end == 0:
        end = spans >> (4 * _BITS)
        if end == 0:
            end = len(href)
    return href[(spans >> (2 * _BITS)) & _MASK : end]


def search_from_spans(href: str, spans: int) -> str:
    """The search getter: "?" and the query, "" when the query is null or empty."""
    query = (spans >> (3 * _BITS)) & _MASK
    if query == 0:
        return ""
    end = spans >> (4 * _BITS)
    if end == 0:
        end = len(href)
    return href[query:end] if end - query > 1 else ""


def hash_from_spans(href: str, spans: int) -> str:
    """The hash getter: "#" and the fragment, "" when the fragment is null or empty."""
    fragment = spans >> (4 * _BITS)
    return href[fragment:] if fragment != 0 and len(href) - fragment > 1 else ""


def origin_from_spans(href: str, spans: int) -> str | None:
    """The origin getter (https://url.spec.whatwg.org/#concept-url-origin, serialized), or None
    for a blob: URL (whose origin is its path's URL's: the caller asks the origin's algorithm).

    A special URL but file: has a tuple origin, whose serialization is the scheme, "://" and the
    host (https://html.spec.whatwg.org/#ascii-serialisation-of-an-origin): the href up to its
    path, an own href having no credentials and no port. Any other URL has an opaque origin
    (file: ones too, as the standard leaves it to implementations), serialized "null".
    """
    protocol_end = spans & _MASK
    if scheme_kind(href, protocol_end - 1) == SPECIAL_NOT_FILE:
        return href[: (spans >> (2 * _BITS)) & _MASK]
    return None if protocol_end == 5 and href.startswith("blob:") else "null"


def getter_values_from_spans(href: str, spans: int) -> tuple[str, ...]:
    """The values of the getters protocol, username, password, host, hostname, port, pathname,
    search and hash, in that order (the functions above)."""
    hostname = hostname_from_spans(href, spans)
    return (
        protocol_from_spans(href, spans),
        "",
        "",
        hostname,
        hostname,
        "",
        pathname_from_spans(href, spans),
        search_from_spans(href, spans),
        hash_from_spans(href, spans),
    )
