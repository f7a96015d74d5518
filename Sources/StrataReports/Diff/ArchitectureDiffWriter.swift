import StrataCore

/// Writes `strata diff`: text for a terminal, JSON for tools, and Markdown for a pull
/// request's comment, with a Mermaid drawing of the changed neighbourhood (GitHub and
/// GitLab draw Mermaid) and links to the site's module pages when the site has an address.
package struct ArchitectureDiffWriter: Sendable {
    /// The two points compared, as the user named them and as commits.
    package struct Range: Sendable {
        package var from: String
        package var to: String

        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    package init() {}

    package func text(_ diff: ArchitectureDiff, range: Range) -> String {
        var lines = ["Architecture from \(range.from) to \(range.to):"]
        if diff.isEmpty { lines.append("No module, layer, dependency or violation changed.") }
        section(&lines, "Modules added", diff.modulesAdded.map { "+ \($0.id)\(where_($0))" })
        section(&lines, "Modules removed", diff.modulesRemoved.map { "- \($0.id)\(where_($0))" })
        section(&lines, "Layers added", diff.layersAdded.map { "+ \($0)" })
        section(&lines, "Layers removed", diff.layersRemoved.map { "- \($0)" })
        section(
            &lines, "Modules that changed layer",
            diff.layerChanges.map { "~ \($0.module): \($0.before ?? "no layer") → \($0.after ?? "no layer")" })
        section(
            &lines, "Dependencies added",
            diff.dependenciesAdded.map { "+ \($0.from) → \($0.to)\(evidence($0))" })
        section(
            &lines, "Dependencies removed",
            diff.dependenciesRemoved.map { "- \($0.from) → \($0.to)\(evidence($0))" })
        section(&lines, "New violations", diff.violationsNew.map { "+ \(violation($0))" })
        section(&lines, "Fixed violations", diff.violationsFixed.map { "- \(violation($0))" })
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(_ lines: inout [String], _ title: String, _ items: [String]) {
        guard !items.isEmpty else { return }
        lines.append("")
        lines.append("\(title) (\(items.count)):")
        lines += items.map { "  " + $0 }
    }

    private func where_(_ node: ModuleNode) -> String {
        node.sourcePath.map { " (\($0))" } ?? node.location.map { " (\($0.path))" } ?? ""
    }

    /// The first place that makes the dependency: an import, else the manifest line.
    private func evidence(_ edge: ModuleEdge) -> String {
        if let first = edge.imports.first {
            let more = edge.imports.count > 1 ? " and \(edge.imports.count - 1) more" : ""
            return "  (\(first.location)\(more))"
        }
        if let declared = edge.declarations.first?.location { return "  (\(declared), declared)" }
        return ""
    }

    private func violation(_ violation: Violation) -> String {
        let place = violation.location.map { "\($0): " } ?? ""
        return "\(place)\(violation.severity.rawValue): \(OneLineText.fold(violation.message)) [\(violation.ruleID)]"
    }

    // MARK: JSON

    package func json(_ diff: ArchitectureDiff, range: Range) -> String {
        StableJSON.text(Document(diff, range: range))
    }

    private struct Document: Encodable {
        struct Module: Encodable {
            var name: String
            var kind: String
            var path: String?
            var layer: String?
        }
        struct LayerChange: Encodable {
            var module: String
            var before: String?
            var after: String?
        }
        struct Dependency: Encodable {
            var from: String
            var to: String
            var relation: String
            var imports: [String]
            var declarations: [String]
        }
        struct Finding: Encodable {
            var rule: String
            var severity: String
            var message: String
            var key: String
            var location: String?
        }
        var version = 1
        var from: String
        var to: String
        var modules_added: [Module]
        var modules_removed: [Module]
        var layers_added: [String]
        var layers_removed: [String]
        var layer_changes: [LayerChange]
        var dependencies_added: [Dependency]
        var dependencies_removed: [Dependency]
        var violations_new: [Finding]
        var violations_fixed: [Finding]

        init(_ diff: ArchitectureDiff, range: Range) {
            from = range.from
            to = range.to
            func module(_ node: ModuleNode) -> Module {
                Module(
                    name: node.id, kind: node.kind.rawValue, path: node.sourcePath,
                    layer: diff.layerOfModule[node.id])
            }
            func dependency(_ edge: ModuleEdge) -> Dependency {
                Dependency(
                    from: edge.from, to: edge.to, relation: edge.relation.rawValue,
                    imports: edge.imports.map(\.location.description),
                    declarations: edge.declarations.map(\.location.description))
            }
            func finding(_ violation: Violation) -> Finding {
                Finding(
                    rule: violation.ruleID, severity: violation.severity.rawValue, message: violation.message,
                    key: violation.key, location: violation.location?.description)
            }
            modules_added = diff.modulesAdded.map(module)
            modules_removed = diff.modulesRemoved.map(module)
            layers_added = diff.layersAdded
            layers_removed = diff.layersRemoved
            layer_changes = diff.layerChanges.map { LayerChange(module: $0.module, before: $0.before, after: $0.after) }
            dependencies_added = diff.dependenciesAdded.map(dependency)
            dependencies_removed = diff.dependenciesRemoved.map(dependency)
            violations_new = diff.violationsNew.map(finding)
            violations_fixed = diff.violationsFixed.map(finding)
        }
    }
}
