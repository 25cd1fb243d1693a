"""A fast path for the basic URL parser: common absolute URLs without running the state machine.

The basic URL parser (§4.4, https://url.spec.whatwg.org/#concept-basic-url-parser, in
:mod:`urlspec.parser`) walks its states one code point at a time, which costs tens of
microseconds per URL in Python. Most URLs met in practice are much simpler than what the state
machine is built for: ``https://example.com/a/b?q#f``, ``file:///home/me/x.js``, ``node:url``.
For those, the parser's result is the input itself, or the input with a trivial change. The fast
path recognizes such inputs and gives the parser's result directly; this module is its entry,
:func:`fast_href`, which asks its tiers in turn:

* tier 1, :func:`urlspec.own_href_pattern.is_own_href`: the input is its own href (a pattern in
  the pure build, :func:`urlspec.own_href.scan_own_href` in the compiled one);
* tier 2, :mod:`urlspec.normalized_href`: error-free inputs that the parser only lowercases,
  gives a default port or "/" path less or more, and the like;
* tier 3, :mod:`urlspec.tolerated_href`: inputs with a few validation errors it reproduces (a
  host with ``_``, ``\\`` in a path, a space in a query), which it rewrites away for tier 2;
* in the compiled build, first :mod:`urlspec.rewritten_href`: one loop over the code points of a
  special URL that rewrites it as the parser reads it, for tier 1 to judge.

Before them, :func:`tier_2_or_3_href` tries two cheap rewrites that tier 1 then judges (a "/"
path for a special URL that ends after its host; "/" for a special URL's "\\" before its query),
and a first look (:func:`goes_to_the_state_machine`) sends at once to the state machine what
no tier would take. An input with C0 controls or spaces around it, or ASCII tabs or newlines in
it, gets the answer for the input without them, which the parser removes before reading
anything.

The contract, which ``tests/test_fast_path.py`` checks against the state machine over every
line of four real-world corpora and over generated inputs: whenever :func:`fast_href` returns a
string, the basic URL parser, given the same input, no base and UTF-8,

* returns a URL whose serialization is exactly that string, and
* returns exactly the record :func:`urlspec.fast_href_getters.record_from_fast_href` builds from
  that string,

and :func:`urlspec.fast_href_getters.getter_values_from_fast_href` gives what the URL class's
getters give for that record; whenever :func:`urlspec.tolerated_href.fast_href_and_errors`
returns an href, it is the same, and the errors listed with it are exactly the validation errors
(https://url.spec.whatwg.org/#validation-error) the parser meets. Everything else (``None``)
goes to the state machine.
"""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from urlspec.infra import C0_CONTROL_OR_SPACE_STRING
from urlspec.normalized_href import error_free_href
from urlspec.own_href import COMPILED
from urlspec.own_href_pattern import is_own_href
from urlspec.rewritten_href import DECLINED, rewritten_href
from urlspec.tolerated_href import _PATH_END, _end_of_run, tolerated_href
from urlspec.url_record import SPECIAL_SCHEMES

__all__ = ["fast_href", "goes_to_the_state_machine", "tier_2_or_3_href"]


def fast_href(input: str) -> str | None:
    """The href of the URL the basic URL parser makes of ``input`` (no base, UTF-8), or None.

    None means "not a common URL": run the state machine. The parser may meet validation errors
    on an accepted input; :func:`urlspec.tolerated_href.fast_href_and_errors` lists them, when
    it can.
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
    """:func:`fast_href` for an input that tier 1
    (:func:`urlspec.own_href_pattern.is_own_href`) declined."""
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
    else:
        stripped = input.strip(C0_CONTROL_OR_SPACE_STRING)  # (str.strip finds the ends in C)
    return _fast_href_of_stripped(_without_tabs_or_newlines(stripped))


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
    href = error_free_href(input)
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
