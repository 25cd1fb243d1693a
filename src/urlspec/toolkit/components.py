"""One component replaced: yarl's ``with_scheme``, ``with_user``, ``with_password``,
``with_host``, ``with_port``, ``with_path`` and ``with_fragment``, on WHATWG URLs.

Each function sets its component with the URL class's setter of it
(https://url.spec.whatwg.org/#urlutils-members), in the strict mode of ``URL.replace``: where
the standard's setter would do nothing (a host on ``mailto:``, a port on a ``file:`` URL, a
host the host parser refuses), it raises :class:`urlspec.StrictReplaceError`, a ValueError
naming the attribute and why, as yarl raises ValueError. What yarl's meanings add to the
setters':

* Text is text, as in yarl: ``with_user``, ``with_password``, ``with_path`` and
  ``with_fragment`` take the component decoded, so a "%" is written ``%25`` (yarl encodes it
  too); ``with_path(..., encoded=True)`` takes a path already percent-encoded and keeps its
  percent-encoded bytes. ``with_path`` also encodes "\\" and "|" in text (one character each,
  never a separator or a Windows drive letter), as ``joinpath`` does.
* ``None`` removes: ``with_user(None)`` the credentials, ``with_password(None)`` the
  password, ``with_port(None)`` the port, ``with_fragment(None)`` (and ``""``) the fragment.
* ``with_path`` drops the query and fragment unless ``keep_query``/``keep_fragment`` is true.
* ``with_host("")`` raises ValueError ("host removing is not allowed" in yarl). An IPv6
  address is taken bare (``"::1"``, as yarl takes it) or in brackets (``"[::1]"``, as the
  ``hostname`` getter gives it).
* ``with_port`` takes an ``int`` in 0 to 65535 or None: TypeError for anything else (a
  ``bool`` too), ValueError out of range. The scheme's default port is no port in the
  standard: ``URL("http://h/").with_port(80)`` is ``http://h/``.
* ``with_scheme`` changes the scheme with the protocol setter where it can (special to
  special, non-special to non-special). Between a special scheme and a non-special one, which
  the setter refuses (https://url.spec.whatwg.org/#dom-url-protocol), it parses the href with
  the new scheme, and allows that only when the credentials, path, query and fragment read the
  same (a host, lowercased and IDNA-mapped as the new scheme's host parser reads it, may change,
  and the new scheme's default port is dropped): ``foo://h/a`` becomes ``http://h/a``, but
  ``foo:///a`` (no host: ``http:///a`` reads ``a`` as the host) and ``foo://h/a\\b`` (``\\`` is a
  separator in ``http:``) raise ValueError.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlspec.setters import MAX_PORT
from urlspec.toolkit.building import SCHEME_STRING
from urlspec.url_record import SPECIAL_SCHEMES
from urlspec.validation import InvalidURL, StrictReplaceError, quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = [
    "with_fragment_href",
    "with_host_href",
    "with_password_href",
    "with_path_href",
    "with_port_href",
    "with_scheme_href",
    "with_user_href",
]


def _text(name: str, value: object) -> str:
    """A component given as text: a str, TypeError for anything else."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def _percent_as_text(text: str) -> str:
    """Text whose "%" is a percent sign: written ``%25`` (the setters keep "%" as it is)."""
    return text.replace("%", "%25")


def with_scheme_href(url: URL, scheme: str) -> str:
    """The href of ``url.with_scheme(scheme)`` (see the module docstring)."""
    scheme = _text("scheme", scheme)
    if SCHEME_STRING.fullmatch(scheme) is None:
        raise ValueError(f"not a URL scheme: {quote(scheme)}")
    scheme = scheme.lower()
    old = url.protocol[:-1]
    if scheme == old:
        return url.href
    if (scheme in SPECIAL_SCHEMES) == (old in SPECIAL_SCHEMES):
        return url.replace(strict=True, protocol=scheme).href
    return _reparsed_with_scheme(url, scheme)


def _reparsed_with_scheme(url: URL, scheme: str) -> str:
    """The href of ``url`` with the scheme ``scheme`` (special where ``url``'s is not, or the
    other way), parsed anew; ValueError where the parts would not read the same."""
    href = url.href
    if scheme in SPECIAL_SCHEMES and scheme != "file" and url.hostname == "":
        raise ValueError(f"cannot give {quote(href)} the scheme {quote(scheme)}: it needs a host")
    try:
        new = type(url)(scheme + href[len(url.protocol) - 1 :])
    except InvalidURL as error:
        raise ValueError(
            f"cannot give {quote(href)} the scheme {quote(scheme)}: {error.reason}"
        ) from None
    for part in ("username", "password", "pathname", "search", "hash"):
        if getattr(new, part) != getattr(url, part):
            raise ValueError(
                f"cannot give {quote(href)} the scheme {quote(scheme)}: its {part} would read "
                f"as {quote(getattr(new, part))}"
            )
    return new.href


def with_user_href(url: URL, user: str | None) -> str:
    """The href of ``url.with_user(user)``: None removes the username and the password."""
    if user is None:
        if url.username == "" and url.password == "":
            return url.href
        return url.replace(strict=True, username="", password="").href
    return url.replace(strict=True, username=_percent_as_text(_text("user", user))).href


def with_password_href(url: URL, password: str | None) -> str:
    """The href of ``url.with_password(password)``: None (or "") removes the password."""
    if password is None or password == "":
        if url.password == "":
            return url.href
        return url.replace(strict=True, password="").href
    text = _percent_as_text(_text("password", password))
    return url.replace(strict=True, password=text).href


def with_host_href(url: URL, host: str) -> str:
    """The href of ``url.with_host(host)``: the hostname setter's, ValueError for ""."""
    host = _text("host", host)
    if host == "":
        raise ValueError(f"cannot remove the host of {quote(url.href)}")
    if ":" in host and not host.startswith("["):
        # An IPv6 address given bare, as yarl takes it (a ":" is in no other host).
        try:
            return url.replace(strict=True, hostname=f"[{host}]").href
        except StrictReplaceError:
            raise StrictReplaceError(
                "hostname", host, "not a host (a ':' is only in an IPv6 address)"
            ) from None
    return url.replace(strict=True, hostname=host).href


def with_port_href(url: URL, port: int | None) -> str:
    """The href of ``url.with_port(port)``: None removes the port."""
    if port is None:
        if url.port == "":
            return url.href
        return url.replace(strict=True, port="").href
    if isinstance(port, bool) or not isinstance(port, int):
        raise TypeError(f"port must be an int or None, not {type(port).__name__}")
    if not 0 <= port <= MAX_PORT:
        raise ValueError(f"port must be between 0 and 65535, not {port}")
    return url.replace(strict=True, port=str(port)).href


def with_path_href(
    url: URL, path: str, encoded: bool, keep_query: bool, keep_fragment: bool
) -> str:
    """The href of ``url.with_path(path, ...)``: the pathname setter's, with the query and
    fragment dropped unless kept."""
    path = _text("path", path)
    if not encoded:
        path = _percent_as_text(path).replace("\\", "%5C").replace("|", "%7C")
    if keep_query and keep_fragment:
        return url.replace(strict=True, pathname=path).href
    if keep_query:
        return url.replace(strict=True, pathname=path, hash="").href
    if keep_fragment:
        return url.replace(strict=True, pathname=path, search="").href
    return url.replace(strict=True, pathname=path, search="", hash="").href


def with_fragment_href(url: URL, fragment: str | None) -> str:
    """The href of ``url.with_fragment(fragment)``: None and "" remove the fragment."""
    if fragment is None or _text("fragment", fragment) == "":
        return url.replace(hash="").href
    # The hash setter removes one leading "#": this one is that "#", the fragment follows.
    return url.replace(hash="#" + _percent_as_text(fragment)).href
