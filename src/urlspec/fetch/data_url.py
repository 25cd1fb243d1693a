"""``data:`` URLs: the Fetch Standard's ``data:`` URL processor.

Implements https://fetch.spec.whatwg.org/#data-urls: the ``data:`` URL struct (here
:class:`DataURL`) and the ``data:`` URL processor (:func:`parse_data_url`), with forgiving-base64
decode (``urlspec.fetch.forgiving_base64``) and the MIME Sniffing Standard's MIME type parser and
serializer (``urlspec.fetch.mime_type``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from urlspec.fetch.forgiving_base64 import forgiving_base64_decode
from urlspec.fetch.mime_type import MIMEType, parse_mime_type
from urlspec.percent_encoding import percent_decode_string
from urlspec.url import URL  # (url.py does not import this module: the dependency is one way)
from urlspec.validation import quote

__all__ = ["DataURL", "parse_data_url"]

#: Step 11: ";", zero or more U+0020 SPACE, then "base64" (ASCII case-insensitive), at the end.
_BASE64_MARKER: Final = re.compile(r";[ ]*[bB][aA][sS][eE]6[4]\Z")


@dataclass(frozen=True, eq=True)
class DataURL:
    """https://fetch.spec.whatwg.org/#data-url-struct -- a ``data:`` URL's MIME type and body.

    ``mime_type`` is the serialized MIME type (``"text/plain;charset=US-ASCII"``); ``essence``
    (``"text/plain"``) and ``parameters`` (names lowercased, in order) are its parts.
    """

    mime_type: str
    essence: str
    parameters: tuple[tuple[str, str], ...]
    body: bytes


def parse_data_url(url: str | URL) -> DataURL | None:
    """The ``data:`` URL processor (https://fetch.spec.whatwg.org/#data-url-processor).

    ``url`` is a ``URL`` or a string parsed as one (:class:`urlspec.InvalidURL` when it does not
    parse). Returns None where the processor returns failure (no "," or a body that is not
    valid forgiving base64). Raises ValueError for a URL whose scheme is not "data".
    """
    data_url = url if isinstance(url, URL) else URL(url)
    # 1. Assert: dataURL's scheme is "data".
    if data_url.protocol != "data:":
        raise ValueError(f"not a data: URL: {quote(data_url.href)}")
    # 2.-3. The URL serialized without its fragment, the leading "data:" removed. (An href has
    # no "#" before its fragment: the parser percent-encodes or drops every other one.)
    input = data_url.href.partition("#")[0].removeprefix("data:")
    # 4.-6. The MIME type: up to the first ",", leading and trailing ASCII whitespace stripped.
    mime_type, comma, encoded_body = input.partition(",")
    mime_type = mime_type.strip("\t\n\f\r ")
    # 7.-9.
    if comma == "":
        return None
    # 10. body is the percent-decoding of encodedBody.
    body: bytes | None = percent_decode_string(encoded_body)
    # 11. A ";base64" marker: decode the body and drop the marker.
    if _BASE64_MARKER.search(mime_type) is not None:
        assert body is not None
        body = forgiving_base64_decode(body.decode("latin-1"))  # isomorphic decode
        if body is None:
            return None
        mime_type = mime_type[:-6].rstrip(" ")
        mime_type = mime_type[:-1]
    assert body is not None
    # 12.
    if mime_type.startswith(";"):
        mime_type = "text/plain" + mime_type
    # 13.-14.
    record = parse_mime_type(mime_type)
    if record is None:
        record = MIMEType("text", "plain", {"charset": "US-ASCII"})
    # 15.
    return DataURL(
        mime_type=str(record),
        essence=record.essence,
        parameters=tuple(record.parameters.items()),
        body=body,
    )
