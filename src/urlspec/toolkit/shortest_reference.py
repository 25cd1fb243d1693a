"""Relative references: the shortest string that resolves against a base back to a URL.

``relative_to(url, base)`` tries the kinds of relative reference that RFC 3986 §4.2 names, as
the URL Standard's parser resolves them (https://url.spec.whatwg.org/#concept-basic-url-parser
with a base): empty, fragment-only, query-only, path-relative (``../c``), absolute-path
(``/a/c``) and network-path (``//host/a``). Each candidate is checked by resolving it: the
shortest one whose resolution is ``url`` exactly (same href) wins. So the answer is always
right, whatever the scheme's quirks (Windows drive letters in file: URLs, "/." before a path
that starts with "//", a first segment with ":" that would read as a scheme). None when no
candidate is shorter than the href itself (another scheme, an opaque path, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def _path_relative(url_segments: list[str], base_segments: list[str]) -> str:
    """A path reference from the base's directory (its segments but the last) to the URL's."""
    directory = base_segments[:-1]
    common = 0
    while (
        common < len(directory)
        and common < len(url_segments) - 1
        and directory[common] == url_segments[common]
    ):
        common += 1
    rest = url_segments[common:]
    reference = "../" * (len(directory) - common) + "/".join(rest)
    first = reference.partition("/")[0]
    if reference == "" or ":" in first or (common == len(directory) and rest and rest[0] == ""):
        reference = "./" + reference  # not empty, no scheme, no "//" authority
    return reference


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
        url_segments = url.path_segments
        base_segments = base.path_segments
        same_authority = url.host == base.host and url.username == base.username
        same_authority = same_authority and url.password == base.password
        if url_segments is not None and base_segments is not None and same_authority:
            suffix = _suffix(url_query, url_fragment)
            candidates.append("/" + "/".join(url_segments) + suffix)  # absolute-path
            candidates.append("/." + "/" + "/".join(url_segments) + suffix)
            relative = _path_relative(list(url_segments), list(base_segments))
            candidates.append(relative + suffix)
    return candidates


def relative_to(url: URL, base: URL | str) -> str | None:
    """The shortest reference ``ref`` with ``URL(ref, base) == url``, or None when none is
    shorter than ``url.href``. A string ``base`` is parsed first (InvalidURL if it fails)."""
    from urlspec.url import URL

    if not isinstance(base, URL):
        base = URL(base)
    href = url.href
    for candidate in sorted(set(_candidates(url, base)), key=lambda c: (len(c), c)):
        if len(candidate) >= len(href):
            break
        resolved = URL.parse(candidate, base)
        if resolved is not None and resolved.href == href:
            return candidate
    return None
