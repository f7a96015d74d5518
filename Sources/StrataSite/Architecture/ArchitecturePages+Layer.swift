import StrataCore

/// A layer's page: its diagram, its modules, the layers it uses and is used by, its
/// violations and the guidance that applies to it.
extension ArchitecturePages {
    func layerPage(_ index: Int, at path: String, _ inputs: PageInputs) throws -> Page {
        let group = model.groups[index]
        let declaration = layers.first { $0.name == group.name }
        let location = declaration?.location ?? SourceLocation(path: "strata.yml")
        var html = HTML()
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            html.heading(2, title, id: id)
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        let allowed = layers.allowedUses(of: group.name)
        html.raw("<p>")
        html.text("\(group.modules.count) module\(group.modules.count == 1 ? "" : "s"). ")
        html.text(allowed.isEmpty ? "It may use no other layer." : "It may use ")
        let listed = allowed.prefix(Self.listedLayers)
        for (position, other) in listed.enumerated() {
            if position > 0 { html.raw(position == allowed.count - 1 ? " and " : ", ") }
            layerLink(other, from: path, into: &html)
        }
        if allowed.count > listed.count { html.text(" and \(allowed.count - listed.count) more") }
        if !allowed.isEmpty { html.text(declaration?.mayUse == nil ? " (every layer declared before it)." : " (its may_use: list).") }
        html.raw(" ")
        html.link("All layers", href: SitePath.relativeURL(from: path, to: ArchitectureSiteMap.indexPath) + "#layers")
        html.raw("</p>\n")
        html.raw(try inputs.figure(ArchitectureSiteMap.layerDiagramID(layerPage: path), of: self))

        section("Modules", "modules")
        let memberSet = Set(group.modules)
        let members = graph.nodes.filter { memberSet.contains($0.id) }
        if members.isEmpty {
            html.raw("<p>No module of the graph is in this layer.</p>\n")
        } else {
            modulesTable(members, from: path, into: &html)
        }

        var uses: [Int: [ModuleEdge]] = [:]
        var usedBy: [Int: [ModuleEdge]] = [:]
        for edge in graph.edges {
            let fromInside = memberSet.contains(edge.from), toInside = memberSet.contains(edge.to)
            if fromInside, !toInside, let other = model.groupOfModule[edge.to] { uses[other, default: []].append(edge) }
            if toInside, !fromInside, let other = model.groupOfModule[edge.from] { usedBy[other, default: []].append(edge) }
        }
        section("Uses", "uses")
        layerEdges(uses, outward: true, from: path, into: &html, empty: "Modules of \(group.name) use no module of another layer.")
        section("Used by", "used-by")
        layerEdges(usedBy, outward: false, from: path, into: &html, empty: "No module of another layer uses \(group.name).")

        let violations = Set(group.modules.flatMap { model.violationsByModule[$0] ?? [] }).sorted()
        if !violations.isEmpty {
            section("Violations", "violations")
            try violationList(violations, from: path, inputs, into: &html)
        }
        let blocks = inputs.catalog.entries.filter { entry in
            entry.appliesTo.contains { $0.kind == .layer && $0.name == group.name } || entry.module.map(memberSet.contains) == true
        }
        if !blocks.isEmpty {
            section("Guidance", "guidance")
            guidanceList(blocks, from: path, into: &html, note: { entry in
                if let module = entry.module, memberSet.contains(module) { return "in \(module)" }
                return "applies to the layer"
            })
        }
        var metadata: [MetadataEntry] = []
        if let declared = declaration?.location { metadata.append(entry("declared", declared.description, location)) }
        if let declaration, !declaration.modules.isEmpty {
            metadata.append(entry("modules", declaration.modules.map(\.pattern).joined(separator: ", "), location))
        }
        return Page(
            sourcePath: location.path, outputPath: path, title: "\(group.name) layer",
            description: "The \(group.name) layer: its modules, what it may use, and its dependencies.",
            weight: 1000 + index, metadata: metadata, headings: headings, contentHTML: html.text
        )
    }

    /// Dependencies to (or from) other layers, one row per layer, each with its modules.
    private func layerEdges(_ byGroup: [Int: [ModuleEdge]], outward: Bool, from path: String, into html: inout HTML, empty: String) {
        guard !byGroup.isEmpty else {
            html.raw("<p>")
            html.text(empty)
            html.raw("</p>\n")
            return
        }
        html.raw("<div class=\"table-wrapper\"><table class=\"layer-edges\">\n<thead><tr><th>Layer</th><th>Allowed</th><th>Dependencies</th></tr></thead>\n<tbody>\n")
        for other in byGroup.keys.sorted().reversed() {
            let edges = byGroup[other] ?? []
            let otherGroup = model.groups[other]
            let thisLayer = outward ? edges[0].from : edges[0].to
            let here = model.groupOfModule[thisLayer].map { model.groups[$0] }
            let judged = otherGroup.isLayer && here?.isLayer == true
            let allowed = !judged || (outward ? model.allows(here?.name ?? "", otherGroup.name) : model.allows(otherGroup.name, here?.name ?? ""))
            html.raw("<tr><td>")
            if otherGroup.isLayer { layerLink(otherGroup.name, from: path, into: &html) } else { html.text(otherGroup.name) }
            html.raw("</td><td>\(judged ? (allowed ? "yes" : "<strong class=\"forbidden\">no</strong>") : "—")</td><td><ul class=\"layer-edge-list\">")
            for edge in edges {
                html.raw(model.rules(of: edge).isEmpty ? "<li>" : "<li class=\"violating\">")
                moduleLink(edge.from, from: path, into: &html)
                html.raw(" → ")
                moduleLink(edge.to, from: path, into: &html)
                html.raw(" <span class=\"edge-kind\">")
                html.text(edge.kind)
                html.raw("</span></li>")
            }
            html.raw("</ul></td></tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
    }
}
