"""The package's surface: what ``dir(urlspec)`` lists and that every listed name resolves."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from shared_data import skip_or_fail_in_ci

import urlspec

ROOT = Path(__file__).resolve().parent.parent


def _compiled_modules() -> list[str]:
    """The modules setup.py's COMPILED_MODULES lists, as dotted names."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "COMPILED_MODULES":
            paths: list[str] = ast.literal_eval(node.value)
            return [path[len("src/") : -len(".py")].replace("/", ".") for path in paths]
    raise AssertionError("setup.py has no COMPILED_MODULES")


@pytest.mark.parametrize("module", _compiled_modules())
def test_each_module_setup_compiles_is_the_build_installed(module: str) -> None:
    """With URLSPEC_EXPECT_COMPILED=1 (scripts/test.sh's compiled environments) every module of
    COMPILED_MODULES is an extension module, and with 0 none is: a module that mypyc or the C
    compiler left out would otherwise run interpreted, unnoticed."""
    expected = os.environ.get("URLSPEC_EXPECT_COMPILED")
    if expected is None:
        message = "URLSPEC_EXPECT_COMPILED is not set (scripts/test.sh sets it)"
        skip_or_fail_in_ci(message)
    path = importlib.import_module(module).__file__ or ""
    is_extension = path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert is_extension is (expected == "1"), path


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
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = {re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0] for spec in project["dependencies"]}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
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
