"""Tier 3 of the fast path: inputs on which the parser meets a few validation errors it lists.

:func:`tolerated_href` takes three common kinds of flaw on which the basic URL parser
(https://url.spec.whatwg.org/#concept-basic-url-parser) reports validation errors but still does
nothing beyond what it does on the input of tier 2 (:mod:`urlspec.normalized_href`; and
percent-encoding a few ASCII code points), and lists exactly those errors (names and positions).
It rewrites the flaws away, lets the error-free patterns judge the rest, and puts the parser's
result for the flaws back:

* a host holding ``_`` or ``"``, or starting with ``.``, which the host parser only lowercases,
  but on which the strict ToASCII run of the domain parser fails (UseSTD3ASCIIRules,
  VerifyDnsLength), recorded as one domain-to-ASCII validation error at the host's start;
* ``\\`` in a special URL's host, port or path, which ends the host or port and separates path
  segments exactly as ``/`` does, with an invalid-reverse-solidus validation error at each one;
* printable ASCII code points in a special URL's query or fragment that are no URL code points
  (a space, ``{``, ``|``, ...), or a ``%`` that starts no percent-encoded byte, each an
  invalid-URL-unit validation error (and percent-encoded if in the query's or fragment's
  percent-encode set).

:func:`fast_href_and_errors` asks tier 2 (:func:`urlspec.normalized_href.error_free_href`), then
this tier.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from urlspec.normalized_href import error_free_href
from urlspec.url_record import SPECIAL_SCHEMES
from urlspec.validation import ValidationError

__all__ = ["fast_href_and_errors", "tolerated_href"]


def fast_href_and_errors(input: str) -> tuple[str, list[ValidationError]] | None:
    """:func:`urlspec.fast_path.fast_href`'s href and every validation error the parser meets on
    ``input``, or None: also for some inputs fast_href takes (its own-href pattern lets through
    errors that only the state machine lists, such as a host with "xn--" or hyphens that fail
    CheckHyphens)."""
    href = error_free_href(input)
    if href is not None:
        return href, []
    return tolerated_href(input)


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
    href = error_free_href(_without_flaws(parts, stand_in_host))
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


# Where a path ends.
_PATH_END: Final = re.compile(r"[?#]")


def _end_of_run(delimiter: re.Pattern[str], input: str, start: int) -> int:
    """Where ``delimiter`` first matches at or after ``start`` in ``input``, or its length."""
    match = delimiter.search(input, start)
    return len(input) if match is None else match.start()
