import StrataCore

extension ArchitectureDiffWriter {
    /// The pull-request comment: a headline a reviewer reads in one glance, the drawing of
    /// what changed around the modules it touches, then the details with their evidence.
    /// `marker` is a hidden first line a CI job finds the comment by, to update it.
    package func markdown(_ diff: ArchitectureDiff, range: Range, siteBaseURL: String?, marker: String? = nil)
        -> String
    {
        var lines: [String] = []
        if let marker { lines.append("<!-- \(marker) -->") }
        lines.append("### Architecture: \(range.from) → \(range.to)")
        lines.append("")
        if diff.isEmpty {
            lines.append("No module, layer, dependency or violation changed.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(headline(diff))
        let drawing = mermaid(diff)
        if !drawing.isEmpty { lines += [""] + drawing }
        let link = { (module: String) -> String in
            guard let base = siteBaseURL else { return "`\(module)`" }
            let separator = base.hasSuffix("/") ? "" : "/"
            return "[`\(module)`](\(base)\(separator)\(ArchitectureSiteMap.modulePath(module)))"
        }
        func table(_ title: String, _ header: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            lines.append("")
            lines.append("#### \(title)")
            lines.append("")
            lines.append(header)
            lines.append(String(repeating: "|---", count: header.filter { $0 == "|" }.count - 1) + "|")
            lines += rows
        }
        table(
            "Modules", "| | Module | Layer |",
            diff.modulesAdded.map { "| added | \(link($0.id)) | \(cell(diff.layerOfModule[$0.id])) |" }
                + diff.modulesRemoved.map { "| removed | `\($0.id)` | \(cell(diff.layerOfModule[$0.id])) |" }
                + diff.layerChanges.map {
                    "| moved | \(link($0.module)) | \(cell($0.before)) → \(cell($0.after)) |"
                })
        table(
            "Dependencies", "| | From | To | Where |",
            diff.dependenciesAdded.map { "| added | \(link($0.from)) | \(link($0.to)) | \(place($0)) |" }
                + diff.dependenciesRemoved.map { "| removed | \(link($0.from)) | \(link($0.to)) | \(place($0)) |" })
        table(
            "Violations", "| | Rule | Where | Message |",
            diff.violationsNew.map {
                "| new | `\($0.ruleID)` | \(cell($0.location?.description)) | \(text($0.message)) |"
            }
                + diff.violationsFixed.map {
                    "| fixed | `\($0.ruleID)` | \(cell($0.location?.description)) | \(text($0.message)) |"
                })
        return lines.joined(separator: "\n") + "\n"
    }

    private func headline(_ diff: ArchitectureDiff) -> String {
        var parts: [String] = []
        func count(_ n: Int, _ what: String) { if n > 0 { parts.append("\(n) \(what)") } }
        count(diff.modulesAdded.count, diff.modulesAdded.count == 1 ? "module added" : "modules added")
        count(diff.modulesRemoved.count, diff.modulesRemoved.count == 1 ? "module removed" : "modules removed")
        count(diff.layerChanges.count, diff.layerChanges.count == 1 ? "module moved layer" : "modules moved layer")
        count(
            diff.dependenciesAdded.count, diff.dependenciesAdded.count == 1 ? "dependency added" : "dependencies added")
        count(
            diff.dependenciesRemoved.count,
            diff.dependenciesRemoved.count == 1 ? "dependency removed" : "dependencies removed")
        let errors = diff.violationsNew.filter { $0.severity == .error }.count
        if !diff.violationsNew.isEmpty {
            parts.append(
                "**\(diff.violationsNew.count) new violation\(diff.violationsNew.count == 1 ? "" : "s")**"
                    + (errors > 0 ? " (\(errors) error\(errors == 1 ? "" : "s"))" : ""))
        }
        count(diff.violationsFixed.count, diff.violationsFixed.count == 1 ? "violation fixed" : "violations fixed")
        return parts.joined(separator: " · ")
    }

    /// The modules the change names, in their layers, with added dependencies drawn thick,
    /// removed ones dotted, and the unchanged ones between them thin, for context.
    private func mermaid(_ diff: ArchitectureDiff) -> [String] {
        var nodes = Set(diff.modulesAdded.map(\.id) + diff.modulesRemoved.map(\.id) + diff.layerChanges.map(\.module))
        for edge in diff.dependenciesAdded + diff.dependenciesRemoved {
            nodes.insert(edge.from)
            nodes.insert(edge.to)
        }
        guard !nodes.isEmpty, nodes.count <= 60 else { return [] }
        var ids: [String: String] = [:]
        for (index, name) in nodes.sorted().enumerated() { ids[name] = "m\(index)" }
        var lines = ["```mermaid", "flowchart TB"]
        var byLayer: [String: [String]] = [:]
        var unlayered: [String] = []
        for name in nodes.sorted() {
            if let layer = diff.layerOfModule[name] {
                byLayer[layer, default: []].append(name)
            } else {
                unlayered.append(name)
            }
        }
        func node(_ name: String) -> String {
            let label = name.replacingOccurrences(of: "\"", with: "'")
            return "\(ids[name] ?? name)[\"\(label)\"]"
        }
        for (index, layer) in byLayer.keys.sorted().enumerated() {
            lines.append("  subgraph layer\(index)[\"\(layer.replacingOccurrences(of: "\"", with: "'"))\"]")
            for name in byLayer[layer] ?? [] { lines.append("    " + node(name)) }
            lines.append("  end")
        }
        for name in unlayered { lines.append("  " + node(name)) }
        var linkStyles: [String] = []
        var linkIndex = 0
        func arrow(_ edge: ModuleEdge, _ shape: String, _ style: String?) {
            guard let from = ids[edge.from], let to = ids[edge.to] else { return }
            lines.append("  \(from) \(shape) \(to)")
            if let style { linkStyles.append("  linkStyle \(linkIndex) \(style)") }
            linkIndex += 1
        }
        for edge in diff.dependenciesKept { arrow(edge, "-->", nil) }
        for edge in diff.dependenciesAdded { arrow(edge, "==>|added|", "stroke:#1a7f37,stroke-width:3px") }
        for edge in diff.dependenciesRemoved { arrow(edge, "-.->|removed|", "stroke:#cf222e") }
        lines += linkStyles
        let added = diff.modulesAdded.compactMap { ids[$0.id] }
        let removed = diff.modulesRemoved.compactMap { ids[$0.id] }
        if !added.isEmpty {
            lines.append("  classDef added stroke:#1a7f37,stroke-width:3px")
            lines.append("  class \(added.joined(separator: ",")) added")
        }
        if !removed.isEmpty {
            lines.append("  classDef removed stroke:#cf222e,stroke-dasharray:4 3")
            lines.append("  class \(removed.joined(separator: ",")) removed")
        }
        lines.append("```")
        return lines
    }

    private func place(_ edge: ModuleEdge) -> String {
        if let first = edge.imports.first {
            return "`\(first.location)`" + (edge.imports.count > 1 ? " +\(edge.imports.count - 1)" : "")
        }
        return edge.declarations.first.map { "`\($0.location)` (declared)" } ?? ""
    }

    private func cell(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "–" }
        return self.text(text)
    }

    private func text(_ text: String) -> String {
        OneLineText.fold(text).replacingOccurrences(of: "|", with: "\\|")
    }
}
