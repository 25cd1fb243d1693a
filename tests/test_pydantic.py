"""urlspec.web.pydantic: WHATWG URL fields in pydantic v2 models (no FastAPI needed).

Expected values: url.bs §4.4 (the scheme and an ASCII host are lowercased, dot segments are
removed: "HTTPS://Example.COM/a/../b" is "https://example.com/b", as in WPT's urltestdata.json
"http://ExAmPlE.CoM" and path cases); the error names are the standard's validation errors
(port state: a port above 65535 is "port-out-of-range"; host parser: an IPv6 address without its
"]" is "IPv6-unclosed"); pydantic's error format (type, ctx) is pydantic's documented one.
"""

from __future__ import annotations

import doctest
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

import urlspec.web.pydantic
from urlspec import URL
from urlspec.guard import Policy
from urlspec.web.pydantic import WHATWGURL, AnyURL, Guarded, GuardedURL, HttpURL


class Page(BaseModel):
    url: AnyURL
    link: HttpURL | None = None


def error_of(adapter: TypeAdapter[Any], value: object) -> dict[str, Any]:
    with pytest.raises(ValidationError) as info:
        adapter.validate_python(value)
    [error] = info.value.errors()
    return dict(error)


def test_a_string_is_parsed_into_a_url() -> None:
    page = Page(url="HTTPS://Example.COM/a/../b", link="http://example.org")
    assert isinstance(page.url, URL)
    assert page.url.href == "https://example.com/b"
    assert page.link is not None and page.link.href == "http://example.org/"


def test_a_url_is_kept() -> None:
    url = URL("mailto:someone@example.com")
    assert Page(url=url).url is url


def test_json_is_the_href_and_python_mode_keeps_the_url() -> None:
    page = Page(url="https://example.com/ä?q=1")
    assert page.model_dump_json() == '{"url":"https://example.com/%C3%A4?q=1","link":null}'
    assert page.model_dump(mode="json") == {"url": "https://example.com/%C3%A4?q=1", "link": None}
    assert page.model_dump()["url"] == URL("https://example.com/%C3%A4?q=1")
    # ... and the JSON comes back as the same model.
    assert Page.model_validate_json(page.model_dump_json()) == page


def test_json_schema() -> None:
    schema = Page.model_json_schema()
    assert schema["properties"]["url"] == {"type": "string", "format": "uri", "title": "Url"}
    link = schema["properties"]["link"]
    assert {"type": "string", "format": "uri"} in link["anyOf"]
    assert TypeAdapter(HttpURL).json_schema() == {"type": "string", "format": "uri"}


@pytest.mark.parametrize(
    ("value", "name"),
    [("https://example.com:99999/", "port-out-of-range"), ("http://[::1/", "IPv6-unclosed")],
)
def test_a_parse_failure_is_url_parsing(value: str, name: str) -> None:
    error = error_of(TypeAdapter(AnyURL), value)
    assert error["type"] == "url_parsing"
    assert error["ctx"]["validation_error"] == name
    assert error["msg"].startswith(f"Input should be a valid URL, {name} (")


def test_a_relative_reference_is_not_a_url() -> None:
    # No base: the URL parser fails in the no scheme state (missing-scheme-non-relative-URL).
    error = error_of(TypeAdapter(AnyURL), "/just/a/path")
    assert error["ctx"]["validation_error"] == "missing-scheme-non-relative-URL"


def test_a_wrong_type_is_url_type() -> None:
    error = error_of(TypeAdapter(AnyURL), 42)
    assert error["type"] == "url_type"
    assert error["msg"] == "URL input should be a string or URL"


@pytest.mark.parametrize("value", ["ftp://example.com/", "javascript:alert(1)", "file:///etc"])
def test_http_url_refuses_other_schemes(value: str) -> None:
    error = error_of(TypeAdapter(HttpURL), value)
    assert error["type"] == "url_scheme"
    assert error["ctx"] == {"expected_schemes": "'http' or 'https'"}


def test_other_schemes() -> None:
    adapter: TypeAdapter[URL] = TypeAdapter(Annotated[URL, WHATWGURL(["WSS"])])
    assert adapter.validate_python("wss://example.com/feed").href == "wss://example.com/feed"
    assert error_of(adapter, "ws://example.com/")["ctx"] == {"expected_schemes": "'wss'"}


def test_errors_are_located_in_the_model() -> None:
    with pytest.raises(ValidationError) as info:
        Page(url="https://example.com/", link="mailto:x@example.com")
    [error] = info.value.errors()
    assert error["loc"] == ("link",)
    assert error["type"] == "url_scheme"


# --- Guarded: a check on the parsed URL ------------------------------------------------------


class Refused(ValueError):
    """A stand-in of urlspec.guard.Refused's contract: a ValueError with a reason code."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def no_loopback(url: URL) -> URL:
    """A stand-in check: refuses the IPv4 loopback block (127.0.0.0/8, RFC 6890)."""
    if url.hostname.startswith("127."):
        raise Refused("address-loopback", f"{url.hostname} is a loopback address")
    return url


def test_guarded_with_a_check() -> None:
    adapter: TypeAdapter[URL] = TypeAdapter(Annotated[URL, Guarded(check=no_loopback)])
    assert adapter.validate_python("https://example.com/").href == "https://example.com/"
    # 0x7f.1 is 127.0.0.1 (url.bs §3.5 IPv4 parser): the check sees the parsed host.
    error = error_of(adapter, "http://0x7f.1/")
    assert error["type"] == "url_refused"
    assert error["ctx"]["reason"] == "address-loopback"
    assert error["msg"] == "URL refused: 127.0.0.1 is a loopback address"
    assert error_of(adapter, "http://[::1")["type"] == "url_parsing"
    assert adapter.json_schema() == {"type": "string", "format": "uri"}


def test_guarded_with_the_guard() -> None:
    adapter: TypeAdapter[URL] = TypeAdapter(Annotated[URL, Guarded(Policy())])
    assert adapter.validate_python("https://example.com/").href == "https://example.com/"
    # 127.0.0.1 is loopback (RFC 6890): the reason code is address-loopback (urlspec.guard).
    error = error_of(adapter, "http://0x7f.1/")
    assert error["type"] == "url_refused"
    assert error["ctx"]["reason"] == "address-loopback"


def test_the_module_examples() -> None:
    results = doctest.testmod(urlspec.web.pydantic)
    assert results.attempted > 0 and results.failed == 0


def test_a_refusal_shows_no_password_where_the_input_is_hidden() -> None:
    # The guard refuses credentials (docs/security.md); its message drops the userinfo, and a
    # model with pydantic's hide_input_in_errors (docs/pydantic.md) shows the input nowhere.
    class Hook(BaseModel):
        model_config = ConfigDict(hide_input_in_errors=True)
        url: GuardedURL

    for text in ("http://user:s3cret@127.0.0.1/", "http://user:s3cret@[::1/"):
        with pytest.raises(ValidationError) as caught:
            Hook.model_validate({"url": text})
        assert "s3cret" not in str(caught.value)
        assert "s3cret" not in repr(caught.value.errors(include_input=False))
