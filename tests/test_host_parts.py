"""Tests for urlspec.hosts.host_parts: ``urlspec.extract``, tldextract's split of a URL's host.

Expected values: tldextract's own test cases (github.com/john-kurkowski/tldextract, commit
f06eec7, ``tests/main_test.py``; each row names the test function it comes from), copied as data.
Where tldextract departs from the Public Suffix List's formal algorithm or from the WHATWG URL
Standard, the row names the difference (see DIFFERENCES, and docs/hosts.md) and gives the answer
the two documents give instead:

* ``trailing-dot``: the URL Standard's public suffix keeps a trailing dot ("example.com." has
  public suffix "com.", url.bs §3.2's example table), and so the FQDN keeps it;
* ``a-labels``: the URL's host is serialized in lowercase A-labels (url.bs §3.5 domain to ASCII;
  UTS #46 maps "é" to the label "xn--1-bga" for "1é", RFC 3492 Punycode);
* ``ipv6-serialized``: the IPv6 serializer (url.bs §3.6) writes lowercase compressed pieces, the
  embedded 127.0.0.1 as 7f00:1;
* ``ipv4-spelling``: the IPv4 parser (url.bs §3.5) reads "127.0.0" as 127.0.0.0 and "0x1" as 1;
* ``tab-or-newline``: the URL parser removes ASCII tabs and newlines from the input (url.bs §4.4
  basic URL parser step 3);
* ``invalid``: the URL parser fails (an IPv4 part out of range, too many IPv4 parts, a
  Punycode label that does not decode): empty parts, where tldextract splits the text anyway.

Only the list's rules make a suffix, as in tldextract: an unlisted last label (``za``,
``localhost``) is the domain, with an empty suffix (the formal algorithm's implicit "*" rule,
which ``URL.public_suffix`` applies, is left out here).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from shared_data import CORPORA, iter_corpus

import urlspec
from urlspec import URL, InvalidURL
from urlspec.host import InvalidHost
from urlspec.hosts.host_parts import (
    _URL_WITH_PLAIN_HOST_RE,
    ExtractResult,
    _extract_parsed,
    _listed_suffix_only,
    _split_plain_host,
    _url_text,
    extract,
    plain_url_host_range,
)
from urlspec.hosts.public_suffix_list import PublicSuffixList, _is_plain_domain, default_list
from urlspec.own_href import COMPILED

SAME = "same"

DIFFERENCES = {
    "trailing-dot",
    "a-labels",
    "ipv6-serialized",
    "ipv4-spelling",
    "tab-or-newline",
    "invalid",
}

Parts = tuple[str, str, str, str, str, str]  # fqdn, subdomain, domain, suffix, ipv4, ipv6

# (tldextract test function, input, tldextract's (fqdn, subdomain, domain, suffix, ipv4, ipv6),
# the difference, the answer the standards give where they differ; None where they agree)
ASSERT_EXTRACT_CASES: list[tuple[str, str, Parts, str, Parts | None]] = [
    (
        "test_american",
        "http://www.google.com",
        ("www.google.com", "www", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_british",
        "http://www.theregister.co.uk",
        ("www.theregister.co.uk", "www", "theregister", "co.uk", "", ""),
        SAME,
        None,
    ),
    (
        "test_no_subdomain",
        "http://gmail.com",
        ("gmail.com", "", "gmail", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_nested_subdomain",
        "http://media.forums.theregister.co.uk",
        ("media.forums.theregister.co.uk", "media.forums", "theregister", "co.uk", "", ""),
        SAME,
        None,
    ),
    (
        "test_odd_but_possible",
        "http://www.www.com",
        ("www.www.com", "www", "www", "com", "", ""),
        SAME,
        None,
    ),
    ("test_odd_but_possible", "http://www.com", ("www.com", "", "www", "com", "", ""), SAME, None),
    ("test_suffix", "com", ("", "", "", "com", "", ""), SAME, None),
    ("test_suffix", "co.uk", ("", "", "", "co.uk", "", ""), SAME, None),
    ("test_suffix", "example.ck", ("", "", "", "example.ck", "", ""), SAME, None),
    (
        "test_suffix",
        "www.example.ck",
        ("www.example.ck", "", "www", "example.ck", "", ""),
        SAME,
        None,
    ),
    (
        "test_suffix",
        "sub.www.example.ck",
        ("sub.www.example.ck", "sub", "www", "example.ck", "", ""),
        SAME,
        None,
    ),
    ("test_suffix", "www.ck", ("www.ck", "", "www", "ck", "", ""), SAME, None),
    ("test_suffix", "nes.buskerud.no", ("", "", "", "nes.buskerud.no", "", ""), SAME, None),
    ("test_suffix", "buskerud.no", ("buskerud.no", "", "buskerud", "no", "", ""), SAME, None),
    (
        "test_local_host",
        "http://internalunlikelyhostname/",
        ("", "", "internalunlikelyhostname", "", "", ""),
        SAME,
        None,
    ),
    (
        "test_local_host",
        "http://internalunlikelyhostname.bizarre",
        ("", "internalunlikelyhostname", "bizarre", "", "", ""),
        SAME,
        None,
    ),
    (
        "test_local_host",
        "http://internalunlikelyhostname.info/",
        ("internalunlikelyhostname.info", "", "internalunlikelyhostname", "info", "", ""),
        SAME,
        None,
    ),
    (
        "test_local_host",
        "http://internalunlikelyhostname.information/",
        ("", "internalunlikelyhostname", "information", "", "", ""),
        SAME,
        None,
    ),
    (
        "test_similar_to_ip",
        "1é",
        ("", "", "1é", "", "", ""),
        "a-labels",
        ("", "", "xn--1-bga", "", "", ""),
    ),
    (
        "test_similar_to_ip",
        "1.1.1.1\ncom",
        ("", "1.1.1", "1\ncom", "", "", ""),
        "tab-or-newline",
        ("", "1.1.1", "1com", "", "", ""),
    ),
    (
        "test_similar_to_ip",
        "1.1.1.1\rcom",
        ("", "1.1.1", "1\rcom", "", "", ""),
        "tab-or-newline",
        ("", "1.1.1", "1com", "", "", ""),
    ),
    (
        "test_punycode",
        "http://xn--h1alffa9f.xn--p1ai",
        ("xn--h1alffa9f.xn--p1ai", "", "xn--h1alffa9f", "xn--p1ai", "", ""),
        SAME,
        None,
    ),
    (
        "test_punycode",
        "http://xN--h1alffa9f.xn--p1ai",
        ("xN--h1alffa9f.xn--p1ai", "", "xN--h1alffa9f", "xn--p1ai", "", ""),
        "a-labels",
        ("xn--h1alffa9f.xn--p1ai", "", "xn--h1alffa9f", "xn--p1ai", "", ""),
    ),
    (
        "test_punycode",
        "http://XN--h1alffa9f.xn--p1ai",
        ("XN--h1alffa9f.xn--p1ai", "", "XN--h1alffa9f", "xn--p1ai", "", ""),
        "a-labels",
        ("xn--h1alffa9f.xn--p1ai", "", "xn--h1alffa9f", "xn--p1ai", "", ""),
    ),
    (
        "test_punycode",
        "xn--tub-1m9d15sfkkhsifsbqygyujjrw602gk4li5qqk98aca0w.google.com",
        (
            "xn--tub-1m9d15sfkkhsifsbqygyujjrw602gk4li5qqk98aca0w.google.com",
            "xn--tub-1m9d15sfkkhsifsbqygyujjrw602gk4li5qqk98aca0w",
            "google",
            "com",
            "",
            "",
        ),
        SAME,
        None,
    ),
    (
        "test_punycode",
        "xn--tub-1m9d15sfkkhsifsbqygyujjrw60.google.com",
        (
            "xn--tub-1m9d15sfkkhsifsbqygyujjrw60.google.com",
            "xn--tub-1m9d15sfkkhsifsbqygyujjrw60",
            "google",
            "com",
            "",
            "",
        ),
        SAME,
        None,
    ),
    (
        "test_invalid_puny_with_puny",
        "http://xn--zckzap6140b352by.blog.so-net.xn--wcvs22d.hk",
        (
            "xn--zckzap6140b352by.blog.so-net.xn--wcvs22d.hk",
            "xn--zckzap6140b352by.blog",
            "so-net",
            "xn--wcvs22d.hk",
            "",
            "",
        ),
        SAME,
        None,
    ),
    (
        "test_invalid_puny_with_puny",
        "http://xn--&.so-net.com",
        ("xn--&.so-net.com", "xn--&", "so-net", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_invalid_puny_with_nonpuny",
        "xn--ß\u200c꫶ᢥ.com",
        ("xn--ß\u200c꫶ᢥ.com", "", "xn--ß\u200c꫶ᢥ", "com", "", ""),
        "invalid",
        ("", "", "", "", "", ""),
    ),
    (
        "test_puny_with_non_puny",
        "http://xn--zckzap6140b352by.blog.so-net.教育.hk",
        (
            "xn--zckzap6140b352by.blog.so-net.教育.hk",
            "xn--zckzap6140b352by.blog",
            "so-net",
            "教育.hk",
            "",
            "",
        ),
        "invalid",
        ("", "", "", "", "", ""),
    ),
    (
        "test_idna_2008",
        "xn--gieen46ers-73a.de",
        ("xn--gieen46ers-73a.de", "", "xn--gieen46ers-73a", "de", "", ""),
        SAME,
        None,
    ),
    (
        "test_idna_2008",
        "angelinablog。com.de",
        ("angelinablog.com.de", "angelinablog", "com", "de", "", ""),
        SAME,
        None,
    ),
    ("test_empty", "http://", ("", "", "", "", "", ""), SAME, None),
    ("test_scheme", "//", ("", "", "", "", "", ""), SAME, None),
    ("test_scheme", "://", ("", "", "", "", "", ""), SAME, None),
    ("test_scheme", "://example.com", ("", "", "", "", "", ""), SAME, None),
    (
        "test_scheme",
        "a+-.://example.com",
        ("example.com", "", "example", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_scheme",
        "a#//example.com",
        ("", "", "a", "", "", ""),
        SAME,
        None,
    ),
    ("test_scheme", "a@://example.com", ("", "", "", "", "", ""), SAME, None),
    ("test_scheme", "#//example.com", ("", "", "", "", "", ""), SAME, None),
    (
        "test_scheme",
        "https://mail.google.com/mail",
        ("mail.google.com", "mail", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_scheme",
        "ssh://mail.google.com/mail",
        ("mail.google.com", "mail", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_scheme",
        "//mail.google.com/mail",
        ("mail.google.com", "mail", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_scheme",
        "mail.google.com/mail",
        ("mail.google.com", "mail", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_port",
        "git+ssh://www.github.com:8443/",
        ("www.github.com", "www", "github", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_username",
        "ftp://johndoe:5cr1p7k1dd13@1337.warez.com:2501",
        ("1337.warez.com", "1337", "warez", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_username",
        "https://apple:pass@127.0.0.1:50/a",
        ("", "", "127.0.0.1", "", "127.0.0.1", ""),
        SAME,
        None,
    ),
    ("test_username", "https://apple:pass@[::]:50/a", ("", "", "[::]", "", "", "::"), SAME, None),
    (
        "test_username",
        "https://apple:pass@[aBcD:ef01:2345:6789:aBcD:ef01:127.0.0.1]:50/a",
        (
            "",
            "",
            "[aBcD:ef01:2345:6789:aBcD:ef01:127.0.0.1]",
            "",
            "",
            "aBcD:ef01:2345:6789:aBcD:ef01:127.0.0.1",
        ),
        "ipv6-serialized",
        (
            "",
            "",
            "[abcd:ef01:2345:6789:abcd:ef01:7f00:1]",
            "",
            "",
            "abcd:ef01:2345:6789:abcd:ef01:7f00:1",
        ),
    ),
    (
        "test_query_fragment",
        "http://google.com?q=cats",
        ("google.com", "", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_query_fragment",
        "http://google.com#Welcome",
        ("google.com", "", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_query_fragment",
        "http://google.com/#Welcome",
        ("google.com", "", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_query_fragment",
        "http://google.com/s#Welcome",
        ("google.com", "", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_query_fragment",
        "http://google.com/s?q=cats#Welcome",
        ("google.com", "", "google", "com", "", ""),
        SAME,
        None,
    ),
    (
        "test_order",
        "http://www.parliament.uk",
        ("www.parliament.uk", "www", "parliament", "uk", "", ""),
        SAME,
        None,
    ),
    (
        "test_order",
        "http://www.parliament.co.uk",
        ("www.parliament.co.uk", "www", "parliament", "co.uk", "", ""),
        SAME,
        None,
    ),
    (
        "test_no_1st_level_tld",
        "za",
        ("", "", "za", "", "", ""),
        SAME,
        None,
    ),
    (
        "test_no_1st_level_tld",
        "example.za",
        ("", "example", "za", "", "", ""),
        SAME,
        None,
    ),
    ("test_no_1st_level_tld", "co.za", ("", "", "", "co.za", "", ""), SAME, None),
    (
        "test_no_1st_level_tld",
        "example.co.za",
        ("example.co.za", "", "example", "co.za", "", ""),
        SAME,
        None,
    ),
    (
        "test_no_1st_level_tld",
        "sub.example.co.za",
        ("sub.example.co.za", "sub", "example", "co.za", "", ""),
        SAME,
        None,
    ),
    (
        "test_dns_root_label",
        "http://www.example.com./",
        ("www.example.com", "www", "example", "com", "", ""),
        "trailing-dot",
        ("www.example.com.", "www", "example", "com.", "", ""),
    ),
    (
        "test_dns_root_label",
        "http://www.example.com。/",
        ("www.example.com", "www", "example", "com", "", ""),
        "trailing-dot",
        ("www.example.com.", "www", "example", "com.", "", ""),
    ),
    (
        "test_dns_root_label",
        "http://www.example.com．/",
        ("www.example.com", "www", "example", "com", "", ""),
        "trailing-dot",
        ("www.example.com.", "www", "example", "com.", "", ""),
    ),
    (
        "test_dns_root_label",
        "http://www.example.com｡/",
        ("www.example.com", "www", "example", "com", "", ""),
        "trailing-dot",
        ("www.example.com.", "www", "example", "com.", "", ""),
    ),
    (
        "test_ipv4",
        "http://216.22.0.192/",
        ("", "", "216.22.0.192", "", "216.22.0.192", ""),
        SAME,
        None,
    ),
    (
        "test_ipv4",
        "http://216.22.project.coop/",
        ("216.22.project.coop", "216.22", "project", "coop", "", ""),
        SAME,
        None,
    ),
    (
        "test_ipv4",
        "http://127.0.0.1/foo/bar",
        ("", "", "127.0.0.1", "", "127.0.0.1", ""),
        SAME,
        None,
    ),
    (
        "test_ipv4",
        "http://127。0．0｡1/foo/bar",
        ("", "", "127.0.0.1", "", "127.0.0.1", ""),
        SAME,
        None,
    ),
    (
        "test_ipv4_lookalike",
        "http://256.256.256.256/foo/bar",
        ("", "256.256.256", "256", "", "", ""),
        "invalid",
        ("", "", "", "", "", ""),
    ),
    (
        "test_ipv4_lookalike",
        "http://127.0.0/foo/bar",
        ("", "127.0", "0", "", "", ""),
        "ipv4-spelling",
        ("", "", "127.0.0.0", "", "127.0.0.0", ""),
    ),
    (
        "test_ipv4_lookalike",
        "http://127.0.0.0x1/foo/bar",
        ("", "127.0.0", "0x1", "", "", ""),
        "ipv4-spelling",
        ("", "", "127.0.0.1", "", "127.0.0.1", ""),
    ),
    (
        "test_ipv4_lookalike",
        "http://127.0.0.1.9/foo/bar",
        ("", "127.0.0.1", "9", "", "", ""),
        "invalid",
        ("", "", "", "", "", ""),
    ),
    (
        "test_cache_permission",
        "http://www.google.com",
        ("www.google.com", "www", "google", "com", "", ""),
        SAME,
        None,
    ),
]


@pytest.mark.parametrize(("source", "url", "theirs", "difference", "ours"), ASSERT_EXTRACT_CASES)
def test_tldextract_assert_extract_cases(
    source: str, url: str, theirs: Parts, difference: str, ours: Parts | None
) -> None:
    assert difference == SAME or set(difference.split(", ")) <= DIFFERENCES
    expected = theirs if difference == SAME else ours
    assert expected is not None
    result = extract(url)
    assert (
        result.fqdn,
        result.subdomain,
        result.domain,
        result.suffix,
        result.ipv4,
        result.ipv6,
    ) == expected


def test_most_cases_are_the_same() -> None:
    same = [case for case in ASSERT_EXTRACT_CASES if case[3] == SAME]
    assert len(same) == 58 and len(ASSERT_EXTRACT_CASES) == 74


# tldextract's ExtractResult comparisons: (test function, input, include_psl_private_domains,
# (subdomain, domain, suffix, is_private, registry_suffix)).
RESULT_CASES: list[tuple[str, str, bool, tuple[str, str, str, bool, str]]] = [
    ("test_global_extract", "blogspot.com", True, ("", "", "blogspot.com", True, "com")),
    ("test_global_extract", "foo.blogspot.com", True, ("", "foo", "blogspot.com", True, "com")),
    (
        "test_private_domains_depth",
        "the-quick-brown-fox.ap-south-1.amazonaws.com",
        True,
        ("the-quick-brown-fox.ap-south-1", "amazonaws", "com", False, "com"),
    ),
    (
        "test_private_domains_depth",
        "ap-south-1.amazonaws.com",
        True,
        ("ap-south-1", "amazonaws", "com", False, "com"),
    ),
    ("test_private_domains_depth", "amazonaws.com", True, ("", "amazonaws", "com", False, "com")),
    (
        "test_private_domains_depth",
        "the-quick-brown-fox.cn-north-1.amazonaws.com.cn",
        True,
        ("the-quick-brown-fox.cn-north-1", "amazonaws", "com.cn", False, "com.cn"),
    ),
    (
        "test_private_domains_depth",
        "cn-north-1.amazonaws.com.cn",
        True,
        ("cn-north-1", "amazonaws", "com.cn", False, "com.cn"),
    ),
    (
        "test_private_domains_depth",
        "amazonaws.com.cn",
        True,
        ("", "amazonaws", "com.cn", False, "com.cn"),
    ),
    (
        "test_private_domains_depth",
        "another.icann.compute.amazonaws.com",
        True,
        ("", "another", "icann.compute.amazonaws.com", True, "com"),
    ),
    (
        "test_private_domains_depth",
        "another.s3.dualstack.us-east-1.amazonaws.com",
        True,
        ("", "another", "s3.dualstack.us-east-1.amazonaws.com", True, "com"),
    ),
    (
        "test_private_domains_depth",
        "s3.ap-south-1.amazonaws.com",
        True,
        ("", "", "s3.ap-south-1.amazonaws.com", True, "com"),
    ),
    (
        "test_private_domains_depth",
        "s3.cn-north-1.amazonaws.com.cn",
        True,
        ("", "", "s3.cn-north-1.amazonaws.com.cn", True, "com.cn"),
    ),
    (
        "test_private_domains_depth",
        "icann.compute.amazonaws.com",
        True,
        ("", "", "icann.compute.amazonaws.com", True, "com"),
    ),
    (
        "test_private_domains_depth",
        "s3.dualstack.us-east-1.amazonaws.com",
        True,
        ("", "", "s3.dualstack.us-east-1.amazonaws.com", True, "com"),
    ),
]


@pytest.mark.parametrize(("source", "url", "include_private", "fields"), RESULT_CASES)
def test_tldextract_result_cases(
    source: str, url: str, include_private: bool, fields: tuple[str, str, str, bool, str]
) -> None:
    assert extract(url, include_private) == ExtractResult(*fields)
    assert extract(url, include_private=include_private) == ExtractResult(*fields)


# tldextract's property tests: (test function, input, include_psl_private_domains, property,
# expected value).
PROPERTY_CASES: list[tuple[str, str, bool, str, str]] = [
    (
        "test_top_domain_under_public_suffix",
        "http://www.example.auth.us-east-1.amazoncognito.com",
        False,
        "top_domain_under_public_suffix",
        "amazoncognito.com",
    ),
    (
        "test_top_domain_under_public_suffix",
        "http://www.example.auth.us-east-1.amazoncognito.com",
        True,
        "top_domain_under_public_suffix",
        "example.auth.us-east-1.amazoncognito.com",
    ),
    (
        "test_top_domain_under_registry_suffix",
        "http://www.example.auth.us-east-1.amazoncognito.com",
        False,
        "top_domain_under_registry_suffix",
        "amazoncognito.com",
    ),
    (
        "test_top_domain_under_registry_suffix",
        "http://www.example.auth.us-east-1.amazoncognito.com",
        True,
        "top_domain_under_registry_suffix",
        "amazoncognito.com",
    ),
    (
        "test_reverse_domain_name_notation",
        "www.example.com",
        False,
        "reverse_domain_name",
        "com.example.www",
    ),
    (
        "test_reverse_domain_name_notation",
        "www.theregister.co.uk",
        False,
        "reverse_domain_name",
        "co.uk.theregister.www",
    ),
    (
        "test_reverse_domain_name_notation",
        "example.com",
        False,
        "reverse_domain_name",
        "com.example",
    ),
    (
        "test_reverse_domain_name_notation",
        "theregister.co.uk",
        False,
        "reverse_domain_name",
        "co.uk.theregister",
    ),
    (
        "test_reverse_domain_name_notation",
        "media.forums.theregister.co.uk",
        False,
        "reverse_domain_name",
        "co.uk.theregister.forums.media",
    ),
    ("test_reverse_domain_name_notation", "foo.uk.com", False, "reverse_domain_name", "com.uk.foo"),
    ("test_reverse_domain_name_notation", "foo.uk.com", True, "reverse_domain_name", "uk.com.foo"),
]


@pytest.mark.parametrize(("source", "url", "include_private", "name", "expected"), PROPERTY_CASES)
def test_tldextract_property_cases(
    source: str, url: str, include_private: bool, name: str, expected: str
) -> None:
    assert getattr(extract(url, include_private), name) == expected


def test_registered_domain_and_fqdn() -> None:
    # tldextract's docstrings (tldextract/tldextract.py): forums.bbc.co.uk -> bbc.co.uk;
    # waiterrant.blogspot.com with and without the PRIVATE section.
    result = extract("http://forums.bbc.co.uk/path/to/file")
    assert result.registered_domain == result.top_domain_under_public_suffix == "bbc.co.uk"
    assert result.fqdn == "forums.bbc.co.uk"
    assert extract("http://waiterrant.blogspot.com").registered_domain == "blogspot.com"
    private = extract("http://waiterrant.blogspot.com", include_private=True)
    assert private.registered_domain == "waiterrant.blogspot.com"
    assert private.top_domain_under_registry_suffix == "blogspot.com"
    assert private.is_private is True


def test_a_url_without_a_host_gives_empty_parts() -> None:
    # mailto: has no host (url.bs: a URL whose host is null); file:/// the empty host. The
    # tldextract reading of "mailto:x@y.com" is a host "y.com" after userinfo: both readings
    # are checked (with "//", the URL is read as a URL).
    assert extract("file:///etc/passwd") == ExtractResult("", "", "")
    assert extract("mailto://x@y.com").domain == "y"


def test_opaque_hosts_are_read_as_hosts() -> None:
    # A non-special URL's host (ssh://, git+ssh://) is read as a special URL's host: lowercase,
    # IPv4 in every spelling (url.bs §3.5: 0x7f.1 is 127.0.0.1).
    assert extract("ssh://Mail.Google.com/x").top_domain_under_public_suffix == "google.com"
    assert extract("ssh://0x7f.1/").ipv4 == "127.0.0.1"


def test_the_shortcut_agrees_with_the_url_parser() -> None:
    # The plain-host shortcut and the URL parser give the same split: the same host written so
    # that the shortcut is taken and so that it is not (a userinfo, an uppercase scheme).
    for host in ("www.example.co.uk", "a.b.c.example.com", "localhost", "x.github.io"):
        for include_private in (False, True):
            assert extract(host, include_private) == extract(
                f"HTTP://user@{host.upper()}:8080/p", include_private
            )


def test_a_list_of_ones_own() -> None:
    # A list with one rule, "example": PSL format (one rule a line, "//" comments).
    psl = PublicSuffixList.from_text("// a test list\nexample\n")
    assert extract("a.b.example", psl=psl) == ExtractResult("a", "b", "example", False, "example")


def test_errors() -> None:
    with pytest.raises(TypeError, match="not bytes"):
        extract(b"example.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a str"):
        extract("example.com", extra_suffixes="corp")
    with pytest.raises(ValueError, match="'a b'"):
        extract("example.com", extra_suffixes=["a b"])


# What tldextract (5.4, its own snapshot of the list, offline) answers, as (subdomain, domain,
# suffix): nothing raises; an unlisted last label is the domain. Where the URL parser rejects
# the text, the parts are empty (tldextract splits the text anyway: "not a url at all" is its
# domain, "256.256.256" the subdomain of "http://256.256.256.256/").
NEVER_RAISES = [
    ("", ("", "", "")),
    ("not a url at all", ("", "", "")),
    ("http://256.256.256.256/", ("", "", "")),
    ("http://exa mple.com/", ("", "", "")),
    ("ssh://[::1", ("", "", "")),
    ("http://localhost:8000/", ("", "localhost", "")),
    ("localhost", ("", "localhost", "")),
    ("a.b.localhost", ("a.b", "localhost", "")),
    ("http://example.local/", ("example", "local", "")),
    ("example.internal", ("example", "internal", "")),
    ("www.ck", ("", "www", "ck")),  # an exception rule ("!www.ck") leaves a listed suffix
]


@pytest.mark.parametrize(("text", "parts"), NEVER_RAISES)
def test_never_raises_and_lists_only_listed_suffixes(
    text: str, parts: tuple[str, str, str]
) -> None:
    result = extract(text)
    assert result[:3] == parts
    assert result.ipv4 == "" and result.ipv6 == ""


# Inputs where tldextract and the URL parser read the same host (ASCII, lowercase, no trailing
# dot, a valid address or a domain): the two must split it the same, reading the same list file.
SAME_HOST_INPUTS = [
    "http://localhost:8000/",
    "localhost",
    "a.b.localhost",
    "printer.lan",
    "https://www.example.co.uk/x?y#z",
    "user:pw@forums.news.cnn.com:8080/p",
    "//a.b.example.com/p",
    "waiterrant.blogspot.com",
    "a.b.blogspot.com",
    "www.ck",
    "a.b.c.kawasaki.jp",
    "city.kawasaki.jp",
    "http://127.0.0.1:8080/deployed/",
    "http://[::1]/",
    "ftp://1.2.3.4/",
    "com",
    "co.uk",
    "github.io",
    "x.github.io",
]


@pytest.fixture(scope="module")
def peer_and_list() -> Iterator[tuple[Any, PublicSuffixList]]:
    """tldextract (the ``test`` extra) and urlspec's matcher over the same list file (the
    ``publicsuffixlist`` package's copy), tldextract offline (no cache, no fallback)."""
    tldextract = pytest.importorskip("tldextract")
    list_file = resources.files("publicsuffixlist").joinpath("public_suffix_list.dat")
    with resources.as_file(list_file) as path:
        peer = tldextract.TLDExtract(
            cache_dir=None, suffix_list_urls=[path.resolve().as_uri()], fallback_to_snapshot=False
        )
        peer("example.com")  # reads the list
        yield peer, PublicSuffixList.from_file(path)


@pytest.mark.parametrize("text", SAME_HOST_INPUTS)
@pytest.mark.parametrize("include_private", [False, True])
def test_as_tldextract_on_the_same_list(
    text: str, include_private: bool, peer_and_list: tuple[Any, PublicSuffixList]
) -> None:
    peer, psl = peer_and_list
    theirs = peer(text, include_psl_private_domains=include_private)
    ours = extract(text, include_private, psl=psl)
    assert ours[:4] == (theirs.subdomain, theirs.domain, theirs.suffix, theirs.is_private)
    assert (ours.fqdn, ours.ipv4, ours.ipv6) == (theirs.fqdn, theirs.ipv4, theirs.ipv6)


# tldextract's TLDExtract(extra_suffixes=[...]) answers (5.4): the extra rules are rules of
# the ICANN section, wildcard and exception rules included.
EXTRA = ["localhost", "corp.example.com", "*.dev.test", "!x.dev.test"]
EXTRA_CASES = [
    ("http://localhost:8000/", ("", "", "localhost", False)),
    ("a.b.localhost", ("a", "b", "localhost", False)),
    ("a.corp.example.com", ("", "a", "corp.example.com", False)),
    ("foo.bar.dev.test", ("", "foo", "bar.dev.test", False)),
    ("x.dev.test", ("", "x", "dev.test", False)),
    ("y.x.dev.test", ("y", "x", "dev.test", False)),
    ("example.com", ("", "example", "com", False)),
]


@pytest.mark.parametrize(("text", "parts"), EXTRA_CASES)
@pytest.mark.parametrize("include_private", [False, True])
def test_extra_suffixes(
    text: str, parts: tuple[str, str, str, bool], include_private: bool
) -> None:
    assert extract(text, include_private, extra_suffixes=EXTRA)[:4] == parts
    # the default list is left as it was
    assert extract("a.b.localhost", include_private)[:3] == ("a.b", "localhost", "")


def test_the_result_is_an_extract_result() -> None:
    # The split is of the class ExtractResult itself, whichever way it is found, and its parts
    # are plain strings (the suffix is the list's own string for its rule, "www" a shared one).
    for text in ("www.example.com", "WWW.Example.Co.UK", "http://www.example.com/", "a.zz."):
        result = extract(text)
        assert type(result) is ExtractResult
        assert all(type(part) is str for part in (result[:3] + result[4:]))
    assert extract("WWW.Example.Co.UK") == ("www", "example", "co.uk", False, "co.uk")
    assert extract("a.b.blogspot.com", True) == ("a", "b", "blogspot.com", True, "com")


def test_exported() -> None:
    assert urlspec.extract is extract
    assert urlspec.ExtractResult is ExtractResult


def test_each_list_and_section_gets_its_own_answer() -> None:
    # A list whose only rule is "uk" (PSL format): "example.co.uk" splits at "uk" by it, at
    # "co.uk" by the real list (rule "co.uk"), whichever was asked first.
    only_uk = PublicSuffixList.from_text("uk\n")
    for _ in range(2):
        assert extract("a.example.co.uk").suffix == "co.uk"
        assert extract("a.example.co.uk", psl=only_uk).suffix == "uk"
        # "blogspot.com" is a rule of the PRIVATE section.
        assert extract("a.blogspot.com").suffix == "com"
        assert extract("a.blogspot.com", include_private=True).suffix == "blogspot.com"


def full_parse(text: str, include_private: bool) -> ExtractResult | None:
    """The split without the shortcuts: the URL parser's host, split at its public suffix (the
    list's algorithm, the implicit rule included); None where the URL parser finds no host."""
    try:
        url = URL(_url_text(text))
        return _extract_parsed(url, default_list(), include_private)
    except (InvalidURL, InvalidHost):
        return None


def assert_same_split(text: str, include_private: bool) -> None:
    """extract's answer is the URL parser's split with only listed suffixes, or empty parts."""
    found = full_parse(text, include_private)
    expected = (
        ExtractResult("", "", "")
        if found is None
        else _listed_suffix_only(found, default_list(), include_private)
    )
    assert extract(text, include_private) == expected, text


def test_the_shortcuts_agree_with_the_url_parser_on_every_corpus_line() -> None:
    # extract() takes a plain host, or a URL whose host is plain, without the URL parser; the
    # URL parser's answer is the expected one, for every corpus line and every distinct host of
    # the corpora written bare, uppercased and with a trailing dot (the shapes the shortcuts
    # tell apart), with and without the list's private section.
    hosts: set[str] = set()
    lines = 0
    for name in CORPORA:
        for line in iter_corpus(name):
            assert_same_split(line, False)
            lines += 1
            url = URL.parse(line)
            if url is not None and url.hostname:
                hosts.add(url.hostname)
    for host in hosts:
        for text in (host, host.upper(), host + "."):
            for include_private in (False, True):
                assert_same_split(text, include_private)
    assert lines > 95_000 and len(hosts) > 20_000  # the corpora hold 97,631 lines


def compiled_shortcut(text: str, include_private: bool) -> ExtractResult | None:
    """The compiled build's shortcuts (callable in both builds): the split of a plain host, or
    of a URL's plain host, found by the suffix list's walk; None when the URL parser must run."""
    psl = default_list()
    found = _split_plain_host(text, 0, len(text), psl, include_private)
    if found is None:
        begin, stop = plain_url_host_range(text)
        if begin >= 0:
            found = _split_plain_host(text, begin, stop, psl, include_private)
    return found


def regex_shortcut_host(text: str) -> str | None:
    """The host the pure build's shortcuts take (a plain host, or the regex's URL but a file:
    URL), or None."""
    if _is_plain_domain(text):
        return text
    matched = _URL_WITH_PLAIN_HOST_RE.match(text)
    if matched is None:
        return None
    host = matched.group(2).lower()
    return host if "xn--" not in host and matched.group(1).lower() != "file" else None


def assert_compiled_shortcut(text: str) -> None:
    """The compiled build's shortcuts give the URL parser's split, and take at least every input
    the regex takes."""
    for include_private in (False, True):
        found = compiled_shortcut(text, include_private)
        if found is not None:
            assert found == full_parse(text, include_private), text
        elif regex_shortcut_host(text) is not None:
            raise AssertionError(f"the regex takes {text!r}, the walk does not")


def test_the_compiled_shortcuts_agree_with_the_url_parser_on_the_corpora() -> None:
    # Every corpus line, and every distinct host of the corpora bare and uppercased (what the
    # walk takes that the regex does not); a sample of the lines in the pure build, where the
    # walk is slow Python.
    step = 1 if COMPILED else 7
    lines = hosts = 0
    seen: set[str] = set()
    for name in CORPORA:
        for index, line in enumerate(iter_corpus(name)):
            if index % step:
                continue
            assert_compiled_shortcut(line)
            lines += 1
            url = URL.parse(line)
            if url is not None and url.hostname and url.hostname not in seen:
                seen.add(url.hostname)
                assert_compiled_shortcut(url.hostname.upper())
                hosts += 1
    assert lines > 95_000 // step and hosts > 4_000


def test_the_compiled_shortcuts_on_every_url_shape() -> None:
    # Each piece the scan and the walk tell apart: the scheme (special, not, "file" in any
    # case, none, not a scheme), the slashes, the host (plain in any case, empty labels, a
    # trailing dot, a number, IPv4, "xn--", non-ASCII, userinfo, a backslash, a space), the
    # port (none, empty, short, long, not digits) and what follows the authority.
    schemes = ["http", "HTTP", "file", "FiLe", "ssh", "a+b.c-d", "1x", "", "fil", "files"]
    slashes = ["://", ":/", "//", ":\\\\"]
    hosts = [
        "example.com",
        "Www.Example.CO.UK",
        "a..b",
        ".a.b",
        "a.b.",
        "a.b..",
        "x",
        "1.2.3.4",
        "a.1",
        "a.0x1",
        "xn--p1ai.com",
        "a.XN--P1AI",
        "a_b.c-d",
        "é.com",
        "",
        "a b.com",
        "user@a.com",
        "a\\b.com",
        "a.github.io",
        "localhost",
        "LocalHost",
        "localhost.",
        "C:",
        "c|",
        "a.com:80",
        "WwW.example.com",
        "www.co.uk",
        "wwww.a.b.com",
    ]
    ports = ["", ":", ":1", ":8080", ":12345", ":x"]
    rests = ["", "/", "/p", "?q", "#f", " ", "\\p", "\t"]
    for pieces in itertools.product(schemes, slashes, hosts, ports, rests):
        assert_compiled_shortcut("".join(pieces))
    for host in hosts:
        assert_compiled_shortcut(host)


def test_the_url_scan_finds_the_regexs_host() -> None:
    # Where the regex takes a URL, the scan finds its host at the same place.
    for text in (
        "http://example.com",
        "HTTPS://A.B.C:8080/x",
        "ws://a.b.:/?#",
        "x+y://a..b#f",
        "http://a.b:1234",
    ):
        matched = _URL_WITH_PLAIN_HOST_RE.match(text)
        assert matched is not None
        assert plain_url_host_range(text) == (matched.start(2), matched.end(2)), text
    for text in (
        "http://a.com:12345/",
        "http:/a.com",
        "1http://a.com",
        "://a",
        "file://LocalHost/",
    ):
        assert plain_url_host_range(text) == (-1, -1), text
    # A file: URL's host runs to the path (a drive letter's ":" is in it: not a plain host).
    assert plain_url_host_range("FILE://a.com/x") == (7, 12)
    assert plain_url_host_range("file://C:/x") == (7, 9)
