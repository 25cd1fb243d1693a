"""The work of ``urlspec canon`` on one chunk of lines: each line's href, or its JSON record, or
why it is invalid. With ``-j`` this runs in the worker processes.

Each line is parsed as ``new URL(line, base)`` parses it -- the API URL parser
(https://url.spec.whatwg.org/#api-url-parser) -- and its href is the URL serializer's output
(https://url.spec.whatwg.org/#concept-url-serializer). This module imports the URL parser, so
:mod:`urlspec.cli.canon` imports it only once it has lines to canonicalize, and the other
subcommands never pay for it.

The loop over the lines is the hot path of ``canon``: a chunk is decoded in one call (and split
in another), and a valid line costs one parse and one list append.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from urlspec.cli.canon import Chunk, ChunkResult, Settings
from urlspec.cli.common import (
    COMPONENTS,
    MESSAGE_INPUT_LIMIT,
    quoted,
    shortened,
    url_components,
)
from urlspec.url import URL, validate
from urlspec.validation import InvalidURL

if TYPE_CHECKING:
    from urlspec.canonical.safebrowsing import Refusal

__all__ = ["canonicalize_chunk"]

#: What counts as blank in a line (the ASCII whitespace of bytes.isspace).
ASCII_WHITESPACE: Final = " \t\n\r\x0b\x0c"


@lru_cache(maxsize=1)
def parsed_base(base: str) -> URL:
    """The base URL, parsed once per process (the command has checked that it parses)."""
    return URL(base)


def canonicalize_chunk(settings: Settings, chunk: Chunk) -> ChunkResult:
    """Canonicalize every line of ``chunk``, blank lines skipped."""
    base = None if settings.base is None else parsed_base(settings.base)
    lines = decoded_lines(chunk.data)
    result = ChunkResult(lines=len(lines), size=chunk.size)
    if settings.jsonl:
        output = add_records(result, lines, chunk, base)
    else:
        output = add_hrefs(result, lines, chunk, line_canonicalizer(settings, base))
    if output:
        output.append("")  # so that the last line ends with LF too
        result.output = "\n".join(output)
    return result


def decoded_lines(data: bytes) -> Sequence[str | bytes]:
    """The lines of ``data`` (joined by LF) as text, a CR ending a line removed.

    A line that is not valid UTF-8 stays bytes. (Decoding the whole chunk first is the fast
    way; UTF-8 never uses the byte 0x0A inside a character, so its lines are the same.)
    """
    lines: Sequence[str | bytes]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        lines = [decoded_line(line) for line in data.split(b"\n")]
    else:
        lines = text.split("\n")
    if b"\r" in data:
        lines = [line[:-1] if line[-1:] in ("\r", b"\r") else line for line in lines]
    return lines


def decoded_line(line: bytes) -> str | bytes:
    """``line`` as text, or the bytes themselves when they are not valid UTF-8."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line


def is_blank(line: str) -> bool:
    """Whether ``line`` is empty or only ASCII whitespace (such lines are skipped)."""
    return not line or (line.isspace() and not line.strip(ASCII_WHITESPACE))


#: What writes one line in a profile: its canonical form, or (safebrowsing) why the profile
#: refuses it; InvalidURL when it is no URL.
LineCanonicalizer = Callable[[str], "str | Refusal"]


def line_canonicalizer(settings: Settings, base: URL | None) -> LineCanonicalizer:
    """What writes one line in the chosen profile."""
    if settings.profile == "whatwg":
        return lambda line: URL(line, base).href
    if settings.profile == "dedup":
        from urlspec.canonical.dedup import canonicalize_dedup

        pattern = strip_pattern(settings.strip_params)
        if pattern is None:
            return lambda line: canonicalize_dedup(line, base)
        return lambda line: canonicalize_dedup(line, base, strip_params=pattern)
    # The profiles that read raw text are called directly when there is no base to resolve
    # against (the compiled functions themselves: no dispatch and no wrapper per line).
    if base is None and settings.profile == "safebrowsing":
        # (its refusals as values: a stream of file: URLs costs no exception per line)
        from urlspec.canonical.safebrowsing import canonical_or_refusal

        return canonical_or_refusal
    if base is None and settings.profile == "surt":
        from urlspec.canonical.surt import surt

        return surt
    from urlspec.canonical import canonicalize_as

    profile = settings.profile
    return lambda line: canonicalize_as(line, profile, base, {})


@lru_cache(maxsize=1)
def strip_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """The --strip-params names and patterns as one regular expression, once per process."""
    from urlspec.canonical.dedup import compile_param_patterns

    return compile_param_patterns(names)


def add_hrefs(
    result: ChunkResult,
    lines: Sequence[str | bytes],
    chunk: Chunk,
    canonical: LineCanonicalizer,
) -> list[str]:
    """Each valid line's canonical form; a message is added to ``result`` for each invalid
    one."""
    output: list[str] = []
    for number, line in enumerate(lines, chunk.first_line):
        if isinstance(line, bytes):
            result.messages.append(f"{chunk.source}:{number}: {not_utf8(line)}")
            result.invalid += 1
            continue
        if is_blank(line):
            continue
        try:
            written = canonical(line)
        except InvalidURL as error:  # named by its fatal error, with the input (shortened)
            add_invalid(result, chunk, number, line, error.reason)
            continue
        except Exception as error:  # a bug in urlspec: reported, and the stream goes on
            result.messages.append(f"{chunk.source}:{number}: {internal_error(line, error)}")
            result.internal += 1
            continue
        if isinstance(written, str):
            output.append(written)
        else:  # the profile refuses the line: reported as an InvalidURL would be
            add_invalid(result, chunk, number, line, written.reason)
    return output


def add_invalid(result: ChunkResult, chunk: Chunk, number: int, line: str, reason: str) -> None:
    """Count an invalid line and add its message: the input (shortened) and why."""
    result.messages.append(
        f"{chunk.source}:{number}: invalid URL {quoted(shortened(line))}: {reason}"
    )
    result.invalid += 1


def add_records(
    result: ChunkResult, lines: Sequence[str | bytes], chunk: Chunk, base: URL | None
) -> list[str]:
    """One JSON record per non-blank line, invalid lines included (counted in ``result``)."""
    output: list[str] = []
    for number, line in enumerate(lines, chunk.first_line):
        if isinstance(line, str) and is_blank(line):
            continue
        record = new_record(chunk.source, number)
        if isinstance(line, bytes):
            record["input"] = line.decode("utf-8", "replace")
            record["error"] = not_utf8(line)
            result.invalid += 1
        else:
            record["input"] = line
            try:
                fill_record(record, line, base)
            except Exception as error:  # a bug in urlspec: reported, and the stream goes on
                record["error"] = internal_error(line, error)
                result.internal += 1
            else:
                if record["href"] is None:
                    result.invalid += 1
        output.append(json.dumps(record, ensure_ascii=False))
    return output


def new_record(source: str, number: int) -> dict[str, Any]:
    """A line's JSON record with every key, as for an invalid line."""
    record: dict[str, Any] = {"line": number, "file": source, "input": None}
    record.update(dict.fromkeys(("href", "origin", *COMPONENTS, "host_kind")))
    record["errors"] = []
    record["error"] = None
    return record


def fill_record(record: dict[str, Any], line: str, base: URL | None) -> None:
    """Fill in the components and validation errors of ``line`` parsed against ``base``."""
    try:
        url = URL(line, base)
    except InvalidURL as error:
        record["errors"] = [found.name for found in error.errors]
        record["error"] = error.reason
        return
    record.update(url_components(url))
    record["errors"] = [found.name for found in validate(line, base)]


def not_utf8(line: bytes) -> str:
    """Why ``line`` is invalid input: the offending byte and its offset, and the line's bytes."""
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = line[error.start]
        reason = f"{error.reason}: byte 0x{byte:02x} at offset {error.start}"
        return f"not valid UTF-8 ({reason}): {shortened_bytes(line)}"
    return f"not valid UTF-8: {shortened_bytes(line)}"


def shortened_bytes(line: bytes) -> str:
    """The line's bytes for a message, cut as ``shortened`` cuts a text line."""
    if len(line) <= MESSAGE_INPUT_LIMIT:
        return repr(line)
    return f"{line[:MESSAGE_INPUT_LIMIT]!r}... ({len(line) - MESSAGE_INPUT_LIMIT} more bytes)"


def internal_error(line: str, error: Exception) -> str:
    """The message for an exception that no documented error explains: a bug in urlspec."""
    return (
        f"internal error in urlspec parsing {quoted(line)}: "
        f"{type(error).__name__}: {error} (please report this bug)"
    )
