"""urlspec.guard: fetch URLs a stranger supplied without reaching what they should not reach
(server-side request forgery).

* :class:`Policy` says what may be fetched (by default: ``http``/``https`` to global addresses,
  no credentials, at most 5 redirects, no proxy);
* :func:`check` decides without DNS, on the URL as the WHATWG URL parser (a browser) reads it;
* :func:`resolve` resolves the host once and returns the addresses to pin (:class:`PinnedURL`)
  only when every answer passes; :func:`resolve_async` does the same in asyncio code;
* :class:`GuardedTransport`, :class:`AsyncGuardedTransport` (httpx), :class:`GuardedAdapter`
  (requests), :class:`GuardedPoolManager` (urllib3) and :class:`GuardedOpener`
  (``urllib.request``) connect only to pinned addresses, check every redirect hop (read as a
  browser reads it: :mod:`urlspec.guard.redirects`), and keep the Host header, TLS SNI and
  certificate verification on the name; :func:`client`, :func:`async_client`, :func:`session`,
  :func:`pool_manager`, :func:`opener` and :func:`aiohttp_session` (an aiohttp session over a
  :class:`GuardedConnector`) build ready clients;
* :func:`create_connection` and :func:`open_connection` connect a socket (or asyncio streams)
  to a checked address only, for any other protocol (Redis, SMTP, websockets, databases).

Every refusal is a :class:`Refused` (a ``ValueError``) with a stable ``reason`` code
(:data:`REASONS`). The clients' modules import their HTTP client: they are loaded on first use
of their names (extras ``urlspec[httpx]``, ``urlspec[requests]``, ``urlspec[urllib3]``,
``urlspec[aiohttp]``; the ``urllib.request`` opener needs none), as is the socket module
(asyncio). See docs/security.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from urlspec.guard.checking import check
from urlspec.guard.policy import DEFAULT_POLICY, AsyncResolver, Policy, PolicyError, Resolver
from urlspec.guard.reasons import REASONS, Refused
from urlspec.guard.resolving import PinnedURL, resolve, resolve_async

if TYPE_CHECKING:
    from urlspec.guard.aiohttp_client import GuardedClientSession as GuardedClientSession
    from urlspec.guard.aiohttp_client import GuardedConnector as GuardedConnector
    from urlspec.guard.aiohttp_client import aiohttp_session as aiohttp_session
    from urlspec.guard.httpx_transport import AsyncGuardedClient as AsyncGuardedClient
    from urlspec.guard.httpx_transport import AsyncGuardedTransport as AsyncGuardedTransport
    from urlspec.guard.httpx_transport import GuardedClient as GuardedClient
    from urlspec.guard.httpx_transport import GuardedTransport as GuardedTransport
    from urlspec.guard.httpx_transport import async_client as async_client
    from urlspec.guard.httpx_transport import client as client
    from urlspec.guard.requests_adapter import GuardedAdapter as GuardedAdapter
    from urlspec.guard.requests_adapter import GuardedSession as GuardedSession
    from urlspec.guard.requests_adapter import session as session
    from urlspec.guard.sockets import create_connection as create_connection
    from urlspec.guard.sockets import open_connection as open_connection
    from urlspec.guard.urllib3_pool import GuardedPoolManager as GuardedPoolManager
    from urlspec.guard.urllib3_pool import pool_manager as pool_manager
    from urlspec.guard.urllib_opener import GuardedOpener as GuardedOpener
    from urlspec.guard.urllib_opener import opener as opener

# name -> the module that defines it (imported on first use: it imports an HTTP client, or asyncio)
_LAZY: dict[str, str] = {
    "GuardedTransport": "urlspec.guard.httpx_transport",
    "GuardedClient": "urlspec.guard.httpx_transport",
    "AsyncGuardedClient": "urlspec.guard.httpx_transport",
    "AsyncGuardedTransport": "urlspec.guard.httpx_transport",
    "client": "urlspec.guard.httpx_transport",
    "async_client": "urlspec.guard.httpx_transport",
    "GuardedAdapter": "urlspec.guard.requests_adapter",
    "GuardedSession": "urlspec.guard.requests_adapter",
    "session": "urlspec.guard.requests_adapter",
    "GuardedPoolManager": "urlspec.guard.urllib3_pool",
    "pool_manager": "urlspec.guard.urllib3_pool",
    "GuardedOpener": "urlspec.guard.urllib_opener",
    "opener": "urlspec.guard.urllib_opener",
    "GuardedClientSession": "urlspec.guard.aiohttp_client",
    "GuardedConnector": "urlspec.guard.aiohttp_client",
    "aiohttp_session": "urlspec.guard.aiohttp_client",
    "create_connection": "urlspec.guard.sockets",
    "open_connection": "urlspec.guard.sockets",
}

__all__ = [
    "DEFAULT_POLICY",
    "REASONS",
    "AsyncResolver",
    "PinnedURL",
    "Policy",
    "PolicyError",
    "Refused",
    "Resolver",
    "check",
    "resolve",
    "resolve_async",
    *sorted(_LAZY),
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'urlspec.guard' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
