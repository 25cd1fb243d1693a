"""``urlspec redirect-check``: may these redirect targets be sent to the browser?

For each target, :func:`urlspec.web.redirect.check_redirect` against ``--base`` (the URL of the
request that would send the redirect) and the ``--allow-host`` hosts: the verdict, its reason
code, and where the browser would go (the target resolved by the WHATWG URL parser, as the
browser resolves a Location). The exit status says whether any target was refused, so that the
command can guard a script or a test of an application's redirect rules.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CLIError,
    SubParsers,
    format_table,
    quoted,
    use_utf8_stdout,
    utf8_argument,
    write_json,
)

__all__ = ["add_parser"]

EPILOG: Final = """\
reasons: same-origin and allowed-host pass; empty, invalid-url, scheme-not-allowed,
host-not-allowed, credentials, not-https and origin-not-allowed are refused. An allowed host
without a port is allowed at the default port only.

exit status: 0 every target is allowed; 1 some target is refused; 2 usage error (also a --base
that is not an http(s) URL, or an --allow-host that is not a host)."""


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec redirect-check``."""
    parser = subparsers.add_parser(
        "redirect-check",
        help="check redirect targets (?next=) against open redirects, as the browser reads them",
        description="For each TARGET, say whether a page at BASE may redirect the browser to "
        "it: the target is resolved against BASE by the WHATWG URL parser, as the browser "
        "resolves a Location header, and allowed only on BASE's origin or an allowed host. "
        "Shows the verdict, the reason and the href the browser would go to.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "targets",
        nargs="+",
        metavar="TARGET",
        type=utf8_argument,
        help="redirect targets (e.g. a ?next= value), resolved against --base",
    )
    parser.add_argument(
        "--base",
        required=True,
        type=utf8_argument,
        help="the URL of the request that sends the redirect (required)",
    )
    parser.add_argument(
        "--allow-host",
        dest="allow_hosts",
        action="append",
        default=[],
        metavar="HOST",
        type=utf8_argument,
        help="another host redirects may go to (HOST or HOST:PORT; repeat for more)",
    )
    parser.add_argument(
        "--require-https", action="store_true", help="refuse targets that are not https"
    )
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``urlspec redirect-check``: one verdict per target."""
    from urlspec.web.redirect import RedirectConfigError, check_redirect

    try:
        verdicts = [
            check_redirect(
                target,
                base=args.base,
                allowed_hosts=args.allow_hosts,
                require_https=args.require_https,
            )
            for target in args.targets
        ]
    except RedirectConfigError as error:
        raise CLIError(str(error), EXIT_USAGE) from None
    if args.json:
        use_utf8_stdout()
        documents: list[dict[str, Any]] = [
            {
                "target": verdict.target,
                "allowed": verdict.allowed,
                "reason": verdict.reason,
                "message": verdict.message,
                "url": None if verdict.url is None else verdict.url.href,
                "href": verdict.href,
            }
            for verdict in verdicts
        ]
        write_json(documents)
    else:
        rows = [
            [
                "allowed" if verdict.allowed else "refused",
                verdict.reason,
                "-" if verdict.url is None else verdict.url.href,
                quoted(verdict.target),
            ]
            for verdict in verdicts
        ]
        sys.stdout.write(format_table(rows))
    return EXIT_OK if all(verdicts) else EXIT_INVALID
