#!/usr/bin/env bash
# `make check`'s format half: every Swift file of Strata's own (fixtures are inputs, kept
# as written) as `swift format` writes it with .swift-format, and no line over 120
# characters (the formatter cannot break a string literal or a comment; this finds those).
# `make format` rewrites the files; this only reads them.
set -euo pipefail
cd "$(dirname "$0")/.."
# A read loop, not mapfile: macOS ships bash 3.2.
files=()
while IFS= read -r file; do files+=("$file"); done < <(git ls-files '*.swift' | grep -v '^Tests/Fixtures/')
swift format lint --strict --configuration .swift-format "${files[@]}"
python3 - "${files[@]}" <<'PY'
import sys
long = [f"{path}:{number}:121: error: line of {len(line)} characters; at most 120 [format.line-length]"
        for path in sys.argv[1:]
        for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1) if len(line) > 120]
print("\n".join(long), file=sys.stderr) if long else None
sys.exit(1 if long else 0)
PY
echo "format: ${#files[@]} Swift files as swift format writes them, no line over 120 characters"
