#!/usr/bin/env bash
# The side-by-side benchmark with its peers installed: bench/README.md explains what it measures.
#
#   scripts/bench.sh [--python X.Y] [--pure] [--with-urlstd] [bench.run options...]
#
# Makes .venv-bench/X.Y (Python 3.11 by default, else the newest supported one found), installs
# urlspec with the `bench` extra (can_ada, url-py, ada-url, yarl; the stdlib needs nothing), and
# runs `python -m bench.run` with the remaining arguments, e.g.
#   scripts/bench.sh --rounds 9 --markdown results.md
# urlspec is installed as users get it, compiled with mypyc (about two minutes), once: a later run
# installs again only when the source changed (scripts/source-stamp.sh); --pure installs the
# pure-Python build instead, in .venv-bench/X.Y-pure.
# --with-urlstd installs the `bench-all` extra too: urlstd needs icupy, which builds ICU from
# source (about 35 minutes here, once per environment).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find-python.sh
. scripts/source-stamp.sh

version=""
extra="bench"
pure=0
while [ $# -gt 0 ]; do
    case "$1" in
        --python) version=$2; shift 2 ;;
        --pure) pure=1; shift ;;
        --with-urlstd) extra="bench-all"; shift ;;
        *) break ;;
    esac
done

if [ -n "$version" ]; then
    py=$(find_python "$version" || true)
else
    version=3.11
    py=$(find_python 3.11 || true)
    if [ -z "$py" ]; then
        for candidate in 3.13 3.12; do
            if py=$(find_python "$candidate"); then version=$candidate; break; fi
        done
    fi
fi
if [ -z "${py:-}" ]; then
    echo "bench.sh: Python ${version:-3.11+} not found (PATH, pyenv)" >&2
    exit 1
fi

venv=.venv-bench/$version; [ "$pure" = 1 ] && venv=$venv-pure
[ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
stamp="$(source_stamp):$extra:pure=$pure"
if stamp_matches "$venv" "$stamp"; then
    echo "bench.sh: urlspec in $venv is up to date with the source (no install)" >&2
else
    rm -f "$venv/.urlspec-stamp"
    if [ "$pure" = 1 ]; then
        echo "bench.sh: installing the pure-Python build and the peers into $venv" >&2
    else
        echo "bench.sh: installing urlspec into $venv, compiling it with mypyc (about 2-3" \
            "minutes on 2 cores, once), and the peers" >&2
    fi
    URLSPEC_PURE_PYTHON=$pure "$venv/bin/python" -m pip install --quiet \
        --disable-pip-version-check ".[$extra]"
    write_stamp "$venv" "$stamp"
fi
exec "$venv/bin/python" -m bench.run "$@"
