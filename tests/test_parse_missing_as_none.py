"""CPython 3.15's ``missing_as_none=`` and ``keep_empty=`` (gh-67041), on every Python.

Every expected value here is one of CPython's own test cases: ``Lib/test/test_urlparse.py`` on
CPython's main branch as of gh-67041 (GH-123305, commit c5cfcdf, "Allow to distinguish between
empty and not defined URI components"), read from the python/cpython repository. Each test
names the CPython test method it takes its cases from. What those methods check, and so what is
checked here:

* ``urlsplit``/``urlparse``/``urldefrag`` with ``missing_as_none=True`` give None for an
  undefined component and ``''`` for an empty one;
* putting such a result back together (``urlunsplit``, ``urlunparse``, ``geturl``) gives the
  URL back exactly, its empty components included; ``keep_empty=False`` drops them;
* ``keep_empty=True`` on a result of ``missing_as_none=False`` is a ValueError (it cannot tell
  empty from undefined), but not on a plain tuple;
* copies, pickles and ``encode``/``decode`` of a result keep its way of putting itself together.

The CPython 3.15 documentation (``Doc/library/urllib.parse.rst``) words the first point as
"Not defined component are represented an empty string (by default) or None if missing_as_none
is true."
"""

from __future__ import annotations

import copy
import io
import pickle
import pickletools
import urllib.parse
from typing import Any

import pytest

from urlspec.parse import (
    DefragResult,
    DefragResultBytes,
    ParseResult,
    ParseResultBytes,
    SplitResult,
    SplitResultBytes,
    urldefrag,
    urlparse,
    urlsplit,
    urlunparse,
    urlunsplit,
)


def _encode(value: Any) -> Any:
    """The bytes form of a test value (str, or a tuple of str and None), as CPython's
    ``str_encode``/``tuple_encode`` make it."""
    if isinstance(value, tuple):
        return tuple(_encode(item) for item in value)
    return None if value is None else value.encode("ascii")


# test_roundtrips: (url, urlparse result, urlsplit result), with missing_as_none=True.
ROUNDTRIPS = [
    (
        "path/to/file",
        (None, None, "path/to/file", None, None, None),
        (None, None, "path/to/file", None, None),
    ),
    (
        "/path/to/file",
        (None, None, "/path/to/file", None, None, None),
        (None, None, "/path/to/file", None, None),
    ),
    (
        "//path/to/file",
        (None, "path", "/to/file", None, None, None),
        (None, "path", "/to/file", None, None),
    ),
    (
        "////path/to/file",
        (None, "", "//path/to/file", None, None, None),
        (None, "", "//path/to/file", None, None),
    ),
    (
        "scheme:path/to/file",
        ("scheme", None, "path/to/file", None, None, None),
        ("scheme", None, "path/to/file", None, None),
    ),
    (
        "scheme://path/to/file",
        ("scheme", "path", "/to/file", None, None, None),
        ("scheme", "path", "/to/file", None, None),
    ),
    (
        "file:///tmp/junk.txt",
        ("file", "", "/tmp/junk.txt", None, None, None),
        ("file", "", "/tmp/junk.txt", None, None),
    ),
    (
        "http:tmp/junk.txt",
        ("http", None, "tmp/junk.txt", None, None, None),
        ("http", None, "tmp/junk.txt", None, None),
    ),
    (
        "http:///example.com/tmp/junk.txt",
        ("http", "", "/example.com/tmp/junk.txt", None, None, None),
        ("http", "", "/example.com/tmp/junk.txt", None, None),
    ),
    (
        "itms-services://?action=download-manifest&url=https://example.com/app",
        (
            "itms-services",
            "",
            "",
            None,
            "action=download-manifest&url=https://example.com/app",
            None,
        ),
        ("itms-services", "", "", "action=download-manifest&url=https://example.com/app", None),
    ),
    (
        "+scheme:path/to/file",
        (None, None, "+scheme:path/to/file", None, None, None),
        (None, None, "+scheme:path/to/file", None, None),
    ),
    # test_http_roundtrips ("http" and "https" + these)
    (
        "http://www.python.org#abc",
        ("http", "www.python.org", "", None, None, "abc"),
        ("http", "www.python.org", "", None, "abc"),
    ),
    (
        "https://a/b/c/d;p?q#f",
        ("https", "a", "/b/c/d", "p", "q", "f"),
        ("https", "a", "/b/c/d;p", "q", "f"),
    ),
    # test_roundtrips_normalization: kept exactly with missing_as_none=True (url2 is url there)
    (
        "///path/to/file",
        (None, "", "/path/to/file", None, None, None),
        (None, "", "/path/to/file", None, None),
    ),
    (
        "file:/tmp/junk.txt",
        ("file", None, "/tmp/junk.txt", None, None, None),
        ("file", None, "/tmp/junk.txt", None, None),
    ),
]

# test_roundtrips_normalization: what ``missing_as_none=False`` (or ``keep_empty=False``) gives.
NORMALIZED = {"///path/to/file": "/path/to/file", "file:/tmp/junk.txt": "file:///tmp/junk.txt"}


@pytest.mark.parametrize("as_bytes", [False, True])
@pytest.mark.parametrize(("url", "parsed", "split"), ROUNDTRIPS)
def test_roundtrips(
    as_bytes: bool, url: str, parsed: tuple[Any, ...], split: tuple[Any, ...]
) -> None:
    url2 = NORMALIZED.get(url, url)
    if as_bytes:
        url, url2, parsed, split = _encode(url), _encode(url2), _encode(parsed), _encode(split)
    parse_result = urlparse(url, missing_as_none=True)
    assert tuple(parse_result) == parsed
    assert urlunparse(parse_result) == url
    assert parse_result.geturl() == url
    assert urlunparse(tuple(parse_result), keep_empty=True) == url
    assert urlunparse(parse_result, keep_empty=False) == url2
    assert urlunparse(tuple(parse_result), keep_empty=False) == url2
    split_result = urlsplit(url, missing_as_none=True)
    assert tuple(split_result) == split
    assert urlunsplit(split_result) == url
    assert split_result.geturl() == url
    assert urlunsplit(tuple(split_result), keep_empty=True) == url
    assert urlunsplit(split_result, keep_empty=False) == url2
    assert urlunsplit(tuple(split_result), keep_empty=False) == url2


@pytest.mark.parametrize(("url", "parsed", "split"), ROUNDTRIPS)
def test_default_is_empty_strings(
    url: str, parsed: tuple[Any, ...], split: tuple[Any, ...]
) -> None:
    # checkRoundtrips: the same cases with missing_as_none=False read None as ''.
    url2 = NORMALIZED.get(url, url)
    assert tuple(urlparse(url)) == tuple(part or "" for part in parsed)
    assert tuple(urlsplit(url)) == tuple(part or "" for part in split)
    assert urlunsplit(urlsplit(url)) == url2
    assert urlunparse(urlparse(url)) == url2


@pytest.mark.parametrize("url", [url for url, _, _ in ROUNDTRIPS])
def test_keep_empty_needs_a_result_that_can_tell(url: str) -> None:
    # checkRoundtrips: keep_empty=True refuses a result of missing_as_none=False, not its tuple.
    with pytest.raises(ValueError):
        urlunsplit(urlsplit(url), keep_empty=True)
    with pytest.raises(ValueError):
        urlunparse(urlparse(url), keep_empty=True)
    urlunsplit(tuple(urlsplit(url)), keep_empty=True)
    urlunparse(tuple(urlparse(url)), keep_empty=True)


def test_empty_query_and_fragment() -> None:
    # test_result_pickling's data ("3.15 data with missing_as_none=True") for 'http://example.com/?#'
    url = "http://example.com/?#"
    assert tuple(urlsplit(url, missing_as_none=True)) == ("http", "example.com", "/", "", "")
    assert tuple(urlparse(url, missing_as_none=True)) == ("http", "example.com", "/", None, "", "")
    assert tuple(urldefrag(url, missing_as_none=True)) == ("http://example.com/?", "")
    assert tuple(urlsplit(url)) == ("http", "example.com", "/", "", "")


@pytest.mark.parametrize("as_bytes", [False, True])
@pytest.mark.parametrize(
    ("url", "defrag", "frag"),
    [
        # test_urldefrag (with missing_as_none=True)
        ("http://python.org#frag", "http://python.org", "frag"),
        ("http://python.org", "http://python.org", None),
        ("http://a/b/c;p?q#", "http://a/b/c;p?q", ""),
        ("http://a/b/c;p?q", "http://a/b/c;p?q", None),
        ("http:?q#f", "http:?q", "f"),
    ],
)
def test_urldefrag(as_bytes: bool, url: str, defrag: str, frag: str | None) -> None:
    if as_bytes:
        url, defrag, frag = _encode(url), _encode(defrag), _encode(frag)
    result = urldefrag(url, missing_as_none=True)
    assert result.geturl() == url
    assert tuple(result) == (defrag, frag)
    plain = urldefrag(url)  # missing_as_none=False: no fragment is '', an empty one is dropped
    empty = url[:0]
    assert plain.geturl() == url.rstrip("#" if isinstance(url, str) else b"#")
    assert tuple(plain) == (defrag, empty if frag is None else frag)


def test_default_scheme() -> None:
    # test_default_scheme
    for split in (urlparse, urlsplit):
        assert split("path", missing_as_none=True).scheme is None
        assert split(b"path", missing_as_none=True).scheme is None
        assert split(b"path", "", missing_as_none=True).scheme == b""
        assert split("path").scheme == ""


@pytest.mark.parametrize("scheme", [".", "+", "-", "0", "http&", "६http"])
def test_bad_scheme_is_none(scheme: str) -> None:
    # test_attributes_bad_scheme
    for split in (urlparse, urlsplit):
        assert split(scheme + "://www.example.net", missing_as_none=True).scheme is None


def test_undefined_params() -> None:
    # test_telurl_params
    assert urlparse("tel:+1-201-555-0123", missing_as_none=True).params is None
    assert urlparse("tel:+1-201-555-0123").params == ""


def test_no_netloc() -> None:
    # test_attributes_without_netloc
    uri = "sip:alice@atlanta.com;maddr=239.255.255.1;ttl=15"
    for split in (urlsplit, urlparse):
        result = split(uri, missing_as_none=True)
        assert result.netloc is None
        assert (result.username, result.password, result.hostname, result.port) == (None,) * 4
        assert result.geturl() == uri


@pytest.mark.parametrize("split", [urlparse, urlsplit])
def test_fragments_not_allowed(split: Any) -> None:
    # test_parse_fragments: with allow_fragments=False the fragment is undefined.
    assert split("http:#frag", allow_fragments=False, missing_as_none=True).fragment is None
    assert split("http:#frag", "", False, missing_as_none=True).fragment is None


@pytest.mark.parametrize("function", [urldefrag, urlsplit, urlparse])
def test_result_types_copies_and_pickles(function: Any) -> None:
    """test_result_copying, test_result_pickling, test_result_encoding_decoding: a result
    keeps its ``geturl()`` through copies, pickles and encoding."""
    url = "http://example.com/?#"
    for value in (url, url.encode()):
        for missing_as_none in (False, True):
            result = function(value, missing_as_none=missing_as_none)
            copies = [copy.copy(result), copy.deepcopy(result), result._replace()]
            copies += [
                pickle.loads(pickle.dumps(result, protocol))
                for protocol in range(pickle.HIGHEST_PROTOCOL + 1)
            ]
            for copied in copies:
                assert copied == result
                assert copied.geturl() == result.geturl()
    for missing_as_none in (False, True):
        text_result = function(url, missing_as_none=missing_as_none)
        bytes_result = function(url.encode(), missing_as_none=missing_as_none)
        assert text_result.encode() == bytes_result
        assert text_result.encode().geturl() == bytes_result.geturl()
        assert bytes_result.decode() == text_result
        assert bytes_result.decode().geturl() == text_result.geturl()


def test_result_classes() -> None:
    # CPython 3.15 (3.15's Lib/urllib/parse.py: ``result._keep_empty = missing_as_none`` on the
    # public class; test_result_compat_unpickling's pickles name SplitResult, ParseResult,
    # DefragResult): missing_as_none=True gives the documented class itself.
    assert type(urlsplit("x", missing_as_none=True)) is SplitResult
    assert type(urlparse("x", missing_as_none=True)) is ParseResult
    assert type(urldefrag("x", missing_as_none=True)) is DefragResult
    assert type(urlsplit(b"x", missing_as_none=True)) is SplitResultBytes
    assert type(urlparse(b"x", missing_as_none=True)) is ParseResultBytes
    assert type(urldefrag(b"x", missing_as_none=True)) is DefragResultBytes
    assert type(urlsplit("http://h/p")) is SplitResult


@pytest.mark.parametrize(
    ("function", "str_class", "bytes_class"),
    [
        (urlsplit, urllib.parse.SplitResult, urllib.parse.SplitResultBytes),
        (urlparse, urllib.parse.ParseResult, urllib.parse.ParseResultBytes),
        (urldefrag, urllib.parse.DefragResult, urllib.parse.DefragResultBytes),
    ],
)
def test_results_are_instances_of_the_standard_librarys_classes(
    function: Any, str_class: type, bytes_class: type
) -> None:
    # Code that checks isinstance(result, urllib.parse.SplitResult) keeps working when some of
    # its modules switch to urlspec.parse; the result still behaves as 3.15's (geturl() keeps an
    # empty query with missing_as_none=True, as 3.15's test_roundtrips says).
    url = "http://User@Example.com:8080/p;x?#"
    for missing_as_none in (False, True):
        text_result = function(url, missing_as_none=missing_as_none)
        bytes_result = function(url.encode(), missing_as_none=missing_as_none)
        assert isinstance(text_result, str_class)
        assert isinstance(bytes_result, bytes_class)
        assert isinstance(text_result.encode(), bytes_class)
        assert isinstance(bytes_result.decode(), str_class)
        assert isinstance(text_result._replace(), str_class)
    assert urlsplit("http://h/p?", missing_as_none=True).geturl() == "http://h/p?"
    # The standard library's functions take the results as their own (a tuple of components).
    assert urllib.parse.urlunsplit(urlsplit("http://h/p?q#f")) == "http://h/p?q#f"


# test_result_compat_unpickling (CPython 3.15's test_urlparse.py): pickles of
# urldefrag/urlsplit/urlparse('http://example.com/?#', missing_as_none=True) made by CPython 3.15,
# protocols 0 and 2 (which name the module "urlparse") and 3 and 4 ("urllib.parse").
PICKLES_315 = {
    (urldefrag, str): [
        b"ccopy_reg\n_reconstructor\n(curlparse\nDefragResult\nc__builtin__\ntuple\n"
        b"(Vhttp://example.com/?\nV\nttR(N(dV_keep_empty\nI01\nstb.",
        b"\x80\x02curlparse\nDefragResult\nX\x14\x00\x00\x00http://example.com/?X\x00\x00"
        b"\x00\x00\x86\x81N}X\x0b\x00\x00\x00_keep_empty\x88s\x86b.",
        b"\x80\x04\x95K\x00\x00\x00\x00\x00\x00\x00\x8c\x0curllib.parse\x8c\x0cDefragResult"
        b"\x93\x8c\x14http://example.com/?\x8c\x00\x86\x81N}\x8c\x0b_keep_empty\x88s\x86b.",
    ],
    (urldefrag, bytes): [
        b"\x80\x03curllib.parse\nDefragResultBytes\nC\x14http://example.com/?C\x00\x86\x81N}X"
        b"\x0b\x00\x00\x00_keep_empty\x88s\x86b.",
    ],
    (urlsplit, str): [
        b"ccopy_reg\n_reconstructor\n(curlparse\nSplitResult\nc__builtin__\ntuple\n(Vhttp\n"
        b"Vexample.com\nV/\nV\np0\ng0\nttR(N(dV_keep_empty\nI01\nstb.",
        b"\x80\x03curllib.parse\nSplitResult\n(X\x04\x00\x00\x00httpX\x0b\x00\x00\x00example"
        b".comX\x01\x00\x00\x00/X\x00\x00\x00\x00q\x00h\x00t\x81N}X\x0b\x00\x00\x00_keep_empty"
        b"\x88s\x86b.",
        b"\x80\x04\x95N\x00\x00\x00\x00\x00\x00\x00\x8c\x0curllib.parse\x8c\x0bSplitResult"
        b"\x93(\x8c\x04http\x8c\x0bexample.com\x8c\x01/\x8c\x00\x94h\x00t\x81N}\x8c\x0b"
        b"_keep_empty\x88s\x86b.",
    ],
    (urlsplit, bytes): [
        b"\x80\x03curllib.parse\nSplitResultBytes\n(C\x04httpC\x0bexample.comC\x01/C\x00q\x00h"
        b"\x00t\x81N}X\x0b\x00\x00\x00_keep_empty\x88s\x86b.",
    ],
    (urlparse, str): [
        b"\x80\x02curlparse\nParseResult\n(X\x04\x00\x00\x00httpX\x0b\x00\x00\x00example.com"
        b"X\x01\x00\x00\x00/NX\x00\x00\x00\x00q\x00h\x00t\x81N}X\x0b\x00\x00\x00_keep_empty"
        b"\x88s\x86b.",
        b"\x80\x04\x95O\x00\x00\x00\x00\x00\x00\x00\x8c\x0curllib.parse\x8c\x0bParseResult"
        b"\x93(\x8c\x04http\x8c\x0bexample.com\x8c\x01/N\x8c\x00\x94h\x00t\x81N}\x8c\x0b"
        b"_keep_empty\x88s\x86b.",
    ],
    (urlparse, bytes): [
        b"\x80\x03curllib.parse\nParseResultBytes\n(C\x04httpC\x0bexample.comC\x01/NC\x00q\x00"
        b"h\x00t\x81N}X\x0b\x00\x00\x00_keep_empty\x88s\x86b.",
    ],
}


class _AsUrlspec(pickle.Unpickler):
    """Loads a CPython pickle with urllib.parse's classes read as urlspec.parse's (as CPython's
    suite does when it runs against urlspec.parse in place of urllib.parse)."""

    def find_class(self, module: str, name: str) -> Any:
        if module in ("urllib.parse", "urlparse"):
            module = "urlspec.parse"
        return super().find_class(module, name)


@pytest.mark.parametrize(("function", "kind"), list(PICKLES_315))
def test_pickles_of_cpython_315_load(function: Any, kind: type) -> None:
    url = "http://example.com/?#"
    result = function(url if kind is str else url.encode(), missing_as_none=True)
    for data in PICKLES_315[function, kind]:
        loaded = _AsUrlspec(io.BytesIO(data)).load()
        assert type(loaded) is type(result)
        assert loaded == result
        assert loaded.geturl() == result.geturl() == (url if kind is str else url.encode())


@pytest.mark.parametrize(("function", "kind"), list(PICKLES_315))
def test_pickles_are_cpython_315s(function: Any, kind: type) -> None:
    # Protocols 0 to 3 write no frame lengths: a pickle made here is 3.15's pickle byte for byte
    # (once optimized, as CPython's test data are: no unused memo entries), but for the module's
    # name.
    url = "http://example.com/?#"
    result = function(url if kind is str else url.encode(), missing_as_none=True)
    for data in PICKLES_315[function, kind]:
        protocol = data[1] if data[:1] == b"\x80" else 0
        if protocol > 3:
            continue
        module = b"urlparse" if protocol < 3 else b"urllib.parse"
        expected = data.replace(b"c" + module + b"\n", b"curlspec.parse\n")
        assert pickletools.optimize(pickle.dumps(result, protocol)) == expected


@pytest.mark.parametrize("function", [urldefrag, urlsplit, urlparse])
def test_unflagged_results_pickle_without_state(function: Any) -> None:
    # test_result_compat_unpickling's "Pre-3.15 data": a result of missing_as_none=False
    # pickles as a plain named tuple (no state), e.g. protocol 0's "...ttR." ends right after
    # the reconstructor call.
    result = function("http://example.com/?#")
    assert pickletools.optimize(pickle.dumps(result, 0)).endswith(b"ttR.")
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickletools.optimize(pickle.dumps(result, protocol)).endswith(b"\x81.")


@pytest.mark.parametrize("function", [urldefrag, urlsplit, urlparse])
def test_replace_keeps_the_flag(function: Any) -> None:
    # test_result_copying (3.15): copy.replace and _replace keep geturl() of 'http://example.com/?#'
    for url in ("http://example.com/?#", b"http://example.com/?#"):
        result = function(url, missing_as_none=True)
        for copied in (result._replace(), result.__replace__(), copy.copy(result)):
            assert type(copied) is type(result)
            assert copied.geturl() == url
