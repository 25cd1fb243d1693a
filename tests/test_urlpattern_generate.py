"""URLPattern.generate and generate_url: exec() of the generated text gives the groups back.

The patterns are every pattern of WPT's urlpatterntestdata.json that constructs and has no
regexp groups; the group values are generated here (a word per group, digits for a port). The
expectation is the round trip itself: ``exec`` (the standard's matching) of what ``generate``
built returns each value, encoded by the component's own canonicalization. Worked examples
below check values against the URL Standard's percent-encode sets.

generate_url is checked by its round trip through the URL parser (the section below says how):
for WPT's patterns and generated ones, with drawn values, exec of the URL gives back exactly the
groups, or generate_url refuses; the refusals for what the URL parser changes cite its steps.
"""

from __future__ import annotations

import itertools
import random
import re
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
import shared_data

from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.canonicalize import COMPONENTS
from urlspec.urlpattern.parser import FULL_WILDCARD, MODIFIER_OPTIONAL, MODIFIER_ZERO_OR_MORE

CASES = shared_data.load_wpt("urlpatterntestdata.json")

VALUES = {"protocol": "abc", "port": "8080", "hostname": "h1"}


def construct(arguments: list[Any]) -> URLPattern | None:
    rest = list(arguments)
    input = rest.pop(0) if rest else None
    base_url = rest.pop(0) if rest and isinstance(rest[0], str) else None
    ignore_case = bool(rest.pop(0).get("ignoreCase")) if rest else False
    try:
        return URLPattern(input, base_url, ignore_case=ignore_case)
    except URLPatternError:
        return None


def group_values(pattern: URLPattern, name: str) -> dict[str, str | None]:
    values: dict[str, str | None] = {}
    for part in pattern.component(name).part_list:
        if part.name:
            value = VALUES.get(name, "v1")
            if name == "hostname" and pattern.hostname.startswith(("[", "{[", "\\[")):
                value = "a1"  # an IPv6 hostname pattern holds only hex digits, ":", "[", "]"
            if part.type == FULL_WILDCARD and name in ("pathname", "search", "hash"):
                value = "v/1"
            values[part.name] = value
    return values


def patterns() -> list[Any]:
    found = []
    seen: set[tuple[str, ...]] = set()
    for index, entry in enumerate(CASES):
        pattern = construct(entry["pattern"])
        if pattern is None or pattern.has_regexp_groups:
            continue
        key = (*(getattr(pattern, c) for c in COMPONENTS), str(pattern.ignore_case))
        if key not in seen:
            seen.add(key)
            found.append(pytest.param(pattern, id=str(index)))
    return found


def adjacent_groups(pattern: URLPattern, name: str) -> bool:
    """Whether the split of the text between two groups is ambiguous: they touch (no text
    between them), or the first is a full wildcard that can take in what follows it. Generate
    refuses values that would not split back the same way."""
    parts = [p for p in pattern.component(name).part_list if p.name]
    return any(
        (a.suffix == "" and b.prefix == "") or a.type == FULL_WILDCARD
        for a, b in itertools.pairwise(parts)
    )


@pytest.mark.parametrize("pattern", patterns())
def test_generate_round_trip(pattern: URLPattern) -> None:
    for name in COMPONENTS:
        groups = group_values(pattern, name)
        if adjacent_groups(pattern, name):
            try:
                text = pattern.generate(name, groups)
            except URLPatternError as error:
                assert "does not match back" in str(error)
                continue
        else:
            text = pattern.generate(name, groups)
        result = pattern.component(name).exec(text)
        assert result == groups, (name, text)


def test_generate_needs_values_and_refuses_bad_ones() -> None:
    pattern = URLPattern({"pathname": "/books/:id/:rest*", "hostname": ":sub.example.com"})
    with pytest.raises(URLPatternError, match="'id' needs a value"):
        pattern.generate("pathname", {})
    with pytest.raises(URLPatternError, match="one non-empty segment"):
        pattern.generate("pathname", {"id": "a/b"})
    with pytest.raises(URLPatternError, match="no group called 'nope'"):
        pattern.generate("pathname", {"id": "1", "nope": "x"})
    with pytest.raises(URLPatternError, match="one non-empty segment"):
        pattern.generate("hostname", {"sub": "a.b"})
    digits = URLPattern({"pathname": "/:id(\\d+)"})
    with pytest.raises(URLPatternError, match="does not match"):
        digits.generate("pathname", {"id": "12a"})
    with pytest.raises(ValueError, match="not a URL component"):
        digits.generate("path", {"id": "1"})


def test_generate_encodes_by_the_component_rules() -> None:
    pattern = URLPattern("https://:sub.example.com/books/:id/:rest*")
    # The path percent-encode set encodes the space (URL Standard §1.3); hostnames lowercase.
    assert pattern.generate("pathname", {"id": "a b", "rest": None}) == "/books/a%20b"
    assert pattern.generate("pathname", {"id": "1", "rest": "x/y"}) == "/books/1/x/y"
    assert pattern.generate("hostname", {"sub": "API"}) == "api.example.com"


def test_generate_url_round_trip() -> None:
    pattern = URLPattern("https://:sub.example.com/books/:id(\\d+){/:slug}?")
    groups: dict[str, dict[str, str | None]] = {
        "hostname": {"sub": "api"},
        "pathname": {"id": "12", "slug": "intro"},
    }
    url = pattern.generate_url(groups)
    assert url == "https://api.example.com/books/12/intro"
    result = pattern.exec(url)
    assert result is not None
    assert result.hostname.groups == {"sub": "api"}
    assert result.pathname.groups == {"id": "12", "slug": "intro"}
    without = pattern.generate_url({"hostname": {"sub": "api"}, "pathname": {"id": "7"}})
    assert without == "https://api.example.com/books/7"
    found = pattern.exec(without)
    assert found is not None and found.pathname.groups == {"id": "7", "slug": None}


# --- generate_url: the round trip through the URL parser ---------------------------------------
#
# The oracle is the pattern itself: URLPattern's exec (the URL Pattern Standard's matching, which
# parses the URL with the URL parser and runs each component's expression) of the URL that
# generate_url wrote must give back exactly the groups it was given, or generate_url must refuse
# with a URLPatternError. The values below are drawn so that the URL Standard leaves them as
# they are when they come back: ASCII letters and digits, "-", "_", "~", "." and "%2e" (in none
# of its percent-encode sets, and hosts without upper case), "/" where a value may hold one, and
# ports without a leading zero; values that are not are checked by their percent-decoding.

# Per component, the values a group is given: troublesome ones (the empty string, dot
# segments, default ports, a file or foo scheme, a value that is a whole path) and plain ones,
# drawn half and half.
TROUBLESOME_VALUES: dict[str, tuple[str, ...]] = {
    "protocol": ("file", "foo", "", "a-b"),
    "username": ("", "u-1"),
    "password": ("", "p.w"),
    "hostname": ("", "127.0.0.1", "xn--nxa"),
    "port": ("", "443", "80", "21"),
    "pathname": ("", ".", "..", "%2e", "%2E%2e", "./x", "a/../b", "a/.", "/x", "x/y"),
    "search": ("",),
    "hash": ("", ".."),
}
PLAIN_VALUES: dict[str, tuple[str, ...]] = {
    "protocol": ("https", "http", "ws"),
    "username": ("user",),
    "password": ("pw",),
    "hostname": ("h1", "example", "a-b"),
    "port": ("8080", "1"),
    "pathname": ("seg", "a.b", "~u", "A_1"),
    "search": ("q", "a=b", "x.y"),
    "hash": ("top", "a-b", "x/y"),
}


# Patterns made for the round trip: each component drawn from these, as a dict pattern.
GENERATED_PIECES: dict[str, tuple[str | None, ...]] = {
    "protocol": (None, "https", "http{s}?", ":proto", "foo", "file", "*", "(ws|wss)"),
    "username": (None, ":user", "*", "u"),
    "password": (None, ":pass", "*"),
    "hostname": (None, ":sub.example.com", "example.com", "*", "{:h.}?a.com", ":host", ""),
    "port": (None, ":port", "443", "80", "(\\d+)", "", "*", "{:port}?"),
    "pathname": (
        None,
        "/:a",
        ":a",
        "/*",
        "*",
        "/:a/:b?",
        "/x/:a+",
        "{/:a}*",
        "/:a-:b",
        "/(.*)",
        "/books/:id(\\d+)",
        "/:a.:b",
        "",
        "/",
    ),
    "search": (None, ":q", "q=:q", "*", "a=(.*)"),
    "hash": (None, ":h", "*", "x:h"),
}


def generated_patterns(count: int, seed: int) -> list[URLPattern]:
    chooser = random.Random(seed)
    found: list[URLPattern] = []
    while len(found) < count:
        init = {}
        for name, pieces in GENERATED_PIECES.items():
            piece = chooser.choice(pieces)
            if piece is not None:
                init[name] = piece
        try:
            found.append(URLPattern(init, ignore_case=chooser.random() < 0.2))
        except URLPatternError:
            continue
    return found


def wpt_patterns() -> list[URLPattern]:
    found: list[URLPattern] = []
    seen: set[URLPattern] = set()
    for entry in CASES:
        pattern = construct(entry["pattern"])
        if pattern is not None and pattern not in seen:
            seen.add(pattern)
            found.append(pattern)
    return found


def draw_groups(pattern: URLPattern, chooser: random.Random) -> dict[str, dict[str, str | None]]:
    """Values for every group of every component (None, left out, for an optional one now
    and then)."""
    groups: dict[str, dict[str, str | None]] = {}
    for name in COMPONENTS:
        values: dict[str, str | None] = {}
        for part in pattern.component(name).part_list:
            if not part.name:
                continue
            if (
                part.modifier in (MODIFIER_OPTIONAL, MODIFIER_ZERO_OR_MORE)
                and chooser.random() < 0.2
            ):
                values[part.name] = None
            else:
                pool = TROUBLESOME_VALUES if chooser.random() < 0.5 else PLAIN_VALUES
                values[part.name] = chooser.choice(pool[name])
        if values:
            groups[name] = values
    return groups


def expected_groups(
    pattern: URLPattern, name: str, given: dict[str, str | None]
) -> dict[str, str | None]:
    """What exec must give for the groups ``generate_url`` was given: each given value, None
    for a group left out (the standard's undefined)."""
    return {
        part.name: given.get(part.name)
        for part in pattern.component(name).part_list
        if part.name and not (part.type == FULL_WILDCARD and given.get(part.name) is None)
    }


def round_trip(pattern: URLPattern, groups: dict[str, dict[str, str | None]]) -> bool:
    """Whether generate_url wrote a URL (asserting exec gives the groups back) or refused."""
    try:
        url = pattern.generate_url(groups)
    except URLPatternError as error:
        assert error.reason, groups
        return False
    result = pattern.exec(url)
    assert result is not None, (pattern, groups, url)
    for name in COMPONENTS:
        found = result.component(name).groups
        for group, value in expected_groups(pattern, name, groups.get(name, {})).items():
            assert found[group] == value, (pattern, name, groups, url, found)
    return True


@pytest.mark.parametrize(
    ("source", "patterns"),
    [("wpt", wpt_patterns), ("generated", lambda: generated_patterns(400, 20261128))],
)
def test_generate_url_round_trip_property(
    source: str, patterns: Callable[[], list[URLPattern]]
) -> None:
    """For each pattern and drawn group values, exec(generate_url(groups)) gives back exactly
    those groups, or generate_url raises URLPatternError.

    The oracle is the pattern itself: URLPattern's exec, the URL Pattern Standard's matching
    (the URL parser, then each component's regular expression), defines what a URL generated
    for these groups must give back; the drawn values are ones the URL Standard leaves as they
    are (see the section comment), so "exactly" needs no encoding on the test's side."""
    chooser = random.Random(source)
    written = refused = 0
    for pattern in patterns():
        for _ in range(12):
            if round_trip(pattern, draw_groups(pattern, chooser)):
                written += 1
            else:
                refused += 1
    # The draws make URLs often enough for the property to say something (many drawn patterns
    # admit no URL at all: a foo: URL with a port and no host, say).
    assert written > (written + refused) // 20, (written, refused)


# Values the components' canonicalization changes: the percent-encode sets of the URL Standard
# (§1.3: the space, "ñ" as UTF-8 bytes), ASCII lower case for schemes and hosts, a port's
# decimal value (§4.4 port state).
ENCODED_VALUES: dict[str, tuple[str, ...]] = {
    "protocol": ("HTTPS", "Foo"),
    "username": ("a b", "ñ"),
    "password": ("p w",),
    "hostname": ("API", "Example"),
    "port": ("08080", "0"),
    "pathname": ("a b", "ñ", "x y/z"),
    "search": ("a b", "é=1"),
    "hash": ("a b", "ñ"),
}


def same_value(name: str, given: str, found: str) -> bool:
    """Whether ``found`` is ``given`` as the URL Standard writes it in component ``name``."""
    if name in ("protocol", "hostname"):
        return found == given.lower()
    if name == "port":
        return int(found) == int(given)
    return urllib.parse.unquote(found) == given


def test_generate_url_round_trip_of_encoded_values() -> None:
    """Values the URL Standard writes differently come back as it writes them, and generating
    from what came back is a fixed point: the same URL, the same groups."""
    chooser = random.Random("encoded")
    written = 0
    for pattern in generated_patterns(300, 20261129):
        groups: dict[str, dict[str, str | None]] = {}
        for name in COMPONENTS:
            names = [part.name for part in pattern.component(name).part_list if part.name]
            if names:
                groups[name] = {group: chooser.choice(ENCODED_VALUES[name]) for group in names}
        try:
            url = pattern.generate_url(groups)
        except URLPatternError:
            continue
        written += 1
        result = pattern.exec(url)
        assert result is not None, (pattern, groups, url)
        found = {name: result.component(name).groups for name in groups}
        for name, values in groups.items():
            for group, value in values.items():
                assert value is not None
                found_value = found[name][group]
                assert found_value is not None and same_value(name, value, found_value), (
                    pattern,
                    name,
                    url,
                )
        assert pattern.generate_url(found) == url
    assert written > 10


@pytest.mark.parametrize(
    ("init", "groups", "reason"),
    [
        # URL Standard §4.4 host state: a special URL with an empty host is failure.
        (
            {"protocol": "http", "hostname": "*", "port": ":p"},
            {"port": {"p": "80"}},
            "needs a host",
        ),
        # Authority state: "@" with an empty host is failure; port state with an empty host too.
        (
            {"protocol": "foo", "username": ":u", "hostname": "{:h}?", "pathname": "/x"},
            {"username": {"u": "me"}},
            "without a host has no username",
        ),
        (
            {"protocol": "foo", "hostname": "{:h}?", "port": ":p", "pathname": "/x"},
            {"port": {"p": "8080"}},
            "without a host has no port",
        ),
        # A file URL cannot have a username, password or port (§4.1).
        (
            {"protocol": "file", "hostname": "h", "port": ":p"},
            {"port": {"p": "8080"}},
            "file URL has no username, password or port",
        ),
        # §4.4 port state: the default port of a special scheme becomes null.
        (
            {"protocol": "https", "hostname": "h", "port": ":port"},
            {"port": {"port": "443"}},
            "443 is the default port of https",
        ),
        # After a host, a path begins with "/" (the URL serializer writes none in between).
        (
            {"protocol": "foo", "hostname": "h", "pathname": ":p"},
            {"pathname": {"p": "x"}},
            "starts with '/'",
        ),
        # §4.4 path state: single-dot and double-dot segments are removed.
        (
            {"protocol": "https", "hostname": "h", "pathname": "/:a/x"},
            {"pathname": {"a": "."}},
            "path segment '.'",
        ),
        (
            {"protocol": "https", "hostname": "h", "pathname": "/:a/x"},
            {"pathname": {"a": "%2e"}},
            "path segment '%2e'",
        ),
        (
            {"protocol": "https", "hostname": "h", "pathname": "/*"},
            {"pathname": {"0": "a/../b"}},
            "path segment '..'",
        ),
        # A special URL's path is never empty: "https://h" has the path "/".
        (
            {"protocol": "https", "hostname": "h", "pathname": "*"},
            {"pathname": {"0": ""}},
            "is at least '/'",
        ),
        ({}, {}, "needs a protocol"),
        # §4.4 file host state: the host "localhost" becomes the empty host.
        (
            {"protocol": "file", "hostname": ":h", "pathname": "/x"},
            {"hostname": {"h": "localhost"}},
            "makes the host 'localhost' of a file URL empty",
        ),
        # §4.4 basic URL parser, first step: leading and trailing C0 control or space removed.
        (
            {"protocol": "foo", "hostname": "", "pathname": "*"},
            {"pathname": {"0": "a "}},
            "removes spaces and control characters at the end",
        ),
    ],
)
def test_generate_url_refuses_what_the_url_parser_changes(
    init: dict[str, str], groups: dict[str, dict[str, str | None]], reason: str
) -> None:
    with pytest.raises(URLPatternError, match=re.escape(reason)):
        URLPattern(init).generate_url(groups)


def test_generate_url_keeps_what_the_url_parser_keeps() -> None:
    # A non-default port is kept; a path starting "//" without a host is written after "/."
    # (the URL serializer's rule, §4.5); an omitted pathname "*" takes the "/" of the URL.
    assert (
        URLPattern({"protocol": "https", "hostname": "h", "port": ":p"}).generate_url(
            {"port": {"p": "8443"}}
        )
        == "https://h:8443/"
    )
    opaque = URLPattern({"protocol": "foo", "hostname": "", "pathname": "*"})
    url = opaque.generate_url({"pathname": {"0": "//x"}})
    assert url == "foo:/.//x"
    found = opaque.exec(url)
    assert found is not None and found.pathname.groups == {"0": "//x"}
    assert URLPattern({"protocol": "https", "hostname": "h"}).generate_url({}) == "https://h/"
