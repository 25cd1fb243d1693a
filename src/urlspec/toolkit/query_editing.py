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
* for ``with_query`` only, also a ``str`` (set as the ``search`` setter sets it, encoded as
  the URL parser encodes a query) or None (no query).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from urlspec.infra import to_scalar_value_string
from urlspec.percent_encoding import FORM_URLENCODED
from urlspec.toolkit._common import U, as_class, ascii_table, query_pairs_of
from urlspec.urlencoded import serialize_string_pairs
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "QueryInput",
    "QueryValue",
    "extend_query",
    "query_pairs",
    "update_query",
    "with_query",
    "without_query_params",
]

QueryValue: TypeAlias = str | int
QueryInput: TypeAlias = (
    Mapping[str, QueryValue | Sequence[QueryValue]] | Iterable[tuple[str, QueryValue]]
)


def _value(name: str, value: object) -> str:
    """A query value as text: a str as it is, an int in decimal; TypeError for anything else."""
    if isinstance(value, str):
        return to_scalar_value_string(value)  # as URLSearchParams converts a USVString
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(
        f"query value for {quote(name)} must be a str or an int, not {type(value).__name__}"
    )


def _name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a query parameter name must be a str, not {type(name).__name__}")
    return to_scalar_value_string(name)


def query_pairs(
    query: QueryInput | None, params: Mapping[str, object] | None = None
) -> list[tuple[str, str]]:
    """The (name, value) pairs of a :data:`QueryInput` and keyword parameters, checked."""
    pairs: list[tuple[str, str]] = []
    items: Iterable[object]
    if query is None:
        items = ()
    elif isinstance(query, (dict, Mapping)):  # (dict first: checked faster than the ABC)
        items = query.items()
    elif isinstance(query, (str, bytes)):
        raise TypeError("a query here is a mapping or pairs, not a string")
    else:
        items = query
    all_items = [*items, *(params.items() if params else ())]
    for item in all_items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise TypeError(f"a query pair must be a (name, value) tuple, not {item!r}")
        name = _name(item[0])
        value = item[1]
        if isinstance(value, (list, tuple)):
            pairs.extend((name, _value(name, each)) for each in value)
        else:
            pairs.append((name, _value(name, value)))
    return pairs


def _current_pairs(url: URL) -> list[tuple[str, str]]:
    return query_pairs_of(url)


#: The application/x-www-form-urlencoded percent-encode set, space as "+", for ASCII text.
_FORM_ASCII: Final = ascii_table(FORM_URLENCODED, space_as_plus=True)


def _serialize(pairs: list[tuple[str, str]]) -> str:
    """The application/x-www-form-urlencoded serializer in UTF-8
    (https://url.spec.whatwg.org/#concept-urlencoded-serializer): ``serialize_string_pairs``,
    with ASCII names and values encoded by one table lookup a code point
    (tests/test_query_editing.py proves the two equal)."""
    parts: list[str] = []
    for name, value in pairs:
        if not (name.isascii() and value.isascii()):
            return serialize_string_pairs(pairs)
        parts.append(name.translate(_FORM_ASCII) + "=" + value.translate(_FORM_ASCII))
    return "&".join(parts)


def _with_pairs(url: U, pairs: list[tuple[str, str]]) -> U:
    """``url`` with its query set from ``pairs`` as URLSearchParams's update steps set it.

    The update steps set the query to the serialization itself (no parser runs): so the new
    href is the old one with that query in place of the old (none when it is empty), which the
    fast path parses back. ``tests/test_query_editing.py`` proves it equal to
    ``url.replace(search_params=pairs)``.
    """
    query = _serialize(pairs)
    before_fragment, hash_mark, fragment = url.href.partition("#")
    before_query = before_fragment.partition("?")[0]
    href = before_query + ("?" + query if query else "") + hash_mark + fragment
    return type(url)(href)


def with_query(url: U, query: str | QueryInput | None = None, **params: object) -> U:
    """``url`` with its query replaced: by a string (as the ``search`` setter sets it), by
    pairs or a mapping (serialized as URLSearchParams), or removed (None, or nothing given)."""
    if isinstance(query, str):
        if params:
            raise TypeError("with_query takes a query string or parameters, not both")
        return as_class(type(url), url.replace(search=query))
    return _with_pairs(url, query_pairs(query, params))


def update_query(url: U, query: QueryInput | None = None, **params: object) -> U:
    """``url`` with the given names set: all their old values replaced by the given ones, at the
    place of the first old one (or at the end, for a new name); the other pairs kept in order."""
    given = query_pairs(query, params)
    if not given:
        return url
    given_names = {name for name, _ in given}
    new_values: dict[str, list[tuple[str, str]]] = {}
    for pair in given:
        new_values.setdefault(pair[0], []).append(pair)
    pairs: list[tuple[str, str]] = []
    for pair in _current_pairs(url):
        replacement = new_values.pop(pair[0], None)
        if replacement is not None:
            pairs.extend(replacement)
        elif pair[0] not in given_names:
            pairs.append(pair)
    for remaining in new_values.values():
        pairs.extend(remaining)
    return _with_pairs(url, pairs)


def extend_query(url: U, query: QueryInput | None = None, **params: object) -> U:
    """``url`` with the given pairs appended to its query (existing pairs kept)."""
    given = query_pairs(query, params)
    if not given:
        return url
    return _with_pairs(url, [*_current_pairs(url), *given])


def without_query_params(url: U, *names: str) -> U:
    """``url`` without any pair named one of ``names``; the URL itself when there is none."""
    drop = {_name(name) for name in names}
    current = _current_pairs(url)
    kept = [pair for pair in current if pair[0] not in drop]
    if len(kept) == len(current):
        return url
    return _with_pairs(url, kept)
