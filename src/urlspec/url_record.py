"""The URL record: what a URL is, and how it is written back out as a string.

Implements the URL Standard's

* §4.1 URL representation (https://url.spec.whatwg.org/#url-representation): the record itself,
  with its single-dot and double-dot path segments;
* §4.3 URL miscellaneous (https://url.spec.whatwg.org/#url-miscellaneous): special schemes and
  their default ports, "includes credentials", "cannot have a username/password/port", "has an
  opaque path", Windows drive letters and "shorten a URL's path";
* §4.5 URL serializing (https://url.spec.whatwg.org/#url-serializing): the URL serializer and the
  URL path serializer;
* §4.6 URL equivalence (https://url.spec.whatwg.org/#url-equivalence).

The record keeps its host *serialized* (the host serializer's output) together with the host's
kind, so that a record built without running the state machine (a fast path) is equal, field for
field, to the one the state machine builds.
"""

from __future__ import annotations

from typing import Final

from urlspec.host import HostKind
from urlspec.infra import ASCII_ALPHA, ascii_lowercase

__all__ = [
    "SPECIAL_SCHEMES",
    "URLRecord",
    "cannot_have_username_password_port",
    "default_port",
    "has_opaque_path",
    "includes_credentials",
    "is_double_dot_path_segment",
    "is_normalized_windows_drive_letter",
    "is_single_dot_path_segment",
    "is_special",
    "is_windows_drive_letter",
    "serialize_path",
    "serialize_url",
    "shorten_path",
    "starts_with_windows_drive_letter",
    "urls_equal",
]

# https://url.spec.whatwg.org/#special-scheme -- each special scheme with its default port.
SPECIAL_SCHEMES: Final[dict[str, int | None]] = {
    "ftp": 21,
    "file": None,
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
}


class URLRecord:
    """A URL record (https://url.spec.whatwg.org/#concept-url).

    ``host`` is the serialized host or ``None`` (null), with ``host_kind`` saying which kind of
    host it is (``HostKind.NONE`` exactly when ``host`` is ``None``). ``path`` is a list of path
    segments, or a ``str`` when the URL has an opaque path. The blob URL entry is not represented:
    this library does not resolve blob URLs.

    The record is mutable only while the parser or a setter builds it; the public ``URL`` class
    never lets it change afterwards.
    """

    __slots__ = (
        "fragment",
        "host",
        "host_kind",
        "password",
        "path",
        "port",
        "query",
        "scheme",
        "username",
    )

    scheme: str
    username: str
    password: str
    host: str | None
    host_kind: HostKind
    port: int | None
    path: list[str] | str
    query: str | None
    fragment: str | None

    def __init__(
        self,
        scheme: str = "",
        username: str = "",
        password: str = "",
        host: str | None = None,
        host_kind: HostKind = HostKind.NONE,
        port: int | None = None,
        path: list[str] | str | None = None,
        query: str | None = None,
        fragment: str | None = None,
    ) -> None:
        # Every field starts as the spec's initial value: "", "", "", null, null, « », null, null.
        self.scheme = scheme
        self.username = username
        self.password = password
        self.host = host
        self.host_kind = host_kind
        self.port = port
        self.path = [] if path is None else path
        self.query = query
        self.fragment = fragment

    def copy(self) -> URLRecord:
        """A copy whose path list is its own (the strings are immutable and shared)."""
        path = self.path
        return URLRecord(
            self.scheme,
            self.username,
            self.password,
            self.host,
            self.host_kind,
            self.port,
            path if isinstance(path, str) else list(path),
            self.query,
            self.fragment,
        )

    def _fields(self) -> tuple[object, ...]:
        return (
            self.scheme,
            self.username,
            self.password,
            self.host,
            self.host_kind,
            self.port,
            self.path,
            self.query,
            self.fragment,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLRecord):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (
            f"URLRecord(scheme={self.scheme!r}, username={self.username!r}, "
            f"password={self.password!r}, host={self.host!r}, host_kind={self.host_kind}, "
            f"port={self.port!r}, path={self.path!r}, query={self.query!r}, "
            f"fragment={self.fragment!r})"
        )


# --- §4.3 URL miscellaneous -------------------------------------------------------------------


def default_port(scheme: str) -> int | None:
    """https://url.spec.whatwg.org/#default-port -- null (None) for non-special schemes."""
    return SPECIAL_SCHEMES.get(scheme)


def is_special(url: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#is-special"""
    return url.scheme in SPECIAL_SCHEMES


def includes_credentials(url: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#include-credentials"""
    return url.username != "" or url.password != ""


def has_opaque_path(url: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#url-opaque-path -- the path is a single string."""
    return isinstance(url.path, str)


def cannot_have_username_password_port(url: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#cannot-have-a-username-password-port"""
    return url.host is None or url.host == "" or url.scheme == "file"


def is_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#windows-drive-letter -- an ASCII alpha, then ':' or '|'."""
    return len(s) == 2 and s[0] in ASCII_ALPHA and s[1] in ":|"


def is_normalized_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#normalized-windows-drive-letter -- second code point ':'."""
    return len(s) == 2 and s[0] in ASCII_ALPHA and s[1] == ":"


def starts_with_windows_drive_letter(s: str, start: int = 0) -> bool:
    """https://url.spec.whatwg.org/#start-with-a-windows-drive-letter

    Whether ``s[start:]`` starts with a Windows drive letter (``start`` spares the caller a copy).
    """
    length = len(s) - start
    return (
        length >= 2
        and is_windows_drive_letter(s[start : start + 2])
        and (length == 2 or s[start + 2] in "/\\?#")
    )


def shorten_path(url: URLRecord) -> None:
    """https://url.spec.whatwg.org/#shorten-the-path"""
    path = url.path
    assert not isinstance(path, str), "shorten a URL's path: the path must not be opaque"
    if url.scheme == "file" and len(path) == 1 and is_normalized_windows_drive_letter(path[0]):
        return
    if path:
        path.pop()


# https://url.spec.whatwg.org/#single-dot-path-segment
_SINGLE_DOT_SEGMENTS: Final = frozenset({".", "%2e"})
# https://url.spec.whatwg.org/#double-dot-path-segment
_DOUBLE_DOT_SEGMENTS: Final = frozenset({"..", ".%2e", "%2e.", "%2e%2e"})


def is_single_dot_path_segment(segment: str) -> bool:
    """Whether the segment is "." or an ASCII case-insensitive match for "%2e"."""
    if segment == ".":
        return True  # (the commonest, without lowercasing)
    return len(segment) == 3 and ascii_lowercase(segment) in _SINGLE_DOT_SEGMENTS


def is_double_dot_path_segment(segment: str) -> bool:
    """Whether the segment is ".." or, ASCII case-insensitively, ".%2e", "%2e." or "%2e%2e"."""
    if segment == "..":
        return True  # (the commonest, without lowercasing)
    return 4 <= len(segment) <= 6 and ascii_lowercase(segment) in _DOUBLE_DOT_SEGMENTS


# --- §4.5 URL serializing ---------------------------------------------------------------------


def serialize_path(url: URLRecord) -> str:
    """The URL path serializer (https://url.spec.whatwg.org/#url-path-serializer)."""
    path = url.path
    if isinstance(path, str):
        return path
    if not path:
        return ""
    return "/" + "/".join(path)


def serialize_url(url: URLRecord, exclude_fragment: bool = False) -> str:
    """The URL serializer (https://url.spec.whatwg.org/#concept-url-serializer)."""
    output = [url.scheme, ":"]
    if url.host is not None:
        output.append("//")
        if includes_credentials(url):
            output.append(url.username)
            if url.password != "":
                output += (":", url.password)
            output.append("@")
        output.append(url.host)  # kept serialized already
        if url.port is not None:
            output += (":", str(url.port))
    path = url.path
    if url.host is None and not isinstance(path, str) and len(path) > 1 and path[0] == "":
        # Keeps "web+demo:/.//not-a-host/" from reparsing with a host.
        output.append("/.")
    output.append(serialize_path(url))
    if url.query is not None:
        output += ("?", url.query)
    if not exclude_fragment and url.fragment is not None:
        output += ("#", url.fragment)
    return "".join(output)


# --- §4.6 URL equivalence ---------------------------------------------------------------------


def urls_equal(a: URLRecord, b: URLRecord, exclude_fragments: bool = False) -> bool:
    """Whether URL ``a`` equals URL ``b`` (https://url.spec.whatwg.org/#concept-url-equals)."""
    return serialize_url(a, exclude_fragments) == serialize_url(b, exclude_fragments)
