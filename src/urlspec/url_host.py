"""What a URL's host says beyond its serialization: its public suffix, registrable domain and the
address behind it, for the URL class (``URL.public_suffix``, ``URL.registrable_domain`` and
``URL.address_class`` delegate here). The algorithms are in :mod:`urlspec.hosts.public_suffix_list`
and :mod:`urlspec.hosts.special_addresses`; this module only takes the host a URL already parsed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from urlspec.host import Host, HostKind, parse_ipv4, parse_ipv6

if TYPE_CHECKING:
    from urlspec.hosts.public_suffix_list import PublicSuffixList
    from urlspec.hosts.special_addresses import AddressClass, AddressInfo
    from urlspec.url import URL

__all__ = [
    "address_class_of_url",
    "host_from_serialization",
    "host_of_url",
    "public_suffix_of_url",
    "registrable_domain_of_url",
]


# The suffix list and the address registries are imported on first use, once (``from urlspec
# import URL`` stays light: tests/test_import_cost.py), and kept in these globals.
_default_list_function: Callable[[], PublicSuffixList] | None = None
_address_info_function: Callable[[Host], AddressInfo | None] | None = None


def _default_list() -> PublicSuffixList:
    global _default_list_function
    function = _default_list_function
    if function is None:
        from urlspec.hosts.public_suffix_list import default_list

        function = _default_list_function = default_list
    return function()


def _address_info_of_host(host: Host) -> AddressInfo | None:
    global _address_info_function
    function = _address_info_function
    if function is None:
        from urlspec.hosts.special_addresses import address_info_of_host

        function = _address_info_function = address_info_of_host
    return function(host)


def public_suffix_of_url(url: URL) -> str | None:
    """https://url.spec.whatwg.org/#host-public-suffix of ``url``'s host (None unless a domain)."""
    if url.host_kind is not HostKind.DOMAIN:
        return None
    return _default_list().public_suffix_of_domain(url.hostname)


def registrable_domain_of_url(url: URL) -> str | None:
    """https://url.spec.whatwg.org/#host-registrable-domain of ``url``'s host (None unless a
    domain)."""
    if url.host_kind is not HostKind.DOMAIN:
        return None
    return _default_list().registrable_domain_of_domain(url.hostname)


def host_of_url(url: URL) -> Host | None:
    """``url``'s host as a :class:`~urlspec.host.Host` (None for a null host)."""
    kind = url.host_kind
    if kind is HostKind.NONE:
        return None
    return host_from_serialization(kind, url.hostname)


def host_from_serialization(kind: HostKind, hostname: str) -> Host:
    """The :class:`~urlspec.host.Host` of kind ``kind`` that serializes to ``hostname`` (the host
    parsers read a serialized IPv4 or IPv6 address back to the same value)."""
    if kind is HostKind.IPV4:
        address = parse_ipv4(hostname)
        assert address is not None
        return Host(kind, address)
    if kind is HostKind.IPV6:
        pieces = parse_ipv6(hostname[1:-1])
        assert pieces is not None
        return Host(kind, pieces)
    return Host(kind, hostname)


def address_class_of_url(url: URL) -> AddressClass | None:
    """Where ``url``'s host points (see :func:`urlspec.hosts.special_addresses.address_class`);
    None for a null or empty host. An opaque host is judged as the host it spells
    (``gopher://127.0.0.1:6379/_`` is loopback), as a client connecting to it would read it."""
    host = host_of_url(url)
    if host is None:
        return None
    info = _address_info_of_host(host)
    return None if info is None else info.address_class
