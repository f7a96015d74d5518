#!/usr/bin/env python3
"""Compares what Strata reads from Tuist manifests with what Tuist's own ProjectDescription
evaluates them to, manifest by manifest.

Usage: tuist-oracle-compare.py STRATA REPOSITORY...

The oracle is a command that prints a manifest's `project` as JSON, the way Tuist dumps it:
on a Mac with Tuist, `tuist dump project` (the default, run in the manifest's folder); elsewhere
any command given as TUIST_DUMP, called as `$TUIST_DUMP MANIFEST HELPERS_FOLDER` (a script that
compiles the manifest against Tuist's ProjectDescription sources with swiftc and encodes
`project` with JSONEncoder). Strata is run once per repository (`strata graph --format json`).

For every target the oracle lists, it compares:
- that Strata has the target, with the same product type;
- the declared dependencies (target, project, external, package, prebuilt framework; SDKs
  and XCTest are the system's);
- the Swift files: the oracle's source globs and buildable folders expanded here with
  Python's glob (`**`, braces, `excluding:`), against the files Strata gives the target.
Prints one line per repository and the differences; exits 1 when any differ.
"""
import glob
import json
import os
import re
import subprocess
import sys

PRODUCTS = {
    "app": "app", "appClip": "app", "framework": "framework", "staticFramework": "static-framework",
    "staticLibrary": "static-library", "dynamicLibrary": "dynamic-library", "unitTests": "unit-tests",
    "uiTests": "ui-tests", "commandLineTool": "command-line-tool", "macro": "command-line-tool",
    "bundle": "bundle", "watch2App": "watch-app", "watch2Extension": "watch-extension", "xpc": "xpc-service",
}
EXTENSIONS = {"appExtension", "tvTopShelfExtension", "messagesExtension", "stickerPackExtension", "systemExtension", "extensionKitExtension"}


def product_type(raw):
    # Tuist encodes some cases by their raw values (`unit_tests`, `static_framework`).
    camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), raw)
    if camel in EXTENSIONS or raw in EXTENSIONS:
        return "app-extension"
    return PRODUCTS.get(camel, PRODUCTS.get(raw, "other"))


def tuist_root(folder, top):
    current = folder
    while True:
        for marker in ("Tuist", "Tuist.swift", ".git"):
            if os.path.exists(os.path.join(current, marker)):
                return current
        if os.path.abspath(current) == os.path.abspath(top):
            return top
        current = os.path.dirname(current)


def resolve(path, manifest_folder, root):
    text = path["pathString"]
    kind = path.get("type", "relativeToManifest")
    if kind == "relativeToRoot":
        return os.path.normpath(os.path.join(root, text))
    return os.path.normpath(os.path.join(manifest_folder, text))


def braces(pattern):
    match = re.search(r"\{([^{}]*)\}", pattern)
    if not match:
        return [pattern]
    return [p for choice in match.group(1).split(",") for p in braces(pattern[: match.start()] + choice + pattern[match.end():])]


def expand(pattern):
    found = set()
    for one in braces(pattern):
        for path in glob.glob(one, recursive=True):
            if os.path.isdir(path):
                for below in glob.glob(os.path.join(path, "**", "*.swift"), recursive=True):
                    found.add(os.path.normpath(below))
            elif path.endswith(".swift"):
                found.add(os.path.normpath(path))
    return found


def files_of(target, manifest_folder, root, top):
    files = set()
    sources = target.get("sources") or {}
    for entry in sources.get("globs", []):
        included = expand(resolve(entry["glob"], manifest_folder, root))
        for excluded in entry.get("excluding", []):
            pattern = resolve(excluded, manifest_folder, root)
            gone = expand(pattern)
            included = {f for f in included if f not in gone and not any(f.startswith(g + os.sep) for g in braces(pattern) if os.path.isdir(g))}
        files |= included
    for folder in target.get("buildableFolders", []):
        files |= expand(os.path.join(resolve(folder["path"], manifest_folder, root), "**", "*.swift"))
    # Folders Xcode treats as one file are not sources.
    opaque = re.compile(r"\.(xcassets|bundle|framework|xcframework|docc|xcodeproj|playground|lproj)(/|$)")
    return {os.path.relpath(f, top) for f in files if not opaque.search(os.path.relpath(f, top))}


def dependencies_of(target):
    found = set()
    for dependency in target.get("dependencies", []):
        (kind, value), = dependency.items()
        if kind in ("target", "macro"):
            found.add(value["name"])
        elif kind == "project":
            found.add(value["target"])
        elif kind == "external":
            found.add(value["name"])
        elif kind == "package":
            found.add(value["product"])
        elif kind in ("framework", "xcframework", "library"):
            found.add(os.path.splitext(os.path.basename(value["path"]["pathString"]))[0])
    return found


def dump(manifest, helpers):
    command = os.environ.get("TUIST_DUMP")
    if command:
        result = subprocess.run(command.split() + [manifest] + ([helpers] if helpers else []), capture_output=True, text=True)
    else:
        result = subprocess.run(["tuist", "dump", "project"], cwd=os.path.dirname(manifest), capture_output=True, text=True)
    if result.returncode != 0:
        return None, (result.stderr.strip().splitlines() or ["exit %d" % result.returncode])[0]
    return json.loads(result.stdout), None


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    strata, repositories = sys.argv[1], sys.argv[2:]
    failed = False
    for top in repositories:
        top = os.path.abspath(top)
        graph = json.loads(subprocess.run([strata, "graph", "--format", "json"], cwd=top, capture_output=True, text=True).stdout or "{}")
        nodes = {n["id"]: n for n in graph.get("nodes", [])}
        declared = {}
        for edge in graph.get("edges", []):
            if edge.get("declarations"):
                declared.setdefault(edge["from"], set()).add(edge["to"])
        manifests = sorted(
            os.path.join(folder, "Project.swift") for folder, dirs, names in os.walk(top)
            if "Project.swift" in names and "import ProjectDescription" in open(os.path.join(folder, "Project.swift"), encoding="utf-8").read()
        )
        targets = matched = files_total = files_same = 0
        skipped = []
        problems = []
        for manifest in manifests:
            folder = os.path.dirname(manifest)
            root = tuist_root(folder, top)
            helpers = os.path.join(root, "Tuist", "ProjectDescriptionHelpers")
            project, error = dump(manifest, helpers if os.path.isdir(helpers) else None)
            if project is None:
                skipped.append("%s (%s)" % (os.path.relpath(manifest, top), error))
                continue
            for target in project["targets"]:
                targets += 1
                name = target["name"]
                node = nodes.get(name)
                where = "%s: %s" % (os.path.relpath(manifest, top), name)
                if node is None or node.get("kind") == "product":
                    problems.append("%s: not read by Strata" % where)
                    continue
                same = True
                if node.get("product_type") != product_type(target["product"]):
                    problems.append("%s: product %s, Strata %s" % (where, product_type(target["product"]), node.get("product_type")))
                    same = False
                expected = dependencies_of(target)
                ours = declared.get(name, set())
                if expected != ours:
                    problems.append("%s: dependencies missing %s, extra %s" % (where, sorted(expected - ours), sorted(ours - expected)))
                    same = False
                expected_files = files_of(target, folder, root, top)
                our_files = set(node.get("files", []))
                files_total += len(expected_files | our_files)
                files_same += len(expected_files & our_files)
                if expected_files != our_files:
                    problems.append("%s: files missing %s, extra %s" % (where, sorted(expected_files - our_files)[:5], sorted(our_files - expected_files)[:5]))
                    same = False
                matched += same
        print("%s: %d manifests (%d the oracle could not evaluate), %d targets, %d match; %d/%d target-file pairs alike"
              % (os.path.basename(top), len(manifests), len(skipped), targets, matched, files_same, files_total))
        for line in skipped:
            print("  oracle skipped " + line)
        for line in problems:
            print("  " + line)
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
