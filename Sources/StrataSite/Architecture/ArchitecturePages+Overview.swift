import StrataCore

/// The architecture overview: the diagram, the layers, the layer-to-layer matrix, the
/// violations by rule, and every module.
extension ArchitecturePages {
    func overviewPage(_ modules: [ModuleNode], _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.indexPath
        var html = HTML()
        var headings: [Heading] = []
        let location = SourceLocation(path: "strata.yml")
        func section(_ title: String, _ id: String) {
            html.heading(2, title, id: id)
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        // The counts are of what the diagram and the matrix draw: test targets only when
        // diagrams.tests asks for them.
        let drawn = modules.filter(model.isDrawn)
        let hiddenTests = modules.count - drawn.count
        let drawnEdges = graph.edges.filter { edge in
            edge.from != edge.to && [edge.from, edge.to].allSatisfy { graph.node($0).map(model.isDrawn) ?? false }
        }.count
        html.raw("<p>")
        html.text("\(drawn.count) module\(drawn.count == 1 ? "" : "s")")
        if hiddenTests > 0 { html.text(" (and \(hiddenTests) test target\(hiddenTests == 1 ? "" : "s"))") }
        html.text(" in \(graph.packages.count) package\(graph.packages.count == 1 ? "" : "s")")
        if !layers.isEmpty { html.text(", \(layers.count) layer\(layers.count == 1 ? "" : "s")") }
        html.text(", \(drawnEdges) dependenc\(drawnEdges == 1 ? "y" : "ies") between them. ")
        html.link("Violations", href: SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath))
        html.text(": \(report.summary).")
        html.raw("</p>\n")
        html.raw(try inputs.figure(ArchitectureSiteMap.overviewDiagramID, of: self))

        if !layers.isEmpty {
            section("Layers", "layers")
            layersTable(from: path, into: &html)
            section("Dependencies between layers", "layer-matrix")
            layerMatrix(into: &html)
        }
        if !report.violations.isEmpty {
            section("Violations by rule", "violations")
            violationSummary(from: path, into: &html)
        }
        section("Modules", "modules")
        try modulesTable(modules, from: path, inputs, into: &html)
        return Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.overviewTitle,
            description: "The module graph of the package drawn by layer, the layers and what each may use, and every module.",
            weight: 1000, isSectionIndex: true, headings: headings, contentHTML: html.text
        )
    }

    /// Each layer, bottom-up as declared, with its modules and what it may use.
    private func layersTable(from path: String, into html: inout HTML) {
        html.raw("<p>Layers are listed bottom-up, as declared in <code>strata.yml</code>: a layer may use the layers listed before it, or exactly its <code>may_use:</code> list.</p>\n")
        html.raw("<div class=\"table-wrapper\"><table class=\"layers\">\n<thead><tr><th>Layer</th><th>Modules</th><th>May use</th><th>Violations</th></tr></thead>\n<tbody>\n")
        for (index, group) in model.groups.enumerated() {
            html.raw("<tr><td><span class=\"layer-swatch \(group.toneClass)\" aria-hidden=\"true\"></span>")
            if group.isLayer { layerLink(group.name, from: path, into: &html) } else { html.text(group.name) }
            html.raw("</td><td>")
            if group.modules.isEmpty { html.raw("<em>none</em>") }
            for (position, module) in group.modules.enumerated() {
                if position > 0 { html.raw(", ") }
                moduleLink(module, from: path, into: &html)
            }
            html.raw("</td><td>")
            if group.isLayer {
                let allowed = layers.allowedUses(of: group.name)
                if allowed.isEmpty { html.raw("<em>no other layer</em>") }
                for (position, other) in allowed.prefix(Self.listedLayers).enumerated() {
                    if position > 0 { html.raw(", ") }
                    layerLink(other, from: path, into: &html)
                }
                if allowed.count > Self.listedLayers { html.text(" and \(allowed.count - Self.listedLayers) more") }
            }
            let count = Set(group.modules.flatMap { model.violationsByModule[$0] ?? [] }).count
            html.raw("</td><td>\(count)</td></tr>\n")
            _ = index
        }
        html.raw("</tbody>\n</table></div>\n")
    }

    /// Rows use columns: the number of dependencies from modules of one layer to modules of
    /// another, each cell marked allowed or forbidden by the layer order.
    /// The layers a layer may use are named up to this many, then counted: with a thousand
    /// layers, naming every one below each made half a million links.
    static let listedLayers = 12

    /// More groups than this and the matrix is left out: a thousand layers made a million
    /// cells, and no table of that size can be read.
    static let matrixLimit = 60

    private func layerMatrix(into html: inout HTML) {
        let groups = model.groups
        guard groups.count <= Self.matrixLimit else {
            html.raw("<p>There are \(groups.count) layers, too many for a matrix of their dependencies (at most \(Self.matrixLimit)); each layer's page lists what it uses and what uses it.</p>\n")
            return
        }
        var counts: [Int: [Int: Int]] = [:]
        var violating: [Int: [Int: Int]] = [:]
        for edge in graph.edges {
            guard let from = model.groupOfModule[edge.from], let to = model.groupOfModule[edge.to] else { continue }
            counts[from, default: [:]][to, default: 0] += 1
            if !model.rules(of: edge).isEmpty { violating[from, default: [:]][to, default: 0] += 1 }
        }
        html.raw("<p>Each cell counts the dependencies from modules of the row's layer to modules of the column's layer. Shaded cells are forbidden by the layer order; a red count breaks a rule.</p>\n")
        html.raw("<div class=\"table-wrapper\"><table class=\"layer-matrix\">\n<thead><tr><th scope=\"col\">uses →</th>")
        for group in groups.reversed() {
            html.raw("<th scope=\"col\">")
            html.text(group.name)
            html.raw("</th>")
        }
        html.raw("</tr></thead>\n<tbody>\n")
        for (row, rowGroup) in groups.enumerated().reversed() {
            html.raw("<tr><th scope=\"row\">")
            html.text(rowGroup.name)
            html.raw("</th>")
            for (column, columnGroup) in groups.enumerated().reversed() {
                let count = counts[row]?[column] ?? 0
                let broken = violating[row]?[column] ?? 0
                let judged = rowGroup.isLayer && columnGroup.isLayer
                let allowed = !judged || model.allows(rowGroup.name, columnGroup.name)
                var classes = [row == column ? "same" : (allowed ? "allowed" : "forbidden")]
                if count == 0 { classes.append("empty") }
                if broken > 0 { classes.append("violating") }
                let verdict = row == column ? "inside the layer" : (judged ? (allowed ? "allowed" : "forbidden") : "not judged")
                let title = "\(rowGroup.name) → \(columnGroup.name): \(count) dependenc\(count == 1 ? "y" : "ies"), \(verdict)" + (broken > 0 ? ", \(broken) breaking a rule" : "")
                html.raw("<td class=\"\(classes.joined(separator: " "))\" title=\"\(HTML.escape(title))\">")
                if count > 0 { html.raw(broken > 0 ? "<strong>\(count)</strong>" : "\(count)") }
                html.raw("</td>")
            }
            html.raw("</tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
    }

    private func violationSummary(from path: String, into html: inout HTML) {
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        html.raw("<div class=\"table-wrapper\"><table class=\"violation-summary\">\n<thead><tr><th>Rule</th><th>Severity</th><th>Violations</th><th>Modules</th></tr></thead>\n<tbody>\n")
        for rule in report.rules {
            guard let violations = byRule[rule.id] else { continue }
            html.raw("<tr><td>")
            html.link(rule.title, href: SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + rule.id)
            html.raw(" <code class=\"rule-id\">")
            html.text(rule.id)
            html.raw("</code></td><td>")
            html.text(violations[0].severity.rawValue)
            html.raw("</td><td>\(violations.count)</td><td>")
            let involved = Array(Set(violations.flatMap(\.modules))).sorted().filter { graph.node($0)?.isTarget == true }
            for (position, module) in involved.prefix(12).enumerated() {
                if position > 0 { html.raw(", ") }
                moduleLink(module, from: path, into: &html)
            }
            if involved.count > 12 { html.text(" and \(involved.count - 12) more") }
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
    }

    func modulesTable(_ modules: [ModuleNode], from path: String, _ inputs: PageInputs, into html: inout HTML) throws {
        html.raw(try inputs.render(["modules": .list(modulesTableRows(modules, from: path))], template: "partials/modules-table"))
    }
}
