"""``urlspec redirect-check``, run as a user runs it (see tests/test_cli.py).

Expected values: the browser's answers recorded in tests/data/open_redirect_cves.json (the
WHATWG URL parser as Node.js implements it): ``/\\evil.example`` against an https page goes to
https://evil.example/ (the flask-security-too-cve-2023-49438-a case's class), ``\\t//evil`` to
https://evil/ (tabs are removed, url.bs §4.4 basic URL parser step 3).
"""

from __future__ import annotations

import json
import re

from test_cli import err, out, urlspec

BASE = "https://example.com/login"


def test_verdict_reason_and_href_per_target() -> None:
    result = urlspec(
        "redirect-check",
        "--base",
        BASE,
        "--allow-host",
        "accounts.example",
        "/account",
        "/\\evil.example",
        "https://accounts.example/welcome",
    )
    assert result.returncode == 1
    lines = out(result).splitlines()
    assert re.fullmatch(r"allowed +same-origin +https://example\.com/account +'/account'", lines[0])
    assert re.fullmatch(
        r"refused +host-not-allowed +https://evil\.example/ +'/\\\\evil\.example'", lines[1]
    )
    assert re.fullmatch(
        r"allowed +allowed-host +https://accounts\.example/welcome +'https://accounts\.example/welcome'",
        lines[2],
    )


def test_all_allowed_exits_0() -> None:
    result = urlspec("redirect-check", "--base", BASE, "/a", "b?c", "?d#e")
    assert result.returncode == 0
    assert out(result).count("allowed") == 3


def test_require_https() -> None:
    result = urlspec(
        "redirect-check",
        "--base",
        BASE,
        "--allow-host",
        "accounts.example",
        "--require-https",
        "http://accounts.example/",
    )
    assert result.returncode == 1
    assert "not-https" in out(result)


def test_json() -> None:
    result = urlspec("redirect-check", "--json", "--base", BASE, "\t//evil", "/ok")
    assert result.returncode == 1
    refused, allowed = json.loads(out(result))
    assert refused == {
        "target": "\t//evil",
        "allowed": False,
        "reason": "host-not-allowed",
        "message": "refused '\\t//evil': its host 'evil' is not an allowed host",
        "url": "https://evil/",
        "href": None,
    }
    assert allowed["href"] == "https://example.com/ok"


def test_an_invalid_target_shows_no_url() -> None:
    result = urlspec("redirect-check", "--base", BASE, "https://example.com:99999/")
    assert result.returncode == 1
    assert re.match(r"refused +invalid-url +- +'https://example\.com:99999/'", out(result))


def test_a_bad_base_or_host_is_a_usage_error() -> None:
    result = urlspec("redirect-check", "--base", "file:///srv", "/a")
    assert result.returncode == 2
    assert err(result).startswith("urlspec redirect-check: the base must be the http(s) URL")
    result = urlspec("redirect-check", "--base", BASE, "--allow-host", "*.example.com", "/a")
    assert result.returncode == 2
    assert "wildcards are not supported" in err(result)
    result = urlspec("redirect-check", "/a")
    assert result.returncode == 2
    assert "--base" in err(result)
