"""Build script: the pure-Python package, plus the same modules compiled by mypyc where possible.

urlspec is one source, two builds (docs/architecture.md, "Two builds"). ``pip install .`` compiles
the WHATWG core listed in :data:`COMPILED_MODULES` with mypyc (https://mypyc.readthedocs.io/) when
a C compiler and the Python headers are there, and falls back to the pure build with one warning
line when they are not. ``URLSPEC_PURE_PYTHON=1`` at build time forces the pure build. Either way
the ``.py`` files are installed: a compiled module is the same source, and ``urlspec.COMPILED``
says which build is running.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules mypyc compiles: the URL Standard's core, on every URL's path, the urllib.parse
#: drop-in (but its __init__, which presents the package as urllib.parse, and _results, whose
#: result classes are namedtuples), sites, data: URLs and MIME types. The CLI and the package's
#: lazy-import __init__ stay interpreted.
COMPILED_MODULES = [
    "src/urlspec/infra.py",
    "src/urlspec/validation.py",
    "src/urlspec/url_record.py",
    "src/urlspec/percent_encoding.py",
    "src/urlspec/punycode.py",
    "src/urlspec/host.py",
    "src/urlspec/idna.py",
    "src/urlspec/parser.py",
    "src/urlspec/fast_path.py",
    "src/urlspec/own_href.py",
    "src/urlspec/relative.py",
    "src/urlspec/url.py",
    "src/urlspec/setters.py",
    "src/urlspec/origin.py",
    "src/urlspec/urlencoded.py",
    "src/urlspec/search_params.py",
    "src/urlspec/hosts/public_suffix_list.py",
    "src/urlspec/hosts/host_parts.py",
    "src/urlspec/engines/columnar_rows.py",
    # URLPattern: matching (test/exec, lists) and compiling patterns.
    "src/urlspec/urlpattern/errors.py",
    "src/urlspec/urlpattern/tokenizer.py",
    "src/urlspec/urlpattern/parser.py",
    "src/urlspec/urlpattern/regexp.py",
    "src/urlspec/urlpattern/canonicalize.py",
    "src/urlspec/urlpattern/component.py",
    "src/urlspec/urlpattern/constructor_string.py",
    "src/urlspec/urlpattern/compare.py",
    "src/urlspec/urlpattern/generate.py",
    "src/urlspec/urlpattern/pattern.py",
    "src/urlspec/urlpattern/pattern_list.py",
    # The SSRF guard's logic (its client adapters stay interpreted: they import httpx/requests).
    "src/urlspec/guard/reasons.py",
    "src/urlspec/guard/policy.py",
    "src/urlspec/guard/checking.py",
    "src/urlspec/guard/resolving.py",
    # The everyday toolkit the URL class delegates to (toolkit/display.py stays interpreted).
    "src/urlspec/toolkit/_common.py",
    "src/urlspec/toolkit/joining.py",
    "src/urlspec/toolkit/query_editing.py",
    "src/urlspec/toolkit/url_paths.py",
    "src/urlspec/toolkit/shortest_reference.py",
    "src/urlspec/toolkit/building.py",
    "src/urlspec/toolkit/components.py",
    "src/urlspec/toolkit/file_url.py",
    "src/urlspec/hosts/sites.py",
    "src/urlspec/fetch/data_url.py",
    "src/urlspec/fetch/mime_type.py",
    "src/urlspec/fetch/forgiving_base64.py",
    "src/urlspec/parse/_common.py",
    "src/urlspec/parse/_split.py",
    "src/urlspec/parse/_join.py",
    "src/urlspec/parse/_quoting.py",
    "src/urlspec/parse/_query.py",
    "src/urlspec/parse/_legacy.py",
    # The canonicalization profiles (not their package's __init__, a thin dispatcher).
    "src/urlspec/canonical/options.py",
    "src/urlspec/canonical/escaping.py",
    "src/urlspec/canonical/inet_aton.py",
    "src/urlspec/canonical/web_url.py",
    "src/urlspec/canonical/whatwg.py",
    "src/urlspec/canonical/dedup.py",
    "src/urlspec/canonical/safebrowsing.py",
    "src/urlspec/canonical/surt.py",
]

#: mypy options for the build's type check. The build environment has only the build requirements
#: (pyproject.toml), not the optional packages that modules outside COMPILED_MODULES import
#: (httpx, requests, pyarrow, ...): mypy follows those imports and, under the project's
#: strict settings, would fail the build on them. The full strict check, with every package
#: installed, is ``mypy --strict`` in scripts/test.sh.
BUILD_MYPY_OPTIONS = [
    "--ignore-missing-imports",
    "--allow-subclassing-any",
    "--no-warn-unused-ignores",
    "--no-warn-return-any",
]

PURE_BUILD_VARIABLE = "URLSPEC_PURE_PYTHON"


def _warn(reason: str) -> None:
    print(f"urlspec: building the pure-Python package only ({reason})", file=sys.stderr)


class _BuildExtOrFallBack(build_ext):
    """build_ext that falls back to the pure build when the C build fails (no compiler, no
    headers): the .py modules are installed all the same."""

    def run(self) -> None:
        if self.inplace or getattr(self, "editable_mode", False):
            return  # an editable install (see _ext_modules)
        try:
            super().run()
        except Exception as error:  # distutils raises several unrelated types here
            _warn(f"compiling with mypyc failed: {error}")

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            _warn(f"compiling {ext.name} failed: {error}")


# The setup commands that build a wheel or install (not egg_info, dist_info, sdist: mypyc takes
# ~10 s, and pip asks for metadata before it builds).
_BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "install"}
_EDITABLE_COMMANDS = {"develop", "editable_wheel"}


def _ext_modules() -> list[Any]:
    commands = set(sys.argv[1:])
    if commands & _EDITABLE_COMMANDS:
        # An editable install runs the source tree: compiled modules beside the .py files would
        # shadow every later edit of them.
        print("urlspec: editable install: the pure-Python build", file=sys.stderr)
        return []
    if not commands & _BUILD_COMMANDS:
        return []
    if os.environ.get(PURE_BUILD_VARIABLE, "") not in ("", "0"):
        print(f"urlspec: {PURE_BUILD_VARIABLE} is set: the pure-Python build", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed")
        return []
    try:
        return list(
            mypycify([*BUILD_MYPY_OPTIONS, *COMPILED_MODULES], opt_level="3", debug_level="0")
        )
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _warn(f"mypyc could not compile the modules: {error!r}")
        return []


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _BuildExtOrFallBack})
