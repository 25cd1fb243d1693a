"""Benchmark: the SSRF bypass corpus (tests/data/guard_bypass.json) through urlspec.guard and
the other Python SSRF guards, and the guard's overhead.

Peers (the ``guard-bench`` extra): requests-hardened (``Manager(Config(ip_filter_enable=True,
...))``), drawbridge (``SyncClient()``), safehttpx (``safehttpx.get``), each with its defaults;
plain httpx and requests as the baseline. advocate needs urllib3 < 2, which cannot share an
environment with the rest: give its interpreter with ``--advocate-python`` (a venv where
``pip install advocate pytest`` and urlspec's dependencies ran: tests/guard_servers.py
imports pytest and urlspec) and this script runs it there (``--peer advocate --json``).

Nothing leaves the machine. Every socket ``connect`` is intercepted: a connection to
93.184.215.14:80 (the corpus's "public site") is sent to a local HTTP server (tests/
guard_servers.py) that serves the corpus's redirects; any other connection is recorded as
"the guard let it through" and fails without a packet sent. ``socket.getaddrinfo`` answers the
corpus's resolver answers for its names, 127.0.0.1 for ``localhost`` names, 93.184.215.14 for
every other name, and never asks DNS; safehttpx's DNS-over-HTTPS fallback (a public resolver
over HTTPS) is replaced by an empty answer.

A case is *let through* when the client connected anywhere for the target or got the final
200; a refused case let through is a *bypass*, an allowed case not let through an
*over-block* (a lost fetch), and a case on which the client raised something that is neither
its guard's refusal nor a failed connection an *error*. For the redirect and rebinding cases
the loopback servers of the tests become 93.184.215.14 (public) and 127.0.0.2 or 10.0.0.5
(internal). The urlspec clients are httpx (sync and async), requests, urllib3, urllib.request,
aiohttp and create_connection (with HTTP/1.1 written by hand); a case that gives a urlspec
policy runs through them only.

``--speed`` measures check() and, for each urlspec client, a guarded GET against the same
unguarded GET to a loopback server in another process, in this process's CPU time.

    python -m bench.guard [--advocate-python PATH] [--markdown FILE] [--speed]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "guard_bypass.json"
PUBLIC_IP = "93.184.215.14"

Fetch = Callable[[str], int]


class Intercepted(ConnectionRefusedError):
    """A connection the bench did not let happen (the client tried: the guard let it through)."""


class Fence:
    """socket patched for the bench: see the module's documentation."""

    def __init__(self, public_port: int) -> None:
        self.public_port = public_port
        self.attempts: list[Any] = []
        self.answers: Callable[[str], list[str] | None] = lambda name: None
        self.unknown_names_exist = True

    def connect(self, sock: socket.socket, address: Any, real: Callable[..., Any]) -> Any:
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            if address[0] == PUBLIC_IP and address[1] == 80:
                return real(sock, ("127.0.0.1", self.public_port))
            self.attempts.append(address)
            raise Intercepted(f"bench: connection to {address!r} intercepted")
        return real(sock, address)

    def getaddrinfo(self, host: Any, port: Any, *rest: Any, real: Any, **options: Any) -> Any:
        name = host.decode("ascii", "replace") if isinstance(host, bytes) else host
        if name is None or _is_ip(name):
            return real(host, port, *rest, **options)
        bare = name.rstrip(".").lower()
        answers = self.answers(bare)
        if answers is None:
            answers = self.system_answer(name)
        if not answers:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        numeric_port = int(port) if isinstance(port, int | str) and str(port).isdigit() else 0
        return [
            (
                socket.AF_INET6 if ":" in a else socket.AF_INET,
                socket.SOCK_STREAM,
                socket.IPPROTO_TCP,
                "",
                (a, numeric_port, 0, 0) if ":" in a else (a, numeric_port),
            )
            for a in answers
        ]

    def system_answer(self, name: str) -> list[str]:
        """What the system resolver would answer without DNS, else DNS's answer as the bench
        assumes it: localhost names are 127.0.0.1 (RFC 6761 §6.3); a name inet_aton reads is
        that address (glibc's getaddrinfo reads "0x7f.1" and "2130706433" so); any other name
        is the public site in a case that expects the fetch to happen, and does not exist
        (NXDOMAIN) in a case that expects a refusal (so that a peer that reads another host
        than the browser's is not counted as reaching it)."""
        bare = name.rstrip(".").lower()
        if bare == "localhost" or bare.endswith(".localhost"):
            return ["127.0.0.1"]
        try:
            return [socket.inet_ntoa(socket.inet_aton(name))]
        except (OSError, UnicodeError, ValueError):
            pass
        return [PUBLIC_IP] if self.unknown_names_exist else []

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        real_connect = socket.socket.connect
        real_connect_ex = socket.socket.connect_ex
        real_getaddrinfo = socket.getaddrinfo
        fence = self

        def connect(sock: socket.socket, address: Any) -> Any:
            return fence.connect(sock, address, real_connect)

        def connect_ex(sock: socket.socket, address: Any) -> Any:
            return fence.connect(sock, address, real_connect_ex)

        def getaddrinfo(host: Any, port: Any, *rest: Any, **options: Any) -> Any:
            return fence.getaddrinfo(host, port, *rest, real=real_getaddrinfo, **options)

        patches = {"connect": connect, "connect_ex": connect_ex}
        for name, function in patches.items():
            setattr(socket.socket, name, function)
        socket.getaddrinfo = getaddrinfo
        try:
            yield
        finally:
            socket.socket.connect = real_connect  # type: ignore[method-assign]
            socket.socket.connect_ex = real_connect_ex  # type: ignore[method-assign]
            socket.getaddrinfo = real_getaddrinfo


def _is_ip(name: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(name.partition("%")[0])
    except ValueError:
        return False
    return True


# --- the guards, each with its defaults -------------------------------------------------------

#: A guard as the bench runs it: a fetch function, and the exceptions that are its refusals.
Guard = tuple[Fetch, tuple[type[BaseException], ...]]


def _urlspec_httpx(policy: Any) -> Guard:
    from urlspec import guard

    client = guard.client(policy)  # one client (and TLS context) for every case

    def fetch(url: str) -> int:
        return client.get(url).status_code

    return fetch, (guard.Refused,)


def _on_one_loop(make: Callable[[], Any], get: Callable[[Any, str], Any]) -> Fetch:
    """A fetch through an asyncio client made once (by ``make``, in the loop) and used on one
    event loop for every case; ``get(client, url)`` is a coroutine giving the status."""
    loop = asyncio.new_event_loop()

    async def made() -> Any:
        return make()

    client = loop.run_until_complete(made())

    async def close() -> None:
        closing = getattr(client, "aclose", None) or client.close
        await closing()

    atexit.register(lambda: loop.run_until_complete(close()))

    def fetch(url: str) -> int:
        status: int = loop.run_until_complete(get(client, url))
        return status

    return fetch


def _urlspec_httpx_async(policy: Any) -> Guard:
    from urlspec import guard

    async def get(client: Any, url: str) -> int:
        status: int = (await client.get(url)).status_code
        return status

    return _on_one_loop(lambda: guard.async_client(policy), get), (guard.Refused,)


def _urlspec_requests(policy: Any) -> Guard:
    from urlspec import guard

    session = guard.session(policy)

    def fetch(url: str) -> int:
        status: int = session.get(url, timeout=5).status_code
        return status

    return fetch, (guard.Refused,)


def _urlspec_urllib3(policy: Any) -> Guard:
    from urlspec import guard

    pool = guard.pool_manager(policy)

    def fetch(url: str) -> int:
        return pool.request("GET", url, timeout=5).status

    return fetch, (guard.Refused,)


def _urlspec_urllib(policy: Any) -> Guard:
    import urllib.error

    from urlspec import guard

    opener = guard.opener(policy)

    def fetch(url: str) -> int:
        try:
            with opener.open(url, timeout=5) as response:
                status: int = response.status
                return status
        except urllib.error.HTTPError as error:  # a status urllib reports as an error
            return error.code

    return fetch, (guard.Refused,)


def _urlspec_aiohttp(policy: Any) -> Guard:
    from urlspec import guard

    async def get(session: Any, url: str) -> int:
        async with session.get(url) as response:
            status: int = response.status
            return status

    return _on_one_loop(lambda: guard.aiohttp_session(policy), get), (guard.Refused,)


def http_exchange(sock: socket.socket, target: str, host: str) -> tuple[int, list[str]]:
    """One ``GET target`` over ``sock`` (closed after): the status and the Location values."""
    with sock:
        request = f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        sock.sendall(request.encode("ascii"))
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := sock.recv(65536)):
            answer += chunk
    head = answer.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    locations = [
        line.partition(":")[2].strip()
        for line in head[1:]
        if line.partition(":")[0].strip().lower() == "location"
    ]
    return status, locations


def _urlspec_sockets(policy: Any) -> Guard:
    """guard.create_connection with HTTP/1.1 written by hand, following redirects through
    guard.redirects (as a client built on the socket would)."""
    import ssl

    from urlspec import URL, guard
    from urlspec.guard.redirects import follow

    context = ssl.create_default_context()

    def fetch(text: str) -> int:
        url = URL(text) if URL.can_parse(text) else text
        hops = 0
        while True:
            tls = context if isinstance(url, URL) and url.protocol == "https:" else None
            sock = guard.create_connection(url, policy, timeout=5, ssl=tls)
            assert isinstance(url, URL)  # create_connection refused any other
            status, locations = http_exchange(sock, url.pathname + url.search, url.host)
            redirect = follow(status, locations, url, "GET", hops, policy or guard.DEFAULT_POLICY)
            if redirect is None:
                return status
            url, hops = redirect.url, redirect.hop

    return fetch, (guard.Refused,)


def _httpx(policy: Any) -> Guard:
    import httpx

    client = httpx.Client(trust_env=False, follow_redirects=True)

    def fetch(url: str) -> int:
        return client.get(url).status_code

    return fetch, ()


def _requests(policy: Any) -> Guard:
    import requests

    def fetch(url: str) -> int:
        with requests.Session() as session:
            session.trust_env = False
            return session.get(url, timeout=5).status_code

    return fetch, ()


def _requests_hardened(policy: Any) -> Guard:
    from requests_hardened import Config, Manager
    from requests_hardened.ip_filter import InvalidIPAddress

    manager = Manager(
        Config(
            ip_filter_enable=True,
            ip_filter_allow_loopback_ips=False,
            never_redirect=False,
            default_timeout=(5, 5),
        )
    )

    def fetch(url: str) -> int:
        status: int = manager.send_request("GET", url).status_code
        return status

    return fetch, (InvalidIPAddress,)


def _drawbridge(policy: Any) -> Guard:
    import drawbridge

    def fetch(url: str) -> int:
        with drawbridge.SyncClient() as client:
            status: int = client.get(url).status_code
            return status

    return fetch, (drawbridge.DrawbridgeError,)


def _safehttpx(policy: Any) -> Guard:
    import safehttpx

    async def no_public_dns(hostname: str) -> list[str]:
        return []  # never ask the public DNS-over-HTTPS service

    safehttpx.async_resolve_hostname_google = no_public_dns

    def fetch(url: str) -> int:
        status: int = asyncio.run(safehttpx.get(url)).status_code
        return status

    return fetch, (ValueError,)


def _advocate(policy: Any) -> Guard:
    import advocate

    def fetch(url: str) -> int:
        status: int = advocate.get(url, timeout=5).status_code
        return status

    return fetch, (advocate.exceptions.AdvocateException,)


#: Every guarded client of urlspec, then the peers, then the unguarded baselines; each made for
#: a urlspec policy (None: the default one), which the others ignore.
PEERS: dict[str, Callable[[Any], Guard]] = {
    "urlspec httpx": _urlspec_httpx,
    "urlspec httpx async": _urlspec_httpx_async,
    "urlspec requests": _urlspec_requests,
    "urlspec urllib3": _urlspec_urllib3,
    "urlspec urllib.request": _urlspec_urllib,
    "urlspec aiohttp": _urlspec_aiohttp,
    "urlspec create_connection": _urlspec_sockets,
    "advocate": _advocate,
    "requests-hardened": _requests_hardened,
    "drawbridge": _drawbridge,
    "safehttpx": _safehttpx,
    "httpx (unguarded)": _httpx,
    "requests (unguarded)": _requests,
}

#: The urlspec clients (the suite's tests/test_bench_guard.py runs each).
URLSPEC_CLIENTS: tuple[str, ...] = tuple(name for name in PEERS if name.startswith("urlspec "))


# --- running the corpus -----------------------------------------------------------------------


def _bench_text(text: str) -> str:
    """A redirect or rebinding case's URL or answer, with the tests' loopback roles replaced."""
    text = text.replace("{public_port}", "80").replace("{internal_port}", "8080")
    return text.replace("127.0.0.1:80/", f"{PUBLIC_IP}:80/")


def _start(case: dict[str, Any]) -> str:
    from urllib.parse import urlencode

    target = _bench_text(case["url"])
    if case["kind"] == "redirect":
        return f"http://{PUBLIC_IP}/redirect?" + urlencode({"status": case["status"], "to": target})
    if case["kind"] == "chain":
        return f"http://{PUBLIC_IP}/chain?" + urlencode({"n": case["hops"], "to": target})
    if case["kind"] == "rebinding":
        return target.replace(":80/", "/")
    return str(case["url"])


def _failure(error: BaseException, refusals: tuple[type[BaseException], ...]) -> str | None:
    """None when ``error`` is the guard's refusal or a failed connection (an OSError in its
    chain of causes: the bench's interception, a name that does not exist), else its type and
    message: an *error*, the client failing where it should have fetched or refused."""
    if isinstance(error, refusals):
        return None
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, OSError):
            return None
        seen = seen.__cause__ or seen.__context__
    return f"{type(error).__name__}: {error}"[:200]


def run_case(guard: Guard, case: dict[str, Any], fence: Fence) -> tuple[bool, bool, str | None]:
    """(let through, connected to an address other than the public server, the error)."""
    fetch, refusals = guard
    fence.attempts.clear()
    answers: dict[str, list[list[str]]] = {}
    if case["kind"] == "resolve":
        from urllib.parse import urlsplit

        name = (urlsplit(case["url"]).hostname or "").encode("idna").decode("ascii")
        fixed = case["answers"]
        answers[name] = [fixed if fixed is not None else []]
    elif case["kind"] == "rebinding":
        first, *later = case["answers"]
        public = [PUBLIC_IP if a == "127.0.0.1" else a for a in first]
        answers["rebind.test"] = [public, *later]
    calls: Counter[str] = Counter()

    def lookup(name: str) -> list[str] | None:
        if name not in answers:
            return None
        sequence = answers[name]
        answer = sequence[min(calls[name], len(sequence) - 1)]
        calls[name] += 1
        return answer

    fence.answers = lookup
    fence.unknown_names_exist = case["expect"] == "allow"
    status = None
    error = None
    try:
        status = fetch(_start(case))
    except Exception as raised:
        error = _failure(raised, refusals)
    other = bool(fence.attempts)
    return other or status == 200, other, error


def _policy_of(case: dict[str, Any]) -> Any:
    """The urlspec policy a case gives (its fields, its resolver's misbehaviour)."""
    from test_guard_corpus import MISBEHAVIOURS  # type: ignore[import-not-found,unused-ignore]

    from urlspec import guard

    fields = dict(case.get("policy", {}))
    if "resolver" in case:
        fields["resolver"] = MISBEHAVIOURS[case["resolver"]]
    return guard.Policy(**fields)


def _guard_for(peer: str, case: dict[str, Any], guards: dict[str, Guard]) -> Guard | None:
    """``peer`` made for the case's policy (once per policy), or None when the case gives a
    urlspec policy (or resolver hook) and ``peer`` is no urlspec client: the case does not
    apply to it."""
    key = ""
    if "policy" in case or "resolver" in case:
        if peer not in URLSPEC_CLIENTS:
            return None
        key = json.dumps([case.get("policy"), case.get("resolver")], sort_keys=True)
    if key not in guards:
        guards[key] = PEERS[peer](_policy_of(case) if key else None)
    return guards[key]


def run_corpus(peer: str) -> list[dict[str, Any]]:
    """Each case's outcome through ``peer`` (ImportError when it is not installed); the cases
    that give a urlspec policy run through the urlspec clients only."""
    sys.path.insert(0, str(ROOT / "tests"))
    from guard_servers import LoopbackServer  # type: ignore[import-not-found,unused-ignore]

    guards: dict[str, Guard] = {}
    cases = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]
    server = LoopbackServer("127.0.0.1")
    fence = Fence(server.port)
    results = []
    try:
        with fence.installed():
            for case in cases:
                guard = _guard_for(peer, case, guards)
                if guard is None:
                    continue
                through, other, error = run_case(guard, case, fence)
                expect_through = case["expect"] == "allow"
                bypass = (through and not expect_through) or (case["kind"] == "rebinding" and other)
                results.append(
                    {
                        "class": case["class"],
                        "url": case["url"],
                        "bypass": bypass,
                        "over_block": expect_through and not through,
                        "error": error,
                    }
                )
    finally:
        server.close()
    return results


def results_of(peer: str, advocate_python: str | None) -> list[dict[str, Any]] | str:
    """The outcomes, or why there are none."""
    if peer == "advocate" and advocate_python:
        done = subprocess.run(
            [advocate_python, str(Path(__file__)), "--peer", "advocate", "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            return f"failed in {advocate_python}: {done.stderr.strip().splitlines()[-1:]}"
        outcome: list[dict[str, Any]] = json.loads(done.stdout)
        return outcome
    try:
        return run_corpus(peer)
    except (ImportError, AttributeError) as error:  # a peer, or a urlspec client's package
        return f"not installed ({error})"


def table(all_results: dict[str, list[dict[str, Any]] | str]) -> str:
    lines = [
        "| guard | bypasses | over-blocks | errors | where (class: bypasses/over-blocks/errors) |",
        "|---|---:|---:|---:|---|",
    ]
    for peer, results in all_results.items():
        if isinstance(results, str):
            lines.append(f"| {peer} | - | - | - | {results} |")
            continue
        bypasses = sum(r["bypass"] for r in results)
        over = sum(r["over_block"] for r in results)
        errors = sum(r.get("error") is not None for r in results)
        per_class: dict[str, list[int]] = {}
        for r in results:
            counts = per_class.setdefault(r["class"], [0, 0, 0])
            counts[0] += r["bypass"]
            counts[1] += r["over_block"]
            counts[2] += r.get("error") is not None
        where = ", ".join(
            f"{c}: {b}/{o}/{e}" for c, (b, o, e) in sorted(per_class.items()) if b or o or e
        )
        lines.append(f"| {peer} | {bypasses} | {over} | {errors} | {where or '-'} |")
    return "\n".join(lines)


# --- overhead ---------------------------------------------------------------------------------


def _per_call(function: Callable[[], object], repeat: int, number: int) -> float:
    """Median seconds per call over ``repeat`` rounds of ``number`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def _clocks(function: Callable[[], object], number: int) -> tuple[float, float]:
    """(wall, this process's CPU) seconds per call over ``number`` calls."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(number):
        function()
    return (time.perf_counter() - wall) / number, (time.process_time() - cpu) / number


_SERVER = """
import sys, time
sys.path.insert(0, {tests!r})
from guard_servers import LoopbackServer
server = LoopbackServer("127.0.0.1")
print(server.port, flush=True)
sys.stdin.read()
"""


Pair = tuple[str, Callable[[], object], Callable[[], object]]


def _client_pairs(
    loop: asyncio.AbstractEventLoop, url: str, policy: Any, closing: contextlib.ExitStack
) -> list[Pair]:
    """(client, one unguarded GET of ``url``, one guarded GET) for every urlspec client; the
    async clients run on ``loop``, one call per GET. Every client is closed when ``closing``
    exits (the async ones on ``loop``, which must still be open then)."""
    import urllib.request

    import aiohttp
    import httpx
    import requests
    import urllib3

    from urlspec import URL, guard

    plain_httpx = closing.enter_context(httpx.Client(trust_env=False))
    guarded_httpx = closing.enter_context(guard.client(policy))
    plain_requests = closing.enter_context(requests.Session())
    plain_requests.trust_env = False
    guarded_requests = closing.enter_context(guard.session(policy))
    plain_pool = closing.enter_context(urllib3.PoolManager())
    guarded_pool = closing.enter_context(guard.pool_manager(policy))
    plain_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    guarded_opener = guard.opener(policy)

    async def made() -> tuple[Any, Any, Any, Any]:
        return (
            httpx.AsyncClient(trust_env=False),
            guard.async_client(policy),
            aiohttp.ClientSession(),
            guard.aiohttp_session(policy),
        )

    plain_async, guarded_async, plain_aiohttp, guarded_aiohttp = loop.run_until_complete(made())

    async def close() -> None:
        for client in (plain_async, guarded_async):
            await client.aclose()
        for session in (plain_aiohttp, guarded_aiohttp):
            await session.close()

    closing.callback(lambda: loop.run_until_complete(close()))

    def httpx_async(client: Any) -> Callable[[], object]:
        return lambda: loop.run_until_complete(client.get(url))

    def aiohttp_get(session: Any) -> Callable[[], object]:
        async def get() -> bytes:
            async with session.get(url) as response:
                body: bytes = await response.read()
                return body

        return lambda: loop.run_until_complete(get())

    def opened(opener: urllib.request.OpenerDirector) -> Callable[[], object]:
        def get() -> bytes:
            with opener.open(url) as response:
                body: bytes = response.read()
                return body

        return get

    parsed = URL(url)
    target = parsed.pathname + parsed.search

    def plain_socket() -> object:
        address = (parsed.hostname, int(parsed.port))
        return http_exchange(socket.create_connection(address), target, parsed.host)

    def guarded_socket() -> object:
        return http_exchange(guard.create_connection(url, policy), target, parsed.host)

    return [
        ("httpx", lambda: plain_httpx.get(url), lambda: guarded_httpx.get(url)),
        ("httpx async", httpx_async(plain_async), httpx_async(guarded_async)),
        ("requests", lambda: plain_requests.get(url), lambda: guarded_requests.get(url)),
        (
            "urllib3",
            lambda: plain_pool.request("GET", url),
            lambda: guarded_pool.request("GET", url),
        ),
        ("urllib.request (a connection per GET)", opened(plain_opener), opened(guarded_opener)),
        ("aiohttp", aiohttp_get(plain_aiohttp), aiohttp_get(guarded_aiohttp)),
        ("create_connection (a connection per GET)", plain_socket, guarded_socket),
    ]


def speed(rounds: int = 9, number: int = 200) -> str:
    """check() per URL, and a guarded request against an unguarded one to a loopback server in
    another process (so that this process's CPU time is the client's alone)."""
    import httpx

    from urlspec import COMPILED, URL, guard

    cases = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]
    texts = [c["url"] for c in cases if c["kind"] == "check"]
    urls = [URL(t) for t in texts if URL.can_parse(t)]

    def check_texts() -> None:
        for text in texts:
            with contextlib.suppress(guard.Refused):
                guard.check(text)

    def check_urls() -> None:
        for url in urls:
            with contextlib.suppress(guard.Refused):
                guard.check(url)

    build = "compiled" if COMPILED else "pure Python"
    lines = [f"urlspec {build}, Python {sys.version.split()[0]}"]
    simple = "https://example.com/a?b=c"
    parsed = URL(simple)
    lines.append(
        f"check(): {_per_call(lambda: guard.check(simple), 7, 20000) * 1e6:.2f} us for "
        f"{simple!r} (parse included), {_per_call(lambda: guard.check(parsed), 7, 20000) * 1e6:.2f}"
        f" us for it parsed; over the {len(texts)} corpus URLs (most refused: a refusal "
        f"formats its message): {_per_call(check_texts, 7, 10) / len(texts) * 1e6:.2f} us each "
        f"(parse included), {_per_call(check_urls, 7, 10) / len(urls) * 1e6:.2f} us parsed"
    )
    server = subprocess.Popen(
        [sys.executable, "-c", _SERVER.format(tests=str(ROOT / "tests"))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    port = int(server.stdout.readline())
    url = f"http://127.0.0.1:{port}/ok"
    named_url = f"http://service.test:{port}/ok"
    policy = guard.Policy(allow_networks=["127.0.0.1/32"])
    named = guard.Policy(
        allow_networks=["127.0.0.1/32"],
        resolver=lambda host, port, *rest: [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))
        ],
    )
    loop = asyncio.new_event_loop()
    closing = contextlib.ExitStack()
    try:
        pairs = _client_pairs(loop, url, policy, closing)
        plain_httpx = closing.enter_context(httpx.Client(trust_env=False))
        named_httpx = closing.enter_context(guard.client(named))
        pairs.insert(
            1,
            (
                "httpx, a name through the resolver hook",
                lambda: plain_httpx.get(url),
                lambda: named_httpx.get(named_url),
            ),
        )
        for name, plain, guarded in pairs:
            plain()
            guarded()
            walls: tuple[list[float], list[float]] = ([], [])
            cpus: tuple[list[float], list[float]] = ([], [])
            for round_ in range(rounds):  # interleaved rounds, each client first every other one
                order = (
                    ((0, plain), (1, guarded)) if round_ % 2 == 0 else ((1, guarded), (0, plain))
                )
                for index, function in order:
                    wall, cpu = _clocks(function, number)
                    walls[index].append(wall)
                    cpus[index].append(cpu)
            pw, gw = statistics.median(walls[0]), statistics.median(walls[1])
            pc, gc = statistics.median(cpus[0]), statistics.median(cpus[1])
            lines.append(
                f"{name}: per GET on the loopback{'' if 'per GET' in name else ' (keep-alive)'}, "
                f"client CPU {pc * 1e6:.0f} us "
                f"unguarded, {gc * 1e6:.0f} us guarded ({gc / pc:.3f}x); wall {pw * 1e6:.0f} us, "
                f"{gw * 1e6:.0f} us ({gw / pw:.3f}x)"
            )
    finally:
        closing.close()
        loop.close()
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=10)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", help="run only this guard")
    parser.add_argument("--json", action="store_true", help="with --peer: JSON outcomes")
    parser.add_argument("--advocate-python", help="the interpreter of a venv with advocate")
    parser.add_argument("--markdown", help="also write the table to this file")
    parser.add_argument("--speed", action="store_true", help="measure the overhead instead")
    args = parser.parse_args(argv)
    if args.speed:
        print(speed())
        return 0
    if args.peer and args.json:
        print(json.dumps(run_corpus(args.peer)))
        return 0
    peers = [args.peer] if args.peer else list(PEERS)
    results = {peer: results_of(peer, args.advocate_python) for peer in peers}
    text = table(results)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
