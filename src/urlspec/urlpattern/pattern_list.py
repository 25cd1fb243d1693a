"""URLPatternList: many URL patterns, each with a value, matched together.

The standard has no list (whatwg/urlpattern#30 asks for one). ``match`` gives the first entry in
list order whose pattern matches, exactly as testing the patterns one by one would, but parses
the input once and tests only the patterns that can match it: the list is indexed by each
pattern's literal hostname and literal first path segment (a pattern with a wildcard there goes
to the bucket every input looks in), so that the cost grows with the number of candidates for
an input's host and first segment, not with the length of the list.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from typing import Generic, TypeVar

from urlspec.url import URL
from urlspec.urlpattern.component import MATCH_EXACT, Component
from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.parser import (
    FIXED_TEXT,
    MODIFIER_NONE,
    MODIFIER_ONE_OR_MORE,
)
from urlspec.urlpattern.pattern import (
    URLPattern,
    URLPatternInput,
    URLPatternResult,
    input_component_values,
)

__all__ = ["URLPatternList", "URLPatternListMatch"]

V = TypeVar("V")

_HOSTNAME = 3
_PATHNAME = 5


class URLPatternListMatch(Generic[V]):
    """What :meth:`URLPatternList.match` found: the entry's ``value``, its ``pattern``, its
    ``index`` in the list and the ``result`` that ``pattern.exec(input)`` gives."""

    __slots__ = ("index", "pattern", "result", "value")

    def __init__(self, index: int, pattern: URLPattern, value: V, result: URLPatternResult) -> None:
        self.index = index
        self.pattern = pattern
        self.value = value
        self.result = result

    def __repr__(self) -> str:
        return (
            f"URLPatternListMatch(index={self.index}, value={self.value!r}, "
            f"pattern={self.pattern!r})"
        )


def _hostname_key(pattern: URLPattern) -> str | None:
    """The one hostname ``pattern`` matches, or None (any of several)."""
    hostname = pattern.component("hostname")
    return hostname.exact if hostname.match_kind == MATCH_EXACT else None


def _first_segment_key(pattern: URLPattern) -> str | None:
    """The first path segment of every pathname ``pattern`` matches, or None when it varies.

    Known when the pathname pattern starts with fixed text "/segment/", or is fixed text
    "/segment", or is "/segment" followed by a group that must be there and starts with "/".
    """
    if pattern.ignore_case:
        return None
    pathname: Component = pattern.component("pathname")
    if pathname.match_kind == MATCH_EXACT:
        literal = pathname.exact
        if not literal.startswith("/"):
            return None
        end = literal.find("/", 1)
        return literal[1:end] if end >= 0 else literal[1:]
    parts = pathname.part_list
    if not parts or parts[0].type != FIXED_TEXT or parts[0].modifier != MODIFIER_NONE:
        return None
    literal = parts[0].value
    if not literal.startswith("/"):
        return None
    end = literal.find("/", 1)
    if end >= 0:
        return literal[1:end]
    if len(parts) > 1:
        following = parts[1]
        if (
            following.type != FIXED_TEXT
            and following.prefix.startswith("/")
            and following.modifier in (MODIFIER_NONE, MODIFIER_ONE_OR_MORE)
        ):
            return literal[1:]
    return None


def _input_first_segment(pathname: str) -> str | None:
    if not pathname.startswith("/"):
        return None
    end = pathname.find("/", 1)
    return pathname[1:end] if end >= 0 else pathname[1:]


def _more_specific_first(left: tuple[URLPattern, object], right: tuple[URLPattern, object]) -> int:
    return URLPattern.compare(right[0], left[0])


class URLPatternList(Generic[V]):
    """Patterns with values, e.g. routes and their handlers:
    ``URLPatternList([("https://example.com/books/:id", show_book), ...])``.

    Each pattern is a :class:`URLPattern` or what its constructor takes (a string or a dict).
    """

    __slots__ = ("_buckets", "_candidates", "_entries", "_host_keys", "_segment_keys")

    def __init__(self, entries: Iterable[tuple[URLPattern | URLPatternInput, V]]) -> None:
        self._entries: list[tuple[URLPattern, V]] = []
        self._buckets: dict[tuple[str | None, str | None], list[int]] = {}
        for index, (pattern, value) in enumerate(entries):
            if not isinstance(pattern, URLPattern):
                if not isinstance(pattern, (str, Mapping)):
                    raise TypeError(
                        f"entry {index}: a pattern is a URLPattern, a str or a dict, "
                        f"not {type(pattern).__name__}"
                    )
                pattern = URLPattern(pattern)
            self._entries.append((pattern, value))
            key = (_hostname_key(pattern), _first_segment_key(pattern))
            self._buckets.setdefault(key, []).append(index)
        self._host_keys = frozenset(host for host, _ in self._buckets if host is not None)
        self._segment_keys = frozenset(seg for _, seg in self._buckets if seg is not None)
        # The candidates of each (hostname key, segment key) an input has had, in list order.
        self._candidates: dict[tuple[str | None, str | None], tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[tuple[URLPattern, V]]:
        return iter(self._entries)

    def _candidates_for(self, hostname: str, pathname: str) -> tuple[int, ...]:
        host = hostname if hostname in self._host_keys else None
        segment = _input_first_segment(pathname)
        if segment not in self._segment_keys:
            segment = None
        key = (host, segment)
        candidates = self._candidates.get(key)
        if candidates is None:
            buckets = self._buckets
            found: list[int] = []
            for bucket_key in {(host, segment), (host, None), (None, segment), (None, None)}:
                found.extend(buckets.get(bucket_key, ()))
            candidates = self._candidates[key] = tuple(sorted(found))
        return candidates

    def _values(self, input: URLPatternInput | URL, base: str | None) -> tuple[str, ...] | None:
        return input_component_values(input, base)

    def _matching(self, values: tuple[str, ...]) -> Iterator[int]:
        entries = self._entries
        for index in self._candidates_for(values[_HOSTNAME], values[_PATHNAME]):
            pattern = entries[index][0]
            components = pattern._components
            for component_index in pattern._tested:
                if not components[component_index].test(values[component_index]):
                    break
            else:
                yield index

    def match(
        self,
        input: URLPatternInput | URL,
        base: str | None = None,
        *,
        most_specific: bool = False,
    ) -> URLPatternListMatch[V] | None:
        """The first entry (in list order) whose pattern matches ``input``, or with
        ``most_specific`` the matching entry whose pattern is greatest by
        :meth:`URLPattern.compare` (the first of equals); None when none matches."""
        values = self._values(input, base)
        if values is None:
            return None
        chosen: int | None = None
        if most_specific:
            for index in self._matching(values):
                if (
                    chosen is None
                    or URLPattern.compare(self._entries[index][0], self._entries[chosen][0]) > 0
                ):
                    chosen = index
        else:
            chosen = next(self._matching(values), None)
        if chosen is None:
            return None
        pattern, value = self._entries[chosen]
        result = pattern._exec_values(values, input, base)
        if result is None:  # cannot happen: exec agrees with test
            raise URLPatternError("exec() disagrees with test()")
        return URLPatternListMatch(chosen, pattern, value, result)

    def test(self, input: URLPatternInput | URL, base: str | None = None) -> bool:
        """Whether any pattern of the list matches ``input``."""
        values = self._values(input, base)
        return values is not None and next(self._matching(values), None) is not None

    def sorted_by_specificity(self) -> list[tuple[URLPattern, V]]:
        """The entries from the most specific pattern to the least (stable for equals)."""
        return sorted(self._entries, key=functools.cmp_to_key(_more_specific_first))
