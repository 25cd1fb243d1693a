"""urlspec.guard's Policy and check/resolve beyond the bypass corpus: each field's meaning, the
host entries, the networks, the reason codes and the messages.

Expected values: the semantics docs/security.md and urlspec.guard.policy document; the
registrable domains are the Public Suffix List's (``co.uk`` is a public suffix, ``github.io`` one
of its private section).
"""

from __future__ import annotations

import ipaddress
import json
import pickle
import socket
from pathlib import Path
from typing import Any

import pytest
from shared_data import CORPORA, iter_corpus

from urlspec import URL, URLPattern, guard
from urlspec.guard import Policy, PolicyError, Refused, check
from urlspec.guard.checking import host_kind
from urlspec.guard.reasons import ADDRESS_REASONS
from urlspec.hosts.special_addresses import ADDRESS_CLASSES


def reason(url: str, policy: Policy | None = None) -> str | None:
    try:
        guard.check(url, policy)
    except Refused as refused:
        return refused.reason
    return None


def test_defaults() -> None:
    policy = Policy()
    assert policy.schemes == frozenset({"http", "https"})
    assert policy.ports is None
    assert policy.address_classes == frozenset({"global"})
    assert (policy.allow_networks, policy.deny_networks) == ((), ())
    assert (policy.allow_hosts, policy.deny_hosts) == ((), ())
    assert policy.allow_credentials is False
    assert policy.max_redirects == 5
    assert policy.resolver is None
    assert policy == guard.DEFAULT_POLICY
    assert hash(policy) == hash(Policy())


def test_every_address_class_has_a_reason_code() -> None:
    assert set(ADDRESS_REASONS) == set(ADDRESS_CLASSES) - {"domain"}
    for code in ADDRESS_REASONS.values():
        assert code in guard.REASONS


def test_refused_is_a_value_error_naming_the_part_and_pickles() -> None:
    with pytest.raises(ValueError) as error:
        guard.check("http://0x7f.1:8080/x")
    refused = error.value
    assert isinstance(refused, Refused)
    assert refused.reason == "address-loopback"
    assert refused.url == "http://127.0.0.1:8080/x"
    assert "127.0.0.0/8" in str(refused) and "[address-loopback]" in str(refused)
    copy = pickle.loads(pickle.dumps(refused))
    assert (copy.reason, copy.url, copy.detail, str(copy)) == (
        refused.reason,
        refused.url,
        refused.detail,
        str(refused),
    )


def test_the_password_never_appears_in_a_message() -> None:
    with pytest.raises(Refused) as refused:
        guard.check("http://admin:hunter2@example.com/")
    assert refused.value.reason == "credentials"
    assert "hunter2" not in str(refused.value) and "hunter2" not in refused.value.url


def test_check_returns_the_parsed_url_and_takes_a_url() -> None:
    url = guard.check("HTTP://EXAMPLE.com:80/a/../b")
    assert url.href == "http://example.com/b"
    assert guard.check(URL("https://example.com/")) == URL("https://example.com/")


def test_schemes() -> None:
    assert reason("ws://example.com/") == "scheme-not-allowed"
    policy = Policy(schemes={"https"})
    assert reason("http://example.com/", policy) == "scheme-not-allowed"
    assert reason("https://example.com/", policy) is None
    # A non-special scheme has an opaque host: no address can be judged.
    assert reason("foo://example.com/", Policy(schemes={"foo"})) == "opaque-host"
    assert reason("file:///etc/passwd", Policy(schemes={"file"})) == "opaque-host"
    with pytest.raises(PolicyError):
        Policy(schemes="https")


def test_ports() -> None:
    policy = Policy(ports={443, 8443})
    assert reason("https://example.com/", policy) is None  # the default port, 443
    assert reason("https://example.com:8443/", policy) is None
    assert reason("http://example.com/", policy) == "port-not-allowed"  # 80
    assert reason("https://example.com:22/", policy) == "port-not-allowed"
    with pytest.raises(PolicyError):
        Policy(ports={70000})


def test_credentials_can_be_allowed() -> None:
    assert reason("https://u:p@example.com/", Policy(allow_credentials=True)) is None


def test_address_classes() -> None:
    assert reason("http://10.0.0.1/", Policy(address_classes={"global", "private"})) is None
    assert reason("http://8.8.8.8/", Policy(address_classes={"private"})) == "address-global"
    with pytest.raises(PolicyError):
        Policy(address_classes={"public"})


def test_allow_networks_let_one_internal_range_through() -> None:
    policy = Policy(allow_networks=["10.1.2.0/24", ipaddress.ip_network("fd00:1::/64")])
    assert policy.allow_networks == ("10.1.2.0/24", "fd00:1::/64")
    assert reason("http://10.1.2.3/", policy) is None
    assert reason("http://0xa010203/", policy) is None  # any spelling
    assert reason("http://[::ffff:10.1.2.3]/", policy) is None  # the IPv4 address it carries
    assert reason("http://[fd00:1::5]/", policy) is None
    assert reason("http://10.1.3.1/", policy) == "address-private"
    assert reason("http://[fd00:2::5]/", policy) == "address-unique-local"
    with pytest.raises(PolicyError):
        Policy(allow_networks=["10.1.2.3/24"])  # host bits set: a typo, not a network
    with pytest.raises(PolicyError):
        Policy(allow_networks="10.0.0.0/8")


def test_deny_networks_refuse_global_addresses() -> None:
    policy = Policy(deny_networks=["203.0.112.0/24", "8.8.8.0/24"])
    assert reason("http://8.8.8.8/", policy) == "network-denied"
    assert reason("http://[64:ff9b::808:808]/", policy) == "network-denied"
    assert reason("http://8.8.4.4/", policy) is None


def test_host_entries_exact_wildcard_and_site() -> None:
    policy = Policy(allow_hosts=["API.Example.com", "*.cdn.example.net", "site:example.co.uk"])
    assert reason("https://api.example.com/", policy) is None
    assert reason("https://api.example.com./", policy) is None  # trailing dot ignored
    assert reason("https://www.example.com/", policy) == "host-not-allowed"  # exact only
    assert reason("https://a.cdn.example.net/", policy) is None
    assert reason("https://a.b.cdn.example.net/", policy) is None
    assert reason("https://cdn.example.net/", policy) == "host-not-allowed"  # strictly under
    assert reason("https://evilcdn.example.net/", policy) == "host-not-allowed"
    assert reason("https://example.co.uk/", policy) is None
    assert reason("https://deep.www.example.co.uk/", policy) is None
    assert reason("https://other.co.uk/", policy) == "host-not-allowed"
    assert reason("https://8.8.8.8/", policy) == "host-not-allowed"


def test_host_entries_go_through_idna_and_the_ipv4_parser() -> None:
    policy = Policy(deny_hosts=["bücher.de", "0x08080808", "[::FFFF:8.8.4.4]"])
    assert reason("https://xn--bcher-kva.de/", policy) == "host-denied"
    assert reason("https://BÜCHER.de/", policy) == "host-denied"
    assert reason("http://8.8.8.8/", policy) == "host-denied"
    assert reason("http://[::ffff:808:404]/", policy) == "host-denied"


def test_deny_before_allow() -> None:
    policy = Policy(allow_hosts=["*.example.com"], deny_hosts=["admin.example.com"])
    assert reason("https://www.example.com/", policy) is None
    assert reason("https://admin.example.com/", policy) == "host-denied"


def test_allowed_hosts_still_have_their_addresses_checked() -> None:
    policy = Policy(allow_hosts=["127.0.0.1", "localhost"])
    assert reason("http://127.0.0.1/", policy) == "address-loopback"
    assert reason("http://localhost/", policy) == "address-loopback"


def test_site_entries_must_be_registrable_domains() -> None:
    with pytest.raises(PolicyError, match="not a registrable domain"):
        Policy(allow_hosts=["site:co.uk"])
    with pytest.raises(PolicyError, match="not a registrable domain"):
        Policy(allow_hosts=["site:www.example.com"])
    assert reason("https://me.github.io/", Policy(allow_hosts=["site:me.github.io"])) is None
    with pytest.raises(PolicyError):
        Policy(allow_hosts=["exa mple.com"])
    with pytest.raises(PolicyError):
        Policy(deny_hosts=[""])


def test_max_redirects_is_not_negative() -> None:
    with pytest.raises(PolicyError):
        Policy(max_redirects=-1)


def answers(*addresses: str) -> Any:
    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in addresses]

    return resolver


def test_resolve_pins_every_answer_in_order_once() -> None:
    policy = Policy(resolver=answers("8.8.8.8", "1.1.1.1", "8.8.8.8"))
    pinned = guard.resolve("https://dns.test:8443/x", policy)
    assert pinned == guard.PinnedURL(
        URL("https://dns.test:8443/x"), "dns.test", 8443, ("8.8.8.8", "1.1.1.1")
    )


def test_resolve_calls_the_resolver_once_with_the_ascii_name_and_port() -> None:
    calls = []

    def resolver(host: str, port: int, family: int, type: int) -> list[tuple[Any, ...]]:
        calls.append((host, port, family, type))
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("8.8.8.8", port))]

    guard.resolve("https://bücher.test/", Policy(resolver=resolver))
    assert calls == [("xn--bcher-kva.test", 443, 0, socket.SOCK_STREAM)]


def test_resolve_an_ip_literal_needs_no_resolver() -> None:
    def resolver(*args: Any) -> list[tuple[Any, ...]]:
        raise AssertionError("no lookup for an IP address")

    pinned = guard.resolve("http://[2606:4700:4700::1111]/", Policy(resolver=resolver))
    assert (pinned.host, pinned.port, pinned.addresses) == (
        "2606:4700:4700::1111",
        80,
        ("2606:4700:4700::1111",),
    )


def test_resolve_refuses_an_answer_that_is_no_address() -> None:
    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return [(socket.AF_UNIX, socket.SOCK_STREAM, 0, "", "/tmp/socket")]

    with pytest.raises(Refused) as refused:
        guard.resolve("http://odd.test/", Policy(resolver=resolver))
    assert refused.value.reason == "resolution-failed"


def test_resolve_uses_the_system_resolver_by_default(fake_dns: dict[str, list[str]]) -> None:
    # socket.getaddrinfo, looked up at each call (here the test fence's fake DNS).
    fake_dns["loop.test"] = ["127.0.0.1"]
    with pytest.raises(Refused) as refused:
        guard.resolve("http://loop.test/")
    assert refused.value.reason == "resolved-to-non-global"
    pinned = guard.resolve("http://loop.test/", Policy(allow_networks=["127.0.0.0/8"]))
    assert pinned.addresses == ("127.0.0.1",)


# --- URL patterns (URLPattern standard) in allow_urls / deny_urls ---------------------------


def test_url_patterns_allow_and_deny_whole_urls() -> None:
    # Expected values: the URLPattern standard's matching (urlpattern.bs: "https://api.example.com
    # /v1/*" matches every path under /v1/ of that origin, and nothing else).
    policy = Policy(
        allow_urls=["https://api.example.com/v1/*", URLPattern({"hostname": "cdn.example.net"})],
        deny_urls=[{"pathname": "/v1/admin/*"}],
    )
    assert check("https://api.example.com/v1/users?id=1", policy).href == (
        "https://api.example.com/v1/users?id=1"
    )
    assert check("http://cdn.example.net/a.js", policy).hostname == "cdn.example.net"
    assert reason("https://api.example.com/v2/users", policy) == "url-not-allowed"
    assert reason("http://api.example.com/v1/users", policy) == "url-not-allowed"  # scheme
    assert reason("https://api.example.com/v1/admin/keys", policy) == "url-denied"
    # The parse decides: a backslash and a dot segment are what the browser would fetch.
    assert reason("https://api.example.com/v1/..\\v1/admin/x", policy) == "url-denied"
    assert reason("https://api.example.com/v1/../v2/x", policy) == "url-not-allowed"


def test_a_url_pattern_never_lets_a_refused_address_through() -> None:
    policy = Policy(allow_urls=["http://127.0.0.1/*", "http://*/*"])
    assert reason("http://127.0.0.1/x", policy) == "address-loopback"
    assert reason("http://0x7f.1/x", policy) == "address-loopback"


def test_invalid_url_patterns_are_policy_errors() -> None:
    with pytest.raises(PolicyError, match="invalid URL pattern"):
        Policy(allow_urls=["https://example.com/(unclosed"])
    with pytest.raises(PolicyError, match="must be a collection"):
        Policy(deny_urls="https://example.com/*")
    with pytest.raises(PolicyError, match="URL pattern entry"):
        Policy(deny_urls=[42])  # type: ignore[list-item]


# A backreference (ECMA-262 §22.2.2.7.2 BackreferenceMatcher) makes matching depend on what
# was captured, so no memo keeps it linear: (?:a|a)* tries 2^n ways to split a run of a.
BACKTRACKING = {"pathname": r"/((?<x>(?:a|a)*)\k<x>x)"}


def test_a_pattern_that_may_backtrack_is_refused_by_default() -> None:
    for entry in (BACKTRACKING, URLPattern(BACKTRACKING), {"pathname": "/((?=a)a)"}):
        with pytest.raises(PolicyError, match="backreference or a lookaround"):
            Policy(deny_urls=[entry])
        with pytest.raises(PolicyError, match="allow_backtracking_patterns=True"):
            Policy(allow_urls=[entry])
    # Routes and plain regexps match in linear time: no opt-in needed.
    Policy(allow_urls=["https://a.example/:year-:month-:day-:slug", {"pathname": "/(a+)*b"}])


def test_a_backtracking_match_past_its_bound_refuses_the_url() -> None:
    policy = Policy(deny_urls=[BACKTRACKING], allow_backtracking_patterns=True)
    assert reason("https://example.com/aax", policy) == "url-denied"  # "a" captured, "a", "x"
    assert reason("https://example.com/" + "a" * 40 + "y", policy) == "url-pattern-too-costly"


# --- the host kind read from the serialization, against the URL record's -------------------

GUARD_CORPUS = Path(__file__).parent / "data" / "guard_bypass.json"
HOST_KIND_SHAPES = [
    # Every shape checking.host_kind tells apart: IPv6 brackets, a last label of ASCII digits
    # (IPv4), a domain ending in a digit that is not all digits, non-ASCII digits (IDNA maps
    # fullwidth digits to ASCII ones), a trailing dot, the empty host of file:, opaque hosts.
    "http://[::1]/",
    "http://1.2.3.4/",
    "http://0x7f.1/",
    "http://a1/",
    "http://a.b1/",
    "http://1a.example/",
    "http://example.com./",
    "http://1.2.3.4./",
    "http://\uff11\uff12\uff17.0.0.1/",
    "file:///tmp/x",
    "file://host/x",
    "gopher://127.0.0.1/",
    "foo://[::1]/",
    "foo:opaque",
]


def host_kind_inputs() -> list[str]:
    inputs = list(HOST_KIND_SHAPES)
    inputs += [case["url"] for case in json.loads(GUARD_CORPUS.read_text("utf-8"))["cases"]]
    for name in CORPORA:
        inputs += list(iter_corpus(name))
    return inputs


def test_host_kind_from_the_serialization_is_the_records() -> None:
    # checking.host_kind reads the kind from the serialized host instead of the URL record;
    # the record's kind (the host parser's, URL Standard §3.5) is the expected value.
    compared = 0
    for text in host_kind_inputs():
        url = URL.parse(text)
        if url is None:
            continue
        scheme = url.protocol[:-1]
        assert host_kind(url, scheme, url.hostname) is url.host_kind, text
        compared += 1
    assert compared > 95_000  # the corpora hold 97,631 lines


# --- translation blocks and allow entries ----------------------------------------------------


def test_an_allowed_ipv6_network_never_reopens_a_carried_ipv4_class() -> None:
    # The red team's probes: an allow entry on a translation block (RFC 6052 NAT64, RFC 4291
    # IPv4-mapped) must not let through the link-local metadata address (RFC 3927) or loopback
    # (RFC 1122) that the IPv6 address carries.
    assert reason("http://[64:ff9b::a9fe:a9fe]/", Policy(allow_networks=["64:ff9b::/96"])) == (
        "address-link-local"
    )
    assert reason("http://[::ffff:127.0.0.1]/", Policy(allow_networks=["::/0"])) == (
        "address-loopback"
    )
    # What the entry names is let through: a global IPv4 address through the allowed block.
    assert reason("http://[64:ff9b:1::808:808]/", Policy(allow_networks=["64:ff9b:1::/48"])) is None
    assert reason("http://[::808:808]/", Policy(allow_networks=["::/96"])) is None
    teredo = "http://[2001:0:808:808::f7f7:f7f7]/"  # client and server 8.8.8.8 (RFC 4380 §4)
    assert reason(teredo, Policy(allow_networks=["2001::/32"])) is None
    # ... and a carried address that an IPv4 entry names.
    both = Policy(allow_networks=["64:ff9b::/96", "169.254.169.254/32"])
    assert reason("http://[64:ff9b::a9fe:a9fe]/", both) is None


def test_an_ipv4_entry_opens_what_carries_it_only_through_transparent_blocks() -> None:
    policy = Policy(allow_networks=["10.1.2.0/24"])
    # IPv4-mapped, NAT64 and 6to4 reach the IPv4 address itself: the entry decides.
    for host in ("[::ffff:10.1.2.3]", "[64:ff9b::10.1.2.3]", "[2002:a01:203::1]"):
        assert reason(f"http://{host}/", policy) is None, host
    # IPv4-compatible (deprecated, in reserved ::/8) and the local-use prefix (RFC 8215) have a
    # class of their own, which the IPv4 entry does not name.
    assert reason("http://[::10.1.2.3]/", policy) == "address-reserved"
    assert reason("http://[64:ff9b:1::a01:203]/", policy) == "address-private"


def test_a_denied_network_refuses_what_carries_it() -> None:
    policy = Policy(deny_networks=["8.8.8.0/24"])
    for host in ("[::ffff:8.8.8.8]", "[2002:808:808::1]", "[2001:0:4136:e378::f7f7:f7f7]"):
        assert reason(f"http://{host}/", policy) == "network-denied", host
    assert reason("http://[64:ff9b::808:808]/", Policy(deny_networks=["64:ff9b::/96"])) == (
        "network-denied"
    )


def test_the_guard_and_the_registry_class_agree() -> None:
    # With the default policy, a literal address is refused exactly when its class (urlspec.
    # hosts.special_addresses) is not global, and for that class.
    from urlspec.hosts.special_addresses import address_class

    hosts = [
        "[::5db8:d822]",
        "[::127.0.0.1]",
        "[::ffff:8.8.8.8]",
        "[64:ff9b::808:808]",
        "[64:ff9b:1::808:808]",
        "[64:ff9b:1::7f00:1]",
        "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
        "[2001:0:808:808::f7f7:f7f7]",
        "[2002:808:808::1]",
        "[2002:a9fe:a9fe::]",
        "[::2]",
        "[2606:4700::1111]",
        "8.8.8.8",
        "10.0.0.1",
        "localhost..",
        "127.0.0.1...",
    ]
    for host in hosts:
        cls = address_class(host)
        assert reason(f"http://{host}/") == (None if cls == "global" else f"address-{cls}"), host


# --- port 0 and empty labels ------------------------------------------------------------------


def test_port_zero_is_refused_by_name() -> None:
    # IANA reserves port 0 (RFC 6335 §6); the URL parser keeps ":0" and reads ":000" as 0.
    for url in ("http://example.com:0/", "https://8.8.8.8:000/", "http://[2606:4700::1111]:0/"):
        with pytest.raises(Refused) as refused:
            check(url)
        assert refused.value.reason == "port-not-allowed"
        assert "port 0" in refused.value.detail
    assert reason("http://example.com:0/", Policy(ports=None)) == "port-not-allowed"
    with pytest.raises(PolicyError):
        Policy(ports={0, 80})
    with pytest.raises(Refused) as refused:
        guard.resolve("http://name.test:0/", Policy(resolver=answers("8.8.8.8")))
    assert refused.value.reason == "port-not-allowed"


def test_trailing_dots_are_the_same_name() -> None:
    # RFC 1034 §3.1: a trailing dot is the root label; "localhost.." is localhost (RFC 6761).
    assert reason("http://localhost../") == "address-loopback"
    assert reason("http://a.localhost.../") == "address-loopback"
    assert reason("http://127.0.0.1.../") == "address-loopback"  # a domain to the parser
    assert reason("http://169.254.0xa9fe../") == "address-link-local"
    denied = Policy(deny_hosts=["admin.example.com"])
    for host in (
        "admin.example.com.",
        "admin.example.com..",
        "ADMIN.example.com...",
        "admin\uff0eexample\u3002com\uff0e\uff0e",  # fullwidth and ideographic full stops
        "admin%2Eexample.com..",
    ):
        assert reason(f"https://{host}/", denied) == "host-denied", host
    wildcard = Policy(deny_hosts=["*.example.com", "site:example.org"])
    assert reason("https://a.example.com../", wildcard) == "host-denied"
    assert reason("https://a.example.org../", wildcard) == "host-denied"
    allowed = Policy(allow_hosts=["api.example.com.."])
    assert allowed.allowed.exact == frozenset({"api.example.com"})
    assert reason("https://api.example.com.../", allowed) is None
    assert reason("https://example.com../") is None  # a name: DNS decides


def test_other_empty_labels_are_refused() -> None:
    for host in ("a..b.example", ".example.com", ".localhost", "x...y", "1.2.3.999.."):
        assert reason(f"http://{host}/") == "empty-label", host
    with pytest.raises(PolicyError):
        Policy(deny_hosts=["a..b.example"])


def test_guarded_url_refuses_empty_labels() -> None:
    from pydantic import TypeAdapter, ValidationError

    from urlspec.web.pydantic import GuardedURL

    adapter: TypeAdapter[URL] = TypeAdapter(GuardedURL)
    for url in ("http://localhost../", "http://127.0.0.1.../", "http://x:0/", "http://a..b/"):
        with pytest.raises(ValidationError):
            adapter.validate_python(url)
