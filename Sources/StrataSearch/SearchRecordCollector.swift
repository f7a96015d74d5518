import StrataCore

/// Gathers what search covers from the finished site: every page and its `h2`/`h3`
/// sections, every guidance block, module and layer. Pages Strata generates for a block,
/// a module or a layer are covered by that thing's own record, with its graph neighbours,
/// rather than as pages of text.
struct SearchRecordCollector: Sendable {
    let pages: [Page]
    let catalog: GuidanceCatalog
    let model: ArchitectureModel?
    let siteMap: ArchitectureSiteMap?

    /// Excerpts are cut near here, at a word boundary.
    static let excerptLength = 120

    func records() -> [SearchRecord] {
        let entityPages = entityPagePaths()
        let listed = pages.filter { !entityPages.contains($0.outputPath) && $0.outputPath != SitePath.notFoundPage }
            .sorted { $0.outputPath < $1.outputPath }
        // The reference pages come last: of two results as good, the site's own page, the
        // module or the block comes first.
        let textPages = listed.filter { $0.symbolContext == nil } + listed.filter { $0.symbolContext != nil }
        // Each page's records on every core (its text read, its excerpts cut), then joined,
        // each section given its page's record.
        let pageRecords = ParallelMap.map(textPages) { page in
            Self.records(of: page, text: PageText(html: page.contentHTML))
        }
        var records: [SearchRecord] = []
        records.reserveCapacity(pageRecords.reduce(0) { $0 + $1.count })
        var symbolRecords: [SearchRecord] = []
        for own in pageRecords {
            let isSymbol = own.first?.kind == .symbol
            let pageIndex = isSymbol ? symbolRecords.count : records.count
            var own = own
            for section in own.indices.dropFirst() { own[section].parent = pageIndex }
            if isSymbol { symbolRecords += own } else { records += own }
        }
        records += catalog.patterns.map(blockRecord)
        if let model, let siteMap {
            records += moduleRecords(model, siteMap)
            records += layerRecords(model, siteMap)
            records += componentRecords(model.components)
        }
        // A reference page's sections point at its record, wherever the records land.
        let offset = records.count
        records += symbolRecords.map { record in
            var moved = record
            moved.parent = record.parent.map { $0 + offset }
            return moved
        }
        return records
    }

    /// A page's record, then one per section with an id (none for the catalog, whose
    /// sections only repeat the blocks, which have records of their own). A section's
    /// parent is 0, the page's record here.
    static func records(of page: Page, text: PageText) -> [SearchRecord] {
        let lead = text.sections.first?.text ?? ""
        let firstText = page.description ?? text.sections.first(where: { !$0.text.isEmpty })?.text ?? ""
        var records = [
            SearchRecord(
                kind: page.symbolContext == nil ? .page : .symbol, title: page.title, path: page.outputPath,
                context: page.symbolContext ?? "", text: lead, excerpt: excerpt(firstText))
        ]
        guard page.outputPath != GuidanceCatalog.indexPath else { return records }
        for section in text.sections.dropFirst() {
            guard let id = section.id else { continue }
            records.append(
                SearchRecord(
                    kind: .section, title: section.heading, path: page.outputPath + "#" + id, context: page.title,
                    text: section.text, excerpt: excerpt(section.text), parent: 0
                ))
        }
        return records
    }

    private func entityPagePaths() -> Set<String> {
        var paths = Set(catalog.patterns.map(\.pagePath))
        if let model, let siteMap {
            for node in model.graph.nodes where node.isTarget && siteMap.hasGeneratedPage(node.id) {
                paths.insert(ArchitectureSiteMap.modulePath(node.id))
            }
            paths.formUnion(siteMap.layerPaths.values)
            paths.formUnion(model.components.components.map { ArchitectureSiteMap.componentPath($0.id) })
        }
        return paths
    }

    private func blockRecord(_ entry: GuidanceEntry) -> SearchRecord {
        let block = entry.block
        // What the block says after its situation: the excerpt, and searchable text.
        var details = block.conditions.map { "IF " + $0.condition + ($0.action.map { " THEN " + $0 } ?? "") }
        if let fix = block.fix { details.append("FIX " + fix) }
        if !block.readAlso.isEmpty {
            details.append("READ_ALSO " + block.readAlso.map(\.target).joined(separator: ", "))
        }
        let summary = InlineMarkup.plainText(block.summary)
        let detail = InlineMarkup.plainText(details.joined(separator: " "))
        let home: String
        switch entry.source {
        case .page(_, _, let title): home = title
        case .code(let module, let path): home = "\(module) (\(path))"
        }
        // A block is found by what it says; its id (what authors link with) is text too.
        return SearchRecord(
            kind: .block, title: summary.isEmpty ? entry.id : summary, path: entry.pagePath,
            context: block.kind.label + " · " + home,
            text: ([summary, detail, entry.id] + block.appliesTo).joined(separator: " "), excerpt: Self.excerpt(detail)
        )
    }

    private func moduleRecords(_ model: ArchitectureModel, _ siteMap: ArchitectureSiteMap) -> [SearchRecord] {
        let graph = model.graph
        var uses: [String: Set<String>] = [:]
        var usedBy: [String: Set<String>] = [:]
        for edge in graph.edges where edge.relation != .transitive {
            uses[edge.from, default: []].insert(edge.to)
            usedBy[edge.to, default: []].insert(edge.from)
        }
        return graph.nodes.filter(\.isTarget).sorted { $0.id < $1.id }.map { node in
            let layer = model.assignments[node.id]?.layer
            let kind = node.kind == .test ? "Test module" : "Module"
            let package = node.package.map { " in \($0)" } ?? ""
            return SearchRecord(
                kind: .module, title: node.id, path: siteMap.path(of: node.id),
                context: kind + package + (layer.map { " · layer \($0)" } ?? ""), text: layer ?? "", excerpt: "",
                uses: (uses[node.id] ?? []).sorted(), usedBy: (usedBy[node.id] ?? []).sorted()
            )
        }
    }

    /// A record per component and per type of a component: searching a type's name finds
    /// it with what references it ("what references X").
    private func componentRecords(_ graph: ComponentGraph) -> [SearchRecord] {
        var referencedBy: [String: Set<String>] = [:]
        var uses: [String: Set<String>] = [:]
        for reference in graph.references {
            referencedBy[reference.to.module + "\u{0}" + reference.toType, default: []].insert(reference.source)
            if let type = reference.fromType {
                uses[reference.from.module + "\u{0}" + type, default: []].insert(reference.toType)
            }
        }
        var records: [SearchRecord] = []
        for component in graph.components {
            let path = ArchitectureSiteMap.componentPath(component.id)
            let types = component.types.map(\.name)
            records.append(
                SearchRecord(
                    kind: .component, title: component.id.description, path: path,
                    context: "Component · layer \(component.layer)",
                    text: ([component.module, component.layer] + types).joined(separator: " "),
                    excerpt: Self.excerpt(
                        "\(types.count) type\(types.count == 1 ? "" : "s"): " + types.joined(separator: ", "))
                ))
            for type in component.types {
                let key = component.module + "\u{0}" + type.name
                let by = (referencedBy[key] ?? []).sorted()
                let named = (uses[key] ?? []).sorted()
                records.append(
                    SearchRecord(
                        kind: .type, title: type.name, path: path + "#" + ArchitectureSiteMap.typeAnchor(type.name),
                        context: "\(type.kind?.rawValue ?? "type") · \(component.id)",
                        text: ([type.origin] + by).joined(separator: " "), excerpt: "",
                        uses: named, usedBy: by
                    ))
            }
        }
        return records
    }

    private func layerRecords(_ model: ArchitectureModel, _ siteMap: ArchitectureSiteMap) -> [SearchRecord] {
        var modulesOfLayer: [String: [String]] = [:]
        for (module, assignment) in model.assignments { modulesOfLayer[assignment.layer, default: []].append(module) }
        return model.layers.compactMap { layer in
            guard let path = siteMap.path(ofLayer: layer.name) else { return nil }
            let modules = (modulesOfLayer[layer.name] ?? []).sorted()
            let summary = modules.count == 1 ? "1 module: " : "\(modules.count) modules: "
            return SearchRecord(
                kind: .layer, title: layer.name, path: path, context: "Layer",
                text: modules.joined(separator: " "), excerpt: Self.excerpt(summary + modules.joined(separator: ", "))
            )
        }
    }

    /// The start of `text`, cut at a word boundary near `excerptLength`.
    static func excerpt(_ text: String) -> String {
        // Counted only as far as needed: a section's text can be long.
        guard text.utf8.count > excerptLength + 10,
            text.index(text.startIndex, offsetBy: excerptLength + 11, limitedBy: text.endIndex) != nil
        else { return text }
        let cut = text.prefix(excerptLength)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]).trimmingWhitespace + "…"
    }
}
