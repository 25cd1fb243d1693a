"""A fast path for the basic URL parser: common absolute URLs without running the state machine.

The basic URL parser (§4.4, https://url.spec.whatwg.org/#concept-basic-url-parser, in
:mod:`urlspec.parser`) walks its states one code point at a time, which costs tens of
microseconds per URL in Python. Most URLs met in practice are much simpler than what the state
machine is built for: ``https://example.com/a/b?q#f``, ``file:///home/me/x.js``, ``node:url``.
For those, the parser's result is the input itself, or the input with a trivial change. This
module recognizes such inputs with precompiled regular expressions and gives the parser's result
directly.

The contract, which ``tests/test_fast_path.py`` checks against the state machine over every
line of four real-world corpora and over generated inputs: whenever :func:`fast_href` returns a
string, the basic URL parser, given the same input, no base and UTF-8,

* returns a URL whose serialization is exactly that string, and
* returns exactly the record :func:`record_from_fast_href` builds from that string,

and :func:`getter_values_from_fast_href` gives what the URL class's getters give for that
record; whenever :func:`fast_href_and_errors` returns an href, it is the same, and the errors
listed with it are exactly the validation errors (https://url.spec.whatwg.org/#validation-error)
the parser meets. Everything else (``None``) goes to the state machine.

The URL class needs the href only. Most inputs are their own href, and :data:`match_own_href`
(tier 1) recognizes them with one precompiled pattern, kept as cheap as possible: it admits
inputs on which the parser may report validation errors (a host with ``_``, a query with ``{``)
but changes nothing. For :func:`fast_href_and_errors`, which must also know the errors, the
patterns of :data:`match_normalized` and tier 2 (see below) only admit inputs on which no step of
the parser can do anything but copy code points:

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

Three tiers: tier 1 takes inputs that are their own href (:data:`match_own_href`;
:data:`match_normalized` for error-free ones: lowercase, no port, and stricter forms of hosts and
paths); :func:`normalized_href` (tier 2) handles the rest of the error-free inputs the patterns
admit, with capturing patterns, and :func:`tier_2_or_3_href` first tries two cheap rewrites that
tier 1 then judges (a "/" path for a special URL that ends after its host; "/" for a special URL's
"\\" before its query). An input with ASCII tabs or newlines gets the answer for the input without
them, which the parser removes before reading anything. In the compiled build,
:func:`tier_2_or_3_href` then asks :func:`rewritten_href`: one loop over the code points of a
special URL that rewrites it as the parser reads it (scheme and host lowercased, default port
dropped, "\\" in the path as "/", the query and fragment percent-encoded) and lets tier 1 judge the
result, or sees at once what the first look (:func:`goes_to_the_state_machine`) would send to the
state machine; the patterns then only run on what it cannot tell. Tier 3, :func:`tolerated_href`,
takes three common kinds of flaw on which the parser reports validation errors but still does
nothing beyond what it does on tier-2 input (and percent-encoding a few ASCII code points), and
lists exactly those errors (names and positions). It rewrites the flaws away, lets the error-free
patterns judge the rest, and puts the parser's result for the flaws back:

* a host holding ``_`` or ``"``, or starting with ``.``, which the host parser only lowercases,
  but on which the strict ToASCII run of the domain parser fails (UseSTD3ASCIIRules,
  VerifyDnsLength), recorded as one domain-to-ASCII validation error at the host's start;
* ``\\`` in a special URL's host, port or path, which ends the host or port and separates path
  segments exactly as ``/`` does, with an invalid-reverse-solidus validation error at each one;
* printable ASCII code points in a special URL's query or fragment that are no URL code points
  (a space, ``{``, ``|``, ...), or a ``%`` that starts no percent-encoded byte, each an
  invalid-URL-unit validation error (and percent-encoded if in the query's or fragment's
  percent-encode set).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NamedTuple

from mypy_extensions import i64

from urlspec.host import HostKind
from urlspec.infra import C0_CONTROL_OR_SPACE_STRING
from urlspec.own_href import (
    _CLASSES,
    _IN_LABEL,
    _IN_OWN_HREF_LABEL,
    _IN_PATH,
    _KEPT_IN_FRAGMENT,
    _KEPT_IN_OPAQUE_PATH,
    _KEPT_IN_QUERY,
    _KEPT_IN_SPECIAL_QUERY,
    _OPAQUE_HOST_CODE_POINTS,
    _PATH_CODE_POINTS,
    _STARTS_LAST_LABEL,
    _STARTS_LAST_LABEL_BIT,
    COMPILED,
    NOT_OWN_HREF,
    _is_serialized_ipv4,
    scan_own_href,
)
from urlspec.url_record import SPECIAL_SCHEMES, URLRecord
from urlspec.validation import ValidationError

__all__ = [
    "DECLINED",
    "TUPLE_ORIGIN_PROTOCOLS",
    "GetterValues",
    "fast_href",
    "fast_href_and_errors",
    "getter_values_from_fast_href",
    "is_own_href",
    "match_fast_href_getters",
    "match_normalized",
    "match_own_href",
    "normalized_href",
    "origin_from_fast_getter_values",
    "record_from_fast_href",
    "rewritten_href",
    "tier_2_or_3_href",
    "tolerated_href",
]

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
# An IPv4 address as the IPv4 serializer writes it: four decimal numbers 0-255 without leading
# zeros, which the IPv4 parser reads without error
# (https://url.spec.whatwg.org/#concept-ipv4-serializer).
_IPV4_NUMBER: Final = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_IPV4: Final = rf"{_IPV4_NUMBER}\.{_IPV4_NUMBER}\.{_IPV4_NUMBER}\.{_IPV4_NUMBER}"
_HOST: Final = rf"(?:{_DOMAIN}|{_IPV4})"
_PLAIN_HOST: Final = rf"(?:{_PLAIN_DOMAIN}|{_IPV4})"

_QUERY: Final = rf"(?:\?{_escaped(_QUERY_CODE_POINTS)})?+"
_SPECIAL_QUERY: Final = rf"(?:\?{_escaped(_SPECIAL_QUERY_CODE_POINTS)})?+"
_FRAGMENT: Final = rf"(?:\#{_escaped(_FRAGMENT_CODE_POINTS)})?+"
_NON_SPECIAL_SCHEME: Final = r"(?!(?:https?|wss?|ftp|file):)[a-z][a-z0-9+.-]*+"

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

#: Whether ``input`` is its own href and error-free: a match, or None (then see fast_href).
match_normalized: Final = _NORMALIZED.fullmatch

# --- the own-href pattern: inputs that are their own href, validation errors or not ------------

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
#: ``input``, whatever validation errors it reports (:data:`match_normalized` matches error-free
#: ones). The shapes of _NORMALIZED, with a host of _OWN_HREF_HOST (which leaves out some that
#: _PLAIN_HOST takes: a last label that starts with a digit), a path of _OWN_HREF_PATH and any
#: code points the query, fragment and opaque path states keep; and a non-special URL with a
#: host and no credentials or port, its path empty or one of _OWN_HREF_PATH.
_OWN_HREF: Final = re.compile(
    rf"(?:(?:https?|wss?|ftp)://{_OWN_HREF_HOST}|file://(?!localhost/){_OWN_HREF_HOST}?+)"
    rf"{_OWN_HREF_PATH}(?:\?[{_KEPT_IN_SPECIAL_QUERY}]*+)?+(?:\#[{_KEPT_IN_FRAGMENT}]*+)?+"
    rf"|{_NON_SPECIAL_SCHEME}:"
    rf"(?:(?!/)[{_KEPT_IN_OPAQUE_PATH}]*+|//{_OPAQUE_HOST}(?:{_OWN_HREF_PATH})?+)"
    rf"(?:\?[{_KEPT_IN_QUERY}]*+)?+(?:\#[{_KEPT_IN_FRAGMENT}]*+)?+",
    re.ASCII,
)

#: Whether ``input`` is its own href: a match, or None (then see fast_href). The pure build's
#: tier 1; the compiled build asks urlspec.own_href.scan_own_href, its equal in code points.
match_own_href: Final = _OWN_HREF.fullmatch


def is_own_href(input: str) -> bool:
    """Tier 1: whether ``input`` is its own href, by the build's own means (see own_href)."""
    if COMPILED:
        return scan_own_href(input) != NOT_OWN_HREF
    return match_own_href(input) is not None


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


# --- recognizing and normalizing -------------------------------------------------------------


def fast_href(input: str) -> str | None:
    """The href of the URL the basic URL parser makes of ``input`` (no base, UTF-8), or None.

    None means "not a common URL": run the state machine. The parser may meet validation errors
    on an accepted input; :func:`fast_href_and_errors` lists them, when it can.
    """
    if is_own_href(input):
        return input
    return tier_2_or_3_href(input)


# Two shapes of input that every tier declines, each found by an anchored match run only when a
# substring search (much cheaper) finds what it needs in the input:
#
# * a special URL whose host's last label is "0x" and hexadecimal digits (perhaps with a
#   trailing "."): the host ends in a number
#   (https://url.spec.whatwg.org/#ends-in-a-number-checker), so the IPv4 parser reads it and
#   the href holds it in dotted decimal, never as written (or the parser fails). The tiers only
#   lowercase a host, or empty a file URL's "localhost". (The labels before the last are given
#   back one at a time, each tried once: linear.)
_HEXADECIMAL_HOST: Final = re.compile(
    r"(?:https?|wss?|ftp|file)://(?:[^/?#\\:@.]*+\.)*0x[0-9a-f]*+\.?(?:[/?#\\:]|\Z)",
    re.ASCII | re.IGNORECASE,
)
# * a path that starts with "/" (right after "scheme:", or after an authority "scheme://...")
#   and holds a single-dot or double-dot path segment
#   (https://url.spec.whatwg.org/#single-dot-path-segment, "%2e" included) ended by "/", "?",
#   "#" or the end: the path state drops it (or the segment before it), and no tier admits such
#   a segment in a path.
#   (The segments before it are skipped whole, each one that is no dot segment at once.)
_DOT_SEGMENT: Final = r"/(?:\.|%2e){1,2}(?:[/?#]|\Z)"
_DOT_SEGMENT_IN_PATH: Final = re.compile(
    rf"[a-z][a-z0-9+.\-]*+:(?=/)(?://[^/?#]*+)?+(?:(?!{_DOT_SEGMENT})/[^/?#]*+)*+{_DOT_SEGMENT}",
    re.ASCII | re.IGNORECASE,
)


def goes_to_the_state_machine(input: str) -> bool:
    """Whether every tier of the fast path declines ``input`` for what a cheap look finds in it.

    True for an input holding a code point beyond ASCII (every tier admits printable ASCII
    only), an ASCII tab or newline (the parser removes them; no tier admits them), or one of the
    shapes of _HEXADECIMAL_HOST and _DOT_SEGMENT_IN_PATH. False promises nothing: the tiers
    decide. tests/test_fast_path.py proves that no tier takes an input for which this is true.
    """
    if not input.isascii() or "\t" in input or "\n" in input or "\r" in input:
        return True
    if ("/." in input or "/%2" in input) and _DOT_SEGMENT_IN_PATH.match(input) is not None:
        return True
    return ("0x" in input or "0X" in input) and _HEXADECIMAL_HOST.match(input) is not None


def tier_2_or_3_href(input: str) -> str | None:
    """:func:`fast_href` for an input that :data:`match_own_href` (tier 1) did not match."""
    length = len(input)
    if length > 0 and (ord(input[0]) <= 0x20 or ord(input[length - 1]) <= 0x20):
        return _href_without_c0_controls_or_spaces_around(input)
    href: str | None = None
    if COMPILED:
        # One loop over the code points first; the patterns below only when it cannot tell.
        href = rewritten_href(input)
        if href is not None and href != DECLINED:
            return href  # (the loop read every code point: none is a tab or newline)
    if "\t" in input or "\n" in input or "\r" in input:
        return _href_without_tabs_or_newlines(input)
    if href == DECLINED:
        return None
    if goes_to_the_state_machine(input):
        return None  # no tier takes it: none need look
    return _tiers_2_and_3(input)


def _href_without_tabs_or_newlines(input: str) -> str | None:
    """:func:`fast_href` for an input holding an ASCII tab or newline: the fast path's answer
    for the input without them.

    The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser, with no url
    given) first removes the input's leading and trailing C0 controls and spaces (step 1.3),
    then every ASCII tab or newline (step 3), and reads only what is left. Removing the tabs and
    newlines first leaves the same string: they are C0 controls, so a run of C0 controls and
    spaces at either end, tabs and newlines in it or not, is stripped all the same, and step 1.3
    removes no tab or newline that step 3 would keep. So the input parses to the URL that the
    input without them parses to (validation errors aside: this is for the href), and the tiers
    may take that one.
    """
    return _fast_href_of_stripped(_without_tabs_or_newlines(input))


def _without_tabs_or_newlines(input: str) -> str:
    """``input`` without its ASCII tabs and newlines (each removed only where there is one:
    a search is cheaper than a replace that finds nothing)."""
    if "\t" in input:
        input = input.replace("\t", "")
    if "\n" in input:
        input = input.replace("\n", "")
    if "\r" in input:
        input = input.replace("\r", "")
    return input


def _href_without_c0_controls_or_spaces_around(input: str) -> str | None:
    """:func:`fast_href` for an input that starts or ends with a C0 control or space: the fast
    path's answer for the input without them.

    The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser, with no url
    given) first removes any leading and trailing C0 control or space from the input (step
    1.3) and reads only what is left; the input without them has none to remove, so the parser
    does the same on it from there on, and both parse to the same URL (validation errors
    aside: this is for the href). Tabs and newlines left inside are removed at once, as
    :func:`_href_without_tabs_or_newlines` would remove them (the stripped input starts and
    ends with none, so there is nothing more to strip after).
    """
    if COMPILED:
        stripped = _without_c0_controls_or_spaces_around(input)
        return _fast_href_of_stripped(_without_tabs_or_newlines(stripped))
    # (The pure build: str.strip finds the ends in C, and fast_href is what
    # _fast_href_of_stripped asks there.)
    return fast_href(_without_tabs_or_newlines(input.strip(C0_CONTROL_OR_SPACE_STRING)))


def _without_c0_controls_or_spaces_around(input: str) -> str:
    """``input`` without its leading and trailing C0 controls and spaces
    (https://infra.spec.whatwg.org/#c0-control-or-space), as ``str.strip`` with them removes
    them: found by code point, then one slice, which the compiled build runs natively (cheaper
    there than str.strip with the 33 code points; the pure build calls str.strip)."""
    start: i64 = 0
    end: i64 = len(input)
    while start < end and ord(input[start]) <= 0x20:  # a C0 control or space
        start += 1
    while end > start and ord(input[end - 1]) <= 0x20:
        end -= 1
    return input[start:end]


def _fast_href_of_stripped(input: str) -> str | None:
    """:func:`fast_href` for an input with no tab or newline, and no C0 control or space at
    either end (what the parser reads of an input once it has removed them).

    In the compiled build, :func:`rewritten_href` first, asked for an input that is its own
    href too: for a special URL, its one loop does tier 1's work and the rewriting at once.
    """
    if COMPILED:
        href = rewritten_href(input, as_is=True)
        if href is not None:
            return None if href == DECLINED else href
        if is_own_href(input):
            return input
        return None if goes_to_the_state_machine(input) else _tiers_2_and_3(input)
    return fast_href(input)


def _tiers_2_and_3(input: str) -> str | None:
    """:func:`tier_2_or_3_href` without its first look (goes_to_the_state_machine)."""
    # A special URL that ends right after its host: see normalized_href.
    with_path = input + "/"
    if is_own_href(with_path):
        return with_path
    if "\\" in input:
        href = _href_with_reverse_solidi(input)
        if href is not None:
            return href
    # (match_normalized first: it takes inputs match_own_href does not, such as a last label
    # that starts with a digit, "1-800-flowers", and normalized_href assumes it failed.)
    href = _normalized_or_none(input)
    if href is not None:
        return href
    tolerated = tolerated_href(input)
    return None if tolerated is None else tolerated[0]


_SPECIAL_AUTHORITY_PREFIXES: Final = tuple(f"{scheme}://" for scheme in SPECIAL_SCHEMES)


def _href_with_reverse_solidi(input: str) -> str | None:
    """The href of a special URL with "\\" in its host or path that is its own href once they
    are "/", or None.

    From the special authority slashes state to the path state, a special URL's "\\" is read as
    "/" is (with an invalid-reverse-solidus validation error,
    https://url.spec.whatwg.org/#path-state); the query and fragment states keep it.
    """
    if not input.startswith(_SPECIAL_AUTHORITY_PREFIXES):
        return None
    query_or_fragment = _end_of_run(_PATH_END, input, 0)
    href = input[:query_or_fragment].replace("\\", "/") + input[query_or_fragment:]
    return href if is_own_href(href) else None


# --- tiers 2 and 3 of the compiled build: one loop over code points ---------------------------

#: :func:`rewritten_href`'s answer for an input that no tier takes: the state machine parses it.
DECLINED: Final = ""


def rewritten_href(input: str, as_is: bool = False) -> str | None:
    """Tiers 2 and 3 of the compiled build, for a special URL: the href of ``input``, or
    :data:`DECLINED` when no tier takes ``input``, or None when this loop cannot tell (then
    :func:`goes_to_the_state_machine` and the patterns decide).

    One loop over the code points finds the parts of ``scheme "://" host [":" port] path
    ["?" query] ["#" fragment]`` of a special URL (https://url.spec.whatwg.org/#special-scheme)
    and rewrites each as the parser reads it, into a candidate href:

    * the scheme, ASCII letters, is lowercased (https://url.spec.whatwg.org/#scheme-state);
    * the slashes after it, two or more of "/" and "\\" (exactly two for file), become "//": the
      special authority slashes and ignore slashes states skip them, the file and file slash
      states read two (https://url.spec.whatwg.org/#special-authority-ignore-slashes-state);
    * the host, the code points up to the first "/", "\\", "?", "#" or ":" (no "@": no
      credentials), is lowercased: the host parser's domain to ASCII returns an ASCII domain
      lowercased whatever ToASCII says, and checks and parses the lowercased domain
      (https://url.spec.whatwg.org/#concept-domain-to-ascii); a host beyond ASCII (but a file
      URL's) becomes its domain to ASCII (idna.domain_to_ascii: one pass for common labels,
      else UTS #46 step by step; a failure, or a "%" in the host, which the host parser
      percent-decodes first: DECLINED), trailing "." and all (a mapped dot such as U+3002 is
      "." there), unless it ends in a number
      (https://url.spec.whatwg.org/#ends-in-a-number-checker, run on the ASCII domain);
      a file URL's ``localhost`` becomes the empty host (https://url.spec.whatwg.org/#file-host-state);
    * a port of digits (not of a file URL, whose file host state reads ":" as part of the host)
      in range is kept as a number, and dropped when it is the scheme's default port
      (https://url.spec.whatwg.org/#port-state);
    * the path's "\\" becomes "/" (the path start and path states read a special URL's "\\" as
      "/", https://url.spec.whatwg.org/#path-state), an empty path "/" (the path [""]), and,
      but in a file URL or one without a host, a single-dot or double-dot segment is dropped
      (with the segment before it) as the path state drops it;
    * the query's and fragment's code points of the special-query and fragment percent-encode
      sets (``'``, ``"``, ``<``, ``>``, space; and `````) are percent-encoded
      (https://url.spec.whatwg.org/#query-state, https://url.spec.whatwg.org/#fragment-state).

    The rewritten input is the href only if tier 1 would take it, without its port, as its own
    href: the parser then reads the input as it reads the rewritten one, and returns that (with
    the port). The loop checks what tier 1 checks on the way (``scan_own_href`` checks a host
    beyond ASCII once rewritten): each code point of the host and path is one tier 1 admits
    there (its table, ``own_href._CLASSES``; the host's once lowercased), the host is not
    empty (but a file URL's) and its last label starts with no digit, or it is an IPv4 address
    as the IPv4 serializer writes it; no dot segment is left in the path; the query and
    fragment hold printable ASCII code points only, every one of which tier 1 admits once
    percent-encoded. Otherwise None. An input that needs no rewriting is its own href, which
    tier 1 would take: the answer is ``input`` itself when ``as_is`` is true (the caller has
    not asked tier 1), else None (the caller has, and tier 1 declined it).

    The loop also sees what :func:`goes_to_the_state_machine` looks for, and answers DECLINED
    for the shapes it looks for (a code point beyond ASCII, a tab or newline, a special URL's
    hexadecimal last label, a file URL's "/"-led dot segment ended by "/", "?", "#" or the end), so
    that such an input is scanned once. ``tests/test_fast_path.py`` proves the answers equal
    to the state machine's and to the patterns' (DECLINED only where the first look says so).
    """
    if input == "" or ord(input[len(input) - 1]) <= 0x20:
        return None  # the parser strips a trailing C0 control or space
    # The loop reads the input's UTF-8 (a native read per byte in the compiled build, where
    # ord(input[i]) is a call per code point): the bytes of a code point beyond ASCII are all
    # beyond ASCII, and the loop treats every one beyond ASCII alike. The href's parts are
    # slices of ``text``, the bytes as Latin-1 code points (``input`` itself when ASCII): where
    # ``input`` is ASCII (everywhere but in a host beyond ASCII), the same code points.
    try:
        data = input.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (the parser's input never holds one)
        data = input.encode("utf-8", "surrogatepass")
    length: i64 = len(data)
    text = input if length == len(input) else data.decode("latin-1")
    classes = _CLASSES
    # The scheme: ASCII letters (as every special scheme is), then ":".
    uppercase = False  # in the scheme or host
    i: i64 = 0
    c: i64 = 0
    while i < length:
        c = data[i]
        if 0x41 <= c <= 0x5A:
            uppercase = True
        elif not 0x61 <= c <= 0x7A:
            break
        i += 1
    scheme_end = i
    if i == length or c != 0x3A:  # ":"
        return _declined_at(c) if i < length else None
    default_port = _default_port_of_special_scheme(data, scheme_end)
    if default_port == _NOT_SPECIAL:
        return None
    # The slashes before the host: the special authority slashes and special authority ignore
    # slashes states skip every "/" and "\\" (https://url.spec.whatwg.org/#special-authority-
    # ignore-slashes-state); the file and file slash states read two, each "/" or "\\"
    # (https://url.spec.whatwg.org/#file-slash-state). Two at least: then a base is never read
    # (the special relative or authority, relative and relative slash states go on to the
    # special authority ignore slashes state; the file state to the file slash state), and the
    # API URL parser gives the fast path an input with a scheme whatever the base.
    # ``as_written``: they are "//".
    host_start = scheme_end + 1
    if default_port == _FILE:
        if not (
            host_start + 1 < length
            and data[host_start] in (0x2F, 0x5C)
            and data[host_start + 1] in (0x2F, 0x5C)
        ):
            return None
        host_start += 2
    else:
        while host_start < length and data[host_start] in (0x2F, 0x5C):
            host_start += 1
        if host_start < scheme_end + 3:
            return None  # fewer than two: the parser reads a base of the same scheme
    as_written = (
        host_start == scheme_end + 3
        and data[scheme_end + 1] == 0x2F
        and data[scheme_end + 2] == 0x2F
    )
    # The host, and where its last label starts (and the one before, for a trailing "."). Every
    # code point of an ASCII host must be one tier 1 admits in a host's labels, once lowercased.
    i = host_start
    last_label = host_start
    label_before: i64 = host_start
    beyond_ascii = False  # in the host
    # A forbidden domain code point, or "%" (percent-decoded first), in the host: the patterns
    # decide, but in a host beyond ASCII, whose domain to ASCII decides (it fails on a forbidden
    # domain code point left once mapped; "<" and ">" before U+0338 compose to one beyond ASCII,
    # "≮" and "≯").
    not_in_label = False
    while i < length:
        c = data[i]
        if 0x61 <= c | 0x20 <= 0x7A:  # an ASCII letter (the commonest)
            if c < 0x61:
                uppercase = True
            i += 1
            continue
        if 0x30 <= c <= 0x39 or c == 0x2D:  # 0-9 "-"
            i += 1
            continue
        if c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23 or c == 0x3A:  # / \ ? # :
            break
        if c == 0x2E:  # "."
            label_before = last_label
            last_label = i + 1
        elif c >= 0x80 and default_port != _FILE:
            beyond_ascii = True
        elif c <= 0x20 or c >= 0x7F or c == 0x40:  # a control, space, beyond ASCII; "@"
            return _declined_at(c)
        elif not classes[c] & _IN_LABEL:
            not_in_label = True
        i += 1
    host_end = i
    if not_in_label and not beyond_ascii:
        return None
    # A host beyond ASCII: the domain to ASCII of its common labels, in one pass (the host
    # parser's answer for it: https://url.spec.whatwg.org/#concept-host-parser, whose domain to
    # ASCII idna.domain_to_ascii_or_none gives when it gives anything); for any other, the
    # state machine.
    ascii_host = ""
    if beyond_ascii:
        # (The code points of the host: every code point before it is ASCII, and so is every
        # one after it, or the loop declines the input below.)
        host = input[host_start : host_end - (length - len(input))]
        if "%" in host:
            return DECLINED  # the host parser percent-decodes it first
        # The domain parser (its one pass for common labels, else UTS #46 step by step). A lone
        # surrogate, which the parser's input never holds (it is made a scalar value string
        # first), becomes U+FFFD in it as in the parser's input.
        to_ascii = _domain_to_ascii_or_none or _load_domain_to_ascii_or_none()
        ascii_domain = to_ascii(host)
        if ascii_domain is None:
            return DECLINED
        ascii_host = ascii_domain
    if last_label == host_end and host_end > host_start:
        # A trailing "." (the ends-in-a-number checker skips it). (Of a host beyond ASCII, the
        # labels as written, which its domain to ASCII may split at a mapped dot: a hexadecimal
        # one is a hexadecimal one there too; the checker runs on the ASCII domain below.)
        last_label = label_before
        label_end = host_end - 1
        if not beyond_ascii and not _is_hexadecimal_number(data, last_label, label_end):
            return None  # tier 1 admits no trailing "." (the patterns decide)
    else:
        label_end = host_end
    if _is_hexadecimal_number(data, last_label, label_end):
        # the host ends in a number: the IPv4 parser reads it
        return DECLINED if as_written else None
    if not beyond_ascii and host_end > host_start:
        # The last label as tier 1 wants it: starting with no digit, or the host is an IPv4
        # address as the IPv4 serializer writes it.
        first: i64 = data[last_label]
        if not (
            0x41 <= first <= 0x5A
            or classes[first] & _STARTS_LAST_LABEL_BIT
            or _is_serialized_ipv4(text, host_start, host_end)
        ):
            return None
    elif host_end == host_start and default_port != _FILE:
        return None  # host-missing: the parser fails
    # The port.
    port: i64 = -1
    if i < length and c == 0x3A:  # ":"
        if default_port == _FILE:
            return None  # the file host state reads ":" as part of the host
        i += 1
        port_start = i
        value: i64 = 0
        while i < length:
            c = data[i]
            if not 0x30 <= c <= 0x39:
                break
            value = value * 10 + (c - 0x30)
            if value > 0xFFFF:
                return None  # port-out-of-range: the parser fails
            i += 1
        if i < length and not (c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23):
            return _declined_at(c)  # port-invalid, or credentials: the patterns decide
        if i > port_start and value != default_port:
            port = value
    # The path, up to "?" or "#": "\\" is "/"; a "/"-led dot segment ended by "/", "?", "#" or
    # the end is what goes_to_the_state_machine looks for.
    # A dot segment of a special URL other than file, with a host, is dropped as the path state
    # drops it, in this same pass (see below); a file URL's (where a Windows drive letter may
    # stop "..") is left to the state machine. Every other code point must be a path code
    # point tier 1 admits (or "%").
    #
    # Dropping dot segments (https://url.spec.whatwg.org/#path-state): each segment (the buffer,
    # ended by "/" or "\\", or by "?", "#" or the end) is read as the path state reads it: a
    # double-dot segment shortens the path (removes its last item, if any; a special URL other
    # than file has no Windows drive letter to keep) and appends "" when the path ends there; a
    # single-dot segment appends "" when the path ends there; any other segment is appended.
    # The path is serialized as it goes ("/" before each item,
    # https://url.spec.whatwg.org/#url-path-serializer): the segments appended since the last
    # dot segment are one run of ``input`` from ``run_start``; at a dot segment, the run goes to
    # the kept items: ``kept``, serialized, then ``text[kept_start:kept_end]`` (the last run
    # kept, still unsliced: a double-dot segment after it shortens it in place, and a run
    # emptied so, as in "/./a/../", is never sliced).
    path_start = i
    backslash = False
    # Whether an ASCII upper-case letter follows the host, and a "\\" the path: then lowercasing
    # or replacing "\\" in the whole input does not make the href (see below).
    uppercase_after_host = False
    backslash_after_path = False
    dot_segments = False
    resolves_dot_segments = default_port != _FILE
    segment_start = i
    kept = ""
    kept_start = kept_end = run_start = i
    ends_with_dot_segment = False
    while i <= length:
        c = 0x23 if i == length else data[i]  # (the end ends the path as "#" does)
        if 0x61 <= c <= 0x7A or 0x30 <= c <= 0x39:  # a-z 0-9 (the commonest)
            i += 1
            continue
        if c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23:  # / \ ? #
            dots: i64 = 0
            if path_start < segment_start < i and data[segment_start] in (0x2E, 0x25):
                dots = _dots_of_dot_segment(data, segment_start, i)  # "." or "%" first
            if dots > 0:
                if resolves_dot_segments:
                    dot_segments = True
                    if run_start < segment_start - 1:  # the run goes to the kept items
                        if kept_start < kept_end:
                            kept += text[kept_start:kept_end]
                        kept_start = run_start
                        kept_end = segment_start - 1
                    if dots == 2:
                        # Shorten the path: its last item goes, from its "/" (or "\\", still
                        # "\\" here): every item of a run starts with one.
                        if kept_start < kept_end:
                            kept_end -= 1
                            while data[kept_end] != 0x2F and data[kept_end] != 0x5C:
                                kept_end -= 1
                        elif kept:
                            cut = kept.rfind("/")
                            if backslash:
                                cut = max(cut, kept.rfind("\\"))
                            kept = kept[:cut]
                    run_start = i
                    # the path ends with a dot segment: the item "" is appended
                    ends_with_dot_segment = c == 0x3F or c == 0x23
                elif as_written and c != 0x5C and data[segment_start - 1] == 0x2F:
                    return DECLINED
                else:
                    return None  # a file URL's dot segment: the state machine
            if c == 0x3F or c == 0x23:
                break
            backslash = backslash or c == 0x5C
            segment_start = i + 1
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c <= 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif not classes[c] & _IN_PATH:
            return None  # kept by the path state, or percent-encoded: the patterns decide
        i += 1
    query_start = min(i, length)
    # The query, up to "#", and the fragment: every printable ASCII code point is one tier 1
    # admits once those of the percent-encode sets are percent-encoded.
    encode_query = False
    while i < length:
        c = data[i]
        if c == 0x23:  # "#"
            break
        if c == 0x27 or c == 0x22 or c == 0x3C or c == 0x3E or c == 0x20:  # ' " < > space
            encode_query = True
        elif c < 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c == 0x5C:
            backslash_after_path = True
        i += 1
    fragment_start = i
    encode_fragment = False
    while i < length:
        c = data[i]
        if c == 0x60 or c == 0x22 or c == 0x3C or c == 0x3E or c == 0x20:  # ` " < > space
            encode_fragment = True
        elif c < 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c == 0x5C:
            backslash_after_path = True
        i += 1
    # The href: the scheme and host lowercased (a host beyond ASCII: its domain to ASCII), the
    # port if any, then the rest; the input itself when none of these changes anything.
    rewritten = backslash or dot_segments or encode_query or encode_fragment
    file_localhost = (
        default_port == _FILE
        and host_end - host_start == 9
        and data[host_start:host_end].lower() == b"localhost"
    )
    if not (
        uppercase
        or beyond_ascii
        or rewritten
        or file_localhost
        or not as_written
        or path_start != host_end
        or path_start == query_start
    ):
        return input if as_is else None  # (as_is False: tier 1 has declined it)
    if (
        as_written
        and path_start == host_end
        and path_start < query_start
        and not (dot_segments or encode_query or encode_fragment or beyond_ascii or file_localhost)
        and not (uppercase and uppercase_after_host)
        and not (backslash and backslash_after_path)
    ):
        # The input, but "\\" for "/" and in lower case: "\\" is only in the path, upper case
        # only in the scheme and host (one new string or two, no slices).
        href = input.replace("\\", "/") if backslash else input
        return href.lower() if uppercase else href
    href_host_start = scheme_end + 3
    if beyond_ascii:
        before_path = text[:scheme_end].lower() + "://" + ascii_host
    else:
        if as_written:
            before_path = text[:host_end]
        else:
            before_path = text[:scheme_end] + "://" + text[host_start:host_end]
        if uppercase:
            before_path = before_path.lower()
    if file_localhost:
        before_path = before_path[:href_host_start]  # the file host state empties "localhost"
    if not (backslash or encode_query or encode_fragment or beyond_ascii) and (
        path_start < query_start
    ):
        # The path (but its dot segments), query and fragment as written: one slice of the
        # input (the dot segments' kept items before it).
        if not dot_segments:
            rest = text[path_start:]
        else:
            rest = "/" + text[query_start:] if ends_with_dot_segment else text[run_start:]
            if kept_start < kept_end:
                rest = text[kept_start:kept_end] + rest
            if kept:
                rest = kept + rest
        if port < 0:
            return before_path + rest
        return f"{before_path}:{port}{rest}"
    if backslash or dot_segments:
        if dot_segments:
            path = "/" if ends_with_dot_segment else text[run_start:query_start]
            if kept_start < kept_end:
                path = text[kept_start:kept_end] + path
            if kept:
                path = kept + path
        else:
            path = text[path_start:query_start]
        if backslash:
            path = path.replace("\\", "/")
    elif path_start == query_start:
        path = "/"  # an empty path: the path [""]
    else:
        path = text[path_start:query_start]
    if encode_query or encode_fragment:
        query = text[query_start:fragment_start]
        if encode_query:
            query = _SPECIAL_QUERY_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, query)
        fragment = text[fragment_start:]
        if encode_fragment:
            fragment = _FRAGMENT_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, fragment)
        after_path = query + fragment
    else:
        after_path = text[query_start:]
    if beyond_ascii:
        # The host is the domain to ASCII unless that ends in a number (then the IPv4 parser
        # reads it), which the ends-in-a-number checker decides on the ASCII domain, skipping one
        # trailing empty label (https://url.spec.whatwg.org/#ends-in-a-number-checker): a mapped
        # dot (such as U+3002) or full-width digits show only there. Tier 1 checks the ASCII
        # domain but a trailing "." (which it admits in no host): its last label before that "."
        # must start with no ASCII digit (a number, or an IPv4 address whose serialization has no
        # trailing "."; starting with a digit is only ever declined).
        before_checked_path = before_path
        if ascii_host[len(ascii_host) - 1] == ".":
            last = ascii_host.rfind(".", 0, len(ascii_host) - 1) + 1
            if last == len(ascii_host) - 1 or 0x30 <= ord(ascii_host[last]) <= 0x39:
                return None  # an empty label, or a last label that may be a number
            before_checked_path = before_path[: len(before_path) - 1]
        if scan_own_href(f"{before_checked_path}{path}{after_path}") == NOT_OWN_HREF:
            return None  # (a domain to ASCII that tier 1 does not admit, such as an IPv4 address)
    if port < 0:
        return f"{before_path}{path}{after_path}"
    return f"{before_path}:{port}{path}{after_path}"


# idna.domain_to_ascii_or_none, imported on the first host beyond ASCII (a common URL needs no
# IDNA: tests/test_import_cost.py).
_domain_to_ascii_or_none: Callable[[str], str | None] | None = None


def _load_domain_to_ascii_or_none() -> Callable[[str], str | None]:
    global _domain_to_ascii_or_none
    from urlspec.idna import domain_to_ascii_or_none

    _domain_to_ascii_or_none = domain_to_ascii_or_none
    return domain_to_ascii_or_none


# What _default_port_of_special_scheme says of a scheme that is not special, and of file.
_NOT_SPECIAL: Final = -2
_FILE: Final = -1


def _default_port_of_special_scheme(data: bytes, end: i64) -> i64:
    """The default port of the scheme ``data[:end]`` (UTF-8), ASCII letters in any
    case, if it is a special scheme (https://url.spec.whatwg.org/#special-scheme; file: _FILE),
    or _NOT_SPECIAL; compared code point by code point, ASCII case-insensitively (no slice, no
    lowercasing)."""
    if end < 2 or end > 5:
        return _NOT_SPECIAL
    c0: i64 = data[0] | 0x20
    c1: i64 = data[1] | 0x20
    if end == 2:
        return 80 if c0 == 0x77 and c1 == 0x73 else _NOT_SPECIAL  # "ws"
    c2: i64 = data[2] | 0x20
    if end == 3:
        if c0 == 0x77 and c1 == 0x73 and c2 == 0x73:  # "wss"
            return 443
        return 21 if c0 == 0x66 and c1 == 0x74 and c2 == 0x70 else _NOT_SPECIAL  # "ftp"
    c3: i64 = data[3] | 0x20
    if c0 == 0x68 and c1 == 0x74 and c2 == 0x74 and c3 == 0x70:  # "http"
        if end == 4:
            return 80
        return 443 if data[4] | 0x20 == 0x73 else _NOT_SPECIAL  # "https"
    if end == 4 and c0 == 0x66 and c1 == 0x69 and c2 == 0x6C and c3 == 0x65:  # "file"
        return _FILE
    return _NOT_SPECIAL


def _declined_at(code_point: i64) -> str | None:
    """DECLINED for a code point that no tier admits anywhere in an input (beyond ASCII, a tab
    or newline: see goes_to_the_state_machine), None for any other."""
    if code_point >= 0x80 or code_point == 0x09 or code_point == 0x0A or code_point == 0x0D:
        return DECLINED
    return None


def _is_hexadecimal_number(data: bytes, start: i64, end: i64) -> bool:
    """Whether ``data[start:end]`` is "0x" or "0X" and ASCII hex digits (IPv4 number syntax)."""
    if end - start < 2 or data[start] != 0x30 or data[start + 1] | 0x20 != 0x78:
        return False
    i = start + 2
    while i < end:
        c: i64 = data[i] | 0x20
        if not (0x30 <= c <= 0x39 or 0x61 <= c <= 0x66):
            return False
        i += 1
    return True


def _dots_of_dot_segment(data: bytes, start: i64, end: i64) -> i64:
    """1 when ``data[start:end]`` is a single-dot path segment, 2 when it is a double-dot one
    (https://url.spec.whatwg.org/#single-dot-path-segment), else 0: one or two of "." and
    "%2e", ASCII case-insensitively (url_record's is_single_dot_path_segment and
    is_double_dot_path_segment, read in place)."""
    dots: i64 = 0
    i = start
    while i < end:
        if data[i] == 0x2E:  # "."
            i += 1
        elif (
            i + 3 <= end
            and data[i] == 0x25  # "%"
            and data[i + 1] == 0x32  # "2"
            and data[i + 2] | 0x20 == 0x65  # "e" or "E"
        ):
            i += 3
        else:
            return 0
        dots += 1
        if dots > 2:
            return 0
    return dots


def fast_href_and_errors(input: str) -> tuple[str, list[ValidationError]] | None:
    """:func:`fast_href`'s href and every validation error the parser meets on ``input``, or
    None: also for some inputs :func:`fast_href` takes (its own-href pattern lets through errors
    that only the state machine lists, such as a host with "xn--" or hyphens that fail
    CheckHyphens)."""
    href = _normalized_or_none(input)
    if href is not None:
        return href, []
    return tolerated_href(input)


def normalized_href(input: str) -> str | None:
    """Tier 2: the href of an error-free input that :data:`match_normalized` did not match
    (only then: see _normalized_or_none), or None."""
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


# --- tier 3: inputs the parser accepts with a few validation errors -------------------------


class _SpecialURLParts(NamedTuple):
    """The parts of a special URL tier 3 looks at (see _SPECIAL_URL_PARTS), and where they are."""

    input: str
    host: str
    port_and_path: str  # "\\" included
    query: str  # "?" included, or ""
    fragment: str | None  # "#" excluded
    host_start: int
    path_start: int  # where the port or path starts
    query_start: int
    fragment_start: int  # where "#" is, if there is a fragment


def tolerated_href(input: str) -> tuple[str, list[ValidationError]] | None:
    """The href and validation errors for a special URL that the error-free patterns accept once
    three kinds of flaw are rewritten away; None for anything else (and for an input with none).

    * ``_`` and ``"`` in the host become ``a``, and a leading ``.`` gets an ``a`` before it
      (see :func:`_stand_in_host`). The host parser treats the two hosts alike but for one thing:
      the domain parser (https://url.spec.whatwg.org/#concept-domain-to-ascii) lowercases an
      ASCII domain whatever ToASCII says, and its strict ToASCII run fails on the input's, which
      is one domain-to-ASCII validation error at the host's start, however many flaws there are.
      The stand-in cannot hide another error: the strict run records one error at most, and
      ``a`` cannot make a label "xn--" or a host that ends in a number (so a host the error-free
      patterns accept with it has no other reason to fail). The input's host, lowercased, goes
      in the href.
    * ``\\`` after the "//" and before any "?" or "#" becomes ``/``. In a special URL the
      authority, host, port, path start and path states treat ``\\`` as they treat ``/``, and the
      path start and path states report invalid-reverse-solidus at it
      (https://url.spec.whatwg.org/#path-state): one error at each ``\\``.
    * Printable ASCII code points of the query and fragment that are no URL code points
      (https://url.spec.whatwg.org/#url-code-points), and ``%`` not followed by two hex digits,
      become ``a``. The query and fragment states report invalid-URL-unit at each
      (https://url.spec.whatwg.org/#query-state), and percent-encode the code points of the
      special-query and fragment percent-encode sets: the href's query and fragment are the
      input's, so encoded (see _encoded_query_and_fragment).
    """
    parts = _special_url_parts(input)
    if parts is None:
        return None
    stand_in_host = _stand_in_host(parts.host)
    errors = _flaw_errors(parts, stand_in_host)
    if not errors:
        return None
    href = _normalized_or_none(_without_flaws(parts, stand_in_host))
    if href is not None:
        # (errors are in input order, and only the query and fragment have invalid URL units)
        flawed_query_or_fragment = errors[-1].name == "invalid-URL-unit"
        href = _with_flaws_put_back(href, parts, stand_in_host, flawed_query_or_fragment)
    return None if href is None else (href, errors)


def _special_url_parts(input: str) -> _SpecialURLParts | None:
    """The parts of a special URL that is printable ASCII and needs no stripping, or None."""
    parts = _SPECIAL_URL_PARTS.fullmatch(input)
    if parts is None or not input.isascii() or input.endswith(" "):
        return None  # code points to UTF-8 percent-encode, or a space to strip
    scheme, host, path, query, fragment = parts.groups()
    if scheme.lower() not in SPECIAL_SCHEMES:
        return None
    host_start = len(scheme) + 3
    path_start = host_start + len(host)
    query_start = path_start + len(path)
    if not input[query_start:].isprintable():
        return None  # a control, which the query or fragment state would percent-encode
    return _SpecialURLParts(
        input,
        host,
        path,
        query,
        fragment,
        host_start,
        path_start,
        query_start,
        query_start + len(query),
    )


def _flaw_errors(parts: _SpecialURLParts, stand_in_host: str) -> list[ValidationError]:
    """The validation errors the parser reports at the flaws tier 3 takes, in input order."""
    errors: list[ValidationError] = []
    if stand_in_host != parts.host:
        errors.append(ValidationError("domain-to-ASCII", parts.host_start))
    # (each kind is looked for first: most inputs have one kind of flaw at most)
    if "\\" in parts.port_and_path:
        errors += [
            ValidationError("invalid-reverse-solidus", parts.path_start + backslash.start())
            for backslash in _BACKSLASH.finditer(parts.port_and_path)
        ]
    if _INVALID_QUERY_UNIT.search(parts.query) is not None:
        errors += [
            ValidationError("invalid-URL-unit", parts.query_start + unit.start())
            for unit in _INVALID_QUERY_UNIT.finditer(parts.query)
        ]
    fragment = parts.fragment
    if fragment is not None and _INVALID_FRAGMENT_UNIT.search(fragment) is not None:
        errors += [
            ValidationError("invalid-URL-unit", parts.fragment_start + 1 + unit.start())
            for unit in _INVALID_FRAGMENT_UNIT.finditer(fragment)
        ]
    return errors


def _without_flaws(parts: _SpecialURLParts, stand_in_host: str) -> str:
    """The input with its flaws rewritten away, for the error-free patterns to judge."""
    fragment = parts.fragment
    return "".join(
        [
            parts.input[: parts.host_start],
            stand_in_host,
            parts.port_and_path.replace("\\", "/"),
            _INVALID_QUERY_UNIT.sub("a", parts.query),
            "" if fragment is None else "#" + _INVALID_FRAGMENT_UNIT.sub("a", fragment),
        ]
    )


def _with_flaws_put_back(
    href: str, parts: _SpecialURLParts, stand_in_host: str, flawed_query_or_fragment: bool
) -> str | None:
    """The href of the input, from that of its flawless stand-in; None if they differ elsewhere."""
    # The href's host is where the input's was (the scheme only changed case), lowercased.
    host_start = parts.host_start
    href_host_end = host_start + len(stand_in_host)
    if href[host_start:href_host_end] != stand_in_host.lower():
        return None  # e.g. a file URL's "localhost", which the file host state empties
    href = href[:host_start] + parts.host.lower() + href[href_host_end:]
    if not flawed_query_or_fragment:
        return href  # tier 2 has encoded the query as the query state does ("'" as "%27")
    # The input's query and fragment, percent-encoded as the query and fragment states do.
    return href[: _end_of_run(_PATH_END, href, host_start)] + _encoded_query_and_fragment(
        parts.input[parts.query_start : parts.fragment_start], parts.fragment
    )


# A special URL's parts, as the special authority and path states delimit them: scheme, host,
# port and path ("\\" ends the host and takes the place of "/"), query ("?" included, "" when
# there is none) and fragment ("#" excluded, None when there is none).
_SPECIAL_URL_PARTS: Final = re.compile(
    r"([a-zA-Z]++)://([^:/\\?#]*+)([^?#]*+)([^#]*+)(?:\#(.*+))?+", re.DOTALL
)


# ASCII code points that the domain parser keeps in a host (they are no forbidden domain code
# points, https://url.spec.whatwg.org/#forbidden-domain-code-point) but on which the strict
# ToASCII fails (UseSTD3ASCIIRules: they are "disallowed_STD3_valid").
_STD3_ONLY: Final = ("_", '"')


def _stand_in_host(host: str) -> str:
    """``host`` with the code points that fail only the strict ToASCII made into ``a``.

    Those are the code points of _STD3_ONLY, and an empty first label (a leading "."
    before a label, which fails VerifyDnsLength) becomes "a": the labels stay where they are, so
    the last label (which decides whether the host ends in a number) is unchanged, or a number
    (digits, "0x" and hex digits) only if it was one.
    """
    stand_in = host
    for code_point in _STD3_ONLY:
        stand_in = stand_in.replace(code_point, "a")
    if stand_in.startswith(".") and stand_in[1:2].isalnum():
        stand_in = "a" + stand_in
    return stand_in


_BACKSLASH: Final = re.compile(r"\\")

# Printable ASCII code points that are no URL code points, and "%" not followed by two ASCII hex
# digits: invalid-URL-unit in the query state (which never sees "#": it starts the fragment) and
# in the fragment state.
_INVALID_QUERY_UNIT: Final = re.compile(r"[ \"<>\[\\\]^`{|}]|%(?![0-9A-Fa-f]{2})")
_INVALID_FRAGMENT_UNIT: Final = re.compile(r"[ \"#<>\[\\\]^`{|}]|%(?![0-9A-Fa-f]{2})")

# The printable ASCII code points of the special-query percent-encode set
# (https://url.spec.whatwg.org/#special-query-percent-encode-set) and of the fragment
# percent-encode set (https://url.spec.whatwg.org/#fragment-percent-encode-set).
_SPECIAL_QUERY_PERCENT_ENCODE_SET: Final = re.compile(r"[ \"#<>']")
_FRAGMENT_PERCENT_ENCODE_SET: Final = re.compile(r"[ \"<>`]")


def _encoded_query_and_fragment(query: str, fragment: str | None) -> str:
    """The query ("?" included, or "") and fragment (None: none) of a special URL, with the code
    points of their percent-encode sets percent-encoded (https://url.spec.whatwg.org/#query-state,
    https://url.spec.whatwg.org/#fragment-state), and "#" between them."""
    encoded_query = _SPECIAL_QUERY_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, query)
    if fragment is None:
        return encoded_query
    return encoded_query + "#" + _FRAGMENT_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, fragment)


def _percent_encoded_byte(match: re.Match[str]) -> str:
    """The percent-encoded byte of a matched ASCII code point (its UTF-8 encoding: one byte)."""
    return f"%{ord(match[0]):02X}"


def _normalized_or_none(input: str) -> str | None:
    """The href of an error-free input that :data:`match_normalized` or tier 2 takes, or None."""
    return input if match_normalized(input) is not None else normalized_href(input)


# Where a path ends.
_PATH_END: Final = re.compile(r"[?#]")


def _end_of_run(delimiter: re.Pattern[str], input: str, start: int) -> int:
    """Where ``delimiter`` first matches at or after ``start`` in ``input``, or its length."""
    match = delimiter.search(input, start)
    return len(input) if match is None else match.start()


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
    """The URL record of a URL whose href :func:`fast_href` returned.

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
    """The getters' values (see GetterValues) of a URL whose href :func:`fast_href` returned."""
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
