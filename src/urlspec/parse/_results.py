"""The result types of the drop-in ``urllib.parse``: SplitResult, ParseResult, DefragResult.

Each is a named tuple with the fields of CPython's class of the same name, plus, for the URL
results, the ``username``/``password``/``hostname``/``port`` properties read from ``netloc``, and
``geturl()``; each ``str`` class has an ``encode()`` giving its ``*Bytes`` counterpart and each
``*Bytes`` class a ``decode()`` giving the ``str`` one.

CPython 3.15 (gh-67041) adds ``missing_as_none=True`` to the splitting functions: components that
are not defined are ``None`` and ``urlunsplit``/``urlunparse``/``geturl`` then keep *empty*
components (``"http://h/p?"`` keeps its ``?``). Those results remember it in ``_keep_empty``.
Here they are instances of a private subclass (``_SplitResultKeepEmpty`` ...) whose class attribute
says so: the ordinary results keep ``__slots__ = ()`` and stay as small and as fast to build as
CPython's, and copying, pickling, ``_replace`` and ``encode``/``decode`` preserve the flag for free.
The subclasses are named like their parent (for ``repr``) and pickled under their own
``__qualname__``.
"""

from __future__ import annotations

import types
from collections import namedtuple
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

PUBLIC_MODULE = "urlspec.parse"


# --- Reading the parts of a netloc: [userinfo "@"] host [":" port] (RFC 3986 §3.2) ---


def _split_userinfo(netloc: Any) -> tuple[Any, Any]:
    """(username, password) of ``netloc``; each None when absent (``str`` or ``bytes``)."""
    at, colon = ("@", ":") if isinstance(netloc, str) else (b"@", b":")
    userinfo, has_userinfo, _ = netloc.rpartition(at)
    if not has_userinfo:
        return None, None
    username, has_password, password = userinfo.partition(colon)
    return username, (password if has_password else None)


def _split_hostinfo(netloc: Any) -> tuple[Any, Any]:
    """(host text, port text) of ``netloc``; the port is None when absent or empty.

    A bracketed host (``[v6]``) is taken up to ``]``, and the port after the following ``:``.
    """
    delimiters: tuple[Any, Any, Any, Any] = (
        ("@", ":", "[", "]") if isinstance(netloc, str) else (b"@", b":", b"[", b"]")
    )
    at, colon, open_bracket, close_bracket = delimiters
    hostinfo = netloc.rpartition(at)[2]
    _, has_bracket, bracketed = hostinfo.partition(open_bracket)
    if has_bracket:
        hostname, _, after_bracket = bracketed.partition(close_bracket)
        port = after_bracket.partition(colon)[2]
    else:
        hostname, _, port = hostinfo.partition(colon)
    return hostname, (port if port else None)


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


class _NetlocResultMixinBase:
    """The properties read from the ``netloc`` field of SplitResult and ParseResult."""

    __slots__ = ()
    netloc: Any
    _empty: ClassVar[Any]  # "" or b"": what an undefined (None) netloc reads as

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
        hostname = _split_hostinfo(self._netloc_text())[0]
        if not hostname:
            return None
        percent = "%" if isinstance(hostname, str) else b"%"
        address, has_zone, zone = hostname.partition(percent)
        return address.lower() + has_zone + zone

    @property
    def port(self) -> int | None:
        return parse_port(_split_hostinfo(self._netloc_text())[1])

    __class_getitem__: ClassVar[Any] = classmethod(types.GenericAlias)


class _NetlocResultMixinStr(_NetlocResultMixinBase):
    __slots__ = ()
    _empty = ""
    _encoded_counterpart: ClassVar[type[Any]]

    def encode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        return self._encoded_counterpart(*_encode_fields(self, encoding, errors))


class _NetlocResultMixinBytes(_NetlocResultMixinBase):
    __slots__ = ()
    _empty = b""
    _decoded_counterpart: ClassVar[type[Any]]

    def decode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        return self._decoded_counterpart(*_decode_fields(self, encoding, errors))


def _encode_fields(fields: Any, encoding: str, errors: str) -> list[Any]:
    return [None if field is None else field.encode(encoding, errors) for field in fields]


def _decode_fields(fields: Any, encoding: str, errors: str) -> list[Any]:
    return [None if field is None else field.decode(encoding, errors) for field in fields]


# For backwards compatibility: CPython keeps this undocumented alias.
ResultBase = _NetlocResultMixinStr

_DefragResultBase = namedtuple("_DefragResultBase", "url fragment")
_SplitResultBase = namedtuple("_SplitResultBase", "scheme netloc path query fragment")
_ParseResultBase = namedtuple("_ParseResultBase", "scheme netloc path params query fragment")


def _geturl_defrag(result: Any, hash_sign: Any) -> Any:
    """The URL with its fragment put back (an empty one only when empty components are kept)."""
    fragment = result.fragment
    if fragment or (result._keep_empty and fragment is not None):
        return result.url + hash_sign + fragment
    return result.url


class DefragResult(_DefragResultBase):
    """DefragResult(url, fragment): the URL without its fragment, and the fragment."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False
    _encoded_counterpart: ClassVar[type[Any]]

    def geturl(self) -> Any:
        return _geturl_defrag(self, "#")

    def encode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        return self._encoded_counterpart(*_encode_fields(self, encoding, errors))


class DefragResultBytes(_DefragResultBase):
    """DefragResultBytes(url, fragment): DefragResult for bytes."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False
    _decoded_counterpart: ClassVar[type[Any]]

    def geturl(self) -> Any:
        return _geturl_defrag(self, b"#")

    def decode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        return self._decoded_counterpart(*_decode_fields(self, encoding, errors))


class SplitResult(_SplitResultBase, _NetlocResultMixinStr):
    """SplitResult(scheme, netloc, path, query, fragment), as ``urlsplit`` returns it."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False

    def geturl(self) -> Any:
        from urlspec.parse._split import urlunsplit  # here: _split imports this module

        return urlunsplit(self)


class ParseResult(_ParseResultBase, _NetlocResultMixinStr):
    """ParseResult(scheme, netloc, path, params, query, fragment), as ``urlparse`` returns it."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False

    def geturl(self) -> Any:
        from urlspec.parse._split import urlunparse  # here: _split imports this module

        return urlunparse(self)


class SplitResultBytes(_SplitResultBase, _NetlocResultMixinBytes):
    """SplitResult for bytes."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False

    def geturl(self) -> Any:
        from urlspec.parse._split import urlunsplit  # here: _split imports this module

        return urlunsplit(self)


class ParseResultBytes(_ParseResultBase, _NetlocResultMixinBytes):
    """ParseResult for bytes."""

    __slots__ = ()
    _keep_empty: ClassVar[bool] = False

    def geturl(self) -> Any:
        from urlspec.parse._split import urlunparse  # here: _split imports this module

        return urlunparse(self)


def _keep_empty_variant(cls: type[Any]) -> type[Any]:
    """The private subclass of ``cls`` for results of ``missing_as_none=True`` (see above)."""
    variant = type(cls.__name__, (cls,), {"__slots__": (), "_keep_empty": True})
    variant.__qualname__ = f"_{cls.__name__}KeepEmpty"
    variant.__module__ = PUBLIC_MODULE
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
        str_class.__module__ = bytes_class.__module__ = PUBLIC_MODULE
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
