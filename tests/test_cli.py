"""The ``urlspec`` command line, run as a user runs it: the installed console script (and
``python -m urlspec``) in a subprocess, checked by its output and exit status.

Expected URLs come from WPT's urltestdata.json / toascii.json, from the URL Standard's text, from
RFC 3986's examples (urljoin) or from what CPython's urllib.parse does -- never from running
urlspec itself.
"""

from __future__ import annotations

import functools
import io
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from shared_data import load_wpt, missing, wpt_path

from urlspec.cli.common import EXIT_USAGE, CLIError, arguments_or_stdin

SCRIPT = Path(sys.executable).parent / "urlspec"
#: Both ways of starting the program.
LAUNCHERS = {"script": [str(SCRIPT)], "module": [sys.executable, "-m", "urlspec"]}
WPT_BASE = "http://example.org/foo/bar"


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("URLSPEC_DEBUG", None)  # tracebacks must not reach the user
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def urlspec(
    *args: str | bytes, stdin: bytes = b"", launcher: str = "script"
) -> subprocess.CompletedProcess[bytes]:
    """Run the program with ``args``; assert that no traceback reached stderr."""
    if launcher == "script" and not SCRIPT.exists():
        pytest.fail(f"the console script {SCRIPT} is not installed (pip install -e .)")
    result = subprocess.run(
        [*LAUNCHERS[launcher], *args],
        input=stdin,
        capture_output=True,
        env=environment(),
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    return result


def out(result: subprocess.CompletedProcess[bytes]) -> str:
    return result.stdout.decode("utf-8")


def err(result: subprocess.CompletedProcess[bytes]) -> str:
    return result.stderr.decode("utf-8")


@functools.cache
def wpt_entries(name: str) -> list[Any]:
    return load_wpt(name)


def wpt_case(input: str, base: str | None) -> dict[str, Any]:
    """The urltestdata.json entry for ``input`` against ``base``."""
    entries = wpt_entries("urltestdata.json")
    if not entries:
        missing(wpt_path("urltestdata.json"))
    for entry in entries:
        if entry.get("input") == input and entry.get("base") == base:
            return dict(entry)
    raise AssertionError(f"urltestdata.json has no entry for {input!r} against {base!r}")


def toascii_case(input: str) -> dict[str, Any]:
    entries = wpt_entries("toascii.json")
    if not entries:
        missing(wpt_path("toascii.json"))
    for entry in entries:
        if entry.get("input") == input:
            return dict(entry)
    raise AssertionError(f"toascii.json has no entry for {input!r}")


#: urltestdata inputs (against WPT_BASE) that canon and join exercise: valid ones (percent-
#: encoding, IPv6 with IPv4, credentials, tab and newline removal, opaque paths) and failures.
CANON_INPUTS = (
    "http://user:pass@foo:21/bar;par?b#c",
    "http://[::127.0.0.1]",
    "http://a:b@c:29/d",
    "a:\t foo.com",
    "http://f:b/c",
    "http://f:999999/c",
)


# --- the program as a whole --------------------------------------------------------------------


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_version(launcher: str) -> None:
    result = urlspec("--version", launcher=launcher)
    assert result.returncode == 0
    assert out(result).startswith("urlspec 0.1.0 ")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["no-such-command"],
        ["canon", "-j", "-1"],
        ["canon", "-j", "many"],
        ["idna", "sideways", "example.com"],
        ["join", "http://example.com/"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = urlspec(*args)
    assert result.returncode == 2
    assert "usage: urlspec" in err(result)


def test_argument_that_is_not_utf8_is_a_usage_error() -> None:
    result = urlspec(b"parse", b"http://example.com/\xff")
    assert result.returncode == 2
    assert "not valid UTF-8" in err(result)
    assert r"\xff" in err(result)


# --- parse -------------------------------------------------------------------------------------


COMPONENTS = (
    *("href", "protocol", "username", "password", "host", "hostname", "port"),
    *("pathname", "search", "hash"),
)


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_parse_json_matches_wpt(launcher: str) -> None:
    case = wpt_case("http://user:pass@foo:21/bar;par?b#c", WPT_BASE)
    result = urlspec("parse", "--json", "--base", WPT_BASE, case["input"], launcher=launcher)
    assert result.returncode == 0
    document = json.loads(out(result))
    for name in COMPONENTS:
        assert document[name] == case[name], name
    assert document["origin"] == case["origin"]
    assert document["valid"] is True
    assert document["host_kind"] == "domain"
    assert document["path_segments"] == ["bar;par"]
    # The standard: an "@" in the authority is an invalid-credentials validation error.
    assert [error["name"] for error in document["errors"]] == ["invalid-credentials"]


def test_parse_table_shows_every_component() -> None:
    case = wpt_case("http://[::127.0.0.1]", WPT_BASE)
    result = urlspec("parse", "--base", WPT_BASE, case["input"])
    assert result.returncode == 0
    rows = dict(
        [*line.split(None, 1), ""][:2] for line in out(result).splitlines() if line[:1] != " "
    )
    assert rows["href"] == case["href"]
    assert rows["hostname"] == case["hostname"]
    assert rows["pathname"] == case["pathname"]
    assert rows["origin"] == case["origin"]
    assert "host kind      ipv6" in out(result)
    assert "validation errors: none" in out(result)


def test_parse_invalid_url_names_input_and_error() -> None:
    case = wpt_case("http://f:999999/c", WPT_BASE)
    assert case["failure"] is True
    result = urlspec("parse", "--base", WPT_BASE, case["input"])
    assert result.returncode == 1
    assert out(result) == ""
    assert "'http://f:999999/c'" in err(result)
    assert "port-out-of-range" in err(result)


def test_parse_json_of_invalid_url() -> None:
    result = urlspec("parse", "--json", "http://[::1")
    assert result.returncode == 1
    document = json.loads(out(result))
    assert document["valid"] is False
    assert document["href"] is None
    assert document["hostname"] is None
    assert document["errors"][-1]["name"] == "IPv6-unclosed"


def test_parse_takes_several_urls() -> None:
    # WPT: both parse (their hrefs), the one between fails (port-out-of-range)
    first = wpt_case("http://[::127.0.0.1]", WPT_BASE)
    bad = wpt_case("http://f:999999/c", WPT_BASE)
    second = wpt_case("http://user:pass@foo:21/bar;par?b#c", WPT_BASE)
    inputs = [first["input"], bad["input"], second["input"]]
    result = urlspec("parse", "--base", WPT_BASE, *inputs)
    assert result.returncode == 1  # one was invalid
    tables = out(result).split("\n\n")
    assert len(tables) == 2  # one table per valid URL, a blank line between
    assert f"href           {first['href']}" in tables[0]
    assert f"href           {second['href']}" in tables[1]
    assert "port-out-of-range" in err(result) and "'http://f:999999/c'" in err(result)
    result = urlspec("parse", "--json", "--base", WPT_BASE, *inputs)
    documents = json.loads(out(result))
    assert [document["href"] for document in documents] == [first["href"], None, second["href"]]
    assert [document["valid"] for document in documents] == [True, False, True]


def test_parse_and_check_read_standard_input() -> None:
    # As canon and match: no URL argument (with input piped) or "-" reads the URLs, one a line.
    # The expected hrefs and errors are WPT's (urltestdata.json) for the same inputs.
    first = wpt_case("http://[::127.0.0.1]", WPT_BASE)
    bad = wpt_case("http://f:999999/c", WPT_BASE)
    piped = f"\ufeff{first['input']}\r\n{bad['input']}\n".encode()
    for arguments in ([], ["-"]):
        result = urlspec("parse", "--json", "--base", WPT_BASE, *arguments, stdin=piped)
        assert result.returncode == 1
        documents = json.loads(out(result))
        assert [document["href"] for document in documents] == [first["href"], None]
        result = urlspec("check", "--json", "--base", WPT_BASE, *arguments, stdin=piped)
        assert [document["valid"] for document in json.loads(out(result))] == [True, False]
    # "-" among arguments: the arguments and the piped lines, in order
    result = urlspec("check", "--json", "https://example.com/", "-", stdin=b"http://[::1\n")
    assert [document["input"] for document in json.loads(out(result))] == [
        "https://example.com/",
        "http://[::1",
    ]


def test_parse_invalid_base() -> None:
    result = urlspec("parse", "--base", "not a url", "foo")
    assert result.returncode == 1
    assert "'not a url'" in err(result)


# --- help ----------------------------------------------------------------------------------------


def subcommands() -> dict[str, Any]:
    import argparse

    from urlspec.cli.app import build_parser

    parser = build_parser()
    found: dict[str, Any] = {"": parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def test_every_argument_of_every_command_is_described() -> None:
    undescribed = set()
    for name, parser in subcommands().items():
        for action in parser._actions:
            if not action.help or action.help == "==SUPPRESS==":
                undescribed.add((name, action.dest))
    assert not undescribed, undescribed


@pytest.mark.parametrize("command", sorted(subcommands()))
@pytest.mark.parametrize("columns", [80, 60])
def test_help_is_wrapped_to_the_terminal(command: str, columns: int) -> None:
    result = subprocess.run(
        [str(SCRIPT), *([command] if command else []), "--help"],
        capture_output=True,
        env={**environment(), "COLUMNS": str(columns)},
        timeout=60,
        check=True,
    )
    lines = out(result).splitlines()
    assert len(lines) > 5
    too_long = [line for line in lines if len(line) > columns]
    assert not too_long, too_long


def test_help_formatter_keeps_paragraphs_lists_and_examples() -> None:
    from urlspec.cli.common import HelpFormatter

    text = (
        "First paragraph, long enough to be wrapped at twenty-eight columns.\n\n"
        "heading:\n"
        "  term    a definition that goes on and\n"
        "          on over lines\n"
        "    urlspec canon big.txt | head -n 3\n\n"
        "list:\n"
        "  1. an item long enough to be wrapped\n"
        "  2. a short one\n"
    )
    formatter = HelpFormatter("urlspec")
    assert formatter._fill_text(text, 28, "").splitlines() == [
        "First paragraph, long enough",
        "to be wrapped at",
        "twenty-eight columns.",
        "",
        "heading:",
        "  term    a definition that",
        "          goes on and on",
        "          over lines",
        "    urlspec canon big.txt | head -n 3",
        "",
        "list:",
        "  1. an item long enough to",
        "     be wrapped",
        "  2. a short one",
    ]


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_help_is_self_contained_and_keeps_examples(command: str) -> None:
    # A user who installed the package has no docs/ folder: help points to none; and example
    # commands stay one a line.
    result = subprocess.run(
        [str(SCRIPT), *([command] if command else []), "--help"],
        capture_output=True,
        env={**environment(), "COLUMNS": "80"},
        timeout=60,
        check=True,
    )
    text = out(result)
    assert "docs/" not in text
    for line in text.splitlines():
        assert line.count("urlspec ") <= 1, line


# --- the hint for a missing extra ------------------------------------------------------------


def fake_distribution(tmp_path: Path, direct_url: str | None) -> Any:
    import importlib.metadata

    info = tmp_path / "urlspec-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: urlspec\nVersion: 0.1.0\n"
        "Requires-Dist: idna<4,>=3.20\n"
        'Requires-Dist: pyarrow>=18; extra == "arrow"\n'
        'Requires-Dist: urlspec[arrow]; extra == "spark"\n'
        'Requires-Dist: pyspark[sql]>=4.1; extra == "spark"\n'
    )
    if direct_url is not None:
        (info / "direct_url.json").write_text(direct_url)
    return importlib.metadata.PathDistribution(info)


def test_install_hint_fits_the_install(tmp_path: Path) -> None:
    from urlspec.cli.common import install_hint

    # From an index (no direct_url.json; PEP 610) or from a wheel file's URL: the package name.
    index = fake_distribution(tmp_path / "index", None)
    assert install_hint("arrow", index) == "pip install 'urlspec[arrow]'"
    wheel = fake_distribution(
        tmp_path / "wheel",
        '{"url": "file:///tmp/urlspec-0.1.0-py3-none-any.whl", "archive_info": {}}',
    )
    assert install_hint("arrow", wheel) == "pip install 'urlspec[arrow]'"
    # From a checkout (PEP 610's dir_info): '.[extra]' there, and the requirements alone.
    checkout = fake_distribution(
        tmp_path / "checkout", '{"url": "file:///src/urlspec", "dir_info": {}}'
    )
    assert install_hint("spark", checkout) == (
        "pip install '.[spark]' in /src/urlspec (or, without building urlspec again: "
        "pip install 'pyarrow>=18' 'pyspark[sql]>=4.1')"
    )
    editable = fake_distribution(
        tmp_path / "editable", '{"url": "file:///src/urlspec", "dir_info": {"editable": true}}'
    )
    assert install_hint("arrow", editable).startswith("pip install -e '.[arrow]' in /src/urlspec")


def test_parquet_without_pyarrow_says_what_to_install(tmp_path: Path) -> None:
    # pyarrow made unimportable in the child (a None entry in sys.modules stops its import)
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "from urlspec.cli import main\n"
        "sys.exit(main(['canon', '--format', 'parquet', 'in.parquet', '-o', 'out.parquet']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=environment(), timeout=60
    )
    assert result.returncode == 2
    message = err(result)
    assert message.startswith("urlspec canon: --format parquet needs pyarrow: pip install ")
    assert "[arrow]'" in message


# --- canon ---------------------------------------------------------------------------------------


def expected_canon(cases: Sequence[dict[str, Any]]) -> list[str]:
    return [case["href"] for case in cases if not case.get("failure")]


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_canon_stdin_with_base(launcher: str) -> None:
    cases = [wpt_case(input, WPT_BASE) for input in CANON_INPUTS]
    stdin = "".join(case["input"] + "\n" for case in cases).encode()
    result = urlspec("canon", "--base", WPT_BASE, stdin=stdin, launcher=launcher)
    assert out(result).splitlines() == expected_canon(cases)
    assert result.returncode == 1  # two of the inputs are not URLs
    messages = err(result).splitlines()
    assert len(messages) == 2
    assert messages[0].startswith("<stdin>:5: ")
    assert "'http://f:b/c'" in messages[0]
    assert "port-invalid" in messages[0]
    assert messages[1].startswith("<stdin>:6: ")
    assert "port-out-of-range" in messages[1]


def test_canon_files_crlf_bom_and_blank_lines(tmp_path: Path) -> None:
    first = wpt_case("https://faß.ExAmPlE/", None)
    second = wpt_case("http://example.com/foo/%2e%2", None)
    third = wpt_case("non-spec:/.//", None)
    a = tmp_path / "a.txt"
    # A byte order mark, CRLF line ends, a blank line and a line of spaces (skipped).
    a.write_bytes(b"\xef\xbb\xbf" + first["input"].encode() + b"\r\n\r\n   \r\n")
    b = tmp_path / "b.txt"
    b.write_bytes(f"{second['input']}\n{third['input']}".encode())  # no final newline
    result = urlspec("canon", str(a), str(b))
    assert result.returncode == 0, err(result)
    assert out(result).splitlines() == [first["href"], second["href"], third["href"]]
    assert err(result) == ""


def test_canon_empty_input() -> None:
    result = urlspec("canon", stdin=b"")
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_canon_empty_file_and_dash_for_stdin(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    case = wpt_case("http://www/foo%2Ehtml", None)
    result = urlspec("canon", str(empty), "-", stdin=case["input"].encode())
    assert result.returncode == 0
    assert out(result) == case["href"] + "\n"


def test_canon_line_that_is_not_utf8() -> None:
    case = wpt_case("https://x/\x00y", None)
    stdin = b"http://example.com/\xff\xfe\n" + case["input"].encode() + b"\n"
    result = urlspec("canon", stdin=stdin)
    assert result.returncode == 1
    assert out(result) == case["href"] + "\n"  # the stream went on
    message = err(result)
    assert message.startswith("<stdin>:1: ")
    assert "not valid UTF-8" in message
    assert r"\xff" in message


def test_canon_cuts_a_long_line_that_is_not_utf8() -> None:
    # A 1 MB line that is not UTF-8 must not make a message four times its size: it is cut as
    # invalid URLs are.
    line = b"http://example.com/\xff" + b"a" * 1_000_000
    result = urlspec("canon", stdin=line + b"\n")
    assert result.returncode == 1
    assert len(result.stderr) < 1_000
    assert err(result).rstrip("\n").endswith(f"... ({len(line) - 200} more bytes)")


def test_canon_unreadable_file_is_reported_and_others_go_on(tmp_path: Path) -> None:
    case = wpt_case("http://www/foo%2Ehtml", None)
    good = tmp_path / "good.txt"
    good.write_text(case["input"] + "\n")
    absent = tmp_path / "absent.txt"
    result = urlspec("canon", str(absent), str(good))
    assert result.returncode == 2
    assert out(result) == case["href"] + "\n"
    assert str(absent) in err(result)
    assert "No such file" in err(result)


def test_canon_invalid_base() -> None:
    # Refused before any line is read, with the exit status of an invalid input, as parse, check
    # and join refuse it.
    result = urlspec("canon", "--base", "http://[", stdin=b"foo\n")
    assert result.returncode == 1
    assert "the base is not a valid URL" in err(result)
    assert "'http://['" in err(result)
    assert "IPv6-unclosed" in err(result)
    assert result.stdout == b""


def test_canon_jsonl_records() -> None:
    valid = wpt_case("http://a:b@c:29/d", WPT_BASE)
    invalid = wpt_case("http://f:b/c", WPT_BASE)
    stdin = f"{valid['input']}\n\n{invalid['input']}\n".encode() + b"http://\xff/\n"
    result = urlspec("canon", "--jsonl", "--base", WPT_BASE, stdin=stdin)
    assert result.returncode == 1
    assert result.stderr == b""  # with --jsonl, invalid lines are records
    records = [json.loads(line) for line in out(result).splitlines()]
    assert [record["line"] for record in records] == [1, 3, 4]  # the blank line 2 is skipped
    first, second, third = records
    assert first["input"] == valid["input"]
    assert first["file"] == "<stdin>"
    for name in (*COMPONENTS, "origin"):
        assert first[name] == valid[name], name
    assert first["host_kind"] == "domain"
    assert first["errors"] == ["invalid-credentials"]
    assert first["error"] is None
    assert second["input"] == invalid["input"]
    assert second["href"] is None
    assert second["pathname"] is None
    assert second["errors"][-1] == "port-invalid"
    assert "port-invalid" in second["error"]
    assert third["href"] is None
    assert "not valid UTF-8" in third["error"]


def write_lines(path: Path, lines: Sequence[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def test_canon_parallel_keeps_input_order(tmp_path: Path) -> None:
    # About 700 KiB: three chunks at least, so that the worker processes are really used.
    padding = "a" * 200
    lines = [f"HTTP://EXAMPLE.COM/{padding}/{i}" for i in range(3000)]
    for i in range(0, 3000, 700):
        lines[i] = f"http://[{i}"  # invalid: IPv6-unclosed
    source = tmp_path / "urls.txt"
    write_lines(source, lines)
    # The standard: the scheme and the domain are ASCII-lowercased, the path kept.
    expected = [f"http://example.com/{padding}/{i}" for i in range(3000) if i % 700]
    serial = urlspec("canon", "-j", "1", str(source))
    parallel = urlspec("canon", "-j", "2", str(source))
    assert serial.returncode == parallel.returncode == 1
    assert out(serial).splitlines() == expected
    assert out(parallel) == out(serial)
    assert err(parallel) == err(serial)
    numbers = [line.split(":")[1] for line in err(parallel).splitlines()]
    assert numbers == [str(i + 1) for i in range(0, 3000, 700)]


def test_canon_parallel_jsonl_matches_serial(tmp_path: Path) -> None:
    lines = [f"https://EXAMPLE.org/{'b' * 300}?q={i}" for i in range(2500)]
    source = tmp_path / "urls.txt"
    write_lines(source, lines)
    serial = urlspec("canon", "--jsonl", str(source))
    parallel = urlspec("canon", "--jsonl", "-j", "2", str(source))
    assert serial.returncode == parallel.returncode == 0
    assert out(parallel) == out(serial)
    records = [json.loads(line) for line in out(parallel).splitlines()]
    assert [record["line"] for record in records] == list(range(1, 2501))
    assert records[-1]["href"] == f"https://example.org/{'b' * 300}?q=2499"


def read_terminal(primary: int) -> bytes:
    """Everything written to a pseudo-terminal whose other end is closed."""
    data = []
    while True:
        try:
            block = os.read(primary, 65536)
        except OSError:  # EIO: no writer left
            break
        if not block:
            break
        data.append(block)
    return b"".join(data)


def test_canon_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    source = tmp_path / "urls.txt"
    write_lines(source, [f"http://example.com/{'p' * 200}/{i}" for i in range(3000)])
    primary, secondary = os.openpty()
    try:
        result = subprocess.run(
            [str(SCRIPT), "canon", str(source)],
            stdout=subprocess.PIPE,
            stderr=secondary,
            env=environment(),
            timeout=120,
            check=False,
        )
        os.close(secondary)
        terminal = read_terminal(primary)
    finally:
        os.close(primary)
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 3000
    assert b"%" in terminal  # the share of the input done, as the file's size is known
    assert b"/" in terminal
    assert b"lines" in terminal
    # the bar is erased at the end, and a summary line left
    last_line = terminal.rsplit(b"\r\x1b[K", 1)[1]
    assert last_line.startswith(b"3,000 lines (0 invalid lines), ")
    assert last_line.endswith(b" lines/s\r\n")  # (the terminal's "\n" is "\r\n")
    assert b"Traceback" not in terminal


def test_progress_bar_fits_80_columns_and_counts_in_english() -> None:
    # The rate fits in 80 columns, and the counts are English ("1 invalid line", not "lines").
    from urlspec.cli.progress import Progress, counted

    bar = Progress(io.StringIO(), 1023 * 1024**3, enabled=True)
    text = bar.render(1023 * 1024**3, 99_999_999, 0.5)
    assert len(text) <= 79 and text.endswith(" lines/s")
    # Whatever the counts and the terminal's width, the bar fits and the rate keeps its unit;
    # the gauge gives way first, then the sizes.
    for total in (None, 10 * 1024**4, 5_000):
        bar = Progress(io.StringIO(), total, enabled=True)
        for lines, elapsed in ((0, 0.0), (12_345, 1.0), (9_999_999_999, 1.0)):
            for width in (79, 60, 45, 30):
                text = bar.render(total or 1, lines, elapsed, width)
                assert len(text) <= width, (text, width)
                assert text.endswith(" lines/s"), (text, width)
    wide = Progress(io.StringIO(), 2048, enabled=True).render(1024, 10, 1.0)
    assert wide == "[#####.....] 50.0% 1.0 KiB/2.0 KiB  10 lines  10 lines/s"
    assert Progress(io.StringIO(), 2048, enabled=True).render(1024, 10, 1.0, 30) == (
        "50.0%  10 lines  10 lines/s"
    )
    assert counted(1, "invalid line") == "1 invalid line"
    assert counted(0, "invalid line") == "0 invalid lines"
    assert counted(1234, "line") == "1,234 lines"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_canon_into_a_closed_pipe_exits_quietly(tmp_path: Path, jobs: str) -> None:
    source = tmp_path / "big.txt"
    write_lines(source, [f"http://Example.COM/{i}" for i in range(200_000)])
    head, stderr, returncode = into_closed_pipe(["canon", "-j", jobs, str(source)], ["-n", "1"])
    assert head == b"http://example.com/0\n"
    assert stderr == b""
    assert returncode == 1  # as the Python documentation does after EPIPE


def into_closed_pipe(args: list[str], head: list[str]) -> tuple[bytes, bytes, int]:
    """Run ``urlspec ARGS | head HEAD``: (head's output, urlspec's stderr and exit status)."""
    producer = subprocess.Popen(
        [str(SCRIPT), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment()
    )
    assert producer.stdout is not None and producer.stderr is not None
    reader = subprocess.run(
        ["head", *head], stdin=producer.stdout, capture_output=True, check=True, timeout=120
    )
    producer.stdout.close()
    stderr = producer.stderr.read()
    return reader.stdout, stderr, producer.wait(timeout=120)


def restore_default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_canon_interrupted_exits_130_quietly() -> None:
    process = subprocess.Popen(
        [str(SCRIPT), "canon"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(),
        # A shell starts background jobs with SIGINT ignored, and a child inherits that: give
        # the program the disposition a terminal's Ctrl-C meets, wherever the suite runs.
        preexec_fn=restore_default_sigint,
    )
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(60, process.kill)  # a hung program fails the test, not CI
    watchdog.start()
    try:
        process.stdin.write(b"http://EXAMPLE.com/\n")
        process.stdin.flush()
        # Lines are canonicalized as they arrive: once this one is out, the program runs.
        assert process.stdout.readline() == b"http://example.com/\n"
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        watchdog.cancel()
    assert process.returncode == 130
    assert stderr == b""


# --- join ----------------------------------------------------------------------------------------


def test_join_whatwg() -> None:
    valid = [wpt_case(input, WPT_BASE) for input in CANON_INPUTS[:4]]
    invalid = wpt_case("http://f:b/c", WPT_BASE)
    refs = [case["input"] for case in valid]
    result = urlspec("join", WPT_BASE, *refs, invalid["input"])
    assert result.returncode == 1
    assert out(result).splitlines() == [case["href"] for case in valid]
    assert "'http://f:b/c'" in err(result)


def test_join_invalid_base() -> None:
    result = urlspec("join", "not a base", "foo")
    assert result.returncode == 1
    assert result.stdout == b""
    assert "'not a base'" in err(result)


# RFC 3986 §5.4.1 normal examples, with the answers urllib.parse.urljoin gives.
RFC3986_BASE = "http://a/b/c/d;p?q"
RFC3986_EXAMPLES = {
    "g:h": "g:h",
    "g": "http://a/b/c/g",
    "./g": "http://a/b/c/g",
    "g/": "http://a/b/c/g/",
    "/g": "http://a/g",
    "//g": "http://g",
    "?y": "http://a/b/c/d;p?y",
    "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s",
    "../g": "http://a/b/g",
    "../../g": "http://a/g",
}


def test_join_urllib() -> None:
    result = urlspec("join", "--urllib", RFC3986_BASE, *RFC3986_EXAMPLES)
    assert result.returncode == 0
    assert out(result).splitlines() == list(RFC3986_EXAMPLES.values())


def test_join_urllib_reports_value_error() -> None:
    # urllib.parse.urlsplit raises ValueError("Invalid IPv6 URL") for an unclosed '['.
    result = urlspec("join", "--urllib", "http://a/", "g", "http://[::1/")
    assert result.returncode == 1
    assert out(result) == "http://a/g\n"
    assert "Invalid IPv6 URL" in err(result)


def test_join_whatwg_differs_from_urllib() -> None:
    # The standard serializes an empty special path as "/": "//g" -> "http://g/".
    result = urlspec("join", RFC3986_BASE, "//g", "../../../g")
    assert result.returncode == 0
    assert out(result).splitlines() == ["http://g/", "http://a/g"]


# --- idna ----------------------------------------------------------------------------------------


def test_idna_to_ascii() -> None:
    good = toascii_case("xn--a")
    bad = toascii_case("xn--a.ß")
    assert bad["output"] is None
    result = urlspec("idna", "to-ascii", good["input"], bad["input"], "faß.ExAmPlE")
    assert result.returncode == 1
    # faß.ExAmPlE as in urltestdata's https://faß.ExAmPlE/ -> https://xn--fa-hia.example/
    assert out(result).splitlines() == [good["output"], "xn--fa-hia.example"]
    assert "'xn--a.ß'" in err(result)


def test_idna_to_unicode() -> None:
    result = urlspec("idna", "to-unicode", "xn--fa-hia.example", "example.com")
    assert result.returncode == 0
    assert out(result).splitlines() == ["faß.example", "example.com"]


def test_idna_strict() -> None:
    # beStrict sets UseSTD3ASCIIRules, which forbids "_"; the lenient domain parser keeps it.
    assert out(urlspec("idna", "to-ascii", "a_b.example")) == "a_b.example\n"
    result = urlspec("idna", "to-ascii", "--strict", "a_b.example")
    assert result.returncode == 1
    assert "'a_b.example'" in err(result)
    assert "U1" in err(result)


# --- check ---------------------------------------------------------------------------------------


def test_check_lists_validation_errors() -> None:
    # The standard: a "\" in a special URL is an invalid-reverse-solidus validation error.
    result = urlspec("check", "http://example.com\\foo", "https://example.com/")
    assert result.returncode == 0
    text = out(result)
    # (messages quote as a Python literal does: the backslash is escaped)
    assert "'http://example.com\\\\foo': valid, 1 validation error" in text
    assert "invalid-reverse-solidus at 18" in text
    assert "'https://example.com/': valid, no validation errors" in text


def test_check_strict_fails_on_validation_errors() -> None:
    result = urlspec("check", "--strict", "http://example.com\\foo")
    assert result.returncode == 1


def test_check_invalid_url() -> None:
    result = urlspec("check", "--json", "http://[::1", "https://example.com/")
    assert result.returncode == 1
    first, second = json.loads(out(result))
    assert first["valid"] is False
    assert [error["name"] for error in first["errors"]] == ["IPv6-unclosed"]
    assert second == {
        "input": "https://example.com/",
        "valid": True,
        "href": "https://example.com/",
        "error": None,
        "errors": [],
    }


# --- diff ----------------------------------------------------------------------------------------


def diff_json(*urls: str) -> tuple[int, list[dict[str, Any]]]:
    result = urlspec("diff", "--json", *urls)
    return result.returncode, json.loads(out(result))


def cpython_view(url: str) -> dict[str, Any]:
    """What CPython's own urllib.parse.urlsplit says of ``url`` (which must not fail)."""
    split = urllib.parse.urlsplit(url)
    return {
        "scheme": split.scheme,
        "netloc": split.netloc,
        "hostname": split.hostname,
        "port": split.port,
        "path": split.path,
        "query": split.query,
        "fragment": split.fragment,
    }


def test_diff_host_confusion() -> None:
    # CPython's urlsplit takes the host after the last "@"; the standard reads "\" as "/".
    url = "http://evil.example\\@good.example/"
    status, [document] = diff_json(url)
    assert status == 1
    assert document["urllib"] == cpython_view(url)
    assert document["urllib"]["hostname"] == "good.example"
    assert document["whatwg"]["hostname"] == "evil.example"
    assert document["whatwg"]["pathname"] == "/@good.example/"
    assert document["differing"] == ["host", "path"]
    assert document["security_disagreement"] is True


def test_diff_text_marks_the_disagreement() -> None:
    result = urlspec("diff", "http://evil.example\\@good.example/")
    assert result.returncode == 1
    host_row = next(line for line in out(result).splitlines() if line.startswith("  host "))
    assert "'good.example'" in host_row
    assert "'evil.example'" in host_row
    assert "DIFFERS" in host_row
    assert "SSRF" in out(result)


def test_diff_agreement_normalizes_case_default_port_and_encoding() -> None:
    # urllib: hostname "example.com", port 80, path "/a b"; standard: port "" (default),
    # pathname "/a%20b". IPv6: urllib "0:0::1", standard "[::1]". An opaque host: urllib
    # lowercases it, the standard keeps its case.
    urls = ("HTTP://Example.COM:80/a b", "http://[0:0::1]/", "foo://EXAMPLE.com/x")
    status, documents = diff_json(*urls)
    assert status == 0
    for url, document in zip(urls, documents, strict=True):
        assert document["urllib"] == cpython_view(url)
        assert document["differing"] == []
        assert document["security_disagreement"] is False
    assert documents[0]["urllib"]["port"] == 80
    assert documents[0]["whatwg"]["port"] == ""
    assert documents[2]["urllib"]["hostname"] == "example.com"
    assert documents[2]["whatwg"]["hostname"] == "EXAMPLE.com"


def test_diff_ipv4_notation_is_a_disagreement() -> None:
    # The standard's IPv4 parser reads "0x7f.1" as 127.0.0.1; urllib keeps the text.
    status, [document] = diff_json("http://0x7f.1/")
    assert status == 1
    assert document["whatwg"]["hostname"] == "127.0.0.1"
    assert document["urllib"]["hostname"] == "0x7f.1"
    assert document["differing"] == ["host"]


def test_diff_failures_are_shown() -> None:
    # urlsplit accepts the URL but its .port raises ValueError; the standard fails on the port.
    status, [document] = diff_json("http://a:99999/")
    assert status == 1
    assert document["urllib"]["hostname"] == "a"
    assert "Port out of range" in document["urllib"]["port"]["error"]
    assert "port-out-of-range" in document["whatwg"]["error"]
    result = urlspec("diff", "http://[::1")  # both reject it
    assert result.returncode == 0
    assert "Invalid IPv6 URL" in out(result)
    assert "IPv6-unclosed" in out(result)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_output_error_is_reported_without_traceback() -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [str(SCRIPT), "canon"],
            input=b"http://example.com/\n",
            stdout=full,
            stderr=subprocess.PIPE,
            env=environment(),
            timeout=60,
            check=False,
        )
    assert result.returncode == 74
    assert b"Traceback" not in result.stderr
    assert b"No space left on device" in result.stderr


# --- robustness: odd environments and huge inputs ------------------------------------------------


def test_closed_stdout_is_an_output_error() -> None:
    result = subprocess.run(
        [str(SCRIPT), "parse", "http://a/"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment(),
        timeout=60,
        check=False,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 74
    assert b"no standard output" in result.stderr
    assert b"Traceback" not in result.stderr


def test_too_many_processes_is_a_usage_error() -> None:
    result = urlspec("canon", "-j", "100000", stdin=b"http://a/\n")
    assert result.returncode == 2
    assert "at most" in err(result)


def test_a_huge_invalid_line_gives_a_short_message() -> None:
    # "http://h h/" fails: a space is a forbidden host code point (domain-to-ASCII).
    line = "http://h h/" + "a" * 100_000
    result = urlspec("canon", stdin=line.encode() + b"\n")
    assert result.returncode == 1
    message = err(result)
    assert message.startswith("<stdin>:1: invalid URL 'http://h h/aaa")
    assert "more characters" in message
    assert len(message) < 1_000


def test_jsonl_of_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    name = os.fsdecode(bytes(tmp_path) + b"/\xff.txt")
    Path(name).write_bytes(b"http://a/\n")
    result = urlspec("canon", "--jsonl", name)
    assert result.returncode == 0
    record = json.loads(out(result))
    assert record["href"] == "http://a/"


# --- canon --profile / --unique / --strip-params -----------------------------------------------


def test_canon_profiles() -> None:
    # Expected values: Safe Browsing's "URLs and Hashing" examples, the Internet Archive's
    # WaybackURLKeyMakerTest.java, IIPC urlcanon's SSURT example (see tests/test_canonical_*.py).
    stdin = b"http://archive.org/goo/?b&a\n%20leadingspace.com/\n"
    result = urlspec("canon", "--profile", "surt", stdin=stdin)
    assert result.returncode == 0, err(result)
    assert out(result).splitlines() == ["org,archive)/goo?a&b", "com,%20leadingspace)/"]
    result = urlspec("canon", "--profile", "safebrowsing", stdin=b"http://3279880203/blah#x\n")
    assert out(result).splitlines() == ["http://195.127.0.11/blah"]
    stdin = b"http://user:pass@foo.example.org:81/path?query#frag\n"
    result = urlspec("canon", "--profile", "ssurt", stdin=stdin)
    assert out(result).splitlines() == ["org,example,foo,//81:http@user:pass:/path?query#frag"]


def test_canon_dedup_unique_strip_params(tmp_path: Path) -> None:
    source = tmp_path / "urls.txt"
    write_lines(
        source,
        [
            "http://a.com/%7euser?b=1&a=2&utm_source=x#top",
            "not a url",
            "http://a.com./~user?a=2&b=1&fbclid=3",
            "http://a.com/other",
            "HTTP://A.COM/~user?a=2&b=1",
        ],
    )
    result = urlspec(
        "canon", "--profile", "dedup", "--unique", "--strip-params", "tracking", str(source)
    )
    assert out(result).splitlines() == ["http://a.com/~user?a=2&b=1", "http://a.com/other"]
    assert result.returncode == 1  # the invalid line is reported as ever
    assert err(result).startswith(f"{source}:2: invalid URL 'not a url'")
    # Without --strip-params the tracking parameters stay (sorted among the others).
    result = urlspec("canon", "--profile", "dedup", "--unique", str(source))
    assert out(result).splitlines()[0] == "http://a.com/~user?a=2&b=1&utm_source=x"


def test_canon_safebrowsing_says_it_takes_only_http_urls() -> None:
    stdin = b"file:///etc/passwd\nhttp://a.example/\n"
    result = urlspec("canon", "--profile", "safebrowsing", stdin=stdin)
    assert result.returncode == 1
    assert out(result).splitlines() == ["http://a.example/"]
    assert err(result) == (
        "<stdin>:1: invalid URL 'file:///etc/passwd': scheme-not-http "
        "(the safebrowsing profile takes only http and https URLs)\n"
    )


def test_canon_strip_params_tracking_is_the_python_apis_list() -> None:
    # tests/test_canonical.py: "tracking" stands for TRACKING_PARAMETERS (t, r, x stay); in a
    # comma-separated list too, where the other names are added to it
    stdin = b"https://a.com/?t=1&r=2&x=3&tracking=4&utm_source=5&fbclid=6\n"
    result = urlspec("canon", "--profile", "dedup", "--strip-params", "tracking", stdin=stdin)
    assert out(result).splitlines() == ["https://a.com/?r=2&t=1&tracking=4&x=3"]
    result = urlspec("canon", "--profile", "dedup", "--strip-params", "tracking,x", stdin=stdin)
    assert out(result).splitlines() == ["https://a.com/?r=2&t=1&tracking=4"]


def test_canon_unique_parallel_matches_serial(tmp_path: Path) -> None:
    # About 700 KiB in 3000 lines, each URL twice (in two spellings), so that -j is used.
    padding = "a" * 200
    lines = [f"http://example.com/{padding}/{i % 1500}" for i in range(3000)]
    lines[2000] = "HTTP://EXAMPLE.COM:80/" + lines[2000].split("/", 3)[3]
    source = tmp_path / "urls.txt"
    write_lines(source, lines)
    serial = urlspec("canon", "--unique", "-j", "1", str(source))
    parallel = urlspec("canon", "--unique", "-j", "2", str(source))
    assert serial.returncode == parallel.returncode == 0
    expected = [f"http://example.com/{padding}/{i}" for i in range(1500)]
    assert out(serial).splitlines() == expected
    assert out(parallel) == out(serial)


@pytest.mark.parametrize(
    "arguments",
    [
        ["--strip-params", "utm_*"],  # only with dedup
        ["--profile", "surt", "--jsonl"],
        ["--unique", "--jsonl"],
        ["--profile", "dedup", "--strip-params", ","],
        ["--profile", "nope"],
    ],
)
def test_canon_profile_usage_errors(arguments: list[str]) -> None:
    result = urlspec("canon", *arguments, stdin=b"http://a/\n")
    assert result.returncode == 2
    assert out(result) == ""


def test_no_url_and_a_terminal_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # With no URL argument, a command reads standard input only when it is piped: a terminal
    # would wait for input nobody knows to type.
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    with pytest.raises(CLIError) as caught:
        list(arguments_or_stdin([], "parse"))
    assert caught.value.status == EXIT_USAGE
    assert "pipe them into urlspec parse" in caught.value.message
