"""``check``: whether a URL may be fetched, decided without DNS.

The URL is parsed once, by the WHATWG URL parser (as a browser parses it: ``0x7f.1``,
``2130706433``, ``0177.0.0.1`` and fullwidth digits are all the IPv4 address 127.0.0.1; tabs and
newlines are removed; ``\\`` is ``/`` in a special URL), and that parsed URL is what the guard
judges and what the guarded clients fetch. In order, refusing at the first failure:

1. the parse (``invalid-url``);
2. the scheme (``scheme-not-allowed``); a non-special scheme's host is opaque, so even when a
   policy allows one, 3 refuses it;
3. a host an address can be judged by: a domain, an IPv4 or an IPv6 address (``opaque-host``),
   and a domain without empty labels (``empty-label``). Trailing dots are the root label: a
   domain is judged by its name without them (``localhost..`` is ``localhost``,
   ``admin.example.com..`` is ``admin.example.com``), and a domain that is an IPv4 address
   without them (``127.0.0.1...``, which the URL parser leaves a domain) is judged as that
   address;
4. credentials (``credentials``);
5. the port, the scheme's default when none is written (``port-not-allowed``): port 0 is always
   refused (IANA reserves it, RFC 6335 §6, and browsers refuse it), then the policy's ports;
6. the host lists (``host-denied``, then ``host-not-allowed`` when ``allow_hosts`` is set), then
   the URL patterns on the whole URL (``url-denied``, then ``url-not-allowed`` when
   ``allow_urls`` is set; URLPattern standard, :mod:`urlspec.urlpattern`);
7. the address, for an IP address or ``localhost`` (RFC 6761 §6.3: loopback without asking DNS):
   :func:`address_refusal`.

A domain passes ``check``: where it points is for :func:`urlspec.guard.resolve` to find out.

An address is judged by each of its parts (:func:`address_refusal`): an IPv4 address, or an IPv6
address that carries none, is one part; an IPv6 address of a translation block
(:data:`urlspec.hosts.special_addresses.TRANSLATION_BLOCKS`: IPv4-mapped, IPv4-compatible, NAT64,
6to4, Teredo) has a part for each IPv4 address it carries and one for itself, judged by its
block's own class (none for the mapped, NAT64 well-known and 6to4 blocks: what they carry
decides). A part in ``deny_networks`` refuses the address (``network-denied``); otherwise every
part must be in an ``allow_networks`` entry of its own family or of a class the policy allows,
the carried IPv4 addresses judged first (``address-<class>``). So an allowed IPv6 network never
lets through an IPv4 address that no entry allows: ``allow_networks=["64:ff9b::/96"]`` still
refuses ``[64:ff9b::a9fe:a9fe]`` (169.254.169.254), and ``["::/0"]`` ``[::ffff:127.0.0.1]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from urlspec.guard.policy import DEFAULT_POLICY, Network, Policy
from urlspec.guard.reasons import Refused, address_reason, href_without_userinfo
from urlspec.host import Host, HostKind, parse_ipv4, parse_ipv6, serialize_host
from urlspec.hosts.special_addresses import (
    Block,
    Translation,
    domain_without_root_dots,
    ipv4_block,
    ipv6_block,
    translation_of,
)
from urlspec.url import URL, validate
from urlspec.url_record import SPECIAL_SCHEMES, default_port
from urlspec.urlpattern import URLPattern
from urlspec.urlpattern.errors import URLPatternMatchLimitError
from urlspec.validation import failure_reason, quote

__all__ = [
    "AddressRefusal",
    "address_refusal",
    "address_verdict",
    "check",
    "checked_host",
    "host_kind",
    "judged_host",
    "parse_answer",
    "parse_or_none",
    "shown",
]

_ADDRESS_KINDS: Final = (HostKind.DOMAIN, HostKind.IPV4, HostKind.IPV6)


def parse_or_none(text: str) -> URL | None:
    """``text`` parsed by the WHATWG URL parser, or None when it is no absolute URL (a
    reference a client resolves against its base URL). The guarded clients hand its href to the
    HTTP client, so that the client reads the URL as a browser does (a normalized href means
    the same to every URL parser), and the parsed URL to their transport, which uses it when the
    client's request URL is still that href."""
    return URL.parse(text)


def shown(url: URL) -> str:
    """``url``'s href for a message: without its username and password."""
    return href_without_userinfo(url)


class _Part:
    """A part of an address the policy judges: an IPv4 address (``bits`` 32) or an IPv6 address
    (128); what it is to the address (``role``: "carrying", "client", "server" for a carried
    IPv4 address, "" for the address itself); the translation block that gives it its class
    (``own``, None: the registry row that holds it) and whether it has none (``transparent``:
    an IPv6 address of the IPv4-mapped, NAT64 well-known or 6to4 block). (A plain class, not a
    NamedTuple: the compiled build makes one without a call into the interpreter.)"""

    def __init__(
        self,
        bits: int,
        value: int,
        role: str,
        own: Block | None = None,
        transparent: bool = False,
    ) -> None:
        self.bits = bits
        self.value = value
        self.role = role
        self.own = own
        self.transparent = transparent

    def block(self) -> Block:
        """The registry row that classes the part."""
        if self.own is not None:
            return self.own
        return ipv4_block(self.value) if self.bits == 32 else ipv6_block(self.value)


class AddressRefusal(NamedTuple):
    """Why the policy refuses an address: the reason code, the host, the part that decided, the
    translation block the host's address is in (None when it is in none) and, for
    ``network-denied``, the network. :meth:`detail` says it in words."""

    reason: str
    host: Host
    part: _Part | None  # None for a localhost name
    translation: Translation | None
    network: Network | None
    block: Block | None  # the row that classed the part (None for network-denied)

    @property
    def address(self) -> str | None:
        """The address that decided, as sockets write it (None for a localhost name)."""
        if self.host.kind is HostKind.DOMAIN:
            return None
        serialized = serialize_host(self.host)
        return serialized[1:-1] if self.host.kind is HostKind.IPV6 else serialized

    def detail(self) -> str:
        """The refusal in words: the address, what it carries, and the row or network."""
        host, part = self.host, self.part
        if part is None:
            return "a localhost name is loopback: localhost (RFC 6761 §6.3)"
        what = f"address {serialize_host(host)}"
        if self.translation is not None:
            carried = [
                f"{role} {_ipv4_text(ipv4)}" if role else _ipv4_text(ipv4)
                for role, ipv4 in zip(
                    self.translation.roles, self.translation.carried(_value(host)), strict=True
                )
            ]
            what += f" ({self.translation.how}, carrying {', '.join(carried)})"
            if part.bits == 32:
                what += f": {_ipv4_text(part.value)}"
        if self.network is not None:
            return f"{what} is in {self.network.text}"
        block = self.block
        assert block is not None
        return f"{what} is {block.address_class}: {block}"


def parse_answer(address: object) -> Host | None:
    """The IP address of a resolver answer (``sockaddr[0]``: ``"192.0.2.1"``, ``"::1"``,
    ``"fe80::1%eth0"``), or None when it is none. (Also the address of a URL's IPv4 host, or
    of its IPv6 host without the brackets: the host parsers read a serialized address back to
    the same value.)"""
    if not isinstance(address, str):
        return None
    if ":" in address:
        pieces = parse_ipv6(address.partition("%")[0])
        return None if pieces is None else make_host(HostKind.IPV6, pieces)
    value = parse_ipv4(address)
    return None if value is None else make_host(HostKind.IPV4, value)


def make_host(kind: HostKind, value: str | int | tuple[int, ...]) -> Host:
    """``Host(kind, value)``, made as a NamedTuple's own ``_make`` makes one (in the compiled
    build, without a call to the interpreted ``__new__`` of the class)."""
    return tuple.__new__(Host, (kind, value))


def _serialized_ipv4(text: str) -> int:
    """The IPv4 address the IPv4 serializer wrote as ``text``: four decimal numbers joined by
    dots (URL Standard §3.6 host serializing), the most significant first."""
    value = 0
    for number in text.split("."):
        value = value << 8 | int(number)
    return value


def _ipv4_text(value: int) -> str:
    return serialize_host(Host(HostKind.IPV4, value))


def _value(host: Host) -> int:
    """An IPv4 or IPv6 host's address as an integer."""
    if host.kind is HostKind.IPV4:
        assert isinstance(host.value, int)
        return host.value
    assert isinstance(host.value, tuple)
    address = 0
    for piece in host.value:
        address = address << 16 | piece
    return address


def _parts(host: Host) -> tuple[Translation | None, tuple[_Part, ...]]:
    """The parts of an IPv4 or IPv6 host's address the policy judges, carried IPv4 addresses
    first, and the translation block the address is in."""
    value = _value(host)
    if host.kind is HostKind.IPV4:
        return None, (_Part(32, value, ""),)
    translation = translation_of(value)
    if translation is None:
        return None, (_Part(128, value, ""),)
    parts = [
        _Part(32, ipv4, role or "carrying")
        for role, ipv4 in zip(translation.roles, translation.carried(value), strict=True)
    ]
    parts.append(_Part(128, value, "", translation.block, translation.transparent))
    return translation, tuple(parts)


def _network_of(networks: tuple[Network, ...], part: _Part) -> Network | None:
    for network in networks:
        if network.contains(part.bits, part.value):
            return network
    return None


def address_refusal(host: Host, policy: Policy) -> AddressRefusal | None:
    """None when the policy lets the address ``host`` (an IPv4 or IPv6 host, or a localhost
    name) through, else why not (see the module's documentation). Any other domain has no
    address to judge: ValueError."""
    if host.kind is HostKind.DOMAIN:  # a localhost name: loopback
        assert isinstance(host.value, str)
        if not _is_localhost(host.value.rstrip(".")):
            raise ValueError(f"{host.value!r} is a domain other than localhost: no address")
        if "loopback" in policy.address_classes:
            return None
        return AddressRefusal(address_reason("loopback"), host, None, None, None, None)
    translation, parts = _parts(host)
    if policy.denied_networks:
        for part in parts:
            network = _network_of(policy.denied_networks, part)
            if network is not None:
                return AddressRefusal("network-denied", host, part, translation, network, None)
    for part in parts:
        if part.transparent:
            continue
        if policy.allowed_networks and _network_of(policy.allowed_networks, part) is not None:
            continue
        block = part.block()
        if block.address_class in policy.address_classes:
            continue
        reason = address_reason(block.address_class)
        return AddressRefusal(reason, host, part, translation, None, block)
    return None


def address_verdict(host: Host, policy: Policy) -> tuple[str, str] | None:
    """:func:`address_refusal` as the reason code and the detail in words (None: allowed)."""
    refusal = address_refusal(host, policy)
    return None if refusal is None else (refusal.reason, refusal.detail())


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


def judged_host(url: URL, kind: HostKind, hostname: str) -> tuple[HostKind, str] | str:
    """The host :func:`check` judges for ``url`` (whose host is of ``kind``, serialized as
    ``hostname``): the kind and the name without trailing dots, as the host lists compare it;
    a domain that is an IPv4 address without its trailing dots is that address. A string (the
    detail of an ``empty-label`` refusal) when a domain has an empty label that is not at its end.
    """
    if kind is not HostKind.DOMAIN or not hostname.endswith("."):
        if kind is HostKind.DOMAIN and (hostname[0] == "." or ".." in hostname):
            return f"host {quote(hostname)} has an empty label"
        return kind, hostname
    name = hostname.rstrip(".")
    if not name or name[0] == "." or ".." in name:
        return f"host {quote(hostname)} has an empty label"
    # The URL parser left "127.0.0.1.." a domain (its last label is empty); without its dots it
    # is an IPv4 address, which a resolver may well read it as.
    named = domain_without_root_dots(hostname)
    if named is None:
        return f"host {quote(hostname)} ends in a number that is no IPv4 address"
    return named.kind, serialize_host(named)


def _matches(pattern: URLPattern, url: URL, hostname: str) -> bool:
    """Whether ``url`` matches ``pattern``; a match past the work bound of a backtracking
    pattern (only with ``Policy(allow_backtracking_patterns=True)``) refuses the URL."""
    try:
        return pattern.test(url)
    except URLPatternMatchLimitError:
        raise Refused(
            "url-pattern-too-costly",
            url,
            f"matching {_pattern_text(pattern)} took more work than a match is allowed",
            host=hostname,
        ) from None


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

    ``url`` is a string (parsed by the WHATWG URL parser) or a :class:`~urlspec.URL` (anything
    else is a TypeError).
    """
    return checked_host(url, DEFAULT_POLICY if policy is None else policy)[0]


def checked_host(url: str | URL, policy: Policy) -> tuple[URL, HostKind, str]:
    """:func:`check`, and the host it judged: the parsed URL, the host's kind and its name
    without trailing dots (:func:`judged_host`: an IPv4 address for ``127.0.0.1..``)."""
    if isinstance(url, URL):
        return _check_parsed(url, policy)
    # 1. The parse. (URL.parse and validate, not a try around URL(): compiled by mypyc, reading
    # the caught InvalidURL crashed; tests/test_guard_corpus.py runs in the compiled build.)
    parsed = URL.parse(url)
    if parsed is None:
        raise Refused("invalid-url", url, _invalid_detail(url))
    return _check_parsed(parsed, policy)


def _invalid_detail(text: str) -> Callable[[], str]:
    """Why ``text`` does not parse, found when the refusal is shown (a second parse)."""

    def detail() -> str:
        return failure_reason(validate(text))

    return detail


def _check_parsed(url: URL, policy: Policy) -> tuple[URL, HostKind, str]:
    """Steps 2 to 7 of :func:`check` on a parsed URL (returning what :func:`checked_host`
    returns)."""
    # 2. The scheme.
    scheme = url.protocol[:-1]
    if scheme not in policy.schemes:
        allowed = ", ".join(sorted(policy.schemes))
        raise Refused("scheme-not-allowed", url, f"scheme {quote(scheme)} (allowed: {allowed})")
    # 3. A host an address can be judged by.
    hostname = url.hostname
    kind = host_kind(url, scheme, hostname)
    if kind not in _ADDRESS_KINDS:
        raise Refused(
            "opaque-host", url, f"host {quote(hostname)} is {kind.value}", host=hostname or None
        )
    judged_kind: HostKind = kind
    name = hostname
    if kind is HostKind.DOMAIN and (hostname[-1] == "." or hostname[0] == "." or ".." in hostname):
        judged = judged_host(url, kind, hostname)
        if isinstance(judged, str):
            raise Refused("empty-label", url, judged, host=hostname)
        judged_kind, name = judged
    # 4. Credentials.
    if not policy.allow_credentials and (url.username or url.password):
        raise Refused("credentials", url, _credentials_detail(url), host=hostname)
    # 5. The port: 0 never (IANA reserves it, RFC 6335 §6; browsers refuse it), then the
    # policy's.
    if url.port == "0":  # (the URL serializer writes a port in decimal: ":00" is ":0")
        raise Refused(
            "port-not-allowed",
            url,
            "port 0 (reserved, RFC 6335 §6: no service listens there, and browsers refuse it)",
            host=hostname,
        )
    if policy.ports is not None:
        port = int(url.port) if url.port else default_port(scheme)
        if port not in policy.ports:
            raise Refused("port-not-allowed", url, f"port {port}", host=hostname)
    # 6. The host lists, on the host without trailing dots.
    if policy.denied.entries:
        entry = policy.denied.match(name)
        if entry is not None:
            raise Refused(
                "host-denied",
                url,
                f"host {quote(hostname)} matches {quote(entry)}",
                host=hostname,
            )
    if policy.allowed.entries and policy.allowed.match(name) is None:
        raise Refused("host-not-allowed", url, f"host {quote(hostname)}", host=hostname)
    # 6b. The URL patterns (on the whole URL).
    for pattern in policy.denied_urls:
        if _matches(pattern, url, hostname):
            raise Refused(
                "url-denied", url, f"the URL matches {_pattern_text(pattern)}", host=hostname
            )
    if policy.allowed_urls and not any(
        _matches(pattern, url, hostname) for pattern in policy.allowed_urls
    ):
        raise Refused("url-not-allowed", url, "the URL matches no allowed pattern", host=hostname)
    # 7. The address, when the URL says it.
    if judged_kind is not HostKind.DOMAIN or _is_localhost(name):
        # The address is the URL's own, serialized: "[...]" without brackets for IPv6.
        address = None if judged_kind is HostKind.DOMAIN else name.strip("[]")
        if address is None:
            host = make_host(judged_kind, name)
        elif judged_kind is HostKind.IPV4:
            host = make_host(judged_kind, _serialized_ipv4(address))
        else:  # the host parser reads its own serialization back
            pieces = parse_ipv6(address)
            assert pieces is not None
            host = make_host(judged_kind, pieces)
        refusal = address_refusal(host, policy)
        if refusal is not None:
            raise Refused(refusal.reason, url, refusal.detail, host=hostname, address=address)
    return url, judged_kind, name


def _credentials_detail(url: URL) -> Callable[[], str]:
    """What userinfo ``url`` has, in words (never its value), made when it is shown."""

    def detail() -> str:
        parts = [
            name
            for name, part in (("a username", url.username), ("a password", url.password))
            if part
        ]
        return f"{' and '.join(parts)} before the host"

    return detail
