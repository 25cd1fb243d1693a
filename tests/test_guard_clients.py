"""The guarded clients (httpx sync and async, requests) against real servers on the loopback.

127.0.0.1 plays "the public internet" (``Policy(allow_networks=["127.0.0.1/32"])``), 127.0.0.2
"an internal service". Test host names get their addresses from the policy's resolver hook; the
session's network fence (tests/conftest.py) fails any test that reaches off the loopback.
Expected values: the address the server saw the connection on, and the Host header and TLS
server name it received, are what RFC 9110 §7.2 (Host) and RFC 6066 §3 (server_name) say a
client sends for the URL's host; the certificate check is RFC 6125's.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import requests
import trustme
from guard_servers import LoopbackServer

from urlspec import URL, guard
from urlspec.guard import Policy, Refused


def resolver_for(names: dict[str, list[str]]) -> Callable[..., list[tuple[Any, ...]]]:
    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        if host not in names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in names[host]
        ]

    return resolver


PUBLIC = Policy(
    allow_networks=["127.0.0.1/32"],
    resolver=resolver_for({"public.test": ["127.0.0.1"], "internal.test": ["127.0.0.2"]}),
)


@pytest.fixture(scope="module")
def public() -> Iterator[LoopbackServer]:
    server = LoopbackServer("127.0.0.1")
    yield server
    server.close()


@pytest.fixture(scope="module")
def internal() -> Iterator[LoopbackServer]:
    server = LoopbackServer("127.0.0.2")
    yield server
    server.close()


@pytest.fixture(autouse=True)
def clear(public: LoopbackServer, internal: LoopbackServer) -> None:
    public.seen.clear()
    internal.seen.clear()


# --- the three clients, one shape -------------------------------------------------------------


def httpx_options(options: dict[str, Any]) -> dict[str, Any]:
    if isinstance(options.get("verify"), str):  # httpx 0.28 wants an SSL context
        options["verify"] = ssl.create_default_context(cafile=options["verify"])
    return options


def get_httpx(url: str, policy: Policy, **options: Any) -> tuple[int, str]:
    options = httpx_options(options)
    with guard.client(policy, **options) as client:
        response = client.get(url)
        return response.status_code, response.text


def get_async_httpx(url: str, policy: Policy, **options: Any) -> tuple[int, str]:
    import anyio

    options = httpx_options(options)

    async def fetch() -> tuple[int, str]:
        async with guard.async_client(policy, **options) as client:
            response = await client.get(url)
            return response.status_code, response.text

    return anyio.run(fetch)


def get_requests(url: str, policy: Policy, **options: Any) -> tuple[int, str]:
    with guard.session(policy) as session:
        response = session.get(url, **options)
        return response.status_code, response.text


CLIENTS = [
    pytest.param(get_httpx, id="httpx"),
    pytest.param(get_async_httpx, id="httpx-async"),
    pytest.param(get_requests, id="requests"),
]
Get = Callable[..., tuple[int, str]]


@pytest.mark.parametrize("get", CLIENTS)
def test_a_name_is_fetched_at_its_checked_address_with_its_host_header(
    get: Get, public: LoopbackServer
) -> None:
    status, body = get(public.url("/ok?x=1", host="public.test"), PUBLIC)
    assert (status, body) == (200, "ok 127.0.0.1")
    assert [(s.address, s.path, s.host) for s in public.seen] == [
        ("127.0.0.1", "/ok?x=1", f"public.test:{public.port}")
    ]


@pytest.mark.parametrize("get", CLIENTS)
def test_the_default_policy_refuses_the_loopback_before_connecting(
    get: Get, public: LoopbackServer
) -> None:
    with pytest.raises(Refused) as refused:
        get(public.url(), Policy())
    assert refused.value.reason == "address-loopback"
    assert public.seen == []


@pytest.mark.parametrize("get", CLIENTS)
def test_a_name_resolving_to_the_internal_address_is_refused(
    get: Get, internal: LoopbackServer
) -> None:
    with pytest.raises(Refused) as refused:
        get(internal.url(host="internal.test"), PUBLIC)
    assert refused.value.reason == "resolved-to-non-global"
    assert "127.0.0.2" in str(refused.value)
    assert internal.seen == []


@pytest.mark.parametrize("get", CLIENTS)
def test_a_redirect_to_the_internal_service_is_refused_before_it_connects(
    get: Get, public: LoopbackServer, internal: LoopbackServer
) -> None:
    with pytest.raises(Refused) as refused:
        get(public.redirect_url(307, internal.url(host="internal.test")), PUBLIC)
    assert (refused.value.reason, refused.value.hop_reason) == (
        "redirect-refused",
        "resolved-to-non-global",
    )
    assert [s.path.split("?")[0] for s in public.seen] == ["/redirect"]
    assert internal.seen == []


@pytest.mark.parametrize("get", CLIENTS)
def test_an_allowed_redirect_chain_is_followed(get: Get, public: LoopbackServer) -> None:
    status, body = get(public.chain_url(3, public.url(host="public.test")), PUBLIC)
    assert (status, body) == (200, "ok 127.0.0.1")
    assert len(public.seen) == 4


@pytest.mark.parametrize("get", CLIENTS)
def test_the_fetched_url_is_the_whatwg_href(get: Get, public: LoopbackServer) -> None:
    # The request line carries the path and query of the checked URL: dot segments removed (URL
    # Standard, path state: "." and ".." segments), the space of the query percent-encoded
    # (the query percent-encode set).
    status, _ = get(f"http://public.test:{public.port}/a/./b/../ok?q=a b", PUBLIC)
    assert status == 200
    assert [s.path for s in public.seen] == ["/a/ok?q=a%20b"]


def test_async_client_rebinding_goes_to_the_checked_address(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    answers = iter([["127.0.0.1"]] + [["127.0.0.2"]] * 5)

    def rebinding(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return resolver_for({host: next(answers)})(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], resolver=rebinding)
    assert get_async_httpx(public.url(host="rebind.test"), policy)[0] == 200
    assert [s.address for s in public.seen] == ["127.0.0.1"]
    with pytest.raises(Refused):
        get_async_httpx(public.url(host="rebind.test"), policy)
    assert internal.seen == []


def test_a_mixed_answer_is_refused_even_when_the_allowed_address_comes_first(
    internal: LoopbackServer,
) -> None:
    policy = Policy(
        allow_networks=["127.0.0.1/32"],
        resolver=resolver_for({"mixed.test": ["127.0.0.1", "127.0.0.2"]}),
    )
    with pytest.raises(Refused) as refused:
        get_httpx(internal.url(host="mixed.test"), policy)
    assert refused.value.reason == "mixed-answer"


def test_httpx_falls_back_to_the_next_pinned_address(public: LoopbackServer) -> None:
    # Two allowed answers, the first refusing connections (nothing listens on 127.0.0.3 at the
    # port): the transport tries the pinned addresses in order, and only them.
    policy = Policy(
        allow_networks=["127.0.0.0/30"],
        resolver=resolver_for({"two.test": ["127.0.0.3", "127.0.0.1"]}),
    )
    assert get_httpx(public.url(host="two.test"), policy) == (200, "ok 127.0.0.1")


def ipv6_loopback_works() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not ipv6_loopback_works(), reason="no IPv6 loopback on this machine")
@pytest.mark.parametrize("get", CLIENTS)
def test_ipv6_names_and_literals_are_pinned(get: Get) -> None:
    server = LoopbackServer("::1")
    policy = Policy(allow_networks=["::1/128"], resolver=resolver_for({"v6.test": ["::1"]}))
    try:
        assert get(server.url(host="v6.test"), policy) == (200, "ok ::1")
        assert get(server.url(), policy) == (200, "ok ::1")
        # RFC 9110 §7.2 / RFC 3986 §3.2.2: an IPv6 literal in brackets in the Host header.
        assert [s.host for s in server.seen] == [f"v6.test:{server.port}", f"[::1]:{server.port}"]
    finally:
        server.close()


# --- proxies ----------------------------------------------------------------------------------


def test_an_explicit_proxy_is_refused() -> None:
    for make in (guard.client, guard.async_client):
        with pytest.raises(Refused) as refused:
            make(PUBLIC, proxy="http://127.0.0.1:3128")
        assert refused.value.reason == "proxy"
    with guard.session(PUBLIC) as session, pytest.raises(Refused) as refused:
        session.get("http://public.test/", proxies={"http": "http://127.0.0.1:3128"})
    assert refused.value.reason == "proxy"


@pytest.mark.parametrize("get", CLIENTS)
def test_proxy_variables_are_ignored(
    get: Get, public: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proxy named by the environment would resolve the name itself: the guarded clients run
    # with trust_env=False and connect directly to the checked address.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.9:3128")
    assert get(public.url(host="public.test"), PUBLIC)[0] == 200
    assert [s.address for s in public.seen] == ["127.0.0.1"]


def test_the_client_helpers_refuse_to_lose_their_transport() -> None:
    with pytest.raises(TypeError):
        guard.client(PUBLIC, transport=httpx.HTTPTransport())
    with pytest.raises(TypeError):
        guard.client(PUBLIC, trust_env=True)


def test_a_backend_without_a_pinned_address_refuses() -> None:
    from urlspec.guard.httpx_transport import _pinned_addresses

    with pytest.raises(Refused):
        _pinned_addresses("public.test", 80)


# --- TLS: pinned address, SNI and verification on the name ------------------------------------


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def tls_server(ca: trustme.CA, name: str) -> LoopbackServer:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(name).configure_cert(context)
    return LoopbackServer("127.0.0.1", tls=context)


@pytest.fixture
def ca_file(ca: trustme.CA) -> Iterator[str]:
    with ca.cert_pem.tempfile() as path:
        yield path


TLS_POLICY = Policy(
    allow_networks=["127.0.0.1/32"], resolver=resolver_for({"service.test": ["127.0.0.1"]})
)


@pytest.mark.parametrize("get", CLIENTS)
def test_https_to_the_pinned_address_verifies_the_name(
    get: Get, ca: trustme.CA, ca_file: str
) -> None:
    server = tls_server(ca, "service.test")
    try:
        status, body = get(server.url(host="service.test"), TLS_POLICY, verify=ca_file)
        assert (status, body) == (200, "ok 127.0.0.1")
        assert server.server_names == ["service.test"]
        assert [(s.address, s.host) for s in server.seen] == [
            ("127.0.0.1", f"service.test:{server.port}")
        ]
    finally:
        server.close()


@pytest.mark.parametrize("get", CLIENTS)
def test_a_certificate_for_another_name_is_refused(get: Get, ca: trustme.CA, ca_file: str) -> None:
    server = tls_server(ca, "other.test")
    try:
        with pytest.raises((httpx.ConnectError, requests.exceptions.SSLError)) as error:
            get(server.url(host="service.test"), TLS_POLICY, verify=ca_file)
        assert "service.test" in str(error.value) or "certificate" in str(error.value).lower()
        assert server.seen == []
    finally:
        server.close()


# --- the transport and the adapter in clients built by hand -----------------------------------


def test_the_transport_in_a_client_of_your_own(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    with httpx.Client(
        transport=guard.GuardedTransport(PUBLIC), trust_env=False, follow_redirects=True
    ) as client:
        assert client.get(public.url(host="public.test")).text == "ok 127.0.0.1"
        with pytest.raises(Refused) as refused:
            client.get(public.redirect_url(302, internal.url(host="internal.test")))
    assert (refused.value.reason, refused.value.hop_reason) == (
        "redirect-refused",
        "resolved-to-non-global",
    )
    assert internal.seen == []


def test_the_adapter_on_a_session_of_your_own(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    with requests.Session() as session:
        session.trust_env = False
        adapter = guard.GuardedAdapter(PUBLIC)
        session.mount("http://", adapter)
        session.mount("https://", adapter)
        assert session.get(public.url(host="public.test")).text == "ok 127.0.0.1"
        # Each hop is checked; without GuardedSession the hops are not counted, so the
        # refusal names the target's own reason.
        with pytest.raises(Refused) as refused:
            session.get(public.redirect_url(302, internal.url(host="internal.test")))
    assert refused.value.reason == "resolved-to-non-global"
    assert internal.seen == []


def test_the_client_hands_the_transport_the_url_it_parsed() -> None:
    # One parse: httpx gets the WHATWG href (host lowercased, dot segments removed: URL
    # Standard host parser and path state), the transport the parsed URL itself.
    with guard.client(PUBLIC) as client:
        request = client.build_request("GET", "HTTP://Public.TEST:8080/a/../b")
    assert str(request.url) == "http://public.test:8080/b"
    assert request.extensions["urlspec.guard.url"] == URL("http://public.test:8080/b")
    with guard.session(PUBLIC) as session:
        prepared = session.prepare_request(
            requests.Request("GET", "HTTP://Public.TEST:8080/a/../b")
        )
    assert prepared.url == "http://public.test:8080/b"
    assert getattr(prepared, "urlspec_guard_url") == URL("http://public.test:8080/b")  # noqa: B009
