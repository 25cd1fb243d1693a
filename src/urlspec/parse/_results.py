"""The result types of the drop-in ``urllib.parse``: SplitResult, ParseResult, DefragResult.

Each is a named tuple with the fields of CPython's class of the same name, plus, for the URL
results, the ``username``/``password``/``hostname``/``port`` properties read from ``netloc``, and
``geturl()``; each ``str`` class has an ``encode()`` giving its ``*Bytes`` counterpart and each
``*Bytes`` class a ``decode()`` giving the ``str`` one.

CPython 3.15 (gh-67041) adds ``missing_as_none=True`` to the splitting functions: components that
are not defined are ``None`` and ``urlunsplit``/``urlunparse``/``geturl`` then keep *empty*
components (``"http://h/p?"`` keeps its ``?``). As in 3.15, such a result is an instance of the
public class itself (``type(r) is SplitResult``) carrying the flag as its attribute
``_keep_empty``. 3.15 keeps it in a slot (gh-41779 allowed ``__slots__`` on tuple subclasses in
3.15); older Pythons refuse slots there, so the public classes here have an instance
``__dict__`` instead, left empty (never even created) unless the flag is set; the class says
``_keep_empty = False``. Pickles are 3.15's: the state of a flagged result is
``(None, {'_keep_empty': True})``, the slot state 3.15 writes (see ``__getstate__``), so a 3.15
pickle loads here and a pickle made here loads in 3.15 (with urlspec installed); an unflagged
result pickles with no state at all, as before 3.15. ``_replace``/``copy.replace`` and
``encode``/``decode`` carry the flag over, as 3.15's tests require.

The shared behaviour lives in small mixins: the netloc properties and ``geturl()`` of the URL
results, ``encode()`` of every ``str`` result and ``decode()`` of every bytes one, and the
``geturl()`` of the urldefrag results.

Types: as typeshed's ``urllib/parse.pyi`` for 3.15 types the standard library's classes, the
results are generic in the type of their components that may be undefined: ``SplitResult[str]``
(the default, what ``SplitResult`` alone means) for ``missing_as_none=False``,
``SplitResult[str | None]`` for ``missing_as_none=True``; the path (and ``DefragResult.url``) is
always ``str`` (``bytes`` for the ``*Bytes`` classes). The type checker sees the fields as
those of a generic ``NamedTuple`` and the properties with their precise types (``port: int |
None``, ``hostname: str | None``, ...), declared in ``TYPE_CHECKING`` blocks; at run time the
fields are the same plain ``collections.namedtuple`` classes, and subscripting a result class
(``SplitResult[str]``) gives a ``types.GenericAlias``, as with the standard library's classes.
"""

from __future__ import annotations

import sys
import types
import urllib.parse as _stdlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic

if TYPE_CHECKING:
    # TypeVar defaults (PEP 696) for the checker only: typing.TypeVar takes them from 3.13 on.
    from typing_extensions import TypeVar

    _StrComponentT = TypeVar("_StrComponentT", str, str | None, default=str)
    _BytesComponentT = TypeVar("_BytesComponentT", bytes, bytes | None, default=bytes)
else:
    from typing import TypeVar

    _StrComponentT = TypeVar("_StrComponentT", str, str | None)
    _BytesComponentT = TypeVar("_BytesComponentT", bytes, bytes | None)

# The type of a result's text (str or bytes), and of its components that may be undefined.
_ResultStrT = TypeVar("_ResultStrT", str, bytes)
_ResultComponentT = TypeVar("_ResultComponentT", str, bytes, str | None, bytes | None)

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
    # (the netloc field is the NamedTuple's, typed there: read here through an Any view)
    _empty: ClassVar[Any]  # "" or b"": what an undefined (None) netloc reads as
    _keep_empty: bool
    # urlunsplit or urlunparse, set by urlspec.parse._split (which imports this module)
    _put_together: ClassVar[Callable[..., Any]]

    def geturl(self) -> Any:
        """The URL put back together (``urlunsplit``/``urlunparse`` of the result)."""
        return self._put_together()

    def _netloc_text(self) -> Any:
        fields: Any = self
        netloc = fields.netloc
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


class _KeepEmptyFlag:
    """The ``_keep_empty`` flag of the results (see the module docstring), and what carries it.

    The flag lives in the instance ``__dict__`` that the public classes have (they leave out
    ``__slots__``); it is set only on results of ``missing_as_none=True``.
    """

    __slots__ = ()
    _keep_empty: bool = False

    def __getstate__(self) -> Any:
        """The pickle state: CPython 3.15's slot state ``(None, {'_keep_empty': True})`` for a
        flagged result, None (no state, as before 3.15) for any other."""
        if self._keep_empty:
            return (None, {"_keep_empty": True})
        return None

    if not TYPE_CHECKING:  # the checker sees NamedTuple's _replace, typed field by field

        def _replace(self, **changes: Any) -> Any:
            """A copy with the given fields changed (namedtuple's ``_replace``), keeping the
            flag."""
            replaced = super()._replace(**changes)
            if self._keep_empty:
                replaced._keep_empty = True
            return replaced

        __replace__ = _replace  # copy.replace (Python 3.13+)

    def _with_flag_of(self, other: Any) -> Any:
        """``other`` (an encoded or decoded copy of this result) with this result's flag."""
        if self._keep_empty:
            other._keep_empty = True
        return other


class _TextResult(_KeepEmptyFlag):
    """The ``encode()`` of the ``str`` results: the ``*Bytes`` counterpart of the same fields."""

    __slots__ = ()
    _empty: ClassVar[Any] = ""
    _hash_sign: ClassVar[Any] = "#"
    # CPython's name for it, which CPython's tests (test_result_pairs) read
    _encoded_counterpart: ClassVar[type[Any]]

    def encode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        fields: Any = self
        return self._with_flag_of(
            self._encoded_counterpart(
                *[None if field is None else field.encode(encoding, errors) for field in fields]
            )
        )


class _BytesResult(_KeepEmptyFlag):
    """The ``decode()`` of the ``*Bytes`` results: the ``str`` counterpart of the same fields."""

    __slots__ = ()
    _empty: ClassVar[Any] = b""
    _hash_sign: ClassVar[Any] = b"#"
    _decoded_counterpart: ClassVar[type[Any]]

    def decode(self, encoding: str = "ascii", errors: str = "strict") -> Any:
        fields: Any = self
        return self._with_flag_of(
            self._decoded_counterpart(
                *[None if field is None else field.decode(encoding, errors) for field in fields]
            )
        )


class ResultBase(_NetlocProperties, _TextResult, _stdlib._NetlocResultMixinStr):
    """The base of SplitResult and ParseResult (public in urllib.parse, undocumented)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the types of the properties for str results (see the module docstring)

        @property
        def username(self) -> str | None: ...
        @property
        def password(self) -> str | None: ...
        @property
        def hostname(self) -> str | None: ...
        def geturl(self) -> str: ...
        def encode(self, encoding: str = "ascii", errors: str = "strict") -> _UrlResultBytes: ...


class _UrlResultBytes(_NetlocProperties, _BytesResult, _stdlib._NetlocResultMixinBytes):
    """The base of SplitResultBytes and ParseResultBytes."""

    __slots__ = ()

    if TYPE_CHECKING:  # the types of the properties for bytes results

        @property
        def username(self) -> bytes | None: ...
        @property
        def password(self) -> bytes | None: ...
        @property
        def hostname(self) -> bytes | None: ...
        def geturl(self) -> bytes: ...
        def decode(self, encoding: str = "ascii", errors: str = "strict") -> ResultBase: ...


# The standard library's classes, which the classes below subclass (``isinstance(result,
# urllib.parse.SplitResult)`` holds, and a checker accepts a result where the standard library's
# class is annotated). Their fields (a namedtuple) and their own methods come last in each
# class's MRO: the mixins above come first, so that this module's behaviour (3.15's) is the one
# that runs on every Python.
#
# typeshed makes the standard library's classes generic in the type of the components that may
# be undefined (None with missing_as_none=True) from Python 3.15 on; before it, they are
# NamedTuples of str (bytes) only. A checker of an older Python sees here the standard library's
# class with those fields as generic properties: ``urlsplit(u, missing_as_none=True).query`` is
# ``str | None``, and a result is assignable where the standard library's class is annotated.
# (An item read by index or unpacking has the standard library's type, str, there.)
if TYPE_CHECKING and sys.version_info < (3, 15):

    class _StdlibDefragResult(_stdlib.DefragResult, Generic[_StrComponentT]):
        @property
        def fragment(self) -> _StrComponentT: ...  # type: ignore[override]

    class _StdlibSplitResult(_stdlib.SplitResult, Generic[_StrComponentT]):
        @property
        def scheme(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def netloc(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def query(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def fragment(self) -> _StrComponentT: ...  # type: ignore[override]

    class _StdlibParseResult(_stdlib.ParseResult, Generic[_StrComponentT]):
        @property
        def scheme(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def netloc(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def params(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def query(self) -> _StrComponentT: ...  # type: ignore[override]
        @property
        def fragment(self) -> _StrComponentT: ...  # type: ignore[override]

    class _StdlibDefragResultBytes(_stdlib.DefragResultBytes, Generic[_BytesComponentT]):
        @property
        def fragment(self) -> _BytesComponentT: ...  # type: ignore[override]

    class _StdlibSplitResultBytes(_stdlib.SplitResultBytes, Generic[_BytesComponentT]):
        @property
        def scheme(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def netloc(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def query(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def fragment(self) -> _BytesComponentT: ...  # type: ignore[override]

    class _StdlibParseResultBytes(_stdlib.ParseResultBytes, Generic[_BytesComponentT]):
        @property
        def scheme(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def netloc(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def params(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def query(self) -> _BytesComponentT: ...  # type: ignore[override]
        @property
        def fragment(self) -> _BytesComponentT: ...  # type: ignore[override]

else:
    # At run time (and for a checker of Python 3.15+): the standard library's classes.
    from urllib.parse import DefragResult as _StdlibDefragResult
    from urllib.parse import DefragResultBytes as _StdlibDefragResultBytes
    from urllib.parse import ParseResult as _StdlibParseResult
    from urllib.parse import ParseResultBytes as _StdlibParseResultBytes
    from urllib.parse import SplitResult as _StdlibSplitResult
    from urllib.parse import SplitResultBytes as _StdlibSplitResultBytes

# The namedtuples of the fields (urllib.parse's private names for them).
_DefragFields = _stdlib._DefragResultBase
_SplitFields = _stdlib._SplitResultBase
_ParseFields = _stdlib._ParseResultBase


class _DefragGeturl:
    """``geturl()`` of the urldefrag results: the URL with its fragment put back (an empty one
    only when empty components are kept)."""

    __slots__ = ()
    _keep_empty: bool
    _hash_sign: ClassVar[Any]

    def geturl(self) -> Any:
        fields: Any = self  # (url and fragment are the NamedTuple's fields, typed there)
        fragment = fields.fragment
        if fragment or (self._keep_empty and fragment is not None):
            return fields.url + self._hash_sign + fragment
        return fields.url


class DefragResult(_DefragGeturl, _TextResult, _StdlibDefragResult[_StrComponentT]):
    """DefragResult(url, fragment): the URL without its fragment, and the fragment."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)

    # (the ignores: mypy's constrained type variables when it checks for Python 3.15, where the
    # standard library's class is generic, as typeshed's mypy#21453)
    if TYPE_CHECKING:

        def geturl(self) -> str: ...  # type: ignore[misc,unused-ignore]
        def encode(  # type: ignore[misc,unused-ignore]
            self, encoding: str = "ascii", errors: str = "strict"
        ) -> DefragResultBytes: ...


class DefragResultBytes(_DefragGeturl, _BytesResult, _StdlibDefragResultBytes[_BytesComponentT]):
    """DefragResultBytes(url, fragment): DefragResult for bytes."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)

    if TYPE_CHECKING:  # (the ignores: as for DefragResult)

        def geturl(self) -> bytes: ...  # type: ignore[misc,unused-ignore]
        def decode(  # type: ignore[misc,unused-ignore]
            self, encoding: str = "ascii", errors: str = "strict"
        ) -> DefragResult: ...


class SplitResult(ResultBase, _StdlibSplitResult[_StrComponentT]):
    """SplitResult(scheme, netloc, path, query, fragment), as ``urlsplit`` returns it."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)


class ParseResult(ResultBase, _StdlibParseResult[_StrComponentT]):
    """ParseResult(scheme, netloc, path, params, query, fragment), as ``urlparse`` returns it."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)


class SplitResultBytes(_UrlResultBytes, _StdlibSplitResultBytes[_BytesComponentT]):
    """SplitResult for bytes."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)


class ParseResultBytes(_UrlResultBytes, _StdlibParseResultBytes[_BytesComponentT]):
    """ParseResult for bytes."""

    # no __slots__: the instance __dict__ holds the _keep_empty flag (see the module)


_STR_AND_BYTES_CLASSES = (
    (DefragResult, DefragResultBytes),
    (SplitResult, SplitResultBytes),
    (ParseResult, ParseResultBytes),
)


def _link_counterparts() -> None:
    """Tell each class which class ``encode()``/``decode()`` makes."""
    for str_class, bytes_class in _STR_AND_BYTES_CLASSES:
        str_class._encoded_counterpart = bytes_class
        bytes_class._decoded_counterpart = str_class


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
