import StrataCore

extension GuidancePages {
    /// The catalog: every block grouped by page and section (then by module and file for
    /// blocks in code), with counts. Each item carries its kind and layers as data, which
    /// the theme's script filters on; without the script every block is listed.
    func indexPage() -> Page {
        let path = GuidanceCatalog.indexPath
        let entries = catalog.entries
        var html = HTML()
        var headings: [Heading] = []
        let location = SourceLocation(path: "")

        let counts = Dictionary(grouping: entries, by: \.block.kind).mapValues(\.count)
        let pageCount = Set(entries.compactMap { entry -> String? in
            if case .page(let source, _, _) = entry.source { return source }
            return nil
        }).count
        let fileCount = Set(entries.compactMap { entry -> String? in
            if case .code(_, let file) = entry.source { return file }
            return nil
        }).count
        html.raw("<p>")
        var summary = "\(entries.count) block\(entries.count == 1 ? "" : "s"): "
        summary += GuidanceBlock.Kind.allCases.map { kind in "\(counts[kind] ?? 0) \(Self.plural(kind, counts[kind] ?? 0))" }.joined(separator: ", ")
        var places: [String] = []
        if pageCount > 0 { places.append("\(pageCount) page\(pageCount == 1 ? "" : "s")") }
        if fileCount > 0 { places.append("\(fileCount) source file\(fileCount == 1 ? "" : "s")") }
        summary += ", from " + places.joined(separator: " and ") + ". "
        html.text(summary)
        html.text("For tools and coding agents: ")
        html.link("guidance.json", href: SitePath.relativeURL(from: path, to: GuidanceCatalog.jsonPath))
        html.text(" and ")
        html.link("llms.txt", href: SitePath.relativeURL(from: path, to: GuidanceCatalog.llmsPath))
        html.text(".")
        html.raw("</p>\n")
        let staleCount = entries.filter(\.isStale).count
        if staleCount > 0 {
            html.raw("<p class=\"guidance-stale-note\"><span class=\"badge badge-stale\">Stale</span> ")
            html.text("\(staleCount) block\(staleCount == 1 ? " comes" : "s come") from pages last verified too long ago.")
            html.raw("</p>\n")
        }
        filterForm(entries, into: &html)

        html.raw("<div class=\"guidance-catalog\">\n")
        var pageGroups: [(key: String, title: String, outputPath: String, entries: [GuidanceEntry])] = []
        var moduleGroups: [(module: String, entries: [GuidanceEntry])] = []
        for entry in entries {
            switch entry.source {
            case .page(let source, let outputPath, let title):
                if pageGroups.last?.key == source { pageGroups[pageGroups.count - 1].entries.append(entry) } else { pageGroups.append((source, title, outputPath, [entry])) }
            case .code(let module, _):
                if moduleGroups.last?.module == module { moduleGroups[moduleGroups.count - 1].entries.append(entry) } else { moduleGroups.append((module, [entry])) }
            }
        }
        var slugger = Set<String>()
        func uniqueID(_ base: String) -> String {
            var id = base.isEmpty ? "group" : base
            var counter = 1
            while slugger.contains(id) {
                counter += 1
                id = "\(base)-\(counter)"
            }
            slugger.insert(id)
            return id
        }
        for group in pageGroups {
            let id = uniqueID(GuidanceID.slug(group.key))
            headings.append(Heading(level: 2, text: group.title, id: id, location: location))
            html.raw("<section class=\"guidance-group\">\n<h2 id=\"\(HTML.escape(id))\">")
            html.link(group.title, href: SitePath.relativeURL(from: path, to: group.outputPath))
            html.raw(" <span class=\"guidance-count\" data-total=\"\(group.entries.count)\">\(group.entries.count)</span></h2>\n")
            if let metadata = group.entries.first?.metadata, !metadata.isEmpty {
                html.raw("<dl class=\"guidance-group-metadata\">")
                for item in metadata {
                    html.raw("<div><dt>")
                    html.text(item.label)
                    html.raw("</dt><dd>")
                    html.text(item.value)
                    if item.isStale { html.raw(" <span class=\"badge badge-stale\">Stale</span>") }
                    html.raw("</dd></div>")
                }
                html.raw("</dl>\n")
            }
            let sections = Self.runs(group.entries) { $0.block.heading?.id ?? "" }
            for section in sections {
                if let heading = section.first?.block.heading, !heading.id.isEmpty, heading.level > 1 {
                    html.raw("<section class=\"guidance-section\">\n<h3>")
                    html.link(heading.text, href: SitePath.relativeURL(from: path, to: group.outputPath) + "#" + heading.id)
                    html.raw(" <span class=\"guidance-count\" data-total=\"\(section.count)\">\(section.count)</span></h3>\n")
                } else {
                    html.raw("<section class=\"guidance-section\">\n")
                }
                itemList(section, from: path, into: &html)
                html.raw("</section>\n")
            }
            html.raw("</section>\n")
        }
        for group in moduleGroups {
            let id = uniqueID("module-" + GuidanceID.slug(group.module))
            let title = "\(group.module) (source comments)"
            headings.append(Heading(level: 2, text: title, id: id, location: location))
            html.raw("<section class=\"guidance-group\">\n<h2 id=\"\(HTML.escape(id))\">")
            if let target = modulePath(group.module) {
                html.link(group.module, href: SitePath.relativeURL(from: path, to: target))
            } else {
                html.text(group.module)
            }
            html.raw(" <span class=\"guidance-source-note\">source comments</span> <span class=\"guidance-count\" data-total=\"\(group.entries.count)\">\(group.entries.count)</span></h2>\n")
            for file in Self.runs(group.entries, by: { entry -> String in
                if case .code(_, let file) = entry.source { return file }
                return ""
            }) {
                html.raw("<section class=\"guidance-section\">\n<h3><code>")
                if case .code(_, let name)? = file.first?.source { html.text(name) }
                html.raw("</code> <span class=\"guidance-count\" data-total=\"\(file.count)\">\(file.count)</span></h3>\n")
                itemList(file, from: path, into: &html)
                html.raw("</section>\n")
            }
            html.raw("</section>\n")
        }
        html.raw("<p class=\"guidance-empty\" hidden>No block matches the filter.</p>\n</div>\n")
        var page = Page(
            sourcePath: "", outputPath: path, title: "Guidance",
            description: "Every architecture rule of the site: checks, anti-patterns and reading lists, by page and section.",
            weight: 999, isSectionIndex: true, headings: headings, contentHTML: html.text
        )
        page.isListedInNavigation = true
        return page
    }

    private func filterForm(_ entries: [GuidanceEntry], into html: inout HTML) {
        let used = Set(entries.flatMap(\.layers))
        html.raw("<form class=\"guidance-filter\" hidden aria-label=\"Filter the catalog\">\n")
        html.raw("<label>Layer <select name=\"layer\">\n<option value=\"\">All layers</option>\n")
        for layer in layers where used.contains(layer) {
            html.raw("<option value=\"\(HTML.escape(layer))\">")
            html.text(layer)
            html.raw("</option>\n")
        }
        html.raw("<option value=\"-\">Not tied to a layer</option>\n</select></label>\n")
        html.raw("<fieldset><legend>Kind</legend>\n")
        for kind in GuidanceBlock.Kind.allCases {
            html.raw("<label><input type=\"checkbox\" name=\"kind\" value=\"\(kind.rawValue)\" checked> ")
            html.text(kind.label)
            html.raw("</label>\n")
        }
        html.raw("</fieldset>\n<label>Text <input type=\"search\" name=\"text\" placeholder=\"Words in the rule\"></label>\n")
        html.raw("<output class=\"guidance-shown\" aria-live=\"polite\"></output>\n</form>\n")
    }

    private func itemList(_ entries: [GuidanceEntry], from path: String, into html: inout HTML) {
        html.raw("<ul class=\"guidance-items\">\n")
        for entry in entries {
            let layers = entry.layers.map(HTML.escape).joined(separator: " ")
            html.raw("<li class=\"guidance-item\" data-kind=\"\(entry.block.kind.rawValue)\" data-layers=\"\(layers)\">")
            html.raw("<span class=\"guidance-kind guidance-kind-\(entry.block.kind.rawValue)\">\(entry.block.kind.label)</span> ")
            let summary = entry.block.kind == .readAlso
                ? entry.block.readAlso.map(\.target).joined(separator: ", ")
                : InlineMarkup.plainText(entry.block.summary)
            html.link(summary, href: SitePath.relativeURL(from: path, to: entry.pagePath))
            if !entry.block.conditions.isEmpty {
                html.text(" (\(entry.block.conditions.count) condition\(entry.block.conditions.count == 1 ? "" : "s"))")
            }
            for layer in entry.layers {
                html.raw(" <span class=\"badge badge-layer\">")
                html.text(layer)
                html.raw("</span>")
            }
            if entry.isStale { html.raw(" <span class=\"badge badge-stale\">Stale</span>") }
            html.raw(" <code class=\"guidance-id\">")
            html.text(entry.id)
            html.raw("</code></li>\n")
        }
        html.raw("</ul>\n")
    }

    /// Consecutive entries with the same key, in order.
    static func runs(_ entries: [GuidanceEntry], by key: (GuidanceEntry) -> String) -> [[GuidanceEntry]] {
        var runs: [[GuidanceEntry]] = []
        var lastKey: String?
        for entry in entries {
            let current = key(entry)
            if current == lastKey, !runs.isEmpty { runs[runs.count - 1].append(entry) } else { runs.append([entry]) }
            lastKey = current
        }
        return runs
    }

    static func plural(_ kind: GuidanceBlock.Kind, _ count: Int) -> String {
        switch kind {
        case .check: count == 1 ? "check" : "checks"
        case .antiPattern: count == 1 ? "anti-pattern" : "anti-patterns"
        case .readAlso: count == 1 ? "reading list" : "reading lists"
        }
    }
}
