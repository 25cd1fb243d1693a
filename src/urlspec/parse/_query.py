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
from typing import Any, Final, overload

from urlspec.parse._common import CALLER_FRAMES_SKIPPED, COMPILED
from urlspec.parse._quoting import (
    _quote_plus_table,
    _unquote_text,
    kept_for,
    quote_plus,
    quote_scan,
    text_quoting_plus,
    unquote_to_bytes,
)

__all__ = ["encode_query", "parse_qs", "parse_qsl"]


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
    keep_blank_values: Any = False,
    strict_parsing: Any = False,
    encoding: Any = "utf-8",
    errors: Any = "replace",
    max_num_fields: Any = None,
    separator: Any = "&",
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
    keep_blank_values: Any = False,
    strict_parsing: Any = False,
    encoding: Any = "utf-8",
    errors: Any = "replace",
    max_num_fields: Any = None,
    separator: Any = "&",
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
            qs, separator, _text_unquoter(encoding, errors),
            keep_blank_values, strict_parsing, max_num_fields,
        )  # fmt: skip
    return _parse_fields(
        qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator
    )


def _parse_fields(
    qs: Any,
    keep_blank_values: Any,
    strict_parsing: Any,
    encoding: Any,
    errors: Any,
    max_num_fields: Any,
    separator: Any,
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
            qs, separator, _text_unquoter(encoding, errors),
            keep_blank_values, strict_parsing, max_num_fields,
        )  # fmt: skip
    if qs is None:
        return []
    data = _bytes_of_query(qs)
    if isinstance(separator, str):
        separator = bytes(separator, "ascii")
    return _split_bytes_fields(data, separator, keep_blank_values, strict_parsing, max_num_fields)


# The warning's stacklevel naming the caller of ``parse_qs``/``parse_qsl``: 1 (``warnings.warn``'s
# caller), plus the frames of ``_bytes_of_query``, ``_parse_fields`` and ``parse_qs``/``parse_qsl``
# when they have frames (not compiled).
_CALLER_OF_PUBLIC_FUNCTION: Final = 1 + 3 * CALLER_FRAMES_SKIPPED


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


def _text_unquoter(encoding: Any, errors: Any) -> Callable[[str], str]:
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


def _unquote_latin1_field(text: str) -> str:
    """Percent-decode a field of a bytes query read as Latin-1 text (one character per byte),
    '+' standing for a space: the decoded bytes, read as Latin-1 again."""
    return unquote_to_bytes(text.replace("+", " ").encode("latin-1")).decode("latin-1")


def _split_bytes_fields(
    data: bytes,
    separator: bytes,
    keep_blank_values: object,
    strict_parsing: object,
    max_num_fields: Any,
) -> list[tuple[bytes, bytes]]:
    """The (name, value) pairs of a bytes query: percent-decoded bytes, no text decoding.

    The query is read as Latin-1 text, whose characters are its bytes one for one, split by
    :func:`_split_fields`, and each part is turned back into the same bytes.
    """
    pairs = _split_fields(
        data.decode("latin-1"), separator.decode("latin-1"), _unquote_latin1_field,
        keep_blank_values, strict_parsing, max_num_fields, _bytes_repr,
    )  # fmt: skip
    return [(name.encode("latin-1"), value.encode("latin-1")) for name, value in pairs]


def _bytes_repr(field: str) -> str:
    """How a field of a bytes query read as Latin-1 text shows in an error: as the bytes."""
    return repr(field.encode("latin-1"))


def _split_fields(
    qs: str,
    separator: str,
    unquote_field: Callable[[str], str],
    keep_blank_values: object,
    strict_parsing: object,
    max_num_fields: Any,
    field_repr: Callable[[str], str] = repr,
) -> list[tuple[str, str]]:
    """The (name, value) pairs of ``qs``: the loop shared by str and bytes queries.

    Names and values without '+' or '%' are kept as they are, without calling the unquoter
    (which would return them unchanged).
    """
    if not qs:
        return []
    # Refuse oversized queries before any work (a memory exhaustion defence of CPython's).
    if max_num_fields is not None and max_num_fields < 1 + qs.count(separator):
        raise ValueError("Max number of fields exceeded")
    pairs = []
    for field in qs.split(separator):
        if not field and not strict_parsing:
            continue
        name, has_equals, value = field.partition("=")
        if not has_equals and strict_parsing:
            raise ValueError(f"bad query field: {field_repr(field)}")
        if value or keep_blank_values:
            if "+" in name or "%" in name:
                name = unquote_field(name)
            if "+" in value or "%" in value:
                value = unquote_field(value)
            pairs.append((name, value))
    return pairs


def encode_query(
    query: Mapping[Any, Any] | Iterable[tuple[Any, Any]],
    doseq: object,
    safe: str | bytes,
    encoding: str | None,
    errors: str | None,
    quote_via: Callable[..., str],
) -> str:
    """``urlencode`` (``urlspec.parse`` defines it, with its defaults, over this function: a
    compiled function whose default is a function would have no signature for ``inspect``)."""
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
    fields = []
    if COMPILED:
        # compiled: one scan per component (see _quoting.quote_scan)
        kept = kept_for(safe, True)
        for name, value in items:
            if type(name) is str and name.isascii():
                quoted_name = quote_scan(name, kept, True)
            else:
                quoted_name = _quote_plus_component(name, safe)
            if type(value) is str and value.isascii():
                quoted_value = quote_scan(value, kept, True)
            else:
                quoted_value = _quote_plus_component(value, safe)
            fields.append(quoted_name + "=" + quoted_value)
        return "&".join(fields)
    needs_quoting, table = text_quoting_plus(safe)
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
