"""The plain web URLs that the ``safebrowsing`` and ``surt`` profiles' fast paths take, and where
their parts are.

Both profiles read their input as text (not with the WHATWG parser), with several steps of
unescaping, escaping and rewriting. Most URLs met in practice need none of them: ``http://`` or
``https://``, a host of ASCII letter-digit-hyphen labels (or none, as in ``file:///``), a path
and a query of printable ASCII without ``%`` (nothing to unescape or escape), any fragment.
:func:`web_url_spans` says whether ``input`` is such a URL (with any scheme followed by ``//``:
each profile checks the schemes it takes) and where its parts start; each profile's fast path
then finishes the job on these parts (and checks the few things its own steps would still
change). So that the fast paths need not search the text again, the same pass notes where the
host's last dots are, whether anything is upper case, and whether the path may hold a dot or
empty segment or ``.aspx`` (the ``surt`` profile removes session ids before that).

The grammar, as a regular expression (:data:`WEB_URL_RE`, ASCII only)::

    [A-Za-z][A-Za-z0-9+.-]*://([A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*)?(/[path]*)?(\\?[query]*)?(#.*)?

where a path code point is printable ASCII but ``#``, ``%`` and ``?``, and a query code point
printable ASCII but ``#`` and ``%``. The pure build matches that expression (``re`` runs in C);
the compiled build runs :func:`scan_web_url`, the same grammar as a loop over code points, which
mypyc compiles to C and which is several times faster than the regex there. Tests check that
both give the same spans on every corpus line and on generated inputs.
"""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from urlspec.own_href import COMPILED

__all__ = [
    "DOT_A",
    "NO_SPANS",
    "SLASH_DOT_OR_SLASH",
    "UPPER_CASE",
    "WEB_URL_RE",
    "Spans",
    "after_scheme",
    "has_empty_or_dot_segments",
    "scan_web_url",
    "spans_by_regex",
    "web_url_spans",
]

#: What a fast path needs of a plain web URL: where its host, path, query ("?") and fragment
#: ("#") start (the path, query and fragment are empty when their start is the next one's; the
#: fragment's end is the input's end); where the host's last dot and the dot before it are (-1:
#: none) and how many dots it has; and which of :data:`UPPER_CASE`, :data:`SLASH_DOT_OR_SLASH`
#: and :data:`DOT_A` hold (bits).
Spans = tuple[int, int, int, int, int, int, int, int]

#: The answer for text that is no plain web URL (a host never starts at 0).
NO_SPANS: Final[Spans] = (0, 0, 0, 0, -1, -1, 0, 0)

#: A bit of the spans' flags: an ASCII upper-case letter in the host, the path or the query.
UPPER_CASE: Final = 1
#: A bit of the spans' flags: a "/" followed by "/" or "." in the path (maybe an empty or a dot
#: segment: :func:`has_empty_or_dot_segments` tells).
SLASH_DOT_OR_SLASH: Final = 2
#: A bit of the spans' flags: a "." followed by "a" or "A" in the path (maybe ".aspx").
DOT_A: Final = 4

#: The grammar (module docstring) for the pure build.
WEB_URL_RE: Final = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*://((?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)?)"
    r"(/[!-\"$&->@-~]*)?(\?[!-\"$&-~]*)?(?:#.*)?",
    re.DOTALL | re.ASCII,
)


def web_url_spans(input: str) -> Spans:
    """The spans of ``input`` when it is a plain web URL (module docstring), else NO_SPANS."""
    if COMPILED:
        return scan_web_url(input)
    return spans_by_regex(input)


def spans_by_regex(input: str) -> Spans:
    """:func:`web_url_spans` by :data:`WEB_URL_RE` (the pure build's way)."""
    match = WEB_URL_RE.fullmatch(input)
    if match is None:
        return NO_SPANS
    host_start, path_start = match.span(1)
    query_start = match.end(2) if match.start(2) >= 0 else path_start
    fragment_start = match.end(3) if match.start(3) >= 0 else query_start
    host = input[host_start:path_start]
    last_dot = host.rfind(".")
    previous_dot = host.rfind(".", 0, last_dot) if last_dot >= 0 else -1
    flags = 0
    text = input[host_start:fragment_start]
    if text != text.lower():  # (ASCII: only "A"-"Z" change)
        flags |= UPPER_CASE
    path = input[path_start:query_start]
    if "//" in path or "/." in path:
        flags |= SLASH_DOT_OR_SLASH
    if ".a" in path.lower():
        flags |= DOT_A
    return (
        host_start,
        path_start,
        query_start,
        fragment_start,
        -1 if last_dot < 0 else host_start + last_dot,
        -1 if previous_dot < 0 else host_start + previous_dot,
        host.count("."),
        flags,
    )


def scan_web_url(input: str) -> Spans:
    """:func:`web_url_spans` by a loop over code points (the compiled build's way). The code
    point classes are written as comparisons (mypyc compiles them to a few instructions)."""
    length: i64 = len(input)
    host_start = after_scheme(input, length)
    if host_start == 0:
        return NO_SPANS
    flags: i64 = 0
    # The host: labels of letters, digits and hyphens, each followed by "." but the last.
    i: i64 = host_start
    label_start: i64 = i
    last_dot: i64 = -1
    previous_dot: i64 = -1
    dots: i64 = 0
    while i < length:
        c: i64 = ord(input[i])
        if 0x61 <= c <= 0x7A or 0x30 <= c <= 0x39 or c == 0x2D:  # "a"-"z", "0"-"9", "-"
            pass
        elif c == 0x2E:  # "."
            if i == label_start:
                return NO_SPANS
            label_start = i + 1
            previous_dot = last_dot
            last_dot = i
            dots += 1
        elif 0x41 <= c <= 0x5A:  # "A"-"Z"
            flags |= UPPER_CASE
        else:
            break
        i += 1
    if i == label_start and i != host_start:  # an empty last label
        return NO_SPANS
    path_start = i
    if i < length and ord(input[i]) == 0x2F:  # "/"
        # The path: printable ASCII but "#", "%" and "?".
        previous: i64 = 0x2F
        i += 1
        while i < length:
            c = ord(input[i])
            if not 0x21 <= c <= 0x7E or c == 0x23 or c == 0x25 or c == 0x3F:
                break
            if previous == 0x2F:
                if c == 0x2F or c == 0x2E:  # "/" or "."
                    flags |= SLASH_DOT_OR_SLASH
            elif previous == 0x2E and c | 0x20 == 0x61:  # "." then "a" or "A"
                flags |= DOT_A
            if 0x41 <= c <= 0x5A:
                flags |= UPPER_CASE
            previous = c
            i += 1
    query_start = i
    if i < length and ord(input[i]) == 0x3F:  # "?"
        # The query: printable ASCII but "#" and "%".
        i += 1
        while i < length:
            c = ord(input[i])
            if not 0x21 <= c <= 0x7E or c == 0x23 or c == 0x25:
                break
            if 0x41 <= c <= 0x5A:
                flags |= UPPER_CASE
            i += 1
    if i < length and ord(input[i]) != 0x23:  # "#": any fragment
        return NO_SPANS
    return (host_start, path_start, query_start, i, last_dot, previous_dot, dots, flags)


def after_scheme(input: str, length: i64) -> i64:
    """Where the host starts after ``scheme://`` (a scheme: an ASCII letter, then letters,
    digits, "+", "-" and "."), or 0."""
    if length == 0 or not 0x61 <= ord(input[0]) | 0x20 <= 0x7A:  # (| 0x20: the lower case)
        return 0
    i: i64 = 1
    while i < length:
        c: i64 = ord(input[i])
        if c == 0x3A:  # ":"
            break
        if not (
            0x61 <= c | 0x20 <= 0x7A or 0x30 <= c <= 0x39 or c == 0x2B or c == 0x2D or c == 0x2E
        ):
            return 0
        i += 1
    if i + 2 < length and ord(input[i + 1]) == 0x2F and ord(input[i + 2]) == 0x2F:  # "//"
        return i + 3
    return 0


def has_empty_or_dot_segments(path: str) -> bool:
    """Whether a path (of a plain web URL: no "%", so no escaped dots) has an empty segment or a
    "." or ".." segment, which both profiles resolve."""
    if "//" in path:
        return True
    if "/." not in path:  # (every dot segment follows a "/": most paths have none)
        return False
    return "/./" in path or "/../" in path or path.endswith("/.") or path.endswith("/..")
