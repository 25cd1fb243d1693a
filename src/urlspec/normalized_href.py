"""Tier 2 of the fast path: error-free inputs, which the parser returns as they are or with a
trivial change.

:data:`match_normalized` recognizes the inputs that are their own href and on which the basic
URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser) meets no validation error
(https://url.spec.whatwg.org/#validation-error); :func:`normalized_href` gives the href of the
others that its capturing patterns admit, and :func:`error_free_href` asks both. The patterns
only admit inputs on which no step of the parser can do anything but copy code points:

* only ASCII URL code points (https://url.spec.whatwg.org/#url-code-points), and ``%`` only
  as a percent-encoded byte: nothing is percent-encoded or reported as invalid-URL-unit; no
  tab, newline, leading or trailing C0 control or space, no backslash;
* the scheme and "//" exactly as the special-authority states want them, and no credentials;
* a host that the host parser (https://url.spec.whatwg.org/#concept-host-parser) only
  lowercases, and on which even the strict "domain parser ToASCII" records no error: labels
  of ASCII letters, digits and inner hyphens, 1 to 63 long, no hyphens in the third and fourth
  positions (so no ``xn--`` label), at most 253 code points, and a last label that starts with
  a letter (so that the host does not end in a number,
  https://url.spec.whatwg.org/#ends-in-a-number-checker); or an IPv4 address written as the
  IPv4 serializer writes it, which the IPv4 parser reads back without error;
* a port of at most five digits, in range;
* no single-dot or double-dot path segment (https://url.spec.whatwg.org/#single-dot-path-segment):
  no ``.`` or ``..`` segment, and no ``%2e`` at all in the path;
* an opaque path (https://url.spec.whatwg.org/#url-opaque-path) only for non-special schemes
  whose path does not start with ``/``.

The only normalizations done are the ones the parser does to such input: lowercasing the scheme
and host, dropping a port that is the scheme's default port and leading zeros of a port
(https://url.spec.whatwg.org/#port-state), adding the ``/`` path of a special URL whose path is
empty (the path start state), percent-encoding ``'`` in the query of a special URL (the
special-query percent-encode set) and turning a file URL's ``localhost`` host into the empty
host (the file host state).
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.own_href import _PATH_CODE_POINTS
from urlspec.own_href_pattern import _IPV4, _NON_SPECIAL_SCHEME
from urlspec.url_record import SPECIAL_SCHEMES

__all__ = ["error_free_href", "match_normalized", "normalized_href"]

# --- the pieces of the patterns ----------------------------------------------------------------

# Every unbounded repetition below is possessive (``*+``, ``++``, ``?+``; Python 3.11+) or in an
# atomic group: each part of a URL is delimited by code points its own repetition cannot match,
# so giving code points back could never make a match succeed, only make a failing match slow.

# ASCII URL code points (https://url.spec.whatwg.org/#url-code-points) that the path, query and
# fragment states copy as they are, as regex class bodies ("%" comes in _escaped; the path's,
# _PATH_CODE_POINTS, is in own_href with tier 1's other classes).
_SPECIAL_QUERY_CODE_POINTS: Final = r"A-Za-z0-9!$&()*+,\-./:;=?@_~"  # not "'" (encoded), "#"
_QUERY_CODE_POINTS: Final = r"A-Za-z0-9!$&'()*+,\-./:;=?@_~"  # not "#"
_FRAGMENT_CODE_POINTS: Final = r"A-Za-z0-9!$&'()*+,\-./:;=?@_~"  # not "#" (invalid-URL-unit)
_OPAQUE_PATH_CODE_POINTS: Final = r"A-Za-z0-9!$&'()*+,\-./:;=@_~"  # not "?", "#"


def _escaped(code_points: str, percent_encoded_byte: str = "%[0-9A-Fa-f]{2}") -> str:
    """A run of ``code_points`` and percent-encoded bytes (an unrolled loop: linear, no choice)."""
    return f"[{code_points}]*+(?:{percent_encoded_byte}[{code_points}]*+)*+"


# A path segment with no "%2e"/"%2E" anywhere, so that no segment is a dot segment in disguise.
_SEGMENT: Final = _escaped(_PATH_CODE_POINTS, "%(?!2[eE])[0-9A-Fa-f]{2}")
# A path: one or more "/"-led segments, none of them "." or "..".
_PATH: Final = rf"(?:/(?!\.\.?(?:[/?#]|\Z)){_SEGMENT})++"
# The same, faster and more conservative: no segment starts with ".", no "%" at all.
_PLAIN_PATH: Final = rf"(?:/(?!\.)[{_PATH_CODE_POINTS}]*+)++"

# A domain the host parser only lowercases, on which even the strict ToASCII records no error
# (see the module docstring): labels of 1 to 63 letters, digits and inner hyphens, no hyphens in
# the third and fourth positions, at most 253 code points, and a last label starting with a
# letter, so that the domain does not end in a number.
_LABEL: Final = r"(?>(?![a-z0-9][a-z0-9-]--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)"
_LAST_LABEL: Final = r"(?>(?![a-z0-9][a-z0-9-]--)[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)"
_DOMAIN: Final = rf"(?=[a-z0-9.-]{{1,253}}+(?![a-z0-9.-]))(?:{_LABEL}\.)*+{_LAST_LABEL}"
# A faster, more conservative form: at most 63 code points in all (so no label is longer), runs
# of letters and digits joined by single "." or "-" (no empty label, no hyphen at either end of a
# label or beside another one), the last run starting with a letter. The last label then starts
# with a letter or contains "-": either way it is not a number.
_PLAIN_DOMAIN: Final = r"(?![a-z0-9.-]{64})(?:[a-z0-9]++[.-])*+[a-z][a-z0-9]*+"
_HOST: Final = rf"(?:{_DOMAIN}|{_IPV4})"
_PLAIN_HOST: Final = rf"(?:{_PLAIN_DOMAIN}|{_IPV4})"

_QUERY: Final = rf"(?:\?{_escaped(_QUERY_CODE_POINTS)})?+"
_SPECIAL_QUERY: Final = rf"(?:\?{_escaped(_SPECIAL_QUERY_CODE_POINTS)})?+"
_FRAGMENT: Final = rf"(?:\#{_escaped(_FRAGMENT_CODE_POINTS)})?+"

#: Inputs that are already what the parser would serialize them as, error-free: the parser
#: returns a URL whose href is the input itself. Lowercase, no port, a path, and the plain
#: forms of domains and paths (the others are left to the patterns below).
_NORMALIZED: Final = re.compile(
    "(?:"
    + "|".join(
        [
            rf"(?:https?|wss?|ftp)://{_PLAIN_HOST}{_PLAIN_PATH}{_SPECIAL_QUERY}",
            rf"file://(?!localhost/)(?:{_PLAIN_HOST})?+{_PLAIN_PATH}{_SPECIAL_QUERY}",
            rf"{_NON_SPECIAL_SCHEME}:(?!/){_escaped(_OPAQUE_PATH_CODE_POINTS)}{_QUERY}",
        ]
    )
    + f"){_FRAGMENT}",
    re.ASCII,
)

#: Whether ``input`` is its own href and error-free: a match, or None (then see normalized_href).
match_normalized: Final = _NORMALIZED.fullmatch


# The same shapes, with the parts that may need normalizing captured. ASCII letters of the scheme
# and host in either case; any port of at most five digits (the port state checks its range).
# re.ASCII matters here: without it, IGNORECASE lets "ſ" (U+017F) match "s" and the Kelvin sign
# (U+212A) match "k", which the URL parser reads as anything but ASCII letters.
_AUTHORITY_URL: Final = re.compile(
    rf"(?P<scheme>(?i:https?|wss?|ftp|file))://"
    rf"(?P<host>(?i:{_HOST}))?+"
    rf"(?::(?P<port>[0-9]{{1,5}}+))?+"
    rf"(?P<path>{_PATH})?+"
    rf"(?:\?(?P<query>{_escaped(_QUERY_CODE_POINTS)}))?+"
    rf"(?:\#(?P<fragment>{_escaped(_FRAGMENT_CODE_POINTS)}))?+",
    re.ASCII,
)
_OPAQUE_PATH_URL: Final = re.compile(
    rf"(?P<scheme>(?i:{_NON_SPECIAL_SCHEME})):"
    rf"(?P<path>(?!/){_escaped(_OPAQUE_PATH_CODE_POINTS)})"
    rf"(?:\?(?P<query>{_escaped(_QUERY_CODE_POINTS)}))?+"
    rf"(?:\#(?P<fragment>{_escaped(_FRAGMENT_CODE_POINTS)}))?+",
    re.ASCII,
)


def error_free_href(input: str) -> str | None:
    """The href of an error-free input that :data:`match_normalized` takes as it is or
    :func:`normalized_href` normalizes, or None."""
    return input if match_normalized(input) is not None else normalized_href(input)


def normalized_href(input: str) -> str | None:
    """Tier 2: the href of an error-free input that :data:`match_normalized` did not match
    (only then: see error_free_href), or None."""
    # A special URL that ends right after its host, the commonest case: the path start state
    # gives it the path [""], serialized "/". (Appending "/" can only make the plain pattern
    # match by giving it the path it requires: a query, fragment or opaque path may end in "/"
    # or not, and a path segment that the pattern rejects is still rejected with "/" after it.)
    with_path = input + "/"
    if match_normalized(with_path) is not None:
        return with_path
    match = _AUTHORITY_URL.fullmatch(input)
    if match is not None:
        return _normalized_authority_url(match)
    match = _OPAQUE_PATH_URL.fullmatch(input)
    if match is not None:
        return _normalized_opaque_path_url(match)
    return None


def _normalized_authority_url(match: re.Match[str]) -> str | None:
    """The href for a match of _AUTHORITY_URL, or None when the parser would report an error.

    The parser lowercases the scheme (scheme state) and the host (host parser), drops a default
    port (port state), makes an empty path of a special URL [""] (path start state), encodes "'"
    in a special URL's query (special-query percent-encode set) and empties a file URL's
    "localhost" host (file host state).
    """
    scheme = match["scheme"].lower()
    host = match["host"]
    if host is None:
        if scheme != "file":
            return None  # host-missing
        host = ""
    else:
        host = host.lower()
        if scheme == "file" and host == "localhost":
            host = ""
    port = match["port"]
    port_part = ""
    if port is not None:
        if scheme == "file":
            return None  # a file URL has no port: ":" makes the host invalid
        number = int(port)
        if number > 0xFFFF:
            return None  # port-out-of-range
        if number != SPECIAL_SCHEMES[scheme]:
            port_part = f":{number}"
    path = match["path"]
    query = match["query"]
    fragment = match["fragment"]
    return "".join(
        [
            scheme,
            "://",
            host,
            port_part,
            "/" if path is None else path,
            "" if query is None else "?" + query.replace("'", "%27"),
            "" if fragment is None else "#" + fragment,
        ]
    )


def _normalized_opaque_path_url(match: re.Match[str]) -> str:
    """The href for a match of _OPAQUE_PATH_URL: the input with its scheme lowercased."""
    input = match.string
    scheme_end = match.end("scheme")
    return input[:scheme_end].lower() + input[scheme_end:]
