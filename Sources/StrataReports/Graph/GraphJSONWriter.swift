import StrataCore

/// Writes the module graph as JSON (`strata graph --format json`, and `graph.json` in the
/// site): stable key order, paths relative to the project, so the same code gives the
/// same bytes.
package struct GraphJSONWriter: Sendable {
    package init() {}

    package func write(_ graph: ModuleGraph) -> String {
        // Written as it goes, keys in sorted order: the bytes JSONEncoder gives with sorted
        // keys (JSONOutputTests), several times faster on an app of a thousand files.
        // Room for the whole document at once (about 200 bytes an import, 80 a file): an
        // array that grows copies itself and touches new pages each time.
        let estimate =
            graph.edges.reduce(0) { $0 + 200 * ($1.imports.count + $1.declarations.count) }
            + graph.nodes.reduce(0) { $0 + 300 + 80 * $1.sourceFiles.count }
        var output = JSONOutput(capacity: 4096 + estimate)
        output.object { output in
            output.key("edges")
            output.array { output in
                for edge in graph.edges { write(edge, into: &output) }
            }
            output.key("nodes")
            output.array { output in
                for node in graph.nodes { write(node, into: &output) }
            }
            output.key("packages")
            output.array { output in
                for package in graph.packages { write(package, into: &output) }
            }
            if let platform = graph.platform {
                output.key("platform")
                output.object { output in
                    output.entry("location", platform.location?.description)
                    output.entry("name", platform.platform.name)
                    output.entry("origin", platform.origin.rawValue)
                }
            }
            output.key("version")
            output.int(1)
        }
        return output.text()
    }

    private func write(_ package: PackageSummary, into output: inout JSONOutput) {
        output.object { output in
            if let reasons = package.fallbackReasons {
                output.entry("fallback_reasons", strings: reasons.map(\.description))
            }
            output.entry("manifest", package.manifestPath)
            output.entry("name", package.name)
            output.entry(
                "reader", package.isXcodeProject ? "xcode" : package.fallbackReasons == nil ? "syntax" : "swiftpm")
            output.key("root")
            output.bool(package.isRoot)
        }
    }

    private func write(_ node: ModuleNode, into output: inout JSONOutput) {
        output.object { output in
            if node.isTarget { output.entry("files", strings: node.sourceFiles) }
            output.entry("id", node.id)
            output.entry("kind", node.kind.rawValue)
            output.entry("location", node.location?.description)
            output.entry("package", node.package)
            output.entry("product_type", node.productType)
            output.entry("section", node.section)
            output.entry("source_path", node.sourcePath)
        }
    }

    private func write(_ edge: ModuleEdge, into output: inout JSONOutput) {
        output.object { output in
            output.key("conditional")
            output.bool(edge.isConditional)
            output.key("declarations")
            output.array { output in
                for declaration in edge.declarations {
                    output.object { output in
                        output.entry("condition", declaration.condition?.description)
                        output.entry("form", declaration.kind.rawValue)
                        output.entry("location", declaration.location.description)
                        output.entry("name", declaration.name)
                        output.entry("package", declaration.package)
                    }
                }
            }
            output.entry("from", edge.from)
            output.key("imports")
            output.array { output in
                for item in edge.imports {
                    output.object { output in
                        output.entry("access", item.accessLevel)
                        if !item.attributes.isEmpty { output.entry("attributes", strings: item.attributes) }
                        output.entry("condition", item.condition)
                        output.entry("kind", item.declarationKind)
                        output.entry("location", item.location.description)
                        output.entry("path", item.path.joined(separator: "."))
                    }
                }
            }
            output.entry("kind", edge.kind)
            output.entry("relation", edge.relation.rawValue)
            output.entry("to", edge.to)
        }
    }
}
