import Foundation
import StrataCore

/// Writes the module graph as a Mermaid flowchart, for Markdown renderers that draw it
/// (GitHub, GitLab): a subgraph per package; `-->` declared and imported, `-.->` declared
/// only, `==>` imported with no declared path, `-..->` other imports.
package struct GraphMermaidWriter: Sendable {
    package init() {}

    package func write(_ graph: ModuleGraph) -> String {
        var ids: [String: String] = [:]
        for (index, node) in graph.nodes.enumerated() { ids[node.id] = "n\(index)" }
        var lines = ["flowchart LR"]
        for (index, package) in graph.packages.map(\.name).enumerated() {
            let members = graph.nodes.filter { $0.isTarget && $0.package == package }
            guard !members.isEmpty else { continue }
            lines.append("  subgraph p\(index)[\(label(package))]")
            for node in members { lines.append("    \(ids[node.id] ?? "")\(shape(node))") }
            lines.append("  end")
        }
        for node in graph.nodes where !node.isTarget {
            lines.append("  \(ids[node.id] ?? "")\(shape(node))")
        }
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow: String =
                switch edge.relation {
                case .declaredAndImported: "-->"
                case .declaredOnly: "-.->"
                case .undeclared: "==>|undeclared|"
                default: "-..->"
                }
            lines.append("  \(from) \(arrow) \(to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func shape(_ node: ModuleNode) -> String {
        switch node.kind {
        case .product, .unknown: "([\(label(node.id))])"
        case .sdk: ">\(label(node.id))]"
        case .test: "[/\(label(node.id))/]"
        default: "[\(label(node.id))]"
        }
    }

    /// Mermaid labels are quoted; `"` cannot appear inside, so it becomes `#quot;` (and `#`,
    /// which starts such an entity, `#35;`). Line breaks, other controls and bidirectional
    /// controls are written as visible escapes (`\n`, `\u{202E}`), so a name can neither end
    /// the line (and start a CI log command on the next) nor reorder how the label reads.
    func label(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "#quot;"
            case "#": quoted += "#35;"
            default:
                if OneLineText.needsEscape(scalar) {
                    quoted += OneLineText.visible(scalar)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
