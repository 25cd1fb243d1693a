"""``urlspec.parse``: a drop-in replacement for the standard library's ``urllib.parse``.

Change ``import urllib.parse`` to ``import urlspec.parse`` and nothing else changes, except that
the behaviour is CPython 3.14's on every supported Python (every security fix included:
CVE-2023-24329, CVE-2024-11168, CVE-2025-0938, ...), plus CPython 3.15's ``missing_as_none=``
(``urlsplit``, ``urlparse``, ``urldefrag``) and ``keep_empty=`` (``urlunsplit``,
``urlunparse``), gh-67041.

The module follows RFC 3986 with CPython's documented deviations, which the submodules describe:
``_split`` (splitting, putting together), ``_join`` (``urljoin``), ``_quoting`` (percent-encoding),
``_query`` (query strings), ``_results`` (the result types), ``_legacy`` (deprecated helpers).
"""

from __future__ import annotations

from urlspec.parse import _quoting
from urlspec.parse._common import (
    non_hierarchical,
    scheme_chars,
    uses_fragment,
    uses_netloc,
    uses_params,
    uses_query,
    uses_relative,
)
from urlspec.parse._join import urljoin
from urlspec.parse._legacy import (
    _splitattr,
    _splithost,
    _splitnport,
    _splitpasswd,
    _splitport,
    _splitquery,
    _splittag,
    _splittype,
    _splituser,
    _splitvalue,
    _to_bytes,
    splitattr,
    splithost,
    splitnport,
    splitpasswd,
    splitport,
    splitquery,
    splittag,
    splittype,
    splituser,
    splitvalue,
    to_bytes,
    unwrap,
)
from urlspec.parse._query import parse_qs, parse_qsl, urlencode
from urlspec.parse._quoting import (
    _ALWAYS_SAFE,
    _Quoter,  # noqa: F401  (a private name CPython's suites use)
    quote,
    quote_from_bytes,
    quote_plus,
    unquote,
    unquote_plus,
    unquote_to_bytes,
)
from urlspec.parse._results import (
    KEEP_EMPTY_VARIANTS,
    DefragResult,
    DefragResultBytes,
    ParseResult,
    ParseResultBytes,
    ResultBase,
    SplitResult,
    SplitResultBytes,
)
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


# Public outside ``__all__``, as in CPython's module: the scheme lists, the deprecated helpers,
# and the private names CPython's own tests use. (Named here so that they count as re-exported.)
_ALSO_EXPORTED = (
    ResultBase, non_hierarchical, scheme_chars, uses_fragment, uses_netloc, uses_params,
    uses_query, uses_relative, unwrap, to_bytes, splitattr, splithost, splitnport, splitpasswd,
    splitport, splitquery, splittag, splittype, splituser, splitvalue,
    _ALWAYS_SAFE, _to_bytes, _splitattr, _splithost, _splitnport, _splitpasswd, _splitport,
    _splitquery, _splittag, _splittype, _splituser, _splitvalue,
)  # fmt: skip


def _present_as_this_module() -> None:
    """Give urlspec's public functions and classes this module's name, as ``urllib.parse`` does.

    Only objects defined in urlspec's own submodules are renamed (never a borrowed one).
    """
    for name in __all__:
        value = globals()[name]
        if getattr(value, "__module__", "").startswith(__name__ + "."):
            value.__module__ = __name__


_present_as_this_module()

# The private result classes of ``missing_as_none=True`` must be found here by pickle.
globals().update(KEEP_EMPTY_VARIANTS)


def clear_cache() -> None:
    """Clear the module's internal caches (CPython's undocumented helper, kept for tests).

    Splitting keeps no cache (CPython caches ``urlsplit`` results; urlspec needs none); the
    quoting tables of ``_quoting`` are cleared.
    """
    _quoting.clear_cache()
