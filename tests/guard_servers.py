"""HTTP(S) servers on loopback addresses for the guard's client tests.

A :class:`LoopbackServer` is a threaded ``http.server`` bound to one address (127.0.0.1 plays
"the public internet" in the tests, 127.0.0.2 "an internal service"), optionally with TLS. It
records every request it got: the address that accepted the connection, the path, the Host
header and the TLS server name the client sent (SNI). Its paths:

* ``/ok``: 200, body ``ok <address>``;
* ``/redirect?status=302&to=URL``: a redirect of that status to ``URL`` (``Location: URL``, its
  text sent as UTF-8; each ``to`` of the query is one Location header);
* ``/chain?n=3&to=URL``: ``n`` redirects through itself, then to ``URL``;
* ``/digest``: 401 with an HTTP Digest challenge (RFC 7616) unless the request carries an
  ``Authorization`` header, then 200.

Each :class:`Seen` also keeps the method, the request headers and the body.

:func:`resolver_for` makes a policy resolver (getaddrinfo's shape) that gives test names their
addresses, without DNS. The ``public`` fixture is a module's server on 127.0.0.1, its ``seen``
emptied before each test (import ``public_fixture`` and ``public_module_fixture`` into a test
module for it), and
:data:`PUBLIC_POLICY` the policy that lets 127.0.0.1 through and names it ``public.test``.
"""

from __future__ import annotations

import http.server
import socket
import ssl
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from urlspec.guard import Policy


def resolver_for(names: dict[str, list[str]]) -> Callable[..., list[tuple[Any, ...]]]:
    """A getaddrinfo-like resolver answering ``names[host]`` (no such name: EAI_NONAME)."""

    def resolver(host: str, port: int, *rest: Any) -> list[tuple[Any, ...]]:
        if host not in names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in names[host]
        ]

    return resolver


class _IPv6Server(http.server.ThreadingHTTPServer):
    address_family = socket.AF_INET6


@dataclass
class Seen:
    address: str
    path: str
    host: str | None
    server_name: str | None
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


@dataclass
class LoopbackServer:
    address: str
    tls: ssl.SSLContext | None = None
    seen: list[Seen] = field(default_factory=list)
    server_names: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        server = self
        if self.tls is not None:

            def record_sni(sock: Any, name: str | None, context: Any) -> None:
                server.server_names.append(name)

            self.tls.sni_callback = record_sni

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._serve()

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self._serve(self.rfile.read(length))

            def do_PUT(self) -> None:
                self.do_POST()

            def do_HEAD(self) -> None:
                self._serve()

            def _serve(self, body: bytes = b"") -> None:
                name = server.server_names[-1] if server.server_names else None
                server.seen.append(
                    Seen(
                        server.address,
                        self.path,
                        self.headers.get("Host"),
                        name,
                        self.command,
                        {key.lower(): value for key, value in self.headers.items()},
                        body,
                    )
                )
                parts = urllib.parse.urlsplit(self.path)
                pairs = urllib.parse.parse_qsl(parts.query)
                query = dict(pairs)
                if parts.path == "/redirect":
                    targets = [value for key, value in pairs if key == "to"]
                    self._redirect(int(query.get("status", "302")), *targets)
                elif parts.path == "/digest" and "Authorization" not in self.headers:
                    self.send_response(401)
                    self.send_header(
                        "WWW-Authenticate",
                        'Digest realm="test", qop="auth", nonce="0a4f113b", opaque="5ccc069c"',
                    )
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif parts.path == "/chain":
                    left = int(query["n"])
                    target = query["to"]
                    if left > 1:
                        target = "/chain?" + urllib.parse.urlencode({"n": left - 1, "to": target})
                    self._redirect(302, target)
                else:
                    body = f"ok {server.address}".encode()
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if self.command != "HEAD":
                        self.wfile.write(body)

            def _redirect(self, status: int, *locations: str) -> None:
                self.send_response(status)
                for location in locations:
                    # The bytes on the wire are the text's UTF-8 (send_header writes Latin-1).
                    self.send_header("Location", location.encode().decode("latin-1"))
                self.send_header("Content-Length", "0")
                self.end_headers()

        server_class = _IPv6Server if ":" in self.address else http.server.ThreadingHTTPServer
        self.httpd = server_class((self.address, 0), Handler)
        self.httpd.daemon_threads = True
        if self.tls is not None:
            self.httpd.socket = self.tls.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/ok", host: str | None = None) -> str:
        scheme = "https" if self.tls is not None else "http"
        if host is None:
            host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{scheme}://{host}:{self.port}{path}"

    def redirect_url(self, status: int, to: str | list[str], host: str | None = None) -> str:
        targets = [to] if isinstance(to, str) else to
        query = urllib.parse.urlencode([("status", str(status))] + [("to", t) for t in targets])
        return self.url(f"/redirect?{query}", host)

    def chain_url(self, n: int, to: str, host: str | None = None) -> str:
        return self.url("/chain?" + urllib.parse.urlencode({"n": n, "to": to}), host)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module", name="public_module_server")
def public_module_fixture() -> Iterator[LoopbackServer]:
    server = LoopbackServer("127.0.0.1")
    yield server
    server.close()


@pytest.fixture(name="public")
def public_fixture(public_module_server: LoopbackServer) -> LoopbackServer:
    public_module_server.seen.clear()
    return public_module_server


#: 127.0.0.1 plays the public internet, under the name public.test.
PUBLIC_POLICY = Policy(
    allow_networks=["127.0.0.1/32"], resolver=resolver_for({"public.test": ["127.0.0.1"]})
)
