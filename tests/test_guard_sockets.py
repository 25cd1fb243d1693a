"""guard.create_connection and guard.open_connection against real servers on the loopback, and the
recipes of docs/security.md (smtplib, websockets) with them.

127.0.0.1 plays "the public internet" (``Policy(allow_networks=["127.0.0.1/32"])``), 127.0.0.2
"an internal service"; names get their addresses from the policy's resolver hooks, and the
session's network fence (tests/conftest.py) fails any test that reaches off the loopback.
Expected verdicts: the corpus's (tests/data/guard_bypass.json, each class's note citing its
registry or URL Standard step), a ``(host, port)`` pair judged as the URL
``http://host:port/`` would be; the exchanges are the protocols' own (RFC 9112 for HTTP/1.1,
RFC 5321 for SMTP's greeting, NOOP and QUIT, RFC 6455 for the WebSocket echo).
"""

from __future__ import annotations

import asyncio
import socket
import socketserver
import ssl
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import test_guard_clients as clients
from guard_servers import LoopbackServer
from test_guard_clients import PUBLIC, TLS_POLICY, resolver_for, tls_server
from test_guard_corpus import CASES as CORPUS
from test_guard_corpus import policy_of, resolver_of, verdict

from urlspec import URL, guard
from urlspec.guard import Policy, Refused
from urlspec.guard.sockets import pin

# The loopback servers and the CA of every client's tests (pytest fixtures).
public, internal, clear, ca = clients.public, clients.internal, clients.clear, clients.ca


def http_get(sock: socket.socket, host: str = "public.test") -> bytes:
    """One HTTP/1.0 GET /ok over ``sock``: the body of the answer."""
    with sock:
        sock.sendall(f"GET /ok HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    return answer.partition(b"\r\n\r\n")[2]


async def http_get_async(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bytes:
    writer.write(b"GET /ok HTTP/1.0\r\nHost: public.test\r\n\r\n")
    await writer.drain()
    answer = await reader.read()
    writer.close()
    await writer.wait_closed()
    return answer.partition(b"\r\n\r\n")[2]


def refused(call: Any) -> Refused:
    with pytest.raises(Refused) as caught:
        call()
    return caught.value


def opened(target: Any, policy: Policy = PUBLIC, **options: Any) -> bytes:
    async def run() -> bytes:
        return await http_get_async(*await guard.open_connection(target, policy, **options))

    return asyncio.run(run())


# --- connecting to checked addresses only -------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        pytest.param(("public.test", "port"), id="pair"),
        pytest.param("http://public.test:{port}/", id="url"),
        pytest.param("url-object", id="urlspec.URL"),
    ],
)
def test_a_name_is_connected_at_its_checked_address(target: Any, public: LoopbackServer) -> None:
    if target == "url-object":
        target = URL(f"http://public.test:{public.port}/")
    elif isinstance(target, tuple):
        target = (target[0], public.port)
    else:
        target = target.format(port=public.port)
    assert http_get(guard.create_connection(target, PUBLIC, timeout=5)) == b"ok 127.0.0.1"
    assert opened(target) == b"ok 127.0.0.1"
    assert [s.address for s in public.seen] == ["127.0.0.1", "127.0.0.1"]


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "0x7f.1", "2130706433", "localhost", "[::1]", "::1", "①②⑦.0.0.1"]
)
def test_the_default_policy_refuses_the_loopback_in_any_spelling(
    host: str, public: LoopbackServer
) -> None:
    target = (host, public.port)
    assert refused(lambda: guard.create_connection(target)).reason == "address-loopback"
    assert refused(lambda: opened(target, Policy())).reason == "address-loopback"
    assert public.seen == []


def test_a_name_resolving_to_the_internal_address_is_refused(internal: LoopbackServer) -> None:
    target = ("internal.test", internal.port)
    assert refused(lambda: guard.create_connection(target, PUBLIC)).reason == (
        "resolved-to-non-global"
    )
    assert refused(lambda: opened(target)).reason == "resolved-to-non-global"
    assert internal.seen == []


def test_falls_back_to_the_next_checked_address(public: LoopbackServer) -> None:
    # The first answer refuses connections (nothing listens on 127.0.0.3 at the port).
    policy = Policy(
        allow_networks=["127.0.0.0/30"],
        resolver=resolver_for({"two.test": ["127.0.0.3", "127.0.0.1"]}),
    )
    target = ("two.test", public.port)
    assert http_get(guard.create_connection(target, policy)) == b"ok 127.0.0.1"
    assert opened(target, policy) == b"ok 127.0.0.1"


def test_when_no_checked_address_accepts_the_last_error_is_raised() -> None:
    policy = Policy(
        allow_networks=["127.0.0.0/30"],
        resolver=resolver_for({"none.test": ["127.0.0.3", "127.0.0.3"]}),
    )
    free = socket.socket()
    free.bind(("127.0.0.3", 0))
    port = free.getsockname()[1]
    free.close()
    with pytest.raises(ConnectionRefusedError):
        guard.create_connection(("none.test", port), policy)
    with pytest.raises(ConnectionRefusedError):
        opened(("none.test", port), policy)


def test_the_name_is_resolved_once_and_rebinding_is_refused(
    public: LoopbackServer, internal: LoopbackServer
) -> None:
    answers = iter([["127.0.0.1"], ["127.0.0.2"], ["127.0.0.1"], ["127.0.0.2"]])
    asked: list[str] = []

    def rebinding(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return resolver_for({host: next(answers)})(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], resolver=rebinding)
    target = ("rebind.test", public.port)
    assert http_get(guard.create_connection(target, policy)) == b"ok 127.0.0.1"
    assert refused(lambda: guard.create_connection(target, policy)).reason == (
        "resolved-to-non-global"
    )
    assert opened(target, policy) == b"ok 127.0.0.1"
    assert refused(lambda: opened(target, policy)).reason == "resolved-to-non-global"
    assert asked == ["rebind.test"] * 4
    assert internal.seen == []


def test_the_async_resolver_is_used(public: LoopbackServer) -> None:
    async def async_resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        return resolver_for({"async.test": ["127.0.0.1"]})(host, port)

    policy = Policy(allow_networks=["127.0.0.1/32"], async_resolver=async_resolver)
    assert opened(("async.test", public.port), policy) == b"ok 127.0.0.1"


# --- how a target is judged ---------------------------------------------------------------------


def test_a_pair_is_judged_as_the_http_url() -> None:
    # The host read by the URL Standard's host parser (UTS #46 maps fullwidth letters, the IPv4
    # parser reads hexadecimal), the port kept: http://host:port/.
    pinned = pin(("ＰＵＢＬＩＣ.test", 6379), PUBLIC)
    assert (pinned.url.href, pinned.addresses) == ("http://public.test:6379/", ("127.0.0.1",))
    assert pin(("0x7f.1", 80), PUBLIC).url.href == "http://127.0.0.1/"
    assert pin(("::1", 80), Policy(allow_networks=["::1/128"])).url.href == "http://[::1]/"


def test_the_scheme_rule() -> None:
    https_only = Policy(schemes={"https"}, allow_networks=["127.0.0.1/32"])
    assert refused(lambda: pin(("127.0.0.1", 443), https_only)).reason == "scheme-not-allowed"
    assert pin(("127.0.0.1", 443), https_only, scheme="https").port == 443
    websocket = Policy(schemes={"wss"}, allow_networks=["127.0.0.1/32"])
    assert pin(("127.0.0.1", 443), websocket, scheme="wss").url.href == "wss://127.0.0.1/"
    with pytest.raises(ValueError, match="special scheme"):
        pin(("127.0.0.1", 6379), PUBLIC, scheme="redis")
    # A non-special URL's host is opaque to the URL Standard: no address to judge.
    assert refused(lambda: pin("redis://cache.test:6379/0", PUBLIC)).reason in (
        "scheme-not-allowed",
        "opaque-host",
    )
    redis = Policy(schemes={"redis"}, allow_networks=["127.0.0.1/32"])
    assert refused(lambda: pin("redis://127.0.0.1:6379/0", redis)).reason == "opaque-host"


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        (("public.test", 0), "port-not-allowed"),
        (("public.test", 65536), "invalid-url"),
        (("public.test", "6379"), "invalid-url"),
        (("public.test", True), "invalid-url"),
        (("", 80), "invalid-url"),
        (("a b.test", 80), "invalid-url"),
        (("evil.test@127.0.0.1", 80), "invalid-url"),
        (("127.0.0.1/x", 80), "invalid-url"),
        (("public.test:80", 80), "invalid-url"),
        (("public.test", 80, 0), "invalid-url"),
    ],
)
def test_a_target_that_is_no_host_and_port_is_refused(target: Any, reason: str) -> None:
    assert refused(lambda: guard.create_connection(target, PUBLIC)).reason == reason


def test_the_policys_ports_and_host_lists_apply() -> None:
    policy = Policy(
        ports={6379},
        deny_hosts=["admin.test"],
        allow_networks=["127.0.0.1/32"],
        resolver=(resolver_for({"admin.test": ["127.0.0.1"], "public.test": ["127.0.0.1"]})),
    )
    assert refused(lambda: pin(("public.test", 6380), policy)).reason == "port-not-allowed"
    assert refused(lambda: pin(("ADMIN.test", 6379), policy)).reason == "host-denied"
    assert pin(("public.test", 6379), policy).addresses == ("127.0.0.1",)


@pytest.mark.parametrize(
    "target",
    [
        "http://user:s3cret@127.0.0.1:6379/",
        "http://user:s3cret@[::1/",
        ("user:s3cret@127.0.0.1", 6379),
        ("user:s3cret@127.0.0.1", 0),
        ("user:s3cret@127.0.0.1", 70000),
    ],
)
def test_refusals_carry_no_password(target: Any) -> None:
    error = refused(lambda: guard.create_connection(target))
    for shown in (str(error), error.url, error.detail, repr(error)):
        assert "s3cret" not in shown


def test_a_non_target_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        guard.create_connection(6379, PUBLIC)  # type: ignore[arg-type]


# --- the corpus through the socket functions ----------------------------------------------------


def corpus_cases(*kinds: str) -> list[Any]:
    return [
        pytest.param(case, id=f"{case['class']}:{case['url']!r}")
        for case in CORPUS
        if case["kind"] in kinds
    ]


@pytest.mark.parametrize("case", corpus_cases("check", "resolve"))
def test_corpus(case: dict[str, Any]) -> None:
    # A refused case is refused before any connection (the fence would see one); an allowed
    # case's checked addresses are those the connection would go to (a public address: the
    # fence keeps the test from connecting there).
    # A check case's names get a public address, as tests/test_guard_corpus.py's take them.
    policy = policy_of(case, resolver=resolver_of(case))
    if case["expect"] == "allow":
        assert pin(case["url"], policy).addresses
        return
    expected = ("refuse", case["reason"])
    secret = case.get("secret")
    assert verdict(lambda: guard.create_connection(case["url"], policy), secret) == expected
    assert verdict(lambda: opened(case["url"], policy), secret) == expected


# --- TLS on the name --------------------------------------------------------------------------


def client_context(ca: Any) -> ssl.SSLContext:
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return context


def test_tls_runs_on_the_name(ca: Any) -> None:
    server = tls_server(ca, "service.test")
    try:
        target = ("service.test", server.port)
        sock = guard.create_connection(target, TLS_POLICY, ssl=client_context(ca))
        assert http_get(sock, "service.test") == b"ok 127.0.0.1"
        assert opened(target, TLS_POLICY, ssl=client_context(ca)) == b"ok 127.0.0.1"
        assert server.server_names == ["service.test", "service.test"]
    finally:
        server.close()


def test_a_certificate_for_another_name_is_refused(ca: Any) -> None:
    server = tls_server(ca, "other.test")
    try:
        target = ("service.test", server.port)
        with pytest.raises(ssl.SSLCertVerificationError):
            guard.create_connection(target, TLS_POLICY, ssl=client_context(ca))
        with pytest.raises(ssl.SSLCertVerificationError):
            opened(target, TLS_POLICY, ssl=client_context(ca))
        assert server.seen == []
    finally:
        server.close()


# --- the recipes of docs/security.md ----------------------------------------------------------


class SMTPServer(socketserver.ThreadingTCPServer):
    """The server side of an SMTP session's greeting, NOOP and QUIT (RFC 5321 §4.2, §4.1.1.9,
    §4.1.1.10), recording the address each connection came to."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: str) -> None:
        self.seen: list[str] = []
        outer = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                outer.seen.append(self.connection.getsockname()[0])
                self.wfile.write(b"220 smtp.test ESMTP\r\n")
                for line in self.rfile:
                    command = line.strip().upper()
                    if command.startswith((b"EHLO", b"HELO")):
                        self.wfile.write(b"250 smtp.test\r\n")
                    elif command == b"NOOP":
                        self.wfile.write(b"250 OK\r\n")
                    elif command == b"QUIT":
                        self.wfile.write(b"221 Bye\r\n")
                        return
                    else:
                        self.wfile.write(b"502 Command not implemented\r\n")

        super().__init__((address, 0), Handler)
        self.port = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def smtp_servers() -> Iterator[tuple[SMTPServer, SMTPServer]]:
    servers = SMTPServer("127.0.0.1"), SMTPServer("127.0.0.2")
    yield servers
    for server in servers:
        server.shutdown()
        server.server_close()


def test_smtplib_recipe(smtp_servers: tuple[SMTPServer, SMTPServer]) -> None:
    import smtplib

    # The recipe of docs/security.md.
    class GuardedSMTP(smtplib.SMTP):
        def __init__(self, policy: Policy, *args: Any, **kwargs: Any) -> None:
            self.policy = policy
            super().__init__(*args, **kwargs)

        def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
            return guard.create_connection((host, port), self.policy, timeout)

    public_smtp, internal_smtp = smtp_servers
    policy = Policy(
        allow_networks=["127.0.0.1/32"],
        resolver=resolver_for({"mail.test": ["127.0.0.1"], "intranet.test": ["127.0.0.2"]}),
    )
    # local_hostname given: smtplib would otherwise ask DNS for this machine's name.
    options = {"timeout": 5, "local_hostname": "client.test"}
    with GuardedSMTP(policy, "mail.test", public_smtp.port, **options) as smtp:
        assert smtp.noop()[0] == 250
    assert public_smtp.seen == ["127.0.0.1"]
    with pytest.raises(Refused) as error:
        GuardedSMTP(policy, "intranet.test", internal_smtp.port, **options)
    assert error.value.reason == "resolved-to-non-global"
    assert internal_smtp.seen == []


def test_websockets_recipe() -> None:
    websockets_client = pytest.importorskip("websockets.sync.client")
    websockets_server = pytest.importorskip("websockets.sync.server")

    def echo(connection: Any) -> None:
        for message in connection:
            connection.send(message)

    with websockets_server.serve(echo, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        policy = Policy(
            schemes={"ws", "wss"},
            allow_networks=["127.0.0.1/32"],
            resolver=resolver_for({"chat.test": ["127.0.0.1"], "intranet.test": ["127.0.0.2"]}),
        )
        # The recipe of docs/security.md.
        uri = f"ws://chat.test:{port}/"
        with websockets_client.connect(
            uri, sock=guard.create_connection(uri, policy, timeout=5)
        ) as websocket:
            websocket.send("hello")
            assert websocket.recv() == "hello"
        with pytest.raises(Refused) as error:
            guard.create_connection(f"ws://intranet.test:{port}/", policy)
        assert error.value.reason == "resolved-to-non-global"
        server.shutdown()
