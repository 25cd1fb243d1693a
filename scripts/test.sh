#!/usr/bin/env bash
# The project's test command (the README's second set-up command, and what CI runs).
#
# For each supported Python found (3.11, 3.12 and 3.13; under CI=true 3.11 and 3.13 are
# required): a virtual environment in .venv-test/X.Y with the package, its test extra and the
# benchmark peers (so that the peer adapters are tested too); then ruff and mypy --strict
# (once), then the whole pytest suite on every interpreter.
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

for entry in "${pythons[@]}"; do
    v=${entry%%:*}; py=${entry#*:}
    venv=.venv-test/$v
    if [ ! -x "$venv/bin/python" ]; then
        "$py" -m venv "$venv"
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
done

first=.venv-test/${pythons[0]%%:*}
echo "== ruff"
"$first/bin/ruff" check src tests bench
"$first/bin/ruff" format --check src tests bench
echo "== mypy --strict"
"$first/bin/mypy" --strict src/urlspec bench

status=0
for entry in "${pythons[@]}"; do
    v=${entry%%:*}
    echo "== pytest on Python $v"
    ".venv-test/$v/bin/python" -m pytest -q -p no:cacheprovider "$@" || status=$?
done
exit $status
