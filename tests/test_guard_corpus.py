"""The SSRF bypass corpus (tests/data/guard_bypass.json) through urlspec.guard.

Each case carries its class, whose note in the data file cites the registry, RFC or URL Standard
step that justifies the expected verdict. ``check`` cases run :func:`urlspec.guard.check` (no
DNS), ``resolve`` cases :func:`urlspec.guard.resolve` with the resolver answers the case gives
(or the resolver's misbehaviour the case names), each with the policy the case gives (the default
one otherwise), and a case's ``secret`` must appear nowhere in the refusal;
``redirect``/``chain``/``rebinding`` cases real clients (httpx, requests, urllib3,
urllib.request and aiohttp) against servers on 127.0.0.1 ("the public internet": the policy's
allow_networks) and 127.0.0.2 ("internal"). The ``check`` and ``resolve`` cases also go through
each client, whose connection attempts are caught before they leave (an allowed case is one
the client tried to connect for, to an address the guard checked).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
from guard_servers import LoopbackServer

from urlspec import guard
from urlspec.guard import Policy, Refused

DATA = Path(__file__).parent / "data" / "guard_bypass.json"
CORPUS: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = CORPUS["cases"]


def cases(*kinds: str) -> list[Any]:
    return [
        pytest.param(case, id=f"{case['class']}:{case['url']!r}")
        for case in CASES
        if case["kind"] in kinds
    ]


def answers_resolver(answers: list[str] | None) -> Callable[..., list[tuple[Any, ...]]]:
    """A getaddrinfo-like resolver giving ``answers`` (None: the name does not exist)."""

    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        if answers is None:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in answers
        ]

    return resolver


#: The global address a name of a ``check`` case resolves to when it goes through a client.
GLOBAL_ANSWER = ["93.184.215.14"]

#: How a "resolver-misbehaves" case's resolver misbehaves.
MISBEHAVIOURS: dict[str, Callable[..., Any]] = {
    "returns-none": lambda *args: None,
    "returns-a-string": lambda *args: "93.184.215.14",
    "returns-no-address": lambda *args: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", None)],
    "raises-value-error": lambda *args: int("not a number"),
    "raises-lookup-error": lambda *args: {}["nxdomain.test"],
}


def resolver_of(case: dict[str, Any]) -> Callable[..., Any]:
    """The resolver of a ``resolve`` case (a ``check`` case's names resolve to a global
    address: :data:`GLOBAL_ANSWER`)."""
    if "resolver" in case:
        return MISBEHAVIOURS[case["resolver"]]
    return answers_resolver(case["answers"] if case["kind"] == "resolve" else GLOBAL_ANSWER)


def policy_of(case: dict[str, Any], **fields: Any) -> Policy:
    return Policy(**case.get("policy", {}), **fields)


def verdict(call: Callable[[], object], secret: str | None = None) -> tuple[str, str | None]:
    try:
        call()
    except Refused as refused:
        if secret is not None:
            for shown in (str(refused), refused.url, refused.detail, repr(refused)):
                assert secret not in shown
        return "refuse", refused.reason
    return "allow", None


def test_the_corpus_is_large_and_every_class_is_explained() -> None:
    assert len(CASES) >= 250
    assert sum(case["expect"] == "allow" for case in CASES) >= 40
    assert {case["class"] for case in CASES} == set(CORPUS["classes"])
    for case in CASES:
        assert case["expect"] in ("allow", "refuse")
        assert (case["expect"] == "refuse") == ("reason" in case)
        assert case.get("reason") is None or case["reason"] in guard.REASONS
        policy_of(case)  # a valid policy
        assert case.get("resolver") is None or case["resolver"] in MISBEHAVIOURS


@pytest.mark.parametrize("case", cases("check"))
def test_check(case: dict[str, Any]) -> None:
    policy = policy_of(case)
    assert verdict(lambda: guard.check(case["url"], policy), case.get("secret")) == (
        case["expect"],
        case.get("reason"),
    )


@pytest.mark.parametrize("case", cases("resolve"))
def test_resolve(case: dict[str, Any]) -> None:
    policy = policy_of(case, resolver=resolver_of(case))
    assert verdict(lambda: guard.resolve(case["url"], policy), case.get("secret")) == (
        case["expect"],
        case.get("reason"),
    )


# --- redirects and rebinding, through real clients against loopback servers -------------------

PUBLIC = Policy(allow_networks=["127.0.0.1/32"])


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[LoopbackServer, LoopbackServer]]:
    public, internal = LoopbackServer("127.0.0.1"), LoopbackServer("127.0.0.2")
    yield public, internal
    public.close()
    internal.close()


def fill(text: str, public: LoopbackServer, internal: LoopbackServer) -> str:
    return text.format(public_port=public.port, internal_port=internal.port)


def fetch_httpx(url: str, policy: Policy) -> int:
    with guard.client(policy) as client:
        return client.get(url).status_code


def fetch_requests(url: str, policy: Policy) -> int:
    with guard.session(policy) as session:
        return session.get(url).status_code


def fetch_urllib3(url: str, policy: Policy) -> int:
    with guard.pool_manager(policy) as manager:
        return manager.request("GET", url).status


def fetch_urllib_request(url: str, policy: Policy) -> int:
    with guard.opener(policy).open(url) as response:
        status: int = response.status
        return status


def fetch_aiohttp(url: str, policy: Policy) -> int:
    async def fetch() -> int:
        async with guard.aiohttp_session(policy) as session, session.get(url) as response:
            return response.status

    return asyncio.run(fetch())


CLIENTS = [
    pytest.param(fetch_httpx, id="httpx"),
    pytest.param(fetch_requests, id="requests"),
    pytest.param(fetch_urllib3, id="urllib3"),
    pytest.param(fetch_urllib_request, id="urllib.request"),
    pytest.param(fetch_aiohttp, id="aiohttp"),
]


class Reached(RuntimeError):
    """A client tried to connect (the test's stand-in for the network). A RuntimeError, which
    aiohttp's Happy Eyeballs (aiohappyeyeballs) collects from its connection attempts and raises
    again, as it does an OSError."""


@pytest.mark.parametrize("fetch", CLIENTS)
@pytest.mark.parametrize("case", cases("check", "resolve"))
def test_through_the_client(
    case: dict[str, Any],
    fetch: Callable[[str, Policy], int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    policy = policy_of(case, resolver=resolver_of(case))
    tried: list[str] = []

    def connect(sock: socket.socket, address: Any) -> None:
        tried.append(address[0])
        raise Reached(address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    try:
        result = verdict(lambda: fetch(case["url"], policy), case.get("secret"))
    except RuntimeError:  # Reached, or aiohttp's one error for several addresses each Reached
        assert case["expect"] == "allow"
        pinned = guard.resolve(case["url"], policy).addresses
        assert tried
        assert {ipaddress.ip_address(a) for a in tried} <= {ipaddress.ip_address(a) for a in pinned}
    else:
        assert result == (case["expect"], case.get("reason"))
        assert result[0] == "refuse"
        assert tried == []


@pytest.mark.parametrize("fetch", CLIENTS)
@pytest.mark.parametrize("case", cases("redirect", "chain"))
def test_redirect(
    case: dict[str, Any],
    fetch: Callable[[str, Policy], int],
    servers: tuple[LoopbackServer, LoopbackServer],
) -> None:
    public, internal = servers
    internal.seen.clear()
    target = fill(case["url"], public, internal)
    if case["kind"] == "chain":
        start = public.chain_url(case["hops"], target)
    else:
        start = public.redirect_url(case["status"], target)
    try:
        status = fetch(start, PUBLIC)
    except Refused as refused:
        assert (case["expect"], case.get("reason")) == ("refuse", refused.reason)
        assert refused.hop_reason == case.get("hop_reason")
    else:
        assert case["expect"] == "allow"
        assert status == 200
    assert internal.seen == []


@pytest.mark.parametrize("fetch", CLIENTS)
@pytest.mark.parametrize("case", cases("rebinding"))
def test_rebinding(
    case: dict[str, Any],
    fetch: Callable[[str, Policy], int],
    servers: tuple[LoopbackServer, LoopbackServer],
) -> None:
    public, internal = servers
    public.seen.clear()
    internal.seen.clear()
    lookups = iter(case["answers"] + [case["answers"][-1]] * 10)

    def rebinding(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return answers_resolver(next(lookups))(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], resolver=rebinding)
    url = fill(case["url"], public, internal)
    assert fetch(url, policy) == 200
    # The connection went to the address that was checked, with the name in the Host header.
    assert [(seen.address, seen.host) for seen in public.seen] == [
        ("127.0.0.1", f"rebind.test:{public.port}")
    ]
    assert internal.seen == []
    # The next lookup answers the internal address: refused before any connection.
    with pytest.raises(Refused) as refused:
        fetch(url, policy)
    assert refused.value.reason == "resolved-to-non-global"
    assert internal.seen == []


def test_a_plain_client_would_have_followed_the_rebinding(
    servers: tuple[LoopbackServer, LoopbackServer], fake_dns: dict[str, list[str]]
) -> None:
    # The attack the guard closes: check the name's first answer, then let the client resolve
    # it again. The system resolver (the test fence's fake DNS) now answers the internal address.
    internal = servers[1]
    internal.seen.clear()
    fake_dns["rebind.test"] = ["127.0.0.2"]
    with httpx.Client(trust_env=False) as client:
        assert client.get(f"http://rebind.test:{internal.port}/ok").status_code == 200
    assert [seen.address for seen in internal.seen] == ["127.0.0.2"]
    with requests.Session() as session:
        session.trust_env = False
        assert session.get(f"http://rebind.test:{internal.port}/ok").status_code == 200
