"""The old helpers of ``urllib.parse``: ``unwrap`` and the deprecated ``split*``/``to_bytes``.

The ``split*`` functions come from Python 2's ``urllib``; CPython deprecated them in 3.8
(bpo-27485) in favour of ``urlparse``/``parse_qsl``. Each public one warns with CPython's exact
``DeprecationWarning`` text (the messages name ``urllib.parse``, whose drop-in this is) and calls
its private ``_split*`` twin, which does the work silently, as CPython's own callers use it.
"""

from __future__ import annotations

import warnings
from typing import Any

__all__ = [
    "_splitattr",
    "_splithost",
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

    The string is returned unchanged (but stripped) if it is not a wrapped URL (RFC 1738 §2.2).
    """
    text = str(url).strip()
    if text[:1] == "<" and text[-1:] == ">":
        text = text[1:-1].strip()
    if text[:4] == "URL:":
        text = text[4:].strip()
    return text


def _deprecated(name: str, instead: str | None = "urlparse") -> None:
    message = f"urllib.parse.{name}() is deprecated as of 3.8"
    if instead is not None:
        message += f", use urllib.parse.{instead}() instead"
    warnings.warn(message, DeprecationWarning, stacklevel=3)


def _to_bytes(url: Any) -> Any:
    """``to_bytes('URL')`` -> ``'URL'``: a ``str`` URL must be ASCII (UnicodeError otherwise)."""
    if isinstance(url, str):
        try:
            url = url.encode("ascii").decode()
        except UnicodeError:
            raise UnicodeError(f"URL {url!r} contains non-ASCII characters") from None
    return url


def _splittype(url: str) -> tuple[str | None, str]:
    """``'type:opaquestring'`` -> ``('type', 'opaquestring')``; ``(None, url)`` without a type.

    The type is the text before the first ``:``, non-empty and without ``/``, lowercased.
    """
    colon = url.find(":")
    if colon > 0 and "/" not in url[:colon]:
        return url[:colon].lower(), url[colon + 1 :]
    return None, url


def _splithost(url: str) -> tuple[str | None, str]:
    """``'//host[:port]/path'`` -> ``('host[:port]', '/path')``; ``(None, url)`` without ``//``."""
    if url[:2] != "//":
        return None, url
    end = len(url)
    for delimiter in "/#?":
        position = url.find(delimiter, 2)
        if 0 <= position < end:
            end = position
    host_port, path = url[2:end], url[end:]
    if path and path[0] != "/":
        path = "/" + path
    return host_port, path


def _splituser(host: str) -> tuple[str | None, str]:
    """``'user[:passwd]@host[:port]'`` -> ``('user[:passwd]', 'host[:port]')``."""
    user, at, host = host.rpartition("@")
    return (user if at else None), host


def _splitpasswd(user: str) -> tuple[str, str | None]:
    """``'user:passwd'`` -> ``('user', 'passwd')``; the password is None without ``:``."""
    user, colon, password = user.partition(":")
    return user, (password if colon else None)


def _splitport(host: str) -> tuple[str, str | None]:
    """``'host:port'`` -> ``('host', 'port')``; the port is None if absent or empty.

    The port is what follows the last ``:`` when that is only ASCII digits; an empty port is
    still removed (``'host:'`` -> ``('host', None)``).
    """
    before, colon, port = host.rpartition(":")
    if colon and (port == "" or (port.isdigit() and port.isascii())):
        return before, (port if port else None)
    return host, None


def _splitnport(host: str, defport: Any = -1) -> tuple[str, Any]:
    """Split host and port, the port as a number.

    ``defport`` when there is no ``:``; the number after the last ``:`` if it is ASCII digits;
    None if there is something else after it; ``defport`` if nothing.
    """
    before, colon, port = host.rpartition(":")
    if not colon:
        return port, defport
    if port:
        return before, (int(port) if port.isdigit() and port.isascii() else None)
    return before, defport


def _splitquery(url: str) -> tuple[str, str | None]:
    """``'/path?query'`` -> ``('/path', 'query')``, at the last ``?``."""
    path, question_mark, query = url.rpartition("?")
    return (path, query) if question_mark else (url, None)


def _splittag(url: str) -> tuple[str, str | None]:
    """``'/path#tag'`` -> ``('/path', 'tag')``, at the last ``#``."""
    path, hash_sign, tag = url.rpartition("#")
    return (path, tag) if hash_sign else (url, None)


def _splitattr(url: str) -> tuple[str, list[str]]:
    """``'/path;attr1=value1;attr2=value2'`` -> ``('/path', ['attr1=value1', 'attr2=value2'])``."""
    path, *attributes = url.split(";")
    return path, attributes


def _splitvalue(attr: str) -> tuple[str, str | None]:
    """``'attr=value'`` -> ``('attr', 'value')``; the value is None without ``=``."""
    attr, equals, value = attr.partition("=")
    return attr, (value if equals else None)


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
