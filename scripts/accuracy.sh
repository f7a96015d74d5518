#!/usr/bin/env bash
# `make accuracy`: checks Strata's module graph against SwiftPM on the real packages this
# machine has copies of (under /opt/swift-packages, or $STRATA_PACKAGES), and times both;
# then what Strata reads from the Xcode project fixtures against their hand-written listings.
#
# Each package is checked out at its newest tag into a temporary folder (kept between runs
# in $STRATA_ACCURACY_DIR, default ${TMPDIR:-/tmp}/strata-accuracy), never into the
# project. The tool is built in release mode, in its own build folder (.build-release).
set -euo pipefail

cd "$(dirname "$0")/.."
MIRROR="${STRATA_PACKAGES:-/opt/swift-packages}"
WORK="${STRATA_ACCURACY_DIR:-${TMPDIR:-/tmp}/strata-accuracy}"
RUNS="${RUNS:-5}"
PACKAGES=(
  apple/swift-nio swiftlang/swift-syntax vapor/vapor hummingbird-project/hummingbird
  swiftlang/swift-docc-plugin apple/swift-openapi-generator apple/swift-argument-parser
  apple/swift-collections swift-server/async-http-client grpc/grpc-swift-2 pointfreeco/swift-dependencies
  apple/swift-crypto vapor/fluent-kit apple/swift-nio-ssl swift-otel/swift-otel apple/swift-protobuf
  apple/swift-log apple/swift-metrics apple/swift-nio-http2 apple/swift-certificates vapor/postgres-nio
  vapor/jwt-kit pointfreeco/swift-snapshot-testing hummingbird-project/swift-mustache jpsim/Yams
  swiftlang/swift-subprocess swiftwasm/WasmKit groue/GRDB.swift apple/swift-async-algorithms
)

if [ ! -d "$MIRROR" ]; then
  echo "accuracy: no package copies at $MIRROR (set STRATA_PACKAGES to a folder of OWNER/NAME.git repositories)" >&2
  exit 2
fi

# The same flags as `make release` and `make bench`: a statically linked standard library,
# and the link flags the Makefile passes in RELEASE_LINK_FLAGS (its default when the script
# is run by hand; set it empty for a position-independent executable).
link_flags=${RELEASE_LINK_FLAGS--Xlinker -no-pie -Xlinker --no-export-dynamic}
# shellcheck disable=SC2086 # the flags are words
swift build -c release --static-swift-stdlib $link_flags --product strata-accuracy --scratch-path .build-release >&2
# shellcheck disable=SC2086
swift build -c release --static-swift-stdlib $link_flags --product strata --scratch-path .build-release >&2
mkdir -p "$WORK"
folders=()
for package in "${PACKAGES[@]}"; do
  repository="$MIRROR/$package.git"
  [ -d "$repository" ] || { echo "accuracy: skipping $package (not on this machine)" >&2; continue; }
  tag=$(git -C "$repository" tag --sort=-v:refname | grep -E '^v?[0-9]+\.[0-9]+(\.[0-9]+)?$' | head -1)
  folder="$WORK/$(basename "$package")-$tag"
  if [ ! -d "$folder" ]; then
    git clone --quiet --depth 1 --branch "$tag" "file://$repository" "$folder" 2>/dev/null \
      || git clone --quiet "$repository" "$folder"
  fi
  folders+=("$folder")
done

# The Xcode project fixtures (each with the listing written by hand) come after the packages.
status=0
.build-release/release/strata-accuracy --runs "$RUNS" --strata "$PWD/.build-release/release/strata" "${folders[@]}" Tests/Fixtures/xcode/*/ || status=$?

# Real apps' Xcode projects: Swift files per target against mod-pbxproj's listing.
echo
echo "Xcode projects of real repositories, Swift files per target against mod-pbxproj:"
scripts/xcode-oracle-compare.sh "$PWD/.build-release/release/strata" || status=$?

# Type references inside targets: Strata's against tree-sitter-swift's, reference by
# reference, on the layered fixture apps and the real repositories (when present).
echo
echo "Type references against tree-sitter-swift (precision: Strata's found by tree-sitter too; recall: tree-sitter's found by Strata):"
venv=${STRATA_ACCURACY_DIR:-${TMPDIR:-/tmp}/strata-accuracy}/oracle-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import tree_sitter_swift' 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet tree-sitter tree-sitter-swift || echo "  cannot install tree-sitter-swift; skipped"
fi
if "$venv/bin/python" -c 'import tree_sitter_swift' 2>/dev/null; then
  apps=()
  for fixture in Tests/Fixtures/check/*/; do [ -f "$fixture/strata.yml" ] && [ -d "$fixture/Sources" ] && apps+=("$fixture"); done
  realworld=${REALWORLD:-../shared/realworld}
  for repository in "$realworld"/*/; do [ -d "$repository" ] && [ ! -f "$repository/.strata-content" ] && apps+=("$repository"); done
  "$venv/bin/python" scripts/reference-oracle-compare.py "$PWD/.build-release/release/strata" "${apps[@]}" || status=$?
fi

# The API reference: Strata's symbols of the libraries Strata itself builds on (their
# sources are in .build-release/checkouts, compiled by the builds above) against the symbol
# graphs `swift symbolgraph-extract` writes for DocC.
echo
graphs="$WORK/symbolgraphs"
mkdir -p "$graphs"
checkouts="$PWD/.build-release/checkouts"
modules_dir="$PWD/.build-release/release/Modules"
api_modules=(
  swift-syntax:SwiftSyntax,SwiftParser,SwiftDiagnostics,SwiftBasicFormat,SwiftOperators
  swift-nio:NIOCore,NIOPosix swift-log:Logging swift-argument-parser:ArgumentParser Yams:Yams
  hummingbird:Hummingbird swift-http-types:HTTPTypes swift-service-lifecycle:ServiceLifecycle
)
# The C modules the Swift ones import: SwiftPM's generated module maps, and those the
# packages ship in their include folders.
map_flags=()
for map in .build-release/*/release/*.build/module.modulemap; do
  case $map in *-tool.build/*) continue ;; esac
  map_flags+=(-Xcc "-fmodule-map-file=$map")
done
for include in "$checkouts"/*/Sources/*/include; do
  [ -f "$include/module.modulemap" ] && map_flags+=(-I "$include")
done
api_arguments=()
for entry in "${api_modules[@]}"; do
  package=${entry%%:*}
  [ -d "$checkouts/$package" ] || continue
  for module in ${entry#*:}; do
    IFS=',' read -r -a names <<< "$module"
    for name in "${names[@]}"; do
      [ -f "$graphs/$name.symbols.json" ] || swift symbolgraph-extract -module-name "$name" \
        -target "$(uname -m)-unknown-linux-gnu" -I "$modules_dir" "${map_flags[@]}" \
        -output-dir "$graphs" >/dev/null 2>&1 || echo "  no symbol graph for $name" >&2
    done
  done
  api_arguments+=("$checkouts/$entry")
done
.build-release/release/strata-accuracy --api "$graphs" "${api_arguments[@]}" || status=$?

# Swift highlighting: the lexer against swift-syntax's classification, on every Swift file
# of the same packages and of Strata itself.
echo
.build-release/release/strata-accuracy --highlight "${folders[@]}" Sources
exit "$status"
