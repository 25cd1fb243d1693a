"""File paths and file: URLs, with the semantics of Node.js's ``url`` module.

``from_file_path`` is Node's ``url.pathToFileURL(path, {windows})`` and ``to_file_path`` its
``url.fileURLToPath(url, {windows})`` (https://nodejs.org/api/url.html#urlpathtofileurlpath-options,
https://nodejs.org/api/url.html#urlfileurltopathurl-options): ``windows=None`` means the
platform this runs on, True or False chooses Windows or POSIX paths on any platform.

``from_file_path``:

* the path is made absolute and normalized as Node's ``path.resolve`` does (POSIX: against
  the current directory, "." and ".." segments and repeated "/" removed; Windows: ``ntpath``'s
  normalization, "/" read as "\\"); a trailing separator is kept;
* "%" becomes "%25", and on POSIX "\\" becomes "%5C"; newline, carriage return and tab become
  "%0A", "%0D", "%09"; "?", "#", "[", "]", "|" and "~" become "%3F", "%23", "%5B", "%5D",
  "%7C" and "%7E" (as Node 20.20 does); the URL parser encodes the rest;
* a Windows drive path (``C:\\dir``) gives ``file:///C:/dir``; a UNC path
  (``\\\\server\\share\\file``, ``//server/share/file``, or
  ``\\\\?\\UNC\\server\\share\\file``) gives the server as the host
  (``file://server/share/file``); one without a share (``\\\\server``) raises ValueError;
* a relative Windows path is resolved only on Windows (elsewhere there is no current Windows
  directory: ValueError).

``to_file_path``:

* only file: URLs (ValueError otherwise); on POSIX a URL with a host is refused, on Windows the
  host makes a UNC path (``\\\\server\\share``, the host through ``domain_to_unicode``);
* a percent-encoded "/" ("%2F"), and on Windows "\\" ("%5C"), is refused: it cannot be a
  character of a file name;
* the path is percent-decoded as UTF-8. Node throws on bytes that are not UTF-8; here, on POSIX,
  they become the lone surrogates of ``os.fsdecode`` ("surrogateescape"), so any POSIX file
  name round-trips, and on Windows they raise ValueError;
* on Windows the path must start with a drive letter ("C:").

Round trip: ``to_file_path(from_file_path(p)) == p`` for every absolute, normalized path.
"""

from __future__ import annotations

import ntpath
import os
import re
from typing import TYPE_CHECKING, Final

from urlspec.idna import domain_to_unicode
from urlspec.percent_encoding import percent_decode_string
from urlspec.validation import StrictReplaceError, quote

if TYPE_CHECKING:
    from urlspec.toolkit._common import U
    from urlspec.url import URL

__all__ = ["from_file_path", "to_file_path"]

_ENCODED_SLASH: Final = re.compile("%2[fF]")
_ENCODED_SLASH_OR_BACKSLASH: Final = re.compile("%(?:2[fF]|5[cC])")
# (chr(): the compiler takes no surrogate code points in string literals)
_SURROGATE_ESCAPE: Final = re.compile(f"[{chr(0xDC80)}-{chr(0xDCFF)}]")


def _on_windows(windows: bool | None) -> bool:
    return os.name == "nt" if windows is None else windows


def _resolve_posix(path: str) -> str:
    """Node's ``path.posix.resolve(path)``: absolute (against the current directory),
    normalized, no trailing "/" except for the root."""
    if not path.startswith("/"):
        path = os.getcwd() + "/" + path
    parts: list[str] = []
    for part in path.split("/"):
        if part == "" or part == ".":
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/" + "/".join(parts)


def _resolve_windows(path: str) -> str:
    """Node's ``path.win32.resolve(path)`` for absolute paths; a relative one only on Windows."""
    drive, rest = ntpath.splitdrive(path)
    if drive == "" or not rest.startswith(("\\", "/")):
        if os.name != "nt":
            raise ValueError(
                f"not an absolute Windows path: {quote(path)} (a relative one needs a current "
                "Windows directory)"
            )
        path = ntpath.abspath(path)
    resolved = ntpath.normpath(path)
    if len(resolved) > 3 and resolved.endswith("\\") and not resolved.startswith("\\\\"):
        resolved = resolved[:-1]
    return resolved


#: What Node 20.20's ``pathToFileURL`` percent-encodes beyond what the pathname setter encodes
#: (the path percent-encode set: C0 controls, space, '"', "#", "<", ">", "?", "^", "`", "{", "}"
#: and non-ASCII; https://url.spec.whatwg.org/#path-percent-encode-set): the setter would strip
#: tabs and newlines, read "?" and "#" as delimiters, and Node escapes the rest of RFC 1738's
#: "unsafe" characters too ("[", "]", "|", "~"; "|" also keeps "C|" from becoming a drive letter).
_NODE_ESCAPES: Final = str.maketrans(
    {
        "\n": "%0A",
        "\r": "%0D",
        "\t": "%09",
        "?": "%3F",
        "#": "%23",
        "[": "%5B",
        "]": "%5D",
        "|": "%7C",
        "~": "%7E",
    }
)


def _encode_path_chars(path: str, windows: bool) -> str:
    """Node's ``encodePathChars``; surrogate escapes back to their bytes."""
    path = path.replace("%", "%25")
    if not windows:
        path = path.replace("\\", "%5C")
    path = path.translate(_NODE_ESCAPES)
    # A file name's undecodable bytes (os.fsdecode's "surrogateescape") are those bytes again.
    return _SURROGATE_ESCAPE.sub(lambda m: f"%{ord(m.group()) - 0xDC00:02X}", path)


def from_file_path(cls: type[U], path: str | os.PathLike[str], *, windows: bool | None = None) -> U:
    """Node's ``url.pathToFileURL(path, {windows})`` (see the module docstring)."""
    text = os.fspath(path)
    if not isinstance(text, str):
        text = os.fsdecode(text)
    if "\x00" in text:
        raise ValueError(f"a file path cannot contain NUL: {quote(text)}")
    on_windows = _on_windows(windows)
    if on_windows:
        # As Node: a path starting with "\\\\" is a UNC path taken as it is; so is one starting
        # with two separators of either kind ("//server/share", which Node 20.20 makes
        # file:////server/share/), and one that resolves to such a path.
        is_unc = len(text) >= 2 and text[0] in "/\\" and text[1] in "/\\"
        resolved = text.replace("/", "\\") if is_unc else _resolve_windows(text)
        if is_unc or resolved.startswith("\\\\"):
            return _from_unc_path(cls, resolved)
        trailing = text.endswith(("/", "\\"))
    else:
        resolved = _resolve_posix(text)
        trailing = text.endswith("/")
    if trailing and not resolved.endswith("\\" if on_windows else "/"):
        resolved += "/"
    # Set as the pathname (Node parses "file://" + the path, which would strip a trailing space
    # or C0 control from the input, losing it from the path).
    pathname = ("/" if on_windows else "") + _encode_path_chars(resolved, on_windows)
    return cls("file:///").replace(strict=True, pathname=pathname)


def _from_unc_path(cls: type[U], resolved: str) -> U:
    """A UNC path (\\\\server\\share\\...) as file://server/share/..."""
    prefix_length = 8 if resolved.upper().startswith("\\\\?\\UNC\\") else 2
    hostname_end = resolved.find("\\", prefix_length)
    if hostname_end == -1:
        raise ValueError(f"UNC path without a resource path: {quote(resolved)}")
    if hostname_end == prefix_length:
        raise ValueError(f"UNC path with an empty server name: {quote(resolved)}")
    hostname = resolved[prefix_length:hostname_end]
    try:
        url = cls("file://").replace(
            strict=True,
            hostname=hostname,
            pathname=_encode_path_chars(resolved[hostname_end:].replace("\\", "/"), True),
        )
    except StrictReplaceError as error:
        raise ValueError(f"not a UNC server name: {quote(hostname)}: {error.reason}") from None
    return url


def to_file_path(url: URL, *, windows: bool | None = None) -> str:
    """Node's ``url.fileURLToPath(url, {windows})`` (see the module docstring)."""
    if url.protocol != "file:":
        raise ValueError(f"not a file: URL: {quote(url.href)}")
    if _on_windows(windows):
        return _windows_path(url)
    return _posix_path(url)


def _posix_path(url: URL) -> str:
    if url.hostname != "":
        raise ValueError(f"a file: URL with a host has no POSIX path: {quote(url.href)}")
    pathname = url.pathname
    if _ENCODED_SLASH.search(pathname) is not None:
        raise ValueError(f"a file path cannot include an encoded '/': {quote(url.href)}")
    return percent_decode_string(pathname).decode("utf-8", "surrogateescape")


def _utf8(pathname: str, url: URL) -> str:
    try:
        return percent_decode_string(pathname).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"the path is not UTF-8 once percent-decoded: {quote(url.href)}") from None


def _windows_path(url: URL) -> str:
    hostname = url.hostname
    pathname = url.pathname
    if _ENCODED_SLASH_OR_BACKSLASH.search(pathname) is not None:
        raise ValueError(f"a file path cannot include an encoded '/' or '\\': {quote(url.href)}")
    pathname = _utf8(pathname.replace("/", "\\"), url)
    if hostname != "":
        return "\\\\" + domain_to_unicode(hostname) + pathname
    if len(pathname) < 3 or not ("a" <= pathname[1].lower() <= "z") or pathname[2] != ":":
        raise ValueError(f"a Windows file path must start with a drive letter: {quote(url.href)}")
    return pathname[1:]
