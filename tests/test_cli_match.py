"""``urlspec match PATTERN [FILE ...]``, run as a user runs it (see tests/test_cli.py).

Expected values: the URLPattern standard's examples ("/books/:id" matches "/books/12" with
id "12"; a named group stops at "/"), and grep's exit statuses (0 a match, 1 none, 2 trouble).
"""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import err, out, urlspec

LINES = b"https://example.com/books/12\nhttps://example.com/books/12/x\nnot a url\n\nhttps://example.com/books/7?q\n"


def test_lines_that_match_from_stdin() -> None:
    result = urlspec("match", "https://example.com/books/:id", stdin=LINES)
    assert result.returncode == 0
    assert out(result) == "https://example.com/books/12\nhttps://example.com/books/7?q\n"


def test_invert_and_no_match(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(LINES)
    inverted = urlspec("match", "-v", "https://example.com/books/:id", str(path))
    assert out(inverted) == "https://example.com/books/12/x\nnot a url\n"
    none = urlspec("match", "https://example.org/*", str(path))
    assert none.returncode == 1
    assert out(none) == ""


def test_json_groups() -> None:
    result = urlspec("match", "--json", "https://example.com/books/:id", stdin=LINES)
    records = [json.loads(line) for line in out(result).splitlines()]
    assert records[0] == {
        "url": "https://example.com/books/12",
        "groups": {"protocol": {}, "hostname": {}, "port": {}, "pathname": {"id": "12"}},
    }
    assert records[1]["groups"]["pathname"] == {"id": "7"}


def test_base_and_ignore_case() -> None:
    result = urlspec(
        "match",
        "--base",
        "https://example.com/",
        "--ignore-case",
        "/BOOKS/*",
        stdin=b"/books/1\n/x\n",
    )
    assert out(result) == "/books/1\n"


def test_invalid_pattern_and_missing_file(tmp_path: Path) -> None:
    bad = urlspec("match", "https://example.com/(", stdin=b"")
    assert bad.returncode == 2
    assert "invalid pattern" in err(bad) and "pathname pattern" in err(bad)
    relative = urlspec("match", "/books/*", stdin=b"")
    assert relative.returncode == 2
    missing = urlspec("match", "*://*/*", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2
    assert "cannot read" in err(missing)
