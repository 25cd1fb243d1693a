"""``urlspec canon --format parquet``: canonicalize a column of URLs in Parquet files.

Each input file is read one record batch at a time (constant memory, whatever the number of
rows) and written to one output Parquet file with every input column unchanged and two more:

* the output column (``--output-column``, default ``<column>_canonical``): each value's
  canonical form computed by :mod:`urlspec.engines.columnar`, by default the href
  (``new URL(value, base)``, the API URL parser and the URL serializer, as ``canon`` does for
  lines), or the form of ``--profile`` (``urlspec.canonicalize``); null where the value is null
  or no URL;
* the error column (``--error-column``, default ``<column>_error``): for a value that is no
  URL, the name of the validation error that made it fail (as ``urlspec.engines.columnar.parse``'s
  ``error`` field and the Spark example's ``error`` column hold it); null elsewhere.

Each invalid value is also reported on stderr as FILE:ROW: reason (rows counted from 1 in each
file), as ``canon`` reports invalid lines. A reader of the output that goes away (``-o - |
head``) ends the command quietly with status 1, as in lines mode. Needs the arrow extra
(pyarrow); :mod:`urlspec.cli.canon` imports this module only for ``--format parquet``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TextIO, cast

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from urlspec.canonical import canonicalize_as
from urlspec.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CLIError,
    quoted,
    shortened,
)
from urlspec.engines import columnar
from urlspec.engines.columnar_rows import error_name as name_of_error
from urlspec.validation import InvalidURL

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["BATCH_ROWS", "Columns", "Form", "canonicalize_parquet", "run_parquet"]

#: How many rows are read, canonicalized and written at a time.
BATCH_ROWS: Final = 64 * 1024


@dataclass(slots=True)
class Totals:
    """What was written and found: rows, invalid values, unreadable inputs."""

    rows: int = 0
    invalid: int = 0
    unreadable: int = 0


@dataclass(frozen=True, slots=True)
class Form:
    """The canonical form to write: a profile of ``urlspec.canonicalize``, and its options."""

    profile: str = "whatwg"
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Columns:
    """The column read (``url``) and the two written (``output``, ``error``)."""

    url: str = "url"
    output: str = ""  # default: <url>_canonical
    error: str = ""  # default: <url>_error

    def named(self) -> Columns:
        """These columns with the defaults of the written ones filled in."""
        return Columns(
            self.url, self.output or f"{self.url}_canonical", self.error or f"{self.url}_error"
        )


def canonicalize_parquet(
    names: Sequence[str],
    columns: Columns,
    output: str,
    base: URL | None,
    err: TextIO,
    form: Form | None = None,
) -> int:
    """Canonicalize ``columns.url`` of every input into ``output`` ("-": standard output).

    Reading errors are reported and counted (the next input is read); writing errors propagate
    (``BrokenPipeError`` for a reader that went away, which ``urlspec.cli.app`` ends quietly).
    """
    form = form or Form()
    columns = columns.named()
    if "-" in names:
        raise CLIError("--format parquet reads files, not standard input", EXIT_USAGE)
    if len({columns.url, columns.output, columns.error}) < 3:
        raise CLIError(
            f"the column read ({columns.url!r}), the output column ({columns.output!r}) and "
            f"the error column ({columns.error!r}) must be three different columns",
            EXIT_USAGE,
        )
    # The options are checked before any file is opened (TypeError: an option the profile
    # does not take; ValueError: an unknown profile).
    try:
        columnar.canonicalize_as(pa.array([], pa.string()), form.profile, base, form.options)
    except (TypeError, ValueError) as error:
        raise CLIError(str(error), EXIT_USAGE) from None
    totals = Totals()
    writer: pq.ParquetWriter | None = None
    schema: pa.Schema | None = None
    sink = sys.stdout.buffer if output == "-" else output
    try:
        for name in names:
            for table in canonicalized_tables(name, columns, base, form, err, totals):
                if writer is None or schema is None:
                    schema = table.schema
                    writer = pq.ParquetWriter(sink, schema)
                elif not table.schema.equals(schema):
                    raise CLIError(f"{name}: its columns differ from the first input's", EXIT_USAGE)
                writer.write_table(table)
    finally:
        if writer is not None:
            writer.close()
    if writer is None and totals.unreadable == 0:
        raise CLIError("no Parquet input had any row group to write", EXIT_USAGE)
    if totals.unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if totals.invalid else EXIT_OK


def canonicalized_tables(
    name: str, columns: Columns, base: URL | None, form: Form, err: TextIO, totals: Totals
) -> Iterator[pa.Table]:
    """Each record batch of the input ``name`` as a table with the two columns added; an input
    that cannot be read (or read to its end) is reported on ``err`` and counted."""
    try:
        source = pq.ParquetFile(name)
    except (OSError, pa.ArrowException) as error:
        err.write(f"{name}: cannot read: {error}\n")
        totals.unreadable += 1
        return
    present = source.schema_arrow.names
    if columns.url not in present:
        raise CLIError(f"{name}: no column {columns.url!r} (it has {present})", EXIT_USAGE)
    for written in (columns.output, columns.error):
        if written in present:
            raise CLIError(
                f"{name}: it has a column {written!r} already: name the columns to write with "
                "--output-column and --error-column",
                EXIT_USAGE,
            )
    batches = source.iter_batches(batch_size=BATCH_ROWS)
    row = 0
    while True:
        try:
            batch = next(batches, None)
        except (OSError, pa.ArrowException) as error:
            err.write(f"{name}: cannot read row {row + 1} on: {error}\n")
            totals.unreadable += 1
            return
        if batch is None:
            return
        yield canonicalized_batch(batch, columns, base, form, name, row, err, totals)
        row += batch.num_rows
        totals.rows += batch.num_rows


def canonicalized_batch(
    batch: pa.RecordBatch,
    columns: Columns,
    base: URL | None,
    form: Form,
    name: str,
    first_row: int,
    err: TextIO,
    totals: Totals,
) -> pa.Table:
    """The batch as a table with the output and error columns appended; invalid values
    reported."""
    values = batch.column(columns.url)
    if not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        raise CLIError(
            f"{name}: column {columns.url!r} holds {values.type}, not strings", EXIT_USAGE
        )
    canonical = columnar.canonicalize_as(values, form.profile, base, form.options)
    invalid = pc.and_(pc.is_valid(values), pc.is_null(canonical))
    errors = pa.nulls(len(values), pa.string())
    if pc.any(invalid).as_py():
        names = report_invalid(values, invalid, base, form, name, first_row, err)
        errors = pc.replace_with_mask(errors, invalid, pa.array(names, pa.string()))
        totals.invalid += len(names)
    table = pa.Table.from_batches([batch])
    table = table.append_column(pa.field(columns.output, pa.string()), canonical)
    return table.append_column(pa.field(columns.error, pa.string()), errors)


def report_invalid(
    values: pa.Array[Any],
    invalid: pa.BooleanArray,
    base: URL | None,
    form: Form,
    name: str,
    first_row: int,
    err: TextIO,
) -> list[str]:
    """One line on ``err`` per invalid value: FILE:ROW: invalid URL "...": why, as the scalar
    API's InvalidURL says; returns the name of each one's fatal validation error (invalid values
    are rare: each is canonicalized again for that)."""
    rows = cast(list[int], pc.indices_nonzero(invalid).to_pylist())
    texts = cast(list[str], pc.filter(values, invalid).to_pylist())  # invalid: never null
    names: list[str] = []
    for row, value in zip(rows, texts, strict=True):
        try:
            canonicalize_as(value, form.profile, base, form.options)
            error_name, reason = "failure", "the URL parser failed"  # not reached
        except InvalidURL as error:
            error_name = name_of_error(error)
            reason = error.reason
        names.append(error_name)
        where = f"{name}:{first_row + row + 1}"
        err.write(f"{where}: invalid URL {quoted(shortened(value))}: {reason}\n")
    return names


def run_parquet(args: argparse.Namespace, names: Sequence[str], base: URL | None) -> int:
    """``urlspec canon --format parquet``: checks the options that lines take and Parquet not."""
    if args.output is None:
        raise CLIError("--format parquet needs --output PATH (a Parquet file, or '-')", EXIT_USAGE)
    if args.jsonl:
        raise CLIError("--jsonl is for lines; --format parquet writes a Parquet file", EXIT_USAGE)
    if args.unique:
        raise CLIError("--unique is for lines; --format parquet keeps every row", EXIT_USAGE)
    options: dict[str, object] = {}
    if args.strip_params:
        options["strip_params"] = list(args.strip_params)
    columns = Columns(args.column or "url", args.output_column or "", args.error_column or "")
    form = Form(args.profile, options)
    return canonicalize_parquet(names, columns, args.output, base, sys.stderr, form)
