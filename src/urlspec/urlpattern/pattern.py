"""URLPattern §1.1 The URLPattern class, §1.3 the URL pattern struct, §1.4 High-level
operations (create, match).

https://urlpattern.spec.whatwg.org/#urlpattern-class
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, TypeAlias

from urlspec.infra import to_scalar_value_string
from urlspec.url import URL
from urlspec.url_record import SPECIAL_SCHEMES
from urlspec.urlpattern.canonicalize import (
    COMPONENTS,
    URLPatternInit,
    canonicalize_a_hash,
    canonicalize_a_hostname,
    canonicalize_a_password,
    canonicalize_a_pathname,
    canonicalize_a_port,
    canonicalize_a_protocol,
    canonicalize_a_search,
    canonicalize_a_username,
    canonicalize_an_ipv6_hostname,
    canonicalize_an_opaque_pathname,
    process_a_urlpatterninit,
)
from urlspec.urlpattern.compare import WHOLE_PATTERN_ORDER, compare_components
from urlspec.urlpattern.component import (
    MATCH_ANY,
    Component,
    compile_a_component,
    hostname_pattern_is_an_ipv6_address,
    protocol_component_matches_a_special_scheme,
)
from urlspec.urlpattern.constructor_string import parse_a_constructor_string
from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.generate import generate_component, generate_url
from urlspec.urlpattern.parser import DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS
from urlspec.validation import InvalidURL

__all__ = [
    "URLPattern",
    "URLPatternComponentResult",
    "URLPatternInput",
    "URLPatternResult",
    "input_component_values",
]

#: What URLPattern takes as a pattern or an input: a string or a URLPatternInit dictionary
#: (keys "protocol" ... "hash" and "baseURL"); inputs may also be a ``URL``.
URLPatternInput: TypeAlias = str | Mapping[str, str]

_INIT_KEYS: Final = frozenset((*COMPONENTS, "baseURL"))


def _init_argument(value: Mapping[str, str], what: str) -> URLPatternInit:
    """A URLPatternInit dictionary as WebIDL converts it: each value a scalar value string;
    other keys are ignored, as WebIDL ignores a dictionary's unknown members."""
    init: URLPatternInit = {}
    # (typed as objects: the compiled build would otherwise check each item's types itself)
    items: Iterable[tuple[object, object]] = value.items()
    for key, item in items:
        if not isinstance(key, str) or key not in _INIT_KEYS:
            continue
        if not isinstance(item, str):
            raise TypeError(f"{what}[{key!r}] must be a str, not {type(item).__name__}")
        init[key] = to_scalar_value_string(item)
    return init


class URLPatternComponentResult:
    """URLPatternComponentResult: the component's ``input`` and its ``groups`` (a group that
    did not take part in the match is None, the standard's undefined)."""

    __slots__ = ("groups", "input")

    def __init__(self, input: str, groups: dict[str, str | None]) -> None:
        self.input = input
        self.groups = groups

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLPatternComponentResult):
            return NotImplemented
        return self.input == other.input and self.groups == other.groups

    def __repr__(self) -> str:
        return f"URLPatternComponentResult(input={self.input!r}, groups={self.groups!r})"


class URLPatternResult:
    """URLPatternResult: the ``inputs`` given to exec() and one result per component."""

    __slots__ = (
        "hash",
        "hostname",
        "inputs",
        "password",
        "pathname",
        "port",
        "protocol",
        "search",
        "username",
    )

    def __init__(
        self,
        inputs: tuple[str | dict[str, str], ...],
        components: list[URLPatternComponentResult],
    ) -> None:
        self.inputs = inputs
        (
            self.protocol,
            self.username,
            self.password,
            self.hostname,
            self.port,
            self.pathname,
            self.search,
            self.hash,
        ) = components

    def component(self, name: str) -> URLPatternComponentResult:
        """The result of the component called ``name`` ("protocol" ... "hash")."""
        index = COMPONENTS.index(name)
        return (
            self.protocol,
            self.username,
            self.password,
            self.hostname,
            self.port,
            self.pathname,
            self.search,
            self.hash,
        )[index]

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={self.component(name)!r}" for name in COMPONENTS)
        return f"URLPatternResult(inputs={self.inputs!r}, {parts})"


# Where each component's value is in a URL's getter values (urlspec.url: protocol, username,
# password, host, hostname, port, pathname, search, hash), and what to take off: the getters
# add ":" after the scheme and "?" / "#" before the query and fragment.
_GETTER_INDEX: Final = (0, 1, 2, 4, 5, 6, 7, 8)
_KEEP: Final = 0
_DROP_LAST: Final = 1
_DROP_FIRST: Final = 2
_GETTER_TRIM: Final = (_DROP_LAST, _KEEP, _KEEP, _KEEP, _KEEP, _KEEP, _DROP_FIRST, _DROP_FIRST)


def _getter_values(url: URL) -> tuple[str, ...]:
    """The URL's getters' values, computed once per URL (urlspec.url)."""
    return url._getters or url._compute_getters()


def _url_component_values(url: URL) -> tuple[str, ...]:
    """§1.4 match, steps for a URL: scheme, username, password, serialized host, serialized
    port, serialized path, query and fragment (null as the empty string)."""
    getters = _getter_values(url)
    return (
        getters[0][:-1],
        getters[1],
        getters[2],
        getters[4],
        getters[5],
        getters[6],
        getters[7][1:],
        getters[8][1:],
    )


def input_component_values(
    input: URLPatternInput | URL, base: str | None
) -> tuple[str, ...] | None:
    """§1.4 match, up to the regexps: the eight strings to match, or None (no match)."""
    if isinstance(input, str):
        if base is None:
            url = URL.parse(to_scalar_value_string(input))
        else:
            if not isinstance(base, str):
                raise TypeError(f"base must be a str, not {type(base).__name__}")
            url = URL.parse(to_scalar_value_string(input), to_scalar_value_string(base))
        return None if url is None else _url_component_values(url)
    if isinstance(input, URL):
        if base is not None:
            raise URLPatternError("a base is only for a string input")
        return _url_component_values(input)
    if isinstance(input, Mapping):
        if base is not None:
            raise URLPatternError(
                "a base is only for a string input: put 'baseURL' in the dict instead"
            )
        init = _init_argument(input, "the input")
        try:
            apply_result = process_a_urlpatterninit(init, "url", "")
        except URLPatternError:
            return None
        return tuple(apply_result[name] for name in COMPONENTS)
    raise TypeError(f"an input is a str, a URL or a dict, not {type(input).__name__}")


class URLPattern:
    """A URL pattern (https://urlpattern.spec.whatwg.org/#urlpattern-class), immutable.

    ``URLPattern(input, base_url=None, *, ignore_case=False)``: ``input`` is a constructor
    string such as ``"https://example.com/books/:id"`` (relative to ``base_url`` when given) or
    a dict with the standard's keys ``protocol``, ``username``, ``password``, ``hostname``,
    ``port``, ``pathname``, ``search``, ``hash`` and ``baseURL`` (a missing component matches
    anything). Raises :class:`URLPatternError` (a ValueError) naming the component and the
    position for a pattern the standard rejects.
    """

    __slots__ = (
        "_arguments",
        "_components",
        "_ignore_case",
        "_tested",
    )

    _components: tuple[Component, ...]
    _tested: tuple[int, ...]
    _ignore_case: bool
    _arguments: tuple[str | dict[str, str], str | None]

    def __init__(
        self,
        input: URLPatternInput | None = None,
        base_url: str | None = None,
        *,
        ignore_case: bool = False,
    ) -> None:
        if input is None:
            input = {}
        init: URLPatternInit
        # §1.4 create
        if isinstance(input, str):
            input = to_scalar_value_string(input)
            init = parse_a_constructor_string(input)
            if base_url is None and "protocol" not in init:
                raise URLPatternError(
                    f"{input!r} is relative (no protocol): give a base_url, or a full pattern"
                )
            if base_url is not None:
                if not isinstance(base_url, str):
                    raise TypeError(f"base_url must be a str, not {type(base_url).__name__}")
                base_url = to_scalar_value_string(base_url)
                init["baseURL"] = base_url
            arguments: tuple[str | dict[str, str], str | None] = (input, base_url)
        elif isinstance(input, Mapping):
            if base_url is not None:
                raise URLPatternError(
                    "base_url is only for a string pattern: put 'baseURL' in the dict instead"
                )
            init = _init_argument(input, "the pattern")
            arguments = (dict(init), None)
        else:
            raise TypeError(f"a URL pattern is a str or a dict, not {type(input).__name__}")
        processed_init = process_a_urlpatterninit(init, "pattern", None)
        for component_name in COMPONENTS:
            if component_name not in processed_init:
                processed_init[component_name] = "*"
        protocol = processed_init["protocol"]
        port = processed_init["port"]
        if protocol in SPECIAL_SCHEMES and port == str(SPECIAL_SCHEMES[protocol]):
            processed_init["port"] = ""
        protocol_component = compile_a_component(
            protocol, canonicalize_a_protocol, DEFAULT_OPTIONS, "protocol"
        )
        username_component = compile_a_component(
            processed_init["username"], canonicalize_a_username, DEFAULT_OPTIONS, "username"
        )
        password_component = compile_a_component(
            processed_init["password"], canonicalize_a_password, DEFAULT_OPTIONS, "password"
        )
        hostname = processed_init["hostname"]
        if hostname_pattern_is_an_ipv6_address(hostname):
            hostname_component = compile_a_component(
                hostname, canonicalize_an_ipv6_hostname, HOSTNAME_OPTIONS, "hostname"
            )
        else:
            hostname_component = compile_a_component(
                hostname, canonicalize_a_hostname, HOSTNAME_OPTIONS, "hostname"
            )
        port_component = compile_a_component(
            processed_init["port"], canonicalize_a_port, DEFAULT_OPTIONS, "port"
        )
        compile_options = DEFAULT_OPTIONS.with_ignore_case(ignore_case)
        if protocol_component_matches_a_special_scheme(protocol_component):
            path_compile_options = PATHNAME_OPTIONS.with_ignore_case(ignore_case)
            pathname_component = compile_a_component(
                processed_init["pathname"],
                canonicalize_a_pathname,
                path_compile_options,
                "pathname",
            )
        else:
            pathname_component = compile_a_component(
                processed_init["pathname"],
                canonicalize_an_opaque_pathname,
                compile_options,
                "pathname",
            )
        search_component = compile_a_component(
            processed_init["search"], canonicalize_a_search, compile_options, "search"
        )
        hash_component = compile_a_component(
            processed_init["hash"], canonicalize_a_hash, compile_options, "hash"
        )
        self._components = (
            protocol_component,
            username_component,
            password_component,
            hostname_component,
            port_component,
            pathname_component,
            search_component,
            hash_component,
        )
        # The components test() must run: the others are "*", which matches anything.
        self._tested = tuple(
            index
            for index, component in enumerate(self._components)
            if component.match_kind != MATCH_ANY
        )
        self._ignore_case = bool(ignore_case)
        self._arguments = arguments

    # --- the component pattern strings ---------------------------------------------------------

    @property
    def protocol(self) -> str:
        """The normalized protocol pattern string."""
        return self._components[0].pattern_string

    @property
    def username(self) -> str:
        """The normalized username pattern string."""
        return self._components[1].pattern_string

    @property
    def password(self) -> str:
        """The normalized password pattern string."""
        return self._components[2].pattern_string

    @property
    def hostname(self) -> str:
        """The normalized hostname pattern string."""
        return self._components[3].pattern_string

    @property
    def port(self) -> str:
        """The normalized port pattern string."""
        return self._components[4].pattern_string

    @property
    def pathname(self) -> str:
        """The normalized pathname pattern string."""
        return self._components[5].pattern_string

    @property
    def search(self) -> str:
        """The normalized search pattern string."""
        return self._components[6].pattern_string

    @property
    def hash(self) -> str:
        """The normalized hash pattern string."""
        return self._components[7].pattern_string

    @property
    def has_regexp_groups(self) -> bool:
        """Whether a component holds a regexp group such as ``(\\d+)``."""
        return any(component.has_regexp_groups for component in self._components)

    @property
    def may_backtrack(self) -> bool:
        """Whether matching may take more than time linear in the input: True when a regexp
        group holds a backreference (``\\1``, ``\\k<name>``) or a lookaround (``(?=...)``,
        ``(?<!...)``...). Every other pattern matches in
        time proportional to input length × pattern size; a match of this one is refused with
        :class:`URLPatternMatchLimitError` past a bound on its work."""
        return any(component.may_backtrack for component in self._components)

    @property
    def ignore_case(self) -> bool:
        """Whether the pathname, search and hash match ignoring case."""
        return self._ignore_case

    def component(self, name: str) -> Component:
        """The compiled component called ``name`` ("protocol" ... "hash")."""
        return self._components[COMPONENTS.index(name)]

    # --- matching ------------------------------------------------------------------------------

    def _component_values(
        self, input: URLPatternInput | URL, base: str | None
    ) -> tuple[str, ...] | None:
        return input_component_values(input, base)

    def test(self, input: URLPatternInput | URL | None = None, base: str | None = None) -> bool:
        """Whether ``input`` (a URL string, relative to ``base`` when given; a ``URL``; or a
        dict of components) matches every component of the pattern."""
        if input is None:
            input = {}
        if type(input) is str and base is None:
            # The hot path: parse once (the URL class's fast path), read the getters' values,
            # and run only the components whose pattern is not "*".
            try:
                url = URL(input)
            except InvalidURL:
                return False
            getters = _getter_values(url)
            components = self._components
            for index in self._tested:
                value = getters[_GETTER_INDEX[index]]
                trim = _GETTER_TRIM[index]
                if trim == _DROP_LAST:
                    value = value[:-1]
                elif trim == _DROP_FIRST:
                    value = value[1:]
                if not components[index].test(value):
                    return False
            return True
        values = self._component_values(input, base)
        if values is None:
            return False
        components = self._components
        return all(components[index].test(values[index]) for index in self._tested)

    def exec(
        self, input: URLPatternInput | URL | None = None, base: str | None = None
    ) -> URLPatternResult | None:
        """The match's groups per component (a URLPatternResult), or None when no match."""
        if input is None:
            input = {}
        values = self._component_values(input, base)
        if values is None:
            return None
        return self._exec_values(values, input, base)

    def _exec_values(
        self, values: tuple[str, ...], input: URLPatternInput | URL, base: str | None
    ) -> URLPatternResult | None:
        """§1.4 match, from the eight component values on."""
        results: list[URLPatternComponentResult] = []
        for component, value in zip(self._components, values, strict=True):
            groups = component.exec(value)
            if groups is None:
                return None
            results.append(URLPatternComponentResult(value, groups))
        inputs: tuple[str | dict[str, str], ...]
        if isinstance(input, URL):
            inputs = (input.href,)
        elif isinstance(input, str):
            inputs = (input,) if base is None else (input, base)
        else:
            inputs = (dict(input),)
        return URLPatternResult(inputs, results)

    # --- generation (urlspec.urlpattern.generate) ---------------------------------------------

    def generate(self, component: str, groups: Mapping[str, str | None]) -> str:
        """The ``component`` text ("protocol" ... "hash") that the pattern matches with these
        group values: ``URLPattern("/books/:id").generate("pathname", {"id": "12"})`` is
        "/books/12". Values are encoded by the component's rules; URLPatternError names a
        group that needs a value or a value its group would not match."""
        if component not in COMPONENTS:
            raise ValueError(f"{component!r} is not a URL component ({', '.join(COMPONENTS)})")
        return generate_component(self.component(component), groups, component)

    def generate_url(self, groups: Mapping[str, Mapping[str, str | None]]) -> str:
        """A whole URL the pattern matches, from each component's group values:
        ``{"hostname": {"sub": "api"}, "pathname": {"id": "12"}}``. Components given no
        values that are "*" come out empty."""
        return generate_url(self._components, groups)

    # --- ordering by specificity (urlspec.urlpattern.compare) -----------------------------------

    @staticmethod
    def compare_component(component: str, left: URLPattern, right: URLPattern) -> int:
        """Chromium's ``URLPattern.compareComponent``: -1, 0 or 1 as ``left``'s ``component``
        ("protocol" ... "hash") is less specific than, as specific as, or more specific than
        ``right``'s. ``sorted(patterns, key=functools.cmp_to_key(...))`` puts the least
        specific first."""
        if component not in COMPONENTS:
            raise ValueError(f"{component!r} is not a URL component ({', '.join(COMPONENTS)})")
        return compare_components(left.component(component), right.component(component))

    @staticmethod
    def compare(left: URLPattern, right: URLPattern) -> int:
        """-1, 0 or 1: the whole patterns' order by specificity, taking the components from
        ``hash`` back to ``protocol`` and the first that differs (whatwg/urlpattern#61)."""
        for name in WHOLE_PATTERN_ORDER:
            result = compare_components(left.component(name), right.component(name))
            if result:
                return result
        return 0

    # --- comparison, value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (*(c.pattern_string for c in self._components), self._ignore_case)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLPattern):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        input, base_url = self._arguments
        return (_rebuild, (input, base_url, self._ignore_case))

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{name!r}: {c.pattern_string!r}"
            for name, c in zip(COMPONENTS, self._components, strict=True)
        )
        suffix = ", ignore_case=True" if self._ignore_case else ""
        return f"URLPattern({{{parts}}}{suffix})"

    def __copy__(self) -> URLPattern:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> URLPattern:
        return self


def _rebuild(input: str | dict[str, str], base_url: str | None, ignore_case: bool) -> URLPattern:
    return URLPattern(input, base_url, ignore_case=ignore_case)
