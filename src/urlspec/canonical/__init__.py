"""Canonicalization profiles: one spelling per URL, for the job at hand.

``canonicalize(input, profile, *, base=None, **options)`` writes ``input`` in the form of one
profile (docs/canonicalization.md explains each, step by step):

========================  ===============================================================
``whatwg``                the URL Standard's serialization (``URL(input, base).href``)
``dedup``                 for grouping URLs a server most likely answers the same
                          (options ``strip_params``, ``keep_fragment``, ``sort_query``)
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

Each profile lives in its own module, imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["PROFILES", "canonicalize", "safebrowsing_expressions"]

#: The profiles' names.
PROFILES: Final = ("whatwg", "dedup", "safebrowsing", "surt", "ssurt")


def canonicalize(
    input: str | URL, profile: str = "whatwg", *, base: str | URL | None = None, **options: Any
) -> str:
    """``input`` (resolved against ``base``) written in the form of ``profile``.

    ``safebrowsing`` and ``surt`` read their input as their defining documents do, not with
    the WHATWG parser; with a ``base``, the input is first resolved by the WHATWG parser.
    """
    if profile == "whatwg":
        _no_options(profile, options)
        from urlspec.canonical.whatwg import canonicalize_whatwg

        return canonicalize_whatwg(input, base)
    if profile == "dedup":
        from urlspec.canonical.dedup import canonicalize_dedup

        return canonicalize_dedup(input, base, **options)
    if profile == "ssurt":
        _no_options(profile, options)
        return _ssurt(input, base)
    if profile not in PROFILES:
        raise ValueError(f"unknown canonicalization profile {profile!r}: one of {PROFILES}")
    text = _text(input, base)
    if profile == "safebrowsing":
        from urlspec.canonical.safebrowsing import canonicalize_safebrowsing

        return canonicalize_safebrowsing(text, **options)
    from urlspec.canonical.surt import surt

    return surt(text, **options)


def safebrowsing_expressions(input: str | URL, *, base: str | URL | None = None) -> list[str]:
    """The host-suffix / path-prefix expressions Safe Browsing hashes for ``input`` (at most
    5 hosts x 6 paths, ``host/path?query``), from its ``safebrowsing`` canonical form."""
    from urlspec.canonical.safebrowsing import safebrowsing_expressions as expressions

    return expressions(_text(input, base))


def _text(input: str | URL, base: str | URL | None) -> str:
    """The text a profile that reads raw input reads: ``input``, or its href when it is a URL
    or must be resolved against ``base`` first."""
    if base is None and isinstance(input, str):
        return input
    from urlspec.canonical.whatwg import canonicalize_whatwg

    return canonicalize_whatwg(input, base)


def _ssurt(input: str | URL, base: str | URL | None) -> str:
    from urlspec.canonical.surt import ssurt
    from urlspec.host import HostKind
    from urlspec.url import URL

    url = input if isinstance(input, URL) else URL(input, base)
    return ssurt(url.href, url.host_kind in (HostKind.IPV4, HostKind.IPV6))


def _no_options(profile: str, options: dict[str, Any]) -> None:
    if options:
        names = ", ".join(sorted(options))
        raise TypeError(f"the {profile!r} profile takes no options (given: {names})")
