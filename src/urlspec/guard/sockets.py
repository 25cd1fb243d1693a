"""The guard for any protocol: a TCP connection only to an address the policy let through.

Redis, SMTP, websockets and database drivers do not fetch URLs with an HTTP client, but many of
them accept a socket (or a function that makes one). :func:`create_connection` and
:func:`open_connection` are :func:`socket.create_connection` and
:func:`asyncio.open_connection` for a URL a stranger supplied:

1. the target is checked and its host resolved once (:func:`urlspec.guard.resolve`, or
   :func:`~urlspec.guard.resolving.resolve_async` in the async one): every answer must pass;
2. the connection goes to the checked addresses only, in the resolver's order, the next one
   when an address refuses the connection (or does not answer within ``timeout``);
3. with ``ssl``, TLS runs on that connection with SNI and certificate verification on the
   target's host (the name, never the address).

The target is a URL or a ``(host, port)`` pair.

* A URL is judged as every guarded client judges it: its scheme must be one of the policy's
  ``schemes``, its port is the one written or the scheme's default. A URL whose scheme is not
  special (``redis://cache:6379``) has no host an address can be judged by in the URL Standard
  (its host is opaque): it is refused (``opaque-host``); give the pair instead.
* A ``(host, port)`` pair is judged as the URL ``{scheme}://{host}:{port}/`` would be, with
  ``scheme="http"`` unless given: the host is read by the URL Standard's host parser as a
  browser reads a web URL's host (IDNA, every IPv4 spelling, an IPv6 address with or without
  its brackets), and the policy's ``schemes`` must allow ``scheme``. ``scheme`` must be special
  with a host (``http``, ``https``, ``ws``, ``wss``, ``ftp``): it names how the host is read and
  which of the policy's ``schemes`` lets it through, not the protocol the socket will carry.
  The default policy allows ``http``: it lets a socket reach any global address on any port;
  restrict the ports with ``Policy(ports={6379})`` and the rest as for any URL.

A host that is no valid host, or a port that is no number in 0..65535, is ``invalid-url``
(port 0 is ``port-not-allowed``, as in a URL).
"""

from __future__ import annotations

import asyncio
import socket
import ssl as ssl_module
from typing import Final

from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.resolving import PinnedURL, resolve, resolve_async
from urlspec.host import HostKind, InvalidHost, parse_host_string, serialize_host
from urlspec.url import URL
from urlspec.url_record import SPECIAL_SCHEMES
from urlspec.validation import quote

__all__ = ["Target", "connect_pinned", "create_connection", "open_connection", "pin"]

#: What the socket functions take: a URL (a string or a :class:`~urlspec.URL`) or a
#: ``(host, port)`` pair.
Target = str | URL | tuple[str, int]

#: The schemes a ``(host, port)`` pair may be judged as: special, with a host (not ``file``).
PAIR_SCHEMES: Final = frozenset(scheme for scheme in SPECIAL_SCHEMES if scheme != "file")


def _pair_url(host: object, port: object, scheme: str) -> str:
    """The URL a ``(host, port)`` pair is judged as (see the module's documentation)."""
    # Never a password in a refusal: what a URL would read as userinfo is not shown.
    _, at, after = str(host).rpartition("@")
    shown = f"{quote(('...@' if at else '') + after)}:{quote(str(port))}"
    if scheme not in PAIR_SCHEMES:
        raise ValueError(
            f"scheme={scheme!r}: a (host, port) pair is judged as a URL of a special scheme with "
            f"a host ({', '.join(sorted(PAIR_SCHEMES))})"
        )
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise Refused("invalid-url", "", f"{shown}: the port is not a number in 0..65535")
    try:
        parsed = parse_host_string(host)
    except InvalidHost as error:
        why = error.errors[-1].description if error.errors else "not a host"
        raise Refused("invalid-url", "", f"{shown}: the host is not valid ({why})") from None
    except TypeError:
        raise Refused("invalid-url", "", f"{shown}: the host is not a str") from None
    if parsed.kind is HostKind.EMPTY:
        raise Refused("invalid-url", "", f"{shown}: the host is empty")
    return f"{scheme}://{serialize_host(parsed)}:{port}/"


def _target_url(target: Target, scheme: str) -> str | URL:
    if isinstance(target, tuple):
        if len(target) != 2:
            raise Refused("invalid-url", "", f"{quote(repr(target))}: not a (host, port) pair")
        return _pair_url(target[0], target[1], scheme)
    if isinstance(target, str | URL):
        return target
    raise TypeError(
        f"the target must be a URL (str or urlspec.URL) or a (host, port) pair, "
        f"not {type(target).__name__}"
    )


def pin(target: Target, policy: Policy | None = None, *, scheme: str = "http") -> PinnedURL:
    """The checked addresses for ``target`` (see the module's documentation for how a URL and a
    ``(host, port)`` pair are judged); raises :class:`~urlspec.guard.reasons.Refused`."""
    return resolve(_target_url(target, scheme), DEFAULT_POLICY if policy is None else policy)


def _family(address: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in address else socket.AF_INET


def _server_hostname(pinned: PinnedURL) -> str:
    """The name TLS sends (SNI) and verifies the certificate for: the target's host."""
    return pinned.host


def connect_pinned(
    pinned: PinnedURL, timeout: float | None, source_address: tuple[str, int] | None = None
) -> socket.socket:
    """A socket connected to the first of ``pinned.addresses`` that accepts the connection, in
    order, each tried for at most ``timeout`` seconds (which stays the socket's timeout); when
    none accepts, the last error (an ``OSError``). Addresses need no lookup: the socket's family
    is the address's."""
    errors: list[OSError] = []
    for address in pinned.addresses:
        sock = socket.socket(_family(address), socket.SOCK_STREAM)
        try:
            if timeout != sock.gettimeout():  # (a new socket has the default timeout)
                sock.settimeout(timeout)
            if source_address is not None:
                sock.bind(source_address)
            sock.connect((address, pinned.port))
        except OSError as error:
            sock.close()
            errors.append(error)
            continue
        return sock
    raise errors[-1]


def create_connection(
    target: Target,
    policy: Policy | None = None,
    timeout: float | None = None,
    *,
    scheme: str = "http",
    source_address: tuple[str, int] | None = None,
    ssl: ssl_module.SSLContext | None = None,
) -> socket.socket:
    """A TCP socket connected to a checked address of ``target`` (a URL or a ``(host, port)``
    pair; see the module's documentation), ``policy`` (default:
    :data:`~urlspec.guard.policy.DEFAULT_POLICY`) deciding.

    The addresses are tried in the resolver's order, each for at most ``timeout`` seconds
    (None: :func:`socket.getdefaulttimeout`), which stays the socket's timeout; when none
    accepts, the last error is raised (an ``OSError``, as :func:`socket.create_connection`
    raises). With ``ssl``, the socket is wrapped by that context with ``server_hostname`` the
    target's host (SNI and certificate verification on the name). Raises
    :class:`~urlspec.guard.reasons.Refused` before any connection when the policy refuses.
    """
    pinned = pin(target, policy, scheme=scheme)
    if timeout is None:
        timeout = socket.getdefaulttimeout()
    sock = connect_pinned(pinned, timeout, source_address)
    if ssl is None:
        return sock
    try:
        return ssl.wrap_socket(sock, server_hostname=_server_hostname(pinned))
    except BaseException:
        sock.close()
        raise


async def _connect_async(
    pinned: PinnedURL, timeout: float | None, local_addr: tuple[str, int] | None
) -> socket.socket:
    loop = asyncio.get_running_loop()
    errors: list[OSError] = []
    for address in pinned.addresses:
        sock = socket.socket(_family(address), socket.SOCK_STREAM)
        try:
            sock.setblocking(False)
            if local_addr is not None:
                sock.bind(local_addr)
            await asyncio.wait_for(loop.sock_connect(sock, (address, pinned.port)), timeout)
        except OSError as error:  # TimeoutError included
            sock.close()
            errors.append(error)
            continue
        return sock
    raise errors[-1]


async def open_connection(
    target: Target,
    policy: Policy | None = None,
    timeout: float | None = None,
    *,
    scheme: str = "http",
    ssl: ssl_module.SSLContext | None = None,
    local_addr: tuple[str, int] | None = None,
    limit: int = 2**16,
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """:func:`asyncio.open_connection` to a checked address of ``target``: the
    :func:`create_connection` of asyncio code. The host is resolved once with
    :func:`~urlspec.guard.resolving.resolve_async` (the policy's ``async_resolver``, else its
    ``resolver`` in a worker thread); each address is tried for at most ``timeout`` seconds
    (None: no limit). With ``ssl``, TLS runs with ``server_hostname`` the target's host;
    ``limit`` is the reader's buffer limit, as for :func:`asyncio.open_connection`."""
    policy = DEFAULT_POLICY if policy is None else policy
    pinned = await resolve_async(_target_url(target, scheme), policy)
    sock = await _connect_async(pinned, timeout, local_addr)
    try:
        return await asyncio.open_connection(
            sock=sock,
            ssl=ssl,
            server_hostname=None if ssl is None else _server_hostname(pinned),
            limit=limit,
        )
    except BaseException:
        sock.close()
        raise
