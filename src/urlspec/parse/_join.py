"""Resolving a URL against a base URL: ``urljoin`` of the drop-in ``urllib.parse``.

RFC 3986 §5.2 (Relative Resolution), as CPython 3.14 implements it:

* components are *defined* or not (a URL ending in ``?`` has an empty, defined query), and a
  reference without path, query and fragment takes the base's fragment too (gh-123273);
* the base may itself be relative (no scheme, even no netloc): RFC 3986 §5.1 requires an absolute
  base, but ``urljoin`` resolves against whatever it is given (gh-125926);
* references whose scheme is not in ``uses_relative``, or differs from the base's, are returned
  unchanged, and the netloc is taken from the base only for the schemes in ``uses_netloc``;
* dot segments are removed as CPython does it: ``..`` never climbs above the root, and empty
  segments inside a merged path are dropped (not RFC 3986 §5.2.4's exact algorithm; the
  RFC 3986 §5.4.2 "abnormal" examples show the differences).
"""

from __future__ import annotations

import re
from typing import Any

from urlspec.parse._common import coerce_args, uses_netloc, uses_relative
from urlspec.parse._split import join_components, split_defined

__all__ = ["urljoin"]


# A "." or ".." segment: what makes the general algorithm below necessary.
_DOT_SEGMENT = re.compile(r"(?:\A|/)\.\.?(?:/|\Z)")


def remove_dot_segments(base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3 Merge Paths and §5.2.4 Remove Dot Segments, in CPython's variant.

    A ``path`` starting with ``/`` replaces the base path; any other is appended to the base path
    without its last segment. ``.`` segments go, ``..`` removes the segment before it (if any),
    a path ending in ``.`` or ``..`` ends in ``/``, and empty segments inside a merged path go.
    """
    if path[:1] == "/":
        if not _has_dot_segment(path):
            return path
        segments = path.split("/")
    else:
        merged = _merge_paths(base_path, path)
        if "//" not in merged and not _has_dot_segment(merged):
            return merged  # nothing to remove: what the loop below would give
        directory = base_path.split("/")
        if directory[-1] != "":
            del directory[-1]  # the base's last segment is a file, not a directory
        segments = directory + path.split("/")
        # empty segments between the first and the last would double slashes: drop them
        segments[1:-1] = [segment for segment in segments[1:-1] if segment]
    resolved: list[str] = []
    for segment in segments:
        if segment == "..":
            if resolved:
                resolved.pop()
        elif segment != ".":
            resolved.append(segment)
    if segments[-1] in (".", ".."):
        resolved.append("")  # "a/b/.." names the directory a/: keep the trailing slash
    return "/".join(resolved) or "/"


def _merge_paths(base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3: ``path`` after the base path's directory (all but its last segment).

    As CPython merges: an empty base path counts as ``/``, and a base path without ``/`` has no
    directory at all.
    """
    last_slash = base_path.rfind("/")
    if last_slash >= 0:
        return base_path[: last_slash + 1] + path
    return ("/" if base_path == "" else "") + path


def _has_dot_segment(path: str) -> bool:
    return "." in path and _DOT_SEGMENT.search(path) is not None


def urljoin(base: Any, url: Any, allow_fragments: bool = True) -> Any:
    """Join a base URL and a possibly relative URL to form an absolute interpretation of the latter.

    ``str``, ``bytes`` and ``bytearray`` are accepted (not mixed); an empty ``base`` gives ``url``
    and an empty ``url`` gives ``base``, unchanged. Raises ValueError as :func:`urlsplit` does.
    """
    if not base:
        return url
    if not url:
        return base
    if isinstance(base, str) and isinstance(url, str):
        return _join_str(base, url, allow_fragments)
    base, url, coerce = coerce_args(base, url)
    return coerce(_join_str(base, url, allow_fragments))


def _join_str(base: str, url: str, allow_fragments: object) -> str:
    """RFC 3986 §5.2.2 Transform References, on ``str`` (None = undefined component)."""
    base_scheme, base_netloc, base_path, base_query, base_fragment = split_defined(
        base, allow_fragments
    )
    scheme, netloc, path, query, fragment = split_defined(url, allow_fragments)
    if scheme is None:
        scheme = base_scheme
    if scheme != base_scheme or (scheme and scheme not in uses_relative):
        return url
    if not scheme or scheme in uses_netloc:
        if netloc:
            return join_components(scheme, netloc, path, query, fragment)
        netloc = base_netloc
    if not path:
        path = base_path
        if query is None:
            query = base_query
            if fragment is None:
                fragment = base_fragment
        return join_components(scheme, netloc, path, query, fragment)
    return join_components(scheme, netloc, remove_dot_segments(base_path, path), query, fragment)
