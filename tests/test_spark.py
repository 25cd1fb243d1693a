"""urlspec.spark on a real local Spark session: every result equals the scalar API's, row by row.

One ``local[2]`` session serves the whole module. The corpus job runs every column function
over more than 10,000 corpus lines (nulls and inputs that are no URL mixed in, one base per row
and one for every row) in one Spark job and compares each row with ``URL(input, base)``.

Needs Java and the spark extra (``pip install -e '.[spark]'``). Without them the module skips,
saying which is missing; under ``CI=true`` it fails instead.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from scalar_rows import (
    BASE,
    ROW_BASES,
    cycled,
    scalar_canonical,
    scalar_href,
    scalar_row,
    with_nulls_and_invalid,
)
from shared_data import in_ci, iter_corpus

from urlspec import URL, InvalidDomain, InvalidHost, domain_to_ascii, registrable_domain


def scalar_domain_to_ascii(host: str | None, be_strict: bool) -> str | None:
    """``urlspec.domain_to_ascii``, None for a null host or where it fails (the columns' null)."""
    if host is None:
        return None
    try:
        return domain_to_ascii(host, be_strict)
    except InvalidDomain:
        return None


def what_is_missing() -> str | None:
    """Why Spark cannot run here (what to install), or None."""
    if importlib.util.find_spec("pyspark") is None or importlib.util.find_spec("pyarrow") is None:
        return "Spark tests need the spark extra: pip install -e '.[spark]'"
    java_home = os.environ.get("JAVA_HOME")
    if shutil.which("java") is None and not (java_home and os.path.isdir(java_home)):
        return "Spark tests need Java 17+ (e.g. apt-get install openjdk-17-jre-headless)"
    return None


MISSING = what_is_missing()
if MISSING is not None and not in_ci():
    pytest.skip(MISSING, allow_module_level=True)

# The lines of the corpus job: more than 10,000 together (all of isaacs_files, web URLs of kasztp).
CORPUS_LINES = (("isaacs_files.txt", 6_207), ("kasztp.txt", 5_000))


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    if MISSING is not None:
        pytest.fail(MISSING)  # only under CI: elsewhere the module was skipped
    from pyspark.sql import SparkSession

    # The Python workers must be this interpreter, where urlspec is installed.
    saved = {name: os.environ.get(name) for name in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urlspec-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def corpus_rows() -> list[tuple[int, str | None, str | None]]:
    lines = [line for name, count in CORPUS_LINES for line in islice(iter_corpus(name), count)]
    urls = with_nulls_and_invalid(lines)
    bases = cycled(ROW_BASES, len(urls))
    return list(zip(range(len(urls)), urls, bases, strict=True))


def as_rows(table: Any) -> list[dict[str, Any]]:
    """A collected Arrow table's rows, in the order of its "id" column."""
    return sorted(table.to_pylist(), key=lambda row: row["id"])


def test_every_column_function_equals_the_scalar_api_on_corpus_lines(
    spark: Any, corpus_rows: list[tuple[int, str | None, str | None]]
) -> None:
    from pyspark.sql import functions as F

    from urlspec.engines import spark as urlspark

    assert len(corpus_rows) > 10_000
    frame = spark.createDataFrame(corpus_rows, "id long, url string, base string")
    result = frame.select(
        "id",
        urlspark.parse("url").alias("parsed"),
        urlspark.parse(F.col("url"), F.col("base")).alias("parsed_with_base"),
        urlspark.parse("url", BASE).alias("parsed_with_literal_base"),
        urlspark.href("url").alias("href"),
        urlspark.hostname("url").alias("hostname"),
        urlspark.hostname("url", F.col("base")).alias("hostname_with_base"),
        urlspark.join("base", "url").alias("joined"),
        urlspark.is_valid("url").alias("valid"),
        urlspark.is_valid("url", F.col("base")).alias("valid_with_base"),
        urlspark.canonicalize("url", "dedup").alias("dedup"),
        urlspark.canonicalize("url", "surt").alias("surt"),
        urlspark.canonicalize("url", "dedup", strip_params=["utm_*"]).alias("dedup_stripped"),
    )
    rows = as_rows(result.toArrow())
    assert len(rows) == len(corpus_rows)
    for row, (id, url, base) in zip(rows, corpus_rows, strict=True):
        assert row["id"] == id
        expected_with_base = None if base is None else scalar_row(url, base)
        assert row["parsed"] == scalar_row(url, None), url
        assert row["parsed_with_base"] == expected_with_base, (url, base)
        assert row["parsed_with_literal_base"] == scalar_row(url, BASE), url
        assert row["href"] == scalar_href(url, None), url
        expected = scalar_row(url, None)
        assert row["hostname"] == (None if expected is None else expected["hostname"]), url
        assert row["hostname_with_base"] == (
            None if expected_with_base is None else expected_with_base["hostname"]
        ), (url, base)
        assert row["joined"] == (None if base is None else scalar_href(url, base)), (url, base)
        assert row["valid"] == (None if url is None else URL.can_parse(url)), url
        assert row["valid_with_base"] == (
            None if url is None or base is None else URL.can_parse(url, base)
        ), (url, base)
        assert row["dedup"] == scalar_canonical(url, "dedup", None), url
        assert row["surt"] == scalar_canonical(url, "surt", None), url
        assert row["dedup_stripped"] == scalar_canonical(
            url, "dedup", None, strip_params=["utm_*"]
        ), url


def test_canonicalize_strip_params_tracking(spark: Any) -> None:
    from urlspec.engines import spark as urlspark

    # tests/test_canonical.py: "tracking" stands for TRACKING_PARAMETERS (t, r, x stay)
    frame = spark.createDataFrame(
        [("https://a.com/?t=1&r=2&x=3&tracking=4&utm_source=5&fbclid=6",)], "url string"
    )
    result = frame.select(urlspark.canonicalize("url", "dedup", strip_params="tracking"))
    assert [row[0] for row in result.collect()] == ["https://a.com/?r=2&t=1&tracking=4&x=3"]
    with pytest.raises(TypeError, match="list of parameter names"):
        urlspark.canonicalize("url", "dedup", strip_params="utm_source")  # type: ignore[call-overload]


def test_sql_functions_after_register(
    spark: Any, corpus_rows: list[tuple[int, str | None, str | None]]
) -> None:
    from urlspec.engines import spark as urlspark

    urlspark.register(spark)
    sample = corpus_rows[:3000]
    spark.createDataFrame(sample, "id long, url string, base string").createOrReplaceTempView(
        "links"
    )
    result = spark.sql(
        "SELECT id, url_href(url) AS href, url_parse(url).hostname AS hostname, "
        f"url_hostname(url) AS hostname_only, url_hostname_with_base(url, '{BASE}') AS h_base, "
        "url_parse(url).error AS error, url_join(base, url) AS joined, "
        "url_is_valid(url) AS valid, "
        f"url_parse_with_base(url, '{BASE}').href AS href_with_base, "
        f"url_is_valid_with_base(url, '{BASE}') AS valid_with_base, "
        "url_domain_to_ascii(url_parse(url).hostname) AS ascii_hostname, "
        "url_canonicalize(url, 'safebrowsing') AS safebrowsing, "
        "url_registrable_domain(url_parse(url).hostname) AS registrable_domain, "
        "url_canonicalize(url, IF(id % 2 = 0, 'ssurt', 'whatwg')) AS mixed_profiles "
        "FROM links"
    )
    for row, (id, url, base) in zip(as_rows(result.toArrow()), sample, strict=True):
        expected = scalar_row(url, None)
        assert row["id"] == id
        assert row["href"] == (None if expected is None else expected["href"]), url
        assert row["hostname"] == (None if expected is None else expected["hostname"]), url
        assert row["hostname_only"] == row["hostname"], url
        with_base = scalar_row(url, BASE)
        assert row["h_base"] == (None if with_base is None else with_base["hostname"]), url
        assert row["error"] == (None if expected is None else expected["error"]), url
        assert row["joined"] == (None if base is None else scalar_href(url, base)), (url, base)
        assert row["valid"] == (None if url is None else URL.can_parse(url)), url
        assert row["href_with_base"] == scalar_href(url, BASE), url
        assert row["valid_with_base"] == (None if url is None else URL.can_parse(url, BASE))
        hostname = None if expected is None else expected["hostname"]
        # null where the conversion fails (a file: URL's empty host), as columnar's
        assert row["ascii_hostname"] == scalar_domain_to_ascii(hostname, False), url
        assert row["safebrowsing"] == scalar_canonical(url, "safebrowsing", None), url
        assert row["registrable_domain"] == scalar_registrable_domain(hostname), url
        profile = "ssurt" if id % 2 == 0 else "whatwg"
        assert row["mixed_profiles"] == scalar_canonical(url, profile, None), url


def scalar_registrable_domain(host: str | None, include_private: bool = True) -> str | None:
    if host is None:
        return None
    try:
        return registrable_domain(host, include_private=include_private)
    except InvalidHost:
        return None


def test_registrable_domain_column(spark: Any) -> None:
    from urlspec.engines import spark as urlspark

    hosts = [(0, "www.example.co.uk"), (1, None), (2, "x.github.io"), (3, "1.2.3.4"), (4, "a b")]
    frame = spark.createDataFrame(hosts, "id long, host string")
    result = frame.select(
        "id",
        urlspark.registrable_domain("host").alias("all"),
        urlspark.registrable_domain("host", include_private=False).alias("icann"),
    )
    for row, (_, host) in zip(as_rows(result.toArrow()), hosts, strict=True):
        assert row["all"] == scalar_registrable_domain(host)
        assert row["icann"] == scalar_registrable_domain(host, include_private=False)


def test_domain_to_ascii_column(spark: Any) -> None:
    from urlspec.engines import spark as urlspark

    hosts = [(0, "Bücher.DE"), (1, None), (2, "xn--a"), (3, "a\u200db.com"), (4, "EXAMPLE.com")]
    frame = spark.createDataFrame(hosts, "id long, host string")
    result = frame.select(
        "id",
        urlspark.domain_to_ascii("host").alias("ascii"),
        urlspark.domain_to_ascii("host", be_strict=True).alias("strict"),
    )

    for row, (_, host) in zip(as_rows(result.toArrow()), hosts, strict=True):
        assert row["ascii"] == scalar_domain_to_ascii(host, False)
        assert row["strict"] == scalar_domain_to_ascii(host, True)


def load_example() -> Any:
    """examples/spark_canonicalize.py, imported as a module."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "spark_canonicalize.py"
    spec = importlib.util.spec_from_file_location("spark_canonicalize", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("format", ["parquet", "text"])
def test_the_spark_submit_example(
    spark: Any, tmp_path: Any, corpus_rows: list[tuple[int, str | None, str | None]], format: str
) -> None:
    example = load_example()
    urls = [
        url
        for _, url, _ in corpus_rows[:2000]
        if url is not None and "\n" not in url and "\r" not in url
    ]
    source = tmp_path / "in"
    source.mkdir()
    if format == "text":
        # Text lines lose what a line cannot hold: blank lines and surrounding whitespace are
        # still lines here, read back exactly.
        (source / "part-0.txt").write_text("".join(url + "\n" for url in urls), encoding="utf-8")
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.table({"url": pa.array(urls, pa.string())}), source / "part-0.parquet")
    options = ["--profile", "dedup", "--strip-params", "utm_*,fbclid"] if format == "text" else []
    example.canonicalize(
        spark,
        example.arguments([str(source), str(tmp_path / "out"), "--format", format, *options]),
    )
    rows = spark.read.parquet(str(tmp_path / "out")).toArrow().to_pylist()
    assert sorted(row["url"] for row in rows) == sorted(urls)
    for row in rows:
        expected = scalar_row(row["url"], None)
        assert expected is not None
        assert {name: row[name] for name in ("href", "hostname", "origin", "error")} == {
            name: expected[name] for name in ("href", "hostname", "origin", "error")
        }
        if options:
            assert row["canonical"] == scalar_canonical(
                row["url"], "dedup", None, strip_params=["utm_*", "fbclid"]
            )
        else:
            assert "canonical" not in row


def test_url_pattern_test(
    spark: Any, corpus_rows: list[tuple[int, str | None, str | None]]
) -> None:
    # Expected: the scalar URLPattern.test (checked against WPT in test_urlpattern_wpt.py).
    from urlspec.engines import spark as urlspark
    from urlspec.urlpattern import URLPattern

    urlspark.register(spark)
    sample = corpus_rows[:2000]
    spark.createDataFrame(sample, "id long, url string, base string").createOrReplaceTempView(
        "pattern_links"
    )
    https_pattern = "https://*/*.html"
    result = spark.sql(
        f"SELECT id, url_pattern_test(url, '{https_pattern}') AS html, "
        "url_pattern_test(url, IF(id % 2 = 0, 'http{s}?://*/*', 'file:*')) AS mixed "
        "FROM pattern_links"
    )
    html = URLPattern(https_pattern)
    web = URLPattern("http{s}?://*/*")
    files = URLPattern("file:*")
    for row, (id, url, _) in zip(as_rows(result.toArrow()), sample, strict=True):
        assert row["id"] == id
        assert row["html"] == (None if url is None else html.test(url)), url
        mixed = web if id % 2 == 0 else files
        assert row["mixed"] == (None if url is None else mixed.test(url)), url


# --- on a cluster: a packed virtual environment shipped with --archives ---------------------

REPO = Path(__file__).resolve().parent.parent
#: What the Python workers need besides urlspec's own requirements: pyspark's Arrow UDFs need
#: pyarrow and pandas (pyspark itself reaches the workers from Spark's own pyspark.zip).
WORKER_REQUIREMENTS = ("pyarrow", "pandas")
_REQUIREMENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def requirement_closure(names: list[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions ``names`` need, theirs included (requirements that hold only
    with an extra left out, and those not installed here, which their markers exclude)."""
    found: dict[str, importlib.metadata.Distribution] = {}
    pending = list(names)
    while pending:
        name = pending.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in found:
            continue
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # a requirement whose marker does not hold here (tzdata on some systems)
        found[key] = distribution
        for requirement in distribution.requires or []:
            if "extra ==" in requirement.partition(";")[2]:
                continue
            match = _REQUIREMENT_NAME.match(requirement)
            if match is not None:
                pending.append(match.group(0))
    return list(found.values())


def install_by_copying(distribution: importlib.metadata.Distribution, site: Path) -> None:
    """The files a distribution installed into site-packages (its RECORD), copied into ``site``:
    pip's work, done offline from this environment."""
    for file in distribution.files or []:
        if file.parts[0] == ".." or "__pycache__" in file.parts:
            continue  # scripts in bin/, compiled bytecode
        source = Path(str(distribution.locate_file(file)))
        if source.is_file():
            target = site / file
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def packed_environment(directory: Path) -> Path:
    """A virtual environment with urlspec (the pure build: the source tree's files), its
    requirements and the workers' (copied from this environment: no network), packed by
    venv-pack as Spark's documentation packs one (docs/spark.md)."""
    import subprocess
    import venv

    environment = directory / "env"
    venv.EnvBuilder(with_pip=False).create(environment)
    site = next((environment / "lib").glob("python3*/site-packages"))
    # urlspec: its package as the pure build installs it, and its metadata
    shutil.copytree(REPO / "src" / "urlspec", site / "urlspec", ignore=ignored_in_the_package)
    urlspec = importlib.metadata.distribution("urlspec")
    info = site / f"urlspec-{urlspec.version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(urlspec.read_text("METADATA") or "", encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")
    requirements = [
        match.group(0)
        for requirement in urlspec.requires or []
        if "extra ==" not in requirement and (match := _REQUIREMENT_NAME.match(requirement))
    ]
    for distribution in requirement_closure([*requirements, *WORKER_REQUIREMENTS]):
        install_by_copying(distribution, site)
    archive = directory / "environment.tar.gz"
    venv_pack = Path(sys.executable).parent / "venv-pack"
    subprocess.run(
        [str(venv_pack), "--prefix", str(environment), "--output", str(archive),
         "--compress-level", "1", "--quiet"],
        check=True, timeout=300,
    )  # fmt: skip
    return archive


def ignored_in_the_package(directory: str, names: list[str]) -> set[str]:
    """What the pure build does not install: bytecode, and compiled modules of an in-place
    build."""
    return {name for name in names if name == "__pycache__" or name.endswith((".so", ".pyd"))}


def test_spark_submit_with_a_packed_virtual_environment(tmp_path: Path) -> None:
    """docs/spark.md's recipe for a cluster, on a local cluster of one worker: the example job,
    its Python workers running the interpreter of the environment Spark unpacked from
    --archives (found only there: ./environment/bin/python)."""
    import subprocess

    if MISSING is not None:
        pytest.fail(MISSING)  # only under CI: elsewhere the module was skipped
    if shutil.which("venv-pack", path=str(Path(sys.executable).parent)) is None:
        message = "this test packs an environment with venv-pack: pip install -e '.[spark]'"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    archive = packed_environment(tmp_path)
    # Expected values: the URL Standard's serializations (WPT urltestdata.json has each form:
    # lower-cased scheme and host, "/" for an empty path, "." segments removed) and the
    # validation error of an input without a scheme (missing-scheme-non-relative-URL).
    lines = ["HTTPS://Example.COM", "http://a.example/./b/../c?x#y", "no scheme"]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "part-0.txt").write_text("".join(f"{line}\n" for line in lines))
    environment = {
        **os.environ,
        "PYSPARK_PYTHON": "./environment/bin/python",  # in the unpacked archive
        "PYSPARK_DRIVER_PYTHON": sys.executable,
        "SPARK_LOCAL_IP": "127.0.0.1",
    }
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "spark-submit"),
            # A cluster of one worker on this machine: its executor runs in a directory of its
            # own, where Spark unpacks the archive, as on YARN or Kubernetes. (In local[N]
            # mode the executor is the driver, which unpacks archives elsewhere, so that the
            # relative PYSPARK_PYTHON of a cluster is not found.)
            "--master", "local-cluster[1,1,1024]",
            "--conf", "spark.driver.host=127.0.0.1",
            "--conf", "spark.driver.bindAddress=127.0.0.1",
            "--conf", "spark.ui.enabled=false",
            "--archives", f"{archive}#environment",
            str(REPO / "examples" / "spark_canonicalize.py"),
            str(tmp_path / "in"), str(tmp_path / "out"), "--format", "text",
        ],
        capture_output=True, text=True, env=environment, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    import pyarrow.parquet as pq

    rows = sorted(pq.read_table(tmp_path / "out").to_pylist(), key=lambda row: row["url"])
    assert [(row["url"], row["href"], row["error"]) for row in rows] == [
        ("HTTPS://Example.COM", "https://example.com/", None),
        ("http://a.example/./b/../c?x#y", "http://a.example/c?x#y", None),
        ("no scheme", None, "missing-scheme-non-relative-URL"),
    ]
