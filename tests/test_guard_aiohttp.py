"""The guarded aiohttp session against real servers on the loopback.

127.0.0.1 plays "the public internet" (``Policy(allow_networks=["127.0.0.1/32"])``), 127.0.0.2
"an internal service"; test host names get their addresses from the policy's resolver hooks and
the session's network fence (tests/conftest.py) fails any test that reaches off the loopback.
Expected values: the address the server saw the connection on, the Host header and TLS server
name it received (RFC 9110 §7.2, RFC 6066 §3), the redirect rules of the Fetch standard
(https://fetch.spec.whatwg.org/#http-redirect-fetch: method, body, cross-origin
``Authorization``) and the Location read as a browser reads it (URL Standard, API URL parser
with the current URL as base).
"""

from __future__ import annotations

import asyncio
import http.server
import json
import ssl
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import aiohttp
import pytest
import test_guard_clients as clients
import trustme
from guard_servers import LoopbackServer
from test_guard_clients import PUBLIC, TLS_POLICY, ipv6_loopback_works, resolver_for, tls_server
from test_guard_corpus import CASES as CORPUS
from test_guard_corpus import resolving_policy, verdict

from urlspec import URL, guard
from urlspec.guard import Policy, Refused
from urlspec.guard.aiohttp_client import GuardedConnector

# The loopback servers and the CA of every client's tests (pytest fixtures).
public, internal, clear, ca = clients.public, clients.internal, clients.clear, clients.ca


def run(session_options: dict[str, Any], policy: Policy, url: str, **request: Any) -> Any:
    """(status, body, number of redirects) of one GET through a guarded session."""

    async def fetch() -> tuple[int, str, int]:
        async with (
            guard.aiohttp_session(policy, **session_options) as session,
            session.get(url, **request) as response,
        ):
            return response.status, await response.text(), len(response.history)

    return asyncio.run(fetch())


def get(url: str, policy: Policy = PUBLIC, **request: Any) -> tuple[int, str, int]:
    result: tuple[int, str, int] = run({}, policy, url, **request)
    return result


def refused(call: Callable[[], object]) -> Refused:
    with pytest.raises(Refused) as caught:
        call()
    return caught.value


def test_the_session_is_an_aiohttp_session() -> None:
    async def make() -> None:
        async with guard.aiohttp_session(PUBLIC) as session:
            assert isinstance(session, aiohttp.ClientSession)
            assert isinstance(session.connector, GuardedConnector)
            assert session.trust_env is False

    asyncio.run(make())


def test_a_name_is_fetched_at_its_checked_address_with_its_host_header(
    public: LoopbackServer,
) -> None:
    assert get(public.url("/ok?x=1", host="public.test")) == (200, "ok 127.0.0.1", 0)
    assert [(s.address, s.path, s.host) for s in public.seen] == [
        ("127.0.0.1", "/ok?x=1", f"public.test:{public.port}")
    ]


def test_the_fetched_url_is_the_whatwg_href(public: LoopbackServer) -> None:
    # Dot segments removed (path state), the query's space percent-encoded (query
    # percent-encode set), params appended to the query: one parse, sent as it is.
    assert get(f"http://Public.TEST:{public.port}/a/./b/../ok?q=a b", params={"p": "1"})[0] == 200
    assert [s.path for s in public.seen] == ["/a/ok?q=a%20b&p=1"]


def test_a_urlspec_url_is_accepted(public: LoopbackServer) -> None:
    async def fetch() -> int:
        async with (
            guard.aiohttp_session(PUBLIC) as session,
            session.get(URL(public.url(host="public.test"))) as response,
        ):
            return response.status

    assert asyncio.run(fetch()) == 200


def test_a_relative_url_is_resolved_against_base_url(public: LoopbackServer) -> None:
    base = public.url("/dir/", host="public.test")
    assert run({"base_url": base}, PUBLIC, "ok")[0] == 200
    assert [s.path for s in public.seen] == ["/dir/ok"]


def test_the_default_policy_refuses_the_loopback_before_connecting(
    public: LoopbackServer,
) -> None:
    assert refused(lambda: get(public.url(), Policy())).reason == "address-loopback"
    assert public.seen == []


def test_a_name_resolving_to_the_internal_address_is_refused(internal: LoopbackServer) -> None:
    error = refused(lambda: get(internal.url(host="internal.test")))
    assert error.reason == "resolved-to-non-global"
    assert internal.seen == []


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_to_the_internal_service_is_refused_before_it_connects(
    status: int, public: LoopbackServer, internal: LoopbackServer
) -> None:
    error = refused(lambda: get(public.redirect_url(status, internal.url(host="internal.test"))))
    assert (error.reason, error.hop_reason) == ("redirect-refused", "resolved-to-non-global")
    error = refused(lambda: get(public.redirect_url(status, internal.url())))
    assert (error.reason, error.hop_reason) == ("redirect-refused", "address-loopback")
    assert [s.path.split("?")[0] for s in public.seen] == ["/redirect", "/redirect"]
    assert internal.seen == []


def test_an_allowed_redirect_chain_is_followed(public: LoopbackServer) -> None:
    assert get(public.chain_url(3, public.url(host="public.test"))) == (200, "ok 127.0.0.1", 3)
    assert len(public.seen) == 4


def test_the_policy_limits_the_redirects(public: LoopbackServer) -> None:
    target = public.url(host="public.test")
    assert get(public.chain_url(5, target))[2] == 5  # the default policy allows 5
    public.seen.clear()
    assert refused(lambda: get(public.chain_url(6, target))).reason == "too-many-redirects"
    assert len(public.seen) == 6  # the sixth redirect's target was not fetched
    no_redirects = Policy(
        allow_networks=["127.0.0.1/32"], max_redirects=0, resolver=PUBLIC.resolver
    )
    assert refused(lambda: get(public.chain_url(1, target), no_redirects)).reason == (
        "too-many-redirects"
    )


def test_allow_redirects_false_returns_the_redirect(public: LoopbackServer) -> None:
    assert get(public.chain_url(1, "/ok"), allow_redirects=False)[0] == 302
    assert len(public.seen) == 1


def test_aiohttps_max_redirects_still_applies(public: LoopbackServer) -> None:
    # aiohttp's rule: the redirect that reaches max_redirects raises TooManyRedirects.
    with pytest.raises(aiohttp.TooManyRedirects):
        get(public.chain_url(3, public.url(host="public.test")), max_redirects=2)


@pytest.mark.parametrize(
    "location",
    [
        "http://ｐｕｂｌｉｃ.test:{port}/ok",  # fullwidth letters: UTS #46 maps them
        "http://pub\tlic.test:{port}/ok",  # a tab inside the host: removed by the parser
        "http:ok",  # a special URL without "//": relative to the current URL
        "//public.test:{port}/ok",
    ],
)
def test_a_location_is_read_as_a_browser_reads_it(location: str, public: LoopbackServer) -> None:
    # The header's bytes are UTF-8 (what http.server writes for a str is its latin-1 bytes).
    header = location.format(port=public.port).encode().decode("latin-1")
    start = public.redirect_url(302, header, host="public.test")
    assert get(start) == (200, "ok 127.0.0.1", 1)
    assert public.seen[-1].path == "/ok"
    assert public.seen[-1].host == f"public.test:{public.port}"


def test_a_location_that_does_not_parse_is_refused(public: LoopbackServer) -> None:
    error = refused(lambda: get(public.redirect_url(302, "http://[::1/")))
    assert (error.reason, error.hop_reason) == ("redirect-refused", "invalid-url")


def test_rebinding_goes_to_the_checked_address(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    answers = iter([["127.0.0.1"]] + [["127.0.0.2"]] * 5)

    def rebinding(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return resolver_for({host: next(answers)})(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], resolver=rebinding)
    assert get(public.url(host="rebind.test"), policy)[0] == 200
    assert refused(lambda: get(public.url(host="rebind.test"), policy)).reason == (
        "resolved-to-non-global"
    )
    assert [s.address for s in public.seen] == ["127.0.0.1"]
    assert internal.seen == []


def test_the_async_resolver_is_used(public: LoopbackServer) -> None:
    asked: list[str] = []

    async def async_resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return resolver_for({"async.test": ["127.0.0.1"]})(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], async_resolver=async_resolver)
    assert get(public.url(host="async.test"), policy)[0] == 200
    assert asked == ["async.test"]


def test_a_mixed_answer_is_refused(internal: LoopbackServer) -> None:
    policy = Policy(
        allow_networks=["127.0.0.1/32"],
        resolver=resolver_for({"mixed.test": ["127.0.0.1", "127.0.0.2"]}),
    )
    assert refused(lambda: get(internal.url(host="mixed.test"), policy)).reason == "mixed-answer"
    assert internal.seen == []


def test_falls_back_to_the_next_pinned_address(public: LoopbackServer) -> None:
    # Two allowed answers, the first refusing connections (nothing listens on 127.0.0.3 at the
    # port): aiohttp tries the pinned addresses in order, and only them.
    policy = Policy(
        allow_networks=["127.0.0.0/30"],
        resolver=resolver_for({"two.test": ["127.0.0.3", "127.0.0.1"]}),
    )
    assert get(public.url(host="two.test"), policy) == (200, "ok 127.0.0.1", 0)


@pytest.mark.skipif(not ipv6_loopback_works(), reason="no IPv6 loopback on this machine")
def test_ipv6_names_and_literals_are_pinned() -> None:
    server = LoopbackServer("::1")
    policy = Policy(allow_networks=["::1/128"], resolver=resolver_for({"v6.test": ["::1"]}))
    try:
        assert get(server.url(host="v6.test"), policy)[:2] == (200, "ok ::1")
        assert get(server.url(), policy)[:2] == (200, "ok ::1")
        assert [s.host for s in server.seen] == [f"v6.test:{server.port}", f"[::1]:{server.port}"]
    finally:
        server.close()


# --- proxies and the guard's own options ------------------------------------------------------


def test_a_proxy_is_refused(public: LoopbackServer) -> None:
    async def session_proxy() -> None:
        guard.aiohttp_session(PUBLIC, proxy="http://127.0.0.1:3128")

    assert refused(lambda: asyncio.run(session_proxy())).reason == "proxy"
    error = refused(lambda: get(public.url(host="public.test"), proxy="http://127.0.0.1:3128"))
    assert error.reason == "proxy"
    assert public.seen == []


def test_proxy_variables_are_ignored(
    public: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.9:3128")
    assert get(public.url(host="public.test"))[0] == 200
    assert [s.address for s in public.seen] == ["127.0.0.1"]


@pytest.mark.parametrize(
    "options",
    [
        {"trust_env": True},
        {"connector": None},
        {"auth": None},
        {"resolver": None},
        {"use_dns_cache": True},
    ],
)
def test_the_guards_own_options_are_refused(options: dict[str, Any]) -> None:
    async def make() -> None:
        guard.aiohttp_session(PUBLIC, **options)

    with pytest.raises(TypeError):
        asyncio.run(make())


def test_the_connector_refuses_a_request_the_session_did_not_pin(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    # A client middleware that sends the request elsewhere: the connector connects only for
    # the host and port the session checked.
    async def elsewhere(
        request: aiohttp.ClientRequest,
        handler: Callable[[aiohttp.ClientRequest], Awaitable[aiohttp.ClientResponse]],
    ) -> aiohttp.ClientResponse:
        request.url = request.url.with_host("127.0.0.2").with_port(internal.port)
        return await handler(request)

    error = refused(lambda: run({"middlewares": (elsewhere,)}, PUBLIC, public.url()))
    assert error.reason == "resolution-failed"
    assert internal.seen == [] and public.seen == []


def test_options_reach_the_connector(public: LoopbackServer) -> None:
    assert run({"force_close": True, "limit": 1}, PUBLIC, public.url(host="public.test"))[0] == 200


# --- methods, bodies and credentials across redirects -----------------------------------------


class Echo:
    """A server that answers /to?status=S&to=URL with a redirect and anything else with what it
    received: the method, the body and the Authorization header, as JSON."""

    def __init__(self, address: str) -> None:
        self.address = address
        echo = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self.answer()

            def do_POST(self) -> None:
                self.answer()

            def do_PUT(self) -> None:
                self.answer()

            def answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode()
                if self.path.startswith("/to/"):
                    status, _, location = self.path[4:].partition("/")
                    self.send_response(int(status))
                    self.send_header("Location", location)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                seen = {
                    "method": self.command,
                    "body": body,
                    "authorization": self.headers.get("Authorization"),
                    "port": echo.port,
                }
                data = json.dumps(seen).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = http.server.ThreadingHTTPServer((address, 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def echoes() -> Iterator[tuple[Echo, Echo]]:
    first, second = Echo("127.0.0.1"), Echo("127.0.0.1")
    yield first, second
    first.close()
    second.close()


def send(method: str, url: str, **request: Any) -> dict[str, Any]:
    async def fetch() -> dict[str, Any]:
        async with (
            guard.aiohttp_session(PUBLIC) as session,
            session.request(method, url, **request) as response,
        ):
            seen: dict[str, Any] = json.loads(await response.text())
            return seen

    return asyncio.run(fetch())


@pytest.mark.parametrize(
    ("status", "method", "expected_method", "expected_body"),
    [
        (301, "POST", "GET", ""),
        (302, "POST", "GET", ""),
        (303, "POST", "GET", ""),
        (303, "PUT", "GET", ""),
        (302, "PUT", "PUT", "data"),
        (307, "POST", "POST", "data"),
        (308, "PUT", "PUT", "data"),
    ],
)
def test_the_method_and_body_follow_the_fetch_standard(
    echoes: tuple[Echo, Echo], status: int, method: str, expected_method: str, expected_body: str
) -> None:
    first = echoes[0]
    url = f"http://public.test:{first.port}/to/{status}/http://public.test:{first.port}/end"
    seen = send(method, url, data=b"data")
    assert (seen["method"], seen["body"]) == (expected_method, expected_body)


def test_authorization_stays_on_its_origin(echoes: tuple[Echo, Echo]) -> None:
    first, second = echoes
    same = f"http://public.test:{first.port}/to/302/http://public.test:{first.port}/end"
    other = f"http://public.test:{first.port}/to/302/http://public.test:{second.port}/end"
    headers = {"Authorization": "Bearer t"}
    assert send("GET", same, headers=headers)["authorization"] == "Bearer t"
    seen = send("GET", other, headers=headers)
    assert (seen["port"], seen["authorization"]) == (second.port, None)


# --- TLS: pinned address, SNI and verification on the name ------------------------------------


def client_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return context


def test_https_to_the_pinned_address_verifies_the_name(ca: trustme.CA) -> None:
    server = tls_server(ca, "service.test")
    try:
        result = run({"ssl": client_context(ca)}, TLS_POLICY, server.url(host="service.test"))
        assert result == (200, "ok 127.0.0.1", 0)
        assert server.server_names == ["service.test"]
        assert [(s.address, s.host) for s in server.seen] == [
            ("127.0.0.1", f"service.test:{server.port}")
        ]
    finally:
        server.close()


def test_a_certificate_for_another_name_is_refused(ca: trustme.CA) -> None:
    server = tls_server(ca, "other.test")
    try:
        with pytest.raises(aiohttp.ClientConnectorCertificateError) as error:
            run({"ssl": client_context(ca)}, TLS_POLICY, server.url(host="service.test"))
        assert "service.test" in str(error.value)
        assert server.seen == []
    finally:
        server.close()


def test_server_hostname_is_the_guards() -> None:
    with pytest.raises(TypeError):
        get("http://public.test/", server_hostname="other.test")


def test_nothing_is_resolved_twice(public: LoopbackServer) -> None:
    # One resolver call per request, redirects each their own: 1 + 2 hops.
    asked: list[str] = []
    names = resolver_for({"public.test": ["127.0.0.1"]})

    def counting(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return names(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], resolver=counting)
    assert get(public.chain_url(2, public.url(host="public.test"), host="public.test"), policy)[0]
    assert asked == ["public.test"] * 3


# --- the corpus's refused URLs, asked for directly ----------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, id=f"{case['class']}:{case['url']!r}")
        for case in CORPUS
        if case["kind"] in ("check", "resolve") and case["expect"] == "refuse"
    ],
)
def test_corpus_refusals(case: dict[str, Any]) -> None:
    # Refused with the case's reason before any connection (the fence would see one). The
    # redirect, chain and rebinding cases run in tests/test_guard_corpus.py, the allowed ones
    # in bench/guard.py (tests/test_bench_guard.py), which intercepts their connections.
    policy = resolving_policy(case)
    assert verdict(lambda: get(case["url"], policy), case.get("secret")) == (
        "refuse",
        case["reason"],
    )
