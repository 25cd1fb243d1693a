"""urlspec.web.redirect (safe_redirect, check_redirect) against open redirect advisories.

tests/data/open_redirect_cves.json holds each advisory's attack input as a named case, more
bypass classes, and legitimate targets. For each case it records the browser's answer, the
WHATWG URL parser's (url.bs §4.4) ``new URL(target, base)`` as Node.js implements it, and the
origins a redirect may land on computed by the same parser; the expected verdicts are written by
hand from the rules of docs/safe-redirect.md. Django's answers (``url_has_allowed_host_and_scheme``)
are recorded too, and checked against the installed Django.
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from shared_data import skip_or_fail_in_ci

import urlspec.web.redirect
from urlspec import URL
from urlspec.web.redirect import (
    ALLOWED_REASONS,
    REFUSED_REASONS,
    RedirectConfigError,
    RedirectVerdict,
    check_redirect,
    safe_redirect,
)

try:
    from django.utils.http import url_has_allowed_host_and_scheme
except ImportError:  # the test extra has it; see django_answer
    url_has_allowed_host_and_scheme = None

DATA = Path(__file__).parent / "data" / "open_redirect_cves.json"
DOC = Path(__file__).parent.parent / "docs" / "safe-redirect.md"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]

#: The open redirect advisories of Python web frameworks (Django, Flask-Security(-Too),
#: Flask-User, aiohttp, Tornado, Jupyter): each must be a named case.
ADVISORY_CVES = {
    "CVE-2013-6044",
    "CVE-2014-3730",
    "CVE-2015-0220",
    "CVE-2015-2317",
    "CVE-2016-2512",
    "CVE-2017-7233",
    "CVE-2018-14574",
    "CVE-2021-32618",
    "CVE-2023-49438",
    "CVE-2021-23385",
    "CVE-2021-23401",
    "CVE-2021-21330",
    "CVE-2023-28370",
    "CVE-2019-10255",
    "CVE-2020-26215",
    "CVE-2020-26232",
    "CVE-2023-39968",
}

#: Refusals by policy where the browser would stay on an allowed origin.
POLICY_REFUSALS = {"empty", "same-document", "credentials", "not-https"}


def location_of(case: dict[str, Any]) -> str:
    """The href urlspec sends: the browser's, but where the case records another (the base's
    credentials left out, docs/safe-redirect.md's credentials rule)."""
    location: str = case.get("location", case["browser"]["href"])
    return location


def verdict_of(case: dict[str, Any]) -> RedirectVerdict:
    return check_redirect(
        case["target"],
        base=case["base"],
        allowed_hosts=case.get("allowed_hosts", ()),
        require_https=case.get("require_https", False),
    )


def browser_allows(case: dict[str, Any]) -> bool:
    """Whether the browser lands on an http(s) URL of an allowed origin (the origins come from
    the same reference parser as the browser's answer)."""
    browser = case["browser"]
    return (
        browser is not None
        and browser["href"].startswith(("http:", "https:"))
        and browser["origin"] in case["allowed_origins"]
    )


def ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["id"] for case in cases]


def test_every_advisory_of_the_issue_is_a_named_case() -> None:
    assert {case.get("cve") for case in CASES} >= ADVISORY_CVES
    assert any(case["id"] == "tornado-6.6.1-triple-slash" for case in CASES)
    assert len(set(ids(CASES))) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_verdict(case: dict[str, Any]) -> None:
    verdict = verdict_of(case)
    assert (verdict.allowed, verdict.reason) == (
        case["expected"]["allowed"],
        case["expected"]["reason"],
    ), verdict.message
    assert bool(verdict) is verdict.allowed
    assert verdict.reason in (ALLOWED_REASONS if verdict.allowed else REFUSED_REASONS)
    assert verdict.message.startswith("refused ") is not verdict.allowed


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_the_url_is_the_browsers(case: dict[str, Any]) -> None:
    # Where the browser would go (also for a refused target, which the CLI shows).
    verdict = verdict_of(case)
    if verdict.reason == "empty":
        assert verdict.url is None
    elif case["browser"] is None:
        assert verdict.url is None and verdict.reason == "invalid-url"
    else:
        assert verdict.url is not None
        assert verdict.url.href == location_of(case)
        assert verdict.url.origin == case["browser"]["origin"]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_agrees_with_the_browser(case: dict[str, Any]) -> None:
    verdict = verdict_of(case)
    if verdict.allowed:
        assert browser_allows(case)
    else:
        assert not browser_allows(case) or verdict.reason in POLICY_REFUSALS


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_safe_redirect_returns_the_allowed_url(case: dict[str, Any]) -> None:
    url = safe_redirect(
        case["target"],
        base=case["base"],
        allowed_hosts=case.get("allowed_hosts", ()),
        require_https=case.get("require_https", False),
    )
    if case["expected"]["allowed"]:
        assert url is not None and url.href == location_of(case)
    else:
        assert url is None


ALLOWED_CASES = [case for case in CASES if case["expected"]["allowed"]]


@pytest.mark.parametrize("case", ALLOWED_CASES, ids=ids(ALLOWED_CASES))
def test_the_href_is_a_safe_location_header(case: dict[str, Any]) -> None:
    # The percent-encode sets of every component of an http(s) URL hold the C0 controls, space
    # and every code point above U+007E (url.bs §1.3), and tab and newline are removed: the href
    # is printable ASCII, and parsing it again gives it back (url.bs §4.5 "serializing" is the
    # inverse of parsing for special URLs).
    href = verdict_of(case).href
    assert href is not None
    assert re.fullmatch(r"[!-~]+", href)
    assert URL(href).href == href
    # Wherever it is resolved from, it stays where it is.
    assert URL(href, "https://elsewhere.example/a/b").href == href


def test_href_is_none_when_refused() -> None:
    verdict = check_redirect("//evil.example", base="https://example.com/")
    assert not verdict and verdict.href is None
    # ... but the URL the browser would have gone to is kept, for the explanation.
    assert verdict.url is not None and verdict.url.href == "https://evil.example/"


# --- allowed hosts: exact hosts after the host parser, ports ------------------------------------


@pytest.mark.parametrize(
    ("entry", "target", "allowed"),
    [
        # IPv4 in any spelling the IPv4 parser accepts is one address (url.bs §3.5).
        ("127.1", "https://127.0.0.1/", True),
        ("0x7f.0.0.1", "https://127.0.0.1/", True),
        # IPv6 with or without brackets, compressed as the host serializer does (§3.6).
        ("::1", "https://[::1]/", True),
        ("[0:0::1]:8080", "http://[::1]:8080/", True),
        ("[::1]:8080", "http://[::1]/", False),
        # Domains: lowercased, IDNA (domain to ASCII of "bücher.example" is
        # "xn--bcher-kva.example": the allowed-idn-host case of the data, from Node's parser).
        ("EXAMPLE.com", "https://example.com/", True),
        ("xn--bcher-kva.example", "https://bücher.example/", True),
        ("example.com", "https://www.example.com/", False),
        # A port given: that port, on http or https; none given: the scheme's default.
        ("example.com:443", "https://example.com/", True),
        ("example.com:443", "http://example.com/", False),
        ("example.com:8080", "http://example.com:8080/", True),
        ("example.com", "https://example.com:8443/", False),
    ],
)
def test_allowed_host_matching(entry: str, target: str, allowed: bool) -> None:
    verdict = check_redirect(target, base="https://app.example/", allowed_hosts=[entry])
    assert verdict.allowed is allowed, verdict.message
    if allowed:
        assert verdict.reason == "allowed-host"


def test_a_lone_string_is_one_host() -> None:
    assert safe_redirect(
        "https://example.com/", base="https://a.example/", allowed_hosts="example.com"
    )


def test_the_base_may_be_a_url() -> None:
    base = URL("https://example.com/login")
    url = safe_redirect("next", base=base)
    assert url is not None and url.href == "https://example.com/next"


@pytest.mark.parametrize(
    "entry",
    [
        "*.example.com",
        "example.com:99999",
        "example.com:http",
        "https://example.com",
        "a b.com",
        "",
    ],
)
def test_a_bad_allowed_host_is_a_config_error(entry: str) -> None:
    with pytest.raises(RedirectConfigError, match="allowed host"):
        check_redirect("/", base="https://example.com/", allowed_hosts=[entry])


@pytest.mark.parametrize(
    ("base", "message"),
    [
        ("not a url", "not a valid URL"),
        ("/relative/path", "not a valid URL"),
        ("file:///srv/app", "http"),
        ("data:text/plain,x", "http"),
    ],
)
def test_a_bad_base_is_a_config_error(base: str, message: str) -> None:
    with pytest.raises(RedirectConfigError, match=message):
        check_redirect("/", base=base)
    assert issubclass(RedirectConfigError, ValueError)


def test_types_are_checked() -> None:
    with pytest.raises(TypeError, match="str or None"):
        check_redirect(b"/next", base="https://example.com/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="base"):
        check_redirect("/next", base=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allowed hosts"):
        check_redirect("/", base="https://example.com/", allowed_hosts=[1])  # type: ignore[list-item]


def test_none_is_no_target() -> None:
    # Django's url_has_allowed_host_and_scheme(None, ...) is False: a missing ?next= parameter
    # (request.GET.get("next") is None) is refused, not a TypeError.
    assert url_has_allowed_host_and_scheme is None or not url_has_allowed_host_and_scheme(
        None, allowed_hosts={"example.com"}
    )
    assert safe_redirect(None, base="https://example.com/login") is None
    verdict = check_redirect(None, base="https://example.com/login")
    assert (verdict.allowed, verdict.reason, verdict.url) == (False, "empty", None)
    assert verdict.message == "refused None: there is no target"
    # the configuration is still checked
    with pytest.raises(RedirectConfigError):
        check_redirect(None, base="file:///x")


@pytest.mark.parametrize(
    ("target", "base"),
    [
        # the request's own URL, but for the fragment (url.bs §4.6, exclude fragments)
        ("#frag", "https://example.com/logout?next=%23frag"),
        ("#", "https://example.com/logout"),
        ("?next=%23frag", "https://example.com/logout?next=%23frag"),
        ("logout?next=%23frag#x", "https://example.com/logout?next=%23frag"),
        ("//EXAMPLE.com/logout", "https://example.com/logout"),
        ("/logout", "https://u:p@example.com/logout"),
    ],
)
def test_the_request_itself_is_refused_as_same_document(target: str, base: str) -> None:
    verdict = check_redirect(target, base=base)
    assert (verdict.allowed, verdict.reason) == (False, "same-document"), verdict.message
    assert "own URL" in verdict.message


def test_another_query_is_another_document() -> None:
    for target in ("?next=", "?", "/logout?x", "/logout/"):
        verdict = check_redirect(target, base="https://example.com/logout?next=%23frag")
        assert verdict.reason == "same-origin", target


def test_credentials_are_judged_on_what_the_target_writes() -> None:
    # A relative target resolved against a base with credentials copies them (url.bs §4.4,
    # relative state): the target did not write them, and the Location leaves them out.
    base = "https://user:secret@example.com/login"
    url = safe_redirect("/next", base=base)
    assert url is not None and url.href == "https://example.com/next"
    assert URL("/next", base).href == "https://user:secret@example.com/next"  # the browser's
    for target in ("https://user:secret@example.com/next", "https://other@example.com/"):
        assert check_redirect(target, base=base).reason == "credentials"
    assert "secret" not in check_redirect("/next", base=base).message


def test_require_https_on_an_http_site() -> None:
    verdict = check_redirect("/next", base="http://example.com/", require_https=True)
    assert (verdict.allowed, verdict.reason) == (False, "not-https")


def test_a_long_target_is_handled() -> None:
    # One megabyte of backslashes then a host: the parser skips them all (special authority
    # ignore slashes state), in linear time.
    verdict = check_redirect("\\" * 1_000_000 + "evil.example", base="https://example.com/")
    assert verdict.reason == "host-not-allowed"
    assert verdict.url is not None and verdict.url.hostname == "evil.example"


# --- Django's url_has_allowed_host_and_scheme -------------------------------------------------


def django_answer(case: dict[str, Any]) -> bool:
    """Django's answer, with the same settings (its LoginView passes the request's host)."""
    if url_has_allowed_host_and_scheme is None:
        message = "Django is not installed (it is in the test extra: pip install -e '.[test]')"
        skip_or_fail_in_ci(message)
    allowed = {urlsplit(case["base"]).netloc, *case.get("allowed_hosts", [])}
    answer: bool = url_has_allowed_host_and_scheme(
        case["target"], allowed_hosts=allowed, require_https=case.get("require_https", False)
    )
    return answer


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_django_answers_as_recorded(case: dict[str, Any]) -> None:
    assert django_answer(case) is case["django"]


def documented_disagreements() -> set[str]:
    """The case ids of the table in docs/safe-redirect.md."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("<!-- django-table -->") : text.index("<!-- /django-table -->")]
    return set(re.findall(r"^\| `([^`]+)` \|", table, flags=re.MULTILINE))


def test_the_documented_django_table_is_every_disagreement() -> None:
    disagreements = {
        case["id"] for case in CASES if case["django"] is not case["expected"]["allowed"]
    }
    assert disagreements == documented_disagreements()
    # ... and on each, urlspec is the one that agrees with the browser (or refuses by policy).
    for case in CASES:
        if case["id"] in disagreements:
            allowed = case["expected"]["allowed"]
            assert allowed is browser_allows(case) or case["expected"]["reason"] in POLICY_REFUSALS


def test_the_module_examples() -> None:
    results = doctest.testmod(urlspec.web.redirect)
    assert results.attempted > 0 and results.failed == 0


NODE_SCRIPT = r"""
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const answers = cases.map(([target, base]) => {
  try {
    const url = new URL(target, base);
    const credentials = url.username !== '' || url.password !== '';
    return {href: url.href, origin: url.origin, credentials};
  } catch (error) {
    return null;
  }
});
process.stdout.write(JSON.stringify(answers));
"""


def test_the_browser_answers_are_nodes() -> None:
    # The recorded browser answers, computed again by Node.js's WHATWG URL parser when Node is
    # on PATH (the data file was made this way; a newer Node must agree with it).
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: the recorded answers are not recomputed")
    pairs = [[case["target"], case["base"]] for case in CASES]
    result = subprocess.run(
        [node, "-e", NODE_SCRIPT],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(result.stdout) == [case["browser"] for case in CASES]
