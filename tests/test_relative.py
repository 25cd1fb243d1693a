"""Relative references (urlspec.relative) resolve exactly as the basic URL parser resolves them.

``URL(ref, base)`` takes the common shapes of references without the state machine; the href it
gives must be the serialization of the record the state machine makes of ``ref`` against
``base`` (https://url.spec.whatwg.org/#concept-basic-url-parser), and it must fail exactly where
the state machine fails. Checked on references derived from every corpus line (see
:func:`derived_references`), on RFC 3986's examples (§5.4, whose expected values are checked
against the WHATWG answers in test_parser_wpt.py's data only through this comparison), and on
generated references.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus
from test_fast_path import expected_getter_values
from test_own_href import GETTERS

from urlspec import relative
from urlspec.infra import to_scalar_value_string
from urlspec.own_href import NOT_OWN_HREF, SPANS_TOO_LONG, scan_own_href, scheme_kind
from urlspec.parser import basic_url_parse
from urlspec.relative import (
    absolute_input,
    resolve_reference,
    resolve_with_spans,
    starts_with_scheme,
)
from urlspec.url import URL
from urlspec.url_record import (
    URLRecord,
    is_double_dot_path_segment,
    is_single_dot_path_segment,
    serialize_url,
)
from urlspec.validation import InvalidURL


def state_machine_record(reference: str, base: str) -> URLRecord | None:
    """The record the state machine makes of ``reference`` against ``base``, or None: failure."""
    base_record = basic_url_parse(to_scalar_value_string(base))
    if base_record is None:
        return None
    return basic_url_parse(to_scalar_value_string(reference), base_record)


def state_machine_href(reference: str, base: str) -> str | None:
    """The href the state machine gives for ``reference`` against ``base``, or None: failure."""
    record = state_machine_record(reference, base)
    return None if record is None else serialize_url(record)


def constructed(reference: str, base: str | URL) -> URL | None:
    """``URL(reference, base)``, or None when it raises InvalidURL."""
    try:
        return URL(reference, base)
    except InvalidURL:
        return None


def joined_or_none(base: URL, reference: str) -> URL | None:
    """``base.join(reference)``, or None when it raises InvalidURL."""
    try:
        return base.join(reference)
    except InvalidURL:
        return None


def check(reference: str, base: str) -> bool:
    """That URL(reference, base) is the state machine's answer, and so are its getters; whether
    the fast path took it."""
    record = state_machine_record(reference, base)
    expected = None if record is None else serialize_url(record)
    url = URL.parse(reference, base)
    assert (None if url is None else url.href) == expected, (reference, base)
    base_url = URL.parse(base)
    # The constructor (which, in the compiled build, scans the reference against the parts of a
    # base that is its own href, and gives the new URL its parts' offsets), with a URL base,
    # or a string one when it does not parse.
    url = constructed(reference, base if base_url is None else base_url)
    assert (None if url is None else url.href) == expected, (reference, base)
    if url is not None and record is not None:
        getters = tuple(getattr(url, name) for name in GETTERS)
        assert getters == expected_getter_values(record), (reference, base)
        if getters[0] in ("http:", "https:"):  # the origin of the commonest URLs, sliced
            assert url.origin == getters[0] + "//" + getters[3], (reference, base)
    if base_url is not None:
        # URL.join: compiled, the constructor's path for a relative reference without the call
        # of the class; the same URL, and the offsets it knows are the ones tier 1 finds.
        joined = joined_or_none(base_url, reference)
        assert (None if joined is None else joined.href) == expected, (reference, base)
        if joined is not None and joined._spans != SPANS_TOO_LONG:
            assert joined._spans == scan_own_href(joined.href), (reference, base)
        url = URL.parse(reference, base_url)  # a URL base, whose record may not be built yet
        assert (None if url is None else url.href) == expected, (reference, base)
        if not starts_with_scheme(reference):
            fast = resolve_reference(reference, base_url.href)
            base_spans = scan_own_href(base_url.href)
            if base_spans > SPANS_TOO_LONG:
                with_spans = resolved_with_spans(reference, base_url.href, base_spans, fast)
                assert with_spans is None or with_spans == expected, (reference, base)
            if fast is not None:
                assert fast == expected, (reference, base)
                return True
    return False


def resolved_with_spans(
    reference: str, base_href: str, base_spans: int, on_strings: str | None
) -> str | None:
    """resolve_with_spans's href for ``reference`` against a base that is its own href, whose
    parts' offsets are ``base_spans`` (None when it declines), having checked that the offsets
    it gives are the ones tier 1 finds in that href (so that the getters, slices at those
    offsets, are right: test_own_href.py) and that it answers, the same, wherever
    resolve_reference does (``on_strings`` is its answer)."""
    href, spans = resolve_with_spans(reference, base_href, base_spans)
    if spans == NOT_OWN_HREF:
        assert on_strings is None, (reference, base_href)
        return None
    assert on_strings is None or href == on_strings, (reference, base_href)
    # The offsets tier 1 finds; none (SPANS_TOO_LONG) for an href it does not accept.
    assert spans == max(scan_own_href(href), SPANS_TOO_LONG), (reference, base_href)
    return href


# References of every shape urlspec.relative takes, and of shapes it leaves to the state machine,
# made from a base and from another corpus line (``other``): the kinds a crawler meets in links.
def derived_references(base: str, other: str) -> list[str]:
    """References derived from two corpus lines: parts of ``other`` (its path, query, last
    segment, authority), with dot segments, and the base's own parts."""
    scheme_end = other.find(":")
    rest = other[scheme_end + 1 :]
    path_and_more = rest[rest.find("/", 2) :] if rest.startswith("//") else rest
    last_segment = path_and_more.rsplit("/", 1)[-1]
    query_start = other.find("?")
    fragment_start = other.find("#")
    return [
        path_and_more,  # path-absolute (or, for an opaque path, path-relative)
        last_segment,  # path-relative
        "../" + last_segment,
        "./" + last_segment,
        "../../" + last_segment,
        rest,  # scheme-relative when other has an authority
        other[query_start:] if query_start >= 0 else "?q",
        other[fragment_start:] if fragment_start >= 0 else "#f",
        "",
        ".",
        "..",
        "%2e%2E/" + last_segment,
        base.rsplit("/", 1)[-1],
    ]


@pytest.mark.parametrize("corpus", CORPORA)
def test_references_derived_from_the_corpus(corpus: str) -> None:
    lines = list(iter_corpus(corpus))
    checked = taken = 0
    for index, base in enumerate(lines):
        references = derived_references(base, lines[(index * 7919 + 1) % len(lines)])
        # Two kinds per line, in turn (all of them on every line would take minutes).
        for k in range(2):
            checked += 1
            taken += check(references[(index + k * 5) % len(references)], base)
    assert checked > 0
    if corpus in ("kasztp.txt", "node_files.txt"):
        # The fast path takes most of them (what it leaves: file: path references, bases with
        # credentials or ports, references with code points to encode).
        assert taken / checked > 0.5, f"{taken}/{checked}"


# RFC 3986 §5.4.1 and §5.4.2, with the RFC's base; the WHATWG parser's answers for some abnormal
# examples differ from the RFC's ("g:h", "http:g"), which the comparison takes into account.
RFC_3986_BASE = "http://a/b/c/d;p?q"
RFC_3986_REFERENCES = [
    *["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x"],
    *["g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g"],
    *["../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g"],
    *["./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x"],
    *["g#s/./x", "g#s/../x", "http:g"],
]


@pytest.mark.parametrize("reference", RFC_3986_REFERENCES)
def test_rfc_3986_examples(reference: str) -> None:
    check(reference, RFC_3986_BASE)


@pytest.mark.parametrize(
    ("reference", "base", "href"),
    [
        # Worked by hand from the spec's states (the relative, relative slash and path states).
        ("../x", "https://h/a/b/c", "https://h/a/x"),
        ("..", "https://h/a/b/c", "https://h/a/"),
        (".", "https://h/a/b/c", "https://h/a/b/"),
        ("%2E%2e", "https://h/a/b/c", "https://h/a/"),
        ("../../../..", "https://h/a/", "https://h/"),
        ("?", "https://h/p?q#f", "https://h/p?"),
        ("#", "https://h/p?q#f", "https://h/p?q#"),
        ("", "https://h/p?q#f", "https://h/p?q"),
        ("#x", "mailto:a@b", "mailto:a@b#x"),
        ("//x/y", "wss://h/p", "wss://x/y"),
        ("/y", "https://u:p@h:8080/p", "https://u:p@h:8080/y"),
        # The base's special scheme, then no "//": the special relative or authority state, then
        # the relative state on the rest.
        ("http:g", "http://a/b/c/d;p?q", "http://a/b/c/g"),
        ("http:", "http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q"),
        ("http:?y", "http://a/b/c/d;p?q", "http://a/b/c/d;p?y"),
        ("http:/g/../h", "http://a/b/c/d;p?q", "http://a/h"),
        ("HTTP:g", "http://a/b/c/d;p?q", "http://a/b/c/g"),
        ("http://g", "http://a/b/c/d;p?q", "http://g/"),
        ("https:g", "http://a/b/c/d;p?q", "https://g/"),
        # Absolute URLs: the base's scheme in capitals, followed by "//" (the special authority
        # ignore slashes state, which never reads the base), file: against a base of another
        # scheme (the file state reads the base only when it is file:), and file: against a
        # file: base without "//" (read: the file state copies its host and path, then shortens
        # it).
        ("HTTP://g", "http://a/b/c/d;p?q", "http://g/"),
        ("file:x", "http://a/b", "file:///x"),
        ("FILE:x", "file:///a/b", "file:///a/x"),
        ("sc:g", "sc://a/b", "sc:g"),
        # Scheme-relative: a special URL's path start state gives an empty path [""] ("/") when
        # the authority ends at "?", "#" or the end, which the authority state finds first
        # ("?" before "@": the host is "u").
        ("//g", "http://a/b", "http://g/"),
        ("//g?y#s", "https://a/b", "https://g/?y#s"),
        ("//u?p@g", "http://a/b", "http://u/?p@g"),
        ("//g", "sc://a/b", "sc://g"),
        ("//localhost?q", "file:///a/b", "file:///?q"),
    ],
)
def test_worked_examples(reference: str, base: str, href: str) -> None:
    url = URL(reference, base)
    assert url.href == href
    assert url.href == state_machine_href(reference, base)


@pytest.mark.parametrize(
    ("reference", "base"),
    [
        ("", "mailto:a@b"),  # an opaque path base: only "#..." resolves against it
        ("?q", "mailto:a@b"),
        ("x", "sc:a"),
        ("/x", "file:///C:/a/b"),  # the file slash state keeps the drive letter: state machine
        ("../../x", "file:///C:/a"),
        ("x y", "https://h/a"),  # a space to percent-encode
        ("a\\b", "https://h/a"),  # "\\" is "/" in a special URL
        ("\tx", "https://h/a"),
        ("x:y", "https://h/a"),  # a scheme
    ],
)
def test_shapes_left_to_the_state_machine_still_resolve_correctly(
    reference: str, base: str
) -> None:
    check(reference, base)


def test_the_fast_path_does_not_take_an_opaque_path_base_but_for_a_fragment() -> None:
    assert absolute_input("", "mailto:a@b") is None
    assert absolute_input("?q", "mailto:a@b") is None
    assert absolute_input("#f", "mailto:a@b#g") == "mailto:a@b#f"


REFERENCE_PIECES = ["a", "b.c", "..", ".", "%2e", "%2E%2e", "", "?", "#", "q=1", "é", " ", "\\"]
REFERENCE_PIECES += ["//", "x:", "C:", "\t", "%", "'", "~", "http:", "file:", "sc:", "HTTP:"]
BASES = [
    "https://h.example/a/b/c?q#f",
    "http://h/",
    "https://h/a/",
    "ftp://1.2.3.4/x/y",
    "ws://h:81/p",
    "file:///C:/a/b",
    "file://server/share/x",
    "sc://h/a/b",
    "sc://h",
    "sc:/a/b",
    "mailto:x@y",
    "http://u:p@h/a/b",
]


@settings(max_examples=2000, deadline=None)
@example(reference=" /..", base=BASES[0])  # the leading space is stripped: a path-absolute ".."
@example(reference="a\t/..", base=BASES[0])
@example(reference=".\t./x", base=BASES[0])  # the tab is removed: a double-dot segment
@example(reference="a\\b/../c", base=BASES[0])
@example(reference="/a/./b/../c", base=BASES[5])
@given(
    reference=st.lists(st.sampled_from(REFERENCE_PIECES), max_size=6).map("/".join),
    base=st.sampled_from(BASES),
)
def test_generated_references(reference: str, base: str) -> None:
    check(reference, base)


@settings(max_examples=1000, deadline=None)
@given(reference=st.text(alphabet="/.%2eE?#ab:\\ ", max_size=12), base=st.sampled_from(BASES))
def test_generated_text(reference: str, base: str) -> None:
    check(reference, base)


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="aZ09+-.:/?#%\t é", max_size=14))
# Around the length where the loop hands the search for ":" to str.find.
@example("abcdefg:")
@example("abcdefgh")
@example("abcdefgh:")
@example("abcdefghi")
@example("abcdefgh/:")
@example("abc/efgh:ij")
@example("a:bcdefghij")
def test_both_scheme_checks_agree(input: str) -> None:
    """The compiled build's loop and the pure build's regex (relative.starts_with_scheme)."""
    from urlspec import relative

    by_regex = relative._SCHEME.match(input) is not None
    assert relative._scheme_by_code_points(input) is by_regex
    assert relative.starts_with_scheme(input) is by_regex


# --- exhaustive: every short reference against every path shape ------------------------------
# The tokens the path and file states tell apart: separators ("/", and "\\", one in special
# URLs), single-dot and double-dot segments in each spelling (https://url.spec.whatwg.org/
# #single-dot-path-segment), the query and fragment delimiters, Windows drive letters in both
# forms (https://url.spec.whatwg.org/#windows-drive-letter; "C:" first is a scheme), and plain
# segments.
EXHAUSTIVE_TOKENS = ["/", "\\", ".", "..", "%2e", "%2E", "?", "#", "C:", "C|", "a", "b", "c|"]
# Bases with every path shape those states distinguish: a drive letter alone and followed by
# "/", "?" or "#"; drive letters later in the path and not quite drive letters; empty paths;
# opaque paths; hosts and no hosts; special (file and not) and non-special schemes.
EXHAUSTIVE_BASES = [
    *["file:///C:", "file:///C:/", "file:///C:?q", "file:///C:#f", "file:///C:?q#f"],
    *["file:///C:/x", "file:///C:/x/y?q#f", "file:///C:/C:/x", "file:///c:/x"],
    *["file://h/C:", "file://h/C:?q", "file://h/C:/x", "file://h/", "file://h/x/y"],
    *[
        "file:///",
        "file:///tmp/x",
        "file:///tmp/x/",
        "file:///tmp?q",
        "file:///x/C:",
        "file:///C:x",
    ],
    *["file:///CC:/x", "file:///a/C|", "file:///%43:/x"],
    *[
        "http://h",
        "http://h/",
        "http://h/a/b",
        "http://h/a/b/?q#f",
        "http://h/C:/x",
        "http://h/C:?q",
    ],
    *["https://u:p@h:8/a/b", "ws://h/a?q", "http://h/#f", "https://h/a/b/c?q#f", "http://h/a?"],
    *["sc://h", "sc://h/", "sc://h/a/b", "sc://h/a/b?q#f", "sc://h/C:/x", "sc:///x", "sc:/a/b"],
    *["sc:/.//a", "sc:a", "sc:", "sc:a?q#f", "mailto:a@b"],
]


def _short_references(most: int = 4) -> list[str]:
    """Every concatenation of up to ``most`` tokens (4: 30,941 references; with the bases, 1.4M
    pairs)."""
    return [
        "".join(tokens)
        for length in range(most + 1)
        for tokens in itertools.product(EXHAUSTIVE_TOKENS, repeat=length)
    ]


def _parsed_bases() -> list[tuple[URLRecord, str, int]]:
    """Each base of EXHAUSTIVE_BASES: its record, its href and what tier 1 finds in it."""
    parsed = []
    for base in EXHAUSTIVE_BASES:
        base_record = basic_url_parse(base)
        assert base_record is not None, base
        base_href = serialize_url(base_record)
        parsed.append((base_record, base_href, scan_own_href(base_href)))
    return parsed


def test_exhaustive_short_references_against_every_path_shape() -> None:
    """Where resolve_reference answers, it is the state machine's answer (two classes of file:
    references once lost a drive letter: see test_drive_letter_worked_examples); against a base
    that is its own href, resolve_with_spans gives the same answer, with the offsets tier 1
    finds in it, wherever resolve_reference answers, and the state machine's where it answers
    alone."""
    references = _short_references()
    assert len(references) == sum(len(EXHAUSTIVE_TOKENS) ** n for n in range(5))
    taken = 0
    for base_record, base_href, base_spans in _parsed_bases():
        for reference in references:
            if starts_with_scheme(reference):
                continue  # the API URL parser does not ask resolve_reference
            fast = resolve_reference(reference, base_href)
            if base_spans > SPANS_TOO_LONG:
                with_spans = resolved_with_spans(reference, base_href, base_spans, fast)
                if with_spans is not None and fast is None:
                    fast = with_spans  # it answers where resolve_reference does not
            if fast is None:
                continue  # the state machine runs
            record = basic_url_parse(reference, base_record)
            assert record is not None and fast == serialize_url(record), (reference, base_href)
            taken += 1
    assert taken > 10000


@pytest.mark.parametrize(
    ("reference", "base", "href"),
    [
        # Worked by hand from url.bs. A file: base whose path is only a drive letter, with a
        # query: the file state clones the base's path ["C:"] and, for a reference not starting
        # with a drive letter, shortens it, which keeps a lone normalized drive letter
        # (#shorten-a-urls-path); the path state then appends "b".
        ("b", "file:///C:?q", "file:///C:/b"),
        ("b", "file://h/C:?q", "file://h/C:/b"),
        ("b", "file:///C:#f", "file:///C:/b"),
        # The file slash state appends the base's path[0] when it is a normalized drive letter
        # and the reference does not start with one (#file-slash-state); "/" leaves an empty
        # buffer, which the path state appends at EOF.
        ("/", "file:///C:?", "file:///C:/"),
        # A reference starting with a drive letter: the file state sets the path to « »
        # (#file-state); the path state turns "C|" into "C:" as the path is empty, and ".."
        # keeps a lone normalized drive letter, then appends "" at EOF (#path-state).
        ("C|/..", "file:///tmp/x", "file:///C:/"),
        # The file slash state (the reference starts with a drive letter after "/": nothing
        # appended), then the same path state steps.
        ("/C|/..", "file:///tmp/x", "file:///C:/"),
        # ".." empties the path, after which "C|" is the first segment: "C:", kept by "..".
        ("../C|/..", "file:///x", "file:///C:/"),
        # "C|" later in a non-empty path is an ordinary segment, removed by "..".
        ("a/C|/..", "file:///tmp/x", "file:///tmp/a/"),
    ],
)
def test_drive_letter_worked_examples(reference: str, base: str, href: str) -> None:
    assert URL(reference, base).href == href
    assert URL(reference, URL(base)).href == href
    assert state_machine_href(reference, base) == href


def test_dot_segments_by_code_points_agree_with_the_url_record_checks() -> None:
    """relative._dot_segment (code points, no slice) against url_record's definitions of
    single-dot and double-dot path segments, on every string of up to 6 code points from the
    code points they are made of and their neighbours, found inside a longer string."""
    alphabet = ".%2eEa/"
    checked = 0
    for size in range(7):
        for chars in itertools.product(alphabet, repeat=size):
            segment = "".join(chars)
            expected = (
                2
                if is_double_dot_path_segment(segment)
                else 1
                if is_single_dot_path_segment(segment)
                else 0
            )
            padded = "x/" + segment + "?"
            assert relative._dot_segment(padded, 2, 2 + size) == expected, segment
            checked += 1
    assert checked == sum(len(alphabet) ** n for n in range(7))


@pytest.mark.parametrize(
    ("input", "start"),
    [
        ("g", 0),
        ("/g", 0),
        ("http:g", 5),  # the base's scheme: the relative state reads "g"
        ("http:", 5),
        ("http:/g", 5),
        ("http://g", -1),  # an authority: an absolute URL
        ("https:g", -1),  # another scheme
        ("HTTP:g", -1),  # left to the state machine (which lowercases the scheme)
        ("g:h", -1),
    ],
)
def test_where_the_relative_reference_starts(input: str, start: int) -> None:
    base = RFC_3986_BASE
    assert relative.relative_reference_start(input, base, scan_own_href(base)) == start
    assert relative.relative_reference_start(
        input, "file:///a/b", scan_own_href("file:///a/b")
    ) == (0 if start == 0 else -1)


def test_references_after_a_scheme_resolve_with_spans_as_the_state_machine() -> None:
    """resolve_with_spans on inputs that start with a scheme, then a reference of up to 3 tokens,
    gives the state machine's answer with the offsets tier 1 finds, wherever it answers: the
    base's special scheme but file's (the special relative or authority state, then the relative
    state: https://url.spec.whatwg.org/#special-relative-or-authority-state), and absolute URLs
    whose parse reads nothing of the base (relative._base_unread)."""
    references = _short_references(3)
    after_the_base_scheme = absolute = 0
    for base_record, base_href, base_spans in _parsed_bases():
        if base_spans <= SPANS_TOO_LONG:
            continue
        scheme = base_href[: base_href.index(":") + 1]
        for prefix in {scheme, scheme.upper(), "http:", "HTTP:", "file:", "sc:", "ws:", "C:"}:
            for reference in references:
                input = prefix + reference
                href, spans = resolve_with_spans(input, base_href, base_spans)
                if spans == NOT_OWN_HREF:
                    continue
                record = basic_url_parse(input, base_record)
                assert record is not None and href == serialize_url(record), (input, base_href)
                assert spans == max(scan_own_href(href), SPANS_TOO_LONG), (input, base_href)
                if relative.relative_reference_start(input, base_href, base_spans) > 0:
                    after_the_base_scheme += 1
                else:
                    absolute += 1
    assert after_the_base_scheme > 5000
    assert absolute > 20000


ABSOLUTE_PREFIXES = ["http:", "HTTP:", "hTtPs:", "https:", "ws:", "wss:", "ftp:", "file:", "FILE:"]
ABSOLUTE_PREFIXES += ["sc:", "SC:", "C:", "mailto:", "http+x:", "https-:", "h.t:"]


def test_absolute_urls_read_nothing_of_the_base_where_the_fast_path_says_so() -> None:
    """relative._base_unread, against the state machine: wherever it says the parser reads
    nothing of the base, the state machine's answer with the base (href, or failure) is its
    answer without one. Every scheme prefix (the base's, in other cases, other special and
    non-special schemes) followed by every reference of up to 3 tokens, against every base of
    the exhaustive test; and it says so for most of them."""
    references = _short_references(3)
    unread = read = 0
    for base_record, base_href, _base_spans in _parsed_bases():
        protocol_end = base_href.index(":") + 1
        kind = scheme_kind(base_href, protocol_end - 1)
        for prefix in ABSOLUTE_PREFIXES:
            for reference in references:
                input = prefix + reference
                if not relative._base_unread(input, base_href, protocol_end, kind):
                    read += 1
                    continue
                with_base = basic_url_parse(input, base_record)
                without = basic_url_parse(input)
                assert (None if with_base is None else serialize_url(with_base)) == (
                    None if without is None else serialize_url(without)
                ), (input, base_href)
                unread += 1
    assert unread > 10 * read


def test_the_drive_letter_check_in_code_points_agrees_with_the_one_on_strings() -> None:
    """relative._no_drive_letter_quirk_at (the compiled build's) against
    relative._no_drive_letter_quirk, for every file: base of the exhaustive test (with a
    fragment too) and every reference of up to 3 tokens."""
    references = _short_references(3)
    file_bases = [base for base in EXHAUSTIVE_BASES if base.startswith("file:")]
    for base in [*file_bases, *(base + "#f" for base in file_bases)]:
        base_end = base.find("#") if "#" in base else len(base)
        path_start = base.find("/", len("file://"))
        for reference in references:
            expected = relative._no_drive_letter_quirk(reference, base[:base_end], path_start)
            assert relative._no_drive_letter_quirk_at(reference, base, path_start, base_end) is (
                expected
            ), (reference, base)


@pytest.mark.parametrize(
    "reference",
    [
        # Kept segments split by dot segments, rebuilt as text (within relative._LONGEST_REBUILT)
        # and, longer, resolved on strings; double-dot segments that empty the rebuilt text and
        # then the base's path.
        "a/./" * 200 + "b",
        "a/./" * 400 + "b",
        "a/./b/../" * 150 + "c",
        "a/./b/../" * 150 + "../" * 160 + "c",
        "x/" * 600 + "./" + "../" * 601 + "y",
        "a/./b/.",
    ],
)
def test_long_references_with_dot_segments_between_kept_segments(reference: str) -> None:
    assert check(reference, "https://h/p/q/r?s")
