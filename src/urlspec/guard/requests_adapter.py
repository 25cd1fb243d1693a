"""The guard inside requests: a transport adapter that connects only to checked, pinned addresses
(urllib3 2).

:class:`GuardedAdapter` replaces requests' ``HTTPAdapter`` on a ``requests.Session``. For every
request it sends, each hop of a redirect chain included (requests hands each hop to the adapter),
it:

1. parses the request's URL with the WHATWG URL parser and runs
   :func:`urlspec.guard.resolving.resolve_hop` (check, one DNS resolution through the policy's
   resolver, every answer checked; a redirect target that fails is ``redirect-refused``);
2. sends the request for that parsed URL: the request's URL becomes its href (without the
   fragment), the ``Host`` header its host;
3. takes the connection from a urllib3 pool for the URL's scheme, host and port whose
   connections open only to the pinned addresses, in the resolver's order (the next one when a
   connection fails, as urllib3 and browsers do), while TLS SNI and certificate verification
   stay on the URL's host (:mod:`urlspec.guard.urllib3_pool`).

The adapter counts the redirects of a request sequence itself, on any session: it keeps a
:class:`~urlspec.guard.redirects.HopState` on each request it sends (and on the copies requests
makes of it to follow a redirect), reads a redirect response's Location with the WHATWG parser
(:mod:`urlspec.guard.redirects`) and hands requests the absolute URL it read. A redirect past
the policy's ``max_redirects`` is ``too-many-redirects``, a refused target
``redirect-refused``; the same request sent again (an authentication retry) is no new hop.

A proxy is refused (``proxy``): through a proxy the connection cannot be pinned.
:func:`session` builds a :class:`GuardedSession`: the adapter for every URL, ``trust_env=False``
(no proxy from the environment, no ``.netrc``), and redirects followed by the Fetch standard's
rules (the method and body of 301/302/303 and 307/308; ``Authorization``, ``Cookie`` and
``Proxy-Authorization`` headers dropped on a hop to another origin, where only the session's
cookie jar gives cookies).
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator, Mapping
from http.cookiejar import CookieJar
from typing import Any, Final

import requests
import requests.adapters
import requests.cookies
import requests.exceptions
import requests.utils
from urllib3.connectionpool import HTTPConnectionPool

from urlspec.guard.checking import check, parse_or_none
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.guard.redirects import REDIRECT_STATUSES, HopState
from urlspec.guard.resolving import PinnedURL, resolve_hop
from urlspec.guard.urllib3_pool import PINNED_POOL_CLASSES, connecting_to
from urlspec.url import URL

__all__ = ["GuardedAdapter", "GuardedSession", "session"]

#: The attribute of a prepared request that carries its HopState.
STATE_ATTRIBUTE: Final = "urlspec_guard_state"
#: The attribute of a prepared request that carries the URL a GuardedSession parsed.
PARSED_ATTRIBUTE: Final = "urlspec_guard_url"


def _proxy_refused() -> Refused:
    return Refused(
        "proxy",
        "",
        "a proxy is configured: through it the connection cannot be pinned to the checked "
        "address (the proxy resolves the name)",
    )


def _keep_state_on_copies(request: requests.PreparedRequest) -> None:
    """Make ``request.copy()`` (what requests follows a redirect and retries an authentication
    with) carry the request's HopState."""
    copy = type(request).copy
    # Held weakly: a request holding a function holding the request would be a reference cycle,
    # garbage for the collector after every request.
    original = weakref.ref(request)

    def copy_with_state() -> requests.PreparedRequest:
        source = original()
        if source is None:  # the method kept after its request was gone
            raise ReferenceError("the request to copy no longer exists")
        made = copy(source)
        setattr(made, STATE_ATTRIBUTE, getattr(source, STATE_ATTRIBUTE, None))
        return made

    setattr(request, "copy", copy_with_state)  # noqa: B010


class GuardedAdapter(requests.adapters.HTTPAdapter):
    """A requests transport adapter that sends a request only when ``policy`` lets its URL
    through, over a connection to an address it checked (see the module's documentation).
    Other keyword arguments go to ``requests.adapters.HTTPAdapter``."""

    def __init__(self, policy: Policy | None = None, **options: Any) -> None:
        self.policy = DEFAULT_POLICY if policy is None else policy
        self._local = threading.local()
        super().__init__(**options)

    def init_poolmanager(
        self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any
    ) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = PINNED_POOL_CLASSES

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        raise _proxy_refused()

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
            raise _proxy_refused()
        parsed = getattr(request, PARSED_ATTRIBUTE, None)
        own = parsed if isinstance(parsed, URL) and parsed.href == url_text else url_text
        target, hop = HopState.target(getattr(request, STATE_ATTRIBUTE, None), request, own)
        pinned = resolve_hop(target, self.policy, hop)
        url = pinned.url
        state = HopState(request, hop, url)
        setattr(request, STATE_ATTRIBUTE, state)
        _keep_state_on_copies(request)
        # The href without its fragment ("#" appears in an href only before the fragment).
        request.url = url.href.partition("#")[0]
        request.headers["Host"] = url.host
        self._local.pinned = (request.url, pinned)
        try:
            with connecting_to(pinned):
                response = super().send(request, stream, timeout, verify, cert, proxies)
        finally:
            self._local.pinned = None
        raw = response.raw
        if response.status_code not in REDIRECT_STATUSES or raw is None:
            return response
        redirect = state.answered(
            response.status_code,
            raw.headers.getlist("Location"),
            request.method or "GET",
            self.policy,
        )
        if redirect is not None:
            # requests reads the Location the guard read, as an absolute URL.
            response.headers["Location"] = redirect.url.href
        return response

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
        # The pool is the URL host's: TLS SNI and certificate verification on the name, the
        # TCP connection to the pinned addresses (urllib3_pool.connecting_to).
        pool: HTTPConnectionPool = self.poolmanager.connection_from_host(
            pinned.host, pinned.port, scheme, pool_kwargs=pool_options
        )
        return pool

    def get_connection(
        self, url: str | bytes, proxies: Mapping[str, str] | None = None
    ) -> HTTPConnectionPool:
        raise Refused(
            "resolution-failed",
            "",
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
        # A URL given as a string is read by the WHATWG URL parser first (a string that is no
        # absolute URL is refused, invalid-url), a urlspec.URL is taken as it is: requests gets
        # its href, the adapter the parsed URL (while the prepared request is still for it).
        url: object = request.url
        parsed = url if isinstance(url, URL) else None
        if isinstance(url, str):
            parsed = parse_or_none(url)
            if parsed is None:
                check(url, self.policy)  # raises invalid-url
        if parsed is not None:
            request.url = parsed.href
        try:
            prepared = super().prepare_request(request)
        except requests.exceptions.InvalidURL:
            if parsed is not None:  # requests refuses some hosts: the guard's reason first
                check(parsed, self.policy)
            raise
        if parsed is not None:
            if prepared.url == parsed.href:
                setattr(prepared, PARSED_ATTRIBUTE, parsed)
            else:
                # requests read the href otherwise (query parameters added, or a port 0
                # dropped: the adapter would see port 80): the URL given must pass too.
                check(parsed, self.policy)
        return prepared

    def resolve_redirects(  # type: ignore[override]
        self,
        resp: requests.Response,
        req: requests.PreparedRequest,
        stream: bool = False,
        timeout: Any = None,
        verify: bool | str = True,
        cert: Any = None,
        proxies: Any = None,
        yield_requests: bool = False,
        **adapter_kwargs: Any,
    ) -> Iterator[Any]:
        """The redirects of ``resp``, followed by the Fetch standard's rules
        (:mod:`urlspec.guard.redirects`) as the adapter read them."""
        history: list[requests.Response] = []
        while True:
            state = getattr(resp.request, STATE_ATTRIBUTE, None)
            if not isinstance(state, HopState):
                return
            if state.refused is not None:
                if yield_requests:  # asked what the next request would be: there is none
                    return
                resp.close()
                raise state.refused
            redirect = state.redirect
            if redirect is None:
                return
            history.append(resp)
            resp.history = history[1:]
            try:
                resp.content  # noqa: B018  # read the body, so the connection can be reused
            except (
                requests.exceptions.ChunkedEncodingError,
                requests.exceptions.ContentDecodingError,
                RuntimeError,
            ):
                resp.raw.read(decode_content=False)
            resp.close()
            sent = resp.request
            new = sent.copy()
            new.url = redirect.url.href
            new.method = redirect.method
            for name in list(new.headers):
                lower = name.lower()
                if lower in redirect.drop_headers or lower == "host":
                    del new.headers[name]
            if not redirect.keep_body:
                new.body = None
                new._body_position = None
            # Cookies: on the same origin the request's own and the session's; on another
            # origin only what the session's jar holds for it.
            jar: CookieJar = requests.cookies.RequestsCookieJar()
            if not redirect.cross_origin and new._cookies is not None:
                jar = new._cookies
            requests.cookies.extract_cookies_to_jar(jar, sent, resp.raw)
            requests.cookies.merge_cookies(jar, self.cookies)
            new.prepare_cookies(jar)
            position = getattr(new, "_body_position", None)
            if redirect.keep_body and position is not None:
                requests.utils.rewind_body(new)
            if yield_requests:
                yield new
                return
            resp = self.send(
                new,
                stream=stream,
                timeout=timeout,
                verify=verify,
                cert=cert,
                proxies=proxies,
                allow_redirects=False,
                **adapter_kwargs,
            )
            requests.cookies.extract_cookies_to_jar(self.cookies, new, resp.raw)
            yield resp


def session(policy: Policy | None = None) -> GuardedSession:
    """A ``requests.Session`` guarded by ``policy``: a :class:`GuardedAdapter` for every URL,
    no proxy, no ``.netrc`` (``trust_env=False``), redirects followed with each hop checked and
    at most ``policy.max_redirects`` of them."""
    return GuardedSession(policy)
