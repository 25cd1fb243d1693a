"""Shared pieces of the drop-in ``urllib.parse``: scheme tables, input cleaning, str/bytes coercion.

``urllib.parse`` works on ``str``; ``bytes`` and ``bytearray`` arguments are decoded as ASCII
(strictly), processed as ``str``, and the result is encoded back. Mixing ``str`` with non-empty
non-``str`` arguments raises ``TypeError``, exactly as CPython does.

The scheme lists are the module-level lists of ``urllib.parse`` (the same list objects are
re-exported by ``urlspec.parse``, so that code appending to them sees the effect, as with the
standard library).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "C0_CONTROL_OR_SPACE",
    "coerce_args",
    "coerce_components",
    "encode_result",
    "non_hierarchical",
    "noop",
    "remove_tab_and_newline",
    "scheme_chars",
    "uses_fragment",
    "uses_netloc",
    "uses_params",
    "uses_query",
    "uses_relative",
]

# --- Scheme classification (the lists of urllib.parse; "" is the scheme of a URL without one) ---

uses_relative: list[str] = [
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
]  # fmt: skip

uses_netloc: list[str] = [
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https",
    "shttp", "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp",
    "nfs", "git", "git+ssh", "ws", "wss", "itms-services",
]  # fmt: skip

uses_params: list[str] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
]  # fmt: skip

# Kept for backwards compatibility only: nothing in the module consults these two.
non_hierarchical: list[str] = [
    "gopher", "hdl", "mailto", "news", "telnet", "wais", "imap", "snews", "sip", "sips",
]  # fmt: skip

uses_query: list[str] = [
    "", "http", "wais", "imap", "https", "shttp", "mms", "gopher", "rtsp", "rtsps", "rtspu",
    "sip", "sips",
]  # fmt: skip

uses_fragment: list[str] = [
    "", "ftp", "hdl", "http", "gopher", "news", "nntp", "wais", "https", "shttp", "snews",
    "file", "prospero",
]  # fmt: skip

# The characters a scheme may contain (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
scheme_chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-."

# --- Input cleaning, after the WHATWG URL Standard's basic URL parser (first steps) ---

# "C0 control or space": U+0000 to U+001F and U+0020. Stripped from the start of a URL only:
# some applications rely on trailing spaces being kept.
C0_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))

# "Remove all ASCII tab or newline from input" (https://url.spec.whatwg.org/#concept-basic-url-parser)
_TAB_AND_NEWLINE = dict.fromkeys(map(ord, "\t\n\r"))


def remove_tab_and_newline(text: str) -> str:
    """``text`` without U+0009, U+000A and U+000D."""
    if "\t" in text or "\n" in text or "\r" in text:
        return text.translate(_TAB_AND_NEWLINE)
    return text


# --- str/bytes coercion ---

IMPLICIT_ENCODING = "ascii"
IMPLICIT_ERRORS = "strict"


def noop(obj: Any) -> Any:
    """The result coercion for ``str`` input: nothing to do."""
    return obj


def encode_result(obj: Any) -> Any:
    """The result coercion for bytes input: encode the ``str`` result (or result tuple) as ASCII."""
    return obj.encode(IMPLICIT_ENCODING, IMPLICIT_ERRORS)


def _check_not_mixed(args: tuple[Any, ...], str_input: bool) -> bool:
    """Raise TypeError if a non-empty argument is not of the kind ``str_input`` says; return it.

    Empty arguments are exempt so that defaults such as ``scheme=''`` work with bytes input.
    """
    for arg in args:
        if arg and isinstance(arg, str) != str_input:
            raise TypeError("Cannot mix str and non-str arguments")
    return str_input


def coerce_args(*args: Any) -> tuple[Any, ...]:
    """The arguments as ``str`` followed by the function that turns a result back to their type.

    Non-``str`` arguments are decoded as ASCII; empty ones (``b''``, ``None``) become ``''``.
    """
    if _check_not_mixed(args, isinstance(args[0], str)):
        return (*args, noop)
    decoded = [arg.decode(IMPLICIT_ENCODING, IMPLICIT_ERRORS) if arg else "" for arg in args]
    return (*decoded, encode_result)


def coerce_components(components: tuple[Any, ...]) -> tuple[list[Any], Callable[[Any], Any]]:
    """Like :func:`coerce_args` for URL components, but ``None`` (undefined) stays ``None``.

    The first component that is not None decides whether the components are ``str``.
    """
    first = next((component for component in components if component is not None), "")
    if _check_not_mixed(components, isinstance(first, str)):
        return list(components), noop
    decoded = [
        None
        if component is None
        else component.decode(IMPLICIT_ENCODING, IMPLICIT_ERRORS)
        if component
        else ""
        for component in components
    ]
    return decoded, encode_result
