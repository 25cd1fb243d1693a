"""Helpers the toolkit modules share: the parts of an href, read and edited as a string; making
a URL of the caller's class; encoding segments (and, by table, any ASCII text)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from mypy_extensions import i64

from urlspec.own_href import COMPILED
from urlspec.percent_encoding import PATH, PercentEncodeSet, utf8_percent_encode
from urlspec.url_record import is_double_dot_path_segment, is_single_dot_path_segment
from urlspec.urlencoded import urlencoded_parse
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

U = TypeVar("U", bound="URL")

#: The path percent-encode set and what would end a segment ("/", "\\" in special URLs), be
#: read as a percent-encoding ("%") or, in a file: URL, as a Windows drive letter ("c|" becomes
#: "c:"): a text segment encoded with it stays one segment, the text given.
SEGMENT: Final = PATH.including("path segment (text)", "/\\%|")
#: The same for a segment given percent-encoded (``joinpath(..., encoded=True)``): "%" is kept,
#: so "%2F" stays a "/" inside the segment.
ENCODED_SEGMENT: Final = PATH.including("path segment (percent-encoded)", "/\\|")


def ascii_table(encode_set: PercentEncodeSet, space_as_plus: bool = False) -> list[str]:
    """For ``str.translate`` of an ASCII string: each ASCII code point, or its percent-encoded
    byte when it is in ``encode_set`` (UTF-8 encodes an ASCII code point as that byte), or "+"
    for a space with ``space_as_plus``: UTF-8 percent-encoding, one table lookup a code point
    (https://url.spec.whatwg.org/#string-utf-8-percent-encode)."""
    table = [f"%{c:02X}" if chr(c) in encode_set else chr(c) for c in range(0x80)]
    if space_as_plus:
        table[0x20] = "+"
    return table


#: What :func:`ascii_kinds` says of an ASCII code point.
KEPT: Final = 0
SPACE_AS_PLUS: Final = 1
PERCENT_ENCODED: Final = 2


def ascii_kinds(table: list[str]) -> bytes:
    """For each ASCII code point, what an :func:`ascii_table` does with it: KEPT,
    SPACE_AS_PLUS (a space written "+") or PERCENT_ENCODED."""
    kinds = bytearray(0x80)
    for c in range(0x80):
        if table[c] == "+" and c == 0x20:
            kinds[c] = SPACE_AS_PLUS
        elif table[c] != chr(c):
            kinds[c] = PERCENT_ENCODED
    return bytes(kinds)


def encode_ascii(text: str, table: list[str], kinds: bytes) -> str | None:
    """``text`` encoded with an :func:`ascii_table` (``text.translate(table)``) when it is ASCII,
    with its :func:`ascii_kinds`; None when it is not ASCII.

    The compiled build first reads the code points' kinds: most segments, names and values need
    nothing encoded, or only one code point percent-encoded (a space) or spaces written "+",
    and are returned as they are or through ``str.replace``, without a translation of each
    code point.
    """
    if not COMPILED:
        return text.translate(table) if text.isascii() else None
    found: i64 = KEPT
    first: i64 = -1  # the first code point to percent-encode
    first_at: i64 = 0  # where it is
    several = False  # whether there are others
    length: i64 = len(text)
    i: i64 = 0
    while i < length:
        c: i64 = ord(text[i])
        if c >= 0x80:
            return None
        kind: i64 = kinds[c]
        if kind == PERCENT_ENCODED:
            if first == -1:
                first = c
                first_at = i
            elif c != first:
                several = True
        found |= kind
        i += 1
    if found == KEPT:
        return text
    if found == SPACE_AS_PLUS:
        return text.replace(" ", "+")
    if several:
        return text.translate(table)
    # one code point to percent-encode (a space, most often): str.replace, not a translation
    # (text[first_at], not chr(first): compiled, chr is looked up and called by name)
    encoded = text.replace(text[first_at], table[first])
    return encoded.replace(" ", "+") if found & SPACE_AS_PLUS else encoded


def is_ascii(text: str) -> bool:
    """``text.isascii()``: compiled, a loop over the code points (a call of the method by name
    costs more than the loop over a short text)."""
    if not COMPILED:
        return text.isascii()
    length: i64 = len(text)
    i: i64 = 0
    while i < length:
        if ord(text[i]) >= 0x80:
            return False
        i += 1
    return True


_SEGMENT_ASCII: Final = ascii_table(SEGMENT)
_SEGMENT_KINDS: Final = ascii_kinds(_SEGMENT_ASCII)
_ENCODED_SEGMENT_ASCII: Final = ascii_table(ENCODED_SEGMENT)
_ENCODED_SEGMENT_KINDS: Final = ascii_kinds(_ENCODED_SEGMENT_ASCII)


# --- the parts of an href ------------------------------------------------------------------------
# The toolkit edits a URL's href (https://url.spec.whatwg.org/#concept-url-serializer) as a
# string: the URL record is never built, and no getter is computed. The serializer's output is
# split where it has written its delimiters; split_href says where they are.

#: What split_href says of a URL's path (https://url.spec.whatwg.org/#concept-url-path).
OPAQUE_PATH: Final = 0  # https://url.spec.whatwg.org/#url-opaque-path
PATH_WITH_HOST: Final = 1  # a list of segments, after the host (and port)
PATH_WITHOUT_HOST: Final = 2  # a list of segments, the host null


def query_bounds(href: str) -> tuple[int, int]:
    """Where the query and fragment of a URL's href start: ``href[query:fragment]`` is "?" and the
    query ("" when the query is null), ``href[fragment:]`` "#" and the fragment ("" when null).

    The URL serializer writes "#" only before the fragment and "?" only before the query or
    inside the query or fragment: before them, "?" and "#" are percent-encoded in credentials
    (userinfo percent-encode set) and in a path (path percent-encode set), forbidden in hosts,
    and end an opaque path (https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state); the
    query percent-encode set holds "#". So the first "#" starts the fragment, and the first "?"
    before it the query.
    """
    fragment = href.find("#")
    if fragment == -1:
        fragment = len(href)
    query = href.find("?", 0, fragment)
    return (fragment if query == -1 else query), fragment


def split_href(href: str) -> tuple[int, int, int, int, int]:
    """Where the parts of a URL's href are: ``(head_end, path_start, query, fragment, kind)``.

    * ``href[:head_end]`` is the scheme and ":", then, when the URL has a host, "//", the
      credentials, the host and the port;
    * ``href[path_start:query]`` is the serialized path
      (https://url.spec.whatwg.org/#url-path-serializer): ``path_start`` is ``head_end``, or
      ``head_end + 2`` after the "/." the serializer writes when the host is null and the path
      starts with an empty segment (its output would otherwise start with "//" and read as a
      host);
    * ``query`` and ``fragment`` are :func:`query_bounds`'s;
    * ``kind`` is OPAQUE_PATH, PATH_WITH_HOST or PATH_WITHOUT_HOST.

    The scheme holds no ":", so the first ":" ends it. A URL has a host exactly when "//" follows
    (an opaque path never starts with "/", and a list path after a null host starts with a
    single "/", or with "/." and "//"); then the first "/" after the "//" starts the path ("/" is
    percent-encoded in credentials, forbidden in hosts), or the path is empty. A list path
    starts with "/" (one "/" a segment); an opaque path never does. A list path never starts with
    "/./" (a "." segment is never kept, https://url.spec.whatwg.org/#single-dot-path-segment),
    so "/./" after the scheme is the serializer's "/." and the path's first "/".
    ``tests/test_url_paths.py`` proves the split equal to the URL record's parts on every corpus
    line and on generated URLs.
    """
    query, fragment = query_bounds(href)
    head_end = href.find(":") + 1
    # (find with bounds, not startswith with a start: the compiled build has find inline)
    if href.find("//", head_end, head_end + 2) == head_end:
        slash = href.find("/", head_end + 2, query)
        path_start = query if slash == -1 else slash
        return path_start, path_start, query, fragment, PATH_WITH_HOST
    if href.find("/", head_end, head_end + 1) != head_end:
        return head_end, head_end, query, fragment, OPAQUE_PATH
    path_start = head_end + 2 if href.find("/./", head_end, head_end + 3) == head_end else head_end
    return head_end, path_start, query, fragment, PATH_WITHOUT_HOST


def href_with_path(href: str, head_end: int, kind: int, path: str) -> str:
    """The href with the serialized list path ``path`` ("/" and each segment, already encoded)
    after its first ``head_end`` code points, and no query or fragment: what the URL serializer
    writes (https://url.spec.whatwg.org/#concept-url-serializer), "/." included when the host is
    null and the path starts with an empty segment of two or more."""
    if kind == PATH_WITHOUT_HOST and path.startswith("//"):
        return f"{href[:head_end]}/.{path}"
    return f"{href[:head_end]}{path}"


def path_segments(url: URL) -> list[str] | None:
    """``list(url.path_segments)`` (None for an opaque path), read from the href by
    :func:`split_href` (no URL record needed): a list path serializes as "/" and each segment;
    the empty path of a URL with a host has no segments."""
    href = url.href
    _, path_start, query, _, kind = split_href(href)
    if kind == OPAQUE_PATH:
        return None
    if path_start == query:
        return []
    return href[path_start + 1 : query].split("/")


def query_pairs_of(url: URL) -> list[tuple[str, str]]:
    """``list(url.search_params)``, parsed from the href's query (no URL record needed)."""
    href = url.href
    query, fragment = query_bounds(href)
    return query_pairs_in(href, query, fragment)


def query_pairs_in(href: str, query: int, fragment: int) -> list[tuple[str, str]]:
    """The name-value pairs of the query of ``href``, whose :func:`query_bounds` are ``query``
    and ``fragment``: what URLSearchParams holds for it.

    The application/x-www-form-urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) works on the query's UTF-8 bytes;
    a query without "%" (an href's query is ASCII: the query state percent-encodes the rest)
    has nothing to percent-decode, and its bytes decode back to the text they were split from,
    so it is split as text here: on "&", empty sequences skipped, the name up to the first "=",
    "+" read as a space. ``tests/test_url_paths.py`` proves it equal to ``urlencoded_parse`` on
    every corpus line.
    """
    if fragment - query <= 1:
        return []  # no query, or an empty one
    text = href[query + 1 : fragment]
    if "%" in text:
        return urlencoded_parse(text)
    pairs: list[tuple[str, str]] = []
    for sequence in text.split("&"):
        if sequence:
            name, _, value = sequence.partition("=")
            if "+" in sequence:
                name = name.replace("+", " ")
                value = value.replace("+", " ")
            pairs.append((name, value))
    return pairs


def encode_segment(segment: object, encoded: bool = False) -> str:
    """A path segment given as text, percent-encoded to stay one segment with that text.

    With ``encoded``, the segment is already percent-encoded: its percent-encoded bytes are kept
    (``"a%2Fb"`` holds a "/"), and what the path state would change or read as a delimiter is
    encoded as for text. TypeError for a non-str; ValueError for "." and ".." (and their
    percent-encoded spellings), which would not be a segment but a move in the path.
    """
    if not isinstance(segment, str):
        raise TypeError(f"a path segment must be a str, not {type(segment).__name__}")
    # (Every single-dot and double-dot segment starts with "." or "%".)
    # (two startswith, not one with a tuple: compiled, the tuple is made on each call)
    if (segment.startswith(".") or segment.startswith("%")) and (
        is_single_dot_path_segment(segment) or is_double_dot_path_segment(segment)
    ):
        raise ValueError(f"a path segment cannot be {quote(segment)} (it would move in the path)")
    # ASCII by a table (tests/test_joining.py proves it equal to utf8_percent_encode)
    if encoded:
        ascii = encode_ascii(segment, _ENCODED_SEGMENT_ASCII, _ENCODED_SEGMENT_KINDS)
    else:
        ascii = encode_ascii(segment, _SEGMENT_ASCII, _SEGMENT_KINDS)
    if ascii is not None:
        return ascii
    return utf8_percent_encode(segment, ENCODED_SEGMENT if encoded else SEGMENT)


def with_path_segments(url: U, segments: list[str]) -> U:
    """``url`` with the path ``segments`` (already encoded) and no query or fragment.

    What ``url.replace(pathname="/" + "/".join(segments), search="", hash="")`` gives, written
    as the URL serializer would write it (:func:`href_with_path`) and parsed by the fast path,
    instead of running each segment through the path state: the segments are either the URL's
    own (already the path state's output) or encoded with :data:`SEGMENT`, which holds the path
    percent-encode set, so the path state would keep them as they are. ``tests/test_joining.py``
    proves the two equal on generated URLs and segments. TypeError for an opaque path.
    """
    href = url.href
    head_end, _, _, _, kind = split_href(href)
    if kind == OPAQUE_PATH:
        raise TypeError(f"a URL with an opaque path has no path segments: {quote(href)}")
    return new_url(url, href_with_path(href, head_end, kind, "/" + "/".join(segments)))


def new_url(url: U, href: str) -> U:
    """The URL of ``url``'s class whose href is ``href``, which a toolkit function wrote: ``url``
    itself when it is its href (URLs are immutable), else ``type(url)(href)``. (The URL class's
    methods make it themselves, with a shortcut for the URL class: ``URL._with_href``.)"""
    if href == url.href:
        return url
    return type(url)(href)
