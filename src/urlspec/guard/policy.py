"""What the guard lets through: :class:`Policy`, a frozen description of the allowed URLs.

The defaults refuse everything but a plain ``http``/``https`` fetch of a global address:

* ``schemes``: ``{"http", "https"}``;
* ``ports``: any (``None``); give a set to restrict them (``{80, 443}``);
* ``address_classes``: ``{"global"}`` (the classes of
  :data:`urlspec.hosts.special_addresses.ADDRESS_CLASSES`, from the IANA special-purpose address
  registries): loopback, private, link-local, unique-local, shared (CGNAT), multicast,
  unspecified, broadcast, documentation, benchmarking and reserved addresses are refused;
* ``allow_networks``: ``()``; CIDR blocks let through whatever their class
  (``["10.1.2.0/24"]`` lets one internal service in on purpose);
* ``deny_networks``: ``()``; CIDR blocks refused whatever their class (your own public range);
* ``allow_hosts`` / ``deny_hosts``: ``()``; host entries (see below);
* ``allow_urls`` / ``deny_urls``: ``()``; URL patterns (:class:`urlspec.URLPattern`, or what
  its constructor takes: ``"https://api.example.com/v1/*"``, ``{"pathname": "/admin/*"}``): a
  URL matching a ``deny_urls`` pattern is refused, and when ``allow_urls`` is given, a URL must
  match one of them. They decide on the whole URL (path and query too), after the host lists and
  before any address check: a pattern never lets a non-global address through (use
  ``allow_networks`` for that);
* ``allow_backtracking_patterns``: ``False``; a URL pattern whose regular expressions use a
  backreference or a lookaround (:attr:`urlspec.URLPattern.may_backtrack`) may take more than
  linear time on a crafted URL, so the policy refuses to be built with one (PolicyError) unless
  this is ``True``. Every other pattern matches in linear time. With ``True``, a match that
  exceeds the matcher's work bound refuses the URL (``url-pattern-too-costly``) instead of
  running on;
* ``allow_credentials``: ``False`` (a URL with a username or password is refused);
* ``max_redirects``: 5 (every hop is checked again);
* ``resolver``: ``None``, meaning :func:`socket.getaddrinfo`, looked up at each resolution;
* ``async_resolver``: ``None``; an async callable with getaddrinfo's shape, for
  :func:`urlspec.guard.resolve_async` (the async clients). When it is ``None``, the async path
  runs ``resolver`` in the event loop's default executor (a thread) when one is given, else
  uses ``asyncio.get_running_loop().getaddrinfo``. The sync path never uses it.

Whatever a resolver does wrong (raises any exception, returns ``None``, something that is not a
list of getaddrinfo answers, an answer without an IP address, or no answer) is a
``resolution-failed`` refusal, never an error of another type.

A proxy is never used: a proxy resolves the name itself, so the connection could not be pinned to
the address the guard checked (the client helpers run with ``trust_env=False`` and refuse a
``proxy`` argument).

Host entries are compared with the URL's host as the WHATWG URL parser serializes it, with its
trailing dots removed from both (they are the root label: ``admin.example.com..`` is
``admin.example.com``; an empty label elsewhere is refused, ``empty-label``). Each entry is
parsed by the same host parser (so IDNA applies to it, ``EXAMPLE.com`` is ``example.com``,
``bücher.de`` is ``xn--bcher-kva.de``, and an IPv4 address may be written in any spelling the
parser accepts):

* ``"example.com"``: exactly that host (not its subdomains);
* ``"*.example.com"``: every host strictly under ``example.com`` (not ``example.com`` itself);
* ``"site:example.co.uk"``: every host whose registrable domain (Public Suffix List, private
  section included) is ``example.co.uk``, itself included. The entry must be a registrable
  domain (``site:co.uk`` is refused as a mistake: it would match a whole public suffix).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple, Protocol

from urlspec.host import HostKind, InvalidHost, parse_host_string, serialize_host
from urlspec.hosts.public_suffix_list import default_list
from urlspec.hosts.special_addresses import ADDRESS_CLASSES
from urlspec.urlpattern import URLPattern, URLPatternError

__all__ = [
    "DEFAULT_POLICY",
    "AsyncResolver",
    "HostList",
    "Network",
    "Policy",
    "PolicyError",
    "Resolver",
]


class PolicyError(ValueError):
    """A policy was given a value it cannot use (an unknown address class, a malformed CIDR or
    host entry, a negative redirect limit)."""


class Resolver(Protocol):
    """What a policy's ``resolver`` is called like: :func:`socket.getaddrinfo`'s signature; the
    guard calls ``resolver(host, port, 0, socket.SOCK_STREAM)`` and reads the address of each
    answer's ``sockaddr`` (its first item)."""

    def __call__(
        self, host: str, port: int, family: int, type: int, /
    ) -> Sequence[tuple[object, object, object, object, tuple[object, ...]]]: ...


class AsyncResolver(Protocol):
    """What a policy's ``async_resolver`` is called like: an async :func:`socket.getaddrinfo`;
    the guard calls ``await async_resolver(host, port, 0, socket.SOCK_STREAM)`` and reads the
    answers as :class:`Resolver`'s."""

    def __call__(
        self, host: str, port: int, family: int, type: int, /
    ) -> Awaitable[Sequence[tuple[object, object, object, object, tuple[object, ...]]]]: ...


class Network(NamedTuple):
    """A CIDR block as integers: ``bits`` is 32 or 128."""

    bits: int
    network: int
    prefix_length: int
    text: str

    def contains(self, bits: int, address: int) -> bool:
        shift = self.bits - self.prefix_length
        return bits == self.bits and address >> shift == self.network >> shift


def _network(entry: object) -> Network:
    if isinstance(entry, ipaddress.IPv4Network | ipaddress.IPv6Network):
        parsed = entry
    elif isinstance(entry, str):
        try:
            parsed = ipaddress.ip_network(entry, strict=True)
        except ValueError as error:
            raise PolicyError(f"invalid network {entry!r}: {error}") from None
    else:
        raise PolicyError(f"a network must be a CIDR string or an ipaddress network: {entry!r}")
    return Network(parsed.max_prefixlen, int(parsed.network_address), parsed.prefixlen, str(parsed))


#: What ``allow_urls`` / ``deny_urls`` take: a pattern, or a constructor string or dict of one.
URLPatternEntry = URLPattern | str | Mapping[str, str]


def _url_pattern(entry: URLPatternEntry, allow_backtracking: bool) -> URLPattern:
    """``entry`` as a :class:`~urlspec.URLPattern` (PolicyError when it is none, or when it may
    backtrack and ``allow_backtracking`` is false)."""
    if isinstance(entry, URLPattern):
        pattern = entry
    elif not isinstance(entry, str | Mapping):
        raise PolicyError(f"a URL pattern entry must be a URLPattern, str or dict: {entry!r}")
    else:
        try:
            pattern = URLPattern(entry)
        except URLPatternError as error:
            raise PolicyError(f"invalid URL pattern {entry!r}: {error}") from None
    if pattern.may_backtrack and not allow_backtracking:
        raise PolicyError(
            f"the URL pattern {entry!r} uses a backreference or a lookaround, which may take "
            "more than linear time on a crafted URL; rewrite it without them, or pass "
            "allow_backtracking_patterns=True"
        )
    return pattern


def _host_entry(entry: str) -> str:
    """``entry`` as the URL parser serializes a host, without its trailing dots (the root label,
    however many times it is written)."""
    if not isinstance(entry, str):
        raise PolicyError(f"a host entry must be a str: {entry!r}")
    try:
        host = parse_host_string(entry)
    except InvalidHost as error:
        raise PolicyError(f"invalid host entry {entry!r}: {error}") from None
    if host.kind is HostKind.EMPTY:
        raise PolicyError("an empty host entry matches nothing")
    name = serialize_host(host).rstrip(".")
    if not name or name[0] == "." or ".." in name:
        raise PolicyError(f"host entry {entry!r} has an empty label: it matches nothing")
    return name


class HostList:
    """Host entries (exact, ``*.`` subdomains, ``site:`` registrable domains), matched against a
    serialized host without its trailing dots."""

    __slots__ = ("entries", "exact", "sites", "suffixes")

    def __init__(self, entries: Iterable[str]) -> None:
        self.entries: tuple[str, ...] = tuple(entries)
        exact: set[str] = set()
        suffixes: list[str] = []
        sites: set[str] = set()
        for entry in self.entries:
            if isinstance(entry, str) and entry.startswith("*."):
                suffixes.append("." + _host_entry(entry[2:]))
            elif isinstance(entry, str) and entry.startswith("site:"):
                domain = _host_entry(entry[5:])
                registrable = default_list().registrable_domain_of_domain(domain)
                if registrable != domain:
                    raise PolicyError(
                        f"host entry {entry!r}: {domain!r} is not a registrable domain "
                        f"(its registrable domain is {registrable!r})"
                    )
                sites.add(domain)
            else:
                exact.add(_host_entry(entry))
        self.exact: frozenset[str] = frozenset(exact)
        self.suffixes: tuple[str, ...] = tuple(suffixes)
        self.sites: frozenset[str] = frozenset(sites)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def match(self, host: str) -> str | None:
        """The entry that matches ``host`` (serialized, no trailing dots), or None."""
        if host in self.exact:
            return host
        for suffix in self.suffixes:
            if host.endswith(suffix):
                return "*" + suffix
        if self.sites and not host.startswith("["):
            site = default_list().registrable_domain_of_domain(host)
            if site is not None and site in self.sites:
                return "site:" + site
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HostList) and self.entries == other.entries

    def __hash__(self) -> int:
        return hash(self.entries)

    def __repr__(self) -> str:
        return repr(self.entries)


_REFUSABLE_CLASSES: Final = frozenset(ADDRESS_CLASSES) - {"domain"}


@dataclass(frozen=True)
class Policy:
    """What the guard lets through (see the module's documentation for each field's default).

    Collections may be given as any iterable; they are kept as frozensets and tuples, so that a
    policy is immutable and hashable.
    """

    schemes: Collection[str] = ("http", "https")
    ports: Collection[int] | None = None
    address_classes: Collection[str] = ("global",)
    allow_networks: Collection[str | ipaddress.IPv4Network | ipaddress.IPv6Network] = ()
    deny_networks: Collection[str | ipaddress.IPv4Network | ipaddress.IPv6Network] = ()
    allow_hosts: Collection[str] = ()
    deny_hosts: Collection[str] = ()
    allow_urls: Collection[URLPatternEntry] = ()
    deny_urls: Collection[URLPatternEntry] = ()
    allow_backtracking_patterns: bool = False
    allow_credentials: bool = False
    max_redirects: int = 5
    resolver: Resolver | Callable[..., Sequence[tuple[object, ...]]] | None = None
    async_resolver: (
        AsyncResolver | Callable[..., Awaitable[Sequence[tuple[object, ...]]]] | None
    ) = None
    # Derived from the fields above in __post_init__.
    allowed: HostList = field(init=False, repr=False, compare=False)
    denied: HostList = field(init=False, repr=False, compare=False)
    allowed_urls: tuple[URLPattern, ...] = field(init=False, repr=False, compare=False)
    denied_urls: tuple[URLPattern, ...] = field(init=False, repr=False, compare=False)
    allowed_networks: tuple[Network, ...] = field(init=False, repr=False, compare=False)
    denied_networks: tuple[Network, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.schemes, str):
            raise PolicyError("schemes must be a collection of schemes, not one str")
        schemes = frozenset(scheme.lower().removesuffix(":") for scheme in self.schemes)
        classes = frozenset(self.address_classes)
        unknown = classes - _REFUSABLE_CLASSES
        if unknown:
            raise PolicyError(
                f"unknown address classes {sorted(unknown)}; known: {sorted(_REFUSABLE_CLASSES)}"
            )
        ports = None if self.ports is None else frozenset(self.ports)
        if ports is not None and any(not 1 <= port <= 65535 for port in ports):
            raise PolicyError(
                f"ports must be in 1..65535 (port 0 is always refused): {sorted(ports)}"
            )
        if self.max_redirects < 0:
            raise PolicyError(f"max_redirects must be 0 or more, not {self.max_redirects}")
        for name in ("resolver", "async_resolver"):
            hook = getattr(self, name)
            if hook is not None and not callable(hook):
                raise PolicyError(f"{name} must be a callable or None, not {type(hook).__name__}")
        for name in (
            "allow_hosts",
            "deny_hosts",
            "allow_urls",
            "deny_urls",
            "allow_networks",
            "deny_networks",
        ):
            if isinstance(getattr(self, name), str):
                raise PolicyError(f"{name} must be a collection of entries, not one str")
        set_ = object.__setattr__
        set_(self, "schemes", schemes)
        set_(self, "ports", ports)
        set_(self, "address_classes", classes)
        set_(self, "allow_hosts", tuple(self.allow_hosts))
        set_(self, "deny_hosts", tuple(self.deny_hosts))
        backtracking = self.allow_backtracking_patterns
        allowed_urls = tuple(_url_pattern(entry, backtracking) for entry in self.allow_urls)
        denied_urls = tuple(_url_pattern(entry, backtracking) for entry in self.deny_urls)
        set_(self, "allow_urls", allowed_urls)
        set_(self, "deny_urls", denied_urls)
        set_(self, "allowed_urls", allowed_urls)
        set_(self, "denied_urls", denied_urls)
        set_(self, "allowed", HostList(self.allow_hosts))
        set_(self, "denied", HostList(self.deny_hosts))
        allowed_networks = tuple(_network(entry) for entry in self.allow_networks)
        denied_networks = tuple(_network(entry) for entry in self.deny_networks)
        set_(self, "allow_networks", tuple(network.text for network in allowed_networks))
        set_(self, "deny_networks", tuple(network.text for network in denied_networks))
        set_(self, "allowed_networks", allowed_networks)
        set_(self, "denied_networks", denied_networks)


#: The policy :func:`urlspec.guard.check` and :func:`urlspec.guard.resolve` use when given none.
DEFAULT_POLICY: Final = Policy()
