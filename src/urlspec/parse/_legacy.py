"""The old helpers of ``urllib.parse``: ``unwrap`` and the deprecated ``split*``/``to_bytes``.

The ``split*`` functions come from Python 2's ``urllib``; CPython deprecated them in 3.8
(bpo-27485). Each public one warns with CPython 3.15's exact ``DeprecationWarning`` text (the
messages name ``urllib.parse``, whose drop-in this is): since gh-144148 (CPython 3.15) they point
at ``urlsplit()`` where they pointed at ``urlparse()`` before, and ``splitvalue`` at
``parse_qsl()``. Each calls its private ``_split*`` twin, which does the work silently, as
CPython's own callers use it.

The twins are built from a few partitions shared with the rest of the package: ``_splitnetloc``
(the netloc runs to the first ``/``, ``?`` or ``#``), a split at the last delimiter (``?``,
``#``, ``:``), and the userinfo reading of the result classes (``_results._split_userinfo``).
"""

from __future__ import annotations

import warnings
from typing import Any

from urlspec.parse._common import CALLER_FRAMES_SKIPPED
from urlspec.parse._results import _split_userinfo

__all__ = [
    "_splitattr",
    "_splithost",
    "_splitnetloc",
    "_splitnport",
    "_splitpasswd",
    "_splitport",
    "_splitquery",
    "_splittag",
    "_splittype",
    "_splituser",
    "_splitvalue",
    "_to_bytes",
    "splitattr",
    "splithost",
    "splitnport",
    "splitpasswd",
    "splitport",
    "splitquery",
    "splittag",
    "splittype",
    "splituser",
    "splitvalue",
    "to_bytes",
    "unwrap",
]


def unwrap(url: Any) -> str:
    """Transform a string like ``'<URL:scheme://host/path>'`` into ``'scheme://host/path'``.

    RFC 1738 §2.2 ("URLs in context") wraps URLs in angle brackets and may prefix them with
    ``URL:``; each layer is removed, with the whitespace around it. Any other string comes back
    stripped.
    """
    text = str(url).strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1].strip()
    if text.startswith("URL:"):
        text = text.removeprefix("URL:").strip()
    return text


# gh-144148 (CPython 3.15): the texts recommend urlsplit(), not urlparse() (which splits off the
# obsolete RFC 2396 path parameters and is slower).
def _deprecated(name: str, instead: str | None = "urlsplit") -> None:
    message = f"urllib.parse.{name}() is deprecated as of 3.8"
    if instead is not None:
        message += f", use urllib.parse.{instead}() instead"
    # stacklevel: warnings.warn's caller, then this function's and the public helper's frames
    warnings.warn(message, DeprecationWarning, stacklevel=1 + 2 * CALLER_FRAMES_SKIPPED)


# --- Shared pieces ---


def _is_ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``isdigit`` alone takes ``'²'``, ``'६'``)."""
    return text.isascii() and text.isdigit()


def _split_at_last(text: str, delimiter: str) -> tuple[str, str | None]:
    """(before, after) the last ``delimiter``; ``(text, None)`` when there is none."""
    before, found, after = text.rpartition(delimiter)
    return (before, after) if found else (text, None)


def _splitnetloc(url: str, start: int = 0) -> tuple[str, str]:
    """(``url[start:end]``, ``url[end:]``), ``end`` being the first ``/``, ``?`` or ``#`` from
    ``start`` on (or the end of ``url``): the netloc and the rest, RFC 3986 §3.2's authority
    being "terminated by the next slash, question mark, or number sign"."""
    end = len(url)
    for delimiter in "/?#":
        position = url.find(delimiter, start, end)
        if position >= 0:
            end = position
    return url[start:end], url[end:]


# --- The helpers ---


def _to_bytes(url: Any) -> Any:
    """``to_bytes('URL')`` -> ``'URL'``: a ``str`` URL must be ASCII (UnicodeError otherwise).

    A ``str`` comes back as a plain ``str``; anything else unchanged.
    """
    if not isinstance(url, str):
        return url
    if not url.isascii():
        raise UnicodeError(f"URL {url!r} contains non-ASCII characters")
    return str.__str__(url)  # the exact str, whatever subclass ``url`` is


def _splittype(url: str) -> tuple[str | None, str]:
    """``'type:opaquestring'`` -> ``('type', 'opaquestring')``; ``(None, url)`` without a type.

    The type is the text before the first ``:``, non-empty and without ``/``, lowercased.
    """
    scheme, colon, rest = url.partition(":")
    if colon and scheme and "/" not in scheme:
        return scheme.lower(), rest
    return None, url


def _splithost(url: str) -> tuple[str | None, str]:
    """``'//host[:port]/path'`` -> ``('host[:port]', '/path')``; ``(None, url)`` without ``//``.

    The path always starts with ``/`` (one is added before a ``?`` or ``#``).
    """
    if not url.startswith("//"):
        return None, url
    host_port, path = _splitnetloc(url, 2)
    if path and not path.startswith("/"):
        path = "/" + path
    return host_port, path


def _splituser(host: str) -> tuple[str | None, str]:
    """``'user[:passwd]@host[:port]'`` -> ``('user[:passwd]', 'host[:port]')``, at the last @."""
    user, at, host_port = host.rpartition("@")
    return (user, host_port) if at else (None, host)


def _splitpasswd(user: str) -> tuple[str, str | None]:
    """``'user:passwd'`` -> ``('user', 'passwd')``; the password is None without ``:``.

    This is the userinfo reading of the result classes' ``username``/``password``.
    """
    username, password = _split_userinfo(user + "@")
    return username, password


def _splitport(host: str) -> tuple[str, str | None]:
    """``'host:port'`` -> ``('host', 'port')``; the port is None if absent or empty.

    The port is what follows the last ``:`` when that is only ASCII digits; an empty port is
    still removed (``'host:'`` -> ``('host', None)``).
    """
    before, port = _split_at_last(host, ":")
    if port is None or not (port == "" or _is_ascii_digits(port)):
        return host, None
    return before, (port if port else None)


def _splitnport(host: str, defport: Any = -1) -> tuple[str, Any]:
    """Split host and port, the port as a number.

    ``defport`` when there is no ``:`` or nothing after the last one; the number after it if it
    is ASCII digits; None if it is anything else.
    """
    before, port = _split_at_last(host, ":")
    if not port:  # no ":" (``before`` is then the whole host), or nothing after it
        return before, defport
    return before, (int(port) if _is_ascii_digits(port) else None)


def _splitquery(url: str) -> tuple[str, str | None]:
    """``'/path?query'`` -> ``('/path', 'query')``, at the last ``?``."""
    return _split_at_last(url, "?")


def _splittag(url: str) -> tuple[str, str | None]:
    """``'/path#tag'`` -> ``('/path', 'tag')``, at the last ``#``."""
    return _split_at_last(url, "#")


def _splitattr(url: str) -> tuple[str, list[str]]:
    """``'/path;attr1=value1;attr2=value2'`` -> ``('/path', ['attr1=value1', 'attr2=value2'])``."""
    path, *attributes = url.split(";")
    return path, attributes


def _splitvalue(attr: str) -> tuple[str, str | None]:
    """``'attr=value'`` -> ``('attr', 'value')``; the value is None without ``=``."""
    name, equals, value = attr.partition("=")
    return name, (value if equals else None)


def to_bytes(url: Any) -> Any:
    _deprecated("to_bytes", instead=None)
    return _to_bytes(url)


def splittype(url: str) -> tuple[str | None, str]:
    _deprecated("splittype")
    return _splittype(url)


def splithost(url: str) -> tuple[str | None, str]:
    _deprecated("splithost")
    return _splithost(url)


def splituser(host: str) -> tuple[str | None, str]:
    _deprecated("splituser")
    return _splituser(host)


def splitpasswd(user: str) -> tuple[str, str | None]:
    _deprecated("splitpasswd")
    return _splitpasswd(user)


def splitport(host: str) -> tuple[str, str | None]:
    _deprecated("splitport")
    return _splitport(host)


def splitnport(host: str, defport: Any = -1) -> tuple[str, Any]:
    _deprecated("splitnport")
    return _splitnport(host, defport)


def splitquery(url: str) -> tuple[str, str | None]:
    _deprecated("splitquery")
    return _splitquery(url)


def splittag(url: str) -> tuple[str, str | None]:
    _deprecated("splittag")
    return _splittag(url)


def splitattr(url: str) -> tuple[str, list[str]]:
    _deprecated("splitattr")
    return _splitattr(url)


def splitvalue(attr: str) -> tuple[str, str | None]:
    _deprecated("splitvalue", instead="parse_qsl")
    return _splitvalue(attr)
