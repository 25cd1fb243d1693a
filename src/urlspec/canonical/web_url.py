"""The plain web URLs that the ``safebrowsing`` and ``surt`` profiles' fast paths take, and where
their parts are.

Both profiles read their input as text (not with the WHATWG parser), with several steps of
unescaping, escaping and rewriting. Most URLs met in practice need none of them: ``http://`` or
``https://``, a host of ASCII letter-digit-hyphen labels (or none, as in ``file:///``), a path
and a query of printable ASCII without ``%`` (nothing to unescape or escape), any fragment.
:func:`web_url_spans` says whether ``input`` is such a URL (with any scheme followed by ``//``:
each profile checks the schemes it takes) and where its parts start; each profile's fast path
then finishes the job on these parts (and checks the few things its own steps would still
change).

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

from urlspec.own_href import COMPILED, _run_end

__all__ = [
    "NO_SPANS",
    "WEB_URL_RE",
    "after_scheme",
    "has_empty_or_dot_segments",
    "scan_web_url",
    "spans_by_regex",
    "web_url_spans",
]

#: What a fast path needs of a plain web URL: where its host, path, query ("?") and fragment
#: ("#") start; the path, query and fragment are empty when their start is the next one's
#: (the fragment's end is the input's end).
Spans = tuple[int, int, int, int]

#: The answer for text that is no plain web URL (a host never starts at 0).
NO_SPANS: Final[Spans] = (0, 0, 0, 0)

#: The grammar (module docstring) for the pure build.
WEB_URL_RE: Final = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*://((?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)?)"
    r"(/[!-\"$&->@-~]*)?(\?[!-\"$&-~]*)?(?:#.*)?",
    re.DOTALL | re.ASCII,
)

# The code point classes of the grammar, as bits of a table of the 128 ASCII code points.
_IN_LABEL: Final = 1  # A-Z a-z 0-9 -
_IN_PATH: Final = 2  # printable ASCII but "#", "%", "?"
_IN_QUERY: Final = 4  # printable ASCII but "#", "%"


def _classes() -> bytes:
    table = bytearray(128)
    for code_point in range(0x21, 0x7F):
        character = chr(code_point)
        if character.isalnum() or character == "-":
            table[code_point] |= _IN_LABEL
        if character not in "#%":
            table[code_point] |= _IN_QUERY
            if character != "?":
                table[code_point] |= _IN_PATH
    return bytes(table)


_CLASSES: Final = _classes()


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
    return (host_start, path_start, query_start, fragment_start)


def scan_web_url(input: str) -> Spans:
    """:func:`web_url_spans` by a loop over code points (the compiled build's way)."""
    length: i64 = len(input)
    host_start = after_scheme(input, length)
    if host_start == 0:
        return NO_SPANS
    classes = _CLASSES
    # The host: labels of letters, digits and hyphens, each followed by "." but the last.
    i: i64 = host_start
    label_start: i64 = i
    while i < length:
        c: i64 = ord(input[i])
        if c == 0x2E:  # "."
            if i == label_start:
                return NO_SPANS
            label_start = i + 1
        elif c >= 128 or not classes[c] & _IN_LABEL:
            break
        i += 1
    if i == label_start and i != host_start:  # an empty last label
        return NO_SPANS
    path_start = i
    if i < length and ord(input[i]) == 0x2F:  # "/"
        i = _run_end(input, i + 1, length, classes, _IN_PATH)
    query_start = i
    if i < length and ord(input[i]) == 0x3F:  # "?"
        i = _run_end(input, i + 1, length, classes, _IN_QUERY)
    if i < length and ord(input[i]) != 0x23:  # "#": any fragment
        return NO_SPANS
    return (host_start, path_start, query_start, i)


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
