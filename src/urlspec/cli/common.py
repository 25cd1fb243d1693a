"""What every ``urlspec`` subcommand shares: exit statuses, errors, argument types, output helpers.

The subcommands report problems through :class:`CLIError` (a message naming the input and an
exit status) and never let a traceback reach the user; ``urlspec.cli.app.main`` turns the error
into one line on stderr. Output helpers here keep what is shown unambiguous: inputs are shown
quoted with control characters escaped, tables are aligned, JSON is UTF-8.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO, TypeAlias

from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL
    from urlspec.validation import ValidationError

__all__ = [
    "COMPONENTS",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_IO_ERROR",
    "EXIT_OK",
    "EXIT_USAGE",
    "MESSAGE_INPUT_LIMIT",
    "CLIError",
    "SubParsers",
    "format_table",
    "parse_base",
    "quoted",
    "shortened",
    "url_components",
    "use_utf8_stdout",
    "utf8_argument",
    "validation_error_records",
    "write_json",
]

#: Every input was valid (and, for ``diff``, the parsers agreed).
EXIT_OK: Final = 0
#: Some input was invalid (or ``check --strict`` found a validation error, or ``diff`` found
#: the parsers disagreeing on the scheme, host or port).
EXIT_INVALID: Final = 1
#: The command line was wrong, or an input file could not be read (argparse also uses 2).
EXIT_USAGE: Final = 2
#: A bug in urlspec: an exception that no documented error explains (sysexits' EX_SOFTWARE).
EXIT_INTERNAL: Final = 70
#: Output could not be written (sysexits' EX_IOERR); unreadable inputs are reported apart.
EXIT_IO_ERROR: Final = 74
#: The reader of the output went away (EPIPE): 1, as the Python documentation's recipe exits.
EXIT_BROKEN_PIPE: Final = 1
#: Interrupted by the user (Ctrl-C): 128 + SIGINT, as a shell reports it.
EXIT_INTERRUPTED: Final = 130

#: The component names of the URL API (https://url.spec.whatwg.org/#api), in href order.
COMPONENTS: Final = (
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)


#: What ``ArgumentParser.add_subparsers`` returns, to which each subcommand adds its parser.
SubParsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class CLIError(Exception):
    """A problem to report on stderr (one line, naming the input) before exiting with ``status``."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def parse_base(base: str | None) -> URL | None:
    """The base URL given with ``--base`` (or as BASE), parsed; None when none was given.

    A base that is not a valid URL is an invalid input like any other (exit status 1), reported
    with the validation error that made it fail.
    """
    if base is None:
        return None
    from urlspec.url import URL
    from urlspec.validation import InvalidURL

    try:
        return URL(base)
    except InvalidURL as error:
        raise CLIError(f"the base is not a valid URL: {error}") from None


def utf8_argument(value: str) -> str:
    """argparse type for URL and domain arguments: the argument as text, which must be UTF-8.

    Python decodes a command-line argument that is not valid UTF-8 with ``surrogateescape``;
    such lone surrogates are no scalar values and cannot be parsed as (or in) a URL, so the
    argument is refused, naming its bytes.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raw = value.encode("utf-8", "surrogateescape")
        raise argparse.ArgumentTypeError(f"argument is not valid UTF-8: {raw!r}") from None
    return value


def quoted(text: str) -> str:
    """``text`` quoted for a message: :func:`urlspec.validation.quote`, the one quoting of all
    urlspec messages (single quotes; ``'``, ``\\`` and unprintable characters escaped)."""
    return quote(text)


#: How much of an input a message quotes: a 10 MB line must not make a 10 MB message.
MESSAGE_INPUT_LIMIT: Final = 200


def shortened(text: str) -> str:
    """``text`` for a message: as it is up to MESSAGE_INPUT_LIMIT characters, else cut there."""
    if len(text) <= MESSAGE_INPUT_LIMIT:
        return text
    return f"{text[:MESSAGE_INPUT_LIMIT]}... ({len(text) - MESSAGE_INPUT_LIMIT} more characters)"


def use_utf8_stdout() -> None:
    """Write stdout in UTF-8 whatever the locale says: JSON text is UTF-8 (RFC 8259 §8.1)."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        # (reconfigure resets errors to "strict" unless told: keep escaping what UTF-8 cannot
        # encode, such as a file name's undecodable bytes)
        sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")


def write_json(document: object, stream: TextIO | None = None) -> None:
    """Write ``document`` as indented JSON followed by a newline."""
    out = sys.stdout if stream is None else stream
    out.write(json.dumps(document, ensure_ascii=False, indent=2))
    out.write("\n")


def url_components(url: URL) -> dict[str, Any]:
    """The URL API's getters (https://url.spec.whatwg.org/#api) of ``url``, for JSON output.

    ``origin`` is the origin's ASCII serialization ("null" for an opaque origin) and ``host_kind``
    the kind of the host (``"none"`` when the host is null).
    """
    record: dict[str, Any] = {"href": url.href, "origin": url.origin}
    for name in COMPONENTS:
        record[name] = getattr(url, name)
    record["host_kind"] = url.host_kind.value
    return record


def validation_error_records(errors: Iterable[ValidationError]) -> list[dict[str, Any]]:
    """Validation errors as JSON objects: spec name, position in the input, description."""
    return [
        {"name": error.name, "position": error.position, "description": error.description}
        for error in errors
    ]


def format_table(rows: Sequence[Sequence[str]], indent: str = "") -> str:
    """Rows of cells as aligned text columns (the last column is not padded), one row a line."""
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        cells.append(row[-1])
        lines.append((indent + "  ".join(cells)).rstrip())
    return "\n".join(lines) + "\n"
