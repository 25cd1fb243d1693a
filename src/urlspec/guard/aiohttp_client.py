"""The guard inside aiohttp: a session that connects only to checked, pinned addresses.

:func:`aiohttp_session` returns a :class:`GuardedClientSession`, an ``aiohttp.ClientSession``
over a :class:`GuardedConnector`. For every request (``get``, ``post``, ``request``,
``ws_connect``: they all go through the session's ``_request``), the session:

1. reads the URL with the WHATWG URL parser (a relative one against the session's
   ``base_url``; ``params`` added to its query first) and runs
   :func:`urlspec.guard.resolving.resolve_hop_async` (check, one resolution through the policy's
   ``async_resolver`` or ``resolver``, every answer checked);
2. hands aiohttp that URL's href as an already-encoded ``yarl.URL`` (aiohttp sends it as it is:
   no second parse changes its host, path or query), with aiohttp's own redirects turned off,
   and the pinned addresses in a context variable;
3. follows redirects itself, as a browser does (:mod:`urlspec.guard.redirects`: the Location
   parsed by the WHATWG URL parser against the URL that answered, the method and body rules of
   the Fetch standard, credentials dropped on a hop to another origin), each hop checked and
   resolved again before it connects, at most ``policy.max_redirects`` of them.

The connector connects only where the session pinned: its ``connect`` refuses a request whose
host and port are not those of the pinned URL (a client middleware that rewrote the URL, a
request the session did not check) or that names a proxy, and its resolver
(:class:`PinningResolver`, aiohttp's ``AbstractResolver``) answers only the pinned addresses,
never asking DNS; aiohttp's DNS cache is off. An IP address in the URL is connected to as it is
(aiohttp asks no resolver for it): the session checked it. TLS SNI and certificate
verification use the URL's host (aiohttp's ``server_hostname``, which the session sets to
nothing else). aiohttp tries the pinned addresses in order (Happy Eyeballs, RFC 8305), the next
one when one refuses the connection.

A proxy defeats pinning: ``proxy=`` (session or request) is refused (``proxy``) and the session
runs with ``trust_env=False`` (no ``HTTP_PROXY`` and friends, no ``.netrc``).
"""

from __future__ import annotations

import asyncio
import socket
import warnings
from collections.abc import Coroutine, Mapping
from contextvars import ContextVar
from typing import Any, Final

import aiohttp
import aiohttp.abc
from aiohttp.client_reqrep import ClientRequest
from aiohttp.tracing import Trace
from multidict import CIMultiDict
from yarl import URL as YarlURL

from urlspec.guard.checking import parse_or_none
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.redirects import REDIRECT_STATUSES, follow
from urlspec.guard.resolving import PinnedURL, resolve_hop_async
from urlspec.url import URL

__all__ = [
    "GuardedClientSession",
    "GuardedConnector",
    "PinningResolver",
    "aiohttp_session",
]

_PINNED: ContextVar[PinnedURL | None] = ContextVar("urlspec.guard.aiohttp.pinned", default=None)

#: The keyword arguments of ``aiohttp.TCPConnector`` the guarded session accepts (the rest of
#: its keywords are the guard's: the resolver, and no DNS cache).
CONNECTOR_OPTIONS: Final = frozenset(
    {
        "ssl",
        "verify_ssl",
        "fingerprint",
        "ssl_context",
        "limit",
        "limit_per_host",
        "keepalive_timeout",
        "force_close",
        "family",
        "local_addr",
        "enable_cleanup_closed",
        "timeout_ceil_threshold",
        "happy_eyeballs_delay",
        "interleave",
        "socket_factory",
    }
)

#: Request bodies that can be sent again on a 307/308 redirect as they were given.
_REPLAYABLE: Final = (bytes, bytearray, memoryview, str, Mapping, list, tuple)


def _no_pinned(host: str, port: int | None) -> Refused:
    return Refused("resolution-failed", "", f"no checked address to connect to for {host}:{port}")


def _pinned_for(host: str, port: int | None) -> PinnedURL:
    pinned = _PINNED.get()
    if pinned is None or pinned.host != host or pinned.port != port:
        raise _no_pinned(host, port)
    return pinned


class PinningResolver(aiohttp.abc.AbstractResolver):
    """aiohttp's resolver for a :class:`GuardedConnector`: the addresses the session pinned for
    the request being connected, and nothing for any other host (no DNS query)."""

    async def resolve(
        self, host: str, port: int = 0, family: int = 0
    ) -> list[aiohttp.abc.ResolveResult]:
        # aiohttp asks for a fully qualified name with one trailing dot.
        pinned = _PINNED.get()
        if pinned is not None and host.rstrip(".") == pinned.host.rstrip("."):
            host = pinned.host
        return [
            {
                "hostname": host,
                "host": address,
                "port": port,
                "family": _family(address),
                "proto": 0,
                "flags": 0,
            }
            for address in _pinned_for(host, port).addresses
        ]

    async def close(self) -> None:
        pass


def _family(address: str) -> int:
    return socket.AF_INET6 if ":" in address else socket.AF_INET


class GuardedConnector(aiohttp.TCPConnector):
    """An ``aiohttp.TCPConnector`` that connects only to the addresses a
    :class:`GuardedClientSession` pinned for the request (see the module's documentation).
    Keyword arguments: those of ``aiohttp.TCPConnector`` in :data:`CONNECTOR_OPTIONS`."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        unknown = set(options) - CONNECTOR_OPTIONS
        if unknown:
            raise TypeError(f"the guarded connector sets {sorted(unknown)} itself")
        self.policy = DEFAULT_POLICY if policy is None else policy
        super().__init__(resolver=PinningResolver(), use_dns_cache=False, **options)

    def connect(
        self, req: ClientRequest, traces: list[Trace], timeout: aiohttp.ClientTimeout
    ) -> Coroutine[Any, Any, aiohttp.connector.Connection]:
        # (Not a coroutine of its own: the checks run when aiohttp calls it, then aiohttp
        # awaits TCPConnector's connect.)
        if req.proxy is not None:
            raise Refused(
                "proxy",
                "",
                "through a proxy the connection cannot be pinned to the checked address",
            )
        _pinned_for(req.url.raw_host or "", req.port)
        return super().connect(req, traces, timeout)


def _refuse_proxy(name: str) -> Refused:
    return Refused(
        "proxy",
        "",
        f"{name}: through a proxy the connection cannot be pinned to the checked address "
        "(the proxy resolves the name)",
    )


class _HopHeaders(CIMultiDict[str]):
    """A redirect hop's headers, the session's defaults already merged in and the headers a
    redirect drops already dropped (see ``GuardedClientSession._prepare_headers``)."""


def _hop_timeout(timeout: aiohttp.ClientTimeout, deadline: float | None) -> aiohttp.ClientTimeout:
    """``timeout`` with what is left of its total for the next hop (aiohttp's total covers the
    whole request, redirects included)."""
    if deadline is None:
        return timeout
    left = deadline - asyncio.get_running_loop().time()
    if left <= 0:
        raise aiohttp.ServerTimeoutError("the request's total timeout ran out between redirects")
    return aiohttp.ClientTimeout(
        total=left,
        connect=timeout.connect,
        sock_read=timeout.sock_read,
        sock_connect=timeout.sock_connect,
        ceil_threshold=timeout.ceil_threshold,
    )


# aiohttp warns that subclassing ClientSession is discouraged (its private methods may change);
# the guard overrides ``_request``, the one method every request goes through, and
# ``_prepare_headers``, and tests/test_guard_aiohttp.py pins the behaviour of both.
warnings.filterwarnings(
    "ignore", "Inheritance class GuardedClientSession", DeprecationWarning, __name__
)


class GuardedClientSession(aiohttp.ClientSession):
    """The ``aiohttp.ClientSession`` of :func:`aiohttp_session`: every request checked and
    pinned, its redirects followed by the guard (see the module's documentation)."""

    def _prepare_headers(self, headers: Any) -> CIMultiDict[str]:
        if isinstance(headers, _HopHeaders):
            return headers
        return super()._prepare_headers(headers)

    def _guard_url(self, str_or_url: object, params: Any) -> URL | str:
        """The URL a request is for, read by the WHATWG URL parser: relative to the session's
        ``base_url``, ``params`` added to its query as aiohttp adds them."""
        if isinstance(str_or_url, URL) and not params:
            return str_or_url  # a urlspec.URL is taken as it is
        text = str(str_or_url)
        url = parse_or_none(text)
        if url is None and self._base_url is not None:
            url = URL.parse(text, str(self._base_url))
        if url is None:
            return text  # refused by the check: invalid-url
        if params:
            added = str(YarlURL(url.href, encoded=True).extend_query(params))
            return parse_or_none(added) or added  # a text that does not parse: invalid-url
        return url

    async def _request(
        self, method: str, str_or_url: Any, **options: Any
    ) -> aiohttp.ClientResponse:
        connector = self._connector
        if not isinstance(connector, GuardedConnector):
            raise TypeError("a GuardedClientSession needs its GuardedConnector")
        policy = connector.policy
        if options.get("proxy") is not None:
            raise _refuse_proxy("proxy=")
        if options.get("server_hostname") is not None:
            raise TypeError("the guarded session sets server_hostname itself (the URL's host)")
        allow_redirects: bool = options.pop("allow_redirects", True)
        max_redirects: int = options.pop("max_redirects", 10)
        raise_for_status = options.pop("raise_for_status", None)
        timeout = options.pop("timeout", None)
        if timeout is None:
            timeout = self.timeout
        elif not isinstance(timeout, aiohttp.ClientTimeout):
            timeout = aiohttp.ClientTimeout(total=timeout)
        started = self._loop.time()
        url = self._guard_url(str_or_url, options.pop("params", None))
        pinned = await resolve_hop_async(url, policy, 0)
        response = await self._send_pinned(method, pinned, timeout, options)
        if allow_redirects and response.status in REDIRECT_STATUSES:
            deadline = None if timeout.total is None else started + timeout.total
            response = await self._follow_redirects(
                response, method, pinned, policy, max_redirects, timeout, deadline, options
            )
        if raise_for_status is None:
            raise_for_status = self._raise_for_status
        if callable(raise_for_status):
            await raise_for_status(response)
        elif raise_for_status:
            response.raise_for_status()
        return response

    async def _send_pinned(
        self,
        method: str,
        pinned: PinnedURL,
        timeout: aiohttp.ClientTimeout,
        options: dict[str, Any],
    ) -> aiohttp.ClientResponse:
        """One request to the URL of ``pinned`` (aiohttp's own ``_request``, its redirects off),
        its connection only to ``pinned``'s addresses."""
        token = _PINNED.set(pinned)
        try:
            return await super()._request(
                method,
                YarlURL(pinned.url.href, encoded=True),
                allow_redirects=False,
                raise_for_status=False,
                timeout=timeout,
                **options,
            )
        finally:
            _PINNED.reset(token)

    async def _follow_redirects(
        self,
        response: aiohttp.ClientResponse,
        method: str,
        pinned: PinnedURL,
        policy: Policy,
        max_redirects: int,
        timeout: aiohttp.ClientTimeout,
        deadline: float | None,
        options: dict[str, Any],
    ) -> aiohttp.ClientResponse:
        """The redirects ``response`` (to ``method`` for ``pinned``) asks for, followed by the
        Fetch standard's rules (:func:`urlspec.guard.redirects.follow`), each hop checked and
        pinned; the last response, its ``history`` the redirect responses."""
        # The first request sent the caller's headers (aiohttp adds the session's defaults);
        # the hops send them merged, less what each redirect drops.
        headers = self._prepare_headers(options.get("headers"))
        history: list[aiohttp.ClientResponse] = []
        while True:
            try:
                redirect = follow(
                    response.status,
                    response.headers.getall("Location", []),
                    pinned.url,
                    method,
                    len(history),
                    policy,
                )
            except Refused:
                response.close()
                raise
            if redirect is None:
                break
            history.append(response)
            if max_redirects and redirect.hop >= max_redirects:
                response.close()
                raise aiohttp.TooManyRedirects(history[0].request_info, tuple(history))
            response.release()
            method = redirect.method
            if not redirect.keep_body:
                options.pop("data", None)
                options.pop("json", None)
            elif options.get("data") is not None and not isinstance(options["data"], _REPLAYABLE):
                raise aiohttp.ClientPayloadError(
                    "cannot follow a redirect that keeps the body with a streamed request body: "
                    "give it as bytes, or set allow_redirects=False"
                )
            headers = _HopHeaders(headers)
            for name in redirect.drop_headers:
                headers.popall(name, None)
            options["headers"] = headers
            if redirect.cross_origin:
                options.pop("auth", None)
                options.pop("cookies", None)
            pinned = await resolve_hop_async(redirect.url, policy, redirect.hop)
            response = await self._send_pinned(
                method, pinned, _hop_timeout(timeout, deadline), options
            )
        response._history = tuple(history)
        return response


#: aiohttp.ClientSession's keywords the guard sets itself.
_SESSION_OWN: Final = ("connector", "connector_owner", "trust_env", "auth")


def aiohttp_session(policy: Policy | None = None, **options: Any) -> aiohttp.ClientSession:
    """A :class:`GuardedClientSession` (an ``aiohttp.ClientSession``) whose every request,
    redirects included, is checked by ``policy`` and connected only to the addresses it pinned
    (see the module's documentation). Call it inside a running event loop, as
    ``aiohttp.ClientSession`` is.

    Keyword arguments go to ``aiohttp.ClientSession``, those of ``aiohttp.TCPConnector`` in
    :data:`CONNECTOR_OPTIONS` (``ssl``, ``limit``, ``force_close``, ...) to the connector. A
    ``proxy`` is refused (``proxy``); ``connector``, ``trust_env`` and ``auth`` (a session-wide
    ``Authorization`` the session would send to every URL it is given) are the guard's:
    TypeError."""
    policy = DEFAULT_POLICY if policy is None else policy
    if options.get("proxy") is not None:
        raise _refuse_proxy("proxy=")
    options.pop("proxy", None)
    for name in _SESSION_OWN:
        if name in options:
            raise TypeError(f"the guarded session sets {name} itself")
    connector_options = {name: options.pop(name) for name in CONNECTOR_OPTIONS if name in options}
    return GuardedClientSession(
        connector=GuardedConnector(policy, **connector_options), trust_env=False, **options
    )
