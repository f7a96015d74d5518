import StrataCore
import StrataTemplates

extension GuidancePages {
    /// The catalog: every block grouped by page and section (then by module and file for
    /// blocks in code), with counts, drawn by the theme's `guidance-catalog`. Each item
    /// carries its kind and layers as data, which the theme's script filters on; without
    /// the script every block is listed.
    func indexPage() throws -> Page {
        let path = GuidanceCatalog.indexPath
        let entries = catalog.patterns
        var headings: [Heading] = []
        let location = SourceLocation(path: "")

        let counts = Dictionary(grouping: entries, by: \.block.kind).mapValues(\.count)
        let pageCount = Set(
            entries.compactMap { entry -> String? in
                if case .page(let source, _, _) = entry.source { return source }
                return nil
            }
        ).count
        let fileCount = Set(
            entries.compactMap { entry -> String? in
                if case .code(_, let file) = entry.source { return file }
                return nil
            }
        ).count
        var summary = "\(entries.count) block\(entries.count == 1 ? "" : "s"): "
        summary += Self.kinds.filter { counts[$0] != nil }.map { kind in
            "\(counts[kind] ?? 0) \(Self.plural(kind, counts[kind] ?? 0))"
        }.joined(separator: ", ")
        var places: [String] = []
        if pageCount > 0 { places.append("\(pageCount) page\(pageCount == 1 ? "" : "s")") }
        if fileCount > 0 { places.append("\(fileCount) source file\(fileCount == 1 ? "" : "s")") }
        summary += ", from " + places.joined(separator: " and ") + ". "
        let staleCount = entries.filter(\.isStale).count
        let used = Set(entries.flatMap(\.layers))

        var pageGroups: [(key: String, title: String, outputPath: String, entries: [GuidanceEntry])] = []
        var moduleGroups: [(module: String, entries: [GuidanceEntry])] = []
        for entry in entries {
            switch entry.source {
            case .page(let source, let outputPath, let title):
                if pageGroups.last?.key == source {
                    pageGroups[pageGroups.count - 1].entries.append(entry)
                } else {
                    pageGroups.append((source, title, outputPath, [entry]))
                }
            case .code(let module, _):
                if moduleGroups.last?.module == module {
                    moduleGroups[moduleGroups.count - 1].entries.append(entry)
                } else {
                    moduleGroups.append((module, [entry]))
                }
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
        let pageGroupValues = pageGroups.map { group -> TemplateValue in
            let id = uniqueID(GuidanceID.slug(group.key))
            headings.append(Heading(level: 2, text: group.title, id: id, location: location))
            let metadata = group.entries.first?.metadata ?? []
            let sections = Self.runs(group.entries) { $0.block.heading?.id ?? "" }.map { section -> TemplateValue in
                var values: TemplateObject = [
                    "hasHeading": false, "href": "", "title": "", "count": .number(section.count),
                    "items": .list(items(section, from: path))
                ]
                if let heading = section.first?.block.heading, !heading.id.isEmpty, heading.level > 1 {
                    values["hasHeading"] = true
                    values["href"] = .text(SitePath.relativeURL(from: path, to: group.outputPath) + "#" + heading.id)
                    values["title"] = .text(heading.text)
                }
                return .object(values)
            }
            return .object([
                "id": .text(id), "href": .text(SitePath.relativeURL(from: path, to: group.outputPath)),
                "title": .text(group.title),
                "count": .number(group.entries.count),
                "hasMetadata": .bool(!metadata.isEmpty),
                "metadata": .list(
                    metadata.map {
                        .object(["label": .text($0.label), "value": .text($0.value), "isStale": .bool($0.isStale)])
                    }),
                "isStale": .bool(group.entries.contains(where: \.isStale)),
                "sections": .list(sections)
            ])
        }
        let moduleGroupValues = moduleGroups.map { group -> TemplateValue in
            let id = uniqueID("module-" + GuidanceID.slug(group.module))
            headings.append(Heading(level: 2, text: "\(group.module) (source comments)", id: id, location: location))
            let target = modulePath(group.module)
            let files = Self.runs(
                group.entries,
                by: { entry -> String in
                    if case .code(_, let file) = entry.source { return file }
                    return ""
                }
            ).map { file -> TemplateValue in
                var name = ""
                if case .code(_, let path)? = file.first?.source { name = path }
                return .object([
                    "file": .text(name), "count": .number(file.count), "items": .list(items(file, from: path))
                ])
            }
            return .object([
                "id": .text(id), "module": .text(group.module), "hasHref": .bool(target != nil),
                "href": .text(target.map { SitePath.relativeURL(from: path, to: $0) } ?? ""),
                "count": .number(group.entries.count), "files": .list(files)
            ])
        }
        let values: TemplateObject = [
            "summary": .text(summary),
            "jsonHref": .text(SitePath.relativeURL(from: path, to: GuidanceCatalog.jsonPath)),
            "llmsHref": .text(SitePath.relativeURL(from: path, to: GuidanceCatalog.llmsPath)),
            "hasStale": .bool(staleCount > 0),
            "staleText": .text(
                "\(staleCount) block\(staleCount == 1 ? " comes" : "s come") from pages last verified too long ago."),
            "filterLayers": .list(layers.filter(used.contains).map { .text($0) }),
            "hasEnforcement": .bool(!catalog.architecture.rules.isEmpty),
            "kinds": .list(Self.kinds.map { .object(["kind": .text($0.rawValue), "label": .text($0.label)]) }),
            "pageGroups": .list(pageGroupValues),
            "moduleGroups": .list(moduleGroupValues)
        ]
        var page = Page(
            sourcePath: "", outputPath: path, title: "Guidance",
            description: "Every architecture rule of the site: checks, anti-patterns and rules, by page and section.",
            weight: 999, isSectionIndex: true, headings: headings,
            contentHTML: try render(values, template: "guidance-catalog")
        )
        page.isListedInNavigation = true
        return page
    }

    /// The kinds the catalog lists and filters (reading lists are no patterns).
    static let kinds = GuidanceBlock.Kind.allCases.filter { $0 != .readAlso }

    /// Blocks as the catalog lists them (`partials/guidance-items`): the situation, then
    /// what to do (each IF with its THEN, or the FIX), and the examples' verdicts.
    private func items(_ entries: [GuidanceEntry], from path: String) -> [TemplateValue] {
        entries.map { entry in
            let block = entry.block
            var outcomes: [TemplateValue] = []
            for condition in block.conditions {
                outcomes.append(.object(["keyword": "If", "text": .text(InlineMarkup.plainText(condition.condition))]))
                if let action = condition.action {
                    outcomes.append(.object(["keyword": "Then", "text": .text(InlineMarkup.plainText(action))]))
                }
            }
            if let fix = block.fix {
                outcomes.append(.object(["keyword": "Fix", "text": .text(InlineMarkup.plainText(fix))]))
            }
            let verdicts = block.examples.compactMap(\.verdict)
            var examplesText = ""
            if !block.examples.isEmpty {
                examplesText = "\(block.examples.count) example\(block.examples.count == 1 ? "" : "s")"
                if !verdicts.isEmpty {
                    examplesText +=
                        ": "
                        + ExampleVerdict.allCases.compactMap { verdict in
                            let count = verdicts.filter { $0 == verdict }.count
                            return count == 0 ? nil : "\(count) \(verdict.label.lowercased())"
                        }.joined(separator: ", ")
                }
            }
            // A rule strata.yml turns off checks nothing: the block is advice again.
            let checking = entry.enforcedBy.compactMap { catalog.architecture.rule($0) }.filter {
                $0.descriptor.severity != .off
            }
            let broken = checking.reduce(0) { $0 + $1.violations.count }
            let enforcementText =
                checking.isEmpty
                ? "" : broken > 0 ? "Enforced, \(broken) violation\(broken == 1 ? "" : "s")" : "Enforced, holds"
            return .object([
                "enforced": .text(checking.isEmpty ? "no" : broken > 0 ? "broken" : "yes"),
                "isEnforced": .bool(!checking.isEmpty), "isBroken": .bool(broken > 0),
                "enforcementText": .text(enforcementText),
                "kind": .text(block.kind.rawValue), "kindLabel": .text(block.kind.label),
                "href": .text(SitePath.relativeURL(from: path, to: entry.pagePath)),
                "summary": .text(InlineMarkup.plainText(block.summary)),
                "hasOutcomes": .bool(!outcomes.isEmpty), "outcomes": .list(outcomes),
                "hasExamples": .bool(!examplesText.isEmpty), "examplesText": .text(examplesText),
                "layers": .text(entry.layers.joined(separator: " ")),
                "layerBadges": .list(entry.layers.map { .text($0) }),
                "isStale": .bool(entry.isStale && entry.module != nil), "id": .text(entry.id)
            ])
        }
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
        case .rule: count == 1 ? "rule" : "rules"
        case .readAlso: count == 1 ? "reading list" : "reading lists"
        }
    }
}
