"""The guard inside ``urllib.request``: an opener that connects only to checked, pinned addresses.

:func:`opener` builds a :class:`GuardedOpener` (a ``urllib.request.OpenerDirector``) with these
handlers and no others:

* :class:`GuardedHTTPHandler` for ``http`` and ``https``: for every request, each redirect hop
  included, it runs :func:`urlspec.guard.resolving.resolve_hop` on the URL as the WHATWG URL
  parser reads it (check, one resolution through the policy's resolver, every answer checked),
  sends the request for that parsed URL (the request target its path and query, the ``Host``
  header its host) over an ``http.client`` connection whose TCP connection goes only to the
  pinned addresses, in the resolver's order (the next one when a connection fails), while TLS
  SNI and certificate verification stay on the URL's host. A request sent through a proxy
  (``Request.set_proxy``, or a ``ProxyHandler`` added later) is refused (``proxy``);
* :class:`GuardedRedirectHandler`: every redirect (301, 302, 303, 307, 308) through
  :mod:`urlspec.guard.redirects` (the Location read by the WHATWG parser against the current URL,
  the Fetch standard's method, body and cross-origin header rules, the hops of one ``open()``
  counted against the policy's ``max_redirects``), the target checked when it is sent;
* ``HTTPDefaultErrorHandler`` and ``HTTPErrorProcessor`` (a status that is no success and no
  followed redirect raises ``urllib.error.HTTPError``, as with urllib's own opener);
* a handler refusing every other scheme (``file:``, ``ftp:``, ``data:``, ...) with the policy's
  reason (``scheme-not-allowed``).

There is no ``ProxyHandler`` (no proxy from the environment) and no cookie handler. The opener's
``open()`` takes a ``str``, a :class:`urlspec.URL` or a ``urllib.request.Request``.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import urllib.request
from collections.abc import Callable
from typing import IO, Final, cast

from urlspec.guard.checking import check, parse_or_none, shown
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.redirects import follow
from urlspec.guard.resolving import PinnedURL, resolve_hop
from urlspec.guard.sockets import connect_pinned
from urlspec.url import URL

__all__ = ["GuardedHTTPHandler", "GuardedOpener", "GuardedRedirectHandler", "opener"]

#: The attribute of a Request that says which hop of a redirect sequence it is.
HOP_ATTRIBUTE: Final = "urlspec_guard_hop"
#: The attribute of a Request that carries the URL the guard parsed for it.
PARSED_ATTRIBUTE: Final = "urlspec_guard_url"
#: The attribute of a Request that carries the URL it was sent for (a redirect's base).
SENT_ATTRIBUTE: Final = "urlspec_guard_sent"

#: socket's "no timeout given" (the default of ``socket.create_connection``); typed as a timeout.
_DEFAULT_TIMEOUT: Final = cast(float | None, vars(socket)["_GLOBAL_DEFAULT_TIMEOUT"])


def _parsed(request: urllib.request.Request) -> URL | str:
    """The URL the guard parsed for ``request`` while its URL is still that one's href, else its
    URL as text (parsed by the guard's check)."""
    parsed = getattr(request, PARSED_ATTRIBUTE, None)
    url = request.full_url
    if isinstance(parsed, URL) and parsed.href == url:
        return parsed
    return url


def _connection_class(
    pinned: PinnedURL, context: ssl.SSLContext | None
) -> Callable[..., http.client.HTTPConnection]:
    """What ``AbstractHTTPHandler.do_open`` calls to make the connection: an ``http.client``
    connection for the URL's host and port whose socket goes to a pinned address."""

    def connection(
        host: str, timeout: float | None = _DEFAULT_TIMEOUT, **options: object
    ) -> http.client.HTTPConnection:
        made: http.client.HTTPConnection
        if pinned.url.protocol == "https:":
            made = http.client.HTTPSConnection(
                pinned.host, pinned.port, timeout=timeout, context=context
            )
        else:
            made = http.client.HTTPConnection(pinned.host, pinned.port, timeout=timeout)

        def create_connection(
            address: tuple[str, int],
            timeout: float | None = _DEFAULT_TIMEOUT,
            source_address: tuple[str, int] | None = None,
        ) -> socket.socket:
            if timeout is _DEFAULT_TIMEOUT:  # what socket.create_connection leaves the socket
                timeout = socket.getdefaulttimeout()
            return connect_pinned(pinned, timeout, source_address)

        # HTTPConnection.connect (and HTTPSConnection.connect before it wraps the socket in TLS
        # for the host) opens its socket with this attribute.
        setattr(made, "_create_connection", create_connection)  # noqa: B010
        return made

    return connection


class GuardedHTTPHandler(urllib.request.AbstractHTTPHandler):
    """Opens ``http`` and ``https`` URLs the policy lets through, over connections to checked
    addresses (see the module's documentation). ``context`` is the TLS context for ``https``
    (default: ``ssl.create_default_context()``, which verifies the certificate and the host
    name)."""

    def __init__(self, policy: Policy | None = None, context: ssl.SSLContext | None = None) -> None:
        super().__init__()
        self.policy = DEFAULT_POLICY if policy is None else policy
        self._context = ssl.create_default_context() if context is None else context

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        if req.has_proxy() or getattr(req, "_tunnel_host", None):
            raise Refused(
                "proxy",
                "",
                "the request goes through a proxy: the connection could not be pinned to the "
                "checked address (the proxy resolves the name)",
            )
        pinned = resolve_hop(_parsed(req), self.policy, getattr(req, HOP_ATTRIBUTE, 0))
        url = pinned.url
        setattr(req, SENT_ATTRIBUTE, url)
        # The request line and the Host header of the checked URL, never urllib's own parse.
        req.selector = url.pathname + url.search
        req.add_unredirected_header("Host", url.host)
        response: http.client.HTTPResponse = self.do_open(
            _connection_class(pinned, self._context), req
        )
        return response

    https_open = http_open
    http_request = urllib.request.AbstractHTTPHandler.do_request_
    https_request = urllib.request.AbstractHTTPHandler.do_request_


class GuardedRedirectHandler(urllib.request.BaseHandler):
    """Follows redirects as a browser does (:func:`urlspec.guard.redirects.follow`), each hop
    counted and sent again through the opener (and so checked)."""

    def __init__(self, policy: Policy | None = None) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy

    def http_error_302(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
    ) -> object:
        current = getattr(req, SENT_ATTRIBUTE, None)
        if not isinstance(current, URL):
            return None
        step = follow(
            code,
            headers.get_all("Location") or [],
            current,
            req.get_method(),
            getattr(req, HOP_ATTRIBUTE, 0),
            self.policy,
        )
        if step is None:
            return None  # no Location: the default error handler raises HTTPError
        fp.read()
        fp.close()
        new = urllib.request.Request(
            step.url.href,
            data=req.data if step.keep_body else None,
            headers={
                name: value
                for name, value in req.header_items()
                if name.lower() not in step.drop_headers and name.lower() != "host"
            },
            origin_req_host=req.origin_req_host,
            unverifiable=True,
            method=step.method,
        )
        setattr(new, HOP_ATTRIBUTE, step.hop)
        setattr(new, PARSED_ATTRIBUTE, step.url)
        assert self.parent is not None
        return self.parent.open(new, timeout=req.timeout)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


class _OtherSchemes(urllib.request.BaseHandler):
    """Refuses every scheme the guarded handlers do not open, with the policy's reason."""

    handler_order = 1000  # after every handler that could open it

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def unknown_open(self, req: urllib.request.Request) -> None:
        hop = getattr(req, HOP_ATTRIBUTE, 0)
        try:
            url = check(_parsed(req), self.policy)
            raise Refused(
                "scheme-not-allowed",
                shown(url),
                f"the guarded opener fetches http and https only, not {url.protocol[:-1]}",
            )
        except Refused as refused:
            if hop == 0:
                raise
            raise Refused(
                "redirect-refused",
                refused.url,
                f"redirect {hop}: {refused.detail}",
                hop_reason=refused.reason,
            ) from None


class GuardedOpener(urllib.request.OpenerDirector):
    """The ``OpenerDirector`` of :func:`opener`: ``open()`` takes a :class:`urlspec.URL` too,
    and reads a URL given as a ``str`` with the WHATWG URL parser (urllib gets its href)."""

    def open(  # type: ignore[override]
        self,
        fullurl: str | URL | urllib.request.Request,
        data: bytes | None = None,
        timeout: float | None = _DEFAULT_TIMEOUT,
    ) -> object:
        if isinstance(fullurl, str | URL):
            parsed = fullurl if isinstance(fullurl, URL) else parse_or_none(fullurl)
            if parsed is None:
                check(fullurl)  # raises invalid-url
                raise AssertionError("unreachable")
            fullurl = urllib.request.Request(parsed.href)
            setattr(fullurl, PARSED_ATTRIBUTE, parsed)
        return super().open(fullurl, data, timeout)


def opener(
    policy: Policy | None = None, *, context: ssl.SSLContext | None = None
) -> urllib.request.OpenerDirector:
    """A :class:`GuardedOpener` for ``policy`` (default: the default policy): HTTP and HTTPS
    handlers that connect only to checked addresses, a redirect handler that checks every hop,
    no proxy, no other scheme. ``context`` is the TLS context for ``https``."""
    policy = DEFAULT_POLICY if policy is None else policy
    director = GuardedOpener()
    for handler in (
        GuardedHTTPHandler(policy, context),
        urllib.request.HTTPDefaultErrorHandler(),
        GuardedRedirectHandler(policy),
        urllib.request.HTTPErrorProcessor(),
        _OtherSchemes(policy),
    ):
        director.add_handler(handler)
    return director
