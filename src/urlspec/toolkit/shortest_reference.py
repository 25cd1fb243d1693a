"""Relative references: the shortest string that resolves against a base back to a URL.

``relative_to(url, base)`` tries the kinds of relative reference that RFC 3986 §4.2 names, as
the URL Standard's parser resolves them (https://url.spec.whatwg.org/#concept-basic-url-parser
with a base): empty, fragment-only, query-only, path-relative (``../c``), absolute-path
(``/a/c``) and network-path (``//host/a``). Each candidate is checked by resolving it: the
shortest one whose resolution is ``url`` exactly (same href) wins. So the answer is always
right, whatever the scheme's quirks (Windows drive letters in file: URLs, "/." before a path
that starts with "//", a first segment with ":" that would read as a scheme); the candidates
include each one's shortest spellings ("." for "./", ".." for "../", "./" only where it is
needed, a file: path without the drive letter the base gives), so the answer is the shortest
reference (tests/test_shortest_reference.py checks that no shorter reference among the
spellings a brute-force search builds resolves back). None when no candidate is shorter than
the href itself (another scheme, an opaque path, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlspec.toolkit._common import U
from urlspec.url_record import is_normalized_windows_drive_letter

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["relative_to"]


def _split_href(href: str) -> tuple[str, str | None, str | None]:
    """An href as (everything before the query, query or None, fragment or None).

    In an href the first "#" starts the fragment and the first "?" before it the query: the
    serializer percent-encodes or never emits them anywhere else.
    """
    before_fragment, hash_mark, fragment = href.partition("#")
    before_query, question_mark, query = before_fragment.partition("?")
    return before_query, (query if question_mark else None), (fragment if hash_mark else None)


def _suffix(query: str | None, fragment: str | None) -> str:
    return ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)


def _path_relative(url_segments: list[str], base_segments: list[str]) -> list[str]:
    """Path references from the base's directory (its segments but the last) to the URL's
    path: the shortest spellings of the RFC 3986 §5.2.3/§5.2.4 kind, each also with "./" before
    it (a first segment holding ":" after a scheme-like prefix would be read as a scheme, one
    starting with "" as an authority, and in a file: URL one that is a Windows drive letter
    such as "c|" would replace the path: https://url.spec.whatwg.org/#file-state), and with a
    trailing "." or ".." segment written without its "/" (the path state appends an empty
    segment after either at the end: https://url.spec.whatwg.org/#path-state)."""
    directory = base_segments[:-1]
    common = 0
    while (
        common < len(directory)
        and common < len(url_segments) - 1
        and directory[common] == url_segments[common]
    ):
        common += 1
    rest = url_segments[common:]
    ups = len(directory) - common
    if rest == [""]:
        # The URL's path is a directory of the base's: "..", "../..", or "." for the same one.
        short = "/".join([".."] * ups) if ups else "."
        return [short, short + "/"]
    reference = "../" * ups + "/".join(rest)
    return [reference, "./" + reference]


def _candidates(url: URL, base: URL) -> list[str]:
    href = url.href
    url_before, url_query, url_fragment = _split_href(href)
    base_before, base_query, _ = _split_href(base.href)
    candidates = []
    if url_before == base_before:
        if url_query == base_query:
            candidates.append(_suffix(None, url_fragment) if url_fragment is not None else "")
        if url_query is not None:
            candidates.append(_suffix(url_query, url_fragment))
    if url.protocol == base.protocol:
        after_scheme = url_before[len(url.protocol) :]
        if after_scheme.startswith("//"):
            candidates.append(after_scheme + _suffix(url_query, url_fragment))  # network-path
            if after_scheme.endswith("/"):  # a special URL's empty path is "/" anyway
                candidates.append(after_scheme[:-1] + _suffix(url_query, url_fragment))
            if after_scheme.startswith("///"):
                # An empty host, then a path that may start with a Windows drive letter, which
                # the file host state reads as the path (#file-host-state): "//C:/" is
                # file:///C:/ against any file: base.
                candidates.append(after_scheme[1:] + _suffix(url_query, url_fragment))
        url_segments = url.path_segments
        base_segments = base.path_segments
        same_authority = url.host == base.host and url.username == base.username
        same_authority = same_authority and url.password == base.password
        if url_segments is not None and base_segments is not None and same_authority:
            suffix = _suffix(url_query, url_fragment)
            candidates.append("/" + "/".join(url_segments) + suffix)  # absolute-path
            candidates.append("/." + "/" + "/".join(url_segments) + suffix)
            if url_segments and is_normalized_windows_drive_letter(url_segments[0]):
                # A file: base's drive letter is kept by the file slash state
                # (https://url.spec.whatwg.org/#file-slash-state): "/x" for file:///C:/x.
                candidates.append("/" + "/".join(url_segments[1:]) + suffix)
            directories = [list(base_segments)]
            if len(base_segments) == 1 and is_normalized_windows_drive_letter(base_segments[0]):
                # Shortening keeps a lone drive letter (#shorten-a-urls-path): the base
                # file:///C: resolves "a" as file:///C:/a.
                directories.append([*base_segments, ""])
            for directory in directories:
                for relative in _path_relative(list(url_segments), directory):
                    candidates.append(relative + suffix)
    return candidates


def relative_to(url: U, base: URL | str) -> str | None:
    """The shortest reference ``ref`` with ``URL(ref, base) == url``, or None when none is
    shorter than ``url.href``. A string ``base`` is parsed first (InvalidURL if it fails)."""
    cls = type(url)
    if isinstance(base, str):
        base = cls(base)
    href = url.href
    for candidate in sorted(set(_candidates(url, base)), key=lambda c: (len(c), c)):
        if len(candidate) >= len(href):
            break
        resolved = cls.parse(candidate, base)
        if resolved is not None and resolved.href == href:
            return candidate
    return None
