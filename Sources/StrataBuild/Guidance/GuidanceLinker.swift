import StrataCore

/// Connects the collected blocks to the rest of the site: READ_ALSO resolved to pages and
/// blocks, APPLIES_TO matched to layers and modules, the layers each block concerns, the
/// pages and blocks pointing to it, and the rules citing it.
struct GuidanceLinker {
    var pages: [SourcePage]
    /// Pages Strata generates (output path → title), including the block pages.
    var generated: [String: String]
    var contentDirectory: String
    var layers: [String]
    /// Every module of the graph (targets and the products they use).
    var modules: Set<String>
    /// Module → layer.
    var layerOfModule: [String: String]
    var rules: [RuleDescriptor]
    /// Whether the project has a package or layers to check APPLIES_TO against.
    var hasArchitecture: Bool
    /// `links:`: captured prefixes to content folders or URLs.
    var linkMap = LinkMap()
    /// The layers and rules with their violations, which the catalog carries.
    var architecture = GuidanceArchitecture()

    func link(_ collected: GuidanceCollector.Result) -> (GuidanceCatalog, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let resolver = ReadAlsoResolver(
            pages: pages, generated: generated, blocks: collected.blocks, contentDirectory: contentDirectory,
            linkMap: linkMap)
        let layerNames = Set(layers)
        let staleKey = StalenessPolicy.key
        var entries = collected.blocks.map { item -> GuidanceEntry in
            var entry = GuidanceEntry(block: item.draft.block, source: item.source, metadata: item.metadata)
            entry.isStale = item.metadata.contains { $0.normalizedKey == staleKey && $0.isStale }
            entry.formerID = item.draft.formerID
            for reference in item.draft.block.readAlso {
                let (destination, diagnostic) = resolver.resolve(reference, from: item.source)
                if let diagnostic { diagnostics.append(diagnostic) }
                entry.links.append(GuidanceEntry.Link(reference: reference, destination: destination))
            }
            for destination in Self.textLinkDestinations(of: item.draft.block) {
                if let target = textLink(destination, from: item.source, resolver: resolver) {
                    entry.textLinks[destination] = target
                }
            }
            var concerned: Set<String> = []
            for name in item.draft.block.appliesTo {
                if layerNames.contains(name) {
                    entry.appliesTo.append(.init(name: name, kind: .layer))
                    concerned.insert(name)
                } else if modules.contains(name) {
                    entry.appliesTo.append(.init(name: name, kind: .module))
                    if let layer = layerOfModule[name] { concerned.insert(layer) }
                } else {
                    entry.appliesTo.append(.init(name: name, kind: .unknown))
                    diagnostics.append(
                        unknownScope(name, at: item.draft.appliesToLocation ?? item.draft.block.location))
                }
            }
            if let module = entry.module, let layer = layerOfModule[module] { concerned.insert(layer) }
            entry.layers = layers.filter(concerned.contains)
            return entry
        }

        // What points to each block: other blocks' READ_ALSO, links on pages, rules' see:.
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() { index[entry.id] = position }
        var backlinks: [Int: Set<GuidanceEntry.Backlink>] = [:]
        for entry in entries {
            let from = Self.backlink(to: entry)
            for link in entry.links {
                guard case .block(let id)? = link.destination, id != entry.id, let target = index[id] else { continue }
                backlinks[target, default: []].insert(from)
            }
        }
        for page in pages where !index.isEmpty {
            let folder = page.relativePath.lastIndex(of: "/").map { String(page.relativePath[..<$0]) } ?? ""
            for link in page.document.links where !link.isImage && !LinkResolver.hasScheme(link.destination) {
                let (path, _) = LinkResolver.splitFragment(link.destination)
                // Only a link naming an HTML file can lead to a block's page: the others are not
                // resolved at all (most links of a site go to Markdown pages). `X.html/.` still
                // resolves to `X.html`, so the suffix is checked again after resolving.
                let decoded = SitePath.percentDecode(path)
                guard decoded.contains(".html"), let target = SitePath.resolve(decoded, against: folder),
                    target.hasSuffix(".html"), target.hasPrefix(GuidanceCatalog.folder + "/")
                else { continue }
                let id = String(target.dropFirst(GuidanceCatalog.folder.count + 1).dropLast(".html".count))
                guard let position = index[id] else { continue }
                backlinks[position, default: []].insert(
                    GuidanceEntry.Backlink(path: page.outputPath, title: page.title))
            }
        }
        for (position, links) in backlinks { entries[position].backlinks = links.sorted() }
        for rule in rules {
            guard let target = rule.rationale.seeTarget, target.hasPrefix(GuidanceCatalog.folder + "/") else {
                continue
            }
            let id = String(target.dropFirst(GuidanceCatalog.folder.count + 1).dropLast(".html".count))
            if let position = index[id] { entries[position].citedBy.append(rule.id) }
        }
        for position in entries.indices { entries[position].citedBy.sort() }
        // `ENFORCED_BY:` names rules by id, or by a project rule's name alone.
        let ruleIDs = Set(rules.map(\.id))
        for (position, item) in collected.blocks.enumerated() {
            var enforced = Set(entries[position].citedBy)
            for name in item.draft.block.enforcedBy {
                if ruleIDs.contains(name) {
                    enforced.insert(name)
                } else if let rule = uniqueRule(named: name) {
                    enforced.insert(rule)
                } else {
                    diagnostics.append(
                        unknownRule(name, at: item.draft.enforcedByLocation ?? item.draft.block.location))
                }
            }
            entries[position].enforcedBy = enforced.sorted()
        }
        return (GuidanceCatalog(entries: entries, architecture: architecture), diagnostics)
    }

    /// The destinations of the links in a block's parts.
    static func textLinkDestinations(of block: GuidanceBlock) -> [String] {
        let parts = [block.summary] + block.conditions.flatMap { [$0.condition, $0.action ?? ""] } + [block.fix ?? ""]
        return parts.flatMap(InlineMarkup.segments).compactMap { segment in
            if case .link(_, let destination) = segment { return destination }
            return nil
        }
    }

    /// Where a link in a block's text leads as a site path: a page or block of the site,
    /// else a file beside the page it was written on; nil for URLs (kept as written). Broken
    /// links are the page's own link check's to report.
    private func textLink(_ destination: String, from source: GuidanceEntry.Source, resolver: ReadAlsoResolver)
        -> String?
    {
        switch resolver.resolve(
            GuidanceBlock.Reference(target: destination, location: SourceLocation(path: "")), from: source
        ).0 {
        case .page(let path, _)?: return path
        case .block(let id)?: return GuidanceCatalog.pagePath(of: id)
        case .url?, nil: break
        }
        guard case .page(let sourcePath, let outputPath, _) = source, !LinkResolver.hasScheme(destination),
            !destination.hasPrefix("//")
        else { return nil }
        let (path, fragment) = LinkResolver.splitFragment(destination)
        let suffix = fragment.map { "#" + $0 } ?? ""
        if path.isEmpty { return outputPath + suffix }
        let folder = sourcePath.lastIndex(of: "/").map { String(sourcePath[..<$0]) } ?? ""
        return SitePath.resolve(SitePath.percentDecode(path), against: folder).map { $0 + suffix }
    }

    static func backlink(to entry: GuidanceEntry) -> GuidanceEntry.Backlink {
        // A reading list points from its page, which is what a reader follows back.
        if entry.block.kind == .readAlso, case .page(_, let outputPath, let title) = entry.source {
            return GuidanceEntry.Backlink(path: outputPath, title: title)
        }
        return switch entry.source {
        case .page(_, let outputPath, let title):
            GuidanceEntry.Backlink(path: outputPath, title: title, blockID: entry.id)
        case .code(let module, let path): GuidanceEntry.Backlink(path: path, title: module, blockID: entry.id)
        }
    }

    /// The id of the one project rule whose name is `name` (`UI-Infrastructure` for
    /// `forbid/UI-Infrastructure`).
    private func uniqueRule(named name: String) -> String? {
        let matches = rules.filter { $0.id.split(separator: "/", maxSplits: 1).last.map(String.init) == name }
        return matches.count == 1 ? matches.first?.id : nil
    }

    private func unknownRule(_ name: String, at location: SourceLocation) -> Diagnostic {
        guard !rules.isEmpty else {
            return .warning(
                "guidance.unknown-rule",
                "ENFORCED_BY: '\(name)' names no rule: this project checks no rules (it has no package, or "
                    + "strata.yml declares no layers)",
                at: location)
        }
        var message = "ENFORCED_BY: '\(name)' is no rule of strata.yml"
        if let suggestion = Suggestion.closest(to: name, in: rules.map(\.id)) {
            message += "; did you mean '\(suggestion)'?"
        }
        return .warning(
            "guidance.unknown-rule", message + " (`strata check --format json` lists the rules' ids)", at: location)
    }

    private func unknownScope(_ name: String, at location: SourceLocation) -> Diagnostic {
        guard hasArchitecture else {
            return .warning(
                "guidance.unknown-applies-to",
                "APPLIES_TO: '\(name)' names no layer or module: this project declares no layers (strata.yml "
                    + "`layers:`) and has no Package.swift to read modules from",
                at: location
            )
        }
        var message = "APPLIES_TO: '\(name)' is neither a layer of strata.yml nor a module of the package"
        if let suggestion = Suggestion.closest(to: name, in: layers + modules.sorted()) {
            message += "; did you mean '\(suggestion)'?"
        }
        return .warning("guidance.unknown-applies-to", message, at: location)
    }
}
