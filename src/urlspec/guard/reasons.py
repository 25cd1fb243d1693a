"""Why the guard refused a URL: the stable reason codes and the one exception type.

Every refusal is a :class:`Refused` (a ``ValueError``) whose ``reason`` is one of the codes of
:data:`REASONS`. The codes are part of the API: they do not change between releases, so that a
caller can branch on them, log them and count them (as the URL Standard's validation errors are
named in ``urlspec.validation``). The message says the code's meaning and names the part of the
URL that decided (the scheme, the port, the userinfo, the host, an address DNS gave for it).
"""

from __future__ import annotations

from typing import Final

from urlspec.hosts.special_addresses import ADDRESS_CLASSES
from urlspec.validation import quote

__all__ = ["ADDRESS_REASONS", "REASONS", "Refused", "address_reason"]

#: Every reason code, with what it means. ``address-<class>`` exists for each class of
#: :data:`urlspec.hosts.special_addresses.ADDRESS_CLASSES` but "domain".
REASONS: Final[dict[str, str]] = {
    "invalid-url": "the URL parser (WHATWG URL Standard) failed on the input",
    "scheme-not-allowed": "the scheme is not one the policy allows",
    "credentials": "the URL carries a username or password",
    "opaque-host": "the URL has no host an address can be judged by "
    "(an opaque, empty or missing host)",
    "port-not-allowed": "the port is not one the policy allows",
    "host-denied": "the host matches an entry of the policy's deny_hosts",
    "host-not-allowed": "the host matches no entry of the policy's allow_hosts",
    "url-denied": "the URL matches one of the policy's deny_urls patterns",
    "url-not-allowed": "the URL matches none of the policy's allow_urls patterns",
    "network-denied": "the address is in one of the policy's deny_networks",
    "address-loopback": "the host is a loopback address (127.0.0.0/8, ::1, localhost)",
    "address-private": "the host is a private-use address (RFC 1918; 64:ff9b:1::/48)",
    "address-link-local": "the host is a link-local address "
    "(169.254.0.0/16, fe80::/10; cloud metadata services live there)",
    "address-unique-local": "the host is an IPv6 unique-local address (fc00::/7)",
    "address-shared": "the host is in the shared address space of carrier-grade NAT "
    "(100.64.0.0/10)",
    "address-multicast": "the host is a multicast address",
    "address-unspecified": "the host is the unspecified address (0.0.0.0, ::)",
    "address-broadcast": "the host is the limited broadcast address",
    "address-documentation": "the host is a documentation address",
    "address-benchmarking": "the host is a benchmarking address (198.18.0.0/15, 2001:2::/48)",
    "address-reserved": "the host is a reserved or special-purpose address",
    "address-global": "the host is a global address, and the policy allows none",
    "resolution-failed": "the host could not be resolved to an address",
    "resolved-to-non-global": "every address the host resolved to is one the policy refuses",
    "mixed-answer": "the host resolved to addresses the policy allows and addresses it refuses",
    "proxy": "a proxy is configured: the connection could not be pinned to the checked address",
    "redirect-refused": "a redirect led to a URL the policy refuses",
    "too-many-redirects": "more redirects than the policy's max_redirects",
}

#: The reason code of each address class the policy can refuse.
ADDRESS_REASONS: Final[dict[str, str]] = {
    address_class: f"address-{address_class}"
    for address_class in ADDRESS_CLASSES
    if address_class != "domain"
}


def address_reason(address_class: str) -> str:
    """The reason code for refusing an address of ``address_class``."""
    return ADDRESS_REASONS[address_class]


class Refused(ValueError):
    """The guard refused a URL.

    ``reason`` is a stable code (a key of :data:`REASONS`), ``url`` the URL as given or as
    parsed (its password hidden; the redirect target for a redirect), ``detail`` what in the
    URL decided, in words. For ``redirect-refused``, ``hop_reason`` is the code that refused the
    redirect's target (None otherwise).
    """

    def __init__(self, reason: str, url: str, detail: str, hop_reason: str | None = None) -> None:
        self.reason = reason
        self.url = url
        self.detail = detail
        self.hop_reason = hop_reason
        meaning = REASONS.get(reason, reason)
        shown = f"refused {quote(url)}" if url else "refused"
        super().__init__(f"{shown} [{reason}]: {detail} ({meaning})")

    def __reduce__(self) -> tuple[type[Refused], tuple[str, str, str, str | None]]:
        return (Refused, (self.reason, self.url, self.detail, self.hop_reason))
