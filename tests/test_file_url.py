"""File paths <-> file: URLs, with Node.js's ``url.pathToFileURL`` / ``url.fileURLToPath``.

Expected values are Node's: the examples of its documentation (Node.js v22 "URL" API,
https://nodejs.org/api/url.html#urlfileurltopathurl-options and
https://nodejs.org/api/url.html#urlpathtofileurlpath-options, marked [doc]), the cases of Node's
own test/parallel/test-url-pathtofileurl.js and the output of Node v20.20.2 (marked [node]),
and values worked out by hand from the steps of its ``lib/internal/url.js``
(``pathToFileURL``, ``encodePathChars``, ``getPathFromURLPosix``, ``getPathFromURLWin32``),
which the module docstring restates. Both
flavours run on every OS: ``windows=`` is always explicit.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import iter_corpus

from urlspec import URL


class MyURL(URL):
    __slots__ = ()


# --- from_file_path ------------------------------------------------------------------------------

POSIX_TO_URL = [
    ("/foo#1", "file:///foo%231"),  # [doc]
    ("/some/path%.c", "file:///some/path%25.c"),  # [doc]
    ("/a b/c?d", "file:///a%20b/c%3Fd"),  # "?" encoded; the parser encodes the space
    ("/a\\b", "file:///a%5Cb"),  # "\" is a file name character on POSIX
    ("/a\nb\rc\td", "file:///a%0Ab%0Dc%09d"),  # encodePathChars
    ("/dir/", "file:///dir/"),  # a trailing separator kept
    ("/a/./b/../c//d", "file:///a/c/d"),  # path.posix.resolve normalizes
    ("/", "file:///"),
    ("/你好.txt", "file:///%E4%BD%A0%E5%A5%BD.txt"),
    # [node]: Node's test-url-pathtofileurl.js ("unsafe" chars), and Node v20.20.2's output
    (
        '/foo\r\n\t<>"#%{}|^[\\~]`?bar',
        "file:///foo%0D%0A%09%3C%3E%22%23%25%7B%7D%7C%5E%5B%5C%7E%5D%60%3Fbar",
    ),
    ("/foo[bar]|~x", "file:///foo%5Bbar%5D%7C%7Ex"),  # [node] v20.20.2
    ("/C|/x", "file:///C%7C/x"),  # [node] v20.20.2: "|" escaped, so no drive letter
    ("/foo^bar", "file:///foo%5Ebar"),  # [node]
]

WINDOWS_TO_URL = [
    ("C:\\foo\\bar", "file:///C:/foo/bar"),
    ("C:\\path\\", "file:///C:/path/"),
    ("c:/a b/c#d", "file:///c:/a%20b/c%23d"),  # "/" is a separator too; "#" encoded
    ("C:\\50%", "file:///C:/50%25"),
    ("\\\\nas\\share\\foo.txt", "file://nas/share/foo.txt"),  # UNC: the server is the host
    ("\\\\?\\UNC\\nas\\share\\foo.txt", "file://nas/share/foo.txt"),  # extended UNC prefix
    ("\\\\NAS\\share\\", "file://nas/share/"),  # hostname lowercased by the URL parser
    ("C:\\a\\..\\b", "file:///C:/b"),
    # [node]: Node's test-url-pathtofileurl.js (Windows cases)
    ("C:\\foo^bar", "file:///C:/foo%5Ebar"),
    ("C:\\foo[bar", "file:///C:/foo%5Bbar"),
    ("C:\\foo]bar", "file:///C:/foo%5Dbar"),
    ("C:\\foo\bbar", "file:///C:/foo%08bar"),
    ("\\\\?\\C:\\path\\to\\file.txt", "file:///C:/path/to/file.txt"),
    ("\\\\nas\\My Docs\\File.doc", "file://nas/My%20Docs/File.doc"),
    ("\\\\?\\UNC\\server\\share\\folder\\file.txt", "file://server/share/folder/file.txt"),
    # [node] v20.20.2
    ("C:\\foo[bar]~x", "file:///C:/foo%5Bbar%5D%7Ex"),
    ("C:\\a|b", "file:///C:/a%7Cb"),
    ("\\\\server\\", "file://server/"),
    ("\\\\server\\share\\a\\..\\b", "file://server/share/b"),
    # Where Node 20.20 differs (docs/toolkit.md): a path starting with two separators of
    # any kind is a UNC path here too (Node: file:////server/share/x and file:///server/)
    ("//server/share/x", "file://server/share/x"),
    ("/\\server\\share\\x", "file://server/share/x"),
    ("//server/", "file://server/"),
]


def test_every_ascii_character_as_node_encodes_it() -> None:
    # Node's test-url-pathtofileurl.js ("All of the 16-bit UTF-16 chars", POSIX), its ASCII
    # part: every code point from U+0001 to U+007F after "/" (U+0000 is refused here: a file
    # path cannot hold NUL; Node writes %00), and the expected href as that test builds it.
    path = "/" + "".join(map(chr, range(1, 0x80)))
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    expected = (
        "file:///"
        + "".join(f"%{i:02X}" for i in range(1, 0x21))
        + "!%22%23$%25&'()*+,-./0123456789:;%3C=%3E%3F@"
        + alphabet.upper()
        + "%5B%5C%5D%5E_%60"
        + alphabet
        + "%7B%7C%7D%7E%7F"
    )
    assert URL.from_file_path(path, windows=False).href == expected


def test_nul_is_refused() -> None:
    # Node writes %00; no file system takes NUL in a name, so it is an error here.
    with pytest.raises(ValueError, match="NUL"):
        URL.from_file_path("/a\x00b", windows=False)


@pytest.mark.parametrize(("path", "expected"), POSIX_TO_URL)
def test_from_posix_path(path: str, expected: str) -> None:
    assert URL.from_file_path(path, windows=False).href == expected


@pytest.mark.parametrize(("path", "expected"), WINDOWS_TO_URL)
def test_from_windows_path(path: str, expected: str) -> None:
    assert URL.from_file_path(path, windows=True).href == expected


def test_a_relative_posix_path_resolves_against_the_current_directory(
    tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir("/tmp")
    assert URL.from_file_path("x/y", windows=False).href == "file:///tmp/x/y"
    assert URL.from_file_path("x/", windows=False).href == "file:///tmp/x/"


def test_path_like_and_the_callers_class() -> None:
    from pathlib import PurePosixPath

    url = MyURL.from_file_path(PurePosixPath("/a/b"), windows=False)
    assert type(url) is MyURL and url.href == "file:///a/b"


@pytest.mark.parametrize(
    "path",
    ["\\\\server", "\\\\\\share\\x", "\\\\a b\\share\\x", "//server"],
    ids=["no-share", "empty", "space", "slashes-no-share"],
)
def test_bad_unc_paths(path: str) -> None:
    with pytest.raises(ValueError):
        URL.from_file_path(path, windows=True)


@pytest.mark.skipif(os.name == "nt", reason="a relative Windows path resolves on Windows")
def test_a_relative_windows_path_needs_windows() -> None:
    with pytest.raises(ValueError, match="not an absolute Windows path"):
        URL.from_file_path("foo\\bar", windows=True)


# --- to_file_path --------------------------------------------------------------------------------

URL_TO_POSIX = [
    ("file:///你好.txt", "/你好.txt"),  # [doc]
    ("file:///hello world", "/hello world"),  # [doc]
    ("file:///a%25b", "/a%b"),
    ("file:///a%5Cb", "/a\\b"),  # an encoded "\" is fine on POSIX
    ("file:///C:/x", "/C:/x"),
    ("file://localhost/etc/hosts", "/etc/hosts"),  # the URL parser drops "localhost"
]

URL_TO_WINDOWS = [
    ("file:///C:/path/", "C:\\path\\"),  # [doc]
    ("file://nas/foo.txt", "\\\\nas\\foo.txt"),  # [doc]
    ("file:///c:/a%20b", "c:\\a b"),
    ("file://xn--n3h.example/share", "\\\\☃.example\\share"),  # host through domainToUnicode
]


@pytest.mark.parametrize(("url", "expected"), URL_TO_POSIX)
def test_to_posix_path(url: str, expected: str) -> None:
    assert URL(url).to_file_path(windows=False) == expected


@pytest.mark.parametrize(("url", "expected"), URL_TO_WINDOWS)
def test_to_windows_path(url: str, expected: str) -> None:
    assert URL(url).to_file_path(windows=True) == expected


@pytest.mark.parametrize(
    ("url", "windows", "message"),
    [
        ("https://example.com/", False, "not a file: URL"),
        ("https://example.com/", True, "not a file: URL"),
        ("file://nas/foo.txt", False, "with a host"),  # [doc]: ERR_INVALID_FILE_URL_HOST
        ("file:///a%2Fb", False, "encoded '/'"),
        ("file:///a%2fb", False, "encoded '/'"),
        ("file:///C:/a%2Fb", True, "encoded '/'"),
        ("file:///C:/a%5cb", True, "encoded '/' or '\\\\'"),
        ("file:///no/drive", True, "drive letter"),  # "must be absolute"
        ("file:///C:/%FF", True, "not UTF-8"),  # decodeURIComponent's URIError
    ],
)
def test_to_file_path_refuses(url: str, windows: bool, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        URL(url).to_file_path(windows=windows)


def test_undecodable_bytes_are_surrogate_escapes_on_posix() -> None:
    # Node throws here; Python file names hold such bytes as os.fsdecode's surrogate escapes.
    path = URL("file:///a%FFb").to_file_path(windows=False)
    assert path == "/a\udcffb"
    assert URL.from_file_path(path, windows=False).href == "file:///a%FFb"


# --- round trips ---------------------------------------------------------------------------------

posix_segment = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"), min_size=1
).filter(lambda s: s not in (".", ".."))
windows_segment = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="/\\\x00"), min_size=1
).filter(lambda s: s.strip(". ") != "" and not s.endswith((" ", ".")))


@given(st.lists(posix_segment, max_size=5), st.booleans())
def test_posix_round_trip(segments: list[str], trailing: bool) -> None:
    path = "/" + "/".join(segments) + ("/" if trailing and segments else "")
    # (a first segment such as "C|" round-trips too: "|" is percent-encoded, as Node 20.20 does)
    assert URL.from_file_path(path, windows=False).to_file_path(windows=False) == path


@given(st.lists(windows_segment, max_size=5), st.sampled_from("CDz"))
def test_windows_round_trip(segments: list[str], drive: str) -> None:
    path = f"{drive}:\\" + "\\".join(segments)
    assert URL.from_file_path(path, windows=True).to_file_path(windows=True) == path


#: Why a corpus URL has no path in a flavour (each one a documented refusal).
DOCUMENTED_REFUSALS = ("with a host", "drive letter", "encoded '/'", "not UTF-8")


@pytest.mark.parametrize("corpus", ["node_files.txt", "isaacs_files.txt"])
@pytest.mark.parametrize("windows", [False, True], ids=["posix", "windows"])
def test_corpus_paths_round_trip(corpus: str, windows: bool) -> None:
    # Every file: URL of the corpus: its path (to_file_path), made a URL again (from_file_path),
    # gives the same path back, and that URL is stable. node_files.txt's URLs all have a host
    # ("file://benchmark/v8"): POSIX refuses them all, Windows reads them as UNC paths.
    checked = 0
    for line in iter_corpus(corpus):
        url = URL.parse(line)
        if url is None or url.protocol != "file:":
            continue
        try:
            path = url.to_file_path(windows=windows)
        except ValueError as error:
            assert any(reason in str(error) for reason in DOCUMENTED_REFUSALS), line
            assert windows or url.hostname != "" or "encoded" in str(error), line
            continue
        again = URL.from_file_path(path, windows=windows)
        assert again.to_file_path(windows=windows) == path, line
        checked += 1
    # isaacs_files.txt's file: URLs have no host and no drive letter: POSIX paths only.
    has_paths = windows if corpus == "node_files.txt" else not windows
    assert (checked > 0) == has_paths


def test_node_files_paths_round_trip_as_posix_paths() -> None:
    # The corpus's paths, read as absolute POSIX paths ("file://benchmark/v8" -> "/benchmark/v8").
    count = 0
    for line in iter_corpus("node_files.txt"):
        path = "/" + line.removeprefix("file://")
        if "%" in path or path.endswith("/"):
            continue  # not a plain file name (none in the corpus today)
        assert URL.from_file_path(path, windows=False).to_file_path(windows=False) == path, line
        count += 1
    assert count > 40_000
