"""The URL class's API: construction, getters, parse/can_parse, and its Python protocols.

Expected values come from the URL Standard's examples and its getters' definitions
(https://url.spec.whatwg.org/#url-class), and from what browsers return for the same inputs.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from urlspec import HostKind, InvalidURL, ReadOnlySearchParamsError, URLSearchParams
from urlspec.url import URL
from urlspec.url_record import (
    URLRecord,
    is_normalized_windows_drive_letter,
    is_windows_drive_letter,
    serialize_url,
    starts_with_windows_drive_letter,
)


def test_getters_of_a_full_url() -> None:
    url = URL("https://user:pa%20ss@EXAMPLE.com:8080/a/./b/../c?q=1&r=2#frag")
    assert url.href == "https://user:pa%20ss@example.com:8080/a/c?q=1&r=2#frag"
    assert url.origin == "https://example.com:8080"
    assert url.protocol == "https:"
    assert url.username == "user"
    assert url.password == "pa%20ss"
    assert url.host == "example.com:8080"
    assert url.hostname == "example.com"
    assert url.port == "8080"
    assert url.pathname == "/a/c"
    assert url.search == "?q=1&r=2"
    assert url.hash == "#frag"
    assert url.host_kind is HostKind.DOMAIN
    assert url.path_segments == ("a", "c")
    assert url.opaque_path is None


def test_spec_example_components() -> None:
    # https://url.spec.whatwg.org/#example-url-components
    url = URL("https://localhost:8000/search?q=text#hello")
    assert (url.protocol, url.hostname, url.port) == ("https:", "localhost", "8000")
    assert url.path_segments == ("search",)
    assert (url.search, url.hash) == ("?q=text", "#hello")
    urn = URL("urn:isbn:9780307476463")
    assert urn.host_kind is HostKind.NONE
    assert urn.host == urn.hostname == ""
    assert urn.opaque_path == "isbn:9780307476463"
    assert urn.path_segments is None
    assert urn.pathname == "isbn:9780307476463"
    file = URL("file:///ada/Analytical%20Engine/README.md")
    assert file.host_kind is HostKind.EMPTY
    assert file.path_segments == ("ada", "Analytical%20Engine", "README.md")


def test_default_port_is_null() -> None:
    url = URL("https://example.com:443/")
    assert url.port == ""
    assert url.host == "example.com"
    assert url.href == "https://example.com/"
    assert URL("https://example.com:0/").port == "0"  # port 0 is a port


def test_empty_query_and_fragment_getters() -> None:
    url = URL("https://example.com/?#")
    assert url.search == ""
    assert url.hash == ""
    assert url.href == "https://example.com/?#"
    assert str(url.search_params) == ""


def test_host_kinds() -> None:
    assert URL("http://192.168.0.1/").host_kind is HostKind.IPV4
    assert URL("http://0x7f.1/").hostname == "127.0.0.1"
    ipv6 = URL("http://[0:0::1]/")
    assert ipv6.host_kind is HostKind.IPV6
    assert ipv6.hostname == "[::1]"
    assert URL("sc://opaque-host/").host_kind is HostKind.OPAQUE
    assert URL("sc:///path").host_kind is HostKind.EMPTY


def test_spec_constructor_examples() -> None:
    # https://url.spec.whatwg.org/#example-5434421b
    assert URL("https://example.org/💩").pathname == "/%F0%9F%92%A9"
    with pytest.raises(InvalidURL):
        URL("/🍣🍺")
    resolved = URL("/🍣🍺", "https://url.spec.whatwg.org/")
    assert resolved.href == "https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA"
    pride = URL("🏳️‍🌈", URL("https://pride.example/hello-world"))
    assert pride.pathname == "/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"


def test_base_as_url_or_string_gives_the_same_result() -> None:
    base = URL("http://example.org/foo/bar")
    for relative in ("../baz", "?q", "#f", "//other.example/", "", "file:x"):
        assert URL(relative, base) == URL(relative, "http://example.org/foo/bar")


def test_parse_and_can_parse() -> None:
    assert URL.parse("https://example.com/") == URL("https://example.com/")
    assert URL.parse("not a url") is None
    assert URL.parse("/path", "https://example.com/a") == URL("https://example.com/path")
    assert URL.parse("/path", "not a base") is None
    assert URL.can_parse("https://example.com/")
    assert not URL.can_parse("https://exa mple.com/")
    assert URL.can_parse("a", "https://example.com/")
    assert not URL.can_parse("a")
    assert not URL.can_parse("a", "also not a url")


def test_invalid_url_message_names_the_error() -> None:
    with pytest.raises(InvalidURL, match="port-out-of-range") as raised:
        URL("https://example.org:70000")
    assert isinstance(raised.value, ValueError)
    assert raised.value.input == "https://example.org:70000"
    assert raised.value.errors[-1].name == "port-out-of-range"


def test_wrong_argument_types() -> None:
    with pytest.raises(TypeError):
        URL(b"https://example.com/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URL("/a", 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URL.parse(None)  # type: ignore[arg-type]


def test_encoding_applies_to_the_query_of_special_urls_only() -> None:
    # windows-1252 encodes "é" as 0xE9; UTF-8 as C3 A9.
    assert URL("http://example.com/é?é#é", encoding="windows-1252").href == (
        "http://example.com/%C3%A9?%E9#%C3%A9"
    )
    assert URL("sc://example.com/?é", encoding="windows-1252").search == "?%C3%A9"
    assert URL("wss://example.com/?é", encoding="windows-1252").search == "?%C3%A9"
    # Characters the encoding lacks become percent-encoded numeric character references.
    assert (
        URL("http://example.com/?€☃", encoding="iso-8859-2").search == "?%26%238364%3B%26%239731%3B"
    )
    # UTF-16 cannot encode URLs: its output encoding is UTF-8.
    assert URL("http://example.com/?é", encoding="utf-16le").search == "?%C3%A9"
    # Labels are matched as the Encoding Standard matches them.
    assert URL("http://example.com/?é", encoding=" Latin1 ").search == "?%E9"
    with pytest.raises(LookupError):
        URL("http://example.com/", encoding="no-such-encoding")


def test_scalar_value_conversion() -> None:
    # A lone surrogate becomes U+FFFD, as Web IDL's USVString conversion does.
    url = URL("https://example.com/\ud800?\udfff#\ud83d")
    assert url.href == "https://example.com/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD"
    assert URL("/\udc00", "https://example.com/").pathname == "/%EF%BF%BD"
    # A surrogate pair is the code point it encodes (U+1F4A9 here).
    assert URL("https://example.com/\ud83d\udca9").pathname == "/%F0%9F%92%A9"


def test_str_repr_and_equality() -> None:
    url = URL("HTTPS://Example.COM")
    assert str(url) == "https://example.com/"
    assert repr(url) == "URL('https://example.com/')"
    assert url == URL("https://example.com/")
    assert url != URL("https://example.com/#")
    assert url != "https://example.com/"
    assert hash(url) == hash(URL("https://example.com:443/"))
    assert len({url, URL("https://example.com"), URL("https://example.com/x")}) == 2


def test_equals_with_exclude_fragments() -> None:
    a = URL("https://example.com/page#one")
    b = URL("https://example.com/page#two")
    assert not a.equals(b)
    assert a.equals(b, exclude_fragments=True)
    assert a.equals(URL("https://example.com/page#one"))
    with pytest.raises(TypeError):
        a.equals("https://example.com/page#one")  # type: ignore[arg-type]


def test_pickle_and_copy() -> None:
    url = URL("https://user:pw@example.com:8080/p?q#f")
    restored = pickle.loads(pickle.dumps(url))
    assert restored == url
    assert restored.username == "user"
    assert restored.password == "pw"
    assert copy.copy(url) is url
    assert copy.deepcopy(url) is url


def test_immutable() -> None:
    url = URL("https://example.com/")
    with pytest.raises(AttributeError):
        url.href = "https://other.example/"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        url.pathname = "/x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        url.anything = 1
    with pytest.raises(AttributeError):
        del url.href
    assert not hasattr(url, "__dict__")


def test_search_params_is_a_read_only_copy() -> None:
    url = URL("https://example.com/?a=1&b=%20&a=3")
    params = url.search_params
    assert isinstance(params, URLSearchParams)
    assert params.read_only
    assert list(params) == [("a", "1"), ("b", " "), ("a", "3")]
    assert str(params) == "a=1&b=+&a=3"
    assert str(URL("https://example.com/").search_params) == ""


@pytest.mark.parametrize(
    ("method", "arguments"),
    [("append", ("c", "4")), ("delete", ("a",)), ("set", ("a", "2")), ("sort", ())],
)
def test_search_params_refuses_to_change_silently(method: str, arguments: tuple[str, ...]) -> None:
    """A browser's url.searchParams.append(...) changes the URL's href; this URL is immutable,
    so the change raises (a TypeError naming the ways to make the changed URL) rather than
    change nothing."""
    url = URL("https://example.com/?b=1&a=1")
    params = url.search_params
    with pytest.raises(ReadOnlySearchParamsError, match=r"update_query.*replace\(search_params"):
        getattr(params, method)(*arguments)
    assert isinstance(ReadOnlySearchParamsError(method), TypeError)
    assert list(params) == [("b", "1"), ("a", "1")]
    assert url.href == "https://example.com/?b=1&a=1"
    # a copy is the caller's own, and mutable; replace(search_params=...) makes the new URL
    copy = URLSearchParams(params)
    assert not copy.read_only
    getattr(copy, method)(*arguments)
    changed = url.replace(search_params=copy)
    assert list(changed.search_params) == list(copy)


def test_replace_applies_setters_in_order() -> None:
    url = URL("https://example.com/a?q#f")
    changed = url.replace(pathname="/b c", search="x=1", hash="")
    assert changed.href == "https://example.com/b%20c?x=1"
    assert url.href == "https://example.com/a?q#f"  # the original is untouched
    # Order matters: the port setter ignores a URL whose scheme is "file".
    assert url.replace(port="81", protocol="http").href == "http://example.com:81/a?q#f"
    assert url.replace(protocol="file").href == url.href.replace("https:", "file:")
    with pytest.raises(TypeError):
        url.replace(no_such_attribute="x")
    with pytest.raises(InvalidURL):
        url.replace(href="not a url")


def test_the_record_round_trips() -> None:
    url = URL("https://example.com/a/b?c#d")
    record = URLRecord("https", "", "", "example.com", HostKind.DOMAIN, None, ["a", "b"], "c", "d")
    assert serialize_url(record) == url.href
    assert url.equals(URL(serialize_url(record)))


# --- the URL record and its helpers (url_record.py) ----------------------------------------------


def test_record_copy_owns_its_path() -> None:
    record = URL("https://example.com/a/b")._record
    copied = record.copy()
    assert copied == record
    assert copied is not record
    copied.path.append("c")  # type: ignore[union-attr]
    assert record.path == ["a", "b"]
    assert copied != record


def test_record_equality_compares_every_field() -> None:
    a = URLRecord("sc", host="h", host_kind=HostKind.OPAQUE, path=["x"])
    assert a == URLRecord("sc", "", "", "h", HostKind.OPAQUE, None, ["x"], None, None)
    assert a != URLRecord("sc", host="h", host_kind=HostKind.DOMAIN, path=["x"])
    assert a != URLRecord("sc", host="h", host_kind=HostKind.OPAQUE, path="x")
    assert a != URLRecord("sc", host="h", host_kind=HostKind.OPAQUE, path=["x"], query="")
    assert repr(a).startswith("URLRecord(scheme='sc', ")


def test_serializer_keeps_a_path_from_becoming_a_host() -> None:
    # https://url.spec.whatwg.org/#url-serializing: the "/." step.
    record = URLRecord("web+demo", path=["", "not-a-host", ""])
    assert serialize_url(record) == "web+demo:/.//not-a-host/"
    assert URL("web+demo:/.//not-a-host/").href == "web+demo:/.//not-a-host/"
    assert URL("web+demo:/path/..//not-a-host/").href == "web+demo:/.//not-a-host/"


def test_serializer_exclude_fragment() -> None:
    record = URLRecord("https", host="h", host_kind=HostKind.DOMAIN, path=[""], fragment="")
    assert serialize_url(record) == "https://h/#"
    assert serialize_url(record, exclude_fragment=True) == "https://h/"


def test_windows_drive_letters() -> None:
    # https://url.spec.whatwg.org/#example-start-with-a-windows-drive-letter
    assert starts_with_windows_drive_letter("c:")
    assert starts_with_windows_drive_letter("c:/")
    assert not starts_with_windows_drive_letter("c:a")
    assert is_windows_drive_letter("c|")
    assert not is_normalized_windows_drive_letter("c|")
    assert is_normalized_windows_drive_letter("C:")
    assert not is_windows_drive_letter("1:")


def test_shortening_keeps_a_file_drive_letter() -> None:
    assert URL("file:///C:/..").href == "file:///C:/"
    assert URL("file:///C:/a/../../..").href == "file:///C:/"
    assert URL("https://h/C:/..").href == "https://h/"


def test_a_url_from_a_url() -> None:
    # yarl's URL(URL(...)) is the same URL; here too, of the class called, with or without a
    # base (an href resolves to itself against any base: it starts with its scheme, and with
    # "//" when special, https://url.spec.whatwg.org/#scheme-state), which must still parse.
    class MyURL(URL):
        __slots__ = ()

    url = URL("https://user@example.com:8080/a/../b?q=1#f")
    assert url.href == "https://user@example.com:8080/b?q=1#f"  # WPT-style: ".." resolved
    copy_ = URL(url)
    assert copy_ == url and copy_.href == url.href and copy_.pathname == "/b"
    mine = MyURL(url)
    assert type(mine) is MyURL and mine == url
    assert URL(url, "http://other.example/x") == url
    assert URL(url, URL("sc:opaque")) == url
    assert URL.parse(url) == url and URL.can_parse(url)
    with pytest.raises(InvalidURL):
        URL(url, "not a base")  # the API URL parser fails when the base fails
    assert URL(URL("sc:a b")).href == "sc:a b"  # an opaque path keeps its space


def test_urls_sort_by_href() -> None:
    # Sorting is by href as a string (Python's str ordering, code point by code point).
    hrefs = ["http://b.example/", "http://a.example/z", "ftp://z.example/", "http://a.example/"]
    urls = [URL(h) for h in hrefs]
    assert [u.href for u in sorted(urls)] == sorted(hrefs)
    assert URL("http://a/") < URL("http://b/") <= URL("http://b/")
    assert URL("http://b/") > URL("http://a/") >= URL("http://a/")
    assert not URL("http://a/") < URL("http://a/")
    with pytest.raises(TypeError):
        _ = URL("http://a/") < "http://b/"  # type: ignore[operator]
    assert max(URL("http://a/"), URL("http://a/b")).href == "http://a/b"
