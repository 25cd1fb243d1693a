"""The per-row loops of :mod:`urlspec.columnar`, over an Arrow column's rows (compiled by mypyc).

:mod:`urlspec.columnar` hands a column to these functions as :class:`Strings` (the buffers of an
Arrow string array, read in place), and makes Arrow arrays of the lists they return; this module
imports no pyarrow (the build compiles it without). Each function gives, row for row, what the
scalar API gives (``URL(input, base)``, its getters, ``URL.can_parse``: the URL Standard's API
URL parser, §4.4, https://url.spec.whatwg.org/#api-url-parser, and the URL class's getters,
§6.1, https://url.spec.whatwg.org/#url-class), None for a null row;
``tests/test_columnar_rows.py`` proves it on every corpus line and on generated inputs.

Two things save the time:

* **Own hrefs, scanned in place.** Most URLs in bulk data are their own href.
  :func:`own_href.scan_own_href_in` (tier 1 of the fast path, a loop over code points) says so
  without building a URL object, nor even a str of the row: it scans the row where it lies in the
  one string of the column's data. The offsets of the href's parts it returns give every getter
  as a slice of the input (:func:`hostname_rows` slices the hostname; :func:`parse_rows` hands
  the offsets themselves to :mod:`urlspec.columnar`, which cuts every field out of the column's
  data buffer with Arrow's kernels). Such an input is its
  href with any base that parses, too: it starts with a scheme and ":", and the basic URL parser
  (§4.4) reads the base only for an input without a scheme, or, in the "special relative or
  authority state" and the "file slash state", for a special URL whose scheme is not followed by
  "//" -- which an own href of a special scheme always is.
* **Each distinct other value once.** Any other value goes to the scalar API, once per distinct
  value in the list (a dict keeps the answers), as does the registrable domain of each distinct
  host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from mypy_extensions import i64

from urlspec.fast_path import tier_2_or_3_href
from urlspec.hosts.public_suffix_list import default_list
from urlspec.own_href import (
    NOT_OWN_HREF,
    NOT_SPECIAL,
    PROTOCOL_END_MASK,
    SPANS_TOO_LONG,
    scan_own_href_in,
    scheme_kind_in,
    unpack_spans,
)
from urlspec.url import URL
from urlspec.validation import InvalidURL

__all__ = [
    "HOSTNAME",
    "KIND_SHIFT",
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
    "registrable_domains",
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
        return (
            offsets[at] | offsets[at + 1] << 8 | offsets[at + 2] << 16 | offsets[at + 3] << 24
        ) - self.base

    def is_null(self, index: i64) -> bool:
        if not self.validity:
            return False
        bit = self.first_bit + index
        return not self.validity[bit >> 3] >> (bit & 7) & 1

    def rewind(self) -> None:
        """Make the first row the next one :meth:`scan_next` scans."""
        self.start = self.end = self.next_index = 0

    def scan_next(self) -> int:
        """``own_href.scan_own_href`` of the next row (scanned where it lies in text: from
        ``start`` to ``end``), or :data:`NULL` for a null row. Each row's end is the next one's
        start: one offset read a row."""
        index = self.next_index
        self.next_index = index + 1
        self.start = self.end
        self.end = self.offset(index + 1)
        if self.is_null(index):
            return NULL
        return scan_own_href_in(self.text, self.start, self.end)

    def value(self) -> str:
        """The row scan_next scanned last (not null)."""
        return self.text[self.start : self.end].encode("latin-1").decode("utf-8")


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
    """``URL(input, base).href`` of a row that is not its own href, or None where parsing fails:
    without a base, the fast path's tiers 2 and 3 first (tier 1 declined the row), with no URL
    object made."""
    if base is None:
        href = tier_2_or_3_href(input)
        if href is not None:
            return href
    url = URL.parse(input, base)
    return None if url is None else url.href


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
    of each, computed once per distinct value."""
    indices: list[int] = []
    answers: list[_Answer] = []
    others: dict[str, _Answer] = {}
    rows.rewind()
    for index in range(rows.length):
        if rows.scan_next() != NOT_OWN_HREF:
            continue  # its own href, or null
        value = rows.value()
        if value in others:
            result = others[value]
        else:
            result = others[value] = answer(value)
        indices.append(index)
        answers.append(result)
    return indices, answers


def hostname_rows(rows: Strings, base: URL | None) -> list[str | None]:
    """``URL(value, base).hostname`` for each value: None where parsing fails, or for None."""
    results: list[str | None] = []
    others: dict[str, str | None] = {}
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
        if value in others:
            results.append(others[value])
        else:
            url = URL.parse(value, base)
            hostname = others[value] = None if url is None else url.hostname
            results.append(hostname)
    return results


class ParsedRows:
    """What :func:`parse_rows` finds: where the parts of each row that is an own href lie (its
    fields are slices of it, which :mod:`urlspec.engines.columnar` cuts out of the column's data
    buffer by their offsets, with no Python string per field), and the rows the scalar API gave
    (those that are not own hrefs)."""

    def __init__(self) -> None:
        #: Per row: an own href's offsets, as :func:`own_href.scan_own_href` packs them, with
        #: its scheme's kind (own_href.scheme_kind) above them, at bit :data:`KIND_SHIFT`; 0
        #: for a null row or one of ``other_indices``.
        self.spans: list[int] = []
        #: The indices of the rows that are not own hrefs with packed offsets, or are blob: URLs
        #: (None left out).
        self.other_indices: list[int] = []
        #: Their rows (row_of).
        self.other_rows: list[Row] = []


#: Where ParsedRows.spans keeps a row's scheme kind: above the 60 bits of own_href.pack_spans.
KIND_SHIFT: Final = 60


def parse_rows(rows: Strings, base: URL | None) -> ParsedRows:
    """``URL(value, base)`` for each value, in a ParsedRows: the offsets of the parts of each
    own href, and :func:`row_of` of each other value that is not None (each distinct one
    computed once)."""
    parsed = ParsedRows()
    spans_of_rows = parsed.spans
    others: dict[str, Row] = {}  # each distinct value that goes to the scalar API, once
    rows.rewind()
    for index in range(rows.length):
        spans = rows.scan_next()
        if spans == NULL:
            spans_of_rows.append(0)
            continue
        if spans > SPANS_TOO_LONG:
            protocol_end: i64 = spans & PROTOCOL_END_MASK
            kind = scheme_kind_in(rows.text, rows.start, rows.start + protocol_end - 1)
            # A blob: URL's origin is its path's (the scalar API finds it).
            if kind != NOT_SPECIAL or not _is_blob(rows.text, rows.start, protocol_end):
                spans_of_rows.append(spans | kind << KIND_SHIFT)
                continue
        # Not an own href, or one too long for its offsets to be packed, or a blob: URL.
        spans_of_rows.append(0)
        value = rows.value()
        row = others.get(value)
        if row is None:
            row = others[value] = row_of(value, base)
        parsed.other_indices.append(index)
        parsed.other_rows.append(row)
    return parsed


def _is_blob(text: str, start: i64, protocol_end: i64) -> bool:
    """Whether the scheme of the row at ``start`` (its ":" before ``protocol_end``) is blob."""
    return protocol_end == 5 and text.startswith("blob:", start)


def registrable_domains(hostnames: list[str | None]) -> list[str | None]:
    """``URL(href).registrable_domain`` of own hrefs of special schemes with these hostnames.

    It is null unless the host is a domain (§3.2, https://url.spec.whatwg.org/#host-registrable-domain).
    A special URL's host is empty (file:), or an IPv4 address, whose last label starts with a
    digit (an ASCII digit), or a domain, whose last label does not (own_href's grammar: a
    domain that ends in a number is parsed as IPv4).
    """
    psl = default_list()
    domains: list[str | None] = []
    for hostname in hostnames:
        if not hostname:
            domains.append(None)
            continue
        last_label: i64 = hostname.rfind(".") + 1
        if last_label < len(hostname) and 0x30 <= ord(hostname[last_label]) <= 0x39:  # IPv4
            domains.append(None)
        else:
            domains.append(psl.registrable_domain_of_domain(hostname))
    return domains


def mask_bytes(indices: list[int], length: int) -> bytes:
    """``length`` bytes, 1 at ``indices`` and 0 elsewhere (a mask for Arrow's kernels)."""
    mask = bytearray(length)
    for index in indices:
        mask[index] = 1
    return bytes(mask)
