"""``urlspec guard``: one verdict per URL, exit 1 on any refusal.

Expected verdicts: 0x7f.1 is 127.0.0.1 (URL Standard IPv4 parser), loopback (RFC 1122); 10/8 is
private (RFC 1918); names get their addresses from the test fence's fake DNS.
"""

from __future__ import annotations

import json

import pytest

from urlspec.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["guard", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_allowed_and_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "HTTPS://Example.com/a/../b", "http://0x7f.1/")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == "allowed https://example.com/b"
    assert lines[1].startswith("refused address-loopback 'http://127.0.0.1/': address 127.0.0.1")


def test_every_url_allowed_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "https://example.com/", "http://8.8.8.8/")[0] == 0


def test_allow_network_and_hosts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--allow-network", "10.1.0.0/16", "http://10.1.2.3/", "http://10.2.0.1/"
    )
    assert status == 1
    assert out.splitlines()[0] == "allowed http://10.1.2.3/"
    assert out.splitlines()[1].startswith("refused address-private")
    status, out, _ = run(capsys, "--allow-host", "*.example.com", "https://example.org/")
    assert (status, out.split()[:2]) == (1, ["refused", "host-not-allowed"])


def test_resolve(capsys: pytest.CaptureFixture[str], fake_dns: dict[str, list[str]]) -> None:
    fake_dns["internal.test"] = ["127.0.0.2"]
    fake_dns["service.test"] = ["127.0.0.1"]
    status, out, _ = run(capsys, "--resolve", "http://internal.test/")
    assert status == 1
    assert out.startswith("refused resolved-to-non-global 'http://internal.test/'")
    status, out, _ = run(
        capsys, "--resolve", "--allow-network", "127.0.0.1/32", "http://service.test:8080/"
    )
    assert (status, out) == (0, "allowed http://service.test:8080/ -> 127.0.0.1\n")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--json", "gopher://127.0.0.1/")
    assert status == 1
    assert json.loads(out) == [
        {
            "input": "gopher://127.0.0.1/",
            "allowed": False,
            "reason": "scheme-not-allowed",
            "url": "gopher://127.0.0.1/",
            "host": None,
            "address": None,
            "detail": "scheme 'gopher' (allowed: http, https)",
        }
    ]


def test_a_bad_policy_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--allow-network", "10.0.0.1/8", "http://x/")
    assert status == 2
    assert "invalid network '10.0.0.1/8'" in err


# The red team's probes: a password in the input (parsed or not), control characters in it.
SECRET_INPUTS = [
    "http://user:s3cret@[::1/",  # does not parse: the userinfo a reader sees is removed
    "http://user:s3cret@example.com/",  # credentials
    "http://user:s3cret@0x7f.1/",
    "http:\\\\user:s3cret@[::1/",  # backslashes
    "http://a@b:s3cret@[::1/",  # several @
    "http://user:s3cret%40evil@[::1/",  # percent-encoded
]


@pytest.mark.parametrize("text", SECRET_INPUTS)
def test_no_password_in_text_or_json(capsys: pytest.CaptureFixture[str], text: str) -> None:
    status, out, err = run(capsys, text)
    assert status == 1 and "s3cret" not in out + err
    status, out, err = run(capsys, "--json", text)
    assert status == 1 and "s3cret" not in out + err
    (record,) = json.loads(out)
    assert record["allowed"] is False


def test_no_password_when_credentials_are_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--allow-credentials", "--json", "http://user:s3cret@8.8.8.8/")
    assert status == 0 and "s3cret" not in out
    assert json.loads(out)[0]["href"] == "http://8.8.8.8/"


def test_control_characters_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    # ESC and BEL in a URL that does not parse (the parser removes neither from a host): shown
    # escaped as redirect-check shows its targets, never written to the terminal.
    status, out, _ = run(capsys, "http://\x1b[2J\x07.example/", "gopher://\x1b]0;x\x07/")
    assert status == 1
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b" in out and "\\x07" in out


def test_port_zero_and_empty_labels_without_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    # Port 0: IANA reserved (RFC 6335 §6). localhost.. is localhost (RFC 6761 §6.3);
    # 127.0.0.1... is 127.0.0.1 without the dots (RFC 1122: loopback).
    status, out, _ = run(
        capsys,
        "--deny-host",
        "admin.example.com",
        "http://example.com:0/",
        "http://localhost../",
        "http://127.0.0.1.../",
        "http://admin.example.com../",
    )
    assert status == 1
    assert [line.split()[:2] for line in out.splitlines()] == [
        ["refused", "port-not-allowed"],
        ["refused", "address-loopback"],
        ["refused", "address-loopback"],
        ["refused", "host-denied"],
    ]


def test_port_zero_cannot_be_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--allow-port", "0", "http://x/")[0] == 2
