"""Helpers the toolkit modules share: making a URL of the caller's class, segment encoding."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from urlspec.percent_encoding import PATH, utf8_percent_encode
from urlspec.url_record import is_double_dot_path_segment, is_single_dot_path_segment
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

U = TypeVar("U", bound="URL")

#: The path percent-encode set and what would end a segment ("/", "\\" in special URLs), be
#: read as a percent-encoding ("%") or, in a file: URL, as a Windows drive letter ("c|" becomes
#: "c:"): a text segment encoded with it stays one segment, the text given.
SEGMENT: Final = PATH.including("path segment (text)", "/\\%|")


def as_class(cls: type[U], url: URL) -> U:
    """``url`` as an instance of ``cls`` (the caller's class): itself, or parsed from its href."""
    if type(url) is cls:
        return url
    return cls(url.href)


def encode_segment(segment: object) -> str:
    """A path segment given as text, percent-encoded to stay one segment with that text.

    TypeError for a non-str; ValueError for "." and ".." (and their percent-encoded
    spellings), which would not be a segment but a move in the path.
    """
    if not isinstance(segment, str):
        raise TypeError(f"a path segment must be a str, not {type(segment).__name__}")
    if is_single_dot_path_segment(segment) or is_double_dot_path_segment(segment):
        raise ValueError(f"a path segment cannot be {quote(segment)} (it would move in the path)")
    return utf8_percent_encode(segment, SEGMENT)
