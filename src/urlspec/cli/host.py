"""``urlspec host``: what a URL's host is and where it points.

For each URL: the host as written and as the WHATWG URL parser serializes it, its kind, public
suffix and registrable domain (:mod:`urlspec.hosts.public_suffix_list`), the site of its origin
(:mod:`urlspec.hosts.sites`), its Unicode form, and the address class behind it
(:mod:`urlspec.hosts.special_addresses`), with the spelling that led there (``0x7f.1`` is 127.0.0.1,
loopback). The exit status says whether any URL reaches a non-global address, so that the
command can guard a script (``urlspec host "$url" >/dev/null || exit``).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, Final

from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    SubParsers,
    format_table,
    parse_base,
    quoted,
    use_utf8_stdout,
    utf8_argument,
    write_json,
)
from urlspec.infra import C0_CONTROL_OR_SPACE_STRING, remove_ascii_tab_or_newline
from urlspec.url_record import SPECIAL_SCHEMES

__all__ = ["add_parser", "describe", "written_host"]

EPILOG: Final = """\
address classes (IANA special-purpose address registries; no DNS lookup is ever made):
  loopback, private, link-local, unique-local, shared (100.64.0.0/10), multicast, unspecified,
  broadcast, documentation, benchmarking, reserved, global; "domain" for a domain other than
  localhost (and its subdomains, which are loopback). An IPv6 address that carries IPv4
  addresses (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is judged by them and by its
  own block (IPv4-compatible and Teredo are reserved, local-use NAT64 private, whatever they
  carry).
  The opaque host of a non-special URL (gopher://127.0.0.1:6379/_) is judged as the host a
  client connecting to it reads: as an http: URL's host would be parsed (IPv4 in every
  spelling, percent-decoded); one that spells no address is "domain".

exit status: 0 every URL is valid and reaches a global address, a domain or no host at all;
1 some URL is invalid or reaches a non-global address (loopback, private, ...); 2 usage error."""

#: The address classes that make the exit status 1.
GLOBAL_CLASSES: Final = frozenset({"global", "domain"})

_SCHEME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec host``."""
    parser = subparsers.add_parser(
        "host",
        help="show a URL's host: public suffix, registrable domain, site, address class",
        description="For each URL, show its host as written and as parsed (WHATWG URL "
        "Standard), its kind, public suffix and registrable domain (Public Suffix List), the "
        "site of its origin (HTML Standard), its Unicode form, and the class of the address "
        "behind it with how it was written.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "urls",
        nargs="+",
        metavar="URL",
        type=utf8_argument,
        help="the URLs whose host to describe",
    )
    parser.add_argument("--base", type=utf8_argument, help="resolve each URL against BASE")
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.add_argument(
        "--icann-only",
        action="store_true",
        help="ignore the PRIVATE section of the Public Suffix List (e.g. github.io)",
    )
    parser.set_defaults(run=run)


def written_host(text: str, base_scheme: str | None = None) -> str | None:
    """The host as written in ``text``, for display: the authority's host part as the URL
    parser's authority and host states delimit it, before any decoding. A relative ``text``
    (resolved against a base of ``base_scheme``) writes a host only when it starts with "//"
    ("\\" too for a special scheme). None when no host is written."""
    # The basic URL parser's first steps: strip leading and trailing C0 controls and spaces,
    # remove ASCII tabs and newlines.
    text = remove_ascii_tab_or_newline(text.strip(C0_CONTROL_OR_SPACE_STRING))
    scheme_match = _SCHEME_RE.match(text)
    if scheme_match is not None:
        scheme = scheme_match.group()[:-1].lower()
        rest = text[scheme_match.end() :]
    elif base_scheme is not None:
        scheme, rest = base_scheme, text
    else:
        return None
    special = scheme in SPECIAL_SCHEMES
    slashes = "/\\" if special else "/"
    if scheme_match is not None and special:
        rest = rest.lstrip(slashes)
    elif len(rest) >= 2 and rest[0] in slashes and rest[1] in slashes:
        rest = rest[2:]
    else:
        return None
    end = re.search(r"[/?#\\]" if special else r"[/?#]", rest)
    authority = rest if end is None else rest[: end.start()]
    host = authority[authority.rfind("@") + 1 :]
    if host.startswith("["):
        closing = host.find("]")
        return host if closing < 0 else host[: closing + 1]
    return host.split(":", 1)[0]


def describe(text: str, base: Any = None, *, include_private: bool = True) -> dict[str, Any]:
    """Everything ``urlspec host`` shows about one URL, as a JSON-ready dict."""
    from urlspec.hosts.public_suffix_list import default_list
    from urlspec.hosts.sites import site
    from urlspec.hosts.special_addresses import address_info_of_host
    from urlspec.idna import domain_to_unicode
    from urlspec.url import URL
    from urlspec.url_host import host_of_url
    from urlspec.validation import InvalidURL

    base_scheme = None if base is None else base.protocol[:-1]
    record: dict[str, Any] = {"input": text, "host_as_written": written_host(text, base_scheme)}
    try:
        url = URL(text, base)
    except InvalidURL as error:
        record["error"] = f"invalid URL: {error.reason}"
        record["non_global"] = False
        return record
    if base is not None:
        record["url"] = url.href
    host = host_of_url(url)
    kind = url.host_kind.value
    record["host"] = None if host is None else url.hostname
    record["kind"] = "null" if host is None else kind
    psl = default_list()
    suffix = domain = unicode = None
    if kind == "domain":
        suffix = psl.public_suffix_of_domain(url.hostname, include_private=include_private)
        domain = psl.registrable_domain_of_domain(url.hostname, include_private=include_private)
        unicode = domain_to_unicode(url.hostname)
    record["public_suffix"] = suffix
    record["registrable_domain"] = domain
    record["site"] = site(url)
    record["unicode"] = unicode
    info = None if host is None else address_info_of_host(host)
    record["address_class"] = None if info is None else info.address_class
    record["address"] = None if info is None else info.address
    record["embedded_ipv4"] = None if info is None else info.embedded_ipv4
    record["embedding"] = None if info is None else info.embedding
    record["registry_row"] = None if info is None else info.block
    record["non_global"] = info is not None and info.address_class not in GLOBAL_CLASSES
    return record


def _address_text(record: dict[str, Any]) -> str:
    """The address line: the class, and how the host was written when it was not plain."""
    cls = record["address_class"]
    if cls is None:
        return "- (no host to reach)"
    parts: list[str] = []
    written = record["host_as_written"]
    address = record["address"]
    if address is not None:
        shown = address
        if record["embedded_ipv4"] is not None:
            shown = f"{address} = {record['embedding']} {record['embedded_ipv4']}"
        if written is not None and written != address:
            parts.append(f"{written} -> {shown}")
        else:
            parts.append(shown)
    if record["registry_row"] is not None:
        parts.append(record["registry_row"])
    detail = "; ".join(parts)
    label = cls.upper() if record["non_global"] else cls
    return f"{label} ({detail})" if detail else label


def _shown(value: str | None) -> str:
    return "-" if value is None else value


def report(record: dict[str, Any]) -> str:
    """The text form of one URL's record."""
    head = quoted(record["input"])
    if "error" in record:
        return f"{head}\n  error: {record['error']}\n"
    rows: list[list[str]] = []
    if "url" in record:
        rows.append(["url", record["url"]])
    rows += [
        ["host as written", _shown(record["host_as_written"])],
        ["host", _shown(record["host"])],
        ["kind", record["kind"]],
        ["public suffix", _shown(record["public_suffix"])],
        ["registrable domain", _shown(record["registrable_domain"])],
        ["site", _shown(record["site"]) if record["site"] is not None else "(opaque origin)"],
        ["unicode", _shown(record["unicode"])],
        ["address", _address_text(record)],
    ]
    return f"{head}\n{format_table(rows, indent='  ')}"


def run(args: argparse.Namespace) -> int:
    """``urlspec host``: describe each URL; exit 1 when one is invalid or reaches a non-global
    address."""
    base = parse_base(args.base)
    records = [describe(text, base, include_private=not args.icann_only) for text in args.urls]
    if args.json:
        use_utf8_stdout()
        write_json(records)
    else:
        sys.stdout.write("\n".join(report(record) for record in records))
    if any("error" in record or record["non_global"] for record in records):
        return EXIT_INVALID
    return EXIT_OK
