"""hypothesis strategies for the toolkit's property tests: URLs that parse, of every kind."""

from __future__ import annotations

from hypothesis import strategies as st
from test_properties import URLISH_WITH_SCHEME

from urlspec import URL

#: Hand-picked URLs of every shape: special and not, with and without a host, opaque paths,
#: file: URLs with drive letters, credentials, ports, empty and missing queries and fragments.
SHAPES = [
    "https://example.com/",
    "https://user:pw@example.com:8080/a/b/c.txt?q=1&r=2#frag",
    "https://example.com/a/b/?",
    "https://example.com/a/b#",
    "http://[::1]/x",
    "http://192.168.0.1/a/../b",
    "file:///C:/dir/file.txt",
    "file:///home/user/",
    "file://server/share/x",
    "sc://host/p/q",
    "sc://host",
    "sc:/a/b",
    "sc:/.//p",
    "sc:opaque?q#f",
    "mailto:someone@example.com",
    "data:text/plain,hello",
    "https://xn--n3h.example/%E2%98%83",
]

URLS = st.one_of(
    st.sampled_from(SHAPES).map(URL),
    URLISH_WITH_SCHEME.map(URL.parse).filter(lambda url: url is not None),
)


def _enumerated() -> list[URL]:
    """Every URL made of these pieces (the distinct ones that parse): each shape the toolkit's
    string editing tells apart (urlspec.toolkit._common.split_href): special, file and other
    schemes; no host, an empty host, a host with credentials and port, an IPv6 host; empty,
    root, "directory", empty-segment, "/."-prefixed, opaque and percent-encoded paths (dot
    segments among them); no, empty and full queries and fragments, with "?", "/" and "#" in
    them."""
    found: dict[str, URL] = {}
    for scheme in ("http:", "file:", "sc:"):
        for authority in ("", "//", "//h", "//u:p@h:1", "//[::1]"):
            for path in (
                "",
                "/",
                "//",
                "/a",
                "/a/",
                "/a//b/",
                "/.//x",
                "/..//x/",
                "x",
                "x/y",
                "/%2e/",
                "/a%20b.tar.gz",
                "/C:/",
            ):
                for query in ("", "?", "?a=1&b+c=%20&a", "?/?:@"):
                    for fragment in ("", "#", "#?/#"):
                        url = URL.parse(scheme + authority + path + query + fragment)
                        if url is not None:
                            found.setdefault(url.href, url)
    return list(found.values())


#: Generated URLs of every shape (see _enumerated), exhaustively: about 1,500.
ENUMERATED = _enumerated()

#: The arguments of joinpath that its rules tell apart: one segment or several, text to encode,
#: an empty argument (first or last), a trailing "/", empty segments inside, percent-encoding.
JOINPATH_ARGUMENTS: list[tuple[tuple[str, ...], bool]] = [
    (("a b",), False),
    (("x/", "y"), False),
    (("",), False),
    (("", "z"), False),
    (("a//b", ""), False),
    (("c/",), False),
    (("%41?#\\|",), False),
    (("a%2Fb", "é"), True),
]


def general_segments_url(url: URL, segments: list[str]) -> URL:
    """The general path for a URL with new path segments (already encoded) and no query or
    fragment: the standard's setters (pathname, search, hash) on the URL record."""
    return url.replace(pathname="/" + "/".join(segments), search="", hash="")


def own_segments(url: URL) -> list[str]:
    """The URL record's path segments without one trailing empty segment (a "directory")."""
    segments = list(url.path_segments or ())
    if segments and segments[-1] == "":
        segments.pop()
    return segments
