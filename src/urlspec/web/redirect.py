"""Safe redirects: may a target taken from a request (``?next=``) go in a ``Location`` header?

An application that redirects to a URL named in the request (after a login, a logout, a form)
must make sure the browser lands on its own site, or an attacker's link to the trusted site ends
on the attacker's (an "open redirect", CWE-601). The classic checks split the target with
``urllib.parse`` and look for a host; the browser instead resolves it with the WHATWG URL parser
against the URL of the response that carries the redirect (Fetch, "location URL";
https://fetch.spec.whatwg.org/#concept-response-location-url), and the two disagree on tabs and
newlines, backslashes, ``///``, ``/\\``, leading control characters, userinfo and Unicode hosts.
Every Python open redirect advisory of the last decade is one of those disagreements.

This module decides on the browser's own parse: the target is resolved against the request URL
exactly as the browser will (:class:`urlspec.URL`, §4.4 "API URL parser"), the resulting URL is
judged by its origin (§4.7 https://url.spec.whatwg.org/#concept-url-origin and HTML's "same
origin"), and what the application should send is that URL's href, never the raw input: the
href is ASCII, holds no whitespace or control character, and every parser reads it the same way.

The rules, in the order they are applied (each refusal has a stable reason code):

1. ``empty``: there is no target (None, as a framework's ``request.GET.get("next")`` gives when
   the parameter is missing), or nothing is left of it once the URL parser's leading and
   trailing C0 controls and spaces and its tabs and newlines are removed (a browser would
   resolve it to the request URL itself, which is a redirect loop, not a destination).
2. ``invalid-url``: the URL parser fails on the target against the base.
3. ``same-document``: the target resolves to the request's own URL, but for the fragment
   (``#top``, ``?next=%23top`` on ``/login?next=%23top``; §4.6 URL equivalence with exclude
   fragments). Following the redirect requests that same URL again: answered by the same
   redirect (a loop) or by the page that sent it, never a destination.
4. ``scheme-not-allowed``: the result's scheme is not ``http`` or ``https`` (``javascript:``,
   ``data:``, ``blob:``, ``file:``, ``ftp:``, ``ws:``, ``mailto:``, ... are all refused).
5. ``host-not-allowed``: the result's host is neither the base's host nor an allowed host
   (``https://good.example@evil.example/`` is refused here: its host is evil.example).
6. ``credentials``: the target writes a username or password (``https://evil@good.example/``;
   credentials do not belong in a Location header). What the target adds is judged, not what
   the base carried: the target is resolved against the base without its credentials (a
   relative target would copy them from the base into the URL), so ``/next`` against
   ``https://user:pw@good.example/`` passes, as ``https://good.example/next``: a Location never
   carries credentials, and the browser keeps its authorization for the site without them.
7. ``not-https``: ``require_https`` is set and the result's scheme is ``http``.
8. ``origin-not-allowed``: the host is known, but the scheme or port make another origin than
   the allowed ones (an ``https`` page redirected to ``http://`` itself, or to another port).

A target passes as ``same-origin`` when its origin is the base's origin (scheme, host and port;
a default port and no port are the same), or as ``allowed-host`` when its host is one of
``allowed_hosts``: an exact host (compared after the host parser, so ``EXAMPLE.com``,
``bücher.example`` and ``xn--bcher-kva.example`` name the same host, and ``127.1`` is
``127.0.0.1``), on ``http`` or ``https``, at the scheme's default port unless the entry names a
port (``example.com:8443``, ``[::1]:8080``). There are no wildcards: list each host.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from urlspec.host import InvalidHost, parse_host_string, serialize_host
from urlspec.infra import C0_CONTROL_OR_SPACE_STRING, remove_ascii_tab_or_newline
from urlspec.url import URL
from urlspec.url_record import default_port
from urlspec.validation import InvalidURL, quote

__all__ = [
    "ALLOWED_REASONS",
    "REFUSED_REASONS",
    "RedirectConfigError",
    "RedirectVerdict",
    "check_redirect",
    "safe_redirect",
]

#: The schemes a redirect may go to.
REDIRECT_SCHEMES: Final = frozenset({"http:", "https:"})

#: The reason codes of a target that passes.
ALLOWED_REASONS: Final = ("same-origin", "allowed-host")

#: The reason codes of a refused target, in the order the rules are applied.
REFUSED_REASONS: Final = (
    "empty",
    "invalid-url",
    "same-document",
    "scheme-not-allowed",
    "host-not-allowed",
    "credentials",
    "not-https",
    "origin-not-allowed",
)

#: The largest port number (§4.4 port state: a port above it is a validation error, failure).
MAX_PORT: Final = 65535


class RedirectConfigError(ValueError):
    """The application's side of a redirect check is wrong: the base is not a valid http(s)
    URL, or an entry of ``allowed_hosts`` is not a host (with an optional port).

    A bad *target* never raises: it is refused with a reason.
    """


@dataclass(frozen=True, slots=True)
class RedirectVerdict:
    """What :func:`check_redirect` decided about one target.

    ``url`` is where the browser would go (the target resolved against the base, without the
    credentials of the base), also when the target is refused; None when there is no such URL
    (``empty``, ``invalid-url``). ``reason`` is
    one of :data:`ALLOWED_REASONS` or :data:`REFUSED_REASONS`; ``message`` says the same in a
    sentence naming the part of the URL that decided.
    """

    target: str
    allowed: bool
    reason: str
    message: str
    url: URL | None

    @property
    def href(self) -> str | None:
        """The href to send in ``Location`` when allowed; None when refused."""
        if not self.allowed or self.url is None:
            return None
        return self.url.href

    def __bool__(self) -> bool:
        return self.allowed


@dataclass(frozen=True, slots=True)
class _AllowedHost:
    """An entry of ``allowed_hosts``: a serialized host, and a port (None: the default one)."""

    host: str
    port: int | None


def check_redirect(
    target: str | None,
    *,
    base: str | URL,
    allowed_hosts: Iterable[str] = (),
    require_https: bool = False,
) -> RedirectVerdict:
    """Decide whether the browser may be redirected to ``target`` from the page at ``base``.

    ``target`` is the value taken from the request (already percent-decoded by the framework,
    as ``request.args["next"]`` is), or None when the request has none (refused as ``empty``);
    ``base`` is the URL of the request that is being answered (a string or
    :class:`urlspec.URL`), against which the browser resolves a relative target. See the
    module's documentation for the rules and reason codes.

    Raises :class:`RedirectConfigError` when ``base`` is not a valid ``http``/``https`` URL or
    an entry of ``allowed_hosts`` is not a host; :class:`TypeError` when ``target`` is neither
    a str nor None.
    """
    if target is not None and not isinstance(target, str):
        raise TypeError(f"redirect target must be a str or None, not {type(target).__name__}")
    base_url = _base_url(base)
    hosts = _allowed_hosts(allowed_hosts)
    if target is None:
        return RedirectVerdict("", False, "empty", "refused None: there is no target", None)
    # §4.4 basic URL parser, steps 1-3 (what the parser removes before it reads anything).
    if not remove_ascii_tab_or_newline(target.strip(C0_CONTROL_OR_SPACE_STRING)):
        return _refused(target, "empty", "the target is empty", None)
    # The credentials of the base are not the target's: it is resolved without them (a relative
    # target would copy them), so that the credentials rule judges what the target writes.
    if base_url.username or base_url.password:
        base_url = base_url.replace(username="", password="")
    try:
        url = URL(target, base_url)
    except InvalidURL as error:
        return _refused(target, "invalid-url", f"the browser cannot parse it: {error.reason}", None)
    # §4.6 URL equivalence, exclude fragments: the request's own URL, requested again.
    if url.equals(base_url, exclude_fragments=True):
        return _refused(
            target,
            "same-document",
            f"it is the request's own URL {quote(base_url.href)} (but for the fragment): "
            "following it requests that URL again (a loop where that request redirects)",
            url,
        )
    return _judge(target, url, base_url, hosts, require_https)


def safe_redirect(
    target: str | None,
    *,
    base: str | URL,
    allowed_hosts: Iterable[str] = (),
    require_https: bool = False,
) -> URL | None:
    """The URL the browser would go to for ``target`` when that is on an allowed origin, else
    None (also for a ``target`` of None, as Django's ``url_has_allowed_host_and_scheme`` is
    False for it). Send its ``href`` (never ``target`` itself) in the ``Location`` header.

    ``base`` is the URL of the request being answered; ``allowed_hosts`` lists other hosts that
    may be redirected to (exact hosts, optionally ``host:port``); ``require_https`` refuses
    ``http`` targets. :func:`check_redirect` gives the same decision with its reason.

    >>> safe_redirect("/account?tab=2", base="https://example.com/login").href
    'https://example.com/account?tab=2'
    >>> safe_redirect("/\\\\evil.example", base="https://example.com/login") is None
    True
    >>> safe_redirect("#top", base="https://example.com/login") is None  # the same page: a loop
    True
    """
    verdict = check_redirect(
        target, base=base, allowed_hosts=allowed_hosts, require_https=require_https
    )
    return verdict.url if verdict.allowed else None


def _base_url(base: str | URL) -> URL:
    """The base as a URL, which must be an http(s) URL (a request's URL)."""
    if isinstance(base, URL):
        url = base
    elif isinstance(base, str):
        try:
            url = URL(base)
        except InvalidURL as error:
            raise RedirectConfigError(f"the base is not a valid URL: {error}") from None
    else:
        raise TypeError(f"base must be a str or URL, not {type(base).__name__}")
    if url.protocol not in REDIRECT_SCHEMES:
        raise RedirectConfigError(
            f"the base must be the http(s) URL of the request being answered, not {quote(url.href)}"
        )
    return url


def _allowed_hosts(entries: Iterable[str]) -> tuple[_AllowedHost, ...]:
    """The entries of ``allowed_hosts``, parsed."""
    if isinstance(entries, str):  # a lone string would be read character by character
        entries = (entries,)
    return tuple(_allowed_host(entry) for entry in entries)


def _allowed_host(entry: str) -> _AllowedHost:
    """One entry: ``host``, ``host:port``, ``[IPv6]``, ``[IPv6]:port`` or a bare IPv6 address."""
    if not isinstance(entry, str):
        raise TypeError(f"allowed hosts must be str, not {type(entry).__name__}")
    return _parse_allowed_host(entry)


# An application passes the same few hosts on every call: each is parsed once.
@functools.lru_cache(maxsize=256)
def _parse_allowed_host(entry: str) -> _AllowedHost:
    """:func:`_allowed_host` of a str."""
    host_text, port_text = entry, None
    if entry.startswith("["):
        closing = entry.find("]")
        if closing > 0 and entry[closing + 1 :].startswith(":"):
            host_text, port_text = entry[: closing + 1], entry[closing + 2 :]
    elif entry.count(":") == 1:  # (two or more: an IPv6 address without brackets)
        host_text, _, port_text = entry.partition(":")
    if "*" in host_text:
        raise RedirectConfigError(
            f"allowed host {quote(entry)}: wildcards are not supported, list each host"
        )
    try:
        host = parse_host_string(host_text)
    except InvalidHost as error:
        raise RedirectConfigError(f"allowed host {quote(entry)}: {error}") from None
    serialized = serialize_host(host)
    if not serialized:
        raise RedirectConfigError(f"allowed host {quote(entry)}: the host is empty")
    if port_text is None:
        return _AllowedHost(serialized, None)
    if not (port_text.isascii() and port_text.isdigit()) or int(port_text) > MAX_PORT:
        raise RedirectConfigError(
            f"allowed host {quote(entry)}: the port must be a number from 0 to {MAX_PORT} "
            "(give a host and an optional port, not a URL)"
        )
    return _AllowedHost(serialized, int(port_text))


def _judge(
    target: str,
    url: URL,
    base: URL,
    hosts: tuple[_AllowedHost, ...],
    require_https: bool,
) -> RedirectVerdict:
    """Rules 4-8 on the resolved URL."""
    if url.protocol not in REDIRECT_SCHEMES:
        why = f"its scheme {quote(url.protocol[:-1])} is not http(s)"
        return _refused(target, "scheme-not-allowed", why, url)
    hostname = url.hostname
    listed = [entry for entry in hosts if entry.host == hostname]
    if not listed and hostname != base.hostname:
        return _refused(
            target, "host-not-allowed", f"its host {quote(hostname)} is not an allowed host", url
        )
    if url.username or url.password:
        return _refused(
            target, "credentials", f"it carries credentials before the host {quote(url.host)}", url
        )
    if require_https and url.protocol != "https:":
        return _refused(target, "not-https", "it is http and https is required", url)
    port = int(url.port) if url.port else None  # None: the scheme's default port
    effective_port = port if port is not None else default_port(url.protocol[:-1])
    # §4.7: the origin of an http(s) URL is the tuple (scheme, host, port); HTML's "same origin".
    if url.protocol == base.protocol and hostname == base.hostname and url.port == base.port:
        return RedirectVerdict(
            target, True, "same-origin", f"same origin as the base, {url.origin}", url
        )
    if any(entry.port == effective_port or entry.port is port is None for entry in listed):
        return RedirectVerdict(
            target, True, "allowed-host", f"{quote(hostname)} is an allowed host", url
        )
    return _refused(
        target,
        "origin-not-allowed",
        f"its origin {url.origin} is neither the base's ({base.origin}) nor an allowed host's "
        "(an allowed host without a port is allowed at its default port)",
        url,
    )


def _refused(target: str, reason: str, why: str, url: URL | None) -> RedirectVerdict:
    """A refusal; the message names the target and says why."""
    return RedirectVerdict(target, False, reason, f"refused {quote(target)}: {why}", url)
