"""Tests for urlspec.hosts.special_addresses: where a host points (urlspec.address_class,
URL.address_class).

Expected values: each row of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and the
multicast and reserved blocks of the Address Space Registries), written out here by hand with
an address inside the row and one just outside it; IPv4 spellings the URL parser accepts (WPT's
urltestdata has each form: 0x7f.1, 0177.0.0.1, 2130706433, ...); the embedded-IPv4 forms of
RFC 4291 §2.5.5, RFC 6052, RFC 8215, RFC 3056 and RFC 4380 (the IPv4 addresses worked out by hand
from each RFC's layout); "localhost" names of RFC 6761 §6.3.
"""

from __future__ import annotations

import typing

import pytest

import urlspec
from urlspec import URL, InvalidHost
from urlspec.hosts.special_addresses import (
    ADDRESS_CLASSES,
    IPV4_BLOCKS,
    IPV6_BLOCKS,
    TRANSLATION_BLOCKS,
    AddressClass,
    Block,
    address_class,
    address_info,
    ipv4_block,
    ipv6_block,
)

# (registry row, an address inside it, its class, an address just outside it, the row that
# holds that one ("" = none: plain unicast space), its class)
IPV4_ROWS = [
    ("0.0.0.0/8", "0.255.255.255", "reserved", "1.0.0.0", "", "global"),
    ("0.0.0.0/32", "0.0.0.0", "unspecified", "0.0.0.1", "0.0.0.0/8", "reserved"),
    ("10.0.0.0/8", "10.255.255.255", "private", "11.0.0.0", "", "global"),
    ("100.64.0.0/10", "100.127.255.255", "shared", "100.128.0.0", "", "global"),
    ("127.0.0.0/8", "127.255.255.255", "loopback", "128.0.0.0", "", "global"),
    ("169.254.0.0/16", "169.254.169.254", "link-local", "169.255.0.0", "", "global"),
    ("172.16.0.0/12", "172.31.255.255", "private", "172.32.0.0", "", "global"),
    ("192.0.0.0/24", "192.0.0.255", "reserved", "192.0.1.0", "", "global"),
    ("192.0.0.0/29", "192.0.0.7", "reserved", "192.0.0.11", "192.0.0.0/24", "reserved"),
    ("192.0.0.8/32", "192.0.0.8", "reserved", "192.0.0.7", "192.0.0.0/29", "reserved"),
    ("192.0.0.9/32", "192.0.0.9", "global", "192.0.0.11", "192.0.0.0/24", "reserved"),
    ("192.0.0.10/32", "192.0.0.10", "global", "192.0.0.11", "192.0.0.0/24", "reserved"),
    ("192.0.0.170/32", "192.0.0.170", "reserved", "192.0.0.169", "192.0.0.0/24", "reserved"),
    ("192.0.0.171/32", "192.0.0.171", "reserved", "192.0.0.172", "192.0.0.0/24", "reserved"),
    ("192.0.2.0/24", "192.0.2.255", "documentation", "192.0.3.0", "", "global"),
    ("192.31.196.0/24", "192.31.196.1", "global", "192.31.197.0", "", "global"),
    ("192.52.193.0/24", "192.52.193.1", "global", "192.52.194.0", "", "global"),
    ("192.88.99.0/24", "192.88.99.1", "reserved", "192.88.100.0", "", "global"),
    ("192.88.99.2/32", "192.88.99.2", "reserved", "192.88.99.3", "192.88.99.0/24", "reserved"),
    ("192.168.0.0/16", "192.168.255.255", "private", "192.169.0.0", "", "global"),
    ("192.175.48.0/24", "192.175.48.1", "global", "192.175.49.0", "", "global"),
    ("198.18.0.0/15", "198.19.255.255", "benchmarking", "198.20.0.0", "", "global"),
    ("198.51.100.0/24", "198.51.100.255", "documentation", "198.51.101.0", "", "global"),
    ("203.0.113.0/24", "203.0.113.0", "documentation", "203.0.112.255", "", "global"),
    ("224.0.0.0/4", "239.255.255.255", "multicast", "223.255.255.255", "", "global"),
    ("240.0.0.0/4", "240.0.0.0", "reserved", "239.255.255.255", "224.0.0.0/4", "multicast"),
    (
        "255.255.255.255/32",
        "255.255.255.255",
        "broadcast",
        "255.255.255.254",
        "240.0.0.0/4",
        "reserved",
    ),
]

IPV6_ROWS = [
    ("::1/128", "::1", "loopback", "::", "::/128", "unspecified"),
    ("::/128", "::", "unspecified", "::1", "::1/128", "loopback"),
    # (The rows that carry IPv4 addresses: inside them, an address that carries 8.8.8.8, a
    # global address, so that the row's own class shows.)
    ("64:ff9b:1::/48", "64:ff9b:1:ffff::808:808", "private", "64:ff9b:2::", "::/0", "reserved"),
    ("100::/64", "100::ffff:ffff:ffff:ffff", "reserved", "100:0:0:2::", "::/0", "reserved"),
    ("100:0:0:1::/64", "100:0:0:1::1", "reserved", "100:0:0:2::", "::/0", "reserved"),
    ("2001::/23", "2001:1ff::1", "reserved", "2001:200::", "2000::/3", "global"),
    ("2001::/32", "2001:0:808:808::f7f7:f7f7", "reserved", "2001:1::4", "2001::/23", "reserved"),
    ("2001:1::1/128", "2001:1::1", "global", "2001:1::", "2001::/23", "reserved"),
    ("2001:1::2/128", "2001:1::2", "global", "2001:1::4", "2001::/23", "reserved"),
    ("2001:1::3/128", "2001:1::3", "global", "2001:1::4", "2001::/23", "reserved"),
    ("2001:2::/48", "2001:2:0:ffff::1", "benchmarking", "2001:2:1::", "2001::/23", "reserved"),
    ("2001:3::/32", "2001:3:ffff::1", "global", "2001:4::1", "2001::/23", "reserved"),
    ("2001:4:112::/48", "2001:4:112:ffff::1", "global", "2001:4:113::", "2001::/23", "reserved"),
    ("2001:10::/28", "2001:1f::1", "reserved", "2001:f::1", "2001::/23", "reserved"),
    ("2001:20::/28", "2001:2f::1", "global", "2001:40::1", "2001::/23", "reserved"),
    ("2001:30::/28", "2001:3f::1", "global", "2001:40::1", "2001::/23", "reserved"),
    ("2001:db8::/32", "2001:db8:ffff::1", "documentation", "2001:db9::", "2000::/3", "global"),
    ("2620:4f:8000::/48", "2620:4f:8000::1", "global", "2620:4f:8001::", "2000::/3", "global"),
    ("3fff::/20", "3fff:fff::1", "documentation", "3fff:1000::", "2000::/3", "global"),
    ("5f00::/16", "5f00::1", "reserved", "5f01::", "::/0", "reserved"),
    ("fc00::/7", "fdff::1", "unique-local", "fe00::", "::/0", "reserved"),
    ("fe80::/10", "febf::1", "link-local", "fec0::", "::/0", "reserved"),
    ("2000::/3", "2606:4700::1111", "global", "1fff::", "::/0", "reserved"),
    ("ff00::/8", "ff02::1", "multicast", "feff::", "::/0", "reserved"),
    ("::/0", "4000::1", "reserved", "3fff:ffff::", "2000::/3", "global"),
]

TRANSLATION_ROWS = {translation.block.prefix for translation in TRANSLATION_BLOCKS}

# (row, an address inside, the IPv4 address it carries, how, an address just outside, its row)
EMBEDDING_ROWS = [
    ("::ffff:0:0/96", "::ffff:127.0.0.1", "127.0.0.1", "IPv4-mapped", "::fffe:ffff:ffff", "::/0"),
    ("64:ff9b::/96", "64:ff9b::10.0.0.1", "10.0.0.1", "NAT64", "64:ff9b:0:0:0:1::", "::/0"),
    (
        "64:ff9b:1::/48",
        "64:ff9b:1::a9fe:a9fe",
        "169.254.169.254",
        "NAT64 local-use",
        "64:ff9b:2::a9fe:a9fe",
        "::/0",
    ),
    ("2002::/16", "2002:c0a8:101::1", "192.168.1.1", "6to4", "2003::", "2000::/3"),
    ("::/96", "::169.254.169.254", "169.254.169.254", "IPv4-compatible", "::1:0:0", "::/0"),
    # RFC 4380 §4: the client's address is the last 32 bits inverted: ~0x80fffefe = 127.0.1.1.
    ("2001::/32", "2001:0:808:808::80ff:fefe", "127.0.1.1", "Teredo", "2001:1::4", "2001::/23"),
]


def _row(block: str | None) -> str:
    """The row an AddressInfo.block names first ("127.0.0.0/8 Loopback (...)" -> "127.0.0.0/8");
    "" for plain unicast IPv4 space."""
    assert block is not None
    prefix = block.split(" ", 1)[0]
    return "" if prefix == "0.0.0.0/0" else prefix


@pytest.mark.parametrize(
    ("row", "inside", "cls", "outside", "outside_row", "outside_cls"), IPV4_ROWS + IPV6_ROWS
)
def test_registry_rows(
    row: str, inside: str, cls: str, outside: str, outside_row: str, outside_cls: str
) -> None:
    is_ipv6 = ":" in inside
    info = address_info(inside)
    assert (info.address_class, _row(info.block)) == (cls, row)
    # (The rows that carry IPv4 addresses say which; here they carry global ones.)
    assert (info.embedded_ipv4 is not None) == (row in TRANSLATION_ROWS)
    if not is_ipv6:
        assert info.address == inside
    info = address_info(outside)
    assert (info.address_class, _row(info.block)) == (outside_cls, outside_row)
    assert URL(f"http://[{inside}]/" if is_ipv6 else f"http://{inside}/").address_class == cls


def test_every_row_is_tested() -> None:
    tested = {row for row, *_ in IPV4_ROWS + IPV6_ROWS}
    assert {block.prefix for block in IPV4_BLOCKS + IPV6_BLOCKS} == tested


@pytest.mark.parametrize(("row", "inside", "ipv4", "how", "outside", "outside_row"), EMBEDDING_ROWS)
def test_embedded_ipv4_is_judged_by_the_ipv4_address(
    row: str, inside: str, ipv4: str, how: str, outside: str, outside_row: str
) -> None:
    info = address_info(inside)
    assert (info.embedded_ipv4, info.embedding, _row(info.block)) == (ipv4, how, row)
    assert info.address_class == address_class(ipv4)
    assert info.address_class != "global"
    assert info.block is not None and f"{ipv4}: {address_info(ipv4).block}" in info.block
    outside_info = address_info(outside)
    assert (outside_info.embedded_ipv4, _row(outside_info.block)) == (None, outside_row)


@pytest.mark.parametrize(
    ("host", "cls"),
    [
        ("[::ffff:8.8.8.8]", "global"),
        ("[::ffff:7f00:1]", "loopback"),
        ("[64:ff9b::808:808]", "global"),
        ("[2002:7f00:1::]", "loopback"),
        ("[2002:808:808::1]", "global"),
        ("[::ffff:100.64.0.1]", "shared"),
        ("[::ffff:255.255.255.255]", "broadcast"),
        ("[::ffff:0.0.0.0]", "unspecified"),
    ],
)
def test_embedded_ipv4_examples(host: str, cls: str) -> None:
    assert address_class(host) == cls
    assert URL(f"https://{host}/").address_class == cls


def test_every_translation_block_is_tested() -> None:
    assert {row for row, *_ in EMBEDDING_ROWS} == TRANSLATION_ROWS


@pytest.mark.parametrize(
    ("host", "cls", "carried"),
    [
        # IPv4-compatible (RFC 4291 §2.5.5.1, deprecated) lies in ::/8, "Reserved by IETF" in the
        # IPv6 Address Space Registry: reserved even when what it carries is global
        # (93.184.216.34 = 0x5db8d822), else the class of what it carries.
        ("[::5db8:d822]", "reserved", "93.184.216.34"),
        ("[::8.8.8.8]", "reserved", "8.8.8.8"),
        ("[::127.0.0.1]", "loopback", "127.0.0.1"),
        ("[::2]", "reserved", "0.0.0.2"),
        # The local-use translation prefix (RFC 8215: not globally reachable), the IPv4 address
        # in the last 32 bits (RFC 6052 §2.2, /96).
        ("[64:ff9b:1::808:808]", "private", "8.8.8.8"),
        ("[64:ff9b:1::7f00:1]", "loopback", "127.0.0.1"),
        ("[64:ff9b:1:ab::a9fe:a9fe]", "link-local", "169.254.169.254"),
        # The well-known prefix (RFC 6052 §2.1; IANA: globally reachable): what it carries.
        ("[64:ff9b::808:808]", "global", "8.8.8.8"),
        ("[64:ff9b::a9fe:a9fe]", "link-local", "169.254.169.254"),
        # Teredo (RFC 4380 §4): server 0x4136e378 = 65.54.227.120 (global), client
        # ~0x3ffffdd2 = 0xc000022d = 192.0.2.45 (RFC 5737 documentation).
        ("[2001:0:4136:e378:8000:63bf:3fff:fdd2]", "documentation", "192.0.2.45"),
        # Both global (client ~0xf7f7f7f7 = 8.8.8.8): the block's own class, reserved.
        ("[2001:0:808:808::f7f7:f7f7]", "reserved", "8.8.8.8"),
        # The metadata address as the client (~0x56015601 = 0xa9fea9fe) or as the server.
        ("[2001:0:808:808::5601:5601]", "link-local", "169.254.169.254"),
        ("[2001:0:a9fe:a9fe::f7f7:f7f7]", "link-local", "169.254.169.254"),
        # 6to4 (RFC 3056 §2: bits 16-47; IANA: reachability N/A, that of what it carries).
        ("[2002:808:808::1]", "global", "8.8.8.8"),
        ("[2002:a9fe:a9fe::1]", "link-local", "169.254.169.254"),
    ],
)
def test_translated_addresses_are_judged_by_what_they_carry_and_their_block(
    host: str, cls: str, carried: str
) -> None:
    info = address_info(host)
    assert (info.address_class, info.embedded_ipv4) == (cls, carried)
    assert URL(f"http://{host}/").address_class == cls


# Every spelling of 127.0.0.1 that the URL parser accepts (WPT urltestdata.json has each form).
LOOPBACK_SPELLINGS = [
    "127.0.0.1",
    "127.1",
    "127.0.1",
    "0x7f.1",
    "0X7F.0.0.1",
    "0x7f.0x0.0x0.0x1",
    "0177.0.0.1",
    "0177.1",
    "0x7f.0.01",
    "2130706433",
    "0x7f000001",
    "017700000001",
    "127.0.0.1.",
    "0x00007f.1",
    "\uff11\uff12\uff17.0.0.1",  # fullwidth digits: UTS #46 maps them to ASCII
    "%31%32%37.0.0.1",  # percent-encoded: the host parser decodes
    "127.0.0.1%2E",  # a percent-encoded trailing dot
]


@pytest.mark.parametrize("spelling", LOOPBACK_SPELLINGS)
def test_every_ipv4_spelling(spelling: str) -> None:
    info = address_info(spelling)
    assert (info.address_class, info.address) == ("loopback", "127.0.0.1")
    url = URL(f"http://{spelling}/")
    assert (url.hostname, url.address_class) == ("127.0.0.1", "loopback")


@pytest.mark.parametrize(
    ("spelling", "address", "cls"),
    [
        ("10.1", "10.0.0.1", "private"),
        ("0xa9fea9fe", "169.254.169.254", "link-local"),
        ("3232235777", "192.168.1.1", "private"),
        ("0", "0.0.0.0", "unspecified"),
        ("0xffffffff", "255.255.255.255", "broadcast"),
        ("1.1", "1.0.0.1", "global"),
    ],
)
def test_other_ipv4_spellings(spelling: str, address: str, cls: str) -> None:
    info = address_info(spelling)
    assert (info.address, info.address_class) == (address, cls)


@pytest.mark.parametrize(
    ("host", "cls"),
    [
        ("localhost", "loopback"),
        ("LOCALHOST", "loopback"),
        ("localhost.", "loopback"),
        ("localhost..", "loopback"),  # trailing dots are the root label, however many
        ("a.localhost...", "loopback"),
        ("127.0.0.1..", "loopback"),  # a domain to the host parser, 127.0.0.1 without its dots
        ("10.1...", "private"),
        ("1.2.3.999..", "domain"),  # no IPv4 address without its dots
        ("a.localhost", "loopback"),
        ("a.b.LocalHost.", "loopback"),
        ("\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54", "loopback"),  # fullwidth
        ("localhost.example", "domain"),
        ("notlocalhost", "domain"),
        ("localhostx", "domain"),
        ("example.com", "domain"),
        ("xn--bcher-kva.de", "domain"),
    ],
)
def test_domains(host: str, cls: str) -> None:
    assert address_class(host) == cls
    assert URL(f"http://{host}/").address_class == cls


def test_url_address_class_is_none_without_a_host_to_judge() -> None:
    for input in ("mailto:a@example.com", "file:///etc/passwd", "foo:///x", "foo://", "data:,x"):
        assert URL(input).address_class is None, input
    assert URL("file://localhost/x").address_class is None  # file: "localhost" is the empty host
    assert URL("file://127.0.0.1/x").address_class == "loopback"


@pytest.mark.parametrize(
    ("url", "cls"),
    [
        # The SSRF payload of "gopher://127.0.0.1:6379/_" (Redis on loopback): a client such as
        # curl connects to 127.0.0.1 (RFC 1122 §3.2.1.3: 127.0.0.0/8 is loopback).
        ("gopher://127.0.0.1:6379/_", "loopback"),
        ("dict://127.0.0.1:11211/stat", "loopback"),
        # Every spelling the URL Standard's IPv4 parser reads (its §3.5 examples: "0x7f.1",
        # a single number 2130706433 = 127.0.0.1, octal 0177.1) is read in an opaque host too.
        ("gopher://0x7f.1/", "loopback"),
        ("redis://2130706433/", "loopback"),
        ("foo://0177.0.0.1/", "loopback"),
        # Percent-decoded, as the host parser decodes a special URL's host ("%31" is "1").
        ("foo://%31%32%37.0.0.1/", "loopback"),
        # RFC 1918 private, RFC 3927 link-local (the cloud metadata address), RFC 6761 §6.3.
        ("gopher://10.0.0.1/", "private"),
        ("ldap://169.254.169.254/", "link-local"),
        ("foo://localhost/", "loopback"),
        ("foo://LOCALHOST./", "loopback"),
        # IPv6 in brackets is an IPv6 host in every URL (host parser step 1): RFC 4291 ::1.
        ("foo://[::1]/", "loopback"),
        # A name, or a string no host parser reads as an address: up to DNS.
        ("gopher://example.com/", "domain"),
        ("foo://exa_mple/", "domain"),
        ("foo://a%zz/", "domain"),
        ("foo://8.8.8.8/", "global"),
    ],
)
def test_opaque_hosts_are_judged_as_a_client_reads_them(url: str, cls: str) -> None:
    assert URL(url).address_class == cls


def test_address_class_is_a_literal_type() -> None:
    # Every answer the registries give is a member of the Literal type, and only those.
    assert typing.get_args(AddressClass) == ADDRESS_CLASSES
    assert set(ADDRESS_CLASSES) == {block.address_class for block in IPV4_BLOCKS + IPV6_BLOCKS} | {
        "domain"
    }
    assert urlspec.AddressClass is AddressClass


def test_the_public_function_and_every_answer() -> None:
    assert urlspec.address_class("0x7f.1") == "loopback"
    assert set(ADDRESS_CLASSES) >= {block.address_class for block in IPV4_BLOCKS + IPV6_BLOCKS} | {
        "domain"
    }


@pytest.mark.parametrize("host", ["", "a b", "example.com:80", "1.2.3.4.5", "[::1"])
def test_invalid_hosts(host: str) -> None:
    with pytest.raises(InvalidHost):
        address_class(host)


def _edges(blocks: tuple[Block, ...], bits: int) -> list[int]:
    """Each block's first and last address and the addresses just outside it."""
    edges = []
    for block in blocks:
        last = block.network | ((1 << (bits - block.prefix_length)) - 1)
        edges += [block.network, last, (block.network - 1) % (1 << bits), (last + 1) % (1 << bits)]
    return edges


def test_the_block_lookup_is_the_most_specific_row() -> None:
    # The indexed lookups answer what a scan of the rows, most specific first, answers.
    for address in _edges(IPV4_BLOCKS, 32):
        rows = [block for block in IPV4_BLOCKS if block.contains(address)]
        assert ipv4_block(address).prefix == (rows[0].prefix if rows else "0.0.0.0/0")
    for address in _edges(IPV6_BLOCKS, 128):
        rows = [block for block in IPV6_BLOCKS if block.contains(address)]
        assert ipv6_block(address) == rows[0]
