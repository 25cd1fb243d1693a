"""``urlspec guard``: would :mod:`urlspec.guard` let these URLs be fetched?

For each URL, one line: ``allowed`` with the URL as it would be fetched (its WHATWG href) and,
with ``--resolve``, the addresses it would connect to; or ``refused`` with the reason code and
what decided. Without ``--resolve`` no DNS query is made (:func:`urlspec.guard.check`); with it
each host is resolved once by the system resolver (:func:`urlspec.guard.resolve`). The exit
status is 1 when any URL is refused, so that a script can stop on it.

Nothing shown carries a password: every URL (the input too) is shown without its userinfo, and
in the text output a refused URL is quoted as every urlspec message quotes an input
(:func:`urlspec.cli.common.quoted`: a control character is escaped, never written out).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    CLIError,
    SubParsers,
    quoted,
    use_utf8_stdout,
    utf8_argument,
    write_json,
)

__all__ = ["add_parser", "run"]

EPILOG: Final = """\
the default policy allows http and https to global addresses only (IANA special-purpose
address registries: loopback, private, link-local, unique-local, shared, multicast, ...
are refused, in every spelling: 0x7f.1, 2130706433, [::ffff:127.0.0.1], [64:ff9b::a9fe:a9fe]),
no userinfo, any port. Host entries: "example.com" (exactly), "*.example.com" (strictly under
it), "site:example.co.uk" (every host of that registrable domain).

exit status: 0 every URL is allowed; 1 some URL is refused; 2 usage error (or a bad option
value, such as a malformed network)."""


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec guard``."""
    parser = subparsers.add_parser(
        "guard",
        help="check URLs against an SSRF policy (reason code for each refusal)",
        description="For each URL, say whether urlspec.guard lets it be fetched: the URL as "
        "the WHATWG URL parser reads it is checked for its scheme, userinfo, port, host lists "
        "and the address behind it (no DNS query unless --resolve).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "urls", nargs="+", metavar="URL", type=utf8_argument, help="the URLs to check"
    )
    parser.add_argument(
        "--allow-host", action="append", default=[], metavar="H", help="allow only these hosts"
    )
    parser.add_argument(
        "--deny-host", action="append", default=[], metavar="H", help="refuse these hosts"
    )
    parser.add_argument(
        "--allow-network",
        action="append",
        default=[],
        metavar="CIDR",
        help="let this network through whatever its address class (e.g. 10.1.2.0/24)",
    )
    parser.add_argument(
        "--deny-network", action="append", default=[], metavar="CIDR", help="refuse this network"
    )
    parser.add_argument(
        "--allow-scheme",
        action="append",
        default=[],
        metavar="S",
        help="allow this scheme (default: http and https; giving any replaces them)",
    )
    parser.add_argument(
        "--allow-port",
        action="append",
        default=[],
        type=int,
        metavar="N",
        help="allow only these ports (default: any)",
    )
    parser.add_argument(
        "--allow-credentials", action="store_true", help="allow a username or password"
    )
    parser.add_argument(
        "--resolve",
        action="store_true",
        help="resolve each host once with the system resolver and check every answer",
    )
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``urlspec guard``: judge each URL; exit 1 when one is refused."""
    from urlspec.guard import Policy, PolicyError, Refused, check, resolve
    from urlspec.guard.reasons import href_without_userinfo, text_without_userinfo

    try:
        policy = Policy(
            schemes=args.allow_scheme or ("http", "https"),
            ports=args.allow_port or None,
            allow_networks=args.allow_network,
            deny_networks=args.deny_network,
            allow_hosts=args.allow_host,
            deny_hosts=args.deny_host,
            allow_credentials=args.allow_credentials,
        )
    except PolicyError as error:
        raise CLIError(str(error), status=2) from None
    records: list[dict[str, Any]] = []
    for text in args.urls:
        record: dict[str, Any] = {"input": text_without_userinfo(text)}
        try:
            if args.resolve:
                pinned = resolve(text, policy)
                record.update(
                    allowed=True,
                    href=href_without_userinfo(pinned.url),
                    addresses=pinned.addresses,
                )
            else:
                record.update(allowed=True, href=href_without_userinfo(check(text, policy)))
        except Refused as refused:
            record.update(
                allowed=False,
                reason=refused.reason,
                url=refused.url,
                host=refused.host,
                address=refused.address,
                detail=refused.detail,
            )
        records.append(record)
    if args.json:
        use_utf8_stdout()
        write_json(records)
    else:
        for record in records:
            sys.stdout.write(line(record) + "\n")
    return EXIT_OK if all(record["allowed"] for record in records) else EXIT_INVALID


def line(record: dict[str, Any]) -> str:
    """One URL's verdict as a line of text."""
    if record["allowed"]:
        text = f"allowed {record['href']}"
        if "addresses" in record:
            text += " -> " + ", ".join(record["addresses"])
        return text
    shown = quoted(record["url"] or record["input"])
    return f"refused {record['reason']} {shown}: {record['detail']}"
