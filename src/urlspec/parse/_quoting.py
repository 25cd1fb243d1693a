"""Percent-encoding and -decoding for the drop-in ``urllib.parse``: ``quote`` and ``unquote``.

This module implements the quoting half of ``urllib.parse`` as CPython 3.14 behaves:
``quote``, ``quote_plus``, ``quote_from_bytes``, ``unquote``, ``unquote_to_bytes`` (and
``unquote_plus``, which ``urlspec.parse`` defines itself, on top of ``unquote``), plus the
private ``_Quoter`` mapping and ``_ALWAYS_SAFE`` set that
CPython's own tests use. (This is the RFC 3986 percent-encoding of ``urllib``, not the WHATWG
percent-encode sets of ``urlspec.percent_encoding``.)

How it works, and why it is fast without any per-character Python loop:

* Quoting. For every ``safe`` set there is one 256-entry table mapping a byte value to the text
  it quotes to (the byte's own character when it is always safe or in ``safe``, ``%XX``
  otherwise). The bytes to quote are viewed as Latin-1 text (one character per byte) and
  ``str.translate`` applies the table in C. A pure-ASCII ``str`` quoted as UTF-8 is translated
  directly, since its UTF-8 bytes are its characters. The compiled build quotes by one scan
  over the code points instead (:func:`quote_scan`, with a 128-entry table of the ASCII code
  points ``safe`` keeps), which returns text that needs no quoting as it is and otherwise
  joins the kept runs and the escapes.
* Unquoting. One precompiled regular expression splits the input around every ``%XX`` escape
  (valid hex digits only; a lone ``%`` stays as it is), ``binascii.unhexlify`` decodes the hex
  digits of all the escapes at once, each decoded byte takes its escape's place, and
  ``bytes.join`` reassembles the result.

Argument checks, result types and exceptions follow CPython's, in CPython's order, so that the
same bad input fails the same way.
"""

from __future__ import annotations

import binascii
import functools
import re
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeGuard, overload

from mypy_extensions import i64

from urlspec.parse._common import COMPILED

__all__ = [
    "_ALWAYS_SAFE",
    "_Quoter",
    "clear_cache",
    "quote",
    "quote_from_bytes",
    "quote_plus",
    "unquote",
    "unquote_to_bytes",
]

# RFC 3986 §2.3 unreserved characters: never quoted, whatever ``safe`` says.
_ALWAYS_SAFE: frozenset[int] = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"
)
_ALWAYS_SAFE_BYTES: bytes = bytes(sorted(_ALWAYS_SAFE))


# Every byte value's percent-encoding, "%" and two upper-case hex digits (RFC 3986 §2.1).
_PERCENT_ESCAPES: tuple[str, ...] = tuple(f"%{byte:02X}" for byte in range(256))


def _build_quoting_table(safe: Iterable[int]) -> list[str]:
    """The text ``quote`` writes for each byte value 0-255, for the byte values ``safe``.

    A byte that is always safe or in ``safe`` stands for itself (its Latin-1 character);
    any other is percent-encoded.
    """
    table = list(_PERCENT_ESCAPES)
    for byte in _ALWAYS_SAFE.union(safe):
        table[byte] = chr(byte)
    return table


class _Quoter(dict[int, str]):
    """The quoting table of one ``safe`` set as a mapping, byte value (0-255) -> its text.

    Kept because CPython's own tests build one (``_Quoter(_ALWAYS_SAFE)``); ``quote`` itself
    uses the tables of :func:`_quoting_table`. All 256 entries are filled at construction.
    """

    def __init__(self, safe: Iterable[int]) -> None:
        super().__init__(enumerate(_build_quoting_table(safe)))

    def __repr__(self) -> str:
        kept = "".join(text for text in self.values() if len(text) == 1)
        return f"{type(self).__name__}(safe={kept!r})"


# --- Quoting ---------------------------------------------------------------------------------


def _ascii_safe_bytes(safe: Any) -> bytes:
    """The ASCII members of ``safe`` (a str, or an iterable of byte values), as bytes.

    Non-ASCII safe characters are dropped: they could never appear unquoted in a URL.
    """
    if isinstance(safe, str):
        return safe.encode("ascii", "ignore")
    return bytes([byte for byte in safe if byte < 128])


@functools.lru_cache(maxsize=128)
def _quoting_table(safe_bytes: bytes) -> list[str]:
    """The ``str.translate`` table quoting every byte (as a Latin-1 character) for ``safe``."""
    return _build_quoting_table(safe_bytes)


@functools.lru_cache(maxsize=128)
def _quoting_table_for_hashable_safe(safe: str | bytes) -> list[str]:
    """``_quoting_table`` looked up by the caller's own ``safe`` argument, skipping the
    normalization on repeated calls (``safe`` is usually a constant such as ``'/'``)."""
    return _quoting_table(_ascii_safe_bytes(safe))


@functools.lru_cache(maxsize=128)
def _quote_plus_table(safe: str | bytes) -> list[str]:
    """The table of ``quote_plus`` for ``safe``: a space becomes '+'.

    ``quote_plus`` quotes with ``safe`` plus a space, then replaces spaces by '+'; this table
    does both at once (and, for text without spaces, is the same as ``safe``'s own table).
    """
    with_space = safe + " " if isinstance(safe, str) else safe + b" "
    table = _quoting_table_for_hashable_safe(with_space)
    return [*table[:32], "+", *table[33:]]


def _table_for(safe: Any) -> list[str]:
    if type(safe) is str or type(safe) is bytes:
        return _quoting_table_for_hashable_safe(safe)
    return _quoting_table(_ascii_safe_bytes(safe))


@functools.lru_cache(maxsize=128)
def _text_quoting(safe: str) -> tuple[Callable[[str], object], list[str]]:
    """For ASCII text and a str ``safe``: the search for a character that needs quoting, and
    the table quoting it.

    Most text quoted (paths, names) needs no quoting at all: one search (a bitmap test per
    character in ``re``) tells so, and the text is the result as it is. ``str.translate``
    would look every distinct character up in the table through the C API first.
    """
    return _with_search(_quoting_table_for_hashable_safe(safe))


@functools.lru_cache(maxsize=128)
def text_quoting_plus(safe: str) -> tuple[Callable[[str], object], list[str]]:
    """:func:`_text_quoting` for ``quote_plus`` (a space needs quoting: it becomes '+')."""
    return _with_search(_quote_plus_table(safe))


def _with_search(table: list[str]) -> tuple[Callable[[str], object], list[str]]:
    """``table`` and the search for an ASCII character that it does not keep as it is."""
    kept = "".join(text for code, text in enumerate(table[:128]) if text == chr(code))
    return re.compile(char_class_of_others(kept)).search, table


def char_class_of_others(kept: str) -> str:
    """A regex class of the ASCII characters not in ``kept``, as positive ranges."""
    ranges = []
    start = 0
    for code_point in [*sorted(map(ord, set(kept))), 128]:
        if start < code_point:
            ranges.append(f"\\x{start:02x}-\\x{code_point - 1:02x}")
        start = code_point + 1
    return "[" + "".join(ranges) + "]" if ranges else "(?!)"


# --- The compiled build's quoting: one scan over the code points ---
#
# Compiled, a loop over the code points is quicker than the search and ``str.translate`` (which
# leaves its fast path at the first character that becomes three). For each ``safe`` (a str),
# a table of the 128 ASCII code points says which ones are kept: 1 kept, 0 percent-encoded.

_KEPT_BY_SAFE: Final[dict[str, bytes]] = {}
_KEPT_BY_SAFE_PLUS: Final[dict[str, bytes]] = {}
_MAX_KEPT_TABLES: Final = 128  # (a bound: callers may pass ever new ``safe`` values)


def _kept_table(table: list[str], plus: bool) -> bytes:
    """Which ASCII code points ``table`` (a quoting table) keeps; with ``plus``, a space is not
    kept (``quote_plus`` writes it as '+' even when ``safe`` holds it)."""
    kept = bytearray(128)
    for code in range(128):
        if table[code] == chr(code) and not (plus and code == 0x20):
            kept[code] = 1
    return bytes(kept)


def kept_for(safe: str, plus: bool) -> bytes:
    """The kept ASCII code points of ``quote`` (of ``quote_plus`` with ``plus``: never the
    space) for ``safe``, cached."""
    cache = _KEPT_BY_SAFE_PLUS if plus else _KEPT_BY_SAFE
    kept = cache.get(safe)
    if kept is None:
        if len(cache) >= _MAX_KEPT_TABLES:
            cache.clear()
        kept = _kept_table(_quoting_table_for_hashable_safe(safe), plus)
        cache[safe] = kept
    return kept


def quote_scan(text: str, kept: bytes, plus: bool) -> str:
    """``text`` quoted by one scan: each code point that ``kept`` keeps stays, a space becomes
    '+' when ``plus``, and any other becomes its ``%XX``.

    ``text`` holds code points below 256 only: ASCII text, or bytes read as Latin-1 (one code
    point per byte), which is what ``str.translate`` with the quoting table is given otherwise;
    ``tests/test_quoting_differential.py`` proves the two equal.
    """
    length: i64 = len(text)
    i: i64 = 0
    while i < length:  # the kept prefix: often the whole text
        c: i64 = ord(text[i])
        if c >= 128 or not kept[c]:
            break
        i += 1
    if i == length:
        return text
    pieces: list[str] = []
    start: i64 = 0
    while i < length:
        c = ord(text[i])
        if c < 128 and kept[c]:
            i += 1
            continue
        if start < i:
            pieces.append(text[start:i])
        pieces.append("+" if plus and c == 0x20 else _PERCENT_ESCAPES[c])
        i += 1
        start = i
    if start < length:
        pieces.append(text[start:])
    return "".join(pieces)


def clear_cache() -> None:
    """Forget the quoting tables built so far (``urllib.parse.clear_cache`` calls this)."""
    _KEPT_BY_SAFE.clear()
    _KEPT_BY_SAFE_PLUS.clear()
    _quoting_table.cache_clear()
    _quoting_table_for_hashable_safe.cache_clear()
    _quote_plus_table.cache_clear()
    _text_quoting.cache_clear()
    text_quoting_plus.cache_clear()


def quote_from_bytes(bs: bytes | bytearray, safe: str | Iterable[int] = "/") -> str:
    """Percent-encode the bytes ``bs``, leaving ASCII letters, digits, ``_.-~`` and the ASCII
    characters of ``safe`` as they are. Always returns an ASCII ``str``.

    quote_from_bytes(b'abc def\\x3f') -> 'abc%20def%3F'
    """
    if not isinstance(bs, (bytes, bytearray)):
        raise TypeError("quote_from_bytes() expected bytes")
    if not bs:
        return ""
    if COMPILED and type(safe) is str:
        return quote_scan(bs.decode("latin-1"), kept_for(safe, False), False)
    return bs.decode("latin-1").translate(_table_for(safe))


def _is_ascii_as_utf8(string: object, encoding: str | None, errors: str | None) -> TypeGuard[str]:
    """Whether ``string`` is ASCII text to be encoded as UTF-8: its bytes are then its own
    characters, and encoding cannot fail (``str.encode`` only checks that ``errors`` is a str).
    """
    return (
        type(string) is str
        and (encoding is None or encoding == "utf-8")
        and (errors is None or type(errors) is str)
        and string.isascii()
    )


# The types: typeshed's; encoding and errors are for str only (TypeError for bytes).
@overload
def quote(
    string: str,
    safe: str | Iterable[int] = "/",
    encoding: str | None = None,
    errors: str | None = None,
) -> str: ...
@overload
def quote(string: bytes | bytearray, safe: str | Iterable[int] = "/") -> str: ...
def quote(
    string: str | bytes | bytearray,
    safe: str | Iterable[int] = "/",
    encoding: str | None = None,
    errors: str | None = None,
) -> str:
    """Percent-encode ``string`` for use in a URL: quote('abc def') -> 'abc%20def'.

    Every character except ASCII letters, digits, ``_.-~`` (RFC 3986's unreserved characters)
    and the ASCII characters of ``safe`` is quoted, from its bytes in ``encoding`` (default
    UTF-8; ``errors`` defaults to 'strict'). ``safe`` defaults to '/', for quoting paths.
    ``string`` may be bytes, which are quoted as they are; ``encoding`` and ``errors`` must
    then be left unset.
    """
    # The common call, spelled out (each function call costs as much as the translation of a
    # short path): ASCII text, the default encoding, a str ``safe``.
    if (
        type(string) is str
        and encoding is None
        and errors is None
        and type(safe) is str
        and string.isascii()
        and string
    ):
        if COMPILED:
            return quote_scan(string, kept_for(safe, False), False)
        needs_quoting, table = _text_quoting(safe)
        return string if needs_quoting(string) is None else string.translate(table)
    if _is_ascii_as_utf8(string, encoding, errors) and string:
        return string.translate(_table_for(safe))
    if isinstance(string, str):
        if not string:
            return string
        if encoding is None:
            encoding = "utf-8"
        if errors is None:
            errors = "strict"
        return quote_from_bytes(string.encode(encoding, errors), safe)
    if encoding is not None:
        raise TypeError("quote() doesn't support 'encoding' for bytes")
    if errors is not None:
        raise TypeError("quote() doesn't support 'errors' for bytes")
    return quote_from_bytes(string, safe)


# quote without its overloads: quote_plus passes its own arguments on, whatever they are (bytes
# with an encoding fail in quote, as in CPython).
_quote_unchecked: Callable[..., str] = quote


@overload
def quote_plus(
    string: str,
    safe: str | Iterable[int] = "",
    encoding: str | None = None,
    errors: str | None = None,
) -> str: ...
@overload
def quote_plus(string: bytes | bytearray, safe: str | Iterable[int] = "") -> str: ...
def quote_plus(
    string: str | bytes | bytearray,
    safe: str | Iterable[int] = "",
    encoding: str | None = None,
    errors: str | None = None,
) -> str:
    """Like ``quote``, but spaces become '+', as HTML form values are written, and ``safe``
    defaults to nothing. A '+' in ``string`` is quoted unless ``safe`` contains it.
    """
    if _is_ascii_as_utf8(string, encoding, errors) and (type(safe) is str or type(safe) is bytes):
        if COMPILED and type(safe) is str:
            return quote_scan(string, kept_for(safe, True), True)
        return string.translate(_quote_plus_table(safe))
    if isinstance(string, str):
        has_space = " " in string
    elif isinstance(string, bytes):
        has_space = _SPACE in string
    else:
        has_space = True  # CPython takes the space-replacing route for any other type
    if not has_space:
        return _quote_unchecked(string, safe, encoding, errors)
    # Keep spaces through the quoting (adding one to ``safe``, which must therefore support
    # ``+`` with a str or bytes), then turn them into '+'.
    # (``+``, not ``+=``: a list ``safe`` must raise TypeError, not be extended in place.)
    any_safe: Any = safe
    safe_with_space = any_safe + (" " if isinstance(safe, str) else b" ")
    return _quote_unchecked(string, safe_with_space, encoding, errors).replace(" ", "+")


# --- Unquoting -------------------------------------------------------------------------------

# Splits bytes around each "%XX" escape, capturing the two hex digits.
_split_around_escapes = re.compile(b"%([0-9A-Fa-f]{2})").split
# Splits text into runs of ASCII and (captured) runs of non-ASCII characters.
_split_non_ascii_runs = re.compile("([^\x00-\x7f]+)").split

# Byte values, for ``in`` tests on bytes (faster than a one-byte bytes operand).
_PERCENT = ord("%")
_SPACE = ord(" ")

# The one-byte ``bytes`` object of each byte value.
_SINGLE_BYTES: list[bytes] = [bytes((byte,)) for byte in range(256)]


def _percent_decode(data: bytes | bytearray) -> bytes:
    """Replace each ``%XX`` escape in ``data`` by the byte it stands for; keep anything else."""
    if _PERCENT not in data:
        return bytes(data)
    parts = _split_around_escapes(data)
    if len(parts) == 1:
        return bytes(data)
    # parts alternates text and the hex digits of an escape: decode all the digits at once,
    # then put each decoded byte back in place of its digits.
    escaped = binascii.unhexlify(b"".join(parts[1::2]))
    parts[1::2] = map(_SINGLE_BYTES.__getitem__, escaped)
    return b"".join(parts)


def _reject_non_text(string: Any) -> Any:
    """Fail as CPython's ``unquote`` does for an argument that is neither str nor bytes.

    CPython tests ``'%' in string`` and then looks up ``string.split``: an object without '%'
    that has a ``split`` method is returned unchanged; anything else is an error.
    """
    if "%" not in string:
        string.split  # noqa: B018 -- raises AttributeError for objects that are not string-like
        return string
    raise TypeError(f"expected string or bytes-like object, got {type(string).__name__!r}")


# Typed as typeshed types it, as two cases: the compiled build checks a parameter's type before
# the function runs, and CPython's function fails on other objects in ways kept exactly.
@overload
def unquote_to_bytes(string: str) -> bytes: ...
@overload
def unquote_to_bytes(string: bytes | bytearray) -> bytes: ...
def unquote_to_bytes(string: Any) -> bytes:
    """Replace ``%XX`` escapes by the bytes they stand for: unquote_to_bytes('abc%20def') ->
    b'abc def'. A str is first encoded as UTF-8 (URIs should not contain raw non-ASCII)."""
    if isinstance(string, str):
        return _percent_decode(string.encode("utf-8")) if string else b""
    if isinstance(string, bytes):
        return _percent_decode(string)
    if isinstance(string, bytearray):
        if _PERCENT in string:
            # CPython looks each escape up in a dict keyed by a slice of the input, and a
            # bytearray slice is unhashable: a bytearray with a '%' is refused (still so in 3.14).
            raise TypeError("unhashable type: 'bytearray'")
        return bytes(string)
    # CPython only works on objects with a bytes-like ``split``; fail the way it does.
    string.split  # noqa: B018 -- raises AttributeError for None, (), memoryview, ...
    if not string:
        return b""
    raise TypeError(f"unquote_to_bytes() expected str or bytes, got {type(string).__name__!r}")


def _unquote_ascii_runs(string: str, encoding: str, errors: str) -> str:
    """Unquote text that mixes ASCII and non-ASCII characters.

    The non-ASCII characters are kept as they are (they are not escapes); each maximal ASCII
    run is percent-decoded and decoded with ``encoding`` separately, as CPython does.
    """
    runs = _split_non_ascii_runs(string)
    # Even indices hold ASCII runs, odd ones the non-ASCII runs between them.
    for index in range(0, len(runs), 2):
        run = runs[index]
        if run:
            runs[index] = _percent_decode(run.encode("ascii")).decode(encoding, errors)
    return "".join(runs)


# Typed as typeshed types it, as two cases (see unquote_to_bytes).
@overload
def unquote(string: str, encoding: str = "utf-8", errors: str = "replace") -> str: ...
@overload
def unquote(string: bytes, encoding: str = "utf-8", errors: str = "replace") -> str: ...
def unquote(string: Any, encoding: Any = "utf-8", errors: Any = "replace") -> Any:
    """Replace ``%XX`` escapes by the characters they encode: unquote('abc%20def') ->
    'abc def'.

    The escaped bytes are decoded with ``encoding`` and ``errors`` (as ``bytes.decode`` takes
    them; default UTF-8, replacing invalid sequences with U+FFFD). ``string`` may be bytes.
    """
    if type(string) is str and "%" not in string:
        return string  # the common call: nothing to unquote
    if isinstance(string, bytes):
        return _percent_decode(string).decode(encoding, errors)
    if not isinstance(string, str):
        return _reject_non_text(string)
    if "%" not in string:
        return string
    if encoding is None:
        encoding = "utf-8"
    if errors is None:
        errors = "replace"
    return _unquote_text(string, encoding, errors)


def _unquote_text(text: str, encoding: str, errors: str) -> str:
    """``unquote`` of text containing a '%', ``encoding`` and ``errors`` being set."""
    if text.isascii():
        return _percent_decode(text.encode("ascii")).decode(encoding, errors)
    return _unquote_ascii_runs(text, encoding, errors)
