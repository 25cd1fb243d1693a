"""Differential tests: urlspec.parse's quoting and query functions against the interpreter's own
urllib.parse, on the URL corpora and on hypothesis inputs.

Both must give equal values of equal types (recursively), or raise the same exception type, and
emit the same warning categories. The reference is the running interpreter's ``urllib.parse``,
except where CPython changed behaviour on purpose after the interpreter's release: urlspec
behaves as CPython 3.14, so on an interpreter without the change the reference is adapted to it,
each adaptation named by its CPython issue and enabled only when the interpreter lacks the change
(detected by behaviour, not by version number):

* gh-74668 (3.13; backported to 3.12 and 3.11 in 2024): ``parse_qsl``/``parse_qs`` of bytes
  keep the percent-decoded bytes as they are (before: decoded as ASCII, unquoted as text, encoded
  back as ASCII, failing on non-ASCII bytes), accept any bytes-like object, and convert a
  separator of the other type (as ASCII) instead of refusing to mix str and bytes. The adapted
  reference parses the bytes as Latin-1 text with ``encoding='latin-1'`` (Latin-1 maps bytes to
  characters one to one, so this is the same percent-decoding) and encodes the result back.
* gh-116764 (3.13; backported too): a true ``qs`` that is neither str nor bytes-like raises
  TypeError (before: AttributeError). gh-116897 (3.14): a false one gives ``[]`` with a
  DeprecationWarning. Both are tested against CPython 3.14's own test values in
  ``test_parse_qsl_argument_types``. gh-116897 also converts the separator of an empty
  bytes-like query (3.13 returned ``[]`` before looking at the separator): a non-ASCII str
  separator now raises UnicodeEncodeError.
* gh-88500 (3.12): ``unquote_to_bytes`` always returns ``bytes`` (3.11 returned a bytearray
  argument without escapes unchanged).
"""

from __future__ import annotations

import inspect
import itertools
import re
import urllib.parse as stdlib
import warnings
from collections import UserString
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

import urlspec.parse as ours
from urlspec.parse import _quoting

# --- Comparing outcomes ------------------------------------------------------------------------


def typed(value: Any) -> Any:
    """``value`` with the type of every part made explicit, so that b'a' != 'a' != bytearray."""
    if isinstance(value, (list, tuple)):
        return (type(value), [typed(item) for item in value])
    if isinstance(value, dict):
        return (type(value), [(typed(k), typed(v)) for k, v in value.items()])
    return (type(value), value)


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """What calling ``function`` does: ("ok", typed result, warnings) or ("raises", type)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = function(*args, **kwargs)
        except Exception as error:
            return ("raises", type(error))
    return ("ok", typed(result), [warning.category for warning in caught])


def quick_outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """``outcome`` without watching warnings, for the functions that never warn."""
    try:
        return ("ok", typed(function(*args, **kwargs)), [])
    except Exception as error:
        return ("raises", type(error))


# --- The reference: the interpreter's urllib.parse, adapted to CPython 3.14 where it is older ---


def _has_gh_74668() -> bool:
    try:
        return stdlib.parse_qsl(b"a=%FF") == [(b"a", b"\xff")]
    except UnicodeError:
        return False


HAS_GH_74668 = _has_gh_74668()
HAS_GH_88500 = type(stdlib.unquote_to_bytes(bytearray(b"a"))) is bytes


def _separator_as(separator: Any, text: bool) -> Any:
    """gh-74668: a str/bytes separator converted (as ASCII) to the type of the query."""
    if text and isinstance(separator, bytes):
        return str(separator, "ascii")
    if not text and isinstance(separator, str):
        return bytes(separator, "ascii")
    return separator


# (Untyped: the reference is called with any arguments, as the functions under test are.)
stdlib_parse_qsl: Callable[..., Any] = stdlib.parse_qsl
stdlib_parse_qs: Callable[..., Any] = stdlib.parse_qs


def _is_bytes_like(value: Any) -> bool:
    try:
        memoryview(value)
    except TypeError:
        return False
    return True


def convert_separator_first(qs: Any, separator: Any) -> None:
    """gh-116897 (3.14): the separator of a bytes-like query is converted (and can fail) even
    when the query is empty (3.13 returned [] for an empty one first)."""
    if isinstance(separator, str) and separator and _is_bytes_like(qs):
        bytes(separator, "ascii")


def reference_parse_qsl(qs: Any, *args: Any, separator: Any = "&", **kwargs: Any) -> Any:
    convert_separator_first(qs, separator)
    if HAS_GH_74668 or not (separator and isinstance(separator, (str, bytes))):
        return stdlib_parse_qsl(qs, *args, separator=separator, **kwargs)
    if isinstance(qs, str):
        return stdlib_parse_qsl(qs, *args, separator=_separator_as(separator, True), **kwargs)
    data = bytes(memoryview(qs))
    kwargs.update(encoding="latin-1", errors="strict")
    text_separator = _separator_as(separator, False).decode("latin-1")
    pairs = stdlib_parse_qsl(data.decode("latin-1"), *args, separator=text_separator, **kwargs)
    return [(name.encode("latin-1"), value.encode("latin-1")) for name, value in pairs]


def reference_parse_qs(qs: Any, *args: Any, **kwargs: Any) -> Any:
    if HAS_GH_74668:
        convert_separator_first(qs, kwargs.get("separator", "&"))
        return stdlib_parse_qs(qs, *args, **kwargs)
    result: dict[Any, list[Any]] = {}
    for name, value in reference_parse_qsl(qs, *args, **kwargs):
        result.setdefault(name, []).append(value)
    return result


def reference_unquote_to_bytes(string: Any) -> Any:
    result = stdlib.unquote_to_bytes(string)
    return result if HAS_GH_88500 else bytes(result)


REFERENCE: dict[str, Callable[..., Any]] = {
    "quote": stdlib.quote,
    "quote_plus": stdlib.quote_plus,
    "quote_from_bytes": stdlib.quote_from_bytes,
    "unquote": stdlib.unquote,
    "unquote_plus": stdlib.unquote_plus,
    "unquote_to_bytes": reference_unquote_to_bytes,
    "parse_qsl": reference_parse_qsl,
    "parse_qs": reference_parse_qs,
    "urlencode": stdlib.urlencode,
}


# The functions that can warn (gh-116897); the others are not watched for warnings.
WARNING_FUNCTIONS = {"parse_qsl", "parse_qs"}


def differences(name: str, *args: Any, **kwargs: Any) -> str | None:
    """A description of how urlspec's ``name`` differs from the reference on these arguments."""
    observe = outcome if name in WARNING_FUNCTIONS else quick_outcome
    expected = observe(REFERENCE[name], *args, **kwargs)
    actual = observe(getattr(ours, name), *args, **kwargs)
    if expected == actual:
        return None
    return f"{name}(*{args!r}, **{kwargs!r}): urllib.parse {expected!r}, urlspec {actual!r}"


def assert_same(name: str, *args: Any, **kwargs: Any) -> None:
    difference = differences(name, *args, **kwargs)
    assert difference is None, difference


# --- The corpora -------------------------------------------------------------------------------


def query_of(url: str) -> str:
    """The text between the first '?' and the first '#' after it ('' when there is none)."""
    return url.partition("?")[2].partition("#")[0]


def corpus_checks(url: str) -> Iterator[tuple[Any, ...]]:
    """(function name, args, kwargs) of every comparison made for one corpus line."""
    query = query_of(url)
    for text in (url, query):
        data = text.encode("utf-8", "surrogateescape")
        yield ("quote", (text,), {})
        yield ("quote", (text,), {"safe": ":/?#[]@!$&'()*+,;=%"})
        yield ("quote_plus", (text,), {})
        yield ("quote_from_bytes", (data,), {"safe": "/?&="})
        yield ("unquote", (text,), {})
        yield ("unquote", (data,), {})
        yield ("unquote", (text,), {"encoding": "latin-1", "errors": "strict"})
        yield ("unquote_plus", (text,), {})
        yield ("unquote_to_bytes", (text,), {})
        yield ("unquote_to_bytes", (data,), {})
    data = query.encode("utf-8", "surrogateescape")
    for keep_blank_values in (False, True):
        for strict_parsing in (False, True):
            flags = {"keep_blank_values": keep_blank_values, "strict_parsing": strict_parsing}
            yield ("parse_qsl", (query,), flags)
            yield ("parse_qsl", (data,), flags)
            yield ("parse_qs", (query,), flags)
    yield ("parse_qsl", (query,), {"separator": ";", "errors": "strict"})
    yield ("parse_qsl", (query,), {"max_num_fields": 3})
    yield ("parse_qsl", (data,), {"separator": b";", "keep_blank_values": True})


def urlencode_round_trips(url: str) -> Iterator[tuple[Any, ...]]:
    """urlencode of what parse_qsl/parse_qs read from the query (the stdlib's reading)."""
    query = query_of(url)
    try:
        pairs = stdlib.parse_qsl(query, keep_blank_values=True)
        fields = stdlib.parse_qs(query, keep_blank_values=True)
    except ValueError:
        return
    yield ("urlencode", (pairs,), {})
    yield ("urlencode", (pairs,), {"safe": "/:"})
    yield ("urlencode", (pairs,), {"quote_via": stdlib.quote})
    yield ("urlencode", (fields,), {"doseq": True})
    yield ("urlencode", (fields,), {})


@pytest.mark.parametrize("corpus", CORPORA)
def test_corpus(corpus: str) -> None:
    problems = []
    count = 0
    for url in iter_corpus(corpus):
        for name, args, kwargs in [*corpus_checks(url), *urlencode_round_trips(url)]:
            count += 1
            difference = differences(name, *args, **kwargs)
            if difference is not None:
                problems.append(difference)
    assert count > 0
    assert not problems, f"{len(problems)} of {count} differ, e.g.:\n" + "\n".join(problems[:10])


# --- Hypothesis --------------------------------------------------------------------------------

# Characters that matter to quoting and query strings, and some that are hard to encode.
SPECIAL = "%+&;= /?#~_.-\x00\x7f" + "0123456789abcdefABCDEF" + "é€漢\U0001f600\ud800\udfff"
texts = st.text(alphabet=st.sampled_from(SPECIAL) | st.characters(), max_size=30)
escaped_texts = st.lists(
    st.sampled_from(["%", "%4", "%41", "%e9", "%C3%A9", "%E6%BC%A2", "%zz", "+", "&", ";", "="])
    | texts,
    max_size=8,
).map("".join)
any_texts = texts | escaped_texts
byte_strings = st.binary(max_size=30) | any_texts.map(
    lambda text: text.encode("utf-8", "surrogatepass")
)
bytes_likes = byte_strings | byte_strings.map(bytearray)
encodings = st.sampled_from(["utf-8", "latin-1", "ascii", "utf-16", "cp1252", "shift_jis"])
decode_errors = st.sampled_from(
    ["strict", "replace", "ignore", "surrogateescape", "surrogatepass", "backslashreplace"]
)
encode_errors = decode_errors | st.just("xmlcharrefreplace")
safe_sets = (
    st.sampled_from(["/", "", "&=", ":/?#[]@", "+ ", "é/", "%"])
    | st.text(alphabet=SPECIAL, max_size=5)
    | st.binary(max_size=5)
)
separators = st.sampled_from(["&", ";", "&&", "=", b"&", b";", "é", b"\xe9"])

HYPOTHESIS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@HYPOTHESIS
@given(any_texts, safe_sets, st.none() | encodings, st.none() | encode_errors)
def test_quote_text(text: str, safe: Any, encoding: str | None, errors: str | None) -> None:
    assert_same("quote", text, safe, encoding, errors)
    assert_same("quote_plus", text, safe, encoding, errors)


@HYPOTHESIS
@given(bytes_likes, safe_sets)
def test_quote_bytes(data: bytes | bytearray, safe: Any) -> None:
    assert_same("quote", data, safe)
    assert_same("quote_plus", data, safe)
    assert_same("quote_from_bytes", data, safe)
    assert_same("quote", data, safe, "utf-8")  # TypeError: no encoding for bytes


@HYPOTHESIS
@given(any_texts, encodings, decode_errors)
def test_unquote_text(text: str, encoding: str, errors: str) -> None:
    assert_same("unquote", text)
    assert_same("unquote", text, encoding, errors)
    assert_same("unquote_plus", text, encoding, errors)
    assert_same("unquote_to_bytes", text)


@HYPOTHESIS
@given(bytes_likes, encodings, decode_errors)
def test_unquote_bytes(data: bytes | bytearray, encoding: str, errors: str) -> None:
    assert_same("unquote", data, encoding, errors)
    assert_same("unquote_plus", data)  # TypeError: str.replace arguments on bytes
    assert_same("unquote_to_bytes", data)


@HYPOTHESIS
@given(
    any_texts | bytes_likes | byte_strings.map(memoryview),  # type: ignore[arg-type]
    st.booleans(),
    st.booleans(),
    encodings,
    decode_errors,
    st.none() | st.integers(0, 6),
    separators,
)
def test_parse_qs(
    qs: Any,
    keep_blank_values: bool,
    strict_parsing: bool,
    encoding: str,
    errors: str,
    max_num_fields: int | None,
    separator: Any,
) -> None:
    kwargs = {
        "keep_blank_values": keep_blank_values,
        "strict_parsing": strict_parsing,
        "encoding": encoding,
        "errors": errors,
        "max_num_fields": max_num_fields,
        "separator": separator,
    }
    assert_same("parse_qsl", qs, **kwargs)
    assert_same("parse_qs", qs, **kwargs)


components = any_texts | byte_strings | st.integers() | st.none() | st.floats(allow_nan=False)
pair_lists = st.lists(
    st.tuples(components, components | st.lists(components, max_size=3)), max_size=5
)


@HYPOTHESIS
@given(
    pair_lists,
    st.booleans(),
    safe_sets,
    st.none() | encodings,
    st.none() | encode_errors,
    st.sampled_from([None, "quote", "quote_plus"]),
)
def test_urlencode(
    pairs: list[tuple[Any, Any]],
    doseq: bool,
    safe: Any,
    encoding: str | None,
    errors: str | None,
    quote_via: str | None,
) -> None:
    # quote_via: the same function (the stdlib's) for both, so that urlencode itself is compared.
    kwargs: dict[str, Any] = {"safe": safe, "encoding": encoding, "errors": errors}
    if quote_via is not None:
        kwargs["quote_via"] = getattr(stdlib, quote_via)
    assert_same("urlencode", pairs, doseq, **kwargs)
    assert_same("urlencode", dict(pairs) if _hashable_names(pairs) else pairs, doseq, **kwargs)


def _hashable_names(pairs: list[tuple[Any, Any]]) -> bool:
    try:
        dict(pairs)
    except TypeError:
        return False
    return True


@HYPOTHESIS
@given(pair_lists, st.booleans(), safe_sets)
def test_urlencode_with_own_quoting(pairs: list[tuple[Any, Any]], doseq: bool, safe: Any) -> None:
    """urlencode's default quote_via is each module's own quote_plus."""
    assert_same("urlencode", pairs, doseq, safe)


# --- Arguments of the wrong type ---------------------------------------------------------------


class TextSubclass(str):
    pass


# Not str nor bytes (or subclasses of them): CPython fails on most, in ways kept exactly.
ODD_ARGUMENTS = [
    None, 0, 1, 1.5, (), [], ["%"], [37], {}, object(), memoryview(b"a%20b"), memoryview(b""),
    UserString("a%20b"), UserString("ab"), TextSubclass("a%20b c"), TextSubclass(""),
]  # fmt: skip


def odd_argument_id(argument: object) -> str:
    """The argument's repr without a memory address, so that every pytest-xdist worker collects
    the same test ids."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(argument))


@pytest.mark.parametrize("argument", ODD_ARGUMENTS, ids=odd_argument_id)
@pytest.mark.parametrize(
    "name", ["quote", "quote_plus", "quote_from_bytes", "unquote", "unquote_plus"]
)
def test_odd_arguments(name: str, argument: Any) -> None:
    assert_same(name, argument)


@pytest.mark.parametrize("argument", ODD_ARGUMENTS, ids=odd_argument_id)
def test_unquote_to_bytes_odd_arguments(argument: Any) -> None:
    assert_same("unquote_to_bytes", argument)


@pytest.mark.parametrize("safe", [None, 1, [47], [47, 300], ["/"], (47,), bytearray(b"/")])
@pytest.mark.parametrize("string", ["", "a/b", "a b/c", b"", b"a/b", b"a b"])
def test_odd_safe(string: Any, safe: Any) -> None:
    assert_same("quote", string, safe)
    assert_same("quote_plus", string, safe)


@pytest.mark.parametrize("query", [None, 1, "a", ["a"], [("a", 1)], ("a", "b"), {"a": 1}, "", []])
def test_urlencode_odd_queries(query: Any) -> None:
    assert_same("urlencode", query)


def test_parse_qsl_argument_types() -> None:
    """CPython 3.14's test_parse_qsl_false_value and test_parse_qsl_errors (gh-116764,
    gh-116897): None and empty str/bytes-likes give []; other false values too, deprecated;
    other objects raise TypeError; a bad separator raises ValueError first."""
    flags: dict[str, Any] = {"keep_blank_values": True, "strict_parsing": True}
    empty_queries: list[Any] = ["", b"", None, memoryview(b"")]
    false_values: list[Any] = [0, 0.0, [], {}]
    not_queries: list[Any] = [list(b"a=b"), iter(b"a=b"), 1, object()]
    for qs in empty_queries:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert ours.parse_qsl(qs, **flags) == []
            assert ours.parse_qs(qs, **flags) == {}
        with pytest.raises(ValueError):
            ours.parse_qsl(qs, separator=1)  # type: ignore[arg-type]
    for qs in false_values:
        with pytest.warns(DeprecationWarning, match=f"Accepting {type(qs).__name__} objects"):
            assert ours.parse_qsl(qs, **flags) == []
        with pytest.warns(DeprecationWarning) as record:
            assert ours.parse_qs(qs, **flags) == {}
        assert record[0].filename == __file__  # attributed to parse_qs's caller
        with pytest.raises(ValueError):
            ours.parse_qsl(qs, separator=1)  # type: ignore[arg-type]
    for qs in not_queries:
        with pytest.raises(TypeError):
            ours.parse_qsl(qs)
    for separator in ("", b"", None, 0, 1, 0.0, 1.5):
        with pytest.raises(ValueError, match=r"Separator must be of type string or bytes\."):
            ours.parse_qsl("a=b", separator=separator)  # type: ignore[arg-type]
    with pytest.raises(UnicodeEncodeError):
        ours.parse_qsl(b"a=b", separator="\xa6")
    with pytest.raises(UnicodeDecodeError):
        ours.parse_qsl("a=b", separator=b"\xa6")


def test_parse_qsl_bytes() -> None:
    """CPython 3.14's test_parse_qsl_bytes and gh-74668's non-ASCII bytes."""
    assert ours.parse_qsl(b"a=b") == [(b"a", b"b")]
    assert ours.parse_qsl(bytearray(b"a=b")) == [(b"a", b"b")]
    assert ours.parse_qsl(memoryview(b"a=b")) == [(b"a", b"b")]
    assert ours.parse_qsl(b"a=%FF+\xe9") == [(b"a", b"\xff \xe9")]
    assert ours.parse_qs(b"a=%FF&a=1", separator="&") == {b"a": [b"\xff", b"1"]}


def parameters(function: Callable[..., Any]) -> list[tuple[str, Any, Any]]:
    """(name, kind, default) of each parameter; a function default by its name."""
    return [
        (p.name, p.kind, p.default.__name__ if callable(p.default) else p.default)
        for p in inspect.signature(function).parameters.values()
    ]


@pytest.mark.parametrize("name", [*REFERENCE])
def test_signature(name: str) -> None:
    """Same parameters and defaults as urllib.parse. (CPython 3.14's parse_qsl also has a
    private keyword-only ``_stacklevel``, with which parse_qs aims its warning; urlspec aims it
    without one, so that no private parameter shows.)"""
    assert parameters(getattr(ours, name)) == parameters(getattr(stdlib, name))


# --- The compiled build's quoting scan against the quoting tables, directly ---
#
# Compiled, quote, quote_plus, quote_from_bytes and urlencode quote by one scan over the code
# points (_quoting.quote_scan) instead of str.translate with the quoting table: the two must give
# the same text for every input of code points below 256 (ASCII text, or bytes read as Latin-1),
# every safe set and both modes (quote; quote_plus, where a space becomes "+", even when safe
# holds it). Both builds run the scan here, whichever path their quote takes.

SCAN_SAFE_SETS = ("/", "", " ", "+", " +", "/?=&", "\u00e9/", "~", ":/?#[]@!$&'()*+,;=%")


def scan_mismatches(text: str, safe: str) -> list[str]:
    """How quote_scan quotes ``text`` differently from the translation tables, for ``safe``."""
    problems = []
    for plus in (False, True):
        kept = _quoting.kept_for(safe, plus)
        table = _quoting._quote_plus_table(safe) if plus else _quoting._table_for(safe)
        scanned, translated = _quoting.quote_scan(text, kept, plus), text.translate(table)
        if scanned != translated:
            problems.append(f"{text!r} {safe=} {plus=}: {scanned!r} != {translated!r}")
    return problems


# One character of each class the scan tells apart: kept (letters, digits, "_.-~"), the space,
# "+", "/", "%", other ASCII, C0 and DEL, and bytes 0x80-0xFF read as Latin-1.
QUOTE_SCAN_ALPHABET = ("a", "Z", "0", "~", " ", "+", "/", "%", "&", "\x00", "\x7f", "\x80", "\xe9")


def test_every_short_text_scanned_as_translated() -> None:
    problems = []
    for length in range(4):
        for characters in itertools.product(QUOTE_SCAN_ALPHABET, repeat=length):
            text = "".join(characters)
            for safe in SCAN_SAFE_SETS:
                problems.extend(scan_mismatches(text, safe))
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("corpus", CORPORA)
def test_corpus_scanned_as_translated(corpus: str) -> None:
    problems = []
    for url in iter_corpus(corpus):
        for text in (url, query_of(url)):
            latin1 = text.encode("utf-8", "surrogateescape").decode("latin-1")
            for safe in ("/", ""):
                problems.extend(scan_mismatches(latin1, safe))
    assert not problems, "\n".join(problems[:10])
