"""Shared pieces of the drop-in ``urllib.parse``: scheme tables, input cleaning, str/bytes coercion.

``urllib.parse`` works on ``str``; ``bytes`` and ``bytearray`` arguments are decoded as ASCII
(strictly), processed as ``str``, and the result is encoded back. Mixing ``str`` with non-empty
non-``str`` arguments raises ``TypeError``, exactly as CPython does; which kind a call is follows
CPython 3.15 (see :func:`is_text_input`).

The scheme lists are the module-level lists of ``urllib.parse`` (the same list objects are
re-exported by ``urlspec.parse``, so that code appending to them sees the effect, as with the
standard library).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

__all__ = [
    "C0_CONTROL_OR_SPACE",
    "CALLER_FRAMES_SKIPPED",
    "COMPILED",
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

# --- Warnings ---


def _compiled() -> bool:
    """Whether this package runs compiled by mypyc: its functions are then built-in functions."""
    return type(_compiled).__name__ != "function"


#: What ``stacklevel`` adds for each function of this package between ``warnings.warn`` and
#: the public function's caller: 1 frame each interpreted, none compiled (a compiled function
#: runs without a Python frame, so the first frame ``warnings.warn`` sees is that caller's).
CALLER_FRAMES_SKIPPED: Final = 0 if _compiled() else 1

#: Whether this package runs compiled: the splitter then scans code points (see _split.py).
COMPILED: Final = _compiled()

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


def is_text_input(args: tuple[Any, ...]) -> bool:
    """Whether a call's arguments are ``str`` (else bytes-like), by CPython 3.15's rule.

    The first non-empty argument decides (CPython 3.14 and older looked at the first argument
    only, empty or not): ``urlsplit('', b'http')`` is a bytes call, and so is
    ``urlunsplit(('', b'h', b'/p', b'', b''))``. When every argument is empty, the first one
    that is not None decides (``urlsplit(b'')`` stays a bytes call), and when all are None (or
    there are none), the call is a ``str`` call: ``urlsplit(None)`` gives a SplitResult.
    TypeError when a non-empty argument is of the other kind.
    """
    for arg in args:
        if arg:
            return _check_not_mixed(args, isinstance(arg, str))
    for arg in args:
        if arg is not None:
            return isinstance(arg, str)
    return True


def _decoded(arg: Any) -> Any:
    """A non-str argument as ``str`` (strict ASCII): None stays None, an empty one is ``''``."""
    if arg is None:
        return None
    return arg.decode(IMPLICIT_ENCODING, IMPLICIT_ERRORS) if arg else ""


def coerce_args(*args: Any) -> tuple[Any, ...]:
    """The arguments as ``str`` followed by the function that turns a result back to their type.

    CPython 3.15's coercion (:func:`is_text_input` says which kind the call is): the arguments
    of a ``str`` call pass as they are; those of a bytes call are decoded as strict ASCII. None
    passes through either way (an undefined component, or a missing URL).
    """
    if is_text_input(args):
        return (*args, noop)
    return (*map(_decoded, args), encode_result)


def coerce_components(components: tuple[Any, ...]) -> tuple[list[Any], Callable[[Any], Any]]:
    """:func:`coerce_args` for the components of ``urlunsplit``/``urlunparse``, as a list."""
    *decoded, coerce = coerce_args(*components)
    return decoded, coerce
