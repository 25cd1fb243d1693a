"""data: URLs, forgiving base64 and MIME types, against the web-platform-tests data.

``data-urls.json`` (fetch/data-urls/resources): [input, MIME type or null for failure, body
bytes]; ``base64.json``: [input, bytes or null for failure]; ``mime-types.json`` and
``generated-mime-types.json`` (mimesniff/mime-types/resources): input and serialized output
(null for failure).
"""

from __future__ import annotations

from typing import Any

import pytest
from shared_data import load_wpt, require_wpt_entry, wpt_params

from urlspec import URL, InvalidURL, parse_data_url
from urlspec.fetch.forgiving_base64 import forgiving_base64_decode, forgiving_base64_encode
from urlspec.fetch.mime_type import parse_mime_type


def _list_params(name: str) -> list[Any]:
    entries = load_wpt(name)
    if not entries:
        return wpt_params(name)
    return [pytest.param(entry, id=f"{i}-{entry[0][:40]!r}") for i, entry in enumerate(entries)]


@pytest.mark.parametrize("entry", _list_params("data-urls.json"))
def test_data_url_processor_wpt(entry: Any) -> None:
    input, expected_mime_type, *expected_body = require_wpt_entry(entry, "data-urls.json")
    url = URL.parse(input)
    if url is None:  # the harness's fetch() rejects an input that is not a URL, as for failure
        assert expected_mime_type is None
        return
    result = parse_data_url(url)
    if expected_mime_type is None:
        assert result is None
        return
    assert result is not None
    assert result.mime_type == expected_mime_type
    assert result.body == bytes(expected_body[0])


@pytest.mark.parametrize("entry", _list_params("base64.json"))
def test_forgiving_base64_decode_wpt(entry: Any) -> None:
    input, expected = require_wpt_entry(entry, "base64.json")
    result = forgiving_base64_decode(input)
    assert result == (None if expected is None else bytes(expected))


@pytest.mark.parametrize("entry", _list_params("base64.json"))
def test_data_url_base64_body_wpt(entry: Any) -> None:
    # The same cases through a data: URL, as the WPT harness also runs them (base64.any.js).
    input, expected = require_wpt_entry(entry, "base64.json")
    result = parse_data_url(URL("data:;base64," + input))
    assert (None if result is None else result.body) == (
        None if expected is None else bytes(expected)
    )


@pytest.mark.parametrize("entry", wpt_params("mime-types.json"))
def test_mime_type_parse_and_serialize_wpt(entry: Any) -> None:
    case = require_wpt_entry(entry, "mime-types.json")
    result = parse_mime_type(case["input"])
    assert (None if result is None else str(result)) == case["output"]


@pytest.mark.parametrize("entry", wpt_params("generated-mime-types.json"))
def test_generated_mime_types_wpt(entry: Any) -> None:
    case = require_wpt_entry(entry, "generated-mime-types.json")
    result = parse_mime_type(case["input"])
    assert (None if result is None else str(result)) == case["output"]


def test_data_url_parts() -> None:
    # Fetch §"data: URLs": the MIME type is parsed; its essence and parameters are beside it.
    result = parse_data_url("data:Text/HTML;Charset=UTF-8;a=b,%3Cp%3E#frag")
    assert result is not None
    assert result.mime_type == "text/html;charset=UTF-8;a=b"
    assert result.essence == "text/html"
    assert result.parameters == (("charset", "UTF-8"), ("a", "b"))
    assert result.body == b"<p>"


def test_data_url_rejects_other_schemes_and_bad_input() -> None:
    with pytest.raises(ValueError, match="not a data: URL"):
        parse_data_url("https://example.com/,x")
    with pytest.raises(InvalidURL):
        parse_data_url("data")


def test_forgiving_base64_encode_is_rfc_4648() -> None:
    # RFC 4648 §10 test vectors.
    vectors = {b"": "", b"f": "Zg==", b"fo": "Zm8=", b"foo": "Zm9v", b"foobar": "Zm9vYmFy"}
    for data, encoded in vectors.items():
        assert forgiving_base64_encode(data) == encoded
