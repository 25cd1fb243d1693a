"""The URL class: an immutable, Pythonic form of the URL Standard's ``URL`` interface.

Implements §6.1 URL class (https://url.spec.whatwg.org/#url-class): the constructor, ``parse``
and ``canParse`` (here :meth:`URL.parse` and :meth:`URL.can_parse`) and the getters of every
attribute, which return exactly what the standard's getters return. Where the standard has
setters, a ``URL`` here never changes: :meth:`URL.replace` applies the standard's setters to a
copy and returns a new ``URL``. :func:`validate` lists every validation error the URL parser
meets (§1.2, https://url.spec.whatwg.org/#validation-error).

Inputs are converted to scalar value strings first, as Web IDL converts the JavaScript
``USVString`` arguments: a surrogate pair becomes the code point it encodes, and each lone
surrogate becomes U+FFFD.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Self, TypedDict, Unpack, cast

from mypy_extensions import mypyc_attr

from urlspec.fast_href_getters import (
    TUPLE_ORIGIN_PROTOCOLS,
    getter_values_from_fast_href,
    match_fast_href_getters,
    origin_from_fast_getter_values,
    record_from_fast_href,
)
from urlspec.fast_path import fast_href, tier_2_or_3_href
from urlspec.host import HostKind
from urlspec.infra import to_scalar_value_string, usv_string_argument
from urlspec.own_href import (
    COMPILED,
    NOT_OWN_HREF,
    PACKABLE_LENGTH,
    SPANS_TOO_LONG,
    getter_values_from_spans,
    hash_from_spans,
    hostname_from_spans,
    origin_from_spans,
    pack_spans,
    pathname_from_spans,
    protocol_from_spans,
    scan_own_href,
    search_from_spans,
    unpack_spans,
)
from urlspec.own_href_pattern import is_own_href, match_own_href
from urlspec.relative import (
    resolve_reference,
    resolve_with_spans,
    starts_with_scheme,
)
from urlspec.tolerated_href import fast_href_and_errors
from urlspec.url_host import address_class_of_url, public_suffix_of_url, registrable_domain_of_url
from urlspec.url_record import URLRecord, serialize_path, serialize_url, urls_equal
from urlspec.validation import InvalidURL, StrictReplaceError, ValidationError

if TYPE_CHECKING:
    from os import PathLike

    from urlspec.hosts.special_addresses import AddressClass
    from urlspec.origin import OpaqueOrigin, TupleOrigin
    from urlspec.search_params import URLSearchParams, URLSearchParamsInit
    from urlspec.toolkit.query_editing import QueryInput

__all__ = ["URL", "ReplaceChanges", "validate"]


class ReplaceChanges(TypedDict, total=False):
    """The keywords of :meth:`URL.replace`: the attributes that have a setter
    (https://url.spec.whatwg.org/#urlutils-members), and ``search_params``, which sets the query
    as URLSearchParams's update steps do. ``port`` takes an int too; ``port``, ``search`` and
    ``hash`` take None for "" (none). A setter's value of another type raises TypeError."""

    href: str
    protocol: str
    username: str
    password: str
    host: str
    hostname: str
    port: str | int | None
    pathname: str
    search: str | None
    hash: str | None
    search_params: URLSearchParamsInit


# Where each getter's value is in a URL's GetterValues.
_PROTOCOL: Final = 0
_USERNAME: Final = 1
_PASSWORD: Final = 2
_HOST: Final = 3
_HOSTNAME: Final = 4
_PORT: Final = 5
_PATHNAME: Final = 6
_SEARCH: Final = 7
_HASH: Final = 8


def _string_argument(name: str, value: object) -> str:
    """The scalar value string for a str argument; TypeError for anything else."""
    return usv_string_argument(value, f"URL {name}")


def _input_string(input: object) -> str:
    """The input of the API URL parser: a str, or a ``URL``'s href (which parses back to the
    same URL, against any base: an href starts with its scheme, and with "//" when special)."""
    if isinstance(input, URL):
        return input._href
    return _string_argument("input", input)


# GetterValues of fast_href_getters, as a variable-length tuple: the compiled build keeps a
# fixed-size tuple type unboxed, and would unbox all nine strings on every getter's read.
_GetterValues = tuple[str, ...]


def _parse_base(base: str | URL) -> tuple[str, URLRecord | None] | None:
    """The base URL of the API URL parser, as its href and record (None: built from the href when
    needed); None: the base string fails to parse.

    The basic URL parser never modifies the base, so a ``URL``'s own record can be used.
    """
    if isinstance(base, URL):
        return base._href, base._parsed
    base_string = _string_argument("base", base)
    href = fast_href(base_string) if type(base_string) is str else None
    if href is not None:
        return href, None
    record = _state_machine()(base_string)
    return None if record is None else (serialize_url(record), record)


def _api_url_parse(
    input: object, base: str | URL | None, encoding: str
) -> tuple[str, URLRecord | None] | None:
    """The API URL parser (https://url.spec.whatwg.org/#api-url-parser); None is failure.

    Returns the href and, unless a fast path found the URL, its record. An input that starts
    with a scheme goes to the fast path whatever the base: one it accepts starts with a scheme
    and "//" (special) or an opaque path, from which the basic URL parser never looks at the base.
    Other inputs are relative references, which urlspec.relative resolves in their common
    shapes. The base must still parse.
    """
    input_string = _input_string(input)
    base_href = None
    base_record = None
    if base is not None:
        parsed_base = _parse_base(base)
        if parsed_base is None:
            return None
        base_href, base_record = parsed_base
    if encoding == "utf-8" and type(input_string) is str:
        if base_href is None or starts_with_scheme(input_string):
            href = fast_href(input_string)
        else:
            href = resolve_reference(input_string, base_href)
        if href is not None:
            return href, None
    if base_href is not None and base_record is None:
        base_record = record_from_fast_href(base_href)
    return _basic_url_parse(input_string, base_record, encoding)


# Modules loaded on first use. The parser (and what it imports) is loaded when the fast path first
# declines an input, the setters, origins, URLSearchParams and the toolkit when first asked for,
# so that "from urlspec import URL" and the common URL need none of them. Each is imported once
# and its functions kept in a module global: a function-level import runs the import machinery
# on every call (about 25,000 instructions in the compiled build, more than the fast path's whole
# work on a URL). The dependency runs one way: nothing these modules import imports this one.
_basic_url_parse_function: Callable[..., URLRecord | None] | None = None
_apply_setter_function: Callable[[URLRecord, str, object], str | None] | None = None
_origin_of_function: Callable[[URLRecord], TupleOrigin | OpaqueOrigin] | None = None
_search_params_class: type[URLSearchParams] | None = None
_display_function: Callable[[URL], str] | None = None


def _state_machine() -> Callable[..., URLRecord | None]:
    """urlspec.parser.basic_url_parse, imported on first use."""
    global _basic_url_parse_function
    if _basic_url_parse_function is None:
        from urlspec.parser import basic_url_parse

        _basic_url_parse_function = basic_url_parse
    return _basic_url_parse_function


def _setters() -> Callable[[URLRecord, str, object], str | None]:
    """urlspec.setters.apply_setter (the setters import the parser), imported on first use."""
    global _apply_setter_function
    if _apply_setter_function is None:
        from urlspec.setters import apply_setter

        _apply_setter_function = apply_setter
    return _apply_setter_function


def _origins() -> Callable[[URLRecord], TupleOrigin | OpaqueOrigin]:
    """urlspec.origin.origin_of (origin imports the parser), imported on first use."""
    global _origin_of_function
    if _origin_of_function is None:
        from urlspec.origin import origin_of

        _origin_of_function = origin_of
    return _origin_of_function


def _search_params() -> type[URLSearchParams]:
    """urlspec.search_params.URLSearchParams (which loads the encodings), imported on first use."""
    global _search_params_class
    if _search_params_class is None:
        from urlspec.search_params import URLSearchParams

        _search_params_class = URLSearchParams
    return _search_params_class


def _display() -> Callable[[URL], str]:
    """urlspec.toolkit.display.display (Unicode data), imported on first use."""
    global _display_function
    if _display_function is None:
        from urlspec.toolkit.display import display

        _display_function = display
    return _display_function


class _Toolkit:
    """The functions of urlspec.toolkit that URL methods delegate to, imported together on first
    use (see above). The toolkit functions take the URL and return one of its class, or the href
    of the new URL (the ``*_href`` functions), which the method makes a URL of
    (``URL._with_href``); they never import this module."""

    def __init__(self) -> None:
        from urlspec.toolkit import (
            building,
            components,
            file_url,
            joining,
            query_editing,
            shortest_reference,
            url_paths,
        )

        self.join = joining.join
        self.joinpath_href = joining.joinpath_href
        self.with_query_href = query_editing.with_query_href
        self.update_query_href = query_editing.update_query_href
        self.extend_query_href = query_editing.extend_query_href
        self.without_query_params_href = query_editing.without_query_params_href
        self.name = url_paths.name
        self.raw_name = url_paths.raw_name
        self.suffix = url_paths.suffix
        self.suffixes = url_paths.suffixes
        self.parent_href = url_paths.parent_href
        self.with_name_href = url_paths.with_name_href
        self.with_suffix_href = url_paths.with_suffix_href
        self.relative_to = shortest_reference.relative_to
        self.build = building.build
        self.port_number = building.port_number
        self.effective_port = building.effective_port
        self.with_scheme_href = components.with_scheme_href
        self.with_user_href = components.with_user_href
        self.with_password_href = components.with_password_href
        self.with_host_href = components.with_host_href
        self.with_port_href = components.with_port_href
        self.with_path_href = components.with_path_href
        self.with_fragment_href = components.with_fragment_href
        self.from_file_path = file_url.from_file_path
        self.to_file_path = file_url.to_file_path


class _ToolkitSlot:
    """Where :func:`_toolkit` keeps the toolkit's functions once imported: an attribute of a
    Final module-level object, which the compiled build reads directly (a module-level variable
    that is assigned to is looked up in the module's dict on each read)."""

    __slots__ = ("functions",)

    def __init__(self) -> None:
        self.functions: _Toolkit | None = None


_TOOLKIT_SLOT: Final = _ToolkitSlot()


def _toolkit() -> _Toolkit:
    """The toolkit's functions, imported on first use."""
    toolkit = _TOOLKIT_SLOT.functions
    if toolkit is None:
        toolkit = _TOOLKIT_SLOT.functions = _Toolkit()
    return toolkit


def _basic_url_parse(
    input: str, base: URLRecord | None = None, encoding: str = "utf-8"
) -> tuple[str, URLRecord] | None:
    """The state machine's URL, as its href and record; None is failure."""
    record = _state_machine()(to_scalar_value_string(input), base, encoding)
    return None if record is None else (serialize_url(record), record)


def _collect_validation_errors(
    input: object, base: str | URL | None, encoding: str
) -> tuple[list[ValidationError], str | None]:
    """Parse as the API URL parser does, collecting the validation errors.

    Returns the errors and, when the base string itself failed to parse, that base string (the
    errors are then the base's).
    """
    basic_url_parse = _state_machine()
    input_string = _input_string(input)
    errors: list[ValidationError] = []
    base_record: URLRecord | None = None
    if isinstance(base, URL):
        base_record = base._record
    elif base is not None:
        base_string = _string_argument("base", base)
        base_record = basic_url_parse(base_string, errors=errors)
        if base_record is None:
            return errors, base_string
        errors = []
    if encoding == "utf-8" and type(input_string) is str:
        fast = fast_href_and_errors(input_string)
        if fast is not None:
            return fast[1], None  # exactly the errors the state machine meets
    basic_url_parse(input_string, base_record, encoding, errors=errors)
    return errors, None


def _invalid_url(input: object, base: str | URL | None, encoding: str) -> InvalidURL:
    """The exception for an input the API URL parser fails on, naming the fatal error.

    Parsing runs again, this time collecting the validation errors (failure is the rare case;
    the successful parse does no work for errors). A base that is not a valid URL is reported
    with its own errors.
    """
    errors, failed_base = _collect_validation_errors(input, base, encoding)
    if failed_base is not None:
        return InvalidURL(failed_base, errors)
    base_string = base._href if isinstance(base, URL) else base
    return InvalidURL(_input_string(input), errors, base_string)


# acyclic: a URL holds strings, an int, a tuple of strings and a URL record, none of which can
# refer back to it, so it is never part of a reference cycle and the compiled build need not track
# it for the cycle collector (which saves the tracking on every URL made and freed). A subclass
# with a __dict__ is tracked as usual.
@mypyc_attr(allow_interpreted_subclasses=True, acyclic=True)
class URL:
    """A parsed URL (https://url.spec.whatwg.org/#url-class), immutable and hashable.

    ``URL(input, base=None, *, encoding="utf-8")`` parses ``input`` against ``base`` (a string,
    which is parsed first, or a ``URL``) and raises :class:`urlspec.InvalidURL` when the URL
    parser returns failure. ``input`` may be a ``URL``: ``URL(url)`` is a URL equal to ``url``
    (of the class called), and so is ``URL(url, base)`` when ``base`` parses. ``encoding`` is
    the legacy query encoding of HTML documents, an Encoding Standard label (LookupError when it
    is none): it only affects the query of special URLs other than ws: and wss:.

    Two URLs are equal when their ``href`` is, and they sort by ``href`` (as strings);
    ``str(url)`` is the ``href``.
    """

    # A URL is its href; the rest is derived from it when first asked for. Common URLs are parsed
    # by the fast path (urlspec.fast_path), which gives the href only: the URL record (_parsed) is
    # built from the href the first time something needs it. _spans holds the offsets of the
    # href's parts that the compiled build's tier 1 (own_href.scan_own_href) found, packed in one
    # int: SPANS_TOO_LONG (0) when they are not known (yet: the pure build's tier 1, a regex,
    # finds none), NOT_OWN_HREF (-1) when tier 1 does not accept the href. With them, each getter
    # is its own slice of the href (own_href.pathname_from_spans, ...). Otherwise the getters'
    # values (_getters) are computed together, once, by the first getter called: from the record,
    # or by matching a pattern on the href. Each slot is set once but _spans, which is only filled
    # in; the getters are read-only properties and there is no __dict__, so a URL cannot be
    # changed through its public interface.
    __slots__ = ("_getters", "_href", "_parsed", "_spans")

    _href: str
    _parsed: URLRecord | None
    _getters: _GetterValues | None
    _spans: int

    def __init__(
        self, input: str | URL, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> None:
        parsed: tuple[str, URLRecord | None] | None
        if base is None and encoding == "utf-8" and type(input) is str:
            # The hot path: the input is its own href (tier 1: own_href_pattern.is_own_href,
            # inline), or the fast path's other tiers give its href.
            if COMPILED:
                spans = scan_own_href(input)
                if spans != NOT_OWN_HREF:
                    self._href = input
                    self._parsed = None
                    self._getters = None
                    self._spans = spans
                    return
            elif match_own_href(input) is not None:
                self._href = input
                self._parsed = self._getters = None
                self._spans = SPANS_TOO_LONG
                return
            href = tier_2_or_3_href(input)
            if href is not None:
                self._href = href
                self._parsed = None
                self._getters = None
                self._spans = SPANS_TOO_LONG
                return
            parsed = _basic_url_parse(input)
        elif COMPILED and base is not None and encoding == "utf-8" and type(input) is str:
            # A reference against a base that is its own href: a relative one is scanned
            # against the base's parts (relative.resolve_with_spans), and the new URL gets its
            # parts' offsets with its href; an absolute one whose parse reads nothing of the
            # base takes the fast path alone.
            if isinstance(base, URL):
                base_href = base._href
                base_spans = base._spans
                if base_spans == SPANS_TOO_LONG:
                    base_spans = base._own_href_spans()
            else:
                base_href = _string_argument("base", base)
                base_spans = scan_own_href(base_href)
            if base_spans > SPANS_TOO_LONG:
                href, spans = resolve_with_spans(input, base_href, base_spans)
                if spans != NOT_OWN_HREF:
                    self._href = href
                    self._parsed = None
                    self._getters = None
                    self._spans = spans
                    return
            parsed = _api_url_parse(input, base, encoding)
        elif base is None and isinstance(input, URL):
            # A copy: the same href, and what the other URL has computed (its record is never
            # modified: replace() copies it).
            self._href = input._href
            self._parsed = input._parsed
            self._getters = input._getters
            self._spans = input._spans
            return
        else:
            parsed = _api_url_parse(input, base, encoding)
        if parsed is None:
            raise _invalid_url(input, base, encoding)
        href, record = parsed
        self._href = href
        self._parsed = record
        self._getters = None
        self._spans = SPANS_TOO_LONG

    @classmethod
    def _from_record(cls, record: URLRecord) -> Self:
        """Wrap a URL record (which the new URL then owns: nobody may modify it afterwards)."""
        return cls._from_parsed(serialize_url(record), record)

    @classmethod
    def _from_parsed(cls, href: str, record: URLRecord | None) -> Self:
        """A URL with this href and record (None: the fast path's href, record built lazily)."""
        url = cls.__new__(cls)
        url._href = href
        url._parsed = record
        url._getters = None
        url._spans = SPANS_TOO_LONG
        return url

    def _own_href_spans(self) -> int:
        """The offsets of the href's parts (scan_own_href's answer: NOT_OWN_HREF when tier 1
        does not accept the href), found once."""
        spans = self._spans
        if spans == SPANS_TOO_LONG:
            spans = self._spans = scan_own_href(self._href)
        return spans

    @property
    def _record(self) -> URLRecord:
        """The URL record (https://url.spec.whatwg.org/#concept-url), built on first use."""
        record = self._parsed
        if record is None:
            record = self._parsed = record_from_fast_href(self._href)
        return record

    # --- the static methods ---------------------------------------------------------------------

    @classmethod
    def parse(
        cls, input: str | URL, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> URL | None:
        """https://url.spec.whatwg.org/#dom-url-parse -- the URL, or None when it fails."""
        if base is None and encoding == "utf-8" and type(input) is str:
            # The constructor's hot path: an input that is its own href keeps its parts' offsets;
            # the fast path's other tiers give the href of the inputs they take.
            if COMPILED:
                spans = scan_own_href(input)
                if spans != NOT_OWN_HREF:
                    url = cls._from_parsed(input, None)
                    url._spans = spans
                    return url
                href = tier_2_or_3_href(input)
            else:
                href = fast_href(input)
            if href is not None:
                return cls._from_parsed(href, None)
        parsed = _api_url_parse(input, base, encoding)
        if parsed is None:
            return None
        href, record = parsed  # (not cls._from_parsed(*parsed): mypyc 2.4 miscompiles that)
        return cls._from_parsed(href, record)

    @classmethod
    def can_parse(
        cls, input: str | URL, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> bool:
        """https://url.spec.whatwg.org/#dom-url-canparse"""
        if base is None and encoding == "utf-8" and type(input) is str and is_own_href(input):
            return True  # the commonest case first, as in __init__
        return _api_url_parse(input, base, encoding) is not None

    # --- the getters ----------------------------------------------------------------------------

    @property
    def href(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-href -- the URL serialized."""
        return self._href

    @property
    def origin(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-origin -- the serialization of the origin."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            origin = origin_from_spans(self._href, spans)
            if origin is not None:
                return origin
        if self._parsed is None:  # a fast-path URL, with no record yet
            getters = self._getters or self._compute_getters()
            # The commonest case inline: a tuple origin (see origin_from_fast_getter_values).
            if getters[_PROTOCOL] in TUPLE_ORIGIN_PROTOCOLS:
                return getters[_PROTOCOL] + "//" + getters[_HOST]
            origin = origin_from_fast_getter_values(getters)
            if origin is not None:
                return origin
        return _origins()(self._record).serialize()

    @property
    def protocol(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-protocol -- the scheme and ":"."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return protocol_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_PROTOCOL]

    @property
    def username(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-username"""
        if self._spans > SPANS_TOO_LONG:
            return ""  # an own href has no credentials and no port
        return (self._getters or self._compute_getters())[_USERNAME]

    @property
    def password(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-password"""
        if self._spans > SPANS_TOO_LONG:
            return ""  # an own href has no credentials and no port
        return (self._getters or self._compute_getters())[_PASSWORD]

    @property
    def host(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-host -- the host and, if any, ":" and port."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return hostname_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_HOST]

    @property
    def hostname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hostname -- the host, serialized."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return hostname_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_HOSTNAME]

    @property
    def port(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-port -- "" when the port is null (or default)."""
        if self._spans > SPANS_TOO_LONG:
            return ""  # an own href has no credentials and no port
        return (self._getters or self._compute_getters())[_PORT]

    @property
    def pathname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-pathname -- the URL path serialized."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return pathname_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_PATHNAME]

    @property
    def search(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-search -- "?" and the query, or ""."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return search_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_SEARCH]

    @property
    def search_params(self) -> URLSearchParams:
        """https://url.spec.whatwg.org/#dom-url-searchparams -- the query's name-value pairs.

        A new, read-only ``URLSearchParams`` each time: this URL is immutable, so ``append``,
        ``delete``, ``set`` and ``sort`` on it raise ``urlspec.ReadOnlySearchParamsError`` (a
        TypeError) rather than change nothing. Make the changed URL with
        ``url.update_query(...)`` or ``url.replace(search_params=...)``;
        ``URLSearchParams(url.search_params)`` is a mutable copy.
        """
        return _search_params().from_query(self._record.query, read_only=True)

    @property
    def hash(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hash -- "#" and the fragment, or ""."""
        spans = self._spans
        if spans > SPANS_TOO_LONG:
            return hash_from_spans(self._href, spans)
        return (self._getters or self._compute_getters())[_HASH]

    def _compute_getters(self) -> _GetterValues:
        """The getters' values, computed once: from the record, or a fast-path URL's href."""
        record = self._parsed
        getters: _GetterValues
        if record is not None:
            getters = _getter_values(record)
        elif COMPILED:
            # The offsets of the href's parts: found by tier 1 already, or found now.
            spans = self._own_href_spans()
            if spans > SPANS_TOO_LONG:
                getters = getter_values_from_spans(self._href, spans)
            else:
                getters = getter_values_from_fast_href(self._href)
        else:
            match = match_fast_href_getters(self._href)  # getter_values_from_fast_href, inline
            if match is not None:
                getters = match.groups("")
            else:
                getters = getter_values_from_fast_href(self._href)  # raises ValueError
        self._getters = getters
        return getters

    # --- beyond the standard's getters ----------------------------------------------------------

    @property
    def host_kind(self) -> HostKind:
        """What the host is: a domain, an IPv4/IPv6 address, opaque, empty, or NONE (null)."""
        return self._record.host_kind

    @property
    def path_segments(self) -> tuple[str, ...] | None:
        """The path's segments, or None when the URL has an opaque path."""
        path = self._record.path
        return None if isinstance(path, str) else tuple(path)

    @property
    def opaque_path(self) -> str | None:
        """The opaque path (https://url.spec.whatwg.org/#url-opaque-path), or None."""
        path = self._record.path
        return path if isinstance(path, str) else None

    def equals(self, other: URL, exclude_fragments: bool = False) -> bool:
        """URL equivalence (https://url.spec.whatwg.org/#concept-url-equals)."""
        if not isinstance(other, URL):
            raise TypeError(f"can only compare a URL with a URL, not {type(other).__name__}")
        if not exclude_fragments:
            return self._href == other._href
        return urls_equal(self._record, other._record, exclude_fragments=True)

    def replace(self, *, strict: bool = False, **changes: Unpack[ReplaceChanges]) -> Self:
        """A new URL (of this URL's class): this one with the standard's setters applied, in
        argument order.

        ``url.replace(pathname="/a", search="?q")`` is what setting ``pathname`` then ``search``
        on a copy of the URL does in JavaScript; values the setters reject are ignored as they
        are there, except an ``href`` that does not parse, which raises InvalidURL. The
        keywords are those of :class:`ReplaceChanges`; another name raises TypeError (and
        fails type checking). With ``strict=True``, a setter that does nothing or fails raises
        :class:`urlspec.StrictReplaceError` (a ValueError) naming the attribute and why.
        """
        apply_setter = _setters()
        record = self._record.copy()
        for name, value in changes.items():
            reason = apply_setter(record, name, value)
            if strict and reason is not None:
                raise StrictReplaceError(name, value, reason)
        return type(self)._from_record(record)

    # --- Python protocols -----------------------------------------------------------------------

    def __str__(self) -> str:
        return self._href

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._href!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._href == other._href

    def __hash__(self) -> int:
        return hash(self._href)

    # Sorting: by href, as strings (yarl's URLs sort too, by their parts).
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._href < other._href

    def __le__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._href <= other._href

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._href > other._href

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._href >= other._href

    def __reduce__(self) -> tuple[type[URL], tuple[str]]:
        # The serializer's output parses back to the same URL.
        return (type(self), (self._href,))

    def __copy__(self) -> URL:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> URL:
        return self

    # --- the everyday URL toolkit (the logic is in urlspec.toolkit, loaded on first use) ---------
    # Each method returns a URL of the caller's class.

    def _with_href(self, href: str) -> Self:
        """The URL of this URL's class whose href is ``href``, which a toolkit function wrote:
        this URL itself when it is its href (URLs are immutable), else ``type(self)(href)``.

        For the URL class itself, the constructor is called here by name: compiled, that is a
        direct call of its native code, where ``type(self)(href)`` (the caller's class, which
        the toolkit must honour for subclasses) is a generic call that packs the arguments and
        unpacks them by keyword, several thousand instructions. The URL made is the same either
        way: the same constructor runs on the same href (``tests/test_joining.py``).
        """
        if href == self._href:
            return self
        if type(self) is URL:
            return cast(Self, URL(href))
        return type(self)(href)

    def _with_query_href(self, href: str) -> Self:
        """:meth:`_with_href` for an href that a query edit of the toolkit wrote: this URL's
        href with the query replaced by the application/x-www-form-urlencoded serializer's
        output (https://url.spec.whatwg.org/#concept-urlencoded-serializer), or removed.

        That output is ASCII alphanumerics, "*", "-", ".", "_", "+", "=", "&" and "%" with hex
        digits: code points tier 1 keeps in any query. So when this URL is its own href and
        its parts' offsets are known (``_spans``), so is the new href, and its offsets are this
        URL's with the query's end and the fragment moved: the new URL is made with them,
        without scanning its href again. ``tests/test_query_editing.py`` proves the URL made
        equal to ``URL(href)``, offsets included, on every corpus line and generated URLs.
        """
        spans = self._spans
        if spans <= SPANS_TOO_LONG or type(self) is not URL or href == self._href:
            return self._with_href(href)  # (the pure build has no spans: SPANS_TOO_LONG)
        protocol_end, host_start, path_start, query, fragment = unpack_spans(spans)
        old_length = len(self._href)
        fragment_length = 0 if fragment == 0 else old_length - fragment
        query_start = query if query != 0 else fragment if fragment != 0 else old_length
        length = len(href)
        new_fragment = 0 if fragment == 0 else length - fragment_length
        new_query = query_start if length - fragment_length > query_start else 0
        if length >= PACKABLE_LENGTH:
            return cast(Self, self._url_with_spans(href, SPANS_TOO_LONG))
        new_spans = pack_spans(protocol_end, host_start, path_start, new_query, new_fragment)
        return cast(Self, self._url_with_spans(href, new_spans))

    def _url_with_spans(self, href: str, spans: int) -> URL:
        """A new URL (of the class URL) whose href is ``href`` with its parts at ``spans``
        (``SPANS_TOO_LONG`` when not known), which the caller has computed: made as a copy of
        this URL (compiled, a direct call of the constructor, where ``URL.__new__`` is a generic
        one) whose slots are then all set."""
        url = URL(self)
        url._href = href
        url._parsed = None
        url._getters = None
        url._spans = spans
        return url

    def join(self, reference: str | URL) -> Self:
        """``reference`` resolved against this URL: ``URL(reference, base=self)`` of this URL's
        class (urlspec.toolkit.joining.join).

        Compiled, for the class URL itself and a reference given as text, this takes the
        constructor's own path for a relative reference against a base that is its own href
        (``relative.resolve_with_spans`` on the base's offsets) without calling the class:
        the same function on the same arguments, minus the generic call that parses the
        constructor's arguments (``tests/test_relative.py`` proves the URLs equal, offsets
        included)."""
        if COMPILED and type(self) is URL and type(reference) is str:
            base_spans = self._own_href_spans()
            if base_spans > SPANS_TOO_LONG:
                href, spans = resolve_with_spans(reference, self._href, base_spans)
                if spans != NOT_OWN_HREF:
                    return cast(Self, self._url_with_spans(href, spans))
        return _toolkit().join(self, reference)

    def joinpath(self, *paths: str, encoded: bool = False) -> Self:
        """This URL with text paths appended, split on "/", each segment encoded
        (urlspec.toolkit.joining.joinpath); ``encoded=True`` keeps percent-encoded bytes."""
        return self._with_href(_toolkit().joinpath_href(self, paths, encoded))

    def __truediv__(self, path: str) -> Self:
        """``url / "a/b"`` is ``url.joinpath("a/b")``: two segments appended."""
        return self._with_href(_toolkit().joinpath_href(self, (path,)))

    def with_query(self, query: str | QueryInput | None = None, **params: object) -> Self:
        """The query replaced or removed (urlspec.toolkit.query_editing.with_query)."""
        href = _toolkit().with_query_href(self, query, params)
        if isinstance(query, str):
            return self._with_href(href)  # (the search setter's query: any code points)
        return self._with_query_href(href)

    def update_query(self, query: str | QueryInput | None = None, **params: object) -> Self:
        """The given names set, other pairs kept (urlspec.toolkit.query_editing.update_query);
        a ``str`` query gives its pairs (``url.update_query("c=1")``)."""
        return self._with_query_href(_toolkit().update_query_href(self, query, params))

    def extend_query(self, query: str | QueryInput | None = None, **params: object) -> Self:
        """The given pairs appended to the query (urlspec.toolkit.query_editing.extend_query);
        a ``str`` query gives its pairs."""
        return self._with_query_href(_toolkit().extend_query_href(self, query, params))

    def without_query_params(self, *names: str) -> Self:
        """The pairs with these names removed (urlspec.toolkit.query_editing)."""
        return self._with_query_href(_toolkit().without_query_params_href(self, names))

    @property
    def name(self) -> str:
        """The last path segment, percent-decoded (urlspec.toolkit.url_paths)."""
        return _toolkit().name(self)

    @property
    def raw_name(self) -> str:
        """The last path segment as it is in the URL (urlspec.toolkit.url_paths)."""
        return _toolkit().raw_name(self)

    @property
    def suffix(self) -> str:
        """The name's last dot-suffix, as pathlib's (urlspec.toolkit.url_paths)."""
        return _toolkit().suffix(self)

    @property
    def suffixes(self) -> list[str]:
        """The name's dot-suffixes, as pathlib's (urlspec.toolkit.url_paths)."""
        return _toolkit().suffixes(self)

    @property
    def parent(self) -> Self:
        """The directory holding the last segment, ending in "/" (urlspec.toolkit.url_paths)."""
        return self._with_href(_toolkit().parent_href(self))

    def with_name(self, name: str) -> Self:
        """The last path segment replaced (urlspec.toolkit.url_paths.with_name)."""
        return self._with_href(_toolkit().with_name_href(self, name))

    def with_suffix(self, suffix: str) -> Self:
        """The name's suffix replaced (urlspec.toolkit.url_paths.with_suffix)."""
        return self._with_href(_toolkit().with_suffix_href(self, suffix))

    def relative_to(self, base: URL | str) -> str | None:
        """The shortest reference resolving against ``base`` to this URL, or None."""
        return _toolkit().relative_to(self, base)

    @classmethod
    def build(
        cls,
        *,
        scheme: str,
        username: str = "",
        password: str = "",
        host: str | None = None,
        port: int | str | None = None,
        path: str = "",
        query: str | QueryInput | None = None,
        fragment: str | None = None,
    ) -> Self:
        """A URL from its components (urlspec.toolkit.building.build)."""
        return _toolkit().build(
            cls,
            scheme=scheme,
            username=username,
            password=password,
            host=host,
            port=port,
            path=path,
            query=query,
            fragment=fragment,
        )

    @property
    def port_number(self) -> int | None:
        """The port as an int, or None (urlspec.toolkit.building.port_number)."""
        return _toolkit().port_number(self)

    @property
    def explicit_port(self) -> int | None:
        """yarl's name for :attr:`port_number`: the port written in the URL as an int, or None
        (the standard keeps no port equal to the scheme's default: ``http://h:80/`` has none)."""
        return _toolkit().port_number(self)

    @property
    def effective_port(self) -> int | None:
        """The port, or the scheme's default port (urlspec.toolkit.building.effective_port)."""
        return _toolkit().effective_port(self)

    # yarl's with_* methods (urlspec.toolkit.components): one component replaced; ValueError
    # (urlspec.StrictReplaceError where the standard's setter refuses) or TypeError.

    def with_scheme(self, scheme: str) -> Self:
        """The scheme replaced (urlspec.toolkit.components)."""
        return self._with_href(_toolkit().with_scheme_href(self, scheme))

    def with_user(self, user: str | None) -> Self:
        """The username replaced (text: "%" is a percent sign); None removes the credentials."""
        return self._with_href(_toolkit().with_user_href(self, user))

    def with_password(self, password: str | None) -> Self:
        """The password replaced (text: "%" is a percent sign); None removes it."""
        return self._with_href(_toolkit().with_password_href(self, password))

    def with_host(self, host: str) -> Self:
        """The host replaced, as the ``hostname`` setter parses it (urlspec.toolkit.components)."""
        return self._with_href(_toolkit().with_host_href(self, host))

    def with_port(self, port: int | None) -> Self:
        """The port replaced (an int from 0 to 65535); None removes it."""
        return self._with_href(_toolkit().with_port_href(self, port))

    def with_path(
        self,
        path: str,
        *,
        encoded: bool = False,
        keep_query: bool = False,
        keep_fragment: bool = False,
    ) -> Self:
        """The path replaced, as the ``pathname`` setter parses it; the query and fragment
        dropped unless kept, as yarl does (urlspec.toolkit.components). ``path`` is text ("%"
        is a percent sign) unless ``encoded``."""
        href = _toolkit().with_path_href(self, path, encoded, keep_query, keep_fragment)
        return self._with_href(href)

    def with_fragment(self, fragment: str | None) -> Self:
        """The fragment replaced (text: "%" is a percent sign); None or "" removes it."""
        return self._with_href(_toolkit().with_fragment_href(self, fragment))

    def display(self) -> str:
        """This URL as an IRI for people (urlspec.toolkit.display)."""
        return _display()(self)

    @classmethod
    def from_file_path(cls, path: str | PathLike[str], *, windows: bool | None = None) -> Self:
        """Node's ``url.pathToFileURL`` (urlspec.toolkit.file_url.from_file_path)."""
        return _toolkit().from_file_path(cls, path, windows=windows)

    def to_file_path(self, *, windows: bool | None = None) -> str:
        """Node's ``url.fileURLToPath`` (urlspec.toolkit.file_url.to_file_path)."""
        return _toolkit().to_file_path(self, windows=windows)

    # --- public suffix, registrable domain, where the host points --------------------------------
    # (one-line delegations to urlspec.url_host; the Public Suffix List is read on first use)

    @property
    def public_suffix(self) -> str | None:
        """The host's public suffix (URL Standard), in A-labels; None for an IP address, an
        opaque, empty or null host."""
        return public_suffix_of_url(self)

    @property
    def registrable_domain(self) -> str | None:
        """The host's registrable domain (URL Standard), in A-labels; None for an IP address,
        an opaque, empty or null host, and a host that is a public suffix."""
        return registrable_domain_of_url(self)

    @property
    def address_class(self) -> AddressClass | None:
        """Where the host points ("loopback", "private", ..., "global", or "domain"); None for
        a null or empty host. An opaque host is judged as the host it spells
        (``gopher://127.0.0.1/`` is loopback). See :func:`urlspec.address_class`."""
        return address_class_of_url(self)


def _getter_values(record: URLRecord) -> _GetterValues:
    """What each getter of the URL class returns for a URL record (§6.1, the getter steps)."""
    host = "" if record.host is None else record.host
    port = "" if record.port is None else str(record.port)
    query = record.query
    fragment = record.fragment
    return (
        record.scheme + ":",
        record.username,
        record.password,
        # https://url.spec.whatwg.org/#dom-url-host: the host, then ":" and the port if any.
        host if port == "" else f"{host}:{port}",
        host,
        port,
        serialize_path(record),
        "" if query is None or query == "" else "?" + query,
        "" if fragment is None or fragment == "" else "#" + fragment,
    )


def validate(
    input: str | URL, base: str | URL | None = None, *, encoding: str = "utf-8"
) -> list[ValidationError]:
    """Every validation error the URL parser meets parsing ``input`` against ``base``.

    An input with validation errors may still be a URL; when parsing fails, the list ends with
    the error that made it fail. When ``base`` is a string that is not a valid URL itself, the
    result is the base's errors (whose positions are in ``base``), the last one fatal.
    """
    return _collect_validation_errors(input, base, encoding)[0]
