"""Write a large stream of real URLs, one a line, for benchmarking ``urlspec canon``.

The URL corpora of ``bench/corpora.py`` (kasztp, node_files, isaacs_files: about 98k lines
together; with userbait, when present, about 109k) are concatenated, over and over, until the
wanted number of lines is written. The corpora's lines are copied as bytes, as they are, except
that a byte order mark at the start of a corpus file is left out (in the middle of the stream it
would be part of a line).

    python -m bench.make_big_input --lines 1000000 big.txt
    python -m bench.make_big_input --lines 200000 - | urlspec canon -j 2 > /dev/null
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from bench.corpora import CORPORA, corpus_path, present_corpora

BOM = b"\xef\xbb\xbf"


def default_paths() -> list[Path]:
    """The files of every corpus that is there (bench/corpora.py)."""
    return [corpus_path(name) for name in present_corpora(CORPORA)]


def corpus_lines(paths: Sequence[Path]) -> Iterator[bytes]:
    """The lines of the corpora, in turn, each ending with a newline, forever."""
    while True:
        for path in paths:
            with path.open("rb") as corpus:
                first = corpus.readline().removeprefix(BOM)
                for line in itertools.chain([first], corpus):
                    if line:
                        yield line if line.endswith(b"\n") else line + b"\n"


def write_lines(out: BinaryIO, count: int, paths: Sequence[Path]) -> None:
    """Write the first ``count`` lines of the endless corpus stream to ``out``."""
    lines = corpus_lines(paths)
    for _ in range(count):
        out.write(next(lines))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", help="the file to write, or - for standard output")
    parser.add_argument("--lines", type=int, default=1_000_000, help="how many lines")
    parser.add_argument(
        "--corpus",
        action="append",
        type=Path,
        help="a corpus file to use (repeatable); default: every corpus of bench/corpora.py",
    )
    args = parser.parse_args(argv)
    paths = args.corpus or default_paths()
    missing = [str(path) for path in paths if not path.exists()]
    if missing:
        parser.error(f"missing corpus file(s): {', '.join(missing)}")
    if args.output == "-":
        write_lines(sys.stdout.buffer, args.lines, paths)
    else:
        with open(args.output, "wb") as out:
            write_lines(out, args.lines, paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
