"""The per-row loops of :mod:`urlspec.columnar`, over an Arrow column's rows (compiled by mypyc).

:mod:`urlspec.columnar` hands a column to these functions as :class:`Strings` (the buffers of an
Arrow string array, read in place), and makes Arrow arrays of the lists they return; this module
imports no pyarrow (the build compiles it without). Each function gives, row for row, what the
scalar API gives (``URL(input, base)``, its getters, ``URL.can_parse``: the URL Standard's API
URL parser, §4.4, https://url.spec.whatwg.org/#api-url-parser, and the URL class's getters,
§6.1, https://url.spec.whatwg.org/#url-class), None for a null row;
``tests/test_columnar_rows.py`` proves it on every corpus line and on generated inputs.

Three things save the time:

* **Own hrefs, scanned in place.** Most URLs in bulk data are their own href.
  :func:`own_href.scan_own_href_in` (tier 1 of the fast path, a loop over code points) says so
  without building a URL object, nor even a str of the row: it scans the row where it lies in the
  one string of the column's data. The offsets of the href's parts it returns give every getter
  as a slice of the input (:func:`hostname_rows` slices the hostname; :func:`parse_rows` gives
  the offsets of the parts, from which :mod:`urlspec.columnar` cuts every field out of the
  column's data buffer with Arrow's kernels). Such an input is its
  href with any base that parses, too: it starts with a scheme and ":", and the basic URL parser
  (§4.4) reads the base only for an input without a scheme, or, in the "special relative or
  authority state" and the "file slash state", for a special URL whose scheme is not followed by
  "//" -- which an own href of a special scheme always is.
* **No URL object for the other rows.** Without a base, a value that is not its own href goes
  to the fast path's other tiers, then to the basic URL parser and the URL serializer (§4.5),
  as the URL class's constructor sends it, with no URL object made. For ``parse``, the href
  found is then scanned: when it is an own href (the common case: the messy forms of a URL),
  the row's fields are slices of it as for an own href, since the getters of a URL are those
  of the URL its serialization parses to.
* **Each distinct other value once**, while values repeat: a dict keeps the answers (it is
  dropped when the first values do not repeat); and the registrable domain of each distinct
  host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from mypy_extensions import i64

from urlspec.fast_path import tier_2_or_3_href
from urlspec.hosts.public_suffix_list import default_list
from urlspec.infra import to_scalar_value_string
from urlspec.own_href import (
    KIND_SHIFT,
    NOT_OWN_HREF,
    NOT_SPECIAL,
    PROTOCOL_END_MASK,
    SPANS_MASK,
    SPANS_TOO_LONG,
    SPECIAL_NOT_FILE,
    scan_own_href,
    scan_own_href_in,
    scheme_kind_in,
    unpack_spans,
)
from urlspec.parser import basic_url_parse
from urlspec.url import URL
from urlspec.url_record import serialize_url
from urlspec.validation import InvalidURL

__all__ = [
    "HOSTNAME",
    "NULL",
    "ROW_FIELDS",
    "ParsedRows",
    "Strings",
    "error_name",
    "hostname_rows",
    "href_rows",
    "is_valid_rows",
    "mask_bytes",
    "parse_rows",
    "registrable_domain_starts",
    "row_of",
    "strings_of",
]

#: The fields of a row (columnar.PARSE_FIELDS): the URL class's getters (§6.1), origin,
#: ``URL.registrable_domain``, then ``error``, the name of the validation error (§1.2) that made
#: the URL parser fail (None for a URL).
ROW_FIELDS: Final = (
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
    "origin",
    "registrable_domain",
    "error",
)
# The index of ``error`` in a row.
_ERROR: Final = 12
#: The index of ``hostname`` in a row.
HOSTNAME: Final = 5

# A row: ROW_FIELDS' values.
Row = tuple[str | None, ...]
_INVALID_ROW_PREFIX: Final[tuple[None, ...]] = (None,) * _ERROR


def error_name(error: InvalidURL) -> str:
    """The name of the validation error that made the URL parser fail."""
    return error.errors[-1].name if error.errors else "failure"


def row_of(input: str, base: str | URL | None) -> Row:
    """The getters' values and the error of ``URL(input, base)``, as the scalar API gives them."""
    try:
        url = URL(input, base)
    except InvalidURL as error:
        return (*_INVALID_ROW_PREFIX, error_name(error))
    return (
        url.href,
        url.protocol,
        url.username,
        url.password,
        url.host,
        url.hostname,
        url.port,
        url.pathname,
        url.search,
        url.hash,
        url.origin,
        url.registrable_domain,
        None,
    )


class Strings:
    """A column of strings as the loops read it: the buffers of an Arrow string array (its
    UTF-8 data, the offsets where each row starts and ends, and which rows are null:
    https://arrow.apache.org/docs/format/Columnar.html#variable-size-binary-layout), read in
    place, with no str made for a row that is its own href."""

    def __init__(
        self, text: str, offsets: bytes, validity: bytes, first_bit: int, length: int
    ) -> None:
        """``text``: the UTF-8 bytes of the rows, from where the first starts, decoded as Latin-1
        (one code point per byte, so that a row's offsets in the data are its offsets in text;
        an own href is ASCII, which UTF-8 and Latin-1 encode alike, and any other row is decoded
        as UTF-8 by :meth:`value`); ``offsets``: the ``length + 1`` offsets of the rows in the
        array's data buffer, 32-bit little-endian integers (the first is where ``text``
        starts); ``validity``: the validity bitmap from its bit ``first_bit`` on, or empty when
        no row is null."""
        self.text = text
        self.offsets = offsets
        self.validity = validity
        self.has_nulls = len(validity) != 0
        self.first_bit: i64 = first_bit
        self.length: i64 = length
        self.base: i64 = 0
        self.base = self.offset(0)
        #: Where the row scan_next scanned last starts and ends in text.
        self.start: i64 = 0
        self.end: i64 = 0
        self.next_index: i64 = 0

    def offset(self, index: i64) -> i64:
        """Where row ``index`` starts in text (row ``index - 1`` ends)."""
        at = 4 * index
        offsets = self.offsets
        # (Each byte read as a machine integer: shifting and or-ing them as Python ints is
        # slower.)
        first: i64 = offsets[at]
        second: i64 = offsets[at + 1]
        third: i64 = offsets[at + 2]
        fourth: i64 = offsets[at + 3]
        return (first | second << 8 | third << 16 | fourth << 24) - self.base

    def is_null(self, index: i64) -> bool:
        if not self.has_nulls:
            return False
        bit = self.first_bit + index
        return not self.validity[bit >> 3] >> (bit & 7) & 1

    def rewind(self) -> None:
        """Make the first row the next one :meth:`scan_next` scans."""
        self.start = self.end = self.next_index = 0

    def scan_next(self, with_kind: bool = False) -> int:
        """``own_href.scan_own_href`` of the next row (scanned where it lies in text: from
        ``start`` to ``end``), or :data:`NULL` for a null row; ``with_kind``: with the kind of
        its scheme when it packs offsets (``own_href.scan_own_href_in``). Each row's
        end is the next one's start: one offset read a row."""
        index = self.next_index
        self.next_index = index + 1
        self.start = self.end
        self.end = self.offset(index + 1)
        if self.is_null(index):
            return NULL
        return scan_own_href_in(self.text, self.start, self.end, with_kind)

    def value(self) -> str:
        """The row scan_next scanned last (not null)."""
        row = self.text[self.start : self.end]
        if row.isascii():
            return row  # (its UTF-8 bytes read as Latin-1: the row itself)
        return row.encode("latin-1").decode("utf-8")

    def length_of_row(self) -> i64:
        """How many bytes of UTF-8 the row scan_next scanned last has."""
        return self.end - self.start


#: Strings.scan_next's answer for a null row (scan_own_href's answers are NOT_OWN_HREF or more).
NULL: Final = NOT_OWN_HREF - 1


def strings_of(values: list[str | None]) -> Strings:
    """``values`` as :class:`Strings` (as an Arrow string array holds them)."""
    data = bytearray()
    offsets = bytearray(b"\0\0\0\0")
    validity = bytearray((len(values) + 7) // 8)
    for index, value in enumerate(values):
        if value is not None:
            data += value.encode("utf-8")
            validity[index >> 3] |= 1 << (index & 7)
        offsets += len(data).to_bytes(4, "little")
    has_null = None in values
    text = data.decode("latin-1")
    return Strings(text, bytes(offsets), bytes(validity) if has_null else b"", 0, len(values))


def _href_of(input: str, base: URL | None) -> str | None:
    """``URL(input, base).href`` of a row that is not its own href, or None where parsing fails.

    Without a base, as the URL class's constructor finds it but with no URL object made: the
    fast path's tiers 2 and 3 (tier 1 declined the row), else the basic URL parser (§4.4) on
    the scalar value string of the input and the URL serializer (§4.5)."""
    if base is None:
        href = tier_2_or_3_href(input)
        if href is not None:
            return href
        record = basic_url_parse(to_scalar_value_string(input))
        return None if record is None else serialize_url(record)
    url = URL.parse(input, base)
    return None if url is None else url.href


#: Each distinct value that is not its own href is answered once while values repeat: a dict
#: keeps the answers; once it holds _TRIAL values, it is dropped unless at least one look-up in
#: _WORTH found its value there (a column of distinct values does not pay for hashing them).
_TRIAL: Final = 1024
_WORTH: Final = 16


def _keeps_answers(found: i64, kept: i64) -> bool:
    """Whether the dict of answers stays, after ``found`` look-ups found their value in it and
    it keeps ``kept`` values."""
    return kept < _TRIAL or found * _WORTH >= kept


def href_rows(rows: Strings, base: URL | None) -> tuple[list[int], list[str | None]]:
    """``URL(value, base).href`` for each value, as what differs from the values themselves:
    the indices of the values that are not their own href (None left out), and their hrefs
    (None where parsing fails). Every other value is its own href."""
    return _not_own_hrefs(rows, lambda value: _href_of(value, base))


def is_valid_rows(rows: Strings, base: URL | None) -> tuple[list[int], list[bool]]:
    """``URL.can_parse(value, base)`` for each value, as :func:`href_rows` gives hrefs: the
    indices of the values that are not their own href (None left out) and their answers. Every
    other value parses (to itself)."""
    return _not_own_hrefs(rows, lambda value: URL.can_parse(value, base))


_Answer = TypeVar("_Answer")


def _not_own_hrefs(
    rows: Strings, answer: Callable[[str], _Answer]
) -> tuple[list[int], list[_Answer]]:
    """The indices of the values that are not their own href (None left out), and ``answer``
    of each, computed once per distinct value (while values repeat: _keeps_answers)."""
    indices: list[int] = []
    results: list[_Answer] = []
    answers: dict[str, _Answer] | None = {}
    found: i64 = 0
    rows.rewind()
    for index in range(rows.length):
        if rows.scan_next() != NOT_OWN_HREF:
            continue  # its own href, or null
        value = rows.value()
        if answers is not None and value in answers:
            result = answers[value]
            found += 1
        else:
            result = answer(value)
            if answers is not None:
                answers[value] = result
                if not _keeps_answers(found, len(answers)):
                    answers = None
        indices.append(index)
        results.append(result)
    return indices, results


def hostname_rows(rows: Strings, base: URL | None) -> list[str | None]:
    """``URL(value, base).hostname`` for each value: None where parsing fails, or for None."""
    results: list[str | None] = []
    answers: dict[str, str | None] | None = {}
    found: i64 = 0
    rows.rewind()
    for _ in range(rows.length):
        spans = rows.scan_next()
        if spans > SPANS_TOO_LONG:
            # The host is where own_href.pack_spans says (none: an opaque path).
            _, host_start, path_start, _, _ = unpack_spans(spans)
            start = rows.start
            results.append(
                "" if host_start == 0 else rows.text[start + host_start : start + path_start]
            )
            continue
        if spans == NULL:
            results.append(None)
            continue
        value = rows.value()
        if answers is not None and value in answers:
            hostname = answers[value]
            found += 1
        else:
            hostname = _hostname_of(value, base, spans != NOT_OWN_HREF)
            if answers is not None:
                answers[value] = hostname
                if not _keeps_answers(found, len(answers)):
                    answers = None
        results.append(hostname)
    return results


def _hostname_of(value: str, base: URL | None, scanned: bool) -> str | None:
    """``URL(value, base).hostname`` of a row that is not its own href with packed offsets
    (``scanned``: an own href too long for them): sliced out of its href when that is one."""
    if not scanned:
        href = _href_of(value, base)
        if href is None:
            return None
        spans = scan_own_href(href)
        if spans > SPANS_TOO_LONG:
            _, host_start, path_start, _, _ = unpack_spans(spans)
            return "" if host_start == 0 else href[host_start:path_start]
    url = URL.parse(value, base)
    return None if url is None else url.hostname


class ParsedRows:
    """What :func:`parse_rows` finds, for :mod:`urlspec.engines.columnar` to make the columns of
    every field with no Python string per field.

    Most rows' fields are slices of their href: of the value itself when it is its own href,
    or of the href the fast path (or the URL parser) gives it, which is then its own href
    (``own_href.scan_own_href`` says so, and where its parts are; the getters of a URL are
    those of the URL its href parses to, §4.5's serializer output parsing back to an equal
    URL). The column of hrefs is the values with ``hrefs`` at ``href_indices``; each field of
    a row is cut out of its row there, where its ``spans`` (own_href.pack_spans, 0 for a row
    with no parts) and its length say (columnar.field_bounds, as own_href's ``*_from_spans``
    getters cut them).

    The other rows (a value that is no URL, one whose href is no own href or too long for
    packed offsets, a blob: URL, whose origin is its path's) are given whole, by the scalar
    API (:func:`row_of`); in the column of hrefs they hold their href (null for a value that is
    no URL), with no parts (0 in ``spans``). A null row is null there, and empty.
    """

    def __init__(self) -> None:
        #: Per row, the offsets of the parts of its href (own_href.pack_spans), 0 for a row
        #: with no parts (whose href is "" or null in the column of hrefs).
        self.spans: list[int] = []
        #: The rows cut in parts whose origin is opaque ("null": their scheme is not special,
        #: or file), and those whose host is no domain (their scheme is not special: no
        #: registrable domain).
        self.opaque_origins: list[int] = []
        self.not_special: list[int] = []
        #: The rows whose href is not their value as it is (in order), and what they are in
        #: the column of hrefs: the href (None for an other row that is no URL), None for a
        #: null row whose value's bytes are not empty.
        self.href_indices: list[int] = []
        self.hrefs: list[str | None] = []
        #: The other rows (in order), and their fields (row_of).
        self.other_indices: list[int] = []
        self.other_rows: list[Row] = []


class _Declined:
    """What a value that is not its own href (with packed offsets) parses to: its href and that
    href's offsets and scheme kind when the href is an own href (not blob:), else the whole row
    (row_of)."""

    def __init__(self, href: str, spans: int, kind: i64, row: Row | None) -> None:
        #: The href, its offsets (own_href.pack_spans) and scheme kind (own_href.scheme_kind).
        self.href = href
        self.spans = spans
        self.kind = kind
        self.row = row


def _declined(value: str, base: URL | None, scanned: bool) -> _Declined:
    """:class:`_Declined` of ``value``; ``scanned``: it is an own href already (too long for
    packed offsets, or blob:), whose row the scalar API gives."""
    if not scanned:
        href = _href_of(value, base)
        if href is not None:
            spans = scan_own_href(href)
            if spans > SPANS_TOO_LONG:
                protocol_end: i64 = spans & PROTOCOL_END_MASK
                kind = scheme_kind_in(href, 0, protocol_end - 1)
                if kind != NOT_SPECIAL or not _is_blob(href, 0, protocol_end):
                    return _Declined(href, spans, kind, None)
    return _Declined("", 0, NOT_SPECIAL, row_of(value, base))


def parse_rows(rows: Strings, base: URL | None) -> ParsedRows:
    """``URL(value, base)`` for each value, in a ParsedRows (each distinct value that is not
    its own href parsed once, while values repeat: _keeps_answers)."""
    parsed = ParsedRows()
    # (One slot a row from the start, each row's set in place: 0 for a row with no parts.)
    all_spans: list[int] = [0] * rows.length
    parsed.spans = all_spans
    answers: dict[str, _Declined] | None = {}
    found: i64 = 0
    rows.rewind()
    for index in range(rows.length):
        spans = rows.scan_next(True)
        if spans == NULL:
            if rows.length_of_row() != 0:
                parsed.href_indices.append(index)
                parsed.hrefs.append(None)
            continue
        if spans > SPANS_TOO_LONG:
            kind: i64 = spans >> KIND_SHIFT
            spans &= SPANS_MASK
            if kind == SPECIAL_NOT_FILE:  # (the commonest)
                all_spans[index] = spans
                continue
            # A blob: URL's origin is its path's (the scalar API finds it).
            protocol_end: i64 = spans & PROTOCOL_END_MASK
            if kind != NOT_SPECIAL or not _is_blob(rows.text, rows.start, protocol_end):
                all_spans[index] = spans
                _append_kind(parsed, index, kind)
                continue
        # Not an own href, or one too long for its offsets to be packed, or a blob: URL.
        value = rows.value()
        declined: _Declined | None = None
        if answers is not None:
            declined = answers.get(value)
        if declined is None:
            declined = _declined(value, base, spans != NOT_OWN_HREF)
            if answers is not None:
                answers[value] = declined
                if not _keeps_answers(found, len(answers)):
                    answers = None
        else:
            found += 1
        parsed.href_indices.append(index)
        row = declined.row
        if row is None:
            parsed.hrefs.append(declined.href)
            all_spans[index] = declined.spans
            _append_kind(parsed, index, declined.kind)
        else:
            parsed.hrefs.append(row[0])
            parsed.other_indices.append(index)
            parsed.other_rows.append(row)
    return parsed


def _append_kind(parsed: ParsedRows, index: int, kind: i64) -> None:
    """Note what the kind of scheme of row ``index`` (cut in parts) makes of its origin and
    registrable domain: for a special scheme but file, nothing (a tuple origin, a host that may
    be a domain)."""
    if kind != SPECIAL_NOT_FILE:
        parsed.opaque_origins.append(index)
        if kind == NOT_SPECIAL:
            parsed.not_special.append(index)


def _is_blob(text: str, start: i64, protocol_end: i64) -> bool:
    """Whether the scheme of the row at ``start`` (its ":" before ``protocol_end``) is blob."""
    return protocol_end == 5 and text.startswith("blob:", start)


def registrable_domain_starts(hostnames: Strings) -> list[int]:
    """Where ``URL(href).registrable_domain`` starts in the hostname, for own hrefs of special
    schemes with these hostnames (ASCII, read where they lie in the column's data): -1 where
    it is null (and for a null row).

    It is null unless the host is a domain (§3.2, https://url.spec.whatwg.org/#host-registrable-domain).
    A special URL's host is empty (file:), or an IPv4 address, whose last label starts with a
    digit (an ASCII digit), or a domain, whose last label does not (own_href's grammar: a
    domain that ends in a number is parsed as IPv4).
    """
    psl = default_list()
    text = hostnames.text
    starts: list[int] = []
    end = hostnames.offset(0)
    for index in range(hostnames.length):
        begin = end  # (each host's end is the next one's start: one offset read a host)
        end = hostnames.offset(index + 1)
        if begin == end or hostnames.is_null(index):
            starts.append(-1)
            continue
        # An IPv4 address ends in a digit: then where the last label starts (a loop over its
        # few code points, no search), and whether it starts with a digit.
        if 0x30 <= ord(text[end - 1]) <= 0x39:
            last_label: i64 = end
            while last_label > begin and ord(text[last_label - 1]) != 0x2E:
                last_label -= 1
            if last_label < end and 0x30 <= ord(text[last_label]) <= 0x39:  # IPv4
                starts.append(-1)
                continue
        start = psl.registrable_domain_start_in(text, begin, end)
        starts.append(-1 if start < 0 else start - begin)
    return starts


def mask_bytes(indices: list[int], length: int) -> bytes:
    """``length`` bytes, 1 at ``indices`` and 0 elsewhere (a mask for Arrow's kernels)."""
    mask = bytearray(length)
    for index in indices:
        mask[index] = 1
    return bytes(mask)
