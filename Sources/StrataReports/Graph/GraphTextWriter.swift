import StrataCore

/// A readable listing of the graph: each package's targets with what they use and how.
/// Names and paths come from the project, so each is written through `OneLineText`: one
/// line per entry, whatever a target is named.
package struct GraphTextWriter: Sendable {
    package init() {}

    package func write(_ graph: ModuleGraph) -> String {
        var lines: [String] = []
        var outgoing: [String: [ModuleEdge]] = [:]
        for edge in graph.edges { outgoing[edge.from, default: []].append(edge) }
        for package in graph.packages {
            let how =
                package.isXcodeProject
                ? package.projectKind : package.fallbackReasons == nil ? "read from its syntax" : "evaluated by SwiftPM"
            lines.append("\(name(package.name)) (\(OneLineText.path(package.manifestPath)), \(how))")
            for node in graph.nodes where node.isTarget && node.package == package.name {
                var heading = "  \(name(node.id)) [\(name(node.productType ?? node.kind.rawValue))]"
                if let section = node.section { heading += " in '\(name(section))'" }
                if let path = node.sourcePath {
                    heading +=
                        " \(OneLineText.path(path)), \(node.sourceFiles.count) "
                        + "file\(node.sourceFiles.count == 1 ? "" : "s")"
                }
                lines.append(heading)
                for edge in outgoing[node.id, default: []] {
                    var line = "    → \(name(edge.to))  \(edge.kind)"
                    if !edge.isDeclared { line += " (\(edge.relation.rawValue))" }
                    if edge.isConditional { line += ", conditional" }
                    lines.append(line)
                }
            }
            lines.append("")
        }
        let external = graph.nodes.filter { !$0.isTarget }
        if !external.isEmpty {
            lines.append("External modules")
            for node in external {
                lines.append(
                    "  \(name(node.id)) [\(node.kind.rawValue)]" + (node.package.map { " from \(name($0))" } ?? ""))
            }
            lines.append("")
        }
        let declared = graph.edges.filter(\.isDeclared).count
        let targets = graph.nodes.filter(\.isTarget).count
        let edges = graph.edges.count
        lines.append(
            "\(targets) target\(targets == 1 ? "" : "s"), \(edges) edge\(edges == 1 ? "" : "s") (\(declared) declared)")
        if let platform = graph.platform {
            let place = platform.location.map { " (\(OneLineText.path($0.path)) line \($0.line))" } ?? ""
            lines.append("Read for \(platform.platform.name), \(platform.reason)" + place)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A name on one line, with no colon a problem matcher could take for a location.
    private func name(_ text: String) -> String {
        OneLineText.path(text)
    }
}
