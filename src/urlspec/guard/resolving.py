"""``resolve``: check a URL, resolve its host once, and pin the addresses that passed.

The defence against DNS rebinding is to ask DNS once and connect to the answer that was checked:
a client that checks a name and then lets the operating system resolve it again may connect
wherever the second answer points. :func:`resolve` returns a :class:`PinnedURL` whose
``addresses`` are the only ones the guarded clients connect to (in the resolver's order, the
first that accepts the connection is used), while the Host header, TLS SNI and certificate
verification stay on the URL's host.

Every answer must pass the policy (:func:`urlspec.guard.checking.address_verdict`, the same
judgement as a literal address in the URL): when none does the reason is
``resolved-to-non-global``, when some do and some don't it is ``mixed-answer`` (an attacker who
controls a name can mix a private address into a public answer and hope the client picks it).

Whatever goes wrong in the resolver is ``resolution-failed``: it raised (any ``Exception``:
``socket.gaierror``, a DNS library's ``LookupError`` or ``ValueError`` for a name that does not
exist, a ``TypeError`` of a broken hook), or it returned ``None``, something that is not a list of
getaddrinfo answers, an answer that is not a 5-tuple whose ``sockaddr`` starts with an IP address,
or no answer at all. Interruptions, which are no errors (``KeyboardInterrupt``,
``asyncio.CancelledError``), pass through.

:func:`resolve_async` is the same for the async clients: it awaits the policy's
``async_resolver`` (see :class:`~urlspec.guard.policy.Policy`).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from urlspec.guard.checking import AddressRefusal, address_refusal, checked_host, parse_answer
from urlspec.guard.policy import DEFAULT_POLICY, Policy
from urlspec.guard.reasons import Refused
from urlspec.host import Host, HostKind, serialize_host
from urlspec.url import URL
from urlspec.url_record import default_port
from urlspec.validation import quote

__all__ = [
    "PinnedURL",
    "parse_answer",
    "resolve",
    "resolve_async",
    "resolve_hop",
    "resolve_hop_async",
]


class PinnedURL(NamedTuple):
    """A URL that passed the guard and the addresses to connect to for it.

    ``host`` is the host to connect for as clients name it (the URL's hostname; an IPv6 address
    without its brackets), ``port`` the port (the scheme's default when none is written),
    ``addresses`` the checked IP addresses, as sockets take them (IPv6 without brackets).
    """

    url: URL
    host: str
    port: int
    addresses: tuple[str, ...]


_MAX_SHOWN: Final = 3


def _socket_address(host: Host) -> str:
    serialized = serialize_host(host)
    return serialized[1:-1] if host.kind is HostKind.IPV6 else serialized


#: How much of a resolver's error message a refusal quotes.
_ERROR_TEXT_LIMIT: Final = 200


def _error_text(error: BaseException) -> str:
    """``error`` for a message: its type and its text, quoted and cut (a resolver is code the
    guard does not control: its text may be long, hold control characters, or fail)."""
    try:
        text = str(error)
    except Exception:  # a broken __str__ must not replace the refusal
        text = ""
    if len(text) > _ERROR_TEXT_LIMIT:
        text = text[:_ERROR_TEXT_LIMIT] + "..."
    return f"{type(error).__name__} {quote(text)}"


def _start(url: str | URL, policy: Policy) -> PinnedURL:
    """``url`` checked, with the port to connect to, and its address when the URL gives one: a
    :class:`PinnedURL` with no ``addresses`` is a domain the resolver is to be asked for."""
    checked, kind, name = checked_host(url, policy)
    hostname = checked.hostname
    written = checked.port
    port = int(written) if written else default_port(checked.protocol[:-1])
    if port is None:  # a policy that allows a non-special scheme: check refused its host
        raise Refused("opaque-host", checked, "no port to connect to", host=hostname or None)
    if kind is HostKind.IPV4:  # (also "192.0.2.1..", a domain that is an address: no lookup)
        return _pinned_url(checked, hostname, port, (name,))
    if kind is HostKind.IPV6:
        return _pinned_url(checked, hostname[1:-1], port, (hostname[1:-1],))
    return _pinned_url(checked, hostname, port, ())


def _pinned_url(url: URL, host: str, port: int, addresses: tuple[str, ...]) -> PinnedURL:
    """``PinnedURL(url, host, port, addresses)``, made as a NamedTuple's own ``_make`` makes one
    (in the compiled build, without a call to the interpreted ``__new__`` of the class)."""
    return tuple.__new__(PinnedURL, (url, host, port, addresses))


def _failed(start: PinnedURL, why: str) -> Refused:
    return Refused(
        "resolution-failed", start.url, f"host {quote(start.host)}: {why}", host=start.host
    )


def _answer_address(answer: object) -> Host | None:
    """The IP address of one getaddrinfo answer ``(family, type, proto, canonname, sockaddr)``
    (``sockaddr[0]``), or None when the answer is not of that shape or holds no IP address."""
    if not isinstance(answer, tuple | list) or len(answer) != 5:
        return None
    sockaddr = answer[4]
    if not isinstance(sockaddr, tuple | list) or not sockaddr:
        return None
    return parse_answer(sockaddr[0])


def _pinned(start: PinnedURL, answers: object, policy: Policy) -> PinnedURL:
    """``start`` with the addresses of the resolver's ``answers`` when every one passes the
    policy; raises :class:`~urlspec.guard.reasons.Refused` otherwise. Linear in the number of
    answers (a resolver may give any number)."""
    if asyncio.iscoroutine(answers):  # an async function given as the sync resolver
        answers.close()
        raise _failed(start, "the resolver is a coroutine function (give it as async_resolver)")
    if not isinstance(answers, Sequence) or isinstance(answers, str | bytes | bytearray):
        raise _failed(start, f"the resolver gave {type(answers).__name__}, not a list of answers")
    addresses: dict[str, None] = {}  # in the resolver's order, once each
    refused: list[tuple[str, AddressRefusal]] = []  # the first _MAX_SHOWN refused answers
    refused_count = 0
    try:
        for index, answer in enumerate(answers):
            host = _answer_address(answer)
            if host is None:
                raise _failed(
                    start,
                    f"answer {index} of the resolver ({type(answer).__name__}) is no getaddrinfo "
                    "answer with an IP address",
                )
            refusal = address_refusal(host, policy)
            if refusal is None:
                addresses[_socket_address(host)] = None
            else:
                refused_count += 1
                if len(refused) < _MAX_SHOWN:
                    refused.append((_socket_address(host), refusal))
    except Refused:
        raise
    except Exception as error:  # a Sequence of the resolver's own whose items fail
        raise _failed(start, f"reading the answers failed: {_error_text(error)}") from None
    if not addresses and not refused:
        raise _failed(start, "no address")
    if refused:
        raise Refused(
            "mixed-answer" if addresses else "resolved-to-non-global",
            start.url,
            _answers_detail(start.host, refused, refused_count),
            host=start.host,
            address=refused[0][0],
        )
    return _pinned_url(start.url, start.host, start.port, tuple(addresses))


def _answers_detail(
    host: str, refused: list[tuple[str, AddressRefusal]], count: int
) -> Callable[[], str]:
    """The detail of a refused answer, made when it is shown."""

    def detail() -> str:
        shown = "; ".join(
            f"{address} [{refusal.reason}: {refusal.detail()}]" for address, refusal in refused
        )
        if count > len(refused):
            shown += f"; and {count - len(refused)} more"
        return f"host {quote(host)} resolved to {shown}"

    return detail


def resolve(url: str | URL, policy: Policy | None = None) -> PinnedURL:
    """Check ``url`` (:func:`~urlspec.guard.check`), resolve its host once with the policy's
    ``resolver`` (default :func:`socket.getaddrinfo`), and return the addresses to connect to;
    raises :class:`~urlspec.guard.reasons.Refused` unless every answer passes the policy (any
    failure of the resolver is ``resolution-failed``).

    An IP address in the URL is its own answer (no resolver call).
    """
    if policy is None:
        policy = DEFAULT_POLICY
    start = _start(url, policy)
    if start.addresses:
        return start
    resolver = policy.resolver if policy.resolver is not None else socket.getaddrinfo
    try:
        answers: object = resolver(start.host, start.port, 0, socket.SOCK_STREAM)
    except Exception as error:
        raise _failed(start, _error_text(error)) from None
    return _pinned(start, answers, policy)


async def _lookup_async(policy: Policy, host: str, port: int) -> object:
    """The answers of the resolver :func:`resolve_async` uses for ``policy``."""
    if policy.async_resolver is not None:
        answers: object = await policy.async_resolver(host, port, 0, socket.SOCK_STREAM)
        return answers
    loop = asyncio.get_running_loop()
    if policy.resolver is not None:
        return await loop.run_in_executor(None, policy.resolver, host, port, 0, socket.SOCK_STREAM)
    return await loop.getaddrinfo(host, port, family=0, type=socket.SOCK_STREAM)


async def resolve_async(url: str | URL, policy: Policy | None = None) -> PinnedURL:
    """:func:`resolve` for asyncio code: the same checks and the same :class:`PinnedURL`, the
    host resolved once by ``await policy.async_resolver(host, port, 0, socket.SOCK_STREAM)``.

    Without an ``async_resolver``, a policy's sync ``resolver`` runs in the event loop's default
    executor (a worker thread, so that a blocking resolver does not stop the loop), and without
    either, ``asyncio.get_running_loop().getaddrinfo`` resolves. It runs in an asyncio event
    loop (without one, every lookup is ``resolution-failed``; an IP address needs no lookup).
    """
    if policy is None:
        policy = DEFAULT_POLICY
    start = _start(url, policy)
    if start.addresses:
        return start
    try:
        answers = await _lookup_async(policy, start.host, start.port)
    except Exception as error:
        raise _failed(start, _error_text(error)) from None
    return _pinned(start, answers, policy)


def _too_many(url: str | URL, policy: Policy, hop: int) -> Refused | None:
    """The refusal of the ``hop``-th request when it is past the policy's ``max_redirects``."""
    if hop <= policy.max_redirects:
        return None
    return Refused(
        "too-many-redirects", url, f"redirect {hop} (the policy allows {policy.max_redirects})"
    )


def _redirect_refused(refused: Refused, hop: int) -> Refused:
    """``refused``, the refusal of a redirect's target, as the refusal of the redirect."""

    def detail() -> str:
        return f"redirect {hop}: {refused.detail}"

    return Refused(
        "redirect-refused",
        refused.url,
        detail,
        refused.reason,
        host=refused.host,
        address=refused.address,
    )


def resolve_hop(url: str | URL, policy: Policy, hop: int) -> PinnedURL:
    """:func:`resolve` for the ``hop``-th request of a chain of redirects (0: the request the
    caller made): a refused redirect target is ``redirect-refused`` (its own reason in
    ``hop_reason``), a hop past the policy's ``max_redirects`` is ``too-many-redirects``."""
    if hop == 0:
        return resolve(url, policy)
    too_many = _too_many(url, policy, hop)
    if too_many is not None:
        raise too_many
    try:
        return resolve(url, policy)
    except Refused as refused:
        raise _redirect_refused(refused, hop) from None


async def resolve_hop_async(url: str | URL, policy: Policy, hop: int) -> PinnedURL:
    """:func:`resolve_hop` with :func:`resolve_async`."""
    if hop == 0:
        return await resolve_async(url, policy)
    too_many = _too_many(url, policy, hop)
    if too_many is not None:
        raise too_many
    try:
        return await resolve_async(url, policy)
    except Refused as refused:
        raise _redirect_refused(refused, hop) from None
