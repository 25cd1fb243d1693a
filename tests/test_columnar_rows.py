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
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, in_ci, iter_corpus

if in_ci():
    import pyarrow as pa
else:
    pa = pytest.importorskip("pyarrow", reason="install the arrow extra: pip install -e '.[arrow]'")

from scalar_rows import BASE, GETTERS, scalar_href, scalar_row, with_nulls_and_invalid

from bench import messy
from urlspec import URL
from urlspec.engines import columnar, columnar_rows
from urlspec.own_href import (
    _scheme_kind_at,
    scan_own_href,
    scan_own_href_in,
    scheme_kind,
    scheme_kind_in,
)

FIELDS = columnar_rows.ROW_FIELDS


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
        spans = scan_own_href(value)
        assert scan_own_href_in(text, len(before), len(before) + len(row), False) == spans
        assert scan_own_href_in(value, 0, len(value), False) == spans


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
    """parse_rows: each row's href and the lengths of its parts, cut where the getters' values
    are; and the rows of the scalar API it gives apart."""
    rows = columnar_rows.parse_rows(strings, base_url)
    assert len(rows.spans) == len(inputs)
    assert [dict(zip(FIELDS, row, strict=True)) for row in rows.other_rows] == [
        expected_rows[index] for index in rows.other_indices
    ]
    hrefs = dict(zip(rows.href_indices, rows.hrefs, strict=True))
    cut = set(range(len(inputs))) - set(rows.other_indices)
    for index, row in enumerate(expected_rows):
        value = inputs[index]
        spans = rows.spans[index]
        if value is None:
            assert spans == 0
            assert hrefs.get(index) is None
            cut.remove(index)
            continue
        if index in rows.other_indices:
            assert row is not None
            assert (spans, hrefs[index]) == (0, row["href"])
            continue
        # The href (the value itself, or given apart) and where its parts are: the getters'
        # values of an own href (no blob: URL): no credentials, no port, no error.
        assert row is not None
        href = hrefs.get(index, value)
        assert href == row["href"]
        assert (row["username"], row["password"], row["port"], row["error"]) == ("", "", "", None)
        assert spans == scan_own_href(href)
        assert scan_own_href(href) > 0
        assert not href.startswith("blob:")
    # Of the rows cut in parts: those whose origin is no tuple's, those whose scheme is not
    # special (no registrable domain).
    assert rows.opaque_origins == sorted(
        index for index in cut if (expected_rows[index] or {})["origin"] == "null"
    )
    special = ("http:", "https:", "ws:", "wss:", "ftp:", "file:")
    assert rows.not_special == sorted(
        index for index in cut if (expected_rows[index] or {})["protocol"] not in special
    )


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


@pytest.mark.parametrize("name", CORPORA)
def test_messy_corpus_lines(name: str) -> None:
    """A sample of bench/messy.py's messy lines (two mutations each: the rows the fast path's
    tiers 2 and 3 take, and some the state machine parses)."""
    messy_lines = messy.messy_corpus(list(iter_corpus(name))[::10])[0]
    assert messy_lines or not in_ci()
    check_rows(list(messy_lines), None)


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
    assert rows.hrefs[0] is rows.hrefs[2]
    # (The scheme and host lowercased; "nope" is no URL: no href.)
    assert rows.hrefs[:2] == ["http://a.com/x", None]


def test_answers_are_kept_while_values_repeat() -> None:
    # The dict of answers stays for the first values, and after them while one look-up in
    # _WORTH finds its value.
    trial, worth = columnar_rows._TRIAL, columnar_rows._WORTH
    assert columnar_rows._keeps_answers(0, trial - 1)
    assert not columnar_rows._keeps_answers(0, trial)
    assert columnar_rows._keeps_answers(trial // worth, trial)
    assert not columnar_rows._keeps_answers(trial // worth - 1, trial)


def test_distinct_values_past_the_trial_then_repeats() -> None:
    # Past the trial with no value repeated (the dict dropped), repeated values are answered
    # each time: the same answers.
    trial = columnar_rows._TRIAL
    inputs: list[str | None] = [f"HTTP://H{index}.example/./x" for index in range(trial + 10)]
    inputs += ["HTTP://H1.example/./x", "nope", "nope", None, "https://a.example/"] * 3
    expected_rows = [scalar_row(value, None) for value in inputs]
    strings = columnar_rows.strings_of(inputs)
    check_rows_of(strings, inputs, None, expected_rows)
    expected_hrefs = [None if row is None else row["href"] for row in expected_rows]
    assert patched(list(inputs), *columnar_rows.href_rows(strings, None)) == expected_hrefs
    assert columnar._parse_by_rows(pa.array(inputs, pa.string()), None).to_pylist() == (
        expected_rows
    )


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
    lines = mixed_corpus("kasztp.txt")[:400]
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
    [[], [0], [999], [0, 5, 6, 50, 999], list(range(0, 1000, 3)), list(range(1000))],
    ids=["none", "first", "last", "few", "many", "all"],
)
def test_replaced_rows(indices: list[int]) -> None:
    # Both ways (runs copied between a few replaced rows; a mask over every row otherwise).
    values = [None if index % 7 == 3 else f"v{index}" for index in range(1000)]
    replacements = [None if index % 5 == 0 else f"r{index}" for index in indices]
    expected = patched(list(values), indices, list(replacements))
    array = pa.array([None, *values, "after"], pa.string()).slice(1, 1000)
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
            assert scheme_kind_in(f"x{scheme}:", 1, 1 + length) == scheme_kind(scheme, length)


# --- parse's fields cut out of the column's data buffer -----------------------------------------

# Rows of every kind beside one another: own hrefs of each shape (special, file:, other schemes;
# "?" and "#" alone; IPv4), rows the scan declines (credentials, ports, IPv6, case, blob:), rows
# that are no URL, non-ASCII rows (whose bytes are more than their code points, so that the
# offsets of the rows after them in the data buffer are not their code points'), "" and None.
KINDS_OF_ROWS: list[str | None] = [
    "https://example.com/a/b?q=1#f",
    "https://é.example/é?é#é",
    "http://x.co.uk/?#",
    "https://a.github.io/?",
    "wss://b.example/#",
    "ftp://1.2.3.4/x",
    "https://u:p@a.com/x",
    "https://a.com:8080/x",
    "http://[::1]/x",
    "HTTPS://A.COM/x",
    "blob:https://a.com/x",
    "file:///C:/x",
    "file://host.example/x?y#z",
    "foo://op.aque/x?y#z",
    "foo:bar?",
    "mailto:a@b.example",
    "",
    None,
    "nope",
    "https://ü.example/x",
    "https://www.example.com/ü#x",
    "https://last.example/x#y",
]


def columns_of_kinds(values: list[str | None]) -> list[Any]:
    """``values`` as each kind of column parse takes: string, large_string, string_view, a
    slice of a larger array (offset != 0), a chunked array (with chunks of 0 and 1 rows)."""
    padded = pa.array(["é", None, *values, "x"], pa.string())
    third = len(values) // 3
    return [
        pa.array(values, pa.string()),
        pa.array(values, pa.large_string()),
        pa.array(values, pa.string_view()),
        padded.slice(2, len(values)),
        pa.chunked_array(
            [
                pa.array(values[:third], pa.string()),
                pa.array([], pa.string()),
                pa.array(values[third : third + 1], pa.string()),
                pa.array(values[third + 1 :], pa.string()),
            ]
        ),
    ]


@pytest.mark.parametrize("rows", [0, 1, 2, len(KINDS_OF_ROWS), 100])
def test_parse_of_every_kind_of_column_and_row(rows: int) -> None:
    values = (KINDS_OF_ROWS * 5)[:rows]
    expected = [scalar_row(value, None) for value in values]
    for column in columns_of_kinds(values):
        result = columnar.parse(column)
        assert result.type == columnar.PARSE_TYPE
        assert result.to_pylist() == expected
        chunks = result.chunks if isinstance(result, pa.ChunkedArray) else [result]
        fields = {name: [] for name in FIELDS}
        for chunk in chunks:
            for name in FIELDS:
                fields[name] += chunk.field(name).to_pylist()
        # A null row is null in every field too.
        assert fields == {
            name: [None if row is None else row[name] for row in expected] for name in FIELDS
        }
    chunk = pa.array(values, pa.string())
    assert columnar._parse_by_rows(chunk, None).to_pylist() == expected
    assert columnar._parse_by_rows(chunk, URL(BASE)).to_pylist() == [
        scalar_row(value, BASE) for value in values
    ]


@pytest.mark.parametrize("declined", [1, 3, 40, 100], ids=["one", "few", "many", "all"])
def test_parse_merges_the_rows_the_scan_declines(declined: int) -> None:
    # The rows that are no own href (some no URL at all, or null) merged with the others: by
    # their hrefs' parts, or (a few, or many: runs copied, or a mask) given whole.
    values: list[str | None] = [f"https://h{index % 7}.example/p{index}?q" for index in range(100)]
    for index in range(declined):
        other = ["HTTPS://D{}.example:443/x", "no url {}", "https://u:{}@b.example/é", ""]
        values[(index * 37 + 5) % 100] = other[index % 4].format(index) or None
    expected = [scalar_row(value, None) for value in values]
    for column in (pa.array(values, pa.string()), pa.array(["x", *values], pa.string()).slice(1)):
        assert columnar._parse_by_rows(column, None).to_pylist() == expected


#: Values the scalar API gives whole (columnar_rows.ParsedRows.other_rows), of each kind: their
#: fields lie in their href (a port, credentials, a blob: URL, a long href), or do not (the origin
#: of a URL with credentials, an opaque origin "null" that the href does not hold, or holds).
OTHER_ROWS: Final = [
    "http://h.example:8080/p?q#f",
    "https://u:p@h.example/x",
    "https://u@h.example:1/",
    "blob:https://a.example/uuid",
    "blob:https://u:p@a.example:9/uuid",
    "foo://null:1/x",
    "foo://h:1/x?y#z",
    "http://[::1]:8080/",
    "http://10.0.0.1:81/",
    "https://e.example:1/" + "a" * 5000,
    "https://e.example/" + "b" * 5000,
    "ws://h.example:80/",
    "http://bücher.example:1/",
    "no url",
]


@pytest.mark.parametrize("repeat", [1, 40])
@pytest.mark.parametrize("among", [0, 1, 300])
def test_parse_of_other_rows(repeat: int, among: int) -> None:
    # The other rows among own hrefs (none, one, many: each field mended in runs of rows or by
    # a mask), each field as the scalar API gives it.
    values: list[str | None] = [f"https://h{index % 5}.example/p{index}" for index in range(among)]
    for number, other in enumerate(OTHER_ROWS * repeat):
        values.insert((number * 7) % (len(values) + 1), other)
    expected = [scalar_row(value, None) for value in values]
    for column in (pa.array(values, pa.string()), pa.array(["x", *values], pa.string()).slice(1)):
        assert columnar._parse_by_rows(column, None).to_pylist() == expected


def test_null_rows_with_bytes() -> None:
    # A null row's offsets may span bytes (Arrow allows it): parse, href, is_valid and hostname
    # read none of them.
    values = ["https://a.example/x", "garbage", "HTTP://B.example", "é", "foo:bar"]
    array = pa.array(values, pa.string())
    validity = pa.array([True, False, True, False, True]).buffers()[1]
    nulls = pa.Array.from_buffers(pa.string(), 5, [validity, *array.buffers()[1:]])
    inputs = [None if index in (1, 3) else value for index, value in enumerate(values)]
    assert nulls.to_pylist() == inputs
    expected = [scalar_row(value, None) for value in inputs]
    # (Also among many rows: the null rows replaced in runs rather than by a mask.)
    many = pa.concat_arrays([nulls, pa.array(["https://c.example/"] * 995, pa.string())])
    assert columnar._parse_by_rows(many, None).to_pylist() == (
        expected + [scalar_row("https://c.example/", None)] * 995
    )
    for column in (nulls, pa.concat_arrays([pa.array(["x"]), nulls]).slice(1)):
        assert columnar._parse_by_rows(column, None).to_pylist() == expected
        assert columnar.parse(column).to_pylist() == expected
        assert columnar.href(column).to_pylist() == [scalar_href(value, None) for value in inputs]


#: Own hrefs of every shape field_bounds cuts: with and without a host, a path, a query (empty,
#: "?" alone) and a fragment (empty, "#" alone).
OWN_HREF_SHAPES = [
    "https://example.com/",
    "http://a.b/c/d?e=f#g",
    "https://x.y/?",
    "https://x.y/#",
    "https://x.y/?#",
    "https://x.y/p?q#",
    "https://x.y/p?#f",
    "https://x.y/p?ab#cd",
    "file:///etc/hosts",
    "file://h/p?q#r",
    "mailto:a@b.c",
    "mailto:a?",
    "mailto:a#",
    "a:b?c#d",
    "foo://h/",
    "foo://h",
    "foo:p?q",
    "ws://h/x",
    "http://10.0.0.1/",
]


def test_parts_are_cut_where_the_getters_are() -> None:
    # Each own href's parts, in a sliced column between null rows (with and without bytes),
    # empty rows and rows with no parts: each field is the scalar API's getter's value.
    values: list[str | None] = ["\u00e9", None, "", *OWN_HREF_SHAPES, "", None]
    array = pa.array(["\u00f6", *values], pa.string()).slice(1)
    hrefs = columnar._replaced_rows(array, [0], pa.array([""], pa.string()))
    parsed = columnar_rows.ParsedRows()
    spans = [scan_own_href(href) for href in OWN_HREF_SHAPES]
    assert min(spans) > 0
    parsed.spans = [0, 0, 0, *spans, 0, 0]
    origins = [URL(href).origin for href in OWN_HREF_SHAPES]
    # (Opaque origins are given by ParsedRows, the others cut out of the href.)
    parsed.opaque_origins = [3 + at for at, origin in enumerate(origins) if origin == "null"]
    fields = columnar._parsed_fields(hrefs, parsed)
    blank: list[str | None] = ["", None, ""]
    for name in ["protocol", "hostname", "pathname", "search", "hash"]:
        expected = [getattr(URL(href), name) for href in OWN_HREF_SHAPES]
        assert fields[name].to_pylist() == [*blank, *expected, "", None]
    assert fields["origin"].to_pylist() == [*blank, *origins, "", None]


def test_even_numbers() -> None:
    for length in [1, 2, 5, *range(10, 20)]:  # more lengths than are kept
        evens = columnar._even_numbers(length)
        numbers = pa.Array.from_buffers(pa.int32(), length, [None, evens]).to_pylist()
        assert numbers == list(range(0, 2 * length, 2))


def test_registrable_domains() -> None:
    hostnames: list[str | None] = ["", "1.2.3.4", "example.com", "a.b.co.uk", "com", None]
    hostnames += ["example.com.", "localhost", "a..com", "x..a.b.example.com"]
    starts = columnar_rows.registrable_domain_starts(columnar_rows.strings_of(hostnames))
    domains = [
        None if start < 0 or hostname is None else hostname[start:]
        for start, hostname in zip(starts, hostnames, strict=True)
    ]
    assert domains == [
        None if not hostname else URL(f"https://{hostname}/").registrable_domain
        for hostname in hostnames
    ]


def test_registrable_domains_of_repeated_and_other_hosts() -> None:
    # Hosts with and without a registrable domain (a public suffix alone, IPv4, no host, a
    # scheme that is not special), repeated, between null rows, in a sliced column.
    hosts = ["com", "a.b.co.uk", "b.co.uk", "1.2.3.4", "x.example.com", "example.com."]
    values: list[str | None] = [f"https://{host}/p" for host in hosts]
    values += ["file:///x", "foo://example.com/", None, "http://www.example.com/", *values]
    column = pa.array(["https://ignored.example/", *values, None], pa.string()).slice(1)
    assert columnar.parse(column).to_pylist() == [
        *(scalar_row(value, None) for value in values),
        None,
    ]
