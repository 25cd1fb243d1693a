"""No input makes the toolkit raise anything but its documented errors (ValueError, including
InvalidURL, for bad values; TypeError for wrong types), and none takes more than linear time
(checked on large adversarial inputs, with generous bounds, by size: no timing assertions)."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st
from toolkit_strategies import URLS

from urlspec import URL, parse_data_url, parse_mime_type
from urlspec.fetch.forgiving_base64 import forgiving_base64_decode
from urlspec.toolkit.building import replace_strict

TEXT = st.text(st.sampled_from(list("ab.%/\\?#:;=&+ \"'\t\n|é\u202e\x00")), max_size=20)
DOCUMENTED = (ValueError, TypeError)


def call(function: object, *args: object, **kwargs: object) -> None:
    """Call ``function``; a documented error is fine, anything else fails the test."""
    with contextlib.suppress(*DOCUMENTED):
        function(*args, **kwargs)  # type: ignore[operator]


@settings(max_examples=300)
@given(URLS, TEXT, TEXT)
def test_url_methods(url: URL, a: str, b: str) -> None:
    call(url.join, a)
    call(url.joinpath, a, b)
    call(url.with_query, a)
    call(url.with_query, {a: b})
    call(url.update_query, [(a, b)])
    call(url.extend_query, {a: [b, 1]})
    call(url.without_query_params, a)
    call(url.with_name, a)
    call(url.with_suffix, a)
    call(url.relative_to, a)
    call(url.to_file_path, windows=True)
    call(url.to_file_path, windows=False)
    call(URL.from_file_path, a, windows=True)
    call(URL.from_file_path, a, windows=False)
    call(URL.build, scheme=a, host=b, path=a, query=b, fragment=a, port=b)
    call(replace_strict, url, **{"hostname": a, "port": b, "pathname": a})
    url.display()
    _ = url.name, url.suffix, url.suffixes, url.parent, url.port_number, url.effective_port


@given(TEXT)
def test_data_urls_and_mime_types(text: str) -> None:
    call(parse_data_url, "data:" + text)
    call(parse_data_url, text)
    parse_mime_type(text)
    forgiving_base64_decode(text)


def test_large_adversarial_inputs_finish() -> None:
    n = 200_000
    assert parse_mime_type("a/b;x=" + '"\\' * n) is not None
    assert parse_mime_type("a/b" + "; " * n) is not None
    assert parse_data_url("data:" + "; " * n + "," + "%41" * n) is not None
    assert forgiving_base64_decode("ab" * n + "=") is None
    url = URL("https://example.com/" + "a/" * n + "?" + "a=b&" * n)
    assert url.relative_to(URL("https://example.com/" + "a/" * (n - 1) + "b")) is not None
    assert url.update_query(a="c").search == "?a=c"
    assert len(URL("https://example.com/" + "%C3%A9" * n).display()) < 3 * n
    assert url.joinpath(*(["x"] * 1000)).href.endswith("/x")
