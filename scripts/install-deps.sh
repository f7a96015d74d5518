#!/usr/bin/env bash
# Installs the Debian packages given as arguments when any is missing. Uses sudo when not
# root. On a machine without apt-get, says what to install instead and fails.
set -euo pipefail

missing=()
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark-gfm libgvc 2>/dev/null; then
        exit 0
    fi
    cat >&2 <<MSG
strata: these system libraries are needed and this machine has no apt-get:
  cmark-gfm (with its extensions library) and Graphviz (libgvc, libcgraph), plus pkg-config.
  On macOS:   brew install cmark-gfm graphviz pkg-config
  On Fedora:  sudo dnf install cmark-gfm-devel graphviz-devel pkgconf
Install them, then run make again.
MSG
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        echo "strata: need root (or sudo) to install: ${missing[*]}" >&2
        exit 1
    fi
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
