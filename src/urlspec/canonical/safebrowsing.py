"""The ``safebrowsing`` profile: Google Safe Browsing's URL canonicalization, and the
host-suffix / path-prefix expressions it hashes.

Defined by the "URLs and Hashing" page of the Safe Browsing API documentation
(https://developers.google.com/safe-browsing/v4/urls-hashing, sections "Canonicalization" and
"Suffix/prefix expressions"; the Web Risk API documents the same steps), which follows the v2
protocol specification. That text works on the characters of the URL, not on a URL parser's
record: inputs that the WHATWG URL parser rejects (``http://a b.com/``, ``%20leadingspace.com/``)
are canonicalized on purpose, as the documentation's examples require.

:func:`canonicalize_safebrowsing`, step by step:

1. Remove leading and trailing C0 controls and spaces, and every tab, CR and LF.
2. Drop the fragment: everything from the first ``#``.
3. Split off the scheme: ``scheme://``, or ``http:`` / ``https:`` followed by any number of
   slashes; the scheme is lower-cased. Without one the input is ``host/path`` and the scheme is
   ``http`` (``www.google.com`` -> ``http://www.google.com/``). Safe Browsing's lists hold web
   pages, and the expressions it hashes leave the scheme out: the profile takes only http and
   https URLs, and an input with another scheme (``file:///etc/passwd``, ``ftp://host/``,
   ``mailto:a@b.c``: ``scheme://``, or a word without dots and a colon that starts no port
   number) is :class:`~urlspec.InvalidURL` (``scheme-not-http``), not read as a host.
4. Split the rest: the authority runs to the first ``/`` or ``?``, the path from there to the
   first ``?``, the query after it. User information (before the last ``@`` of the authority)
   and the port are dropped (the v4 examples drop ``:1234``; ``keep_port=True`` keeps it, as the
   v2 specification's examples did).
5. Host: percent-unescape repeatedly; a non-ASCII host goes through IDNA (the URL Standard's
   domain to ASCII; a host it refuses is kept as its bytes); remove leading and trailing dots and
   replace runs of dots with one; a host in ``inet_aton`` notation (octal, hex, fewer than four
   parts) becomes four decimal bytes; a bracketed IPv6 address is written compressed, and an
   IPv4-mapped (``::ffff:0:0/96``) or NAT64 (``64:ff9b::/96``) one becomes its IPv4 address;
   lower-case. An empty host is :class:`~urlspec.InvalidURL`.
6. Path: percent-unescape repeatedly; resolve ``/./`` and ``/../``; replace runs of slashes with
   one; an empty path is ``/``.
7. Query: percent-unescape repeatedly (no other change).
8. Escape every byte <= 0x20, >= 0x7F, ``#`` and ``%`` (upper-case hex). So that the result reads
   back into the same parts (and canonicalizing it again changes nothing), a ``?`` that
   unescaping put into the path is escaped too, and so are ``/ ? @ : [ ]`` in a host that is
   not an IPv6 address; the documentation's examples never meet either case.
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.canonical.escaping import escape_once, unescape_repeatedly
from urlspec.canonical.inet_aton import format_ipv4, parse_inet_aton
from urlspec.canonical.web_url import (
    SLASH_DOT_OR_SLASH,
    UPPER_CASE,
    has_empty_or_dot_segments,
    web_url_spans,
)
from urlspec.validation import ERROR_DESCRIPTIONS, InvalidURL, ValidationError, quote

__all__ = [
    "Refusal",
    "canonical_or_refusal",
    "canonicalize_safebrowsing",
    "safebrowsing_expressions",
]

#: Step 1: what is trimmed from both ends (C0 controls and space) and removed everywhere.
_TRIMMED: Final = "".join(chr(c) for c in range(0x21))
_TAB_OR_NEWLINE_RE: Final = re.compile("[\t\r\n]")
#: Step 3: ``scheme://``, or a web scheme followed by any number of slashes.
_SCHEME_RE: Final = re.compile(r"(?:([A-Za-z][A-Za-z0-9+.-]*)://|(https?):/*)", re.IGNORECASE)
#: Step 3: what a scheme other than http(s) looks like in text without "//": a word without dots
#: (a host has them) followed by a colon that starts no port number.
_OTHER_SCHEME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+-]*:(?![0-9]+(?:[/?]|$))")
#: The schemes the profile takes.
_WEB_SCHEMES: Final = ("http", "https")
#: Step 4: where the authority ends.
_AUTHORITY_END_RE: Final = re.compile(r"[/?]")
#: Step 5: runs of dots.
_DOTS_RE: Final = re.compile(rb"\.{2,}")
#: Step 8: what is escaped beyond the documented set, in hosts and in paths.
_HOST_EXTRA_ESCAPES: Final = str.maketrans(
    {"/": "%2F", "?": "%3F", "@": "%40", ":": "%3A", "[": "%5B", "]": "%5D"}
)
_PATH_EXTRA_ESCAPES: Final = str.maketrans({"?": "%3F"})
_HOST_DELIMITER_RE: Final = re.compile(r"[/?@:\[\]]")

#: Suffix/prefix expressions: at most this many hosts and paths.
MAX_HOSTS: Final = 5
MAX_PATH_PREFIXES: Final = 4


class NotAURLToSafeBrowsing(InvalidURL):
    """:class:`~urlspec.InvalidURL` for an input the profile refuses for a reason of its own
    (the URL Standard's validation errors do not name it): ``errors`` holds one error of that
    name, and the message and ``reason`` describe it."""

    def __init__(self, input: str, name: str, description: str) -> None:
        # What InvalidURL.__init__ sets, with this message (written once: a stream of inputs
        # of other schemes raises this once per line).
        ValueError.__init__(self, f"invalid URL {quote(input)}: {name} ({description})")
        self.input = input
        self.base = None
        self.errors = [ValidationError(name, 0)]
        self.description = description

    @property
    def reason(self) -> str:
        return f"{self.errors[-1].name} ({self.description})"

    def __reduce__(self) -> tuple[type[InvalidURL], tuple[str, str, str]]:  # type: ignore[override]
        return (NotAURLToSafeBrowsing, (self.input, self.errors[-1].name, self.description))


#: The profile's own reasons for refusing an input, by name.
_REASONS: Final = {
    "missing-url": "the input is empty or blank",
    "scheme-not-http": "the safebrowsing profile takes only http and https URLs",
}


def _not_a_url(input: str, name: str) -> InvalidURL:
    if name in _REASONS:
        return NotAURLToSafeBrowsing(input, name, _REASONS[name])
    return InvalidURL(input, [ValidationError(name, 0)])


class Refusal:
    """Why the profile refuses an input, as a value: :func:`canonical_or_refusal` returns one
    where :func:`canonicalize_safebrowsing` raises :meth:`error`. One instance per reason."""

    __slots__ = ("name", "reason")

    def __init__(self, name: str, description: str) -> None:
        #: The error's name (``scheme-not-http``, ``missing-url``, ``host-missing``).
        self.name = name
        #: The error's ``reason``: its name and description, as messages give them.
        self.reason = f"{name} ({description})"

    def error(self, input: str) -> InvalidURL:
        """The InvalidURL that :func:`canonicalize_safebrowsing` raises for ``input``."""
        return _not_a_url(input, self.name)


_MISSING_URL: Final = Refusal("missing-url", _REASONS["missing-url"])
_SCHEME_NOT_HTTP: Final = Refusal("scheme-not-http", _REASONS["scheme-not-http"])
_HOST_MISSING: Final = Refusal("host-missing", ERROR_DESCRIPTIONS["host-missing"])


def canonicalize_safebrowsing(input: str, *, keep_port: bool = False) -> str:
    """``input`` canonicalized as Safe Browsing's "URLs and Hashing" says (module docstring)."""
    canonical = canonical_or_refusal(input, keep_port)
    if isinstance(canonical, str):
        return canonical
    raise canonical.error(input)


def canonical_or_refusal(input: str, keep_port: bool = False) -> str | Refusal:
    """:func:`canonicalize_safebrowsing`, with the reason it refuses ``input`` returned rather
    than raised: what ``urlspec canon`` calls per line, so that a stream of inputs the profile
    refuses (``file:`` URLs) costs no exception per line."""
    fast = _fast_canonical(input)
    if fast is not None:
        return fast
    return _full_canonical(input, keep_port)


def _fast_canonical(input: str) -> str | Refusal | None:
    """The canonical form of a plain web URL (:mod:`urlspec.canonical.web_url`: nothing to
    unescape or escape) with a web scheme and a host, which steps 1-8 change only by
    lower-casing its scheme and host, adding the path "/" and dropping the fragment;
    the refusal ``scheme-not-http`` for one with another scheme, as step 3; None when it needs
    the full steps (no host, a host that is an IPv4 address, a path with dot segments or runs
    of slashes) or is no plain web URL. (tests/test_canonical_safebrowsing.py checks that both
    give the same results.)"""
    host_start, path_start, query_start, fragment_start, last_dot, _, _, flags = web_url_spans(
        input
    )
    if host_start == 0:
        return None
    # (A lower-case web scheme, the commonest, is kept as it is: scheme "" below.)
    if (host_start == 7 and input.startswith("http://")) or (
        host_start == 8 and input.startswith("https://")
    ):
        scheme = ""
    else:
        scheme = input[:host_start].lower()
        if scheme != "http://" and scheme != "https://":
            # Step 3 reads this scheme (scheme://, at the start of the input) and refuses it.
            return _SCHEME_NOT_HTTP
    if path_start == host_start:
        return None  # no host: step 3 reads the host after more slashes
    # An IPv4 address in inet_aton notation is numbers, the last one too: a host whose last label
    # starts with no digit is none (step 5 would rewrite one).
    last = ord(input[last_dot + 1 if last_dot >= 0 else host_start])
    if 0x30 <= last <= 0x39 and parse_inet_aton(input[host_start:path_start]) is not None:
        return None
    if path_start == query_start:
        path = "/"
    else:
        if flags & SLASH_DOT_OR_SLASH and has_empty_or_dot_segments(input[path_start:query_start]):
            return None  # step 6 resolves these
        if not scheme and not flags & UPPER_CASE:
            return input[:fragment_start]  # nothing to change but the fragment
        path = input[path_start:query_start]
    host = input[host_start:path_start]
    if flags & UPPER_CASE:
        host = host.lower()
    return f"{scheme or input[:host_start]}{host}{path}{input[query_start:fragment_start]}"


def _full_canonical(input: str, keep_port: bool) -> str | Refusal:
    """Steps 1-8 (module docstring)."""
    # 1., 2.
    text = _TAB_OR_NEWLINE_RE.sub("", input.strip(_TRIMMED)).partition("#")[0]
    if not text:
        return _MISSING_URL
    # 3.
    match = _SCHEME_RE.match(text)
    if match is None:
        if _OTHER_SCHEME_RE.match(text) is not None:
            return _SCHEME_NOT_HTTP
        scheme, rest = "http", text
    else:
        scheme, rest = (match.group(1) or match.group(2)).lower(), text[match.end() :]
        if scheme not in _WEB_SCHEMES:
            return _SCHEME_NOT_HTTP
    # 4.
    end = _AUTHORITY_END_RE.search(rest)
    authority = rest if end is None else rest[: end.start()]
    after = "" if end is None else rest[end.start() :]
    path, has_query, query = after.partition("?")
    host, port = _split_authority(authority)
    canonical_host = _canonical_host(_utf8(host))
    if not canonical_host:
        return _HOST_MISSING
    result = [scheme, "://", canonical_host]
    if keep_port and port:
        result.append(":" + port)
    result.append(_canonical_path(_utf8(path)))
    if has_query:
        result.append("?" + escape_once(unescape_repeatedly(_utf8(query))))
    return "".join(result)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _split_authority(authority: str) -> tuple[str, str]:
    """(host, port) of an authority, user information dropped; the port is "" when absent."""
    hostport = authority.rpartition("@")[2]
    if hostport.startswith("["):
        end = hostport.find("]")
        after = hostport[end + 1 :]
        if end >= 0 and (not after or after.startswith(":")):
            return hostport[: end + 1], after[1:]
    host, _, port = hostport.partition(":")
    return host, port if port.isascii() and port.isdigit() else ""


def _canonical_host(raw: bytes) -> str:
    """Step 5 and the host's part of step 8."""
    host = unescape_repeatedly(raw)
    if not host.isascii():
        host = _idna_or_bytes(host)
    host = _DOTS_RE.sub(b".", host.strip(b".")).lower()
    if not host.isascii():
        return _escape_host(host)
    text = host.decode("ascii")
    address = parse_inet_aton(text)
    if address is not None:
        return format_ipv4(address)
    if text.startswith("[") and text.endswith("]"):
        ipv6 = _canonical_ipv6(text[1:-1])
        if ipv6 is not None:
            return ipv6
    return _escape_host(host)


def _escape_host(host: bytes) -> str:
    """Step 8 on a host that is no IP address: escaped, and its delimiters too."""
    escaped = escape_once(host)
    if _HOST_DELIMITER_RE.search(escaped) is None:  # (the commonest: translate looks up each)
        return escaped
    return escaped.translate(_HOST_EXTRA_ESCAPES)


def _idna_or_bytes(host: bytes) -> bytes:
    """A non-ASCII host as IDNA's ASCII form, or as it is when it is no domain IDNA accepts."""
    from urlspec.idna import InvalidDomain, domain_to_ascii

    try:
        return domain_to_ascii(host.decode("utf-8")).encode("ascii")
    except (UnicodeError, InvalidDomain):
        return host


def _canonical_ipv6(text: str) -> str | None:
    """A bracketed IPv6 address, compressed; a mapped or NAT64 one as IPv4; None if not one."""
    from urlspec.host import Host, HostKind, parse_ipv6, serialize_host

    pieces = parse_ipv6(text)
    if pieces is None:
        return None
    if pieces[:6] in ((0, 0, 0, 0, 0, 0xFFFF), (0x64, 0xFF9B, 0, 0, 0, 0)):
        return format_ipv4(pieces[6] << 16 | pieces[7])
    return serialize_host(Host(HostKind.IPV6, pieces))


def _canonical_path(raw: bytes) -> str:
    """Step 6 and the path's part of step 8."""
    path = unescape_repeatedly(raw)
    segments: list[bytes] = []
    directory = True  # whether the path ends with a slash (or a dot segment)
    for segment in path.split(b"/"):
        if segment in (b"", b"."):
            directory = True
        elif segment == b"..":
            if segments:
                segments.pop()
            directory = True
        else:
            segments.append(segment)
            directory = False
    if not segments:
        return "/"
    resolved = b"/" + b"/".join(segments) + (b"/" if directory else b"")
    escaped = escape_once(resolved)
    return escaped.translate(_PATH_EXTRA_ESCAPES) if "?" in escaped else escaped


def safebrowsing_expressions(input: str) -> list[str]:
    """The host-suffix / path-prefix expressions of ``input``, to be hashed for a lookup.

    "URLs and Hashing", "Suffix/prefix expressions": ``input`` is canonicalized first (as
    :func:`canonicalize_safebrowsing`); then each of at most 5 hosts (the exact host, then up
    to 4 formed from its last 5 components by removing the leading one each time, never the
    top-level domain alone; only the exact host for an IP address) is combined with each of at
    most 6 paths (the exact path with its query, the exact path without it, then up to 4
    formed from the root by appending one path component with its slash each time). The
    expressions are ``host/path?query``, without the scheme, in that order, each once.
    """
    canonical = canonicalize_safebrowsing(input)
    rest = canonical.partition("://")[2]
    slash = rest.find("/")
    host, path_and_query = rest[:slash], rest[slash:]
    path, has_query, _ = path_and_query.partition("?")
    paths = [path_and_query] if has_query else []
    paths.append(path)
    directories = path.split("/")[1:-1]  # the components followed by a slash
    prefix = "/"
    paths.append(prefix)
    for directory in directories[: MAX_PATH_PREFIXES - 1]:
        prefix += directory + "/"
        paths.append(prefix)
    hosts = [host]
    if not _is_ip_address(host):
        labels = host.split(".")
        for count in range(min(MAX_HOSTS, len(labels) - 1), 1, -1):
            hosts.append(".".join(labels[-count:]))
    expressions: list[str] = []
    for candidate_host in dict.fromkeys(hosts):
        for candidate_path in dict.fromkeys(paths):
            expressions.append(candidate_host + candidate_path)
    return expressions


def _is_ip_address(host: str) -> bool:
    """Whether a canonical host is an IP address (four decimal bytes, or bracketed IPv6)."""
    if host.startswith("["):
        return True
    address = parse_inet_aton(host)
    return address is not None and format_ipv4(address) == host
