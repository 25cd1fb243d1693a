"""Tests for urlspec.hosts.public_suffix_list: public suffixes and registrable domains.

Expected values come from the Public Suffix List's own test vectors (tests/data/psl/tests.txt,
checkPublicSuffix), the URL Standard's table of examples (url.bs, "public suffix" / "registrable
domain"), and rules of the list quoted beside each case.
"""

from __future__ import annotations

import functools
import itertools
import re
import subprocess
import sys
from pathlib import Path

import idna
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, PSL_DIR, dataset_path, iter_corpus, psl_path

import urlspec
from urlspec import URL, InvalidHost, InvalidURL, PublicSuffixList, domain_to_unicode
from urlspec.host import parse_host_string, serialize_host
from urlspec.hosts.public_suffix_list import (
    _PLAIN_DOMAIN_RE,
    NOT_PLAIN,
    _domain,
    _is_plain_domain,
    default_list,
    is_plain_domain_by_code_points,
    public_suffix,
    registrable_domain,
    suffix_hash,
    suffix_key,
)
from urlspec.own_href import COMPILED

# --- The Public Suffix List's own tests (tests/tests.txt) ---------------------------------------

PSL_TESTS = "tests.txt"
PSL_TEST_COUNT = 78  # the file's cases (4 more are commented out upstream)


def _psl_test_params() -> list[object]:
    path = PSL_DIR / PSL_TESTS
    if not path.exists():
        return [pytest.param(None, None, id="missing-tests.txt")]
    params: list[object] = []
    for line in path.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("//"):
            input, expected = line.split()
            params.append(pytest.param(input, expected, id=f"{input}->{expected}"))
    return params


PSL_TEST_PARAMS = _psl_test_params()


def _check_vector(input: str | None, expected: str | None, got: str | None) -> None:
    """checkPublicSuffix(input, expected): "null" is null; IDN input in Unicode expects the
    answer in Unicode (ours is in A-labels, shown in Unicode by domain to Unicode)."""
    want = None if expected == "null" else expected
    if got is not None and input is not None and not input.isascii():
        got = domain_to_unicode(got)
    assert got == want


def test_psl_test_file_has_every_case() -> None:
    psl_path(PSL_TESTS)
    assert len(PSL_TEST_PARAMS) == PSL_TEST_COUNT


@pytest.mark.parametrize(("input", "expected"), PSL_TEST_PARAMS)
def test_psl_tests_through_registrable_domain(input: str | None, expected: str | None) -> None:
    if input is None:
        psl_path(PSL_TESTS)
        return
    if input == "null":  # a null host: the function takes a str; the empty host has none
        assert registrable_domain("") is None
        return
    _check_vector(input, expected, registrable_domain(input))


@pytest.mark.parametrize(("input", "expected"), PSL_TEST_PARAMS)
def test_psl_tests_through_the_url_class(input: str | None, expected: str | None) -> None:
    if input is None:
        psl_path(PSL_TESTS)
        return
    if input == "null":  # a URL whose host is null
        assert URL("mailto:someone@example.com").registrable_domain is None
        return
    _check_vector(input, expected, URL(f"https://{input}/path").registrable_domain)


@pytest.mark.parametrize(("input", "expected"), PSL_TEST_PARAMS)
def test_psl_tests_with_the_lists_own_copy(input: str | None, expected: str | None) -> None:
    """The vectors against the list of the same repository (tests/data/psl), read by from_file."""
    if input is None or input == "null":
        psl_path(PSL_TESTS)
        return
    _check_vector(input, expected, _shared_list().registrable_domain(input))


_SHARED_LISTS: list[PublicSuffixList] = []


def _shared_list() -> PublicSuffixList:
    if not _SHARED_LISTS:
        _SHARED_LISTS.append(PublicSuffixList.from_file(psl_path("public_suffix_list.dat")))
    return _SHARED_LISTS[0]


# --- The URL Standard's table of examples -------------------------------------------------------

# url.bs, "<div class=example id=example-host-psl>": host input, public suffix, registrable domain.
SPEC_EXAMPLES = [
    ("com", "com", None),
    ("example.com", "com", "example.com"),
    ("www.example.com", "com", "example.com"),
    ("sub.www.example.com", "com", "example.com"),
    ("EXAMPLE.COM", "com", "example.com"),
    ("example.com.", "com.", "example.com."),
    ("github.io", "github.io", None),
    ("whatwg.github.io", "github.io", "whatwg.github.io"),
    ("إختبار", "xn--kgbechtv", None),
    ("example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"),
    ("sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"),
    ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
]


@pytest.mark.parametrize(("host", "suffix", "domain"), SPEC_EXAMPLES)
def test_spec_examples(host: str, suffix: str | None, domain: str | None) -> None:
    assert public_suffix(host) == suffix
    assert registrable_domain(host) == domain
    assert urlspec.public_suffix(host) == suffix
    assert urlspec.registrable_domain(host) == domain
    url = URL(f"https://{host}/")
    assert (url.public_suffix, url.registrable_domain) == (suffix, domain)


# --- More cases, each with the rule of the list that decides it ---------------------------------


@pytest.mark.parametrize(
    ("host", "suffix", "domain"),
    [
        # IDN in Unicode and in A-labels, any case: rule "公司.cn" (xn--55qx5d.cn).
        ("www.食狮.公司.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("WWW.XN--85X722F.XN--55QX5D.CN", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("Www.Example.Co.Uk", "co.uk", "example.co.uk"),
        ("ＥＸＡＭＰＬＥ．ｃｏｍ", "com", "example.com"),  # fullwidth, mapped by UTS #46
        # Trailing dots: kept (the URL Standard's steps).
        ("co.uk.", "co.uk.", None),
        ("a.b.example.co.uk.", "co.uk.", "example.co.uk."),
        # Wildcard "*.ck" and exception "!www.ck".
        ("ck", "ck", None),
        ("test.ck", "test.ck", None),
        ("b.test.ck", "test.ck", "b.test.ck"),
        ("www.ck", "ck", "www.ck"),
        ("a.www.ck", "ck", "www.ck"),
        # Wildcard "*.kawasaki.jp" and exception "!city.kawasaki.jp".
        ("x.y.kawasaki.jp", "y.kawasaki.jp", "x.y.kawasaki.jp"),
        ("www.city.kawasaki.jp", "kawasaki.jp", "city.kawasaki.jp"),
        # The implicit "*" rule: an unlisted top-level label.
        ("example", "example", None),
        ("a.b.example", "example", "b.example"),
        ("localhost", "localhost", None),
        # Empty labels (but for one trailing dot): neither a public suffix nor a registrable
        # domain (the list's tests/test_psl.txt, "Leading dot": ".example.com" has no
        # registrable domain; one rule for both answers, as the publicsuffixlist package gives).
        (".example.com", None, None),
        ("a..example.com", None, None),
        ("example.com..", None, None),
        ("..", None, None),
        # Not domains.
        ("127.0.0.1", None, None),
        ("0x7f.1", None, None),
        ("::1", None, None),
    ],
)
def test_cases(host: str, suffix: str | None, domain: str | None) -> None:
    assert public_suffix(host) == suffix
    assert registrable_domain(host) == domain


@pytest.mark.parametrize(
    ("host", "with_private", "icann_only"),
    [
        # "github.io" is in the PRIVATE section; "io" in the ICANN section.
        ("whatwg.github.io", "whatwg.github.io", "github.io"),
        ("github.io", None, "github.io"),
        ("a.b.github.io", "b.github.io", "github.io"),
        # "s3.amazonaws.com" (PRIVATE); "com" (ICANN).
        ("bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com", "amazonaws.com"),
        ("example.co.uk", "example.co.uk", "example.co.uk"),
    ],
)
def test_include_private(host: str, with_private: str | None, icann_only: str | None) -> None:
    assert registrable_domain(host) == with_private
    assert registrable_domain(host, include_private=True) == with_private
    assert registrable_domain(host, include_private=False) == icann_only


def test_public_suffix_include_private() -> None:
    assert public_suffix("whatwg.github.io") == "github.io"
    assert public_suffix("whatwg.github.io", include_private=False) == "io"


def test_url_properties_for_hosts_that_are_not_domains() -> None:
    for input in (
        "http://127.0.0.1/",
        "http://[::1]/",
        "file:///etc/passwd",  # the empty host
        "foo://opaque.example/",  # an opaque host
        "mailto:a@example.com",  # a null host
        "data:text/plain,x",
    ):
        url = URL(input)
        assert (url.public_suffix, url.registrable_domain) == (None, None), input


def test_the_answer_is_in_a_labels_and_domain_to_unicode_shows_it() -> None:
    domain = registrable_domain("www.Bücher.DE")
    assert domain == "xn--bcher-kva.de"
    assert domain_to_unicode(domain) == "bücher.de"


@pytest.mark.parametrize(
    "host", ["example.com:8080", "a b.com", "exa%mple.com", "[::1", "1.2.3.256"]
)
def test_invalid_hosts_raise_invalid_host(host: str) -> None:
    with pytest.raises(InvalidHost) as raised:
        registrable_domain(host)
    assert isinstance(raised.value, ValueError)
    assert repr(host) in str(raised.value)
    with pytest.raises(InvalidHost):
        public_suffix(host)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("https://www.example.com/x", "a URL, not a host: give its host (URL(url).hostname)"),
        ("www.example.com/x", "a host has no '/'"),
    ],
)
def test_a_url_given_as_a_host_is_named(text: str, says: str) -> None:
    # "/" is a forbidden host code point (url.bs §3.1): a URL or a path is never a host. The
    # message says so, instead of the domain-to-ASCII failure it leads to.
    for function in (registrable_domain, public_suffix):
        with pytest.raises(InvalidHost) as raised:
            function(text)
        assert says in str(raised.value) and repr(text) in str(raised.value)


@pytest.mark.parametrize("not_a_str", [None, 1, b"example.com"])
def test_non_strings_raise_type_error(not_a_str: object) -> None:
    # The compiled build's message is mypyc's check of the annotated type (docs/architecture.md,
    # "Two builds"); both name the type given.
    with pytest.raises(TypeError, match=r"(host must be a str, not|str object expected; got) \w+"):
        registrable_domain(not_a_str)  # type: ignore[arg-type]


# --- Reading a list -----------------------------------------------------------------------------

SMALL_LIST = """\
// VERSION: 2026-01-02_03-04-05_UTC
// ===BEGIN ICANN DOMAINS===
test
*.wild.test
!keep.wild.test
食狮.test
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
pages.test   (anything after whitespace is ignored)
// ===END PRIVATE DOMAINS===
"""


def test_from_file_reads_sections_wildcards_exceptions_and_idn(tmp_path: Path) -> None:
    path = tmp_path / "list.dat"
    path.write_text(SMALL_LIST, encoding="utf-8")
    psl = PublicSuffixList.from_file(path)
    assert psl.version == "2026-01-02_03-04-05_UTC"
    assert psl.source == str(path)
    assert psl.registrable_domain("a.b.test") == "b.test"
    assert psl.registrable_domain("a.b.wild.test") == "a.b.wild.test"
    assert psl.public_suffix("a.b.wild.test") == "b.wild.test"
    assert psl.registrable_domain("x.keep.wild.test") == "keep.wild.test"
    assert psl.registrable_domain("a.xn--85x722f.test") == "a.xn--85x722f.test"
    assert psl.registrable_domain("a.site.pages.test") == "site.pages.test"
    assert psl.registrable_domain("a.site.pages.test", include_private=False) == "pages.test"
    assert psl.registrable_domain("a.example") == "a.example"  # the implicit "*" rule


def test_from_file_with_a_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "list.dat"
    path.write_bytes(b"\xef\xbb\xbf// comment\r\nexample\r\n")
    assert PublicSuffixList.from_file(path).registrable_domain("a.b.example") == "b.example"


def test_from_text_rejects_rules_that_are_not_domains() -> None:
    with pytest.raises(ValueError, match="line 2"):
        PublicSuffixList.from_text("ok\na.*.b\n")
    with pytest.raises(ValueError, match="line 1"):
        PublicSuffixList.from_text("a\u0378.test\n")  # unassigned code point


def test_default_list_is_the_publicsuffixlist_packages_data_file() -> None:
    from importlib import metadata, resources

    text = resources.files("publicsuffixlist").joinpath("public_suffix_list.dat").read_text("utf-8")
    version = re.search(r"^// VERSION: (\S+)$", text, re.MULTILINE)
    assert version is not None
    psl = default_list()
    assert psl.version == version.group(1)
    assert psl.source == f"publicsuffixlist {metadata.version('publicsuffixlist')}"
    assert default_list() is psl  # built once


def test_import_urlspec_does_not_load_the_list() -> None:
    code = (
        "import sys, urlspec\n"
        "from urlspec import URL\n"
        "URL('https://example.com/').href\n"
        "loaded = [m for m in ('urlspec.hosts.public_suffix_list', 'publicsuffixlist',"
        " 'unicodedata2', 'urlspec.hosts.special_addresses', 'urlspec.hosts.sites')"
        " if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "urlspec.registrable_domain('www.example.com')\n"
        "assert 'urlspec.hosts.public_suffix_list' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- The shortcut for plain host strings --------------------------------------------------------


def _host_parser_domain(host: str) -> str | None:
    try:
        parsed = parse_host_string(host)
    except InvalidHost:
        return "invalid"
    return serialize_host(parsed) if parsed.kind.value == "domain" else None


@pytest.mark.parametrize(
    ("host", "plain"),
    [
        ("example.com", True),
        ("example.com.", True),
        ("a_b.example", True),
        ("-x-.example", True),
        ("a.b1", True),
        ("a..b", True),
        ("1.2.3.4", False),  # an IPv4 address
        ("1.2.3.4.", False),
        ("example.123", False),  # ends in a number: the host parser fails
        ("example.0x1f", False),
        ("example.0x", False),
        ("x.09", False),
        ("xn--a.com", False),  # an "xn--" label: the domain parser decides
        ("xn--bcher-kva.de", False),
        ("Example.com", False),  # uppercase: lowercased by the host parser
        ("", False),
        (".", False),
        ("a.", True),
        ("a%2Eb", False),
    ],
)
def test_plain_domain_shortcut_equals_the_host_parser(host: str, plain: bool) -> None:
    assert _is_plain_domain(host) is plain
    assert is_plain_domain_by_code_points(host) is _is_plain_domain_by_regex(host) is plain
    if plain:
        assert _domain(host) == host == _host_parser_domain(host)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a", "z", "0", "9", "-", "_", ".", "xn--", "0x", "A", "é", "%2e", " "]),
        max_size=12,
    ).map("".join)
)
def test_plain_domain_shortcut_on_generated_strings(host: str) -> None:
    """The shortcut accepts a string only when the host parser gives it back unchanged as a
    domain (the reference: the host parser itself), and its two tests (the regex of the pure
    build, the loop of the compiled build) agree."""
    assert is_plain_domain_by_code_points(host) is _is_plain_domain_by_regex(host)
    if _is_plain_domain(host):
        assert _host_parser_domain(host) == host


def _is_plain_domain_by_regex(host: str) -> bool:
    return _PLAIN_DOMAIN_RE.fullmatch(host) is not None and "xn--" not in host


def test_plain_domain_shortcut_equals_the_host_parser_on_the_corpora() -> None:
    hosts: set[str] = set()
    for name in CORPORA:
        dataset_path(name)
        for line in iter_corpus(name):
            try:
                hosts.add(URL(line).hostname)
            except InvalidURL:
                continue
    checked = 0
    for host in hosts:
        for candidate in (host, host.upper(), host + "."):
            assert is_plain_domain_by_code_points(candidate) is _is_plain_domain_by_regex(candidate)
            if _is_plain_domain(candidate):
                assert _domain(candidate) == _host_parser_domain(candidate)
                checked += 1
    assert checked > 10_000


@settings(max_examples=400, deadline=None)
@given(
    st.text(max_size=30)
    | st.from_regex(r"[a-zA-Z0-9._\-]{0,30}", fullmatch=True)
    | st.lists(
        st.sampled_from(["a", "www", "co", "uk", "ck", "www", "github", "io", "xn--p1ai"])
    ).map(".".join)
)
def test_any_string_gets_an_answer_or_invalid_host(host: str) -> None:
    try:
        domain = registrable_domain(host)
        suffix = public_suffix(host)
    except InvalidHost:
        return
    if domain is not None:
        assert suffix is not None
        assert domain.endswith("." + suffix)
        assert serialize_host(parse_host_string(host)).endswith(domain)
        assert "." not in domain[: -len(suffix) - 1].rstrip(".")  # one label before the suffix


# --- The two matchers against the formal algorithm, rule by rule -------------------------------


class FormalList:
    """The Public Suffix List's formal algorithm run literally over the rules of a list's text
    (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm): every rule that matches
    the domain's labels, the exception rule or else the longest one prevailing. Rules in Unicode
    are turned into A-labels by the ``idna`` package (UTS #46), not by urlspec."""

    def __init__(self, text: str) -> None:
        # Each rule's labels (a wildcard is "*", the leftmost label: the list's format) to
        # (is an exception, is in the PRIVATE section) for each time it is listed.
        self.rules: dict[tuple[str, ...], list[tuple[bool, bool]]] = {}
        private = False
        for raw_line in text.splitlines():
            line = raw_line.strip()
            if line.startswith("// ===BEGIN PRIVATE"):
                private = True
            elif line.startswith("// ===END PRIVATE"):
                private = False
            if not line or line.startswith("//"):
                continue
            rule = line.split()[0]
            exception = rule.startswith("!")
            name = rule[1:] if exception else rule
            labels = tuple(
                label
                if label == "*" or label.isascii()
                else idna.encode(label, uts46=True).decode()
                for label in name.lower().split(".")
            )
            self.rules.setdefault(labels, []).append((exception, private))

    def public_suffix(self, domain: str, include_private: bool) -> str | None:
        trailing_dot = "." if domain.endswith(".") else ""
        labels = tuple(domain.removesuffix(".").split("."))
        if "" in labels:
            return None  # an empty label: no host name the algorithm is defined on
        # 1. The rules that match: each label, from the right, equal to the domain's or "*"
        # (the rules that can: the domain's last labels, the leftmost maybe "*").
        matching: list[tuple[int, bool]] = []  # (the rule's labels, is an exception)
        for count in range(1, len(labels) + 1):
            for rule in (labels[-count:], ("*", *labels[-count + 1 :]) if count > 1 else ("*",)):
                for exception, private in self.rules.get(rule, []):
                    if include_private or not private:
                        matching.append((count, exception))
        exceptions = [count for count, exception in matching if exception]
        if exceptions:  # 3. and 5. An exception rule prevails, less its leftmost label.
            count = exceptions[0] - 1
        else:  # 2. and 4. The longest rule, or the implicit "*".
            count = max([count for count, _ in matching], default=1)
        return ".".join(labels[-count:]) + trailing_dot

    def registrable_domain(self, domain: str, include_private: bool) -> str | None:
        suffix = self.public_suffix(domain, include_private)
        if suffix is None or len(suffix) == len(domain):
            return None
        rest = domain[: len(domain) - len(suffix) - 1]
        return rest[rest.rfind(".") + 1 :] + "." + suffix


_FORMAL_LISTS: list[FormalList] = []


def _formal_default_list() -> FormalList:
    from importlib import resources

    if not _FORMAL_LISTS:
        text = resources.files("publicsuffixlist").joinpath("public_suffix_list.dat")
        _FORMAL_LISTS.append(FormalList(text.read_text("utf-8")))
    return _FORMAL_LISTS[0]


def _answers_of_the_walk(
    psl: PublicSuffixList, text: str, include_private: bool, check: bool
) -> tuple[str | None, str | None] | None:
    """(public suffix, registrable domain) by the compiled build's walk (callable in both
    builds), in lowercase; None when it answers that the host is not plain. The node it
    answers, if any, is named by the public suffix."""
    suffix_start, domain_start, _, node = psl._split_points(
        text, 0, len(text), check, include_private
    )
    if suffix_start == NOT_PLAIN:
        return None
    lowered = text.lower() if check else text
    if node:
        assert psl._names[node] == lowered[suffix_start:], text
    return (
        None if suffix_start < 0 else lowered[suffix_start:],
        None if domain_start < 0 else lowered[domain_start:],
    )


def _assert_matchers_agree(psl: PublicSuffixList, formal: FormalList | None, domain: str) -> None:
    """On a serialized domain: the walk, the dict of slices, the public methods (this build's
    matcher) and the formal algorithm give the same answers, with and without the PRIVATE
    section."""
    for include_private in (True, False):
        expected = (
            psl.public_suffix_by_slices(domain, include_private),
            psl.registrable_domain_by_slices(domain, include_private),
        )
        if formal is not None:
            assert expected == (
                formal.public_suffix(domain, include_private),
                formal.registrable_domain(domain, include_private),
            ), (domain, include_private)
        assert _answers_of_the_walk(psl, domain, include_private, False) == expected, domain
        assert (
            psl.public_suffix_of_domain(domain, include_private=include_private),
            psl.registrable_domain_of_domain(domain, include_private=include_private),
        ) == expected, domain


def _assert_string_answers(psl: PublicSuffixList, text: str) -> None:
    """On any string: the walk with its check either declines or answers as the host parser and
    the dict of slices do; the public methods answer as the host parser and the slices do."""
    try:
        parsed = parse_host_string(text)
    except InvalidHost:
        domain: str | None = "invalid"
    else:
        domain = serialize_host(parsed) if parsed.kind.value == "domain" else None
    for include_private in (True, False):
        walked = _answers_of_the_walk(psl, text, include_private, True)
        if walked is not None:
            assert domain == text.lower(), text  # the check takes only what the parser keeps
        if domain == "invalid":
            with pytest.raises(InvalidHost):
                psl.registrable_domain(text, include_private=include_private)
            continue
        expected = (
            (None, None)
            if domain is None
            else (
                psl.public_suffix_by_slices(domain, include_private),
                psl.registrable_domain_by_slices(domain, include_private),
            )
        )
        assert walked in (None, expected), text
        assert (
            psl.public_suffix(text, include_private=include_private),
            psl.registrable_domain(text, include_private=include_private),
        ) == expected, text


# Labels that reach every branch of the matchers with the default list: rules of one and two
# labels ("uk", "co.uk"), a wildcard and its exception ("*.ck", "!www.ck"; "*.kawasaki.jp",
# "!city.kawasaki.jp"), PRIVATE rules ("github.io", "blogspot.com"), an unlisted last label
# ("zz"), empty labels, digits (an IPv4-like host), uppercase, "xn--" and a non-ASCII label.
LABELS = ["", "a", "www", "co", "uk", "ck", "city", "kawasaki", "jp", "github", "io", "zz", "1"]
STRING_LABELS = [*LABELS, "Com", "BLOGSPOT", "xn--p1ai", "XN--P1AI", "é", "0x1", "a_b", "-"]


def test_the_matchers_agree_on_every_domain_of_up_to_three_labels() -> None:
    psl, formal = default_list(), _formal_default_list()
    count = 0
    for size in (1, 2, 3):
        for labels in itertools.product(LABELS, repeat=size):
            for trailing_dot in ("", "."):
                _assert_matchers_agree(psl, formal, ".".join(labels) + trailing_dot)
                count += 1
    assert count == 2 * (13 + 13**2 + 13**3)


def test_string_answers_on_every_string_of_up_to_three_labels() -> None:
    # Every string of up to two labels of STRING_LABELS, and of three of a part of them.
    psl = default_list()
    three = ["", "a", "co", "uk", "ck", "www", "github", "io", "1", "Com", "xn--p1ai", "é"]
    for labels_of_size in ((STRING_LABELS, 1), (STRING_LABELS, 2), (three, 3)):
        for labels in itertools.product(labels_of_size[0], repeat=labels_of_size[1]):
            for trailing_dot in ("", "."):
                _assert_string_answers(psl, ".".join(labels) + trailing_dot)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*STRING_LABELS, "blogspot", "com", "s3", "amazonaws"]), max_size=7)
    .map(".".join)
    .flatmap(lambda host: st.sampled_from([host, host + ".", host + "..", "." + host]))
)
def test_the_matchers_agree_on_generated_hosts(host: str) -> None:
    psl, formal = default_list(), _formal_default_list()
    _assert_matchers_agree(psl, formal, host)
    _assert_string_answers(psl, host)


# A list of its own, with shapes the real list lacks: a wildcard below a wildcard, an exception
# below a rule that is also a wildcard's parent, a rule that is only PRIVATE below an ICANN
# wildcard, and a rule with "_" and digits.
OWN_LIST = """\
// ===BEGIN ICANN DOMAINS===
t
*.t
!e.t
*.w.t
x_1.y
*.p
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
q.p
*.r.q.p
!s.r.q.p
// ===END PRIVATE DOMAINS===
"""


def test_the_matchers_agree_on_a_list_of_its_own() -> None:
    # Every suffix the rules name or match, below none, one or two more labels.
    psl, formal = PublicSuffixList.from_text(OWN_LIST), FormalList(OWN_LIST)
    suffixes = ["t", "e.t", "w.t", "a.w.t", "y", "x_1.y", "p", "q.p", "r.q.p", "s.r.q.p"]
    suffixes += ["a.r.q.p", "a.s.r.q.p", "z", ""]
    labels = ["", "a", "e", "s", "w"]
    for suffix in suffixes:
        for size in (0, 1, 2):
            for prefix in itertools.product(labels, repeat=size):
                for trailing_dot in ("", "."):
                    _assert_matchers_agree(psl, formal, ".".join((*prefix, suffix)) + trailing_dot)


@functools.cache
def _corpus_domains() -> list[str]:
    """The distinct domain hosts of the corpora, sorted."""
    hosts: set[str] = set()
    for name in CORPORA:
        for line in iter_corpus(name):
            url = URL.parse(line)
            if url is not None and url.host_kind.value == "domain":
                hosts.add(url.hostname)
    return sorted(hosts)


def test_the_matchers_agree_on_every_host_of_the_corpora() -> None:
    # Every host in the compiled build; a sample in the pure build, where the walk is slow.
    hosts = _corpus_domains()
    psl, formal = default_list(), _formal_default_list()
    for host in hosts[:: 1 if COMPILED else 5]:
        _assert_matchers_agree(psl, formal, host)
        for text in (host.upper(), host + "."):
            _assert_string_answers(psl, text)
    assert len(hosts) > 20_000


def _thue_morse(length: int, letters: str) -> str:
    return "".join(letters[bin(index).count("1") % 2] for index in range(length))


@pytest.mark.parametrize(
    "domain",
    ["x..a.b.example.com", "..b.example.com", ".www.example.co.uk", "a.b..www.city.kawasaki.jp"],
)
def test_an_empty_label_left_of_where_the_walk_stops(domain: str) -> None:
    # The walk stops at the label after the registrable domain; an empty label further left
    # still leaves the domain without one (the formal algorithm's answer).
    _assert_matchers_agree(default_list(), _formal_default_list(), domain)


def test_suffixes_of_the_same_hash_are_told_apart() -> None:
    # A Thue-Morse string and its complement have the same polynomial hash modulo 2**40 for
    # any odd multiplier once they are 256 code points long (each factor M**(2**k) - 1 of their
    # difference is divisible by 2**(k+2)): the table must compare names, not only hashes.
    rule, twin = _thue_morse(256, "ab"), _thue_morse(256, "ba")
    assert suffix_hash(rule) == suffix_hash(twin) and rule != twin
    psl = PublicSuffixList.from_text(f"{rule}\n*.{rule}\n")
    assert psl.registrable_domain(f"a.b.{rule}") == f"a.b.{rule}"
    assert psl.registrable_domain(f"a.b.{twin}") == f"b.{twin}"  # the implicit "*" rule
    assert psl.public_suffix_of_domain(f"a.b.{twin}") == twin
    assert psl.registrable_domain(f"A.B.{twin.upper()}") == f"b.{twin}"
    _assert_matchers_agree(psl, FormalList(f"{rule}\n*.{rule}\n"), f"a.b.{twin}")


def test_the_walk_reads_a_host_inside_a_longer_string() -> None:
    # extract() walks the host of a URL where it lies, in any case; the answers are those of
    # the host alone, as positions in the URL.
    psl = default_list()
    for host in ("www.example.co.uk", "A.B.Example.COM.", "x.github.io", "a..com", "zz", "1.2"):
        alone = psl._split_points(host, 0, len(host), True, True)
        text = f"https://{host}:8080/path"
        within = psl._split_points(text, 8, 8 + len(host), True, True)
        shifted = tuple(value + 8 if value >= 0 else value for value in alone[:2])
        assert within == (*shifted, *alone[2:]), host


def test_short_names_are_told_apart_by_their_keys() -> None:
    # A short name (at most eight ASCII code points) is found by its key alone: two names have
    # the same key only if they are equal, whatever their lengths (every name of up to three
    # code points of an alphabet with the extremes U+0000 and U+007F, and some of eight).
    alphabet = "\x00\x01a.z\x7f"
    names = [
        "".join(letters)
        for size in range(4)
        for letters in itertools.product(alphabet, repeat=size)
    ]
    names += ["\x7f" * 8, "\x00" * 8, "abcdefgh", "hgfedcba", "a" * 7 + "\x00"]
    keys = {suffix_key(name) for name in names}
    assert len(keys) == len(set(names))


def test_a_non_ascii_domain_is_compared_by_its_code_points() -> None:
    # A serialized domain is ASCII; given one that is not, the walk compares its suffixes code
    # point by code point: "\u0101a" packed seven bits a code point would be the key of
    # "\x01c" (read from the right, 97 * 128 + 0x101 == 99 * 128 + 1).
    psl = PublicSuffixList.from_text("\x01c\n")
    assert 97 * 128 + 0x101 == 99 * 128 + 1
    assert psl.public_suffix_of_domain("x.\u0101a") == "\u0101a"  # the implicit "*" rule
    assert psl.registrable_domain_of_domain("x.\u0101a") == "x.\u0101a"
    assert psl.public_suffix_of_domain("x.\x01c") == "\x01c"
    assert psl.registrable_domain_of_domain("y.x.\x01c") == "x.\x01c"


def test_every_suffix_of_the_list_is_found_in_the_table() -> None:
    # The compiled build's table holds each suffix a rule names (or is below) once, with the
    # flags the list gives it: found by its hash and its key (a short name) or its code points.
    psl = default_list()
    for name, flags in psl._nodes.items():
        short_key = suffix_key(name) & ((1 << (7 * 8)) - 1)  # (the walk adds the length)
        found = psl._find_node(suffix_hash(name), short_key, name, 0, len(name), False, True)
        assert (psl._names[found >> 8], found & 0xFF) == (name, flags)
    assert (
        psl._find_node(suffix_hash("no-such-suffix"), 0, "no-such-suffix", 0, 14, False, True) == 0
    )
