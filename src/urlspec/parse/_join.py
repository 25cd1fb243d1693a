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

Speed: two plain ``str`` URLs are split by the fast path (``urlspec.parse._split.split_plain``),
and dot segments are looked for from dot to dot (:func:`first_dot_segment`): a path without any
is used as it is, and in a path with some, the segments before the first one are taken as they
are (the general loop would only append them one by one) and the loop starts at that segment.
"""

from __future__ import annotations

from typing import Any, overload

from urlspec.parse._common import coerce_args, uses_netloc, uses_relative
from urlspec.parse._split import join_components, split_defined, split_plain

__all__ = ["urljoin"]


_DOT_SEGMENT_NAMES = (".", "..")


def first_dot_segment(path: str) -> int:
    """Where the first "." or ".." segment of ``path`` starts (0, or just after a "/"), or -1.

    Each dot found by ``str.find`` is checked where it stands: it begins a segment (the path
    starts with it, or it follows a "/"), and the segment ends after it, or after a second dot,
    at a "/" or at the end.
    """
    end = len(path)
    dot = path.find(".")
    while dot >= 0:
        if dot == 0 or path[dot - 1] == "/":
            after = dot + 1
            if after < end and path[after] == ".":
                after += 1
            if after == end or path[after] == "/":
                return dot
        dot = path.find(".", dot + 1)
    return -1


def remove_dot_segments(base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3 Merge Paths and §5.2.4 Remove Dot Segments, in CPython's variant.

    A ``path`` starting with ``/`` replaces the base path; any other is appended to the base path
    without its last segment. ``.`` segments go, ``..`` removes the segment before it (if any),
    a path ending in ``.`` or ``..`` ends in ``/``, and empty segments inside a merged path go.
    """
    if path[:1] == "/":
        return _resolve_dot_segments(path)
    merged = _merge_paths(base_path, path)
    if "//" not in merged:
        return _resolve_dot_segments(merged)  # no empty segment inside: nothing to drop
    segments = merged.split("/")
    # empty segments between the first and the last would double slashes: drop them
    segments[1:-1] = [segment for segment in segments[1:-1] if segment]
    return _resolve_segments([], segments)


def _resolve_dot_segments(path: str) -> str:
    """The non-empty ``path`` with its dot segments resolved (its empty segments are kept).

    The segments before the first dot segment would only be appended one by one by
    :func:`_resolve_segments`: they are taken as they are, and the loop starts at that segment.
    """
    start = first_dot_segment(path)  # 0, or just after a "/"
    if start < 0:
        return path
    resolved = path[:start].split("/")
    del resolved[-1]  # "" after the prefix's last "/" (or the whole of an empty prefix)
    return _resolve_segments(resolved, path[start:].split("/"))


def _resolve_segments(output: list[str], segments: list[str]) -> str:
    """RFC 3986 §5.2.4 Remove Dot Segments, read segment by segment: ``segments`` (the input
    buffer) go to the ``output`` buffer by the RFC's rules.

    * rule B: a ``.`` segment is removed;
    * rule C: a ``..`` segment is removed with the last segment of the output; CPython's
      deviation: at the root there is nothing to remove and ``..`` just goes (the RFC's rule A
      would keep a leading ``..`` of a relative path, but CPython never keeps one);
    * rule E: any other segment moves to the output;
    * a path ending in ``/.`` or ``/..`` ends in ``/`` (the ``/`` that rules B and C leave).
    """
    for segment in segments:
        if segment == ".":  # rule B
            continue
        if segment == "..":  # rule C
            del output[-1:]
            continue
        output.append(segment)  # rule E
    if segments[-1] in _DOT_SEGMENT_NAMES:
        output.append("")  # "a/b/.." names the directory a/: keep the trailing "/"
    return "/".join(output) or "/"


def _merge_paths(base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3: ``path`` after the base path's directory (all but its last segment).

    As CPython merges: an empty base path counts as ``/``, and a base path without ``/`` has no
    directory at all.
    """
    last_slash = base_path.rfind("/")
    if last_slash >= 0:
        return base_path[: last_slash + 1] + path
    return ("/" if base_path == "" else "") + path


# typeshed types urljoin with AnyStr; written as its two cases here, because mypyc (which compiles
# this module) checks a function of a constrained type variable once, not once per constraint.
@overload
def urljoin(base: str, url: str | None, allow_fragments: bool = True) -> str: ...
@overload
def urljoin(base: bytes, url: bytes | None, allow_fragments: bool = True) -> bytes: ...
def urljoin(base: Any, url: Any, allow_fragments: Any = True) -> Any:
    """Join a base URL and a possibly relative URL to form an absolute interpretation of the latter.

    ``str``, ``bytes`` and ``bytearray`` are accepted (not mixed); an empty ``base`` gives ``url``
    and an empty ``url`` gives ``base``, unchanged, before any coercion (as in CPython 3.15).
    Raises ValueError as :func:`urlsplit` does.
    """
    if not base:
        return url  # (None when url is None, as in CPython)
    if not url:
        return base
    if type(base) is str and type(url) is str:
        if allow_fragments:
            # The fast path: two plain URLs (see urlspec.parse._split.split_plain), undefined
            # components None, exactly as split_defined gives them.
            base_plain = split_plain(base, True, None)
            plain = split_plain(url, True, None)
            if base_plain is not None and plain is not None:
                return transform_references(base_plain, url, plain)
        return _join_str(base, url, allow_fragments)
    return _join_any(base, url, allow_fragments)


def _join_any(base: Any, url: Any, allow_fragments: bool) -> Any:
    """urljoin of bytes-like arguments: coerced to ``str``, joined, coerced back."""
    base, url, coerce = coerce_args(base, url)
    return coerce(_join_str(base, url, allow_fragments))


def _join_str(base: str, url: str, allow_fragments: object) -> str:
    """urljoin on ``str``, the general path: split both URLs as urlsplit does."""
    return transform_references(
        split_defined(base, allow_fragments), url, split_defined(url, allow_fragments)
    )


def transform_references(base: tuple[Any, ...], url: str, reference: tuple[Any, ...]) -> str:
    """RFC 3986 §5.2.2 Transform References: the target URL of ``reference`` against ``base``.

    ``base`` and ``reference`` are (scheme, authority (netloc), path, query, fragment), None
    for an undefined component; ``url`` is the reference's text. CPython's deviations from the
    RFC's pseudocode are the named steps below.
    """
    base_scheme, base_authority, base_path, base_query, base_fragment = base
    scheme, authority, path, query, fragment = reference
    # Deviation: only a reference of the base's scheme (written or not) is resolved, and only
    # for the schemes in uses_relative; any other reference is the target as it is. (A scheme
    # equal to the base's is ignored: §5.2.2's "non-strict" parser.)
    if (scheme is not None and scheme != base_scheme) or (
        base_scheme and base_scheme not in uses_relative
    ):
        return url
    scheme = base_scheme
    # Deviation: the authority is resolved only for the schemes in uses_netloc, and an empty
    # one ("//") counts as undefined.
    has_authority = not scheme or scheme in uses_netloc
    if has_authority:
        if authority:  # §5.2.2: if defined(R.authority), without removing dot segments
            return join_components(scheme, authority, path, query, fragment)
        authority = base_authority
    if not path:  # §5.2.2: if (R.path == "")
        if query is None:
            query = base_query
            # Deviation (gh-123273): with neither query nor fragment, the base's fragment too
            if fragment is None:
                fragment = base_fragment
        return join_components(scheme, authority, base_path, query, fragment)
    # §5.2.2: T.path = remove_dot_segments(R.path), or of merge(Base.path, R.path)
    return join_components(scheme, authority, remove_dot_segments(base_path, path), query, fragment)
