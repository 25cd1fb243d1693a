"""What every ``urlspec`` subcommand shares: exit statuses, errors, argument types, output helpers.

The subcommands report problems through :class:`CLIError` (a message naming the input and an
exit status) and never let a traceback reach the user; ``urlspec.cli.app.main`` turns the error
into one line on stderr. Output helpers here keep what is shown unambiguous: inputs are shown
quoted with control characters escaped, tables are aligned, JSON is UTF-8.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO, TypeAlias

from urlspec.validation import quote

if TYPE_CHECKING:
    import importlib.metadata

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
    "STDIN_ARGUMENT",
    "CLIError",
    "HelpFormatter",
    "SubParsers",
    "arguments_or_stdin",
    "format_table",
    "install_hint",
    "parse_base",
    "quoted",
    "require_extra",
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


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter with descriptions and epilogs wrapped to the terminal, paragraph
    by paragraph.

    (argparse's own formatter joins every paragraph into one; ``RawDescriptionHelpFormatter``
    wraps none, so long lines overflow a narrow terminal.) Paragraphs are separated by blank
    lines. Inside one, consecutive lines of the same indentation are joined and wrapped at that
    indentation (a heading line ending with ":" stays a line of its own, and so does a line
    starting with "- "; a numbered item, "1. text", goes on in lines indented under its text);
    lines indented by four spaces or more (commands, examples) are kept as they are.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = re.split(r"\n[ \t]*\n", text.strip("\n"))
        return "\n\n".join(
            "\n".join(wrapped_paragraph(paragraph, max(width, 20), indent))
            for paragraph in paragraphs
        )


#: A definition-list line: indentation, a term followed by two spaces or more, its text.
_DEFINITION_RE: Final = re.compile(r"( {0,3})(\S+(?: \S+)*? {2,})(\S.*)")
#: A numbered list item: indentation, its number ("1. "), its text.
_NUMBERED_RE: Final = re.compile(r"( {0,3})(\d+\. )(\S.*)")


def wrapped_paragraph(paragraph: str, width: int, indent: str) -> list[str]:
    """The lines of one paragraph of help text, wrapped (see :class:`HelpFormatter`).

    Besides runs of lines of one indentation, a definition list keeps its layout: a line
    ``  term    text`` whose next lines are indented to where ``text`` starts is wrapped with
    that hanging indentation.
    """
    import textwrap

    lines: list[str] = []
    group: list[str] = []
    first_prefix = later_prefix = ""

    def flush() -> None:
        if group:
            text = " ".join(line.strip() for line in group)
            lines.extend(
                textwrap.wrap(
                    text,
                    width,
                    initial_indent=indent + first_prefix,
                    subsequent_indent=indent + later_prefix,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
            group.clear()

    for line in paragraph.splitlines():
        leading = line[: len(line) - len(line.lstrip())]
        numbered = _NUMBERED_RE.fullmatch(line)
        if (
            group
            and leading == later_prefix
            and not line.lstrip().startswith("- ")
            and not numbered
        ):
            group.append(line)  # the group goes on
        else:
            flush()
            definition = numbered or _DEFINITION_RE.fullmatch(line)
            if definition is not None:
                first_prefix = definition.group(1) + definition.group(2)
                later_prefix = " " * len(first_prefix)
                group.append(definition.group(3))
            elif len(leading) >= 4:  # a command or an example: as it is
                lines.append(indent + line.rstrip())
                first_prefix = later_prefix = "\0"  # nothing joins it
            else:
                first_prefix = later_prefix = leading
                group.append(line)
        if line.rstrip().endswith(":"):
            flush()
    flush()
    return lines


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


def require_extra(module: str, extra: str, feature: str) -> None:
    """A usage error saying what to install, unless ``module`` (of the extra ``extra``) can be
    imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        raise CLIError(f"{feature} needs {module}: {install_hint(extra)}", EXIT_USAGE) from None


#: A requirement of an extra in the distribution's metadata: ``pyarrow>=18; extra == "arrow"``.
_EXTRA_REQUIREMENT_RE: Final = re.compile(r"""(.*?)\s*;\s*extra\s*==\s*["']([^"']+)["']\s*$""")


def install_hint(extra: str, distribution: importlib.metadata.Distribution | None = None) -> str:
    """How to install the extra ``extra``, as fits the way urlspec was installed.

    From a package index: ``pip install 'urlspec[arrow]'``. From a checkout (pip's record of a
    direct install, ``direct_url.json``, names a directory): ``pip install '.[arrow]'`` there
    (``-e`` for an editable install), which builds urlspec again (compiling it again, for the
    compiled build), so the extra's own requirements, which need no build, are given too.
    ``distribution``: urlspec's installed distribution (found when not given).
    """
    # Imported here, on this error's path: no command pays for them otherwise.
    import importlib.metadata
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    try:
        if distribution is None:
            distribution = importlib.metadata.distribution("urlspec")
        direct_url = distribution.read_text("direct_url.json")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return f"pip install '.[{extra}]' (in the source tree)"
    if direct_url is None:
        return f"pip install 'urlspec[{extra}]'"
    try:
        record = json.loads(direct_url)
    except ValueError:
        return f"pip install 'urlspec[{extra}]'"
    if not isinstance(record, dict) or not isinstance(record.get("dir_info"), dict):
        return f"pip install 'urlspec[{extra}]'"  # a wheel or archive URL, a VCS URL
    directory = url2pathname(urlsplit(str(record.get("url", ""))).path)
    editable = "-e " if record["dir_info"].get("editable") else ""
    requirements = " ".join(f"'{name}'" for name in extra_requirements(distribution, extra))
    return (
        f"pip install {editable}'.[{extra}]' in {directory} (or, without building urlspec "
        f"again: pip install {requirements})"
    )


def extra_requirements(distribution: importlib.metadata.Distribution, extra: str) -> list[str]:
    """The requirements of ``extra`` from the distribution's metadata, those of the extras it
    names (``urlspec[arrow]``) expanded."""
    found: list[str] = []
    for line in distribution.requires or []:
        match = _EXTRA_REQUIREMENT_RE.match(line)
        if match is None or match.group(2) != extra:
            continue
        requirement = match.group(1)
        own = re.fullmatch(r"urlspec\[([\w,-]+)\]", requirement)
        if own is None:
            found.append(requirement)
        else:
            for inner in own.group(1).split(","):
                found.extend(extra_requirements(distribution, inner.strip()))
    return list(dict.fromkeys(found))


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


#: The argument that means standard input, where a command takes URLs or files of them.
STDIN_ARGUMENT: Final = "-"


def arguments_or_stdin(values: Sequence[str], command: str) -> Iterator[str]:
    """The URLs a command is given: ``values``, each "-" standing for the lines of standard
    input; none at all means standard input when it is piped (not a terminal). A line ends at
    LF, which is removed with a CR before it; the input is read as UTF-8 (a byte that is not
    UTF-8 becomes U+FFFD), a byte order mark starting it ignored. CLIError (usage) when no URL
    is given and standard input is a terminal or closed."""
    if not values:
        if sys.stdin is None or sys.stdin.isatty():
            raise CLIError(
                f"no URL given (give URLs as arguments, or pipe them into urlspec {command}, "
                "one a line)",
                EXIT_USAGE,
            )
        values = [STDIN_ARGUMENT]
    for value in values:
        if value != STDIN_ARGUMENT:
            yield value
            continue
        if sys.stdin is None:
            raise CLIError("there is no standard input to read", EXIT_USAGE)
        for number, raw in enumerate(sys.stdin.buffer):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            yield line.removeprefix("\ufeff") if number == 0 else line


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
