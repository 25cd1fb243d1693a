"""The application/x-www-form-urlencoded format: its parser and its serializer.

Implements URL Standard §5 "application/x-www-form-urlencoded"
(https://url.spec.whatwg.org/#application/x-www-form-urlencoded): a list of name-value tuples,
written as ``name=value`` pairs joined by ``&``, with ``+`` for a space and everything else that
is not an ASCII alphanumeric or one of ``*-._`` percent-encoded. It is what HTML forms submit and
what :class:`urlspec.URLSearchParams` reads and writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice

from urlspec.encoding import output_encoding_for_label
from urlspec.infra import usv_string_argument, utf8_decode_without_bom, utf8_encode
from urlspec.percent_encoding import (
    FORM_URLENCODED,
    percent_decode,
    percent_encode_after_output_encoding,
    utf8_percent_encode,
)

__all__ = [
    "serialize_string_pairs",
    "string_pair",
    "urlencoded_parse",
    "urlencoded_serialize",
]


def urlencoded_parse(input: bytes | bytearray | memoryview | str) -> list[tuple[str, str]]:
    """The application/x-www-form-urlencoded parser (https://url.spec.whatwg.org/#concept-urlencoded-parser).

    ``input`` is a byte sequence, or a string, which is first converted to a scalar value string
    and UTF-8 encoded, as the "application/x-www-form-urlencoded string parser" does
    (https://url.spec.whatwg.org/#concept-urlencoded-string-parser). Names and values are
    percent-decoded and then UTF-8 decoded without BOM, invalid sequences becoming U+FFFD.
    """
    if isinstance(input, str):
        input = utf8_encode(input)  # lone surrogates are encoded as U+FFFD
    elif isinstance(input, (bytearray, memoryview)):
        input = bytes(input)
    elif not isinstance(input, bytes):
        raise TypeError(
            f"urlencoded_parse() takes str or a bytes-like object, not {type(input).__name__}"
        )
    output: list[tuple[str, str]] = []
    for sequence in input.split(b"&"):
        if not sequence:
            continue
        # Name up to the first "=" and value after it; with no "=", all of it is the name.
        name, _, value = sequence.partition(b"=")
        # Replace any 0x2B (+) with 0x20 (SP), percent-decode, and UTF-8 decode without BOM
        # (the first two only when there is something for them to do: the common case).
        if b"+" in sequence:
            name = name.replace(b"+", b" ")
            value = value.replace(b"+", b" ")
        if b"%" in sequence:
            name = percent_decode(name)
            value = percent_decode(value)
        output.append((utf8_decode_without_bom(name), utf8_decode_without_bom(value)))
    return output


def urlencoded_serialize(
    pairs: Iterable[tuple[str, str]] | Mapping[str, str], encoding: str = "utf-8"
) -> str:
    """The application/x-www-form-urlencoded serializer (https://url.spec.whatwg.org/#concept-urlencoded-serializer).

    ``encoding`` is an encoding label of the Encoding Standard (default UTF-8; raises
    :class:`LookupError` when it is not one); it goes through "get an output encoding", so the
    UTF-16 encodings and replacement serialize as UTF-8. ``pairs`` is an iterable of
    (name, value) pairs of strings, or a mapping (its items); anything else is a TypeError. Names
    and values are converted to scalar value strings (lone surrogates become U+FFFD). Returns an
    ASCII string.
    """
    output_encoding = output_encoding_for_label(encoding)
    items = pairs.items() if isinstance(pairs, Mapping) else pairs
    return serialize_string_pairs(
        [string_pair(item, "urlencoded_serialize()") for item in items], output_encoding
    )


def serialize_string_pairs(pairs: Iterable[tuple[str, str]], output_encoding: str = "utf-8") -> str:
    """The serializer's loop (steps 3-4), for a caller whose pairs are known to be pairs of scalar
    value strings and whose encoding is already an output encoding's name (see
    :func:`urlspec.encoding.output_encoding_for_label`), such as :class:`URLSearchParams`."""
    return "&".join(
        f"{_serialize_urlencoded_part(output_encoding, name)}"
        f"={_serialize_urlencoded_part(output_encoding, value)}"
        for name, value in pairs
    )


def string_pair(inner: object, context: str) -> tuple[str, str]:
    """One (name, value) pair: exactly two strings, as scalar value strings; else TypeError.

    ``inner`` may be any iterable but a string (Web IDL's ``sequence<USVString>`` of length 2).
    """
    if isinstance(inner, (str, bytes, bytearray)) or not isinstance(inner, Iterable):
        raise TypeError(
            f"{context} pairs must be sequences of two strings, not {type(inner).__name__}"
        )
    items = tuple(islice(inner, 3))  # a third item is enough to know it is not a pair
    if len(items) != 2:
        count = "more than 2" if len(items) == 3 else str(len(items))
        raise TypeError(f"{context} pairs must have exactly two items, not {count}")
    return (
        usv_string_argument(items[0], f"{context} name"),
        usv_string_argument(items[1], f"{context} value"),
    )


def _serialize_urlencoded_part(output_encoding: str, value: str) -> str:
    """Percent-encode after encoding with the form-urlencoded set (space as plus)."""
    if output_encoding == "utf-8":
        return utf8_percent_encode(value, FORM_URLENCODED, True)
    return percent_encode_after_output_encoding(output_encoding, value, FORM_URLENCODED, True)
