"""URLPattern.generate and generate_url: exec() of the generated text gives the groups back.

The patterns are every pattern of WPT's urlpatterntestdata.json that constructs and has no
regexp groups; the group values are generated here (a word per group, digits for a port). The
expectation is the round trip itself: ``exec`` (the standard's matching) of what ``generate``
built returns each value, encoded by the component's own canonicalization. Worked examples
below check values against the URL Standard's percent-encode sets.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import shared_data

from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.canonicalize import COMPONENTS
from urlspec.urlpattern.parser import FULL_WILDCARD

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
