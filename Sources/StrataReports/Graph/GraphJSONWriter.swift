import Foundation
import StrataCore

/// Writes the module graph as JSON (`strata graph --format json`, and `graph.json` in the
/// site): stable key order, paths relative to the project, so the same code gives the
/// same bytes.
public struct GraphJSONWriter: Sendable {
    public init() {}

    public func write(_ graph: ModuleGraph) -> String {
        let document = Document(
            version: 1,
            packages: graph.packages.map { package in
                Document.Package(
                    name: package.name, manifest: package.manifestPath, root: package.isRoot,
                    reader: package.isXcodeProject ? "xcode" : package.fallbackReasons == nil ? "syntax" : "swiftpm",
                    fallback_reasons: package.fallbackReasons?.map(\.description)
                )
            },
            nodes: graph.nodes.map { node in
                Document.Node(
                    id: node.id, kind: node.kind.rawValue, product_type: node.productType, package: node.package, section: node.section,
                    source_path: node.sourcePath, files: node.isTarget ? node.sourceFiles : nil, location: node.location?.description
                )
            },
            edges: graph.edges.map { edge in
                Document.Edge(
                    from: edge.from, to: edge.to, kind: edge.kind, relation: edge.relation.rawValue, conditional: edge.isConditional,
                    declarations: edge.declarations.map { declaration in
                        Document.Declaration(
                            form: declaration.kind.rawValue, name: declaration.name, package: declaration.package,
                            condition: declaration.condition?.description, location: declaration.location.description
                        )
                    },
                    imports: edge.imports.map { item in
                        Document.Import(
                            location: item.location.description, path: item.path.joined(separator: "."), kind: item.declarationKind,
                            attributes: item.attributes.isEmpty ? nil : item.attributes, access: item.accessLevel, condition: item.condition
                        )
                    }
                )
            }
        )
        return StableJSON.text(document)
    }

    // Field names are the JSON keys.
    struct Document: Encodable {
        struct Package: Encodable {
            var name: String
            var manifest: String
            var root: Bool
            var reader: String
            var fallback_reasons: [String]?
        }

        struct Node: Encodable {
            var id: String
            var kind: String
            var product_type: String?
            var package: String?
            var section: String?
            var source_path: String?
            var files: [String]?
            var location: String?
        }

        struct Declaration: Encodable {
            var form: String
            var name: String
            var package: String?
            var condition: String?
            var location: String
        }

        struct Import: Encodable {
            var location: String
            var path: String
            var kind: String?
            var attributes: [String]?
            var access: String?
            var condition: String?
        }

        struct Edge: Encodable {
            var from: String
            var to: String
            var kind: String
            var relation: String
            var conditional: Bool
            var declarations: [Declaration]
            var imports: [Import]
        }

        var version: Int
        var packages: [Package]
        var nodes: [Node]
        var edges: [Edge]
    }
}
