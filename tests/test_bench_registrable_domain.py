"""The adapters of bench/registrable_domain.py: each library, given the same list file, answers
what the Public Suffix List's rules say (tldextract and publicsuffixlist are in the ``bench``
extra, which scripts/test.sh installs: under CI a missing one fails)."""

from __future__ import annotations

import pytest
from shared_data import skip_or_fail_in_ci

from bench.registrable_domain import default_list_file, lookups

PEERS = ("urlspec", "urlspec (parsed host)", "tldextract", "publicsuffixlist")


@pytest.mark.parametrize("include_private", [True, False])
def test_every_adapter_follows_the_rules(include_private: bool) -> None:
    found = lookups(default_list_file(), include_private)
    missing = [name for name in PEERS if name not in found]
    if missing:
        message = f"bench peers not installed: {missing} (pip install -e '.[bench]')"
        skip_or_fail_in_ci(message)
    for name, lookup in found.items():
        # Rules "co.uk" (ICANN), "github.io" (PRIVATE), "*.ck" and "!www.ck" (ICANN).
        assert lookup("www.example.co.uk") == "example.co.uk", name
        assert lookup("a.b.test.ck") == "b.test.ck", name
        assert lookup("a.www.ck") == "www.ck", name
        expected = "b.github.io" if include_private else "github.io"
        assert lookup("a.b.github.io") == expected, name
