#!/usr/bin/env python3
"""Writes a synthetic Swift package of N modules in layers, for `make bench` and for
trying Strata's diagrams on a large app. Deterministic: the same arguments give the same
files. Each module has a few source files importing its dependencies; a handful of edges
break the layer order on purpose, so violations show up in the reports and diagrams.

usage: generate-layered-package.py OUTPUT_FOLDER MODULES [--layers N] [--violations N]
"""
import argparse
import os
import random

from corpus_files import write_tree

LAYER_NAMES = ["Core", "Infrastructure", "Domain", "Services", "Features", "UI", "App", "Tooling"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("modules", type=int)
    parser.add_argument("--layers", type=int, default=6)
    parser.add_argument("--violations", type=int, default=4)
    parser.add_argument("--files", type=int, default=3, help="source files per module")
    args = parser.parse_args()
    rng = random.Random(f"strata-{args.modules}-{args.layers}")
    layers = LAYER_NAMES[: max(1, min(args.layers, len(LAYER_NAMES)))]

    # Modules spread over the layers, fewer at the top.
    weights = list(range(len(layers), 0, -1))
    total = sum(weights)
    counts = [max(1, args.modules * w // total) for w in weights]
    counts[0] += args.modules - sum(counts)
    modules = []  # (name, layer index)
    for index, (layer, count) in enumerate(zip(layers, counts)):
        for number in range(count):
            modules.append((f"{layer}{number + 1:03d}", index))

    deps = {}
    by_layer = {i: [m for m, l in modules if l == i] for i in range(len(layers))}
    for name, layer in modules:
        chosen = set()
        for _ in range(rng.randint(1, 4) if layer > 0 else rng.randint(0, 2)):
            target_layer = rng.randint(0, layer)
            candidates = [m for m in by_layer[target_layer] if m < name or target_layer < layer]
            candidates = [m for m in candidates if m != name]
            if candidates:
                chosen.add(rng.choice(candidates))
        deps[name] = sorted(chosen)
    # A few edges against the layer order.
    low = [m for m, l in modules if l < len(layers) - 1]
    for _ in range(args.violations):
        source = rng.choice(low)
        source_layer = dict(modules)[source]
        upper = [m for m, l in modules if l > source_layer]
        if upper:
            deps[source] = sorted(set(deps[source]) | {rng.choice(upper)})

    files = {}
    lines = ["// swift-tools-version:5.9", "import PackageDescription", "", "let package = Package(",
             f'    name: "Synthetic{args.modules}",', "    targets: ["]
    for name, layer in modules:
        quoted = ", ".join(f'"{d}"' for d in deps[name])
        lines.append(f'        .target(name: "{name}", dependencies: [{quoted}]),')
    lines += ["    ]", ")", ""]
    files["Package.swift"] = "\n".join(lines)
    for name, layer in modules:
        for number in range(args.files):
            imports = deps[name][number::args.files] if deps[name] else []
            body = [f"import {d}" for d in imports] + ["", f"public struct {name}Part{number} {{",
                    "    public init() {}", "    public func value() -> Int {",
                    f"        {number} + {layer}", "    }", "}", ""]
            files[f"Sources/{name}/{name}Part{number}.swift"] = "\n".join(body)
    yml = ["site:", f"  title: Synthetic app ({args.modules} modules)", "layers:"]
    for layer in layers:
        yml += [f"  - name: {layer}", f'    modules: ["{layer}*"]']
    yml += ["rules:", "  layer-order: error", ""]
    files["strata.yml"] = "\n".join(yml)
    files["Content/index.md"] = (f"# Synthetic app\n\nA generated package of {args.modules} modules in {len(layers)} layers. "
                                 f"{modules[0][0]} is at the bottom.\n")
    write_tree(args.output, files)

if __name__ == "__main__":
    main()
