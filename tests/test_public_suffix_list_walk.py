"""Tests for PublicSuffixList.registrable_domain_start, the walk for a serialized domain.

The walk (what ``registrable_domain_start_in`` and, in the compiled build,
``registrable_domain_of_domain`` run) is a second copy of the matcher: these tests prove it equal
to the check-free walk of ``_split_points`` and to the dict of suffix strings
(``registrable_domain_by_slices``), on the Public Suffix List's own test vectors
(tests/data/psl/tests.txt, whose expected answers they also check), the cases of
tests/test_public_suffix_list.py, every distinct domain host of the corpora in tests/data, and
generated hosts of every shape the walk tells apart, each read alone and where it lies inside a
longer text.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import psl_path
from test_public_suffix_list import (
    OWN_LIST,
    PSL_TEST_PARAMS,
    SPEC_EXAMPLES,
    _check_vector,
    _corpus_domains,
)

from urlspec.host import HostKind, InvalidHost, parse_host_string, serialize_host
from urlspec.hosts.public_suffix_list import PublicSuffixList, default_list

# Texts a domain is read inside: (before, after). The dots beside it must not count as its own.
CONTEXTS = [("", ""), ("https://", "/path"), ("a.", ".b"), ("..", "..")]


def _assert_walk(psl: PublicSuffixList, domain: str) -> int:
    """The walk's answer on ``domain``, alone and inside longer texts, with and without the
    PRIVATE section, equals _split_points' and the slices'; the public methods agree. Answers
    where the registrable domain (private rules included) starts in ``domain``, or -1."""
    answer = -2
    for include_private in (True, False):
        sliced = psl.registrable_domain_by_slices(domain, include_private)
        expected = -1 if sliced is None else len(domain) - len(sliced)
        for before, after in CONTEXTS:
            text = before + domain + after
            begin, end = len(before), len(before) + len(domain)
            shifted = -1 if expected < 0 else begin + expected
            walked = psl.registrable_domain_start(text, begin, end, include_private)
            split = psl._split_points(text, begin, end, False, include_private)[1]
            assert (walked, split) == (shifted, shifted), (text, begin, end, include_private)
            if include_private:
                assert psl.registrable_domain_start_in(text, begin, end) == shifted, text
        assert psl.registrable_domain_of_domain(domain, include_private=include_private) == sliced
        if include_private:
            answer = expected
    return answer


def _serialized(host: str) -> str | None:
    """The host as URL.hostname serializes it, if it is a domain (else None)."""
    try:
        parsed = parse_host_string(host)
    except InvalidHost:
        return None
    if parsed.kind is not HostKind.DOMAIN:
        return None
    return serialize_host(parsed)


_OWN_COPIES: list[PublicSuffixList] = []


def _own_copy() -> PublicSuffixList:
    """The list of the same repository as the test vectors (tests/data/psl)."""
    if not _OWN_COPIES:
        _OWN_COPIES.append(PublicSuffixList.from_file(psl_path("public_suffix_list.dat")))
    return _OWN_COPIES[0]


@pytest.mark.parametrize(("input", "expected"), PSL_TEST_PARAMS)
def test_the_lists_own_test_vectors(input: str | None, expected: str | None) -> None:
    # checkPublicSuffix(input, expected): the walk on the serialized host gives the expected
    # registrable domain (a null or non-domain host expects null).
    if input is None:
        psl_path("tests.txt")
        return
    domain = None if input == "null" else _serialized(input)
    if domain is None:
        assert expected == "null"
        return
    for psl in (_own_copy(), default_list()):
        start = _assert_walk(psl, domain)
        _check_vector(input, expected, None if start < 0 else domain[start:])


@pytest.mark.parametrize(("host", "domain"), [(host, domain) for host, _, domain in SPEC_EXAMPLES])
def test_the_url_standards_examples(host: str, domain: str | None) -> None:
    serialized = _serialized(host)
    if serialized is None:
        assert domain is None
        return
    start = _assert_walk(default_list(), serialized)
    assert (None if start < 0 else serialized[start:]) == domain


@pytest.mark.parametrize(
    ("domain", "expected"),
    [
        # Rules of the list: "co.uk", "*.ck" and "!www.ck", "*.kawasaki.jp" and
        # "!city.kawasaki.jp", "github.io" and "blogspot.com" (PRIVATE), "s3.amazonaws.com"
        # (PRIVATE); an unlisted last label takes the implicit "*" rule.
        ("www.example.co.uk", "example.co.uk"),
        ("co.uk", None),
        ("co.uk.", None),
        ("a.b.example.co.uk.", "example.co.uk."),
        ("ck", None),
        ("test.ck", None),
        ("b.test.ck", "b.test.ck"),
        ("www.ck", "www.ck"),
        ("a.www.ck", "www.ck"),
        ("x.y.kawasaki.jp", "x.y.kawasaki.jp"),
        ("www.city.kawasaki.jp", "city.kawasaki.jp"),
        ("whatwg.github.io", "whatwg.github.io"),
        ("github.io", None),
        ("a.b.blogspot.com", "b.blogspot.com"),
        ("bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com"),
        ("example", None),
        ("a.b.example", "b.example"),
        ("www.xn--55qx5d.cn", "www.xn--55qx5d.cn"),
        # Empty labels (but for one trailing dot): none.
        (".example.com", None),
        ("a..example.com", None),
        ("x..a.b.example.com", None),
        ("example.com..", None),
        ("..", None),
        (".", None),
        ("", None),
    ],
)
def test_cases_with_their_rules(domain: str, expected: str | None) -> None:
    start = _assert_walk(default_list(), domain)
    assert (None if start < 0 else domain[start:]) == expected


@pytest.mark.parametrize(
    ("domain", "with_private", "icann_only"),
    [
        ("whatwg.github.io", "whatwg.github.io", "github.io"),
        ("a.b.github.io", "b.github.io", "github.io"),
        ("bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com", "amazonaws.com"),
    ],
)
def test_private_rules(domain: str, with_private: str, icann_only: str) -> None:
    psl = default_list()
    _assert_walk(psl, domain)
    for include_private, expected in ((True, with_private), (False, icann_only)):
        start = psl.registrable_domain_start(domain, 0, len(domain), include_private)
        assert domain[start:] == expected


def test_every_host_of_the_corpora() -> None:
    psl = default_list()
    hosts = _corpus_domains()
    for host in hosts:
        _assert_walk(psl, host)
    assert len(hosts) > 20_000


# Labels of every shape the walk tells apart: empty, a rule's ("com", "uk", "co"), a wildcard's
# parent and its exception ("ck", "www"), PRIVATE rules' ("blogspot", "github", "io"), an
# unlisted last label ("zz"), digits, an A-label, non-ASCII code points (garbage in: no
# serialized domain has them) and labels longer than 63.
WALK_LABELS = ["", "a", "www", "com", "co", "uk", "ck", "blogspot", "github", "io", "zz", "1"]
WALK_LABELS += ["xn--p1ai", "é", "\u0101a", "\U0001f600", "x" * 64]


def test_every_domain_of_up_to_three_labels() -> None:
    psl = default_list()
    count = 0
    for size in (1, 2, 3):
        for labels in itertools.product(WALK_LABELS, repeat=size):
            for trailing in ("", ".", ".."):
                _assert_walk(psl, ".".join(labels) + trailing)
                count += 1
    assert count == 3 * (17 + 17**2 + 17**3)


@pytest.mark.parametrize(
    "domain",
    [
        "a" * 300 + ".com",  # longer than 253
        "b." * 130 + "example.co.uk",  # 130 labels
        "x" * 64 + ".blogspot.com",  # a label longer than 63
        "www." + "y" * 100 + "." + "z" * 80,
        ("a." * 40) + ".b.com",  # an empty label far left of the registrable domain
        "\u0101" * 10 + ".co.uk",
    ],
)
def test_long_domains(domain: str) -> None:
    _assert_walk(default_list(), domain)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*WALK_LABELS, "s3", "amazonaws", "kawasaki", "city", "jp", "-", "_"]),
        max_size=8,
    )
    .map(".".join)
    .flatmap(lambda host: st.sampled_from([host, host + ".", host + "..", "." + host]))
)
def test_generated_domains(domain: str) -> None:
    _assert_walk(default_list(), domain)


def test_a_list_of_its_own() -> None:
    # Shapes the real list lacks: a wildcard below a wildcard, an exception below a rule that
    # is also a wildcard's parent, a rule only PRIVATE below an ICANN wildcard, an exception
    # of one label.
    psl = PublicSuffixList.from_text(OWN_LIST + "!one\n")
    suffixes = ["t", "e.t", "w.t", "a.w.t", "y", "x_1.y", "p", "q.p", "r.q.p", "s.r.q.p"]
    suffixes += ["a.r.q.p", "a.s.r.q.p", "z", "one", ""]
    for suffix in suffixes:
        for size in (0, 1, 2):
            for prefix in itertools.product(["", "a", "e", "s", "w"], repeat=size):
                for trailing in ("", "."):
                    _assert_walk(psl, ".".join((*prefix, suffix)) + trailing)
