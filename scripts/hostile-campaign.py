#!/usr/bin/env python3
"""Runs Strata on hostile inputs and says whether any of them got through.

    scripts/hostile-campaign.py [--strata .build/release/strata] [--jobs 2] [--only FAMILY]
                                [--seed 45] [--random 800] [--keep]

Every input Strata reads (strata.yml, Package.swift, Swift sources, Xcode projects, pages,
diagrams, themes, names) is made hostile in a family of cases, each a small project written
into a scratch folder with canary files beside it (outside the project). Each case runs
`strata graph`, `check` and `build` (and, for names, every report format), each under a
30-second and 1 GB watch. A case fails when a run

- crashes (killed by a signal) or exits with anything but 0, 1 or 2,
- takes more than 30 s or more than 1 GB at its peak,
- prints or publishes the content of a canary file (a file outside the project was read),
- creates, changes or removes anything outside the project, or anything in the project
  outside its output folder (`Output/` unless the case names another),
- prints a line that starts a forged GitHub workflow command or diagnostic.

A last family starts `strata serve` and sends it hostile requests and saves under load.
Prints a row per family and a total, and exits 1 when any case failed (0 otherwise).
Nothing is written outside the scratch folder, which is removed unless --keep.
"""

import argparse
import concurrent.futures
import hashlib
import os
import random
import resource
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 30.0
MEMORY_LIMIT_KB = 1024 * 1024  # 1 GB
CANARY = "CANARY-3f9a1c7e"  # any output holding it read a file outside the project
FORGED = "::error file=FORGED"


# ---------------------------------------------------------------------------------------
# Cases


class Case:
    """One hostile project: its files, the commands to run in it, its output folder."""

    def __init__(self, family, name, files, commands=None, output="Output", setup=None):
        self.family = family
        self.name = name
        self.files = files  # path -> str | bytes | ("link", target) | ("sparse", size) | ("dir",)
        self.commands = commands or DEFAULT_COMMANDS
        self.output = output
        self.setup = setup  # a function(project, outside) run after the files are written


DEFAULT_COMMANDS = [["graph", "--format", "json"], ["check"], ["build"]]
ALL_FORMAT_COMMANDS = (
    [["graph", "--format", f] for f in ("text", "json", "dot", "mermaid")]
    + [["check", "--format", f] for f in ("text", "json", "sarif", "junit", "github", "markdown", "codequality", "checkstyle")]
    + [["build"]]
)

PACKAGE = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    targets: [
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
    ]
)
"""

LAYERS = """layers:
  - name: Core
    modules: [Core]
  - name: Feature
    modules: [Feature]
"""

LAYERS_INSIDE = """layers:
  - name: Models
    types: ["*Model"]
  - name: Views
    paths: ["Sources/Feature/Views/**"]
  - name: Rest
    modules: [Core, Feature]
"""


def package_project(extra=None, config=LAYERS, core="public struct CoreModel {}\n", feature="import Core\n"):
    files = {
        "Package.swift": PACKAGE,
        "Sources/Core/Core.swift": core,
        "Sources/Feature/Feature.swift": feature,
        "Sources/Feature/Views/View.swift": "import Core\nstruct ItemView { let model: CoreModel }\n",
        "Content/index.md": "# Home\n\nA page.\n",
        "strata.yml": config,
    }
    files.update(extra or {})
    return files


def manifest_with(targets_expression, helpers=""):
    return (
        "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\n\n"
        + helpers
        + "\nlet package = Package(\n    name: \"App\",\n    targets: "
        + targets_expression
        + "\n)\n"
    )


def family_code_execution(outside):
    written = os.path.join(outside, "written", "PWNED-by-manifest")
    cases = []
    helpers = {
        "create-file": 'struct Maker { func make() -> Target { FileManager.default.createFile(atPath: "%s", contents: nil); return .target(name: "Core") } }' % written,
        "loop": 'struct Maker { func make() -> Target { while true {}; return .target(name: "Core") } }',
        "write-string": 'struct Maker { func make() -> Target { try? "x".write(toFile: "%s", atomically: true, encoding: .utf8); return .target(name: "Core") } }' % written,
        "process": 'struct Maker { func make() -> Target { let p = Process(); p.executableURL = URL(fileURLWithPath: "/usr/bin/touch"); p.arguments = ["%s"]; try? p.run(); p.waitUntilExit(); return .target(name: "Core") } }' % written,
        "global-init": 'let sideEffect: Bool = FileManager.default.createFile(atPath: "%s", contents: nil)\nstruct Maker { func make() -> Target { _ = sideEffect; return .target(name: "Core") } }' % written,
        "closure": 'let make: () -> Target = { FileManager.default.createFile(atPath: "%s", contents: nil); return .target(name: "Core") }\nstruct Maker { func make() -> Target { return .target(name: "Core") } }' % written,
    }
    for name, helper in helpers.items():
        files = package_project({"Package.swift": manifest_with("[Maker().make(), .target(name: \"Feature\")]", helper)})
        cases.append(Case("code execution", name, files))
    # the environment and strata.yml cannot turn SwiftPM on
    files = package_project({"Package.swift": manifest_with("[Maker().make()]", helpers["create-file"]), "strata.yml": "manifest: swiftpm\n" + LAYERS})
    cases.append(Case("code execution", "config-asks-swiftpm", files))
    return cases


def family_reading(outside):
    o = outside
    cases = []
    configs = {
        "content-absolute": "content: %s\n" % o,
        "content-ssh": "content: %s/.ssh\n" % o,
        "content-dotdot": "content: ../outside\n",
        "content-dotdot-deep": "content: Content/../../outside\n",
        "theme-absolute": "theme: %s/theme\n" % o,
        "theme-dotdot": "theme: ../outside/theme\n",
        "follow-links": "follow_links_outside: true\n",
        "packages-outside": "packages: [%s/pkg]\n" % o,
        "packages-dotdot": "packages: [../outside/pkg]\n",
        "projects-outside": "projects: [%s/App.xcodeproj]\n" % o,
        "content-root": "content: /\n",
        "content-etc": "content: /etc\n",
    }
    for name, config in configs.items():
        files = package_project({"strata.yml": config + LAYERS, "Content/leak.md": ("link", o + "/canary.md")})
        if name != "follow-links":
            del files["Content/leak.md"]
        cases.append(Case("reading outside", name, files))
    links = {
        "content-folder-link": {"Content": ("link", o)},
        "content-file-link": {"Content/secret.md": ("link", o + "/canary.md")},
        "content-asset-link": {"Content/id_rsa": ("link", o + "/.ssh/id_rsa")},
        "content-nested-link": {"Content/docs": ("link", o + "/docs")},
        "theme-folder-link": {"Themes/evil": ("link", o + "/theme"), "strata.yml": "theme: Themes/evil\n" + LAYERS},
        "theme-asset-link": {"Themes/evil/templates": ("dir",), "Themes/evil/assets/x.css": ("link", o + "/canary.md"), "strata.yml": "theme: Themes/evil\n" + LAYERS},
        "sources-link": {"Sources/Core/Leak.swift": ("link", o + "/src/Leak.swift")},
        "sources-folder-link": {"Sources/Feature": ("link", o + "/src")},
        "sources-hidden": {"Sources/Core/.env.swift": "// CHECK: %s\nimport Core\n" % "hidden file"},
        "manifest-link": {"Package.swift": ("link", o + "/pkg/Package.swift")},
        "strata-yml-link": {"strata.yml": ("link", o + "/strata.yml")},
        "target-path-dotdot": {"Package.swift": PACKAGE.replace('.target(name: "Core")', '.target(name: "Core", path: "../outside/src")')},
        "target-path-absolute": {"Package.swift": PACKAGE.replace('.target(name: "Core")', '.target(name: "Core", path: "%s/src")' % o)},
        "target-path-dot": {"Package.swift": PACKAGE.replace('.target(name: "Core")', '.target(name: "Core", path: ".")')},
        "target-sources-dotdot": {"Package.swift": PACKAGE.replace('.target(name: "Core")', '.target(name: "Core", sources: ["../../outside/src/Leak.swift"])')},
        "local-package-outside": {"Package.swift": PACKAGE.replace("targets: [", 'dependencies: [.package(path: "%s/pkg")],\n    targets: [' % o)},
        "local-package-dotdot": {"Package.swift": PACKAGE.replace("targets: [", 'dependencies: [.package(path: "../outside/pkg")],\n    targets: [')},
    }
    for name, extra in links.items():
        cases.append(Case("reading outside", name, package_project(extra)))
    # Xcode projects whose groups, synchronized folders and packages point outside
    for name, path, tree in [
        ("xcode-group-absolute", o + "/src", "<absolute>"),
        ("xcode-group-dotdot", "../outside/src", "<group>"),
        ("xcode-synced-root", "/", "<absolute>"),
        ("xcode-synced-outside", o + "/src", "<absolute>"),
        ("xcode-file-absolute", o + "/src/Leak.swift", "<absolute>"),
        ("xcode-sdkroot", "../../../../../../../..%s/src" % o, "SDKROOT"),
    ]:
        cases.append(Case("reading outside", name, xcode_project(path, tree, synchronized="synced" in name)))
    return cases


def xcode_project(path, tree, synchronized=False):
    """A one-target Xcode project whose sources come from `path` (a group or a synchronized folder)."""
    if synchronized:
        objects = """
		F0 = {isa = PBXFileSystemSynchronizedRootGroup; path = "%s"; sourceTree = "%s"; };
		G0 = {isa = PBXGroup; children = (F0, P0); sourceTree = "<group>"; };
		P0 = {isa = PBXGroup; children = (T0P); name = Products; sourceTree = "<group>"; };
		T0P = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
		S0 = {isa = PBXSourcesBuildPhase; files = (); };
		T0 = {isa = PBXNativeTarget; buildPhases = (S0); dependencies = (); fileSystemSynchronizedGroups = (F0); name = App; productName = App; productReference = T0P; productType = "com.apple.product-type.application"; };
""" % (path, tree)
    else:
        objects = """
		F1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Leak.swift; sourceTree = "<group>"; };
		F0 = {isa = PBXGroup; children = (F1); path = "%s"; sourceTree = "%s"; };
		G0 = {isa = PBXGroup; children = (F0, P0); sourceTree = "<group>"; };
		P0 = {isa = PBXGroup; children = (T0P); name = Products; sourceTree = "<group>"; };
		T0P = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
		B1 = {isa = PBXBuildFile; fileRef = F1; };
		S0 = {isa = PBXSourcesBuildPhase; files = (B1); };
		T0 = {isa = PBXNativeTarget; buildPhases = (S0); dependencies = (); name = App; productName = App; productReference = T0P; productType = "com.apple.product-type.application"; };
""" % (path, tree)
    pbxproj = """// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {};
	objectVersion = 77;
	objects = {%s
		R0 = {isa = PBXProject; mainGroup = G0; productRefGroup = P0; projectDirPath = ""; projectRoot = ""; targets = (T0); };
	};
	rootObject = R0;
}
""" % objects
    return {"App.xcodeproj/project.pbxproj": pbxproj, "Content/index.md": "# Home\n"}


def family_writing(outside):
    o = outside
    cases = []
    outputs = {
        "output-absolute": (o + "/written/site", None),
        "output-dotdot": ("../outside/written/site", None),
        "output-sources-marker": ("Sources", {"Sources/.strata-output": ""}),
        "output-content": ("Content", None),
        "output-content-marker": ("Content", {"Content/.strata-output": ""}),
        "output-root": (".", None),
        "output-root-marker": (".", {".strata-output": ""}),
        "output-empty": ('""', None),
        "output-slash": ("/", None),
        "output-link-outside": ("Site", {"Site": ("link", o + "/written")}),
        "output-link-marker": ("Site", {"Site": ("link", o + "/marked")}),
        "output-parent-link": ("Out/site", {"Out": ("link", o + "/written")}),
        "output-theme": ("Themes/mine", {"Themes/mine/templates": ("dir",)}),
        "output-git": (".git", {".git/HEAD": "ref: refs/heads/main\n"}),
    }
    for name, (output, extra) in outputs.items():
        files = package_project(extra)
        files["strata.yml"] = "output: %s\n" % output + LAYERS
        cases.append(Case("writing outside", name, files, output=None))
    # read-only output folder, a huge (sparse) asset
    cases.append(Case("writing outside", "read-only-output", package_project(), setup=lambda p, _: read_only_output(p)))
    cases.append(Case("writing outside", "sparse-2GB-asset", package_project({"Content/big.bin": ("sparse", 2 * 1024**3)})))
    return cases


def read_only_output(project):
    out = os.path.join(project, "Output")
    os.makedirs(out, exist_ok=True)
    open(os.path.join(out, ".strata-output"), "w").close()
    os.chmod(out, 0o555)
    os.chmod(project, 0o555)


def deep(pattern, n):
    """A Swift expression or type nested `n` times by `pattern`."""
    forms = {
        "generic": ("Array<" * n + "Int" + ">" * n, "type"),
        "function-type": ("() -> " * n + "Int", "type"),
        "plus": ("1" + " + 1" * n, "expr"),
        "optional-chain": ("x" + "?" * n, "expr"),
        "force": ("x" + "!" * n, "expr"),
        "subscript": ("x" + "[0]" * n, "expr"),
        "as": ("x" + " as Int" * n, "expr"),
        "call": ("f" + "()" * n, "expr"),
        "member": ("a" + ".b" * n, "expr"),
        "square": ("[" * n + "]" * n, "expr"),
        "paren": ("(" * n + "1" + ")" * n, "expr"),
        "brace": ("{ " * n + "}" * n, "expr"),
        "unclosed-paren": ("(" * n, "expr"),
        "interpolation": ('"\\(' * n + "1" + ')"' * n, "expr"),
        "closure-call": ("{ $0 }(" * n + "1" + ")" * n, "expr"),
        "ternary": ("true ? 1 : " * n + "0", "expr"),
        "tuple-type": ("(" * n + "Int" + ")" * n, "type"),
        "array-type": ("[" * n + "Int" + "]" * n, "type"),
    }
    return forms[pattern]


def if_chain(n):
    return "#if A\n" * n + "let x = 1\n" + "#endif\n" * n


DEPTHS = [100, 1000, 3000, 20000, 50000]


def family_manifest_depth(outside):
    cases = []
    for pattern in ["generic", "function-type", "plus", "optional-chain", "force", "subscript", "as", "call", "member",
                    "square", "paren", "brace", "unclosed-paren", "interpolation", "closure-call", "ternary", "tuple-type", "array-type"]:
        for n in DEPTHS:
            text, kind = deep(pattern, n)
            line = ("let deep: %s? = nil\n" % text) if kind == "type" else ("let deep = %s\n" % text)
            manifest = PACKAGE + "\n" + line
            cases.append(Case("manifest depth", "%s-%d" % (pattern, n), package_project({"Package.swift": manifest}), commands=[["graph", "--format", "json"]]))
        # inside the targets list itself
        text, kind = deep(pattern, 3000)
        if kind == "expr":
            manifest = PACKAGE.replace('.target(name: "Core")', '.target(name: "Core", swiftSettings: [.define(%s)])' % text)
            cases.append(Case("manifest depth", "%s-in-target" % pattern, package_project({"Package.swift": manifest}), commands=[["graph", "--format", "json"]]))
    for n in [100, 1000, 10000]:
        cases.append(Case("manifest depth", "if-%d" % n, package_project({"Package.swift": PACKAGE + if_chain(n)}), commands=[["graph", "--format", "json"]]))
    return cases


def family_source_depth(outside):
    cases = []
    for layered in (False, True):
        config = LAYERS_INSIDE if layered else LAYERS
        tag = "layered" if layered else "plain"
        for pattern in ["generic", "function-type", "plus", "optional-chain", "subscript", "call", "member", "square",
                        "paren", "brace", "interpolation", "closure-call", "tuple-type", "array-type"]:
            for n in [28, 800, 3000, 20000]:
                text, kind = deep(pattern, n)
                body = ("struct Deep { var deep: %s }\n" % text) if kind == "type" else ("func deep() { _ = %s }\n" % text)
                files = package_project({"Sources/Feature/Deep.swift": "import Core\n" + body}, config=config)
                cases.append(Case("source depth", "%s-%s-%d" % (tag, pattern, n), files, commands=[["check"], ["build"]]))
        for n in [100, 10000]:
            files = package_project({"Sources/Feature/Deep.swift": "import Core\n" + if_chain(n)}, config=config)
            cases.append(Case("source depth", "%s-if-%d" % (tag, n), files, commands=[["check"]]))
    return cases


def family_manifest_budget(outside):
    programs = {
        "string-doubling": 'var s = "x"\nfor _ in 0..<40 { s += s }\n',
        "doubling-then-map": 'var s = "x"\nfor _ in 0..<24 { s += s }\nlet many = (0..<10000).map { _ in s }\n',
        "nested-loops": "var n = 0\nfor a in 0..<10000 { for b in 0..<10000 { for c in 0..<10000 { n += a + b + c } } }\n",
        "array-doubling": "var a = [1]\nfor _ in 0..<40 { a += a }\n",
        "dictionary": "var d: [String: Int] = [:]\nfor i in 0..<10000 { for j in 0..<10000 { d[\"\\(i)-\\(j)\"] = i } }\n",
        "recursion": "func f(_ n: Int) -> Int { f(n + 1) }\nlet r = f(0)\n",
        "mutual-recursion": "func f(_ n: Int) -> Int { g(n) }\nfunc g(_ n: Int) -> Int { f(n) }\nlet r = f(0)\n",
        "while-true": "var i = 0\nwhile true { i += 1 }\n",
        "repeat": "var i = 0\nrepeat { i += 1 } while i >= 0\n",
        "huge-range": "let r = Array(0..<Int.max)\n",
        "reduce": 'let s = (0..<100000).reduce("") { $0 + "\\($1)" }\n',
        "joined": 'let s = Array(repeating: String(repeating: "x", count: 1000000), count: 10000).joined()\n',
        "repeating": 'let s = String(repeating: "x", count: Int.max)\n',
    }
    cases = []
    for name, program in programs.items():
        manifest = PACKAGE.replace("let package", program + "\nlet package")
        cases.append(Case("manifest budget", name, package_project({"Package.swift": manifest}), commands=[["graph", "--format", "json"], ["build"]]))
        # the same program feeding the target list
        manifest2 = manifest.replace('.target(name: "Core")', '.target(name: "Core" + String(describing: 0))')
        cases.append(Case("manifest budget", name + "-in-target", package_project({"Package.swift": manifest2}), commands=[["graph", "--format", "json"]]))
    defects = {
        "two-packages": PACKAGE + "\nlet package = Package(name: \"B\")\n",
        "invalid-utf8": PACKAGE.encode() + b"\n// \xff\xfe\xc3\x28\n",
        "unicode-escape": PACKAGE.replace('"Core"', '"Co\\u{A}re"', 1),
        "nul": PACKAGE.encode() + b"\x00\n",
        "bom": b"\xef\xbb\xbf" + PACKAGE.encode(),
        "empty": "",
        "only-comment": "// swift-tools-version:5.9\n",
        "huge-line": "// swift-tools-version:5.9\n//" + "x" * 5_000_000 + "\n" + PACKAGE,
        "many-targets": PACKAGE.replace("targets: [", "targets: [" + "".join('.target(name: "T%d"),' % i for i in range(20000))),
    }
    for name, manifest in defects.items():
        cases.append(Case("manifest budget", name, package_project({"Package.swift": manifest})))
    return cases


def mermaid(boxes, arrows, seed):
    rng = random.Random(seed)
    lines = ["flowchart TD"]
    for i in range(boxes):
        lines.append("  N%d[Box %d]" % (i, i))
    for _ in range(arrows):
        lines.append("  N%d --> N%d" % (rng.randrange(boxes), rng.randrange(boxes)))
    return "\n".join(lines)


def dot(boxes, arrows, seed):
    rng = random.Random(seed)
    lines = ["digraph G {"]
    for _ in range(arrows):
        lines.append('  "N%d" -> "N%d";' % (rng.randrange(boxes), rng.randrange(boxes)))
    return "\n".join(lines) + "\n}"


def family_diagrams(outside):
    cases = []
    for boxes, arrows in [(50, 200), (80, 300), (200, 700), (400, 1500), (1000, 5000)]:
        for kind, make in (("mermaid", mermaid), ("dot", dot)):
            page = "# Diagram\n\n```%s\n%s\n```\n" % (kind, make(boxes, arrows, boxes))
            cases.append(Case("diagrams", "%s-%d-%d" % (kind, boxes, arrows), package_project({"Content/diagram.md": page}), commands=[["build"]]))
    pages = {"Content/d%d.md" % i: "# D%d\n\n```mermaid\n%s\n```\n" % (i, mermaid(80, 300, i)) for i in range(30)}
    cases.append(Case("diagrams", "thirty-80-300", package_project(pages), commands=[["build"]]))
    # Each below the bound of one diagram, about a second each: the build's budget holds.
    labelled = {}
    for i in range(40):
        rng = random.Random(i)
        lines = ["flowchart TD"] + ["  N%d[Box number %d]" % (b, b) for b in range(30)]
        lines += ["  N%d -->|label %d| N%d" % (rng.randrange(30), k, rng.randrange(30)) for k in range(220)]
        labelled["Content/l%02d.md" % i] = "# L%d\n\n```mermaid nocheck\n%s\n```\n" % (i, "\n".join(lines))
    cases.append(Case("diagrams", "forty-30-220-labelled", package_project(labelled), commands=[["build"]]))
    weird = {
        "mermaid-unclosed": "```mermaid\nflowchart TD\n  A[\"" + "x" * 100000 + "\n```\n",
        "mermaid-long-label": "```mermaid\nflowchart TD\n  A[" + "x" * 1000000 + "] --> B\n```\n",
        "dot-html-label": '```dot\ndigraph { a [label=<' + "<b>" * 5000 + "x" + "</b>" * 5000 + '>]; }\n```\n',
        "dot-deep-subgraphs": "```dot\ndigraph { " + "subgraph { " * 3000 + "a" + " }" * 3000 + " }\n```\n",
        "dot-image": '```dot\ndigraph { a [image="%s/canary.md"]; }\n```\n' % outside,
        "dot-shapefile": '```dot\ndigraph { a [shapefile="%s/canary.md"]; }\n```\n' % outside,
        "dot-fontpath": '```dot\ndigraph { fontpath="%s"; fontname="canary"; a; }\n```\n' % outside,
        "dot-stylesheet": '```dot\ndigraph { stylesheet="%s/canary.md"; a; }\n```\n' % outside,
        "dot-huge-size": '```dot\ndigraph { size="100000,100000!"; ratio=fill; a -> b; }\n```\n',
        "dot-nodesep": '```dot\ndigraph { nodesep=100000; ranksep=100000; a -> b; }\n```\n',
        "dot-layout-neato": '```dot\ndigraph { layout=neato; ' + " ".join("n%d -> n%d;" % (i, (i * 7) % 500) for i in range(500)) + " }\n```\n",
        "dot-layout-circo": '```dot\ndigraph { layout=circo; ' + " ".join("n%d -> n%d;" % (i, (i * 7) % 500) for i in range(500)) + " }\n```\n",
        "mermaid-sequence": "```mermaid\nsequenceDiagram\n" + "A->>B: x\n" * 5000 + "```\n",
        "mermaid-self-loops": "```mermaid\nflowchart TD\n" + "".join("  A%d --> A%d\n" % (i, i) for i in range(2000)) + "```\n",
    }
    for name, page in weird.items():
        cases.append(Case("diagrams", name, package_project({"Content/diagram.md": "# D\n\n" + page}), commands=[["build"]]))
    return cases


def small_dot(rng):
    """A small graph of the features that crashed Graphviz 2.42 in process: clusters (some
    nested, some sharing boxes), rank sets, labels, unconstrained and zero-length arrows,
    merged, clipped and joined arrows, ports, records and every spline kind."""
    n = rng.randint(3, 12)
    lines = ["digraph G {"]
    for chance, line in ((0.5, "rankdir=LR;"), (0.2, "newrank=true;"), (0.2, "concentrate=true;"), (0.3, "compound=true;"), (0.2, "node [shape=record];")):
        if rng.random() < chance:
            lines.append(" " + line)
    if rng.random() < 0.2:
        lines.append(" splines=%s;" % rng.choice(["ortho", "polyline", "line", "curved", "false"]))
    nodes = ["n%d" % i for i in range(n)]

    def clusters(prefix, depth):
        out = []
        for c in range(rng.randint(0, 2 if depth else 3)):
            name = "cluster_%s%d" % (prefix, c)
            members = rng.sample(nodes, rng.randint(0, min(4, n)))
            inner = clusters(prefix + str(c) + "_", depth + 1) if depth < 2 and rng.random() < 0.4 else []
            out.append(' subgraph %s { label="%s"; %s %s }' % (name, name, "".join(m + "; " for m in members), " ".join(inner)))
        return out

    lines += clusters("", 0)
    for _ in range(rng.randint(0, 2)):
        lines.append(" { rank=%s; %s; }" % (rng.choice(["same", "min", "max", "source", "sink"]), "; ".join(rng.sample(nodes, 2))))
    for e in range(rng.randint(1, 3 * n)):
        attributes = []
        for chance, attribute in ((0.5, 'label="L%d"' % e), (0.1, "constraint=false"), (0.1, 'headlabel="h"'), (0.1, "minlen=%d" % rng.randint(0, 3)),
                                  (0.1, "weight=%d" % rng.randint(0, 5)), (0.05, "dir=both"), (0.05, 'lhead="cluster_0"'), (0.05, 'samehead="x"'),
                                  (0.05, "headport=%s" % rng.choice(["n", "s", "e", "w", "ne"]))):
            if rng.random() < chance:
                attributes.append(attribute)
        lines.append(" %s -> %s [%s];" % (rng.choice(nodes), rng.choice(nodes), ", ".join(attributes)))
    return "\n".join(lines + ["}"])


def small_mermaid(rng):
    """A small flowchart with subgraphs and labelled arrows, Mermaid's commonest shape."""
    n = rng.randint(3, 20)
    lines = ["flowchart " + rng.choice(["TD", "LR", "BT", "RL"])]
    for g in range(rng.randint(0, 4)):
        lines.append("  subgraph G%d[Group %d]" % (g, g))
        lines += ["    N%d[Box %d]" % (i, i) for i in rng.sample(range(n), rng.randint(0, min(5, n)))]
        lines.append("  end")
    for e in range(rng.randint(1, 3 * n)):
        label = "|label %d|" % e if rng.random() < 0.5 else ""
        lines.append("  N%d -->%s N%d" % (rng.randrange(n), label, rng.randrange(n)))
    return "\n".join(lines)


def family_diagram_shapes(outside):
    """400 small DOT graphs and 200 Mermaid flowcharts, ten to a page."""
    rng = random.Random(4545)
    cases = []
    for kind, make, count in (("dot", small_dot, 400), ("mermaid", small_mermaid, 200)):
        for start in range(0, count, 10):
            pages = {"Content/%s%d.md" % (kind, i): "# %s %d\n\n```%s nocheck\n%s\n```\n" % (kind, i, kind, make(rng)) for i in range(start, start + 10)}
            pages["Content/index.md"] = "# Home\n"
            cases.append(Case("diagram shapes", "%s-%d" % (kind, start), pages, commands=[["build"]]))
    return cases


def theme(templates):
    files = {"Themes/evil/templates/" + name + ".mustache": text for name, text in templates.items()}
    files["strata.yml"] = "theme: Themes/evil\n" + LAYERS
    return files


def base_templates():
    # every page kind drawn by one template that includes `partials/x`
    return {k: "{{>partials/x}}" for k in ("base", "page", "home", "404", "overview", "module", "layer", "component",
                                            "violations", "guidance-block", "guidance-catalog", "guidance-redirect")}


def family_templates(outside):
    cases = []
    for depth in (10, 25, 40, 200, 2000):
        templates = base_templates()
        for i in range(depth):
            templates["partials/p%d" % i] = "{{>partials/p%d}}{{>partials/p%d}}" % (i + 1, i + 1)
        templates["partials/p%d" % depth] = "x"
        templates["partials/x"] = "{{>partials/p0}}"
        cases.append(Case("templates", "doubling-partials-%d" % depth, package_project(theme(templates)), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{{page.contentHTML}}}" * 2000
    cases.append(Case("templates", "content-2000-times", package_project(dict(theme(templates), **{"Content/big.md": "x " * 2_500_000})), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{>partials/x}}"
    cases.append(Case("templates", "self-include", package_project(theme(templates)), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{#a}}" * 5000 + "{{/a}}" * 5000
    cases.append(Case("templates", "deep-sections", package_project(theme(templates)), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{>../../../outside/canary}}"
    cases.append(Case("templates", "partial-traversal", package_project(theme(templates)), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{>%s/canary}}" % outside
    cases.append(Case("templates", "partial-absolute", package_project(theme(templates)), commands=[["build"]]))
    templates = base_templates()
    templates["partials/x"] = "{{=<% %>=}}" * 10000
    cases.append(Case("templates", "delimiter-changes", package_project(theme(templates)), commands=[["build"]]))
    return cases


def family_config(outside):
    cases = []
    for n in (100, 1000, 10000, 50000):
        layers = "layers:\n" + "".join("  - name: L%d\n    modules: [M%d]\n" % (i, i) for i in range(n))
        cases.append(Case("config", "layers-%d" % n, package_project({"strata.yml": layers})))
    cases.append(Case("config", "layer-name-1MB", package_project({"strata.yml": "layers:\n  - name: " + "L" * 1_000_000 + "\n    modules: [Core]\n"})))
    cases.append(Case("config", "rules-both-spellings", package_project({"strata.yml": LAYERS + "rules:\n  layer-order: error\n  layer_order: off\n"})))
    laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n" % ((i,) * 2 + (i - 1,) * 10) for i in range(1, 12))
    cases.append(Case("config", "billion-laughs", package_project({"strata.yml": laughs + LAYERS})))
    cases.append(Case("config", "deep-flow", package_project({"strata.yml": "x: " + "[" * 100000 + "]" * 100000 + "\n" + LAYERS})))
    cases.append(Case("config", "deep-block", package_project({"strata.yml": "".join("  " * i + "k:\n" for i in range(5000)) + LAYERS})))
    cases.append(Case("config", "huge-string", package_project({"strata.yml": "site:\n  title: " + "t" * 20_000_000 + "\n" + LAYERS})))
    cases.append(Case("config", "many-patterns", package_project({"strata.yml": "layers:\n  - name: A\n    modules: [" + ", ".join('"*%d*"' % i for i in range(50000)) + "]\n"})))
    cases.append(Case("config", "glob-explosion", package_project({"strata.yml": "layers:\n  - name: A\n    modules: [\"" + "*a" * 200 + "\"]\n    paths: [\"" + "**/" * 200 + "x\"]\n"})))
    cases.append(Case("config", "may-use-cycle-big", package_project({"strata.yml": "layers:\n" + "".join("  - name: L%d\n    may_use: [L%d]\n" % (i, (i + 1) % 3000) for i in range(3000))})))
    cases.append(Case("config", "invalid-utf8", package_project({"strata.yml": b"site:\n  title: \xff\xfe\n"})))
    cases.append(Case("config", "tabs-and-nul", package_project({"strata.yml": "site:\n\ttitle: x\x00\n"})))
    return cases


def family_pages(outside):
    cases = []
    blocks = "".join("CHECK: thing %d\nIF: a\nTHEN: b\n\n" % i for i in range(30000))
    cases.append(Case("pages", "guidance-30000", package_project({"Content/g.md": "# G\n\n" + blocks}), commands=[["build"]]))
    anti = "".join("ANTI_PATTERN: a %d\nFIX: b\n\n" % i for i in range(30000))
    cases.append(Case("pages", "anti-pattern-30000", package_project({"Content/g.md": "# G\n\n" + anti}), commands=[["build"]]))
    read_also = "".join("READ_ALSO: missing-%d.md\n\n" % i for i in range(5000))
    cases.append(Case("pages", "read-also-5000-broken", package_project({"Content/g.md": "# G\n\n" + read_also}), commands=[["build"]]))
    names = {
        "name-255": "a" * 252 + ".md",
        "name-colon-forge": "a.md:99:1: error: x.md",
        "name-newline": "a\n::error file=FORGED.swift,line=1::forged.md",
        "name-bidi": "a\u202egnp.md",
        "name-cr": "a\rb.md",
        "name-esc": "a\x1b[31mred.md",
        "name-dotdot-like": "..md",
        "name-index-html": "index.html.md",
    }
    for name, file in names.items():
        cases.append(Case("pages", name, package_project({"Content/" + file: "# Odd\n\n[broken](missing.md)\n"})))
    cases.append(Case("pages", "name-invalid-utf8", package_project({b"Content/a\xff.md": "# x\n"})))
    cases.append(Case("pages", "front-matter-laughs", package_project({"Content/f.md": "---\n" + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n" % ((i,) * 2 + (i - 1,) * 10) for i in range(1, 12)) + "---\n# F\n"}), commands=[["build"]]))
    cases.append(Case("pages", "deep-lists", package_project({"Content/l.md": "".join("  " * i + "- x\n" for i in range(5000))}), commands=[["build"]]))
    cases.append(Case("pages", "deep-quotes", package_project({"Content/q.md": ">" * 100000 + " x\n"}), commands=[["build"]]))
    cases.append(Case("pages", "many-headings", package_project({"Content/h.md": "## Same\n\n" * 20000}), commands=[["build"]]))
    cases.append(Case("pages", "links-to-outside", package_project({"Content/l.md": "[a](../../outside/canary.md) ![b](%s/canary.md) [c](file://%s/canary.md)\n" % (outside, outside)}), commands=[["build"]]))
    cases.append(Case("pages", "html-include", package_project({"Content/l.md": '<iframe src="file://%s/canary.md"></iframe>\n' % outside}), commands=[["build"]]))
    cases.append(Case("pages", "page-10MB", package_project({"Content/big.md": "word " * 2_200_000}), commands=[["build"]]))
    cases.append(Case("pages", "folder-5000", package_project({"Content/many/p%d.md" % i: "# P%d\n" % i for i in range(5000)}), commands=[["build"]]))
    cases.append(Case("pages", "deep-folders", package_project({"Content/" + "d/" * 100 + "p.md": "# Deep\n"}), commands=[["build"]]))
    cases.append(Case("pages", "fifo", package_project(), commands=[["build"]], setup=lambda p, _: os.mkfifo(os.path.join(p, "Content", "pipe.md"))))
    cases.append(Case("pages", "unreadable", package_project({"Content/secret.md": "# S\n"}), commands=[["build"]], setup=lambda p, _: os.chmod(os.path.join(p, "Content", "secret.md"), 0)))
    cases.append(Case("pages", "self-link-loop", package_project({"Content/loop": ("link", "loop")}), commands=[["build"]]))
    cases.append(Case("pages", "folder-link-cycle", package_project({"Content/a/up": ("link", "..")}), commands=[["build"]]))
    return cases


HOSTILE_PIECES = {
    "lf": "\n", "cr": "\r", "crlf": "\r\n", "ls": "\u2028", "ps": "\u2029", "esc": "\x1b[31m", "bell": "\x07",
    "rlo": "\u202e", "lri": "\u2066", "nel": "\u0085", "del": "\x7f",
}


def family_names(outside):
    cases = []
    for key, piece in HOSTILE_PIECES.items():
        name = "A%s::error file=FORGED.swift,line=1::forged" % piece
        swift_name = name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\x1b", "\\u{1B}").replace("\x07", "\\u{7}").replace("\x7f", "\\u{7F}")
        manifest = PACKAGE.replace('.target(name: "Core")', '.target(name: "%s", path: "Sources/Core")' % swift_name).replace('dependencies: ["Core"]', 'dependencies: ["%s"]' % swift_name)
        files = package_project({"Package.swift": manifest, "strata.yml": "layers:\n  - name: Feature\n    modules: [Feature]\n  - name: Core\n    modules: [\"A*\"]\n"})
        cases.append(Case("names", "target-" + key, files, commands=ALL_FORMAT_COMMANDS))
        # the same piece in a file name and a layer name
        files = package_project({"Sources/Feature/" + name.replace("/", "_") + ".swift": "import Core\n"},
                                config="layers:\n  - name: Feature\n    modules: [Feature]\n  - name: \"%s\"\n    modules: [Core]\n" % swift_name)
        cases.append(Case("names", "file-and-layer-" + key, files, commands=ALL_FORMAT_COMMANDS))
    return cases


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(6)
        if not data:
            data += b"("
            continue
        i = rng.randrange(len(data))
        if op == 0:
            data[i] = rng.randrange(256)
        elif op == 1:
            del data[i:i + rng.randint(1, 40)]
        elif op == 2:
            data[i:i] = bytes(rng.choice([b"(", b"[", b"{", b"\"", b"\\(", b"#if X\n", b"/*", b"\n", b"\x00", b"\xff", b"<", b"$0"]) * rng.randint(1, 2000))
        elif op == 3:
            j = rng.randrange(len(data))
            data[i:i] = data[j:j + rng.randint(1, 200)] * rng.randint(1, 50)
        elif op == 4:
            data[i:i] = rng.choice([b"\xe2\x80\xae", b"\r", b"\t", b"::error ", b"../", b"/etc/passwd", b"%s/canary.md" % OUTSIDE_MARK])
        else:
            data = data[:i]
    return bytes(data)


OUTSIDE_MARK = b"@OUTSIDE@"


def family_random(outside, count, seed):
    rng = random.Random(seed)
    targets = [
        ("Package.swift", PACKAGE.encode(), [["graph", "--format", "json"]]),
        ("strata.yml", (LAYERS_INSIDE + "rules:\n  layer-order: error\n").encode(), [["check"]]),
        ("Sources/Feature/Views/View.swift", b"import Core\nstruct ItemView { let model: CoreModel\n  func f() -> [String: Int] { [\"a\": 1] }\n}\n", [["check"]]),
        ("Content/index.md", b"---\ntitle: T\n---\n# Home\n\nCHECK: x\nIF: a\nTHEN: b\n\n```mermaid\nflowchart TD\n  A --> B\n```\n\nREAD_ALSO: index.md\n", [["build"]]),
    ]
    cases = []
    for i in range(count):
        path, seed_bytes, commands = targets[i % len(targets)]
        mutated = mutate(seed_bytes, rng).replace(OUTSIDE_MARK, outside.encode())
        files = package_project({path: mutated}, config=LAYERS_INSIDE)
        cases.append(Case("random mutations", "%s-%d" % (path.rsplit("/", 1)[-1], i), files, commands=commands))
    return cases


# ---------------------------------------------------------------------------------------
# Running


def write_files(root, files, outside):
    for path, content in files.items():
        full = os.path.join(root.encode(), path if isinstance(path, bytes) else path.encode())
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if isinstance(content, tuple):
            if content[0] == "link":
                # a link in place of a folder the base project has (`Content`, say)
                if os.path.isdir(full) and not os.path.islink(full):
                    shutil.rmtree(full)
                os.symlink(content[1], full)
            elif content[0] == "dir":
                os.makedirs(full, exist_ok=True)
            elif content[0] == "sparse":
                with open(full, "wb") as handle:
                    handle.truncate(content[1])
        else:
            data = content.encode() if isinstance(content, str) else content
            with open(full, "wb") as handle:
                handle.write(data)


def snapshot(root, skip=None):
    """Every entry under `root` (not following links) with its kind, size and content hash."""
    found = {}
    for folder, dirs, names in os.walk(root.encode()):
        if skip is not None and (folder == skip or folder.startswith(skip + b"/")):
            dirs[:] = []
            continue
        for name in dirs + names:
            path = os.path.join(folder, name)
            if skip is not None and path == skip:
                continue
            try:
                info = os.lstat(path)
            except OSError:
                continue
            digest = ""
            if os.path.isfile(path) and not os.path.islink(path) and info.st_size < 50_000_000:
                try:
                    with open(path, "rb") as handle:
                        digest = hashlib.sha256(handle.read()).hexdigest()
                except OSError:
                    digest = "unreadable"
            found[path] = (info.st_mode, info.st_size if not os.path.isdir(path) else 0, digest)
    return found


def make_outside(root):
    outside = os.path.join(root, "outside")
    files = {
        "canary.md": "# Canary\n\n%s\n" % CANARY,
        ".ssh/id_rsa": "-----BEGIN KEY-----\n%s\n" % CANARY,
        "src/Leak.swift": "// CHECK: %s\nimport CanaryModule\nstruct Canary {}\n" % CANARY,
        "docs/page.md": "# Docs\n\n%s\n" % CANARY,
        "theme/templates/base.mustache": CANARY,
        "theme/assets/canary.css": CANARY,
        "pkg/Package.swift": PACKAGE.replace('"App"', '"%s"' % CANARY),
        "pkg/Sources/Core/C.swift": "import %s\n" % CANARY.replace("-", ""),
        "strata.yml": "site:\n  title: %s\n" % CANARY,
        "marked/.strata-output": "",
        "marked/keep.txt": CANARY,
        "written/.keep": "",
    }
    write_files(outside, files, outside)
    return outside


def run_command(binary, args, cwd, scratch_home):
    """Runs one command; returns (exit or -signal, seconds, peak KB, output bytes)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch_home, "LANG": "C.UTF-8", "TMPDIR": os.path.join(scratch_home, "tmp")}
    out_path = os.path.join(scratch_home, "out-%d-%d" % (os.getpid(), random.randrange(1 << 30)))
    with open(out_path, "wb") as out:
        start = time.monotonic()

        def limits():
            # a guard for the machine, far above what the campaign judges (1 GB)
            resource.setrlimit(resource.RLIMIT_AS, (16 * 1024**3, 16 * 1024**3))

        # /usr/bin/time reports Strata's own peak: a child forked from this (large) Python
        # process would inherit its high-water mark, which Linux keeps across exec.
        time_path = out_path + ".time"
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", time_path, binary] + args, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=env, start_new_session=True, preexec_fn=limits)
        status, usage, timed_out = None, None, False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid != 0:
                break
            if time.monotonic() - start > TIME_LIMIT + 5:
                timed_out = True
                os.killpg(process.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.005)
        seconds = time.monotonic() - start
        process.returncode = 0  # reaped by wait4 above
    with open(out_path, "rb") as handle:
        output = handle.read()
    os.unlink(out_path)
    peak_kb = 0
    try:
        with open(time_path) as handle:
            lines = [line for line in handle.read().split("\n") if line.strip().isdigit()]
            peak_kb = int(lines[-1]) if lines else 0
        os.unlink(time_path)
    except OSError:
        pass
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    # /usr/bin/time passes a signal on as "Command terminated by signal N" and exits 128+N
    if code >= 128:
        code = -(code - 128)
    return code, seconds, peak_kb, output, timed_out


def contains_canary(folder):
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            # only regular files: opening a pipe the case made would wait for a writer forever
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            try:
                with open(path, "rb") as handle:
                    if CANARY.encode() in handle.read():
                        return os.path.relpath(path, folder)
            except OSError:
                pass
    return None


def forged_line(output):
    for line in output.split(b"\n"):
        if line.startswith(FORGED.encode()) or line.startswith(b"FORGED.swift:"):
            return line[:120]
    return None


def run_case(binary, root, index, case):
    case_root = os.path.join(root, "cases", "%05d" % index)
    project = os.path.join(case_root, "project")
    home = os.path.join(case_root, "home")
    os.makedirs(os.path.join(home, "tmp"))
    outside = os.path.join(root, "outside")
    write_files(project, case.files, outside)
    if case.setup:
        case.setup(project, outside)
    output_folder = os.path.join(project, case.output).encode() if case.output else os.path.join(project, "Output").encode()
    before_outside = snapshot(outside)
    before_project = snapshot(project, skip=output_folder)
    problems, worst_seconds, worst_kb = [], 0.0, 0
    for args in case.commands:
        code, seconds, kb, output, timed_out = run_command(binary, args, project, home)
        worst_seconds, worst_kb = max(worst_seconds, seconds), max(worst_kb, kb)
        what = " ".join(args)
        if timed_out:
            problems.append("%s: over %d s (killed)" % (what, TIME_LIMIT))
        elif seconds > TIME_LIMIT:
            problems.append("%s: %.1f s" % (what, seconds))
        if code < 0:
            problems.append("%s: killed by signal %d" % (what, -code))
        elif code not in (0, 1, 2) and not timed_out:
            problems.append("%s: exit %d" % (what, code))
        if kb > MEMORY_LIMIT_KB:
            problems.append("%s: %d MB at its peak" % (what, kb // 1024))
        if CANARY.encode() in output or CANARY.replace("-", "").encode() in output:
            problems.append("%s: printed a canary" % what)
        forged = forged_line(output)
        if forged:
            problems.append("%s: printed a forged line %r" % (what, forged))
        if code == 2 and not any(b": error: " in line for line in output.split(b"\n")) and b"Error:" not in output:
            problems.append("%s: exit 2 without a located error" % what)
    leaked = contains_canary(project)
    if leaked:
        problems.append("published a canary in %s" % leaked)
    if snapshot(outside) != before_outside:
        changed = set(snapshot(outside).items()) ^ set(before_outside.items())
        problems.append("changed outside the project: %s" % sorted(p.decode(errors="replace") for p, _ in changed)[:3])
    after_project = snapshot(project, skip=output_folder)
    if after_project != before_project:
        changed = sorted({p for p, _ in set(after_project.items()) ^ set(before_project.items())})
        # the output folder's own swap leaves nothing beside it either
        problems.append("changed the project outside its output: %s" % [os.path.relpath(p, project.encode()).decode(errors="replace") for p in changed][:3])
    survivors = kill_processes_under(case_root)
    if survivors:
        problems.append("left %d process(es) running after it ended: %s" % (len(survivors), survivors[:2]))
    restore_permissions(case_root)
    shutil.rmtree(case_root, ignore_errors=True)
    return case, problems, worst_seconds, worst_kb


def run_case_guarded(binary, root, index, case):
    """`run_case`, with a failure of the harness itself counted as the case's failure."""
    try:
        return run_case(binary, root, index, case)
    except Exception as error:  # noqa: BLE001 - reported, never hidden
        return case, ["the campaign could not run it: %r" % error], 0.0, 0


def kill_processes_under(folder):
    """Kills every process working in `folder` or naming it on its command line: what a run
    left behind (SwiftPM starts a manifest's process in a group of its own, which a kill of
    Strata's group does not reach). Returns their command lines."""
    killed = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            cwd = os.readlink("/proc/%s/cwd" % pid)
            with open("/proc/%s/cmdline" % pid, "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if cwd.startswith(folder) or folder in command:
            try:
                os.kill(int(pid), signal.SIGKILL)
                killed.append(command[:100])
            except OSError:
                pass
    return killed


def restore_permissions(folder):
    for dirpath, dirs, _ in os.walk(folder):
        for name in dirs:
            try:
                os.chmod(os.path.join(dirpath, name), 0o755, follow_symlinks=False)
            except (OSError, NotImplementedError):
                pass
    try:
        os.chmod(folder, 0o755)
    except OSError:
        pass
    for dirpath, dirs, _ in os.walk(folder):
        for name in dirs:
            try:
                os.chmod(os.path.join(dirpath, name), 0o755)
            except OSError:
                pass


# ---------------------------------------------------------------------------------------
# serve under load


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_family(binary, root):
    """`strata serve` with hostile requests and saves arriving together; it must keep answering."""
    project = os.path.join(root, "serve", "project")
    home = os.path.join(root, "serve", "home")
    os.makedirs(os.path.join(home, "tmp"))
    outside = os.path.join(root, "outside")
    write_files(project, package_project({"Content/d.md": "# D\n\n```mermaid\n%s\n```\n" % mermaid(80, 300, 1)}), outside)
    port = free_port()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "TMPDIR": os.path.join(home, "tmp"), "LANG": "C.UTF-8"}
    log = open(os.path.join(home, "serve.log"), "wb")
    server = subprocess.Popen([binary, "serve", "--port", str(port)], cwd=project, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    requests = [
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /../../outside/canary.md HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /%2e%2e/%2e%2e/outside/canary.md HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /..%2f..%2foutside%2fcanary.md HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET //etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",
        b"GET /" + b"a/" * 5000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X: " + b"y" * 100000 + b"\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n" + b"x" * 1000,
        b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    ]
    problems = []

    def request(data, timeout=10):
        # one request per connection: the server keeps connections alive unless told
        if data.endswith(b"\r\n\r\n") and b"Connection:" not in data:
            data = data[:-2] + b"Connection: close\r\n\r\n"
        chunks = []
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
                s.sendall(data)
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    if sum(map(len, chunks)) > 5_000_000:
                        break
        except OSError:
            pass
        return b"".join(chunks)

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not request(requests[0], timeout=2).startswith(b"HTTP/1.1 200"):
        time.sleep(0.2)
    else:
        pass
    sent = 0
    if not request(requests[0]).startswith(b"HTTP/1.1 200"):
        problems.append("serve never answered")
    else:
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            for round_ in range(20):
                # a save that makes a hostile diagram, then requests while it rebuilds
                with open(os.path.join(project, "Content", "d.md"), "w") as handle:
                    handle.write("# D %d\n\n```mermaid\n%s\n```\n" % (round_, mermaid(200 + round_, 700, round_)))
                answers = list(pool.map(request, requests * 4))
                sent += len(answers)
                for answer in answers:
                    if CANARY.encode() in answer:
                        problems.append("serve answered with a canary")
                slow_start = time.monotonic()
                if not request(requests[0]).startswith(b"HTTP/1.1 200"):
                    problems.append("serve stopped answering in round %d" % round_)
                    break
                if time.monotonic() - slow_start > TIME_LIMIT:
                    problems.append("serve took %.0f s to answer in round %d" % (time.monotonic() - slow_start, round_))
            # slow clients: open many connections sending a byte at a time
            sockets = []
            for _ in range(50):
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    s.sendall(b"G")
                    sockets.append(s)
                except OSError:
                    pass
            if not request(requests[0]).startswith(b"HTTP/1.1 200"):
                problems.append("serve stopped answering with 50 slow clients")
            for s in sockets:
                s.close()
    if server.poll() is not None:
        problems.append("serve exited with %s" % server.returncode)
    peak_kb = 0
    try:
        with open("/proc/%d/status" % server.pid) as handle:
            peak_kb = int(next(line for line in handle if line.startswith("VmHWM:")).split()[1])
    except (OSError, StopIteration, ValueError):
        pass
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    log.close()
    return problems, sent, peak_kb


# ---------------------------------------------------------------------------------------


FAMILIES = {
    "code execution": family_code_execution,
    "reading outside": family_reading,
    "writing outside": family_writing,
    "manifest depth": family_manifest_depth,
    "source depth": family_source_depth,
    "manifest budget": family_manifest_budget,
    "diagrams": family_diagrams,
    "diagram shapes": family_diagram_shapes,
    "templates": family_templates,
    "config": family_config,
    "pages": family_pages,
    "names": family_names,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--strata", default=".build/release/strata")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", help="run only this family (repeatable); 'serve' for the server")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--random", type=int, default=800, help="how many randomly mutated inputs")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    binary = os.path.abspath(options.strata)
    if not os.access(binary, os.X_OK):
        print("error: no strata binary at %s (build it: swift build -c release --product strata)" % binary, file=sys.stderr)
        return 2
    root = os.path.realpath(tempfile.mkdtemp(prefix="strata-campaign-"))
    try:
        outside = make_outside(root)
        cases = []
        for name, make in FAMILIES.items():
            if options.only and name not in options.only:
                continue
            cases += make(outside)
        if not options.only or "random mutations" in options.only:
            cases += family_random(outside, options.random, options.seed)
        started = time.monotonic()
        results = {}
        failures = []
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            futures = [pool.submit(run_case_guarded, binary, root, i, case) for i, case in enumerate(cases)]
            for future in concurrent.futures.as_completed(futures):
                case, problems, seconds, kb = future.result()
                row = results.setdefault(case.family, [0, 0, 0, 0.0, 0])
                row[0] += 1
                row[1] += len(case.commands)
                row[2] += 1 if problems else 0
                row[3] = max(row[3], seconds)
                row[4] = max(row[4], kb)
                if problems:
                    failures.append((case, problems))
                    if options.verbose:
                        print("FAIL %s / %s: %s" % (case.family, case.name, "; ".join(problems)), flush=True)
        serve_row = None
        if not options.only or "serve" in options.only:
            problems, sent, kb = serve_family(binary, root)
            serve_row = (sent, problems, kb)
            if problems:
                failures.append((Case("serve", "serve under load", {}), problems))
        elapsed = time.monotonic() - started
        print("| Family | Inputs | Runs | Failed | Slowest run | Largest peak |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        total = [0, 0, 0]
        for family in list(FAMILIES) + ["random mutations"]:
            if family not in results:
                continue
            inputs, runs, failed, seconds, kb = results[family]
            total = [total[0] + inputs, total[1] + runs, total[2] + failed]
            print("| %s | %d | %d | %d | %.2f s | %d MB |" % (family, inputs, runs, failed, seconds, kb // 1024))
        if serve_row:
            sent, problems, kb = serve_row
            print("| serve under load | %d requests, 20 saves | 1 | %d | | %d MB |" % (sent, 1 if problems else 0, kb // 1024))
            total[2] += 1 if problems else 0
        print("| **total** | **%d** | **%d** | **%d** | | |" % tuple(total))
        print()
        print("%d inputs, %d runs, %d failed, in %.0f s" % (total[0], total[1], total[2], elapsed))
        for case, problems in sorted(failures, key=lambda item: (item[0].family, item[0].name)):
            print("FAILED %s / %s:" % (case.family, case.name))
            for problem in problems[:5]:
                print("    " + problem)
        return 1 if failures else 0
    finally:
        if options.keep:
            print("kept %s" % root)
        else:
            restore_permissions(root)
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
