"""urlspec.engines.columnar: every result equals, row for row, what the scalar API gives.

The expected values are the scalar API's (``URL(input, base)`` and its getters,
``URL.can_parse``, ``domain_to_ascii``), computed here row by row: the columnar functions must
give exactly those, on every line of every corpus, with and without a base (one for every row,
or one per row), with nulls and inputs that are no URL mixed in, and on generated inputs built
around the vectorized shortcut's edges.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, in_ci, iter_corpus

if in_ci():
    import pyarrow as pa
    import pyarrow.compute as pc
else:
    pa = pytest.importorskip("pyarrow", reason="install the arrow extra: pip install -e '.[arrow]'")
    import pyarrow.compute as pc

from scalar_rows import (
    BASE,
    ROW_BASES,
    cycled,
    scalar_canonical,
    scalar_href,
    scalar_row,
    with_nulls_and_invalid,
)

from urlspec import URL, InvalidDomain, domain_to_ascii
from urlspec.engines import columnar
from urlspec.engines.columnar import (
    _hostname_by_pattern,
    _hostname_by_rows,
    _href_by_pattern,
    _href_by_rows,
    _is_valid_by_pattern,
    _is_valid_by_rows,
    _parse_by_pattern,
    _parse_by_rows,
)
from urlspec.own_href import COMPILED


@functools.cache
def mixed_corpus(name: str) -> list[str | None]:
    return with_nulls_and_invalid(list(iter_corpus(name)))


@functools.cache
def expected_rows(name: str, base: str | None) -> list[dict[str, str | None] | None]:
    """The scalar API's rows for a mixed corpus (computed once for the tests that share them)."""
    return [scalar_row(line, base) for line in mixed_corpus(name)]


@pytest.fixture(params=CORPORA)
def corpus_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def corpus(corpus_name: str) -> list[str | None]:
    return mixed_corpus(corpus_name)


def test_the_shortcut_takes_most_urls_of_a_corpus() -> None:
    # So that the corpus tests below exercise the vectorized shortcut, not only the scalar path.
    lines = list(iter_corpus("kasztp.txt"))
    taken = pc.sum(columnar._own_href_mask(pa.array(lines))).as_py()
    assert taken > 0.9 * len(lines)


@pytest.mark.parametrize("base", [None, BASE], ids=["no-base", "base"])
def test_parse_equals_the_scalar_api_on_every_corpus_line(
    corpus_name: str, corpus: list[str | None], base: str | None
) -> None:
    result = columnar.parse(pa.array(corpus, pa.string()), base=base)
    assert result.type == columnar.PARSE_TYPE
    assert result.to_pylist() == expected_rows(corpus_name, base)


@pytest.mark.parametrize("base", [None, BASE], ids=["no-base", "base"])
def test_the_other_way_of_a_chunk_equals_the_scalar_api_on_every_corpus_line(
    corpus_name: str, corpus: list[str | None], base: str | None
) -> None:
    # columnar computes a chunk with columnar_rows' loops in the compiled build, with Arrow's
    # kernels in the pure build: the other tests run the one of their build, this one the other.
    chunk = pa.array(corpus, pa.string())
    base_url = None if base is None else URL(base)
    expected = expected_rows(corpus_name, base)
    if COMPILED:
        parse, href, is_valid = _parse_by_pattern, _href_by_pattern, _is_valid_by_pattern
    else:
        parse, href, is_valid = _parse_by_rows, _href_by_rows, _is_valid_by_rows
    assert parse(chunk, base_url).to_pylist() == expected
    assert href(chunk, base_url).to_pylist() == [
        None if row is None else row["href"] for row in expected
    ]
    assert is_valid(chunk, base_url).to_pylist() == [
        None if line is None else URL.can_parse(line, base) for line in corpus
    ]
    hostname = _hostname_by_pattern if COMPILED else _hostname_by_rows
    assert hostname(chunk, base_url).to_pylist() == [
        None if row is None else row["hostname"] for row in expected
    ]


@pytest.mark.parametrize("base", [None, BASE], ids=["no-base", "base"])
def test_hostname_equals_the_scalar_api_on_every_corpus_line(
    corpus_name: str, corpus: list[str | None], base: str | None
) -> None:
    assert columnar.hostname(pa.array(corpus, pa.string()), base).to_pylist() == [
        None if row is None else row["hostname"] for row in expected_rows(corpus_name, base)
    ]


@pytest.mark.parametrize("base", [None, BASE], ids=["no-base", "base"])
def test_href_and_is_valid_equal_the_scalar_api_on_every_corpus_line(
    corpus_name: str, corpus: list[str | None], base: str | None
) -> None:
    array = pa.array(corpus, pa.string())
    assert columnar.href(array, base).to_pylist() == [
        None if row is None else row["href"] for row in expected_rows(corpus_name, base)
    ]
    assert columnar.is_valid(array, base).to_pylist() == [
        None if line is None else URL.can_parse(line, base) for line in corpus
    ]


def test_one_base_per_row_equals_the_scalar_api(corpus: list[str | None]) -> None:
    bases = cycled(ROW_BASES, len(corpus))
    refs = pa.array(corpus, pa.string())
    base_column = pa.array(bases, pa.string())
    expected_rows = [
        None if base is None else scalar_row(line, base)
        for line, base in zip(corpus, bases, strict=True)
    ]
    assert columnar.parse(refs, base=base_column).to_pylist() == expected_rows
    expected_hrefs = [None if row is None else row["href"] for row in expected_rows]
    assert columnar.join(base_column, refs).to_pylist() == expected_hrefs
    assert columnar.href(refs, base=base_column).to_pylist() == expected_hrefs
    assert columnar.is_valid(refs, base=base_column).to_pylist() == [
        None if line is None or base is None else URL.can_parse(line, base)
        for line, base in zip(corpus, bases, strict=True)
    ]


def test_domain_to_ascii_equals_the_scalar_api_on_every_corpus_host() -> None:
    hosts = corpus_hosts()

    def scalar(host: str | None, be_strict: bool) -> str | None:
        if host is None:
            return None
        try:
            return domain_to_ascii(host, be_strict)
        except InvalidDomain:
            return None

    for be_strict in (False, True):
        result = columnar.domain_to_ascii(pa.array(hosts), be_strict=be_strict)
        assert result.to_pylist() == [scalar(host, be_strict) for host in hosts]


def corpus_hosts() -> list[str | None]:
    """Hosts as written in the corpora (the text between "://" and the path), and a few more."""
    hosts: list[str | None] = [None, "", "Bücher.DE", "xn--a", "a..b", "ab--c.com", "%41.com"]
    hosts += ["x.github.io", "www.example.co.uk", "1.2.3.4", "[::1]", "a b", "com", "example.com."]
    for name in CORPORA:
        for line in iter_corpus(name):
            start = line.find("://")
            if start >= 0:
                hosts.append(line[start + 3 :].split("/", 1)[0].rsplit("@", 1)[-1])
    return hosts


@pytest.mark.parametrize("include_private", [True, False])
def test_registrable_domain_equals_the_scalar_api_on_every_corpus_host(
    include_private: bool,
) -> None:
    from urlspec import InvalidHost, registrable_domain

    def scalar(host: str | None) -> str | None:
        if host is None:
            return None
        try:
            return registrable_domain(host, include_private=include_private)
        except InvalidHost:
            return None

    hosts = corpus_hosts()
    result = columnar.registrable_domain(pa.array(hosts), include_private=include_private)
    assert result.to_pylist() == [scalar(host) for host in hosts]


# --- the shortcut's edges, generated ----------------------------------------------------------

# Pieces around what OWN_HREF_PATTERN takes and what it must leave: case, dot segments written
# every way, "xn--" labels, numeric last labels (IPv4), ports, credentials, characters the
# parser percent-encodes or treats as separators, trailing "?" and "#".
SCHEMES = ["http", "https", "ws", "wss", "ftp", "HTTP", "file", "foo", "h"]
HOST_PIECES = ["a", "b1", "-", ".", "xn--", "XN--", "0x", "1", "09", "example", "com", "_", "%41"]
HOST_PIECES += ["É", "ß", "a.b.", "[::1]", "u@", ":80", ":8080", ":0", ":", "127.0.0.1"]
PATH_PIECES = ["/", "a", ".", "..", "%2e", "%2E", "%2f", "%zz", "\\", " ", "\t", "|", "^", "`", "{"]
PATH_PIECES += ["'", '"', "<", "~", "é", "?", "#", "@", ":", "[", "]", "=", "&", "\x00", "\x7f"]


@st.composite
def url_like(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(SCHEMES))
    slashes = draw(st.sampled_from(["://", "://", ":/", ":"]))
    host = "".join(draw(st.lists(st.sampled_from(HOST_PIECES), max_size=5)))
    rest = "".join(draw(st.lists(st.sampled_from(PATH_PIECES), max_size=10)))
    return scheme + slashes + host + rest


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(url_like(), st.none()), max_size=40), st.sampled_from([None, BASE]))
def test_generated_urls_equal_the_scalar_api(inputs: list[str | None], base: str | None) -> None:
    result = columnar.parse(pa.array(inputs, pa.string()), base=base)
    assert result.to_pylist() == [scalar_row(line, base) for line in inputs]
    assert columnar.href(pa.array(inputs, pa.string()), base=base).to_pylist() == [
        scalar_href(line, base) for line in inputs
    ]


# --- shapes of input and output ---------------------------------------------------------------

SAMPLE = [
    "https://a.example/x?y#z",
    None,
    "HTTP://B.example/./p",
    "nope",
    "http://xn--bcher-kva.de/",
]


def test_a_chunked_array_gives_a_chunked_array_chunk_by_chunk() -> None:
    chunked = pa.chunked_array([pa.array(SAMPLE), pa.array(SAMPLE[::-1])])
    for function in (columnar.parse, columnar.href, columnar.is_valid):
        result = function(chunked)
        assert isinstance(result, pa.ChunkedArray)
        assert result.num_chunks == 2
        assert result.to_pylist() == (
            function(pa.array(SAMPLE)).to_pylist() + function(pa.array(SAMPLE[::-1])).to_pylist()
        )


@pytest.mark.parametrize(
    "column",
    [
        pytest.param(lambda: SAMPLE, id="list"),
        pytest.param(lambda: pa.array(SAMPLE, pa.large_string()), id="large_string"),
        pytest.param(lambda: pa.array(SAMPLE, pa.string_view()), id="string_view"),
    ],
)
def test_other_string_columns_are_accepted(column: Any) -> None:
    expected = [scalar_href(s, None) for s in SAMPLE]
    assert columnar.href(column()).to_pylist() == expected


def test_an_all_null_column() -> None:
    assert columnar.parse(pa.nulls(3)).to_pylist() == [None, None, None]
    assert columnar.href(pa.nulls(2)).to_pylist() == [None, None]


def test_a_null_row_of_parse_is_null_in_every_field_too() -> None:
    result = columnar.parse(pa.array(SAMPLE))
    assert result.is_null().to_pylist() == [s is None for s in SAMPLE]
    assert result.field("href").is_null().to_pylist()[1] is True


def test_a_base_that_is_no_url_makes_every_row_fail_with_its_error() -> None:
    result = columnar.parse(pa.array(["a", None, "https://ok.example/"]), base="no base")
    expected_error = scalar_row("https://ok.example/", "no base")
    assert expected_error is not None and expected_error["error"] is not None
    assert result.to_pylist() == [expected_error, None, expected_error]
    assert columnar.href(pa.array(["a", None]), base="no base").to_pylist() == [None, None]
    assert columnar.is_valid(pa.array(["a", None]), base="no base").to_pylist() == [False, None]


def test_a_url_object_as_the_base() -> None:
    base = URL(BASE)
    assert columnar.href(pa.array(["x", "../y"]), base).to_pylist() == [
        URL("x", base).href,
        URL("../y", base).href,
    ]


def test_a_column_of_something_else_than_strings_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="strings"):
        columnar.href(pa.array([1, 2]))
    with pytest.raises(TypeError, match="strings"):
        columnar.parse([1.5, "http://a/"])


def test_a_column_of_bases_of_another_length_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="one base per row"):
        columnar.join(pa.array(["http://a/"]), pa.array(["x", "y"]))


def test_a_column_with_the_same_base_in_every_row(
    corpus_name: str, corpus: list[str | None]
) -> None:
    # As Spark passes a literal base: the same answers as the base given once.
    bases = pa.array([BASE] * len(corpus), pa.string())
    refs = pa.array(corpus, pa.string())
    expected = expected_rows(corpus_name, BASE)
    assert columnar.parse(refs, base=bases).to_pylist() == expected
    assert columnar.join(bases, refs).to_pylist() == [
        None if row is None else row["href"] for row in expected
    ]


# --- canonicalize: every profile of urlspec.canonicalize ----------------------------------------

PROFILES = ("whatwg", "dedup", "safebrowsing", "surt", "ssurt")


@pytest.mark.parametrize("profile", PROFILES)
def test_canonicalize_equals_the_scalar_api_on_every_corpus_line(
    corpus: list[str | None], profile: str
) -> None:
    result = columnar.canonicalize(pa.array(corpus, pa.string()), profile)
    assert result.to_pylist() == [scalar_canonical(line, profile, None) for line in corpus]


@pytest.mark.parametrize("profile", PROFILES)
def test_canonicalize_with_a_base(profile: str) -> None:
    lines = [*mixed_corpus("kasztp.txt")[3000:6000], "../a?x=1#f", "//h/p", "?q"]
    result = columnar.canonicalize(pa.array(lines, pa.string()), profile, base=BASE)
    assert result.to_pylist() == [scalar_canonical(line, profile, BASE) for line in lines]


def test_canonicalize_with_options() -> None:
    lines = [*mixed_corpus("kasztp.txt")[:3000], "https://a.example/?utm_source=x&b=2&a=1#f"]
    options = {"strip_params": ["utm_*", "fbclid"], "keep_fragment": True}
    result = columnar.canonicalize(pa.array(lines, pa.string()), "dedup", **options)
    assert result.to_pylist() == [
        scalar_canonical(line, "dedup", None, **options) for line in lines
    ]
    assert result.to_pylist()[-1] == "https://a.example/?a=1&b=2#f"


def test_canonicalize_strip_params_tracking_means_the_scalar_apis_list() -> None:
    # tests/test_canonical.py: "tracking" stands for TRACKING_PARAMETERS (t, r, x stay)
    lines = ["https://a.com/?t=1&r=2&x=3&tracking=4&utm_source=5&fbclid=6", None, "no url"]
    result = columnar.canonicalize(pa.array(lines, pa.string()), "dedup", strip_params="tracking")
    assert result.to_pylist() == ["https://a.com/?r=2&t=1&tracking=4&x=3", None, None]
    with pytest.raises(TypeError, match="list of parameter names"):
        columnar.canonicalize(pa.array([], pa.string()), "dedup", strip_params="utm_source")  # type: ignore[call-overload]


def test_canonicalize_refuses_an_unknown_profile_or_option_at_once() -> None:
    with pytest.raises(ValueError, match="unknown canonicalization profile"):
        columnar.canonicalize(pa.array(["https://a.example/"]), "nope")
    with pytest.raises(TypeError, match="takes no options"):
        columnar.canonicalize(pa.array([], pa.string()), "ssurt", keep_fragment=True)
