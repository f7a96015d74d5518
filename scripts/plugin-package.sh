#!/usr/bin/env bash
# Writes the Strata plugin package into DIR: a SwiftPM package with one command plugin
# around a binary target, so `swift package strata` needs neither compiling Strata nor
# Strata's dependencies (swift-syntax, NIO) in the user's package graph. The release
# workflow publishes it; scripts/test-plugin.sh runs it against a local bundle.
#
# Usage: scripts/plugin-package.sh --into DIR (--url URL --checksum SHA256 | --bundle PATH)
set -euo pipefail
cd "$(dirname "$0")/.."

into="" url="" checksum="" bundle=""
while [ $# -gt 0 ]; do
    case "$1" in
        --into) into=$2; shift 2 ;;
        --url) url=$2; shift 2 ;;
        --checksum) checksum=$2; shift 2 ;;
        --bundle) bundle=$2; shift 2 ;;
        *) echo "plugin-package: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -z "$into" ] || { [ -z "$bundle" ] && { [ -z "$url" ] || [ -z "$checksum" ]; }; }; then
    echo "plugin-package: --into, and --url with --checksum or --bundle, are needed" >&2
    exit 2
fi
mkdir -p "$into/Plugins/StrataPlugin"
if [ -n "$bundle" ]; then
    # SwiftPM takes a local artifact only inside the package, by a relative path.
    rm -rf "$into/strata.artifactbundle"
    cp -R "$bundle" "$into/strata.artifactbundle"
    binary=".binaryTarget(name: \"strata\", path: \"strata.artifactbundle\")"
else
    binary=".binaryTarget(name: \"strata\", url: \"$url\", checksum: \"$checksum\")"
fi

# The same plugin as Strata's own package's: it asks SwiftPM for the `strata` tool.
cp Sources/StrataPlugin/StrataPlugin.swift "$into/Plugins/StrataPlugin/StrataPlugin.swift"
sed "s#@BINARY_TARGET@#$binary#" packaging/plugin/Package.swift.in > "$into/Package.swift"
echo "$into/Package.swift"
