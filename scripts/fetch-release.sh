#!/usr/bin/env bash
# Downloads the released strata for this machine, verifies it against the release's
# SHA256SUMS and unpacks it. Used by the GitHub Action (action.yml) and the pre-commit hook
# (scripts/pre-commit-strata.sh), so neither compiles Strata when a release exists.
#
# Usage: scripts/fetch-release.sh --repository OWNER/NAME --tag vX.Y.Z --into DIR
# Prints the path of the strata executable and exits 0, or:
#   3  no release binary fits (no such release or asset, an unsupported machine, or the
#      binary does not start here, e.g. another Linux's cmark-gfm): build from source instead;
#   1  the download does not match its checksum, or a tool is missing: stop, do not fall back.
# STRATA_RELEASE_URL replaces https://github.com/OWNER/NAME/releases/download (tests use file://).
set -euo pipefail

repository="" tag="" into=""
while [ $# -gt 0 ]; do
    case "$1" in
        --repository) repository=$2; shift 2 ;;
        --tag) tag=$2; shift 2 ;;
        --into) into=$2; shift 2 ;;
        *) echo "fetch-release: unknown option $1" >&2; exit 1 ;;
    esac
done
[ -n "$tag" ] && [ -n "$into" ] || { echo "fetch-release: --tag and --into are needed" >&2; exit 1; }
unavailable() { echo "fetch-release: $*; build from source instead" >&2; exit 3; }

case "$tag" in
    v[0-9]*.[0-9]*.[0-9]*) version=${tag#v} ;;
    *) unavailable "'$tag' is not a release tag" ;;
esac
case "$(uname -s)/$(uname -m)" in
    Linux/x86_64) asset=strata-$version-linux-x86_64.tar.gz ;;
    Linux/aarch64 | Linux/arm64) asset=strata-$version-linux-arm64.tar.gz ;;
    Darwin/*) asset=strata-$version-macos-universal.tar.gz ;;
    *) unavailable "no release binary is built for $(uname -s) $(uname -m)" ;;
esac
if [ -z "${STRATA_RELEASE_URL:-}" ] && [ -z "$repository" ]; then
    echo "fetch-release: --repository is needed" >&2
    exit 1
fi
base=${STRATA_RELEASE_URL:-https://github.com/$repository/releases/download}/$tag
command -v curl >/dev/null || { echo "fetch-release: curl is needed" >&2; exit 1; }

mkdir -p "$into"
download=$(mktemp -d)
trap 'rm -rf "$download"' EXIT
fetch() { curl -fsSL --retry 3 --connect-timeout 20 --max-time 300 -o "$download/$1" "$base/$1"; }
fetch SHA256SUMS || unavailable "no SHA256SUMS at $base"
fetch "$asset" || unavailable "no $asset at $base"

expected=$(awk -v name="$asset" '$2 == name || $2 == "*" name { print $1 }' "$download/SHA256SUMS")
[ -n "$expected" ] || { echo "fetch-release: SHA256SUMS does not list $asset" >&2; exit 1; }
if command -v sha256sum >/dev/null; then
    actual=$(sha256sum "$download/$asset" | cut -d' ' -f1)
else
    actual=$(shasum -a 256 "$download/$asset" | cut -d' ' -f1)
fi
if [ "$actual" != "$expected" ]; then
    echo "fetch-release: $asset does not match its checksum (expected $expected, got $actual); not using it" >&2
    exit 1
fi

tar -C "$into" --strip-components=1 -xzf "$download/$asset"
strata=$into/bin/strata
[ -x "$strata" ] || { echo "fetch-release: $asset holds no bin/strata" >&2; exit 1; }
said=$("$strata" --version 2>&1) || unavailable "the released strata does not start here ($said)"
[ "$said" = "$version" ] || { echo "fetch-release: $asset says version '$said', not $version" >&2; exit 1; }
echo "$strata"
