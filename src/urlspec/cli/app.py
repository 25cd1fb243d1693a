"""The ``urlspec`` program: its argument parser, and the guard that keeps tracebacks from users.

``main`` parses the command line, runs the chosen subcommand and turns every way it can end
into an exit status and at most one line on stderr: a :class:`~urlspec.cli.common.CLIError`
becomes its message; a closed stdout (``urlspec canon big.txt | head``) ends the program quietly,
as the Python documentation recommends for SIGPIPE
(https://docs.python.org/3/library/signal.html#note-on-sigpipe); Ctrl-C exits with 130; any
other exception is a bug, reported in one line (``URLSPEC_DEBUG=1`` shows its traceback).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, Final

from urlspec import __version__
from urlspec.cli import canon, diff, examine, guard, host, match, psl, redirect_check
from urlspec.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_IO_ERROR,
    CLIError,
    HelpFormatter,
)

__all__ = ["build_parser", "main"]

DESCRIPTION: Final = """\
URLs done right: parse URLs as the WHATWG URL Standard does (as browsers do), canonicalize
streams of them, and compare the standard's view with Python's urllib.parse."""

EPILOG: Final = """\
exit status: 0 success; 1 some input was invalid (see each command's help); 2 usage error;
70 internal error (a bug in urlspec); 74 output error; 130 interrupted.
Run 'urlspec COMMAND --help' for a command's options."""


def version_text() -> str:
    """What ``urlspec --version`` says: the version, which build runs, and the Python; then the
    data in use (the Public Suffix List, the Unicode version of IDNA)."""
    from urlspec.hosts.public_suffix_list import default_list
    from urlspec.idna import mapping_table_unicode_version
    from urlspec.own_href import COMPILED

    build = "compiled with mypyc" if COMPILED else "pure Python"
    psl = default_list()
    return (
        f"urlspec {__version__} ({build}; Python {sys.version.split()[0]})\n"
        f"Public Suffix List: {psl.version or 'version not stated'} (from {psl.source})\n"
        f"IDNA: Unicode {mapping_table_unicode_version()} (UTS #46 table and character "
        "properties)"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``urlspec`` and all its subcommands."""
    parser = argparse.ArgumentParser(
        prog="urlspec",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--version",
        action=VersionAction,
        help="show the version of urlspec, of the data it uses, and exit",
    )
    subparsers = parser.add_subparsers(
        title="commands",
        metavar="COMMAND",
        dest="command",
        required=True,
        help="the command to run (each has --help)",
    )
    examine.add_parse_parser(subparsers)
    canon.add_parser(subparsers)
    examine.add_join_parser(subparsers)
    examine.add_idna_parser(subparsers)
    examine.add_check_parser(subparsers)
    diff.add_parser(subparsers)
    host.add_parser(subparsers)
    redirect_check.add_parser(subparsers)
    psl.add_parser(subparsers)
    match.add_parser(subparsers)
    guard.add_parser(subparsers)
    for command in subparsers.choices.values():  # every command's help wrapped the same way
        command.formatter_class = HelpFormatter
    return parser


class VersionAction(argparse.Action):
    """``--version``: :func:`version_text`, found only when asked (reading the Public Suffix
    List takes a moment, which no other command should pay for)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(version_text() + "\n")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``urlspec`` with ``argv`` (default: the command line); returns the exit status.

    A usage error exits through argparse (status 2) as ``SystemExit``.
    """
    try:
        return run(argv)
    except BrokenPipeError:
        stop_writing_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as error:  # writing the output failed (a full disk, say)
        sys.stderr.write(f"urlspec: input/output error: {error}\n")
        return EXIT_IO_ERROR
    except Exception as error:  # a bug: one line for the user, the traceback on request
        if os.environ.get("URLSPEC_DEBUG"):
            raise
        sys.stderr.write(
            f"urlspec: internal error: {type(error).__name__}: {error}\n"
            "This is a bug in urlspec; run again with URLSPEC_DEBUG=1 to see the traceback.\n"
        )
        return EXIT_INTERNAL


def run(argv: Sequence[str] | None) -> int:
    """Parse the command line and run the subcommand; a CLIError becomes a message on stderr."""
    if sys.stdout is None:  # started with stdout closed (`urlspec ... >&-`)
        sys.stderr.write("urlspec: no standard output to write to\n")
        return EXIT_IO_ERROR
    args = build_parser().parse_args(argv)
    show_unencodable_characters_escaped()
    try:
        status: int = args.run(args)
    except CLIError as error:
        sys.stdout.flush()
        sys.stderr.write(f"urlspec {args.command}: {error.message}\n")
        return error.status
    sys.stdout.flush()  # here, so that a closed pipe is met inside ``main``'s guard
    return status


def show_unencodable_characters_escaped() -> None:
    """Let text the terminal's encoding cannot show be written escaped rather than fail."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def stop_writing_stdout() -> None:
    """After EPIPE: point stdout at /dev/null, so that the flush at exit cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    finally:
        os.close(devnull)
