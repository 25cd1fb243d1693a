"""``check``: whether a URL may be fetched, decided without DNS.

The URL is parsed once, by the WHATWG URL parser (as a browser parses it: ``0x7f.1``,
``2130706433``, ``0177.0.0.1`` and fullwidth digits are all the IPv4 address 127.0.0.1; tabs and
newlines are removed; ``\\`` is ``/`` in a special URL), and that parsed URL is what the guard
judges and what the guarded clients fetch. In order, refusing at the first failure:

1. the parse (``invalid-url``);
2. the scheme (``scheme-not-allowed``); a non-special scheme's host is opaque, so even when a
   policy allows one, 3 refuses it;
3. a host an address can be judged by: a domain, an IPv4 or an IPv6 address (``opaque-host``);
4. credentials (``credentials``);
5. the port, the scheme's default when none is written (``port-not-allowed``);
6. the host lists (``host-denied``, then ``host-not-allowed`` when ``allow_hosts`` is set), then
   the URL patterns on the whole URL (``url-denied``, then ``url-not-allowed`` when
   ``allow_urls`` is set; URLPattern standard, :mod:`urlspec.urlpattern`);
7. the address, for an IP address or ``localhost`` (RFC 6761 §6.3: loopback without asking DNS):
   ``deny_networks`` (``network-denied``), then ``allow_networks`` (let through), then the
   address class of the IANA special-purpose registries (``address-<class>``). An IPv6 address
   that carries an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64 ``64:ff9b::/96``, 6to4) is
   judged by the IPv4 address it carries (:mod:`urlspec.hosts.special_addresses`); a network entry
   matches the IPv6 address or the IPv4 address it carries.

A domain passes ``check``: where it points is for :func:`urlspec.guard.resolve` to find out.
"""

from __future__ import annotations

from typing import Final

from urlspec.guard.policy import DEFAULT_POLICY, Network, Policy
from urlspec.guard.reasons import Refused, address_reason
from urlspec.host import Host, HostKind, parse_ipv4, serialize_host
from urlspec.hosts.special_addresses import address_info_of_host
from urlspec.url import URL, validate
from urlspec.url_host import host_from_serialization
from urlspec.url_record import SPECIAL_SCHEMES, default_port
from urlspec.urlpattern import URLPattern
from urlspec.validation import failure_reason, quote

__all__ = ["address_verdict", "check", "host_kind", "parse_or_none", "shown"]

_ADDRESS_KINDS: Final = (HostKind.DOMAIN, HostKind.IPV4, HostKind.IPV6)


def parse_or_none(text: str) -> URL | None:
    """``text`` parsed by the WHATWG URL parser, or None when it is no absolute URL (a
    reference a client resolves against its base URL). The guarded clients hand its href to the
    HTTP client, so that the client reads the URL as a browser does (a normalized href means
    the same to every URL parser), and the parsed URL to their transport, which uses it when the
    client's request URL is still that href."""
    return URL.parse(text)


def shown(url: URL) -> str:
    """``url``'s href for a message, its password hidden."""
    if url.password:
        return url.replace(password="****").href
    return url.href


def _in(networks: tuple[Network, ...], host: Host, embedded: int | None) -> Network | None:
    """The network that holds the address of ``host`` or the IPv4 address it carries."""
    if host.kind is HostKind.IPV4:
        assert isinstance(host.value, int)
        bits, address = 32, host.value
    else:
        assert isinstance(host.value, tuple)
        bits, address = 128, 0
        for piece in host.value:
            address = address << 16 | piece
    for network in networks:
        if network.contains(bits, address):
            return network
        if embedded is not None and network.contains(32, embedded):
            return network
    return None


def address_verdict(host: Host, policy: Policy) -> tuple[str, str] | None:
    """None when the policy lets the address ``host`` (an IPv4 or IPv6 host, or localhost)
    through, else the reason code and what decided, in words."""
    # An IPv4 address in a listed network needs no registry lookup.
    info = None if host.kind is HostKind.IPV4 else address_info_of_host(host)
    if host.kind is not HostKind.DOMAIN:
        embedded = None
        if info is not None and info.embedded_ipv4 is not None:
            embedded = parse_ipv4(info.embedded_ipv4)
        if policy.denied_networks:
            network = _in(policy.denied_networks, host, embedded)
            if network is not None:
                return "network-denied", f"address {serialize_host(host)} is in {network.text}"
        if policy.allowed_networks and _in(policy.allowed_networks, host, embedded) is not None:
            return None
    if info is None:
        info = address_info_of_host(host)
        assert info is not None
    if info.address_class in policy.address_classes:
        return None
    what = f"address {info.address}" if info.address is not None else "a localhost name"
    if info.embedded_ipv4 is not None:
        what += f" ({info.embedding} carrying {info.embedded_ipv4})"
    return address_reason(info.address_class), f"{what} is {info.address_class}: {info.block}"


def host_kind(url: URL, scheme: str, hostname: str) -> HostKind:
    """``url.host_kind``, read from the serialized host when the scheme is special (without
    building the URL record): the host parser of a special URL gives an IPv6 address (in
    brackets), an IPv4 address (dotted decimal, its last label all digits: a domain never ends
    in a number, URL Standard §3.5 host parser step 9, "ends in a number"), or a domain."""
    if scheme not in SPECIAL_SCHEMES or not hostname:
        return url.host_kind
    if hostname[0] == "[":
        return HostKind.IPV6
    if not "0" <= hostname[-1] <= "9":  # most domains: no need to look at the last label
        return HostKind.DOMAIN
    last = hostname.rpartition(".")[2]
    if last.isascii() and last.isdigit():
        return HostKind.IPV4
    return HostKind.DOMAIN


def _is_localhost(domain: str) -> bool:
    return domain == "localhost" or domain.endswith(".localhost")


def _pattern_text(pattern: URLPattern) -> str:
    """A URL pattern as its components' pattern strings, for a message."""
    return quote(
        f"{pattern.protocol}://{pattern.hostname}:{pattern.port}{pattern.pathname}"
        f"?{pattern.search}#{pattern.hash}"
    )


def check(url: str | URL, policy: Policy | None = None) -> URL:
    """The parsed URL when ``policy`` (default: :data:`~urlspec.guard.policy.DEFAULT_POLICY`)
    lets it through as far as can be told without DNS; raises
    :class:`~urlspec.guard.reasons.Refused` otherwise.

    ``url`` is a string (parsed by the WHATWG URL parser) or a :class:`~urlspec.URL`.
    """
    if policy is None:
        policy = DEFAULT_POLICY
    if isinstance(url, URL):
        return _check_parsed(url, policy)
    # 1. The parse. (URL.parse and validate, not a try around URL(): compiled by mypyc, reading
    # the caught InvalidURL crashed; tests/test_guard_corpus.py runs in the compiled build.)
    parsed = URL.parse(url)
    if parsed is None:
        raise Refused("invalid-url", url, failure_reason(validate(url)))
    return _check_parsed(parsed, policy)


def _check_parsed(url: URL, policy: Policy) -> URL:
    """Steps 2 to 7 of :func:`check` on a parsed URL."""
    # 2. The scheme.
    scheme = url.protocol[:-1]
    if scheme not in policy.schemes:
        allowed = ", ".join(sorted(policy.schemes))
        raise Refused(
            "scheme-not-allowed", shown(url), f"scheme {quote(scheme)} (allowed: {allowed})"
        )
    # 3. A host an address can be judged by.
    hostname = url.hostname
    kind = host_kind(url, scheme, hostname)
    if kind not in _ADDRESS_KINDS:
        raise Refused("opaque-host", shown(url), f"host {quote(url.hostname)} is {kind.value}")
    # 4. Credentials.
    if not policy.allow_credentials and (url.username or url.password):
        raise Refused("credentials", shown(url), "userinfo before the host")
    # 5. The port.
    if policy.ports is not None:
        port = int(url.port) if url.port else default_port(scheme)
        if port not in policy.ports:
            raise Refused("port-not-allowed", shown(url), f"port {port}")
    # 6. The host lists.
    bare = hostname[:-1] if hostname.endswith(".") else hostname
    if policy.denied.entries:
        entry = policy.denied.match(bare)
        if entry is not None:
            raise Refused(
                "host-denied", shown(url), f"host {quote(hostname)} matches {quote(entry)}"
            )
    if policy.allowed.entries and policy.allowed.match(bare) is None:
        raise Refused("host-not-allowed", shown(url), f"host {quote(hostname)}")
    # 6b. The URL patterns (on the whole URL).
    for pattern in policy.denied_urls:
        if pattern.test(url):
            raise Refused("url-denied", shown(url), f"the URL matches {_pattern_text(pattern)}")
    if policy.allowed_urls and not any(pattern.test(url) for pattern in policy.allowed_urls):
        raise Refused("url-not-allowed", shown(url), "the URL matches no allowed pattern")
    # 7. The address, when the URL says it.
    if kind is not HostKind.DOMAIN or _is_localhost(bare):
        verdict = address_verdict(host_from_serialization(kind, hostname), policy)
        if verdict is not None:
            raise Refused(verdict[0], shown(url), verdict[1])
    return url
