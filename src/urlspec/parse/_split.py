"""Splitting URLs into components and putting them back together: the drop-in ``urllib.parse``.

``urlsplit``, ``urlparse``, ``urlunsplit``, ``urlunparse`` and ``urldefrag`` behave as in
CPython 3.14, whichever Python runs them, plus CPython 3.15's ``missing_as_none=`` and
``keep_empty=`` (gh-67041).

A URL is split as RFC 3986 §3 (and Appendix B's regular expression) lays it out::

    scheme ":" "//" netloc path "?" query "#" fragment

with CPython's rules: the scheme is an ASCII letter followed by ASCII letters, digits, ``+-.``
before the first ``:``; the netloc (RFC 1808's word for RFC 3986's authority) runs from ``//`` to
the first ``/``, ``?`` or ``#``. Before splitting, as the WHATWG URL Standard's basic URL parser
does, leading C0 controls and spaces are stripped (CVE-2023-24329) and every tab, CR and LF is
removed (CVE-2022-0391, bpo-43882). The netloc is then checked, as CPython 3.14 checks it:

* ``[`` and ``]`` come in pairs, nothing but userinfo comes before ``[``, nothing but ``:port``
  after ``]``, and the bracketed host is an IPv6 address or an IPvFuture
  (CVE-2024-11168 / gh-103848, CVE-2025-0938 / gh-105704);
* no character of the netloc turns into one of ``/?#@:`` under NFKC normalization
  (CVE-2019-9636, CVE-2019-10160).

Speed: a URL that is plain (no leading control or space, no tab or newline, a netloc that is
ASCII without brackets) has nothing to clean or check, and is split by the fast path,
:func:`split_plain`, for ``urlsplit`` and ``urlparse`` (which build the result with
``tuple.__new__``), ``urljoin`` and ``urldefrag``. The compiled build scans its code points once
(:func:`scan_plain`: compiled, a loop is quicker than a regex match, whose call, match object
and ``groups()`` would cost more than the whole scan); the pure build matches a precompiled
expression whose groups are the result (``_PLAIN_SPLIT``: ``re`` runs in C, a Python loop would
not). Every other URL takes the general path, :func:`split_general`, which cleans it first and
checks its netloc. The tests compare each fast path with the general path directly, in both
builds. No result is cached.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final, Literal, overload

from mypy_extensions import i64

from urlspec.parse._common import (
    C0_CONTROL_OR_SPACE,
    COMPILED,
    coerce_args,
    coerce_components,
    remove_tab_and_newline,
    uses_netloc,
    uses_params,
)
from urlspec.parse._results import (
    DefragResult,
    DefragResultBytes,
    ParseResult,
    ParseResultBytes,
    SplitResult,
    SplitResultBytes,
    split_hostinfo,
)

__all__ = ["urldefrag", "urlparse", "urlsplit", "urlunparse", "urlunsplit"]

_new_tuple = tuple.__new__

# (scheme, netloc, path, query, fragment); an undefined component is the caller's "missing" value
SplitParts = tuple[Any, Any, str, Any, Any]

# --- The expressions that split a URL (RFC 3986 Appendix B, with CPython's scheme rule) ---

# The scheme is taken whenever it is there: the group is atomic, so that a later failure can never
# make the expression read "http:..." as a path instead.
_SCHEME = r"(?>(?:([A-Za-z][A-Za-z0-9+.\-]*+):)?)"

# A URL after cleaning: every input matches, in linear time (no group can backtrack into another).
_GENERAL_SPLIT: Final = re.compile(
    _SCHEME + r"(?>(?://([^/?#]*+))?)([^?#]*+)(?:\?([^#]*+))?(?:#(.*+))?", re.DOTALL
)
_GENERAL_SPLIT_NO_FRAGMENT: Final = re.compile(
    _SCHEME + r"(?>(?://([^/?#]*+))?)([^?]*+)(?:\?(.*+))?", re.DOTALL
)


def char_class_excluding(excluded: str, last: str = "\U0010ffff") -> str:
    """A regex character class of every character up to ``last`` except those in ``excluded``.

    Written as positive ranges of code points, not as ``[^...]``: ``re`` tests a positive class
    with one bitmap lookup, while a negated class costs it one more step for every character,
    and the classes of the plain expressions below run over every character of a URL.
    """
    if last == "\U0010ffff":
        # Up to the last code point, "[^...]" means the same, and compiles at once: re builds a
        # positive class of non-ASCII ranges code point by code point (~3 ms a class at import).
        # Only the expressions for the rare non-ASCII URLs use these.
        return "[^" + "".join(map(re.escape, sorted(set(excluded)))) + "]"
    ranges = []
    start = 0
    for code_point in [*sorted(map(ord, set(excluded))), ord(last) + 1]:
        if start < code_point:
            ranges.append(f"\\U{start:08x}-\\U{code_point - 1:08x}")
        start = code_point + 1
    return "[" + "".join(ranges) + "]"


# A *plain* URL needs neither cleaning, nor lowercasing, nor checking: no leading C0 control or
# space, no tab or newline anywhere, a lowercase scheme (or none) and a netloc that is ASCII
# without brackets. The groups of a match are the result of the general path, exactly:
# - cleaning would change nothing: tab, CR and LF are in no class, and the first character is a
#   scheme letter, or else the lookahead of the second scheme branch excludes C0 and space;
# - the scheme is the general expression's (a name before the first ":"), already lowercase; a
#   name with an uppercase letter fails both branches, so that the URL takes the general path;
# - a netloc of ASCII without "[" or "]" passes both checks of check_netloc; the lookahead after
#   it makes a netloc holding anything else (non-ASCII, a bracket) fail the match instead of
#   ending early;
# - path, query and fragment end where the general expression ends them (at "?", "#").
# Any URL that does not match takes the general path. The match is linear: every repetition is
# possessive and the branches are tried once each.
_PLAIN_SCHEME = r"(?:([a-z][a-z0-9+.\-]*+):|(?![A-Za-z][A-Za-z0-9+.\-]*+:|[\x00- ]))"
_PLAIN_NETLOC = (
    r"(?://(" + char_class_excluding("/?#[]\t\n\r", last="\x7f") + r"*+)(?![^/?#])|(?!//))"
)


def _plain_tail(allow_fragments: bool, last: str) -> str:
    """The path, query (and fragment) groups of a plain expression: characters up to ``last``."""

    def group(excluded: str) -> str:
        return "(" + char_class_excluding(excluded, last) + "*+)"

    if allow_fragments:
        return group("?#\t\n\r") + r"(?:\?" + group("#\t\n\r") + r"|)(?:#" + group("\t\n\r") + "|)"
    # with allow_fragments=False, "#" is an ordinary character of the path or the query
    return group("?\t\n\r") + r"(?:\?" + group("\t\n\r") + "|)"


_PLAIN_SPLIT: Final = re.compile(_PLAIN_SCHEME + _PLAIN_NETLOC + _plain_tail(True, "\U0010ffff"))
_PLAIN_SPLIT_NO_FRAGMENT: Final = re.compile(
    _PLAIN_SCHEME + _PLAIN_NETLOC + _plain_tail(False, "\U0010ffff")
)
# The same for a URL that is all ASCII, as nearly all are: its classes are ASCII bitmaps, the
# quickest test ``re`` has. urlsplit, urlparse and urljoin use it when ``str.isascii()`` (which
# costs nothing: CPython knows it of every string) says so, and _PLAIN_SPLIT otherwise.
_PLAIN_ASCII_SPLIT: Final = re.compile(_PLAIN_SCHEME + _PLAIN_NETLOC + _plain_tail(True, "\x7f"))

# The bound methods, looked up once: the fast paths call them for every URL.
match_plain: Final = _PLAIN_SPLIT.fullmatch
match_plain_ascii: Final = _PLAIN_ASCII_SPLIT.fullmatch
_match_plain_no_fragment: Final = _PLAIN_SPLIT_NO_FRAGMENT.fullmatch

# RFC 3986 §3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ), checked as
# loosely as CPython checks it (anything after the dot).
_IPV_FUTURE: Final = re.compile(r"v[a-fA-F0-9]+\..+")

# --- Checking the netloc ---


def check_netloc(netloc: str) -> None:
    """Raise ValueError for a netloc that CPython 3.14's ``urlsplit`` rejects."""
    has_open, has_close = "[" in netloc, "]" in netloc
    if has_open != has_close:
        raise ValueError("Invalid IPv6 URL")
    if has_open:
        check_bracketed_netloc(netloc)
    if not netloc.isascii():
        check_nfkc_netloc(netloc)


def check_bracketed_netloc(netloc: str) -> None:
    """The host and port of a netloc holding brackets: ``[host]`` or ``[host]:port`` only.

    CVE-2025-0938: nothing may come between the userinfo and ``[``, nor between ``]`` and ``:``.
    The host is found as the ``hostname`` property finds it (after the last ``@``), and must be
    a bracketed host even when the brackets are elsewhere (in the userinfo).
    """
    before, host, after = split_hostinfo(netloc)
    if before or after[:1] not in ("", ":"):
        raise ValueError("Invalid IPv6 URL")
    check_bracketed_host(host)


def check_bracketed_host(host: str) -> None:
    """RFC 3986 §3.2.2 IP-literal: an IPv6 address (with an optional zone) or an IPvFuture.

    CVE-2024-11168: anything else in brackets is a ValueError. The address is read by
    ``ipaddress.ip_address``, whose ValueError (``'x' does not appear to be an IPv4 or IPv6
    address``) is the one CPython raises; an IPv4 address is read, then refused.
    """
    if host.startswith("v"):
        if _IPV_FUTURE.fullmatch(host) is None:
            raise ValueError("IPvFuture address is invalid")
        return
    if isinstance(ipaddress.ip_address(host), ipaddress.IPv4Address):
        raise ValueError("An IPv4 address cannot be in brackets")


# The delimiters that a netloc character must not become under NFKC: each would move the host.
_NETLOC_DELIMITERS: Final = frozenset("/?#@:")


def check_nfkc_netloc(netloc: str) -> None:
    """Reject a netloc with a character whose NFKC form holds one of ``/?#@:`` (CVE-2019-9636).

    IDNA encoding normalizes the host with NFKC: such a character (``℀`` is ``a/c``) would
    turn into a delimiter and move the host. Only non-ASCII characters can change (each ASCII
    character is its own NFKC form, and composition never yields ASCII), so each distinct one
    is normalized on its own: a delimiter can only come from one character's decomposition.
    """
    for character in set(netloc):
        if character.isascii():
            continue
        normalized = unicodedata.normalize("NFKC", character)
        if normalized != character and not _NETLOC_DELIMITERS.isdisjoint(normalized):
            raise ValueError(
                f"netloc '{netloc}' contains invalid characters under NFKC normalization"
            )


# --- Splitting ---


def match_plain_url(url: str) -> re.Match[str] | None:
    """The match of ``url`` as a plain URL (see ``_PLAIN_SPLIT``), or None: the one fast path.

    An ASCII URL (``str.isascii()`` costs nothing: CPython knows it of every string) is matched
    by the ASCII expression, whose classes are bitmaps, the quickest test ``re`` has.
    """
    return match_plain_ascii(url) if url.isascii() else match_plain(url)


def scan_plain(url: str, allow_fragments: object, missing: Any) -> SplitParts | None:
    """The components of a plain ``str`` URL, found by one pass over its code points, or None.

    The compiled build's fast path (compiled, this loop is quicker than a regex match, whose
    call, match object and ``groups()`` cost more than the scan). A URL that needs cleaning (a
    leading C0 control or space, a tab or newline anywhere) or checking (a netloc holding ``[``,
    ``]`` or a non-ASCII code point) is not plain: None, for :func:`split_general`. Any other URL
    is split as ``_GENERAL_SPLIT`` splits it (RFC 3986 Appendix B, with CPython's scheme rule):

    * the scheme is the text before the first ``:`` when it is an ASCII letter followed by ASCII
      letters, digits, ``+``, ``-``, ``.`` (CPython's ``scheme_chars``), lowercased;
    * after ``//``, the netloc runs to the first ``/``, ``?`` or ``#`` (``#`` ends it even
      without fragments, as in CPython's ``_splitnetloc``);
    * the fragment follows the first ``#`` (with ``allow_fragments``), the query the first ``?``
      before it, and the path is what is left.

    ``tests/test_parse_differential.py`` proves it equal to :func:`split_general` on every corpus
    line and on every short string of the characters that matter.
    """
    length: i64 = len(url)
    if length == 0:
        return missing, missing, "", missing, missing
    if ord(url[0]) <= 0x20 or "\t" in url or "\n" in url or "\r" in url:
        return None  # to be cleaned first
    # the scheme: [A-Za-z][A-Za-z0-9+.-]* before the first ":"
    scheme: Any = missing
    start: i64 = 0
    c: i64 = ord(url[0])
    if 0x61 <= c <= 0x7A or 0x41 <= c <= 0x5A:  # a-z A-Z
        uppercase = c <= 0x5A
        i: i64 = 1
        while i < length:
            c = ord(url[i])
            if 0x61 <= c <= 0x7A or 0x30 <= c <= 0x39 or c == 0x2B or c == 0x2D or c == 0x2E:
                i += 1  # a-z 0-9 + - .
            elif 0x41 <= c <= 0x5A:  # A-Z
                uppercase = True
                i += 1
            else:
                break
        if i < length and c == 0x3A:  # ":" (c is url[i])
            scheme = url[:i].lower() if uppercase else url[:i]
            start = i + 1
    # the netloc: after "//", up to the first "/", "?" or "#"
    netloc: Any = missing
    if start + 1 < length and ord(url[start]) == 0x2F and ord(url[start + 1]) == 0x2F:
        end: i64 = start + 2
        while end < length:
            c = ord(url[end])
            if c == 0x2F or c == 0x3F or c == 0x23:  # "/" "?" "#"
                break
            if c == 0x5B or c == 0x5D or c >= 0x80:  # "[" "]" non-ASCII: to be checked
                return None
            end += 1
        netloc = url[start + 2 : end]
        start = end
    # the fragment, the query and the path
    end = length
    fragment: Any = missing
    if allow_fragments:
        hash_sign: i64 = url.find("#", start)
        if hash_sign >= 0:
            fragment = url[hash_sign + 1 :]
            end = hash_sign
    query: Any = missing
    question: i64 = url.find("?", start, end)
    if question >= 0:
        query = url[question + 1 : end]
        end = question
    return scheme, netloc, url[start:end], query, fragment


def split_plain(url: str, allow_fragments: object, missing: Any) -> SplitParts | None:
    """The components of a plain ``str`` URL, or None for any other (see :func:`split_str`).

    The compiled build scans the code points (:func:`scan_plain`); the pure build matches a
    plain expression (see ``_PLAIN_SPLIT``), which ``re`` runs in C.
    """
    if COMPILED:
        return scan_plain(url, allow_fragments, missing)
    if allow_fragments:
        plain = match_plain_url(url)
        return None if plain is None else plain.groups(missing)  # type: ignore[return-value]
    plain = _match_plain_no_fragment(url)
    return None if plain is None else (*plain.groups(missing), missing)


def split_str(url: str, scheme: Any, allow_fragments: object, missing: Any) -> SplitParts:
    """(scheme, netloc, path, query, fragment) of a ``str`` URL.

    ``scheme`` is the default scheme (None: none); ``missing`` is what an undefined component
    is (``""``, or None for ``missing_as_none``). A plain URL is split by the fast path
    (:func:`split_plain`), any other by :func:`split_general`.
    """
    parts = split_plain(url, allow_fragments, missing)
    if parts is None:
        return split_general(url, scheme, allow_fragments, missing)
    if scheme is not None:
        # cleaned even when unused, as CPython does (a bytes scheme is a TypeError here)
        scheme = remove_tab_and_newline(scheme.strip(C0_CONTROL_OR_SPACE))
        if not parts[0]:
            return (scheme, *parts[1:])
    return parts


def split_defined(url: str, allow_fragments: object) -> SplitParts:
    """The components of a ``str`` URL with None for the undefined ones (no default scheme).

    What ``urljoin`` and ``urldefrag`` work on.
    """
    return split_str(url, None, allow_fragments, None)


def split_general(url: str, scheme: Any, allow_fragments: object, missing: Any) -> SplitParts:
    """The general splitter, for any URL: clean, split, lowercase the scheme, check the netloc."""
    url = remove_tab_and_newline(url.lstrip(C0_CONTROL_OR_SPACE))
    if scheme is not None:
        scheme = remove_tab_and_newline(scheme.strip(C0_CONTROL_OR_SPACE))
    if allow_fragments:
        match = _GENERAL_SPLIT.fullmatch(url)
        assert match is not None  # the expression matches every string
        url_scheme, netloc, path, query, fragment = match.groups(missing)
    else:
        match = _GENERAL_SPLIT_NO_FRAGMENT.fullmatch(url)
        assert match is not None
        url_scheme, netloc, path, query = match.groups(missing)
        fragment = missing
    if url_scheme:
        scheme = url_scheme.lower()
    elif scheme is None:
        scheme = missing
    if netloc:
        check_netloc(netloc)
    return scheme, netloc, path, query, fragment


def split_params(path: str, missing: Any) -> tuple[str, Any]:
    """RFC 2396 §3.3: split the parameters (after ``;``) off the last segment of ``path``."""
    last_slash = path.rfind("/")
    semicolon = path.find(";", last_slash if last_slash >= 0 else 0)
    if semicolon < 0:
        return path, missing
    return path[:semicolon], path[semicolon + 1 :]


def _split_parts(url: Any, scheme: Any, allow_fragments: object, missing: Any) -> Any:
    """Split ``url`` of any accepted type: (parts, result coercion function)."""
    if isinstance(url, str) and (scheme is None or isinstance(scheme, str)):
        return split_str(url, scheme, allow_fragments, missing), None
    if scheme is None:
        url, coerce = coerce_args(url)
    else:
        url, scheme, coerce = coerce_args(url, scheme)
    if url is None:
        url = ""  # CPython 3.15: urlsplit(None) splits an empty URL (see coerce_args)
    return split_str(url, scheme, allow_fragments, missing), coerce


def _require_hashable(url: Any, scheme: Any, allow_fragments: Any) -> None:
    """TypeError for unhashable arguments (a ``bytearray`` URL), as CPython's ``urlsplit`` raises.

    CPython caches ``urlsplit`` results with ``functools.lru_cache``, which hashes the arguments:
    ``urlsplit(bytearray(...))`` is a TypeError there (``urlparse`` accepts it). urlspec keeps no
    cache but keeps the behaviour, checking only the arguments that are not plainly hashable.
    """
    if not isinstance(url, str):
        hash(url)
    if not (scheme is None or isinstance(scheme, str)):
        hash(scheme)
    if allow_fragments is not True and allow_fragments is not False:
        hash(allow_fragments)


@overload
def urlsplit(
    url: str | None,
    scheme: str | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: Literal[False] = False,
) -> SplitResult[str]: ...
@overload
def urlsplit(
    url: str | None,
    scheme: str | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: bool,
) -> SplitResult[str | None]: ...
@overload
def urlsplit(
    url: bytes,
    scheme: bytes | Literal[""] | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: Literal[False] = False,
) -> SplitResultBytes[bytes]: ...
@overload
def urlsplit(
    url: bytes,
    scheme: bytes | Literal[""] | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: bool,
) -> SplitResultBytes[bytes | None]: ...
def urlsplit(
    url: Any, scheme: Any = None, allow_fragments: Any = True, *, missing_as_none: Any = False
) -> Any:
    """Split a URL into 5 components: ``<scheme>://<netloc>/<path>?<query>#<fragment>``.

    The result is a SplitResult, or a SplitResultBytes for bytes input. ``scheme`` is the scheme
    when the URL has none; with ``allow_fragments`` false, ``#`` does not start a fragment.
    Undefined components are ``''``, or None with ``missing_as_none`` (CPython 3.15). Percent
    escapes are left as they are. Raises ValueError for an invalid netloc (see the module).
    """
    # The fast path of a plain URL, written out: urlsplit is the hottest call, and in the pure
    # build a helper call would be ~15% of it.
    if (
        type(url) is str
        and allow_fragments is True
        and not missing_as_none
        and (scheme is None or scheme == "")
    ):
        if COMPILED:
            parts = scan_plain(url, True, "")
            if parts is not None:
                return _new_tuple(SplitResult, parts)
        else:
            plain = match_plain_ascii(url) if url.isascii() else match_plain(url)
            if plain is not None:
                return _new_tuple(SplitResult, plain.groups(""))
    _require_hashable(url, scheme, allow_fragments)
    parts, coerce = _split_parts(url, scheme, allow_fragments, None if missing_as_none else "")
    result = _new_tuple(SplitResult, parts)
    if missing_as_none:
        result._keep_empty = True
    return result if coerce is None else coerce(result)


@overload
def urlparse(
    url: str | None,
    scheme: str | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: Literal[False] = False,
) -> ParseResult[str]: ...
@overload
def urlparse(
    url: str | None,
    scheme: str | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: bool,
) -> ParseResult[str | None]: ...
@overload
def urlparse(
    url: bytes | bytearray,
    scheme: bytes | bytearray | Literal[""] | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: Literal[False] = False,
) -> ParseResultBytes[bytes]: ...
@overload
def urlparse(
    url: bytes | bytearray,
    scheme: bytes | bytearray | Literal[""] | None = None,
    allow_fragments: bool = True,
    *,
    missing_as_none: bool,
) -> ParseResultBytes[bytes | None]: ...
def urlparse(
    url: Any, scheme: Any = None, allow_fragments: Any = True, *, missing_as_none: Any = False
) -> Any:
    """Split a URL into 6 components: ``<scheme>://<netloc>/<path>;<params>?<query>#<fragment>``.

    As :func:`urlsplit`, and the parameters of the last path segment are split off the path for
    the schemes in ``uses_params``. The result is a ParseResult (ParseResultBytes for bytes).
    """
    # The fast path of a plain URL (see split_plain).
    if type(url) is str and allow_fragments is True and not missing_as_none:
        plain = split_plain(url, True, "") if scheme is None or scheme == "" else None
        if plain is not None:
            plain_scheme, plain_netloc, plain_path, plain_query, plain_fragment = plain
            plain_params: str = ""
            if ";" in plain_path and plain_scheme in uses_params:
                plain_path, plain_params = split_params(plain_path, "")
            return _new_tuple(
                ParseResult,
                (plain_scheme, plain_netloc, plain_path, plain_params, plain_query, plain_fragment),
            )
    # (the components may be None: typed Any, the compiled build would check for str)
    missing: Any = None if missing_as_none else ""
    url_scheme: Any
    netloc: Any
    query: Any
    fragment: Any
    (url_scheme, netloc, path, query, fragment), coerce = _split_parts(
        url, scheme, allow_fragments, missing
    )
    params: Any = missing
    if ";" in path and (url_scheme or "") in uses_params:
        path, params = split_params(path, missing)
    result = _new_tuple(ParseResult, (url_scheme, netloc, path, params, query, fragment))
    if missing_as_none:
        result._keep_empty = True
    return result if coerce is None else coerce(result)


# --- Putting URLs back together ---

_UNSPECIFIED: Any = object()


def join_components(scheme: Any, netloc: Any, path: str, query: Any, fragment: Any) -> str:
    """The URL of components where None is *undefined* and ``''`` is defined but empty.

    RFC 3986 §5.3 (Component Recomposition), and CPython's two safeguards: a path without a
    leading ``/`` gets one after a netloc, and a path starting with ``//`` and no netloc gets an
    empty netloc (``//``) so that it is not read back as a netloc (gh-67693).
    """
    url: str
    if netloc is not None:
        if path and path[:1] != "/":
            path = "/" + path
        url = "//" + netloc + path
    elif path[:2] == "//":
        url = "//" + path
    else:
        url = path
    if scheme:
        url = scheme + ":" + url
    if query is not None:
        url = url + "?" + query
    if fragment is not None:
        url = url + "#" + fragment
    return url


def _resolve_keep_empty(components: Any, keep_empty: Any) -> bool:
    """Whether empty components are kept: by default, as the result that is put together says."""
    if keep_empty is _UNSPECIFIED:
        return bool(getattr(components, "_keep_empty", False))
    if keep_empty and not getattr(components, "_keep_empty", True):
        raise ValueError(
            "Cannot distinguish between empty and not defined URI components "
            "in the result of parsing URL with missing_as_none=False"
        )
    return bool(keep_empty)


def _netloc_for_empty(scheme: Any, path: Any) -> Any:
    """The netloc to write when it is empty: ``//`` for a netloc scheme with an absolute path."""
    if scheme and scheme in uses_netloc and (not path or path[:1] == "/"):
        return ""
    return None


def _components_of(components: Any, count: int) -> tuple[list[Any], Any]:
    """The ``count`` components as ``str`` (None kept), and the result coercion function.

    Wrong lengths fail as CPython's fail: it unpacks the components followed by the coercion
    function, so the interpreter's own message counts one more than the components (``expected
    6, got 3`` for two components given to ``urlunsplit``). No components at all is the same
    ValueError since CPython 3.15's coercion (an IndexError before).
    """
    items = tuple(components)
    decoded, coerce = coerce_components(items)
    if len(decoded) != count:
        _unpack_as_cpython(count + 1, (*decoded, coerce))
    return decoded, coerce


def _unpack_as_cpython(count: int, values: tuple[Any, ...]) -> tuple[Any, ...]:
    """Unpack ``values`` into ``count`` (6 or 7) targets, to raise the interpreter's ValueError."""
    if count == 6:
        a, b, c, d, e, f = values
        return a, b, c, d, e, f
    a, b, c, d, e, f, g = values
    return a, b, c, d, e, f, g


def _put_together(
    scheme: Any, netloc: Any, path: Any, params: Any, query: Any, fragment: Any, keep: bool
) -> str:
    """urlunsplit/urlunparse on ``str`` components (``params`` None for urlunsplit).

    Without ``keep``, an empty component is left out with its delimiter, but an empty netloc is
    written (``//``) for a netloc scheme with an absolute or empty path.

    A path of None is no path, as in CPython 3.15: parameters are written after it as after the
    text ``None`` (``('http', None, None, 'q', '', '')`` -> ``'http:///None;q'``), and without
    parameters it is the TypeError of adding None to, or slicing, a ``str``.
    """
    if not keep:
        if not netloc:
            netloc = _netloc_for_empty(scheme, path)
        query = query or None
        fragment = fragment or None
        params = params or None
    if params is not None:
        path = f"{path};{params}"
    return join_components(scheme, netloc, path, query, fragment)


# Typed as typeshed types them (its AnyStr written as the str and the bytes case, because mypyc,
# which compiles this module, checks a function of a constrained type variable only once), less
# its overload for all-None components (-> b""): CPython 3.15 makes that a str call, and a None
# path a TypeError.
@overload
def urlunsplit(  # type: ignore[overload-overlap]  # (all None: str, as typeshed's)
    components: Iterable[str | None], *, keep_empty: bool = ...
) -> str: ...
@overload
def urlunsplit(components: Iterable[bytes | None], *, keep_empty: bool = ...) -> bytes: ...
def urlunsplit(components: Iterable[Any], *, keep_empty: Any = _UNSPECIFIED) -> Any:
    """Combine the 5 items of a ``urlsplit()`` result (or any 5-item iterable) into a URL.

    Without ``keep_empty`` (the default for results of ``missing_as_none=False``), an empty
    component is left out with its delimiter, so ``http://h/p?`` comes back as ``http://h/p``.
    """
    keep = _resolve_keep_empty(components, keep_empty)
    (scheme, netloc, path, query, fragment), coerce = _components_of(components, 5)
    return coerce(_put_together(scheme, netloc, path, None, query, fragment, keep))


@overload
def urlunparse(  # type: ignore[overload-overlap]  # (all None: str, as typeshed's)
    components: Iterable[str | None], *, keep_empty: bool = ...
) -> str: ...
@overload
def urlunparse(components: Iterable[bytes | None], *, keep_empty: bool = ...) -> bytes: ...
def urlunparse(components: Iterable[Any], *, keep_empty: Any = _UNSPECIFIED) -> Any:
    """Combine the 6 items of a ``urlparse()`` result (or any 6-item iterable) into a URL."""
    keep = _resolve_keep_empty(components, keep_empty)
    (scheme, netloc, path, params, query, fragment), coerce = _components_of(components, 6)
    return coerce(_put_together(scheme, netloc, path, params, query, fragment, keep))


# geturl() of the results: put back together by the function that matches their fields
# (as methods: a compiled function is a built-in function, which a class does not bind by itself)
SplitResult._put_together = SplitResultBytes._put_together = functools.partialmethod(urlunsplit)  # type: ignore[assignment]
ParseResult._put_together = ParseResultBytes._put_together = functools.partialmethod(urlunparse)  # type: ignore[assignment]


@overload
def urldefrag(url: str, *, missing_as_none: Literal[False] = False) -> DefragResult[str]: ...
@overload
def urldefrag(url: str, *, missing_as_none: bool) -> DefragResult[str | None]: ...
@overload
def urldefrag(
    url: bytes | bytearray, *, missing_as_none: Literal[False] = False
) -> DefragResultBytes[bytes]: ...
@overload
def urldefrag(
    url: bytes | bytearray, *, missing_as_none: bool
) -> DefragResultBytes[bytes | None]: ...
def urldefrag(url: Any, *, missing_as_none: Any = False) -> Any:
    """Remove the fragment from a URL: DefragResult(url without fragment, fragment).

    The fragment is ``''`` when there is none (None with ``missing_as_none``).
    """
    text, coerce = coerce_args(url)
    missing = None if missing_as_none else ""
    if "#" in text:
        scheme, netloc, path, query, fragment = split_defined(text, True)
        defragmented = join_components(scheme, netloc, path, query, None)
        if fragment is None:
            fragment = missing
    else:
        defragmented, fragment = text, missing
    result = _new_tuple(DefragResult, (defragmented, fragment))
    if missing_as_none:
        result._keep_empty = True
    return coerce(result)
