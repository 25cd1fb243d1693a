"""The ``whatwg`` profile: the URL Standard's serialization, and the parts of such a serialization.

``canonicalize_whatwg(input, base)`` is ``new URL(input, base).href``: the API URL parser
(https://url.spec.whatwg.org/#api-url-parser) then the URL serializer
(https://url.spec.whatwg.org/#concept-url-serializer). It is idempotent: the serializer's output
parses back to the same URL (the spec's goal, checked by the web-platform-tests). Inputs the
parser rejects raise :class:`~urlspec.InvalidURL`.

The other profiles that start from this serialization read its parts back with
:func:`split_href`, which relies only on what the serializer guarantees (§4.5): ``scheme:``,
then ``//`` and the authority exactly when the host is not null, then the path (an opaque one,
or segments each after a ``/``, led by ``/.`` when a null host would make it look like an
authority), then ``?query`` and ``#fragment``. The percent-encode sets make the delimiters
unambiguous: ``?`` and ``#`` never occur in a path, ``#`` never in a query, and ``@`` ``:``
``/`` never in user information.
"""

from __future__ import annotations

from typing import NamedTuple

from urlspec.url import URL

__all__ = ["HrefParts", "canonicalize_whatwg", "split_href"]


def canonicalize_whatwg(input: str | URL, base: str | URL | None = None) -> str:
    """``new URL(input, base).href`` (InvalidURL when the parser fails)."""
    if isinstance(input, URL):
        return input.href
    return URL(input, base).href


class HrefParts(NamedTuple):
    """The components of a serialized URL, as the serializer wrote them."""

    scheme: str
    username: str
    password: str
    host: str | None  # serialized (IPv6 in brackets); None: the URL has no host
    port: str  # "" when null
    path: str  # as serialized, a leading "/." included
    query: str | None
    fragment: str | None


def split_href(href: str) -> HrefParts:
    """The parts of ``href``, which must be a URL serializer's output."""
    scheme, _, rest = href.partition(":")
    rest, has_fragment, fragment = rest.partition("#")
    rest, has_query, query = rest.partition("?")
    username = password = port = ""
    host: str | None = None
    path = rest
    if rest.startswith("//"):
        slash = rest.find("/", 2)
        authority, path = (rest[2:], "") if slash < 0 else (rest[2:slash], rest[slash:])
        userinfo, has_at, host = authority.rpartition("@")
        if has_at:
            username, _, password = userinfo.partition(":")
        bracket = host.rfind("]")
        colon = host.rfind(":")
        if colon > bracket:
            host, port = host[:colon], host[colon + 1 :]
    return HrefParts(
        scheme,
        username,
        password,
        host,
        port,
        path,
        query if has_query else None,
        fragment if has_fragment else None,
    )
