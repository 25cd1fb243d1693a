"""The per-row loops of :mod:`urlspec.columnar`, over plain lists (compiled by mypyc).

:mod:`urlspec.columnar` hands a column to these functions as a list of str and None, and makes
Arrow arrays of the lists they return; this module imports no pyarrow (the build compiles it
without). Each function gives, row for row, what the scalar API gives (``URL(input, base)``,
its getters, ``URL.can_parse``: the URL Standard's API URL parser, §4.4,
https://url.spec.whatwg.org/#api-url-parser, and the URL class's getters, §6.1,
https://url.spec.whatwg.org/#url-class), None for None; ``tests/test_columnar_rows.py`` proves
it on every corpus line and on generated inputs.

Two things save the time:

* **Own hrefs, scanned.** Most URLs in bulk data are their own href. :func:`own_href.scan_own_href`
  (tier 1 of the fast path, a loop over code points) says so without building a URL object, and
  the offsets of the href's parts it returns give every getter as a slice of the input
  (:func:`own_href.getter_values_from_spans`, the URL class's own code). Such an input is its
  href with any base that parses, too: it starts with a scheme and ":", and the basic URL parser
  (§4.4) reads the base only for an input without a scheme, or, in the "special relative or
  authority state" and the "file slash state", for a special URL whose scheme is not followed by
  "//" -- which an own href of a special scheme always is.
* **Each distinct other value once.** Any other value goes to the scalar API, once per distinct
  value in the list (a dict keeps the answers), as does the registrable domain of each distinct
  host.
"""

from __future__ import annotations

from typing import Final

from urlspec.fast_path import origin_from_fast_getter_values
from urlspec.own_href import (
    NOT_OWN_HREF,
    NOT_SPECIAL,
    SPANS_TOO_LONG,
    getter_values_from_spans,
    scan_own_href,
    scheme_kind,
    unpack_spans,
)
from urlspec.public_suffix_list import default_list
from urlspec.url import URL
from urlspec.validation import InvalidURL

__all__ = [
    "HOSTNAME",
    "ROW_FIELDS",
    "ParsedRows",
    "error_name",
    "hostname_rows",
    "href_rows",
    "is_valid_rows",
    "mask_bytes",
    "parse_rows",
    "row_of",
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
_FIELD_COUNT: Final = 13
# The indices of ROW_FIELDS that are not one of own_href.getter_values_from_spans's nine getters
# (which are ROW_FIELDS[1:10], in that order).
_ORIGIN: Final = 10
_REGISTRABLE_DOMAIN: Final = 11
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


def _href_of(input: str, base: URL | None) -> str | None:
    url = URL.parse(input, base)
    return None if url is None else url.href


def href_rows(values: list[str | None], base: URL | None) -> tuple[list[int], list[str | None]]:
    """``URL(value, base).href`` for each value, as what differs from the values themselves:
    the indices of the values that are not their own href (None left out), and their hrefs
    (None where parsing fails). Every other value is its own href."""
    indices: list[int] = []
    hrefs: list[str | None] = []
    others: dict[str, str | None] = {}  # each distinct value that is not its own href, once
    for index, value in enumerate(values):
        if value is None or scan_own_href(value) != NOT_OWN_HREF:
            continue
        if value in others:
            href = others[value]
        else:
            href = others[value] = _href_of(value, base)
        indices.append(index)
        hrefs.append(href)
    return indices, hrefs


def is_valid_rows(values: list[str | None], base: URL | None) -> tuple[list[int], list[bool]]:
    """``URL.can_parse(value, base)`` for each value, as :func:`href_rows` gives hrefs: the
    indices of the values that are not their own href (None left out) and their answers. Every
    other value parses (to itself)."""
    indices: list[int] = []
    answers: list[bool] = []
    others: dict[str, bool] = {}
    for index, value in enumerate(values):
        if value is None or scan_own_href(value) != NOT_OWN_HREF:
            continue
        if value in others:
            valid = others[value]
        else:
            valid = others[value] = URL.can_parse(value, base)
        indices.append(index)
        answers.append(valid)
    return indices, answers


def hostname_rows(values: list[str | None], base: URL | None) -> list[str | None]:
    """``URL(value, base).hostname`` for each value: None where parsing fails, or for None."""
    results: list[str | None] = []
    others: dict[str, str | None] = {}
    for value in values:
        if value is None:
            results.append(None)
            continue
        spans = scan_own_href(value)
        if spans > SPANS_TOO_LONG:
            # The host is where own_href.pack_spans says (none: an opaque path).
            _, host_start, path_start, _, _ = unpack_spans(spans)
            results.append("" if host_start == 0 else value[host_start:path_start])
        elif value in others:
            results.append(others[value])
        else:
            url = URL.parse(value, base)
            hostname = others[value] = None if url is None else url.hostname
            results.append(hostname)
    return results


class ParsedRows:
    """What :func:`parse_rows` finds: the fields of every row that differ from row to row, and
    the rows the scalar API gave (the others are own hrefs: their href is the value, and their
    username, password and port are "", their host their hostname, their error None)."""

    def __init__(self) -> None:
        self.protocol: list[str | None] = []
        self.hostname: list[str | None] = []
        self.pathname: list[str | None] = []
        self.search: list[str | None] = []
        self.hash: list[str | None] = []
        self.origin: list[str | None] = []
        self.registrable_domain: list[str | None] = []
        #: The indices of the rows that are not own hrefs with packed offsets (None left out).
        self.other_indices: list[int] = []
        #: Their rows (row_of).
        self.other_rows: list[Row] = []

    def append(self, row: Row) -> None:
        """A row's fields that differ from row to row."""
        self.protocol.append(row[1])
        self.hostname.append(row[HOSTNAME])
        self.pathname.append(row[7])
        self.search.append(row[8])
        self.hash.append(row[9])
        self.origin.append(row[_ORIGIN])
        self.registrable_domain.append(row[_REGISTRABLE_DOMAIN])


_NULL_ROW: Final[tuple[None, ...]] = (None,) * _FIELD_COUNT


def parse_rows(values: list[str | None], base: URL | None) -> ParsedRows:
    """``URL(value, base)`` for each value, as :func:`row_of` gives its fields (None in each for
    None), in a ParsedRows."""
    rows = ParsedRows()
    others: dict[str, Row] = {}  # each distinct value that goes to the scalar API, once
    domains: dict[str, str | None] = {}  # each distinct domain's registrable domain, once
    for index, value in enumerate(values):
        if value is None:
            rows.append(_NULL_ROW)
            continue
        spans = scan_own_href(value)
        if spans <= SPANS_TOO_LONG:
            # Not an own href, or one too long for its offsets to be packed.
            row = others.get(value)
            if row is None:
                row = others[value] = row_of(value, base)
            rows.append(row)
            rows.other_indices.append(index)
            rows.other_rows.append(row)
            continue
        getters = getter_values_from_spans(value, spans)
        protocol = getters[0]
        hostname = getters[HOSTNAME - 1]
        rows.protocol.append(protocol)
        rows.hostname.append(hostname)
        rows.pathname.append(getters[6])
        rows.search.append(getters[7])
        rows.hash.append(getters[8])
        origin = origin_from_fast_getter_values(getters)
        if origin is None:  # a blob: URL's origin is its path's
            origin = URL(value).origin
        rows.origin.append(origin)
        rows.registrable_domain.append(_registrable_domain(value, protocol, hostname, domains))
    return rows


def _registrable_domain(
    href: str, protocol: str, hostname: str, domains: dict[str, str | None]
) -> str | None:
    """``URL(href).registrable_domain`` for an own href with this protocol and hostname.

    It is null unless the host is a domain (§3.2, https://url.spec.whatwg.org/#host-registrable-domain).
    The host of an own href of a non-special scheme is opaque, or there is none; a special URL's
    host is empty (file:), or an IPv4 address, whose last label starts with a digit, or a domain,
    whose last label does not (own_href's grammar: a domain that ends in a number is parsed as
    IPv4). A domain's registrable domain is looked up once per domain.
    """
    if hostname == "" or scheme_kind(href, len(protocol) - 1) == NOT_SPECIAL:
        return None
    if hostname in domains:
        return domains[hostname]
    last_label_start = ord(hostname[hostname.rfind(".") + 1])
    if 0x30 <= last_label_start <= 0x39:  # an ASCII digit: IPv4
        domain = None
    else:
        domain = default_list().registrable_domain_of_domain(hostname)
    domains[hostname] = domain
    return domain


def mask_bytes(indices: list[int], length: int) -> bytes:
    """``length`` bytes, 1 at ``indices`` and 0 elsewhere (a mask for Arrow's kernels)."""
    mask = bytearray(length)
    for index in indices:
        mask[index] = 1
    return bytes(mask)
