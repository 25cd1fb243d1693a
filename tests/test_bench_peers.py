"""Smoke tests of the side-by-side benchmark suite (bench/run.py, bench/peers.py, bench/memory.py).

The peer adapters must time what they claim: each WHATWG peer's adapter is checked against WPT
(urltestdata.json) on a few inputs, the others against the components their own docs define,
and the suite and the memory measurement must run on a tiny input. The peers of the ``bench``
extra are installed by the test command, so under CI a missing one fails; elsewhere it skips.
urlstd (extra ``bench-all``: it compiles ICU bindings) is tested only where it is installed.
"""

from __future__ import annotations

import functools
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from shared_data import CORPORA, dataset_path, in_ci, load_wpt, missing, wpt_path

from bench import memory, run
from bench.peers import LOADERS, WHATWG_GETTERS, Library, Unavailable, load_libraries

# urltestdata.json inputs (no base) that every WHATWG peer parses as WPT says: credentials and
# a port, an empty query, IPv6 compression, a default port, dot segments, a Windows drive
# letter, IDNA, an opaque host, and two failures.
WPT_INPUTS = (
    "redis://foo:bar@somehost:6379/0?baz=bam&qux=baz",
    "sc://?",
    "non-special://[1:2:0:0:0:0:0:3]/",
    "https://foo:443/",
    "https://example.com/aaa/bbb/%2e%2e?query",
    "file:C|/m/",
    "http://www.google.com/foo?bar=baz#",
    "https://faß.ExAmPlE/",
    "sc://ñ",
    "http://foo:-80/",
    "http://user:pass@/",
)

# The RFC 3986 components of the first input, as urllib.parse and yarl name them.
REDIS = "redis://foo:bar@somehost:6379/0?baz=bam&qux=baz"


#: The peers of the ``bench`` extra, which scripts/test.sh installs.
BENCH_EXTRA = ("can_ada", "ada_url", "url-py", "yarl")


def load(name: str) -> Library:
    """The adapter; a missing peer skips, except urlspec and, under CI, the bench extra's."""
    try:
        return LOADERS[name]()
    except Unavailable as reason:
        if name == "urlspec" or (in_ci() and name in BENCH_EXTRA):
            pytest.fail(str(reason))
        pytest.skip(str(reason))


def installed(name: str) -> bool:
    try:
        LOADERS[name]()
    except Unavailable:
        return False
    return True


@functools.cache
def wpt_entries_without_base() -> dict[str, dict[str, Any]]:
    return {
        entry["input"]: entry
        for entry in load_wpt("urltestdata.json")
        if isinstance(entry, dict) and entry.get("base") is None
    }


def wpt_entry(url: str) -> dict[str, Any]:
    entries = wpt_entries_without_base()
    if not entries:
        missing(wpt_path("urltestdata.json"))
    return entries[url]


WHATWG_LIBRARIES = ("urlspec", "can_ada", "ada_url", "url-py", "urlstd")
#: The WHATWG libraries whose adapters are checked: all but an optional urlstd not installed.
CHECKED_WHATWG_LIBRARIES = [
    name for name in WHATWG_LIBRARIES if name in ("urlspec", *BENCH_EXTRA) or installed(name)
]


@pytest.mark.parametrize("url", WPT_INPUTS)
@pytest.mark.parametrize("name", CHECKED_WHATWG_LIBRARIES)
def test_whatwg_adapter_agrees_with_wpt(name: str, url: str) -> None:
    library = load(name)
    entry = wpt_entry(url)
    assert library.components is not None
    if entry.get("failure"):
        with pytest.raises(Exception):  # noqa: B017 (each library raises its own type)
            library.href(url)
        with pytest.raises(Exception):  # noqa: B017
            library.getters(url)
        return
    assert library.components(url) == {getter: entry[getter] for getter in WHATWG_GETTERS}
    assert library.href(url) == entry["href"]
    getters = library.getters(url)
    assert isinstance(getters, tuple)
    assert getters[0] == entry["href"]


@pytest.mark.parametrize("url", WPT_INPUTS)
@pytest.mark.parametrize(
    "name",
    [
        name
        for name in ("urlspec", "can_ada", "ada_url", "urlstd")
        if name in CHECKED_WHATWG_LIBRARIES
    ],
)
def test_can_parse_agrees_with_wpt(name: str, url: str) -> None:
    library = load(name)
    assert library.can_parse is not None, f"{name} {library.version} lost its can_parse"
    assert library.can_parse(url) is not bool(wpt_entry(url).get("failure"))


def test_stdlib_adapter_reads_urlsplit_components() -> None:
    library = load("urllib")
    assert library.href(REDIS) == REDIS
    assert library.getters(REDIS) == (
        REDIS,
        "redis",
        "foo",
        "bar",
        "foo:bar@somehost:6379",
        "somehost",
        6379,
        "/0",
        "baz=bam&qux=baz",
        "",
    )


def test_yarl_adapter_reads_raw_components_and_clears_its_caches() -> None:
    library = load("yarl")
    assert library.href(REDIS) == REDIS
    assert library.getters(REDIS) == (
        REDIS,
        "redis",
        "foo",
        "bar",
        "somehost:6379",
        "somehost",
        6379,
        "/0",
        "baz=bam&qux=baz",
        "",
    )
    from yarl import _url  # the per-string cache that yarl.cache_clear() leaves alone

    assert _url.encode_url.cache_info().currsize > 0
    library.clear_caches()
    assert _url.encode_url.cache_info().currsize == 0


def test_suite_runs_every_library_on_a_tiny_corpus() -> None:
    libraries, skipped = load_libraries()
    assert "urlspec" not in skipped, skipped.get("urlspec")
    suite = run.run_suite(libraries, {"wpt": list(WPT_INPUTS)}, list(run.WORKLOADS), rounds=2)

    for library in libraries:
        for workload in run.WORKLOADS:
            runs = [r for r in suite.runs if (r.library, r.workload) == (library.name, workload)]
            has_op = run.workload_op(library, workload) is not None
            assert len(runs) == (2 if has_op else 0)
            assert all(r.urls == len(WPT_INPUTS) and r.timing.cpu_ns > 0 for r in runs)
    failures = 2  # the two WPT failures, rejected by every WHATWG library in every workload
    whatwg = [r for r in suite.runs if r.library in WHATWG_LIBRARIES]
    assert all(r.timing.invalid == failures for r in whatwg)

    # 2 failures x (href, getters) in the first round; can_parse returns False instead
    assert "urlspec InvalidURL x4" in run.exceptions_note(suite)

    titles = [table.title for table in run.tables(suite)]
    assert "parse + href: urlspec / peer (below 1: urlspec is faster)" in titles
    report = json.loads(json.dumps(run.to_json(suite, run.machine())))
    assert {"workload", "corpus", "library", "ns_per_url", "invalid"} <= set(
        report["median_ns_per_url"][0]
    )


def test_main_writes_markdown_and_json_for_every_corpus(tmp_path: Path) -> None:
    for name in CORPORA:
        dataset_path(name)  # fails when a corpus is missing
    markdown, raw = tmp_path / "bench.md", tmp_path / "bench.json"
    names = [name.removesuffix(".txt") for name in CORPORA]
    argv = [
        "--limit",
        "5",
        "--rounds",
        "1",
        "--libs",
        "urlspec,urllib",
        "--corpus",
        ",".join(names),
    ]
    assert run.main([*argv, "--markdown", str(markdown), "--json", str(raw)]) == 0

    report = json.loads(raw.read_text(encoding="utf-8"))
    assert report["corpora"] == {name.removesuffix(".txt"): 5 for name in CORPORA}
    assert len(report["runs"]) == len(CORPORA) * (3 + 2)  # urllib has no can_parse
    text = markdown.read_text(encoding="utf-8")
    assert "| corpus | urllib |" in text  # the ratio table
    assert run.cpu_model() in text


def test_read_corpus_strips_the_bom_and_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_bytes(b"\xef\xbb\xbfhttp://a/\r\n\nfile:///b\n")
    assert run.read_corpus(path) == ["http://a/", "file:///b"]


@pytest.mark.parametrize("name", ["urlspec", "urllib"])
def test_memory_measures_bytes_per_url(name: str) -> None:
    library = load(name)
    lines = [b"https://example.com/%d?q" % i for i in range(200)] + [b"http://foo:-80/"]
    result = memory.measure(library, "tracemalloc", lines)
    assert result["held"] + result["rejected"] == 201
    assert result["bytes_per_url"] > 0


def test_memory_child_process_reports_json() -> None:
    dataset_path("kasztp.txt")
    result = memory.run_child("urllib", "rss", 300)
    assert result["held"] == 300
    assert result["method"] == "rss"


def test_every_run_gets_fresh_string_objects() -> None:
    urls = ["https://example.com/a", "file:///b"]
    copies = run.fresh_copies(pickle.dumps(urls))
    assert copies == urls
    assert all(copy is not url for copy, url in zip(copies, urls, strict=True))


def test_breakdown_rows_do_what_they_name() -> None:
    from bench import breakdown

    rows = breakdown.pieces()
    url = "https://example.com/a?b#c"  # WPT-style: its own href, so tier 1 takes it
    assert rows["loop and one call"](url) == url
    assert rows["match_own_href(s)"](url) is not None
    assert rows["BareObject(s).href"](url) == url
    assert rows["URL(s).href"](url) == url
    assert rows["URL(s).protocol (the first getter)"](url) == "https:"
    assert rows["URL(s), every getter"](url) == (
        url, "https:", "", "", "example.com", "example.com", "", "/a", "?b", "#c",
        "https://example.com",
    )  # fmt: skip
    if "can_ada.parse(s).href" in rows:
        assert rows["can_ada.parse(s).href"](url) == url


def test_the_install_hint_names_the_extra_that_has_the_peer() -> None:
    # urlstd is only in the bench-all extra (pyproject.toml), the others in bench
    import tomllib

    from bench.peers import Unavailable, import_peer, peer_extra

    extras = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())[
        "project"
    ]["optional-dependencies"]
    assert "urlstd" in extras[peer_extra("urlstd")]
    for distribution in ("can_ada", "url-py", "ada-url", "yarl"):
        assert distribution in extras[peer_extra(distribution)]
    with pytest.raises(Unavailable, match=r"\.\[bench-all\]"):
        import_peer("urlspec_no_such_module_urlstd", "urlstd")
