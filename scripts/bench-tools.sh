#!/usr/bin/env bash
# Sets up what `make bench` compares Strata with, once: MkDocs with the Material theme from
# PyPI in a virtual environment under .build/bench (pinned, so runs on different days
# compare the same thing). Hugo comes from Debian and DocC with the Swift toolchain.
# Prints the path of the mkdocs command.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/bench/venv
MKDOCS_VERSION=1.6.1
MATERIAL_VERSION=9.8.1
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mkdocs-material') != '$MATERIAL_VERSION' or m.version('mkdocs') != '$MKDOCS_VERSION')" 2>/dev/null; then
    rm -rf "$VENV"
    python3 -m venv "$VENV" >&2
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "mkdocs==$MKDOCS_VERSION" "mkdocs-material==$MATERIAL_VERSION" >&2
fi
echo "$PWD/$VENV/bin/mkdocs"
