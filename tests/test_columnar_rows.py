"""urlspec.columnar_rows (the compiled build's per-row loops of urlspec.columnar) and both ways
urlspec.columnar computes a chunk (those loops; Arrow's kernels with OWN_HREF_PATTERN): every
result equals, row for row, what the scalar API gives.

The expected values are the scalar API's (``URL(input, base)`` and its getters,
``URL.can_parse``), row by row, on every line of every corpus (nulls and inputs that are no URL
mixed in), with and without a base, and on generated inputs covering each shape
``own_href.scan_own_href`` tells apart (special, file:, other and blob: schemes; domain, IPv4,
empty, opaque hosts; paths, queries, fragments; hrefs too long for packed offsets; what it
refuses: case, dot segments, non-ASCII, ports, credentials, spaces).
"""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, in_ci, iter_corpus

if in_ci():
    import pyarrow as pa
else:
    pa = pytest.importorskip("pyarrow", reason="install the arrow extra: pip install -e '.[arrow]'")

from scalar_rows import BASE, GETTERS, scalar_href, scalar_row, with_nulls_and_invalid

from urlspec import URL, columnar, columnar_rows
from urlspec.own_href import _scheme_kind_at, scan_own_href, scan_own_href_in, scheme_kind

FIELDS = columnar_rows.ROW_FIELDS
# The fields of parse_rows that it gives for every row.
PER_ROW_FIELDS = ("protocol", "hostname", "pathname", "search", "hash", "origin")
PER_ROW_FIELDS += ("registrable_domain",)


def columns_of(rows: list[dict[str, str | None] | None]) -> list[list[str | None]]:
    """Rows of columnar.parse as columns, one per field (None in each for a None row)."""
    return [[None if row is None else row[name] for row in rows] for name in FIELDS]


def patched(values: list[object], indices: list[int], replacements: list[object]) -> list[object]:
    result = list(values)
    for index, replacement in zip(indices, replacements, strict=True):
        result[index] = replacement
    return result


# What lies around the rows where the loops scan them in place: the other rows of the column.
BEFORE = "https://example.com/é?"
AFTER = "#é/x:y"


def check_scanned_in_place(inputs: list[str | None]) -> None:
    """own_href.scan_own_href_in, as columnar_rows.Strings calls it (on the column's UTF-8 data
    read as Latin-1, one code point per byte), says of each row what scan_own_href says of it."""
    for value in inputs:
        if value is None:
            continue
        before, row = BEFORE.encode(), value.encode()
        text = (before + row + AFTER.encode()).decode("latin-1")
        assert scan_own_href_in(text, len(before), len(before) + len(row)) == scan_own_href(value)
        assert scan_own_href_in(value, 0, len(value)) == scan_own_href(value)


def strings_ways(inputs: list[str | None]) -> list[columnar_rows.Strings]:
    """The inputs as columnar_rows.Strings: made from the list; from an Arrow array's buffers;
    from a slice of a larger array (offsets and validity bits that start mid-buffer)."""
    padded = pa.array(["https://a.example/", None, "x", *inputs, None, "y"], pa.string())
    return [
        columnar_rows.strings_of(inputs),
        columnar._rows_of(pa.array(inputs, pa.string())),
        columnar._rows_of(padded.slice(3, len(inputs))),
    ]


def check_rows(inputs: list[str | None], base: str | None) -> None:
    """Every function of columnar_rows (on the inputs made into Strings each way), and both ways
    of columnar, against the scalar API."""
    check_scanned_in_place(inputs)
    base_url = None if base is None else URL(base)
    expected_rows = [scalar_row(value, base) for value in inputs]
    expected = columns_of(expected_rows)
    expected_valid = [None if value is None else URL.can_parse(value, base) for value in inputs]
    hostname = expected[columnar_rows.HOSTNAME]
    for strings in strings_ways(inputs):
        check_rows_of(strings, inputs, base_url, expected_rows)
        # href_rows, is_valid_rows: what differs from the values, and from True.
        assert patched(list(inputs), *columnar_rows.href_rows(strings, base_url)) == expected[0]
        valid = [None if value is None else True for value in inputs]
        assert patched(valid, *columnar_rows.is_valid_rows(strings, base_url)) == expected_valid
        assert columnar_rows.hostname_rows(strings, base_url) == hostname
    chunk = pa.array(inputs, pa.string())
    for parse in (columnar._parse_by_rows, columnar._parse_by_pattern):
        assert parse(chunk, base_url).to_pylist() == expected_rows
    for href in (columnar._href_by_rows, columnar._href_by_pattern):
        assert href(chunk, base_url).to_pylist() == expected[0]
    for is_valid in (columnar._is_valid_by_rows, columnar._is_valid_by_pattern):
        assert is_valid(chunk, base_url).to_pylist() == expected_valid
    for hostname_way in (columnar._hostname_by_rows, columnar._hostname_by_pattern):
        assert hostname_way(chunk, base_url).to_pylist() == hostname
    assert columnar.hostname(chunk, base).to_pylist() == hostname


def check_rows_of(
    strings: columnar_rows.Strings,
    inputs: list[str | None],
    base_url: URL | None,
    expected_rows: list[dict[str, str | None] | None],
) -> None:
    """parse_rows: the fields it gives per row, and the rows of the scalar API it gives apart."""
    expected = columns_of(expected_rows)
    rows = columnar_rows.parse_rows(strings, base_url)
    for name in PER_ROW_FIELDS:
        assert getattr(rows, name) == expected[FIELDS.index(name)], name
    assert [dict(zip(FIELDS, row, strict=True)) for row in rows.other_rows] == [
        expected_rows[index] for index in rows.other_indices
    ]
    # The other rows are own hrefs: their value, no credentials, no port, no error.
    for index, row in enumerate(expected_rows):
        if row is not None and index not in rows.other_indices:
            assert (row["href"], row["username"], row["password"], row["port"]) == (
                inputs[index],
                "",
                "",
                "",
            )
            assert (row["host"], row["error"]) == (row["hostname"], None)


def test_the_fields_are_columnar_parse_fields() -> None:
    assert columnar_rows.ROW_FIELDS == columnar.PARSE_FIELDS
    assert (*GETTERS, "error") == FIELDS


@functools.cache
def mixed_corpus(name: str) -> list[str | None]:
    return with_nulls_and_invalid(list(iter_corpus(name)))


# Every corpus line goes through both ways of columnar in tests/test_columnar.py; here, a sample
# through every function of columnar_rows.


@pytest.mark.parametrize("name", CORPORA)
@pytest.mark.parametrize("base", [None, BASE], ids=["no-base", "base"])
def test_corpus_lines(name: str, base: str | None) -> None:
    check_rows(mixed_corpus(name)[:: 10 if base is None else 20], base)


# --- every shape the scanner tells apart, enumerated ------------------------------------------

SCHEMES = ["http", "https", "ws", "wss", "ftp", "file", "foo", "blob", "HTTP", "h2"]
AUTHORITIES = [
    "",
    "a",
    "example.com",
    "www.example.co.uk",
    "x.github.io",
    "localhost",
    "1.2.3.4",
    "01.2.3.4",
    "1.2.3",
    "a.1",
    "a.0x1",
    "xn--bcher-kva.de",
    "Example.com",
    "bücher.de",
    "a_b.com",
    "example.com.",
    "[::1]",
    "u:p@a.com",
    "a.com:80",
    "a.com:8080",
    "com",
]
PATHS = ["", "/", "/a/b", "/a/./b", "/a/%2e%2E/b", "/x y", "/é", "/a\\b", "/%41", "/.a/"]
PATHS += ["/https://example.com/a"]
TAILS = ["", "?", "?q=1&r", "?a b", "#", "#f", "?q#f", "#a#b", "?'", "#`"]


def enumerated_inputs() -> list[str]:
    """Each scheme with each authority; each path with each query and fragment, after a special,
    a file: and another scheme; each scheme with an opaque path (or "/" and a path): every part
    of every shape meets every kind of the parts beside it."""
    inputs = [
        f"{scheme}://{authority}/a/b{tail}"
        for scheme, authority, tail in itertools.product(SCHEMES, AUTHORITIES, ["", "?q#f"])
    ]
    for scheme, path, tail in itertools.product(["https", "file", "foo"], PATHS, TAILS):
        inputs.append(f"{scheme}://example.com{path}{tail}")
    inputs += [f"file://{path}{tail}" for path, tail in itertools.product(PATHS, TAILS)]
    for scheme, path, tail in itertools.product(SCHEMES, PATHS, ["", "?q#f"]):
        inputs.append(f"{scheme}:{path.lstrip('/')}{tail}")  # opaque paths (blob:https://...)
        inputs.append(f"{scheme}:/{path}{tail}")
    return inputs


def test_every_shape_enumerated() -> None:
    inputs: list[str | None] = [*enumerated_inputs(), None, "", " ", "http://a.com/\n"]
    check_rows(inputs, None)
    check_rows(inputs[::5], BASE)


def test_hrefs_too_long_for_packed_offsets() -> None:
    path = "/" + "a" * 5000
    inputs: list[str | None] = [
        "https://example.com" + path,
        "https://example.com/?" + "q" * 5000,
        "file://" + path,
        "foo:" + "b" * 5000,
    ]
    check_rows(inputs, None)


def test_each_distinct_value_is_answered_once_in_a_list() -> None:
    # Repeated values (and hosts) share their answers: the same row each time.
    inputs: list[str | None] = ["HTTP://A.com/x", "https://b.example/", "nope"] * 3
    check_rows(inputs, None)
    rows = columnar_rows.parse_rows(columnar_rows.strings_of(inputs), None)
    assert rows.other_rows[0] is rows.other_rows[2]


PIECES = ["http", "file", "foo", "blob", ":", "//", "/", ".", "a", "1", "%2e", "?", "#", "@"]
PIECES += ["É", " ", "\\", "[", "xn--", "com"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(st.lists(st.sampled_from(PIECES)).map("".join), st.none()), max_size=30),
    st.sampled_from([None, BASE]),
)
def test_generated_inputs(inputs: list[str | None], base: str | None) -> None:
    check_rows(inputs, base)


def test_href_rows_gives_what_differs_from_the_values() -> None:
    values = ["https://a.com/", "HTTP://A.com", None, "nope", "file:///x"]
    assert columnar_rows.href_rows(columnar_rows.strings_of(values), None) == (
        [1, 3],
        [scalar_href("HTTP://A.com", None), None],
    )


def test_mask_bytes() -> None:
    assert columnar_rows.mask_bytes([0, 3], 5) == b"\x01\x00\x00\x01\x00"
    assert columnar_rows.mask_bytes([], 2) == b"\x00\x00"


def test_a_sliced_column() -> None:
    lines = mixed_corpus("userbait.txt")[:400]
    array = pa.array(lines, pa.string()).slice(37, 300)
    expected = [scalar_row(value, None) for value in lines[37:337]]
    assert columnar._parse_by_rows(array, None).to_pylist() == expected
    assert columnar._parse_by_pattern(array, None).to_pylist() == expected
    assert columnar.parse(array).to_pylist() == expected
    hrefs = [None if row is None else row["href"] for row in expected]
    assert columnar._href_by_rows(array, None).to_pylist() == hrefs
    assert columnar.href(array).to_pylist() == hrefs


def test_offsets_far_into_the_data_buffer() -> None:
    # Offsets use all four bytes of an int32 (a slice of a column of more than 16 MiB): each
    # row is read from where its offsets say, counted from the first.
    values: list[str | None] = ["https://a.example/x", "HTTP://B.example", None, "", "foo:é"]
    made = columnar_rows.strings_of(values)
    base = 0x7F_3E_9C_01
    offsets = b"".join(
        (base + int.from_bytes(made.offsets[at : at + 4], "little")).to_bytes(4, "little")
        for at in range(0, len(made.offsets), 4)
    )
    strings = columnar_rows.Strings(made.text, offsets, made.validity, 0, len(values))
    assert columnar_rows.hostname_rows(strings, None) == [
        "a.example",
        "b.example",
        None,
        None,
        "",
    ]
    assert patched(list(values), *columnar_rows.href_rows(strings, None)) == [
        scalar_href(value, None) for value in values
    ]


@pytest.mark.parametrize(
    "indices",
    [[], [0], [99], [0, 5, 6, 50, 99], list(range(0, 100, 3)), list(range(100))],
    ids=["none", "first", "last", "few", "many", "all"],
)
def test_replaced_rows(indices: list[int]) -> None:
    # Both ways (runs copied between a few replaced rows; a mask over every row otherwise).
    values = [None if index % 7 == 3 else f"v{index}" for index in range(100)]
    replacements = [None if index % 5 == 0 else f"r{index}" for index in indices]
    expected = patched(list(values), indices, list(replacements))
    array = pa.array([None, *values, "after"], pa.string()).slice(1, 100)
    replaced = columnar._replaced_rows(array, indices, pa.array(replacements, pa.string()))
    assert replaced.to_pylist() == expected


@pytest.mark.parametrize("little_endian", [True, False])
def test_rows_of_every_kind_of_array(monkeypatch: pytest.MonkeyPatch, little_endian: bool) -> None:
    # Read in place, or (on a big-endian machine, whose buffers Strings does not read) made
    # from the list of values: the same rows either way, empty and all-null arrays too.
    monkeypatch.setattr(columnar, "_LITTLE_ENDIAN", little_endian)
    values: list[str | None] = ["https://a.example/", None, "HTTP://B.example", "", "foo:é"]
    arrays = [
        pa.array(values, pa.string()),
        pa.array(values * 3, pa.string()).slice(4, 9),
        pa.array([], pa.string()),
        pa.array([None, None, None]).cast(pa.string()),
        pa.array(values, pa.large_string()).cast(pa.string()),
    ]
    for array in arrays:
        rows = columnar._rows_of(array)
        expected = [scalar_href(value, None) for value in array.to_pylist()]
        assert patched(array.to_pylist(), *columnar_rows.href_rows(rows, None)) == expected
        assert columnar._href_by_rows(array, None).to_pylist() == expected


def test_the_scheme_of_a_row_scanned_in_place() -> None:
    # Every scheme of up to five code points over the letters of the special schemes (and one
    # more): its kind at an offset, as scan_own_href_in finds it, is scheme_kind's.
    letters = "fhilpstwx"
    for length in range(1, 6):
        for scheme in map("".join, itertools.product(letters, repeat=length)):
            assert _scheme_kind_at(f"x{scheme}:", 1, 1 + length) == scheme_kind(scheme, length)
