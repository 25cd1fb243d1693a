"""``resolve``: check a URL, resolve its host once, and pin the addresses that passed.

The defence against DNS rebinding is to ask DNS once and connect to the answer that was checked:
a client that checks a name and then lets the operating system resolve it again may connect
wherever the second answer points. :func:`resolve` returns a :class:`PinnedURL` whose
``addresses`` are the only ones the guarded clients connect to (in the resolver's order, the
first that accepts the connection is used), while the Host header, TLS SNI and certificate
verification stay on the URL's host.

Every answer must pass the policy (:func:`urlspec.guard.checking.address_verdict`, the same
judgement as a literal address in the URL): when none does the reason is
``resolved-to-non-global``, when some do and some don't it is ``mixed-answer`` (an attacker who
controls a name can mix a private address into a public answer and hope the client picks it). A
resolver error or an empty answer is ``resolution-failed``.
"""

from __future__ import annotations

import socket
from typing import Final, NamedTuple

from urlspec.guard.checking import address_verdict, check, host_kind, shown
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.host import Host, HostKind, parse_ipv4, parse_ipv6, serialize_host
from urlspec.url import URL
from urlspec.url_record import default_port
from urlspec.validation import quote

__all__ = ["PinnedURL", "parse_answer", "resolve", "resolve_hop"]


class PinnedURL(NamedTuple):
    """A URL that passed the guard and the addresses to connect to for it.

    ``host`` is the host to connect for as clients name it (the URL's hostname; an IPv6 address
    without its brackets), ``port`` the port (the scheme's default when none is written),
    ``addresses`` the checked IP addresses, as sockets take them (IPv6 without brackets).
    """

    url: URL
    host: str
    port: int
    addresses: tuple[str, ...]


_MAX_SHOWN: Final = 3


def parse_answer(address: object) -> Host | None:
    """The IP address of a resolver answer (``sockaddr[0]``: ``"192.0.2.1"``, ``"::1"``,
    ``"fe80::1%eth0"``), or None when it is none."""
    if not isinstance(address, str):
        return None
    if ":" in address:
        pieces = parse_ipv6(address.partition("%")[0])
        return None if pieces is None else Host(HostKind.IPV6, pieces)
    value = parse_ipv4(address)
    return None if value is None else Host(HostKind.IPV4, value)


def _socket_address(host: Host) -> str:
    serialized = serialize_host(host)
    return serialized[1:-1] if host.kind is HostKind.IPV6 else serialized


def resolve(url: str | URL, policy: Policy | None = None) -> PinnedURL:
    """Check ``url`` (:func:`~urlspec.guard.check`), resolve its host once with the policy's
    resolver, and return the addresses to connect to; raises
    :class:`~urlspec.guard.reasons.Refused` unless every answer passes the policy.

    An IP address in the URL is its own answer (no resolver call).
    """
    if policy is None:
        policy = DEFAULT_POLICY
    checked = check(url, policy)
    hostname = checked.hostname
    port = int(checked.port) if checked.port else default_port(checked.protocol[:-1])
    if port is None:  # a policy that allows a non-special scheme: check refused its host
        raise Refused("opaque-host", shown(checked), "no port to connect to")
    kind = host_kind(checked, checked.protocol[:-1], hostname)
    if kind is HostKind.IPV4:
        return PinnedURL(checked, hostname, port, (hostname,))
    if kind is HostKind.IPV6:
        return PinnedURL(checked, hostname[1:-1], port, (hostname[1:-1],))
    resolver = policy.resolver if policy.resolver is not None else socket.getaddrinfo
    try:
        answers = resolver(hostname, port, 0, socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise Refused(
            "resolution-failed", shown(checked), f"host {quote(hostname)}: {error}"
        ) from None
    addresses: list[str] = []
    refused: list[str] = []
    for answer in answers:
        sockaddr = answer[4] if len(answer) > 4 else None
        host = parse_answer(sockaddr[0] if isinstance(sockaddr, tuple) and sockaddr else None)
        if host is None:
            raise Refused(
                "resolution-failed",
                shown(checked),
                f"host {quote(hostname)}: the resolver gave {answer!r}, not an IP address",
            )
        verdict = address_verdict(host, policy)
        if verdict is None:
            address = _socket_address(host)
            if address not in addresses:
                addresses.append(address)
        else:
            refused.append(f"{_socket_address(host)} [{verdict[0]}: {verdict[1]}]")
    if not addresses and not refused:
        raise Refused("resolution-failed", shown(checked), f"host {quote(hostname)}: no address")
    if refused:
        reason = "mixed-answer" if addresses else "resolved-to-non-global"
        detail = "; ".join(refused[:_MAX_SHOWN])
        if len(refused) > _MAX_SHOWN:
            detail += f"; and {len(refused) - _MAX_SHOWN} more"
        raise Refused(reason, shown(checked), f"host {quote(hostname)} resolved to {detail}")
    return PinnedURL(checked, hostname, port, tuple(addresses))


def resolve_hop(url: str | URL, policy: Policy, hop: int) -> PinnedURL:
    """:func:`resolve` for the ``hop``-th request of a chain of redirects (0: the request the
    caller made): a refused redirect target is ``redirect-refused`` (its own reason in
    ``hop_reason``), a hop past the policy's ``max_redirects`` is ``too-many-redirects``."""
    if hop == 0:
        return resolve(url, policy)
    shown_url = url.href if isinstance(url, URL) else url
    if hop > policy.max_redirects:
        raise Refused(
            "too-many-redirects",
            shown_url,
            f"redirect {hop} (the policy allows {policy.max_redirects})",
        )
    try:
        return resolve(url, policy)
    except Refused as refused:
        raise Refused(
            "redirect-refused",
            refused.url,
            f"redirect {hop}: {refused.detail}",
            hop_reason=refused.reason,
        ) from None
