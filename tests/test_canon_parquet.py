"""``urlspec canon --format parquet``: a column of URLs in Parquet files, canonicalized.

Run as a user runs it (the console script, in a subprocess). Expected hrefs come from WPT's
urltestdata.json: its inputs go in a Parquet column, which comes out unchanged, next to a column
holding each entry's href (null where WPT says the parser fails) and one holding, where it
fails, the name of the validation error (the URL Standard's names, §1.2).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from shared_data import in_ci, load_wpt, missing, wpt_path
from test_cli import WPT_BASE, into_closed_pipe, urlspec

if in_ci():
    import pyarrow as pa
    import pyarrow.parquet as pq
else:
    pa = pytest.importorskip("pyarrow", reason="install the arrow extra: pip install -e '.[arrow]'")
    import pyarrow.parquet as pq


def wpt_cases(base: str | None) -> list[dict[str, Any]]:
    """urltestdata.json's entries parsed against ``base`` whose input Arrow can hold (UTF-8)."""
    entries = load_wpt("urltestdata.json")
    if not entries:
        missing(wpt_path("urltestdata.json"))
    cases = []
    for entry in entries:
        if entry.get("base") != base:
            continue
        try:
            entry["input"].encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: not in a UTF-8 column
            continue
        cases.append(entry)
    return cases


def write_urls(path: Path, urls: list[str | None], **other: list[Any]) -> None:
    pq.write_table(pa.table({**other, "url": pa.array(urls, pa.string())}), path)


@pytest.mark.parametrize("base", [None, WPT_BASE], ids=["no-base", "base"])
def test_wpt_inputs_come_out_as_their_href(tmp_path: Path, base: str | None) -> None:
    cases = wpt_cases(base)
    assert len(cases) > 100
    inputs = [case["input"] for case in cases]
    expected = [None if case.get("failure") else case["href"] for case in cases]
    write_urls(tmp_path / "in.parquet", inputs, id=list(range(len(inputs))))
    base_args = [] if base is None else ["--base", base]
    out = tmp_path / "out.parquet"
    result = urlspec(
        "canon", "--format", "parquet", *base_args, str(tmp_path / "in.parquet"), "-o", str(out)
    )
    table = pq.read_table(out)
    assert table.column_names == ["id", "url", "url_canonical", "url_error"]
    assert table.column("id").to_pylist() == list(range(len(inputs)))
    assert table.column("url").to_pylist() == inputs  # the input, kept
    assert table.column("url_canonical").to_pylist() == expected
    errors = table.column("url_error").to_pylist()
    assert [error is not None for error in errors] == [href is None for href in expected]
    failures = sum(1 for href in expected if href is None)
    assert result.returncode == (1 if failures else 0)
    assert len(result.stderr.decode().splitlines()) == failures


def test_invalid_rows_are_reported_by_file_and_row(tmp_path: Path) -> None:
    write_urls(tmp_path / "a.parquet", ["https://a.example/", None, "nope", "http://[::1"])
    out = tmp_path / "out.parquet"
    result = urlspec("canon", "--format", "parquet", str(tmp_path / "a.parquet"), "-o", str(out))
    assert result.returncode == 1
    lines = result.stderr.decode().splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [
        f"{tmp_path / 'a.parquet'}:3",
        f"{tmp_path / 'a.parquet'}:4",
    ]
    # The URL Standard's names of the errors that make these fail (§4.4 no scheme state, §3.5
    # host parser)
    assert "missing-scheme-non-relative-URL" in lines[0]
    assert "IPv6-unclosed" in lines[1]
    table = pq.read_table(out)
    assert table.column("url").to_pylist() == ["https://a.example/", None, "nope", "http://[::1"]
    assert table.column("url_canonical").to_pylist() == ["https://a.example/", None, None, None]
    assert table.column("url_error").to_pylist() == [
        None,
        None,
        "missing-scheme-non-relative-URL",
        "IPv6-unclosed",
    ]


def test_several_inputs_go_to_one_output_and_stdout_works(tmp_path: Path) -> None:
    write_urls(tmp_path / "a.parquet", ["HTTPS://A.example"])
    write_urls(tmp_path / "b.parquet", ["http://b.example/./c"])
    result = urlspec(
        "canon", "--format", "parquet", "--column", "url",
        str(tmp_path / "a.parquet"), str(tmp_path / "b.parquet"), "-o", "-",
    )  # fmt: skip
    assert result.returncode == 0
    table = pq.read_table(io.BytesIO(result.stdout))
    # WPT-style expectations from the URL Standard: a special URL's empty path becomes "/",
    # the scheme and host are lower-cased, "." segments removed.
    assert table.column("url_canonical").to_pylist() == [
        "https://a.example/",
        "http://b.example/c",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--column", "link"], "no column 'link'"),
        (["--jsonl"], "--jsonl is for lines"),
        (["--no-output"], "needs --output"),
    ],
)
def test_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    write_urls(tmp_path / "a.parquet", ["https://a.example/"])
    output = [] if "--no-output" in args else ["-o", str(tmp_path / "out.parquet")]
    args = [arg for arg in args if arg != "--no-output"]
    result = urlspec("canon", "--format", "parquet", *args, str(tmp_path / "a.parquet"), *output)
    assert result.returncode == 2
    assert message in result.stderr.decode()


def test_a_file_that_is_no_parquet_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("https://a.example/\n")
    out = tmp_path / "out.parquet"
    result = urlspec("canon", "--format", "parquet", str(tmp_path / "a.txt"), "-o", str(out))
    assert result.returncode == 2
    assert "cannot read" in result.stderr.decode()


@pytest.mark.parametrize("option", ["--output", "--column", "--output-column", "--error-column"])
def test_parquet_options_are_only_for_parquet(option: str) -> None:
    result = urlspec("canon", option, "x", stdin=b"https://a.example/\n")
    assert result.returncode == 2
    assert f"{option} is for --format parquet" in result.stderr.decode()
    assert result.stdout == b""


def test_output_columns_named(tmp_path: Path) -> None:
    write_urls(tmp_path / "a.parquet", ["HTTPS://A.example", "nope"], id=[1, 2])
    out = tmp_path / "out.parquet"
    result = urlspec(
        "canon", "--format", "parquet", "--output-column", "href", "--error-column", "why",
        str(tmp_path / "a.parquet"), "-o", str(out),
    )  # fmt: skip
    assert result.returncode == 1
    table = pq.read_table(out)
    assert table.column_names == ["id", "url", "href", "why"]
    assert table.column("href").to_pylist() == ["https://a.example/", None]
    assert table.column("why").to_pylist() == [None, "missing-scheme-non-relative-URL"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--output-column", "id"], "has a column 'id' already"),
        (["--error-column", "url"], "three different columns"),
        (["--output-column", "x", "--error-column", "x"], "three different columns"),
    ],
)
def test_the_input_columns_are_never_overwritten(
    tmp_path: Path, args: list[str], message: str
) -> None:
    write_urls(tmp_path / "a.parquet", ["https://a.example/"], id=[1])
    out = tmp_path / "out.parquet"
    result = urlspec(
        "canon", "--format", "parquet", *args, str(tmp_path / "a.parquet"), "-o", str(out)
    )
    assert result.returncode == 2
    assert message in result.stderr.decode()


def test_a_closed_pipe_ends_quietly_with_status_1(tmp_path: Path) -> None:
    # As lines mode (test_cli.py): the reader went away (`-o - | head -c 4`), which is no fault
    # of the input: status 1, as the Python documentation's recipe after EPIPE, and no message.
    rows = [f"https://example.com/{i}?q={i}" for i in range(200_000)]
    write_urls(tmp_path / "big.parquet", rows)
    head, stderr, returncode = into_closed_pipe(
        ["canon", "--format", "parquet", str(tmp_path / "big.parquet"), "-o", "-"], ["-c", "4"]
    )
    assert head == b"PAR1"  # the Parquet magic number starts the file
    assert stderr == b""
    assert returncode == 1


def test_a_profile_and_its_options(tmp_path: Path) -> None:
    # The dedup profile as docs/canonicalization.md defines it: unreserved characters decoded,
    # query pairs sorted by name, no fragment; --strip-params removes the parameters named.
    write_urls(
        tmp_path / "a.parquet",
        [
            "http://a.example/%7Euser?b=1&a=2#x",
            "http://a.example/~user?a=2&b=1",
            "https://a.example/?utm_source=x&b=2&a=1",
            None,
        ],
    )
    out = tmp_path / "out.parquet"
    result = urlspec(
        "canon", "--format", "parquet", "--profile", "dedup", "--strip-params", "utm_*",
        str(tmp_path / "a.parquet"), "-o", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert pq.read_table(out).column("url_canonical").to_pylist() == [
        "http://a.example/~user?a=2&b=1",
        "http://a.example/~user?a=2&b=1",
        "https://a.example/?a=1&b=2",
        None,
    ]


def test_unique_is_for_lines(tmp_path: Path) -> None:
    write_urls(tmp_path / "a.parquet", ["https://a.example/"])
    out = tmp_path / "out.parquet"
    result = urlspec(
        "canon", "--format", "parquet", "--unique", str(tmp_path / "a.parquet"), "-o", str(out)
    )
    assert result.returncode == 2
    assert "--unique is for lines" in result.stderr.decode()
