"""A URL's host split into subdomain, domain and public suffix, with tldextract's names.

:func:`extract` takes a URL or a bare host, as ``tldextract.extract`` does, and gives an
:class:`ExtractResult` with tldextract's fields and properties. The host is the one the WHATWG
URL parser finds (https://url.spec.whatwg.org/#concept-host-parser); the split is the Public
Suffix List's formal algorithm (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
as :mod:`urlspec.hosts.public_suffix_list` runs it, on the list :func:`default_list` reads (no
network access, ever), with tldextract's rules where its answers are a choice the list's
algorithm leaves open:

* only the list's rules make a suffix: a last label no rule names (``localhost``,
  ``internal``) is not one (the algorithm's implicit ``*`` rule would make it the suffix), so
  ``extract("http://localhost:8000/")`` is ``domain='localhost', suffix=''``, as tldextract
  answers. (``URL.public_suffix`` and ``registrable_domain`` follow the URL Standard, which
  applies the implicit rule.)
* extract never raises on a string: what the URL parser rejects (``""``, ``"not a url at
  all"``, ``http://256.256.256.256/``) gives empty parts, as tldextract gives for ``http://``.
* ``extra_suffixes`` adds rules, as tldextract's does.

Otherwise the host is the one the URL parser finds, serialized: docs/hosts.md lists where that
makes the answers differ from tldextract's (trailing dots, A-labels, IPv4 spellings, invalid
input).

Reading the input, as tldextract does: ``scheme://...`` is a URL; ``//host/...`` a URL without
its scheme; anything else a host, maybe followed by a port, path, query or fragment, with maybe
userinfo before it (``user@example.com:8080/x``). The host of a non-special URL (``ssh://...``,
an opaque host) is read as a special URL's host would be, as in
:mod:`urlspec.hosts.special_addresses`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, NamedTuple

from mypy_extensions import i64

from urlspec.host import HostKind, InvalidHost, parse_host, serialize_host
from urlspec.hosts.public_suffix_list import (
    NO_SUFFIX,
    NOT_PLAIN,
    PublicSuffixList,
    _is_plain_domain,
    default_list,
)
from urlspec.own_href import COMPILED
from urlspec.url import URL
from urlspec.validation import InvalidURL

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
    URL without a host, a string the URL parser rejects, or a domain with an empty label (which
    has no public suffix). A domain under no suffix the list names (``localhost``) has its last
    label in ``domain``, the others in ``subdomain``, and an empty ``suffix``.
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
        """The IPv4 address (as the URL parser serializes it) when the host is one, else "".
        (An address is the whole ``domain``, with dots; a domain under no listed suffix is its
        last label, without.)"""
        if not self.suffix and "." in self.domain and not self.domain.startswith("["):
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
    url_or_host: str,
    include_private: bool = False,
    *,
    psl: PublicSuffixList | None = None,
    extra_suffixes: Iterable[str] = (),
) -> ExtractResult:
    """``url_or_host`` split as ``tldextract.extract`` splits it: subdomain, domain and public
    suffix of its host, by the Public Suffix List (``psl``, default :func:`default_list`).

    ``include_private`` also uses the list's PRIVATE section (tldextract's
    ``include_psl_private_domains``): ``extract("a.blogspot.com", True).suffix`` is
    ``blogspot.com``. ``extra_suffixes`` are more rules, written as in the list (``"corp"``,
    ``"*.dev.test"``, ``"!www.dev.test"``), that apply whatever ``include_private`` says, as
    tldextract's ``extra_suffixes``. Only the list's rules make a suffix: an unlisted last label
    (``localhost``) is the domain, with an empty suffix. A string the URL parser rejects
    (``""``, ``http://``, ``http://256.0.0.1/``) gives empty parts; a non-str raises TypeError,
    an extra suffix that is no domain ValueError.
    """
    if not isinstance(url_or_host, str):
        raise TypeError(f"url_or_host must be a str, not {type(url_or_host).__name__}")
    if psl is None:
        psl = default_list()
    if extra_suffixes:
        psl = _with_extra_suffixes(psl, extra_suffixes)
    try:
        found = _extract(url_or_host, psl, include_private)
    except (InvalidURL, InvalidHost):
        return _EMPTY  # no URL or host the URL parser accepts: no parts (tldextract's answer)
    return _listed_suffix_only(found, psl, include_private)


def _listed_suffix_only(
    found: ExtractResult, psl: PublicSuffixList, include_private: bool
) -> ExtractResult:
    """``found`` without a suffix that only the list's implicit "*" rule made (a one-label
    suffix no rule names): that label is then the domain, the labels before it the subdomain,
    and the suffix empty, as tldextract splits a host under an unlisted label."""
    suffix = found.suffix
    if not suffix:
        return found
    label_end = len(suffix) - 1 if suffix.endswith(".") else len(suffix)
    if suffix.find(".", 0, label_end) >= 0:
        return found  # two labels or more: a rule names it
    label = suffix[:label_end]
    if psl.names_rule(label, include_private):
        return found
    subdomain = found.domain
    if found.subdomain:
        subdomain = f"{found.subdomain}.{found.domain}"
    return _result(subdomain, label, "", False, "")


#: The lists with extra suffixes made lately, by (list, rules): a caller passes the same few.
_EXTENDED_LISTS_SIZE: Final = 8
_extended_lists: dict[tuple[PublicSuffixList, tuple[str, ...]], PublicSuffixList] = {}


def _with_extra_suffixes(psl: PublicSuffixList, extra_suffixes: Iterable[str]) -> PublicSuffixList:
    """``psl.with_rules(extra_suffixes)``, kept for the next call with the same rules."""
    if isinstance(extra_suffixes, str):
        raise TypeError("extra_suffixes is a list of suffixes, not a str")
    rules = tuple(extra_suffixes)
    key = (psl, rules)
    extended = _extended_lists.get(key)
    if extended is None:
        extended = psl.with_rules(rules)
        if len(_extended_lists) >= _EXTENDED_LISTS_SIZE:
            _extended_lists.clear()
        _extended_lists[key] = extended
    return extended


def _extract(url_or_host: str, psl: PublicSuffixList, include_private: bool) -> ExtractResult:
    """The split of :func:`extract` by the list's algorithm (the implicit rule included);
    InvalidURL or InvalidHost where the URL parser finds no host."""
    if COMPILED:
        # The same shortcuts as one walk over the code points each (no regex, no cache). A
        # plain host has no "/" (the walk would find that out at the text's last "/").
        if "/" not in url_or_host:
            found = _split_plain_host(url_or_host, 0, len(url_or_host), psl, include_private)
            if found is not None:
                return found
        begin, stop = plain_url_host_range(url_or_host)
        if begin >= 0:
            found = _split_plain_host(url_or_host, begin, stop, psl, include_private)
            if found is not None:
                return found
        return _extract_parsed(URL(_url_text(url_or_host)), psl, include_private)
    # A host alone, as the host parser serializes it.
    if _is_plain_domain(url_or_host):
        return _split_domain(url_or_host, psl, include_private)
    # A URL with a plain host (but a file: URL, whose host "localhost" is the empty host).
    matched = _URL_WITH_PLAIN_HOST_RE.match(url_or_host)
    if matched is not None:
        host = matched.group(2).lower()
        if "xn--" not in host and matched.group(1).lower() != "file":
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


def plain_url_host_range(text: str) -> tuple[i64, i64]:
    """Where the host of ``text`` starts and ends when ``text`` is a URL of the form
    :data:`_URL_WITH_PLAIN_HOST_RE` takes but for its host's characters: a scheme, "://", a host
    up to the first ":", "/", "?", "#" or the end, and then a port of at most four digits
    followed by "/", "?", "#" or the end. Or a file: URL (its scheme in any case), whose host
    has no port: up to the first "/", "?", "#" or the end, and not "localhost" in any case (the
    empty host, url.bs "file host state"). (-1, -1) otherwise.

    The compiled build's scan (no regex); the host itself is checked by
    :meth:`PublicSuffixList._split_points` (a plain domain, in any case: a host with ":", such
    as a file: URL's drive letter, is not one). Tests prove extract's answers by it equal to the
    URL parser's, on every corpus line and every shape the scan tells apart.
    """
    length: i64 = len(text)
    if length == 0:
        return -1, -1
    code_point: i64 = ord(text[0]) | 0x20
    if not 0x61 <= code_point <= 0x7A:
        return -1, -1
    index: i64 = 1
    while index < length:  # the scheme: ASCII alphanumerics, "+", "-", "."
        code_point = ord(text[index])
        letter: i64 = code_point | 0x20
        if not (
            0x61 <= letter <= 0x7A
            or 0x30 <= code_point <= 0x39
            or code_point == 0x2B
            or code_point == 0x2D
            or code_point == 0x2E
        ):
            break
        index += 1
    if index + 2 >= length or not _starts_with_colon_slash_slash(text, index):
        return -1, -1
    first: i64 = ord(text[0]) | 0x20
    is_file = index == 4 and first == 0x66 and text[:4].lower() == "file"
    begin = index + 3
    index = begin
    while index < length:
        code_point = ord(text[index])
        if code_point == 0x2F or code_point == 0x3F or code_point == 0x23:
            break  # "/", "?", "#"
        if code_point == 0x3A and not is_file:
            break  # ":" (a file: URL's host has no port)
        index += 1
    stop = index
    if is_file:
        if stop - begin == 9 and text[begin:stop].lower() == "localhost":
            return -1, -1
        return begin, stop
    if index < length and ord(text[index]) == 0x3A:  # a port: at most four digits
        index += 1
        while index < length and index - stop <= 4:
            code_point = ord(text[index])
            if not 0x30 <= code_point <= 0x39:
                break
            index += 1
        if index < length:
            code_point = ord(text[index])
            if not (code_point == 0x2F or code_point == 0x3F or code_point == 0x23):
                return -1, -1
    return begin, stop


def _starts_with_colon_slash_slash(text: str, index: i64) -> bool:
    """Whether "://" starts at ``text[index]`` (which has two more code points)."""
    colon: i64 = ord(text[index])
    slash: i64 = ord(text[index + 1])
    second_slash: i64 = ord(text[index + 2])
    return colon == 0x3A and slash == 0x2F and second_slash == 0x2F


def _split_plain_host(
    text: str, begin: i64, stop: i64, psl: PublicSuffixList, include_private: bool
) -> ExtractResult | None:
    """The split of the host ``text[begin:stop]`` when it is a plain domain (in any case),
    found by the compiled build's walk; None when it is not one (the host parser must read
    it)."""
    suffix_start, domain_start, has_upper, node = psl._split_points(
        text, begin, stop, True, include_private
    )
    if suffix_start == NOT_PLAIN:
        return None
    if suffix_start == NO_SUFFIX:
        return _EMPTY  # a domain with an empty label has no public suffix
    registry_start, registry_node = suffix_start, node
    if include_private:
        registry_start, _, _, registry_node = psl._split_points(text, begin, stop, True, False)
    if has_upper:  # the host, lowercased
        text, stop = text[begin:stop].lower(), stop - begin
        suffix_start, registry_start = suffix_start - begin, registry_start - begin
        domain_start, begin = domain_start - begin if domain_start >= 0 else -1, 0
    return _split_at(
        text, begin, stop, suffix_start, domain_start, registry_start, psl, node, registry_node
    )


def _split_at(
    text: str,
    begin: i64,
    stop: i64,
    suffix_start: i64,
    domain_start: i64,
    registry_start: i64,
    psl: PublicSuffixList,
    node: i64,
    registry_node: i64,
) -> ExtractResult:
    """The host ``text[begin:stop]`` split at its public suffix (from ``suffix_start``), the
    label before it (from ``domain_start``, -1 when the suffix is the whole host) and the ICANN
    section's suffix (from ``registry_start``): steps 6 and 7 of the PSL algorithm. ``node``
    and ``registry_node`` are the list's nodes named by the two suffixes, or 0: a node's name is
    the suffix, lowercased (no new string)."""
    suffix = psl._names[node] if node else text[suffix_start:stop]
    is_private = registry_start != suffix_start
    registry_suffix = suffix
    if is_private:
        registry_suffix = psl._names[registry_node] if registry_node else text[registry_start:stop]
    if domain_start < 0:
        return _result("", "", suffix, is_private, registry_suffix)
    subdomain = ""
    if domain_start > begin:
        # The most common subdomain, "www", as one shared string (no new string).
        if domain_start - begin == 4 and _is_www(text, begin):
            subdomain = _WWW
        else:
            subdomain = text[begin : domain_start - 1]
    domain = text[domain_start : suffix_start - 1]
    return _result(subdomain, domain, suffix, is_private, registry_suffix)


_WWW: Final = "www"


def _is_www(text: str, index: i64) -> bool:
    """Whether "www" starts at ``text[index]`` (which has three more code points)."""
    first: i64 = ord(text[index])
    second: i64 = ord(text[index + 1])
    third: i64 = ord(text[index + 2])
    return first == 0x77 and second == 0x77 and third == 0x77


#: How many splits :func:`_split_domain` keeps (hosts repeat: a log's URLs name few hosts).
#: The cache is emptied when full, so memory stays bounded.
_CACHE_SIZE: Final = 1 << 16
_cache: dict[tuple[PublicSuffixList, bool, str], ExtractResult] = {}
_new_tuple: Final = tuple.__new__
# The class, as a constant of the compiled module (not looked up in the module's namespace at
# each call).
_RESULT_CLASS: Final = ExtractResult


def _result(
    subdomain: str, domain: str, suffix: str, is_private: bool, registry_suffix: str
) -> ExtractResult:
    """An ExtractResult made as its ``_make`` makes it (without the generated ``__new__``)."""
    made: ExtractResult = _new_tuple(
        _RESULT_CLASS, (subdomain, domain, suffix, is_private, registry_suffix)
    )
    return made


def _split_domain(domain: str, psl: PublicSuffixList, include_private: bool) -> ExtractResult:
    """A serialized domain split at its public suffix (steps 6 and 7 of the PSL algorithm),
    from the cache when it was split before (the pure build's: the compiled build's walk costs
    less than a cache's lookup)."""
    if COMPILED:
        suffix_start, domain_start, _, node = psl._split_points(
            domain, 0, len(domain), False, include_private
        )
        if suffix_start < 0:
            return _EMPTY  # a domain with an empty label has no public suffix
        registry_start, registry_node = suffix_start, node
        if include_private:
            registry_start, _, _, registry_node = psl._split_points(
                domain, 0, len(domain), False, False
            )
        return _split_at(
            domain,
            0,
            len(domain),
            suffix_start,
            domain_start,
            registry_start,
            psl,
            node,
            registry_node,
        )
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
