#!/usr/bin/env bash
# The project's test command (the README's second set-up command, and what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    cat <<'EOF'
usage: bash scripts/test.sh [--quick] [--jobs N] [PYTEST-ARGS...]

Runs ruff, mypy --strict and the whole test suite on both builds of urlspec.

The full matrix (the default, and what CI runs) makes two virtual environments per Python found
(3.11 and 3.13 are required under CI=true; 3.12, when found, gets the compiled build only),
in .venv-test/:
  X.Y        the compiled build: `pip install .` compiles the modules listed in setup.py with
             mypyc; the suite checks that it really is compiled (mypyc can miscompile silently,
             so no compiled module is trusted that the suite has not run on);
  X.Y-pure   the pure-Python build (URLSPEC_PURE_PYTHON=1, editable).
Each environment gets the test extra and the benchmark peers (their adapters are tested too). The
first compiled environment also gets the spark and examples extras and is the one that runs the
Apache Spark tests (a local JVM: Java 17+) and the pandas/Polars/DuckDB examples of the docs.
The corpus-wide differentials (marked corpus_wide in tests/conftest.py) run on both builds of
the first Python (3.11); the other environments run every other test.
An environment is built once: it is rebuilt only when src/, setup.py or pyproject.toml changed
since it was built. Installs and test runs go two at a time (this is tuned for a 2-core
machine; --jobs changes it), each run's output printed whole when it ends.
On a quiet 2-core machine the full matrix takes about 15 minutes from a clean checkout (the
compiled installs take about a minute each), and a few minutes less when the environments exist.

  --quick    for a contributor: one Python (the oldest found), the compiled build only, the
             suite spread over every core with pytest-xdist; ruff and mypy as usual.
  --jobs N   how many installs or test runs go at once (default 2).
  -h, --help this text.
Other arguments are passed to pytest (e.g. -k relative, -x, tests/test_url.py).

The test data (web-platform-tests files, the Public Suffix List, URL corpora) is in the
repository, in tests/data (tests/data/SOURCES.md says where each file comes from). The tests
make no network traffic but to the loopback.
EOF
}

quick=0
jobs=2
pytest_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --quick) quick=1 ;;
        --jobs) jobs=${2:?--jobs takes a number}; shift ;;
        *) pytest_args+=("$1") ;;
    esac
    shift
done

. scripts/find-python.sh
. scripts/source-stamp.sh

required=(3.11 3.13)
optional=(3.12)
[ "$quick" = 1 ] && { required=(); optional=(3.11 3.12 3.13); }
pythons=()
for v in "${required[@]}" "${optional[@]}"; do
    if py=$(find_python "$v"); then
        pythons+=("$v:$py")
        [ "$quick" = 1 ] && break
    elif [[ " ${required[*]} " == *" $v "* && "${CI:-}" == "true" ]]; then
        echo "test.sh: Python $v is required under CI but was not found (PATH, pyenv)" >&2
        exit 1
    else
        echo "test.sh: Python $v not found; skipping it" >&2
    fi
done
if [ ${#pythons[@]} -eq 0 ]; then
    echo "test.sh: no supported Python (3.11+) found" >&2
    exit 1
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# run_jobs NAME...: runs the functions job_NAME (each with its output in a log) $jobs at a time;
# prints each log whole when its job ends; returns non-zero if any job failed.
run_jobs() {
    local name failed=0 running=0 pid
    declare -A names=()
    for name in "$@"; do
        if [ "$running" -ge "$jobs" ]; then
            wait_one || failed=1
            running=$((running - 1))
        fi
        ( "job_$name" ) >"$logs/$name.log" 2>&1 &
        names[$!]=$name
        running=$((running + 1))
    done
    while [ "$running" -gt 0 ]; do
        wait_one || failed=1
        running=$((running - 1))
    done
    return $failed
}
wait_one() {
    local status=0 pid
    wait -n -p pid || status=$?
    cat "$logs/${names[$pid]}.log"
    [ "$status" = 0 ] || echo "test.sh: ${names[$pid]} failed (exit status $status)"
    return $status
}

stamp=$(source_stamp)

pip_install() {
    "$1/bin/python" -m pip install --quiet --disable-pip-version-check "${@:2}"
}

builds=()
engines_venv=""  # the environment with the spark and examples extras
install_jobs=()
for entry in "${pythons[@]}"; do
    v=${entry%%:*}; py=${entry#*:}
    for build in compiled pure; do
        [ "$quick" = 1 ] && [ "$build" = pure ] && continue
        # An optional Python (3.12) gets the compiled build only: the pure build is the same
        # source on every Python (3.11 and 3.13 run it), and CI's time budget is tight.
        [[ " ${optional[*]} " == *" $v "* ]] && [ "$quick" = 0 ] && [ "$build" = pure ] && continue
        venv=.venv-test/$v; [ "$build" = pure ] && venv=.venv-test/$v-pure
        extras=test,bench
        if [ "$build" = compiled ] && [ -z "$engines_venv" ] && [ "$quick" = 0 ]; then
            extras=test,bench,spark,examples; engines_venv=$venv
        fi
        [ "$quick" = 1 ] && extras=test,bench
        name=install_${v/./_}_$build
        eval "job_$name() { install_env '$py' '$venv' '$build' '$extras' '$v'; }"
        install_jobs+=("$name")
        builds+=("$v:$build:$venv")
    done
done

install_env() {
    local py=$1 venv=$2 build=$3 extras=$4 v=$5
    if stamp_matches "$venv" "$stamp:$extras"; then
        echo "== the $build build on Python $v is up to date ($venv)"
    else
        rm -f "$venv/.urlspec-stamp"
        [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
        echo "== installing the $build build on Python $v ($venv)"
        if [ "$build" = compiled ]; then
            # Not editable: the compiled modules are built into site-packages (an editable
            # install is always the pure build: setup.py).
            URLSPEC_PURE_PYTHON=0 pip_install "$venv" ".[$extras]"
        else
            URLSPEC_PURE_PYTHON=1 pip_install "$venv" -e ".[$extras]"
        fi
        write_stamp "$venv" "$stamp:$extras"
    fi
    "$venv/bin/python" -m urlspec --version
}

start=$SECONDS
run_jobs "${install_jobs[@]}"
echo "== environments ready in $((SECONDS - start)) s"

first=${builds[0]##*:}
[ "$quick" = 1 ] || first=${builds[1]##*:}  # the pure build of the first Python
echo "== ruff"
"$first/bin/ruff" check src tests bench setup.py
"$first/bin/ruff" format --check src tests bench setup.py
echo "== mypy --strict"
"$first/bin/mypy" --strict src/urlspec bench

test_jobs=()
for entry in "${builds[@]}"; do
    IFS=: read -r v build venv <<< "$entry"
    name=pytest_${v/./_}_$build
    eval "job_$name() { run_suite '$v' '$build' '$venv'; }"
    test_jobs+=("$name")
done

run_suite() {
    local v=$1 build=$2 venv=$3 expect=0 only_here=() xdist=()
    [ "$build" = compiled ] && expect=1
    if [ "$venv" != "$engines_venv" ]; then
        only_here=(--ignore=tests/test_spark.py --ignore=tests/test_docs_examples.py)
    fi
    # The corpus-wide differentials (tests/conftest.py) run on the first Python's two builds.
    [ "$v" = "${pythons[0]%%:*}" ] || only_here+=(-m "not corpus_wide")
    [ "$quick" = 1 ] && xdist=(-n auto)
    echo "== pytest on Python $v, the $build build" \
        "${only_here:+(here without: ${only_here[*]})}"
    URLSPEC_EXPECT_COMPILED=$expect "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        "${xdist[@]}" "${only_here[@]}" ${pytest_args[@]+"${pytest_args[@]}"}
}

start=$SECONDS
status=0
# The environment with the Spark tests runs longest: start it first.
run_jobs "${test_jobs[@]}" || status=1
echo "== test runs done in $((SECONDS - start)) s"
# One closing line for the whole matrix: the counts of every run added up.
cat "$logs"/pytest_*.log | awk '
    / in [0-9.]+s/ && /(passed|failed|error)/ {
        for (i = 1; i <= NF; i++) {
            n = $i + 0; w = $(i + 1); sub(/[,=].*/, "", w)
            if (w == "passed") p += n; else if (w == "failed") f += n
            else if (w == "skipped") s += n; else if (w == "errors" || w == "error") e += n
        }
    }
    END { printf "total: %d passed, %d failed, %d skipped\n", p, f + e, s }'
exit $status
