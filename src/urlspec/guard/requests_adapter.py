"""The guard inside requests: a transport adapter that connects only to checked, pinned addresses
(urllib3 2).

:class:`GuardedAdapter` replaces requests' ``HTTPAdapter`` on a ``requests.Session``. For every
request it sends, each hop of a redirect chain included (requests hands each hop to the adapter),
it:

1. parses the request's URL with the WHATWG URL parser and runs :func:`urlspec.guard.resolve`
   (check, one DNS resolution through the policy's resolver, every answer checked);
2. sends the request for that parsed URL: the request's URL becomes its href (without the
   fragment), the ``Host`` header its host;
3. takes the connection from a urllib3 pool whose host is the first pinned address, with
   ``server_hostname`` and ``assert_hostname`` set to the URL's host for HTTPS, so that TLS SNI
   and certificate verification stay on the name while the TCP connection goes to the checked
   address (urllib3 keys its pools by both, so a connection is never shared between names).

A proxy is refused (``proxy``): through a proxy the connection cannot be pinned. :func:`session`
builds a ``requests.Session`` with the adapter mounted for ``http://`` and ``https://``,
``trust_env=False`` (no proxy from the environment, no ``.netrc``), and the hops of a redirect
chain counted, so that the policy's ``max_redirects`` applies (``too-many-redirects``) and a
refused target is ``redirect-refused``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from typing import Any, Final

import requests
import requests.adapters
import requests.utils
from urllib3.connectionpool import HTTPConnectionPool

from urlspec.guard.checking import parse_or_none
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.resolving import PinnedURL, resolve_hop
from urlspec.host import HostKind
from urlspec.url import URL

__all__ = ["GuardedAdapter", "GuardedSession", "session"]

#: The attribute of a prepared request that says which hop of a redirect chain it is.
HOP_ATTRIBUTE: Final = "urlspec_guard_hop"
#: The attribute of a prepared request that carries the URL a GuardedSession parsed.
PARSED_ATTRIBUTE: Final = "urlspec_guard_url"


class GuardedAdapter(requests.adapters.HTTPAdapter):
    """A requests transport adapter that sends a request only when ``policy`` lets its URL
    through, over a connection to an address it checked (see the module's documentation).
    Other keyword arguments go to ``requests.adapters.HTTPAdapter``."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        self._local = threading.local()
        super().__init__(**options)

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: float | tuple[float | None, float | None] | None = None,
        verify: bool | str = True,
        cert: str | tuple[str, str] | None = None,
        proxies: dict[str, str] | None = None,
    ) -> requests.Response:
        url_text = request.url or ""
        if proxies and requests.utils.select_proxy(url_text, proxies):
            raise Refused(
                "proxy",
                url_text,
                "a proxy is configured: through it the connection cannot be pinned to the "
                "checked address (the proxy resolves the name)",
            )
        parsed = getattr(request, PARSED_ATTRIBUTE, None)
        checked = parsed if isinstance(parsed, URL) and parsed.href == url_text else url_text
        pinned = resolve_hop(checked, self.policy, getattr(request, HOP_ATTRIBUTE, 0))
        url = pinned.url
        # The href without its fragment ("#" appears in an href only before the fragment).
        request.url = url.href.partition("#")[0]
        request.headers["Host"] = url.host
        self._local.pinned = (request.url, pinned)
        try:
            return super().send(request, stream, timeout, verify, cert, proxies)
        finally:
            self._local.pinned = None

    def get_connection_with_tls_context(
        self,
        request: requests.PreparedRequest,
        verify: bool | str | None,
        proxies: Mapping[str, str] | None = None,
        cert: str | tuple[str, str] | None = None,
    ) -> HTTPConnectionPool:
        sent: tuple[str, PinnedURL] | None = getattr(self._local, "pinned", None)
        if sent is None or request.url != sent[0]:
            raise Refused(
                "resolution-failed", request.url or "", "no checked address to connect to"
            )
        pinned = sent[1]
        scheme = pinned.url.protocol[:-1]
        pool_options = _tls_options(verify, cert) if scheme == "https" else {}
        if scheme == "https" and pinned.url.host_kind is HostKind.DOMAIN:
            pool_options["server_hostname"] = pinned.host
            pool_options["assert_hostname"] = pinned.host
        pool: HTTPConnectionPool = self.poolmanager.connection_from_host(
            pinned.addresses[0], pinned.port, scheme, pool_kwargs=pool_options
        )
        return pool

    def get_connection(
        self, url: str | bytes, proxies: Mapping[str, str] | None = None
    ) -> HTTPConnectionPool:
        raise Refused(
            "resolution-failed",
            url if isinstance(url, str) else url.decode("ascii", "replace"),
            "the guarded adapter connects only through get_connection_with_tls_context",
        )


def _tls_options(verify: bool | str | None, cert: str | tuple[str, str] | None) -> dict[str, Any]:
    """urllib3's pool options for requests' ``verify`` and ``cert`` (what ``HTTPAdapter``
    derives from them)."""
    options: dict[str, Any] = {}
    if verify is False:
        options["cert_reqs"] = "CERT_NONE"
    else:
        options["cert_reqs"] = "CERT_REQUIRED"
        bundle = verify if isinstance(verify, str) else requests.utils.DEFAULT_CA_BUNDLE_PATH
        if os.path.isdir(bundle):
            options["ca_cert_dir"] = bundle
        else:
            options["ca_certs"] = bundle
    if cert is not None:
        if isinstance(cert, tuple):
            options["cert_file"], options["key_file"] = cert
        else:
            options["cert_file"] = cert
    return options


class GuardedSession(requests.Session):
    """A ``requests.Session`` whose every request goes through a :class:`GuardedAdapter`; see
    :func:`session`."""

    def __init__(self, policy: Policy | None = None) -> None:
        super().__init__()
        self.policy = DEFAULT_POLICY if policy is None else policy
        self.trust_env = False
        # One more than the policy: the adapter refuses the hop past the limit itself.
        self.max_redirects = self.policy.max_redirects + 1
        self.adapter = GuardedAdapter(self.policy)
        self.mount("http://", self.adapter)
        self.mount("https://", self.adapter)

    def get_adapter(self, url: str) -> requests.adapters.BaseAdapter:
        # Every URL, whatever its scheme, goes to the guard (which refuses it with a reason
        # code), never to another adapter.
        return self.adapter

    def prepare_request(self, request: requests.Request) -> requests.PreparedRequest:
        # A URL given as a string is read by the WHATWG URL parser first: requests gets its
        # href, the adapter the parsed URL (while the prepared request is still for it).
        parsed = parse_or_none(request.url) if isinstance(request.url, str) else None
        if parsed is not None:
            request.url = parsed.href
        prepared = super().prepare_request(request)
        if parsed is not None and prepared.url == parsed.href:
            setattr(prepared, PARSED_ATTRIBUTE, parsed)
        return prepared

    def rebuild_auth(
        self, prepared_request: requests.PreparedRequest, response: requests.Response
    ) -> None:
        # Called for each redirect hop before it is sent: count the hop.
        setattr(prepared_request, HOP_ATTRIBUTE, getattr(response.request, HOP_ATTRIBUTE, 0) + 1)
        super().rebuild_auth(prepared_request, response)


def session(policy: Policy | None = None) -> GuardedSession:
    """A ``requests.Session`` guarded by ``policy``: a :class:`GuardedAdapter` for ``http://``
    and ``https://``, no proxy, no ``.netrc`` (``trust_env=False``), redirects followed with
    each hop checked and at most ``policy.max_redirects`` of them."""
    return GuardedSession(policy)
