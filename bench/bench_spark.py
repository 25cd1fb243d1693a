"""Benchmark: urlspec.engines.spark on a local Spark session, against Spark's built-in parse_url.

Over N rows (default 1,000,000: the corpora's lines, repeated) in 8 Parquet files, on
``local[1]`` and then ``local[2]`` (so that the scaling with workers shows), each job reads the
file and computes one column, written to Spark's ``noop`` sink (everything is computed, nothing
stored):

* ``parse_url``: Spark's built-in ``try_parse_url(url, 'HOST')`` (java.net.URI's host; the
  ``try_`` form returns null where ANSI mode would make ``parse_url`` fail the job);
* ``urlspec hostname``: ``urlspec.engines.spark.hostname(url)`` (the WHATWG URL parser's hostname);
* ``urlspec parse().hostname``: ``urlspec.engines.spark.parse(url).hostname`` (the whole struct
  computed, one field kept; ``--skip-parse`` leaves it out);
* ``urlspec href``: ``urlspec.engines.spark.href(url)``;
* with ``--with-floor``, ``Arrow round trip``: an Arrow UDF that returns its input, the cost of
  moving each batch to the Python worker and back, which every Arrow UDF pays.

Jobs alternate within each round; the median wall time over the rounds is reported, in rows per
second (``--clock cpu``: the CPU time of the JVM and of the Python workers it started instead,
which a machine shared with other work does not stretch). Then the two hosts are compared on
every distinct corpus line: how often they disagree, by kind, with examples.

    python -m bench.bench_spark [--rows 1000000] [--rounds 3] [--masters 'local[1],local[2]']
                                [--skip-throughput] [--skip-hosts] [--skip-parse]
                                [--with-floor] [--arrow-batch ROWS] [--clock wall|cpu]

Needs the spark extra and Java. Run it ``nice``d on a shared machine.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from bench.corpora import CORPORA, corpus_path, present_corpora


def distinct_lines() -> list[str]:
    """Every distinct non-blank line of the corpora, in order of first appearance."""
    lines: dict[str, None] = {}
    for name in present_corpora(CORPORA):
        path = corpus_path(name)
        with path.open(encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\r\n").lstrip("\ufeff")
                if line:
                    lines[line] = None
    return list(lines)


#: How many Parquet files the rows are written to (the tasks of each job).
FILES = 8


def write_parts(urls: list[str], directory: str, parts: int) -> None:
    """``urls`` as ``parts`` Parquet files of about the same size in ``directory``."""
    Path(directory).mkdir()
    size = -(-len(urls) // parts)
    for part in range(parts):
        chunk = urls[part * size : (part + 1) * size]
        table = pa.table({"url": pa.array(chunk, pa.string())})
        pq.write_table(table, str(Path(directory) / f"part-{part}.parquet"))


#: Rows per Arrow batch (``spark.sql.execution.arrow.maxRecordsPerBatch``); None: Spark's
#: default (10,000).
ARROW_BATCH: int | None = None


def session(master: str) -> Any:
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    builder = SparkSession.builder
    if ARROW_BATCH is not None:
        builder = builder.config("spark.sql.execution.arrow.maxRecordsPerBatch", str(ARROW_BATCH))
    spark = (
        builder.master(master)
        .appName("urlspec-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.memory", "2g")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def _same_array(urls: pa.Array) -> pa.Array:  # type: ignore[type-arg]
    return urls


def jobs(with_parse: bool, with_floor: bool = False) -> dict[str, Callable[[Any], Any]]:
    """Each job: a column of a DataFrame with a string column ``url``."""
    from pyspark.sql import functions as F
    from pyspark.sql.pandas.functions import arrow_udf
    from pyspark.sql.types import StringType

    from urlspec.engines import spark as urlspark

    named: dict[str, Callable[[Any], Any]] = {
        "parse_url (built-in)": lambda frame: F.try_parse_url(F.col("url"), F.lit("HOST")),
        "urlspec hostname": lambda frame: urlspark.hostname("url"),
        "urlspec href": lambda frame: urlspark.href("url"),
    }
    if with_parse:
        named["urlspec parse().hostname"] = lambda frame: urlspark.parse("url").getField("hostname")
    if with_floor:
        make_udf: Callable[..., Callable[[Any], Any]] = arrow_udf  # as urlspec.spark calls it
        same = make_udf(_same_array, StringType())
        named["Arrow round trip (identity UDF)"] = lambda frame: same(F.col("url"))
    return named


#: What time_job measures: "wall" (elapsed seconds), or "cpu" (the CPU seconds of the JVM and
#: of every process it started, the Python workers among them: on a machine shared with other
#: work, the elapsed time mostly says how much of a core each process got).
CLOCK = "wall"


def tree_cpu_seconds(pid: int) -> float:
    """The CPU time of process ``pid`` and of its descendants, alive or ended and waited for
    (Linux: /proc)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        # After the name: state, ppid, ... utime (14th field of stat), stime, cutime, cstime.
        children[int(fields[1])].append(int(entry))
        times[int(entry)] = sum(int(value) for value in fields[11:15]) / tick
    total, pending = 0.0, [pid]
    while pending:
        process = pending.pop()
        total += times.get(process, 0.0)
        pending += children[process]
    return total


def time_job(spark: Any, path: str, column: Callable[[Any], Any]) -> float:
    frame = spark.read.parquet(path)
    jvm = spark.sparkContext._gateway.proc.pid
    start = tree_cpu_seconds(jvm) if CLOCK == "cpu" else time.perf_counter()
    frame.select(column(frame).alias("out")).write.format("noop").mode("overwrite").save()
    end = tree_cpu_seconds(jvm) if CLOCK == "cpu" else time.perf_counter()
    return end - start


def throughput(
    masters: list[str], path: str, rows: int, rounds: int, with_parse: bool, with_floor: bool
) -> None:
    what = "CPU time of the JVM and its Python workers" if CLOCK == "cpu" else "wall time"
    print(f"\n{rows} rows, {rounds} rounds (median {what}), rows per second:\n")
    print("| master | job | seconds | rows/s | vs parse_url |")
    print("|---|---|---:|---:|---:|")
    for master in masters:
        spark = session(master)
        try:
            named = jobs(with_parse, with_floor)
            for job in named.values():  # warm the workers up: each job's imports, once
                time_job(spark, path, job)
            times: dict[str, list[float]] = {name: [] for name in named}
            order = list(named)
            for round in range(rounds):
                shift = round % len(order)
                for name in order[shift:] + order[:shift]:
                    times[name].append(time_job(spark, path, named[name]))
            medians = {name: statistics.median(t) for name, t in times.items()}
            builtin = medians["parse_url (built-in)"]
            for name, seconds in medians.items():
                print(
                    f"| {master} | {name} | {seconds:.1f} | {rows / seconds:,.0f} "
                    f"| {builtin / seconds:.2f}x |"
                )
        finally:
            spark.stop()


def host_disagreements(lines: list[str], master: str, examples: int) -> None:
    """Compare parse_url's HOST with urlspec's hostname on every distinct line."""
    from pyspark.sql import functions as F

    from urlspec.engines import spark as urlspark

    spark = session(master)
    try:
        frame = spark.createDataFrame(pa.table({"url": pa.array(lines, pa.string())}))
        table = frame.select(
            "url",
            F.try_parse_url(F.col("url"), F.lit("HOST")).alias("spark"),
            urlspark.hostname("url").alias("urlspec"),
            urlspark.parse("url").getField("error").alias("error"),
        ).toArrow()
    finally:
        spark.stop()
    kinds: dict[str, list[tuple[str, Any, Any]]] = collections.defaultdict(list)
    for row in table.to_pylist():
        theirs, ours = row["spark"], row["urlspec"]
        if theirs == ours:
            continue
        if theirs is None:
            kind = "parse_url: null, urlspec: a host" if ours else "parse_url: null, urlspec: ''"
        elif ours is None:
            kind = f"parse_url: a host, urlspec: invalid ({row['error']})"
        elif theirs.lower() == ours:
            kind = "same host but for case (parse_url keeps it)"
        elif theirs.lower().rstrip(".") == ours.rstrip("."):
            kind = "same host but for a trailing dot"
        else:
            kind = "different hosts"
        kinds[kind].append((row["url"], theirs, ours))
    total = sum(len(rows) for rows in kinds.values())
    print(f"\nHosts on {len(lines)} distinct corpus lines: {total} disagree")
    print(f"({100 * total / len(lines):.2f}%).\n")
    print("| kind | lines | examples (url -> parse_url / urlspec) |")
    print("|---|---:|---|")
    for kind, rows in sorted(kinds.items(), key=lambda item: -len(item[1])):
        shown = "; ".join(f"`{url[:60]}` -> {a!r} / {b!r}" for url, a, b in rows[:examples])
        print(f"| {kind} | {len(rows)} | {shown} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--masters", default="local[1],local[2]")
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--skip-hosts", action="store_true", help="no host comparison")
    parser.add_argument("--skip-parse", action="store_true", help="no parse().hostname job")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    parser.add_argument("--with-floor", action="store_true", help="an identity Arrow UDF too")
    parser.add_argument("--arrow-batch", type=int, help="rows per Arrow batch (default: Spark's)")
    args = parser.parse_args()
    global ARROW_BATCH, CLOCK
    ARROW_BATCH = args.arrow_batch
    CLOCK = args.clock
    lines = distinct_lines()
    if not args.skip_throughput:
        repeated = [lines[i % len(lines)] for i in range(args.rows)]
        with tempfile.TemporaryDirectory() as directory:
            # Several files, so that Spark makes several tasks of them (one file of 1M rows is
            # one row group, read by one task: no parallelism at all).
            path = str(Path(directory) / "urls")
            write_parts(repeated, path, FILES)
            throughput(
                args.masters.split(","),
                path,
                args.rows,
                args.rounds,
                not args.skip_parse,
                args.with_floor,
            )
    if not args.skip_hosts:
        host_disagreements(lines, args.masters.split(",")[-1], args.examples)


if __name__ == "__main__":
    main()
