"""The setters of the URL class's attributes, as ``URL.replace(**changes)`` applies them.

Implements the setter steps of https://url.spec.whatwg.org/#urlutils-members (§6.1 "URL class":
``href``, ``protocol``, ``username``, ``password``, ``host``, ``hostname``, ``port``,
``pathname``, ``search``, ``hash``) and, for ``search_params``, the URLSearchParams "update"
steps of https://url.spec.whatwg.org/#concept-urlsearchparams-update (§6.2).

Each setter mutates the URL record it is given: ``URL.replace`` hands :func:`apply_setter` a
fresh copy of its record, one change at a time in argument order, and wraps the result in a new
``URL``. As in the standard, a setter whose value the parser rejects leaves the record as the
parser left it (usually unchanged) and raises nothing; only ``href`` raises, because there the
standard throws. Each setter returns None when it took effect, else why it did nothing or failed
(the standard's early returns and the parser's failures under a state override): what
``replace(..., strict=True)`` reports (raising ``urlspec.StrictReplaceError``).

The values, and how they map to the standard's (``USVString``) values:

* every attribute takes a ``str``, first converted to a scalar value string as Web IDL's
  USVString conversion does (a lone surrogate becomes U+FFFD);
* ``port`` also takes an ``int`` (``port=8080`` is ``port="8080"``; out-of-range or negative
  values are then ignored, as the standard's setter ignores such strings);
* ``port``, ``search`` and ``hash`` also take ``None``, meaning the empty string: the standard's
  setters set the port, query or fragment to null when given the empty string;
* ``search_params`` takes a ``URLSearchParams`` or anything its constructor accepts (a query
  string, a mapping, an iterable of name/value pairs, None for no pairs).

Any other type raises ``TypeError``, as does an unknown attribute name; an ``href`` that does not
parse raises :class:`urlspec.InvalidURL`.

The standard once had a "potentially strip trailing spaces from an opaque path" step in the
``search`` and ``hash`` setters. It no longer has: the opaque path state now writes a space
followed by "?" or "#" as "%20", so a path never ends in a space that removing the query or
fragment would expose. These setters follow the current text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeGuard, cast

from urlspec.infra import ascii_lowercase, remove_ascii_tab_or_newline, to_scalar_value_string
from urlspec.parser import State, basic_url_parse
from urlspec.percent_encoding import USERINFO, utf8_percent_encode
from urlspec.search_params import URLSearchParams, URLSearchParamsInit
from urlspec.url_record import URLRecord, cannot_have_username_password_port, has_opaque_path
from urlspec.validation import InvalidURL, ValidationError

__all__ = ["SETTERS", "apply_setter"]

#: The largest port: a port is a 16-bit unsigned integer.
MAX_PORT: Final = 0xFFFF

# Why a setter did nothing (https://url.spec.whatwg.org/#urlutils-members: the early returns).
CANNOT_HAVE_USERNAME_PASSWORD_PORT: Final = (
    "the URL cannot have a username, password or port (its host is null or empty, or it is file:)"
)
HAS_OPAQUE_PATH: Final = "the URL has an opaque path"
PORT_OUT_OF_RANGE: Final = "the port is out of range (0 to 65535)"

# --- Converting the given values ---------------------------------------------------------------


def string_value(name: str, value: object) -> str:
    """The scalar value string given for the attribute ``name``; TypeError if not a str."""
    if not isinstance(value, str):
        raise TypeError(f"URL attribute {name!r} must be set to a str, not {type(value).__name__}")
    return to_scalar_value_string(value)


def nullable_string_value(name: str, value: object) -> str:
    """As :func:`string_value`, with None standing for the empty string."""
    if value is None:
        return ""
    return string_value(name, value)


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int (bool excluded: ``port=True`` is a mistake, not port 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


# --- The setters, in the order the standard lists them -----------------------------------------


def href(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-href (setter)

    Parses the value as a whole URL, without a base, and replaces every component of ``url``
    with the result. Failure raises InvalidURL (the standard throws a TypeError).
    """
    given = string_value("href", value)
    parsed_url = basic_url_parse(given)
    if parsed_url is None:
        # Failure is the rare case: only now parse again, collecting the validation errors
        # (the last one says why it failed), so that a successful set does no work for them.
        errors: list[ValidationError] = []
        basic_url_parse(given, errors=errors)
        raise InvalidURL(given, errors)
    replace_record(url, parsed_url)
    return None


def replace_record(url: URLRecord, new: URLRecord) -> None:
    """Set every field of ``url`` to the one of ``new`` ("set this's URL to parsedURL")."""
    url.scheme = new.scheme
    url.username = new.username
    url.password = new.password
    url.host = new.host
    url.host_kind = new.host_kind
    url.port = new.port
    url.path = new.path
    url.query = new.query
    url.fragment = new.fragment


def protocol(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-protocol (setter)

    The scheme state, run with a state override, refuses the changes the standard forbids
    (special to non-special and back, to "file" with credentials or a port, from "file" with an
    empty host) and drops a port that becomes the new scheme's default.
    """
    given = string_value("protocol", value)
    if basic_url_parse(given + ":", url=url, state_override=State.SCHEME_START) is None:
        return "not a scheme (an ASCII letter, then letters, digits, '+', '-' or '.')"
    # (the parser removes ASCII tabs and newlines from its input first)
    scheme = remove_ascii_tab_or_newline(given).partition(":")[0]
    if url.scheme != ascii_lowercase(scheme):
        return (
            "the scheme state refuses the change (special to non-special or back, to file with "
            "credentials or a port, or from file with an empty host)"
        )
    return None


def username(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-username (setter)"""
    given = string_value("username", value)
    if cannot_have_username_password_port(url):
        return CANNOT_HAVE_USERNAME_PASSWORD_PORT
    set_the_username(url, given)
    return None


def set_the_username(url: URLRecord, username: str) -> None:
    """https://url.spec.whatwg.org/#set-the-username"""
    url.username = utf8_percent_encode(username, USERINFO)


def password(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-password (setter)"""
    given = string_value("password", value)
    if cannot_have_username_password_port(url):
        return CANNOT_HAVE_USERNAME_PASSWORD_PORT
    set_the_password(url, given)
    return None


def set_the_password(url: URLRecord, password: str) -> None:
    """https://url.spec.whatwg.org/#set-the-password"""
    url.password = utf8_percent_encode(password, USERINFO)


def host(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-host (setter)

    A value without a port leaves the port unchanged (the standard's note under the setter).
    """
    given = string_value("host", value)
    if has_opaque_path(url):
        return HAS_OPAQUE_PATH
    host_before = url.host
    if basic_url_parse(given, url=url, state_override=State.HOST) is None:
        if url.host != host_before:
            return "the host was set, but not the port after it (not a port, or out of range)"
        return "the host parser failed on it"
    return None


def hostname(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-hostname (setter)"""
    given = string_value("hostname", value)
    if has_opaque_path(url):
        return HAS_OPAQUE_PATH
    if basic_url_parse(given, url=url, state_override=State.HOSTNAME) is None:
        return "the host parser failed on it (or it has a port)"
    return None


def port(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-port (setter)

    The port state, run with a state override, takes the leading ASCII digits ("8080abc" sets
    8080), ignores a value that starts with anything else or is out of range, and stores a
    scheme's default port as null. An int is its decimal digits; one outside 0..65535 is ignored
    without being written out (the port state would reject its "-" or its size).
    """
    if is_int(value):
        if not 0 <= value <= MAX_PORT:
            return PORT_OUT_OF_RANGE
        given = str(value)
    else:
        given = nullable_string_value("port", value)
    if cannot_have_username_password_port(url):
        return CANNOT_HAVE_USERNAME_PASSWORD_PORT
    if given == "":
        url.port = None
        return None
    if basic_url_parse(given, url=url, state_override=State.PORT) is None:
        return PORT_OUT_OF_RANGE if given[0] in "0123456789" else "not a port (no leading digit)"
    return None


def pathname(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-pathname (setter)"""
    given = string_value("pathname", value)
    if has_opaque_path(url):
        return HAS_OPAQUE_PATH
    # "Empty this's URL's path": a new list, since the record is a copy that may share its path
    # list with the URL it was copied from.
    url.path = []
    basic_url_parse(given, url=url, state_override=State.PATH_START)
    return None


def search(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-search (setter)

    (The standard's steps that update the URL's query object have nothing to do here: the URL
    class builds its URLSearchParams from the query.)
    """
    given = nullable_string_value("search", value)
    if given == "":
        url.query = None
        return None
    input = given.removeprefix("?")
    url.query = ""
    basic_url_parse(input, url=url, state_override=State.QUERY)
    return None


def hash(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#dom-url-hash (setter)"""
    given = nullable_string_value("hash", value)
    if given == "":
        url.fragment = None
        return None
    input = given.removeprefix("#")
    url.fragment = ""
    basic_url_parse(input, url=url, state_override=State.FRAGMENT)
    return None


def search_params(url: URLRecord, value: object) -> str | None:
    """https://url.spec.whatwg.org/#concept-urlsearchparams-update

    Sets the query to the application/x-www-form-urlencoded serialization of the given
    parameters, or to null when that is the empty string, as the URLSearchParams object's
    "update" steps do after each of its mutations.
    """
    if isinstance(value, URLSearchParams):
        params = value
    else:
        # The constructor checks what it is given, raising TypeError for anything else.
        params = URLSearchParams(cast("URLSearchParamsInit", value))
    serialized_query = str(params)
    url.query = None if serialized_query == "" else serialized_query
    return None


#: The setter of each attribute ``URL.replace`` accepts, by the keyword naming it.
SETTERS: Final[dict[str, Callable[[URLRecord, object], str | None]]] = {
    "href": href,
    "protocol": protocol,
    "username": username,
    "password": password,
    "host": host,
    "hostname": hostname,
    "port": port,
    "pathname": pathname,
    "search": search,
    "hash": hash,
    "search_params": search_params,
}


def apply_setter(url: URLRecord, name: str, value: object) -> str | None:
    """Run the setter of the attribute ``name`` on ``url`` with ``value``, mutating ``url``.

    Returns None when the setter took effect, else why it did nothing or failed.

    Raises TypeError for an unknown attribute or a value of the wrong type, and InvalidURL for
    an ``href`` that does not parse.
    """
    setter = SETTERS.get(name)
    if setter is None:
        known = ", ".join(SETTERS)
        raise TypeError(f"URL has no settable attribute {name!r} (settable: {known})")
    return setter(url, value)
