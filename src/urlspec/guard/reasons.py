"""Why the guard refused a URL: the stable reason codes and the one exception type.

Every refusal is a :class:`Refused` (a ``ValueError``) whose ``reason`` is one of the codes of
:data:`REASONS`. The codes are part of the API: they do not change between releases, so that a
caller can branch on them, log them and count them (as the URL Standard's validation errors are
named in ``urlspec.validation``). The message says the code's meaning and names the part of the
URL that decided (the scheme, the port, the userinfo, the host, an address DNS gave for it).

Nothing a refusal shows carries a password: its URL is shown without its userinfo (username and
password: a token is often written as the username), also when the URL does not parse
(:func:`text_without_userinfo`), and its message escapes every character that is not printable
(:func:`urlspec.validation.quote`), so that printing it can neither leak a credential nor drive
a terminal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from urlspec.hosts.special_addresses import ADDRESS_CLASSES
from urlspec.url import URL
from urlspec.validation import quote

__all__ = [
    "ADDRESS_REASONS",
    "REASONS",
    "Refused",
    "address_reason",
    "href_without_userinfo",
    "text_without_userinfo",
]

#: Every reason code, with what it means. ``address-<class>`` exists for each class of
#: :data:`urlspec.hosts.special_addresses.ADDRESS_CLASSES` but "domain".
REASONS: Final[dict[str, str]] = {
    "invalid-url": "the URL parser (WHATWG URL Standard) failed on the input",
    "scheme-not-allowed": "the scheme is not one the policy allows",
    "credentials": "the URL carries a username or password",
    "opaque-host": "the URL has no host an address can be judged by "
    "(an opaque, empty or missing host)",
    "empty-label": "the host has an empty label ('a..b', '.a'), which no DNS name has",
    "port-not-allowed": "the port is not one the policy allows (port 0 never is)",
    "host-denied": "the host matches an entry of the policy's deny_hosts",
    "host-not-allowed": "the host matches no entry of the policy's allow_hosts",
    "url-denied": "the URL matches one of the policy's deny_urls patterns",
    "url-not-allowed": "the URL matches none of the policy's allow_urls patterns",
    "url-pattern-too-costly": "matching the URL against a backtracking URL pattern of the policy "
    "took more work than a match is allowed",
    "network-denied": "the address is in one of the policy's deny_networks",
    "address-loopback": "the host is a loopback address (127.0.0.0/8, ::1, localhost)",
    "address-private": "the host is a private-use address (RFC 1918; 64:ff9b:1::/48)",
    "address-link-local": "the host is a link-local address "
    "(169.254.0.0/16, fe80::/10; cloud metadata services live there)",
    "address-unique-local": "the host is an IPv6 unique-local address (fc00::/7)",
    "address-shared": "the host is in the shared address space of carrier-grade NAT "
    "(100.64.0.0/10)",
    "address-multicast": "the host is a multicast address",
    "address-unspecified": "the host is the unspecified address (0.0.0.0, ::)",
    "address-broadcast": "the host is the limited broadcast address",
    "address-documentation": "the host is a documentation address",
    "address-benchmarking": "the host is a benchmarking address (198.18.0.0/15, 2001:2::/48)",
    "address-reserved": "the host is a reserved or special-purpose address",
    "address-global": "the host is a global address, and the policy allows none",
    "resolution-failed": "the host could not be resolved to an address",
    "resolved-to-non-global": "every address the host resolved to is one the policy refuses",
    "mixed-answer": "the host resolved to addresses the policy allows and addresses it refuses",
    "proxy": "a proxy is configured: the connection could not be pinned to the checked address",
    "redirect-refused": "a redirect led to a URL the policy refuses",
    "too-many-redirects": "more redirects than the policy's max_redirects",
}

#: The reason code of each address class the policy can refuse.
ADDRESS_REASONS: Final[dict[str, str]] = {
    address_class: f"address-{address_class}"
    for address_class in ADDRESS_CLASSES
    if address_class != "domain"
}


def address_reason(address_class: str) -> str:
    """The reason code for refusing an address of ``address_class``."""
    return ADDRESS_REASONS[address_class]


def href_without_userinfo(url: URL) -> str:
    """``url``'s href without its username and password (and the ``@`` after them)."""
    href = url.href
    if not url.username and not url.password:
        return href
    # A URL with credentials has a host, so its href is scheme "://" userinfo "@" host...; the
    # userinfo percent-encode set encodes "@" in both, so the first "@" after "//" ends them.
    start = len(url.protocol) + 2
    return href[:start] + href[href.index("@", start) + 1 :]


def text_without_userinfo(text: str) -> str:
    """``text``, a URL as given (which may not parse), without what a reader takes for its
    userinfo: after the scheme's ``:`` and the slashes or backslashes that follow, everything up
    to the last ``@`` before the first ``/``, ``?`` or ``#``. ASCII tabs and newlines are removed
    first, as the URL parser removes them (URL Standard, basic URL parser, step 3).

    ``http://user:s3cret@[::1/`` is ``http://[::1/``; so are ``http:\\\\user:s3cret@[::1/``,
    ``http://a@b:s3cret@[::1/`` and ``http:user:s3cret@[::1/`` (a special URL's authority needs no
    slash).
    """
    if "@" not in text:
        return text
    if "\t" in text or "\n" in text or "\r" in text:
        text = text.replace("\t", "").replace("\n", "").replace("\r", "")
    start = text.find(":") + 1  # 0 without a scheme: the whole text is looked at
    while start < len(text) and text[start] in "/\\":
        start += 1
    end = len(text)
    for delimiter in "/?#":
        found = text.find(delimiter, start, end)
        if found >= 0:
            end = found
    at = text.rfind("@", start, end)
    return text if at < 0 else text[:start] + text[at + 1 :]


# "//" followed by what a reader takes for a userinfo, in a message's free text (a detail that
# names a proxy URL, say): removed as in text_without_userinfo.
_USERINFO_IN_TEXT: Final = re.compile(r"(?<=//)[^\s/?#'\"]*@")


def _printable(text: str) -> str:
    """``text`` with every character that is not printable escaped as
    :func:`urlspec.validation.quote` escapes it (no quotes added)."""
    if text.isprintable():
        return text
    return "".join(
        character if character.isprintable() else repr(character)[1:-1] for character in text
    )


class Refused(ValueError):
    """The guard refused a URL.

    It carries the facts of the refusal, and builds its message only when shown (``str()``):

    * ``reason``: a stable code (a key of :data:`REASONS`);
    * ``url``: the URL as parsed (or as given, when it does not parse, with every character that
      is not printable escaped; the redirect target for a redirect), without its userinfo;
    * ``host``: the URL's host as the URL parser serializes it (None when there is none);
    * ``address``: the IP address that decided, when one did (the URL's, or an answer of the
      resolver), as sockets write it;
    * ``detail``: what decided, in words;
    * ``hop_reason``: for ``redirect-refused``, the code that refused the redirect's target
      (None otherwise).

    ``Refused(reason, url, detail, hop_reason=None, *, host=None, address=None)``: ``url`` may be
    a :class:`~urlspec.URL` or a string, ``detail`` a string or a function that makes it (called
    once, when it is first needed).
    """

    def __init__(
        self,
        reason: str,
        url: str | URL,
        detail: str | Callable[[], str],
        hop_reason: str | None = None,
        *,
        host: str | None = None,
        address: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hop_reason = hop_reason
        self.host = host
        self.address = address
        self._given_url = url
        self._url: str | None = None
        self._given_detail = detail
        self._detail: str | None = None
        self._message: str | None = None

    @property
    def url(self) -> str:
        """The URL refused, without its userinfo."""
        url = self._url
        if url is None:
            given = self._given_url
            if isinstance(given, URL):
                url = href_without_userinfo(given)
            else:  # as given: a URL that did not parse may hold any character
                url = _printable(text_without_userinfo(given))
            self._url = url
        return url

    @property
    def detail(self) -> str:
        """What decided, in words (any ``//user:password@`` in it removed, every character that
        is not printable escaped)."""
        detail = self._detail
        if detail is None:
            given = self._given_detail
            detail = given if isinstance(given, str) else given()
            if "@" in detail:
                detail = _USERINFO_IN_TEXT.sub("", detail)
            detail = _printable(detail)
            self._detail = detail
        return detail

    def __str__(self) -> str:
        message = self._message
        if message is None:
            url = self.url
            meaning = REASONS.get(self.reason, self.reason)
            shown = f"refused {quote(url)}" if url else "refused"
            message = _printable(f"{shown} [{self.reason}]: {self.detail} ({meaning})")
            self._message = message
        return message

    def __repr__(self) -> str:
        return f"Refused({self.reason!r}, {self.url!r}, {self.detail!r})"

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[str, str, str, str | None, str | None, str | None], Refused],
        tuple[str, str, str, str | None, str | None, str | None],
    ]:
        return (
            _refused,
            (self.reason, self.url, self.detail, self.hop_reason, self.host, self.address),
        )


def _refused(
    reason: str,
    url: str,
    detail: str,
    hop_reason: str | None,
    host: str | None,
    address: str | None,
) -> Refused:
    """A :class:`Refused` from its facts (what unpickling calls)."""
    return Refused(reason, url, detail, hop_reason, host=host, address=address)
