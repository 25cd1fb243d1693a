"""The ``dedup`` profile: one spelling for URLs that a server will most likely answer the same.

For grouping links (a crawler's frontier, a link report): the WHATWG serialization first (the
``whatwg`` profile: scheme and host lower-cased, IDNA, IPv4 forms, default port dropped, dot
segments resolved, the percent-encode sets applied), then:

1. The fragment is dropped (``keep_fragment=True`` keeps it): servers never see it.
2. Percent-escapes are normalized, in every component: an escape of an unreserved ASCII
   character (RFC 3986 §2.3: ``A-Z a-z 0-9 - . _ ~``) is decoded, every other one is written in
   upper case (RFC 3986 §6.2.2.1-2; ``%7euser`` and ``~user`` are one path), and a stray ``%``
   (one not followed by two hex digits, which the WHATWG parser keeps) is written ``%25``.
   A stray ``%`` is no percent-encoding (RFC 3986 §2.1: ``pct-encoded = "%" HEXDIG HEXDIG``)
   but the data octet 0x25, which RFC 3986 §2.4 writes ``%25``; the URL Standard's
   percent-decode reads both as that byte, so a server sees the same. Without this, decoding
   the escapes after it could make a new one: ``/%%36%31`` would become ``/%61``, then ``/a``
   on a second pass (w3lib's ``canonicalize_url`` does that in the path; in the query it too
   writes a stray ``%`` as ``%25``). With it, every ``%`` left is followed by the two hex digits
   it was written with, so a second pass changes nothing.
3. A trailing dot of a domain is dropped (``a.com.`` is ``a.com``), unless what remains would
   be no domain (only dots) or one the host parser reads as an IPv4 address (``9..``).
4. The query: parameters named by ``strip_params`` are removed (a list of names, or ``fnmatch``
   patterns such as ``utm_*``, matched case-sensitively against the name as
   ``application/x-www-form-urlencoded`` decodes it; or the word ``"tracking"``, which stands
   for :data:`TRACKING_PARAMETERS`); then, with ``sort_query`` (the default),
   empty parameters (``&&``) are removed and the parameters sorted by name, stably (the values
   of one name keep their order: ``?b=1&a=2&a=1`` -> ``?a=2&a=1&b=1``); an empty query is
   dropped (``/?`` is ``/``).
5. The path ``/`` of a URL with an empty path stays (the WHATWG serialization of ``http://a``
   is ``http://a/``).

The result is a URL that the WHATWG parser gives back unchanged, and canonicalizing it again
gives it again (idempotence). Inputs the WHATWG parser rejects raise
:class:`~urlspec.InvalidURL`.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from urlspec.canonical.options import TRACKING, TRACKING_PARAMETERS, StripParams
from urlspec.canonical.whatwg import split_href
from urlspec.host import HostKind, ends_in_a_number
from urlspec.percent_encoding import percent_decode_string
from urlspec.url import URL

__all__ = [
    "TRACKING_PARAMETERS",
    "canonicalize_dedup",
    "compile_param_patterns",
    "strip_params_pattern",
]

#: An escape (group 1: its two hex digits), or a stray "%" (group 1 unmatched).
_ESCAPE_RE: Final = re.compile(r"%([0-9A-Fa-f]{2})?")
#: An href without these is its own dedup form: no escape, query or fragment, and no domain
#: ending with a dot (a special URL's host is followed by its path's "/" or by ":port").
_NOTHING_TO_DO_RE: Final = re.compile(r"[%?#]|\.[/:]")
_UNRESERVED: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
#: Each escape as step 2 writes it, by its two hex digits (either case).
_NORMALIZED_ESCAPES: Final = {
    f"{high}{low}": (
        chr(int(high + low, 16))
        if chr(int(high + low, 16)) in _UNRESERVED
        else f"%{high}{low}".upper()
    )
    for high in "0123456789abcdefABCDEF"
    for low in "0123456789abcdefABCDEF"
}


def compile_param_patterns(patterns: Iterable[str]) -> re.Pattern[str] | None:
    """One regular expression matching a parameter name that any of ``patterns`` matches
    (``fnmatch`` patterns, case-sensitive); None when there are none."""
    translated = [fnmatch.translate(pattern) for pattern in patterns]
    if not translated:
        return None
    return re.compile("|".join(f"(?:{pattern})" for pattern in translated))


def strip_params_pattern(strip_params: StripParams) -> re.Pattern[str] | None:
    """The one regular expression that ``strip_params`` stands for (None: remove nothing).

    ``"tracking"`` is :data:`TRACKING_PARAMETERS`; any other bare string is a TypeError, not a
    list of its characters (``"utm_source"`` would remove ``u``, ``t``, ``m``...); a collection
    is names or ``fnmatch`` patterns, each a str (compiled once per distinct collection).
    """
    if strip_params is None or isinstance(strip_params, re.Pattern):
        return strip_params
    if isinstance(strip_params, str | bytes):
        if strip_params == TRACKING:
            return _patterns(TRACKING_PARAMETERS)
        raise TypeError(
            f"strip_params takes a list of parameter names or fnmatch patterns, or the word "
            f"{TRACKING!r} for the tracking parameters; not the bare string {strip_params!r}, "
            f"which would be read as its characters (to remove that parameter: "
            f"[{strip_params!r}])"
        )
    # (objects first: a compiled build checks the items' type on assignment to tuple[str, ...])
    items: tuple[object, ...] = tuple(strip_params)
    names: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise TypeError(
                f"strip_params: each parameter name or pattern must be a str, not {item!r}"
            )
        names.append(item)
    return _patterns(tuple(names))


@lru_cache(maxsize=32)
def _patterns(names: tuple[str, ...]) -> re.Pattern[str] | None:
    return compile_param_patterns(names)


def canonicalize_dedup(
    input: str | URL,
    base: str | URL | None = None,
    *,
    strip_params: StripParams = None,
    keep_fragment: bool = False,
    sort_query: bool = True,
) -> str:
    """``input`` (against ``base``) in the ``dedup`` profile's form (module docstring).

    ``strip_params``: see :func:`strip_params_pattern` (checked before the input is read).
    """
    pattern = strip_params_pattern(strip_params)
    url = input if isinstance(input, URL) else URL(input, base)
    href = url.href
    fast = _fast_dedup(href, pattern, keep_fragment, sort_query)
    if fast is not None:
        return fast
    return _full_dedup(url, pattern, keep_fragment, sort_query)


def _fast_dedup(
    href: str, strip: re.Pattern[str] | None, keep_fragment: bool, sort_query: bool
) -> str | None:
    """The dedup form of an href without "%" and without a domain ending with a dot, which only
    steps 1 and 4 change; None for any other href. (tests/test_canonical.py checks that this
    gives the full steps' result on every corpus line and on generated URLs.)

    A special URL's host is followed by its path's "/" or by ":port", so an href with neither
    "./" nor ".:" has no domain ending with a dot. The first "#" starts the fragment and the
    first "?" before it the query (see :mod:`urlspec.canonical.whatwg`).
    """
    if "%" in href or "./" in href or ".:" in href:
        return None
    end = href.find("#")
    if end < 0:
        end = len(href)
        kept_fragment = ""
    else:
        kept_fragment = href[end:] if keep_fragment else ""
    query_start = href.find("?", 0, end)
    if query_start < 0:
        return href[:end] + kept_fragment
    query = href[query_start + 1 : end]
    if "&" not in query and strip is None:
        canonical_query = query  # one parameter (or none): nothing to sort or strip
    else:
        canonical_query = _canonical_query(query, strip, sort_query)
    if not canonical_query:
        return href[:query_start] + kept_fragment
    return href[: query_start + 1] + canonical_query + kept_fragment


def _full_dedup(
    url: URL, pattern: re.Pattern[str] | None, keep_fragment: bool, sort_query: bool
) -> str:
    """Steps 1-5 (module docstring) on the parts of the URL's href."""
    href = url.href
    if _NOTHING_TO_DO_RE.search(href) is None:
        return href
    parts = split_href(href)
    # 1.
    fragment = parts.fragment if keep_fragment else None
    # 3.
    host = parts.host
    if host is not None and host.endswith(".") and url.host_kind is HostKind.DOMAIN:
        host = _without_trailing_dots(host)
    # 4.
    query = parts.query
    if query is not None:
        query = _normalize_escapes(query)  # 2. first: the names are sorted as normalized
        query = _canonical_query(query, pattern, sort_query) or None
    href = _serialize(
        parts.scheme, parts.username, parts.password, host, parts.port, parts.path, query, fragment
    )
    # 2.
    return _normalize_escapes(href)


def _without_trailing_dots(domain: str) -> str:
    """Step 3: the domain without its trailing dots, unless that would leave no domain (only
    dots) or one the host parser reads as an IPv4 address (``9..`` is a domain, ``9`` is not)."""
    stripped = domain.rstrip(".")
    if not stripped or ends_in_a_number(stripped):
        return domain
    return stripped


def _normalize_escapes(text: str) -> str:
    """Step 2: unreserved characters' escapes decoded, the others in upper case, a stray "%"
    written "%25"."""
    if "%" not in text:
        return text
    return _ESCAPE_RE.sub(_normalized_escape, text)


def _normalized_escape(match: re.Match[str]) -> str:
    digits = match.group(1)
    return "%25" if digits is None else _NORMALIZED_ESCAPES[digits]


def _canonical_query(query: str, strip: re.Pattern[str] | None, sort_query: bool) -> str:
    """Step 4 on a query (without its ``?``)."""
    if strip is None and not sort_query:
        return query
    pairs = query.split("&")
    if strip is not None:
        pairs = [pair for pair in pairs if strip.match(_parameter_name(pair)) is None]
    if sort_query:
        pairs = sorted([pair for pair in pairs if pair], key=_raw_name)
    return "&".join(pairs)


def _raw_name(pair: str) -> str:
    return pair.partition("=")[0]


def _parameter_name(pair: str) -> str:
    """The name of a query parameter as application/x-www-form-urlencoded decodes it."""
    name = pair.partition("=")[0]
    if "%" not in name and "+" not in name:
        return name
    return percent_decode_string(name.replace("+", " ")).decode("utf-8", "replace")


def _serialize(
    scheme: str,
    username: str,
    password: str,
    host: str | None,
    port: str,
    path: str,
    query: str | None,
    fragment: str | None,
) -> str:
    """The URL serializer (§4.5) over parts already serialized."""
    output = [scheme, ":"]
    if host is not None:
        output.append("//")
        if username or password:
            output.append(username)
            if password:
                output.append(":" + password)
            output.append("@")
        output.append(host)
        if port:
            output.append(":" + port)
    output.append(path)
    if query is not None:
        output.append("?" + query)
    if fragment is not None:
        output.append("#" + fragment)
    return "".join(output)
