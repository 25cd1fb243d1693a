"""The result types of the drop-in ``urllib.parse``: SplitResult, ParseResult, DefragResult.

Each is a named tuple with the fields of CPython's class of the same name, plus, for the URL
results, the ``username``/``password``/``hostname``/``port`` properties read from ``netloc``, and
``geturl()``; each ``str`` class has an ``encode()`` giving its ``*Bytes`` counterpart and each
``*Bytes`` class a ``decode()`` giving the ``str`` one.

CPython 3.15 (gh-67041) adds ``missing_as_none=True`` to the splitting functions: components that
are not defined are ``None`` and ``urlunsplit``/``urlunparse``/``geturl`` then keep *empty*
components (``"http://h/p?"`` keeps its ``?``). Those results remember it in ``_keep_empty``.

Difference from CPython 3.15: there the result is an instance of the public class carrying the
flag itself; here it is an instance of a private subclass (``_SplitResultKeepEmpty`` ...) whose
class attribute says so, so ``type(urlsplit(u, missing_as_none=True)) is SplitResult`` is false
(``isinstance`` holds) and such a result pickles under the subclass's name (found in
``urlspec.parse``). This keeps the ordinary results at ``__slots__ = ()``, as small and as fast
to build as CPython's, and copying, pickling, ``_replace`` and ``encode``/``decode`` preserve the
flag without code. The subclasses are named like their parent (for ``repr``).

The shared behaviour lives in small mixins: the netloc properties and ``geturl()`` of the URL
results, ``encode()`` of every ``str`` result and ``decode()`` of every bytes one, and the
``geturl()`` of the urldefrag results.
"""

from __future__ import annotations

import types
from collections import namedtuple
from collections.abc import Callable
from typing import Any, ClassVar

__all__ = [
    "DefragResult",
    "DefragResultBytes",
    "ParseResult",
    "ParseResultBytes",
    "ResultBase",
    "SplitResult",
    "SplitResultBytes",
]


# --- Reading the parts of a netloc: [userinfo "@"] host [":" port] (RFC 3986 §3.2) ---


def _split_userinfo(netloc: Any) -> tuple[Any, Any]:
    """(username, password) of ``netloc``; each None when absent (``str`` or ``bytes``)."""
    at, colon = ("@", ":") if isinstance(netloc, str) else (b"@", b":")
    userinfo, has_userinfo, _ = netloc.rpartition(at)
    if not has_userinfo:
        return None, None
    username, has_password, password = userinfo.partition(colon)
    return username, (password if has_password else None)


def split_hostinfo(netloc: Any) -> tuple[Any, Any, Any]:
    """(before, host, after): the host of ``netloc`` (after its last ``@``) and what surrounds it.

    A bracketed host (``[v6]``) is the text between the first ``[`` and the next ``]``: ``before``
    is what precedes the ``[`` and ``after`` what follows the ``]`` (the port is after its ``:``).
    Any other host ends at the first ``:``: ``before`` is empty and ``after`` is ``:port`` or
    empty. ``str`` or ``bytes``, as ``netloc`` is.
    """
    delimiters: tuple[Any, Any, Any, Any] = (
        ("@", ":", "[", "]") if isinstance(netloc, str) else (b"@", b":", b"[", b"]")
    )
    at, colon, open_bracket, close_bracket = delimiters
    hostinfo = netloc.rpartition(at)[2]
    before, has_bracket, bracketed = hostinfo.partition(open_bracket)
    if has_bracket:
        host, _, after = bracketed.partition(close_bracket)
        return before, host, after
    host, colon_found, port = hostinfo.partition(colon)
    return hostinfo[:0], host, colon_found + port


def _port_text(netloc: Any) -> Any:
    """The text after the ``:`` that follows the host; None when absent or empty."""
    after = split_hostinfo(netloc)[2]
    port = after.partition(b":" if isinstance(after, bytes) else ":")[2]
    return port if port else None


def parse_port(port: Any) -> int | None:
    """The port number of a port text, as CPython 3.14's ``port`` property reads it.

    Only ASCII digits are a port (no sign, space, underscore or other Unicode digits), and it must
    be in 0..65535; otherwise ValueError.
    """
    if port is None:
        return None
    if not (port.isdigit() and port.isascii()):
        raise ValueError(f"Port could not be cast to integer value as {port!r}")
    number = int(port)
    if not 0 <= number <= 65535:
        raise ValueError("Port out of range 0-65535")
    return number


class _NetlocProperties:
    """What SplitResult and ParseResult read from their ``netloc`` field, and ``geturl()``."""

    __slots__ = ()
    netloc: Any
    _empty: ClassVar[Any]  # "" or b"": what an undefined (None) netloc reads as
    _keep_empty: ClassVar[bool] = False
    # urlunsplit or urlunparse, set by urlspec.parse._split (which imports this module)
    _put_together: ClassVar[Callable[..., Any]]

    def geturl(self) -> Any:
        """The URL put back together (``urlunsplit``/``urlunparse`` of the result)."""
        return self._put_together()

    def _netloc_text(self) -> Any:
        netloc = self.netloc
        return self._empty if netloc is None else netloc

    @property
    def username(self) -> Any:
        return _split_userinfo(self._netloc_text())[0]

    @property
    def password(self) -> Any:
        return _split_userinfo(self._netloc_text())[1]

    @property
    def hostname(self) -> Any:
        """The host, lowercased, without brackets; None when empty.

        An IPv6 zone identifier (after ``%``) keeps its case:
        ``[fe80::1%tESt]`` -> ``fe80::1%tESt``.
        """
        hostname = split_hostinfo(self._netloc_text())[1]
        if not hostname:
            return None
        percent = "%" if isinstance(hostname, str) else b"%"
        address, has_zone, zone = hostname.partition(percent)
        return address.lower() + has_zone + zone

    @property
    def port(self) -> int | None:
        return parse_port(_port_text(self._netloc_text()))

    __class_getitem__: ClassVar[Any] = classmethod(types.GenericAlias)


class _TextResult:
    """The ``encode()`` of the ``str`` results: the ``*Bytes`` counterpart of the same fields."""

    __slots__ = ()
    _empty: ClassVar[Any] = ""
    _hash_sign: ClassVar[Any] = "#"
    # CPython's name for it, which CPython's tests (test_result_pairs) read
    _encoded_counterpart: ClassVar[type[Any]]

    def encode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        fields: Any = self
        return self._encoded_counterpart(
            *[None if field is None else field.encode(encoding, errors) for field in fields]
        )


class _BytesResult:
    """The ``decode()`` of the ``*Bytes`` results: the ``str`` counterpart of the same fields."""

    __slots__ = ()
    _empty: ClassVar[Any] = b""
    _hash_sign: ClassVar[Any] = b"#"
    _decoded_counterpart: ClassVar[type[Any]]

    def decode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        fields: Any = self
        return self._decoded_counterpart(
            *[None if field is None else field.decode(encoding, errors) for field in fields]
        )


class ResultBase(_NetlocProperties, _TextResult):
    """The base of SplitResult and ParseResult (public in urllib.parse, undocumented)."""

    __slots__ = ()


class _UrlResultBytes(_NetlocProperties, _BytesResult):
    """The base of SplitResultBytes and ParseResultBytes."""

    __slots__ = ()


# The fields of each result, in order (the classes below add the behaviour).
_DefragFields = namedtuple("_DefragFields", "url fragment")
_SplitFields = namedtuple("_SplitFields", "scheme netloc path query fragment")
_ParseFields = namedtuple("_ParseFields", "scheme netloc path params query fragment")


class _DefragGeturl:
    """``geturl()`` of the urldefrag results: the URL with its fragment put back (an empty one
    only when empty components are kept)."""

    __slots__ = ()
    url: Any
    fragment: Any
    _keep_empty: ClassVar[bool] = False
    _hash_sign: ClassVar[Any]

    def geturl(self) -> Any:
        fragment = self.fragment
        if fragment or (self._keep_empty and fragment is not None):
            return self.url + self._hash_sign + fragment
        return self.url


class DefragResult(_DefragFields, _DefragGeturl, _TextResult):
    """DefragResult(url, fragment): the URL without its fragment, and the fragment."""

    __slots__ = ()


class DefragResultBytes(_DefragFields, _DefragGeturl, _BytesResult):
    """DefragResultBytes(url, fragment): DefragResult for bytes."""

    __slots__ = ()


class SplitResult(_SplitFields, ResultBase):
    """SplitResult(scheme, netloc, path, query, fragment), as ``urlsplit`` returns it."""

    __slots__ = ()


class ParseResult(_ParseFields, ResultBase):
    """ParseResult(scheme, netloc, path, params, query, fragment), as ``urlparse`` returns it."""

    __slots__ = ()


class SplitResultBytes(_SplitFields, _UrlResultBytes):
    """SplitResult for bytes."""

    __slots__ = ()


class ParseResultBytes(_ParseFields, _UrlResultBytes):
    """ParseResult for bytes."""

    __slots__ = ()


def _keep_empty_variant(cls: type[Any]) -> type[Any]:
    """The private subclass of ``cls`` for results of ``missing_as_none=True`` (see above)."""
    variant = type(cls.__name__, (cls,), {"__slots__": (), "_keep_empty": True})
    variant.__qualname__ = f"_{cls.__name__}KeepEmpty"
    variant.__doc__ = f"{cls.__name__} of ``missing_as_none=True``: empty components are kept."
    return variant


_STR_AND_BYTES_CLASSES = (
    (DefragResult, DefragResultBytes),
    (SplitResult, SplitResultBytes),
    (ParseResult, ParseResultBytes),
)

# name -> class, for the private keep-empty variants (re-exported by urlspec.parse for pickle)
KEEP_EMPTY_VARIANTS: dict[str, type[Any]] = {}

# public class -> its keep-empty variant
KEEP_EMPTY: dict[type[Any], type[Any]] = {}


def _link_counterparts() -> None:
    """Tell each class which class ``encode()``/``decode()`` makes; create the variants."""
    for str_class, bytes_class in _STR_AND_BYTES_CLASSES:
        str_variant = _keep_empty_variant(str_class)
        bytes_variant = _keep_empty_variant(bytes_class)
        str_class._encoded_counterpart = bytes_class
        bytes_class._decoded_counterpart = str_class
        str_variant._encoded_counterpart = bytes_variant
        bytes_variant._decoded_counterpart = str_variant
        for public, variant in ((str_class, str_variant), (bytes_class, bytes_variant)):
            KEEP_EMPTY[public] = variant
            KEEP_EMPTY_VARIANTS[variant.__qualname__] = variant


_link_counterparts()


# --- The names urllib.parse gives these bases ---
#
# Private names of urllib.parse that some code imports; urlspec.parse re-exports them, each
# being the class of this module that plays that part.
_NetlocResultMixinBase = _NetlocProperties
_NetlocResultMixinStr = ResultBase
_NetlocResultMixinBytes = _UrlResultBytes
_DefragResultBase = _DefragFields
_SplitResultBase = _SplitFields
_ParseResultBase = _ParseFields
