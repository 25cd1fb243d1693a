"""URLPattern §3 Canonicalization: the encoding callbacks (§3.1) and processing a URLPatternInit
(§3.2), with urlspec's own basic URL parser and setters.

https://urlpattern.spec.whatwg.org/#canon
"""

from __future__ import annotations

from typing import Final

from urlspec.infra import ASCII_HEX_DIGITS, ascii_lowercase
from urlspec.parser import State, basic_url_parse
from urlspec.setters import set_the_password, set_the_username
from urlspec.url_record import SPECIAL_SCHEMES, URLRecord, serialize_path
from urlspec.urlpattern.errors import URLPatternError

__all__ = [
    "COMPONENTS",
    "URLPatternInit",
    "canonicalize_a_hash",
    "canonicalize_a_hostname",
    "canonicalize_a_password",
    "canonicalize_a_pathname",
    "canonicalize_a_port",
    "canonicalize_a_protocol",
    "canonicalize_a_search",
    "canonicalize_a_username",
    "canonicalize_an_ipv6_hostname",
    "canonicalize_an_opaque_pathname",
    "create_a_dummy_url",
    "escape_a_pattern_string",
    "process_a_urlpatterninit",
]

#: The eight components, in the standard's order.
COMPONENTS: Final = (
    "protocol",
    "username",
    "password",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

#: A URLPatternInit dictionary: the eight components and "baseURL", each optional.
URLPatternInit = dict[str, str]

_DUMMY_INPUT: Final = "https://dummy.invalid/"


def create_a_dummy_url() -> URLRecord:
    """§1.5 create a dummy URL."""
    url = basic_url_parse(_DUMMY_INPUT)
    assert url is not None
    return url


def _serialize_host(url: URLRecord) -> str:
    return "" if url.host is None else url.host


def canonicalize_a_protocol(value: str) -> str:
    """§3.1 canonicalize a protocol."""
    if value == "":
        return value
    parse_result = basic_url_parse(value + "://dummy.invalid/")
    if parse_result is None:
        raise URLPatternError(f"{value!r} is not a valid scheme", component="protocol")
    return parse_result.scheme


def canonicalize_a_username(value: str) -> str:
    """§3.1 canonicalize a username."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    set_the_username(dummy_url, value)
    return dummy_url.username


def canonicalize_a_password(value: str) -> str:
    """§3.1 canonicalize a password."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    set_the_password(dummy_url, value)
    return dummy_url.password


def canonicalize_a_hostname(value: str) -> str:
    """§3.1 canonicalize a hostname."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    if basic_url_parse(value, url=dummy_url, state_override=State.HOSTNAME) is None:
        raise URLPatternError(f"{value!r} is not a valid hostname", component="hostname")
    return _serialize_host(dummy_url)


def canonicalize_an_ipv6_hostname(value: str) -> str:
    """§3.1 canonicalize an IPv6 hostname."""
    result = ""
    for index, code_point in enumerate(value):
        if code_point not in ASCII_HEX_DIGITS and code_point not in "[]:":
            raise URLPatternError(
                f"{code_point!r} cannot be in an IPv6 address",
                component="hostname",
                position=index,
            )
        result += ascii_lowercase(code_point)
    return result


def canonicalize_a_port(port_value: str, protocol_value: str | None = None) -> str:
    """§3.1 canonicalize a port."""
    if port_value == "":
        return port_value
    dummy_url = create_a_dummy_url()
    # The standard's dummy URL is https:, whose default port 443 would vanish from a pattern's
    # port "443*" (fixed text "443" canonicalized without a protocol). WPT expects "443*", as
    # Chromium and ada give: without a protocol, no port is anybody's default.
    dummy_url.scheme = protocol_value if protocol_value is not None else ""
    if basic_url_parse(port_value, url=dummy_url, state_override=State.PORT) is None:
        raise URLPatternError(f"{port_value!r} is not a valid port", component="port")
    return "" if dummy_url.port is None else str(dummy_url.port)


def canonicalize_a_pathname(value: str) -> str:
    """§3.1 canonicalize a pathname."""
    if value == "":
        return value
    leading_slash = value[0] == "/"
    modified_value = "" if leading_slash else "/-"
    modified_value += value
    dummy_url = create_a_dummy_url()
    dummy_url.path = []
    basic_url_parse(modified_value, url=dummy_url, state_override=State.PATH_START)
    result = serialize_path(dummy_url)
    if not leading_slash:
        result = result[2:]
    return result


def canonicalize_an_opaque_pathname(value: str) -> str:
    """§3.1 canonicalize an opaque pathname."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    dummy_url.path = ""
    if basic_url_parse(value, url=dummy_url, state_override=State.OPAQUE_PATH) is None:
        raise URLPatternError(f"{value!r} is not a valid opaque path", component="pathname")
    return serialize_path(dummy_url)


def canonicalize_a_search(value: str) -> str:
    """§3.1 canonicalize a search."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    dummy_url.query = ""
    basic_url_parse(value, url=dummy_url, state_override=State.QUERY)
    assert dummy_url.query is not None
    return dummy_url.query


def canonicalize_a_hash(value: str) -> str:
    """§3.1 canonicalize a hash."""
    if value == "":
        return value
    dummy_url = create_a_dummy_url()
    dummy_url.fragment = ""
    basic_url_parse(value, url=dummy_url, state_override=State.FRAGMENT)
    assert dummy_url.fragment is not None
    return dummy_url.fragment


# §2.3 escape a pattern string: each of these code points gets a "\\" before it (a table for
# str.translate, which does it in one pass).
_PATTERN_SYNTAX_ESCAPED: Final[dict[int, str]] = {ord(c): "\\" + c for c in "+*?:{}()\\"}


def escape_a_pattern_string(input: str) -> str:
    """§2.3 escape a pattern string."""
    return input.translate(_PATTERN_SYNTAX_ESCAPED)


# --- §3.2 URLPatternInit processing -----------------------------------------------------------


def process_a_base_url_string(input: str, type: str) -> str:
    """§3.2 process a base URL string."""
    if type != "pattern":
        return input
    return escape_a_pattern_string(input)


def is_an_absolute_pathname(input: str, type: str) -> bool:
    """§3.2 is an absolute pathname."""
    if input == "":
        return False
    if input[0] == "/":
        return True
    if type == "url":
        return False
    if len(input) < 2:
        return False
    return input[0] in "\\{" and input[1] == "/"


def process_protocol_for_init(value: str, type: str) -> str:
    stripped_value = value[:-1] if value.endswith(":") else value
    if type == "pattern":
        return stripped_value
    return canonicalize_a_protocol(stripped_value)


def process_username_for_init(value: str, type: str) -> str:
    return value if type == "pattern" else canonicalize_a_username(value)


def process_password_for_init(value: str, type: str) -> str:
    return value if type == "pattern" else canonicalize_a_password(value)


def process_hostname_for_init(value: str, type: str) -> str:
    return value if type == "pattern" else canonicalize_a_hostname(value)


def process_port_for_init(port_value: str, protocol_value: str, type: str) -> str:
    return port_value if type == "pattern" else canonicalize_a_port(port_value, protocol_value)


def process_pathname_for_init(pathname_value: str, protocol_value: str, type: str) -> str:
    if type == "pattern":
        return pathname_value
    if protocol_value in SPECIAL_SCHEMES or protocol_value == "":
        return canonicalize_a_pathname(pathname_value)
    return canonicalize_an_opaque_pathname(pathname_value)


def process_search_for_init(value: str, type: str) -> str:
    stripped_value = value[1:] if value.startswith("?") else value
    return stripped_value if type == "pattern" else canonicalize_a_search(stripped_value)


def process_hash_for_init(value: str, type: str) -> str:
    stripped_value = value[1:] if value.startswith("#") else value
    return stripped_value if type == "pattern" else canonicalize_a_hash(stripped_value)


def process_a_urlpatterninit(
    init: URLPatternInit, type: str, defaults: str | None
) -> URLPatternInit:
    """§3.2 process a URLPatternInit given ``init``, ``type`` and the eight component arguments,
    all ``defaults`` (null for the constructor, the empty string for match)."""
    result: URLPatternInit = {}
    if defaults is not None:
        for name in COMPONENTS:
            result[name] = defaults
    base_url: URLRecord | None = None
    if "baseURL" in init:
        base_url = basic_url_parse(init["baseURL"])
        if base_url is None:
            raise URLPatternError(f"the base URL {init['baseURL']!r} is not a valid URL")
        if "protocol" not in init:
            result["protocol"] = process_a_base_url_string(base_url.scheme, type)
        if type != "pattern" and not _contains_any(
            init, ("protocol", "hostname", "port", "username")
        ):
            result["username"] = process_a_base_url_string(base_url.username, type)
        if type != "pattern" and not _contains_any(
            init, ("protocol", "hostname", "port", "username", "password")
        ):
            result["password"] = process_a_base_url_string(base_url.password, type)
        if not _contains_any(init, ("protocol", "hostname")):
            base_host = "" if base_url.host is None else base_url.host
            result["hostname"] = process_a_base_url_string(base_host, type)
        if not _contains_any(init, ("protocol", "hostname", "port")):
            result["port"] = "" if base_url.port is None else str(base_url.port)
        if not _contains_any(init, ("protocol", "hostname", "port", "pathname")):
            result["pathname"] = process_a_base_url_string(serialize_path(base_url), type)
        if not _contains_any(init, ("protocol", "hostname", "port", "pathname", "search")):
            base_query = "" if base_url.query is None else base_url.query
            result["search"] = process_a_base_url_string(base_query, type)
        if not _contains_any(init, ("protocol", "hostname", "port", "pathname", "search", "hash")):
            base_fragment = "" if base_url.fragment is None else base_url.fragment
            result["hash"] = process_a_base_url_string(base_fragment, type)
    if "protocol" in init:
        result["protocol"] = process_protocol_for_init(init["protocol"], type)
    if "username" in init:
        result["username"] = process_username_for_init(init["username"], type)
    if "password" in init:
        result["password"] = process_password_for_init(init["password"], type)
    if "hostname" in init:
        result["hostname"] = process_hostname_for_init(init["hostname"], type)
    result_protocol_string = result.get("protocol", "")
    if "port" in init:
        result["port"] = process_port_for_init(init["port"], result_protocol_string, type)
    if "pathname" in init:
        result["pathname"] = init["pathname"]
        if (
            base_url is not None
            and not isinstance(base_url.path, str)
            and not is_an_absolute_pathname(result["pathname"], type)
        ):
            base_url_path = process_a_base_url_string(serialize_path(base_url), type)
            slash_index = base_url_path.rfind("/")
            if slash_index >= 0:
                new_pathname = base_url_path[: slash_index + 1]
                new_pathname += result["pathname"]
                result["pathname"] = new_pathname
        result["pathname"] = process_pathname_for_init(
            result["pathname"], result_protocol_string, type
        )
    if "search" in init:
        result["search"] = process_search_for_init(init["search"], type)
    if "hash" in init:
        result["hash"] = process_hash_for_init(init["hash"], type)
    return result


def _contains_any(init: URLPatternInit, names: tuple[str, ...]) -> bool:
    return any(name in init for name in names)
