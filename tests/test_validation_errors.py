"""Validation errors: each one the spec names, met on the spec's own examples.

The examples are those of the validation-error table of the URL Standard
(https://url.spec.whatwg.org/#validation-error-table); the "Failure" column says whether the
parser then returns failure. Positions are asserted where the example makes them plain (they are
indices into the input as given). Host-level errors are only required to lie within the host.
"""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

from urlspec import InvalidURL, ValidationError
from urlspec.url import URL, validate
from urlspec.validation import ERROR_DESCRIPTIONS


class Example(NamedTuple):
    name: str
    input: str
    base: str | None = None
    failure: bool = False
    position: int | None = None  # where the spec's example makes it plain
    host_start: int | None = None  # a host error lies at or after this index


def host_example(name: str, input: str, failure: bool) -> Example:
    """An example whose error is in the host, which starts after "https://" or "foo://"."""
    return Example(name, input, failure=failure, host_start=input.index("//") + 2)


EXAMPLES = [
    # IDNA
    host_example("domain-to-ASCII", "https://exa%23mple.org", failure=True),
    # Host parsing
    host_example("domain-percent-encoded", "https://exam%70le.org", failure=False),
    host_example("host-invalid-code-point", "foo://exa[mple.org", failure=True),
    host_example("IPv4-empty-part", "https://127.0.0.1./", failure=False),
    host_example("IPv4-too-few-parts", "https://1.2.3/", failure=False),
    host_example("IPv4-too-many-parts", "https://1.2.3.4.5/", failure=True),
    host_example("IPv4-non-numeric-part", "https://test.42", failure=True),
    host_example("IPv4-non-decimal-part", "https://127.0.0x0.1", failure=False),
    host_example("IPv4-out-of-range-part", "https://255.255.4000.1", failure=True),
    host_example("IPv6-unclosed", "https://[::1", failure=True),
    host_example("IPv6-invalid-compression", "https://[:1]", failure=True),
    host_example("IPv6-too-many-pieces", "https://[1:2:3:4:5:6:7:8:9]", failure=True),
    host_example("IPv6-multiple-compression", "https://[1::1::1]", failure=True),
    host_example("IPv6-invalid-code-point", "https://[1:2:3!:4]", failure=True),
    host_example("IPv6-invalid-code-point", "https://[1:2:3:]", failure=True),
    host_example("IPv6-too-few-pieces", "https://[1:2:3]", failure=True),
    host_example("IPv6-piece-leading-zero", "https://[::01]", failure=False),
    host_example("IPv4-in-IPv6-too-many-pieces", "https://[1:1:1:1:1:1:1:127.0.0.1]", failure=True),
    host_example("IPv4-in-IPv6-invalid-code-point", "https://[ffff::.0.0.1]", failure=True),
    host_example("IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0.xyz.1]", failure=True),
    host_example("IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0xyz]", failure=True),
    host_example("IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.00.0.1]", failure=True),
    host_example("IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0.0.1.2]", failure=True),
    host_example("IPv4-in-IPv6-out-of-range-part", "https://[ffff::127.0.0.4000]", failure=True),
    host_example("IPv4-in-IPv6-too-few-parts", "https://[ffff::127.0.0]", failure=True),
    # URL parsing
    Example("invalid-URL-unit", "https://example.org/>", position=20),
    Example("invalid-URL-unit", " https://example.org ", position=0),
    Example("invalid-URL-unit", "ht\ntps://example.org", position=2),
    Example("invalid-URL-unit", "https://example.org/%s", position=20),
    Example("special-scheme-missing-following-solidus", "file:c:/my-secret-folder"),
    Example("special-scheme-missing-following-solidus", "https:example.org"),
    Example("special-scheme-missing-following-solidus", "https:foo.html", "https://example.org/"),
    Example("missing-scheme-non-relative-URL", "💩", failure=True, position=0),
    Example(
        "missing-scheme-non-relative-URL",
        "💩",
        "mailto:user@example.org",
        failure=True,
        position=0,
    ),
    Example("invalid-reverse-solidus", "https://example.org\\path\\to\\file", position=19),
    Example("invalid-credentials", "https://user@example.org", position=12),
    Example("invalid-credentials", "ssh://user@example.org", position=10),
    Example("host-missing", "https://#fragment", failure=True),
    Example("host-missing", "https://:443", failure=True),
    Example("host-missing", "https://user:pass@", failure=True),
    Example("port-out-of-range", "https://example.org:70000", failure=True),
    Example("port-invalid", "https://example.org:7z", failure=True, position=21),
    # The spec's example, "/c:/path/to/file" against "file:///c:/", goes through the file slash
    # state, which reports nothing; the file state's drive-letter step (the only one that reports
    # this error) needs an input without a leading slash and without a scheme:
    Example("file-invalid-Windows-drive-letter", "c|/path/to/file", "file:///c:/", position=0),
    Example("file-invalid-Windows-drive-letter-host", "file://c:", position=7),
]


def example_id(example: Example) -> str:
    return f"{example.name}-{example.input!r}"


def test_every_error_name_has_an_example() -> None:
    names = {example.name for example in EXAMPLES}
    assert names == set(ERROR_DESCRIPTIONS)


@pytest.mark.parametrize("example", EXAMPLES, ids=example_id)
def test_example_reports_its_error(example: Example) -> None:
    errors = validate(example.input, example.base)
    named = [error for error in errors if error.name == example.name]
    assert named, errors
    if example.position is not None:
        assert ValidationError(example.name, example.position) in named
    if example.host_start is not None:
        assert all(example.host_start <= error.position < len(example.input) for error in named)


@pytest.mark.parametrize("example", EXAMPLES, ids=example_id)
def test_example_fails_exactly_when_the_table_says(example: Example) -> None:
    assert URL.can_parse(example.input, example.base) is not example.failure
    if not example.failure:
        URL(example.input, example.base)
        return
    errors = validate(example.input, example.base)
    assert errors[-1].name == example.name
    with pytest.raises(InvalidURL) as raised:
        URL(example.input, example.base)
    assert raised.value.errors == errors
    assert example.name in str(raised.value)


def test_errors_of_ordinary_urls() -> None:
    assert validate("https://user@example.org/path?q#f") == [
        ValidationError("invalid-credentials", 12)
    ]
    assert validate("https://example.org/a/b?c=d#e") == []
    assert validate("mailto:someone@example.org") == []


def test_positions_are_in_the_input_as_given() -> None:
    # Leading and trailing C0 controls and spaces, and tabs and newlines anywhere, are removed
    # before the state machine runs; the positions still index the original string.
    input = "\x01 https://ex\tample.org/a\n<b "
    errors = validate(input)
    assert errors == [
        ValidationError("invalid-URL-unit", 0),  # the leading C0 control or space
        ValidationError("invalid-URL-unit", input.index("\t")),  # the first tab or newline
        ValidationError("invalid-URL-unit", input.index("<")),
    ]
    assert URL(input).href == "https://example.org/a%3Cb"


def test_only_trailing_c0_controls_or_spaces() -> None:
    assert validate("https://example.org/ \x00") == [ValidationError("invalid-URL-unit", 20)]


def test_each_invalid_unit_is_reported() -> None:
    input = "https://example.org/a b?c d#e f%zz"
    assert validate(input) == [
        ValidationError("invalid-URL-unit", 21),
        ValidationError("invalid-URL-unit", 25),
        ValidationError("invalid-URL-unit", 29),
        ValidationError("invalid-URL-unit", 31),
    ]


def test_percent_before_hex_digits_across_a_removed_newline() -> None:
    # The newline is removed first: "%4\n1" is "%41", a valid percent-encoded byte.
    assert validate("https://example.org/%4\n1") == [ValidationError("invalid-URL-unit", 22)]


def test_each_at_sign_is_invalid_credentials() -> None:
    input = "https://a@b@c@example.org/"
    errors = validate(input)
    assert errors == [ValidationError("invalid-credentials", i) for i in (9, 11, 13)]
    assert URL(input).username == "a%40b%40c"


def test_opaque_path_space_before_query() -> None:
    assert validate("sc:a b ?q") == [
        ValidationError("invalid-URL-unit", 4),
        ValidationError("invalid-URL-unit", 6),
    ]


def test_no_errors_collected_unless_asked() -> None:
    # URL() and URL.parse() do no error work; the exception's errors come from validate's parse.
    with pytest.raises(InvalidURL) as raised:
        URL("https://example.org:7z")
    assert raised.value.errors[-1] == ValidationError("port-invalid", 21)


def test_invalid_base_is_reported_with_its_errors() -> None:
    with pytest.raises(InvalidURL) as raised:
        URL("/path", "not a url")
    assert raised.value.input == "not a url"
    assert raised.value.errors[-1].name == "missing-scheme-non-relative-URL"
    assert validate("/path", "not a url")[-1].name == "missing-scheme-non-relative-URL"


def test_invalid_url_is_made_as_any_exception_is() -> None:
    # ValueError("message") is the reference: the message alone, nothing else needed.
    reference = ValueError("no scheme here")
    error = InvalidURL("no scheme here")
    assert str(error) == str(reference) and error.args == reference.args
    assert (error.input, error.errors, error.base, error.reason) == (
        "no scheme here",
        [],
        None,
        "no scheme here",
    )
    assert str(InvalidURL()) == str(ValueError(""))
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.reason) == (InvalidURL, "no scheme here", "no scheme here")
    # the parser's constructor still names the input and the fatal validation error
    rich = InvalidURL("x", [ValidationError("missing-scheme-non-relative-URL", 0)])
    assert str(rich).startswith("invalid URL 'x': missing-scheme-non-relative-URL")
    assert pickle.loads(pickle.dumps(rich)).errors == rich.errors
