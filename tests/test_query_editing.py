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
from toolkit_strategies import URLS

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
