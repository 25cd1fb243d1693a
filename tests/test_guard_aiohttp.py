"""The guarded aiohttp session against real servers on the loopback: what is aiohttp's own (the
session's and connector's options, aiohttp's redirect options, client middlewares, base_url,
params, the async resolver hook). What every client does (a name fetched at its checked address,
the Location read as a browser reads it, the Fetch standard's redirect rules, fallback, IPv6,
TLS on the name, proxies from the environment) is tested for aiohttp with the other clients in
tests/test_guard_clients.py, the corpus's redirects in tests/test_guard_corpus.py.

127.0.0.1 plays "the public internet" (``Policy(allow_networks=["127.0.0.1/32"])``), 127.0.0.2
"an internal service"; test host names get their addresses from the policy's resolver hooks and
the session's network fence (tests/conftest.py) fails any test that reaches off the loopback.
Expected values: the address the server saw the connection on and the path it was asked for
(the URL Standard's serialization), aiohttp's documented behaviour for its own options.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import pytest
import test_guard_clients as clients
from guard_servers import LoopbackServer
from test_guard_clients import PUBLIC, resolver_for
from test_guard_corpus import CASES as CORPUS
from test_guard_corpus import policy_of, resolver_of, verdict

from urlspec import guard
from urlspec.guard import Policy, Refused
from urlspec.guard.aiohttp_client import GuardedConnector, _hop_timeout

# The loopback servers of every client's tests (pytest fixtures).
public, internal, clear = clients.public, clients.internal, clients.clear


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


def test_the_fetched_url_is_the_whatwg_href(public: LoopbackServer) -> None:
    # Dot segments removed (path state), the query's space percent-encoded (query
    # percent-encode set), params appended to the query: one parse, sent as it is.
    assert get(f"http://Public.TEST:{public.port}/a/./b/../ok?q=a b", params={"p": "1"})[0] == 200
    assert [s.path for s in public.seen] == ["/a/ok?q=a%20b&p=1"]


def test_a_relative_url_is_resolved_against_base_url(public: LoopbackServer) -> None:
    base = public.url("/dir/", host="public.test")
    assert run({"base_url": base}, PUBLIC, "ok")[0] == 200
    assert [s.path for s in public.seen] == ["/dir/ok"]


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


def test_the_sessions_own_credentials_stay_on_their_origin(public: LoopbackServer) -> None:
    # https://fetch.spec.whatwg.org/#http-redirect-fetch step 13: Authorization is dropped on a
    # hop to another origin, also when it is one of the session's default headers.
    headers = {"Authorization": "Bearer s3cret"}
    for to_host, kept in (("public.test", True), ("other.test", False)):
        public.seen.clear()
        start = public.redirect_url(302, public.url(host=to_host), host="public.test")
        assert run({"headers": headers}, PUBLIC, start)[0] == 200
        assert [("authorization" in s.headers) for s in public.seen] == [True, kept]


def test_allow_redirects_false_returns_the_redirect(public: LoopbackServer) -> None:
    assert get(public.chain_url(1, "/ok"), allow_redirects=False)[0] == 302
    assert len(public.seen) == 1


def test_aiohttps_max_redirects_still_applies(public: LoopbackServer) -> None:
    # aiohttp's rule: the redirect that reaches max_redirects raises TooManyRedirects.
    with pytest.raises(aiohttp.TooManyRedirects):
        get(public.chain_url(3, public.url(host="public.test")), max_redirects=2)


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


# --- proxies and the guard's own options ------------------------------------------------------


def test_a_proxy_is_refused(public: LoopbackServer) -> None:
    async def session_proxy() -> None:
        guard.aiohttp_session(PUBLIC, proxy="http://127.0.0.1:3128")

    assert refused(lambda: asyncio.run(session_proxy())).reason == "proxy"
    error = refused(lambda: get(public.url(host="public.test"), proxy="http://127.0.0.1:3128"))
    assert error.reason == "proxy"
    assert public.seen == []


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


# --- what aiohttp would decide on its own ----------------------------------------------------


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
    policy = policy_of(case, resolver=resolver_of(case))
    assert verdict(lambda: get(case["url"], policy), case.get("secret")) == (
        "refuse",
        case["reason"],
    )


def test_a_stream_is_not_sent_again_on_a_307(public: LoopbackServer) -> None:
    # A 307 keeps the method and body (https://fetch.spec.whatwg.org/#http-redirect-fetch step
    # 12); a body read from a file object cannot be sent again as it was given.
    async def post() -> None:
        start = public.redirect_url(307, "/ok", host="public.test")
        async with guard.aiohttp_session(PUBLIC) as session:
            await session.post(start, data=io.BytesIO(b"data"))

    with pytest.raises(aiohttp.ClientPayloadError):
        asyncio.run(post())
    assert [(s.method, s.path.split("?")[0]) for s in public.seen] == [("POST", "/redirect")]


def test_the_total_timeout_spans_the_redirects() -> None:
    # aiohttp's total covers the whole request: a hop gets what is left of it, none when it ran
    # out (a deadline already past).
    async def hop_timeouts() -> tuple[float | None, type[BaseException] | None]:
        now = asyncio.get_running_loop().time()
        timeout = aiohttp.ClientTimeout(total=60, sock_read=5)
        left = _hop_timeout(timeout, now + 30).total
        try:
            _hop_timeout(timeout, now - 1)
        except aiohttp.ServerTimeoutError as error:
            return left, type(error)
        return left, None

    left, raised = asyncio.run(hop_timeouts())
    assert left is not None and 0 < left <= 30
    assert raised is aiohttp.ServerTimeoutError
