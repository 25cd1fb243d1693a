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

from typing import TYPE_CHECKING, Any

from urlspec.host import HostKind
from urlspec.infra import to_scalar_value_string
from urlspec.parser import api_url_parse, basic_url_parse
from urlspec.url_record import URLRecord, serialize_path, serialize_url
from urlspec.validation import InvalidURL, ValidationError

if TYPE_CHECKING:
    from urlspec.search_params import URLSearchParams

__all__ = ["URL", "validate"]


def _string_argument(name: str, value: object) -> str:
    """The scalar value string for a str argument; TypeError for anything else."""
    if not isinstance(value, str):
        raise TypeError(f"URL {name} must be a str, not {type(value).__name__}")
    return to_scalar_value_string(value)


def _api_url_parse(input: object, base: str | URL | None, encoding: str) -> URLRecord | None:
    """The API URL parser (https://url.spec.whatwg.org/#api-url-parser); None is failure.

    A ``URL`` given as base is used as it is: its record (which the parser never modifies).
    """
    input_string = _string_argument("input", input)
    if isinstance(base, URL):
        return api_url_parse(input_string, base._record, encoding)
    base_string = None if base is None else _string_argument("base", base)
    return api_url_parse(input_string, base_string, encoding)


def _collect_validation_errors(
    input: object, base: str | URL | None, encoding: str
) -> tuple[list[ValidationError], str | None]:
    """Parse as the API URL parser does, collecting the validation errors.

    Returns the errors and, when the base string itself failed to parse, that base string (the
    errors are then the base's).
    """
    input_string = _string_argument("input", input)
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
    return InvalidURL(_string_argument("input", input), errors, base_string)


class URL:
    """A parsed URL (https://url.spec.whatwg.org/#url-class), immutable and hashable.

    ``URL(input, base=None, *, encoding="utf-8")`` parses ``input`` against ``base`` (a string,
    which is parsed first, or a ``URL``) and raises :class:`urlspec.InvalidURL` when the URL
    parser returns failure. ``encoding`` is the legacy query encoding of HTML documents, an
    Encoding Standard label (LookupError when it is none): it only affects the query of special
    URLs other than ws: and wss:.

    Two URLs are equal when their ``href`` is; ``str(url)`` is the ``href``.
    """

    __slots__ = ("_href", "_record")

    _record: URLRecord
    _href: str

    def __init__(
        self, input: str, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> None:
        record = _api_url_parse(input, base, encoding)
        if record is None:
            raise _invalid_url(input, base, encoding)
        object.__setattr__(self, "_record", record)
        object.__setattr__(self, "_href", serialize_url(record))

    @classmethod
    def _from_record(cls, record: URLRecord) -> URL:
        """Wrap a URL record (which the new URL then owns: nobody may modify it afterwards)."""
        url = object.__new__(cls)
        object.__setattr__(url, "_record", record)
        object.__setattr__(url, "_href", serialize_url(record))
        return url

    # --- the static methods ---------------------------------------------------------------------

    @classmethod
    def parse(
        cls, input: str, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> URL | None:
        """https://url.spec.whatwg.org/#dom-url-parse -- the URL, or None when it fails."""
        record = _api_url_parse(input, base, encoding)
        return None if record is None else cls._from_record(record)

    @classmethod
    def can_parse(
        cls, input: str, base: str | URL | None = None, *, encoding: str = "utf-8"
    ) -> bool:
        """https://url.spec.whatwg.org/#dom-url-canparse"""
        return _api_url_parse(input, base, encoding) is not None

    # --- the getters ----------------------------------------------------------------------------

    @property
    def href(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-href -- the URL serialized."""
        return self._href

    @property
    def origin(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-origin -- the serialization of the origin."""
        from urlspec.origin import origin_of  # origin imports the parser

        return origin_of(self._record).serialize()

    @property
    def protocol(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-protocol -- the scheme and ":"."""
        return self._record.scheme + ":"

    @property
    def username(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-username"""
        return self._record.username

    @property
    def password(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-password"""
        return self._record.password

    @property
    def host(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-host -- the host and, if any, ":" and port."""
        record = self._record
        if record.host is None:
            return ""
        if record.port is None:
            return record.host
        return f"{record.host}:{record.port}"

    @property
    def hostname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hostname -- the host, serialized."""
        host = self._record.host
        return "" if host is None else host

    @property
    def port(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-port -- "" when the port is null (or default)."""
        port = self._record.port
        return "" if port is None else str(port)

    @property
    def pathname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-pathname -- the URL path serialized."""
        return serialize_path(self._record)

    @property
    def search(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-search -- "?" and the query, or ""."""
        query = self._record.query
        return "" if query is None or query == "" else "?" + query

    @property
    def search_params(self) -> URLSearchParams:
        """https://url.spec.whatwg.org/#dom-url-searchparams -- the query's name-value pairs.

        A new ``URLSearchParams`` each time: changing it does not change this immutable URL
        (use ``url.replace(search_params=...)``).
        """
        from urlspec.search_params import URLSearchParams  # loaded when used

        return URLSearchParams.from_query(self._record.query)

    @property
    def hash(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hash -- "#" and the fragment, or ""."""
        fragment = self._record.fragment
        return "" if fragment is None or fragment == "" else "#" + fragment

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
        return serialize_url(self._record, True) == serialize_url(other._record, True)

    def replace(self, **changes: Any) -> URL:
        """A new URL: this one with the standard's setters applied, in argument order.

        ``url.replace(pathname="/a", search="?q")`` is what setting ``pathname`` then ``search``
        on a copy of the URL does in JavaScript; values the setters reject are ignored as they
        are there, except an ``href`` that does not parse, which raises InvalidURL. An unknown
        attribute name raises TypeError.
        """
        from urlspec.setters import apply_setter  # setters import the parser

        record = self._record.copy()
        for name, value in changes.items():
            apply_setter(record, name, value)
        return URL._from_record(record)

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

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"URL objects are immutable: use url.replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("URL objects are immutable")

    def __reduce__(self) -> tuple[type[URL], tuple[str]]:
        # The serializer's output parses back to the same URL.
        return (type(self), (self._href,))

    def __copy__(self) -> URL:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> URL:
        return self


def validate(
    input: str, base: str | URL | None = None, *, encoding: str = "utf-8"
) -> list[ValidationError]:
    """Every validation error the URL parser meets parsing ``input`` against ``base``.

    An input with validation errors may still be a URL; when parsing fails, the list ends with
    the error that made it fail. When ``base`` is a string that is not a valid URL itself, the
    result is the base's errors (whose positions are in ``base``), the last one fatal.
    """
    return _collect_validation_errors(input, base, encoding)[0]
