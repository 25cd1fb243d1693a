"""The address behind a host: where a URL points after WHATWG parsing, without any DNS lookup.

A host that is an IP address (in whatever spelling the URL parser accepts: ``0x7f.1`` is
127.0.0.1) is judged by the IANA special-purpose address registries, written below as data with
each registry row cited:

* IANA IPv4 Special-Purpose Address Registry (RFC 6890, RFC 8190),
  https://www.iana.org/assignments/iana-ipv4-special-registry, and 224.0.0.0/4 from the IANA
  IPv4 Address Space Registry (multicast, RFC 5771);
* IANA IPv6 Special-Purpose Address Registry (RFC 6890, RFC 8190),
  https://www.iana.org/assignments/iana-ipv6-special-registry, and from the IANA IPv6 Address
  Space Registry (RFC 4291) the blocks that are not global unicast (2000::/3): multicast
  (ff00::/8), and the space "Reserved by IETF".

A row whose "Globally Reachable" is True (anycast services such as 192.0.0.9/32) is ``global``.
The most specific row that holds the address decides (192.0.0.9/32 before 192.0.0.0/24).

IPv6 addresses that carry an IPv4 address are judged by the IPv4 address they carry *and* by
their own block, and say so (:data:`TRANSLATION_BLOCKS`): the class is the first of the carried
IPv4 addresses' classes that is not ``global``, else the block's own class when the registries do
not make it globally reachable, else ``global``. The forms, from the IANA registries:

* IPv4-mapped ``::ffff:0:0/96`` (RFC 4291 §2.5.5.2) and the NAT64 well-known prefix
  ``64:ff9b::/96`` (RFC 6052 §2.1, §3.1: it must not carry a non-global IPv4 address), the IPv4
  address in the last 32 bits, and 6to4 ``2002::/16`` (RFC 3056 §2, bits 16-47; the registry's
  "Globally Reachable" is N/A: it depends on that address): the carried address alone decides;
* IPv4-compatible ``::/96`` but ``::`` and ``::1`` (RFC 4291 §2.5.5.1, deprecated; inside
  ``::/8``, "Reserved by IETF" in the IPv6 Address Space Registry): ``reserved`` whatever it
  carries, or the carried address's class when that is not global;
* the local-use translation prefix ``64:ff9b:1::/48`` (RFC 8215, not globally reachable):
  ``private``, the IPv4 address read in the last 32 bits (the RFC 6052 /96 format);
* Teredo ``2001::/32`` (RFC 4380 §4: the Teredo server's IPv4 address in bits 32-63, the
  client's in the last 32 bits with every bit inverted): ``reserved`` (inside ``2001::/23``, IETF
  Protocol Assignments, not globally reachable), or the client's or the server's class first.

Domains: ``localhost`` and every name under it are loopback (RFC 6761 §6.3), with any number of
trailing dots (the root label); a domain that is an IPv4 address once its trailing dots are
removed (``127.0.0.1..``) is that address; any other domain is ``domain`` (where it points is up
to DNS, which is never asked).

Opaque hosts (the hosts of non-special URLs, such as ``gopher://127.0.0.1:6379/_``) are not
resolved by the URL Standard, but a client that connects to one (curl, a Redis or Gopher
library) takes it for a host name or an address. So an opaque host is read as a special URL's
host would be (https://url.spec.whatwg.org/#concept-host-parser with *isOpaque* false: percent-
decoded, IPv4 in every spelling the IPv4 parser accepts) and judged as that host: ``gopher://0x7f.1/``
is loopback. An opaque host that the host parser rejects is no address in any spelling: only DNS
could place it, so it is ``domain``. (IPv6 addresses are in brackets, which every URL's host
parser reads as IPv6: they are never opaque.) The answer does not depend on
the Python version (``ipaddress.is_private`` changed its ranges between 3.11 and 3.13; it is not
used).
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, TypeAlias, get_args

from urlspec.host import (
    Host,
    HostKind,
    InvalidHost,
    ends_in_a_number,
    parse_host,
    parse_host_string,
    parse_ipv4,
    serialize_host,
    serialize_ipv4,
    serialize_ipv6,
)

__all__ = [
    "ADDRESS_CLASSES",
    "IPV4_BLOCKS",
    "IPV6_BLOCKS",
    "TRANSLATION_BLOCKS",
    "AddressClass",
    "AddressInfo",
    "Block",
    "Translation",
    "address_class",
    "address_info",
    "address_info_of_host",
    "domain_without_root_dots",
    "ipv4_block",
    "ipv6_block",
    "translation_of",
]

#: Every answer :func:`address_class` (and ``URL.address_class``) gives: a type checker knows
#: the spelling of each.
AddressClass: TypeAlias = Literal[
    "loopback",
    "private",
    "link-local",
    "unique-local",
    "shared",
    "multicast",
    "unspecified",
    "broadcast",
    "documentation",
    "benchmarking",
    "reserved",
    "global",
    "domain",
]

#: The answers of :data:`AddressClass`, in its order.
ADDRESS_CLASSES: Final[tuple[AddressClass, ...]] = get_args(AddressClass)


class Block(NamedTuple):
    """A row of a registry: an address block, what the registry names it, where it is defined,
    and the class this library gives its addresses."""

    network: int
    prefix_length: int
    name: str
    reference: str
    address_class: AddressClass
    bits: int  # 32 for an IPv4 block, 128 for an IPv6 block

    def contains(self, address: int) -> bool:
        shift = self.bits - self.prefix_length
        return address >> shift == self.network >> shift

    @property
    def prefix(self) -> str:
        """The block as the registry writes it, e.g. "127.0.0.0/8" or "fc00::/7"."""
        if self.bits == 32:
            return f"{serialize_ipv4(self.network)}/{self.prefix_length}"
        pieces = tuple(self.network >> (16 * (7 - index)) & 0xFFFF for index in range(8))
        return f"{serialize_ipv6(pieces)}/{self.prefix_length}"

    def __str__(self) -> str:
        return f"{self.prefix} {self.name} ({self.reference})"


def _ipv4(text: str) -> int:
    a, b, c, d = (int(part) for part in text.split("."))
    return a << 24 | b << 16 | c << 8 | d


def _ipv6(text: str) -> int:
    head, _, tail = text.partition("::")
    head_pieces = [int(piece, 16) for piece in head.split(":") if piece]
    tail_pieces = [int(piece, 16) for piece in tail.split(":") if piece]
    pieces = head_pieces + [0] * (8 - len(head_pieces) - len(tail_pieces)) + tail_pieces
    value = 0
    for piece in pieces:
        value = value << 16 | piece
    return value


def _v4(block: str, name: str, reference: str, address_class: AddressClass) -> Block:
    network, _, length = block.partition("/")
    return Block(_ipv4(network), int(length), name, reference, address_class, 32)


def _v6(block: str, name: str, reference: str, address_class: AddressClass) -> Block:
    network, _, length = block.partition("/")
    return Block(_ipv6(network), int(length), name, reference, address_class, 128)


#: The IANA IPv4 Special-Purpose Address Registry (rows as of its 2025 revision), then the
#: multicast block of the IPv4 Address Space Registry. Most specific first.
IPV4_BLOCKS: Final = tuple(
    sorted(
        (
            _v4("0.0.0.0/8", '"This network"', "RFC 791 §3.2", "reserved"),
            _v4("0.0.0.0/32", '"This host on this network"', "RFC 1122 §3.2.1.3", "unspecified"),
            _v4("10.0.0.0/8", "Private-Use", "RFC 1918", "private"),
            _v4("100.64.0.0/10", "Shared Address Space", "RFC 6598", "shared"),
            _v4("127.0.0.0/8", "Loopback", "RFC 1122 §3.2.1.3", "loopback"),
            _v4("169.254.0.0/16", "Link Local", "RFC 3927", "link-local"),
            _v4("172.16.0.0/12", "Private-Use", "RFC 1918", "private"),
            _v4("192.0.0.0/24", "IETF Protocol Assignments", "RFC 6890 §2.1", "reserved"),
            _v4("192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335", "reserved"),
            _v4("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", "reserved"),
            _v4("192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723", "global"),
            _v4("192.0.0.10/32", "Traversal Using Relays around NAT Anycast", "RFC 8155", "global"),
            _v4("192.0.0.170/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 §2.2", "reserved"),
            _v4("192.0.0.171/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 §2.2", "reserved"),
            _v4("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737", "documentation"),
            _v4("192.31.196.0/24", "AS112-v4", "RFC 7535", "global"),
            _v4("192.52.193.0/24", "AMT", "RFC 7450", "global"),
            _v4("192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", "RFC 7526", "reserved"),
            _v4("192.88.99.2/32", "6a44-relay anycast address", "RFC 6751", "reserved"),
            _v4("192.168.0.0/16", "Private-Use", "RFC 1918", "private"),
            _v4("192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534", "global"),
            _v4("198.18.0.0/15", "Benchmarking", "RFC 2544", "benchmarking"),
            _v4("198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737", "documentation"),
            _v4("203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737", "documentation"),
            _v4("224.0.0.0/4", "Multicast (IPv4 Address Space Registry)", "RFC 5771", "multicast"),
            _v4("240.0.0.0/4", "Reserved", "RFC 1112 §4", "reserved"),
            _v4("255.255.255.255/32", "Limited Broadcast", "RFC 8190, RFC 919 §7", "broadcast"),
        ),
        key=lambda block: -block.prefix_length,
    )
)

#: The IANA IPv6 Special-Purpose Address Registry (rows as of its 2025 revision), then the
#: blocks of the IPv6 Address Space Registry that are not global unicast. Most specific first.
#: The blocks that carry IPv4 addresses are :data:`TRANSLATION_BLOCKS`, looked at first.
IPV6_BLOCKS: Final = tuple(
    sorted(
        (
            _v6("::1/128", "Loopback Address", "RFC 4291", "loopback"),
            _v6("::/128", "Unspecified Address", "RFC 4291", "unspecified"),
            _v6("64:ff9b:1::/48", "IPv4-IPv6 Translat. (local use)", "RFC 8215", "private"),
            _v6("100::/64", "Discard-Only Address Block", "RFC 6666", "reserved"),
            _v6("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", "reserved"),
            _v6("2001::/23", "IETF Protocol Assignments", "RFC 2928", "reserved"),
            _v6("2001::/32", "TEREDO", "RFC 4380, RFC 8190", "reserved"),
            _v6("2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723", "global"),
            _v6("2001:1::2/128", "Traversal Using Relays around NAT Anycast", "RFC 8155", "global"),
            _v6(
                "2001:1::3/128",
                "DNS-SD Service Registration Protocol Anycast",
                "RFC 9665",
                "global",
            ),
            _v6("2001:2::/48", "Benchmarking", "RFC 5180, RFC Errata 1752", "benchmarking"),
            _v6("2001:3::/32", "AMT", "RFC 7450", "global"),
            _v6("2001:4:112::/48", "AS112-v6", "RFC 7535", "global"),
            _v6("2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843", "reserved"),
            _v6("2001:20::/28", "ORCHIDv2", "RFC 7343", "global"),
            _v6(
                "2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs)", "RFC 9374", "global"
            ),
            _v6("2001:db8::/32", "Documentation", "RFC 3849", "documentation"),
            _v6("2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534", "global"),
            _v6("3fff::/20", "Documentation", "RFC 9637", "documentation"),
            _v6("5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602", "reserved"),
            _v6("fc00::/7", "Unique-Local", "RFC 4193, RFC 8190", "unique-local"),
            _v6("fe80::/10", "Link-Local Unicast", "RFC 4291", "link-local"),
            # The IPv6 Address Space Registry: global unicast is 2000::/3; besides the blocks
            # above and multicast, the rest is "Reserved by IETF" (RFC 4291).
            _v6("2000::/3", "Global Unicast (IPv6 Address Space Registry)", "RFC 4291", "global"),
            _v6("ff00::/8", "Multicast (IPv6 Address Space Registry)", "RFC 4291", "multicast"),
            _v6("::/0", "Reserved by IETF (IPv6 Address Space Registry)", "RFC 4291", "reserved"),
        ),
        key=lambda block: -block.prefix_length,
    )
)


class Translation(NamedTuple):
    """An IPv6 block whose addresses carry IPv4 addresses (RFC 4291 §2.5.5, RFC 6052, RFC 8215,
    RFC 3056, RFC 4380), with where the IPv4 addresses sit.

    ``block.address_class`` is the block's own class; ``transparent`` blocks have none (the
    registries make their reachability that of the IPv4 address carried). ``shifts`` are where
    each IPv4 address sits (``address >> shift & 0xFFFFFFFF``), in the order they are judged,
    ``roles`` what each one is ("" when there is one), ``inverted`` the shifts whose bits are
    inverted (Teredo's client address).
    """

    block: Block
    how: str
    transparent: bool
    shifts: tuple[int, ...]
    roles: tuple[str, ...]
    inverted: tuple[int, ...] = ()

    def carried(self, address: int) -> tuple[int, ...]:
        """The IPv4 addresses the IPv6 ``address`` (in :attr:`block`) carries, as integers."""
        return tuple(
            (address >> shift & 0xFFFFFFFF) ^ (0xFFFFFFFF if shift in self.inverted else 0)
            for shift in self.shifts
        )


#: The IPv6 blocks that carry IPv4 addresses. ::/96 (IPv4-compatible) excludes :: and ::1, which
#: the registry names itself (see :func:`translation_of`).
TRANSLATION_BLOCKS: Final = (
    Translation(
        _v6("::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291 §2.5.5.2", "global"),
        "IPv4-mapped",
        True,
        (0,),
        ("",),
    ),
    Translation(
        _v6("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", "global"), "NAT64", True, (0,), ("",)
    ),
    Translation(
        _v6("64:ff9b:1::/48", "IPv4-IPv6 Translat. (local use)", "RFC 8215", "private"),
        "NAT64 local-use",
        False,
        (0,),
        ("",),
    ),
    Translation(_v6("2002::/16", "6to4", "RFC 3056", "global"), "6to4", True, (80,), ("",)),
    Translation(
        _v6("2001::/32", "TEREDO", "RFC 4380, RFC 8190", "reserved"),
        "Teredo",
        False,
        (0, 64),
        ("client", "server"),
        (0,),
    ),
    Translation(
        _v6(
            "::/96",
            "IPv4-compatible Address (deprecated), in ::/8 Reserved by IETF",
            "RFC 4291 §2.5.5.1",
            "reserved",
        ),
        "IPv4-compatible",
        False,
        (0,),
        ("",),
    ),
)


def translation_of(address: int) -> Translation | None:
    """The block of :data:`TRANSLATION_BLOCKS` that holds the IPv6 ``address`` (an integer), or
    None."""
    if address <= 1:  # :: and ::1 carry nothing (Unspecified, Loopback)
        return None
    for translation in TRANSLATION_BLOCKS:
        if translation.block.contains(address):
            return translation
    return None


class AddressInfo(NamedTuple):
    """Where a host points.

    ``address`` is the IP address as the URL serializes it (None for a domain);
    ``embedded_ipv4`` the IPv4 address an IPv6 address carries (the one that decided, when it
    carries two: Teredo), and ``embedding`` how it carries it ("IPv4-mapped", "IPv4-compatible",
    "NAT64", "NAT64 local-use", "6to4", "Teredo"); ``block`` the registry rows that decided, as
    text (None for a domain but localhost).
    """

    address_class: AddressClass
    address: str | None
    embedded_ipv4: str | None
    embedding: str | None
    block: str | None


# Every IPv4 address outside the special-purpose blocks is allocated unicast space (IANA IPv4
# Address Space Registry): global.
_GLOBAL_IPV4: Final = _v4(
    "0.0.0.0/0", "Unicast (IPv4 Address Space Registry)", "RFC 6890", "global"
)


def _index(blocks: tuple[Block, ...], shift: int) -> dict[int, tuple[Block, ...]]:
    """The blocks of ``blocks`` (most specific first) at least as long as the key ``address >>
    shift``, by that key: where to look first for an address, most specific first (a block
    shorter than the key is looked at after these: it is less specific than any of them)."""
    key_bits = blocks[0].bits - shift
    index: dict[int, list[Block]] = {}
    for block in blocks:
        if block.prefix_length >= key_bits:
            index.setdefault(block.network >> shift, []).append(block)
    return {key: tuple(found) for key, found in index.items()}


# Where ipv4_block and ipv6_block look: by the first octet of an IPv4 address, the first 16 bits
# of an IPv6 address; then the shorter blocks (224.0.0.0/4, fc00::/7, 2000::/3, ::/0, ...).
_IPV4_BY_OCTET: Final = _index(IPV4_BLOCKS, 24)
_IPV4_SHORT: Final = tuple(block for block in IPV4_BLOCKS if block.prefix_length < 8)
_IPV6_BY_PIECE: Final = _index(IPV6_BLOCKS, 112)
_IPV6_SHORT: Final = tuple(block for block in IPV6_BLOCKS if block.prefix_length < 16)


def ipv4_block(address: int) -> Block:
    """The registry row that holds the IPv4 ``address`` (an integer): the most specific one, or
    the row of plain unicast space."""
    for block in _IPV4_BY_OCTET.get(address >> 24, ()):
        if block.contains(address):
            return block
    for block in _IPV4_SHORT:
        if block.contains(address):
            return block
    return _GLOBAL_IPV4


def _translated_info(translation: Translation, address: int, serialized: str) -> AddressInfo:
    """Where an IPv6 address of a :class:`Translation` block points: the first carried IPv4
    address whose class is not global decides, else the block's own class."""
    carried = translation.carried(address)
    blocks = [ipv4_block(ipv4) for ipv4 in carried]
    deciding = 0
    for index, block in enumerate(blocks):
        if block.address_class != "global":
            deciding = index
            address_class: AddressClass = block.address_class
            break
    else:
        address_class = "global" if translation.transparent else translation.block.address_class
    described = ", ".join(
        f"{role + ' ' if role else ''}{serialize_ipv4(ipv4)}: {block}"
        for role, ipv4, block in zip(translation.roles, carried, blocks, strict=True)
    )
    own = translation.block
    return AddressInfo(
        address_class,
        serialized,
        serialize_ipv4(carried[deciding]),
        translation.how,
        f"{own.prefix} {own.name} ({own.reference}), carrying {described}",
    )


def address_info_of_host(host: Host) -> AddressInfo | None:
    """Where a parsed host points; None for the empty host (there is nothing to reach).

    An opaque host is judged as the host a special URL would have for it (see the module's
    documentation): its ``address`` is the address it spells, as the URL serializes it.
    """
    if host.kind is HostKind.OPAQUE:
        assert isinstance(host.value, str)
        special = parse_host(host.value)
        if special is None:
            return AddressInfo("domain", None, None, None, None)
        return address_info_of_host(special)
    if host.kind is HostKind.DOMAIN:
        assert isinstance(host.value, str)
        named = domain_without_root_dots(host.value)
        if named is not None and named.kind is HostKind.IPV4:
            return address_info_of_host(named)
        domain = host.value.rstrip(".")
        if domain == "localhost" or domain.endswith(".localhost"):
            return AddressInfo("loopback", None, None, None, "localhost (RFC 6761 §6.3)")
        return AddressInfo("domain", None, None, None, None)
    if host.kind is HostKind.IPV4:
        assert isinstance(host.value, int)
        block = ipv4_block(host.value)
        return AddressInfo(block.address_class, serialize_host(host), None, None, str(block))
    if host.kind is HostKind.IPV6:
        assert isinstance(host.value, tuple)
        address = 0
        for piece in host.value:
            address = address << 16 | piece
        serialized = serialize_host(host)
        translation = translation_of(address)
        if translation is not None:
            return _translated_info(translation, address, serialized)
        block = ipv6_block(address)
        return AddressInfo(block.address_class, serialized, None, None, str(block))
    return None


def domain_without_root_dots(domain: str) -> Host | None:
    """The serialized ``domain`` without its trailing dots, which are the DNS root label however
    many are written (RFC 1034 §3.1): a domain host, or an IPv4 host when the domain is one
    without them (``127.0.0.1..``, which the URL Standard's host parser leaves a domain since its
    last label is empty); None when it then ends in a number that is no IPv4 address."""
    name = domain.rstrip(".")
    if len(name) + 1 < len(domain) and ends_in_a_number(name):
        address = parse_ipv4(name)
        return None if address is None else Host(HostKind.IPV4, address)
    return Host(HostKind.DOMAIN, name)


def ipv6_block(address: int) -> Block:
    """The most specific row of :data:`IPV6_BLOCKS` that holds the IPv6 ``address`` (an
    integer; the blocks of :data:`TRANSLATION_BLOCKS` are not looked at: see
    :func:`translation_of`)."""
    for block in _IPV6_BY_PIECE.get(address >> 112, ()):
        if block.contains(address):
            return block
    for block in _IPV6_SHORT:
        if block.contains(address):
            return block
    raise AssertionError("::/0 holds every address")


def address_info(host: str) -> AddressInfo:
    """Where the host written ``host`` points (see :func:`address_class`), with the address as
    parsed, any IPv4 address it carries and the registry row that decided.

    Raises :class:`~urlspec.host.InvalidHost` for a string that is no host (the empty string
    included: the empty host points nowhere).
    """
    parsed = parse_host_string(host)
    info = address_info_of_host(parsed)
    if info is None:
        raise InvalidHost(host, [])
    return info


def address_class(host: str) -> AddressClass:
    """Where the host written ``host`` points after WHATWG host parsing: one of
    :data:`ADDRESS_CLASSES` ("loopback" for ``0x7f.1``, ``[::ffff:127.0.0.1]`` and
    ``localhost``; "domain" for any other domain: no DNS lookup is made).

    Raises :class:`~urlspec.host.InvalidHost` for a string that is no host.
    """
    return address_info(host).address_class
