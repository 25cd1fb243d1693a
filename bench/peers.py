"""One adapter per URL library that the benchmark suite times side by side with urlspec.

Each adapter gives, for one library, the closest equivalent of each workload of the suite
(``bench/run.py``) as a one-argument callable:

* ``parse``: build the library's URL object from a string (``bench/memory.py`` keeps these);
* ``href``: build it and read back the normalized URL string ("parse + href");
* ``getters``: build it and read every component getter it has ("parse + every getter");
* ``can_parse``: the library's own validity check, when it has one (else ``None``).

Every callable raises on an input the library rejects; the suite catches and counts those the
same way for every library. ``components`` returns the WHATWG URL API getters (§6.1, "The URL
class") as strings, for checking an adapter against WPT; it is never timed.

The peers are optional (``pip install -e '.[bench]'``): a library that cannot be imported is
skipped with the reason, as is urlspec itself while its ``URL`` class is not usable yet.
Libraries are imported by name through ``importlib`` so that this file type-checks whether or not
they are installed.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import platform
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

# The getters of the WHATWG URL class, https://url.spec.whatwg.org/#url-class, in spec order.
WHATWG_GETTERS = (
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

Components = dict[str, str]


@dataclass(frozen=True)
class Library:
    """One library as the suite sees it: its name, version and workload callables."""

    name: str
    version: str
    description: str
    parse: Callable[[str], object]
    href: Callable[[str], object]
    getters: Callable[[str], object]
    can_parse: Callable[[str], bool] | None
    components: Callable[[str], Components] | None
    clear_caches: Callable[[], None]
    getters_read: str  # what "every getter" reads for this library, for the README


class Unavailable(Exception):
    """A library cannot be benchmarked here (not installed, or not ready yet)."""


def no_caches() -> None:
    """The ``clear_caches`` of a library that keeps no caches across calls."""


def distribution_version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def import_peer(module: str, distribution: str) -> Any:
    """Import a peer library's module, or raise Unavailable saying how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        extra = peer_extra(distribution)
        raise Unavailable(
            f"{distribution} is not installed ({error}); pip install -e '.[{extra}]'"
        ) from error


def peer_extra(distribution: str) -> str:
    """The pyproject extra that installs a peer: urlstd (ICU built from source) is only in
    ``bench-all``, the others are in ``bench``."""
    return "bench-all" if distribution == "urlstd" else "bench"


def whatwg_components(url: Any) -> Components:
    """The WHATWG getters of a URL object that has them under their spec names."""
    return {name: str(getattr(url, name)) for name in WHATWG_GETTERS}


def whatwg_library(
    name: str,
    distribution: str,
    description: str,
    parse: Callable[[str], Any],
    can_parse: Callable[[str], bool] | None,
) -> Library:
    """The adapter of a library whose URL objects have the WHATWG getters under their spec
    names (urlspec, can_ada, ada_url, urlstd): every one of them is timed the same way."""

    def href(s: str) -> object:
        return parse(s).href

    def getters(s: str) -> object:
        u = parse(s)
        return (
            u.href,
            u.protocol,
            u.username,
            u.password,
            u.host,
            u.hostname,
            u.port,
            u.pathname,
            u.search,
            u.hash,
            u.origin,
        )

    def components(s: str) -> Components:
        return whatwg_components(parse(s))

    return Library(
        name=name,
        version=distribution_version(distribution),
        description=description,
        parse=parse,
        href=href,
        getters=getters,
        can_parse=can_parse,
        components=components,
        clear_caches=no_caches,  # none of them keeps a memo across calls
        getters_read="the 10 WHATWG getters + origin",
    )


# ---------------------------------------------------------------------------------------------
# urlspec: the library under test


def load_urlspec() -> Library:
    """urlspec.URL; Unavailable until ``URL("https://a/").href`` works."""
    try:
        urlspec = importlib.import_module("urlspec")
        url_class = urlspec.URL
        if url_class("https://a/").href != "https://a/":
            raise Unavailable("urlspec.URL('https://a/').href is not 'https://a/' yet")
    except Unavailable:
        raise
    except Exception as error:
        raise Unavailable(f"urlspec.URL is not usable yet ({error!r})") from error

    library = whatwg_library(
        "urlspec",
        "urlspec",
        "this project: the WHATWG URL Standard, "
        + ("compiled with mypyc" if urlspec.COMPILED else "pure Python"),
        url_class,
        url_class.can_parse,
    )
    # urlspec remembers the conversions of the internationalized labels it met: each timed run
    # starts without them, so that a label is converted in full the first time a run meets it.
    idna = importlib.import_module("urlspec.idna")
    return replace(library, clear_caches=idna.forget_converted_labels)


# ---------------------------------------------------------------------------------------------
# Peers that implement the WHATWG URL API under the spec's getter names


def load_can_ada() -> Library:
    """can_ada: ada (C++) bound with pybind11; ``can_ada.parse(s)`` raises ValueError."""
    can_ada = import_peer("can_ada", "can_ada")
    return whatwg_library(
        "can_ada", "can_ada", "ada (C++) via pybind11", can_ada.parse, can_ada.can_parse
    )


def load_ada_url() -> Library:
    """ada_url: ada (C++) through its C API and CFFI; ``ada_url.URL(s)`` raises ValueError."""
    ada_url = import_peer("ada_url", "ada-url")
    url_class = ada_url.URL

    return whatwg_library(
        "ada_url", "ada-url", "ada (C++) via its C API and CFFI", url_class, url_class.can_parse
    )


def load_urlstd() -> Library:
    """urlstd: the WHATWG URL Standard in pure Python (IDNA through ICU, icupy)."""
    urlstd_parse = import_peer("urlstd.parse", "urlstd")
    url_class = urlstd_parse.URL

    can_parse = getattr(url_class, "can_parse", None)
    return whatwg_library(
        "urlstd",
        "urlstd",
        "WHATWG URL Standard in pure Python (ICU for IDNA)",
        url_class,
        can_parse if callable(can_parse) else None,
    )


# ---------------------------------------------------------------------------------------------
# Peers with their own component names


def load_url_py() -> Library:
    """url-py (import name ``url``): Rust's url crate (Servo), bound with PyO3.

    ``url.URL.parse(s)`` raises ``url.URLError``; ``str(u)`` is the href. Its getters are the
    crate's raw components (``scheme``, ``host_str``, ``query``...), which ``components``
    turns into the WHATWG getters' strings.
    """
    url_module = import_peer("url", "url-py")
    parse = url_module.URL.parse

    def href(s: str) -> object:
        return str(parse(s))

    def getters(s: str) -> object:
        u = parse(s)
        return (
            str(u),
            u.scheme,
            u.username,
            u.password,
            u.host_str,
            u.port,
            u.path,
            u.query,
            u.fragment,
        )

    def components(s: str) -> Components:
        u = parse(s)
        return url_py_components(
            str(u),
            u.scheme,
            u.username,
            u.password,
            u.host_str,
            u.port,
            u.path,
            u.query,
            u.fragment,
        )

    return Library(
        name="url-py",
        version=distribution_version("url-py"),
        description="Rust url crate (Servo) via PyO3",
        parse=parse,
        href=href,
        getters=getters,
        can_parse=None,
        components=components,
        clear_caches=no_caches,
        getters_read="str(), scheme, username, password, host_str, port, path, query, fragment",
    )


def url_py_components(
    href: str,
    scheme: str,
    username: str,
    password: str | None,
    host: str | None,
    port: int | None,
    path: str,
    query: str | None,
    fragment: str | None,
) -> Components:
    """The WHATWG getters computed from the Rust url crate's components, as §6.1 defines them.

    The crate keeps null and empty apart as the spec's URL record does; the getters of the
    URL class (https://url.spec.whatwg.org/#dom-url-search and #dom-url-hash) return "" for both.
    """
    hostname = "" if host is None else host
    port_string = "" if port is None else str(port)
    return {
        "href": href,
        "protocol": scheme + ":",
        "username": username,
        "password": "" if password is None else password,
        "host": hostname if port is None else f"{hostname}:{port_string}",
        "hostname": hostname,
        "port": port_string,
        "pathname": path,
        "search": "?" + query if query else "",
        "hash": "#" + fragment if fragment else "",
    }


def load_yarl() -> Library:
    """yarl: aio-libs' URL class (not WHATWG: RFC 3986 with its own normalization).

    yarl memoizes: ``yarl.cache_clear()`` (public) empties its host caches, and its module-level
    ``functools.lru_cache`` functions (``encode_url`` keyed by the whole input string,
    ``split_url``, ...) are emptied too, so no timed run starts with entries from another.
    """
    yarl = import_peer("yarl", "yarl")
    url_class = yarl.URL
    private_modules = [importlib.import_module(m) for m in ("yarl._url", "yarl._parse")]

    def clear_caches() -> None:
        yarl.cache_clear()
        for module in private_modules:
            for value in vars(module).values():
                cache_clear = getattr(value, "cache_clear", None)
                if callable(cache_clear):
                    cache_clear()

    def href(s: str) -> object:
        return str(url_class(s))

    def getters(s: str) -> object:
        u = url_class(s)
        return (
            str(u),
            u.scheme,
            u.raw_user,
            u.raw_password,
            u.host_port_subcomponent,
            u.raw_host,
            u.explicit_port,
            u.raw_path,
            u.raw_query_string,
            u.raw_fragment,
        )

    return Library(
        name="yarl",
        version=distribution_version("yarl"),
        description="aio-libs yarl (RFC 3986, not WHATWG); caches cleared before each run",
        parse=url_class,
        href=href,
        getters=getters,
        can_parse=None,
        components=None,
        clear_caches=clear_caches,
        getters_read="str(), scheme, raw_user, raw_password, host_port_subcomponent, raw_host, "
        "explicit_port, raw_path, raw_query_string, raw_fragment",
    )


def load_stdlib() -> Library:
    """The standard library: ``urllib.parse.urlsplit(s)`` and ``geturl()`` (not WHATWG).

    ``urlsplit`` memoizes its results (``functools.lru_cache``); ``urllib.parse.clear_cache()``
    empties it before each timed run.
    """
    parse_module = importlib.import_module("urllib.parse")
    urlsplit = parse_module.urlsplit

    def href(s: str) -> object:
        return urlsplit(s).geturl()

    def getters(s: str) -> object:
        u = urlsplit(s)
        return (
            u.geturl(),
            u.scheme,
            u.username,
            u.password,
            u.netloc,
            u.hostname,
            u.port,
            u.path,
            u.query,
            u.fragment,
        )

    return Library(
        name="urllib",
        version=platform.python_version(),
        description="stdlib urllib.parse.urlsplit + geturl() (not WHATWG)",
        parse=urlsplit,
        href=href,
        getters=getters,
        can_parse=None,
        components=None,
        clear_caches=parse_module.clear_cache,
        getters_read="geturl(), scheme, username, password, netloc, hostname, port, path, "
        "query, fragment",
    )


LOADERS: dict[str, Callable[[], Library]] = {
    "urlspec": load_urlspec,
    "can_ada": load_can_ada,
    "ada_url": load_ada_url,
    "url-py": load_url_py,
    "urlstd": load_urlstd,
    "yarl": load_yarl,
    "urllib": load_stdlib,
}


def load_libraries(names: list[str] | None = None) -> tuple[list[Library], dict[str, str]]:
    """The libraries that can run here, in LOADERS order, and why each other one cannot."""
    libraries: list[Library] = []
    skipped: dict[str, str] = {}
    for name, load in LOADERS.items():
        if names is not None and name not in names:
            continue
        try:
            libraries.append(load())
        except Unavailable as reason:
            skipped[name] = str(reason)
    return libraries, skipped
