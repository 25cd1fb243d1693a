"""The URL functions of :mod:`urlspec.columnar` as Apache Spark column functions and SQL functions.

Each function here returns a Spark ``Column`` computed by an Arrow UDF (``pyspark`` 4.1+,
``pyspark.sql.functions.arrow_udf``): Spark hands each batch of rows to the Python worker as
Arrow arrays, :mod:`urlspec.columnar` computes the batch's results as Arrow arrays, and they go
back to the JVM without one Python object per row on the way. So the results are the scalar
API's, row for row (``URL(input, base)`` and its getters), as ``urlspec.columnar`` guarantees.

Needs the ``spark`` extra (``pip install 'urlspec[spark]'``) on the driver, and urlspec with its
requirements, pyarrow and pandas on every executor (see docs/spark.md: a packed virtual
environment shipped with ``--archives``, or urlspec installed on the nodes);
``import urlspec`` imports neither pyspark nor pyarrow.

Arguments: a column is a ``Column`` or a column name (a str), as in ``pyspark.sql.functions``;
a ``base`` is a ``Column`` (one base per row) or a str (one base URL for every row).
:func:`register` makes the same functions available to Spark SQL: ``url_parse``, ``url_href``,
``url_hostname``, ``url_join``, ``url_is_valid``, ``url_domain_to_ascii``, ``url_canonicalize``,
``url_registrable_domain``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, Unpack, overload

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import Column, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas.functions import arrow_udf
from pyspark.sql.types import BooleanType, DataType, StringType, StructField, StructType

from urlspec.engines import columnar

if TYPE_CHECKING:
    from urlspec.canonical.options import DedupOptions, SafebrowsingOptions, SurtOptions

__all__ = [
    "PARSE_SCHEMA",
    "canonicalize",
    "domain_to_ascii",
    "hostname",
    "href",
    "is_valid",
    "join",
    "parse",
    "register",
    "registrable_domain",
]

#: The Spark SQL type of :func:`parse`'s struct column (the fields of ``columnar.PARSE_FIELDS``).
#: (DataType objects, not DDL strings: parsing DDL needs a Spark session, which the Python
#: workers that import this module to run the UDFs do not have.)
PARSE_SCHEMA: Final = StructType([StructField(f, StringType()) for f in columnar.PARSE_FIELDS])

#: A column argument: a Column or a column name. (An explicit alias: without pyspark installed,
#: Column is Any to mypy, and a plain assignment would not be a type.)
ColumnOrName: TypeAlias = "Column | str"
#: An Arrow array, as the UDFs' type hints name it: pyspark reads the hints at run time, where
#: pyarrow's classes cannot be subscripted (mypy reads it as ``pa.Array[Any]``).
if TYPE_CHECKING:
    ArrowArray: TypeAlias = pa.Array[Any]
else:
    ArrowArray = pa.Array


def _column(column: ColumnOrName) -> Column:
    return F.col(column) if isinstance(column, str) else column


def _udf(
    function: Callable[..., ArrowArray], return_type: DataType, name: str
) -> Callable[..., Column]:
    """A scalar Arrow UDF named ``name``: arrays in, one array out, as the type hints of
    ``function`` say (pyspark reads them)."""
    function.__name__ = name
    # pyspark's stubs ask for the UDF type argument, which pyspark itself, given type hints,
    # warns against; hence the call through a plain Callable.
    make_udf: Callable[..., Callable[..., Column]] = arrow_udf
    return make_udf(function, return_type)


# Each batch arrives as pyarrow arrays; urlspec.engines.columnar takes them as they are, and returns
# arrays for arrays.


def _array(column: pa.Array[Any] | pa.ChunkedArray[Any]) -> ArrowArray:
    """A result of urlspec.engines.columnar for an array: an array."""
    assert isinstance(column, pa.Array)
    return column


def _parse_one(urls: ArrowArray) -> ArrowArray:
    return _array(columnar.parse(urls))


def _parse_with_bases(urls: ArrowArray, bases: ArrowArray) -> ArrowArray:
    return _array(columnar.parse(urls, bases))


def _href_one(urls: ArrowArray) -> ArrowArray:
    return _array(columnar.href(urls))


def _hostname_one(urls: ArrowArray) -> ArrowArray:
    return _array(columnar.hostname(urls))


def _hostname_with_bases(urls: ArrowArray, bases: ArrowArray) -> ArrowArray:
    return _array(columnar.hostname(urls, bases))


def _join(bases: ArrowArray, refs: ArrowArray) -> ArrowArray:
    return _array(columnar.join(bases, refs))


def _is_valid_one(urls: ArrowArray) -> ArrowArray:
    return _array(columnar.is_valid(urls))


def _is_valid_with_bases(urls: ArrowArray, bases: ArrowArray) -> ArrowArray:
    return _array(columnar.is_valid(urls, bases))


def _domain_to_ascii(hosts: ArrowArray) -> ArrowArray:
    return _array(columnar.domain_to_ascii(hosts))


def _domain_to_ascii_strict(hosts: ArrowArray) -> ArrowArray:
    return _array(columnar.domain_to_ascii(hosts, be_strict=True))


def _registrable_domain(hosts: ArrowArray) -> ArrowArray:
    return _array(columnar.registrable_domain(hosts))


def _registrable_domain_icann(hosts: ArrowArray) -> ArrowArray:
    return _array(columnar.registrable_domain(hosts, include_private=False))


def _canonicalize_with_profiles(urls: ArrowArray, profiles: ArrowArray) -> ArrowArray:
    """Each URL in the form of its row's profile (null for a null profile)."""
    result: ArrowArray = pa.nulls(len(urls), pa.string())
    for profile in pc.unique(profiles).to_pylist():
        if profile is None:
            continue
        rows: ArrowArray = pc.equal(profiles, pa.scalar(profile, pa.string())).fill_null(False)
        canonical = columnar.canonicalize_as(pc.filter(urls, rows), profile, None, {})
        result = pc.replace_with_mask(result, rows, _array(canonical))
    return result


_PARSE: Final = _udf(_parse_one, PARSE_SCHEMA, "url_parse")
_PARSE_WITH_BASES: Final = _udf(_parse_with_bases, PARSE_SCHEMA, "url_parse")
_HREF: Final = _udf(_href_one, StringType(), "url_href")
_JOIN: Final = _udf(_join, StringType(), "url_join")
_HOSTNAME: Final = _udf(_hostname_one, StringType(), "url_hostname")
_HOSTNAME_WITH_BASES: Final = _udf(_hostname_with_bases, StringType(), "url_hostname")
_IS_VALID: Final = _udf(_is_valid_one, BooleanType(), "url_is_valid")
_IS_VALID_WITH_BASES: Final = _udf(_is_valid_with_bases, BooleanType(), "url_is_valid")
_DOMAIN_TO_ASCII: Final = _udf(_domain_to_ascii, StringType(), "url_domain_to_ascii")
_DOMAIN_TO_ASCII_STRICT: Final = _udf(_domain_to_ascii_strict, StringType(), "url_domain_to_ascii")
_REGISTRABLE_DOMAIN: Final = _udf(_registrable_domain, StringType(), "url_registrable_domain")
_REGISTRABLE_DOMAIN_ICANN: Final = _udf(
    _registrable_domain_icann, StringType(), "url_registrable_domain"
)
_CANONICALIZE: Final = _udf(_canonicalize_with_profiles, StringType(), "url_canonicalize")


def _base_column(base: Column | str) -> Column:
    """A base as a column: a ``Column`` as it is, a str as the literal base URL of every row."""
    return base if isinstance(base, Column) else F.lit(base)


def parse(urls: ColumnOrName, base: Column | str | None = None) -> Column:
    """``URL(url, base)`` per row, as a struct column (:data:`PARSE_SCHEMA`): the getters'
    values and a null ``error``, or, for a value that is no URL, null getters and the name of
    the validation error that made parsing fail; null for a null value (or base)."""
    if base is None:
        return _PARSE(_column(urls))
    return _PARSE_WITH_BASES(_column(urls), _base_column(base))


def href(urls: ColumnOrName, base: Column | str | None = None) -> Column:
    """``URL(url, base).href`` per row; null where the value is no URL, or null."""
    if base is None:
        return _HREF(_column(urls))
    return _JOIN(_base_column(base), _column(urls))


def hostname(urls: ColumnOrName, base: Column | str | None = None) -> Column:
    """``URL(url, base).hostname`` per row (the host serialized, as browsers give it: "" for a
    URL with an empty or no host); null where the value is no URL, or null. The same as
    ``parse(urls, base).hostname``, several times faster: it computes no other field."""
    if base is None:
        return _HOSTNAME(_column(urls))
    return _HOSTNAME_WITH_BASES(_column(urls), _base_column(base))


def join(bases: ColumnOrName, refs: ColumnOrName) -> Column:
    """Each reference resolved against its row's base: ``URL(ref, base).href``; null where that
    fails or either is null. Both are columns (or column names)."""
    return _JOIN(_column(bases), _column(refs))


def is_valid(urls: ColumnOrName, base: Column | str | None = None) -> Column:
    """``URL.can_parse(url, base)`` per row; null for a null value (or base)."""
    if base is None:
        return _IS_VALID(_column(urls))
    return _IS_VALID_WITH_BASES(_column(urls), _base_column(base))


@overload
def canonicalize(
    urls: ColumnOrName, profile: Literal["whatwg", "ssurt"] = "whatwg", base: str | None = None
) -> Column: ...
@overload
def canonicalize(
    urls: ColumnOrName,
    profile: Literal["dedup"],
    base: str | None = None,
    **options: Unpack[DedupOptions],
) -> Column: ...
@overload
def canonicalize(
    urls: ColumnOrName,
    profile: Literal["safebrowsing"],
    base: str | None = None,
    **options: Unpack[SafebrowsingOptions],
) -> Column: ...
@overload
def canonicalize(
    urls: ColumnOrName,
    profile: Literal["surt"],
    base: str | None = None,
    **options: Unpack[SurtOptions],
) -> Column: ...
def canonicalize(
    urls: ColumnOrName, profile: str = "whatwg", base: str | None = None, **options: object
) -> Column:
    """``urlspec.canonicalize(url, profile, base=base, **options)`` per row (whatwg, dedup,
    safebrowsing, surt, ssurt; docs/canonicalization.md; the options are typed per profile, as
    there); null where the value is no URL to the profile, or null. An unknown profile or
    option is refused here, on the driver."""
    columnar.canonicalize_as(pa.array([], pa.string()), profile, base, options)  # checks
    if base is None and not options:
        return _CANONICALIZE(_column(urls), F.lit(profile))

    def canonicalize_batch(values: ArrowArray) -> ArrowArray:
        return _array(columnar.canonicalize_as(values, profile, base, options))

    return _udf(canonicalize_batch, StringType(), "url_canonicalize")(_column(urls))


def domain_to_ascii(hosts: ColumnOrName, be_strict: bool = False) -> Column:
    """Domain to ASCII (``urlspec.domain_to_ascii``) per row; null where it fails, or null."""
    return (_DOMAIN_TO_ASCII_STRICT if be_strict else _DOMAIN_TO_ASCII)(_column(hosts))


def registrable_domain(hosts: ColumnOrName, include_private: bool = True) -> Column:
    """The registrable domain of each host (``urlspec.registrable_domain``), in A-labels; null
    where it has none, the value is no host, or null. For a URL column, take
    ``parse(url).registrable_domain`` (which also gives null for an opaque host)."""
    udf = _REGISTRABLE_DOMAIN if include_private else _REGISTRABLE_DOMAIN_ICANN
    return udf(_column(hosts))


def register(spark: SparkSession) -> None:
    """Register the functions for Spark SQL in ``spark``: ``url_parse(url)``,
    ``url_parse_with_base(url, base)``, ``url_href(url)``, ``url_hostname(url)``,
    ``url_hostname_with_base(url, base)``, ``url_join(base, ref)``,
    ``url_is_valid(url)``, ``url_is_valid_with_base(url, base)``, ``url_domain_to_ascii(host)``,
    ``url_canonicalize(url, profile)``, ``url_registrable_domain(host)`` (a base: a column, or
    a literal such as ``'https://example.com/'``; a profile: a column or a literal such as
    ``'dedup'``)."""
    spark.udf.register("url_parse", _PARSE)
    spark.udf.register("url_parse_with_base", _PARSE_WITH_BASES)
    spark.udf.register("url_href", _HREF)
    spark.udf.register("url_hostname", _HOSTNAME)
    spark.udf.register("url_hostname_with_base", _HOSTNAME_WITH_BASES)
    spark.udf.register("url_join", _JOIN)
    spark.udf.register("url_is_valid", _IS_VALID)
    spark.udf.register("url_is_valid_with_base", _IS_VALID_WITH_BASES)
    spark.udf.register("url_domain_to_ascii", _DOMAIN_TO_ASCII)
    spark.udf.register("url_canonicalize", _CANONICALIZE)
    spark.udf.register("url_registrable_domain", _REGISTRABLE_DOMAIN)
    spark.udf.register("url_pattern_test", _URL_PATTERN_TEST)


# --- URLPattern -------------------------------------------------------------------------------


def _url_pattern_test_with_patterns(urls: ArrowArray, patterns: ArrowArray) -> ArrowArray:
    """Whether each URL matches its row's URLPattern constructor string (each distinct pattern
    compiled once per batch); null where the URL or the pattern is null."""
    result: ArrowArray = pa.nulls(len(urls), pa.bool_())
    for pattern in pc.unique(patterns).to_pylist():
        if not isinstance(pattern, str):
            continue  # null
        rows: ArrowArray = pc.equal(patterns, pa.scalar(pattern, pa.string())).fill_null(False)
        matches = _array(columnar.url_pattern_test(pc.filter(urls, rows), pattern))
        result = pc.replace_with_mask(result, rows, matches)
    return result


_URL_PATTERN_TEST: Final = _udf(_url_pattern_test_with_patterns, BooleanType(), "url_pattern_test")


def url_pattern_test(urls: ColumnOrName, pattern: Column | str) -> Column:
    """Whether each URL matches ``pattern``, a URLPattern constructor string such as
    ``'https://*.example.com/books/:id'`` (a literal) or a column of them (SQL:
    ``url_pattern_test(url, pattern)``; see docs/urlpattern.md). An invalid pattern raises
    URLPatternError in the batch that meets it."""
    return _URL_PATTERN_TEST(_column(urls), _base_column(pattern))
