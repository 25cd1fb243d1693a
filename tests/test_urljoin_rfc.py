"""urljoin against the resolution examples of RFC 1808 §5 and RFC 3986 §5.4.

The expected values are the RFCs' own. Where CPython resolves differently on purpose, the entry
gives CPython's result and says why (CPython follows RFC 3986 where RFC 1808 disagrees, and keeps
RFC 3986's "backward compatibility" reading of ``http:g``).
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from urlspec.parse import urljoin

RFC1808_BASE = "http://a/b/c/d;p?q#f"
RFC3986_BASE = "http://a/b/c/d;p?q"


class Example(NamedTuple):
    reference: str
    rfc: str  # the RFC's result
    cpython: str | None = None  # CPython's result, when it differs on purpose
    why: str = ""


RFC3986_SAYS = "RFC 3986 §5.2.4 (which obsoletes RFC 1808) removes the dot segments"

# RFC 1808 §5.1 Normal Examples
RFC1808_NORMAL = [
    Example("g:h", "g:h"),
    Example("g", "http://a/b/c/g"),
    Example("./g", "http://a/b/c/g"),
    Example("g/", "http://a/b/c/g/"),
    Example("/g", "http://a/g"),
    Example("//g", "http://g"),
    Example("?y", "http://a/b/c/d;p?y"),
    Example("g?y", "http://a/b/c/g?y"),
    Example("g?y/./x", "http://a/b/c/g?y/./x"),
    Example("#s", "http://a/b/c/d;p?q#s"),
    Example("g#s", "http://a/b/c/g#s"),
    Example("g#s/./x", "http://a/b/c/g#s/./x"),
    Example("g?y#s", "http://a/b/c/g?y#s"),
    Example(
        ";x",
        "http://a/b/c/d;x",
        "http://a/b/c/;x",
        "RFC 3986 §5.4.1: parameters are part of the last segment, which is replaced",
    ),
    Example("g;x", "http://a/b/c/g;x"),
    Example("g;x?y#s", "http://a/b/c/g;x?y#s"),
    Example(".", "http://a/b/c/"),
    Example("./", "http://a/b/c/"),
    Example("..", "http://a/b/"),
    Example("../", "http://a/b/"),
    Example("../g", "http://a/b/g"),
    Example("../..", "http://a/"),
    Example("../../", "http://a/"),
    Example("../../g", "http://a/g"),
]

# RFC 1808 §5.2 Abnormal Examples
RFC1808_ABNORMAL = [
    Example("", "http://a/b/c/d;p?q#f"),
    Example("../../../g", "http://a/../g", "http://a/g", RFC3986_SAYS),
    Example("../../../../g", "http://a/../../g", "http://a/g", RFC3986_SAYS),
    Example("/./g", "http://a/./g", "http://a/g", RFC3986_SAYS),
    Example("/../g", "http://a/../g", "http://a/g", RFC3986_SAYS),
    Example("g.", "http://a/b/c/g."),
    Example(".g", "http://a/b/c/.g"),
    Example("g..", "http://a/b/c/g.."),
    Example("..g", "http://a/b/c/..g"),
    Example("./../g", "http://a/b/g"),
    Example("./g/.", "http://a/b/c/g/"),
    Example("g/./h", "http://a/b/c/g/h"),
    Example("g/../h", "http://a/b/c/h"),
    Example(
        "http:g",
        "http:g",
        "http://a/b/c/g",
        "RFC 3986 §5.4.2 allows this 'backward compatibility' reading, which CPython uses",
    ),
    Example(
        "http:",
        "http:",
        "http://a/b/c/d;p?q#f",
        "backward compatibility as for http:g; the base's fragment is kept since CPython 3.14 "
        "(gh-123273: a reference without path, query and fragment takes all three)",
    ),
]

# RFC 3986 §5.4.1 Normal Examples
RFC3986_NORMAL = [
    Example("g:h", "g:h"),
    Example("g", "http://a/b/c/g"),
    Example("./g", "http://a/b/c/g"),
    Example("g/", "http://a/b/c/g/"),
    Example("/g", "http://a/g"),
    Example("//g", "http://g"),
    Example("?y", "http://a/b/c/d;p?y"),
    Example("g?y", "http://a/b/c/g?y"),
    Example("#s", "http://a/b/c/d;p?q#s"),
    Example("g#s", "http://a/b/c/g#s"),
    Example("g?y#s", "http://a/b/c/g?y#s"),
    Example(";x", "http://a/b/c/;x"),
    Example("g;x", "http://a/b/c/g;x"),
    Example("g;x?y#s", "http://a/b/c/g;x?y#s"),
    Example("", "http://a/b/c/d;p?q"),
    Example(".", "http://a/b/c/"),
    Example("./", "http://a/b/c/"),
    Example("..", "http://a/b/"),
    Example("../", "http://a/b/"),
    Example("../g", "http://a/b/g"),
    Example("../..", "http://a/"),
    Example("../../", "http://a/"),
    Example("../../g", "http://a/g"),
]

# RFC 3986 §5.4.2 Abnormal Examples
RFC3986_ABNORMAL = [
    Example("../../../g", "http://a/g"),
    Example("../../../../g", "http://a/g"),
    Example("/./g", "http://a/g"),
    Example("/../g", "http://a/g"),
    Example("g.", "http://a/b/c/g."),
    Example(".g", "http://a/b/c/.g"),
    Example("g..", "http://a/b/c/g.."),
    Example("..g", "http://a/b/c/..g"),
    Example("./../g", "http://a/b/g"),
    Example("./g/.", "http://a/b/c/g/"),
    Example("g/./h", "http://a/b/c/g/h"),
    Example("g/../h", "http://a/b/c/h"),
    Example("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    Example("g;x=1/../y", "http://a/b/c/y"),
    Example("g?y/./x", "http://a/b/c/g?y/./x"),
    Example("g?y/../x", "http://a/b/c/g?y/../x"),
    Example("g#s/./x", "http://a/b/c/g#s/./x"),
    Example("g#s/../x", "http://a/b/c/g#s/../x"),
    # "for strict parsers" is http:g; "for backward compatibility" http://a/b/c/g
    Example(
        "http:g",
        "http:g",
        "http://a/b/c/g",
        "RFC 3986 §5.4.2 gives both; CPython is one of the backward-compatible parsers",
    ),
]


def _cases(base: str, examples: list[Example], section: str) -> list[object]:
    return [
        pytest.param(base, example, id=f"{section}:{example.reference or '<empty>'}")
        for example in examples
    ]


ALL_CASES = [
    *_cases(RFC1808_BASE, RFC1808_NORMAL, "RFC1808-5.1"),
    *_cases(RFC1808_BASE, RFC1808_ABNORMAL, "RFC1808-5.2"),
    *_cases(RFC3986_BASE, RFC3986_NORMAL, "RFC3986-5.4.1"),
    *_cases(RFC3986_BASE, RFC3986_ABNORMAL, "RFC3986-5.4.2"),
]


@pytest.mark.parametrize(("base", "example"), ALL_CASES)
def test_rfc_example(base: str, example: Example) -> None:
    expected = example.rfc if example.cpython is None else example.cpython
    assert urljoin(base, example.reference) == expected


@pytest.mark.parametrize(("base", "example"), ALL_CASES)
def test_rfc_example_bytes(base: str, example: Example) -> None:
    expected = example.rfc if example.cpython is None else example.cpython
    assert urljoin(base.encode(), example.reference.encode()) == expected.encode()


def test_deviations_are_explained() -> None:
    for example in [*RFC1808_NORMAL, *RFC1808_ABNORMAL, *RFC3986_NORMAL, *RFC3986_ABNORMAL]:
        if example.cpython is not None:
            assert example.why, example
            assert example.cpython != example.rfc, example


# RFC 3986 §5.1: "A base URI must conform to the <absolute-URI> syntax rule". urljoin still
# resolves against relative bases (gh-125926, CPython 3.14) as the path-merging rules give.
RELATIVE_BASES = [
    ("/static/", "admin/img/icon.svg", "/static/admin/img/icon.svg"),
    ("a/b", "c", "a/c"),
    ("a/b/", "../c", "a/c"),
    ("//host/a/b", "c", "//host/a/c"),
    ("/a/b?q", "", "/a/b?q"),
]


@pytest.mark.parametrize(("base", "reference", "expected"), RELATIVE_BASES)
def test_relative_base(base: str, reference: str, expected: str) -> None:
    assert urljoin(base, reference) == expected
