#!/usr/bin/env bash
# Installs the Debian packages given as arguments when any is missing. Uses sudo when not
# root. On a machine without apt-get, says what to install instead and fails.
# On macOS it uses Homebrew: Debian's names are mapped to Homebrew's (which work too), and
# what macOS has already (python3, time) or the tests find by themselves (Chromium: Google
# Chrome or Chromium in /Applications, see Tests/Support/ChromiumLocator.swift) is skipped.
# Written for the bash 3.2 macOS ships: no mapfile, no associative arrays.
set -euo pipefail

if [ "$(uname -s)" = Darwin ]; then
    wanted=""
    for package in "$@"; do
        case "$package" in
            libcmark-gfm-dev | libcmark-gfm-extensions-dev) formula=cmark-gfm ;;
            libgraphviz-dev) formula=graphviz ;;
            chromium | chromium-browser | google-chrome)
                if [ -z "${STRATA_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 \
                    && [ ! -d "/Applications/Google Chrome.app" ] && [ ! -d "/Applications/Chromium.app" ] \
                    && [ ! -d "$HOME/Applications/Google Chrome.app" ] && [ ! -d "$HOME/Applications/Chromium.app" ]; then
                    echo "strata: not installing Chromium with Homebrew; the browser tests need Google Chrome or" \
                        "Chromium in /Applications (or STRATA_CHROMIUM naming one)" >&2
                fi
                continue ;;
            python3 | python3-venv)
                command -v python3 >/dev/null 2>&1 && continue
                formula=python ;;
            time) continue ;;  # /usr/bin/time
            git)
                command -v git >/dev/null 2>&1 && continue
                formula=git ;;
            *) formula=$package ;;
        esac
        case " $wanted " in *" $formula "*) ;; *) wanted="$wanted $formula" ;; esac
    done
    missing=""
    for formula in $wanted; do
        brew list --versions "$formula" >/dev/null 2>&1 || missing="$missing $formula"
    done
    [ -z "$missing" ] && exit 0
    if ! command -v brew >/dev/null 2>&1; then
        if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark-gfm libgvc 2>/dev/null; then
            exit 0
        fi
        echo "strata: Homebrew (https://brew.sh) is needed to install:$missing" >&2
        exit 1
    fi
    echo "Installing with Homebrew:$missing"
    # shellcheck disable=SC2086 # one word per formula
    brew install $missing
    exit 0
fi

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
