"""The redirect step every guarded client shares: what a browser does with a redirect response.

The Fetch standard's HTTP-redirect fetch (https://fetch.spec.whatwg.org/#http-redirect-fetch),
as a guarded client needs it:

* a response is a redirect when its status is a redirect status (301, 302, 303, 307, 308;
  https://fetch.spec.whatwg.org/#redirect-status) and it has a ``Location`` header;
* the Location is parsed by the WHATWG URL parser with the current URL as its base
  (https://fetch.spec.whatwg.org/#concept-response-location-url), never by the HTTP client's
  own URL parser first: ``http://ｐｕｂｌｉｃ.test/ok``, a tab inside the host, ``http:ok`` mean
  what they mean to a browser. The header's bytes are read as UTF-8 when they are UTF-8, as
  browsers read them, else one character per byte; a Location without a fragment inherits the
  current URL's. A Location that does not parse, or more than one Location header (its grammar
  allows one), is a network error in a browser: here ``redirect-refused`` whose ``hop_reason``
  is ``invalid-url``;
* the redirect count: past the policy's ``max_redirects`` the redirect is
  ``too-many-redirects``. The count belongs to one logical request sequence (the request the
  caller made and the redirects that followed it), never to a request object that may be sent
  again (an authentication retry is not a redirect);
* the method: 301 and 302 turn a POST into a GET, 303 turns anything but GET and HEAD into a
  GET, each dropping the body and the request-body headers; 307 and 308 keep the method and
  the body (https://fetch.spec.whatwg.org/#http-redirect-fetch, step 12);
* the headers: on a hop to another origin, ``Authorization``, ``Cookie`` and
  ``Proxy-Authorization`` are dropped (step 13 drops ``Authorization``; a browser's cookies come
  from its cookie jar, per site, and a proxy is never used by the guard).

:func:`follow` is the whole step: given a response's status and Location values, the URL it
answered and the method, it returns the :class:`Redirect` to make (or None when the response
is no redirect). Whether the target may be fetched is decided when it is sent, as for any
request: :func:`urlspec.guard.resolving.resolve_hop` with the redirect's ``hop`` (a refused
target is ``redirect-refused``, with its own reason in ``hop_reason``).

:class:`HopState` is for a guard inside a client whose redirect loop it does not own (an httpx
transport, a requests adapter): kept on the request object it was sent for, it tells a request
sent again (an authentication retry: the same hop) from the request the client built from a
redirect response (the next hop, to the Location the guard read).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Final, NamedTuple

from urlspec.guard.checking import shown
from urlspec.guard.policy import Policy
from urlspec.guard.reasons import Refused
from urlspec.url import URL, validate
from urlspec.validation import failure_reason

__all__ = [
    "CROSS_ORIGIN_HEADERS",
    "REDIRECT_STATUSES",
    "REQUEST_BODY_HEADERS",
    "HopState",
    "Redirect",
    "follow",
    "is_redirect",
    "location_text",
    "location_url",
    "too_many",
]

#: https://fetch.spec.whatwg.org/#redirect-status
REDIRECT_STATUSES: Final = frozenset({301, 302, 303, 307, 308})

#: The headers that describe a request's body (https://fetch.spec.whatwg.org/#request-body-header-name,
#: with the framing headers ``Content-Length`` and ``Transfer-Encoding``), lowercase: dropped with
#: the body when a redirect turns the request into a GET.
REQUEST_BODY_HEADERS: Final = frozenset(
    {
        "content-encoding",
        "content-language",
        "content-location",
        "content-type",
        "content-length",
        "transfer-encoding",
    }
)

#: The headers dropped on a hop to another origin, lowercase.
CROSS_ORIGIN_HEADERS: Final = frozenset({"authorization", "cookie", "proxy-authorization"})

_NO_HEADERS: Final[frozenset[str]] = frozenset()


class Redirect(NamedTuple):
    """The request a redirect response asks for.

    ``url`` is the Location resolved against the URL that answered (not checked yet: the client
    resolves it with :func:`~urlspec.guard.resolving.resolve_hop` and ``hop`` when it sends
    it); ``method`` the method to use; ``keep_body`` whether the body is sent again (307, 308,
    or a method left as it was); ``drop_headers`` the lowercase names of the request headers to
    remove; ``hop`` the redirect's number in its request sequence (1 for the first redirect);
    ``cross_origin`` whether ``url``'s origin differs from the answering URL's.
    """

    url: URL
    method: str
    keep_body: bool
    drop_headers: frozenset[str]
    hop: int
    cross_origin: bool


def is_redirect(status: int) -> bool:
    """Whether ``status`` is a redirect status (https://fetch.spec.whatwg.org/#redirect-status)."""
    return status in REDIRECT_STATUSES


def location_text(value: str | bytes) -> str:
    """A Location header's value as text: its bytes read as UTF-8 when they are UTF-8 (what
    browsers do), else one character per byte (the isomorphic decoding). A ``str`` is taken to
    be an HTTP client's decoding of the bytes one character per byte (http.client's, hence
    urllib3's and requests'), and is read again as UTF-8 when it is UTF-8."""
    if isinstance(value, str):
        if value.isascii():
            return value
        try:
            data = value.encode("latin-1")
        except UnicodeEncodeError:  # already text beyond one byte per character
            return value
    else:
        data = value
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _refuse_location(current: URL, hop: int, why: str) -> Refused:
    return Refused(
        "redirect-refused", shown(current), f"redirect {hop}: {why}", hop_reason="invalid-url"
    )


def location_url(locations: Sequence[str | bytes], current: URL, hop: int = 1) -> URL | None:
    """https://fetch.spec.whatwg.org/#concept-response-location-url: the Location header values
    ``locations`` (one per header line, as the client received them) resolved against
    ``current``, the URL that answered; None when there is no Location. Raises
    :class:`~urlspec.guard.reasons.Refused` (``redirect-refused``, ``hop_reason``
    ``invalid-url``) when there is more than one Location or it does not parse; ``hop`` numbers
    the redirect in the message."""
    if not locations:
        return None
    if len(locations) > 1:
        raise _refuse_location(current, hop, f"{len(locations)} Location headers")
    text = location_text(locations[0])
    url = URL.parse(text, current)
    if url is None:
        why = f"its Location does not parse: {failure_reason(validate(text, current))}"
        raise _refuse_location(current, hop, why)
    # A Location without a fragment takes the current URL's ("#" is in an href only before the
    # fragment; an empty fragment is a fragment).
    if "#" not in url.href and "#" in current.href:
        url = URL(url.href + "#" + current.href.partition("#")[2])
    return url


def too_many(url: URL | str, hop: int, policy: Policy) -> Refused | None:
    """The ``too-many-redirects`` refusal for the ``hop``-th redirect of a sequence when it is
    past ``policy.max_redirects``, else None."""
    if hop <= policy.max_redirects:
        return None
    return Refused(
        "too-many-redirects",
        shown(url) if isinstance(url, URL) else url,
        f"redirect {hop} (the policy allows {policy.max_redirects})",
    )


def follow(
    status: int,
    locations: Sequence[str | bytes],
    current: URL,
    method: str,
    hops: int,
    policy: Policy,
) -> Redirect | None:
    """The redirect a response asks for, or None when it is no redirect (not a redirect status,
    or no Location).

    ``status`` and ``locations`` (the Location header values, one per header line) are the
    response's, ``current`` the URL that answered and ``method`` the method it was requested
    with; ``hops`` is how many redirects the request sequence followed before this response (0
    for the response to the caller's own request). Raises
    :class:`~urlspec.guard.reasons.Refused`: ``too-many-redirects`` when this redirect would be
    past ``policy.max_redirects``, ``redirect-refused`` (``hop_reason`` ``invalid-url``) when
    the Location is not one URL. The target itself is checked when it is sent
    (:func:`~urlspec.guard.resolving.resolve_hop` with the redirect's ``hop``).
    """
    if status not in REDIRECT_STATUSES:
        return None
    hop = hops + 1
    url = location_url(locations, current, hop)
    if url is None:
        return None
    refused = too_many(url, hop, policy)
    if refused is not None:
        raise refused
    # Step 12: the method, and with it the body.
    method = method.upper()
    drop = _NO_HEADERS
    keep_body = True
    if (status in (301, 302) and method == "POST") or (
        status == 303 and method not in ("GET", "HEAD")
    ):
        method, keep_body, drop = "GET", False, REQUEST_BODY_HEADERS
    # Step 13: credentials stay on their origin.
    cross_origin = url.origin != current.origin or url.origin == "null"
    if cross_origin:
        drop = drop | CROSS_ORIGIN_HEADERS
    return Redirect(url, method, keep_body, drop, hop, cross_origin)


class HopState:
    """Where the request object it is kept on stands in its request sequence: ``hop`` (0 for
    the caller's request), ``url`` the URL it was sent for, and, once its response is known,
    the ``redirect`` that response asks for (None when it is no redirect) or why that redirect
    cannot be followed (``refused``, raised when the client tries to follow it).

    A guard inside a client makes one for each request it sends, records the response
    (:meth:`answered`), and reads it back from the next request (:meth:`target`): the client
    sends the same request object again, or a copy of it, for an authentication retry (the
    same hop), and builds a new request object, copying what the guard kept on the old one, to
    follow a redirect (the redirect's hop). The request is held weakly.
    """

    __slots__ = ("__weakref__", "_request", "hop", "redirect", "refused", "url")

    def __init__(self, request: object, hop: int, url: URL) -> None:
        self._request = weakref.ref(request)
        self.hop = hop
        self.url = url
        self.redirect: Redirect | None = None
        self.refused: Refused | None = None

    @staticmethod
    def target(state: object, request: object, url: URL | str) -> tuple[URL | str, int]:
        """What to check for ``request`` and which hop it is, given the state it carries
        (``state``: None, or the :class:`HopState` kept on the request it was copied from or on
        itself) and its own URL ``url``. For a request that follows a redirect: the redirect's
        URL when the client's URL for it is that one (a client that parsed the Location itself
        and got another URL has its own URL checked), and the redirect's hop; raises the
        redirect's refusal (``too-many-redirects``, an unreadable Location). Otherwise ``url``
        and the hop of the request it was sent as or copied from (0 without a state)."""
        if not isinstance(state, HopState):
            return url, 0
        if state._request() is request:  # sent again
            return url, state.hop
        if state.refused is not None:
            raise state.refused
        redirect = state.redirect
        if redirect is None:  # a copy made for another reason (an authentication retry)
            return url, state.hop
        text = url.href if isinstance(url, URL) else url
        if text == redirect.url.href or (
            (parsed := URL.parse(text)) is not None and parsed.href == redirect.url.href
        ):
            return redirect.url, redirect.hop
        return url, redirect.hop

    def answered(
        self, status: int, locations: Sequence[str | bytes], method: str, policy: Policy
    ) -> Redirect | None:
        """Record the response to the request: :func:`follow` (its refusal kept for later)."""
        if status not in REDIRECT_STATUSES:
            return None
        try:
            self.redirect = follow(status, locations, self.url, method, self.hop, policy)
        except Refused as refused:
            self.refused = refused
        return self.redirect
