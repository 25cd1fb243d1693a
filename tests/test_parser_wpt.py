"""The URL parser against web-platform-tests' data, one test per entry.

* ``urltestdata.json``: what url-constructor.any.js checks (every getter, or failure), plus the
  entries' ``relativeTo`` claims (README: "non-opaque-path-base" means the input parses against
  some non-null base URL without an opaque path, "any-base" against any non-null base URL);
* ``toascii.json``: as toascii.window.js checks it through ``new URL("https://{input}/x")`` and
  the ``host``/``hostname`` setters;
* ``percent-encoding.json``: as percent-encoding.window.js checks it, through a document in each
  encoding holding ``<a href="https://doesnotmatter.invalid/?{input}#{input}">``: the query is
  encoded with the document's encoding, the fragment always with UTF-8.
"""

from __future__ import annotations

from typing import Any

import pytest
from shared_data import load_wpt, require_wpt_entry, wpt_params

from urlspec import InvalidURL
from urlspec.url import URL

URLTESTDATA = "urltestdata.json"
TOASCII = "toascii.json"
PERCENT_ENCODING = "percent-encoding.json"

GETTERS = (
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

# Bases for the relativeTo claims: hierarchical ones of each kind, and one with an opaque path.
NON_OPAQUE_PATH_BASES = (
    "https://example.org/dir/file",
    "http://example.org/dir/file",
    "file:///C:/dir/file",
    "sc://example.org/dir/file",
)
OPAQUE_PATH_BASE = "sc:opaque-path"


@pytest.mark.parametrize("entry", wpt_params(URLTESTDATA))
def test_urltestdata(entry: dict[str, Any] | None) -> None:
    entry = require_wpt_entry(entry, URLTESTDATA)
    input, base = entry["input"], entry["base"]
    if entry.get("failure"):
        with pytest.raises(InvalidURL):
            URL(input, base)
        assert URL.parse(input, base) is None
        assert URL.can_parse(input, base) is False
        return
    url = URL(input, base)
    assert URL.can_parse(input, base) is True
    for getter in GETTERS:
        assert getattr(url, getter) == entry[getter], getter
    if "origin" in entry:
        assert url.origin == entry["origin"]
    if "searchParams" in entry:
        assert str(url.search_params) == entry["searchParams"]


def _relative_to_entries() -> list[Any]:
    return [entry for entry in load_wpt(URLTESTDATA) if "relativeTo" in entry]


@pytest.mark.parametrize("entry", wpt_params(URLTESTDATA, _relative_to_entries()))
def test_urltestdata_relative_to(entry: dict[str, Any] | None) -> None:
    entry = require_wpt_entry(entry, URLTESTDATA)
    input = entry["input"]
    assert any(URL.can_parse(input, base) for base in NON_OPAQUE_PATH_BASES)
    if entry["relativeTo"] == "any-base":
        assert URL.can_parse(input, OPAQUE_PATH_BASE)
        assert all(URL.can_parse(input, base) for base in NON_OPAQUE_PATH_BASES)


@pytest.mark.parametrize("entry", wpt_params(TOASCII))
def test_toascii_through_url(entry: dict[str, Any] | None) -> None:
    entry = require_wpt_entry(entry, TOASCII)
    input, output = entry["input"], entry["output"]
    if output is None:
        with pytest.raises(InvalidURL):
            URL(f"https://{input}/x")
        return
    url = URL(f"https://{input}/x")
    assert url.host == output
    assert url.hostname == output
    assert url.pathname == "/x"
    assert url.href == f"https://{output}/x"


def _percent_encoding_cases() -> list[Any]:
    return [
        pytest.param(entry, encoding, id=f"{i}-{encoding}-{entry['input']!r}")
        for i, entry in enumerate(load_wpt(PERCENT_ENCODING))
        for encoding in entry["output"]
    ] or [pytest.param(None, "", id=f"missing-{PERCENT_ENCODING}")]


@pytest.mark.parametrize(("entry", "encoding"), _percent_encoding_cases())
def test_percent_encoding(entry: dict[str, Any] | None, encoding: str) -> None:
    entry = require_wpt_entry(entry, PERCENT_ENCODING)
    input, output = entry["input"], entry["output"]
    url = URL(f"https://doesnotmatter.invalid/?{input}#{input}", encoding=encoding)
    assert url.search == "?" + output[encoding]
    assert url.hash == "#" + output["utf-8"]
