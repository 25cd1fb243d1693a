"""URL functions over Apache Arrow columns: the URL API, one column at a time.

``urlspec.engines.columnar`` applies the URL Standard's API URL parser (§4.4,
https://url.spec.whatwg.org/#api-url-parser) and the URL class's getters (§6.1,
https://url.spec.whatwg.org/#url-class) to every value of a ``pyarrow`` string array or chunked
array, and returns Arrow arrays: the same values, row for row, that the scalar API
(``urlspec.URL``, ``URL.can_parse``, ``urlspec.domain_to_ascii``) gives, with nulls kept null.
It needs the ``arrow`` extra (``pip install 'urlspec[arrow]'``); ``import urlspec`` does not
import it, nor pyarrow.

Where the time goes, and how it is saved (the results are the scalar API's, by construction and
by the tests in ``tests/test_columnar.py`` and ``tests/test_columnar_rows.py``):

* **Own hrefs, found without a URL object.** Most URLs in bulk data are already their own href:
  a scheme and a host in lower case, a path, query and fragment with nothing the parser would
  percent-encode or rewrite. For ``href``, ``is_valid``, ``hostname`` and ``parse`` with one
  base (or none), each chunk is found two ways, equal row for row:

  - in the compiled build, by a compiled loop over the rows (:mod:`urlspec.engines.columnar_rows`):
    ``own_href.scan_own_href``, the fast path's own scanner, says whether a value is its own
    href and where its parts are, so that its getters are slices of it. Only the values that
    differ from their href (for ``href`` and ``is_valid``) become Arrow arrays, the rest is
    the input column itself; for ``parse``, the loop gives each row's href (the value itself,
    or the href of a messy value) and the offsets of its parts, and each field is cut out of
    the data buffer of the hrefs by them with Arrow's kernels (no Python string per field:
    :func:`_parsed_fields`);
  - in the pure build, where a Python loop per row is slow, by Arrow's kernels:
    :data:`OWN_HREF_PATTERN` recognizes a conservative subset of the own hrefs (see its comment
    for why each of its URLs is its own href) with Arrow's regular expression engine, over the
    whole array at once, and string kernels cut them into the getters' values.
* **No URL object for the other rows.** A value that is not its own href goes to the fast
  path's other tiers, or to the URL parser and serializer, as the URL class's constructor
  sends it; for ``parse``, the href found is cut in parts as an own href is when it is one.
* **Each distinct value once.** A value that is not its own href (while such values repeat in
  the chunk), a pair of URL and base, or a host that occurs many times in a batch (common in
  link data) is parsed once, and the answers are spread back to the rows (a dict per chunk, or
  Arrow's dictionary encoding and ``take``).
* **Columns, not rows.** The answers are merged into the other rows' columns with
  ``replace_with_mask``, or, for a few rows, by copying the runs of rows between them.

Inputs: a ``pyarrow.Array`` or ``pyarrow.ChunkedArray`` of strings (``string``,
``large_string``, ``string_view`` or all-null), or anything ``pyarrow.array`` makes one of (a
list of str/None, a pandas Series). The result is a ``ChunkedArray`` for a chunked input, else
an ``Array``. ``pl.Series.to_arrow()`` and ``pa.Array.from_pandas(series)`` bring Polars and
pandas columns here; see docs/columnar.md.
"""

from __future__ import annotations

import codecs
import struct
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, Unpack, cast, overload

import pyarrow as pa
import pyarrow.compute as pc

from urlspec.engines import columnar_rows
from urlspec.engines.columnar_rows import ROW_FIELDS, error_name, row_of
from urlspec.host import InvalidHost
from urlspec.hosts.public_suffix_list import default_list
from urlspec.hosts.public_suffix_list import registrable_domain as scalar_registrable_domain
from urlspec.idna import InvalidDomain
from urlspec.idna import domain_to_ascii as scalar_domain_to_ascii
from urlspec.own_href import COMPILED, PROTOCOL_END_MASK, SPAN_BITS
from urlspec.url import URL
from urlspec.validation import InvalidURL

if TYPE_CHECKING:
    from urlspec.canonical.options import DedupOptions, SafebrowsingOptions, SurtOptions

# The types of columns. A column is a ``pa.Array`` or a ``pa.ChunkedArray`` (a table's column);
# each function returns the same kind as it is given. At run time these names stand for
# ``object``, so that tools that evaluate the annotations (DuckDB's create_function) can, where
# pyarrow's classes cannot be subscripted.
if TYPE_CHECKING:
    #: What the functions accept as a column of strings: an Arrow array or chunked array of
    #: strings (``string``, ``large_string``, ``string_view`` or all-null), or what
    #: ``pa.array`` makes one of (a sequence of str and None; a pandas Series).
    Column: TypeAlias = (
        pa.Array[pa.Scalar[pa.DataType]]
        | pa.ChunkedArray[pa.Scalar[pa.DataType]]
        | Sequence[str | None]
    )
    #: A column of strings, as the functions return it.
    StringColumn: TypeAlias = pa.StringArray | pa.ChunkedArray[pa.StringScalar]
    #: A column of booleans (:func:`is_valid`).
    BooleanColumn: TypeAlias = pa.BooleanArray | pa.ChunkedArray[pa.BooleanScalar]
    #: A column of :data:`PARSE_TYPE` structs (:func:`parse`).
    StructColumn: TypeAlias = pa.StructArray | pa.ChunkedArray[pa.StructScalar]
    # Inside: an array or chunked array of any type, and a struct array.
    _Array: TypeAlias = pa.Array[Any]
    _Values: TypeAlias = pa.Array[Any] | pa.ChunkedArray[Any]
    _Struct: TypeAlias = pa.StructArray
else:
    Column = StringColumn = BooleanColumn = StructColumn = object
    _Array = _Values = _Struct = object

__all__ = [
    "PARSE_FIELDS",
    "PARSE_TYPE",
    "canonicalize",
    "canonicalize_as",
    "domain_to_ascii",
    "hostname",
    "href",
    "is_valid",
    "join",
    "parse",
    "registrable_domain",
]

# --- the result of parse --------------------------------------------------------------------

#: The fields of :func:`parse`'s struct: the URL class's getters (§6.1), ``registrable_domain``
#: (``URL.registrable_domain``: §3.2, null unless the host is a domain that has one), then
#: ``error``, the name of the validation error (§1.2) that made the URL parser fail (null for a
#: URL).
PARSE_FIELDS: Final = ROW_FIELDS
#: The Arrow type of :func:`parse`'s result.
PARSE_TYPE: Final = pa.struct([(name, pa.string()) for name in PARSE_FIELDS])
_GETTERS: Final = PARSE_FIELDS[:-1]

_INVALID_ROW_PREFIX: Final[tuple[None, ...]] = (None,) * len(_GETTERS)

# --- the vectorized shortcut ------------------------------------------------------------------

# Each URL this pattern matches is its own href, so the URL parser would give it back unchanged
# (and with any base that parses: it starts with a special scheme and "//", from which the basic
# URL parser never looks at the base). Why, part by part (§4.4, the basic URL parser):
# * scheme: a special scheme in lower case, then "://": scheme state, special authority slashes;
# * host: dot-separated, non-empty labels of lower-case ASCII letters, digits and "-", the last
#   one starting with a letter. The host parser (§3.5) gives such a domain back unchanged: no
#   percent-decoding to do, domain to ASCII (§3.3) only lower-cases an ASCII domain with no label
#   starting with "xn--" (REJECT_SUBSTRINGS excludes those), none of its code points is a forbidden
#   domain code point, and it does not end in a number (§3.5: its last label is not numeric and
#   does not start with "0x"), so it is not parsed as IPv4;
# * no userinfo, no port: nothing to drop or to compare with the default port;
# * path: starts with "/" (a special URL with an empty path would get "/" added), then only
#   printable ASCII outside the path percent-encode set, no "\" (a special URL's separator),
#   and no single- or double-dot segment (REJECT_SUBSTRINGS), so nothing is encoded or removed;
# * query: "?" then printable ASCII outside the special-query percent-encode set;
# * fragment: "#" then printable ASCII outside the fragment percent-encode set.
# No space, tab, newline or C0 control anywhere, so nothing is trimmed or removed either.
# The named groups are the getters' values: search and hash leave out a lone "?" or "#", whose
# query or fragment is empty (the getters return "" for those).
_SCHEME: Final = r"(?P<scheme>https?|wss?|ftp)"
_HOST: Final = r"(?P<host>(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)"
_PATH: Final = r"(?P<pathname>/[!$%&'()*+,\-./0-9:;=@A-Z\[\]_a-z|~]*)"
_SEARCH: Final = r"(?P<search>(?:\?[!$%&()*+,\-./0-9:;=?@A-Z\[\\\]^_`a-z{|}~]+)?)\??"
_HASH: Final = r"(?P<hash>(?:#[!#$%&'()*+,\-./0-9:;=?@A-Z\[\\\]^_a-z{|}~]+)?)#?"
OWN_HREF_PATTERN: Final = "^" + _SCHEME + "://" + _HOST + _PATH + _SEARCH + _HASH + "$"
# What OWN_HREF_PATTERN lets through that the parser would change: an "xn--" label in the host
# (domain to ASCII decodes and checks it), a dot segment in the path ("." or "..", each dot
# possibly written "%2e" or "%2E"). Plain substring searches, cheaper than a regular
# expression, stand for them: a value holding "xn--", "/." or "%2e" in any case anywhere goes
# the slow way, which is always right.
REJECT_SUBSTRINGS: Final = ("xn--", "/.", "%2e")


def _own_href_mask(values: _Array) -> _Array:
    """True where the shortcut applies (the value is its own href), false elsewhere (null too)."""
    mask = pc.match_substring_regex(values, OWN_HREF_PATTERN)
    for substring in REJECT_SUBSTRINGS:
        mask = pc.and_not(mask, pc.match_substring(values, substring, ignore_case=True))
    filled: _Array = mask.fill_null(False)
    return filled


#: The scalars the kernels take (the stubs want Arrow scalars where pyarrow takes Python values).
_FALSE: Final = pa.scalar(False)
_EMPTY: Final = pa.scalar("", pa.string())


def _replaced(values: _Array, mask: _Array, replacements: _Array) -> _Array:
    """``values`` with the rows where ``mask`` is true replaced, in order, by ``replacements``."""
    replaced: _Array = pc.replace_with_mask(values, mask, replacements)
    return replaced


# --- inputs ---------------------------------------------------------------------------------


def _string_array(values: object, what: str) -> _Values:
    """``values`` as an Arrow array (or chunked array) of type ``string``."""
    if not isinstance(values, pa.Array | pa.ChunkedArray):
        try:
            values = pa.array(values, type=pa.string(), from_pandas=True)  # type: ignore[call-overload]
        except (pa.ArrowException, TypeError, ValueError) as error:
            raise TypeError(f"{what}: not a column of strings ({error})") from None
    assert isinstance(values, pa.Array | pa.ChunkedArray)
    if values.type == pa.string():
        return values
    if pa.types.is_large_string(values.type) or pa.types.is_null(values.type):
        return values.cast(pa.string())
    if pa.types.is_string_view(values.type):
        return values.cast(pa.string())
    raise TypeError(f"{what}: expected a column of strings, not one of {values.type}")


def _chunkwise(function: Callable[[_Array], _Array], values: _Values, type: pa.DataType) -> _Values:
    """``function`` applied to an array, or to each chunk of a chunked array."""
    if isinstance(values, pa.ChunkedArray):
        return _chunked([function(chunk) for chunk in values.chunks], type)
    return function(values)


def _strings(values: _Values) -> StringColumn:
    """A result column of strings, typed as such."""
    return cast("StringColumn", values)


def _booleans(values: _Values) -> BooleanColumn:
    """A result column of booleans, typed as such."""
    return cast("BooleanColumn", values)


def _structs(values: _Values) -> StructColumn:
    """A result column of :data:`PARSE_TYPE` structs, typed as such."""
    return cast("StructColumn", values)


def _chunked(chunks: list[_Array], type: pa.DataType) -> pa.ChunkedArray[Any]:
    """``pa.chunked_array(chunks, type)`` (the stubs' overloads name each type but no other)."""
    return pa.chunked_array(chunks, type=type)  # type: ignore[call-overload, no-any-return]


class _Base:
    """A base URL given once for every row: None, or parsed once (or its failure, kept)."""

    __slots__ = ("failure", "url")

    def __init__(self, base: str | URL | None) -> None:
        self.url: URL | None = None
        self.failure: InvalidURL | None = None
        if isinstance(base, str):
            try:
                self.url = URL(base)
            except InvalidURL as error:
                self.failure = error
        else:
            self.url = base


def _same_base_for_all(base: str | URL | Column | None, rows: int) -> str | URL | _Values | None:
    """``base`` (one base for every row, or None), or a column of bases as an Arrow array, or
    its one value when it holds the same base in every row (as Spark passes a literal): that
    base is then parsed once, as a str base is."""
    if base is None or isinstance(base, str | URL):
        return base
    column = _string_array(base, "base")
    if len(column) != rows:
        raise ValueError(
            f"a column of bases must have one base per row: {len(column)} bases for {rows} rows"
        )
    if rows == 0 or column.null_count > 0:
        return column
    first = column[0]
    same: bool = pc.all(pc.equal(column, first)).as_py()
    return cast(str, first.as_py()) if same else column


# --- parsing distinct values once -----------------------------------------------------------


def _href_row(input: str, base: str | URL | None) -> str | None:
    url = URL.parse(input, base)
    return None if url is None else url.href


#: Whether Arrow's buffers hold little-endian integers here, as columnar_rows.Strings reads them
#: (Arrow writes the machine's order).
_LITTLE_ENDIAN: Final = sys.byteorder == "little"


def _rows_of(chunk: _Array) -> columnar_rows.Strings:
    """An array of type string as the compiled loops read it: its buffers, in place (the part
    of them this array, which may be a slice of a larger one, covers)."""
    length = len(chunk)
    validity, offsets, data = chunk.buffers()
    if (
        length == 0
        or offsets is None
        or (chunk.null_count and validity is None)
        or not _LITTLE_ENDIAN
    ):
        return columnar_rows.strings_of(chunk.to_pylist())
    start = chunk.offset
    offset_bytes = offsets.slice(4 * start, 4 * (length + 1)).to_pybytes()
    bounds = memoryview(offset_bytes).cast("i")
    first, last = bounds[0], bounds[length]
    # Decoded from the buffer as it lies (no copy of it as bytes first).
    text = "" if data is None else codecs.latin_1_decode(data.slice(first, last - first))[0]
    bits = b""
    if chunk.null_count and validity is not None:
        first_byte = start >> 3
        bits = validity.slice(first_byte, ((start + length + 7) >> 3) - first_byte).to_pybytes()
    return columnar_rows.Strings(text, offset_bytes, bits, start & 7, length)


def _mask(indices: list[int], length: int) -> _Array:
    """A boolean array of ``length`` rows: true at ``indices``, false elsewhere."""
    buffer = pa.py_buffer(columnar_rows.mask_bytes(indices, length))
    mask: _Array = pa.Array.from_buffers(pa.uint8(), length, [None, buffer]).cast(pa.bool_())
    return mask


def _distinct_results(
    values: _Array, compute: Callable[[str], Any], type: pa.DataType
) -> tuple[_Array, _Array]:
    """``compute`` on each distinct non-null value: (the results as an array, the indices of each
    row's value among them: null for a null row)."""
    encoded = values.dictionary_encode()
    results = [compute(cast(str, value)) for value in encoded.dictionary.to_pylist()]
    return pa.array(results, type=type), encoded.indices


def _pairs_results(
    values: _Array, bases: _Array, compute: Callable[[str, str], Any], type: pa.DataType
) -> _Array:
    """``compute(value, base)`` for each row, each distinct (value, base) pair once; null where
    the value or the base is null."""
    results: list[Any] = []
    seen: dict[tuple[str, str], int] = {}
    indices: list[int | None] = []
    for value, base in zip(values.to_pylist(), bases.to_pylist(), strict=True):
        if value is None or base is None:
            indices.append(None)
            continue
        key = (value, base)
        index = seen.get(key)
        if index is None:
            index = seen[key] = len(results)
            results.append(compute(value, base))
        indices.append(index)
    return pc.take(pa.array(results, type=type), pa.array(indices, type=pa.int64()))


# --- href, is_valid, join ---------------------------------------------------------------------


def href(urls: Column, base: str | URL | Column | None = None) -> StringColumn:
    """Each value's href (``URL(value, base).href``); null where it is no URL, or null.

    ``base`` is None, one base for every row (a str, parsed once, or a ``URL``), or a column of
    bases, one per row (a null base makes the row null).
    """
    values = _string_array(urls, "urls")
    base = _same_base_for_all(base, len(values))
    if isinstance(base, pa.Array | pa.ChunkedArray):
        return join(base, values)
    fixed = _Base(base)

    def href_of_chunk(chunk: _Array) -> _Array:
        if fixed.failure is not None:
            return pa.nulls(len(chunk), pa.string())
        if COMPILED:
            return _href_by_rows(chunk, fixed.url)
        return _href_by_pattern(chunk, fixed.url)

    return _strings(_chunkwise(href_of_chunk, values, pa.string()))


# The two ways of computing a chunk's results, equal (tests/test_columnar.py): in the compiled
# build, a compiled loop over the rows (columnar_rows, with own_href.scan_own_href); in the pure
# build, where a Python loop is slow, Arrow's kernels for the rows OWN_HREF_PATTERN takes.


def _href_by_rows(chunk: _Array, base: URL | None) -> _Array:
    indices, hrefs = columnar_rows.href_rows(_rows_of(chunk), base)
    if not indices:
        return chunk  # every value is its own href (or null)
    return _replaced_rows(chunk, indices, pa.array(hrefs, pa.string()))


#: Below one replaced row in this many, _replaced_rows copies the runs between them (a mask
#: over every row costs about as much as copying the runs around one row in a hundred).
_FEW_REPLACED: Final = 100


def _replaced_rows(values: _Array, indices: list[int], replacements: _Array) -> _Array:
    """``values`` with the rows at ``indices`` (ascending) replaced, in order, by
    ``replacements``."""
    return _Merge(indices, len(values)).replaced(values, replacements)


def _href_by_pattern(chunk: _Array, base: URL | None) -> _Array:
    slow = pc.and_(pc.is_valid(chunk), pc.invert(_own_href_mask(chunk)))
    results, indices = _distinct_results(
        pc.filter(chunk, slow), lambda value: _href_row(value, base), pa.string()
    )
    return _replaced(chunk, slow, pc.take(results, indices))


def join(bases: str | URL | Column, refs: Column) -> StringColumn:
    """Each reference resolved against the base of its row: ``URL(ref, base).href``, row by row;
    null where that fails or either is null. ``bases`` may also be one base (a str or ``URL``)."""
    refs = _string_array(refs, "refs")
    per_row = _same_base_for_all(bases, len(refs))
    if not isinstance(per_row, pa.Array | pa.ChunkedArray):
        return href(refs, per_row)
    base_values, ref_values, chunked = _aligned(per_row, refs)
    result = _pairs_results(ref_values, base_values, _href_row, pa.string())
    return _strings(_chunked([result], pa.string()) if chunked else result)


def _aligned(bases: Column, values: Column) -> tuple[_Array, _Array, bool]:
    """Two columns as plain arrays of the same length, and whether either was chunked."""
    base_values = _string_array(bases, "base")
    row_values = _string_array(values, "urls")
    chunked = isinstance(base_values, pa.ChunkedArray) or isinstance(row_values, pa.ChunkedArray)
    if isinstance(base_values, pa.ChunkedArray):
        base_values = base_values.combine_chunks()
    if isinstance(row_values, pa.ChunkedArray):
        row_values = row_values.combine_chunks()
    if len(base_values) != len(row_values):
        raise ValueError(
            f"a column of bases must have one base per row: {len(base_values)} bases "
            f"for {len(row_values)} rows"
        )
    return base_values, row_values, chunked


def is_valid(urls: Column, base: str | URL | Column | None = None) -> BooleanColumn:
    """Whether each value parses (``URL.can_parse(value, base)``); null where the value is null
    (or its row's base, for a column of bases)."""
    values = _string_array(urls, "urls")
    base = _same_base_for_all(base, len(values))
    if isinstance(base, pa.Array | pa.ChunkedArray):
        base_values, row_values, chunked = _aligned(base, values)
        result = _pairs_results(row_values, base_values, URL.can_parse, pa.bool_())
        return _booleans(_chunked([result], pa.bool_()) if chunked else result)
    fixed = _Base(base)

    def is_valid_chunk(chunk: _Array) -> _Array:
        if fixed.failure is not None:
            answers: _Array = pc.if_else(pc.is_valid(chunk), _FALSE, pa.scalar(None, pa.bool_()))
            return answers
        if COMPILED:
            return _is_valid_by_rows(chunk, fixed.url)
        return _is_valid_by_pattern(chunk, fixed.url)

    return _booleans(_chunkwise(is_valid_chunk, values, pa.bool_()))


def _is_valid_by_rows(chunk: _Array, base: URL | None) -> _Array:
    indices, answers = columnar_rows.is_valid_rows(_rows_of(chunk), base)
    valid: _Array = pc.if_else(pc.is_valid(chunk), True, pa.scalar(None, pa.bool_()))
    if not indices:
        return valid  # every value is its own href (or null)
    return _replaced(valid, _mask(indices, len(chunk)), pa.array(answers, pa.bool_()))


def _is_valid_by_pattern(chunk: _Array, base: URL | None) -> _Array:
    present = pc.is_valid(chunk)
    slow = pc.and_(present, pc.invert(_own_href_mask(chunk)))
    results, indices = _distinct_results(
        pc.filter(chunk, slow), lambda value: URL.can_parse(value, base), pa.bool_()
    )
    answers = pc.if_else(present, True, pa.scalar(None, pa.bool_()))
    return _replaced(answers, slow, pc.take(results, indices))


# --- parse ------------------------------------------------------------------------------------


def parse(urls: Column, base: str | URL | Column | None = None) -> StructColumn:
    """Each value parsed (``URL(value, base)``): a struct of :data:`PARSE_FIELDS` per row.

    For a URL, the getters' values and a null ``error``; for a value that is no URL, the name of
    the validation error that made parsing fail in ``error`` (for a base that is no URL, the
    base's) and the other fields null; for a null value (or a null base in a column of bases), a
    null struct. ``base`` as for :func:`href`.
    """
    values = _string_array(urls, "urls")
    base = _same_base_for_all(base, len(values))
    if isinstance(base, pa.Array | pa.ChunkedArray):
        base_values, row_values, chunked = _aligned(base, values)
        rows = _pairs_results(row_values, base_values, row_of, PARSE_TYPE)
        result = _null_where(cast(pa.StructArray, rows), pc.is_null(rows))
        return _chunked([result], PARSE_TYPE) if chunked else result
    fixed = _Base(base)

    def parse_chunk(chunk: _Array) -> _Array:
        return _parse_chunk(chunk, fixed)

    return _structs(_chunkwise(parse_chunk, values, PARSE_TYPE))


def hostname(urls: Column, base: str | URL | Column | None = None) -> StringColumn:
    """Each value's hostname (``URL(value, base).hostname``, the host serialized: "" for a URL
    with an empty or no host); null where the value is no URL, or null. ``base`` as for
    :func:`href`. The same as ``parse(urls, base).field("hostname")``, computing no other
    field."""
    values = _string_array(urls, "urls")
    per_row = _same_base_for_all(base, len(values))
    if isinstance(per_row, pa.Array | pa.ChunkedArray):
        parsed: _Values = parse(values, per_row)
        return _strings(pc.struct_field(parsed, "hostname"))
    fixed = _Base(per_row)

    def hostname_of_chunk(chunk: _Array) -> _Array:
        if fixed.failure is not None:
            return pa.nulls(len(chunk), pa.string())
        if COMPILED:
            return _hostname_by_rows(chunk, fixed.url)
        return _hostname_by_pattern(chunk, fixed.url)

    return _strings(_chunkwise(hostname_of_chunk, values, pa.string()))


def _hostname_by_rows(chunk: _Array, base: URL | None) -> _Array:
    return pa.array(columnar_rows.hostname_rows(_rows_of(chunk), base), pa.string())


def _hostname_row(input: str, base: URL | None) -> str | None:
    url = URL.parse(input, base)
    return None if url is None else url.hostname


def _hostname_by_pattern(chunk: _Array, base: URL | None) -> _Array:
    slow = pc.and_(pc.is_valid(chunk), pc.invert(_own_href_mask(chunk)))
    results, indices = _distinct_results(
        pc.filter(chunk, slow), lambda value: _hostname_row(value, base), pa.string()
    )
    # OWN_HREF_PATTERN's URLs are scheme "://" host "/" ...: the host is what lies between.
    _, host_and_path = _split_once(chunk, "://")
    host, _ = _split_once(host_and_path, "/")
    return _replaced(host, slow, pc.take(results, indices))


def _parse_chunk(chunk: _Array, fixed: _Base) -> _Array:
    if fixed.failure is not None:
        error = error_name(fixed.failure)
        rows = pa.array([(*_INVALID_ROW_PREFIX, error)] * len(chunk), type=PARSE_TYPE)
        return _null_where(cast(pa.StructArray, rows), pc.is_null(chunk))
    if COMPILED and _LITTLE_ENDIAN:  # (the offsets are written as little-endian int32 pairs)
        return _parse_by_rows(chunk, fixed.url)
    return _parse_by_pattern(chunk, fixed.url)


def _parse_by_rows(chunk: _Array, base: URL | None) -> _Array:
    length = len(chunk)
    if length == 0:
        empty: _Array = pa.array([], PARSE_TYPE)
        return empty
    if chunk.buffers()[1] is None:  # (an array without buffers: made anew, with them)
        chunk = pa.array(chunk.to_pylist(), pa.string())
    rows = columnar_rows.parse_rows(_rows_of(chunk), base)
    present = pc.is_valid(chunk)
    # The column of hrefs (columnar_rows.ParsedRows), whose rows the parts are cut out of.
    hrefs = chunk
    if rows.href_indices:
        hrefs = _replaced_rows(chunk, rows.href_indices, pa.array(rows.hrefs, pa.string()))
    fields = _parsed_fields(hrefs, rows)
    merged = [fields[name] for name in PARSE_FIELDS]
    return pa.StructArray.from_arrays(merged, fields=list(PARSE_TYPE), mask=pc.invert(present))


def _parsed_fields(hrefs: _Array, rows: columnar_rows.ParsedRows) -> dict[str, _Array]:
    """Every field of :func:`parse`'s struct, with no Python string per field: each getter's
    value cut out of the row's href in ``hrefs`` (the column of hrefs of
    columnar_rows.ParsedRows) where the offsets of its parts, ``rows.spans``, say, or, for the
    other rows (``rows.other_rows``, given by the scalar API), where the value lies in the
    href (:class:`_OtherRows`). Null rows, and rows that are no URL, are null (but their
    ``error``).

    A string array is a data buffer and the offsets where each value starts and ends: with,
    for each row, where a field's value starts and ends in the data of ``hrefs``, the values
    and the bytes between them (from a row's value to the next row's) are one array of
    ``2 * len(hrefs) - 1`` values over that data (no byte copied), of which the field takes
    every second value (the bytes of its values are copied, by Arrow's ``take``). The offsets
    are :func:`field_bounds`.
    """
    length = len(hrefs)
    data = hrefs.buffers()[2]
    bounds = field_bounds(hrefs, rows.spans)
    others = _OtherRows(rows, length) if rows.other_indices else None
    if others is not None:
        others.place(hrefs, bounds)
    validity = pc.is_valid(hrefs).buffers()[1] if hrefs.null_count else None
    # Every second value (the fields'), null where the href is null.
    picks = pa.Array.from_buffers(pa.int32(), length, [validity, _even_numbers(length)])

    def cut(name: str) -> _Array:
        values = pa.Array.from_buffers(
            pa.string(), 2 * length - 1, [None, _buffer(bounds[name]), data]
        )
        result: _Array = pc.take(values, picks, boundscheck=False)
        if others is not None:
            result = others.mend(result, name)
        return result

    hostname = cut("hostname")
    # §4.7: the origin of a special URL but file: is its tuple's serialization, scheme "://"
    # host (an own href has no port): the href up to its path; any other URL's is opaque,
    # "null" (blob: URLs, whose origin is their path's, are among the other rows).
    origin = cut("origin")
    if rows.opaque_origins:
        opaque = pa.repeat(_NULL_ORIGIN, len(rows.opaque_origins))
        origin = _replaced_rows(origin, rows.opaque_origins, opaque)
    # §3.2: null unless the host is a domain: a special URL's (each distinct one looked up once;
    # the other rows' are their own).
    hosts = hostname
    no_domain = rows.not_special
    if others is not None:
        no_domain = sorted(no_domain + rows.other_indices)
    if no_domain:
        hosts = _replaced_rows(hosts, no_domain, pa.nulls(len(no_domain), pa.string()))
    registrable_domain = _registrable_domain_column(hosts.dictionary_encode())
    # Own hrefs: no credentials, no port ("", null for a null row); no error.
    empty = pa.Array.from_buffers(
        pa.string(), length, [validity, pa.py_buffer(bytes(4 * (length + 1))), _NO_BYTES]
    )
    fields = {
        "href": hrefs,
        "protocol": cut("protocol"),
        "username": empty,
        "password": empty,
        "host": hostname,
        "hostname": hostname,
        "port": empty,
        "pathname": cut("pathname"),
        "search": cut("search"),
        "hash": cut("hash"),
        "origin": origin,
        "registrable_domain": registrable_domain,
        "error": pa.nulls(length, pa.string()),
    }
    if others is not None:
        for name in _OtherRows.MERGED:
            fields[name] = others.merged(fields[name], name)
    return fields


class _OtherRows:
    """The rows of :func:`parse`'s struct that the scalar API gave whole (``ParsedRows.
    other_rows``: a URL with a port or credentials, a blob: URL, one whose href is too long for
    packed offsets, a value that is no URL), and how their values get into the columns.

    Their href is in the column of hrefs, and most of their fields' values lie in it (the
    getters' values are parts of the href, but a blob: URL's origin, or a URL's with
    credentials): such a value is cut out of the href as an own href's are (:meth:`place` sets
    its offsets where it lies). The other values, and the fields an own href has no part for
    (:data:`MERGED`), replace the values of these rows in the column (:meth:`mend`,
    :meth:`merged`), in runs of rows. A row that is no URL has a null href: its fields are null.
    """

    #: The fields whose values are not cut out of the href: for an own href, the host is its
    #: hostname, the registrable domain comes from the hostname, the others are constant.
    MERGED: Final = ("username", "password", "host", "port", "registrable_domain", "error")

    def __init__(self, rows: columnar_rows.ParsedRows, length: int) -> None:
        self.indices = rows.other_indices
        self.rows = rows.other_rows
        self.length = length
        #: Per cut field, the other rows whose value does not lie in their href, and the value.
        self.misses: dict[str, tuple[list[int], list[str | None]]] = {}

    def place(self, hrefs: _Array, bounds: Mapping[str, _Array]) -> None:
        """Set the offsets of each cut field of each other row (``bounds``, from
        :func:`field_bounds`) where its value lies in the row's href, in ``hrefs``' data; note
        the values that do not lie there."""
        offsets = hrefs.buffers()[1]
        assert offsets is not None
        # (The offsets just computed, held only here: set in place.)
        views = [
            (name, PARSE_FIELDS.index(name), memoryview(_buffer(bounds[name])))
            for name in CUT_FIELDS
        ]
        href_field = PARSE_FIELDS.index("href")
        for index, row in zip(self.indices, self.rows, strict=True):
            href = row[href_field]
            if href is None:
                continue  # no URL: its href is null, and so are its fields
            encoded = href.encode("utf-8")
            (start,) = _INT32.unpack_from(offsets, 4 * (hrefs.offset + index))
            for name, field, view in views:
                value = cast(str, row[field])
                encoded_value = value.encode("utf-8")
                at = encoded.find(encoded_value)
                if at < 0:
                    indices, values = self.misses.setdefault(name, ([], []))
                    indices.append(index)
                    values.append(value)
                    continue
                end = start + at + len(encoded_value)
                _INT32_PAIR.pack_into(view, 8 * index, start + at, end)

    def mend(self, values: _Array, name: str) -> _Array:
        """The column of cut field ``name``, with the values that do not lie in the href."""
        miss = self.misses.get(name)
        if miss is None:
            return values
        indices, replacements = miss
        return _replaced_rows(values, indices, pa.array(replacements, pa.string()))

    def merged(self, values: _Array, name: str) -> _Array:
        """``values`` with the other rows' values of field ``name`` in their rows."""
        field = PARSE_FIELDS.index(name)
        replacements = pa.array([row[field] for row in self.rows], pa.string())
        return _replaced_rows(values, self.indices, replacements)


_INT32: Final = struct.Struct("<i")
_INT32_PAIR: Final = struct.Struct("<ii")


#: The fields :func:`field_bounds` cuts out of an own href.
CUT_FIELDS: Final = ("protocol", "hostname", "pathname", "search", "hash", "origin")


def field_bounds(hrefs: _Array, spans: list[int]) -> dict[str, _Array]:
    """For each of :data:`CUT_FIELDS`, where its value starts and ends in each row of
    ``hrefs``, in its data buffer: an array of int64 whose buffer holds these ``2 *
    len(hrefs)`` offsets as int32, each start then its end (little-endian, as _parse_by_rows
    requires). The row of length ``length`` whose parts' offsets are ``spans``
    (own_href.pack_spans; 0 and length 0 for a row with no parts) has:

    * protocol: from its start to the protocol's end;
    * hostname: from the host's start to the path's start (empty when there is no host);
    * pathname: from the path's start to the "?" or "#" after it, else the end;
    * search: from that "?" to where the fragment or the end is, but empty (an empty range
      where the search ends) when the query is null or empty (nothing or a lone "?");
    * hash: from that "#" to the end, but empty when the fragment is null or empty;
    * origin: from its start to the path's start (the origin of a special URL but file:).

    Computed for all rows at once by Arrow's kernels from the packed offsets (one int a row).
    """
    length = len(hrefs)
    bounds = pa.Array.from_buffers(
        pa.int32(), length + 1, [None, hrefs.buffers()[1]], offset=hrefs.offset
    ).cast(pa.int64())
    starts, ends = bounds.slice(0, length), bounds.slice(1)
    size = pc.subtract(ends, starts)
    # (struct converts the ints in half array.array's time, a third of pa.array's; written
    # little-endian, as Arrow reads them here: _parse_by_rows.)
    packed = pa.Array.from_buffers(
        pa.int64(), length, [None, pa.py_buffer(struct.pack(f"<{length}q", *spans))]
    )

    def offset(number: int) -> _Array:
        # The number-th of the packed offsets (own_href.unpack_spans).
        if number == 0:
            first: _Array = pc.bit_wise_and(packed, _SPAN_MASK)
            return first
        shifted = pc.shift_right(packed, pa.scalar(number * SPAN_BITS, pa.int64()))
        if number == 4:
            return shifted
        field: _Array = pc.bit_wise_and(shifted, _SPAN_MASK)
        return field

    def unless_zero(values: _Array, otherwise: _Array) -> _Array:
        # values, but otherwise where values is 0 (an absent part).
        chosen: _Array = pc.if_else(pc.equal(values, _ZERO), otherwise, values)
        return chosen

    def unless_lone(start: _Array, end: _Array) -> _Array:
        # Where a getter's value from start to end ends: at start when it is one code point
        # or none (a lone "?" or "#", or a null query or fragment: the value is ""), else at
        # end.
        chosen: _Array = pc.if_else(pc.less_equal(pc.subtract(end, start), _ONE_64), start, end)
        return chosen

    path_start = offset(2)
    fragment_or_end = unless_zero(offset(4), size)
    path_end = unless_zero(offset(3), fragment_or_end)
    # The pairs, relative to the row's start (every offset below 2**31: no carry), and the
    # row's start added to both at once.
    twice_starts = _pairs(starts, starts)
    ending_at_path = pc.shift_left(path_start, _THIRTY_TWO)  # (two fields end there)
    relative = {
        "protocol": pc.shift_left(offset(0), _THIRTY_TWO),
        "hostname": pc.bit_wise_or(unless_zero(offset(1), path_start), ending_at_path),
        "pathname": _pairs(path_start, path_end),
        "search": _pairs(path_end, unless_lone(path_end, fragment_or_end)),
        "hash": _pairs(fragment_or_end, unless_lone(fragment_or_end, size)),
        "origin": ending_at_path,
    }
    return {name: pc.add(twice_starts, pairs) for name, pairs in relative.items()}


def _pairs(firsts: _Array, seconds: _Array) -> _Array:
    """Two arrays of int64 offsets below 2**31, as one of int64 whose buffer holds them as int32,
    each first then its second (little-endian, as _parse_by_rows requires)."""
    pairs: _Array = pc.bit_wise_or(firsts, pc.shift_left(seconds, _THIRTY_TWO))
    return pairs


def _registrable_domain_column(hosts: pa.DictionaryArray[Any, Any]) -> _Array:
    """The registrable domain of each host of own hrefs of special schemes (columnar_rows.
    registrable_domain_starts), each distinct host looked up once, where it lies in the
    dictionary's data: the dictionary's hosts are each cut in two parts, the part before the
    registrable domain and the registrable domain (null when there is none), and each row
    takes its host's second part."""
    dictionary = hosts.dictionary
    count = len(dictionary)
    if count == 0:
        return pa.nulls(len(hosts), pa.string())
    starts = columnar_rows.registrable_domain_starts(_rows_of(dictionary))
    bounds = pa.Array.from_buffers(
        pa.int32(), count + 1, [None, dictionary.buffers()[1]], offset=dictionary.offset
    ).cast(pa.int64())
    begins, ends = bounds.slice(0, count), bounds.slice(1)
    within = pa.Array.from_buffers(
        pa.int64(), count, [None, pa.py_buffer(struct.pack(f"<{count}q", *starts))]
    )
    none = pc.less(within, _ZERO)
    domain_begins = pc.if_else(none, ends, pc.add(begins, within))
    pairs = pa.concat_arrays([_pairs(begins, domain_begins), bounds.slice(count)])
    parts = pa.Array.from_buffers(
        pa.string(), 2 * count, [None, _buffer(pairs), dictionary.buffers()[2]]
    )
    # Each host's second part, but none where the host has no registrable domain.
    second = pc.if_else(none, _NO_INDEX, pc.add(_multiples(2, count), _ONE))
    domains: _Array = pc.take(parts, pc.take(second, hosts.indices), boundscheck=False)
    return domains


_SPAN_MASK: Final = pa.scalar(PROTOCOL_END_MASK, pa.int64())
_ZERO: Final = pa.scalar(0, pa.int64())
_ONE_64: Final = pa.scalar(1, pa.int64())
_THIRTY_TWO: Final = pa.scalar(32, pa.int64())
_NO_INDEX: Final = pa.scalar(None, pa.int32())
_NULL_ORIGIN: Final = pa.scalar("null", pa.string())
_NO_BYTES: Final = pa.py_buffer(b"")
#: _even_numbers' answers for the last few lengths (a Spark batch's length recurs), up to
#: _LONGEST_KEPT rows (4 bytes a row, 512 KiB at most for each of four lengths: a longer array's
#: are made again, not kept for the life of the process).
_EVEN_NUMBERS: dict[int, pa.Buffer] = {}
_LONGEST_KEPT: Final = 1 << 17


def _even_numbers(length: int) -> pa.Buffer:
    """The buffer of the first ``length`` even numbers, int32: 0, 2, 4, ..."""
    evens = _EVEN_NUMBERS.get(length)
    if evens is None:
        if len(_EVEN_NUMBERS) >= 4:
            _EVEN_NUMBERS.clear()
        evens = _buffer(_multiples(2, length))
        if length <= _LONGEST_KEPT:
            _EVEN_NUMBERS[length] = evens
    return evens


def _multiples(step: int, count: int) -> _Array:
    """``count`` multiples of ``step`` (int32): 0, step, 2 * step, ..."""
    steps = pa.repeat(pa.scalar(step, pa.int32()), count)
    multiples: _Array = pc.subtract(pc.cumulative_sum(steps), pa.scalar(step, pa.int32()))
    return multiples


def _buffer(values: _Array) -> pa.Buffer:
    """The data buffer of an array of numbers."""
    buffer = values.buffers()[1]
    assert buffer is not None
    return buffer


_ONE: Final = pa.scalar(1, pa.int32())


class _Merge:
    """Replaces the rows at ``indices`` (ascending) of columns of ``length`` rows, in order, by
    values of their own: by a mask over every row, or, for a few rows, by copying the runs of
    rows between them (cheaper than a mask over every row)."""

    def __init__(self, indices: list[int], length: int, few: int = _FEW_REPLACED) -> None:
        """``few``: below one row at ``indices`` in this many, the runs are copied."""
        self.indices = indices
        self.mask = _mask(indices, length) if len(indices) * few > length else None

    def replaced(self, values: _Array, replacements: _Array) -> _Array:
        if self.mask is not None:
            return _replaced(values, self.mask, replacements)
        pieces: list[_Array] = []
        previous = 0
        for position, index in enumerate(self.indices):
            if index > previous:
                pieces.append(values.slice(previous, index - previous))
            pieces.append(replacements.slice(position, 1))
            previous = index + 1
        if previous < len(values):
            pieces.append(values.slice(previous))
        joined: _Array = pa.concat_arrays(pieces)
        return joined


def _parse_by_pattern(chunk: _Array, base: URL | None) -> _Array:
    absent = pc.is_null(chunk)
    fast = _own_href_mask(chunk)
    slow = pc.and_(pc.invert(absent), pc.invert(fast))
    slow_rows, indices = _distinct_results(
        pc.filter(chunk, slow), lambda value: row_of(value, base), PARSE_TYPE
    )
    slow_rows = pc.take(slow_rows, indices)
    fields = _fast_fields(chunk)
    # The registrable domain of the shortcut's rows: their hosts are domains.
    fast_domains = _registrable_domains_of_domains(pc.filter(fields["hostname"], fast))
    fields["registrable_domain"] = pc.replace_with_mask(
        fields["registrable_domain"], fast, fast_domains
    )
    merged = [
        _replaced(fields[name], slow, cast(pa.StructArray, slow_rows).field(name))
        for name in PARSE_FIELDS
    ]
    return _null_where(pa.StructArray.from_arrays(merged, fields=list(PARSE_TYPE)), absent)


def _fast_fields(chunk: _Array) -> dict[str, _Array]:
    """Every field of :func:`parse`'s struct, for the rows that OWN_HREF_PATTERN matches (the
    other rows hold placeholders, to be replaced): the getters' values of a URL that is its own
    href, whose scheme is special, and which has no credentials and no port.

    Such a URL is scheme "://" host path ["?" query] ["#" fragment], with no "?" or "#" before the
    query and no "#" before the fragment: cutting it at the first "#", then "?", "://" and "/"
    gives its parts (string kernels; ``extract_regex`` is several times slower).
    """
    before_fragment, fragment = _split_once(chunk, "#")
    before_query, query = _split_once(before_fragment, "?")
    scheme, host_and_path = _split_once(before_query, "://")
    host, path_after_slash = _split_once(host_and_path, "/")
    protocol = _concat(scheme, ":")
    empty = pa.array([""] * len(chunk), type=pa.string())
    return {
        "href": chunk,
        "protocol": protocol,
        "username": empty,
        "password": empty,
        "host": host,
        "hostname": host,
        "port": empty,
        "pathname": _concat("/", path_after_slash),
        # The getters give "" for an empty query or fragment, else "?" query / "#" fragment.
        "search": pc.if_else(pc.equal(query, _EMPTY), _EMPTY, _concat("?", query)),
        "hash": pc.if_else(pc.equal(fragment, _EMPTY), _EMPTY, _concat("#", fragment)),
        # §4.7: the origin of a special URL other than file: is the tuple (scheme, host, port);
        # its serialization is scheme "://" host when the port is null.
        "origin": _concat(protocol, "//", host),
        "registrable_domain": pa.nulls(len(chunk), pa.string()),  # see _parse_chunk
        "error": pa.nulls(len(chunk), pa.string()),
    }


def _registrable_domains_of_domains(domains: _Array) -> _Array:
    """The registrable domain of each serialized domain (§3.2), each distinct one once, as
    ``URL.registrable_domain`` finds it for a URL whose host is a domain."""
    find = default_list().registrable_domain_of_domain
    results, indices = _distinct_results(domains, find, pa.string())
    return pc.take(results, indices)


def _split_once(values: _Array, separator: str) -> tuple[_Array, _Array]:
    """Each value cut at its first ``separator``: what comes before it (the whole value when
    there is none) and what comes after it ("" when there is none)."""
    # With the separator appended, every value has one, and the part after the first one ends
    # with the appended copy.
    parts = pc.split_pattern(_concat(values, separator), separator, max_splits=1)
    after = pc.utf8_slice_codeunits(pc.list_element(parts, 1), 0, -len(separator))
    return pc.list_element(parts, 0), after


def _concat(*strings: _Array | str) -> _Array:
    """The strings (arrays, or one str for every row) joined row by row."""
    return pc.binary_join_element_wise(*strings, "")  # type: ignore[call-overload, no-any-return]


def _null_where(rows: _Struct, absent: _Array) -> _Struct:
    """``rows`` with the rows where ``absent`` is true null, their fields null too."""
    absent = absent.fill_null(True)
    null = pa.scalar(None, pa.string())
    fields = [pc.if_else(absent, null, rows.field(name)) for name in PARSE_FIELDS]
    return pa.StructArray.from_arrays(fields, fields=list(PARSE_TYPE), mask=absent)


# --- canonicalize ------------------------------------------------------------------------------


@overload
def canonicalize(
    urls: Column, profile: Literal["whatwg", "ssurt"] = "whatwg", *, base: str | URL | None = None
) -> StringColumn: ...
@overload
def canonicalize(
    urls: Column,
    profile: Literal["dedup"],
    *,
    base: str | URL | None = None,
    **options: Unpack[DedupOptions],
) -> StringColumn: ...
@overload
def canonicalize(
    urls: Column,
    profile: Literal["safebrowsing"],
    *,
    base: str | URL | None = None,
    **options: Unpack[SafebrowsingOptions],
) -> StringColumn: ...
@overload
def canonicalize(
    urls: Column,
    profile: Literal["surt"],
    *,
    base: str | URL | None = None,
    **options: Unpack[SurtOptions],
) -> StringColumn: ...
def canonicalize(
    urls: Column, profile: str = "whatwg", *, base: str | URL | None = None, **options: object
) -> StringColumn:
    """Each value in the form of ``profile`` (``urlspec.canonicalize(value, profile, base=base,
    **options)``: whatwg, dedup, safebrowsing, surt, ssurt; see docs/canonicalization.md);
    null where the value is no URL to the profile, or null. Each distinct value is
    canonicalized once; ``whatwg`` without options is :func:`href`, with its shortcut.

    The options are typed per profile, as ``urlspec.canonicalize``'s. An unknown profile is
    ValueError, an option the profile does not take TypeError, at once.
    """
    return canonicalize_as(urls, profile, base, options)


def canonicalize_as(
    urls: Column, profile: str, base: str | URL | None, options: Mapping[str, object]
) -> StringColumn:
    """:func:`canonicalize` for a profile name known only at run time (a column's value, a
    command line's option): the same checks, made when called."""
    from urlspec.canonical import PROFILES
    from urlspec.canonical import canonicalize_as as scalar_canonicalize

    if profile not in PROFILES:
        raise ValueError(f"unknown canonicalization profile {profile!r}: one of {PROFILES}")
    if profile == "whatwg" and not options:
        return href(urls, base)
    values = _string_array(urls, "urls")
    fixed = _Base(base)
    # The options are checked on a URL, before any row (the profiles check them when called).
    scalar_canonicalize("https://example.com/", profile, None, options)

    def convert(value: str) -> str | None:
        if fixed.failure is not None:
            return None
        try:
            return scalar_canonicalize(value, profile, fixed.url, options)
        except InvalidURL:
            return None

    def convert_chunk(chunk: _Array) -> _Array:
        results, indices = _distinct_results(chunk, convert, pa.string())
        return pc.take(results, indices)

    return _strings(_chunkwise(convert_chunk, values, pa.string()))


# --- hosts ------------------------------------------------------------------------------------


def registrable_domain(hosts: Column, *, include_private: bool = True) -> StringColumn:
    """Each host's registrable domain (§3.2, ``urlspec.registrable_domain``), in A-labels; null
    where it has none (an IP address, a public suffix), where the value is no host, or null.
    ``include_private=False`` ignores the Public Suffix List's private section. Each distinct
    host is looked up once."""
    values = _string_array(hosts, "hosts")

    def find(host: str) -> str | None:
        try:
            return scalar_registrable_domain(host, include_private=include_private)
        except InvalidHost:
            return None

    def find_in_chunk(chunk: _Array) -> _Array:
        results, indices = _distinct_results(chunk, find, pa.string())
        return pc.take(results, indices)

    return _strings(_chunkwise(find_in_chunk, values, pa.string()))


def domain_to_ascii(hosts: Column, be_strict: bool = False) -> StringColumn:
    """Each domain to ASCII (§3.3, ``urlspec.domain_to_ascii``); null where it fails, or null.
    Each distinct domain is converted once."""
    values = _string_array(hosts, "hosts")

    def convert(domain: str) -> str | None:
        try:
            return scalar_domain_to_ascii(domain, be_strict)
        except InvalidDomain:
            return None

    def convert_chunk(chunk: _Array) -> _Array:
        results, indices = _distinct_results(chunk, convert, pa.string())
        return pc.take(results, indices)

    return _strings(_chunkwise(convert_chunk, values, pa.string()))


# --- URLPattern -------------------------------------------------------------------------------

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Mapping

    from urlspec.urlpattern import URLPattern

__all__ += ["url_pattern_test"]


def url_pattern_test(
    urls: Column, pattern: str | Mapping[str, str] | URLPattern, base: str | None = None
) -> BooleanColumn:
    """Whether each value matches ``pattern`` (``URLPattern(pattern).test(value, base)``, see
    docs/urlpattern.md): a URLPattern, or a constructor string or dict compiled once. False
    where the value is no URL; null where it is null. Each distinct value is tested once."""
    from urlspec.urlpattern import URLPattern

    compiled = pattern if isinstance(pattern, URLPattern) else URLPattern(pattern)
    values = _string_array(urls, "urls")

    def test(value: str) -> bool:
        return compiled.test(value, base)

    def test_chunk(chunk: _Array) -> _Array:
        results, indices = _distinct_results(chunk, test, pa.bool_())
        return pc.take(results, indices)

    return _booleans(_chunkwise(test_chunk, values, pa.bool_()))
