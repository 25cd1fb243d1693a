"""MIME types: the MIME Sniffing Standard's MIME type record, parser and serializer.

Implements https://mimesniff.spec.whatwg.org/#understanding-mime-types (§4 "MIME types"): §4.1 the
MIME type record (type, subtype, parameters), §4.2 its essence, §4.4 "parse a MIME type" and §4.5
"serialize a MIME type", with the Fetch Standard's "collect an HTTP quoted string"
(https://fetch.spec.whatwg.org/#collect-an-http-quoted-string) that the parser uses. The ``data:``
URL processor (``urlspec.fetch.data_url``) is its first user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from urlspec.infra import ascii_lowercase

__all__ = ["MIMEType", "collect_http_quoted_string", "parse_mime_type", "serialize_mime_type"]

#: https://fetch.spec.whatwg.org/#http-whitespace
HTTP_WHITESPACE: Final = "\t\n\r "
#: https://mimesniff.spec.whatwg.org/#http-token-code-point
_HTTP_TOKEN_CODE_POINTS: Final = "!#$%&'*+\\-.^_`|~0-9A-Za-z"
_SOLELY_HTTP_TOKEN_CODE_POINTS: Final = re.compile(f"[{_HTTP_TOKEN_CODE_POINTS}]*")
#: https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
_SOLELY_HTTP_QUOTED_STRING_TOKEN_CODE_POINTS: Final = re.compile("[\t\x20-\x7e\x80-\xff]*")


def solely_http_token_code_points(value: str) -> bool:
    return _SOLELY_HTTP_TOKEN_CODE_POINTS.fullmatch(value) is not None


@dataclass(eq=True)
class MIMEType:
    """https://mimesniff.spec.whatwg.org/#mime-type -- a MIME type record.

    ``type`` and ``subtype`` are ASCII-lowercase tokens; ``parameters`` is the ordered map from
    (ASCII-lowercase) names to values. ``str(mime_type)`` is its serialization.
    """

    type: str
    subtype: str
    parameters: dict[str, str] = field(default_factory=dict)

    @property
    def essence(self) -> str:
        """https://mimesniff.spec.whatwg.org/#mime-type-essence"""
        return f"{self.type}/{self.subtype}"

    def __str__(self) -> str:
        return serialize_mime_type(self)


def collect_http_quoted_string(
    input: str, position: int, extract_value: bool = False
) -> tuple[str, int]:
    """https://fetch.spec.whatwg.org/#collect-an-http-quoted-string

    ``input[position]`` must be U+0022 ("). Returns the value (or, without ``extract_value``,
    the code points collected) and the new position.
    """
    position_start = position
    value: list[str] = []  # (joined at the end: repeated += could be quadratic)
    assert input[position] == '"'
    position += 1
    while True:
        end = position
        while end < len(input) and input[end] not in '"\\':
            end += 1
        value.append(input[position:end])
        position = end
        if position >= len(input):
            break
        quote_or_backslash = input[position]
        position += 1
        if quote_or_backslash == "\\":
            if position >= len(input):
                value.append("\\")
                break
            value.append(input[position])
            position += 1
        else:
            break
    if extract_value:
        return "".join(value), position
    return input[position_start:position], position


def _collect_not(input: str, position: int, stop: str) -> tuple[str, int]:
    """Collect a sequence of code points that are not in ``stop``; the sequence and position."""
    end = position
    while end < len(input) and input[end] not in stop:
        end += 1
    return input[position:end], end


def parse_mime_type(input: str) -> MIMEType | None:
    """https://mimesniff.spec.whatwg.org/#parse-a-mime-type -- None is failure."""
    # 1. Remove any leading and trailing HTTP whitespace from input.
    input = input.strip(HTTP_WHITESPACE)
    # 2.-4. The type: code points up to "/", non-empty HTTP token code points only.
    type, position = _collect_not(input, 0, "/")
    if type == "" or not solely_http_token_code_points(type):
        return None
    # 5.-6.
    if position >= len(input):
        return None
    position += 1
    # 7.-9. The subtype: up to ";", trailing HTTP whitespace removed.
    subtype, position = _collect_not(input, position, ";")
    subtype = subtype.rstrip(HTTP_WHITESPACE)
    if subtype == "" or not solely_http_token_code_points(subtype):
        return None
    # 10.
    mime_type = MIMEType(ascii_lowercase(type), ascii_lowercase(subtype))
    # 11. The parameters.
    while position < len(input):
        position += 1  # skip ";"
        while position < len(input) and input[position] in HTTP_WHITESPACE:
            position += 1
        parameter_name, position = _collect_not(input, position, ";=")
        parameter_name = ascii_lowercase(parameter_name)
        if position < len(input):
            if input[position] == ";":
                continue
            position += 1  # skip "="
        if position >= len(input):
            break
        if input[position] == '"':
            parameter_value, position = collect_http_quoted_string(input, position, True)
            _, position = _collect_not(input, position, ";")
        else:
            parameter_value, position = _collect_not(input, position, ";")
            parameter_value = parameter_value.rstrip(HTTP_WHITESPACE)
            if parameter_value == "":
                continue
        if (
            parameter_name != ""
            and solely_http_token_code_points(parameter_name)
            and _SOLELY_HTTP_QUOTED_STRING_TOKEN_CODE_POINTS.fullmatch(parameter_value) is not None
            and parameter_name not in mime_type.parameters
        ):
            mime_type.parameters[parameter_name] = parameter_value
    return mime_type


def serialize_mime_type(mime_type: MIMEType) -> str:
    """https://mimesniff.spec.whatwg.org/#serialize-a-mime-type"""
    serialization = mime_type.essence
    for name, value in mime_type.parameters.items():
        serialization += ";" + name + "="
        if value == "" or not solely_http_token_code_points(value):
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        serialization += value
    return serialization
