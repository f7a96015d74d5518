#!/usr/bin/env bash
# Proves the Linux packages `make dist` wrote are complete (`make dist-test`): in a fresh
# Debian system made by debootstrap from Debian's own packages (in a chroot, under
# .build/dist-test/), with nothing else installed,
#   1. `apt-get install ./strata_….deb` pulls every library the binary needs, and strata
#      then builds a site with diagrams and checks a project (exit 0), and a project with
#      violations (exit 1, the violation printed);
#   2. in another fresh system, the Linux archive runs the same with only the two C
#      libraries installed (cmark-gfm and Graphviz's libgvc, the packages the .deb names).
# Needs root, debootstrap and the network (deb.debian.org). The first run makes a base
# system (a few minutes) and keeps it as .build/dist-test/SUITE-base.tar.gz.
#
# Usage: scripts/test-dist.sh [SUITE]   (default: this machine's Debian suite)
set -euo pipefail
cd "$(dirname "$0")/.."

suite=${1:-$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
dist=.build/dist
work=$PWD/.build/dist-test
fail() { echo "dist-test: FAILED: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "needs root (chroot, debootstrap)"
scripts/install-deps.sh debootstrap
deb=$(find "$dist" -maxdepth 1 -name "strata_*~${suite}_*.deb" | LC_ALL=C sort | tail -n 1)
archive=$(find "$dist" -maxdepth 1 -name 'strata-*-linux-*.tar.gz' | LC_ALL=C sort | tail -n 1)
[ -n "$deb" ] || fail "no .deb for $suite in $dist: run 'make dist' on $suite first"
[ -n "$archive" ] || fail "no Linux archive in $dist: run 'make dist' first"

mkdir -p "$work"
base=$work/$suite-base.tar.gz
if [ ! -f "$base" ]; then
    echo "dist-test: making a minimal $suite system with debootstrap (once)"
    rm -rf "$work/seed"
    debootstrap --variant=minbase "$suite" "$work/seed" "$mirror" > "$work/debootstrap.log" 2>&1 \
        || { tail -n 20 "$work/debootstrap.log"; fail "debootstrap $suite"; }
    tar -C "$work/seed" -czf "$base.partial" . && mv "$base.partial" "$base"
    rm -rf "$work/seed"
fi

mounted=()
cleanup() {
    for point in "${mounted[@]}"; do umount -l "$point" 2>/dev/null || true; done
}
trap cleanup EXIT

# A fresh system from the base tarball at $1, with the network's resolver and /proc.
fresh_system() {
    local root=$1
    for point in "${mounted[@]}"; do umount -l "$point" 2>/dev/null || true; done
    mounted=()
    rm -rf "$root"
    mkdir -p "$root"
    tar -C "$root" -xzf "$base"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mount -t proc proc "$root/proc"
    mounted+=("$root/proc")
    mkdir -p "$root/work"
    cp -R Tests/Fixtures/check/layered "$root/work/layered"
    cp -R Tests/Fixtures/check/layered-violations "$root/work/layered-violations"
}

in_root() { chroot "$1" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 bash -c "$2"; }

# The same checks for either install: a site with diagrams, a clean check, a failing check.
exercise() {
    local root=$1 how=$2
    in_root "$root" 'strata --version' || fail "$how: strata --version did not run"
    in_root "$root" 'cd /work/layered && strata build -q --output /work/site' \
        || fail "$how: strata build on the layered fixture"
    # A layer's page embeds the layer's diagram as the SVG Graphviz drew (<g class="graph">).
    grep -q '<g id="[^"]*" class="graph"' "$root/work/site/layers/ui.html" \
        || fail "$how: the UI layer's page has no diagram (Graphviz did not draw)"
    in_root "$root" 'cd /work/layered && strata check' || fail "$how: strata check on a clean project did not pass"
    set +e
    in_root "$root" 'cd /work/layered-violations && strata check' > "$root/work/violations.log" 2>&1
    local status=$?
    set -e
    [ "$status" -eq 1 ] || { cat "$root/work/violations.log"; fail "$how: a check with violations exited $status, not 1"; }
    grep -q 'dependency cycle: APIClient → Database → APIClient \[cycle\]' "$root/work/violations.log" \
        || { cat "$root/work/violations.log"; fail "$how: the violation was not printed"; }
    echo "dist-test: $how: build, check and a failing check behave"
}

echo "dist-test: $(basename "$deb") into a fresh $suite"
root=$work/deb-root
fresh_system "$root"
cp "$deb" "$root/work/strata.deb"
in_root "$root" 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /work/strata.deb' \
    > "$work/apt-deb.log" 2>&1 || { tail -n 20 "$work/apt-deb.log"; fail "installing the .deb"; }
exercise "$root" ".deb"

# The two C libraries, as the .deb names them (cmark-gfm's extensions pull cmark-gfm itself).
libraries=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g' | grep -E 'cmark-gfm|gvc' | tr '\n' ' ')
[ -n "$libraries" ] || fail "the .deb names no cmark-gfm or Graphviz package"

echo "dist-test: $(basename "$archive") into a fresh $suite with only: $libraries"
root=$work/archive-root
fresh_system "$root"
in_root "$root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $libraries" \
    > "$work/apt-archive.log" 2>&1 || { tail -n 20 "$work/apt-archive.log"; fail "installing $libraries"; }
tar -C "$root/usr/local" --strip-components=1 -xzf "$archive"
exercise "$root" "archive"
echo "dist-test: ok"
