"""Helpers the toolkit modules share: making a URL of the caller's class, segment encoding."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

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


_SEGMENT_ASCII: Final = ascii_table(SEGMENT)
_ENCODED_SEGMENT_ASCII: Final = ascii_table(ENCODED_SEGMENT)


def as_class(cls: type[U], url: URL) -> U:
    """``url`` as an instance of ``cls`` (the caller's class): itself, or parsed from its href."""
    if type(url) is cls:
        return url
    return cls(url.href)


def path_segments(url: URL) -> list[str] | None:
    """``list(url.path_segments)`` (None for an opaque path), read from the ``pathname`` getter.

    A fast-path URL has its getters but builds its URL record only when asked; reading the
    segments from the serialized path (https://url.spec.whatwg.org/#url-path-serializer) spares
    that. A list path serializes as "/" and the segments joined by "/", an opaque path as
    itself (never starting with "/": the parser takes such a path as a list); the empty
    pathname is a URL with a host and no segments (``sc://h``), or the empty opaque path
    (``sc:``), which has no host. ``tests/test_url_paths.py`` proves it equal to
    ``url.path_segments`` on generated URLs.
    """
    pathname = url.pathname
    if pathname.startswith("/"):
        return pathname[1:].split("/")
    if pathname == "" and url.href.startswith("//", len(url.protocol)):
        return []
    return None


def query_pairs_of(url: URL) -> list[tuple[str, str]]:
    """``list(url.search_params)``, parsed from the ``search`` getter (no URL record needed):
    the query without the "?" that ``search`` adds, none for no (or an empty) query."""
    search = url.search
    return urlencoded_parse(search[1:]) if search else []


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
    if segment.startswith((".", "%")) and (
        is_single_dot_path_segment(segment) or is_double_dot_path_segment(segment)
    ):
        raise ValueError(f"a path segment cannot be {quote(segment)} (it would move in the path)")
    if segment.isascii():
        # (tests/test_joining.py proves it equal to utf8_percent_encode)
        return segment.translate(_ENCODED_SEGMENT_ASCII if encoded else _SEGMENT_ASCII)
    return utf8_percent_encode(segment, ENCODED_SEGMENT if encoded else SEGMENT)


def with_path_segments(url: U, segments: list[str]) -> U:
    """``url`` with the path ``segments`` (already encoded) and no query or fragment.

    What ``url.replace(pathname="/" + "/".join(segments), search="", hash="")`` gives, written
    as the URL serializer would write it (https://url.spec.whatwg.org/#concept-url-serializer)
    and parsed by the fast path, instead of running each segment through the path state: the
    segments are either the URL's own (already the path state's output) or encoded with
    :data:`SEGMENT`, which holds the path percent-encode set, so the path state would keep them
    as they are. ``tests/test_joining.py`` proves the two equal on generated URLs and segments.
    """
    href = url.href
    start = len(url.protocol)
    if href.startswith("//", start):
        end = len(href)
        for delimiter in "/?#":
            found = href.find(delimiter, start + 2)
            if found != -1 and found < end:
                end = found
        prefix = href[:end]
    else:
        prefix = href[:start]
        if len(segments) > 1 and segments[0] == "":
            prefix += "/."  # a null host and a path starting with "//" (the serializer's rule)
    return type(url)(prefix + "/" + "/".join(segments))
