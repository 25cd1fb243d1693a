"""The guarded clients (httpx sync and async, requests, urllib3, urllib.request) against real
servers on the loopback.

127.0.0.1 plays "the public internet" (``Policy(allow_networks=["127.0.0.1/32"])``), 127.0.0.2
"an internal service". Test host names get their addresses from the policy's resolver hook; the
session's network fence (tests/conftest.py) fails any test that reaches off the loopback.
Expected values: the address the server saw the connection on, and the Host header and TLS
server name it received, are what RFC 9110 §7.2 (Host) and RFC 6066 §3 (server_name) say a
client sends for the URL's host; the certificate check is RFC 6125's; a redirect's target, method,
body and headers are what the Fetch standard's HTTP-redirect fetch gives
(https://fetch.spec.whatwg.org/#http-redirect-fetch) for the Location as the URL Standard's
parser reads it.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
import urllib.error
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import httpx
import pytest
import requests
import trustme
import urllib3
from guard_servers import LoopbackServer, resolver_for

from urlspec import URL, guard
from urlspec.guard import Policy, Refused

PUBLIC = Policy(
    allow_networks=["127.0.0.1/32"],
    resolver=resolver_for(
        {"public.test": ["127.0.0.1"], "other.test": ["127.0.0.1"], "internal.test": ["127.0.0.2"]}
    ),
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


# --- the six clients, one shape --------------------------------------------------------------
# get(url, policy, verify=CA file or None, method=..., headers=..., body=..., auth=...) -> the
# final response's status and text.


def httpx_options(verify: str | None) -> dict[str, Any]:
    # httpx 0.28 wants an SSL context
    return {} if verify is None else {"verify": ssl.create_default_context(cafile=verify)}


@dataclass
class Call:
    """What a test asks a client to send, besides the URL."""

    verify: str | None = None
    method: str = "GET"
    headers: dict[str, str] | None = None
    body: bytes | None = None
    auth: Any = None


def get_httpx(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    with guard.client(policy, **httpx_options(call.verify)) as client:
        response = client.request(
            call.method, url, headers=call.headers, content=call.body, auth=call.auth
        )
        return response.status_code, response.text


def get_async_httpx(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    import anyio

    async def fetch() -> tuple[int, str]:
        async with guard.async_client(policy, **httpx_options(call.verify)) as client:
            response = await client.request(
                call.method, url, headers=call.headers, content=call.body, auth=call.auth
            )
            return response.status_code, response.text

    return anyio.run(fetch)


def get_requests(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    with guard.session(policy) as session:
        response = session.request(
            call.method,
            url,
            headers=call.headers,
            data=call.body,
            auth=call.auth,
            verify=call.verify or True,
        )
        return response.status_code, response.text


def get_urllib3(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    tls = {} if call.verify is None else {"ca_certs": call.verify}
    with guard.pool_manager(policy, **tls) as manager:
        response = manager.request(call.method, url, headers=call.headers, body=call.body)
        return response.status, response.data.decode()


def get_urllib_request(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    import urllib.request

    context = None if call.verify is None else ssl.create_default_context(cafile=call.verify)
    opener = guard.opener(policy, context=context)
    request: str | URL | urllib.request.Request = url
    if call.method != "GET" or call.headers or call.body is not None:
        text = url.href if isinstance(url, URL) else url
        request = urllib.request.Request(
            text, data=call.body, headers=call.headers or {}, method=call.method
        )
    with opener.open(request) as response:
        return response.status, response.read().decode()


def get_aiohttp(url: str | URL, policy: Policy, **options: Any) -> tuple[int, str]:
    call = Call(**options)
    tls = {} if call.verify is None else {"ssl": ssl.create_default_context(cafile=call.verify)}

    async def fetch() -> tuple[int, str]:
        async with (
            guard.aiohttp_session(policy, **tls) as session,
            session.request(call.method, url, headers=call.headers, data=call.body) as response,
        ):
            return response.status, await response.text()

    return asyncio.run(fetch())


CLIENTS = [
    pytest.param(get_httpx, id="httpx"),
    pytest.param(get_async_httpx, id="httpx-async"),
    pytest.param(get_requests, id="requests"),
    pytest.param(get_urllib3, id="urllib3"),
    pytest.param(get_urllib_request, id="urllib.request"),
    pytest.param(get_aiohttp, id="aiohttp"),
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


@pytest.mark.parametrize("client_class", [guard.GuardedClient, httpx.Client])
def test_httpx_target_extension_cannot_replace_the_checked_path(
    client_class: Callable[..., httpx.Client], public: LoopbackServer
) -> None:
    # httpcore sends a request's "target" extension as the request line's target
    # (https://www.encode.io/httpcore/extensions/#target): the guard checked the URL's path,
    # so the path fetched must be that one (a deny_urls pattern on /admin must hold).
    policy = Policy(
        allow_networks=["127.0.0.1/32"],
        deny_urls=[{"pathname": "/admin*"}],
        resolver=PUBLIC.resolver,
    )
    options: dict[str, Any] = {"policy": policy} if client_class is guard.GuardedClient else {}
    if client_class is httpx.Client:
        options["transport"] = guard.GuardedTransport(policy=policy)
    with client_class(**options) as client:
        response = client.get(
            f"http://public.test:{public.port}/ok", extensions={"target": b"/admin"}
        )
    assert response.status_code == 200
    assert [s.path for s in public.seen] == ["/ok"]


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


@pytest.mark.parametrize("get", CLIENTS)
def test_the_next_pinned_address_is_tried_when_one_is_unreachable(
    get: Get, public: LoopbackServer
) -> None:
    # Two allowed answers, the first refusing connections (nothing listens on 127.0.0.3 at the
    # port): the client tries the pinned addresses in order, and only them (RFC 8305 §5: a
    # client tries the next address when a connection attempt fails).
    policy = Policy(
        allow_networks=["127.0.0.0/30"],
        resolver=resolver_for({"two.test": ["127.0.0.3", "127.0.0.1"]}),
    )
    assert get(public.url(host="two.test"), policy) == (200, "ok 127.0.0.1")
    assert [(s.address, s.host) for s in public.seen] == [("127.0.0.1", f"two.test:{public.port}")]


@pytest.mark.parametrize("get", CLIENTS)
def test_a_urlspec_url_is_taken_wherever_a_url_is(get: Get, public: LoopbackServer) -> None:
    # The value of a pydantic GuardedURL field is a urlspec.URL.
    url = URL(public.url("/ok?x=1", host="public.test"))
    assert get(url, PUBLIC) == (200, "ok 127.0.0.1")
    assert [s.path for s in public.seen] == ["/ok?x=1"]


# --- redirects: the Location as a browser reads it, the Fetch standard's rules ----------------


@pytest.mark.parametrize("get", CLIENTS)
@pytest.mark.parametrize(
    "location",
    [
        # UTS #46 maps the fullwidth letters (URL Standard, domain to ASCII).
        "http://ｐｕｂｌｉｃ.test:{port}/ok",
        # The parser removes a tab anywhere in the input (basic URL parser, step 3).
        "http://pub\tlic.test:{port}/ok",
        # Same special scheme, no "//": a relative reference (special relative or authority
        # state), here against http://public.test:{port}/redirect?...
        "http:ok",
        # A backslash is a slash in a special URL.
        "\\\\public.test:{port}\\ok",
    ],
)
def test_a_location_a_browser_accepts_is_followed(
    get: Get, location: str, public: LoopbackServer
) -> None:
    start = public.redirect_url(302, location.format(port=public.port), host="public.test")
    assert get(start, PUBLIC) == (200, "ok 127.0.0.1")
    assert [(s.path, s.host) for s in public.seen][1:] == [("/ok", f"public.test:{public.port}")]


@pytest.mark.parametrize("get", CLIENTS)
@pytest.mark.parametrize("locations", [["http://[::1"], ["/ok", "/ok"]])
def test_a_location_that_is_not_one_url_is_refused(
    get: Get, locations: list[str], public: LoopbackServer
) -> None:
    # A Location that does not parse, or two of them, is a network error in a browser
    # (https://fetch.spec.whatwg.org/#concept-response-location-url).
    with pytest.raises(Refused) as refused:
        get(public.redirect_url(302, locations), PUBLIC)
    assert (refused.value.reason, refused.value.hop_reason) == ("redirect-refused", "invalid-url")
    assert len(public.seen) == 1


@pytest.mark.parametrize("get", CLIENTS)
def test_the_redirect_limit_is_the_policys(get: Get, public: LoopbackServer) -> None:
    # max_redirects=2: a chain of 2 redirects is followed (3 requests), one of 3 is refused
    # before its third redirect is sent.
    policy = Policy(allow_networks=["127.0.0.1/32"], max_redirects=2)
    assert get(public.chain_url(2, public.url()), policy) == (200, "ok 127.0.0.1")
    public.seen.clear()
    with pytest.raises(Refused) as refused:
        get(public.chain_url(3, public.url()), policy)
    assert refused.value.reason == "too-many-redirects"
    assert len(public.seen) == 3


@pytest.mark.parametrize("get", CLIENTS)
def test_no_redirect_is_followed_with_max_redirects_0(get: Get, public: LoopbackServer) -> None:
    policy = Policy(allow_networks=["127.0.0.1/32"], max_redirects=0)
    assert get(public.url(), policy) == (200, "ok 127.0.0.1")
    with pytest.raises(Refused) as refused:
        get(public.redirect_url(307, public.url()), policy)
    assert refused.value.reason == "too-many-redirects"


@pytest.mark.parametrize("get", CLIENTS)
@pytest.mark.parametrize(
    ("status", "method", "expected"),
    [
        (301, "POST", ("GET", b"")),
        (302, "POST", ("GET", b"")),
        (303, "POST", ("GET", b"")),
        (303, "PUT", ("GET", b"")),
        (307, "POST", ("POST", b"data")),
        (308, "PUT", ("PUT", b"data")),
    ],
)
def test_the_method_and_body_of_a_redirect_are_the_fetch_standards(
    get: Get, status: int, method: str, expected: tuple[str, bytes], public: LoopbackServer
) -> None:
    # https://fetch.spec.whatwg.org/#http-redirect-fetch step 12.
    start = public.redirect_url(status, "/ok", host="public.test")
    assert get(start, PUBLIC, method=method, body=b"data")[0] == 200
    final = public.seen[-1]
    assert (final.method, final.body) == expected
    if not expected[1]:
        assert "content-type" not in final.headers
        assert final.headers.get("content-length", "0") == "0"


@pytest.mark.parametrize("get", CLIENTS)
@pytest.mark.parametrize(("to_host", "kept"), [("public.test", True), ("other.test", False)])
def test_credentials_do_not_follow_a_redirect_to_another_origin(
    get: Get, to_host: str, kept: bool, public: LoopbackServer
) -> None:
    # Step 13 drops Authorization on a hop to another origin; Cookie and Proxy-Authorization
    # set by the caller are dropped with it.
    target = public.url(host=to_host)
    headers = {"Authorization": "Bearer s3cret", "Cookie": "session=s3cret"}
    assert (
        get(public.redirect_url(302, target, host="public.test"), PUBLIC, headers=headers)[0] == 200
    )
    first, final = public.seen[0], public.seen[-1]
    assert first.headers["authorization"] == "Bearer s3cret"
    assert ("authorization" in final.headers, "cookie" in final.headers) == (kept, kept)


def test_httpx_sending_one_request_again_is_no_redirect(public: LoopbackServer) -> None:
    # The hop count belongs to a request sequence: the same request object sent 7 times is 7
    # sequences of one redirect each, under a limit of 5.
    for client in (
        guard.client(PUBLIC),
        httpx.Client(transport=guard.GuardedTransport(PUBLIC), follow_redirects=True),
    ):
        with client:
            request = client.build_request("GET", public.redirect_url(302, "/ok"))
            for _ in range(7):
                assert client.send(request).text == "ok 127.0.0.1"
    assert len(public.seen) == 28


@pytest.mark.parametrize("client", ["httpx", "requests"])
def test_an_authentication_retry_is_no_redirect(client: str, public: LoopbackServer) -> None:
    # The Digest challenge (RFC 7616) is answered by sending the request again: the same hop,
    # allowed with max_redirects=0.
    policy = Policy(allow_networks=["127.0.0.1/32"], max_redirects=0)
    if client == "httpx":
        auth: Any = httpx.DigestAuth("user", "s3cret")
        assert get_httpx(public.url("/digest"), policy, auth=auth) == (200, "ok 127.0.0.1")
    else:
        auth = requests.auth.HTTPDigestAuth("user", "s3cret")
        assert get_requests(public.url("/digest"), policy, auth=auth) == (200, "ok 127.0.0.1")
    assert [("authorization" in s.headers) for s in public.seen] == [False, True]


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


def test_an_explicit_proxy_is_refused_without_showing_its_password() -> None:
    proxy = "http://user:pr0xy-s3cret@10.0.0.9:3128"
    for make in (guard.client, guard.async_client, guard.GuardedClient, guard.AsyncGuardedClient):
        for option in ("proxy", "mounts"):
            value: Any = proxy if option == "proxy" else {"all://": httpx.HTTPTransport()}
            with pytest.raises(Refused) as refused:
                make(PUBLIC, **{option: value})
            assert refused.value.reason == "proxy"
            assert "pr0xy-s3cret" not in str(refused.value)
    with guard.session(PUBLIC) as session, pytest.raises(Refused) as refused:
        session.get("http://public.test/", proxies={"http": proxy})
    assert refused.value.reason == "proxy"
    assert "pr0xy-s3cret" not in str(refused.value)


def test_the_adapter_refuses_environment_proxies_on_a_plain_session(
    public: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plain requests.Session reads HTTP_PROXY (trust_env=True): the adapter is handed the
    # proxy and refuses, never connecting to it.
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.9:3128")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    with requests.Session() as session:
        session.mount("http://", guard.GuardedAdapter(PUBLIC))
        with pytest.raises(Refused) as refused:
            session.get(public.url(host="public.test"))
    assert refused.value.reason == "proxy"
    assert public.seen == []


@pytest.mark.parametrize("get", CLIENTS)
def test_proxy_variables_are_ignored(
    get: Get, public: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proxy named by the environment would resolve the name itself: the guarded clients read
    # no proxy from it (httpx and requests: trust_env=False; urllib3 reads none; the opener has
    # no ProxyHandler) and connect directly to the checked address.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.9:3128")
    assert get(public.url(host="public.test"), PUBLIC)[0] == 200
    assert [s.address for s in public.seen] == ["127.0.0.1"]


def test_httpx_reads_no_environment_proxy_for_a_client_given_a_transport(
    public: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # httpx 0.28: Client(transport=...) mounts no proxy transport from HTTP_PROXY and friends,
    # even with trust_env=True (its default).
    for name in ("HTTP_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.9:3128")
    with httpx.Client(transport=guard.GuardedTransport(PUBLIC)) as client:
        assert client.get(public.url(host="public.test")).text == "ok 127.0.0.1"
    assert [s.address for s in public.seen] == ["127.0.0.1"]


def test_the_client_helpers_refuse_to_lose_their_transport() -> None:
    for make in (guard.client, guard.GuardedClient):
        with pytest.raises(TypeError):
            make(PUBLIC, transport=httpx.HTTPTransport())
        with pytest.raises(TypeError):
            make(PUBLIC, trust_env=True)


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


TLS_ERRORS = (
    httpx.ConnectError,
    requests.exceptions.SSLError,
    urllib3.exceptions.MaxRetryError,
    urllib3.exceptions.SSLError,
    urllib.error.URLError,
    aiohttp.ClientConnectorCertificateError,
)


@pytest.mark.parametrize("get", CLIENTS)
def test_a_certificate_for_another_name_is_refused(get: Get, ca: trustme.CA, ca_file: str) -> None:
    server = tls_server(ca, "other.test")
    try:
        with pytest.raises(TLS_ERRORS) as error:
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
        # The adapter counts the hops itself: a refused target is a refused redirect...
        with pytest.raises(Refused) as refused:
            session.get(public.redirect_url(302, internal.url(host="internal.test")))
        assert (refused.value.reason, refused.value.hop_reason) == (
            "redirect-refused",
            "resolved-to-non-global",
        )
        # ...and the policy's limit holds (requests' own is 30).
        public.seen.clear()
        with pytest.raises(Refused) as refused:
            session.get(public.chain_url(7, public.url()))
        assert refused.value.reason == "too-many-redirects"
        assert len(public.seen) == 6
        # A browser's Location is read as a browser reads it.
        location = f"http://ｐｕｂｌｉｃ.test:{public.port}/ok"
        assert session.get(public.redirect_url(302, location)).text == "ok 127.0.0.1"
    assert internal.seen == []


def test_the_transport_reads_the_location_in_a_client_of_your_own(
    public: LoopbackServer,
) -> None:
    with httpx.Client(transport=guard.GuardedTransport(PUBLIC), follow_redirects=True) as client:
        for location in (f"http://pub\tlic.test:{public.port}/ok", "http:ok"):
            response = client.get(public.redirect_url(302, location, host="public.test"))
            assert response.text == "ok 127.0.0.1"
        public.seen.clear()
        with pytest.raises(Refused) as refused:
            client.get(public.chain_url(7, public.url()))
    assert refused.value.reason == "too-many-redirects"
    assert len(public.seen) == 6


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


def test_requests_cookies_of_a_request_stay_on_its_origin(public: LoopbackServer) -> None:
    # requests keeps a request's cookies= in a jar without a domain, which it would send to any
    # host a redirect names; the guarded session sends them only on the same origin.
    start = public.redirect_url(302, public.url(host="other.test"), host="public.test")
    with guard.session(PUBLIC) as session:
        assert session.get(start, cookies={"session": "s3cret"}).status_code == 200
    assert [s.headers.get("cookie") for s in public.seen] == ["session=s3cret", None]


def test_the_async_transport_awaits_the_policys_async_resolver(public: LoopbackServer) -> None:
    asked: list[str] = []

    async def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return resolver_for({"public.test": ["127.0.0.1"]})(host, port)

    def no_sync_resolver(*args: Any) -> list[tuple[Any, ...]]:
        raise AssertionError("the sync resolver was called")

    policy = Policy(
        allow_networks=["127.0.0.1/32"], resolver=no_sync_resolver, async_resolver=resolver
    )
    assert get_async_httpx(public.url(host="public.test"), policy) == (200, "ok 127.0.0.1")
    assert asked == ["public.test"]
