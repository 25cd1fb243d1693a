"""urlspec: URLs done right, in pure Python.

Two worlds in one package:

* ``urlspec.URL``, ``urlspec.URLSearchParams`` and the host/IDNA functions implement the
  WHATWG URL Standard (https://url.spec.whatwg.org/), as browsers parse URLs;
* ``urlspec.parse`` is a drop-in replacement for the standard library's ``urllib.parse``,
  behaving as the newest CPython does on every supported Python.

Names are loaded on first use, so ``import urlspec`` stays cheap.
"""

from __future__ import annotations

import importlib

# Not typing.TYPE_CHECKING: importing typing would double the cost of "import urlspec". Type
# checkers treat any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from urlspec import parse as parse
    from urlspec.canonical import canonicalize as canonicalize
    from urlspec.canonical import safebrowsing_expressions as safebrowsing_expressions
    from urlspec.fetch.data_url import DataURL as DataURL
    from urlspec.fetch.data_url import parse_data_url as parse_data_url
    from urlspec.fetch.mime_type import MIMEType as MIMEType
    from urlspec.fetch.mime_type import parse_mime_type as parse_mime_type
    from urlspec.host import HostKind as HostKind
    from urlspec.host import InvalidHost as InvalidHost
    from urlspec.hosts.host_parts import ExtractResult as ExtractResult
    from urlspec.hosts.host_parts import extract as extract
    from urlspec.hosts.public_suffix_list import PublicSuffixList as PublicSuffixList
    from urlspec.hosts.public_suffix_list import public_suffix as public_suffix
    from urlspec.hosts.public_suffix_list import registrable_domain as registrable_domain
    from urlspec.hosts.sites import same_site as same_site
    from urlspec.hosts.sites import site as site
    from urlspec.hosts.special_addresses import AddressClass as AddressClass
    from urlspec.hosts.special_addresses import address_class as address_class
    from urlspec.idna import InvalidDomain as InvalidDomain
    from urlspec.idna import domain_to_ascii as domain_to_ascii
    from urlspec.idna import domain_to_unicode as domain_to_unicode
    from urlspec.origin import OpaqueOrigin as OpaqueOrigin
    from urlspec.origin import Origin as Origin
    from urlspec.origin import TupleOrigin as TupleOrigin
    from urlspec.origin import get_origin as get_origin
    from urlspec.own_href import COMPILED as COMPILED
    from urlspec.search_params import ReadOnlySearchParamsError as ReadOnlySearchParamsError
    from urlspec.search_params import URLSearchParams as URLSearchParams
    from urlspec.url import URL as URL
    from urlspec.url import validate as validate
    from urlspec.urlencoded import urlencoded_parse as urlencoded_parse
    from urlspec.urlencoded import urlencoded_serialize as urlencoded_serialize
    from urlspec.urlpattern import URLPattern as URLPattern
    from urlspec.urlpattern import URLPatternError as URLPatternError
    from urlspec.urlpattern import URLPatternList as URLPatternList
    from urlspec.validation import InvalidURL as InvalidURL
    from urlspec.validation import StrictReplaceError as StrictReplaceError
    from urlspec.validation import ValidationError as ValidationError
    from urlspec.web.redirect import check_redirect as check_redirect
    from urlspec.web.redirect import safe_redirect as safe_redirect

__version__ = "0.1.0"

# public name -> the module that defines it
_EXPORTS: dict[str, str] = {
    "COMPILED": "urlspec.own_href",  # whether the core runs compiled by mypyc
    "URL": "urlspec.url",
    "validate": "urlspec.url",
    "URLSearchParams": "urlspec.search_params",
    "ReadOnlySearchParamsError": "urlspec.search_params",  # url.search_params.append(...)
    "InvalidURL": "urlspec.validation",
    "StrictReplaceError": "urlspec.validation",  # URL.replace(..., strict=True)
    "ValidationError": "urlspec.validation",
    "HostKind": "urlspec.host",
    "InvalidDomain": "urlspec.idna",
    "domain_to_ascii": "urlspec.idna",
    "domain_to_unicode": "urlspec.idna",
    "Origin": "urlspec.origin",
    "TupleOrigin": "urlspec.origin",
    "OpaqueOrigin": "urlspec.origin",
    # data: URLs (the Fetch Standard), MIME types, origins as objects
    "DataURL": "urlspec.fetch.data_url",
    "parse_data_url": "urlspec.fetch.data_url",
    "MIMEType": "urlspec.fetch.mime_type",
    "parse_mime_type": "urlspec.fetch.mime_type",
    "get_origin": "urlspec.origin",
    "urlencoded_parse": "urlspec.urlencoded",
    "urlencoded_serialize": "urlspec.urlencoded",
    # canonicalization profiles
    "canonicalize": "urlspec.canonical",
    "safebrowsing_expressions": "urlspec.canonical",
    # hosts: public suffixes, registrable domains, sites, address classes
    "InvalidHost": "urlspec.host",
    "PublicSuffixList": "urlspec.hosts.public_suffix_list",
    "public_suffix": "urlspec.hosts.public_suffix_list",
    "registrable_domain": "urlspec.hosts.public_suffix_list",
    "site": "urlspec.hosts.sites",
    "same_site": "urlspec.hosts.sites",
    "address_class": "urlspec.hosts.special_addresses",
    "safe_redirect": "urlspec.web.redirect",
    "check_redirect": "urlspec.web.redirect",
    "AddressClass": "urlspec.hosts.special_addresses",
    "extract": "urlspec.hosts.host_parts",
    "ExtractResult": "urlspec.hosts.host_parts",
    # URLPattern (https://urlpattern.spec.whatwg.org/), lists of patterns, generation
    "URLPattern": "urlspec.urlpattern",
    "URLPatternError": "urlspec.urlpattern",
    "URLPatternList": "urlspec.urlpattern",
}

__all__ = [*sorted(_EXPORTS), "parse"]


if not TYPE_CHECKING:  # type checkers see the imports above, so that typos are caught

    def __getattr__(name: str) -> object:
        if name == "parse":
            return importlib.import_module("urlspec.parse")
        module = _EXPORTS.get(name)
        if module is None:
            raise AttributeError(f"module 'urlspec' has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    # The public names once each, and the module's dunders; not the helpers that make the lazy
    # loading work (importlib, annotations, TYPE_CHECKING, _EXPORTS).
    dunders = [name for name in globals() if name.startswith("__") and name.endswith("__")]
    return sorted({*__all__, *dunders})
