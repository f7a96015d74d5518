import StrataCore

/// Writes the DOT of a diagram written in a page (a Mermaid flowchart, read into a
/// `DrawnGraph`), themed like Strata's own diagrams, with what the drift check found drawn
/// on it: an arrow the code does not have in red and dashed, a dependency of the code left
/// out as a grey dotted arrow, and a box that names nothing real with a red dashed border.
package enum WrittenDiagram {
    package static let absentColor = "#d62728"
    package static let missingColor = "#94a3b8"

    /// - Parameter href: the page of what a box names (a module or a layer), relative to
    ///   the page, when it has one.
    /// - Parameter tone: the colour class of what a box names (`tone-2`, its layer's).
    package static func dot(
        _ drawn: DrawnGraph, drift: DiagramDrift?, id: String, title: String,
        href: (DiagramDrift.Name) -> String? = { _ in nil },
        tone: (DiagramDrift.Name) -> String = { _ in "tone-none" }
    ) -> String {
        var dot = DOTText()
        let names = drift?.names ?? [:]
        let checked = drift?.isChecked == true
        var grouped: Set<String> = []
        for (index, group) in drawn.groups.enumerated() {
            dot.line("subgraph \(DOTText.quote("cluster_\(index)", isLabel: false)) {")
            dot.line(
                "  graph [label=\(DOTText.quote(group.label)), class=\"band written-group\", "
                    + "style=\"rounded,filled\", fillcolor=\"#f8fafc\", color=\"#cbd5e1\", fontsize=\"11\", "
                    + "labeljust=\"l\"];"
            )
            for member in group.members {
                if let node = drawn.node(member) {
                    dot.line("  " + nodeLine(node, name: names[member], checked: checked, href: href, tone: tone))
                }
                grouped.insert(member)
            }
            dot.line("}")
        }
        for node in drawn.nodes where !grouped.contains(node.id) {
            dot.line(nodeLine(node, name: names[node.id], checked: checked, href: href, tone: tone))
        }
        var absent: Set<String> = []
        var missing: [(String, String)] = []
        for finding in drift?.findings ?? [] {
            switch finding {
            case .absent(let from, let to, _, _): absent.insert(from + "\u{0}" + to)
            case .missing(let from, let to, _): missing.append((from, to))
            case .unknown: break
            }
        }
        for edge in drawn.edges {
            var attributes: [(String, String)] = []
            var classes = ["dep", "written-edge"]
            let named = (names[edge.from]?.text ?? "") + "\u{0}" + (names[edge.to]?.text ?? "")
            if absent.contains(named) {
                classes.append("drift-absent")
                attributes += [("color", absentColor), ("style", "dashed"), ("penwidth", "1.5")]
            } else {
                switch edge.style {
                case "dotted": attributes.append(("style", "dashed"))
                case "thick": attributes.append(("penwidth", "2"))
                default: break
                }
            }
            if !edge.hasArrow { attributes.append(("arrowhead", "none")) }
            if let label = edge.label { attributes.append(("label", label)) }
            attributes.insert(("class", classes.joined(separator: " ")), at: 0)
            dot.edge(edge.from, edge.to, attributes)
        }
        // A dependency the diagram leaves out joins the first boxes that name its ends.
        for (from, to) in missing {
            guard let source = drawn.nodes.first(where: { names[$0.id]?.text == from }),
                let target = drawn.nodes.first(where: { names[$0.id]?.text == to })
            else { continue }
            dot.edge(
                source.id, target.id,
                [
                    ("class", "dep drift-missing"), ("style", "dotted"), ("color", missingColor),
                    ("tooltip", "\(from) → \(to): in the code, not drawn")
                ])
        }
        let settings = [
            "graph [id=\(DOTText.quote("svg.\(id)", isLabel: false)), "
                + "rankdir=\(DOTText.quote(drawn.direction, isLabel: false)), forcelabels=\"true\", "
                + "nodesep=\"0.3\", ranksep=\"0.45\", fontname=\"Helvetica\", fontsize=\"12\", "
                + "bgcolor=\"transparent\", tooltip=\(DOTText.quote(title, isLabel: false))];",
            "node [shape=\"box\", style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=\"11\", "
                + "height=\"0.3\", margin=\"0.12,0.04\", penwidth=\"1\", color=\"#64748b\", fillcolor=\"#eef2f7\"];",
            "edge [arrowsize=\"0.6\", color=\"#64748b\", fontname=\"Helvetica\", fontsize=\"9\"];"
        ]
        return dot.graph(named: id, settings: settings)
    }

    private static func nodeLine(
        _ node: DrawnGraph.Node, name: DiagramDrift.Name?, checked: Bool, href: (DiagramDrift.Name) -> String?,
        tone: (DiagramDrift.Name) -> String
    ) -> String {
        var attributes: [(String, String)] = [("label", node.label)]
        var classes = ["written-node"]
        switch name {
        case .module(let module)?: classes += ["module", tone(.module(module))]
        case .layer(let layer)?: classes += ["layer-box", tone(.layer(layer))]
        case .unknown?, nil:
            if checked {
                classes.append("drift-unknown")
                attributes += [("color", absentColor), ("penwidth", "1.5")]
            }
        }
        switch node.shape {
        case "diamond": attributes.append(("shape", "diamond"))
        case "circle": attributes.append(("shape", "circle"))
        case "cylinder": attributes.append(("shape", "cylinder"))
        case "hexagon": attributes.append(("shape", "hexagon"))
        case "box", "subroutine":
            attributes.append(("style", classes.contains("drift-unknown") ? "filled,dashed" : "filled"))
        default: if classes.contains("drift-unknown") { attributes.append(("style", "rounded,filled,dashed")) }
        }
        if let name, name != .unknown, let link = href(name) {
            attributes += [("href", link), ("target", "_top")]
        }
        attributes.insert(("class", classes.joined(separator: " ")), at: 0)
        return DOTText.quote(node.id) + DOTText.attributes(attributes) + ";"
    }

    /// A quick drawing of a diagram too large to lay out in full: every box in one of a few
    /// rows, in the order written; arrows drawn but not shaping the layout; Graphviz's layout
    /// effort at its least. Groups are not drawn (a row would cross them).
    package static func simplifiedDOT(_ drawn: DrawnGraph, id: String, title: String) -> String {
        var dot = DOTText()
        let rows = max(1, min(6, (drawn.nodes.count + 59) / 60))
        let perRow = max(1, (drawn.nodes.count + rows - 1) / rows)
        for row in 0..<rows {
            let members = drawn.nodes.dropFirst(row * perRow).prefix(perRow)
            guard !members.isEmpty else { continue }
            dot.line("{ rank=same;")
            for node in members {
                dot.line(
                    "  " + DOTText.quote(node.id)
                        + DOTText.attributes([("class", "written-node"), ("label", node.label)]) + ";")
            }
            dot.line("}")
        }
        // Rows stack in order: an invisible arrow from each row's first box to the next's.
        for row in 1..<max(1, rows) where row * perRow < drawn.nodes.count {
            dot.edge(drawn.nodes[(row - 1) * perRow].id, drawn.nodes[row * perRow].id, [("style", "invis")])
        }
        for edge in drawn.edges {
            var attributes: [(String, String)] = [("class", "dep written-edge"), ("constraint", "false")]
            if !edge.hasArrow { attributes.append(("arrowhead", "none")) }
            dot.edge(edge.from, edge.to, attributes)
        }
        let settings = [
            "graph [id=\(DOTText.quote("svg.\(id)", isLabel: false)), "
                + "rankdir=\(DOTText.quote(drawn.direction, isLabel: false)), nodesep=\"0.3\", ranksep=\"0.45\", "
                + "fontname=\"Helvetica\", fontsize=\"12\", bgcolor=\"transparent\", "
                + "tooltip=\(DOTText.quote(title, isLabel: false)), nslimit=\"1\", nslimit1=\"1\", "
                + "mclimit=\"0.05\", searchsize=\"10\", remincross=\"false\", splines=\"line\"];",
            "node [shape=\"box\", style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=\"11\", "
                + "height=\"0.3\", margin=\"0.12,0.04\", penwidth=\"1\", color=\"#64748b\", fillcolor=\"#eef2f7\"];",
            "edge [arrowsize=\"0.6\", color=\"#64748b\"];"
        ]
        return dot.graph(named: id, settings: settings)
    }
}
