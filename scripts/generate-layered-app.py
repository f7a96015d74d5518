#!/usr/bin/env python3
"""Writes a Swift package of one app target whose layers are folders (Core, Infrastructure,
Service, UI, Live), FILES Swift files in all of about 150 lines, each declaring three types
that name types of the layers below, a strata.yml that declares those folders as layers, and
a one-page Content folder: the input for timing how fast Strata reads a target's types and
references, checks them, and rebuilds the site when one file changes (`strata serve`).

usage: generate-layered-app.py FOLDER [FILES]
"""
import os
import sys

folder = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
layers = ["Core", "Infrastructure", "Service", "UI", "Live"]
allowed = {"Core": [], "Infrastructure": ["Core"], "Service": ["Core", "Infrastructure"], "UI": ["Core", "Service"], "Live": layers[:-1]}
per_layer = max(1, files // len(layers))

os.makedirs(os.path.join(folder, "Sources", "App"), exist_ok=True)
with open(os.path.join(folder, "Package.swift"), "w") as out:
    out.write('// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: "App", targets: [.target(name: "App")])\n')
with open(os.path.join(folder, "strata.yml"), "w") as out:
    out.write("layers:\n")
    for layer in layers:
        out.write(f'  - name: {layer}\n    paths: ["Sources/App/{layer}/**"]\n')
        if layer != "Live":
            out.write(f"    may_use: [{', '.join(allowed[layer])}]\n")

os.makedirs(os.path.join(folder, "Content"), exist_ok=True)
with open(os.path.join(folder, "Content", "index.md"), "w") as out:
    out.write("# App\n\nOne app target whose layers are folders.\n")

for index, layer in enumerate(layers):
    base = os.path.join(folder, "Sources", "App", layer)
    for number in range(per_layer):
        group = os.path.join(base, f"Group{number // 50:02d}")
        os.makedirs(group, exist_ok=True)
        lines = ["import Foundation", ""]
        for kind, suffix in (("struct", "Model"), ("final class", "Controller"), ("enum", "Kind")):
            name = f"{layer}{suffix}{number:04d}"
            uses = [f"{below}Model{number % per_layer:04d}" for below in allowed[layer][-2:]]
            lines.append(f"{kind} {name} {{")
            if kind == "enum":
                lines.append("    case first, second")
            else:
                for position, used in enumerate(uses):
                    lines.append(f"    var value{position}: {used}? = nil")
                lines.append(f"    func make() -> [{name}] {{ [] }}")
                if uses:
                    lines.append(f"    func build() -> {uses[0]}? {{ nil }}")
            lines.append("}")
            lines.append("")
        # About 150 lines a file, as in the issue's 1,000-file, 150,000-line app.
        lines.append(f"// {layer} file {number}: " + "text " * 20)
        for helper in range(20):
            lines += [f"func helper{layer}{number:04d}x{helper:02d}(_ values: [Int]) -> Int {{",
                      "    var total = 0", "    for value in values where value > 0 {", "        total += value * 2",
                      "    }", "    return total", "}", ""]
        with open(os.path.join(group, f"{layer}File{number:04d}.swift"), "w") as out:
            out.write("\n".join(lines))
