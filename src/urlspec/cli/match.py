"""``urlspec match PATTERN [FILE ...]``: the lines whose URL matches a URL pattern.

The pattern is a URLPattern constructor string (https://urlpattern.spec.whatwg.org/), such as
``'https://*.example.com/books/:id'``. Each input line (from the files, or stdin) is a URL, resolved
against ``--base`` when given; the lines that match are written as they are, or with ``--json`` as
JSON Lines holding each matching line and the groups of the pattern's components that are not "*".
Like grep, the exit status says whether any line matched.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Final

from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CLIError,
    SubParsers,
    quoted,
    use_utf8_stdout,
    utf8_argument,
)
from urlspec.urlpattern import URLPattern, URLPatternError
from urlspec.urlpattern.canonicalize import COMPONENTS

__all__ = ["add_parser", "run"]

EPILOG: Final = """\
examples:
    urlspec match 'https://*.example.com/books/:id' urls.txt
    urlspec match --json 'https://example.com/:id' urls.txt
    cat urls.txt | urlspec match 'https://*.example/*.pdf'

exit status: 0 some line matched; 1 no line matched; 2 usage error (an invalid pattern, an
unreadable file)."""


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec match``."""
    parser = subparsers.add_parser(
        "match",
        help="print the lines whose URL matches a URL pattern (URLPattern)",
        description="Print the input lines (one URL a line) that match PATTERN, a URLPattern "
        "constructor string such as 'https://*.example.com/books/:id'.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "pattern",
        metavar="PATTERN",
        type=utf8_argument,
        help="a URL pattern: a constructor string such as 'https://*.example.com/books/:id'",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="input files (default: stdin)")
    parser.add_argument(
        "--base", type=utf8_argument, help="the base URL of the pattern and of each line"
    )
    parser.add_argument("--ignore-case", action="store_true", help="match ignoring case")
    parser.add_argument(
        "--invert-match", "-v", action="store_true", help="print the lines that do not match"
    )
    parser.add_argument(
        "--json", action="store_true", help="write JSON Lines: each line with its groups"
    )
    parser.set_defaults(run=run)


def _lines(files: list[str]) -> Iterator[str]:
    if not files:
        if sys.stdin is None:
            raise CLIError("no standard input to read", EXIT_USAGE)
        for line in sys.stdin:
            yield line.rstrip("\r\n")
        return
    for name in files:
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                for line in f:
                    yield line.rstrip("\r\n")
        except OSError as error:
            raise CLIError(f"cannot read {quoted(name)}: {error.strerror}", EXIT_USAGE) from None


def run(args: argparse.Namespace) -> int:
    try:
        pattern = URLPattern(args.pattern, args.base, ignore_case=args.ignore_case)
    except URLPatternError as error:
        raise CLIError(f"invalid pattern {quoted(args.pattern)}: {error}", EXIT_USAGE) from None
    shown = [name for name in COMPONENTS if getattr(pattern, name) != "*"]
    if args.json:
        use_utf8_stdout()
    write = sys.stdout.write
    matched = False
    for line in _lines(args.files):
        line = line.lstrip("\ufeff")
        if not line:
            continue
        if args.json and not args.invert_match:
            result = pattern.exec(line, args.base)
            if result is None:
                continue
            matched = True
            groups = {name: result.component(name).groups for name in shown}
            write(json.dumps({"url": line, "groups": groups}, ensure_ascii=False) + "\n")
            continue
        if pattern.test(line, args.base) != args.invert_match:
            matched = True
            write(
                json.dumps({"url": line}, ensure_ascii=False) + "\n" if args.json else line + "\n"
            )
    return EXIT_OK if matched else EXIT_INVALID
