"""The URLSearchParams class: a mutable list of name-value pairs, read and written as a query.

Implements URL Standard §6.2 "URLSearchParams class"
(https://url.spec.whatwg.org/#interface-urlsearchparams), in Python spelling:

==========================  ==========================================
JavaScript                  Python
==========================  ==========================================
``new URLSearchParams(i)``  ``URLSearchParams(i)``
``size``                    ``len(params)``
``append/delete/set``       ``append/delete/set``
``get/getAll/has``          ``get/get_all/has`` (and ``params[name]``, ``name in params``)
``sort()``                  ``sort()``
``for (const [n, v] ...)``  ``for n, v in params`` (and ``items()``)
``keys()/values()``         ``keys()/values()`` (lists)
``toString()``              ``str(params)``
==========================  ==========================================

Every name and value is converted to a scalar value string (lone surrogates become U+FFFD), as
Web IDL's ``USVString`` does. This class stands alone: it is not tied to a URL. The
:class:`urlspec.URL` class makes one from its query with :meth:`URLSearchParams.from_query` and
sets its query from ``str(params)`` (the spec's "update" steps).

A ``urlspec.URL`` is immutable, so the ``URLSearchParams`` its ``search_params`` gives cannot
write through to it as a browser's ``url.searchParams`` does: that object is read-only, and
``append``, ``delete``, ``set`` and ``sort`` on it raise :class:`ReadOnlySearchParamsError` (a
TypeError) naming ``url.update_query(...)`` and ``url.replace(search_params=...)``, the ways to
get the changed URL. ``URLSearchParams(url.search_params)`` is a mutable copy; a
``URLSearchParams`` built by the caller is always mutable.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Union

from mypy_extensions import mypyc_attr

from urlspec.infra import usv_string_argument
from urlspec.urlencoded import serialize_string_pairs, string_pair, urlencoded_parse

__all__ = ["ReadOnlySearchParamsError", "URLSearchParams"]

#: What the constructor takes, as the IDL union
#: ``(sequence<sequence<USVString>> or record<USVString, USVString> or USVString)``.
URLSearchParamsInit = Union[
    str, "URLSearchParams", Mapping[str, str], Iterable[Iterable[str]], None
]


# Not a native class: mypyc compiles subclasses of only some built-in exceptions (TypeError is
# not among them), and an interpreted class is all an exception needs.
@mypyc_attr(native_class=False)
class ReadOnlySearchParamsError(TypeError):
    """Raised by a method that would change the read-only ``URLSearchParams`` of a URL
    (``url.search_params``): ``method`` names it. The URL is immutable; its message names the
    ways to make the changed URL."""

    def __init__(self, method: str) -> None:
        self.method = method
        super().__init__(
            f"url.search_params is read-only (a URL is immutable), so {method}() cannot change "
            "it: make the changed URL with url.update_query(...), url.extend_query(...), "
            "url.without_query_params(...) or url.replace(search_params=...), or take a "
            "mutable copy with URLSearchParams(url.search_params)"
        )

    def __reduce__(self) -> tuple[type[ReadOnlySearchParamsError], tuple[str]]:
        return (ReadOnlySearchParamsError, (self.method,))


class URLSearchParams:
    """A list of name-value pairs with the application/x-www-form-urlencoded serialization.

    ``init`` is one of:

    * a string, parsed as application/x-www-form-urlencoded, with a leading "?" dropped;
    * a mapping (the IDL record): its items, in order;
    * an iterable of pairs (the IDL sequence), such as another ``URLSearchParams`` (which is
      copied) or a list of tuples; each pair must have exactly two items;
    * None, the same as the empty string (JavaScript's ``undefined``).

    Names and values must be strings. Raises :class:`TypeError` for anything else, as the spec
    does for a pair that does not have exactly two items.
    """

    __slots__ = ("_list", "_read_only")
    __hash__ = None  # type: ignore[assignment]  # mutable

    _list: list[tuple[str, str]]
    _read_only: bool

    def __init__(self, init: URLSearchParamsInit = "") -> None:
        # https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
        if isinstance(init, str) and init.startswith("?"):
            init = init[1:]
        self._list = []
        self._read_only = False
        self._initialize(init)

    @classmethod
    def from_query(cls, query: str | None, *, read_only: bool = False) -> URLSearchParams:
        """The URLSearchParams of a URL whose query is ``query`` (None: the URL has none).

        This is what the ``URL`` class does for its ``searchParams``: "initialize" with the
        query, which, unlike the constructor, keeps a leading "?" (part of the query itself,
        as in ``https://h/??a``). ``read_only=True`` (what ``URL.search_params`` gives) makes
        every method that would change it raise :class:`ReadOnlySearchParamsError`.
        """
        params = cls()
        if query is not None:
            params._list = urlencoded_parse(query)
        params._read_only = read_only
        return params

    @property
    def read_only(self) -> bool:
        """Whether this is a URL's read-only view of its query (``url.search_params``)."""
        return self._read_only

    def _check_writable(self, method: str) -> None:
        if self._read_only:
            raise ReadOnlySearchParamsError(method)

    def _initialize(self, init: URLSearchParamsInit) -> None:
        """Initialize with ``init`` (https://url.spec.whatwg.org/#urlsearchparams-initialize)."""
        if init is None:
            return
        if isinstance(init, str):
            self._list = urlencoded_parse(init)
        elif isinstance(init, URLSearchParams):
            self._list = list(init._list)
        elif isinstance(init, Mapping):
            self._list = _record_pairs(init)
        elif isinstance(init, Iterable) and not isinstance(init, (bytes, bytearray)):
            self._list = [string_pair(inner, "URLSearchParams()") for inner in init]
        else:
            raise TypeError(
                "URLSearchParams() takes a string, a mapping, or an iterable of name-value "
                f"pairs, not {type(init).__name__}"
            )

    # --- The IDL attributes and methods ----------------------------------------------------------

    def __len__(self) -> int:
        """The ``size`` getter: the number of name-value pairs."""
        return len(self._list)

    def append(self, name: str, value: str) -> None:
        """Append a name-value pair (https://url.spec.whatwg.org/#dom-urlsearchparams-append)."""
        self._check_writable("append")
        self._list.append((_usv(name, "name"), _usv(value, "value")))

    def delete(self, name: str, value: str | None = None) -> None:
        """Remove every pair named ``name`` (and, when given, whose value is ``value``).

        https://url.spec.whatwg.org/#dom-urlsearchparams-delete
        """
        self._check_writable("delete")
        name = _usv(name, "name")
        if value is None:
            self._list = [pair for pair in self._list if pair[0] != name]
        else:
            pair_to_remove = (name, _usv(value, "value"))
            self._list = [pair for pair in self._list if pair != pair_to_remove]

    def get(self, name: str) -> str | None:
        """The value of the first pair named ``name``, or None.

        https://url.spec.whatwg.org/#dom-urlsearchparams-get
        """
        name = _usv(name, "name")
        for pair_name, pair_value in self._list:
            if pair_name == name:
                return pair_value
        return None

    def get_all(self, name: str) -> list[str]:
        """The values of all pairs named ``name``, in order (``getAll``).

        https://url.spec.whatwg.org/#dom-urlsearchparams-getall
        """
        name = _usv(name, "name")
        return [pair_value for pair_name, pair_value in self._list if pair_name == name]

    def has(self, name: str, value: str | None = None) -> bool:
        """Whether a pair is named ``name`` (and, when given, has the value ``value``).

        https://url.spec.whatwg.org/#dom-urlsearchparams-has
        """
        name = _usv(name, "name")
        if value is None:
            return any(pair_name == name for pair_name, _ in self._list)
        return (name, _usv(value, "value")) in self._list

    def set(self, name: str, value: str) -> None:
        """Set the value of the first pair named ``name`` and remove the others, or append one.

        https://url.spec.whatwg.org/#dom-urlsearchparams-set
        """
        self._check_writable("set")
        name = _usv(name, "name")
        value = _usv(value, "value")
        new_list: list[tuple[str, str]] = []
        found = False
        for pair in self._list:
            if pair[0] != name:
                new_list.append(pair)
            elif not found:
                new_list.append((name, value))
                found = True
        if not found:
            new_list.append((name, value))
        self._list = new_list

    def sort(self) -> None:
        """Sort the pairs by name, stably, comparing names as UTF-16 code units.

        https://url.spec.whatwg.org/#dom-urlsearchparams-sort. For names made of code points up
        to U+FFFF that is code point order; a code point above (two code units, a surrogate
        pair) sorts before U+E000..U+FFFF, unlike in code point order.
        """
        self._check_writable("sort")
        if any(not name.isascii() and _has_astral(name) for name, _ in self._list):
            self._list.sort(key=_utf16_sort_key)
        else:
            self._list.sort(key=itemgetter(0))

    def __str__(self) -> str:
        """The stringification behavior: the application/x-www-form-urlencoded serialization
        (in UTF-8; the pairs are scalar value strings already)."""
        return serialize_string_pairs(self._list)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """The value pairs to iterate over: each (name, value) pair, in order."""
        return iter(self._list)

    # --- Python conveniences ---------------------------------------------------------------------

    def __contains__(self, name: object) -> bool:
        """``name in params``: :meth:`has` with a name only."""
        return isinstance(name, str) and self.has(name)

    def __getitem__(self, name: str) -> str:
        """``params[name]``: :meth:`get`, but a missing name raises :class:`KeyError`.

        With :meth:`keys`, this makes ``dict(params)`` map each name to its *first* value.
        """
        value = self.get(name)
        if value is None:
            raise KeyError(name)
        return value

    def keys(self) -> list[str]:
        """The names of all pairs, in order (with repeats)."""
        return [name for name, _ in self._list]

    def values(self) -> list[str]:
        """The values of all pairs, in order."""
        return [value for _, value in self._list]

    def items(self) -> list[tuple[str, str]]:
        """All (name, value) pairs, in order (a copy of the list)."""
        return list(self._list)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLSearchParams):
            return NotImplemented
        return self._list == other._list

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._list!r})"


def _usv(value: object, what: str) -> str:
    return usv_string_argument(value, f"URLSearchParams {what}")


def _record_pairs(init: Mapping[str, str]) -> list[tuple[str, str]]:
    """The pairs of a record init, as Web IDL converts a mapping to record<USVString, USVString>.

    Keys that become equal once converted (two different lone surrogates both become U+FFFD)
    make one entry, where the first of them was, with the value of the last.
    """
    record: dict[str, str] = {}
    for key, value in init.items():
        record[_usv(key, "name")] = _usv(value, "value")
    return list(record.items())


def _has_astral(name: str) -> bool:
    """Whether ``name`` has a code point above U+FFFF (two UTF-16 code units)."""
    return any(code_point > "\uffff" for code_point in name)


def _utf16_sort_key(pair: tuple[str, str]) -> bytes:
    """Big-endian UTF-16 bytes compare as the code units do ("code unit less than")."""
    return pair[0].encode("utf-16-be")
