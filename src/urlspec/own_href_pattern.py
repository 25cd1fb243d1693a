"""Tier 1 of the fast path as a pattern: whether an input is its own href.

Most URLs met in practice are their own href: the basic URL parser (§4.4,
https://url.spec.whatwg.org/#concept-basic-url-parser) returns a URL whose serialization is the
input itself. :data:`match_own_href` recognizes them with one precompiled pattern, kept as cheap
as possible: it admits inputs on which the parser may report validation errors (a host with
``_``, a query with ``{``) but changes nothing. It is the pure build's tier 1 (``re`` runs in C);
the compiled build's is :func:`urlspec.own_href.scan_own_href`, a loop over code points that
accepts exactly the same inputs (``tests/test_own_href.py``). :func:`is_own_href` asks the
build's own. The error-free patterns of :mod:`urlspec.normalized_href` share two of its pieces:
an IPv4 address as the IPv4 serializer writes it, and a non-special scheme.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.own_href import (
    _IN_OWN_HREF_LABEL,
    _KEPT_IN_FRAGMENT,
    _KEPT_IN_OPAQUE_PATH,
    _KEPT_IN_QUERY,
    _KEPT_IN_SPECIAL_QUERY,
    _OPAQUE_HOST_CODE_POINTS,
    _PATH_CODE_POINTS,
    _STARTS_LAST_LABEL,
    COMPILED,
    NOT_OWN_HREF,
    scan_own_href,
)

__all__ = ["is_own_href", "match_own_href"]

# Every unbounded repetition below is possessive (``*+``, ``++``, ``?+``; Python 3.11+), as in the
# error-free patterns (see urlspec.normalized_href), but the one the host's comment explains.

# An IPv4 address as the IPv4 serializer writes it: four decimal numbers 0-255 without leading
# zeros, which the IPv4 parser reads without error
# (https://url.spec.whatwg.org/#concept-ipv4-serializer).
_IPV4_NUMBER: Final = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_IPV4: Final = rf"{_IPV4_NUMBER}\.{_IPV4_NUMBER}\.{_IPV4_NUMBER}\.{_IPV4_NUMBER}"
_NON_SPECIAL_SCHEME: Final = r"(?!(?:https?|wss?|ftp|file):)[a-z][a-z0-9+.-]*+"

# The code point classes (_KEPT_IN_..., _IN_OWN_HREF_LABEL, _STARTS_LAST_LABEL,
# _OPAQUE_HOST_CODE_POINTS) are in own_href, where the compiled build's tier 1 makes a table of
# them: one definition for both forms of tier 1.


# A host the host parser returns as it is: the domain parser lowercases an ASCII domain and, when
# not strict, fails only on a forbidden domain code point (its strict ToASCII run reports at most a
# validation error: https://url.spec.whatwg.org/#concept-domain-to-ascii). So lowercase labels of
# any printable ASCII code points but the forbidden ones (" #%/:<>?@[\\]^|") do, as long as the
# host does not end in a number (https://url.spec.whatwg.org/#ends-in-a-number-checker), which
# would make it an IPv4 address: here its last label starts with no digit (a number is digits,
# or "0x" and hex digits). The regex finds the last "." by backtracking from the host's end, one
# step per code point. Or an IPv4 address as the IPv4 serializer writes it.
_OWN_HREF_HOST: Final = (
    rf"(?:(?:[{_IN_OWN_HREF_LABEL}.]*\.)?[{_STARTS_LAST_LABEL}][{_IN_OWN_HREF_LABEL}]*+|{_IPV4})"
)

# A path of segments that are no dot segments (https://url.spec.whatwg.org/#single-dot-path-segment:
# ".", "..", and those with "%2e" or "%2E" for a "."), of URL code points and "%" (a "%" that
# starts no percent-encoded byte is a validation error, kept). The lookahead fails at once on a
# segment that does not start with "." or "%".
_DOT: Final = r"(?:\.|%2[eE])"
_OWN_HREF_PATH: Final = rf"(?:/(?!{_DOT}{_DOT}?+(?:[/?#]|\Z))[{_PATH_CODE_POINTS}%]*+)++"

# A non-special URL's host, which the opaque host parser returns as it is
# (https://url.spec.whatwg.org/#concept-opaque-host-parser): printable ASCII code points but the
# forbidden host code points (" #/:<>?@[\\]^|") and "%" (which would need checking), in any case.
_OPAQUE_HOST: Final = rf"[{_OPAQUE_HOST_CODE_POINTS}]++"

#: Inputs that the parser returns as they are: the href of the URL it makes of ``input`` is
#: ``input``, whatever validation errors it reports (normalized_href.match_normalized matches
#: error-free ones). The shapes of normalized_href's _NORMALIZED, with a host of _OWN_HREF_HOST
#: (which leaves out some that its _PLAIN_HOST takes: a last label that starts with a digit), a
#: path of _OWN_HREF_PATH and any code points the query, fragment and opaque path states keep;
#: and a non-special URL with a host and no credentials or port, its path empty or one of
#: _OWN_HREF_PATH.
_OWN_HREF: Final = re.compile(
    rf"(?:(?:https?|wss?|ftp)://{_OWN_HREF_HOST}|file://(?!localhost/){_OWN_HREF_HOST}?+)"
    rf"{_OWN_HREF_PATH}(?:\?[{_KEPT_IN_SPECIAL_QUERY}]*+)?+(?:\#[{_KEPT_IN_FRAGMENT}]*+)?+"
    rf"|{_NON_SPECIAL_SCHEME}:"
    rf"(?:(?!/)[{_KEPT_IN_OPAQUE_PATH}]*+|//{_OPAQUE_HOST}(?:{_OWN_HREF_PATH})?+)"
    rf"(?:\?[{_KEPT_IN_QUERY}]*+)?+(?:\#[{_KEPT_IN_FRAGMENT}]*+)?+",
    re.ASCII,
)

#: Whether ``input`` is its own href: a match, or None (then see fast_path.fast_href). The pure
#: build's tier 1; the compiled build asks urlspec.own_href.scan_own_href, its equal in code points.
match_own_href: Final = _OWN_HREF.fullmatch


def is_own_href(input: str) -> bool:
    """Tier 1: whether ``input`` is its own href, by the build's own means (see own_href)."""
    if COMPILED:
        return scan_own_href(input) != NOT_OWN_HREF
    return match_own_href(input) is not None
