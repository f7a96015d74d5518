#!/usr/bin/env bash
# Packages a release of strata for this machine into .build/dist/ (`make dist`):
#   Linux:  strata-VERSION-linux-ARCH.tar.gz  (bin/strata, Swift runtime linked statically)
#           strata_VERSION-1~SUITE_DEBARCH.deb (Depends computed by dpkg-shlibdeps from the
#           libraries the binary links, so it names this Debian's cmark-gfm and Graphviz packages)
#   macOS:  strata-VERSION-macos-ARCH.tar.gz   (the release workflow joins the two
#           architectures into strata-VERSION-macos-universal.tar.gz with lipo)
#   and SHA256SUMS for what it wrote.
# The version is what the binary says (`strata --version`, Sources/StrataCLI/StrataVersion.swift).
# Archives are reproducible: sorted, owned by root, dated by the last commit.
#
# Usage: scripts/dist.sh [--binary PATH]   (PATH: an already built release strata; default: build one)
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        *) echo "dist: unknown option $1" >&2; exit 2 ;;
    esac
done

system=$(uname -s)
if [ -z "$binary" ]; then
    swift=${SWIFT:-swift}
    if [ "$system" = Darwin ]; then
        "$swift" build -c release --product strata
        binary=$("$swift" build -c release --show-bin-path)/strata
    else
        "$swift" build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic --product strata
        binary=$("$swift" build -c release --static-swift-stdlib --show-bin-path)/strata
    fi
fi
[ -x "$binary" ] || { echo "dist: no executable at $binary" >&2; exit 2; }

version=$("$binary" --version)
case "$version" in
    [0-9]*.[0-9]*.[0-9]*) ;;
    *) echo "dist: '$binary --version' printed '$version', not a version" >&2; exit 2 ;;
esac
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
out=.build/dist
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A reproducible .tar.gz of the folder $2 under $1, named $3.
archive() {
    if tar --version 2>/dev/null | grep -q GNU; then
        tar -C "$1" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -cf - "$2" | gzip -n -9 > "$3"
    else
        # bsdtar (macOS): no --sort; the folder holds two files, listed in order.
        (cd "$1" && find "$2" -print | LC_ALL=C sort | tar -cf - --uid 0 --gid 0 -n -T - | gzip -n -9 > "$3")
    fi
}

if [ "$system" = Darwin ]; then
    arch=$(uname -m)
    [ "$arch" = x86_64 ] || arch=arm64
    name=strata-$version-macos-$arch
else
    case "$(uname -m)" in
        x86_64) arch=x86_64; debarch=amd64 ;;
        aarch64 | arm64) arch=arm64; debarch=arm64 ;;
        *) echo "dist: unsupported machine $(uname -m)" >&2; exit 2 ;;
    esac
    name=strata-$version-linux-$arch
fi

mkdir -p "$work/$name/bin"
cp "$binary" "$work/$name/bin/strata"
strip "$work/$name/bin/strata" 2>/dev/null || true
cp README.md "$work/$name/"
touch -d "@$epoch" "$work/$name/bin/strata" "$work/$name/README.md" 2>/dev/null || true
archive "$work" "$name" "$out/$name.tar.gz"
written=("$name.tar.gz")

if [ "$system" != Darwin ]; then
    scripts/install-deps.sh dpkg-dev
    suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
    package=strata_$version-1~${suite}_$debarch.deb
    root=$work/deb
    mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/doc/strata"
    cp "$work/$name/bin/strata" "$root/usr/bin/strata"
    cp README.md "$root/usr/share/doc/strata/README.md"
    # dpkg-shlibdeps reads a source package's control file; a minimal one is enough.
    mkdir -p "$work/shlibs/debian"
    printf 'Source: strata\n\nPackage: strata\nArchitecture: any\n' > "$work/shlibs/debian/control"
    depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/strata" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    [ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies for the binary" >&2; exit 2; }
    homepage=""
    [ -z "${GITHUB_REPOSITORY:-}" ] || homepage="Homepage: https://github.com/$GITHUB_REPOSITORY"$'\n'
    size=$(du -sk "$root/usr" | cut -f1)
    cat > "$root/DEBIAN/control" <<CONTROL
Package: strata
Version: $version-1~$suite
Architecture: $debarch
Maintainer: ${STRATA_MAINTAINER:-Strata maintainers <strata@invalid>}
Installed-Size: $size
Depends: $depends
Section: devel
Priority: optional
${homepage}Description: architecture documentation and layering checks for Swift codebases
 Strata reads a Swift codebase (SwiftPM manifests, Xcode projects, imports and type
 references) and Markdown guides, checks the layering rules it declares, and builds a
 cross-linked documentation site with diagrams of the real module graph.
CONTROL
    find "$root" -exec touch -h -d "@$epoch" {} +
    chmod -R u=rwX,go=rX "$root"
    SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$package" >/dev/null
    written+=("$package")
fi

(cd "$out" && for file in "${written[@]}"; do
    if command -v sha256sum >/dev/null; then sha256sum "$file"; else shasum -a 256 "$file"; fi
done) > "$out/SHA256SUMS"
for file in "${written[@]}"; do echo "$out/$file"; done
echo "$out/SHA256SUMS"
