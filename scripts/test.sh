#!/usr/bin/env bash
# The project's test command (the README's second set-up command, and what CI runs).
#
# For each supported Python found (3.11, 3.12 and 3.13; under CI=true 3.11 and 3.13 are
# required), both builds of urlspec, each in its own virtual environment with the test extra and
# the benchmark peers (so that the peer adapters are tested too):
#   .venv-test/X.Y           the compiled build: `pip install .` compiles the core with mypyc
#                            (setup.py); the suite checks that it really is compiled;
#   .venv-test/X.Y-pure      the pure-Python build (URLSPEC_PURE_PYTHON=1, editable).
# Then ruff and mypy --strict (once), then the whole pytest suite on every build and interpreter:
# mypyc can miscompile silently, so no compiled module is trusted that the suite has not run on.
# The Apache Spark tests (a local JVM; minutes) and the pandas/Polars/DuckDB examples of
# docs/columnar.md need the `spark` and `examples` extras, which only the first compiled
# environment gets; elsewhere those two files are left out (under CI=true they fail without the
# extras). Arguments are passed to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find-python.sh

required=(3.11 3.13)
optional=(3.12)
pythons=()
for v in "${required[@]}" "${optional[@]}"; do
    if py=$(find_python "$v"); then
        pythons+=("$v:$py")
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

pip_install() {
    "$1/bin/python" -m pip install --quiet --disable-pip-version-check "${@:2}"
}

builds=()
engines_venv=""  # the environment with the spark and examples extras
for entry in "${pythons[@]}"; do
    v=${entry%%:*}; py=${entry#*:}
    for build in compiled pure; do
        venv=.venv-test/$v; [ "$build" = pure ] && venv=.venv-test/$v-pure
        if [ ! -x "$venv/bin/python" ]; then
            "$py" -m venv "$venv"
        fi
        echo "== installing the $build build on Python $v"
        if [ "$build" = compiled ]; then
            # Not editable: the compiled modules are built into site-packages (an editable
            # install is always the pure build: setup.py).
            # (pip always rebuilds and reinstalls a project given by its directory)
            extras=test,bench
            if [ -z "$engines_venv" ]; then extras=test,bench,spark,examples; engines_venv=$venv; fi
            URLSPEC_PURE_PYTHON=0 pip_install "$venv" ".[$extras]"
        else
            URLSPEC_PURE_PYTHON=1 pip_install "$venv" -e '.[test,bench]'
        fi
        "$venv/bin/python" -m urlspec --version
        builds+=("$v:$build:$venv")
    done
done

first=.venv-test/${pythons[0]%%:*}-pure
echo "== ruff"
"$first/bin/ruff" check src tests bench setup.py
"$first/bin/ruff" format --check src tests bench setup.py
echo "== mypy --strict"
"$first/bin/mypy" --strict src/urlspec bench

status=0
for entry in "${builds[@]}"; do
    IFS=: read -r v build venv <<< "$entry"
    expect=0; [ "$build" = compiled ] && expect=1
    only_here=()
    if [ "$venv" != "$engines_venv" ]; then
        only_here=(--ignore=tests/test_spark.py --ignore=tests/test_docs_examples.py)
    fi
    echo "== pytest on Python $v, the $build build ${only_here:+(without the Spark and examples tests: they run on $engines_venv)}"
    URLSPEC_EXPECT_COMPILED=$expect "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        "${only_here[@]}" "$@" || status=$?
done
exit $status
