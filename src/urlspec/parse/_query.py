"""Query strings for the drop-in ``urllib.parse``: ``parse_qs``, ``parse_qsl`` and ``urlencode``.

These read and write ``application/x-www-form-urlencoded`` data the way CPython 3.14's
``urllib.parse`` does (not the way the WHATWG URL Standard's urlencoded parser does; that one
is ``urlspec.urlencoded``): fields are split on one separator (``'&'`` by default), names and
values on the first ``'='``, and both are unquoted with '+' read as a space.

CPython 3.14 behaviour kept on every Python:

* ``qs`` may be ``str``, ``None`` (no fields) or any bytes-like object (fields are then bytes,
  percent-decoded without any text decoding: gh-74668);
* other false values (``0``, ``[]``, ...) still give no fields but raise a
  ``DeprecationWarning`` (gh-116897); other objects raise ``TypeError``;
* ``separator`` must be a non-empty ``str`` or ``bytes`` (``ValueError`` otherwise), and is
  converted (as ASCII) to the type of ``qs``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar, overload

from urlspec.parse._quoting import (
    _quote_plus_table,
    _unquote_text,
    quote_plus,
    text_quoting_plus,
    unquote_to_bytes,
)

__all__ = ["parse_qs", "parse_qsl", "urlencode"]

AnyStr = TypeVar("AnyStr", str, bytes)


# The types: typeshed's (str in, str out; bytes in, bytes out), with the bytes-like objects the
# function takes (gh-74668) and None (no fields) spelled out.
@overload
def parse_qs(
    qs: str | None,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> dict[str, list[str]]: ...
@overload
def parse_qs(
    qs: bytes | bytearray | memoryview,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> dict[bytes, list[bytes]]: ...
def parse_qs(
    qs: Any,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> dict[Any, list[Any]]:
    """Parse a query string into a dict mapping each field name to the list of its values.

    The arguments are those of ``parse_qsl``, which does the parsing.
    """
    fields = _parse_fields(
        qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator
    )
    result: dict[Any, list[Any]] = {}
    for name, value in fields:
        values = result.get(name)
        if values is None:
            result[name] = [value]
        else:
            values.append(value)
    return result


@overload
def parse_qsl(
    qs: str | None,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> list[tuple[str, str]]: ...
@overload
def parse_qsl(
    qs: bytes | bytearray | memoryview,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> list[tuple[bytes, bytes]]: ...
def parse_qsl(
    qs: Any,
    keep_blank_values: bool = False,
    strict_parsing: bool = False,
    encoding: str = "utf-8",
    errors: str = "replace",
    max_num_fields: int | None = None,
    separator: str | bytes = "&",
) -> list[tuple[Any, Any]]:
    """Parse a query string into a list of (name, value) pairs, in order.

    qs: the percent-encoded query, a str (pairs of str) or bytes-like object (pairs of bytes).
    keep_blank_values: keep fields with an empty value (as '') instead of dropping them.
    strict_parsing: raise ValueError for a field without '=' instead of ignoring the problem.
    encoding, errors: how percent-decoded bytes become text (str queries only), as
        ``bytes.decode`` takes them.
    max_num_fields: if set, raise ValueError when the query has more fields than this.
    separator: the field separator, a non-empty str or bytes.
    """
    if type(qs) is str and type(separator) is str and separator:
        # the common call, without the checks and conversions of the other kinds of query
        return _split_fields(
            qs, separator, _TEXT_SYNTAX, _text_unquoter(encoding, errors),
            keep_blank_values, strict_parsing, max_num_fields,
        )  # fmt: skip
    return _parse_fields(
        qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator
    )


def _parse_fields(
    qs: Any,
    keep_blank_values: bool,
    strict_parsing: bool,
    encoding: str,
    errors: str,
    max_num_fields: int | None,
    separator: str | bytes,
) -> list[tuple[Any, Any]]:
    """``parse_qsl``, called directly by both ``parse_qsl`` and ``parse_qs``.

    Both are then the same number of frames above this function, so the DeprecationWarning of
    a false ``qs`` (gh-116897) names the caller of either, as CPython 3.14 attributes it.
    """
    if not separator or not isinstance(separator, (str, bytes)):
        raise ValueError("Separator must be of type string or bytes.")
    if isinstance(qs, str):
        if not isinstance(separator, str):
            separator = str(separator, "ascii")
        return _split_fields(
            qs, separator, _TEXT_SYNTAX, _text_unquoter(encoding, errors),
            keep_blank_values, strict_parsing, max_num_fields,
        )  # fmt: skip
    if qs is None:
        return []
    data = _bytes_of_query(qs)
    if isinstance(separator, str):
        separator = bytes(separator, "ascii")
    return _split_fields(
        data, separator, _BYTES_SYNTAX, _unquote_bytes_field,
        keep_blank_values, strict_parsing, max_num_fields,
    )  # fmt: skip


# Frames from the warning to the caller of ``parse_qs``/``parse_qsl``: ``_bytes_of_query``,
# ``_parse_fields``, ``parse_qs``/``parse_qsl``, their caller.
_CALLER_OF_PUBLIC_FUNCTION = 4


def _bytes_of_query(qs: Any) -> bytes:
    """The bytes of a query that is neither str nor None.

    Only bytes-like objects are accepted (``memoryview`` refuses the integers and iterables
    that ``bytes()`` would take). Other false values are read as an empty query, with the
    DeprecationWarning of CPython 3.14 (gh-116897), pointing at ``parse_qsl``'s caller.
    """
    try:
        return bytes(memoryview(qs))
    except TypeError:
        if not qs:
            warnings.warn(
                f"Accepting {type(qs).__name__} objects with false value in "
                "urllib.parse.parse_qsl() is deprecated as of 3.14",
                DeprecationWarning,
                stacklevel=_CALLER_OF_PUBLIC_FUNCTION,
            )
            return b""
        raise


class _Syntax(NamedTuple, Generic[AnyStr]):
    """The characters of a query string, as str or as bytes.

    ``plus`` and ``percent`` are only tested with ``in``: for bytes they are byte values,
    which bytes look up faster than one-byte bytes objects.
    """

    equals: AnyStr  # between a field's name and value
    plus: Any  # a space (str, or a byte value)
    percent: Any  # starts an escape (str, or a byte value)


_TEXT_SYNTAX = _Syntax("=", "+", "%")
_BYTES_SYNTAX = _Syntax(b"=", ord("+"), ord("%"))


def _text_unquoter(encoding: str | None, errors: str | None) -> Callable[[str], str]:
    """``unquote_plus`` with fixed ``encoding`` and ``errors`` (None: the defaults)."""
    if encoding is None:
        encoding = "utf-8"
    if errors is None:
        errors = "replace"
    if encoding == "utf-8" and errors == "replace" and type(encoding) is str:
        return _unquote_text_field_default  # the defaults: built once

    def unquote_text_field(text: str) -> str:
        text = text.replace("+", " ")
        return _unquote_text(text, encoding, errors) if "%" in text else text

    return unquote_text_field


def _unquote_text_field_default(text: str) -> str:
    """``unquote_plus(text)`` with the default encoding and errors (UTF-8, 'replace')."""
    text = text.replace("+", " ")
    return _unquote_text(text, "utf-8", "replace") if "%" in text else text


def _unquote_bytes_field(data: bytes) -> bytes:
    """Percent-decode a bytes field, '+' standing for a space."""
    return unquote_to_bytes(data.replace(b"+", b" "))


def _split_fields(
    qs: AnyStr,
    separator: AnyStr,
    syntax: _Syntax[AnyStr],
    unquote_field: Callable[[AnyStr], AnyStr],
    keep_blank_values: bool,
    strict_parsing: bool,
    max_num_fields: int | None,
) -> list[tuple[AnyStr, AnyStr]]:
    """The (name, value) pairs of ``qs``: the loop shared by str and bytes queries.

    Names and values without '+' or '%' are kept as they are, without calling the unquoter
    (which would return them unchanged).
    """
    if not qs:
        return []
    # Refuse oversized queries before any work (a memory exhaustion defence of CPython's).
    if max_num_fields is not None and max_num_fields < 1 + qs.count(separator):
        raise ValueError("Max number of fields exceeded")
    equals, plus, percent = syntax
    pairs = []
    for field in qs.split(separator):
        if not field and not strict_parsing:
            continue
        name, has_equals, value = field.partition(equals)
        if not has_equals and strict_parsing:
            raise ValueError(f"bad query field: {field!r}")
        if value or keep_blank_values:
            if plus in name or percent in name:
                name = unquote_field(name)
            if plus in value or percent in value:
                value = unquote_field(value)
            pairs.append((name, value))
    return pairs


def urlencode(
    query: Mapping[Any, Any] | Iterable[tuple[Any, Any]],
    doseq: bool = False,
    safe: str | bytes = "",
    encoding: str | None = None,
    errors: str | None = None,
    quote_via: Callable[..., str] = quote_plus,
) -> str:
    """Encode a mapping, or a sequence of (name, value) pairs, as a query string.

    Names and values are quoted with ``quote_via`` (``quote_plus`` by default), which is given
    ``safe`` and, for components that are not bytes, ``encoding`` and ``errors``. Components
    that are neither str nor bytes are converted with ``str()``. With ``doseq``, a value that
    is a sequence (anything with a length, other than str and bytes) gives one field per
    element, in order; without it the sequence is converted with ``str()`` like any value.
    """
    items = _query_items(query)
    default_call = not doseq and quote_via is quote_plus and encoding is None and errors is None
    if default_call and type(safe) is str:
        return _urlencode_default(items, safe)

    def quote_any(component: Any) -> str:
        if isinstance(component, bytes):
            return quote_via(component, safe)
        return quote_via(str(component), safe, encoding, errors)

    quote_component: Callable[[Any], str] = quote_any
    default_quoting = quote_via is quote_plus and encoding is None and errors is None
    if default_quoting and (type(safe) is str or type(safe) is bytes):
        quote_component = _with_ascii_shortcut(quote_any, safe)

    # Fields are built with "+" as CPython builds them, so that a custom ``quote_via``
    # returning something other than str fails (or works) the same way.
    fields = []
    for name, value in items:
        quoted_name = quote_component(name)
        if not doseq or isinstance(value, bytes):
            fields.append(quoted_name + "=" + quote_component(value))
        elif isinstance(value, str):
            fields.append(quoted_name + "=" + quote_via(value, safe, encoding, errors))
        elif _has_length(value):
            fields.extend(quoted_name + "=" + quote_component(element) for element in value)
        else:
            fields.append(quoted_name + "=" + quote_component(value))
    return "&".join(fields)


def _urlencode_default(items: Iterable[Any], safe: str) -> str:
    """urlencode's common call (no ``doseq``, the default quoting, a str ``safe``), spelled out:
    ASCII text is quoted by ``quote_plus``'s table for ``safe`` directly (most needs nothing
    quoted: one search tells so, see ``_quoting._text_quoting``); any other component
    goes through ``quote_plus`` as the general loop sends it (bytes as they are, anything else
    through ``str()``)."""
    needs_quoting, table = text_quoting_plus(safe)
    fields = []
    for name, value in items:
        if type(name) is str and name.isascii():
            quoted_name = name if needs_quoting(name) is None else name.translate(table)
        else:
            quoted_name = _quote_plus_component(name, safe)
        if type(value) is str and value.isascii():
            quoted_value = value if needs_quoting(value) is None else value.translate(table)
        else:
            quoted_value = _quote_plus_component(value, safe)
        fields.append(quoted_name + "=" + quoted_value)
    return "&".join(fields)


def _quote_plus_component(component: Any, safe: str) -> str:
    """``quote_plus`` of one urlencode component: bytes as they are, anything else as str()."""
    if isinstance(component, bytes):
        return quote_plus(component, safe)
    return quote_plus(str(component), safe, None, None)


def _with_ascii_shortcut(
    quote_component: Callable[[Any], str], safe: str | bytes
) -> Callable[[Any], str]:
    """``quote_component`` for the default quoting (``quote_plus``, no encoding or errors), with
    ASCII text taken the short way: ``quote_plus(text, safe)`` is then
    ``text.translate(table)`` with ``quote_plus``'s table for ``safe``, looked up once here
    instead of once per component."""
    table = _quote_plus_table(safe)

    def quote_ascii_or_any(component: Any) -> str:
        if type(component) is str and component.isascii():
            return component.translate(table)
        return quote_component(component)

    return quote_ascii_or_any


def _query_items(query: Any) -> Iterable[Any]:
    """The (name, value) pairs of ``urlencode``'s argument: a mapping's items, or a sequence
    whose first element is a tuple (an empty sequence of any type is accepted too)."""
    if hasattr(query, "items"):
        return query.items()  # type: ignore[no-any-return]
    try:
        if len(query) and not isinstance(query[0], tuple):
            raise TypeError
    except TypeError as err:
        raise TypeError("not a valid non-string sequence or mapping object") from err
    return query  # type: ignore[no-any-return]


def _has_length(value: Any) -> bool:
    """CPython's test for a sequence value in ``urlencode(..., doseq=True)``."""
    try:
        len(value)
    except TypeError:
        return False
    return True
