"""``urlspec host``, ``urlspec diff --base`` and what ``urlspec --version`` says of the data
(Public Suffix List, IDNA), run as a user runs them (see tests/test_cli.py).

Expected values: the URL Standard and WPT for the parsed hosts (0x7f.1 is 127.0.0.1), the
Public Suffix List's rules, the IANA registries' rows, and RFC 3986 §5.4.1 for urljoin
("//g" against "http://a/b/c/d;p?q" is "http://g").
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest
from test_cli import err, out, urlspec


def host_json(*args: str) -> tuple[int, list[dict[str, Any]]]:
    result = urlspec("host", "--json", *args)
    return result.returncode, json.loads(out(result))


def test_host_loopback_written_in_hex_exits_1() -> None:
    result = urlspec("host", "http://0x7f.1/")
    assert result.returncode == 1
    text = out(result)
    assert re.search(r"host as written\s+0x7f\.1\n", text)
    assert re.search(r"host\s+127\.0\.0\.1\n", text)
    assert re.search(r"kind\s+ipv4\n", text)
    assert "0x7f.1 -> 127.0.0.1" in text
    assert "LOOPBACK" in text
    assert "127.0.0.0/8 Loopback" in text


def test_host_json_of_a_domain() -> None:
    status, [record] = host_json("https://user@WWW.Bücher.DE:8443/x")
    assert status == 0
    assert record == {
        "input": "https://user@WWW.Bücher.DE:8443/x",
        "host_as_written": "WWW.Bücher.DE",
        "host": "www.xn--bcher-kva.de",
        "kind": "domain",
        "public_suffix": "de",
        "registrable_domain": "xn--bcher-kva.de",
        "site": "https://xn--bcher-kva.de",
        "unicode": "www.bücher.de",
        "address_class": "domain",
        "address": None,
        "embedded_ipv4": None,
        "embedding": None,
        "registry_row": None,
        "non_global": False,
    }


def test_host_json_of_an_ipv4_mapped_address() -> None:
    status, [record] = host_json("http://[::ffff:169.254.169.254]/latest/meta-data")
    assert status == 1
    assert record["host_as_written"] == "[::ffff:169.254.169.254]"
    assert record["host"] == "[::ffff:a9fe:a9fe]"
    assert record["kind"] == "ipv6"
    assert (record["address_class"], record["embedding"], record["embedded_ipv4"]) == (
        "link-local",
        "IPv4-mapped",
        "169.254.169.254",
    )
    assert (record["public_suffix"], record["registrable_domain"]) == (None, None)
    assert record["non_global"] is True


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("https://example.com/", 0),
        ("https://8.8.8.8/", 0),
        ("mailto:someone@example.com", 0),  # no host to reach
        ("http://localhost:3000/", 1),
        ("http://a.localhost/", 1),
        ("http://10.1/", 1),
        ("http://100.64.0.1/", 1),
        ("http://[fd00::1]/", 1),
        ("http://2130706433/", 1),
        ("http://exa mple.com/", 1),  # invalid
        # Opaque hosts, read as a client connecting to them reads them (RFC 1122 §3.2.1.3
        # loopback; 0x7f.1 is 127.0.0.1 by the URL Standard's IPv4 parser).
        ("gopher://127.0.0.1:6379/_", 1),
        ("gopher://0x7f.1/_", 1),
        ("gopher://example.com/_", 0),
    ],
)
def test_host_exit_status_guards_non_global_addresses(url: str, status: int) -> None:
    assert urlspec("host", url).returncode == status


def test_host_reports_every_url_and_exits_1_if_any_is_non_global() -> None:
    status, records = host_json("https://example.com/", "http://127.0.0.1/", "http://[/")
    assert status == 1
    assert [record.get("address_class") for record in records] == ["domain", "loopback", None]
    assert "error" in records[2] and records[2]["error"].startswith("invalid URL")


def test_host_private_section_and_icann_only() -> None:
    _, [record] = host_json("https://whatwg.github.io/")
    assert (record["public_suffix"], record["registrable_domain"]) == (
        "github.io",
        "whatwg.github.io",
    )
    _, [record] = host_json("--icann-only", "https://whatwg.github.io/")
    assert (record["public_suffix"], record["registrable_domain"]) == ("io", "github.io")


def test_host_with_a_base() -> None:
    status, [record] = host_json("--base", "http://a/b/c/d;p?q", "//g")
    assert status == 0
    assert (record["url"], record["host_as_written"], record["host"]) == ("http://g/", "g", "g")
    _, [record] = host_json("--base", "http://a/b/c/d;p?q", "g")
    assert (record["url"], record["host_as_written"]) == ("http://a/b/c/g", None)
    result = urlspec("host", "--base", "not a url", "//g")
    assert result.returncode == 1
    assert "base" in err(result)


def test_diff_with_a_base_judges_a_redirect_target_against_the_page() -> None:
    result = urlspec("diff", "--json", "--base", "https://good.example/page", "//evil.example/x")
    [document] = json.loads(out(result))
    # The parsers agree, but both leave the page's site: a redirect check must fail on it.
    assert result.returncode == 1
    assert document["off_site"] is True
    assert document["base"] == "https://good.example/page"
    assert document["whatwg"]["hostname"] == "evil.example"
    assert document["urllib"]["hostname"] == "evil.example"
    assert document["same_site_as_base"] == {"urllib": False, "whatwg": False}
    assert document["same_origin_as_base"] == {"urllib": False, "whatwg": False}
    text = out(urlspec("diff", "--base", "https://good.example/page", "//evil.example/x"))
    assert "OFF-SITE" in text


@pytest.mark.parametrize(
    ("target", "status"),
    [
        ("//evil.example", 1),  # another site (the README's redirect example)
        ("/next", 0),  # same origin
        ("//www.good.example/", 0),  # another origin of the same site (HTML "same site")
        # HTML's "same site" compares schemes (a site is a scheme and a registrable domain):
        # a downgrade to http: is another site.
        ("http://good.example/", 1),
    ],
)
def test_diff_with_a_base_exit_status(target: str, status: int) -> None:
    assert urlspec("diff", "--base", "https://good.example/", target).returncode == status


def test_diff_with_a_base_finds_the_backslash_confusion() -> None:
    # "/\evil.example": urljoin keeps the base's host (a path), the URL parser reads "\" as "/"
    # in a special URL, which makes it scheme-relative.
    result = urlspec("diff", "--json", "--base", "https://good.example/page", "/\\evil.example")
    [document] = json.loads(out(result))
    assert result.returncode == 1
    assert document["urllib"]["hostname"] == "good.example"
    assert document["whatwg"]["hostname"] == "evil.example"
    assert document["same_origin_as_base"] == {"urllib": True, "whatwg": False}
    assert "host" in document["differing"]


def test_diff_with_an_invalid_base() -> None:
    result = urlspec("diff", "--base", "::", "x")
    assert result.returncode == 1
    assert "base" in err(result)


def test_version_names_the_public_suffix_list_and_the_unicode_version() -> None:
    text = resources.files("publicsuffixlist").joinpath("public_suffix_list.dat").read_text("utf-8")
    version = re.search(r"^// VERSION: (\S+)$", text, re.MULTILINE)
    assert version is not None
    result = urlspec("--version")
    assert result.returncode == 0
    lines = out(result).splitlines()
    assert lines[0].startswith("urlspec 0.1.0 ")
    assert lines[1].startswith(f"Public Suffix List: {version.group(1)} (from publicsuffixlist ")
    assert lines[2].startswith("IDNA: Unicode 18.0.0")


@pytest.mark.parametrize(
    ("text", "base_scheme", "written"),
    [
        ("  http://a\tb.com/x ", None, "ab.com"),  # stripped, tab removed (the parser's steps)
        ("https://u:p@[::1]:80/", None, "[::1]"),
        ("HTTP:\\\\Ex.com\\p", None, "Ex.com"),  # "\" is "/" in a special URL
        ("foo://h:1/", None, "h"),
        ("foo:/x", None, None),  # no authority
        ("mailto:x@y", None, None),
        ("//g", "http", "g"),
        ("\\\\g", "https", "g"),
        ("\\\\g", "foo", None),  # not special: "\" is not "/"
        ("g", "http", None),
    ],
)
def test_written_host(text: str, base_scheme: str | None, written: str | None) -> None:
    from urlspec.cli.host import written_host

    assert written_host(text, base_scheme) == written
