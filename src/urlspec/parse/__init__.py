"""``urlspec.parse``: a drop-in replacement for the standard library's ``urllib.parse``.

Change ``import urllib.parse`` to ``import urlspec.parse`` and nothing else changes, except that
the behaviour is CPython 3.15's on every supported Python (every security fix included:
CVE-2023-24329, CVE-2024-11168, CVE-2025-0938, ...): ``missing_as_none=`` (``urlsplit``,
``urlparse``, ``urldefrag``) and ``keep_empty=`` (``urlunsplit``, ``urlunparse``), gh-67041,
with results of the public classes carrying the flag and pickling as 3.15's; 3.15's argument
coercion (the first non-empty argument decides str or bytes; None passes through); 3.15's
deprecation texts (gh-144148). The functions are typed as typeshed types ``urllib.parse``.

The module follows RFC 3986 with CPython's documented deviations, which the submodules describe:
``_split`` (splitting, putting together), ``_join`` (``urljoin``), ``_quoting`` (percent-encoding),
``_query`` (query strings), ``_results`` (the result types), ``_legacy`` (deprecated helpers).

Private names. ``urllib.parse``'s private names are not an API, but some are used: by CPython's
own test suites (``_Quoter``, ``_ALWAYS_SAFE``, ``_to_bytes`` and the ``_split*`` twins of the
deprecated helpers) and by third-party code that imports them. These are provided, each with
the contract of CPython's object of that name (arguments, result shape, exceptions):

* str/bytes coercion: ``_coerce_args``, ``_decode_args``, ``_encode_result``, ``_noop``;
* splitting: ``_splitnetloc``, ``_splitparams``;
* netloc checks: ``_checknetloc``, ``_check_bracketed_netloc``, ``_check_bracketed_host``;
* result bases: ``_NetlocResultMixinBase``, ``_NetlocResultMixinStr``,
  ``_NetlocResultMixinBytes``, ``_DefragResultBase``, ``_SplitResultBase``,
  ``_ParseResultBase``;
* constants: ``_WHATWG_C0_CONTROL_OR_SPACE``, ``_UNSAFE_URL_BYTES_TO_REMOVE``,
  ``_ALWAYS_SAFE``, ``_ALWAYS_SAFE_BYTES``.

No other private name of ``urllib.parse`` exists here (``_urlsplit``, ``_hostprog``, the
``_ResultMixin*`` classes, caches...): importing one is an ImportError.

Every public function and class (and every private one reachable here under its own name)
says ``__module__ == "urlspec.parse"``, as ``urllib.parse``'s say ``"urllib.parse"``; this
module sets it, in :func:`_present_as_this_module`.
"""

from __future__ import annotations

from collections.abc import Callable as _Callable
from collections.abc import Iterable as _Iterable
from collections.abc import Mapping as _Mapping
from typing import Any as _Any  # (private: not one of this module's names)

# Names outside ``__all__`` are imported as ``name as name``: the explicit re-export form, so
# that type checkers see them as this module's (as they are ``urllib.parse``'s).
from urlspec.parse import _common, _quoting, _split
from urlspec.parse._common import non_hierarchical as non_hierarchical
from urlspec.parse._common import scheme_chars as scheme_chars
from urlspec.parse._common import uses_fragment as uses_fragment
from urlspec.parse._common import uses_netloc as uses_netloc
from urlspec.parse._common import uses_params as uses_params
from urlspec.parse._common import uses_query as uses_query
from urlspec.parse._common import uses_relative as uses_relative
from urlspec.parse._join import urljoin
from urlspec.parse._legacy import _splitattr as _splitattr
from urlspec.parse._legacy import _splithost as _splithost
from urlspec.parse._legacy import _splitnetloc as _splitnetloc
from urlspec.parse._legacy import _splitnport as _splitnport
from urlspec.parse._legacy import _splitpasswd as _splitpasswd
from urlspec.parse._legacy import _splitport as _splitport
from urlspec.parse._legacy import _splitquery as _splitquery
from urlspec.parse._legacy import _splittag as _splittag
from urlspec.parse._legacy import _splittype as _splittype
from urlspec.parse._legacy import _splituser as _splituser
from urlspec.parse._legacy import _splitvalue as _splitvalue
from urlspec.parse._legacy import _to_bytes as _to_bytes
from urlspec.parse._legacy import splitattr as splitattr
from urlspec.parse._legacy import splithost as splithost
from urlspec.parse._legacy import splitnport as splitnport
from urlspec.parse._legacy import splitpasswd as splitpasswd
from urlspec.parse._legacy import splitport as splitport
from urlspec.parse._legacy import splitquery as splitquery
from urlspec.parse._legacy import splittag as splittag
from urlspec.parse._legacy import splittype as splittype
from urlspec.parse._legacy import splituser as splituser
from urlspec.parse._legacy import splitvalue as splitvalue
from urlspec.parse._legacy import to_bytes as to_bytes
from urlspec.parse._legacy import unwrap as unwrap
from urlspec.parse._query import encode_query as _encode_query
from urlspec.parse._query import parse_qs, parse_qsl
from urlspec.parse._quoting import _ALWAYS_SAFE as _ALWAYS_SAFE
from urlspec.parse._quoting import _ALWAYS_SAFE_BYTES as _ALWAYS_SAFE_BYTES
from urlspec.parse._quoting import _Quoter as _Quoter
from urlspec.parse._quoting import (
    quote,
    quote_from_bytes,
    quote_plus,
    unquote,
    unquote_to_bytes,
)
from urlspec.parse._results import (
    DefragResult,
    DefragResultBytes,
    ParseResult,
    ParseResultBytes,
    SplitResult,
    SplitResultBytes,
)
from urlspec.parse._results import ResultBase as ResultBase
from urlspec.parse._results import _DefragResultBase as _DefragResultBase
from urlspec.parse._results import _NetlocResultMixinBase as _NetlocResultMixinBase
from urlspec.parse._results import _NetlocResultMixinBytes as _NetlocResultMixinBytes
from urlspec.parse._results import _NetlocResultMixinStr as _NetlocResultMixinStr
from urlspec.parse._results import _ParseResultBase as _ParseResultBase
from urlspec.parse._results import _SplitResultBase as _SplitResultBase
from urlspec.parse._split import urldefrag, urlparse, urlsplit, urlunparse, urlunsplit

__all__ = [
    "DefragResult",
    "DefragResultBytes",
    "ParseResult",
    "ParseResultBytes",
    "SplitResult",
    "SplitResultBytes",
    "parse_qs",
    "parse_qsl",
    "quote",
    "quote_from_bytes",
    "quote_plus",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
    "urldefrag",
    "urlencode",
    "urljoin",
    "urlparse",
    "urlsplit",
    "urlunparse",
    "urlunsplit",
]


def unquote_plus(string: str, encoding: str = "utf-8", errors: str = "replace") -> str:
    """Like ``unquote``, but '+' also becomes a space, as in HTML form values:
    unquote_plus('%7e/abc+def') -> '~/abc def'.

    (Defined here, in the one module of the package the compiled build leaves interpreted: as
    CPython's, it takes any object with a ``replace`` method that ``unquote`` then accepts, such
    as a ``UserString``, where a compiled ``str`` parameter would refuse all but a str.)
    """
    return unquote(string.replace("+", " "), encoding, errors)


def urlencode(
    query: _Mapping[_Any, _Any] | _Iterable[tuple[_Any, _Any]],
    doseq: bool = False,
    safe: str | bytes = "",
    encoding: str | None = None,
    errors: str | None = None,
    quote_via: _Callable[..., str] = quote_plus,
) -> str:
    """Encode a mapping, or a sequence of (name, value) pairs, as a query string.

    Names and values are quoted with ``quote_via`` (``quote_plus`` by default), which is given
    ``safe`` and, for components that are not bytes, ``encoding`` and ``errors``. Components
    that are neither str nor bytes are converted with ``str()``. With ``doseq``, a value that
    is a sequence (anything with a length, other than str and bytes) gives one field per
    element, in order; without it the sequence is converted with ``str()`` like any value.

    (Defined here over ``_query.encode_query``, so that ``inspect.signature`` shows its
    defaults in the compiled build too, as it does for CPython's.)
    """
    return _encode_query(query, doseq, safe, encoding, errors, quote_via)


# --- CPython's private names that code imports (see the module docstring) ---

# U+0000 to U+0020, stripped from the start of a URL (the WHATWG URL Standard's "C0 control or
# space"), and the characters removed from anywhere in it.
_WHATWG_C0_CONTROL_OR_SPACE = _common.C0_CONTROL_OR_SPACE
_UNSAFE_URL_BYTES_TO_REMOVE = ["\t", "\r", "\n"]

# ``_coerce_args(*args)``: the arguments as str (bytes-like ones decoded as strict ASCII, empty
# ones as ``''``), followed by the function that turns a str result back into the arguments'
# type (``_noop`` or ``_encode_result``); TypeError when str and non-empty non-str arguments are
# mixed.
_coerce_args = _common.coerce_args
_noop = _common.noop

# ``_check_bracketed_netloc(netloc)``: ValueError unless the netloc's host part is
# ``[IP-literal]`` or ``[IP-literal]:port`` (CVE-2025-0938). ``_check_bracketed_host(hostname)``:
# ValueError unless the bracketed host is an IPv6 address or an IPvFuture (CVE-2024-11168).
_check_bracketed_netloc = _split.check_bracketed_netloc
_check_bracketed_host = _split.check_bracketed_host


def _encode_result(obj: _Any, encoding: str = "ascii", errors: str = "strict") -> _Any:
    """Encode a str result (or a result tuple with ``encode``), strict ASCII by default."""
    return obj.encode(encoding, errors)


def _decode_args(
    args: tuple[_Any, ...], encoding: str = "ascii", errors: str = "strict"
) -> tuple[str | None, ...]:
    """Decode each argument (strict ASCII by default); None stays None (CPython 3.15), any
    other false one becomes ``''``."""
    return tuple(
        arg.decode(encoding, errors) if arg else None if arg is None else "" for arg in args
    )


def _splitparams(
    url: str, allow_none: bool = False, *, missing_as_none: bool = False
) -> tuple[str, str | None]:
    """Split the parameters (after ``;``) off the last segment of a path that holds a ``;``.

    The parameters are ``''`` (None with ``missing_as_none``, 3.15's keyword, first spelled
    ``allow_none``) when the last segment has no ``;``. CPython calls it only for a path
    holding a ``;``; for a path with neither
    ``;`` nor ``/`` its result is an accident of its code (``'ab'`` -> ``('a', 'ab')``), which
    is not reproduced: urlspec gives ``('ab', '')``.
    """
    return _split.split_params(url, None if allow_none or missing_as_none else "")


def _checknetloc(netloc: str | None) -> None:
    """ValueError when a character of a non-ASCII netloc becomes one of ``/?#@:`` under NFKC."""
    if netloc and not netloc.isascii():
        _split.check_nfkc_netloc(netloc)


def _present_as_this_module() -> None:
    """Give urlspec's functions and classes this module's name, as ``urllib.parse`` does.

    The one place that sets ``__module__`` for the package: every function or class defined in
    one of urlspec.parse's submodules that is found in this module under its own
    ``__qualname__`` (so that pickle, which looks it up by that name, finds it here) — the
    public ones, the deprecated helpers, the result classes, and the private names above.
    Never an object borrowed from elsewhere.
    """
    namespace = globals()
    for value in list(namespace.values()):
        module = getattr(value, "__module__", None)
        if (
            isinstance(module, str)
            and module.startswith(__name__ + ".")
            and namespace.get(getattr(value, "__qualname__", "")) is value
        ):
            value.__module__ = __name__


_present_as_this_module()


def clear_cache() -> None:
    """Clear the module's internal caches (CPython's undocumented helper, kept for tests).

    Splitting keeps no cache (CPython caches ``urlsplit`` results; urlspec needs none); the
    quoting tables of ``_quoting`` are cleared.
    """
    _quoting.clear_cache()
