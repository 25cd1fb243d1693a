"""The record, getters and origin of a URL whose href the fast path made, read off the href.

An href that :func:`urlspec.fast_path.fast_href` returns is the serialization of a URL the basic
URL parser made, of a shape its tiers admit: ``scheme://host[:port]/path[?query][#fragment]``
(no credentials; a non-special URL's path may be empty) or ``scheme:opaque-path[?query]
[#fragment]``, in printable ASCII. Its parts are then the fields of the parser's URL record as
they are (:func:`record_from_fast_href`) and the values of the URL class's getters
(:func:`getter_values_from_fast_href`, one pattern; the compiled build slices them at the
offsets tier 1 found, :func:`urlspec.own_href.getter_values_from_spans`), from which the origin
of a URL with a tuple origin follows (:func:`origin_from_fast_getter_values`).
``tests/test_fast_path.py`` proves them equal to the state machine's record, the getter steps
and the origin's serialization on every input the fast path takes.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.host import HostKind
from urlspec.url_record import SPECIAL_SCHEMES, URLRecord

__all__ = [
    "TUPLE_ORIGIN_PROTOCOLS",
    "GetterValues",
    "getter_values_from_fast_href",
    "match_fast_href_getters",
    "origin_from_fast_getter_values",
    "record_from_fast_href",
]

# --- the record of a fast-path URL ------------------------------------------------------------


def _host_kind(scheme: str, host: str) -> HostKind:
    """The kind of a fast-path URL's host ("": a file URL's empty host)."""
    if host == "":
        return HostKind.EMPTY
    if scheme not in SPECIAL_SCHEMES:
        return HostKind.OPAQUE  # https://url.spec.whatwg.org/#concept-opaque-host-parser
    # The domains the fast path admits hold a code point that is no digit or "." (the last label
    # of the domains its patterns take starts with one, or has a "-" and a letter, where tier 3
    # may have put "a" for "_" or '"'); an IPv4 address is digits and dots only.
    return HostKind.IPV4 if host.strip("0123456789.") == "" else HostKind.DOMAIN


# A fast-path href split into its record's fields: scheme, host, port, path, query, fragment. The
# host group is None for an opaque path (no "//"), a "?" or "#" with nothing after it gives "".
_FAST_HREF_FIELDS: Final = re.compile(
    r"([^:]*+):"
    r"(?://([^/:?#]*+)(?::([0-9]++))?+)?+"
    r"([^?#]*+)"
    r"(?:\?([^#]*+))?+"
    r"(?:\#(.*+))?+",
    re.ASCII | re.DOTALL,
)


def record_from_fast_href(href: str) -> URLRecord:
    """The URL record of a URL whose href :func:`urlspec.fast_path.fast_href` returned.

    The href is normalized, so its parts are the record's fields as they are: the path split on
    "/" (https://url.spec.whatwg.org/#url-path-serializer, backwards) unless it is opaque.
    """
    match = _FAST_HREF_FIELDS.fullmatch(href)
    if match is None:
        raise ValueError(f"not an href made by the fast path: {href!r}")
    scheme, host, port, path, query, fragment = match.groups()
    if host is None:
        return URLRecord(scheme, "", "", None, HostKind.NONE, None, path, query, fragment)
    return URLRecord(
        scheme,
        "",
        "",
        host,
        _host_kind(scheme, host),
        None if port is None else int(port),
        path[1:].split("/") if path else [],  # a non-special URL's path may be empty
        query,
        fragment,
    )


# --- the getters of a fast-path URL, straight from its href -----------------------------------

#: What the URL class's getters return, in this order: protocol, username, password, host,
#: hostname, port, pathname, search, hash (https://url.spec.whatwg.org/#urlutils-members).
GetterValues = tuple[str, str, str, str, str, str, str, str, str]

# A fast-path href is "scheme://host[:port]/path[?query][#fragment]" (host without ":"; a
# non-special URL's path may be empty) or
# "scheme:opaque-path[?query][#fragment]" (the opaque path not starting with "/"), with no
# credentials, and only printable ASCII ("!" to "~": the fast path admits nothing else). The
# groups are the getters' values, in GetterValues order and with their delimiters: the two empty
# groups are the username and password (never any here), and a "?" or "#" with nothing after it
# is left out of the groups, as the search and hash getters leave out an empty query or fragment
# (https://url.spec.whatwg.org/#dom-url-search). The classes are ranges of printable ASCII
# (positive ranges are what the regex engine tests fastest): a host is all but "#" (0x23), "/"
# (0x2F), ":" (0x3A) and "?" (0x3F), a path all but "#" and "?", a query all but "#".
_FAST_HREF_GETTERS: Final = re.compile(
    r"([a-z][a-z0-9+.\-]*+:)()()"
    r"(?://(([!-\"$-.0-9;->@-~]*+)(?::([0-9]++))?+))?+"
    r"([!-\"$->@-~]*+)"
    r"(?:(\?[!-\"$-~]++)|\?)?+"
    r"(?:(\#[!-~]++)|\#)?+",
    re.ASCII,
)

# https://url.spec.whatwg.org/#concept-url-origin: these schemes have a tuple origin, which is
# serialized as scheme "://" host [":" port] (host and port as the URL has them); that of a blob:
# URL comes from its path; every other URL has an opaque origin, serialized as "null" (for file:
# the standard leaves the choice open: urlspec.origin, like browsers, makes it opaque).
TUPLE_ORIGIN_PROTOCOLS: Final = frozenset({"ftp:", "http:", "https:", "ws:", "wss:"})


#: The match whose groups("") are the getters' values of a fast-path href (the URL class calls
#: it directly: one Python call less on its getters' hot path).
match_fast_href_getters: Final = _FAST_HREF_GETTERS.fullmatch


def getter_values_from_fast_href(href: str) -> GetterValues:
    """The getters' values (see GetterValues) of a URL whose href
    :func:`urlspec.fast_path.fast_href` returned."""
    match = match_fast_href_getters(href)
    if match is None:
        raise ValueError(f"not an href made by the fast path: {href!r}")
    return match.groups("")  # type: ignore[return-value]  # nine groups, all str with ""


def origin_from_fast_getter_values(values: tuple[str, ...]) -> str | None:
    """The serialized origin of a fast-path URL, or None for a blob: URL (ask urlspec.origin)."""
    protocol = values[0]
    if protocol in TUPLE_ORIGIN_PROTOCOLS:
        return protocol + "//" + values[3]
    return None if protocol == "blob:" else "null"
