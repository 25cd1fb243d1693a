"""The package's surface: what ``dir(urlspec)`` lists and that every listed name resolves."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import urlspec


def test_dir_lists_each_public_name_once_and_no_internals() -> None:
    listed = dir(urlspec)
    assert len(listed) == len(set(listed))
    for name in ("URL", "URLSearchParams", "InvalidURL", "parse", "parse_data_url", "__version__"):
        assert name in listed
    for internal in ("TYPE_CHECKING", "annotations", "importlib", "_EXPORTS"):
        assert internal not in listed
    # after names were loaded (cached in the module's globals), still once each
    _ = urlspec.URL, urlspec.InvalidURL, urlspec.URLSearchParams
    assert len(dir(urlspec)) == len(set(dir(urlspec)))
    assert dir(urlspec) == listed


def test_every_exported_name_resolves() -> None:
    for name in urlspec.__all__:
        assert getattr(urlspec, name) is not None


@pytest.mark.parametrize(
    ("public", "home", "needs"),
    [
        ("urlspec.columnar", "urlspec.engines.columnar", "pyarrow"),
        ("urlspec.spark", "urlspec.engines.spark", "pyspark"),
        ("urlspec.pydantic", "urlspec.web.pydantic", "pydantic"),
    ],
)
def test_public_module_names_are_the_packages_modules(public: str, home: str, needs: str) -> None:
    # The documented import paths (docs/columnar.md, docs/spark.md, docs/pydantic.md) give the
    # very objects of the modules in engines/ and web/, every name of their __all__.
    pytest.importorskip(needs)
    public_module = importlib.import_module(public)
    home_module = importlib.import_module(home)
    assert public_module.__all__ == home_module.__all__
    for name in home_module.__all__:
        assert getattr(public_module, name) is getattr(home_module, name)


def test_the_readme_names_every_runtime_dependency() -> None:
    # The README's "Dependencies:" sentence is what a user reads before installing: every
    # requirement of pyproject.toml's [project] dependencies is named there, and nothing more.
    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = {re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0] for spec in project["dependencies"]}
    readme = (root / "README.md").read_text(encoding="utf-8")
    sentence = readme[readme.index("Dependencies:") :].split(".\n", 1)[0]
    named = set(re.findall(r"`([A-Za-z0-9_.-]+)`", sentence)) - {"URL"}
    assert named == required


def test_display_needs_no_font_tools() -> None:
    # URL.display()'s script data is a table in the package: it runs with fontTools blocked.
    code = (
        "import sys\nsys.modules['fontTools'] = None\n"
        "from urlspec import URL\n"
        "print(URL('https://xn--pypal-4ve.com/%C3%A9').display())"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "https://xn--pypal-4ve.com/\u00e9\n"
