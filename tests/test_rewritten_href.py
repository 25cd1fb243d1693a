"""The compiled build's tiers 2 and 3 (urlspec.rewritten_href) agree exactly with the state
machine and with the patterns of tiers 2 and 3.

rewritten_href runs in both builds here (the pure build only asks it in these tests): wherever it
gives an href, the basic URL parser gives the same, and so do the patterns whenever they give
one; it answers DECLINED only for inputs that the fast path's first look sends to the state
machine. Checked on every corpus line with bench/messy.py's mutations, on every combination of
the pieces a special URL is made of, on WPT's IDNA data and on generated URLs.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, in_ci, iter_corpus, load_wpt
from test_fast_path import check_fast_path, urlish

from bench import idn, messy
from urlspec import fast_path
from urlspec.fast_path import fast_href, goes_to_the_state_machine
from urlspec.infra import to_scalar_value_string
from urlspec.own_href import COMPILED
from urlspec.own_href_pattern import is_own_href
from urlspec.parser import basic_url_parse
from urlspec.rewritten_href import DECLINED, _dots_of_dot_segment, rewritten_href
from urlspec.url import URL
from urlspec.url_record import (
    is_double_dot_path_segment,
    is_single_dot_path_segment,
    serialize_url,
)

# Dot segments in the path of a special URL other than file, and hosts beyond ASCII of common
# labels, with their href as the URL Standard gives it (WPT's urltestdata.json has the same shapes,
# e.g. "http://example.com/foo/../ton" gives "http://example.com/ton"; the hosts beyond ASCII as
# ada gives them, can_ada 3.0): the compiled build's tiers take them (rewritten_href), the pure
# build's patterns leave them to the state machine.
COMPILED_TIERS_ONLY = [
    # Not ASCII letters, though the patterns' case-insensitive matching would take them for
    # "i", "k", "s": the compiled loop gives them to the domain parser (UTS #46 maps the last
    # three, "i̇" being "i" and U+0307).
    ("http://\u0131.example/", "http://xn--cfa.example/"),
    ("http://\u212aelvin.example/", "http://kelvin.example/"),
    ("HTTP://\u0130.example/", "http://xn--i-9bb.example/"),
    ("http://a.\u017fcom:80/", "http://a.scom/"),
    ("https://WWW.b\u00fccher.DE:8080\\a/./b", "https://www.xn--bcher-kva.de:8080/a/b"),
    # A trailing "." and mapped dots (U+3002, U+FF0E, U+FF61 map to "."): the host is the domain
    # to ASCII, its trailing "." kept.
    ("http://b\u00fccher.de./", "http://xn--bcher-kva.de./"),
    ("http://a\u3002b\uff0ec\uff61/", "http://a.b.c./"),
    ("http://b\u00fccher\u3002de\u3002/x?q#f", "http://xn--bcher-kva.de./x?q#f"),
    # "<" and ">" before U+0338: NFC composes them to "≮" and "≯" in the domain to ASCII.
    ("http://a>\u0338.example/", "http://xn--a-pgo.example/"),
    ("http://\u00fc<\u0338\u3002de\u3002/", "http://xn--tda832o.de./"),
    ("http://a/./b", "http://a/b"),
    ("http://a/b/..", "http://a/"),
    ("http://a/%2e/b", "http://a/b"),
    ("http://a/.%2E/b", "http://a/b"),
    ("http://a/b/c/../../d", "http://a/d"),
    ("HTTP://A\\b\\..\\c?q#f", "http://a/c?q#f"),
    ("http://a/b/.?q", "http://a/b/?q"),
    ("http://a/b/%2E%2e#f", "http://a/#f"),
    ("https://a:443/b/./c/", "https://a/b/c/"),
    # The slashes after a special scheme (the first and last as in WPT's urltestdata.json,
    # without a base): the special authority states skip any run of "/" and "\\", the file
    # states read two of them.
    ("http:\\\\www.google.com\\foo", "http://www.google.com/foo"),
    ("HTTP:/\\/\\Example.COM:80\\a", "http://example.com/a"),
    ("file:\\\\localhost//", "file:////"),
]


@pytest.mark.parametrize(("input", "href"), COMPILED_TIERS_ONLY)
def test_taken_by_the_compiled_tiers_only(input: str, href: str) -> None:
    assert rewritten_href(input) == href  # (in both builds)
    assert fast_href(input) == (href if COMPILED else None)
    assert URL(input).href == href
    assert check_fast_path(input) is COMPILED


def tiers_2_and_3_by_patterns(input: str) -> str | None:
    """tier_2_or_3_href without the loop (the pure build's): the first look, then the patterns
    (for an input tier 1 declines)."""
    if goes_to_the_state_machine(input):
        return None
    return fast_path._tiers_2_and_3(input)


def check_rewritten_href(input: str) -> str | None:
    """rewritten_href's answer for ``input``, checked: DECLINED only where the first look
    sends the input to the state machine (and no tier takes it); an href only where it is the
    one the state machine gives, and the one the patterns give whenever they give one; asked
    for an input that is its own href too (as_is), the same answer, but ``input`` itself for
    an input tier 1 takes that the loop finds nothing to rewrite in."""
    href = rewritten_href(input)
    as_is = rewritten_href(input, as_is=True)
    if as_is != href:
        assert href is None and as_is == input and is_own_href(input), input
    if href == DECLINED:
        assert goes_to_the_state_machine(input), input
        assert fast_path._tiers_2_and_3(input) is None, input  # (the patterns, without the look)
        return href
    if href is None:
        return None
    record = basic_url_parse(to_scalar_value_string(input))
    assert record is not None, f"rewritten_href accepted {input!r}, on which the parser fails"
    assert serialize_url(record) == href, input
    if is_own_href(input):
        assert href == input  # (the patterns of tiers 2 and 3 assume tier 1 declined)
    else:
        by_patterns = tiers_2_and_3_by_patterns(input)
        assert by_patterns is None or by_patterns == href, input
    return href


@pytest.mark.parametrize("corpus", CORPORA)
def test_rewritten_href_agrees_on_the_corpus(corpus: str) -> None:
    """Every line with the mutation bench/messy.py gives it, and every third line as it is and
    with one other mutation (a third of the lines, to stay fast)."""
    answers: dict[str | None, int] = {}
    for index, line in enumerate(iter_corpus(corpus)):
        inputs = [messy.MUTATORS[index % len(messy.MUTATORS)](line, index)]
        if index % 3 == 0:
            other = messy.MUTATORS[(index + 1 + index % 5) % len(messy.MUTATORS)]
            inputs += [line, other(line, index)]
        for input in inputs:
            if input is not None:
                href = check_rewritten_href(input)
                kind = href if href is None or href == DECLINED else "href"
                answers[kind] = answers.get(kind, 0) + 1
    assert answers.get(DECLINED, 0) > 0  # (isaacs_files, file: URLs, has no href)


# The pieces of a special URL that the loop tells apart, each in its commonest and edgiest forms:
# scheme case and kind, the slashes after it, hosts (upper and lower case, "_", IDN, IPv4,
# hexadecimal, IPv6, empty, "localhost", credentials, a trailing ".", code points tier 1 does not
# admit), ports, "\\" and "/" mixes and dot segments in the path, code points tier 1 does not
# admit there, tabs, newlines, surrogates, code points to percent-encode in the query and
# fragment, and upper case and "\\" after the host (where lowercasing or replacing "\\" in the
# whole input would be wrong).
_REWRITE_SCHEMES = (
    *("http://", "HTTP://", "Https://", "file://", "FILE://", "ws://", "sc://"),
    *("http:\\\\", "FILE:\\/", "wss:", "ftp:/\\/"),
)
_REWRITE_SCHEMES_EDGY = ("ftp:/", "http:\\\\", "ht\ttp://", " http://", "http:", "1http://")
_REWRITE_HOSTS = (
    *("a.com", "A.COM", "Ex_Am.Ple", "LOCALHOST", "localhost", "0x1F", "a.0X.", "a.0xg"),
    *("1.2.3.4", "1.2.3.400", "1-800-Flow", "[::1]", "", "b\u00fccher.DE", "XN--A", "a%41"),
    *("u@h", "a..", ".A", "a\tb", "\ud83d", "A.COM.", "a|b", "1.2.3.4.", "a.1B", "a.b-"),
)
_REWRITE_PORTS = ("", ":", ":80", ":0080", ":8080", ":65536", ":1x", ":443", ":21")
_REWRITE_PATHS = (
    *("", "/", "\\", "/a\\b", "\\a/b\\", "/./", "\\..\\", "/%2E%2e", "/x/%2e", "/.x", "/a b"),
    *("/a\nb", "/\ud800", "/\ud83d\ude00", "/a|b", "/..\\", "//", "/a^b", "\\.\\x/[.]"),
    *("/A\\b", "/B"),
)
_REWRITE_QUERIES = ("", "?", "?a'b", '?a"<>b', "?q\\", "?\r", "?\u00e9", "?a b", "?x=`", "?Q")
_REWRITE_FRAGMENTS = ("", "#", "#a`b", "#f#g", "#x y", "#'\"", "#\x7f", " ", "#F\\", "#\\")


def test_rewritten_href_agrees_on_every_combination_of_pieces() -> None:
    """Every scheme, host, port and path of the lists above together (54,054 inputs), each with
    the next query and fragment in turn; every path, query and fragment together after a few
    schemes, hosts and ports (50,400 inputs); the edgy schemes before every host."""
    answers: set[str | None] = set()
    combinations = itertools.product(
        _REWRITE_SCHEMES, _REWRITE_HOSTS, _REWRITE_PORTS, _REWRITE_PATHS
    )
    for index, (scheme, host, port, path) in enumerate(combinations):
        query = _REWRITE_QUERIES[index % len(_REWRITE_QUERIES)]
        fragment = _REWRITE_FRAGMENTS[index % len(_REWRITE_FRAGMENTS)]
        href = check_rewritten_href(scheme + host + port + path + query + fragment)
        answers.add(href if href is None or href == DECLINED else "href")
    combinations = itertools.product(
        _REWRITE_SCHEMES[:4],
        ("a.com", "A.COM", "LOCALHOST"),
        ("", ":8080"),
        _REWRITE_PATHS,
        _REWRITE_QUERIES,
        _REWRITE_FRAGMENTS,
    )
    for parts in combinations:
        check_rewritten_href("".join(parts))
    for scheme in _REWRITE_SCHEMES_EDGY:
        for host in _REWRITE_HOSTS:
            check_rewritten_href(scheme + host + "/a")
    assert answers == {None, DECLINED, "href"}


_DOT_SEGMENT_PATH_PIECES = ("/", "\\")
_DOT_SEGMENT_SEGMENTS = (".", "..", "%2e", ".%2E", "", "a", "bc")


def test_rewritten_href_drops_dot_segments_as_the_path_state_does() -> None:
    """Every path of up to four segments (dot segments, empty ones and others, after "/" or
    "\\": 24,414 paths) in special URLs, ended by the end, a query or a fragment in turn: runs
    kept whole, shortened in place, emptied, kept after an earlier run, a path ending with a
    dot segment, "\\" between them."""
    endings = ("", "?q", "#f", "?.#..")
    index = 0
    for count in range(5):
        for pieces in itertools.product(
            _DOT_SEGMENT_PATH_PIECES, _DOT_SEGMENT_SEGMENTS, repeat=count
        ):
            prefix = ("http://h", "HTTPS://H.com:443", "ws://h:81")[index % 3]
            input = prefix + "".join(pieces) + endings[index % 4]
            href = check_rewritten_href(input)
            # every one is taken (the loop's own answer checked), but an input that is its own
            # href (tier 1's)
            assert href not in (None, DECLINED) or is_own_href(input), input
            index += 1


def test_rewritten_href_agrees_on_internationalized_hosts() -> None:
    """Every input of WPT's IdnaTestV2.json and toascii.json as the host of special URLs (with
    and without a port, a path to rewrite, a query and fragment), and bench/idn.py's URLs."""
    entries = load_wpt("IdnaTestV2.json") + load_wpt("toascii.json")
    assert entries or not in_ci()
    answers: dict[str | None, int] = {}
    templates = ("https://{}/x", "HTTP://{}:8080\\a/../b?q#f", "ws://{}", "file://{}/x")
    for entry in entries:
        for template in templates:
            href = check_rewritten_href(template.format(entry["input"]))
            kind = href if href is None or href == DECLINED else "href"
            answers[kind] = answers.get(kind, 0) + 1
    for url in idn.generated_urls():
        assert check_rewritten_href(url) not in (None, DECLINED), url
    assert not entries or answers.get("href", 0) > 0


# Hosts beyond ASCII whose domain to ASCII ends in "." or holds labels made of mapped dots
# (U+3002, U+FF0E, U+FF61), whose last label is a number only once mapped (full-width digits,
# "０ｘ"), or that map to an IPv4 address: the ends-in-a-number checker runs on the ASCII domain.
_MAPPED_FIRST_LABELS = ("b\u00fccher", "a", "\uff41", "1", "\uff11\u3002\uff12\u3002\uff13")
_MAPPED_DOTS = (".", "\u3002", "\uff0e", "\uff61")
_MAPPED_LAST_LABELS = (
    *("de", "\u00fc", "\uff11\uff12\uff13", "\uff10\uff58\uff11", "0x1", "0X", "0xg", "\uff11"),
    *("1", "", "\uff24\uff25", "8a", "0x\u00fc"),
)
_MAPPED_ENDS = ("", ".", "\u3002", "\uff0e\uff0e")


def test_rewritten_href_agrees_on_hosts_with_mapped_dots() -> None:
    """Every host of the pieces above (1,040), in special URLs with and without a port, a path
    to rewrite, a query and fragment: rewritten_href takes some of each kind."""
    templates = ("https://{}/x", "HTTP://{}:8080\\a/../b?q#f", "ws://{}", "http://{}:80/")
    taken: set[str] = set()
    for first, dot, last, end in itertools.product(
        _MAPPED_FIRST_LABELS, _MAPPED_DOTS, _MAPPED_LAST_LABELS, _MAPPED_ENDS
    ):
        for template in templates:
            href = check_rewritten_href(template.format(first + dot + last + end))
            if href not in (None, DECLINED) and end:
                taken.add(dot + end)
    assert taken == {dot + end for dot in _MAPPED_DOTS for end in _MAPPED_ENDS[1:3]}


# The ASCII code points that tier 1 admits in no label ("%", forbidden domain code points), in
# hosts beyond ASCII or not, alone or before U+0338 (which NFC composes "<", "=" and ">" with).
_NOT_IN_LABEL_PIECES = ("<", ">", "=", "%", "%41", "[", "]", "[:1]", "^", "|", "A")
_NOT_IN_LABEL_HOSTS = ("{}", "a{}", "\u00fc{}", "{}\u00fc", "a{}.\u00fc", "\u00fc.b{}\u3002")


def test_rewritten_href_agrees_on_hosts_with_code_points_not_in_labels() -> None:
    """Every host of the pieces above, with and without U+0338 after the piece, in special URLs
    with and without a port and a path to rewrite: rewritten_href takes "≮", "≠", "≯" so
    written."""
    templates = ("https://{}/x", "HTTP://{}:8080\\a/../b?q#f", "ws://{}")
    taken: set[str] = set()
    for piece, host, mark in itertools.product(
        _NOT_IN_LABEL_PIECES, _NOT_IN_LABEL_HOSTS, ("", "\u0338")
    ):
        for template in templates:
            href = check_rewritten_href(template.format(host.format(piece + mark)))
            if href not in (None, DECLINED):
                taken.add(piece + mark)
    assert {"<\u0338", ">\u0338", "=\u0338"} <= taken


def test_the_dot_segments_of_rewritten_href_are_the_url_standards() -> None:
    """_dots_of_dot_segment (in place) against url_record's single-dot and double-dot
    path segments, on every string of up to three of the pieces a dot segment is made of."""
    pieces = (".", "%2e", "%2E", "%2", "%", "2e", "e", "a", "%2f", "..")
    for count in range(4):
        for combination in itertools.product(pieces, repeat=count):
            segment = "".join(combination)
            expected = (
                1
                if is_single_dot_path_segment(segment)
                else 2
                if is_double_dot_path_segment(segment)
                else 0
            )
            text = f"/x{segment}/".encode("ascii")  # (as rewritten_href reads its input)
            assert _dots_of_dot_segment(text, 2, 2 + len(segment)) == expected, segment


@settings(max_examples=400, deadline=None)
@given(input=urlish(), mutation=st.integers(0, len(messy.MUTATORS)))
@example(input="HTTP://EXAMPLE.COM:80", mutation=0)
@example(input="FILE://LOCALHOST", mutation=0)
@example(input="http://h\\a/%2e%2e/x", mutation=0)
@example(input="http:///./x", mutation=0)
@example(input="https://A.0x1.:8080/", mutation=0)
def test_rewritten_href_agrees_on_generated_urls(input: str, mutation: int) -> None:
    """Generated URLs as they are (mutation 0), or with one of bench/messy.py's mutations."""
    if mutation > 0:
        input = messy.MUTATORS[mutation - 1](input, 0) or input
    check_rewritten_href(input)
