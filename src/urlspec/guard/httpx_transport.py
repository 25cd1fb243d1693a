"""The guard inside httpx: transports that connect only to checked, pinned addresses.

:class:`GuardedTransport` (sync) and :class:`AsyncGuardedTransport` (async) are httpx transports
over an httpcore connection pool. For each request, redirects included (httpx hands every hop of
a redirect chain to the transport), they:

1. parse the request's URL with the WHATWG URL parser and run :func:`urlspec.guard.resolve`
   (check, one DNS resolution through the policy's resolver, every answer checked);
2. send the request for that parsed URL: the request line's target is its path and query, the
   ``Host`` header its host, the connection pool's origin its scheme, host and port (never a
   second parse by another URL parser);
3. open the TCP connection through a network backend that connects only to the pinned
   addresses, while TLS SNI and certificate verification use the URL's host (httpcore's
   ``start_tls`` gets the origin's host as ``server_hostname``; a ``sni_hostname`` request
   extension is dropped, and so is a ``target`` extension, which would replace the checked
   path and query on the request line).

The pinned addresses reach the network backend in a context variable, set around the pool call
(httpcore opens a request's connection in the thread or task that sends it); a backend asked to
connect to a host it has no pinned address for refuses.

Redirects: the transport keeps a :class:`~urlspec.guard.redirects.HopState` on each request
(a request extension, which httpx copies to the request it builds to follow a redirect). A
redirect response's Location is read by the WHATWG URL parser against the URL that answered
(:mod:`urlspec.guard.redirects`) and httpx is given the absolute URL it read; the next request
is that hop, checked (a refused target is ``redirect-refused``; past the policy's
``max_redirects``, ``too-many-redirects``). The same request sent again (an authentication
retry such as ``httpx.DigestAuth``'s, or the caller's) is no new hop.
:class:`GuardedClient` builds the redirect request itself, by the Fetch standard's rules (the
method and body of 301/302/303 and 307/308, ``Authorization``, ``Cookie`` and
``Proxy-Authorization`` dropped on a hop to another origin).

A proxy defeats pinning (the proxy resolves the name). httpx sends a request whose URL a
``proxy`` or ``mounts`` entry of the client matches through that entry's own transport, never
through this one: :class:`GuardedClient` (and :func:`client`) refuse both (``proxy``). httpx
0.28 reads no proxy from the environment for a client given ``transport=``; :func:`client` also
passes ``trust_env=False`` (no ``.netrc``).
"""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any, Final

import anyio.to_thread
import httpcore
import httpx

from urlspec.guard.checking import check, parse_or_none, shown
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.redirects import REDIRECT_STATUSES, HopState, follow
from urlspec.guard.resolving import PinnedURL, resolve_hop, resolve_hop_async
from urlspec.url import URL
from urlspec.validation import quote

__all__ = [
    "AsyncGuardedClient",
    "AsyncGuardedTransport",
    "GuardedClient",
    "GuardedTransport",
    "async_client",
    "client",
]

#: The request extension that carries the request's HopState.
STATE_EXTENSION: Final = "urlspec.guard.state"

#: The request extension that carries the URL a guarded client parsed (see _checked_url).
PARSED_EXTENSION: Final = "urlspec.guard.url"

#: The attribute of a request that holds the ``httpx.URL`` it was built with from the parsed
#: URL's href (see _checked_url).
BUILT_URL_ATTRIBUTE: Final = "urlspec_guard_built_url"

_PINNED: ContextVar[PinnedURL | None] = ContextVar("urlspec.guard.pinned", default=None)

# httpcore's exceptions as httpx's, most specific first (what httpx's own transport does).
_EXCEPTIONS: Final[tuple[tuple[type[Exception], type[httpx.HTTPError]], ...]] = (
    (httpcore.ConnectTimeout, httpx.ConnectTimeout),
    (httpcore.ReadTimeout, httpx.ReadTimeout),
    (httpcore.WriteTimeout, httpx.WriteTimeout),
    (httpcore.PoolTimeout, httpx.PoolTimeout),
    (httpcore.TimeoutException, httpx.TimeoutException),
    (httpcore.ConnectError, httpx.ConnectError),
    (httpcore.ReadError, httpx.ReadError),
    (httpcore.WriteError, httpx.WriteError),
    (httpcore.NetworkError, httpx.NetworkError),
    (httpcore.ProxyError, httpx.ProxyError),
    (httpcore.UnsupportedProtocol, httpx.UnsupportedProtocol),
    (httpcore.LocalProtocolError, httpx.LocalProtocolError),
    (httpcore.RemoteProtocolError, httpx.RemoteProtocolError),
    (httpcore.ProtocolError, httpx.ProtocolError),
)


@contextlib.contextmanager
def _httpx_exceptions() -> Iterator[None]:
    try:
        yield
    except Exception as error:
        for core_type, httpx_type in _EXCEPTIONS:
            if isinstance(error, core_type):
                raise httpx_type(str(error)) from error
        raise


def _pinned_addresses(host: str, port: int) -> tuple[str, ...]:
    pinned = _PINNED.get()
    if pinned is None or pinned.host != host or pinned.port != port:
        raise Refused("resolution-failed", "", f"no checked address to connect to for {host}")
    return pinned.addresses


class _PinningBackend(httpcore.NetworkBackend):
    """Connects to the pinned addresses of the host asked for, in order."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        last: Exception | None = None
        for address in _pinned_addresses(host, port):
            try:
                return self._inner.connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as error:
                last = error
        assert last is not None
        raise last

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        raise Refused("opaque-host", path, "a Unix socket has no address to check")

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _AsyncPinningBackend(httpcore.AsyncNetworkBackend):
    """The async :class:`_PinningBackend`."""

    def __init__(self, inner: httpcore.AsyncNetworkBackend) -> None:
        self._inner = inner

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        last: Exception | None = None
        for address in _pinned_addresses(host, port):
            try:
                return await self._inner.connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as error:
                last = error
        assert last is not None
        raise last

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        raise Refused("opaque-host", path, "a Unix socket has no address to check")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _target(request: httpx.Request) -> tuple[URL | str, int]:
    """What the transport checks for ``request``, and which hop of its sequence it is."""
    return HopState.target(request.extensions.get(STATE_EXTENSION), request, _checked_url(request))


def _sent(request: httpx.Request, pinned: PinnedURL, hop: int) -> HopState | None:
    """The HopState kept on ``request``, sent as the ``hop``-th request of its sequence. None for
    the caller's own request (hop 0) until its response is a redirect: without a HopState a
    request is hop 0, no redirect, what its HopState would say (HopState.target)."""
    if hop == 0:
        return None
    state = HopState(request, hop, pinned.url)
    request.extensions[STATE_EXTENSION] = state
    return state


def _response(
    request: httpx.Request,
    state: HopState | None,
    pinned: PinnedURL,
    policy: Policy,
    response: httpcore.Response,
) -> list[tuple[bytes, bytes]]:
    """The response's headers for httpx, the Location of a redirect as the guard read it."""
    headers = response.headers
    if response.status not in REDIRECT_STATUSES:
        return headers
    if state is None:  # the caller's own request, answered by a redirect
        state = HopState(request, 0, pinned.url)
        request.extensions[STATE_EXTENSION] = state
    locations = [value for name, value in headers if name.lower() == b"location"]
    redirect = state.answered(response.status, locations, request.method, policy)
    if redirect is None:
        return headers
    kept = [(name, value) for name, value in headers if name.lower() != b"location"]
    kept.append((b"Location", redirect.url.href.encode("ascii")))
    return kept


def _checked_url(request: httpx.Request) -> URL | str:
    """What the transport checks: the URL a guarded client parsed when the request is still for
    its href (not a redirect, no query parameters added), else httpx's URL as text."""
    parsed = request.extensions.get(PARSED_EXTENSION)
    if isinstance(parsed, URL) and getattr(request, BUILT_URL_ATTRIBUTE, None) is request.url:
        return parsed  # (an httpx.URL is immutable: the request's URL is the one it was built with)
    text = str(request.url)
    if isinstance(parsed, URL) and parsed.href == text:
        return parsed
    return text


def _core_request(request: httpx.Request, pinned: PinnedURL) -> httpcore.Request:
    """The httpcore request for the checked URL: its scheme, host, port, path and query."""
    url = pinned.url
    headers = [(b"Host", url.host.encode("ascii"))]
    headers.extend((name, value) for name, value in request.headers.raw if name.lower() != b"host")
    extensions = request.extensions  # as httpx's own transport passes them, but two:
    if "sni_hostname" in extensions or "target" in extensions:
        # TLS SNI stays on the URL's host, and the request line's target is the checked URL's
        # path and query (httpcore would send a "target" extension instead: a path no policy
        # pattern has seen).
        extensions = {
            name: value
            for name, value in extensions.items()
            if name != "sni_hostname" and name != "target"
        }
    return httpcore.Request(
        method=request.method,
        url=httpcore.URL(
            scheme=url.protocol[:-1].encode("ascii"),
            host=pinned.host.encode("ascii"),
            port=pinned.port,
            target=(url.pathname + url.search).encode("ascii"),
        ),
        headers=headers,
        content=request.stream,
        extensions=extensions,
    )


def _ssl_context(verify: ssl.SSLContext | str | bool, cert: Any) -> ssl.SSLContext:
    return httpx.create_ssl_context(verify=verify, cert=cert)


class _ResponseStream(httpx.SyncByteStream):
    def __init__(self, stream: Iterable[bytes]) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        with _httpx_exceptions():
            yield from self._stream

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


class _AsyncResponseStream(httpx.AsyncByteStream):
    def __init__(self, stream: AsyncIterable[bytes]) -> None:
        self._stream = stream

    async def __aiter__(self) -> AsyncIterator[bytes]:
        with _httpx_exceptions():
            async for part in self._stream:
                yield part

    async def aclose(self) -> None:
        aclose = getattr(self._stream, "aclose", None)
        if aclose is not None:
            await aclose()


def _pool_options(
    verify: ssl.SSLContext | str | bool,
    cert: Any,
    http1: bool,
    http2: bool,
    limits: httpx.Limits | None,
    retries: int,
    local_address: str | None,
    socket_options: Iterable[Any] | None,
) -> dict[str, Any]:
    """The httpcore pool's options for the transports' arguments, as ``httpx.HTTPTransport``
    turns its own into them (its default limits: 100 connections, 20 kept alive)."""
    if limits is None:
        limits = httpx.Limits(max_connections=100, max_keepalive_connections=20)
    return {
        "ssl_context": _ssl_context(verify, cert),
        "max_connections": limits.max_connections,
        "max_keepalive_connections": limits.max_keepalive_connections,
        "keepalive_expiry": limits.keepalive_expiry,
        "http1": http1,
        "http2": http2,
        "retries": retries,
        "local_address": local_address,
        "socket_options": socket_options,
    }


class GuardedTransport(httpx.BaseTransport):
    """An httpx transport that sends a request only when ``policy`` lets its URL through, over
    a connection to an address it checked (see the module's documentation).

    ``verify``, ``cert``, ``http1``, ``http2``, ``limits``, ``retries``, ``local_address`` and
    ``socket_options`` mean what they mean for ``httpx.HTTPTransport``; there is no ``proxy``.
    """

    def __init__(
        self,
        policy: Policy | None = None,
        *,
        verify: ssl.SSLContext | str | bool = True,
        cert: Any = None,
        http1: bool = True,
        http2: bool = False,
        limits: httpx.Limits | None = None,
        retries: int = 0,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        self._pool = httpcore.ConnectionPool(
            network_backend=_PinningBackend(httpcore.SyncBackend()),
            **_pool_options(
                verify, cert, http1, http2, limits, retries, local_address, socket_options
            ),
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url, hop = _target(request)
        pinned = resolve_hop(url, self.policy, hop)
        state = _sent(request, pinned, hop)
        core_request = _core_request(request, pinned)
        token = _PINNED.set(pinned)
        try:
            with _httpx_exceptions():
                response = self._pool.handle_request(core_request)
        finally:
            _PINNED.reset(token)
        assert isinstance(response.stream, Iterable)
        return httpx.Response(
            status_code=response.status,
            headers=_response(request, state, pinned, self.policy, response),
            stream=_ResponseStream(response.stream),
            extensions=response.extensions,
        )

    def close(self) -> None:
        self._pool.close()


class AsyncGuardedTransport(httpx.AsyncBaseTransport):
    """The async :class:`GuardedTransport` (asyncio or trio, through anyio). The policy's
    ``async_resolver``, when it has one, is awaited; else the resolver runs in a
    worker thread, so that a slow DNS answer does not block the event loop."""

    def __init__(
        self,
        policy: Policy | None = None,
        *,
        verify: ssl.SSLContext | str | bool = True,
        cert: Any = None,
        http1: bool = True,
        http2: bool = False,
        limits: httpx.Limits | None = None,
        retries: int = 0,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        self._pool = httpcore.AsyncConnectionPool(
            network_backend=_AsyncPinningBackend(httpcore.AnyIOBackend()),
            **_pool_options(
                verify, cert, http1, http2, limits, retries, local_address, socket_options
            ),
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url, hop = _target(request)
        if request.url.host and _is_literal(request.url.host):
            pinned = resolve_hop(url, self.policy, hop)
        elif self.policy.async_resolver is not None:
            pinned = await resolve_hop_async(url, self.policy, hop)
        else:
            pinned = await anyio.to_thread.run_sync(resolve_hop, url, self.policy, hop)
        state = _sent(request, pinned, hop)
        core_request = _core_request(request, pinned)
        token = _PINNED.set(pinned)
        try:
            with _httpx_exceptions():
                response = await self._pool.handle_async_request(core_request)
        finally:
            _PINNED.reset(token)
        assert isinstance(response.stream, AsyncIterable)
        return httpx.Response(
            status_code=response.status,
            headers=_response(request, state, pinned, self.policy, response),
            stream=_AsyncResponseStream(response.stream),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._pool.aclose()


def _is_literal(host: str) -> bool:
    """Whether httpx's host is an IP address (no resolver call: no need for a thread)."""
    return ":" in host or host.replace(".", "").isdigit()


_TRANSPORT_OPTIONS: Final = (
    "verify",
    "cert",
    "http1",
    "http2",
    "limits",
    "local_address",
    "retries",
    "socket_options",
)


def _proxy_refused(name: str, value: object) -> Refused:
    """The refusal of a client option that sends requests through a proxy; it names the
    proxy's host, never its userinfo."""
    text = str(value.url) if isinstance(value, httpx.Proxy) else str(value)
    parsed = URL.parse(text) if isinstance(value, str | httpx.URL | httpx.Proxy) else None
    where = f" ({quote(parsed.host)})" if parsed is not None and parsed.host else ""
    return Refused(
        "proxy",
        "",
        f"{name}{where}: httpx sends those requests through a transport of its own, to a proxy "
        "that resolves the name: the connection could not be pinned to the checked address",
    )


def _client_options(
    policy: Policy, options: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The transport's options and the client's, for :class:`GuardedClient` and
    :class:`AsyncGuardedClient`."""
    for name in ("proxy", "proxies", "mounts"):
        if options.get(name):
            raise _proxy_refused(name, options[name])
        options.pop(name, None)
    for name in ("transport", "trust_env"):
        if name in options:
            raise TypeError(f"the guarded client sets {name} itself")
    transport_options: dict[str, Any] = {
        name: options.pop(name) for name in _TRANSPORT_OPTIONS if name in options
    }
    options.setdefault("follow_redirects", True)
    # One more than the policy: the transport refuses the hop past the limit itself
    # (too-many-redirects), before httpx would.
    options.setdefault("max_redirects", policy.max_redirects + 1)
    return transport_options, options


class GuardedClient(httpx.Client):
    """An ``httpx.Client`` whose every request, redirects included, goes through a
    :class:`GuardedTransport` for ``policy``: no proxy (a ``proxy``, ``proxies`` or ``mounts``
    is refused; ``trust_env=False``), redirects followed by the Fetch standard's rules, each hop
    checked. A URL is a ``str`` (read by the WHATWG URL parser first: httpx gets its href) or a
    :class:`urlspec.URL`. Other keyword arguments go to ``httpx.Client`` (``verify``, ``cert``,
    ``http2``, ``limits``, ... to the transport)."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        transport_options, client_options = _client_options(self.policy, dict(options))
        super().__init__(
            transport=GuardedTransport(self.policy, **transport_options),
            trust_env=False,
            **client_options,
        )

    def build_request(
        self, method: str, url: httpx.URL | str | URL, **options: Any
    ) -> httpx.Request:
        return _build_request(self, super().build_request, method, url, options)

    def _build_redirect_request(
        self, request: httpx.Request, response: httpx.Response
    ) -> httpx.Request:
        redirect = _redirect_request(request, response, self.policy, self.cookies)
        return redirect or super()._build_redirect_request(request, response)


class AsyncGuardedClient(httpx.AsyncClient):
    """The ``httpx.AsyncClient`` of :class:`GuardedClient`, over an
    :class:`AsyncGuardedTransport`."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        transport_options, client_options = _client_options(self.policy, dict(options))
        super().__init__(
            transport=AsyncGuardedTransport(self.policy, **transport_options),
            trust_env=False,
            **client_options,
        )

    def build_request(
        self, method: str, url: httpx.URL | str | URL, **options: Any
    ) -> httpx.Request:
        return _build_request(self, super().build_request, method, url, options)

    def _build_redirect_request(
        self, request: httpx.Request, response: httpx.Response
    ) -> httpx.Request:
        redirect = _redirect_request(request, response, self.policy, self.cookies)
        return redirect or super()._build_redirect_request(request, response)


def _build_request(
    client: GuardedClient | AsyncGuardedClient,
    build: Callable[..., httpx.Request],
    method: str,
    url: httpx.URL | str | URL,
    options: dict[str, Any],
) -> httpx.Request:
    """httpx's request for the WHATWG href of ``url``, carrying the parsed URL. A URL that
    httpx could not send as the WHATWG parser reads it is refused here, with the guard's reason:
    a string that is no absolute URL (unless the client has a ``base_url`` to resolve it
    against, as httpx does), and a scheme other than ``http`` and ``https``."""
    parsed = parse_or_none(url) if isinstance(url, str) else None
    if isinstance(url, URL):
        parsed = url
    if parsed is None:
        if isinstance(url, str) and not str(client.base_url):
            check(url, client.policy)  # raises invalid-url
    elif parsed.protocol not in ("http:", "https:"):
        checked = check(parsed, client.policy)  # raises scheme-not-allowed by default
        raise Refused(
            "scheme-not-allowed", shown(checked), "the guarded httpx client fetches http and https"
        )
    request = build(method, url if parsed is None else parsed.href, **options)
    if parsed is not None:
        request.extensions[PARSED_EXTENSION] = parsed
        setattr(request, BUILT_URL_ATTRIBUTE, request.url)
    return request


def _redirect_request(
    request: httpx.Request, response: httpx.Response, policy: Policy, cookies: httpx.Cookies
) -> httpx.Request | None:
    """The request that follows the redirect ``response`` by the Fetch standard's rules
    (:func:`urlspec.guard.redirects.follow`), or None when the transport did not send
    ``request``."""
    state = request.extensions.get(STATE_EXTENSION)
    if not isinstance(state, HopState):
        return None
    if state.refused is not None:
        raise state.refused
    redirect = follow(
        response.status_code,
        response.headers.get_list("Location"),
        state.url,
        request.method,
        state.hop,
        policy,
    )
    if redirect is None:
        return None
    # The client's cookie jar adds the cookies it holds for the new URL (as httpx does).
    dropped = redirect.drop_headers | {"host"}
    headers = [(k, v) for k, v in request.headers.multi_items() if k.lower() not in dropped]
    return httpx.Request(
        method=redirect.method,
        url=redirect.url.href,
        headers=headers,
        cookies=httpx.Cookies(cookies),
        stream=request.stream if redirect.keep_body else None,
        extensions=request.extensions,
    )


def client(policy: Policy | None = None, **options: Any) -> httpx.Client:
    """A :class:`GuardedClient` (an ``httpx.Client``) for ``policy``; ``options`` go to it."""
    return GuardedClient(policy, **options)


def async_client(policy: Policy | None = None, **options: Any) -> httpx.AsyncClient:
    """An :class:`AsyncGuardedClient` (an ``httpx.AsyncClient``) for ``policy``."""
    return AsyncGuardedClient(policy, **options)
