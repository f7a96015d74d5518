#!/usr/bin/env bash
# Type-checks Strata's Graphviz module (the C shim and StrataGraphviz) against another
# Graphviz's headers: those of a Debian suite's packages (sid ships 14.x, bookworm 2.42),
# downloaded into a temporary folder, never installed. It proves the code compiles against
# that version, not that it runs with it.
# Usage: scripts/check-graphviz-headers.sh [suite]   (default sid; needs `swift build` first)
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-sid}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
[ -d .build/debug/Modules ] || { echo "check-graphviz-headers: run swift build first" >&2; exit 2; }
curl -fsS "$mirror/dists/$suite/main/binary-amd64/Packages.xz" | xz -dc > "$work/Packages"
# Newer suites split the headers into a package per library; older ones have them all in
# libgraphviz-dev.
for package in libgraphviz-dev libgvc-dev libcgraph-dev libcdt-dev libpathplan-dev; do
  file=$(awk -v p="$package" '$1 == "Package:" { found = ($2 == p) } found && $1 == "Filename:" { print $2; exit }' "$work/Packages")
  if [ -z "$file" ]; then
    [ "$package" = libgraphviz-dev ] && { echo "check-graphviz-headers: $suite has no $package" >&2; exit 2; }
    continue
  fi
  curl -fsS -o "$work/$package.deb" "$mirror/$file"
  dpkg-deb -x "$work/$package.deb" "$work/root"
done
headers="$work/root/usr/include/graphviz"
echo "Graphviz $(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"/\1/p' "$headers/graphviz_version.h") ($suite):"
swiftc -typecheck -swift-version 6 -package-name main -module-name StrataGraphviz -I .build/debug/Modules \
  -Xcc -I"$headers" -Xcc -fmodule-map-file=Sources/CGraphviz/module.modulemap Sources/StrataGraphviz/*.swift
echo "  the shim and StrataGraphviz type-check"
