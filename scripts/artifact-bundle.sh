#!/usr/bin/env bash
# Makes strata.artifactbundle, the SwiftPM binary artifact the plugin package
# (packaging/plugin) depends on: one strata executable per platform, listed in info.json.
#
# Usage: scripts/artifact-bundle.sh --version X.Y.Z --out DIR TRIPLES=BINARY ...
#   e.g. "arm64-apple-macosx x86_64-apple-macosx=work/universal/bin/strata"
#        "x86_64-unknown-linux-gnu=work/linux-x86_64/bin/strata"
# Writes DIR/strata.artifactbundle (a folder; zip it for a release: SwiftPM wants a .zip URL).
set -euo pipefail

version="" out=""
variants=()
while [ $# -gt 0 ]; do
    case "$1" in
        --version) version=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *=*) variants+=("$1"); shift ;;
        *) echo "artifact-bundle: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "$version" ] || [ -z "$out" ] || [ ${#variants[@]} -eq 0 ]; then
    echo "artifact-bundle: --version, --out and at least one TRIPLES=BINARY are needed" >&2
    exit 2
fi

bundle=$out/strata.artifactbundle
rm -rf "$bundle"
mkdir -p "$bundle"
entries=""
index=0
for variant in "${variants[@]}"; do
    triples=${variant%%=*}
    binary=${variant#*=}
    [ -x "$binary" ] || { echo "artifact-bundle: no executable at $binary" >&2; exit 2; }
    folder=strata-$version-$index
    mkdir -p "$bundle/$folder/bin"
    cp "$binary" "$bundle/$folder/bin/strata"
    list=""
    for triple in $triples; do list="$list${list:+, }\"$triple\""; done
    entries="$entries${entries:+,
}        { \"path\": \"$folder/bin/strata\", \"supportedTriples\": [$list] }"
    index=$((index + 1))
done
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "strata": {
      "version": "$version",
      "type": "executable",
      "variants": [
$entries
      ]
    }
  }
}
JSON
echo "$bundle"
