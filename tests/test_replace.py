"""``URL.replace``: each attribute's setter, several changes in order, and the errors it raises.

Expected values follow the setter steps of https://url.spec.whatwg.org/#urlutils-members and
the URLSearchParams update steps (https://url.spec.whatwg.org/#concept-urlsearchparams-update),
worked out by hand from the standard; setters_tests.json (test_setters_wpt.py) covers the rest.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from urlspec import URL, InvalidURL, StrictReplaceError, URLSearchParams


def replaced(input: str, /, **changes: object) -> str:
    """The href of ``URL(input).replace(**changes)``."""
    return URL(input).replace(**changes).href


# --- replace itself ------------------------------------------------------------------------------


def test_replace_returns_a_new_url_and_leaves_the_original_untouched() -> None:
    original = URL("https://example.com/a?q#f")
    changed = original.replace(pathname="/b", search="", hash="g")
    assert changed is not original
    assert changed.href == "https://example.com/b#g"
    assert original.href == "https://example.com/a?q#f"
    assert original.pathname == "/a"
    assert original.search == "?q"


def test_replace_pathname_does_not_share_the_path_with_the_original() -> None:
    original = URL("https://example.com/a/b")
    original.replace(pathname="/c/d/e")
    original.replace(pathname="../x")
    assert original.pathname == "/a/b"


def test_replace_without_changes_gives_an_equal_url() -> None:
    url = URL("https://user:pw@example.com:8080/p?q#f")
    assert url.replace().href == url.href


def test_changes_apply_in_argument_order() -> None:
    # href replaces everything set before it; what follows it applies to the new URL.
    assert replaced("https://a/", pathname="/p", href="https://b/") == "https://b/"
    assert replaced("https://a/", href="https://b/", pathname="/p") == "https://b/p"
    # The last of two query changes wins.
    assert replaced("https://a/", search="a=1", search_params={"b": "2"}) == "https://a/?b=2"
    assert replaced("https://a/", search_params={"b": "2"}, search="a=1") == "https://a/?a=1"


def test_order_matters_for_protocol_then_port() -> None:
    # https→http first: 80 is then http's default port and becomes null.
    assert replaced("https://a:8080/", protocol="http", port=80) == "http://a/"
    # Port 80 first (not https's default, kept), then http: the scheme state drops the default.
    assert replaced("https://a:8080/", port=80, protocol="http") == "http://a/"
    # Port 443 first is https's default (null); http then keeps no port.
    assert replaced("https://a:8080/", port=443, protocol="http") == "http://a/"
    # http first, then 443 is not http's default: kept.
    assert replaced("https://a:8080/", protocol="http", port=443) == "http://a:443/"


def test_unknown_attribute_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="origin"):
        URL("https://a/").replace(origin="https://b")
    with pytest.raises(TypeError, match="searchParams"):
        URL("https://a/").replace(searchParams="a=b")


@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("pathname", 1),
        ("host", b"example.com"),
        ("href", None),
        ("port", 1.5),
        ("port", True),
        ("search_params", 5),
    ],
)
def test_value_of_the_wrong_type_is_a_type_error(attribute: str, value: object) -> None:
    with pytest.raises(TypeError):
        URL("https://a/").replace(**{attribute: value})


# --- href ---------------------------------------------------------------------------------------


def test_href_replaces_every_component() -> None:
    url = URL("https://u:p@a:1/b?c#d").replace(href="HTTP://EXAMPLE.com:80/x/../y?z#w")
    assert url.href == "http://example.com/y?z#w"
    assert url.username == ""
    assert url.port == ""
    assert url.search_params.get("z") == ""


@pytest.mark.parametrize(
    "href", ["not a url", "/relative", "https://exa mple.com/", "http://[::1/"]
)
def test_invalid_href_raises_invalid_url(href: str) -> None:
    original = URL("https://a/")
    with pytest.raises(InvalidURL) as info:
        original.replace(href=href)
    assert isinstance(info.value, ValueError)
    assert info.value.input == href
    assert info.value.errors  # the failure's validation error is reported
    assert original.href == "https://a/"


# --- protocol -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("href", "protocol", "expected"),
    [
        ("https://a/", "http", "http://a/"),
        ("https://a/", "WSS:", "wss://a/"),  # one trailing ":" is the setter's own; case folds
        ("https://a/", "ws:junk", "ws://a/"),  # the scheme state stops at the ":"
        ("https://a/", "foo", "https://a/"),  # special → non-special: refused
        ("foo://a/", "http", "foo://a/"),  # non-special → special: refused
        ("foo://a/", "bar", "bar://a/"),
        ("http://u@a/", "file", "http://u@a/"),  # file cannot have credentials
        ("http://a:8080/", "file", "http://a:8080/"),  # ... nor a port
        ("file:///x", "http", "file:///x"),  # file with an empty host stays file
        ("https://a:80/", "http", "http://a/"),  # 80 becomes the default port: null
        ("https://a/", "", "https://a/"),
        ("https://a/", "1http", "https://a/"),
    ],
)
def test_protocol(href: str, protocol: str, expected: str) -> None:
    assert replaced(href, protocol=protocol) == expected


# --- username and password ----------------------------------------------------------------------


def test_username_and_password_are_percent_encoded_with_the_userinfo_set() -> None:
    url = URL("https://a/").replace(username="us er@x", password="p:w/d")
    assert url.username == "us%20er%40x"
    assert url.password == "p%3Aw%2Fd"
    assert url.href == "https://us%20er%40x:p%3Aw%2Fd@a/"


def test_empty_credentials_remove_them() -> None:
    assert replaced("https://u:p@a/", username="", password="") == "https://a/"
    assert replaced("https://u:p@a/", password="") == "https://u@a/"
    assert replaced("https://u:p@a/", username="") == "https://:p@a/"


@pytest.mark.parametrize("href", ["file:///x", "file://host/x", "mailto:a@b", "foo:///x", "foo:x"])
@pytest.mark.parametrize("attribute", ["username", "password", "port"])
def test_url_that_cannot_have_username_password_port_is_unchanged(
    href: str, attribute: str
) -> None:
    assert replaced(href, **{attribute: "1"}) == URL(href).href


# --- host and hostname --------------------------------------------------------------------------


def test_host_sets_host_and_port() -> None:
    assert replaced("https://a/p", host="EXAMPLE.org:8080") == "https://example.org:8080/p"


def test_host_without_port_keeps_the_port() -> None:
    assert replaced("https://a:1234/", host="b") == "https://b:1234/"


def test_host_with_default_port_nulls_the_port() -> None:
    assert replaced("https://a:1234/", host="b:443") == "https://b/"


def test_hostname_ignores_a_value_with_a_port() -> None:
    assert replaced("https://a/", hostname="b:99") == "https://a/"


def test_hostname_of_non_special_url_is_an_opaque_host() -> None:
    assert replaced("foo://a/x", hostname="B%41") == "foo://B%41/x"


def test_invalid_host_leaves_the_url_unchanged() -> None:
    assert replaced("https://a/", host="exa mple") == "https://a/"
    assert replaced("https://a/", hostname="[::1") == "https://a/"
    assert replaced("https://a/", host="") == "https://a/"  # special URLs need a host


@pytest.mark.parametrize("attribute", ["host", "hostname", "pathname"])
def test_url_with_opaque_path_ignores_host_hostname_pathname(attribute: str) -> None:
    assert replaced("mailto:a@b", **{attribute: "c"}) == "mailto:a@b"


def test_hostname_accepts_ipv4_and_ipv6() -> None:
    assert replaced("http://a/", hostname="0x7f.1") == "http://127.0.0.1/"
    assert replaced("http://a/", hostname="[0:0::1]") == "http://[::1]/"


# --- port ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("port", "expected"),
    [
        (8080, "https://a:8080/"),
        ("8080", "https://a:8080/"),
        (0, "https://a:0/"),  # port 0 is a port
        ("8080abc", "https://a:8080/"),  # leading digits, then junk: the digits win
        ("443", "https://a/"),  # the default port is stored as null
        ("", "https://a/"),
        (None, "https://a/"),
        ("65536", "https://a:1/"),  # out of range: unchanged
        (70000, "https://a:1/"),
        (-1, "https://a:1/"),
        ("abc", "https://a:1/"),
        (" 1", "https://a:1/"),
    ],
)
def test_port(port: object, expected: str) -> None:
    assert replaced("https://a:1/", port=port) == expected


def test_huge_int_port_is_ignored() -> None:
    # More digits than str(int) allows by default: still just an out-of-range port.
    assert replaced("https://a:1/", port=10**5000) == "https://a:1/"


def test_port_getter_after_setting_an_int() -> None:
    assert URL("http://a/").replace(port=65535).port == "65535"


# --- pathname -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("href", "pathname", "expected"),
    [
        ("https://a/x?q#f", "/b c/../d", "https://a/d?q#f"),
        ("https://a/x", "b", "https://a/b"),  # a leading "/" is implied
        ("https://a/x", "\\b\\c", "https://a/b/c"),  # special: "\" is a separator
        ("foo://a/x", "\\b", "foo://a/\\b"),  # non-special: "\" is a code point
        ("foo://a/x", "b", "foo://a/b"),
        ("https://a/x", "", "https://a/"),
        ("https://a/x", "/?#", "https://a/%3F%23"),
        ("https://a/x", "/\ud800", "https://a/%EF%BF%BD"),  # a lone surrogate becomes U+FFFD
    ],
)
def test_pathname(href: str, pathname: str, expected: str) -> None:
    assert replaced(href, pathname=pathname) == expected


# --- search -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("href", "search", "expected"),
    [
        ("https://a/p#f", "x=1", "https://a/p?x=1#f"),
        ("https://a/p", "?x=1", "https://a/p?x=1"),
        ("https://a/p", "??x", "https://a/p??x"),  # only one "?" is removed
        ("https://a/p?x#f", "", "https://a/p#f"),  # empty: the query becomes null
        ("https://a/p?x", None, "https://a/p"),
        ("https://a/p", "?", "https://a/p?"),  # "?" alone: an empty, non-null query
        ("https://a/p", "a b'#", "https://a/p?a%20b%27%23"),  # special-query set encodes "'"
        ("foo://a/p", "a b'#", "foo://a/p?a%20b'%23"),
    ],
)
def test_search(href: str, search: str | None, expected: str) -> None:
    assert replaced(href, search=search) == expected


def test_search_updates_search_params() -> None:
    url = URL("https://a/?x=1").replace(search="y=2&y=3")
    assert url.search_params.get_all("y") == ["2", "3"]
    assert url.search_params.get("x") is None
    # The query keeps the second "?", and the query object is initialized with the query.
    assert URL("https://a/").replace(search="??a=b").search_params.get("?a") == "b"


def test_empty_search_on_opaque_path_keeps_encoded_space() -> None:
    # The opaque path state wrote the space before "?" as "%20": nothing to strip afterwards.
    assert replaced("data:space ?query", search="") == "data:space%20"


# --- hash ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("href", "hash", "expected"),
    [
        ("https://a/p?q", "f", "https://a/p?q#f"),
        ("https://a/p", "#f", "https://a/p#f"),
        ("https://a/p", "##f", "https://a/p##f"),
        ("https://a/p#f", "", "https://a/p"),
        ("https://a/p#f", None, "https://a/p"),
        ("https://a/p", "#", "https://a/p#"),
        ("https://a/p", "a b`<", "https://a/p#a%20b%60%3C"),
    ],
)
def test_hash(href: str, hash: str | None, expected: str) -> None:
    assert replaced(href, hash=hash) == expected


def test_empty_hash_on_opaque_path_keeps_encoded_space() -> None:
    assert replaced("sc:space    #fragment", hash="") == "sc:space   %20"


# --- search_params ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        (URLSearchParams([("a", "1"), ("b", "x y")]), "https://a/p?a=1&b=x+y#f"),
        ({"q": "é~"}, "https://a/p?q=%C3%A9%7E#f"),
        ([("a", "1"), ("a", "2")], "https://a/p?a=1&a=2#f"),
        ("?c=d e", "https://a/p?c=d+e#f"),  # a string: the constructor drops one "?"
        ("", "https://a/p#f"),  # serializes to "": the query becomes null
        ({}, "https://a/p#f"),
        (URLSearchParams(), "https://a/p#f"),
        (None, "https://a/p#f"),
    ],
)
def test_search_params(params: object, expected: str) -> None:
    assert replaced("https://a/p?old=1#f", search_params=params) == expected


def test_search_params_are_not_shared_with_the_argument() -> None:
    params = URLSearchParams("a=1")
    url = URL("https://a/").replace(search_params=params)
    params.append("b", "2")
    assert url.search == "?a=1"


def test_search_params_from_the_url_itself_round_trip() -> None:
    url = URL("https://a/?a=b%20~")
    assert url.replace(search_params=url.search_params).search == "?a=b+%7E"


class _MyURL(URL):
    __slots__ = ()


def test_replace_on_a_subclass_returns_the_subclass() -> None:
    """replace() on a subclass of URL returns that subclass, not a plain URL."""
    assert type(_MyURL("https://h/").replace(pathname="/a")) is _MyURL
    assert type(_MyURL("https://h/").replace(strict=True, pathname="/a")) is _MyURL


def test_replace_strict_raises_where_a_setter_does_nothing() -> None:
    url = URL("https://h/")
    assert url.replace(port="99999") == url  # the spec's silent behaviour by default
    with pytest.raises(StrictReplaceError) as raised:
        url.replace(strict=True, port="99999")
    assert raised.value.attribute == "port"
    assert isinstance(raised.value, ValueError)


def test_strict_replace_error_is_public_and_pickles() -> None:
    import pickle

    import urlspec
    from urlspec.toolkit import building

    assert "StrictReplaceError" in urlspec.__all__
    assert building.StrictReplaceError is StrictReplaceError  # one class, wherever imported
    # The port setter's state override fails on "99999": the port state's "port greater than
    # 2^16 - 1" failure (https://url.spec.whatwg.org/#port-state).
    with pytest.raises(StrictReplaceError) as raised:
        URL("https://h/").replace(strict=True, port="99999")
    again = pickle.loads(pickle.dumps(raised.value))
    assert (again.attribute, again.value, again.reason) == (
        raised.value.attribute,
        raised.value.value,
        raised.value.reason,
    )
    assert str(again) == str(raised.value)


def test_strict_replace_applies_in_argument_order_and_stops_at_the_first_refusal() -> None:
    # protocol "http" first: 80 is then the default port (null), a change that took effect.
    assert URL("https://a:8080/").replace(strict=True, protocol="http", port=80).href == (
        "http://a/"
    )
    # A file: URL cannot have a port: "cannot have a username/password/port" is true when the
    # scheme is "file" (https://url.spec.whatwg.org/#cannot-have-a-username-password-port), and
    # the port setter then returns early; the pathname set before it is not enough.
    with pytest.raises(StrictReplaceError) as raised:
        URL("file:///x").replace(strict=True, pathname="/y", port=1, hash="h")
    assert raised.value.attribute == "port"


def test_replace_keywords_are_checked_at_run_time() -> None:
    # A typo is a TypeError before any URL is made (and an error under mypy --strict: the
    # keywords are ReplaceChanges's, see test_a_typo_fails_type_checking).
    with pytest.raises(TypeError, match="prot"):
        URL("https://a/").replace(prot="http")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="prot"):
        URL("https://a/").replace(strict=True, prot="http")  # type: ignore[call-arg]


def test_a_typo_fails_type_checking(tmp_path: Path) -> None:
    client = tmp_path / "client.py"
    client.write_text(
        "from urlspec import URL\n"
        'URL("http://a/").replace(prot="x")\n'
        'URL("http://a/").replace(port=8080, search=None, search_params={"a": "b"})\n'
        'URL("http://a/").replace(strict=True, hash=1)\n'
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(client)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(lines) == 2, result.stdout
    assert 'Unexpected keyword argument "prot"' in lines[0]
    assert "client.py:4:" in lines[1] and '"hash"' in lines[1]
