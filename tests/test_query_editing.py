"""Query editing (urlspec.toolkit.query_editing).

Expected queries are the application/x-www-form-urlencoded serialization of the pairs
(https://url.spec.whatwg.org/#concept-urlencoded-serializer), worked out by hand: space as "+",
"&" "=" "+" "%" percent-encoded, and no query at all for no pairs (the URLSearchParams update
steps, https://url.spec.whatwg.org/#concept-urlsearchparams-update).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toolkit_strategies import ENUMERATED, URLS

from urlspec import URL


class MyURL(URL):
    __slots__ = ()


BASE = URL("https://example.com/p?a=1&b=2&a=3#f")


@pytest.mark.parametrize(
    ("query", "params", "expected"),
    [
        ({"q": "x y", "n": 5}, {}, "https://example.com/p?q=x+y&n=5#f"),
        ([("a", "1"), ("a", "2")], {}, "https://example.com/p?a=1&a=2#f"),
        ({"a": [1, "two"]}, {}, "https://example.com/p?a=1&a=two#f"),
        (None, {"k": "&=+%"}, "https://example.com/p?k=%26%3D%2B%25#f"),
        (None, {}, "https://example.com/p#f"),
        ({}, {}, "https://example.com/p#f"),
        ("x=1 2", {}, "https://example.com/p?x=1%202#f"),  # a string: as the search setter
        ("?x", {}, "https://example.com/p?x#f"),
    ],
)
def test_with_query(query: Any, params: dict[str, Any], expected: str) -> None:
    assert BASE.with_query(query, **params).href == expected


def test_update_query_replaces_all_values_at_the_first_place() -> None:
    assert BASE.update_query(a="9").href == "https://example.com/p?a=9&b=2#f"
    assert BASE.update_query({"a": [7, 8]}).href == "https://example.com/p?a=7&a=8&b=2#f"
    assert BASE.update_query(c="new").href == "https://example.com/p?a=1&b=2&a=3&c=new#f"
    assert BASE.update_query() is BASE


def test_extend_query_appends() -> None:
    assert BASE.extend_query(a=4).href == "https://example.com/p?a=1&b=2&a=3&a=4#f"
    assert URL("https://h/").extend_query([("x", "1")]).href == "https://h/?x=1"


def test_without_query_params() -> None:
    assert BASE.without_query_params("a").href == "https://example.com/p?b=2#f"
    assert BASE.without_query_params("a", "b").href == "https://example.com/p#f"
    assert BASE.without_query_params("zzz") is BASE  # nothing to remove: unchanged


def test_an_edit_reserializes_the_query_as_url_search_params_does() -> None:
    # URLSearchParams parses "%20" and "+" as a space and writes it "+" (urlencoded serializer).
    url = URL("https://h/?a=b%20c&d")
    assert url.update_query(e="1").href == "https://h/?a=b+c&d=&e=1"


@pytest.mark.parametrize("value", [True, 1.5, None, b"x", object()])
def test_values_of_other_types_are_refused(value: object) -> None:
    with pytest.raises(TypeError, match="str or an int"):
        BASE.update_query(a=value)
    with pytest.raises(TypeError):
        BASE.with_query({"a": value})  # type: ignore[arg-type]


def test_names_must_be_str_and_pairs_pairs() -> None:
    with pytest.raises(TypeError):
        BASE.with_query([(1, "a")])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        BASE.with_query([("a", "b", "c")])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        BASE.with_query("a=b", c="d")


def test_the_callers_class() -> None:
    url = MyURL("https://h/?a=1")
    for edited in (
        url.with_query({"b": 2}),
        url.with_query("c"),
        url.update_query(a=2),
        url.extend_query(a=2),
        url.without_query_params("a"),
    ):
        assert type(edited) is MyURL


values = st.one_of(st.text(max_size=5), st.integers(-5, 5))
params = st.dictionaries(st.text(max_size=4), values, max_size=4)


@given(URLS, params)
def test_editing_is_idempotent(url: URL, given_params: dict[str, str | int]) -> None:
    once = url.with_query(given_params)
    assert once.with_query(given_params) == once
    once = url.update_query(given_params)
    assert once.update_query(given_params) == once
    names = list(given_params)
    once = url.without_query_params(*names)
    assert once.without_query_params(*names) == once


@given(URLS, params)
def test_update_query_result_has_the_given_values(url: URL, given_params: dict[str, Any]) -> None:
    updated = url.update_query(given_params)
    pairs = list(updated.search_params)
    for name, value in given_params.items():
        assert [v for n, v in pairs if n == name] == [str(value)]
    # the other pairs, in their order
    others = [pair for pair in url.search_params if pair[0] not in given_params]
    assert [pair for pair in pairs if pair[0] not in given_params] == others


@given(URLS, st.lists(st.tuples(st.text(max_size=4), st.text(max_size=4)), max_size=4))
def test_the_written_query_equals_the_search_params_update(
    url: URL, pairs: list[tuple[str, str]]
) -> None:
    # _with_pairs writes the href itself; it must be what the URLSearchParams update steps give
    expected = url.replace(search_params=pairs)
    assert url.with_query(pairs) == expected
    assert url.with_query([(n, v + "\ud800") for n, v in pairs]) == url.replace(
        search_params=[(n, v + "\ufffd") for n, v in pairs]
    )


@given(
    st.lists(
        st.tuples(
            st.text(alphabet=st.characters(max_codepoint=0x7F)),
            st.text(alphabet=st.characters(max_codepoint=0x7F)) | st.text(),
        ),
        max_size=4,
    )
)
def test_the_ascii_shortcut_is_the_urlencoded_serializer(pairs: list[tuple[str, str]]) -> None:
    # query_editing's serializer against the spec's (urlencoded.serialize_string_pairs,
    # https://url.spec.whatwg.org/#concept-urlencoded-serializer), ASCII and not.
    from urlspec.toolkit.query_editing import _serialize
    from urlspec.urlencoded import serialize_string_pairs

    assert _serialize(pairs) == serialize_string_pairs(pairs)


def check_query_edits(url: URL, given: list[tuple[str, str]]) -> None:
    """The query edits (pairs read from the href, the new query written into it) equal the
    general path: the record's pairs (URLSearchParams), edited, set by URLSearchParams's update
    steps (``replace(search_params=...)``). Each new URL is the one ``URL(href)`` makes, down
    to the offsets of its parts (made from the edited URL's without a scan:
    ``URL._with_query_href``)."""
    url = URL(url.href)  # with the offsets tier 1 found, where it applies
    current = list(url.search_params)
    names = {name for name, _ in given}
    kept = [pair for pair in current if pair[0] not in names]
    # update_query: each given name's pairs at the place of its first old pair, or at the end
    updated: list[tuple[str, str]] = []
    for name, value in current:
        if name not in names:
            updated.append((name, value))
        elif name not in {n for n, _ in updated}:
            updated += [pair for pair in given if pair[0] == name]
    new_names = dict.fromkeys(name for name, _ in given if name not in {n for n, _ in current})
    for new_name in new_names:  # (in the order given, each name's pairs together)
        updated += [pair for pair in given if pair[0] == new_name]
    grouped: dict[str, list[str]] = {}  # the pairs as a mapping: each name's values in a list
    for name, value in given:
        grouped.setdefault(name, []).append(value)
    for made, expected in (
        (url.with_query(given), url.replace(search_params=given)),
        (
            url.with_query(grouped),
            url.replace(search_params=[(n, v) for n, values in grouped.items() for v in values]),
        ),
        (url.extend_query(given), url.replace(search_params=current + given) if given else url),
        (
            url.without_query_params(*names),
            url if kept == current else url.replace(search_params=kept),
        ),
        (url.update_query(given), url.replace(search_params=updated) if given else url),
    ):
        assert made == expected
        if made is not url:  # (an edit that changes nothing returns the URL itself)
            check_made_as_the_constructor_makes_it(made)


def check_made_as_the_constructor_makes_it(made: URL) -> None:
    fresh = URL(made.href)
    assert type(made) is URL
    assert made._spans == fresh._spans, made.href
    assert (made._parsed is None) == (fresh._parsed is None), made.href
    getters = ("protocol", "host", "pathname", "search", "hash")
    assert [getattr(made, g) for g in getters] == [getattr(fresh, g) for g in getters]


GIVEN_PAIRS: list[list[tuple[str, str]]] = [
    [],
    [("q", "x y")],
    [("a", "2"), ("page", "é&=+%"), ("a", "3")],
    [("b c", "")],
]


@given(URLS, st.lists(st.tuples(st.text(max_size=4), st.text(max_size=4)), max_size=4))
def test_query_edits_equal_the_search_params_update(url: URL, pairs: list[tuple[str, str]]) -> None:
    check_query_edits(url, pairs)


def test_query_edits_equal_the_search_params_update_on_every_shape_and_corpus_sample() -> None:
    from shared_data import CORPORA, iter_corpus

    for url in ENUMERATED:
        for pairs in GIVEN_PAIRS:
            check_query_edits(url, pairs)
    for corpus in CORPORA:
        for number, line in enumerate(iter_corpus(corpus)):
            url = URL.parse(line) if number % 25 == 0 else None
            if url is not None:
                check_query_edits(url, [("utm_source", "x"), ("page", "2")])


def test_a_query_edit_makes_the_url_the_constructor_makes_on_every_corpus_line() -> None:
    from shared_data import CORPORA, iter_corpus

    checked = 0
    for corpus in CORPORA:
        for line in iter_corpus(corpus):
            parsed = URL.parse(line)
            if parsed is None:
                continue
            url = URL(parsed.href)
            # (removing the query, and the other edits, on every shape: the tests above)
            check_made_as_the_constructor_makes_it(url.with_query(q="x y"))
            checked += 1
    assert checked > 95_000  # the corpora hold 97,631 lines


def test_the_ascii_shortcut_on_every_code_point() -> None:
    from urlspec.toolkit.query_editing import _serialize
    from urlspec.urlencoded import serialize_string_pairs

    for c in map(chr, range(0x80)):
        for pairs in ([(c, f"a{c}b")], [(f"{c} {c}", c), ("x", f"{c}é")]):
            assert _serialize(pairs) == serialize_string_pairs(pairs)


class _IntSubclass(int):
    def __str__(self) -> str:
        return "not the decimal"


class _StrSubclass(str):
    __slots__ = ()


#: Names and values of every kind the one-pass serializer of a dict tells apart: ASCII text with
#: nothing to encode, a space, code points to percent-encode; text that is not ASCII, with a
#: lone surrogate or an astral code point; ints (negative, big), bools, floats, None, bytes,
#: subclasses of int and str, lists and tuples of values (empty, mixed, with a bad item).
ITEM_NAMES: list[object] = ["", "q", "a b", "&=+%#", "é", "\ud800", "x\U0001f600", 1, None]
ITEM_NAMES.append(_StrSubclass("s t"))
ITEM_VALUES: list[object] = [
    "",
    "x y",
    "a~*-._!'()&=+%#",
    "café",
    "\udc00x",
    0,
    -5,
    2**70,
    True,
    1.5,
    None,
    b"x",
    _IntSubclass(3),
    _StrSubclass("s t"),
    ["1", 2],
    ("a", "é"),
    [],
    [True],
    ("ok", None),
]


def general_serialization(query: object, params: dict[str, object] | None) -> str | None:
    """The general path: the pairs checked (query_pairs), then serialized; None for a TypeError."""
    from urlspec.toolkit.query_editing import _serialize, query_pairs

    try:
        return _serialize(query_pairs(query, params))  # type: ignore[arg-type]
    except TypeError:
        return None


def test_the_one_pass_serializer_of_a_dict_is_the_general_path_on_every_shape() -> None:
    # _serialize_ascii_items (one pass over a dict's items) against query_pairs + _serialize,
    # exhaustively over single items, in the query and in the keyword parameters, and pairs of
    # items (the second after a first that the one pass takes or leaves)
    from urlspec.toolkit.query_editing import _serialize_ascii_items

    taken = 0
    for name in ITEM_NAMES:
        for value in ITEM_VALUES:
            for query, params in (
                ({name: value}, None),
                (None, {name: value}),
                ({"a": 1}, {name: value}),
                ({name: value, "b": "c d"}, {"e": ["f", 2]}),
            ):
                one_pass = _serialize_ascii_items(query, params)  # type: ignore[arg-type]
                general = general_serialization(query, params)
                if one_pass is not None:
                    assert one_pass == general, (query, params)
                    taken += 1
                # the cases it is for take it: str names, values ASCII text or ints (not bool)
                ascii_name = isinstance(name, str) and name.isascii()
                values = value if isinstance(value, (list, tuple)) else [value]
                ascii_values = all(
                    (isinstance(v, str) and v.isascii()) or type(v) is int for v in values
                )
                assert (one_pass is not None) == (ascii_name and ascii_values), (query, params)
    assert taken > 50
    for query in (None, {}, [("a", "b")], (("a", 1),), {"a": 1}.items(), "a=b"):
        expected = general_serialization(query, None)
        assert _serialize_ascii_items(query, None) in (None, expected)
    assert _serialize_ascii_items([("a", "b")], None) is None  # (pairs: the general path)
    assert _serialize_ascii_items(None, None) == _serialize_ascii_items({}, {}) == ""


@pytest.mark.parametrize("value", [True, 1.5, None, b"x", object(), [1, None]])
def test_a_refused_value_is_refused_through_a_dict_too(value: object) -> None:
    with pytest.raises(TypeError, match="str or an int"):
        BASE.with_query({"a": value})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="str or an int"):
        BASE.with_query(a=value)
    with pytest.raises(TypeError, match="must be a str"):
        BASE.with_query({1: "a"})  # type: ignore[dict-item]


def test_an_int_subclass_is_written_as_the_general_path_writes_it() -> None:
    # (the one pass leaves int subclasses to the general path: str() of one is the class's)
    from urlspec.toolkit.query_editing import query_pairs

    expected = BASE.replace(search_params=query_pairs({"n": _IntSubclass(3)}))
    assert BASE.with_query({"n": _IntSubclass(3)}) == expected


@given(URLS, params)
def test_with_query_of_a_dict_equals_the_search_params_update(
    url: URL, given_params: dict[str, str | int]
) -> None:
    # expected: URLSearchParams's update steps (replace) with the values as text, a lone
    # surrogate as U+FFFD (Web IDL's USVString)
    pairs = [(n, v if isinstance(v, str) else str(v)) for n, v in given_params.items()]
    assert url.with_query(given_params) == url.replace(search_params=pairs)
    assert url.with_query(**given_params) == url.replace(search_params=pairs)


def test_is_ascii_on_every_code_point() -> None:
    from urlspec.toolkit._common import is_ascii

    assert is_ascii("")
    for c in map(chr, range(0x110000)):
        assert is_ascii(f"ab{c}") == f"ab{c}".isascii()
