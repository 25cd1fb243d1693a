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
