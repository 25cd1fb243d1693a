"""Tests for urlspec.URLSearchParams (URL Standard §6.2 URLSearchParams class).

The cases follow the spec's algorithms and the expectations of the WPT tests
url/urlsearchparams-{constructor,append,delete,get,getall,has,set,size,sort,stringifier}.any.js,
written in Python spelling (JavaScript's ``null``/number arguments have no Python counterpart:
names and values must be ``str``; an omitted optional ``value`` is ``None``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlspec import URLSearchParams

# --- Constructor (urlsearchparams-constructor.any.js) --------------------------------------------


def test_constructor_basic() -> None:
    assert str(URLSearchParams()) == ""
    assert str(URLSearchParams("")) == ""
    assert str(URLSearchParams({})) == ""
    assert str(URLSearchParams([])) == ""
    assert str(URLSearchParams(None)) == ""  # JavaScript's undefined: the default ""
    params = URLSearchParams("a=b")
    assert params.has("a")
    assert not params.has("b")
    assert params.get("a") == "b"


def test_constructor_drops_one_leading_question_mark() -> None:
    assert str(URLSearchParams("?a=b")) == "a=b"
    assert URLSearchParams("??a=b").items() == [("?a", "b")]
    assert URLSearchParams("?").items() == []


def test_constructor_copies_another_urlsearchparams() -> None:
    params = URLSearchParams("a=b&c=d")
    copy = URLSearchParams(params)
    assert copy.get("a") == "b"
    assert copy.get("c") == "d"
    copy.append("e", "f")
    assert not params.has("e")
    assert copy.has("e")
    params.append("g", "h")
    assert not copy.has("g")


@pytest.mark.parametrize(
    ("init", "name", "value"),
    [
        ("a=b+c", "a", "b c"),
        ("a+b=c", "a b", "c"),
        ("a=b c", "a", "b c"),
        ("a=b%2Bc", "a", "b+c"),
        ("a%2Bb=c", "a+b", "c"),
        ("a=b%20c", "a", "b c"),
        ("a\x00b=42", "a\x00b", "42"),
        ("a%00b=42", "a\x00b", "42"),
        ("a=\u2384", "a", "\u2384"),
        ("a=%e2%8e%84", "a", "\u2384"),
        ("a=\U0001f4a9", "a", "\U0001f4a9"),
        ("a=%f0%9f%92%a9", "a", "\U0001f4a9"),
        ("a=%C2", "a", "\ufffd"),
        ("id=0&value=%", "value", "%"),
    ],
)
def test_constructor_parses_strings(init: str, name: str, value: str) -> None:
    assert URLSearchParams(init).get(name) == value


def test_constructor_parse_of_separators() -> None:
    params = URLSearchParams("a=b&c=d&&e&&")
    assert params.items() == [("a", "b"), ("c", "d"), ("e", "")]
    params = URLSearchParams("a==b")
    assert params.get("a") == "=b"


def test_constructor_sequence() -> None:
    params = URLSearchParams([["a", "b"], ["c", "d"]])
    assert params.get("a") == "b"
    assert params.get("c") == "d"
    assert URLSearchParams([("a", "b"), ("a", "c")]).get_all("a") == ["b", "c"]
    # Any iterable of two-item iterables, such as a generator of tuples.
    assert URLSearchParams((name, "1") for name in "xy").items() == [("x", "1"), ("y", "1")]


@pytest.mark.parametrize("init", [[["a"]], [["a", "b", "c"]], [[]], [["a", "b"], ["c"]]])
def test_constructor_sequence_pairs_need_exactly_two_items(init: Any) -> None:
    with pytest.raises(TypeError):
        URLSearchParams(init)


def test_constructor_pair_from_endless_iterator_is_rejected() -> None:
    import itertools

    with pytest.raises(TypeError):
        URLSearchParams([itertools.repeat("a")])


@pytest.mark.parametrize("init", [["ab"], [b"ab"], [1], 1, b"a=b", [[1, 2]], {"a": 1}, {1: "a"}])
def test_constructor_rejects_non_strings(init: Any) -> None:
    with pytest.raises(TypeError):
        URLSearchParams(init)


def test_constructor_record() -> None:
    params = URLSearchParams({"+": "%C2"})
    assert params.get("+") == "%C2"  # record values are not parsed
    params = URLSearchParams({"c": "x", "a": "?"})
    assert params.get("c") == "x"
    assert params.get("a") == "?"
    assert params.items() == [("c", "x"), ("a", "?")]


def test_constructor_record_with_null_non_ascii_and_surrogate_keys() -> None:
    params = URLSearchParams({"a\x00b": "42", "c\ud83d": "23", "d\u1234": "foo"})
    assert params.get("a\x00b") == "42"
    assert params.get("c\ufffd") == "23"
    assert params.get("d\u1234") == "foo"


def test_constructor_record_with_two_unpaired_surrogates() -> None:
    # Both keys become "\ufffdx": one record entry, where the first was, with the last value.
    params = URLSearchParams(dict([("\ud835x", "1"), ("xx", "2"), ("\ud83dx", "3")]))
    assert str(params) == "%EF%BF%BDx=3&xx=2"
    params = URLSearchParams(dict([("x\ud835", "1"), ("xx", "2"), ("x\ud83d", "3")]))
    assert str(params) == "x%EF%BF%BD=3&xx=2"


def test_constructor_sequence_with_surrogates() -> None:
    params = URLSearchParams([["x\ud835", "1"], ["x\ud83d\udca9", "\udca9"]])
    assert params.items() == [("x\ufffd", "1"), ("x\U0001f4a9", "\ufffd")]


# --- append (urlsearchparams-append.any.js) ------------------------------------------------------


def test_append_same_name() -> None:
    params = URLSearchParams()
    params.append("a", "b")
    assert str(params) == "a=b"
    params.append("a", "b")
    assert str(params) == "a=b&a=b"
    params.append("a", "c")
    assert str(params) == "a=b&a=b&a=c"


def test_append_empty_strings() -> None:
    params = URLSearchParams()
    params.append("", "")
    assert str(params) == "="
    params.append("", "")
    assert str(params) == "=&="


def test_append_multiple() -> None:
    params = URLSearchParams()
    params.append("first", "1")
    params.append("second", "2")
    params.append("third", "")
    params.append("first", "10")
    assert params.has("first")
    assert params.get("first") == "1"
    assert params.get("second") == "2"
    assert params.get("third") == ""
    params.append("first", "10")
    assert params.get("first") == "1"
    assert params.get_all("first") == ["1", "10", "10"]


def test_append_rejects_non_strings() -> None:
    params = URLSearchParams()
    with pytest.raises(TypeError):
        params.append("a", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        params.append(1, "a")  # type: ignore[arg-type]
    assert len(params) == 0


# --- delete (urlsearchparams-delete.any.js) ------------------------------------------------------


@pytest.mark.parametrize(
    ("init", "name", "expected"),
    [
        ("a=b&c=d", "a", "c=d"),
        ("a=a&b=b&a=a&c=c", "a", "b=b&c=c"),
        ("a=a&=&b=b&c=c", "", "a=a&b=b&c=c"),
        ("a=a&null=null&b=b", "null", "a=a&b=b"),
        ("a=a&undefined=undefined&b=b", "undefined", "a=a&b=b"),
        ("a=b", "c", "a=b"),
    ],
)
def test_delete(init: str, name: str, expected: str) -> None:
    params = URLSearchParams(init)
    params.delete(name)
    assert str(params) == expected


def test_delete_appended() -> None:
    params = URLSearchParams()
    params.append("first", "1")
    assert params.has("first")
    assert params.get("first") == "1"
    params.delete("first")
    assert not params.has("first")
    params.append("first", "1")
    params.append("first", "10")
    params.delete("first")
    assert not params.has("first")


def test_delete_with_value() -> None:
    params = URLSearchParams()
    params.append("a", "b")
    params.append("a", "c")
    params.append("a", "d")
    params.delete("a", "c")
    assert str(params) == "a=b&a=d"
    params = URLSearchParams("a=a&a=b&a=a&b=c")
    params.delete("a", "a")
    assert str(params) == "a=b&b=c"
    params = URLSearchParams("a=a&b=b&a=b")
    params.delete("a", "c")  # no such pair: nothing removed
    assert str(params) == "a=a&b=b&a=b"


def test_delete_without_value_removes_every_pair_of_that_name() -> None:
    params = URLSearchParams("a=b&a=c&b=d")
    params.delete("a", None)
    assert str(params) == "b=d"


# --- get, getAll (urlsearchparams-get.any.js, urlsearchparams-getall.any.js) ---------------------


def test_get() -> None:
    params = URLSearchParams("a=b&c=d")
    assert params.get("a") == "b"
    assert params.get("c") == "d"
    assert params.get("e") is None
    params = URLSearchParams("a=b&c=d&a=e")
    assert params.get("a") == "b"
    params = URLSearchParams("=b&c=d")
    assert params.get("") == "b"
    params = URLSearchParams("a=&c=d&a=e")
    assert params.get("a") == ""


def test_get_more() -> None:
    params = URLSearchParams("first=second&third&&")
    assert params.has("first")
    assert params.get("first") == "second"
    assert params.get("third") == ""
    assert params.get("fourth") is None


def test_get_all() -> None:
    params = URLSearchParams("a=b&c=d")
    assert params.get_all("a") == ["b"]
    assert params.get_all("c") == ["d"]
    assert params.get_all("e") == []
    params = URLSearchParams("a=b&c=d&a=e")
    assert params.get_all("a") == ["b", "e"]
    params = URLSearchParams("=b&c=d")
    assert params.get_all("") == ["b"]
    params = URLSearchParams("a=&c=d&a=e")
    assert params.get_all("a") == ["", "e"]


def test_get_all_after_set() -> None:
    params = URLSearchParams("a=1&a=2&a=3&a")
    assert params.has("a")
    assert params.get_all("a") == ["1", "2", "3", ""]
    params.set("a", "one")
    assert params.get("a") == "one"
    assert params.get_all("a") == ["one"]


def test_get_converts_the_name() -> None:
    params = URLSearchParams([["\ufffd", "x"]])
    assert params.get("\ud800") == "x"
    assert params.get_all("\udc00") == ["x"]
    assert params.has("\ud800")


# --- has (urlsearchparams-has.any.js) ------------------------------------------------------------


def test_has() -> None:
    params = URLSearchParams("a=b&c=d")
    assert params.has("a")
    assert params.has("c")
    assert not params.has("e")
    params = URLSearchParams("a=b&c=d&a=e")
    assert params.has("a")
    params = URLSearchParams("=b&c=d")
    assert params.has("")
    params = URLSearchParams("null=a")
    assert params.has("null")


def test_has_after_append_and_delete() -> None:
    params = URLSearchParams("a=b&c=d&&")
    params.append("first", "1")
    params.append("first", "2")
    assert params.has("a")
    assert params.has("c")
    assert params.has("first")
    assert not params.has("d")
    params.delete("first")
    assert not params.has("first")


def test_has_with_value() -> None:
    params = URLSearchParams("a=b&a=d&c&e&")
    assert params.has("a", "b")
    assert not params.has("a", "c")
    assert params.has("a", "d")
    assert params.has("e", "")
    params.append("first", "null")
    assert params.has("first", "null")
    params.delete("a", "b")
    assert params.has("a", "d")
    assert not params.has("a", "b")


def test_contains() -> None:
    params = URLSearchParams("a=b")
    assert "a" in params
    assert "b" not in params
    assert 1 not in params


# --- set (urlsearchparams-set.any.js) ------------------------------------------------------------


def test_set() -> None:
    params = URLSearchParams("a=b&c=d")
    params.set("a", "B")
    assert str(params) == "a=B&c=d"
    params = URLSearchParams("a=b&c=d&a=e")
    params.set("a", "B")
    assert str(params) == "a=B&c=d"
    params.set("e", "f")
    assert str(params) == "a=B&c=d&e=f"


def test_set_keeps_position_of_first() -> None:
    params = URLSearchParams("x=1&a=2&y=3&a=4&z=5")
    params.set("a", "new")
    assert params.items() == [("x", "1"), ("a", "new"), ("y", "3"), ("z", "5")]


def test_set_appended() -> None:
    params = URLSearchParams()
    params.append("first", "1")
    params.set("first", "2")
    params.set("second", "3")
    assert params.get("first") == "2"
    assert params.get("second") == "3"
    assert len(params) == 2


# --- size (urlsearchparams-size.any.js) ----------------------------------------------------------


def test_size() -> None:
    params = URLSearchParams("a=1&b=2&a=3")
    assert len(params) == 3
    params.delete("a")
    assert len(params) == 1
    params.append("c", "4")
    assert len(params) == 2
    params.set("b", "5")
    assert len(params) == 2
    assert len(URLSearchParams()) == 0
    assert not URLSearchParams()
    assert URLSearchParams("a")


# --- sort (urlsearchparams-sort.any.js) ----------------------------------------------------------

SORT_CASES = [
    ("z=b&a=b&z=a&a=a", [("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")]),
    ("\ufffd=x&\ufffc&\ufffd=a", [("\ufffc", ""), ("\ufffd", "x"), ("\ufffd", "a")]),
    # U+1F308 is two code units, D83C DF08, which sort before U+FB03 (ﬃ).
    ("\ufb03&\U0001f308", [("\U0001f308", ""), ("\ufb03", "")]),
    ("\u00e9&e\ufffd&e\u0301", [("e\u0301", ""), ("e\ufffd", ""), ("\u00e9", "")]),
    (
        "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
        [
            ("a", "a"),
            ("a", "b"),
            ("a", "c"),
            ("a", "d"),
            ("a", "e"),
            ("a", "f"),
            ("a", "g"),
            ("z", "z"),
            ("z", "y"),
            ("z", "x"),
            ("z", "w"),
            ("z", "v"),
            ("z", "u"),
            ("z", "t"),
        ],
    ),
    ("bbb&bb&aaa&aa=x&aa=y", [("aa", "x"), ("aa", "y"), ("aaa", ""), ("bb", ""), ("bbb", "")]),
    ("z=z&=f&=t&=x", [("", "f"), ("", "t"), ("", "x"), ("z", "z")]),
    ("a\U0001f308&a\U0001f4a9", [("a\U0001f308", ""), ("a\U0001f4a9", "")]),
    # A surrogate pair (D83D ...) sorts before U+E000..U+FFFF but after U+D7FF.
    (
        "\uffff&\U0001f4a9&\ue000&\ud7ff",
        [("\ud7ff", ""), ("\U0001f4a9", ""), ("\ue000", ""), ("\uffff", "")],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("init", "expected"), SORT_CASES)
def test_sort(init: str, expected: list[tuple[str, str]]) -> None:
    params = URLSearchParams(init)
    params.sort()
    assert list(params) == expected


def test_sort_serialization() -> None:
    # The spec's example, without the URL: the sorted query.
    params = URLSearchParams("q=\U0001f3f3\ufe0f\u200d\U0001f308&key=e1f7bc78")
    params.sort()
    assert str(params) == "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"


name_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=4)


@given(st.lists(st.tuples(name_text, st.integers(0, 9).map(str)), max_size=12))
def test_sort_is_stable_by_utf16_code_units(pairs: list[tuple[str, str]]) -> None:
    params = URLSearchParams(pairs)
    params.sort()

    def code_units(name: str) -> list[int]:
        data = name.encode("utf-16-be")
        return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]

    # Python's sort is stable, so sorting by the code units list is the spec's order.
    assert list(params) == sorted(pairs, key=lambda pair: code_units(pair[0]))


# --- Stringifier (urlsearchparams-stringifier.any.js) --------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("a", "b c", "a=b+c"),
        ("a b", "c", "a+b=c"),
        ("", "b", "=b"),
        ("a", "", "a="),
        ("", "", "="),
        ("a", "b=", "a=b%3D"),
        ("a=", "b", "a%3D=b"),
        ("a", "b&", "a=b%26"),
        ("a&", "b", "a%26=b"),
        ("a", "*-._", "a=*-._"),
        ("*-._", "c", "*-._=c"),
        ("a", "b%c", "a=b%25c"),
        ("a%", "b", "a%25=b"),
        ("a", "b\x00c", "a=b%00c"),
        ("a\x00", "b", "a%00=b"),
        ("a", "b\U0001f4a9c", "a=b%F0%9F%92%A9c"),
        ("a\U0001f4a9", "b", "a%F0%9F%92%A9=b"),
        ("a", "b+c", "a=b%2Bc"),
        ("a", "b\nc", "a=b%0Ac"),
        ("a", "b\rc", "a=b%0Dc"),
        ("a", "b\r\nc", "a=b%0D%0Ac"),
        ("a", "\ud83d", "a=%EF%BF%BD"),
    ],
)
def test_stringifier_of_appended(name: str, value: str, expected: str) -> None:
    params = URLSearchParams()
    params.append(name, value)
    assert str(params) == expected


@pytest.mark.parametrize(
    ("init", "expected"),
    [
        ("a=b&c=d&&e&&", "a=b&c=d&e="),
        ("a = b &a=b&c=d%20", "a+=+b+&a=b&c=d+"),
        ("a=&a=b", "a=&a=b"),
        ("b=%2sf%2a", "b=%252sf*"),
        ("b=%2%2af%2a", "b=%252*f*"),
        ("b=%%2a", "b=%25*"),
        ("a=~", "a=%7E"),
    ],
)
def test_stringifier_of_parsed(init: str, expected: str) -> None:
    assert str(URLSearchParams(init)) == expected


def test_stringifier_after_mutations() -> None:
    params = URLSearchParams("a=b")
    params.append("c", "d e")
    params.delete("a")
    params.set("f", "g")
    assert str(params) == "c=d+e&f=g"


# --- Iteration and the Python conveniences -------------------------------------------------------


def test_iteration_views() -> None:
    params = URLSearchParams("a=1&b=2&a=3")
    assert list(params) == [("a", "1"), ("b", "2"), ("a", "3")]
    assert params.keys() == ["a", "b", "a"]
    assert params.values() == ["1", "2", "3"]
    assert params.items() == [("a", "1"), ("b", "2"), ("a", "3")]
    assert dict(params) == {"a": "1", "b": "2"}  # keys() and [] (the first value)
    assert dict(iter(params)) == {"a": "3", "b": "2"}  # from the pairs: the last value wins
    assert params["a"] == "1"
    with pytest.raises(KeyError):
        params["c"]
    items = params.items()
    items.append(("x", "y"))
    assert len(params) == 3  # items() is a copy


def test_equality_and_repr() -> None:
    assert URLSearchParams("a=b&c=d") == URLSearchParams([("a", "b"), ("c", "d")])
    assert URLSearchParams("a=b&c=d") != URLSearchParams("c=d&a=b")
    assert URLSearchParams("a=b") != "a=b"
    assert repr(URLSearchParams("a=b")) == "URLSearchParams([('a', 'b')])"
    assert eval(repr(URLSearchParams("x=1&y="))) == URLSearchParams("x=1&y=")
    with pytest.raises(TypeError):
        hash(URLSearchParams())


def test_spec_examples() -> None:
    # url.bs, example-constructing-urlsearchparams.
    assert str(URLSearchParams({"key": "730d67"})) == "key=730d67"
    # The note on URLSearchParams and URL queries: the URL https://example.com/?a=b ~ has the
    # query "a=b%20~"; its searchParams, once sorted, serialize with the form-urlencoded set.
    params = URLSearchParams.from_query("a=b%20~")
    params.sort()
    assert str(params) == "a=b+%7E"
    params = URLSearchParams.from_query("a=~&b=%7E")
    assert params.get("a") == "~"
    assert params.get("b") == "~"


def test_from_query_keeps_leading_question_mark() -> None:
    # "Initialize" (what a URL does with its query) does not drop a "?", the constructor does.
    assert URLSearchParams.from_query("?a=b").items() == [("?a", "b")]
    assert URLSearchParams.from_query("a=b+c").items() == [("a", "b c")]
    assert URLSearchParams.from_query(None).items() == []
    assert URLSearchParams.from_query("").items() == []


@given(st.lists(st.tuples(name_text, name_text), max_size=6))
def test_round_trip_through_string(pairs: list[tuple[str, str]]) -> None:
    params = URLSearchParams(pairs)
    assert URLSearchParams(str(params)) == params
