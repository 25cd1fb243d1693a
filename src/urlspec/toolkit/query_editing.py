"""Query editing: the query as name-value pairs, set, updated, extended or trimmed.

Every function reads the query as ``URLSearchParams`` does (application/x-www-form-urlencoded
parsing, https://url.spec.whatwg.org/#concept-urlencoded-parser) and writes it as a
``URLSearchParams`` "update" does (https://url.spec.whatwg.org/#concept-urlsearchparams-update):
the pairs serialized as application/x-www-form-urlencoded, no query at all when there are no
pairs. So an edited query is re-serialized whole (``a=b%20c`` becomes ``a=b+c``), as it is in a
browser after ``url.searchParams.set(...)``; a call that changes no pair returns the URL as it is.

Values are ``str`` or ``int`` (written in decimal); ``bool``, ``float``, ``None`` and anything
else raise TypeError, since their text form is a guess (``True``? ``1e-07``?). What the
functions take as a query (:data:`QueryInput`):

* a mapping: name -> value, or name -> a sequence of values (one pair each, in order);
* an iterable of (name, value) pairs;
* for ``with_query``, also a ``str`` (set as the ``search`` setter sets it, encoded as the URL
  parser encodes a query) or None (no query);
* for ``update_query`` and ``extend_query``, also a ``str``: its pairs, read as
  ``URLSearchParams("c=1&d=2")`` reads them (one leading "?" ignored, then the
  application/x-www-form-urlencoded parser), as yarl's ``update_query("c=1")`` takes a string.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias, cast

from urlspec.infra import to_scalar_value_string
from urlspec.percent_encoding import FORM_URLENCODED
from urlspec.toolkit._common import (
    U,
    ascii_kinds,
    ascii_table,
    encode_ascii,
    is_ascii,
    new_url,
    query_bounds,
    query_pairs_in,
)
from urlspec.urlencoded import serialize_string_pairs, urlencoded_parse
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "QueryInput",
    "QueryValue",
    "extend_query",
    "extend_query_href",
    "query_pairs",
    "update_query",
    "update_query_href",
    "with_query",
    "with_query_href",
    "without_query_params",
    "without_query_params_href",
]

QueryValue: TypeAlias = str | int
QueryInput: TypeAlias = (
    Mapping[str, QueryValue | Sequence[QueryValue]] | Iterable[tuple[str, QueryValue]]
)


def _value(name: str, value: object) -> str:
    """A query value as text: a str as it is, an int in decimal; TypeError for anything else."""
    if isinstance(value, str):
        return _scalar_value_string(value)  # as URLSearchParams converts a USVString
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(
        f"query value for {quote(name)} must be a str or an int, not {type(value).__name__}"
    )


def _name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a query parameter name must be a str, not {type(name).__name__}")
    return _scalar_value_string(name)


def _scalar_value_string(text: str) -> str:
    """``to_scalar_value_string(text)``: ASCII text is a scalar value string already, and is
    returned as it is after a check of its code points (compiled, ``str.isascii``, which
    ``to_scalar_value_string`` calls first, is a method call by name)."""
    return text if is_ascii(text) else to_scalar_value_string(text)


def query_pairs(
    query: QueryInput | None, params: dict[str, object] | None = None
) -> list[tuple[str, str]]:
    """The (name, value) pairs of a :data:`QueryInput` and keyword parameters, checked."""
    pairs: list[tuple[str, str]] = []
    if query is None:
        pass
    elif isinstance(query, dict):  # (a dict apart: compiled, its items are read natively)
        for name, value in query.items():
            _add_pairs(pairs, name, value)
    elif isinstance(query, (str, bytes)):
        raise TypeError("a query here is a mapping or pairs, not a string")
    elif isinstance(query, Mapping):
        for name, value in query.items():
            _add_pairs(pairs, name, value)
    else:
        for item in query:
            if not isinstance(item, tuple) or len(item) != 2:
                raise TypeError(f"a query pair must be a (name, value) tuple, not {item!r}")
            _add_pairs(pairs, item[0], item[1])
    if params:
        for name, value in params.items():
            _add_pairs(pairs, name, value)
    return pairs


def given_pairs(
    query: str | QueryInput | None, params: dict[str, object] | None = None
) -> list[tuple[str, str]]:
    """:func:`query_pairs`, a ``str`` query also taken: its pairs as ``URLSearchParams`` reads a
    string (https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams: one leading "?"
    removed, then https://url.spec.whatwg.org/#concept-urlencoded-string-parser)."""
    if not isinstance(query, str):
        return query_pairs(query, params)
    text = _scalar_value_string(query)
    pairs = urlencoded_parse(text[1:] if text.startswith("?") else text)
    pairs.extend(query_pairs(None, params))
    return pairs


def _add_pairs(pairs: list[tuple[str, str]], name: object, value: object) -> None:
    """Append the pair of ``name`` and ``value``, or one pair for each value of a list or tuple."""
    checked = _name(name)
    if isinstance(value, (list, tuple)):
        for each in value:
            pairs.append((checked, _value(checked, each)))
    else:
        pairs.append((checked, _value(checked, value)))


#: The application/x-www-form-urlencoded percent-encode set, space as "+", for ASCII text.
_FORM_ASCII: Final = ascii_table(FORM_URLENCODED, space_as_plus=True)
_FORM_KINDS: Final = ascii_kinds(_FORM_ASCII)


def _serialize(pairs: list[tuple[str, str]]) -> str:
    """The application/x-www-form-urlencoded serializer in UTF-8
    (https://url.spec.whatwg.org/#concept-urlencoded-serializer): ``serialize_string_pairs``,
    with ASCII names and values encoded by a table (:func:`_serialize_ascii`;
    tests/test_query_editing.py proves the two equal)."""
    serialized = _serialize_ascii(pairs)
    return serialize_string_pairs(pairs) if serialized is None else serialized


def _serialize_ascii(pairs: list[tuple[str, str]]) -> str | None:
    """The serializer's output for ``pairs`` when every name and value is ASCII: each name, "="
    and value, encoded by table (``encode_ascii``), "&" between pairs. None when a name or value
    is not ASCII."""
    serialized: list[str] = []
    for name, value in pairs:
        encoded_name = encode_ascii(name, _FORM_ASCII, _FORM_KINDS)
        encoded_value = encode_ascii(value, _FORM_ASCII, _FORM_KINDS)
        if encoded_name is None or encoded_value is None:
            return None
        serialized.append(f"{encoded_name}={encoded_value}")
    return "&".join(serialized)


def _serialize_ascii_items(query: object, params: dict[str, object] | None) -> str | None:
    """``_serialize(query_pairs(query, params))`` in one pass, without the list of pairs, when
    ``query`` is None or a dict and every name is ASCII text and every value ASCII text or an
    ``int`` (or a list or tuple of them): each name and value is encoded by table as it is read
    (ASCII text is a scalar value string already; an int's decimal digits and "-" are kept by
    the serializer). None for anything else, which the general path checks (and refuses with
    its TypeError) and serializes. ``tests/test_query_editing.py`` proves the two equal."""
    serialized: list[str] = []
    if query is not None and not (isinstance(query, dict) and _add_ascii_items(serialized, query)):
        return None
    if params and not _add_ascii_items(serialized, cast("dict[object, object]", params)):
        return None
    return "&".join(serialized)


def _add_ascii_items(serialized: list[str], items: dict[object, object]) -> bool:
    """Append the serialized pairs of ``items`` (:func:`_serialize_ascii_items`) to
    ``serialized``; False when one is not for the one-pass path."""
    for name, value in items.items():
        if not isinstance(name, str):
            return False
        encoded_name = encode_ascii(name, _FORM_ASCII, _FORM_KINDS)
        if encoded_name is None:
            return False
        if isinstance(value, (list, tuple)):
            for each in value:
                encoded_value = _encode_ascii_value(each)
                if encoded_value is None:
                    return False
                serialized.append(f"{encoded_name}={encoded_value}")
        else:
            encoded_value = _encode_ascii_value(value)
            if encoded_value is None:
                return False
            serialized.append(f"{encoded_name}={encoded_value}")
    return True


def _encode_ascii_value(value: object) -> str | None:
    """A value serialized (:func:`_serialize_ascii_items`): ASCII text encoded by table, an
    ``int`` in decimal; None for anything else (``bool`` and int subclasses too)."""
    if isinstance(value, str):
        return encode_ascii(value, _FORM_ASCII, _FORM_KINDS)
    if type(value) is int:
        return str(value)
    return None


def _with_serialization(href: str, query: int, fragment: int, serialized: str) -> str:
    """``href`` (whose :func:`query_bounds` are ``query`` and ``fragment``) with its query set to
    ``serialized``, the serialization of the pairs, as URLSearchParams's update steps set it.

    The update steps set the query to the serialization itself (no parser runs): so the new
    href is the old one with that query in place of the old (none when there are no pairs: the
    serialization is empty exactly then).
    ``tests/test_query_editing.py`` proves it equal to ``url.replace(search_params=pairs)``.
    """
    if not serialized:
        return f"{href[:query]}{href[fragment:]}"
    return f"{href[:query]}?{serialized}{href[fragment:]}"


def _with_pairs(href: str, query: int, fragment: int, pairs: list[tuple[str, str]]) -> str:
    """``href`` with its query set from ``pairs`` (:func:`_with_serialization`)."""
    return _with_serialization(href, query, fragment, _serialize(pairs))


def with_query(url: U, query: str | QueryInput | None = None, **params: object) -> U:
    """``url`` with its query replaced: by a string (as the ``search`` setter sets it), by
    pairs or a mapping (serialized as URLSearchParams), or removed (None, or nothing given)."""
    return new_url(url, with_query_href(url, query, params))


def with_query_href(
    url: URL, query: str | QueryInput | None = None, params: dict[str, object] | None = None
) -> str:
    """The href of :func:`with_query`'s URL."""
    if isinstance(query, str):
        if params:
            raise TypeError("with_query takes a query string or parameters, not both")
        return url.replace(search=query).href
    serialized = _serialize_ascii_items(query, params)
    if serialized is None:
        serialized = _serialize(query_pairs(query, params))
    href = url.href
    query_start, fragment_start = query_bounds(href)
    return _with_serialization(href, query_start, fragment_start, serialized)


def update_query(url: U, query: str | QueryInput | None = None, **params: object) -> U:
    """``url`` with the given names set: all their old values replaced by the given ones, at the
    place of the first old one (or at the end, for a new name); the other pairs kept in order."""
    return new_url(url, update_query_href(url, query, params))


def update_query_href(
    url: URL, query: str | QueryInput | None = None, params: dict[str, object] | None = None
) -> str:
    """The href of :func:`update_query`'s URL (``url.href`` when no pair is given)."""
    given = given_pairs(query, params)
    href = url.href
    if not given:
        return href
    given_names = {name for name, _ in given}
    new_values: dict[str, list[tuple[str, str]]] = {}
    for pair in given:
        # (not setdefault: compiled, it looks the name up by raising and clearing a KeyError)
        values = new_values.get(pair[0])
        if values is None:
            new_values[pair[0]] = [pair]
        else:
            values.append(pair)
    pairs: list[tuple[str, str]] = []
    query_start, fragment_start = query_bounds(href)
    for pair in query_pairs_in(href, query_start, fragment_start):
        replacement = new_values.pop(pair[0], None)
        if replacement is not None:
            pairs.extend(replacement)
        elif pair[0] not in given_names:
            pairs.append(pair)
    for remaining in new_values.values():
        pairs.extend(remaining)
    return _with_pairs(href, query_start, fragment_start, pairs)


def extend_query(url: U, query: str | QueryInput | None = None, **params: object) -> U:
    """``url`` with the given pairs appended to its query (existing pairs kept)."""
    return new_url(url, extend_query_href(url, query, params))


def extend_query_href(
    url: URL, query: str | QueryInput | None = None, params: dict[str, object] | None = None
) -> str:
    """The href of :func:`extend_query`'s URL (``url.href`` when no pair is given)."""
    given = given_pairs(query, params)
    href = url.href
    if not given:
        return href
    query_start, fragment_start = query_bounds(href)
    pairs = query_pairs_in(href, query_start, fragment_start)
    pairs.extend(given)
    return _with_pairs(href, query_start, fragment_start, pairs)


def without_query_params(url: U, *names: str) -> U:
    """``url`` without any pair named one of ``names``; the URL itself when there is none."""
    return new_url(url, without_query_params_href(url, names))


def without_query_params_href(url: URL, names: tuple[str, ...]) -> str:
    """The href of :func:`without_query_params`'s URL (``url.href`` when no pair goes)."""
    drop = {_name(name) for name in names}
    href = url.href
    query_start, fragment_start = query_bounds(href)
    current = query_pairs_in(href, query_start, fragment_start)
    kept = [pair for pair in current if pair[0] not in drop]
    if len(kept) == len(current):
        return href
    return _with_pairs(href, query_start, fragment_start, kept)
