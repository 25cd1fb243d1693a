"""The ``surt`` and ``ssurt`` profiles: Sort-friendly URI Reordering Transform keys, as web
archives index captures by them (CDX files, Heritrix, pywb, the Wayback Machine).

``surt`` gives the keys of the Internet Archive's ``WaybackURLKeyMaker``, as its Python port, the
``surt`` package (``surt.surt(url)``), makes them with its defaults: ``com,example)/path?query``.
So that keys match existing indexes, the input is read as that code reads it (an RFC 2396
regular expression, not the WHATWG URL parser), and put through its two canonicalizers:

1. Read (``handyurl.parse``): trim ASCII whitespace; remove every tab, CR and LF; without a
   ``scheme:``, prefix ``http://``; ``http://https://x`` becomes ``https://x`` (repeated web
   scheme prefixes keep the last); split scheme, authority, path, query and fragment with RFC
   2396's regular expression (appendix B); drop the user information; the host is lower-cased
   and the port read as ``urllib.parse`` reads them (:mod:`urlspec.parse`; a port that is not a
   number in 0..65535 makes the input :class:`~urlspec.InvalidURL`, where the package raises
   ValueError); a web URL without an authority (``http:////x``) takes its host from the path.
2. Google's canonicalization (``GoogleURLCanonicalizer``, the Safe Browsing v2 steps): drop the
   fragment; query: unescape repeatedly then escape once; host: unescape repeatedly, a non-ASCII
   host to IDNA 2003 (Python's ``idna`` codec, kept as it is when that fails), ``..`` replaced
   by ``.`` and dots trimmed, an all-digit host as a 32-bit address (masked to 32 bits), a
   dotted decimal or octal one read as ``inet_aton`` reads it, else lower-cased and escaped;
   path: unescape repeatedly, resolve ``.`` and ``..`` and drop empty segments (when there is
   a host), escape once. Escaping: bytes <= 0x20, >= 0x7F, ``#`` and ``%``.
3. The Internet Archive's canonicalization (``IAURLCanonicalizer``): host lower-cased and
   "massaged" (a leading ``www.``, ``www2.``, ... removed; not for ``dns:``); the default port
   (80 for http, 443 for https) dropped; path lower-cased, ASP.NET session ids removed, a
   trailing slash removed (but ``/`` kept); query: session ids (``jsessionid``, ``phpsessid``,
   ``sid``, ``aspsessionid``, ``cfid``/``cftoken``) removed, lower-cased, its ``&``-separated
   pairs sorted, dropped when empty.
4. The key: the host's dot-separated labels reversed and joined by commas, then ``)``, then the
   path and ``?query``; options: ``with_scheme`` (``http://(com,example)/``), ``trailing_comma``
   (``com,example,)/``), ``host_massage`` (step 3's ``www`` removal), ``reverse_ipaddr``
   (False keeps ``192.168.1.254`` as it is). A URL without a host is ``scheme:path``. The empty
   input is ``-`` and one starting with ``filedesc`` is its own key (ARC file headers).

Where the package has a bug, this module does what the form intends (docs/canonicalization.md
lists each difference): the ``www`` removal leaves at least two labels (the package makes
``www1355544.com`` into ``com``).

``ssurt`` is the host-first form of IIPC's urlcanon: the WHATWG canonical URL (the ``whatwg``
profile) rearranged as ``host,reversed,//port:scheme@user:pass:/path?query#fragment``, e.g.
``org,example,foo,//81:http@user:pass:/path?query#frag`` (an IP address is not reversed).
"""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from urlspec.canonical.escaping import escape_once, unescape_repeatedly
from urlspec.canonical.inet_aton import format_ipv4, parse_inet_aton
from urlspec.canonical.web_url import (
    DOT_A,
    SLASH_DOT_OR_SLASH,
    UPPER_CASE,
    after_scheme,
    has_empty_or_dot_segments,
    web_url_spans,
)
from urlspec.canonical.whatwg import split_href
from urlspec.parse._results import parse_port, split_hostinfo
from urlspec.validation import InvalidURL, ValidationError

__all__ = ["ssurt", "surt"]

# --- 1. reading ------------------------------------------------------------------------------

_SPACES_RE: Final = re.compile(rb"[\n\r\t]")
_HAS_SCHEME_RE: Final = re.compile(rb"[a-zA-Z][a-zA-Z0-9+\-.]*:")
_REPEATED_WEB_SCHEMES_RE: Final = re.compile(rb"(?:https?://)+")

#: RFC 2396 appendix B, with the scheme limited to scheme characters.
_RFC2396_RE: Final = re.compile(
    rb"(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?((?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?)?(?:#(.*))?",
    re.DOTALL,
)

# --- 2. Google's canonicalization ------------------------------------------------------------

_DECIMAL_IP_RE: Final = re.compile(rb"[1-9][0-9]*(?:\.[0-9]+){0,3}")
_OCTAL_IP_RE: Final = re.compile(rb"0[0-7]*(?:\.[0-7]+){0,3}")

# --- 3. the Internet Archive's canonicalization ----------------------------------------------

_WWW_RE: Final = re.compile(rb"www\d*\.")
_PATH_SESSION_ID_RES: Final = (
    re.compile(rb"(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^?]+\.aspx.*)", re.I | re.DOTALL),
    re.compile(rb"(.*/)(\([0-9a-z]{24}\)/)([^?]+\.aspx.*)", re.I | re.DOTALL),
)
_QUERY_SESSION_ID_RES: Final = tuple(
    re.compile(rb"(.*)(?:" + pattern + rb")(?:&(.*))?", re.I)
    for pattern in (
        rb"jsessionid=[0-9a-zA-Z]{32}",
        rb"phpsessid=[0-9a-zA-Z]{32}",
        rb"sid=[0-9a-zA-Z]{32}",
        rb"aspsessionid[a-zA-Z]{8}=[a-zA-Z]{24}",
        rb"cfid=[^&]+&cftoken=[^&]+",
    )
)
_DEFAULT_PORTS: Final = {b"http": 80, b"https": 443}
_DEFAULT_PORT_NUMBERS: Final = {"http": 80, "https": 443}

# --- 4. the key ------------------------------------------------------------------------------

_IPV4_TEXT_RE: Final = re.compile(rb"(?:\d{1,3}\.){3}\d{1,3}")


class _HandyURL:
    """The parts of a URL as the Internet Archive's code holds them (None: absent)."""

    __slots__ = ("host", "last_delimiter", "path", "port", "query", "scheme")

    def __init__(
        self,
        scheme: bytes,
        host: bytes | None,
        port: int | None,
        path: bytes | None,
        query: bytes | None,
        last_delimiter: bytes | None,
    ) -> None:
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.last_delimiter = last_delimiter


def surt(
    input: str,
    *,
    with_scheme: bool = False,
    trailing_comma: bool = False,
    host_massage: bool = True,
    reverse_ipaddr: bool = True,
) -> str:
    """The SURT key of ``input``, as ``surt.surt(input)`` makes it (module docstring)."""
    key = _fast_key(input, with_scheme, trailing_comma, host_massage)
    if key is None:
        key = _ascii_key(input, with_scheme, trailing_comma, host_massage, reverse_ipaddr)
        if key is None:
            return _full_key(input, with_scheme, trailing_comma, host_massage, reverse_ipaddr)
    return key


def _full_key(
    input: str, with_scheme: bool, trailing_comma: bool, host_massage: bool, reverse_ipaddr: bool
) -> str:
    """The key, by steps 1-4 on the input's bytes."""
    data = input.encode("utf-8", "surrogatepass")
    if not data:
        return "-"
    if data.startswith(b"filedesc"):
        return input
    url = _read(input, data)
    _google_canonicalize(url)
    _archive_canonicalize(url, host_massage=host_massage)
    key = _key(
        url,
        with_scheme=with_scheme,
        trailing_comma=trailing_comma,
        reverse_ipaddr=reverse_ipaddr,
    )
    return key.decode("utf-8", "surrogateescape")


# --- the fast paths ---------------------------------------------------------------------------
#
# Two shortcuts, each proven to give the full steps' keys by tests/test_canonical_surt.py (on
# every corpus line and on generated inputs):
#
# - _fast_key: a plain web URL (urlspec.canonical.web_url: no escapes, a host of letter-digit-
#   hyphen labels), where steps 1 and 2 change nothing and step 3 only lower-cases;
# - _ascii_key: any printable ASCII "scheme://authority/path?query" with a lower-case scheme:
#   the same steps as the full ones, on the parts as text, escapes undone and redone only in
#   the part that has them.


def _fast_key(
    input: str, with_scheme: bool, trailing_comma: bool, host_massage: bool
) -> str | None:
    """The key of a plain web URL (:mod:`urlspec.canonical.web_url`: nothing to unescape or
    escape) with a lower-case scheme (but ``dns``), computed on the text; None when the input
    needs more steps (a host that may be an IP address, a path with dot segments or runs of
    slashes; no host, and an empty path or a web scheme) or is no such URL."""
    (
        host_start,
        path_start,
        query_start,
        fragment_start,
        last_dot,
        previous_dot,
        dots,
        flags,
    ) = web_url_spans(input)
    if host_start == 0:
        return None
    if host_start == 7 and input.startswith("http://"):
        scheme = "http"
    elif host_start == 8 and input.startswith("https://"):
        scheme = "https"
    else:
        scheme = input[: host_start - 3]
        if not _is_keyed_scheme(scheme):
            return None
    # Step 3 lower-cases the host, the path and the query: all of them at once (ASCII), when
    # they have upper-case letters.
    lowered = input[:fragment_start]
    if flags & UPPER_CASE:
        lowered = lowered.lower()
    query = _archive_query(lowered[query_start:]) if query_start < fragment_start else ""
    if host_start == path_start:
        # No host (file:///path): the key is "scheme:" and the path as it is (step 2 resolves
        # no dot segments without a host). A web URL takes its host from the path (step 1).
        if path_start == query_start or scheme.startswith("http"):
            return None
        return f"{scheme}:{_archive_path(lowered[path_start:query_start])}{query}"
    if 0x30 <= ord(input[host_start]) <= 0x39:
        host = lowered[host_start:path_start]
        if host.replace(".", "").isdigit():
            return None  # maybe an IP address: step 2 decides
    if path_start == query_start:
        path = "/"
    elif flags & (SLASH_DOT_OR_SLASH | DOT_A):
        path = lowered[path_start:query_start]
        if flags & SLASH_DOT_OR_SLASH and has_empty_or_dot_segments(path):
            return None
        path = _archive_path(path)
    else:
        # No ".aspx" (step 3 would look for a session id before it): only a trailing slash
        # to remove (but the path "/").
        path_end = query_start
        if path_end - path_start > 1 and ord(input[path_end - 1]) == 0x2F:
            path_end -= 1
        path = lowered[path_start:path_end]
    if host_massage and dots >= 2:
        # (The labels of a plain host are never empty: removing "www." leaves two labels when
        # the host has two dots or more.)
        www_end = _after_plain_www_label(lowered, host_start)
        if www_end != host_start:
            host_start = www_end
            dots -= 1
    if with_scheme or trailing_comma:
        return _web_key(
            scheme, lowered, host_start, path_start, "", path, query, with_scheme, trailing_comma
        )
    # Step 4 without options (the commonest key): hosts of two or three labels (most of them,
    # once "www." is removed) are written from slices of the text: no list, no joined host.
    if dots == 1:
        return f"{lowered[last_dot + 1 : path_start]},{lowered[host_start:last_dot]}){path}{query}"
    if dots == 2:
        top = lowered[last_dot + 1 : path_start]
        second = lowered[previous_dot + 1 : last_dot]
        return f"{top},{second},{lowered[host_start:previous_dot]}){path}{query}"
    return _web_key(scheme, lowered, host_start, path_start, "", path, query, False, False)


def _ascii_key(
    input: str, with_scheme: bool, trailing_comma: bool, host_massage: bool, reverse_ipaddr: bool
) -> str | None:
    """The key of a URL whose text up to any fragment is printable ASCII without spaces, of the
    form ``scheme://host[:port][/path][?query]`` with a lower-case scheme (but ``dns`` and
    ``filedesc...``) and a host without ``%``, ``@`` or ``[`` (the host is what step 1 reads
    as it then, and the port a number or absent): steps 1-4 on these parts as text, which is
    what they do on the bytes. None for any other input, or one whose port is not a number
    (step 1 refuses it), or a web URL without a host (step 1 reads one from its path)."""
    fragment_start = input.find("#")
    text = input if fragment_start < 0 else input[:fragment_start]
    if not (text.isascii() and text.isprintable()) or " " in text:
        return None  # step 1 trims and removes characters, step 2 escapes some
    length = len(text)
    host_start = after_scheme(text, length)
    if host_start == 0:
        return None
    scheme = text[: host_start - 3]
    if not _is_keyed_scheme(scheme):
        return None
    # Step 1: RFC 2396's authority runs to the first "/", "?" or "#", the path to "?" or "#".
    query_start = text.find("?", host_start)
    if query_start < 0:
        query_start = length
    path_start = text.find("/", host_start, query_start)
    if path_start < 0:
        path_start = query_start
    authority = text[host_start:path_start]
    if "@" in authority or "[" in authority or "%" in authority:
        return None  # user information, IPv6, escapes in the host: the full steps
    host, colon, port_text = authority.partition(":")
    port = ""
    if colon:
        if not port_text.isdigit():
            return None  # no port (step 1 trims a lone ":") or none that step 1 takes
        number = int(port_text)
        if number > 65535:
            return None
        # Step 3 drops the scheme's default port; step 1 reads port 0 as none.
        if number != 0 and number != _DEFAULT_PORT_NUMBERS.get(scheme, 0):
            port = ":" + str(number)
    # Step 2: the query, unescaped and escaped (only when it has escapes: otherwise this changes
    # nothing), then step 3's lower-casing and reordering.
    query = text[query_start:]  # ("?" and the query, or "")
    if "%" in query:
        query = "?" + escape_once(unescape_repeatedly(query[1:].encode("ascii")))
    query = _archive_query(query.lower())
    path = text[path_start:query_start]
    if not host:
        # No host: "scheme:" and the path, unescaped and escaped; its dot segments stay.
        if colon or not path or scheme.startswith("http"):
            return None
        if "%" in path:
            path = escape_once(unescape_repeatedly(path.encode("ascii")))
        return f"{scheme}:{_archive_path(path.lower())}{query}"
    # Step 2: the host (no escapes: only its dots change; an IP address is rewritten) and the
    # path (dot segments and empty ones resolved, escapes undone and redone).
    host = host.lower()
    if ".." in host or host.startswith(".") or host.endswith("."):
        host = host.replace("..", ".").strip(".")
        if not host:
            return None
    if 0x30 <= ord(host[0]) <= 0x39:
        address = _ip_address(host.encode("ascii"))
        if address is not None:
            host = address.decode("ascii")
        if not reverse_ipaddr and _IPV4_TEXT_RE.fullmatch(host.encode("ascii")) is not None:
            return None  # (the option's rare case: step 4 keeps such a host as it is)
    if "%" in path or has_empty_or_dot_segments(path):
        path = escape_once(_normalize_path(unescape_repeatedly(path.encode("ascii"))))
    host_start = _after_www_label(host, 0, len(host)) if host_massage else 0
    path = _ascii_path(path)
    return _web_key(
        scheme, host, host_start, len(host), port, path, query, with_scheme, trailing_comma
    )


def _is_keyed_scheme(scheme: str) -> bool:
    """Whether a fast path takes a URL of this (ASCII) scheme: the key keeps the scheme's case
    (a scheme with capitals is left to the full steps), ``dns:`` keeps ``www.`` and an input
    starting with ``filedesc`` is its own key."""
    return scheme.islower() and scheme != "dns" and not scheme.startswith("filedesc")


def _ascii_path(path: str) -> str:
    """Step 3 on a path after step 2: "/" when empty, else lower-cased, session id and
    trailing slash removed."""
    return _archive_path(path.lower()) if path else "/"


def _web_key(
    scheme: str,
    text: str,
    host_start: i64,
    host_end: i64,
    port: str,
    path: str,
    query: str,
    with_scheme: bool,
    trailing_comma: bool,
) -> str:
    """Step 4 for a URL whose host is ``text[host_start:host_end]``: the host's labels reversed
    and joined by commas, the port, ``)``, the path and the query (each as steps 2 and 3 made
    it; the port and the query with their ``:`` and ``?``, or "")."""
    close = ",)" if trailing_comma else ")"
    prefix = scheme + "://(" if with_scheme else ""
    dot = text.find(".", host_start, host_end)
    if dot >= 0 and text.find(".", dot + 1, host_end) < 0:
        # Two labels (the commonest host once "www." is removed): sliced, no list to make.
        first = text[host_start:dot]
        return f"{prefix}{text[dot + 1 : host_end]},{first}{port}{close}{path}{query}"
    labels = text[host_start:host_end].split(".")
    labels.reverse()  # (a list: joining the reversed() iterator would copy it first)
    return f"{prefix}{','.join(labels)}{port}{close}{path}{query}"


def _after_www_label(host: str, start: i64, end: i64) -> i64:
    """Where the ASCII host ``host[start:end]`` starts once step 3 removes a leading ``www.``
    (``www2.``, ...: ``www\\d*\\.``), which it does when what follows has a dot between two
    other code points (the host keeps two labels at least); else ``start``."""
    if (
        end - start < 4
        or ord(host[start]) != 0x77  # "w"
        or ord(host[start + 1]) != 0x77
        or ord(host[start + 2]) != 0x77
    ):
        return start
    i = start + 3
    while i < end and 0x30 <= ord(host[i]) <= 0x39:
        i += 1
    if i == end or ord(host[i]) != 0x2E:  # "."
        return start
    after = i + 1
    # What follows, its leading and trailing dots set aside, must hold a dot.
    first = after
    while first < end and ord(host[first]) == 0x2E:
        first += 1
    last = end - 1
    while last > first and ord(host[last]) == 0x2E:
        last -= 1
    return after if host.find(".", first, last) >= 0 else start


def _after_plain_www_label(host: str, start: i64) -> i64:
    """:func:`_after_www_label` for a host of non-empty labels starting at ``start`` and holding
    two dots or more (what follows ``www\\d*\\.`` then holds a dot between two labels)."""
    if ord(host[start]) != 0x77 or ord(host[start + 1]) != 0x77 or ord(host[start + 2]) != 0x77:
        return start  # not "www"
    i = start + 3
    while 0x30 <= ord(host[i]) <= 0x39:  # (a dot follows in the host)
        i += 1
    return i + 1 if ord(host[i]) == 0x2E else start


def _archive_query(query: str) -> str:
    """Step 3 on ``?`` and a lower-case ASCII query after step 2 (or ""): session ids removed,
    the pairs sorted; the same, or "" when the query is empty."""
    if len(query) <= 1:
        return ""
    if "id" in query and ("sid=" in query or "sessionid" in query or "cfid=" in query):
        query = "?" + _strip_query_session_id(query[1:].encode("ascii")).decode("ascii")
        if query == "?":
            return ""
    if "&" in query:
        # The pairs sorted by name, then value (a name alone first), as _alpha_reorder_query
        # sorts them: the same order as the strings with each first "=" made "\0" (which sorts
        # before every other code point, and occurs in no printable query) sort in.
        arguments = [argument.replace("=", "\0", 1) for argument in query[1:].split("&")]
        arguments.sort()
        query = "?" + "&".join(arguments).replace("\0", "=")
    return query


def _archive_path(path: str) -> str:
    """Step 3 on a lower-case ASCII path: an ASP.NET session id removed, then a trailing slash
    (but the path "/")."""
    if ".aspx" in path:
        path = _strip_path_session_id(path.encode("ascii")).decode("ascii")
    return path[:-1] if len(path) > 1 and path.endswith("/") else path


def _read(input: str, data: bytes) -> _HandyURL:
    """Step 1."""
    data = _SPACES_RE.sub(b"", data.strip())
    if data and _HAS_SCHEME_RE.match(data) is None:
        data = b"http://" + data
    data = _last_web_scheme(data)
    match = _RFC2396_RE.match(data)
    assert match is not None  # every group is optional
    scheme, netloc, path, query = match.group(1, 3, 4, 5)
    if not scheme:
        # (Only the empty input, after trimming, has no scheme; the package fails on it.)
        raise InvalidURL(input, [ValidationError("missing-scheme-non-relative-URL", 0)])
    netloc = (netloc or b"").rstrip(b":")
    host: bytes | None = split_hostinfo(netloc)[1] or None
    if host is not None:
        host = _lower_before_zone(host)
    try:
        port = parse_port(split_hostinfo(netloc)[2].partition(b":")[2] or None) or None
    except ValueError as error:
        raise InvalidURL(input, [ValidationError("port-invalid", 0)]) from error
    path = path or None
    if scheme.startswith(b"http") and host is None and path is not None:
        host, _, rest = path.lstrip(b"/").partition(b"/")
        path = b"/" + rest
    query = query or None
    last_delimiter = b"?" if data.endswith(b"?") and query is None else None
    return _HandyURL(scheme, host, port, path, query, last_delimiter)


def _last_web_scheme(data: bytes) -> bytes:
    """``http://https://x`` -> ``https://x``: of repeated web scheme prefixes, the last."""
    match = _REPEATED_WEB_SCHEMES_RE.match(data)
    if match is None:
        return data
    prefixes = match.group(0)
    return data[prefixes.rfind(b"http") :]


def _lower_before_zone(host: bytes) -> bytes:
    """The host lower-cased up to an IPv6 zone (``%...``), as ``urllib.parse`` does."""
    address, percent, zone = host.partition(b"%")
    return address.lower() + percent + zone


def _google_canonicalize(url: _HandyURL) -> None:
    """Step 2."""
    if url.query:
        url.query = escape_once(unescape_repeatedly(url.query)).encode("ascii")
    if url.host:
        url.host = _google_host(url.host)
    if url.path is not None:
        path = unescape_repeatedly(url.path)
        if url.host:
            path = _normalize_path(path)
        url.path = escape_once(path).encode("ascii")
    elif url.host:
        url.path = b"/"


def _google_host(raw: bytes) -> bytes:
    host = unescape_repeatedly(raw)
    if not host.isascii():
        host = _idna_2003_or_bytes(host)
    host = host.replace(b"..", b".").strip(b".")
    address = _ip_address(host)
    if address is not None:
        return address
    return escape_once(host.lower()).encode("ascii")


def _idna_2003_or_bytes(host: bytes) -> bytes:
    """A non-ASCII host through Python's IDNA 2003 codec, or as it is when the codec fails."""
    try:
        return host.decode("utf-8", "ignore").encode("idna")
    except UnicodeError:
        return host


def _ip_address(host: bytes) -> bytes | None:
    """An all-digit host, or one in dotted decimal or octal that ``inet_aton`` reads, as IPv4."""
    if host.isdigit():
        # The Internet Archive masks to 32 bits (numbers beyond them occur in its ARC files).
        return format_ipv4(int(host) & 0xFFFFFFFF).encode("ascii")
    if _DECIMAL_IP_RE.fullmatch(host) or _OCTAL_IP_RE.fullmatch(host):
        address = parse_inet_aton(host.decode("ascii"))
        if address is not None:
            return format_ipv4(address).encode("ascii")
    return None


def _normalize_path(path: bytes) -> bytes:
    """``.`` and ``..`` resolved and empty segments dropped, as GoogleURLCanonicalizer does.

    Its quirks are kept: what precedes the first ``/`` is dropped, a ``..`` with nothing left
    to remove stays, and a trailing slash is kept.
    """
    if not path:
        return b"/"
    kept: list[bytes] = []
    for segment in path.split(b"/")[1:]:
        if segment == b".":
            continue
        if segment == b".." and kept:
            kept.pop()
        else:
            kept.append(segment)
    if not kept:
        return b"/"
    return b"/" + b"".join(segment + b"/" for segment in kept[:-1] if segment) + kept[-1]


def _archive_canonicalize(url: _HandyURL, *, host_massage: bool) -> None:
    """Step 3."""
    if url.host:
        url.host = url.host.lower()
        if host_massage and url.scheme != b"dns":
            url.host = _massage_host(url.host)
    if url.port is not None and url.port == _DEFAULT_PORTS.get(url.scheme.lower(), 0):
        url.port = None
    path = url.path
    if path:
        path = _strip_path_session_id(path.lower())
        if len(path) > 1 and path.endswith(b"/"):
            path = path[:-1]
        url.path = path
    query = url.query
    if query:
        query = _alpha_reorder_query(_strip_query_session_id(query.lower()))
        url.query = query or None
    else:
        url.last_delimiter = None


def _massage_host(host: bytes) -> bytes:
    """The host without a leading ``www.`` (``www2.``, ...), unless that leaves a single label."""
    match = _WWW_RE.match(host)
    if match is None or b"." not in host[match.end() :].strip(b"."):
        return host
    return host[match.end() :]


def _strip_path_session_id(path: bytes) -> bytes:
    if b".aspx" not in path:
        return path
    for pattern in _PATH_SESSION_ID_RES:
        match = pattern.fullmatch(path)
        if match is not None:
            path = match.group(1) + match.group(3)
    return path


def _strip_query_session_id(query: bytes) -> bytes:
    if b"sid=" not in query and b"sessionid" not in query and b"cfid=" not in query:
        return query
    for pattern in _QUERY_SESSION_ID_RES:
        match = pattern.fullmatch(query)
        if match is not None:
            query = match.group(1) + (match.group(2) or b"")
    return query


def _alpha_reorder_query(query: bytes) -> bytes:
    """The ``&``-separated pairs sorted by name, then by value (a name alone sorts first)."""
    if len(query) <= 1:
        return query
    pairs = sorted(tuple(argument.split(b"=", 1)) for argument in query.split(b"&"))
    return b"&".join(b"=".join(pair) for pair in pairs)


def _key(url: _HandyURL, *, with_scheme: bool, trailing_comma: bool, reverse_ipaddr: bool) -> bytes:
    """Step 4."""
    host = url.host
    if host:
        if reverse_ipaddr or _IPV4_TEXT_RE.fullmatch(host) is None:
            host = b",".join(reversed(host.split(b".")))
        key = url.scheme + b"://(" if with_scheme else b""
        if with_scheme and url.scheme == b"dns":
            key = url.scheme + b":("
        key += host
        if url.port is not None:
            key += b":%d" % url.port
        key += b",)" if trailing_comma else b")"
    else:
        key = url.scheme + b":"
    if url.path:
        key += url.path
    elif url.query is not None:
        key += b"/"
    if url.query is not None:
        key += b"?" + url.query
    if url.last_delimiter is not None:
        key += url.last_delimiter
    return key


def ssurt(href: str) -> str:
    """The SSURT form of a canonical WHATWG ``href`` (see the module docstring).

    As urlcanon's ``ssurt_host``, a host that is an IP address (bracketed, or in ``inet_aton``
    notation, which a serialized IPv4 address is) is not reversed.
    """
    parts = split_href(href)
    host = parts.host
    if host and not host.startswith("[") and parse_inet_aton(host) is None:
        host = ",".join([label.replace(",", ".") for label in reversed(host.split("."))]) + ","
    userinfo = ""
    if parts.username or parts.password:
        userinfo = "@" + parts.username + (":" + parts.password if parts.password else "")
    authority = ""
    if parts.host is not None:
        authority = "//" + parts.port + (":" if parts.port else "")
    fragment = "" if parts.fragment is None else "#" + parts.fragment
    query = "" if parts.query is None else "?" + parts.query
    return (host or "") + authority + parts.scheme + userinfo + ":" + parts.path + query + fragment
