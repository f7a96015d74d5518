#!/usr/bin/env bash
# The pre-commit hook `strata-check` (.pre-commit-hooks.yaml): runs `strata check` on the
# repository being committed to, with arguments passed through. pre-commit keeps this
# repository at the hook's `rev`; when that rev is the release tag of the version it holds,
# the release's binary is downloaded once and verified (scripts/fetch-release.sh), else
# strata is built here from source once (Swift 6.1+, cmark-gfm and Graphviz needed).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$here/Sources/StrataCLI/StrataVersion.swift")
installed=$here/.build/pre-commit/strata-$version/bin/strata

if [ ! -x "$installed" ]; then
    status=3
    # The tag names this commit only if the remote says so; a later commit keeps the version.
    tagged=$(git -C "$here" ls-remote origin "refs/tags/v$version^{}" "refs/tags/v$version" 2>/dev/null | head -n 1 | cut -f1)
    if [ -n "$tagged" ] && [ "$tagged" = "$(git -C "$here" rev-parse HEAD 2>/dev/null)" ]; then
        remote=$(git -C "$here" remote get-url origin)
        repository=$(echo "$remote" | sed -E 's#^(https://|git@)github\.com[:/]##; s#\.git$##')
        status=0
        "$here/scripts/fetch-release.sh" --repository "$repository" --tag "v$version" \
            --into "$here/.build/pre-commit/strata-$version" > /dev/null || status=$?
    fi
    if [ "$status" -eq 3 ]; then
        echo "strata: building strata $version from source (once)" >&2
        swift build -c release --product strata --package-path "$here" >&2
        mkdir -p "$(dirname "$installed")"
        cp "$(swift build -c release --package-path "$here" --show-bin-path)/strata" "$installed"
    elif [ "$status" -ne 0 ]; then
        exit "$status"
    fi
fi
exec "$installed" check "$@"
