"""A sample client of the canonicalization API, checked by ``mypy --strict`` in
tests/test_canonical_typing.py (it is never run).

The calls without a marker must type-check; each line marked ``# refused`` must be refused by
mypy (no overload matches): a misspelled profile, an option another profile takes, an option of
the wrong type (a bare string other than "tracking" for ``strip_params``), in each of the three
APIs.
"""

from __future__ import annotations

import re

from urlspec import canonicalize
from urlspec import columnar as urlcol
from urlspec import spark as urlspark
from urlspec.canonical import PROFILES, TRACKING_PARAMETERS, Profile, canonicalize_as

url = "https://a.com/?utm_source=x&b=1"

# The calls that must type-check.
accepted: list[str] = [
    canonicalize(url),
    canonicalize(url, "whatwg", base="https://b.com/"),
    canonicalize(url, "ssurt"),
    canonicalize(url, "dedup"),
    canonicalize(url, "dedup", strip_params="tracking"),
    canonicalize(url, "dedup", strip_params=["utm_*", "fbclid"]),
    canonicalize(url, "dedup", strip_params=(*TRACKING_PARAMETERS, "sessionid")),
    canonicalize(url, "dedup", strip_params={"utm_source"}),
    canonicalize(url, "dedup", strip_params=re.compile("utm_.*")),
    canonicalize(url, "dedup", keep_fragment=True, sort_query=False),
    canonicalize(url, "safebrowsing", keep_port=True),
    canonicalize(url, "surt", with_scheme=True, trailing_comma=True, reverse_ipaddr=False),
    canonicalize(url, "surt", host_massage=False),
]
profile: Profile = PROFILES[1]
accepted.append(canonicalize(url, profile))  # no options: every overload takes the call
name_from_a_config_file: str = "dedup"
accepted.append(canonicalize_as(url, name_from_a_config_file, None, {"sort_query": False}))
urlcol.canonicalize(["https://a.com/"], "dedup", strip_params="tracking")
urlcol.canonicalize(["https://a.com/"], "surt", base="https://b.com/", with_scheme=True)
urlspark.canonicalize("url", "dedup", strip_params=["utm_*"])
urlspark.canonicalize("url", "safebrowsing", "https://b.com/", keep_port=True)

# The calls that must be refused.
canonicalize(url, "dedpu")  # refused
canonicalize(url, "dedup", strip_params="utm_source")  # refused
canonicalize(url, "dedup", keep_port=True)  # refused
canonicalize(url, "whatwg", sort_query=True)  # refused
canonicalize(url, "safebrowsing", keep_fragment=True)  # refused
canonicalize(url, "surt", with_scheme="yes")  # refused
urlcol.canonicalize(["https://a.com/"], "safebrowsnig")  # refused
urlcol.canonicalize(["https://a.com/"], "dedup", strip_params="utm_*")  # refused
urlspark.canonicalize("url", "surtt")  # refused
urlspark.canonicalize("url", "dedup", strip_params="fbclid")  # refused
