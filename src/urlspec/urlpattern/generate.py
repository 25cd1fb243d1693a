"""Building URLs from a URL pattern and values for its groups (whatwg/urlpattern#73).

The standard does not define it yet. ``generate_component`` walks a component's part list:
fixed text as it is (an optional or zero-or-more fixed part is left out, a one-or-more one
written once); each group from the value given for its name, encoded by the component's
encoding callback (the one the pattern's own fixed text went through), with its prefix and
suffix; a group with an optional or zero-or-more modifier may be left out (no value, or None).
A value is refused (URLPatternError naming the group) when the group's expression would not
match it, and the result is checked by running the component's regular expression on it, so
that ``exec`` of the generated text gives back exactly the (encoded) values.
"""

from __future__ import annotations

from collections.abc import Mapping

from urlspec.url_record import SPECIAL_SCHEMES
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


def _encode(component: Component, name: str, value: str, component_name: str) -> str:
    try:
        return component.encoding_callback(value)
    except URLPatternError as error:
        raise URLPatternError(
            f"the value {value!r} of group {name!r} cannot be encoded: {error.reason}",
            component=component_name,
        ) from None


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


def generate_component(
    component: Component, groups: Mapping[str, str | None], component_name: str
) -> str:
    """The text of one component built from ``groups`` (group name -> value)."""
    result = ""
    expected: dict[str, str | None] = {}
    for part in component.part_list:
        if part.type == FIXED_TEXT:
            if part.modifier in (MODIFIER_NONE, MODIFIER_ONE_OR_MORE):
                result += part.value
            continue
        value = groups.get(part.name)
        if value is None:
            if part.type == FULL_WILDCARD and part.modifier == MODIFIER_NONE:
                value = ""  # "*" matches the empty string
            elif part.modifier in (MODIFIER_OPTIONAL, MODIFIER_ZERO_OR_MORE):
                expected[part.name] = None
                continue
            else:
                raise URLPatternError(
                    f"the group {part.name!r} needs a value", component=component_name
                )
        if not isinstance(value, str):
            raise TypeError(f"the value of group {part.name!r} must be a str or None")
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
    return result


def generate_url(
    components: tuple[Component, ...], groups: Mapping[str, Mapping[str, str | None]]
) -> str:
    """A whole URL: each component generated from ``groups[component_name]``, assembled as the
    URL serializer writes a URL (a component pattern that is "*" and has no values becomes
    empty)."""
    for name in groups:
        if name not in COMPONENTS:
            raise ValueError(f"{name!r} is not a URL component ({', '.join(COMPONENTS)})")
    values = [
        generate_component(component, groups.get(name, {}), name)
        for name, component in zip(COMPONENTS, components, strict=True)
    ]
    protocol, username, password, hostname, port, pathname, search, hash = values
    if protocol == "":
        raise URLPatternError("a URL needs a protocol", component="protocol")
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
