"""The types of the canonicalization profiles' names and options, for type checkers.

``urlspec.canonicalize``, ``urlspec.columnar.canonicalize`` and ``urlspec.spark.canonicalize``
take a profile name and that profile's options; their overloads, written with these types, let
``mypy --strict`` refuse a misspelled profile (``"dedpu"``), an option the profile does not take
(``keep_port`` with ``dedup``) and an option of the wrong type (``strip_params="utm_source"``).
This module holds those types and the default list of tracking parameters only: importing it
loads no profile (the command line declares its options with it).
"""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Final, Literal, TypeAlias, TypedDict

__all__ = [
    "TRACKING",
    "TRACKING_PARAMETERS",
    "DedupOptions",
    "Profile",
    "SafebrowsingOptions",
    "StripParams",
    "SurtOptions",
]

#: A profile's name (``urlspec.canonical.PROFILES`` holds the same names).
Profile: TypeAlias = Literal["whatwg", "dedup", "safebrowsing", "surt", "ssurt"]

#: The word that stands for the default list of tracking parameters
#: (:data:`TRACKING_PARAMETERS`) wherever ``strip_params`` is given: in
#: Python, over Arrow columns, in Spark and on the command line.
TRACKING: Final = "tracking"

#: The tracking parameters that ``strip_params="tracking"`` (``urlspec canon --strip-params
#: tracking``) removes: analytics campaign tags and ad-click identifiers that never change what
#: a page shows.
TRACKING_PARAMETERS: Final = (
    "utm_*",  # Google Analytics campaign tags (utm_source, utm_medium, utm_campaign, ...)
    "fbclid",  # Facebook click id
    "gclid",  # Google Ads click ids
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",  # Microsoft Advertising click id
    "yclid",  # Yandex click id
    "twclid",  # X (Twitter) click id
    "igshid",  # Instagram share id
    "mc_cid",  # Mailchimp campaign and subscriber ids
    "mc_eid",
    "_ga",  # Google Analytics cross-domain linker
    "_gl",
    "_hsenc",  # HubSpot
    "_hsmi",
    "mkt_tok",  # Marketo
    "oly_anon_id",  # Omeda
    "oly_enc_id",
    "vero_id",  # Vero
    "ref_src",  # Twitter embeds
)

#: What ``dedup`` removes from the query: the word ``"tracking"``; a collection of parameter
#: names or ``fnmatch`` patterns (a list, tuple or set: a bare string other than
#: ``"tracking"`` is refused, as it would be read as its characters); one compiled pattern
#: matched against each name; or None (nothing).
StripParams: TypeAlias = (
    Literal["tracking"] | list[str] | tuple[str, ...] | Set[str] | re.Pattern[str] | None
)


class DedupOptions(TypedDict, total=False):
    """The options of the ``dedup`` profile (``urlspec.canonical.dedup``)."""

    strip_params: StripParams  # default None: no parameter removed
    keep_fragment: bool  # default False
    sort_query: bool  # default True


class SafebrowsingOptions(TypedDict, total=False):
    """The options of the ``safebrowsing`` profile (``urlspec.canonical.safebrowsing``)."""

    keep_port: bool  # default False


class SurtOptions(TypedDict, total=False):
    """The options of the ``surt`` profile (``urlspec.canonical.surt``)."""

    with_scheme: bool  # default False
    trailing_comma: bool  # default False
    host_massage: bool  # default True
    reverse_ipaddr: bool  # default True
