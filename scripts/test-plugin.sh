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

# The plugin package users add instead (packaging/plugin): a command plugin around a binary
# artifact, here a bundle of the strata just built, so nothing of Strata is compiled.
echo "plugin: the binary plugin package (packaging/plugin) in a package that depends on it"
work=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$work"' EXIT
strata=$("$swift" build --show-bin-path)/strata
case "$(uname -s)" in
    Darwin) triples="arm64-apple-macosx x86_64-apple-macosx" ;;
    *) triples="$(uname -m)-unknown-linux-gnu" ;;
esac
scripts/artifact-bundle.sh --version 0.0.0 --out "$work" "$triples=$strata" > /dev/null
scripts/plugin-package.sh --into "$work/plugin" --bundle "$work/strata.artifactbundle" > /dev/null
mkdir -p "$work/app/Sources/Core" "$work/app/Sources/App"
echo 'public struct Model {}' > "$work/app/Sources/Core/Model.swift"
printf 'import Core\nlet model = Model()\n' > "$work/app/Sources/App/main.swift"
cat > "$work/app/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "../plugin")],
    targets: [.target(name: "Core"), .executableTarget(name: "App", dependencies: ["Core"])]
)
MANIFEST
# Layers are listed from the bottom up. The plugin package sits outside the app, which
# strata reports as a warning (package.outside-project), so no --strict here.
printf 'layers:\n  - name: Core\n    modules: [Core]\n  - name: App\n    modules: [App]\n    may_use: [Core]\n' \
    > "$work/app/strata.yml"
if ! (cd "$work/app" && "$swift" package --allow-writing-to-package-directory strata check) >"$log" 2>&1; then
    cat "$log"
    echo "plugin: FAILED: strata check through the binary plugin package did not pass" >&2
    exit 1
fi
# Now App is the bottom layer, so its use of Core is a violation.
printf 'layers:\n  - name: App\n    modules: [App]\n  - name: Core\n    modules: [Core]\n' > "$work/app/strata.yml"
if (cd "$work/app" && "$swift" package --allow-writing-to-package-directory strata check) >"$log" 2>&1; then
    cat "$log"
    echo "plugin: FAILED: a layering violation passed through the binary plugin package" >&2
    exit 1
fi
if ! grep -q "error: 'App' (App) depends on 'Core' (Core), a layer above it" "$log" \
    || ! grep -q "strata check exited with status 1" "$log"; then
    cat "$log"
    echo "plugin: FAILED: the violation did not come through the binary plugin package" >&2
    exit 1
fi
echo "plugin: ok"
