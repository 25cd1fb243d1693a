"""``urlspec psl``: which Public Suffix List urlspec reads, and taking a newer one offline.

``urlspec psl update --from FILE`` checks that FILE is a list in the format of
public_suffix_list.dat (every rule a domain) and stores a copy where
:func:`urlspec.hosts.public_suffix_list.default_list` reads it first
(:func:`urlspec.hosts.public_suffix_list.user_list_path`). Nothing is ever fetched: download the
list with the tool of your choice (it is published at publicsuffix.org), then hand it over.
``urlspec psl show`` says which list is in use and where each candidate is.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Final

from urlspec.cli.common import EXIT_OK, CLIError, SubParsers, format_table
from urlspec.host import HostKind, InvalidHost, parse_host_string
from urlspec.hosts.public_suffix_list import (
    PSL_FILE_VARIABLE,
    PublicSuffixList,
    default_list,
    user_list_path,
)

__all__ = ["add_parser"]

EPILOG: Final = f"""\
which list urlspec reads (the first that applies):
  1. the file named by the environment variable {PSL_FILE_VARIABLE} (it must exist);
  2. the file 'urlspec psl update' stored:
     $XDG_DATA_HOME/urlspec/public_suffix_list.dat
     (XDG_DATA_HOME is ~/.local/share when not set);
  3. the copy in the publicsuffixlist package (pip install -U publicsuffixlist updates it).
In Python, PublicSuffixList.from_file(path) reads any list file, and functions such as
urlspec.extract take it as psl=.

exit status: 0 success; 1 FILE cannot be read or is not a list; 2 usage error."""


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec psl`` and its subcommands."""
    parser = subparsers.add_parser(
        "psl",
        help="show the Public Suffix List in use, or install a newer one from a file",
        description="Show which Public Suffix List urlspec reads, or install a list file you "
        "downloaded (no network access is ever made).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        title="commands",
        metavar="COMMAND",
        dest="psl_command",
        required=True,
        help="what to do with the list (each has --help)",
    )
    update = commands.add_parser(
        "update",
        help="check a list file and store it where urlspec reads it first",
        description="Check that FILE is a Public Suffix List (the format of "
        "public_suffix_list.dat, every rule a domain) and store a copy of it where urlspec "
        "reads its list (see 'urlspec psl --help').",
    )
    update.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="FILE",
        help="the list file to install (public_suffix_list.dat, UTF-8)",
    )
    update.add_argument(
        "--to",
        dest="target",
        metavar="PATH",
        default=None,
        help=f"where to store it (default: ${PSL_FILE_VARIABLE} if set, else the user data "
        "file that 'urlspec psl --help' names)",
    )
    update.set_defaults(run=run_update)
    show = commands.add_parser(
        "show",
        help="say which list is in use, its version, and where each candidate file is",
        description="Say which Public Suffix List urlspec reads, its version, and where the "
        "files it looks for are.",
    )
    show.set_defaults(run=run_show)


def _checked_rule_count(text: str, source: str) -> int:
    """The number of rules of a list's text (each line's first word, unless it is empty or a
    comment), after checking that each names a domain (the host parser reads it, less its "!"
    or "*." prefix, as a domain): raises CLIError naming the first line that does not."""
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("//"):
            continue
        rule = words[0]
        name = rule[1:] if rule.startswith("!") else rule.removeprefix("*.")
        try:
            kind = parse_host_string(name).kind
        except InvalidHost:
            kind = None
        if kind is not HostKind.DOMAIN:
            raise CLIError(
                f"{source!r} is not a Public Suffix List: line {number}: {rule!r} is not a domain"
            )
        count += 1
    return count


def run_update(args: argparse.Namespace) -> int:
    """``urlspec psl update --from FILE``: check FILE, then write it atomically to the target."""
    source: str = args.source
    try:
        with open(source, encoding="utf-8-sig") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise CLIError(f"cannot read the list {source!r}: {error}") from None
    rules = _checked_rule_count(text, source)
    try:
        psl = PublicSuffixList.from_text(text, source=source)
    except ValueError as error:
        raise CLIError(f"{source!r} is not a Public Suffix List: {error}") from None
    if rules == 0:
        raise CLIError(f"{source!r} is not a Public Suffix List: it has no rules")
    target: str = args.target or user_list_path()
    directory = os.path.dirname(os.path.abspath(target))
    try:
        os.makedirs(directory, exist_ok=True)
        # Written next to the target, then renamed over it: a reader never sees half a list.
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".psl-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
                file.write(text)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        raise CLIError(f"cannot store the list at {target!r}: {error}") from None
    version = psl.version or "version not stated"
    sys.stdout.write(f"stored {rules} rules ({version}) from {source} in {target}\n")
    if args.target is not None and os.path.abspath(target) != os.path.abspath(user_list_path()):
        sys.stdout.write(f"urlspec reads it when {PSL_FILE_VARIABLE}={target}\n")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    """``urlspec psl show``: the list in use and the candidates."""
    named = os.environ.get(PSL_FILE_VARIABLE)
    try:
        psl = default_list()
    except (OSError, ValueError) as error:
        raise CLIError(f"cannot read the list in use: {error}") from None
    user_file = user_list_path()
    rows = [
        ["in use", psl.source],
        ["version", psl.version or "not stated"],
        [f"${PSL_FILE_VARIABLE}", named or "(not set)"],
        [
            "stored by 'psl update'",
            f"{user_file} ({'present' if os.path.isfile(user_file) else 'absent'})",
        ],
    ]
    sys.stdout.write(format_table(rows))
    return EXIT_OK
