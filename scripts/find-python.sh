# find_python X.Y: print the path of a Python X.Y interpreter, or nothing.
# Looks on PATH first (python3.11, ...), then in pyenv's versions, newest patch release first.
find_python() {
    local want=$1 candidate prefix
    candidate=$(command -v "python$want" 2>/dev/null || true)
    if [ -n "$candidate" ] && "$candidate" -c 'import sys' >/dev/null 2>&1; then
        echo "$candidate"; return 0
    fi
    if command -v pyenv >/dev/null 2>&1; then
        prefix=$(pyenv prefix "$(pyenv latest "$want" 2>/dev/null)" 2>/dev/null || true)
        if [ -n "$prefix" ] && [ -x "$prefix/bin/python$want" ]; then
            echo "$prefix/bin/python$want"; return 0
        fi
    fi
    return 1
}
