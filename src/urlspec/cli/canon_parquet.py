"""``urlspec canon --format parquet``: canonicalize a column of URLs in Parquet files.

Each input file is read one record batch at a time (constant memory, whatever the number of
rows) and written to one output Parquet file with the same columns, the URL column replaced by
each value's canonical form computed by :mod:`urlspec.columnar`: by default the href
(``new URL(value, base)``, the API URL parser and the URL serializer, as ``canon`` does for
lines), or the form of ``--profile`` (``urlspec.canonicalize``); null where the value is null
or no URL. Each invalid value is reported on stderr as FILE:ROW: reason (rows counted from 1 in
each file), as ``canon`` reports invalid lines. Needs the arrow extra (pyarrow).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TextIO

from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CLIError,
    quoted,
    shortened,
)

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["BATCH_ROWS", "canonicalize_parquet", "run_parquet"]

#: How many rows are read, canonicalized and written at a time.
BATCH_ROWS: Final = 64 * 1024


@dataclass(slots=True)
class Totals:
    """What was written and found: rows, invalid values, unreadable inputs."""

    rows: int = 0
    invalid: int = 0
    unreadable: int = 0


def import_pyarrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or a usage error saying what to install."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise CLIError(
            "--format parquet needs pyarrow: pip install 'urlspec[arrow]'", EXIT_USAGE
        ) from None
    return pa, pq


@dataclass(frozen=True, slots=True)
class Form:
    """The canonical form to write: a profile of ``urlspec.canonicalize``, and its options."""

    profile: str = "whatwg"
    options: dict[str, Any] = field(default_factory=dict)


def canonicalize_parquet(
    names: Sequence[str],
    column: str,
    output: str,
    base: URL | None,
    err: TextIO,
    form: Form | None = None,
) -> int:
    """Canonicalize ``column`` of every input into ``output`` ("-": standard output)."""
    form = form or Form()
    pa, pq = import_pyarrow()
    from urlspec import columnar

    if "-" in names:
        raise CLIError("--format parquet reads files, not standard input", EXIT_USAGE)
    totals = Totals()
    writer = None
    sink = sys.stdout.buffer if output == "-" else output
    try:
        for name in names:
            try:
                source = pq.ParquetFile(name)
            except (OSError, pa.ArrowException) as error:
                err.write(f"{name}: cannot read: {error}\n")
                totals.unreadable += 1
                continue
            if column not in source.schema_arrow.names:
                raise CLIError(
                    f"{name}: no column {column!r} (it has {source.schema_arrow.names})", EXIT_USAGE
                )
            row = 0
            try:
                for batch in source.iter_batches(batch_size=BATCH_ROWS):
                    table = canonicalized_batch(
                        pa, columnar, batch, column, base, form, name, row, err, totals
                    )
                    if writer is None:
                        writer = pq.ParquetWriter(sink, table.schema)
                    elif not table.schema.equals(writer.schema):
                        raise CLIError(
                            f"{name}: its columns differ from the first input's", EXIT_USAGE
                        )
                    writer.write_table(table)
                    row += batch.num_rows
            except (OSError, pa.ArrowException) as error:
                err.write(f"{name}: cannot read row {row + 1} on: {error}\n")
                totals.unreadable += 1
            totals.rows += row
    finally:
        if writer is not None:
            writer.close()
    if writer is None and totals.unreadable == 0:
        raise CLIError("no Parquet input had any row group to write", EXIT_USAGE)
    if totals.unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if totals.invalid else EXIT_OK


def canonicalized_batch(
    pa: Any,
    columnar: Any,
    batch: Any,
    column: str,
    base: URL | None,
    form: Form,
    name: str,
    first_row: int,
    err: TextIO,
    totals: Totals,
) -> Any:
    """The batch as a table, ``column`` replaced by its canonical forms; invalid values
    reported."""
    index = batch.schema.get_field_index(column)
    values = batch.column(index)
    try:
        canonical = columnar.canonicalize_as(values, form.profile, base, form.options)
    except TypeError as error:
        raise CLIError(f"{name}: column {column!r}: {error}") from None
    invalid = pa.compute.and_(pa.compute.is_valid(values), pa.compute.is_null(canonical))
    if pa.compute.any(invalid).as_py():
        report_invalid(pa, values, invalid, base, form, name, first_row, err, totals)
    table = pa.Table.from_batches([batch])
    return table.set_column(index, pa.field(column, pa.string()), canonical)


def report_invalid(
    pa: Any,
    values: Any,
    invalid: Any,
    base: URL | None,
    form: Form,
    name: str,
    first_row: int,
    err: TextIO,
    totals: Totals,
) -> None:
    """One line on ``err`` per invalid value: FILE:ROW: invalid URL "...": why, as the scalar
    API's InvalidURL says (invalid values are rare: each is canonicalized again for that)."""
    from urlspec.canonical import canonicalize_as
    from urlspec.validation import InvalidURL

    rows = pa.compute.indices_nonzero(invalid).to_pylist()
    bad = pa.compute.take(values, pa.array(rows, pa.int64())).to_pylist()
    for row, value in zip(rows, bad, strict=True):
        try:
            canonicalize_as(value, form.profile, base, form.options)
            reason = "the URL parser failed"  # not reached: the value was invalid above
        except InvalidURL as error:
            reason = error.reason
        where = f"{name}:{first_row + row + 1}"
        err.write(f"{where}: invalid URL {quoted(shortened(value))}: {reason}\n")
    totals.invalid += len(rows)


def run_parquet(args: argparse.Namespace, names: Sequence[str], base: URL | None) -> int:
    """``urlspec canon --format parquet``: checks the options that lines take and Parquet not."""
    if args.output is None:
        raise CLIError("--format parquet needs --output PATH (a Parquet file, or '-')", EXIT_USAGE)
    if args.jsonl:
        raise CLIError("--jsonl is for lines; --format parquet writes a Parquet file", EXIT_USAGE)
    if args.unique:
        raise CLIError("--unique is for lines; --format parquet keeps every row", EXIT_USAGE)
    options: dict[str, Any] = {}
    if args.strip_params:
        options["strip_params"] = list(args.strip_params)
    form = Form(args.profile, options)
    return canonicalize_parquet(names, args.column, args.output, base, sys.stderr, form)
