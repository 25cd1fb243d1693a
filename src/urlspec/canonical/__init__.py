"""Canonicalization profiles: one spelling per URL, for the job at hand.

``canonicalize(input, profile, *, base=None, **options)`` writes ``input`` in the form of one
profile (docs/canonicalization.md explains each, step by step):

========================  ===============================================================
``whatwg``                the URL Standard's serialization (``URL(input, base).href``)
``dedup``                 for grouping URLs a server most likely answers the same
                          (options ``strip_params``: a list of names or patterns, or
                          ``"tracking"``; ``keep_fragment``, ``sort_query``)
``safebrowsing``          Google Safe Browsing's canonicalization (option ``keep_port``);
                          :func:`safebrowsing_expressions` gives the expressions it hashes
``surt``                  the Internet Archive's SURT key, as the ``surt`` package makes it
                          (options ``with_scheme``, ``trailing_comma``, ``host_massage``,
                          ``reverse_ipaddr``)
``ssurt``                 IIPC's host-first SURT form of the WHATWG serialization
========================  ===============================================================

Every profile is deterministic, and every profile whose output is a URL (all but ``surt`` and
``ssurt``, which are sort keys) is idempotent. The only exception an input can raise is
:class:`~urlspec.InvalidURL` (a subclass of ValueError), for an input that is not a URL to the
profile; an unknown profile is ValueError and an unknown option TypeError.

Each profile lives in its own module; ``import urlspec`` loads none of them (this package is
imported on the first use of ``urlspec.canonicalize``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, Unpack, cast, overload

from urlspec.canonical.dedup import TRACKING_PARAMETERS, canonicalize_dedup
from urlspec.canonical.options import (
    DedupOptions,
    Profile,
    SafebrowsingOptions,
    StripParams,
    SurtOptions,
)
from urlspec.canonical.safebrowsing import canonicalize_safebrowsing
from urlspec.canonical.safebrowsing import safebrowsing_expressions as _expressions
from urlspec.canonical.surt import ssurt as _ssurt
from urlspec.canonical.surt import surt as _surt
from urlspec.canonical.whatwg import canonicalize_whatwg
from urlspec.url import URL

__all__ = [
    "PROFILES",
    "TRACKING_PARAMETERS",
    "DedupOptions",
    "Profile",
    "SafebrowsingOptions",
    "StripParams",
    "SurtOptions",
    "canonicalize",
    "canonicalize_as",
    "safebrowsing_expressions",
]

#: The profiles' names (the values of the type :data:`Profile`).
PROFILES: Final[tuple[Profile, ...]] = ("whatwg", "dedup", "safebrowsing", "surt", "ssurt")


@overload
def canonicalize(
    input: str | URL,
    profile: Literal["whatwg", "ssurt"] = "whatwg",
    *,
    base: str | URL | None = None,
) -> str: ...
@overload
def canonicalize(
    input: str | URL,
    profile: Literal["dedup"],
    *,
    base: str | URL | None = None,
    **options: Unpack[DedupOptions],
) -> str: ...
@overload
def canonicalize(
    input: str | URL,
    profile: Literal["safebrowsing"],
    *,
    base: str | URL | None = None,
    **options: Unpack[SafebrowsingOptions],
) -> str: ...
@overload
def canonicalize(
    input: str | URL,
    profile: Literal["surt"],
    *,
    base: str | URL | None = None,
    **options: Unpack[SurtOptions],
) -> str: ...
def canonicalize(
    input: str | URL, profile: str = "whatwg", *, base: str | URL | None = None, **options: object
) -> str:
    """``input`` (resolved against ``base``) written in the form of ``profile``.

    ``safebrowsing`` and ``surt`` read their input as their defining documents do, not with
    the WHATWG parser; with a ``base``, the input is first resolved by the WHATWG parser.
    The options of each profile are typed (:class:`DedupOptions`, :class:`SafebrowsingOptions`,
    :class:`SurtOptions`): a type checker refuses a misspelled profile or option, and so does
    this function at run time (ValueError, TypeError).
    """
    return canonicalize_as(input, profile, base, options)


def canonicalize_as(
    input: str | URL, profile: str, base: str | URL | None, options: Mapping[str, object]
) -> str:
    """:func:`canonicalize` for a profile name known only at run time (read from a command line
    or a column): the same checks, made when called rather than by a type checker."""
    if profile == "whatwg":
        if options:
            _no_options(profile, options)
        return canonicalize_whatwg(input, base)
    # (Without options, each profile's function is called without unpacking them: that call is
    # the commonest and costs a fraction of one with keyword arguments.)
    if profile == "dedup":
        if not options:
            return canonicalize_dedup(input, base)
        return canonicalize_dedup(input, base, **cast(DedupOptions, options))
    if profile == "ssurt":
        if options:
            _no_options(profile, options)
        return _ssurt(canonicalize_whatwg(input, base))
    if profile == "safebrowsing":
        if not options:
            return canonicalize_safebrowsing(_text(input, base))
        return canonicalize_safebrowsing(_text(input, base), **cast(SafebrowsingOptions, options))
    if profile == "surt":
        if not options:
            return _surt(_text(input, base))
        return _surt(_text(input, base), **cast(SurtOptions, options))
    raise ValueError(f"unknown canonicalization profile {profile!r}: one of {PROFILES}")


def safebrowsing_expressions(input: str | URL, *, base: str | URL | None = None) -> list[str]:
    """The host-suffix / path-prefix expressions Safe Browsing hashes for ``input`` (at most
    5 hosts x 6 paths, ``host/path?query``), from its ``safebrowsing`` canonical form."""
    return _expressions(_text(input, base))


def _text(input: str | URL, base: str | URL | None) -> str:
    """The text a profile that reads raw input reads: ``input``, or its href when it is a URL
    or must be resolved against ``base`` first."""
    if base is None and isinstance(input, str):
        return input
    return canonicalize_whatwg(input, base)


def _no_options(profile: str, options: Mapping[str, object]) -> None:
    names = ", ".join(sorted(options))
    raise TypeError(f"the {profile!r} profile takes no options (given: {names})")
