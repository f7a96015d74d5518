#!/usr/bin/env bash
# Runs Strata's SwiftPM command plugin as a package that depends on Strata would:
# `swift package strata …` on Strata itself (which must pass its own check) and on a
# fixture with violations (which must fail, with the violations printed). Run by
# `make test` after the test suite: `swift package` builds the plugin's strata tool on
# first use (a few minutes on a fresh clone, seconds afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "plugin: swift package strata check --strict (Strata itself)"
if ! "$swift" package --allow-writing-to-package-directory strata check --strict -q >"$log" 2>&1; then
    cat "$log"
    echo "plugin: FAILED: strata check through the plugin did not pass on Strata" >&2
    exit 1
fi

echo "plugin: swift package strata check (a fixture with violations)"
if "$swift" package --allow-writing-to-package-directory strata check -q -C Tests/Fixtures/check/layered-violations >"$log" 2>&1; then
    cat "$log"
    echo "plugin: FAILED: a check with violations passed through the plugin" >&2
    exit 1
fi
if ! grep -q "error: dependency cycle: APIClient → Database → APIClient \[cycle\]" "$log" || ! grep -q "strata check -q -C Tests/Fixtures/check/layered-violations exited with status 1" "$log"; then
    cat "$log"
    echo "plugin: FAILED: the violations or the exit status did not come through the plugin" >&2
    exit 1
fi
echo "plugin: ok"
