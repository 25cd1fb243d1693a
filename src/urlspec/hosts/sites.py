"""Sites: the HTML Standard's "site", "same site" and "schemelessly same site".

Implements https://html.spec.whatwg.org/multipage/browsers.html#sites over a URL's origin
(:mod:`urlspec.origin`) and its host's registrable domain (:mod:`urlspec.hosts.public_suffix_list`):

* obtain a site (https://html.spec.whatwg.org/multipage/browsers.html#obtain-a-site): an opaque
  origin is its own site; a tuple origin whose host has no registrable domain is the site
  (scheme, host); otherwise (scheme, registrable domain);
* same site (https://html.spec.whatwg.org/multipage/browsers.html#same-site) and schemelessly
  same site (https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site).

An opaque origin is equal only to itself, and each URL's origin is computed anew, so a URL whose
origin is opaque (data:, file:, ...) is never same site with any URL, itself included.
"""

from __future__ import annotations

from urlspec.host import ends_in_a_number
from urlspec.hosts.public_suffix_list import default_list
from urlspec.origin import OpaqueOrigin, Origin, TupleOrigin
from urlspec.url import URL

__all__ = ["is_same_site", "is_schemelessly_same_site", "obtain_a_site", "same_site", "site"]


def _host_registrable_domain(host: str) -> str | None:
    """The registrable domain of an origin's (serialized) host; None for an IP address (an
    IPv6 address is in brackets; an IPv4 address is what the host parser makes of a domain that
    ends in a number)."""
    if host.startswith("[") or not host or ends_in_a_number(host):
        return None
    return default_list().registrable_domain_of_domain(host)


def obtain_a_site(origin: Origin) -> Origin:
    """https://html.spec.whatwg.org/multipage/browsers.html#obtain-a-site, as an origin: an
    opaque origin, or a tuple origin (scheme, host or registrable domain, no port)."""
    # 1.
    if isinstance(origin, OpaqueOrigin):
        return origin
    # 2.-3.
    registrable_domain = _host_registrable_domain(origin.host)
    host = origin.host if registrable_domain is None else registrable_domain
    return TupleOrigin(origin.scheme, host, None)


def is_schemelessly_same_site(a: Origin, b: Origin) -> bool:
    """https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site"""
    # 1.
    if isinstance(a, OpaqueOrigin) or isinstance(b, OpaqueOrigin):
        return a is b
    # 2.
    host_a, host_b = a.host, b.host
    registrable_domain_a = _host_registrable_domain(host_a)
    # 2.2. The same host without a registrable domain.
    if host_a == host_b and registrable_domain_a is None:
        return True
    # 2.3. The same non-null registrable domain.
    return registrable_domain_a is not None and registrable_domain_a == _host_registrable_domain(
        host_b
    )


def is_same_site(a: Origin, b: Origin) -> bool:
    """https://html.spec.whatwg.org/multipage/browsers.html#same-site"""
    if not is_schemelessly_same_site(a, b):
        return False
    if isinstance(a, TupleOrigin) and isinstance(b, TupleOrigin):
        return a.scheme == b.scheme
    return isinstance(a, OpaqueOrigin) and isinstance(b, OpaqueOrigin)


def _origin(url: URL | str) -> Origin:
    """The origin of ``url``, read back from the URL's origin getter (its ASCII serialization,
    "null" for an opaque origin, which is a new one each time)."""
    if isinstance(url, str):
        url = URL(url)
    elif not isinstance(url, URL):
        raise TypeError(f"url must be a URL or a str, not {type(url).__name__}")
    serialized = url.origin
    if serialized == "null":
        return OpaqueOrigin()
    scheme, _, host_and_port = serialized.partition("://")
    # The host is a domain, an IPv4 address or an IPv6 address in brackets: the only ":" outside
    # brackets comes before the port.
    port_colon = host_and_port.find(":", host_and_port.find("]") + 1)
    if port_colon < 0:
        return TupleOrigin(scheme, host_and_port, None)
    return TupleOrigin(scheme, host_and_port[:port_colon], int(host_and_port[port_colon + 1 :]))


def site(url: URL | str) -> str | None:
    """The site of ``url``'s origin, serialized ("https://example.co.uk" for
    https://www.example.co.uk:8443/x), or None when the origin is opaque (it is its own site).

    A str is parsed as a URL first (:class:`~urlspec.InvalidURL` when it is not one).
    """
    found = obtain_a_site(_origin(url))
    return None if isinstance(found, OpaqueOrigin) else found.serialize()


def same_site(a: URL | str, b: URL | str, *, schemeful: bool = True) -> bool:
    """Whether the origins of ``a`` and ``b`` are same site (``schemeful=False``: schemelessly
    same site). A URL whose origin is opaque is same site with no URL."""
    origin_a, origin_b = _origin(a), _origin(b)
    if schemeful:
        return is_same_site(origin_a, origin_b)
    return is_schemelessly_same_site(origin_a, origin_b)
