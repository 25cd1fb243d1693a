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
  ``http://h/a/``; the root's parent is the root. In a ``file:`` URL, a Windows drive letter
  first in the path is the root, as pathlib's ``PureWindowsPath`` has it:
  ``file:///C:/`` is its own parent and has no name. The query and fragment are dropped.
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
from urlspec.toolkit._common import (
    OPAQUE_PATH,
    U,
    encode_segment,
    href_with_path,
    new_url,
    path_segments,
    split_href,
)
from urlspec.url_record import is_normalized_windows_drive_letter
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "name",
    "parent",
    "parent_href",
    "raw_name",
    "segments",
    "suffix",
    "suffixes",
    "with_name",
    "with_name_href",
    "with_suffix",
    "with_suffix_href",
]


def segments(url: URL) -> list[str] | None:
    """The path's segments, raw, without one trailing empty segment; None for an opaque path."""
    path = path_segments(url)
    if path and path[-1] == "":
        path.pop()
    return path


def _last_segment(href: str) -> tuple[int, int, int, int, int, int] | None:
    """Where the last segment of the href's path is, as :func:`segments` counts them:
    ``(head_end, kind, path_start, directory_end, name_end, path_end)``, the path being
    ``href[path_start:path_end]`` (these four are :func:`split_href`'s):

    * ``href[path_start:directory_end]`` is the path up to and with the "/" before the last
      segment, ``href[directory_end:name_end]`` the last segment, and ``href[name_end:path_end]``
      the one trailing "/" after it, if any (the trailing empty segment);
    * ``directory_end`` is -1 when there is no segment (the root, ``http://h/``, or the empty
      path of ``sc://h``), and when the only segment is a ``file:`` URL's Windows drive letter
      (``file:///C:/``: the drive is the root).

    None for an opaque path. (The serialized path is "/" and each segment: the last segment
    follows the last "/", once a trailing "/" is left out.)
    """
    head_end, path_start, path_end, _, kind = split_href(href)
    if kind == OPAQUE_PATH:
        return None
    name_end = path_end
    if name_end > path_start and href[name_end - 1] == "/":
        name_end -= 1  # a "directory": its trailing empty segment is not a segment here
    if name_end == path_start:
        return head_end, kind, path_start, -1, name_end, path_end
    directory_end = href.rfind("/", path_start, name_end) + 1
    if directory_end == path_start + 1 and _is_drive_root(href, path_start, name_end):
        return head_end, kind, path_start, -1, name_end, path_end
    return head_end, kind, path_start, directory_end, name_end, path_end


def _is_drive_root(href: str, path_start: int, name_end: int) -> bool:
    """Whether the first segment of a ``file:`` URL's path, ``href[path_start + 1:name_end]``,
    is a normalized Windows drive letter: the root of the path, never climbed above, as
    "shorten a URL's path" keeps it (https://url.spec.whatwg.org/#shorten-a-urls-path) and as
    ``PureWindowsPath("C:/").parent`` is ``C:/``."""
    return (
        href.startswith("file:")
        and name_end - path_start == 3
        and is_normalized_windows_drive_letter(href[path_start + 1 : name_end])
    )


def raw_name(url: URL) -> str:
    """The last segment as it is in the URL (percent-encoded); "" for the root."""
    href = url.href
    found = _last_segment(href)
    if found is None or found[3] == -1:
        return ""
    return href[found[3] : found[4]]


def name(url: URL) -> str:
    """The last segment, percent-decoded; "" for the root and for an opaque path."""
    return _decoded(raw_name(url))


def _decoded(raw: str) -> str:
    """A segment percent-decoded, UTF-8 decoded (U+FFFD for what is not UTF-8)."""
    if "%" not in raw:
        return raw  # nothing to decode (the common case)
    return percent_decode_string(raw).decode("utf-8", "replace")


def suffix(url: URL) -> str:
    """The last dot-suffix of :func:`name` ("" when none), as ``PurePath.suffix``."""
    return _suffix_of(name(url))


def _suffix_of(text: str) -> str:
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
    return new_url(url, parent_href(url))


def parent_href(url: URL) -> str:
    """The href of :func:`parent`'s URL: the path up to the "/" before the last segment (the
    root's "/" for the root), no query or fragment; ``url.href`` for an opaque path."""
    href = url.href
    found = _last_segment(href)
    if found is None:
        return href
    head_end, kind, path_start, directory_end, name_end, path_end = found
    if directory_end == -1:
        # the root: "/", or a drive letter's root as written ("/C:/" or "/C:")
        root = href[path_start:path_end] if name_end > path_start else "/"
        return href_with_path(href, head_end, kind, root)
    return href_with_path(href, head_end, kind, href[path_start:directory_end])


def with_name(url: U, new_name: str) -> U:
    """``url`` with the last segment replaced by ``new_name`` (text, percent-encoded)."""
    return new_url(url, with_name_href(url, new_name))


def with_name_href(url: URL, new_name: str) -> str:
    """The href of :func:`with_name`'s URL: the path with its last segment replaced (a trailing
    "/" kept), no query or fragment."""
    href = url.href
    return _with_last_segment(href, _named_segment(href), new_name)


def _named_segment(href: str) -> tuple[int, int, int, int, int, int]:
    """:func:`_last_segment`, ValueError when there is none to replace."""
    found = _last_segment(href)
    if found is None:
        raise ValueError(f"a URL with an opaque path has no name to replace: {quote(href)}")
    if found[3] == -1:
        raise ValueError(f"the root has no name to replace: {quote(href)}")
    return found


def _with_last_segment(href: str, found: tuple[int, int, int, int, int, int], new_name: str) -> str:
    """The href with the last segment that :func:`_named_segment` found replaced by
    ``new_name``, percent-encoded."""
    if new_name == "":
        raise ValueError("the new name cannot be empty")
    if isinstance(new_name, str) and "/" in new_name:
        # pathlib and yarl refuse it too: a name is one segment ("/" splits in joinpath)
        raise ValueError(f"a name cannot contain '/': {quote(new_name)}")
    head_end, kind, path_start, directory_end, name_end, path_end = found
    path = href[path_start:directory_end] + encode_segment(new_name) + href[name_end:path_end]
    return href_with_path(href, head_end, kind, path)


def with_suffix(url: U, new_suffix: str) -> U:
    """``url`` with the suffix of its name replaced (added, or removed with ``""``), as
    ``PurePath.with_suffix``: the new suffix must start with "." and not be "." alone."""
    return new_url(url, with_suffix_href(url, new_suffix))


def with_suffix_href(url: URL, new_suffix: str) -> str:
    """The href of :func:`with_suffix`'s URL: :func:`with_name_href` with the name's stem and
    the new suffix."""
    if not isinstance(new_suffix, str):
        raise TypeError(f"a suffix must be a str, not {type(new_suffix).__name__}")
    if new_suffix != "" and (not new_suffix.startswith(".") or new_suffix == "."):
        raise ValueError(f"invalid suffix {quote(new_suffix)} (it must start with '.')")
    href = url.href
    found = _last_segment(href)
    if found is None or found[3] == -1:
        raise ValueError(f"the URL has no name to give a suffix: {quote(href)}")
    current_name = _decoded(href[found[3] : found[4]])
    current_suffix = _suffix_of(current_name)
    stem = current_name[: len(current_name) - len(current_suffix)]
    return _with_last_segment(href, found, stem + new_suffix)
