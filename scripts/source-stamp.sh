# The stamp of the source an environment's urlspec was installed from, kept in
# VENV/.urlspec-stamp: scripts/test.sh, scripts/demo.sh and scripts/bench.sh install urlspec
# again only when the source (the tracked and untracked files of src/, setup.py and
# pyproject.toml) or the way it is installed (a tag: the extras, the build) changed since.

# source_stamp: the SHA-256 of the source files.
source_stamp() {
    { git ls-files -co --exclude-standard -- src setup.py pyproject.toml 2>/dev/null \
        || find src setup.py pyproject.toml -type f; } | LC_ALL=C sort | xargs cat | sha256sum
}

# stamp_matches VENV STAMP: whether the urlspec in VENV was installed with STAMP.
stamp_matches() {
    [ -f "$1/.urlspec-stamp" ] && [ "$(cat "$1/.urlspec-stamp")" = "$2" ]
}

# write_stamp VENV STAMP: records, after a successful install, what VENV's urlspec is.
write_stamp() {
    echo "$2" >"$1/.urlspec-stamp"
}
