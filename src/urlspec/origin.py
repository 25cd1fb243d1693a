"""Origins: what a URL's origin is, how an origin is written, and when two are the same.

Implements https://url.spec.whatwg.org/#origin (§4.7, a URL's origin) with the origin concepts
it borrows from HTML (https://html.spec.whatwg.org/multipage/browsers.html#origin): tuple and
opaque origins, their ASCII serialization, "same origin" and "same origin-domain".

A tuple origin is a value: two with equal fields are equal (``==`` compares all four fields,
``domain`` included; "same origin" ignores the domain, see :func:`is_same_origin`). An opaque
origin is an identity: each one made is equal only to itself, so a URL whose origin is opaque
is not same origin with itself when its origin is computed twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from urlspec.infra import to_scalar_value_string
from urlspec.parser import basic_url_parse
from urlspec.url_record import URLRecord, serialize_path
from urlspec.validation import InvalidURL, ValidationError

__all__ = [
    "OpaqueOrigin",
    "Origin",
    "TupleOrigin",
    "effective_domain",
    "get_origin",
    "is_same_origin",
    "is_same_origin_domain",
    "origin_of",
]


@dataclass(frozen=True, slots=True)
class TupleOrigin:
    """https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-tuple

    ``host`` is the serialized host (as the URL record keeps it); ``port`` is None for null
    (a scheme's default port is stored as null); ``domain`` is None for null, and only
    ``document.domain`` would ever set it.
    """

    scheme: str
    host: str
    port: int | None
    domain: str | None = None

    def serialize(self) -> str:
        """https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin"""
        result = f"{self.scheme}://{self.host}"
        if self.port is not None:
            result += f":{self.port}"
        return result

    def __str__(self) -> str:
        return self.serialize()


class OpaqueOrigin:
    """https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque

    Each instance is a new opaque origin, equal only to itself (identity equality and hash).
    """

    __slots__ = ()

    def serialize(self) -> str:
        """https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin"""
        return "null"

    def __str__(self) -> str:
        return self.serialize()

    def __repr__(self) -> str:
        return f"<OpaqueOrigin at {id(self):#x}>"


#: https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
Origin: TypeAlias = TupleOrigin | OpaqueOrigin

#: The schemes whose URLs have a tuple origin made of their own scheme, host and port.
TUPLE_ORIGIN_SCHEMES: Final = frozenset({"ftp", "http", "https", "ws", "wss"})

#: The schemes of the URL inside a blob: URL's path whose origin the blob: URL takes.
BLOB_INNER_SCHEMES: Final = frozenset({"http", "https", "file"})


def origin_of(url: URLRecord) -> Origin:
    """https://url.spec.whatwg.org/#concept-url-origin

    For "file" the standard leaves the origin "as an exercise to the reader. When in doubt,
    return a new opaque origin": we do. A blob: URL here never has a blob URL entry (that lives
    in a browser's blob URL store), so its origin comes from the URL in its path.
    """
    scheme = url.scheme
    if scheme == "blob":
        return blob_origin(url)
    if scheme in TUPLE_ORIGIN_SCHEMES:
        # A parsed URL with a special scheme always has a host; a hand-made record may not.
        if url.host is None:
            return OpaqueOrigin()
        return TupleOrigin(scheme, url.host, url.port, None)
    return OpaqueOrigin()


def blob_origin(url: URLRecord) -> Origin:
    """The "blob" case of https://url.spec.whatwg.org/#concept-url-origin"""
    path_url = basic_url_parse(serialize_path(url))
    if path_url is None:
        return OpaqueOrigin()
    if path_url.scheme in BLOB_INNER_SCHEMES:
        return origin_of(path_url)
    return OpaqueOrigin()


def is_same_origin(a: Origin, b: Origin) -> bool:
    """https://html.spec.whatwg.org/multipage/browsers.html#same-origin"""
    if isinstance(a, OpaqueOrigin) or isinstance(b, OpaqueOrigin):
        return a is b
    return a.scheme == b.scheme and a.host == b.host and a.port == b.port


def is_same_origin_domain(a: Origin, b: Origin) -> bool:
    """https://html.spec.whatwg.org/multipage/browsers.html#same-origin-domain"""
    if isinstance(a, OpaqueOrigin) or isinstance(b, OpaqueOrigin):
        return a is b
    if a.scheme != b.scheme:
        return False
    if a.domain is not None and b.domain is not None:
        return a.domain == b.domain
    if a.domain is None and b.domain is None:
        return is_same_origin(a, b)
    return False


def effective_domain(origin: Origin) -> str | None:
    """https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-effective-domain

    None for an opaque origin; otherwise the domain if set, else the (serialized) host.
    """
    if isinstance(origin, OpaqueOrigin):
        return None
    if origin.domain is not None:
        return origin.domain
    return origin.host


def get_origin(url: object) -> Origin:
    """The origin (https://url.spec.whatwg.org/#concept-url-origin) of a ``URL`` or URL string.

    ``URL.origin`` is the standard's getter, a serialization (``"https://example.com"``); this
    gives the origin itself, a :class:`TupleOrigin` (scheme, host, port) or a new
    :class:`OpaqueOrigin`. A string is parsed first (:class:`urlspec.InvalidURL` if it fails).
    """
    # (Not through the URL class, which imports this module: a URL is read through its href.)
    if isinstance(url, str):
        input = to_scalar_value_string(url)
        errors: list[ValidationError] = []
        record = basic_url_parse(input, errors=errors)
        if record is None:
            raise InvalidURL(input, errors)  # what URL(url) raises
        return origin_of(record)
    href = getattr(url, "href", None)
    if not isinstance(href, str):
        raise TypeError(f"get_origin takes a URL or a str, not {type(url).__name__}")
    record = basic_url_parse(href)
    if record is None:
        raise TypeError(f"not a URL: {type(url).__name__} (its href does not parse)")
    return origin_of(record)
