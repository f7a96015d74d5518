import Foundation
import StrataCore

/// Writes the module graph in Graphviz's DOT language: one cluster per package, external
/// and toolchain modules set apart, and edges styled by how they are known (solid:
/// declared and imported; dashed: declared only; dotted: imported only; red: imported
/// with no declared path).
package struct GraphDOTWriter: Sendable {
    package init() {}

    package func write(_ graph: ModuleGraph, name: String) -> String {
        var lines = [
            "digraph \(quote(name)) {",
            "  rankdir=LR;",
            "  graph [fontname=\"Helvetica\", fontsize=11];",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, "
                + "fillcolor=\"#eef2f7\", color=\"#8a99ad\"];",
            "  edge [color=\"#5b6b80\", arrowsize=0.7];"
        ]
        let packages = graph.packages.map(\.name)
        for (index, package) in packages.enumerated() {
            let members = graph.nodes.filter { $0.isTarget && $0.package == package }
            guard !members.isEmpty else { continue }
            lines.append("  subgraph \(quote("cluster_\(index)")) {")
            lines.append("    label=\(quote(package)); style=\"rounded\"; color=\"#c5ced9\";")
            for node in members { lines.append("    \(quote(node.id)) [\(attributes(for: node))];") }
            lines.append("  }")
        }
        for node in graph.nodes where !node.isTarget {
            lines.append("  \(quote(node.id)) [\(attributes(for: node))];")
        }
        for edge in graph.edges {
            lines.append("  \(quote(edge.from)) -> \(quote(edge.to))\(edgeAttributes(edge));")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    func attributes(for node: ModuleNode) -> String {
        var parts = ["label=\(quote(node.id))"]
        switch node.kind {
        case .test: parts.append("fillcolor=\"#f4f0e6\"")
        case .executable: parts.append("fillcolor=\"#e3f0e6\"")
        case .macro, .plugin: parts.append("fillcolor=\"#efe8f5\"")
        case .system, .binary: parts.append("fillcolor=\"#e9e9e9\"")
        case .product: parts.append(contentsOf: ["style=\"rounded,dashed\"", "fillcolor=\"#ffffff\""])
        case .sdk: parts.append(contentsOf: ["shape=plaintext", "style=\"\"", "fontcolor=\"#6b7785\""])
        case .unknown:
            parts.append(contentsOf: ["style=\"rounded,dashed\"", "fillcolor=\"#ffffff\"", "fontcolor=\"#a33\""])
        case .regular: break
        }
        return parts.joined(separator: ", ")
    }

    func edgeAttributes(_ edge: ModuleEdge) -> String {
        var parts: [String] = []
        switch edge.relation {
        case .declaredAndImported: break
        case .declaredOnly: parts.append("style=dashed")
        case .undeclared: parts.append(contentsOf: ["style=dotted", "color=\"#c0392b\"", "penwidth=1.6"])
        case .transitive, .reexported, .viaProduct, .unresolved: parts.append("style=dotted")
        case .sdk: parts.append(contentsOf: ["style=dotted", "color=\"#a7b1bd\""])
        }
        if edge.isConditional { parts.append("arrowhead=empty") }
        return parts.isEmpty ? "" : " [\(parts.joined(separator: ", "))]"
    }

    func quote(_ text: String) -> String {
        DOTText.quote(text)
    }
}
