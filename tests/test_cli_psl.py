"""Tests for ``urlspec psl`` (urlspec/cli/psl.py) and where ``default_list()`` finds its list.

Expected values: the lists are written here in the Public Suffix List's format
(https://github.com/publicsuffix/list/wiki/Format: one rule a line, "//" comments, "*." wildcard
and "!" exception rules), and the answers are that format's formal algorithm on them ("example"
is the public suffix of "a.b.example", so "b.example" its registrable domain). The real list's
rule count, 10,248, is the one tests/data/SOURCES.md states for that copy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shared_data import PSL_DIR, missing
from test_cli import err, out, urlspec

from urlspec.hosts import public_suffix_list
from urlspec.hosts.public_suffix_list import PSL_FILE_VARIABLE, default_list, user_list_path

SMALL_LIST = """\
// VERSION: test-1
// ===BEGIN ICANN DOMAINS===
example
*.wild.example
!www.wild.example
// ===END ICANN DOMAINS===
"""


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user data directory of the test's own (no list stored yet), and no URLSPEC_PSL_FILE."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(PSL_FILE_VARIABLE, raising=False)
    return tmp_path / "data"


def host_record(url: str) -> dict[str, object]:
    result = urlspec("host", "--json", url)
    [record] = json.loads(out(result))
    assert isinstance(record, dict)
    return record


def test_update_stores_the_list_where_urlspec_reads_it(data_home: Path, tmp_path: Path) -> None:
    source = tmp_path / "list.dat"
    source.write_text(SMALL_LIST, encoding="utf-8")
    result = urlspec("psl", "update", "--from", str(source))
    assert result.returncode == 0, err(result)
    stored = data_home / "urlspec" / "public_suffix_list.dat"
    assert stored.read_text(encoding="utf-8") == SMALL_LIST
    assert "3 rules (test-1)" in out(result)
    # The stored list is the one in use now: "example" is a rule of it, "a.b.example" splits there.
    record = host_record("http://a.b.example/")
    assert (record["public_suffix"], record["registrable_domain"]) == ("example", "b.example")
    # "*.wild.example" and "!www.wild.example".
    assert host_record("http://a.b.wild.example/")["registrable_domain"] == "a.b.wild.example"
    assert host_record("http://www.wild.example/")["registrable_domain"] == "www.wild.example"
    shown = out(urlspec("psl", "show"))
    assert str(stored) in shown and "test-1" in shown and "present" in shown


def test_update_to_a_path_and_the_environment_variable(
    data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "list.dat"
    source.write_text(SMALL_LIST, encoding="utf-8")
    target = tmp_path / "lists" / "mine.dat"
    result = urlspec("psl", "update", "--from", str(source), "--to", str(target))
    assert result.returncode == 0, err(result)
    assert f"{PSL_FILE_VARIABLE}={target}" in out(result)
    assert not (data_home / "urlspec").exists()
    monkeypatch.setenv(PSL_FILE_VARIABLE, str(target))
    assert host_record("http://a.b.example/")["registrable_domain"] == "b.example"


def test_the_real_list(data_home: Path) -> None:
    source = PSL_DIR / "public_suffix_list.dat"
    if not source.exists():
        missing(source)
    result = urlspec("psl", "update", "--from", str(source))
    assert result.returncode == 0, err(result)
    assert "10248 rules" in out(result)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<html>\n<body>Not found</body>\n", "line 1: '<html>' is not a domain"),
        ("example\nexa%mple\n", "line 2: 'exa%mple' is not a domain"),
        ("// only comments\n\n", "it has no rules"),
        ("example\n*.\n", "line 2"),
    ],
)
def test_update_refuses_what_is_not_a_list(
    data_home: Path, tmp_path: Path, text: str, message: str
) -> None:
    stored = data_home / "urlspec" / "public_suffix_list.dat"
    stored.parent.mkdir(parents=True)
    stored.write_text(SMALL_LIST, encoding="utf-8")
    source = tmp_path / "page.html"
    source.write_text(text, encoding="utf-8")
    result = urlspec("psl", "update", "--from", str(source))
    assert result.returncode == 1
    assert message in err(result)
    assert stored.read_text(encoding="utf-8") == SMALL_LIST  # left as it was


def test_update_from_a_missing_file(data_home: Path, tmp_path: Path) -> None:
    result = urlspec("psl", "update", "--from", str(tmp_path / "absent.dat"))
    assert result.returncode == 1
    assert "cannot read the list" in err(result)


def test_a_missing_file_named_by_the_variable_is_an_error(
    data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PSL_FILE_VARIABLE, str(tmp_path / "absent.dat"))
    result = urlspec("psl", "show")
    assert result.returncode == 1
    assert "absent.dat" in err(result)


def test_user_list_path_and_default_list(
    data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert user_list_path() == str(data_home / "urlspec" / "public_suffix_list.dat")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expected = tmp_path / "home" / ".local" / "share" / "urlspec" / "public_suffix_list.dat"
    assert user_list_path() == str(expected)
    named = tmp_path / "named.dat"
    named.write_text(SMALL_LIST, encoding="utf-8")
    monkeypatch.setenv(PSL_FILE_VARIABLE, str(named))
    assert user_list_path() == str(named)
    monkeypatch.setattr(public_suffix_list, "_default_list", None)
    assert default_list().version == "test-1"
    assert default_list().registrable_domain("a.b.example") == "b.example"
    monkeypatch.setattr(public_suffix_list, "_default_list", None)
    monkeypatch.delenv(PSL_FILE_VARIABLE)
    assert (default_list().source or "").startswith("publicsuffixlist")
