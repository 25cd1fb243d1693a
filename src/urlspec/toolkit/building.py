"""Building URLs from parts, strict replacement, and ports as numbers.

``build`` makes a URL from its components, each encoded as the URL class's setter of that
component encodes it (https://url.spec.whatwg.org/#urlutils-members), so a component cannot
spill into another: a "/" in a username or a "?" in a path is percent-encoded. A component the
setter cannot take raises :class:`urlspec.InvalidURL` naming it.

``replace_strict(url, **changes)`` is ``url.replace(strict=True, **changes)``, which refuses
to be silent: where the standard's setter returns early or the parser fails under its state
override (``port="99999"``, ``protocol="foo"`` on an http: URL, ``username`` on a file: URL,
``host`` on ``mailto:``), it raises :class:`urlspec.StrictReplaceError` (a ValueError) naming
the attribute and why.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, cast

from urlspec.toolkit._common import U
from urlspec.toolkit.query_editing import QueryInput, query_pairs
from urlspec.url_record import SPECIAL_SCHEMES, default_port
from urlspec.validation import InvalidURL, StrictReplaceError, quote

if TYPE_CHECKING:
    from urlspec.url import URL, ReplaceChanges

__all__ = [
    "InvalidURLPart",
    "StrictReplaceError",
    "build",
    "effective_port",
    "port_number",
    "replace_strict",
]

#: https://url.spec.whatwg.org/#url-scheme-string -- an ASCII alpha, then alphanumerics, +, -, .
SCHEME_STRING: Final = re.compile("[A-Za-z][A-Za-z0-9+.-]*")


def port_number(url: URL) -> int | None:
    """The port as an int, or None when the URL has none (or the scheme's default, which the
    parser stores as none)."""
    port = url.port
    return None if port == "" else int(port)


def effective_port(url: URL) -> int | None:
    """The port, or the scheme's default port (https://url.spec.whatwg.org/#default-port) when
    none is given; None for a scheme without one (and no port given)."""
    port = port_number(url)
    if port is not None:
        return port
    return default_port(url.protocol[:-1])


def replace_strict(url: U, **changes: object) -> U:
    """``url.replace(strict=True, **changes)``: raises StrictReplaceError (a ValueError) where a
    setter did nothing or failed (for callers holding the changes in a dict of any names)."""
    return url.replace(strict=True, **cast("ReplaceChanges", changes))


class InvalidURLPart(InvalidURL):
    """``URL.build`` could not set a component: ``part`` names it, ``reason`` says why.

    An :class:`urlspec.InvalidURL` (so a ValueError); ``input`` is ``"part=value"``.
    """

    def __init__(self, part: str, value: object, reason: str) -> None:
        shown = quote(value) if isinstance(value, str) else repr(value)
        self.input = f"{part}={shown}"
        self.base = None
        self.errors = []
        self.part = part
        self.value = value
        self._reason = reason
        ValueError.__init__(self, f"invalid URL {part} {shown}: {reason}")

    @property
    def reason(self) -> str:
        return self._reason

    def __reduce__(self) -> tuple[type[InvalidURLPart], tuple[str, object, str]]:  # type: ignore[override]
        return (InvalidURLPart, (self.part, self.value, self._reason))


def _invalid_part(part: str, value: object, reason: str) -> InvalidURLPart:
    return InvalidURLPart(part, value, reason)


def build(
    cls: type[U],
    *,
    scheme: str,
    username: str = "",
    password: str = "",
    host: str | None = None,
    port: int | str | None = None,
    path: str = "",
    query: str | QueryInput | None = None,
    fragment: str | None = None,
) -> U:
    """A URL from its components, each set as its setter sets it (see the module docstring).

    ``host`` None means no host: then there can be no credentials or port, and a special
    scheme (http, https, ws, wss, ftp) is refused; a non-special URL without a host gets an
    opaque path unless ``path`` starts with "/". ``query`` is a string (as ``search`` sets it)
    or a mapping or pairs (as ``with_query`` takes them). Raises InvalidURL naming the bad part.
    """
    if not isinstance(path, str):
        raise TypeError(f"path must be a str, not {type(path).__name__}")
    if not isinstance(scheme, str) or SCHEME_STRING.fullmatch(scheme) is None:
        raise _invalid_part("scheme", scheme, "not a URL scheme")
    scheme = scheme.lower()
    special = scheme in SPECIAL_SCHEMES
    if host is None:
        if special and scheme != "file":
            raise _invalid_part("host", host, f"a {scheme}: URL needs a host")
        for part, value in (("username", username), ("password", password)):
            if value != "":
                raise _invalid_part(part, value, "a URL without a host cannot have one")
        if port is not None:
            raise _invalid_part("port", port, "a URL without a host cannot have one")
    if scheme == "file" and host is None:
        host = ""
    if host is None and not path.startswith("/"):
        # An opaque path: "?" and "#" would end it, so they are encoded (as the setters would
        # encode them in a query or fragment); the parser encodes the rest as it does.
        opaque = path.replace("?", "%3F").replace("#", "%23")
        url = cls(f"{scheme}:{opaque}")
        changes: dict[str, object] = {}
    else:
        skeleton = f"{scheme}://" if host is not None else f"{scheme}:/"
        if host is not None and special and scheme != "file":
            skeleton += "h"  # replaced by the hostname setter below
        url = cls(skeleton)
        changes = {}
        if host is not None:
            changes["hostname"] = host
        if username != "":
            changes["username"] = username
        if password != "":
            changes["password"] = password
        if port is not None:
            changes["port"] = port
        changes["pathname"] = path
    if isinstance(query, str):
        changes["search"] = query
    elif query is not None:
        changes["search_params"] = query_pairs(query)
    if fragment is not None:
        changes["hash"] = fragment
    try:
        return replace_strict(url, **changes)
    except StrictReplaceError as error:
        parts = {"hostname": "host", "pathname": "path", "search": "query", "hash": "fragment"}
        name = parts.get(error.attribute, error.attribute)
        raise _invalid_part(name, changes[error.attribute], error.reason) from None
