import StrataCore

/// A module's page.
extension ArchitecturePages {
    func modulePage(_ node: ModuleNode, at path: String, _ inputs: PageInputs) -> Page {
        var html = HTML()
        var headings: [Heading] = []
        let location = node.location ?? SourceLocation(path: "Package.swift")
        func section(_ title: String, _ id: String) {
            html.heading(2, title, id: id)
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        let violations = model.violationsByModule[node.id] ?? []
        let outgoing = model.outgoing[node.id] ?? []
        let incoming = model.incoming[node.id] ?? []
        html.raw(inputs.figure(ArchitectureSiteMap.moduleDiagramID(node.id)))
        if !violations.isEmpty {
            section("Violations", "violations")
            violationList(violations, from: path, into: &html)
        }
        section("Depends on", "depends-on")
        edgeTable(outgoing, other: \.to, from: path, into: &html, empty: "\(node.id) depends on no other module.")
        section("Used by", "used-by")
        edgeTable(incoming, other: \.from, from: path, into: &html, empty: "No module of the graph uses \(node.id).")

        let layer = assignments[node.id]?.layer
        let blocks = inputs.catalog.entries.filter { entry in
            entry.module == node.id || entry.appliesTo.contains { $0.name == node.id || ($0.kind == .layer && $0.name == layer) }
        }
        if !blocks.isEmpty {
            section("Guidance", "guidance")
            guidanceList(blocks, from: path, into: &html, note: { entry in
                if entry.module == node.id, case .code(_, let file) = entry.source { return "in \(file)" }
                if entry.appliesTo.contains(where: { $0.name == node.id }) { return "applies to \(node.id)" }
                return layer.map { "applies to the \($0) layer" } ?? ""
            })
        }
        let mentions = (inputs.mentions[node.id] ?? []).filter { $0 != path }
        if !mentions.isEmpty {
            section("Mentioned in", "mentioned-in")
            html.raw("<ul class=\"mentioned-in\">\n")
            for page in mentions {
                html.raw("<li>")
                html.link(inputs.titles[page] ?? page, href: SitePath.relativeURL(from: path, to: page))
                html.raw("</li>\n")
            }
            html.raw("</ul>\n")
        }

        var metadata = [entry("kind", node.kind.rawValue, location)]
        if let package = node.package { metadata.append(entry("package", package, location)) }
        if let assignment = assignments[node.id] {
            metadata.append(entry("layer", "\(assignment.layer) (from \(assignment.source.description))", location))
        } else if !layers.isEmpty {
            metadata.append(entry("layer", "none", location))
        }
        if let folder = node.sourcePath {
            let files = node.sourceFiles.count, lines = node.sourceLineCount
            metadata.append(entry("source", "\(folder), \(files) file\(files == 1 ? "" : "s"), \(lines) line\(lines == 1 ? "" : "s")", location))
        }
        if let declared = node.location { metadata.append(entry("declared", declared.description, location)) }
        return Page(
            sourcePath: node.location?.path ?? "", outputPath: path, title: node.id,
            description: "The \(node.kind.rawValue) module \(node.id): its layer, dependencies and violations.",
            metadata: metadata, headings: headings, contentHTML: html.text
        )
    }

    func entry(_ key: String, _ value: String, _ location: SourceLocation) -> MetadataEntry {
        MetadataEntry(key: key, value: value, location: location, origin: .frontMatter)
    }

    func edgeTable(_ edges: [ModuleEdge], other: KeyPath<ModuleEdge, String>, from path: String, into html: inout HTML, empty: String) {
        guard !edges.isEmpty else {
            html.raw("<p>")
            html.text(empty)
            html.raw("</p>\n")
            return
        }
        html.raw("<div class=\"table-wrapper\"><table class=\"edges\">\n<thead><tr><th>Module</th><th>Layer</th><th>How</th><th>Evidence</th></tr></thead>\n<tbody>\n")
        for edge in edges {
            let name = edge[keyPath: other]
            let rules = model.rules(of: edge)
            html.raw(rules.isEmpty ? "<tr><td>" : "<tr class=\"violating\"><td>")
            moduleLink(name, from: path, into: &html)
            html.raw("</td><td>")
            layerLink(assignments[name]?.layer, from: path, into: &html)
            html.raw("</td><td>")
            html.text(edge.kind)
            if edge.relation != .declaredAndImported, edge.relation != .declaredOnly { html.text(" (\(edge.relation.rawValue))") }
            if edge.isConditional { html.text(", conditional") }
            for rule in rules {
                html.raw(" ")
                html.link(rule, href: SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + rule, className: "rule-id")
            }
            html.raw("</td><td>")
            evidenceList(edge.evidence.map { ($0.location.description, $0.summary) }, into: &html)
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
    }

    func evidenceList(_ items: [(String, String)], into html: inout HTML) {
        guard !items.isEmpty else { return }
        html.raw("<ul class=\"evidence\">")
        for (place, what) in items {
            html.raw("<li><code>")
            html.text(place)
            html.raw("</code> ")
            html.text(what)
            html.raw("</li>")
        }
        html.raw("</ul>")
    }

    func moduleLink(_ name: String, from path: String, into html: inout HTML) {
        if graph.node(name)?.isTarget == true {
            html.link(name, href: SitePath.relativeURL(from: path, to: self.path(of: name)))
        } else {
            html.raw("<code>")
            html.text(name)
            html.raw("</code>")
        }
    }

    func layerLink(_ layer: String?, from path: String, into html: inout HTML) {
        guard let layer else { return }
        if let target = layerPaths[layer] {
            html.link(layer, href: SitePath.relativeURL(from: path, to: target))
        } else {
            html.text(layer)
        }
    }

    /// Blocks as a list of links to their pages, each with its kind and why it is listed.
    func guidanceList(_ entries: [GuidanceEntry], from path: String, into html: inout HTML, note: (GuidanceEntry) -> String) {
        html.raw("<ul class=\"guidance-list\">\n")
        for entry in entries {
            html.raw("<li class=\"guidance-kind-\(entry.block.kind.rawValue)\"><span class=\"guidance-kind\">")
            html.text(entry.block.kind.label)
            html.raw("</span> ")
            html.link(GuidancePages.title(of: entry.block), href: SitePath.relativeURL(from: path, to: entry.pagePath))
            let why = note(entry)
            if !why.isEmpty {
                html.raw(" <span class=\"guidance-why\">")
                html.text(why)
                html.raw("</span>")
            }
            html.raw("</li>\n")
        }
        html.raw("</ul>\n")
    }
}
