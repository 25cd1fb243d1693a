"""Build script: the pure-Python package, plus the same modules compiled by mypyc where possible.

urlspec is one source, two builds (docs/architecture.md, "Two builds"). ``pip install .`` compiles
the WHATWG core listed in :data:`COMPILED_MODULES` with mypyc (https://mypyc.readthedocs.io/) when
a C compiler and the Python headers are there, and falls back to the pure build with one warning
line when they are not. ``URLSPEC_PURE_PYTHON=1`` at build time forces the pure build. Either way
the ``.py`` files are installed: a compiled module is the same source, and ``urlspec.COMPILED``
says which build is running.

mypyc writes one C file per module (``multi_file``), all of them parts of one extension, so that
the modules call each other directly; build_ext compiles the files on every core. (One C file for
all the modules, mypyc's default, takes twice the CPU time, on one core: the C compiler's
optimizer is slower than linear in the size of a file.)
"""

from __future__ import annotations

import glob
import os
import re
import sys
import sysconfig
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
    "src/urlspec/own_href.py",
    "src/urlspec/own_href_pattern.py",
    "src/urlspec/fast_href_getters.py",
    "src/urlspec/normalized_href.py",
    "src/urlspec/tolerated_href.py",
    "src/urlspec/rewritten_href.py",
    "src/urlspec/fast_path.py",
    "src/urlspec/relative.py",
    "src/urlspec/url.py",
    "src/urlspec/setters.py",
    "src/urlspec/origin.py",
    "src/urlspec/urlencoded.py",
    "src/urlspec/search_params.py",
    "src/urlspec/hosts/public_suffix_list.py",
    "src/urlspec/hosts/host_parts.py",
    "src/urlspec/engines/columnar_rows.py",
    # Unicode properties: URLPattern's \p{...} and identifiers, display()'s script checks.
    "src/urlspec/unicode_properties.py",
    # URLPattern: matching (test/exec, lists) and compiling patterns.
    "src/urlspec/urlpattern/errors.py",
    "src/urlspec/urlpattern/tokenizer.py",
    "src/urlspec/urlpattern/parser.py",
    "src/urlspec/urlpattern/regexp_charset.py",
    "src/urlspec/urlpattern/regexp_unicode_properties.py",
    "src/urlspec/urlpattern/regexp_syntax.py",
    "src/urlspec/urlpattern/regexp_matcher.py",
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

#: Where mypyc writes its C files: a directory of their own for each Python version (and ABI),
#: as build_ext has for its object files. mypyc writes different C for different versions (on
#: 3.12 and later it does not count references to None, which is immortal there), and
#: scripts/test.sh builds the versions side by side from one checkout: in one shared directory a
#: 3.11 build can compile a C file that a 3.12 build has just rewritten, and then gives back
#: references to None that it never took, five per ``URLRecord()`` (and CPython aborts, having
#: freed None); tests/test_reference_counts.py catches that.
C_BUILD_DIRECTORY = os.path.join(
    "build",  # ("mypyc-cpython-311-x86_64-linux-gnu", from ".cpython-311-x86_64-linux-gnu.so")
    "mypyc-" + os.path.splitext(str(sysconfig.get_config_var("EXT_SUFFIX")))[0].lstrip("."),
)

#: mypyc 2.4 writes the ``tp_init`` slot of a class that Python code may subclass
#: (``URL``: ``allow_interpreted_subclasses``) or whose base is a built-in type (the exceptions)
#: as ``return <the __init__ wrapper>(self, args, kwds) != NULL ? 0 : -1;``. The wrapper returns
#: a new reference to ``None``, which that line never releases: each instance made by calling
#: such a class would keep one reference to ``None`` more (tests/test_reference_counts.py). The
#: build rewrites the line to release it (:func:`_release_none_in_tp_init`).
_TP_INIT_KEEPING_NONE = re.compile(rb"return (CPyPy_\w+)\(self, args, kwds\) != NULL \? 0 : -1;")
_TP_INIT_RELEASING_NONE = (
    rb"PyObject *result = \1(self, args, kwds); "
    rb"if (result == NULL) return -1; Py_DECREF(result); return 0;"
)


def _warn(reason: str) -> None:
    print(f"urlspec: building the pure-Python package only ({reason})", file=sys.stderr)


def _c_files() -> dict[str, tuple[float, bytes]]:
    """The C files in :data:`C_BUILD_DIRECTORY`, each with its modification time and text."""
    files = {}
    for path in glob.glob(os.path.join(C_BUILD_DIRECTORY, "**", "*.c"), recursive=True):
        with open(path, "rb") as file:
            files[path] = (os.path.getmtime(path), file.read())
    return files


def _release_none_in_tp_init(before: dict[str, tuple[float, bytes]]) -> None:
    """Rewrite each ``tp_init`` that keeps a reference to ``None`` (:data:`_TP_INIT_KEEPING_NONE`)
    in the C files mypyc just wrote. A file whose rewritten text is what it was before mypyc ran
    gets its old modification time back, so that build_ext does not compile it again (mypyc
    itself rewrites only the files whose text changes)."""
    for path, (_, text) in _c_files().items():
        fixed = _TP_INIT_KEEPING_NONE.sub(_TP_INIT_RELEASING_NONE, text)
        if fixed != text:
            with open(path, "wb") as file:
                file.write(fixed)
        if path in before and before[path][1] == fixed:
            os.utime(path, (before[path][0], before[path][0]))


#: Set to a number to choose how many C files compile at once (default: the cores this process
#: may run on; 1 compiles one file after another).
BUILD_JOBS_VARIABLE = "URLSPEC_BUILD_JOBS"


def _build_jobs() -> int:
    configured = os.environ.get(BUILD_JOBS_VARIABLE, "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # (not on every platform)
        return max(1, os.cpu_count() or 1)


class _ParallelCompile:
    """A C compiler's ``compile`` that compiles the sources of one call in ``jobs`` threads,
    largest file first (each file is one compiler process), and never more than ``jobs``
    files at once across all calls (build_ext builds several extensions at once too). A file
    whose object file is newer than it and its headers is not compiled again."""

    def __init__(
        self,
        compile: Callable[..., list[str]],
        object_filenames: Callable[..., list[str]],
        jobs: int,
        force: bool,
    ) -> None:
        self._compile = compile
        self._object_filenames = object_filenames
        self._force = force
        self._jobs = jobs
        self._slots = threading.BoundedSemaphore(jobs)

    def _compile_one(self, source: str, kwargs: dict[str, Any]) -> list[str]:
        with self._slots:
            return self._compile([source], **kwargs)

    def _up_to_date(self, source: str, kwargs: dict[str, Any]) -> bool:
        """Whether the object file of ``source`` is newer than it, than every header it depends
        on and than this script (mypyc rewrites a C file only when its text changes)."""
        if self._force:
            return False
        (obj,) = self._object_filenames([source], output_dir=kwargs.get("output_dir"))
        try:
            built = os.path.getmtime(obj)
        except OSError:
            return False
        inputs = [source, __file__, *(kwargs.get("depends") or [])]
        return all(os.path.getmtime(path) < built for path in inputs if os.path.exists(path))

    def __call__(self, sources: list[str], **kwargs: Any) -> list[str]:
        if len(sources) <= 1 or self._jobs <= 1:
            return self._compile_one_call(sources, kwargs)
        # (an extension is built again when any of its files changed: only those compile)
        stale = [source for source in sources if not self._up_to_date(source, kwargs)]
        largest_first = sorted(stale, key=_size, reverse=True)
        with ThreadPoolExecutor(max_workers=self._jobs) as pool:
            list(pool.map(lambda source: self._compile_one(source, kwargs), largest_first))
        return self._object_filenames(sources, output_dir=kwargs.get("output_dir"))

    def _compile_one_call(self, sources: list[str], kwargs: dict[str, Any]) -> list[str]:
        with self._slots:
            return self._compile(sources, **kwargs)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


class _BuildExtOrFallBack(build_ext):
    """build_ext that compiles on every core and falls back to the pure build when the C build
    fails (no compiler, no headers): the .py modules are installed all the same.

    The C files of a build compile at once, as many as there are cores
    (:data:`BUILD_JOBS_VARIABLE`); an extension whose C files did not change since the last build
    is not compiled again (build_ext's own check: mypyc rewrites a C file only when its text
    changes), and of one that did, only the C files that changed."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = _build_jobs()

    def run(self) -> None:
        if self.inplace or getattr(self, "editable_mode", False):
            return  # an editable install (see _ext_modules)
        try:
            super().run()
        except Exception as error:  # distutils raises several unrelated types here
            _warn(f"compiling with mypyc failed: {error}")

    def build_extensions(self) -> None:
        jobs = int(self.parallel) if self.parallel is not True else _build_jobs()
        if jobs > 1:
            self.compiler.compile = _ParallelCompile(
                self.compiler.compile, self.compiler.object_filenames, jobs, bool(self.force)
            )
        super().build_extensions()

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
    c_files_before = _c_files()
    try:
        extensions = list(
            mypycify(
                [*BUILD_MYPY_OPTIONS, *COMPILED_MODULES],
                opt_level="3",
                debug_level="0",
                multi_file=True,
                target_dir=C_BUILD_DIRECTORY,
            )
        )
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _warn(f"mypyc could not compile the modules: {error!r}")
        return []
    _release_none_in_tp_init(c_files_before)
    return extensions


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _BuildExtOrFallBack})
