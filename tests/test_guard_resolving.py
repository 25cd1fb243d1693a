"""urlspec.guard.resolving: a resolver hook that misbehaves is a refusal, never a crash; the
async resolution (``resolve_async``, ``resolve_hop_async``) checks what ``resolve`` checks.

Expected values: the contract docs/security.md and urlspec.guard.resolving document (every
resolver failure is ``resolution-failed``); the shape of an answer is getaddrinfo's (Python's
socket documentation: a list of 5-tuples ``(family, type, proto, canonname, sockaddr)``, the
address first in ``sockaddr``). Misbehaving resolvers are the red team's probes: ``None``,
``ValueError`` and ``LookupError`` (how dnspython-style resolvers report NXDOMAIN).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import warnings
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from urlspec import guard
from urlspec.guard import PinnedURL, Policy, PolicyError, Refused
from urlspec.guard.resolving import resolve_hop, resolve_hop_async


def answer(address: str, port: int = 80) -> tuple[Any, ...]:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    return (family, socket.SOCK_STREAM, 6, "", (address, port))


def returning(value: object) -> Callable[..., Any]:
    def resolver(*args: Any) -> Any:
        return value

    return resolver


def raising(error: BaseException) -> Callable[..., Any]:
    def resolver(*args: Any) -> Any:
        raise error

    return resolver


class NXDOMAIN(LookupError):
    """What a dnspython-style resolver raises for a name that does not exist."""


class BrokenSequence(list[Any]):
    def __iter__(self) -> Any:
        raise RuntimeError("broken")


class UnprintableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


MISBEHAVING: list[Any] = [
    pytest.param(returning(None), id="returns-None"),
    pytest.param(returning(42), id="returns-an-int"),
    pytest.param(returning("93.184.215.14"), id="returns-a-str"),
    pytest.param(returning(b"93.184.215.14"), id="returns-bytes"),
    pytest.param(returning({"93.184.215.14": 80}), id="returns-a-dict"),
    pytest.param(returning(iter([answer("93.184.215.14")])), id="returns-an-iterator"),
    pytest.param(returning([]), id="returns-no-answer"),
    pytest.param(returning(()), id="returns-an-empty-tuple"),
    pytest.param(returning([None]), id="answer-None"),
    pytest.param(returning(["93.184.215.14"]), id="answer-a-str"),
    pytest.param(returning([("93.184.215.14", 80)]), id="answer-a-sockaddr"),
    pytest.param(returning([(2, 1, 6, "")]), id="answer-4-items"),
    pytest.param(returning([(2, 1, 6, "", ("93.184.215.14", 80), 0)]), id="answer-6-items"),
    pytest.param(returning([(2, 1, 6, "", None)]), id="sockaddr-None"),
    pytest.param(returning([(2, 1, 6, "", ())]), id="sockaddr-empty"),
    pytest.param(returning([(2, 1, 6, "", (2130706433, 80))]), id="sockaddr-an-int"),
    pytest.param(returning([(2, 1, 6, "", ("example.com", 80))]), id="sockaddr-a-name"),
    pytest.param(returning([(1, 1, 0, "", "/tmp/socket")]), id="sockaddr-a-unix-path"),
    pytest.param(returning([answer("93.184.215.14"), None]), id="a-good-answer-then-a-bad-one"),
    pytest.param(returning(BrokenSequence([answer("93.184.215.14")])), id="iteration-fails"),
    pytest.param(raising(socket.gaierror(socket.EAI_NONAME, "Name unknown")), id="gaierror"),
    pytest.param(raising(OSError("network down")), id="OSError"),
    pytest.param(raising(ValueError("bad name")), id="ValueError"),
    pytest.param(raising(NXDOMAIN("The DNS query name does not exist")), id="LookupError"),
    pytest.param(raising(KeyError("x")), id="KeyError"),
    pytest.param(raising(TypeError("wrong arguments")), id="TypeError"),
    pytest.param(raising(UnicodeError("label too long")), id="UnicodeError"),
    pytest.param(raising(TimeoutError()), id="TimeoutError"),
    pytest.param(raising(RuntimeError("bug")), id="RuntimeError"),
    pytest.param(raising(UnprintableError()), id="an-error-whose-str-fails"),
    pytest.param(lambda: None, id="takes-no-arguments"),
]


@pytest.mark.parametrize("resolver", MISBEHAVING)
def test_every_resolver_failure_is_resolution_failed(resolver: Callable[..., Any]) -> None:
    with pytest.raises(Refused) as refused:
        guard.resolve("http://name.test/", Policy(resolver=resolver))
    assert refused.value.reason == "resolution-failed"
    assert refused.value.url == "http://name.test/"
    assert "name.test" in str(refused.value)


def test_a_failure_message_quotes_the_resolvers_text() -> None:
    # A resolver's message is not ours: control characters are escaped, not written out.
    resolver = raising(ValueError("no such name\x1b[2J\x07"))
    with pytest.raises(Refused) as refused:
        guard.resolve("http://name.test/", Policy(resolver=resolver))
    message = str(refused.value)
    assert "\x1b" not in message and "\x07" not in message
    assert "ValueError" in message and "\\x1b[2J\\x07" in message


def test_interrupts_are_not_swallowed() -> None:
    # Only errors become refusals: Ctrl-C and a cancelled task still stop the caller.
    with pytest.raises(KeyboardInterrupt):
        guard.resolve("http://name.test/", Policy(resolver=raising(KeyboardInterrupt())))


def test_resolver_hooks_must_be_callable() -> None:
    with pytest.raises(PolicyError):
        Policy(resolver="8.8.8.8")  # type: ignore[arg-type]
    with pytest.raises(PolicyError):
        Policy(async_resolver=42)  # type: ignore[arg-type]
    assert Policy().async_resolver is None


# --- resolve_async ---------------------------------------------------------------------------


def run(coroutine: Coroutine[Any, Any, PinnedURL]) -> PinnedURL:
    return asyncio.run(coroutine)


def test_resolve_async_awaits_the_async_resolver_once() -> None:
    calls: list[tuple[Any, ...]] = []

    async def resolver(host: str, port: int, family: int, type: int) -> list[tuple[Any, ...]]:
        calls.append((host, port, family, type))
        return [answer("8.8.8.8", port), answer("2001:4860:4860::8888", port)]

    pinned = run(guard.resolve_async("https://bücher.test/x", Policy(async_resolver=resolver)))
    assert calls == [("xn--bcher-kva.test", 443, 0, socket.SOCK_STREAM)]
    assert pinned == PinnedURL(
        guard.check("https://bücher.test/x"),
        "xn--bcher-kva.test",
        443,
        ("8.8.8.8", "2001:4860:4860::8888"),
    )


def test_resolve_async_runs_a_sync_resolver_in_a_worker_thread() -> None:
    threads: list[threading.Thread] = []

    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        threads.append(threading.current_thread())
        return [answer("8.8.8.8", port)]

    pinned = run(guard.resolve_async("http://name.test/", Policy(resolver=resolver)))
    assert pinned.addresses == ("8.8.8.8",)
    assert len(threads) == 1 and threads[0] is not threading.main_thread()


def test_resolve_async_prefers_the_async_resolver() -> None:
    async def async_resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return [answer("1.1.1.1", port)]

    policy = Policy(resolver=raising(AssertionError("not used")), async_resolver=async_resolver)
    assert run(guard.resolve_async("http://name.test/", policy)).addresses == ("1.1.1.1",)


def test_resolve_async_uses_the_loops_getaddrinfo_by_default(
    fake_dns: dict[str, list[str]],
) -> None:
    # asyncio's getaddrinfo calls socket.getaddrinfo in a thread: here the test fence's fake DNS.
    fake_dns["loop.test"] = ["127.0.0.1"]
    with pytest.raises(Refused) as refused:
        run(guard.resolve_async("http://loop.test/"))
    assert refused.value.reason == "resolved-to-non-global"
    policy = Policy(allow_networks=["127.0.0.0/8"])
    assert run(guard.resolve_async("http://loop.test/", policy)).addresses == ("127.0.0.1",)


def test_resolve_async_checks_what_resolve_checks() -> None:
    async def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return [answer("93.184.215.14", port), answer("10.0.0.5", port)]

    policy = Policy(async_resolver=resolver)
    for url, reason in [
        ("http://0x7f.1/", "address-loopback"),
        ("ftp://name.test/", "scheme-not-allowed"),
        ("http://mixed.test/", "mixed-answer"),
    ]:
        with pytest.raises(Refused) as refused:
            run(guard.resolve_async(url, policy))
        assert refused.value.reason == reason
    # An IP address is its own answer: no lookup, and no event loop needed to get it.
    literal = run(guard.resolve_async("http://[2606:4700:4700::1111]:8080/", policy))
    assert (literal.host, literal.port, literal.addresses) == (
        "2606:4700:4700::1111",
        8080,
        ("2606:4700:4700::1111",),
    )


@pytest.mark.parametrize("resolver", MISBEHAVING)
def test_every_async_resolver_failure_is_resolution_failed(resolver: Callable[..., Any]) -> None:
    async def async_resolver(*args: Any) -> Any:
        return resolver(*args)

    for policy in (Policy(async_resolver=async_resolver), Policy(resolver=resolver)):
        with pytest.raises(Refused) as refused:
            run(guard.resolve_async("http://name.test/", policy))
        assert refused.value.reason == "resolution-failed"


def test_an_async_resolver_that_is_not_async_is_resolution_failed() -> None:
    # A sync function given as async_resolver: awaiting its list is a TypeError, refused.
    policy = Policy(async_resolver=returning([answer("8.8.8.8")]))
    with pytest.raises(Refused) as refused:
        run(guard.resolve_async("http://name.test/", policy))
    assert refused.value.reason == "resolution-failed"


def test_a_cancelled_async_resolution_is_cancelled() -> None:
    async def resolver(*args: Any) -> Any:
        await asyncio.sleep(10)

    async def main() -> None:
        task = asyncio.ensure_future(
            guard.resolve_async("http://name.test/", Policy(async_resolver=resolver))
        )
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())


def test_resolve_hop_async_names_redirects_as_resolve_hop_does() -> None:
    async def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return [answer("10.0.0.5", port)]

    policy = Policy(async_resolver=resolver, resolver=returning([answer("10.0.0.5")]))
    for hop, reason, hop_reason in [
        (0, "resolved-to-non-global", None),
        (1, "redirect-refused", "resolved-to-non-global"),
        (6, "too-many-redirects", None),
    ]:
        with pytest.raises(Refused) as sync_refused:
            resolve_hop("http://inner.test/", policy, hop)
        with pytest.raises(Refused) as async_refused:
            run(resolve_hop_async("http://inner.test/", policy, hop))
        for refused in (sync_refused.value, async_refused.value):
            assert (refused.reason, refused.hop_reason) == (reason, hop_reason)
        assert str(sync_refused.value) == str(async_refused.value)


def test_an_async_function_given_as_the_sync_resolver_is_refused_cleanly() -> None:
    async def resolver(*args: Any) -> list[tuple[Any, ...]]:
        return [answer("8.8.8.8")]

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "coroutine was never awaited"
        with pytest.raises(Refused) as refused:
            guard.resolve("http://name.test/", Policy(resolver=resolver))
    assert refused.value.reason == "resolution-failed"
    assert "async_resolver" in refused.value.detail


def test_many_answers_are_read_in_one_pass() -> None:
    # 30,000 distinct global addresses (8.8.0.0 + n), then each once more: pinned once each, in
    # the resolver's order (a quadratic de-duplication would take minutes here).
    addresses = [f"8.8.{n >> 8 & 255}.{n & 255}" for n in range(256 * 117)]
    pinned = guard.resolve(
        "http://many.test/", Policy(resolver=returning([answer(a) for a in addresses + addresses]))
    )
    assert pinned.addresses == tuple(addresses)
    refused_answers = [answer(f"10.0.{n >> 8 & 255}.{n & 255}") for n in range(1000)]
    with pytest.raises(Refused) as refused:
        guard.resolve(
            "http://many.test/", Policy(resolver=returning([answer("8.8.8.8"), *refused_answers]))
        )
    assert refused.value.reason == "mixed-answer"
    assert refused.value.address == "10.0.0.0"
    assert refused.value.detail.endswith("; and 997 more")


def test_a_domain_name_has_no_address_to_judge() -> None:
    from urlspec.guard.checking import address_refusal
    from urlspec.host import Host, HostKind

    with pytest.raises(ValueError):
        address_refusal(Host(HostKind.DOMAIN, "example.com"), Policy())
    refusal = address_refusal(Host(HostKind.DOMAIN, "a.localhost."), Policy())
    assert refusal is not None and refusal.reason == "address-loopback"
