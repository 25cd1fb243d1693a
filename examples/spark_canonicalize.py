"""Canonicalize a directory of URLs with Apache Spark and urlspec, writing Parquet.

Ready for spark-submit, on one machine or a cluster (see docs/spark.md for what to configure):

    spark-submit --master 'local[*]' examples/spark_canonicalize.py links/ out/ --column url
    PYSPARK_PYTHON=./environment/bin/python spark-submit --master yarn \\
        --archives urlspec-env.tar.gz#environment \\
        examples/spark_canonicalize.py s3://bucket/links/ s3://bucket/links-canonical/

(urlspec-env.tar.gz: a virtual environment with urlspec, pyarrow and pandas, packed by
venv-pack; docs/spark.md.)

INPUT is a directory (or glob) of Parquet files with a string column of URLs (``--column``), or,
with ``--format text``, of text files with one URL a line. OUTPUT gets Parquet files with every
input column (for text, the line as ``url``) plus: ``href`` (the URL Standard's serialization,
null where the value is no URL), ``hostname``, ``origin``, and ``error`` (the validation error that
made parsing fail, null for a URL). Each value is parsed as ``new URL(value, base)`` parses it.
With ``--profile`` (dedup, safebrowsing, surt, ssurt; docs/canonicalization.md) a column
``canonical`` holds the profile's form too (``--strip-params`` for dedup).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="a directory or glob of Parquet (or text) files")
    parser.add_argument("output", help="the directory to write Parquet files to")
    parser.add_argument("--format", choices=("parquet", "text"), default="parquet")
    parser.add_argument("--column", default="url", help="the column of URLs (default: url)")
    parser.add_argument("--base", help="resolve each value against this base URL")
    parser.add_argument("--profile", help="add the column 'canonical' in this profile's form")
    parser.add_argument("--strip-params", help="with --profile dedup: names or patterns, a,b,c")
    parser.add_argument("--mode", default="errorifexists", help="Spark's save mode")
    return parser.parse_args(argv)


def canonicalize(spark: Any, args: argparse.Namespace) -> None:
    """Read ``args.input``, add the canonical columns, write ``args.output`` as Parquet."""
    from pyspark.sql import functions as F

    from urlspec import spark as urlspark

    if args.format == "text":
        frame = spark.read.text(args.input).withColumnRenamed("value", args.column)
    else:
        frame = spark.read.parquet(args.input)
    parsed = urlspark.parse(F.col(args.column), args.base)  # one parse per row for every field
    result = (
        frame.withColumn("_parsed", parsed)
        .withColumn("href", F.col("_parsed.href"))
        .withColumn("hostname", F.col("_parsed.hostname"))
        .withColumn("origin", F.col("_parsed.origin"))
        .withColumn("error", F.col("_parsed.error"))
        .drop("_parsed")
    )
    if args.profile:
        options = {"strip_params": args.strip_params.split(",")} if args.strip_params else {}
        canonical = urlspark.canonicalize(args.column, args.profile, args.base, **options)
        result = result.withColumn("canonical", canonical)
    result.write.mode(args.mode).parquet(args.output)


def main(argv: Sequence[str] | None = None) -> None:
    from pyspark.sql import SparkSession

    args = arguments(argv)
    spark = SparkSession.builder.appName("urlspec-canonicalize").getOrCreate()
    try:
        canonicalize(spark, args)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
