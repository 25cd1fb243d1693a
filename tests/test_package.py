"""The package's surface: what ``dir(urlspec)`` lists and that every listed name resolves."""

from __future__ import annotations

import importlib

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
