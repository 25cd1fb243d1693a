"""Building URLs from a URL pattern and values for its groups (whatwg/urlpattern#73).

The standard does not define it yet. ``generate_component`` walks a component's part list:
fixed text as it is (an optional or zero-or-more fixed part is left out, a one-or-more one
written once); each group from the value given for its name, encoded by the component's
encoding callback (the one the pattern's own fixed text went through), with its prefix and
suffix; a group with an optional or zero-or-more modifier may be left out (no value, or None).
A value is refused (URLPatternError naming the group) when the group's expression would not
match it, and the result is checked by running the component's regular expression on it, so
that ``exec`` of the generated text gives back exactly the (encoded) values.

``generate_url`` assembles the eight components as the URL serializer writes a URL
(https://url.spec.whatwg.org/#concept-url-serializer), parses the result with the URL parser
and runs each component's expression on what the parser gives back, the way ``exec`` does: a
URL is returned only when that gives back the same groups. What the URL parser cannot keep is
refused with the reason: a special URL without a host, a username, password or port without a
host, a pathname that does not start with "/" after a host, a special scheme's default port
(the parser drops it), "." and ".." path segments (the parser removes them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from urlspec.infra import to_scalar_value_string
from urlspec.url import URL
from urlspec.url_record import (
    SPECIAL_SCHEMES,
    is_double_dot_path_segment,
    is_single_dot_path_segment,
)
from urlspec.urlpattern.canonicalize import COMPONENTS
from urlspec.urlpattern.component import Component
from urlspec.urlpattern.errors import URLPatternError
from urlspec.urlpattern.parser import (
    FIXED_TEXT,
    FULL_WILDCARD,
    MODIFIER_NONE,
    MODIFIER_ONE_OR_MORE,
    MODIFIER_OPTIONAL,
    MODIFIER_ZERO_OR_MORE,
    REGEXP_PART,
    SEGMENT_WILDCARD,
    Part,
)
from urlspec.urlpattern.regexp import compile_regexp

__all__ = ["generate_component", "generate_url"]

# https://infra.spec.whatwg.org/#c0-control-or-space: what the URL parser strips from both
# ends of its input.
_C0_CONTROL_OR_SPACE: Final = "".join(map(chr, range(0x21)))


def _encode(component: Component, name: str, value: str, component_name: str) -> str:
    try:
        return component.encoding_callback(value)
    except URLPatternError as error:
        raise URLPatternError(
            f"the value {value!r} of group {name!r} cannot be encoded: {error.reason}",
            component=component_name,
        ) from None


def _dot_segment(path: str) -> str | None:
    """The first single-dot or double-dot path segment of ``path`` (URL Standard §4.1: ".",
    "..", and their spellings with "%2e"), split at "/" and at "\\" (a special URL's other
    separator), or None."""
    for segment in path.replace("\\", "/").split("/"):
        if is_single_dot_path_segment(segment) or is_double_dot_path_segment(segment):
            return segment
    return None


def _check_group_value(component: Component, part: Part, value: str, component_name: str) -> None:
    """Refuse a value the part's own expression would not match."""
    if part.type == SEGMENT_WILDCARD:
        delimiter = component.options.delimiter_code_point
        if value == "" or (
            delimiter != ""
            and delimiter in value
            and part.modifier
            in (
                MODIFIER_NONE,
                MODIFIER_OPTIONAL,
            )
        ):
            raise URLPatternError(
                f"the value {value!r} of group {part.name!r} must be one non-empty segment"
                + (f" (no {delimiter!r})" if delimiter else ""),
                component=component_name,
            )
    elif part.type == REGEXP_PART and part.modifier in (MODIFIER_NONE, MODIFIER_OPTIONAL):
        expression = compile_regexp(part.value, component.options.ignore_case)
        if expression.fullmatch(value) is None:
            raise URLPatternError(
                f"the value {value!r} of group {part.name!r} does not match ({part.value})",
                component=component_name,
            )


def _generate(
    component: Component, groups: Mapping[str, str | None], component_name: str
) -> tuple[str, dict[str, str | None], frozenset[str]]:
    """The component's text, the groups ``exec`` must give back for it (encoded values, None
    for a group left out), and the names of the full wildcards given no value (written as the
    empty string, and free to take what the URL parser puts there)."""
    result = ""
    expected: dict[str, str | None] = {}
    defaulted: set[str] = set()
    hierarchical_path = component_name == "pathname" and (
        component.options.delimiter_code_point == "/"
    )
    for part in component.part_list:
        if part.type == FIXED_TEXT:
            if part.modifier in (MODIFIER_NONE, MODIFIER_ONE_OR_MORE):
                result += part.value
            continue
        value = groups.get(part.name)
        if value is None:
            if part.type == FULL_WILDCARD and part.modifier == MODIFIER_NONE:
                value = ""  # "*" matches the empty string
                defaulted.add(part.name)
            elif part.modifier in (MODIFIER_OPTIONAL, MODIFIER_ZERO_OR_MORE):
                expected[part.name] = None
                continue
            else:
                raise URLPatternError(
                    f"the group {part.name!r} needs a value", component=component_name
                )
        if not isinstance(value, str):
            raise TypeError(f"the value of group {part.name!r} must be a str or None")
        if hierarchical_path:
            # Canonicalizing a pathname runs the URL parser's path state, which removes these
            # segments from the value itself ("a/../b" would come out as "").
            dots = _dot_segment(value)
            if dots is not None:
                raise URLPatternError(
                    f"the value {value!r} of group {part.name!r} has the path segment "
                    f"{dots!r}, which the URL parser removes",
                    component=component_name,
                )
        encoded = _encode(component, part.name, value, component_name) if value else ""
        _check_group_value(component, part, encoded, component_name)
        expected[part.name] = encoded
        result += part.prefix + encoded + part.suffix
    unknown = set(groups) - {part.name for part in component.part_list if part.name}
    if unknown:
        raise URLPatternError(
            f"no group called {', '.join(sorted(map(repr, unknown)))}", component=component_name
        )
    found = component.exec(result)
    if found is None or any(found.get(name) != value for name, value in expected.items()):
        raise URLPatternError(
            f"the values {dict(groups)!r} give {result!r}, which does not match back to them",
            component=component_name,
        )
    return result, expected, frozenset(defaulted)


def generate_component(
    component: Component, groups: Mapping[str, str | None], component_name: str
) -> str:
    """The text of one component built from ``groups`` (group name -> value)."""
    return _generate(component, groups, component_name)[0]


def _check_url_shape(texts: list[str]) -> None:
    """Refuse component texts that no URL holds (URL Standard §4.4, the basic URL parser):
    the reasons a user can act on, before the URL is assembled."""
    protocol, username, password, hostname, port, pathname, _, _ = texts
    if protocol == "":
        raise URLPatternError("a URL needs a protocol", component="protocol")
    special = protocol in SPECIAL_SCHEMES
    if protocol == "file" and (username or password or port):
        name = "username" if username else "password" if password else "port"
        text = texts[COMPONENTS.index(name)]
        raise URLPatternError(
            f"a file URL has no username, password or port (the {name} is {text!r})",
            component=name,
        )
    if hostname == "":
        if special and protocol != "file":
            raise URLPatternError(f"a {protocol} URL needs a host", component="hostname")
        for name, text in (("username", username), ("password", password), ("port", port)):
            if text:
                raise URLPatternError(
                    f"a URL without a host has no {name} (the {name} is {text!r})",
                    component=name,
                )
    if (hostname != "" or special) and pathname != "" and pathname[0] not in "/\\":
        raise URLPatternError(
            f"after a host, a pathname starts with '/' (the pathname is {pathname!r})",
            component="pathname",
        )


def _assemble(texts: list[str]) -> str:
    """The URL serializer's output for these component texts."""
    protocol, username, password, hostname, port, pathname, search, hash = texts
    url = protocol + ":"
    if hostname != "" or protocol in SPECIAL_SCHEMES:
        url += "//"
        if username or password:
            url += username + (":" + password if password else "") + "@"
        url += hostname
        if port:
            url += ":" + port
    elif pathname.startswith("//"):
        url += "/."
    url += pathname
    if search:
        url += "?" + search
    if hash:
        url += "#" + hash
    return url


def _why_changed(name: str, text: str, parsed: str, protocol: str) -> str:
    """Why the URL parser gives back ``parsed`` for the component text ``text``."""
    if (
        name == "port"
        and text.isascii()
        and text.isdigit()
        and SPECIAL_SCHEMES.get(protocol) == int(text)
    ):
        return f"{text} is the default port of {protocol}, which the URL parser drops"
    if name == "pathname":
        dots = _dot_segment(text)
        if dots is not None:
            return f"the URL parser removes the path segment {dots!r}"
        if text == "" and protocol in SPECIAL_SCHEMES:
            return f"the path of a {protocol} URL is at least '/'"
    if name == "hostname" and protocol == "file" and text == "localhost":
        return "the URL parser makes the host 'localhost' of a file URL empty"
    if parsed == text.rstrip(_C0_CONTROL_OR_SPACE):
        return "the URL parser removes spaces and control characters at the end of a URL"
    return f"the URL parser gives back {parsed!r}"


def generate_url(
    components: tuple[Component, ...], groups: Mapping[str, Mapping[str, str | None]]
) -> str:
    """A whole URL that the pattern matches with these groups: each component generated from
    ``groups[component_name]``, assembled as the URL serializer writes a URL (a component
    pattern that is "*" and has no values becomes empty), then parsed, and each component's
    expression run on the parsed URL's value as ``exec`` runs it; URLPatternError names the
    component and the reason when that does not give back the same groups. The result is the
    parsed URL's href ("https://h/" for an empty special path)."""
    for name in groups:
        if name not in COMPONENTS:
            raise ValueError(f"{name!r} is not a URL component ({', '.join(COMPONENTS)})")
    generated = [
        _generate(component, groups.get(name, {}), name)
        for name, component in zip(COMPONENTS, components, strict=True)
    ]
    texts = [text for text, _, _ in generated]
    _check_url_shape(texts)
    url = _assemble(texts)
    parsed = URL.parse(to_scalar_value_string(url))
    if parsed is None:
        raise URLPatternError(f"{url!r} is not a URL the URL parser accepts")
    # §1.4 match, for a URL: the values exec runs each component's expression on.
    values = (
        parsed.protocol[:-1],
        parsed.username,
        parsed.password,
        parsed.hostname,
        parsed.port,
        parsed.pathname,
        parsed.search[1:],
        parsed.hash[1:],
    )
    for name, component, (text, expected, defaulted), value in zip(
        COMPONENTS, components, generated, values, strict=True
    ):
        if value == text:
            continue  # _generate checked exec on this text
        found = component.exec(value)
        if found is None or any(
            found.get(group) != group_value
            for group, group_value in expected.items()
            if group not in defaulted
        ):
            raise URLPatternError(
                f"the {name} {text!r} does not survive the URL parser: "
                + _why_changed(name, text, value, texts[0]),
                component=name,
            )
    return parsed.href
