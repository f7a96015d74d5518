#!/usr/bin/env python3
"""Part of `make accuracy`: Strata's type references (components.json, with every file of
every module in one layer so that all of them are resolved) against tree-sitter-swift's
(scripts/reference-oracle.py), reference by reference: precision (Strata's references the
oracle also finds) and recall (the oracle's references Strata also finds), and the
differences, for each project folder given.

Usage: reference-oracle-compare.py STRATA PROJECT_FOLDER...
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Every file in one layer, so every reference is resolved; the project's own pages (which
# may name its real layers) are not read.
CONFIG = "content: .oracle-content\nlayers:\n  - name: All\n    paths: ['**']\nrules:\n  unassigned-module: off\n"


def strata_references(strata, folder):
    subprocess.run([strata, "build", "--quiet"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    components = os.path.join(folder, "Output", "components.json")
    if not os.path.exists(components):
        return None
    document = json.load(open(components))
    where = {}
    for component in document["components"]:
        for member in component["types"]:
            where[(component["module"], member["name"])] = member.get("location")
    found = set()
    for reference in document["references"]:
        target = where.get((reference["to"]["module"], reference["to"]["type"]))
        if target:
            found.add(f"{reference['location']}\t{target}")
    return found


def main(strata, folders):
    status = 0
    totals = [0, 0, 0]
    for original in folders:
        name = os.path.basename(os.path.normpath(original))
        scratch = tempfile.mkdtemp()
        try:
            folder = os.path.join(scratch, name)
            shutil.copytree(original, folder, symlinks=True)
            shutil.rmtree(os.path.join(folder, "Output"), ignore_errors=True)
            os.makedirs(os.path.join(folder, ".oracle-content"), exist_ok=True)
            with open(os.path.join(folder, "strata.yml"), "w") as config:
                config.write(CONFIG)
            found = strata_references(strata, folder)
            if found is None:
                print(f"  {name:<28} no components.json (nothing read)")
                continue
            oracle = subprocess.run([sys.executable, os.path.join(HERE, "reference-oracle.py"), folder, os.path.join(folder, "Output", "graph.json")],
                                    capture_output=True, text=True, check=True).stdout
            unparsed = {line.split("\t", 1)[1] for line in oracle.splitlines() if line.startswith("#unparsed\t")}
            expected = set(line for line in oracle.splitlines() if line and not line.startswith("#"))

            def parsed(line):
                reference, target = line.split("\t")
                return reference.rsplit(":", 2)[0] not in unparsed and target.rsplit(":", 2)[0] not in unparsed

            # A place Strata resolves to a type declared in a file tree-sitter cannot parse is
            # one the oracle cannot answer (it does not see that declaration): left out of both.
            hidden = {line.split("\t")[0] for line in found if line.split("\t")[1].rsplit(":", 2)[0] in unparsed}
            found = {line for line in found if parsed(line) and line.split("\t")[0] not in hidden}
            expected = {line for line in expected if parsed(line) and line.split("\t")[0] not in hidden}
            both = found & expected
            precision = len(both) / len(found) if found else 1.0
            recall = len(both) / len(expected) if expected else 1.0
            totals[0] += len(both); totals[1] += len(found); totals[2] += len(expected)
            print(f"  {name:<28} {len(expected):>6} references (tree-sitter), {len(found):>6} (Strata): precision {precision:.4f}, recall {recall:.4f} ({len(both)} in both)"
                  + (f"; {len(unparsed)} files tree-sitter cannot parse left out, and {len(hidden)} places naming their types" if unparsed else ""))
            for line in sorted(found - expected)[:int(os.environ.get("SHOW", "5"))]:
                print(f"      Strata only:      {line}")
            for line in sorted(expected - found)[:int(os.environ.get("SHOW", "5"))]:
                print(f"      tree-sitter only: {line}")
            # Every reference Strata finds, tree-sitter finds too (the oracle reads the forms
            # tree-sitter-swift misparses as Swift does); most of what Strata misses too.
            if precision < 1.0 or recall < 0.98:
                status = 1
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    if totals[1]:
        print(f"  all: precision {totals[0] / totals[1]:.4f}, recall {totals[0] / max(totals[2], 1):.4f} ({totals[0]} of {totals[2]} found, {totals[1] - totals[0]} extra)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
