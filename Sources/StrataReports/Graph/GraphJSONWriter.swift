import StrataCore

/// Writes the module graph as JSON (`strata graph --format json`, and `graph.json` in the
/// site): stable key order, paths relative to the project, so the same code gives the
/// same bytes.
public struct GraphJSONWriter: Sendable {
    public init() {}

    public func write(_ graph: ModuleGraph) -> String {
        // Built as a JSON tree and written directly: the same bytes JSONEncoder gives
        // (JSONTreeTests), several times faster on an app of a thousand files.
        let packages = graph.packages.map { package in
            JSONTree.entries([
                ("name", .string(package.name)), ("manifest", .string(package.manifestPath)), ("root", .bool(package.isRoot)),
                ("reader", .string(package.isXcodeProject ? "xcode" : package.fallbackReasons == nil ? "syntax" : "swiftpm")),
                ("fallback_reasons", package.fallbackReasons.map { .array($0.map { .string($0.description) }) }),
            ])
        }
        let nodes = graph.nodes.map { node in
            JSONTree.entries([
                ("id", .string(node.id)), ("kind", .string(node.kind.rawValue)), ("product_type", .optional(node.productType)),
                ("package", .optional(node.package)), ("section", .optional(node.section)), ("source_path", .optional(node.sourcePath)),
                ("files", node.isTarget ? .array(node.sourceFiles.map(JSONTree.string)) : nil), ("location", .optional(node.location?.description)),
            ])
        }
        let edges = graph.edges.map { edge in
            JSONTree.entries([
                ("from", .string(edge.from)), ("to", .string(edge.to)), ("kind", .string(edge.kind)), ("relation", .string(edge.relation.rawValue)),
                ("conditional", .bool(edge.isConditional)),
                ("declarations", .array(edge.declarations.map { declaration in
                    JSONTree.entries([
                        ("form", .string(declaration.kind.rawValue)), ("name", .string(declaration.name)), ("package", .optional(declaration.package)),
                        ("condition", .optional(declaration.condition?.description)), ("location", .string(declaration.location.description)),
                    ])
                })),
                ("imports", .array(edge.imports.map { item in
                    JSONTree.entries([
                        ("location", .string(item.location.description)), ("path", .string(item.path.joined(separator: "."))),
                        ("kind", .optional(item.declarationKind)), ("attributes", item.attributes.isEmpty ? nil : .array(item.attributes.map(JSONTree.string))),
                        ("access", .optional(item.accessLevel)), ("condition", .optional(item.condition)),
                    ])
                })),
            ])
        }
        return JSONTree.entries([("version", .int(1)), ("packages", .array(packages)), ("nodes", .array(nodes)), ("edges", .array(edges))]).text
    }
}
