"""A URL's host split into subdomain, domain and public suffix, with tldextract's names.

:func:`extract` takes a URL or a bare host, as ``tldextract.extract`` does, and gives an
:class:`ExtractResult` with tldextract's fields and properties. The host is the one the WHATWG
URL parser finds (https://url.spec.whatwg.org/#concept-host-parser); the split is the Public
Suffix List's formal algorithm (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
as :mod:`urlspec.public_suffix_list` runs it, on the list :func:`default_list` reads (no network
access, ever). Where the answers differ from tldextract's, this module follows those two
documents; docs/hosts.md lists the differences (the implicit ``*`` rule, trailing dots, A-labels,
IPv4 spellings, invalid input).

Reading the input, as tldextract does: ``scheme://...`` is a URL; ``//host/...`` a URL without
its scheme; anything else a host, maybe followed by a port, path, query or fragment, with maybe
userinfo before it (``user@example.com:8080/x``). The host of a non-special URL (``ssh://...``,
an opaque host) is read as a special URL's host would be, as in :mod:`urlspec.special_addresses`.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from urlspec.host import HostKind, InvalidHost, parse_host, serialize_host
from urlspec.public_suffix_list import PublicSuffixList, _is_plain_domain, default_list
from urlspec.url import URL

__all__ = ["ExtractResult", "extract"]


class ExtractResult(NamedTuple):
    """A host split as ``tldextract.ExtractResult`` splits it: ``subdomain``, ``domain`` (the
    label before the public suffix), ``suffix`` (the public suffix), ``is_private`` (whether
    the suffix comes from the list's PRIVATE section; always False unless asked for), and
    ``registry_suffix`` (the suffix by the ICANN section alone).

    A named tuple (as tldextract's was before its version 5): it unpacks, compares and sorts
    as the tuple of its fields. Every part is in A-labels, lowercase, as the URL's host is
    serialized. An IP address is in
    ``domain`` (an IPv6 address in brackets), with the other parts empty; so is nothing for a
    URL without a host, or a domain with an empty label (which has no public suffix).
    """

    subdomain: str
    domain: str
    suffix: str
    is_private: bool = False
    registry_suffix: str = ""

    @property
    def top_domain_under_public_suffix(self) -> str:
        """``domain`` and ``suffix`` joined by a dot when both are set, else "": the
        registrable domain (URL Standard) or ""."""
        if self.suffix and self.domain:
            return f"{self.domain}.{self.suffix}"
        return ""

    @property
    def registered_domain(self) -> str:
        """The same as :attr:`top_domain_under_public_suffix` (tldextract's older name)."""
        return self.top_domain_under_public_suffix

    @property
    def top_domain_under_registry_suffix(self) -> str:
        """The label before ``registry_suffix`` and ``registry_suffix``, joined by a dot (the
        registrable domain by the ICANN section alone), or ""."""
        top = self.top_domain_under_public_suffix
        if not top or not self.is_private:
            return top
        labels = self.registry_suffix.count(".") + 2
        return ".".join(top.split(".")[-labels:])

    @property
    def fqdn(self) -> str:
        """The whole host when it has a domain under a public suffix (or is a private suffix),
        else ""."""
        if self.suffix and (self.domain or self.is_private):
            return ".".join(part for part in (self.subdomain, self.domain, self.suffix) if part)
        return ""

    @property
    def ipv4(self) -> str:
        """The IPv4 address (as the URL parser serializes it) when the host is one, else ""."""
        if self.domain and not self.suffix and not self.domain.startswith("["):
            return self.domain
        return ""

    @property
    def ipv6(self) -> str:
        """The IPv6 address (compressed, as the URL parser serializes it, without brackets) when
        the host is one, else ""."""
        if self.domain.startswith("["):
            return self.domain[1:-1]
        return ""

    @property
    def reverse_domain_name(self) -> str:
        """``suffix``, ``domain`` and the labels of ``subdomain`` in reverse order, joined by
        dots (``com.example.login`` for ``login.example.com``)."""
        parts = [part for part in (self.suffix, self.domain) if part]
        if self.subdomain:
            parts.extend(reversed(self.subdomain.split(".")))
        return ".".join(parts)


_EMPTY: Final = ExtractResult("", "", "")

# "scheme://": the input is a URL.
_SCHEME_AND_SLASHES_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")

# Shortcuts for the common inputs, which give what the URL parser gives (tests prove them equal):
# a URL "scheme://" followed by a host that the host parser leaves as it is once lowercased
# (ASCII labels of letters, digits, "-" and "_"; a last label that starts with a letter, so that
# the host does not end in a number; no "xn--" label, checked apart), a port of at most four
# digits (always in range), and the end or a delimiter of the authority that every URL has
# ("/", "?", "#"). The URL parser would fail on nothing else: path, query and fragment never
# fail. Possessive quantifiers: linear time. (The same pattern as public_suffix_list's
# _PLAIN_DOMAIN_RE, in any case and ending where the authority's host ends.)
_URL_WITH_PLAIN_HOST_RE: Final = re.compile(
    r"([A-Za-z][A-Za-z0-9+.\-]*+)://"
    r"((?:[A-Za-z0-9_\-]*+\.(?![:/?#]|\Z))*+[A-Za-z][A-Za-z0-9_\-]*+\.?)"
    r"(?::[0-9]{0,4})?(?:[/?#]|\Z)"
)


def _url_text(text: str) -> str:
    """``text`` as a URL to parse: "scheme://..." as it is, "//..." with "http:" before it,
    anything else with "http://" before it (a host, maybe with userinfo, port, path)."""
    if _SCHEME_AND_SLASHES_RE.match(text) is not None:
        return text
    if text.startswith("//"):
        return "http:" + text
    return "http://" + text


def extract(
    url_or_host: str, include_private: bool = False, *, psl: PublicSuffixList | None = None
) -> ExtractResult:
    """``url_or_host`` split as ``tldextract.extract`` splits it: subdomain, domain and public
    suffix of its host, by the Public Suffix List (``psl``, default :func:`default_list`).

    ``include_private`` also uses the list's PRIVATE section (tldextract's
    ``include_psl_private_domains``): ``extract("a.blogspot.com", True).suffix`` is
    ``blogspot.com``. Raises :class:`~urlspec.validation.InvalidURL` for a string that the URL
    parser rejects (``http://``, ``http://256.0.0.1/``), :class:`~urlspec.host.InvalidHost` for
    a non-special URL's host that is no host, and TypeError for a non-str.
    """
    if not isinstance(url_or_host, str):
        raise TypeError(f"url_or_host must be a str, not {type(url_or_host).__name__}")
    if psl is None:
        psl = default_list()
    # A host alone, as the host parser serializes it.
    if _is_plain_domain(url_or_host):
        return _split_domain(url_or_host, psl, include_private)
    # A URL with a plain host (but a file: URL, whose host "localhost" is the empty host).
    found = _URL_WITH_PLAIN_HOST_RE.match(url_or_host)
    if found is not None:
        host = found.group(2).lower()
        if "xn--" not in host and found.group(1).lower() != "file":
            return _split_domain(host, psl, include_private)
    return _extract_parsed(URL(_url_text(url_or_host)), psl, include_private)


def _extract_parsed(url: URL, psl: PublicSuffixList, include_private: bool) -> ExtractResult:
    """The split of a parsed URL's host."""
    kind = url.host_kind
    hostname = url.hostname
    if kind is HostKind.OPAQUE:
        # A non-special URL's host, read as a special URL's host would be.
        special = parse_host(hostname)
        if special is None:
            raise InvalidHost(hostname, [])
        kind = special.kind
        hostname = serialize_host(special)
    if kind is HostKind.DOMAIN:
        return _split_domain(hostname, psl, include_private)
    if kind is HostKind.IPV4 or kind is HostKind.IPV6:
        return ExtractResult("", hostname, "")
    return _EMPTY  # no host, or the empty host


#: How many splits :func:`_split_domain` keeps (hosts repeat: a log's URLs name few hosts).
#: The cache is emptied when full, so memory stays bounded.
_CACHE_SIZE: Final = 1 << 16
_cache: dict[tuple[PublicSuffixList, bool, str], ExtractResult] = {}
_new_tuple: Final = tuple.__new__


def _result(
    subdomain: str, domain: str, suffix: str, is_private: bool, registry_suffix: str
) -> ExtractResult:
    """An ExtractResult made as its ``_make`` makes it (without the generated ``__new__``)."""
    made: ExtractResult = _new_tuple(
        ExtractResult, (subdomain, domain, suffix, is_private, registry_suffix)
    )
    return made


def _split_domain(domain: str, psl: PublicSuffixList, include_private: bool) -> ExtractResult:
    """A serialized domain split at its public suffix (steps 6 and 7 of the PSL algorithm),
    from the cache when it was split before."""
    key = (psl, include_private, domain)
    found = _cache.get(key)
    if found is not None:
        return found
    result = _split_domain_uncached(domain, psl, include_private)
    if len(_cache) >= _CACHE_SIZE:
        _cache.clear()
    _cache[key] = result
    return result


def _split_domain_uncached(
    domain: str, psl: PublicSuffixList, include_private: bool
) -> ExtractResult:
    suffix = psl.public_suffix_of_domain(domain, include_private=include_private)
    if suffix is None:
        return _EMPTY  # a domain with an empty label has no public suffix
    registry_suffix = suffix
    if include_private:
        registry_suffix = psl.public_suffix_of_domain(domain, include_private=False) or ""
    is_private = registry_suffix != suffix
    if len(suffix) == len(domain):
        return _result("", "", suffix, is_private, registry_suffix)
    rest = domain[: len(domain) - len(suffix) - 1]
    dot = rest.rfind(".")
    subdomain = rest[:dot] if dot >= 0 else ""
    return _result(subdomain, rest[dot + 1 :], suffix, is_private, registry_suffix)
