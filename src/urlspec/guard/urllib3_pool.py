"""The guard inside urllib3: a ``PoolManager`` that connects only to checked, pinned addresses.

:func:`pool_manager` builds a :class:`GuardedPoolManager` (a ``urllib3.PoolManager``). For every
request its ``request()`` and ``urlopen()`` send, each redirect hop included, it:

1. reads the URL with the WHATWG URL parser (a ``str`` or a :class:`urlspec.URL`) and runs
   :func:`urlspec.guard.resolving.resolve_hop` (check, one resolution through the policy's
   resolver, every answer checked; a redirect target that fails is ``redirect-refused``);
2. sends the request for that parsed URL: the pool is the one for its scheme, host and port,
   the request target its path and query, the ``Host`` header its host (never urllib3's own
   parse of the URL);
3. opens a TCP connection only to the pinned addresses, in the resolver's order (the next one
   when a connection fails, as urllib3 does with the answers of its own lookup), while TLS SNI
   and certificate verification stay on the URL's host (the pool's host is the name; its
   connections never look it up). A connection asked for a host with no pinned address (a
   pool taken with ``connection_from_url`` and used directly) refuses.

Redirects are followed by the guard, not by urllib3: each Location is read by the WHATWG parser
against the current URL (:mod:`urlspec.guard.redirects`, the Fetch standard's rules for the
method, the body and the headers dropped on a hop to another origin), the hops of one call are
counted against the policy's ``max_redirects`` (``too-many-redirects``), and a ``retries``
setting (``Retry(redirect=...)``, ``raise_on_redirect``, ``retries=False``) can only lower that
limit, never raise it nor send a hop unchecked. ``redirect=False`` returns the redirect response.

A ``PoolManager`` reads no proxy from the environment; urllib3's ``ProxyManager`` is not
guarded (a proxy resolves the name itself).
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any, Final

from urllib3 import BaseHTTPResponse, HTTPHeaderDict, PoolManager
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError
from urllib3.util.retry import Retry

from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.redirects import REDIRECT_STATUSES, follow
from urlspec.guard.resolving import PinnedURL, resolve_hop
from urlspec.url import URL

__all__ = ["PINNED_POOL_CLASSES", "GuardedPoolManager", "connecting_to", "pool_manager"]

_PINNED: ContextVar[PinnedURL | None] = ContextVar("urlspec.guard.urllib3.pinned", default=None)


class _Connecting(contextlib.AbstractContextManager[None]):
    """What :func:`connecting_to` returns."""

    __slots__ = ("_pinned", "_token")

    def __init__(self, pinned: PinnedURL) -> None:
        self._pinned = pinned

    def __enter__(self) -> None:
        self._token = _PINNED.set(self._pinned)

    def __exit__(self, *raised: object) -> None:
        _PINNED.reset(self._token)


def connecting_to(pinned: PinnedURL) -> contextlib.AbstractContextManager[None]:
    """Within the block, a connection of the pools of :data:`PINNED_POOL_CLASSES` for
    ``pinned``'s host and port connects to its addresses (urllib3 opens a request's connection
    in the thread, and the context, that sends it)."""
    return _Connecting(pinned)


def _connect_pinned(
    connection: HTTPConnection, connect: Callable[[], socket.socket]
) -> socket.socket:
    """``connect()`` (urllib3's own ``_new_conn``, with its errors) to each pinned address of
    ``connection``'s host in turn, until one accepts."""
    host = connection._dns_host
    pinned = _PINNED.get()
    if pinned is None or pinned.host != host or pinned.port != connection.port:
        raise Refused("resolution-failed", "", f"no checked address to connect to for {host}")
    last: Exception | None = None
    try:
        for address in pinned.addresses:
            connection._dns_host = address
            try:
                return connect()
            except (NewConnectionError, ConnectTimeoutError) as error:
                last = error
    finally:
        connection._dns_host = host
    assert last is not None
    raise last


class _PinnedHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        return _connect_pinned(self, super()._new_conn)


class _PinnedHTTPSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return _connect_pinned(self, super()._new_conn)


class _PinnedHTTPConnectionPool(HTTPConnectionPool):
    ConnectionCls = _PinnedHTTPConnection


class _PinnedHTTPSConnectionPool(HTTPSConnectionPool):
    ConnectionCls = _PinnedHTTPSConnection


#: ``PoolManager.pool_classes_by_scheme`` for pools keyed by the URL's host whose connections
#: open only to the addresses of :func:`connecting_to` (and refuse outside it).
PINNED_POOL_CLASSES: Final[dict[str, type[HTTPConnectionPool]]] = {
    "http": _PinnedHTTPConnectionPool,
    "https": _PinnedHTTPSConnectionPool,
}


def _without(headers: Mapping[str, str], names: frozenset[str]) -> HTTPHeaderDict:
    kept = HTTPHeaderDict()
    for name, value in HTTPHeaderDict(headers).iteritems():
        if name.lower() not in names:
            kept.add(name, value)
    return kept


class GuardedPoolManager(PoolManager):
    """A ``urllib3.PoolManager`` whose requests go only where ``policy`` lets them, over
    connections to checked addresses (see the module's documentation). Keyword arguments are
    ``PoolManager``'s (``num_pools``, ``headers``, ``retries``, ``timeout``, ``ca_certs``,
    ``cert_reqs``, ``ssl_context``, ...)."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.policy = DEFAULT_POLICY if policy is None else policy
        self.pool_classes_by_scheme = PINNED_POOL_CLASSES

    def request(
        self,
        method: str,
        url: str | URL,
        body: Any = None,
        fields: Any = None,
        headers: Mapping[str, str] | None = None,
        json: Any = None,
        **urlopen_kw: Any,
    ) -> BaseHTTPResponse:
        """``PoolManager.request``, taking a :class:`urlspec.URL` too."""
        text = url.href if isinstance(url, URL) else url
        return super().request(method, text, body, fields, headers, json, **urlopen_kw)

    def urlopen(  # type: ignore[override]
        self, method: str, url: str | URL, redirect: bool = True, **kw: Any
    ) -> BaseHTTPResponse:
        """Send ``method`` to ``url`` (a ``str`` or a :class:`urlspec.URL`), following
        redirects when ``redirect`` is true, every hop checked; raises
        :class:`~urlspec.guard.reasons.Refused` for a URL the policy refuses."""
        headers: Mapping[str, str] = kw.pop("headers", None) or self.headers
        kw["assert_same_host"] = False
        kw["redirect"] = False
        # The caller's retries (the call's, else the manager's), if any, may allow fewer
        # redirects than the policy, never more: the policy's limit is follow()'s.
        retries = kw.get("retries", self.connection_pool_kw.get("retries"))
        hops = 0
        target: URL | str = url
        while True:
            pinned = resolve_hop(target, self.policy, hops)
            current = pinned.url
            pool = self.connection_from_host(
                pinned.host, port=pinned.port, scheme=current.protocol[:-1]
            )
            sent = HTTPHeaderDict(headers)
            sent["Host"] = current.host
            token = _PINNED.set(pinned)  # what connecting_to does
            try:
                response = pool.urlopen(
                    method, current.pathname + current.search, headers=sent, **kw
                )
            finally:
                _PINNED.reset(token)
            if not redirect or response.status not in REDIRECT_STATUSES:
                return response
            try:
                step = follow(
                    response.status,
                    response.headers.getlist("Location"),
                    current,
                    method,
                    hops,
                    self.policy,
                )
            except Refused:
                response.drain_conn()
                raise
            if step is None:
                return response
            if retries is not None:  # counted as urllib3's PoolManager counts them
                if not isinstance(retries, Retry):
                    retries = Retry.from_int(retries, redirect=redirect)
                try:
                    retries = retries.increment(method, current.href, response=response, _pool=pool)
                except MaxRetryError:
                    if retries.raise_on_redirect:
                        response.drain_conn()
                        raise
                    return response
                kw["retries"] = retries
            response.drain_conn()
            method = step.method
            if not step.keep_body:
                kw["body"] = None
                kw["chunked"] = False
                kw["body_pos"] = None
                kw.pop("fields", None)
            headers = _without(headers, step.drop_headers)
            hops, target = step.hop, step.url


def pool_manager(policy: Policy | None = None, **options: Any) -> PoolManager:
    """A :class:`GuardedPoolManager` for ``policy`` (default: the default policy); ``options``
    go to ``urllib3.PoolManager``."""
    return GuardedPoolManager(policy, **options)
