"""Paths as pathlib sees them: ``name``, ``suffix``, ``suffixes``, ``parent``, ``with_name``,
``with_suffix``, on a URL's path segments (https://url.spec.whatwg.org/#concept-url-path).

The rules, with pathlib's meanings (``PurePosixPath``) applied to the segments:

* One trailing empty segment (a path ending in "/", a "directory") is not a segment here:
  ``http://h/a/b/`` has the segments ``a``, ``b``, and its name is ``b``, as pathlib says of
  ``/a/b/``. The root (``http://h/``) has no segments: its name is ``""``.
* ``name``, ``suffix`` and ``suffixes`` are percent-decoded (UTF-8, a byte sequence that is not
  UTF-8 becoming U+FFFD) for reading; ``raw_name`` is the segment as it is in the URL.
* ``parent`` is the URL of the directory holding the last segment, ending in "/" so that a
  reference resolves inside it: the parent of ``http://h/a/b`` and of ``http://h/a/b/`` is
  ``http://h/a/``; the root's parent is the root. The query and fragment are dropped.
* ``with_name`` and ``with_suffix`` replace the last segment (keeping a trailing "/"), the new
  text percent-encoded as ``joinpath`` encodes a segment; the query and fragment are dropped.
  They raise ValueError on the root, as pathlib does on an empty name, and for a name or
  suffix holding "/", as pathlib and yarl do.
* A URL with an opaque path (``mailto:a@b``) has no segments: ``name`` and ``suffix`` are
  ``""``, ``suffixes`` is ``[]``, ``parent`` is the URL itself, and ``with_name`` and
  ``with_suffix`` raise ValueError.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlspec.percent_encoding import percent_decode_string
from urlspec.toolkit._common import U, encode_segment, path_segments, with_path_segments
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "name",
    "parent",
    "raw_name",
    "segments",
    "suffix",
    "suffixes",
    "with_name",
    "with_suffix",
]


def segments(url: URL) -> list[str] | None:
    """The path's segments, raw, without one trailing empty segment; None for an opaque path."""
    path = path_segments(url)
    if path and path[-1] == "":
        path.pop()
    return path


def _directory(url: URL) -> bool:
    """Whether the path ends in "/" (its last segment is empty)."""
    path = path_segments(url)
    return bool(path) and path is not None and path[-1] == ""


def raw_name(url: URL) -> str:
    """The last segment as it is in the URL (percent-encoded); "" for the root."""
    found = segments(url)
    return found[-1] if found else ""


def name(url: URL) -> str:
    """The last segment, percent-decoded; "" for the root and for an opaque path."""
    raw = raw_name(url)
    if "%" not in raw:
        return raw  # nothing to decode (the common case)
    return percent_decode_string(raw).decode("utf-8", "replace")


def suffix(url: URL) -> str:
    """The last dot-suffix of :func:`name` ("" when none), as ``PurePath.suffix``."""
    text = name(url)
    i = text.rfind(".")
    if 0 < i < len(text) - 1:
        return text[i:]
    return ""


def suffixes(url: URL) -> list[str]:
    """Every dot-suffix of :func:`name`, as ``PurePath.suffixes`` (``[".tar", ".gz"]``)."""
    text = name(url)
    if text.endswith("."):
        return []
    return ["." + part for part in text.lstrip(".").split(".")[1:]]


def parent(url: U) -> U:
    """The directory holding the last segment, ending in "/"; the root's parent is the root."""
    found = segments(url)
    if found is None:
        return url
    return with_path_segments(url, [*found[:-1], ""])


def with_name(url: U, new_name: str) -> U:
    """``url`` with the last segment replaced by ``new_name`` (text, percent-encoded)."""
    found = segments(url)
    if found is None:
        raise ValueError(f"a URL with an opaque path has no name to replace: {quote(url.href)}")
    if not found:
        raise ValueError(f"the root has no name to replace: {quote(url.href)}")
    if new_name == "":
        raise ValueError("the new name cannot be empty")
    if isinstance(new_name, str) and "/" in new_name:
        # pathlib and yarl refuse it too: a name is one segment ("/" splits in joinpath)
        raise ValueError(f"a name cannot contain '/': {quote(new_name)}")
    kept = [*found[:-1], encode_segment(new_name)]
    return with_path_segments(url, [*kept, ""] if _directory(url) else kept)


def with_suffix(url: U, new_suffix: str) -> U:
    """``url`` with the suffix of its name replaced (added, or removed with ``""``), as
    ``PurePath.with_suffix``: the new suffix must start with "." and not be "." alone."""
    if not isinstance(new_suffix, str):
        raise TypeError(f"a suffix must be a str, not {type(new_suffix).__name__}")
    if new_suffix != "" and (not new_suffix.startswith(".") or new_suffix == "."):
        raise ValueError(f"invalid suffix {quote(new_suffix)} (it must start with '.')")
    current_name = name(url)
    if current_name == "":
        raise ValueError(f"the URL has no name to give a suffix: {quote(url.href)}")
    current_suffix = suffix(url)
    stem = current_name[: len(current_name) - len(current_suffix)]
    return with_name(url, stem + new_suffix)
