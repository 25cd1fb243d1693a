"""The fast path (urlspec.fast_path) agrees exactly with the basic URL parser's state machine.

Whenever the fast path accepts an input, the state machine, run on the same input, must

* meet exactly the validation errors the fast path lists (names and positions): none for its
  first two tiers, and for the third (``_`` or ``"`` in a host, ``\\`` in a special URL's path,
  invalid URL units in its query or fragment) the errors it computes,
* return a URL whose serialization is the fast path's href,
* return a record equal, field for field, to the one the fast path builds from that href,

and the getters' values the fast path reads off the href must be what the URL Standard's getter
steps give for that record. This is checked over every line of the four real-world corpora and
over generated URLs assembled from pieces that sit on the fast path's edges (scheme case,
hosts that end in numbers or hold ``xn--`` labels, default and out-of-range ports, dot segments
in all their percent-encoded forms, bad percent-escapes, quotes in queries, file hosts, ...).
The state machine itself is checked against the WPT data in test_parser_wpt.py.

These checks (check_fast_path) hold for the fast path as a whole, whichever tier answers; the
tests of one tier's own cases are in the files named after its module (test_own_href_pattern.py,
test_tolerated_href.py, test_rewritten_href.py, test_fast_href_getters.py), and use them too.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shared_data import CORPORA, iter_corpus

from bench import messy
from urlspec import InvalidURL, fast_path
from urlspec.fast_href_getters import (
    getter_values_from_fast_href,
    origin_from_fast_getter_values,
    record_from_fast_href,
)
from urlspec.fast_path import fast_href, goes_to_the_state_machine
from urlspec.infra import to_scalar_value_string
from urlspec.normalized_href import match_normalized
from urlspec.origin import origin_of
from urlspec.own_href_pattern import is_own_href, match_own_href
from urlspec.parser import basic_url_parse
from urlspec.tolerated_href import fast_href_and_errors
from urlspec.url import URL
from urlspec.url_record import (
    URLRecord,
    serialize_path,
    serialize_url,
)
from urlspec.validation import ValidationError


def expected_getter_values(record: URLRecord) -> tuple[str | None, ...]:
    """The getters of §6.1 (https://url.spec.whatwg.org/#urlutils-members), step by step."""
    host = "" if record.host is None else record.host
    port = "" if record.port is None else str(record.port)
    return (
        record.scheme + ":",  # protocol
        record.username,
        record.password,
        host if record.port is None else f"{host}:{port}",  # host
        host,  # hostname
        port,
        serialize_path(record),  # pathname
        "" if not record.query else "?" + record.query,  # search
        "" if not record.fragment else "#" + record.fragment,  # hash
    )


def check_fast_path(input: str) -> bool:
    """Whether the fast path accepts ``input``; when it does, that it agrees with the parser."""
    href = fast_href(input)
    fast = fast_href_and_errors(input)
    if match_normalized(input) is not None:
        assert fast == (input, []), "an error-free input that is its own href"
    if match_own_href(input) is not None:
        assert href == input, "an input that is its own href"
    if fast is not None:
        assert fast[0] == href
    errors: list[ValidationError] = []
    record = basic_url_parse(to_scalar_value_string(input), errors=errors)
    if fast is not None:
        assert errors == fast[1], f"the fast path's errors for {input!r}"
    assert URL.can_parse(input) is (record is not None)
    parsed = URL.parse(input)
    assert (parsed is None) is (record is None)
    if parsed is not None:
        assert parsed.href == URL(input).href
    if href is None:
        assert fast is None
        return False
    assert record is not None, f"the fast path accepted {input!r}, on which the parser fails"
    assert serialize_url(record) == href
    assert record_from_fast_href(href) == record
    values = getter_values_from_fast_href(href)
    assert values == expected_getter_values(record)
    origin = origin_from_fast_getter_values(values)
    if origin is not None:
        assert origin == origin_of(record).serialize()
    return True


# --- every line of the corpora ------------------------------------------------------------------

# The share of each corpus the fast path must keep accepting (all of them are above 99% today;
# what it does not accept has validation errors, or a non-special authority, or an IDNA host).
MINIMUM_HIT_RATE = 0.99


@pytest.mark.parametrize("corpus", CORPORA)
def test_fast_path_agrees_with_the_parser_on_the_corpus(corpus: str) -> None:
    total = accepted = 0
    for line in iter_corpus(corpus):
        total += 1
        accepted += check_fast_path(line)
    assert total > 0
    assert accepted / total >= MINIMUM_HIT_RATE, f"{accepted}/{total} accepted"


# --- generated URLs on the fast path's edges ----------------------------------------------------


def mostly(clean: list[str], edgy: list[str]) -> st.SearchStrategy[str]:
    """One of ``clean`` seven times in eight, else one of ``edgy``: most generated URLs then stay
    on the fast path with one or two parts on its edges (shrinking goes toward ``clean``)."""
    return st.integers(0, 7).flatmap(lambda n: st.sampled_from(edgy if n == 0 else clean))


SPECIAL_SCHEMES = mostly(
    ["http", "https", "ws", "wss", "ftp", "file"],
    ["HTTP", "Https", "WSS", "FILE", "fIle", "sc", "Sc", "h2", "1a", "", "httpſ", "fıle"],
)
NON_SPECIAL_SCHEMES = mostly(
    ["node", "sc", "blob", "a+b.c-d", "mailto", "javascript", "xn--"],
    ["NODE", "Sc", "http", "HTTPS", "file", "1a", "a_b", "", "ſc", "\u212ac"],
)
SEPARATORS = mostly(["://"], [":", ":/", ":///", "//", ":\\\\", ":/\\", ":\t//"])
OPAQUE_SEPARATORS = mostly([":"], [":/", "://", ":\\", "", ": "])
LABELS = mostly(
    ["www", "example", "a", "z9", "com", "de", "a-b", "a1-b2-c3", "0a", "9z", "a" * 63],
    [
        "EXAMPLE",
        "Ex",
        "xn--a",
        "xn--nxasmq6b",
        "XN--A",
        "0x1f",
        "0X",
        "0x",
        "123",
        "0",
        "09",
        "-a",
        "a-",
        "a--b",
        "ab--c",
        "a---b",  # "--" in the third and fourth positions after a "-" in the second
        "ab---c",
        "_x",
        "a_b",
        "_",
        '"x',
        'a"',
        "0x_",
        "1_",
        "a{b}",
        "!$&'()*+,;=",
        "`~",
        "localhost",
        "LOCALHOST",
        "é",
        "ß",
        "%41",
        "%2e",
        "b" * 64,
        "",
        "C:",
        "c|",
        "a b",
        "a@b",
        "a:b",
        "\u212a",  # KELVIN SIGN, "k" to Unicode case-insensitive matching
        "\u017f",  # LATIN SMALL LETTER LONG S, "s" likewise
        "\u0131",  # LATIN SMALL LETTER DOTLESS I
        "\u0130",  # LATIN CAPITAL LETTER I WITH DOT ABOVE
    ],
)
IPV4_NUMBERS = mostly(
    ["0", "1", "9", "10", "99", "127", "199", "200", "249", "250", "255"],
    ["256", "01", "0x7f", "00", "1000", "4294967295", ""],
)
LAST_LABELS = mostly(
    ["com", "de", "a", "example", "z-9", "x0"],
    [
        *["0a", "9z", "1", "0x", "a-", "", "_", "-", "-1", "_9", "0xg", "0x9", "x--", "~", "'1"],
        *["%", "0-x", "1-800-flowers", "9b-b"],
    ],
)
HOSTS = st.one_of(
    st.builds(lambda ls, last: ".".join([*ls, last]), st.lists(LABELS, max_size=4), LAST_LABELS),
    st.builds(lambda ls, last: ".".join([*ls, last]), st.lists(LABELS, max_size=4), LAST_LABELS),
    st.lists(IPV4_NUMBERS, min_size=3, max_size=5).map(".".join),
    st.sampled_from(
        ["", "[::1]", "user@host", "u:p@h", "h.", "a..b", "...", "a" * 250, ".", ".a", ".0x1"]
    ),
    st.builds(
        lambda ls, last: "." + ".".join([*ls, last]), st.lists(LABELS, max_size=3), LAST_LABELS
    ),
)
PORTS = mostly(
    ["", "", "", ":0", ":1", ":21", ":80", ":443", ":8080", ":65535"],
    [":", ":65536", ":080", ":00443", ":99999", ":123456", ":0x10", ":-1", ": 1"],
)
SEGMENTS = mostly(
    [
        "a",
        "A",
        "index.html",
        "",
        "...",
        "a.",
        ".well-known",
        "%41",
        "%2f",
        "~x",
        "@",
        ":",
        ";",
        "=",
        "&",
        "$",
        "!",
        "*",
        "(",
        ")",
        "C:",
        "'",
        ",",
        "+",
        "-",
        "_",
        "%2e%41",
        "%E2%82%AC",
    ],
    [
        ".",
        "..",
        "%2e",
        "%2E",
        ".%2e",
        "%2e.",
        "%2E%2e",
        "%",
        "%z",
        "%zz",
        "a b",
        "é",
        '"',
        "c|",
        "C|",
        "\\",
        "^",
        "`",
        "{",
        "}",
        "<",
        ">",
        "|",
        "[",
        "]",
        "\t",
        "\x00",
        "\x7f",
        "\ufffd",
        "\U0001f4a9",
        "?",
        "#",
    ],
)
PATHS = st.lists(SEGMENTS, max_size=5).map(lambda segments: "".join("/" + s for s in segments))
OPAQUE_PATHS = st.lists(SEGMENTS, max_size=4).map("/".join)
PIECES = mostly(
    ["a=b", "x", "A", "%27", "%2e", "?", "/", "~", "@", ":", "&", ";", "=", "'", "", "%41"],
    ["%", "%z", "%zz", "#", "a b", "é", "`", '"', "<", ">", "{", "}", "|", "^", "\\", "\x00"],
)
QUERIES = st.one_of(st.just(""), st.lists(PIECES, max_size=4).map(lambda p: "?" + "".join(p)))
FRAGMENTS = st.one_of(st.just(""), st.lists(PIECES, max_size=4).map(lambda p: "#" + "".join(p)))
AROUND = mostly([""], [" ", "\t", "\n", "\x00", "\x1f"])


@st.composite
def authority_urls(draw: st.DrawFn) -> str:
    """A string shaped like a special URL with a host, parts of it on the fast path's edges."""
    parts = [AROUND, SPECIAL_SCHEMES, SEPARATORS, HOSTS, PORTS, PATHS, QUERIES, FRAGMENTS, AROUND]
    return "".join(draw(part) for part in parts)


@st.composite
def opaque_path_urls(draw: st.DrawFn) -> str:
    """A string shaped like a URL with an opaque path, parts of it on the fast path's edges."""
    parts = [AROUND, NON_SPECIAL_SCHEMES, OPAQUE_SEPARATORS, OPAQUE_PATHS, QUERIES, FRAGMENTS]
    return "".join(draw(part) for part in parts)


def urlish() -> st.SearchStrategy[str]:
    return st.one_of(authority_urls(), authority_urls(), opaque_path_urls())


@settings(max_examples=1500, deadline=None)
@given(input=urlish())
@example(input="https://www.sec.gov/edgar.shtml")
@example(input="HTTP://Example.COM:80")
@example(input="http://a.b.0x/")
@example(input="http://example.com/%2e%2E/")
@example(input="file://localhost")
@example(input="ws://1.2.3.256/")
@example(input="HTTP://z-9:080")  # a domain that ends in a digit
def test_fast_path_agrees_with_the_parser_on_generated_urls(input: str) -> None:
    check_fast_path(input)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="hts:/.%2eE0x9-_aA?#'\\ @[]", max_size=30))
def test_fast_path_agrees_with_the_parser_on_urlish_text(input: str) -> None:
    check_fast_path(input)


# --- what the fast path accepts, and what it leaves to the state machine -------------------------

# Inputs and the href the URL Standard gives them (as in WPT's urltestdata.json).
ACCEPTED = [
    ("https://www.sec.gov/edgar.shtml", "https://www.sec.gov/edgar.shtml"),
    # Leading and trailing C0 controls and spaces, which the parser strips first.
    ("http://a/?b ", "http://a/?b"),
    (" http://a/", "http://a/"),
    ("\x00\x1f HTTP://A\\b \x0b", "http://a/b"),
    ("HTTP://WWW.Example.COM", "http://www.example.com/"),
    ("http://example.com:80/a", "http://example.com/a"),
    ("https://example.com:443?x", "https://example.com/?x"),
    ("wss://example.com:443/", "wss://example.com/"),
    ("ftp://example.com:21/", "ftp://example.com/"),
    ("http://example.com:0/", "http://example.com:0/"),
    ("http://example.com:080/", "http://example.com/"),
    ("http://example.com/?a'b#c'd", "http://example.com/?a%27b#c'd"),
    ("http://192.168.0.1/x", "http://192.168.0.1/x"),
    ("file://localhost/etc/hosts", "file:///etc/hosts"),
    ("file://node.gypi", "file://node.gypi/"),
    ("file:///C:/Windows/", "file:///C:/Windows/"),
    ("file://", "file:///"),
    ("node:url", "node:url"),
    ("NODE:url?a'b", "node:url?a'b"),
    ("mailto:someone@example.com", "mailto:someone@example.com"),
    ("sc://host/path", "sc://host/path"),
    # A last label that starts with a digit, which tier 1's own-href pattern leaves to the
    # error-free patterns (a regression: tier 2 once appended "/" to such an input).
    ("http://1-800-flowers/x", "http://1-800-flowers/x"),
    ("http://0-x/a?q", "http://0-x/a?q"),
    ("wss://1.9b-b/a#v", "wss://1.9b-b/a#v"),
    (
        "https://a.example/.well-known/..x/.../%2e%2e%2e",
        "https://a.example/.well-known/..x/.../%2e%2e%2e",
    ),
    ("sc://Host.1", "sc://Host.1"),  # an opaque host: neither lowercased nor an IPv4 address
    ("tapmock://a1.b2/?url=%40tapjs%2Fcore", "tapmock://a1.b2/?url=%40tapjs%2Fcore"),
]

# Inputs the fast path leaves to the state machine: each has a validation error, needs real
# work (IPv4 numbers, IDNA, dot segments), or is outside what the patterns cover.
DECLINED = [
    "http://1.2.3/",  # an IPv4 address of three parts: 1.2.0.3
    "http://0x7f.1/",  # ends in a number
    "http://a_b.0x1/x",  # "_", but the host ends in a number
    "http://a_b:x/",
    "http://.0x1/",  # the last label is a number
    "http://a\\b c",  # a space in the path
    "http://a/?é ",  # a code point to UTF-8 percent-encode
    "sc://a/?b c",  # not special
    "sc://a_b/c\\d",  # not special: "\\" is no "/" and "_" makes an opaque host
    "http://a/b c",
    "http://h:65536/",
    "http:example.com",  # (with a base of the same scheme, a relative reference)
    "http:/example.com/",
    "http:\\\\0x7f.1/",  # ends in a number, after backslashes for "//"
    "http://user@example.com/",
    "file://host:80/",
    # Not ASCII letters, though Unicode case-insensitive matching would take them for "s", "k",
    # "i": the fast path's patterns are ASCII-only.
    "httpſ://example.com/",
]


@pytest.mark.parametrize(
    ("input", "base", "href"),
    [
        # WPT's urltestdata.json: with a base of the same special scheme, fewer than two slashes
        # after the scheme make a relative reference (the relative state), two or more do not.
        ("http:\\\\foo.com\\", "http://example.org/foo/bar", "http://foo.com/"),
        ("http:/example.com/", "http://example.org/foo/bar", "http://example.org/example.com/"),
        ("http:example.com/", "http://example.org/foo/bar", "http://example.org/foo/example.com/"),
    ],
)
def test_slashes_after_the_scheme_with_a_base(input: str, base: str, href: str) -> None:
    assert URL(input, base).href == href
    assert URL(input, URL(base)).href == href
    assert URL.parse(input, base) == URL(href)


@pytest.mark.parametrize(("input", "href"), ACCEPTED)
def test_accepted(input: str, href: str) -> None:
    assert fast_href(input) == href
    assert URL(input).href == href
    assert check_fast_path(input)


@pytest.mark.parametrize("input", DECLINED)
def test_declined(input: str) -> None:
    assert fast_href(input) is None
    check_fast_path(input)


# --- the URL class on the fast path -------------------------------------------------------------


def test_an_absolute_input_with_a_base() -> None:
    # A special scheme followed by "//", or an opaque path: the base does not matter...
    assert URL("http://a.example/b", "https://c.example/d").href == "http://a.example/b"
    assert URL("node:url", "file:///x").href == "node:url"
    # ...but must itself parse.
    with pytest.raises(InvalidURL):
        URL("http://a.example/b", "not a URL")
    # The same special scheme without "//" is relative to the base (the state machine's job).
    assert URL("http:foo.com", "http://example.org/foo/bar").href == (
        "http://example.org/foo/foo.com"
    )


def test_validate_still_reports_what_the_state_machine_meets() -> None:
    from urlspec.url import validate

    assert validate("https://example.com/") == []
    assert validate("https://a_b.example.com/") == [ValidationError("domain-to-ASCII", 8)]
    assert validate("http://a\\b") == [ValidationError("invalid-reverse-solidus", 8)]
    # CheckHyphens: "--" in a label's third and fourth positions (a regression: the error-free
    # pattern once missed it when the second position was a "-" too).
    assert validate("http://a---b/") == [ValidationError("domain-to-ASCII", 7)]
    assert validate("http://a--b/") == []


def test_a_str_subclass_gets_a_plain_str_href() -> None:
    class Text(str):
        pass

    assert type(URL(Text("https://example.com/")).href) is str


# --- the first look of tiers 2 and 3: what goes to the state machine anyway -------------------


def check_declined_when_sent_on(input: str) -> bool:
    """When goes_to_the_state_machine sends ``input`` to the state machine, no tier takes it
    (tier 1, and tiers 2 and 3 without that first look): it skips only tiers that decline."""
    if not goes_to_the_state_machine(input):
        return False
    assert not is_own_href(input), input
    assert fast_path._tiers_2_and_3(input) is None, input
    return True


@pytest.mark.parametrize("corpus", CORPORA)
def test_what_goes_to_the_state_machine_is_declined_on_the_corpus(corpus: str) -> None:
    """Every line, and every line with one of bench/messy.py's mutations (the one the benchmark
    gives it, and one of the others in turn: a third of the lines, to stay fast)."""
    sent_on = 0
    for index, line in enumerate(iter_corpus(corpus)):
        check_declined_when_sent_on(line)
        for mutation in (index, index + 1 + index % 5) if index % 3 == 0 else (index,):
            mutated = messy.MUTATORS[mutation % len(messy.MUTATORS)](line, index)
            if mutated is not None:
                sent_on += check_declined_when_sent_on(mutated)
    assert sent_on > 0


# Pieces that sit on the first look's edges: dot segments in every spelling, hexadecimal hosts,
# delimiters, "\\", credentials, a tab, a code point beyond ASCII.
_LOOK_PREFIXES = ("http:", "HTTP://", "file:", "file://", "sc:", "sc://", "ws://a.")
_LOOK_PIECES = ("/", ".", "%2e", "%2E", "0x", "0X1f", "a", "\\", "?", "#", ":", "@", "é", "\t")


def test_what_goes_to_the_state_machine_is_declined_on_every_short_input() -> None:
    """Every prefix with up to three pieces after it, and up to four of the pieces without "é"
    and the tab (the two the first look tests alone)."""
    sent_on = 0
    pieces = _LOOK_PIECES[:-2]
    for prefix in _LOOK_PREFIXES:
        for count in range(5):
            alphabet = _LOOK_PIECES if count <= 3 else pieces
            for combination in itertools.product(alphabet, repeat=count):
                sent_on += check_declined_when_sent_on(prefix + "".join(combination))
    assert sent_on > 0


@settings(max_examples=400, deadline=None)
@given(input=urlish())
@example(input="sc://./x")  # an opaque host "." then a path: tier 1 takes it
@example(input="mailto:a/../b")  # an opaque path: tier 1 takes it
@example(input="http://0x1f.com/")  # the last label is no number
def test_what_goes_to_the_state_machine_is_declined_on_generated_urls(input: str) -> None:
    check_declined_when_sent_on(input)


@pytest.mark.parametrize(
    "input",
    [
        "https://www.exa\tmple.com/a",  # a tab
        "https://www.example.com/s3/%2e%2e/a/b?q#f",  # a double-dot segment
        "https://example.com/a/%2E/",  # a single-dot segment
        "sc://h/./x",
        "file:///a/..",
        "https://bücher.example.com/",  # beyond ASCII
        "https://0x7f000001/a",  # a hexadecimal IPv4 address
        "HTTP://a.0X.:80/",
    ],
)
def test_messy_inputs_go_to_the_state_machine_at_once(input: str) -> None:
    assert goes_to_the_state_machine(input)
    check_fast_path(input)


@pytest.mark.parametrize(
    "input",
    [
        "https://example.com/a/..b/",  # no dot segment
        "https://example.com/?/../",  # in the query
        "mailto:a/../b",  # an opaque path
        "sc://./x",  # an opaque host
        "http://0x1f.com/",  # a domain
        "http://a.0xg/",
    ],
)
def test_the_first_look_leaves_other_inputs_to_the_tiers(input: str) -> None:
    assert not goes_to_the_state_machine(input)


# --- inputs with ASCII tabs and newlines: the fast path's answer for the input without them ----

_TABS_AND_NEWLINES = ("\t", "\n", "\r", "\r\n", "\t\t")
# Around the input, C0 controls and spaces that the parser strips with the tabs among them.
_ENDS = ("", " ", "\t", "\x01\t ", "\n\x1f", "\x00", "  \x0b\x0c", "\x1f\x20")
#: The C0 controls and space (https://infra.spec.whatwg.org/#c0-control-or-space).
_C0_CONTROLS_AND_SPACE = "".join(map(chr, range(0x21)))


def check_without_tabs_or_newlines(clean: str, input: str) -> None:
    """``input`` is ``clean`` with tabs or newlines put in (and perhaps other C0 controls and
    spaces around it): the fast path agrees with the state machine on it, and takes it whenever
    it takes ``clean`` and only tabs and newlines were put in (their href is the same)."""
    taken = check_fast_path(input)
    only_tabs_and_newlines = input.replace("\t", "").replace("\n", "").replace("\r", "") == clean
    only_around = input.strip(_C0_CONTROLS_AND_SPACE) == clean and clean == clean.strip(
        _C0_CONTROLS_AND_SPACE
    )
    if (only_tabs_and_newlines or only_around) and fast_href(clean) is not None:
        assert taken, input


@pytest.mark.parametrize("corpus", CORPORA)
def test_tabs_and_newlines_on_the_corpus(corpus: str) -> None:
    """Every 7th line with a tab or newline put in at a position that moves along the line (in
    the scheme, the host, the path, the query...), and with C0 controls and spaces around it."""
    for index, line in enumerate(iter_corpus(corpus)):
        if index % 7 != 0 or not line:
            continue
        position = (index // 7) % (len(line) + 1)
        unit = _TABS_AND_NEWLINES[index % len(_TABS_AND_NEWLINES)]
        ends = _ENDS[index % len(_ENDS)]
        check_without_tabs_or_newlines(line, line[:position] + unit + line[position:])
        check_without_tabs_or_newlines(line, ends + line + ends[::-1])


def test_tabs_and_newlines_in_every_position_of_short_urls() -> None:
    """A tab, newline or CR at every position of URLs of every shape the tiers take."""
    urls = (
        "http://a.b/c",
        "HTTPS://EXAMPLE.com:443/a\\b?q r#f g",
        "file://localhost/C:/x",
        "ws://h:8080",
        "mailto:x@y",
        "sc://h/p?q#f",
        "http://a/b/%2e%2e/c",
        "http://0x7f.1/",
    )
    for url in urls:
        for position in range(len(url) + 1):
            for unit in ("\t", "\n", "\r"):
                check_without_tabs_or_newlines(url, url[:position] + unit + url[position:])


# Inputs to put C0 controls and spaces around: empty, of every tier, with tabs and newlines
# inside, beyond ASCII (U+00A0 and U+3000 are white space but no C0 control or space), U+007F.
_TO_SURROUND = (
    "",
    "http://a.b/c",
    "HTTPS://EX\tAMPLE.com\n:443/a\\b?q r#f g",
    "file:///C:/x\r\n",
    "sc:\r\nx",
    "http://bücher.de/ü",
    "\xa0http://a.b/\u3000",
    "\x7f",
)
_AROUND = ("", " ", "   ", "\x00 \t\x1f\r\n", *map(chr, range(0x21)))


def check_c0_controls_and_spaces_around(input: str) -> None:
    """The build's route that removes the C0 controls and spaces around ``input`` removes what
    str.strip with them (https://infra.spec.whatwg.org/#c0-control-or-space) removes, the other
    build's route; and the fast path's answer is the one for the input without them and the
    tabs and newlines inside, in agreement with the state machine."""
    stripped = input.strip(_C0_CONTROLS_AND_SPACE)
    assert fast_path._without_c0_controls_or_spaces_around(input) == stripped
    if stripped != input:
        without_tabs = stripped.replace("\t", "").replace("\n", "").replace("\r", "")
        href = fast_path._href_without_c0_controls_or_spaces_around(input)
        assert href == fast_href(without_tabs), repr(input)
        assert check_fast_path(input) is (href is not None)


def test_c0_controls_and_spaces_around_every_kind_of_input() -> None:
    """Every C0 control and space (and runs of them) at either end or both, of inputs empty,
    of every tier, with tabs and newlines inside, beyond ASCII; and inputs of nothing else."""
    for url in _TO_SURROUND:
        for before, after in itertools.product(_AROUND, repeat=2):
            check_c0_controls_and_spaces_around(before + url + after)
    for length in range(1, 5):
        for ends in itertools.product(" \x00\t\x1f", repeat=length):
            check_c0_controls_and_spaces_around("".join(ends))


@given(st.text(st.sampled_from([*map(chr, range(0x21)), "h", ":", "/", ".", "ü", "\xa0"])))
@settings(max_examples=300)
def test_c0_controls_and_spaces_around_generated_text(input: str) -> None:
    check_c0_controls_and_spaces_around(input)
