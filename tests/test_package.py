"""The package's surface: what ``dir(urlspec)`` lists and that every listed name resolves."""

from __future__ import annotations

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
