"""``urlspec diff``: a URL as ``urllib.parse`` sees it beside how the WHATWG URL Standard does.

Two parsers that split one string into different schemes, hosts or ports are the confusion
behind server-side request forgery (SSRF) bypasses: a check made on one parser's answer (an
allow-list of hosts, say) does not hold for the fetch that another parser's answer drives.
This command shows both views side by side -- ``urlspec.parse.urlsplit`` (the drop-in for
``urllib.parse``) and the API URL parser (https://url.spec.whatwg.org/#api-url-parser) -- and
marks each field on which they disagree, after undoing differences that are only notation
(see :data:`COMPARISON`).
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeAlias

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
from urlspec.url_record import SPECIAL_SCHEMES, default_port

__all__ = ["add_parser"]

#: The fields on which a disagreement means the two parsers would contact different servers.
SECURITY_FIELDS: Final = ("scheme", "host", "port")

COMPARISON: Final = """\
what is compared (each side normalized first, so that only real disagreements are marked):
  scheme    urllib scheme with WHATWG protocol without its ':' (both are lowercased by
            their parser)
  host      urllib hostname (None counts as empty) with WHATWG hostname, both lowercased and
            without IPv6 brackets; two IPv6 addresses compare as addresses. Every other
            difference counts: IPv4 written in hex, octal or fewer parts, Unicode against
            Punycode, percent-encoding -- a check on one form does not cover the other
  port      the port number, a missing port standing for the scheme's default port (ftp 21,
            http 80, https 443, ws 80, wss 443), on both sides
  path      urllib path with WHATWG pathname, both percent-decoded; an empty path counts as
            '/' in a special URL (ftp, file, http, https, ws, wss)
  query     urllib query with WHATWG search without its '?', both percent-decoded
  fragment  urllib fragment with WHATWG hash without its '#', both percent-decoded
netloc (urllib) and host (WHATWG) are shown but not compared: netloc also holds the userinfo.
A parser's error (urlsplit's or .port's ValueError, a WHATWG parsing failure) is shown in place
of its values; an error on one side only is a disagreement.

exit status: 0 the parsers agree on the scheme, host and port of every URL (and, with --base,
neither side leaves BASE's site); 1 they disagree on one of them for some URL (the confusion
behind SSRF bypasses), or with --base some URL resolves OFF-SITE on either side (a redirect or
link to another site than its page's); 2 usage error."""


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec diff``."""
    parser = subparsers.add_parser(
        "diff",
        help="compare how urllib.parse and the WHATWG standard parse URLs",
        description="Show each URL as urllib.parse.urlsplit sees it (scheme, netloc, hostname, "
        "port, path, query, fragment) and as the WHATWG URL Standard does (protocol, host, "
        "hostname, port, pathname, search, hash), side by side, and mark every field on "
        "which they disagree.",
        epilog=COMPARISON,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "urls",
        nargs="+",
        metavar="URL",
        type=utf8_argument,
        help="the URLs to compare (urllib.parse against the WHATWG parser)",
    )
    parser.add_argument(
        "--base",
        type=utf8_argument,
        help="resolve each URL against BASE first (urllib.parse.urljoin on one side, the URL "
        "parser with a base on the other), as a redirect target or link is resolved against "
        "its page; the result also says whether each side stays on BASE's origin and site",
    )
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.set_defaults(run=run)


# --- the two views -------------------------------------------------------------------------------


class Failed(NamedTuple):
    """A parser's error, in place of a URL or of one value."""

    message: str


#: One parser's view of a URL: each attribute's value (or the error its getter raised) by
#: attribute name; or the error that made the parser fail on the whole URL.
View: TypeAlias = dict[str, object] | Failed


def urllib_view(text: str, base: str | None = None) -> View:
    """``urlspec.parse.urlsplit(text)``'s attributes (of ``urljoin(base, text)`` with a base),
    or the ValueError it raised.

    ``urlsplit`` raises ValueError for some inputs (a bad IPv6 literal, say), and the ``port``
    property for a port that is not a number in range; that error stands in for the port.
    """
    from urlspec import parse

    try:
        if base is not None:
            text = parse.urljoin(base, text)
        split = parse.urlsplit(text)
    except ValueError as error:
        return Failed(f"urlsplit raised ValueError: {error}")
    port: object
    try:
        port = split.port
    except ValueError as error:
        port = Failed(f"ValueError: {error}")
    return {
        "scheme": split.scheme,
        "netloc": split.netloc,
        "hostname": split.hostname,
        "port": port,
        "path": split.path,
        "query": split.query,
        "fragment": split.fragment,
    }


def whatwg_view(text: str, base: str | None = None) -> View:
    """``URL(text, base)``'s getters, or why the URL parser failed."""
    from urlspec.url import URL
    from urlspec.validation import InvalidURL

    try:
        url = URL(text, base)
    except InvalidURL as error:
        return Failed(f"invalid URL: {error.reason}")
    return {
        "protocol": url.protocol,
        "host": url.host,
        "hostname": url.hostname,
        "port": url.port,
        "pathname": url.pathname,
        "search": url.search,
        "hash": url.hash,
    }


# --- normalizing -------------------------------------------------------------------------------


def effective_port(scheme: str, port: int | None) -> int | None:
    """The port a client would connect to: the given one, else the scheme's default (if any)."""
    return default_port(scheme) if port is None else port


def normal_host(host: str | None) -> object:
    """A host where notation does not matter: an IPv6 address, or the text lowercased.

    (urllib lowercases every hostname; the standard lowercases domains but keeps the case of
    the opaque hosts of non-special URLs, and writes IPv6 addresses in brackets.)
    """
    if host is None:
        return ""
    host = host.lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host)
        except ValueError:
            pass
    return host


def normal_path(path: str, scheme: str) -> str:
    """A path percent-decoded, an empty path counting as '/' in a special URL."""
    if path == "" and scheme in SPECIAL_SCHEMES:
        return "/"
    return unquote(path)


def unquote(text: str) -> str:
    """``text`` percent-decoded (UTF-8, errors replaced), by ``urlspec.parse.unquote``."""
    from urlspec import parse

    decoded: str = parse.unquote(text)
    return decoded


def whatwg_port_number(port: str) -> int | None:
    """The port getter's string as a number; "" (null, or the default port) is None."""
    return int(port) if port else None


#: How a value is normalized, given the scheme the same parser found (for default ports and
#: special URLs).
Normalizer: TypeAlias = Callable[[Any, str], object]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A row of the comparison: the attribute of each side and how each side is normalized."""

    name: str
    urllib_attribute: str
    whatwg_attribute: str
    urllib_normal: Normalizer | None  # None: shown, not compared
    whatwg_normal: Normalizer | None


FIELDS: Final = (
    FieldSpec("scheme", "scheme", "protocol", lambda v, _: v, lambda v, _: v[:-1]),
    FieldSpec("authority", "netloc", "host", None, None),
    FieldSpec(
        "host", "hostname", "hostname", lambda v, _: normal_host(v), lambda v, _: normal_host(v)
    ),
    FieldSpec(
        "port",
        "port",
        "port",
        lambda v, scheme: effective_port(scheme, v),
        lambda v, scheme: effective_port(scheme, whatwg_port_number(v)),
    ),
    FieldSpec(
        "path", "path", "pathname", lambda v, s: normal_path(v, s), lambda v, s: normal_path(v, s)
    ),
    FieldSpec("query", "query", "search", lambda v, _: unquote(v), lambda v, _: unquote(v[1:])),
    FieldSpec("fragment", "fragment", "hash", lambda v, _: unquote(v), lambda v, _: unquote(v[1:])),
)


# --- comparing ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comparison:
    """Both parsers' views of one input and, field by field, whether they agree."""

    input: str
    urllib: View
    whatwg: View
    same: dict[str, bool]  # compared field -> agreement; empty when a parser failed
    base: str | None = None
    # With a base: whether each side's URL is same origin / same site with it (None: failed).
    same_origin_as_base: dict[str, bool | None] | None = None
    same_site_as_base: dict[str, bool | None] | None = None

    @property
    def differing(self) -> list[str]:
        """The fields on which the parsers disagree."""
        return [name for name, same in self.same.items() if not same]

    @property
    def one_sided(self) -> bool:
        """Whether exactly one of the parsers rejects the URL."""
        return isinstance(self.urllib, Failed) != isinstance(self.whatwg, Failed)

    @property
    def off_site(self) -> bool:
        """With a base: whether either side's URL is on another site than the base (a side that
        is no URL is judged by :attr:`one_sided`)."""
        if self.same_site_as_base is None:
            return False
        return any(same is False for same in self.same_site_as_base.values())

    @property
    def security_disagreement(self) -> bool:
        """Whether the parsers would send a request to different places (or only one would)."""
        return self.one_sided or any(name in SECURITY_FIELDS for name in self.differing)


def compare(text: str, base: str | None = None) -> Comparison:
    """Both views of ``text`` (resolved against ``base`` if given) and, when both parsers
    accept it, which fields agree."""
    urllib = urllib_view(text, base)
    whatwg = whatwg_view(text, base)
    same: dict[str, bool] = {}
    if not isinstance(urllib, Failed) and not isinstance(whatwg, Failed):
        schemes = (str(urllib["scheme"]), str(whatwg["protocol"])[:-1])
        for spec in FIELDS:
            agreement = agree(spec, urllib, whatwg, schemes)
            if agreement is not None:
                same[spec.name] = agreement
    if base is None:
        return Comparison(text, urllib, whatwg, same)
    origins = {"urllib": _urllib_href(urllib), "whatwg": _whatwg_href(text, base, whatwg)}
    return Comparison(
        text,
        urllib,
        whatwg,
        same,
        base,
        {side: _relation(href, base, "origin") for side, href in origins.items()},
        {side: _relation(href, base, "site") for side, href in origins.items()},
    )


def _urllib_href(view: View) -> str | None:
    """The URL urllib's side resolved to, put back together (None when it failed)."""
    if isinstance(view, Failed):
        return None
    from urlspec import parse

    scheme, netloc, path, query, fragment = (
        str(view[name]) for name in ("scheme", "netloc", "path", "query", "fragment")
    )
    return parse.urlunsplit((scheme, netloc, path, query, fragment))


def _whatwg_href(text: str, base: str, view: View) -> str | None:
    if isinstance(view, Failed):
        return None
    from urlspec.url import URL

    return URL(text, base).href


def _relation(href: str | None, base: str, relation: str) -> bool | None:
    """Whether ``href`` (read by the WHATWG parser, as a browser following it would) is same
    origin or same site with ``base``; None when it is no URL."""
    if href is None:
        return None
    from urlspec.url import URL
    from urlspec.validation import InvalidURL

    try:
        url = URL(href)
    except InvalidURL:
        return None
    base_url = URL(base)
    if relation == "site":
        from urlspec.hosts.sites import same_site

        return same_site(url, base_url)
    return url.origin == base_url.origin and url.origin != "null"


def agree(
    spec: FieldSpec, urllib: dict[str, object], whatwg: dict[str, object], schemes: tuple[str, str]
) -> bool | None:
    """Whether both sides agree on a field once normalized (None: the field is not compared).

    A value that is an error on both sides (both reject it) counts as agreement.
    """
    urllib_normal, whatwg_normal = spec.urllib_normal, spec.whatwg_normal
    if urllib_normal is None or whatwg_normal is None:
        return None
    urllib_value = urllib[spec.urllib_attribute]
    whatwg_value = whatwg[spec.whatwg_attribute]
    urllib_failed = isinstance(urllib_value, Failed)
    whatwg_failed = isinstance(whatwg_value, Failed)
    if urllib_failed or whatwg_failed:
        return urllib_failed and whatwg_failed
    return urllib_normal(urllib_value, schemes[0]) == whatwg_normal(whatwg_value, schemes[1])


# --- showing -------------------------------------------------------------------------------------


def shown(view: View, attribute: str) -> str:
    """A value as the table shows it: strings quoted, None as None, errors spelled out."""
    if isinstance(view, Failed):
        return "-"
    value = view[attribute]
    if isinstance(value, Failed):
        return f"error: {value.message}"
    if isinstance(value, str):
        return quoted(value)
    return str(value)


def verdict(comparison: Comparison, field: str) -> str:
    """The mark beside a row: nothing when the sides agree (or are not compared)."""
    if comparison.same.get(field, True):
        return ""
    if field in SECURITY_FIELDS:
        return "<- DIFFERS (security)"
    return "<- differs"


def report(comparison: Comparison) -> str:
    """The text form: the input, a side-by-side table, and a conclusion."""
    rows = [["", "urllib.parse", "", "WHATWG URL", "", ""]]
    for spec in FIELDS:
        rows.append(
            [
                spec.name,
                spec.urllib_attribute,
                shown(comparison.urllib, spec.urllib_attribute),
                spec.whatwg_attribute,
                shown(comparison.whatwg, spec.whatwg_attribute),
                verdict(comparison, spec.name),
            ]
        )
    table = format_table(rows, indent="  ")
    head = quoted(comparison.input)
    if comparison.base is not None:
        head += f" against base {quoted(comparison.base)}"
    text = f"{head}\n{table}  => {conclusion(comparison)}\n"
    if comparison.same_site_as_base is not None and comparison.same_origin_as_base is not None:
        text += (
            f"  => {base_relation(comparison.same_origin_as_base, comparison.same_site_as_base)}\n"
        )
    return text


def base_relation(same_origin: dict[str, bool | None], same_site: dict[str, bool | None]) -> str:
    """Where each side's URL lies from the base: same origin, same site, or off-site."""

    def where(side: str) -> str:
        if same_origin[side] is None:
            return "no URL"
        if same_origin[side]:
            return "same origin as the base"
        if same_site[side]:
            return "another origin of the base's site"
        return "OFF-SITE (another site than the base's)"

    urllib_where, whatwg_where = where("urllib"), where("whatwg")
    if urllib_where == whatwg_where:
        return f"both resolve to {urllib_where}"
    return f"urllib.parse resolves to {urllib_where}; WHATWG to {whatwg_where}"


def conclusion(comparison: Comparison) -> str:
    """What the comparison means, in one sentence."""
    urllib, whatwg = comparison.urllib, comparison.whatwg
    if isinstance(urllib, Failed) and isinstance(whatwg, Failed):
        return f"both parsers reject this URL: {urllib.message}; WHATWG: {whatwg.message}"
    if isinstance(urllib, Failed):
        return f"only the WHATWG parser accepts this URL; urllib.parse: {urllib.message}"
    if isinstance(whatwg, Failed):
        return f"only urllib.parse accepts this URL; WHATWG: {whatwg.message}"
    security = [name for name in comparison.differing if name in SECURITY_FIELDS]
    if security:
        return (
            f"the parsers disagree on the {' and '.join(security)}: a check made with one "
            "parser does not hold for a request made with the other (SSRF risk)"
        )
    if comparison.differing:
        differing = ", ".join(comparison.differing)
        return f"scheme, host and port agree; the parsers differ on the {differing}"
    return "the parsers agree"


def json_view(view: View) -> dict[str, object]:
    """A view as JSON: the values (an error as {"error": message}), or {"error": message}."""
    if isinstance(view, Failed):
        return {"error": view.message}
    return {
        name: {"error": value.message} if isinstance(value, Failed) else value
        for name, value in view.items()
    }


def document(comparison: Comparison) -> dict[str, Any]:
    """The JSON form of one comparison."""
    return {
        "input": comparison.input,
        "urllib": json_view(comparison.urllib),
        "whatwg": json_view(comparison.whatwg),
        "same": comparison.same,
        "differing": comparison.differing,
        "security_disagreement": comparison.security_disagreement,
        **({} if comparison.base is None else {"off_site": comparison.off_site}),
        **(
            {}
            if comparison.base is None
            else {
                "base": comparison.base,
                "same_origin_as_base": comparison.same_origin_as_base,
                "same_site_as_base": comparison.same_site_as_base,
            }
        ),
    }


def run(args: argparse.Namespace) -> int:
    """``urlspec diff``: compare each URL; exit 1 when the parsers disagree on scheme/host/port,
    or (with a base) when a URL resolves off the base's site."""
    if args.base is not None:
        parse_base(args.base)  # an invalid base exits 1, as in every command
    comparisons = [compare(text, args.base) for text in args.urls]
    if args.json:
        use_utf8_stdout()
        write_json([document(comparison) for comparison in comparisons])
    else:
        sys.stdout.write("\n".join(report(comparison) for comparison in comparisons))
    if any(comparison.security_disagreement or comparison.off_site for comparison in comparisons):
        return EXIT_INVALID
    return EXIT_OK
