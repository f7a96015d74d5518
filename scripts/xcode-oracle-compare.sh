#!/usr/bin/env bash
# Part of `make accuracy`: for each real repository under $REALWORLD (default
# ../shared/realworld) that has Xcode projects, the Swift files per target Strata reads
# (`strata graph`) against an independent listing (scripts/xcode-oracle.py, mod-pbxproj).
# mod-pbxproj is installed from PyPI into a virtual environment of its own, once.
set -euo pipefail
cd "$(dirname "$0")/.."
strata=${1:?usage: xcode-oracle-compare.sh STRATA}
REALWORLD=${REALWORLD:-../shared/realworld}
[ -d "$REALWORLD" ] || { echo "xcode oracle: no real repositories at $REALWORLD; skipped"; exit 0; }
venv=${STRATA_ACCURACY_DIR:-${TMPDIR:-/tmp}/strata-accuracy}/pbxproj-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet pbxproj || { echo "xcode oracle: cannot install mod-pbxproj; skipped"; exit 0; }
fi
status=0
for repository in "$REALWORLD"/*/; do
  projects=$(find "$repository" -maxdepth 3 -name '*.xcodeproj' -not -path '*/Pods/*' -not -path '*/.build/*' | sort)
  [ -n "$projects" ] || continue
  scratch=$(mktemp -d); cp -r "$repository" "$scratch/repo"
  (cd "$scratch/repo" && "$strata" graph 2>/dev/null) > "$scratch/strata.txt" || true
  for project in $projects; do
    [ -f "$project/project.pbxproj" ] || continue
    "$venv/bin/python" scripts/xcode-oracle.py "$project" > "$scratch/oracle.txt"
    relative=${project#"$repository"}
    python3 - "$scratch/strata.txt" "$scratch/oracle.txt" "$(basename "$repository")/$relative" "$relative" <<'PY' || status=1
import re, sys
strata_text, oracle, name, relative = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3], sys.argv[4]
if f"({relative}/project.pbxproj, Xcode project)" not in strata_text:
    print(f"  {name:<48} not read with no configuration (an example or a package's own project)")
    sys.exit(0)
read = {m.group(1): int(m.group(2)) for m in re.finditer(r"^  (.+?) \[[^\]]+\](?: in '[^']*')? .*?, (\d+) files?$", strata_text, re.M)}
expected = dict((line.split("\t")[0], int(line.split("\t")[1])) for line in oracle.splitlines() if line)
differ = {t: (read.get(t), n) for t, n in expected.items() if read.get(t) != n}
print(f"  {name:<48} {len(expected)} targets, {sum(expected.values())} target-file pairs: " + ("same as mod-pbxproj" if not differ else f"{len(differ)} differ {differ}"))
sys.exit(1 if differ else 0)
PY
  done
  rm -rf "$scratch"
done
exit "$status"
