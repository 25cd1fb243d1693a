"""``urlspec canon``: canonicalize a stream of URLs, one a line, in constant memory.

Each line is parsed as ``new URL(line, base)`` parses it -- the API URL parser
(https://url.spec.whatwg.org/#api-url-parser) -- and written back as its href, the URL serializer's
output (https://url.spec.whatwg.org/#concept-url-serializer). With ``--jsonl`` each line becomes
one JSON object instead: its number, the input, the href and the other getters of the URL API,
and the validation errors (https://url.spec.whatwg.org/#validation-error).

The input is streamed: it is read in blocks of at most :data:`CHUNK_BYTES`, cut into chunks of
whole lines, and each chunk is canonicalized and written before more than a few chunks are read
ahead. With ``-j N`` the chunks are canonicalized by N worker processes; a window of at most
``2 * N`` chunks in flight keeps memory bounded and the output in input order.

``--profile NAME`` writes each line in the form of a canonicalization profile
(:mod:`urlspec.canonical`) instead of its href; ``--unique`` writes each output once (the set of
outputs already written is the only memory that grows with the input); ``--strip-params``
gives the ``dedup`` profile the query parameters to remove.
"""

from __future__ import annotations

import argparse
import itertools
import os
import signal
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO, Final, TextIO

from urlspec.cli.common import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CLIError,
    SubParsers,
    parse_base,
    require_extra,
    use_utf8_stdout,
    utf8_argument,
)
from urlspec.cli.progress import Progress, is_terminal

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from urlspec.canonical.options import Profile


__all__ = ["add_parser", "run"]

#: How many bytes are read at a time; a chunk is the whole lines of one such block.
CHUNK_BYTES: Final = 256 * 1024
#: The name that means standard input, as a FILE argument.
STDIN_ARGUMENT: Final = "-"
#: How standard input is named in messages and records.
STDIN_NAME: Final = "<stdin>"
#: The UTF-8 byte order mark, ignored at the start of each input.
BOM: Final = b"\xef\xbb\xbf"

DESCRIPTION: Final = """\
Canonicalize URLs, one a line: parse each line as the WHATWG URL Standard's API URL parser does
(new URL(line, base)) and write its href on its own line.

Lines: a line ends at LF; the LF and a CR just before it are removed (as is a CR ending the last,
unterminated line), nothing else: the URL parser itself trims leading and trailing spaces and
C0 controls and removes tabs and newlines. A UTF-8 byte order mark starting an input is
ignored. Blank lines (empty, or only ASCII whitespace) are skipped: they are no URL, produce no
output (no record either) and are not errors, but they count in line numbers. Lines are
decoded as UTF-8; a line that is not valid UTF-8 is reported as an invalid line, as is a line
that is not a valid URL: on stderr as FILE:LINE: reason (or, with --jsonl, as a record whose
href is null), and the stream goes on.

Profiles (--profile): whatwg (the default: the href), dedup (for grouping URLs a server most
likely answers the same: no fragment, escapes of unreserved characters decoded and the others
upper-cased, query parameters sorted by name, an empty query and a domain's trailing dot
dropped), safebrowsing (Google Safe Browsing's canonicalization, of http and https URLs
only; it reads lines the WHATWG parser rejects, such as "%20leadingspace.com/"), surt (the
Internet Archive's SURT key, as CDX indexes use it: "com,example)/path?query"), ssurt (IIPC's
host-first SURT form); in Python, help("urlspec.canonical") describes each. The profiles other
than whatwg take several times as long per line.

Memory stays bounded whatever the number of lines: it grows only with the longest line, which
is held whole, and with --unique, with the set of distinct outputs written. A progress bar is
drawn on stderr when stderr is a terminal and stdout is not."""

EPILOG: Final = """\
--strip-params LIST (dedup only): comma-separated parameter names or fnmatch patterns
(case-sensitive, matched against the form-decoded name); the word "tracking" stands for the
default list of tracking parameters: TRACKING.

--format parquet: every input column is written unchanged, and two more: the output column
(--output-column, default COLUMN_canonical) holds each value's canonical form, null where the
value is null or no URL; the error column (--error-column, default COLUMN_error) holds, for a
value that is no URL, the name of the validation error that made it fail. An input that has
a column of either name already is refused.

--jsonl record keys: line, file, input, href (null when invalid), origin, protocol, username,
password, host, hostname, port, pathname, search, hash, host_kind (null when invalid), errors
(the names of the validation errors met) and error (why the line is invalid, else null).

exit status: 0 every line was valid; 1 some line (or the base) was invalid; 2 usage error, or
an input file could not be read; 70 internal error (a bug in urlspec); 74 the output could not
be written; 130 interrupted; after the reader of the output went away (a closed pipe), 1,
quietly."""


#: The names --profile accepts (urlspec.canonical.PROFILES, not imported here: it is cheap
#: to declare the command).
PROFILE_NAMES: Final[tuple[Profile, ...]] = ("whatwg", "dedup", "safebrowsing", "surt", "ssurt")


def add_parser(subparsers: SubParsers) -> None:
    """Declare ``urlspec canon`` and its options."""
    from urlspec.canonical.options import TRACKING_PARAMETERS

    parser = subparsers.add_parser(
        "canon",
        help="canonicalize a stream of URLs, one a line",
        description=DESCRIPTION,
        epilog=EPILOG.replace("TRACKING", " ".join(TRACKING_PARAMETERS)),
    )
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="files of URLs, one a line; none or '-' reads standard input",
    )
    parser.add_argument(
        "--base",
        metavar="BASE",
        type=utf8_argument,
        help="resolve each line against this base URL",
    )
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help="write one JSON object per line (see below) instead of the href",
    )
    parser.add_argument(
        "--profile",
        choices=PROFILE_NAMES,
        default="whatwg",
        metavar="NAME",
        help=f"the canonical form to write: {', '.join(PROFILE_NAMES)} (default: whatwg, the "
        "href); see above",
    )
    parser.add_argument(
        "--unique",
        action="store_true",
        help="write each output once, at its first occurrence (not with --jsonl)",
    )
    parser.add_argument(
        "--strip-params",
        type=strip_params_argument,
        metavar="LIST",
        help="with --profile dedup: remove these query parameters (see below)",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs_argument,
        default=1,
        metavar="N",
        help="canonicalize in N worker processes (0: one per CPU; default 1); an input of a "
        "single chunk (256 KiB) is canonicalized without them",
    )
    parser.add_argument(
        "--format",
        choices=("lines", "parquet"),
        default="lines",
        help="lines: URLs one a line (the default); parquet: the URLs of a column of Parquet "
        "files, written to --output with every input column and two more (see below; needs "
        "the arrow extra)",
    )
    parser.add_argument(
        "--column",
        metavar="NAME",
        help="with --format parquet: the column of URLs to read (default: url)",
    )
    parser.add_argument(
        "--output-column",
        metavar="NAME",
        help="with --format parquet: the column to write the canonical forms to (default: "
        "the --column name followed by _canonical)",
    )
    parser.add_argument(
        "--error-column",
        metavar="NAME",
        help="with --format parquet: the column to write, for each invalid value, the name "
        "of the validation error that made it fail (default: the --column name followed by "
        "_error)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="with --format parquet: the Parquet file to write ('-': standard output)",
    )
    parser.set_defaults(run=run)


#: The most worker processes -j starts on a machine with up to 16 CPUs (4 per CPU beyond that).
MAX_JOBS: Final = 64


def jobs_argument(value: str) -> int:
    """argparse type for ``-j``: a number of processes, 0 meaning one per available CPU."""
    try:
        jobs = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of processes: {value!r}") from None
    if jobs < 0:
        raise argparse.ArgumentTypeError(f"the number of processes must be >= 0, not {jobs}")
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if jobs == 0:
        return cpus
    limit = max(MAX_JOBS, 4 * cpus)  # each is a process started up front: no fork bomb
    if jobs > limit:
        raise argparse.ArgumentTypeError(f"at most {limit} processes here, not {jobs}")
    return jobs


def strip_params_argument(value: str) -> tuple[str, ...]:
    """argparse type for ``--strip-params``: comma-separated names or patterns, "tracking"
    expanded to the default list."""
    from urlspec.canonical.options import TRACKING, TRACKING_PARAMETERS

    names: list[str] = []
    for name in value.split(","):
        name = name.strip()
        if name == TRACKING:
            names.extend(TRACKING_PARAMETERS)
        elif name:
            names.append(name)
    if not names:
        raise argparse.ArgumentTypeError(f"no parameter names in {value!r}")
    return tuple(names)


# --- what flows through the pipeline -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """How each line is canonicalized: against which base, written how."""

    base: str | None
    jsonl: bool
    profile: Profile = "whatwg"
    strip_params: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive lines of one input, joined by their LFs, the first being line ``first_line``.

    The lines travel as one bytes object: one call splits them, and it is what is cheapest to
    send to a worker process.
    """

    source: str
    first_line: int
    data: bytes  # the lines, each but the last followed by its LF
    line_count: int
    size: int  # the bytes of input these lines were read from, line ends included


@dataclass(frozen=True, slots=True)
class Unreadable:
    """An input that could not be opened or read to its end."""

    source: str
    reason: str


@dataclass(slots=True)
class ChunkResult:
    """What canonicalizing a chunk produced: text for stdout, messages for stderr, counts."""

    output: str = ""  # one line per href or record, each ending with LF
    messages: list[str] = field(default_factory=list)
    lines: int = 0
    size: int = 0
    invalid: int = 0
    internal: int = 0
    unreadable: int = 0


# --- reading: inputs -> chunks of lines --------------------------------------------------------


def read_chunks(names: Sequence[str]) -> Iterator[Chunk | Unreadable]:
    """The lines of every input in turn, in chunks; an input that fails yields ``Unreadable``."""
    for name in names:
        source = STDIN_NAME if name == STDIN_ARGUMENT else name
        try:
            if name == STDIN_ARGUMENT:
                if sys.stdin is None:
                    yield Unreadable(source, "there is no standard input")
                    continue
                yield from chunks_of(sys.stdin.buffer, source)
            else:
                with open(name, "rb") as stream:
                    yield from chunks_of(stream, source)
        except OSError as error:
            yield Unreadable(source, error.strerror or str(error))


def chunks_of(stream: BinaryIO, source: str) -> Iterator[Chunk]:
    """The lines of ``stream`` in chunks, each the whole lines of one read (at most CHUNK_BYTES).

    A read returns what is available, so lines arriving slowly through a pipe or a terminal are
    canonicalized as they come. A line longer than a block is gathered over several reads.
    """
    read = getattr(stream, "read1", stream.read)
    partial: list[bytes] = []  # the start of a line whose LF has not been read yet
    next_line = 1
    while block := read(CHUNK_BYTES):
        end = block.rfind(b"\n")
        if end < 0:
            partial.append(block)
            continue
        data = b"".join([*partial, block[:end]]) if partial else block[:end]
        partial = [block[end + 1 :]] if end + 1 < len(block) else []
        chunk = make_chunk(source, next_line, data, size=len(data) + 1)
        yield chunk
        next_line += chunk.line_count
    if partial:
        data = b"".join(partial)
        yield make_chunk(source, next_line, data, size=len(data))


def make_chunk(source: str, first_line: int, data: bytes, size: int) -> Chunk:
    """The chunk of the lines in ``data``; a byte order mark starting the input is dropped."""
    if first_line == 1 and data.startswith(BOM):
        data = data[len(BOM) :]
    return Chunk(source, first_line, data, data.count(b"\n") + 1, size)


def total_size(names: Sequence[str]) -> int | None:
    """The bytes left to read in all inputs, or None when one is not a regular file."""
    total = 0
    for name in names:
        try:
            if name == STDIN_ARGUMENT:
                fd = sys.stdin.fileno()
                info = os.fstat(fd)
                offset = os.lseek(fd, 0, os.SEEK_CUR) if stat.S_ISREG(info.st_mode) else 0
            else:
                info = os.stat(name)
                offset = 0
        except (OSError, ValueError, AttributeError):
            return None
        if not stat.S_ISREG(info.st_mode):
            return None
        total += max(info.st_size - offset, 0)
    return total


# --- canonicalizing: chunk -> result (in a worker process with -j) -----------------------------


def canonicalize_chunk(settings: Settings, chunk: Chunk) -> ChunkResult:
    """Canonicalize every line of ``chunk`` (see :mod:`urlspec.cli.canon_worker`)."""
    from urlspec.cli import canon_worker  # imports the URL parser: only now, that it is needed

    return canon_worker.canonicalize_chunk(settings, chunk)


def read_failure(item: Unreadable) -> ChunkResult:
    """The result standing for an input that could not be read."""
    return ChunkResult(messages=[f"{item.source}: cannot read: {item.reason}"], unreadable=1)


# --- the pipeline: chunks -> (workers) -> results, in input order ------------------------------


def canonicalize_stream(
    items: Iterator[Chunk | Unreadable],
    settings: Settings,
    jobs: int,
    write: Callable[[ChunkResult], None],
) -> None:
    """Canonicalize every chunk and ``write`` the results in input order.

    The first chunk is canonicalized here, at once (a small input never waits for a pool to
    start, and lines typed or piped slowly come out as they arrive). With more than one job,
    the chunks after it go to a pool of worker processes, at most ``2 * jobs`` in flight: when
    the window is full, the oldest result is waited for and written before another chunk is
    read.
    """
    first = next(items, None)
    if first is None:
        return
    write(canonicalize_here(settings, first))
    if jobs <= 1:
        for item in items:
            write(canonicalize_here(settings, item))
        return
    second = next(items, None)
    if second is None:
        return
    from concurrent.futures import ProcessPoolExecutor  # only now: it is slow to import

    pool = ProcessPoolExecutor(jobs, initializer=ignore_keyboard_interrupts)
    finished = False
    try:
        pending: deque[Future[ChunkResult]] = deque()
        for item in itertools.chain([second], items):
            pending.append(submit(pool, settings, item))
            while pending and (len(pending) >= 2 * jobs or pending[0].done()):
                write(pending.popleft().result())
        while pending:
            write(pending.popleft().result())
        finished = True
    finally:
        pool.shutdown(wait=finished, cancel_futures=True)


def canonicalize_here(settings: Settings, item: Chunk | Unreadable) -> ChunkResult:
    """Canonicalize one chunk in this process."""
    if isinstance(item, Unreadable):
        return read_failure(item)
    return canonicalize_chunk(settings, item)


def submit(
    pool: ProcessPoolExecutor, settings: Settings, item: Chunk | Unreadable
) -> Future[ChunkResult]:
    """Start canonicalizing ``item`` in the pool (an unreadable input's result is at hand)."""
    from concurrent.futures import Future

    if isinstance(item, Unreadable):
        failure: Future[ChunkResult] = Future()
        failure.set_result(read_failure(item))
        return failure
    return pool.submit(canonicalize_chunk, settings, item)


def ignore_keyboard_interrupts() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# --- writing -----------------------------------------------------------------------------------


class ResultWriter:
    """Writes each result as it comes (stdout, stderr, progress) and keeps the totals."""

    def __init__(
        self, out: TextIO, err: TextIO, progress: Progress, *, unique: bool = False
    ) -> None:
        self.out = out
        self.err = err
        self.progress = progress
        #: With --unique: every output line written so far.
        self.seen: set[str] | None = set() if unique else None
        self.duplicates = 0
        self.lines = 0
        self.size = 0
        self.invalid = 0
        self.internal = 0
        self.unreadable = 0

    def __call__(self, result: ChunkResult) -> None:
        self.out.write(result.output if self.seen is None else self.first_occurrences(result))
        # Flushed at once: a chunk is a whole block, or the lines that came through a pipe.
        self.out.flush()
        if result.messages:
            self.progress.clear()
            self.err.write("".join(message + "\n" for message in result.messages))
            self.err.flush()
        self.lines += result.lines
        self.size += result.size
        self.invalid += result.invalid
        self.internal += result.internal
        self.unreadable += result.unreadable
        self.progress.update(self.size, self.lines)

    def first_occurrences(self, result: ChunkResult) -> str:
        """The lines of ``result.output`` not written before (each line ends with LF)."""
        seen = self.seen
        assert seen is not None
        new: list[str] = []
        for line in result.output.split("\n")[:-1]:
            if line not in seen:
                seen.add(line)
                new.append(line + "\n")
        self.duplicates += result.output.count("\n") - len(new)
        return "".join(new)

    def exit_status(self) -> int:
        """The exit status the totals call for (the gravest problem wins)."""
        if self.internal:
            return EXIT_INTERNAL
        if self.unreadable:
            return EXIT_USAGE
        if self.invalid:
            return EXIT_INVALID
        return EXIT_OK


#: The options that mean something only with --format parquet, and their attribute names.
PARQUET_OPTIONS: Final = {
    "--output": "output",
    "--column": "column",
    "--output-column": "output_column",
    "--error-column": "error_column",
}


def check_profile_options(args: argparse.Namespace) -> None:
    """Refuse combinations of options that mean nothing (a usage error, status 2)."""
    if args.strip_params and args.profile != "dedup":
        raise CLIError("--strip-params needs --profile dedup", EXIT_USAGE)
    if args.jsonl and args.profile != "whatwg":
        raise CLIError("--jsonl writes the URL's components: not with --profile", EXIT_USAGE)
    if args.jsonl and args.unique:
        raise CLIError("--unique writes outputs, not records: not with --jsonl", EXIT_USAGE)


def run(args: argparse.Namespace) -> int:
    """``urlspec canon``: canonicalize the inputs; the exit status says whether all were valid."""
    names: list[str] = args.files or [STDIN_ARGUMENT]
    check_profile_options(args)
    base = parse_base(args.base)  # refused before any line is read
    if args.format == "parquet":
        require_extra("pyarrow", "arrow", "--format parquet")
        from urlspec.cli.canon_parquet import run_parquet

        return run_parquet(args, names, base)
    for option, value in PARQUET_OPTIONS.items():
        if getattr(args, value) is not None:
            raise CLIError(f"{option} is for --format parquet", EXIT_USAGE)
    if args.jsonl:
        use_utf8_stdout()
    # On a terminal, the output itself shows the progress.
    show_progress = is_terminal(sys.stderr) and not is_terminal(sys.stdout)
    progress = Progress(sys.stderr, total_size(names), enabled=show_progress)
    writer = ResultWriter(sys.stdout, sys.stderr, progress, unique=args.unique)
    settings = Settings(args.base, args.jsonl, args.profile, args.strip_params or ())
    try:
        canonicalize_stream(read_chunks(names), settings, args.jobs, writer)
    finally:
        progress.clear()
    progress.summarize(writer.size, writer.lines, writer.invalid)  # with the bar, a last line
    return writer.exit_status()
