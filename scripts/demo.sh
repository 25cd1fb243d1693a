#!/usr/bin/env bash
# The main job on a sample (the README's first set-up command).
#
# Makes .venv with the newest supported Python found and installs urlspec into it as users get it
# (compiled with mypyc where a C compiler is there: about a minute on 2 cores), once: a later
# run installs again only when the source changed (scripts/source-stamp.sh). Then:
#  1. canonicalizes examples/sample-urls.txt (some lines are invalid on purpose: they are
#     reported on stderr with their line numbers, and the exit status of canon is 1);
#  2. shows, input -> output, what a browser's parse makes of a few tricky URLs (IPv4 spellings,
#     IPv4-mapped IPv6, IDN, backslashes) and where urllib.parse disagrees;
#  3. canonicalizes the 48k real web URLs of tests/data/corpora/kasztp.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find-python.sh
. scripts/source-stamp.sh

py=$(find_python 3.13 || find_python 3.12 || find_python 3.11 || true)
if [ -z "$py" ]; then
    echo "demo.sh: needs Python 3.11 or newer (python3.11..python3.13 on PATH, or pyenv)" >&2
    exit 1
fi
[ -x .venv/bin/python ] || "$py" -m venv .venv
# The build is part of the stamp: URLSPEC_PURE_PYTHON=1 asks for the pure-Python one.
stamp="$(source_stamp):demo:pure=${URLSPEC_PURE_PYTHON:-0}"
if stamp_matches .venv "$stamp" && [ -x .venv/bin/urlspec ]; then
    echo "== urlspec in .venv is up to date with the source (no install)"
else
    rm -f .venv/.urlspec-stamp
    if [ "${URLSPEC_PURE_PYTHON:-0}" = 0 ]; then
        echo "== installing urlspec into .venv: compiling it with mypyc (about a minute on 2" \
            "cores, once; where no C compiler is found, the pure-Python build installs instead)"
    else
        echo "== installing the pure-Python build of urlspec into .venv"
    fi
    log=$(mktemp)
    start=$SECONDS
    .venv/bin/python -m pip install --disable-pip-version-check . >"$log" 2>&1 &
    pip_pid=$!
    while kill -0 "$pip_pid" 2>/dev/null; do
        sleep 1
        elapsed=$((SECONDS - start))
        [ $((elapsed % 30)) = 0 ] && echo "   ... still building ($elapsed s)"
    done
    if ! wait "$pip_pid"; then
        cat "$log" >&2
        echo "demo.sh: installing urlspec failed (pip's output above)" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
    write_stamp .venv "$stamp"
    echo "== installed in $((SECONDS - start)) s"
fi
urlspec=.venv/bin/urlspec
"$urlspec" --version

echo "== urlspec canon examples/sample-urls.txt"
"$urlspec" canon examples/sample-urls.txt || echo "(exit status $?: some sample lines are invalid on purpose)"

echo
echo "== what a browser's parse makes of tricky URLs (input -> href, address class)"
.venv/bin/python - <<'PY'
from urlspec import URL

for text in [
    "http://0x7f.1/",                    # hex and short IPv4: 127.0.0.1
    "http://2130706433/",                # one decimal number: 127.0.0.1
    "http://[::ffff:7f00:1]/",           # IPv4-mapped IPv6 carrying 127.0.0.1
    "http://[::ffff:a9fe:a9fe]/latest",  # ... carrying 169.254.169.254 (cloud metadata)
    "https://B\u00fccher.Example/\u00e4?q=\u00e9",   # IDN host, non-ASCII path and query
    "http://evil.example\\@good.example/",   # a backslash ends the authority
    "HTTPS://Example.COM:443/a/./b/../c",  # default port, dot segments
]:
    url = URL(text)
    print(f"{text!r:38} -> {url.href:46} {url.address_class or '-'}")
PY

echo
echo "== urlspec diff: where urllib.parse and a browser disagree"
"$urlspec" diff 'http://evil.example\@good.example/' 'https://example.com:443/a/../b' \
    || echo "(exit status $?: a scheme, host or port disagreement was found)"

corpus=tests/data/corpora/kasztp.txt
if [ -f "$corpus" ]; then
    echo
    echo "== urlspec canon $corpus (48k real web URLs)"
    out=$(mktemp)
    start=$EPOCHREALTIME
    status=0
    "$urlspec" canon "$corpus" >"$out" 2>"$out.err" || status=$?
    end=$EPOCHREALTIME
    invalid=$(wc -l <"$out.err")
    echo "$(wc -l <"$out") canonical URLs written, $invalid invalid line$([ "$invalid" -eq 1 ] || echo s) reported," \
        "in $(awk "BEGIN { printf \"%.2f\", $end - $start }") s (exit status $status)"
    head -n 3 "$out"
    rm -f "$out" "$out.err"
fi
