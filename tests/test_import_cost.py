"""What importing urlspec loads: nothing heavy before it is needed.

Each check runs in a fresh interpreter, since this one has loaded everything already. They test
*what* is loaded, not how long it takes (timings belong to benchmarks, not tests).
"""

from __future__ import annotations

import json
import subprocess
import sys


def loaded_after(code: str) -> set[str]:
    """The urlspec and idna modules loaded after running ``code`` in a fresh interpreter."""
    script = (
        f"{code}\nimport json, sys\n"
        "top = ('urlspec', 'idna')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in top)))"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    return set(json.loads(output))


def test_import_urlspec_loads_only_the_package() -> None:
    assert loaded_after("import urlspec") == {"urlspec"}


def test_a_common_url_needs_neither_the_parser_nor_idna() -> None:
    loaded = loaded_after(
        "from urlspec import URL\n"
        "url = URL('https://example.com/a?b#c')\n"
        "url.href, url.hostname, url.pathname, url.search, url.hash"
    )
    assert "urlspec.url" in loaded
    assert not loaded & {"urlspec.parser", "urlspec.idna", "urlspec.encoding", "idna"}


def test_an_ascii_host_needs_no_idna_tables() -> None:
    # "HTTPS://user@Example.COM/a/../b" needs the state machine (credentials), but its host is
    # ASCII without an "xn--" label: domain to ASCII only lowercases it.
    loaded = loaded_after("from urlspec import URL\nURL('HTTPS://user@Example.COM/a/../b')")
    assert "urlspec.parser" in loaded
    assert not {name for name in loaded if name.split(".")[0] == "idna"}


def test_the_toolkit_and_data_urls_load_only_when_used() -> None:
    # The URL class's toolkit methods import their modules on first call.
    loaded = loaded_after("import urlspec\nfrom urlspec import URL\nURL('https://example.com/a')")
    assert not {name for name in loaded if name.startswith("urlspec.toolkit")}
    fetch = {"urlspec.fetch.data_url", "urlspec.fetch.mime_type", "urlspec.fetch.forgiving_base64"}
    assert not loaded & fetch
    loaded = loaded_after("from urlspec import URL\nURL('https://example.com/a') / 'b'")
    assert "urlspec.toolkit.joining" in loaded
    assert "urlspec.toolkit.display" not in loaded


def test_display_loads_no_urlpattern_module() -> None:
    # display()'s script checks read urlspec.unicode_properties, which URLPattern's regexps
    # read too; showing an IDN loads nothing of the URLPattern package.
    loaded = loaded_after(
        "from urlspec import URL\nassert URL('https://xn--bcher-kva.example/').display() == "
        "'https://b\\xfccher.example/'"
    )
    assert {"urlspec.toolkit.display", "urlspec.unicode_properties"} <= loaded
    assert not {name for name in loaded if name.startswith("urlspec.urlpattern")}
    # A URL without an A-label needs no script: the property tables stay unloaded.
    loaded = loaded_after("from urlspec import URL\nURL('https://example.com/a?b#c').display()")
    assert "urlspec.toolkit.display" in loaded
    assert not loaded & {"urlspec.unicode_properties", "urlspec._unicode_properties_data"}


def test_import_urlspec_loads_neither_the_suffix_list_nor_unicodedata2() -> None:
    # The Public Suffix List is read on first use, unicodedata2 on the first IDN.
    script = (
        "import sys, urlspec\n"
        "from urlspec import URL\n"
        "URL('HTTPS://Example.COM/a/../b').href\n"
        "print(sorted(m for m in ('publicsuffixlist', 'unicodedata2', "
        "'urlspec.hosts.public_suffix_list') if m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    assert output.strip() == "[]"


def test_no_dataframe_library_before_it_is_asked_for() -> None:
    # urlspec.columnar and urlspec.spark need pyarrow / pyspark; nothing else may.
    script = (
        "import urlspec, json, sys\n"
        "from urlspec import URL\n"
        "URL('https://example.com/a?b#c').hostname\n"
        "heavy = ('pyarrow', 'pyspark', 'pandas', 'polars', 'duckdb', 'numpy')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in heavy)))"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    assert json.loads(output) == []
