import StrataCore

/// Writes `llms.txt`: every rule of the site as compact Markdown, grouped by page, in the
/// llmstxt.org shape (a title, a summary quote, sections of links with notes), so a coding
/// agent can load the architecture rules in one read.
package struct GuidanceDigestWriter: Sendable {
    package let site: SiteSettings

    package init(site: SiteSettings) {
        self.site = site
    }

    package func write(_ catalog: GuidanceCatalog) -> String {
        let base = site.baseURL.hasSuffix("/") ? site.baseURL : site.baseURL + "/"
        var out = "# \(site.title): architecture guidance\n\n"
        var quote =
            catalog.isEmpty
            ? "> No rules are written for this project yet; its layering and public API follow, and the full data "
                + "is at \(base)\(GuidanceCatalog.jsonPath)."
            : Self.rulesSummary(catalog.patterns, base: base)
        if !catalog.api.isEmpty {
            quote += " Each module's public API follows, with the layers that hold it; every type has a page."
        }
        out += quote + "\n"
        if let description = site.description { out += "\n\(description)\n" }
        out += architectureSection(catalog.architecture)
        out += apiSection(catalog.api, base: base)

        // Reading lists are no rules: each page's show under its heading, as where to read on.
        var readingLists: [String: [GuidanceEntry.Link]] = [:]
        for entry in catalog.entries where entry.block.kind == .readAlso {
            if case .page(let source, _, _) = entry.source { readingLists[source, default: []] += entry.links }
        }
        var lastGroup: String?
        var lastHeading: String?
        // Every entry, so a page with a reading list and no rule still names it.
        for entry in catalog.entries {
            let group: String
            switch entry.source {
            case .page(let source, _, let title): group = "\(title) (\(source))"
            case .code(let module, let file): group = "\(module): \(file)"
            }
            if group != lastGroup {
                out += "\n## \(group)\n"
                let meta = entry.metadata.map { "\($0.key): \($0.value)\($0.isStale ? " (stale)" : "")" }
                if !meta.isEmpty { out += "\n" + meta.joined(separator: "; ") + "\n" }
                if case .page(let source, _, _) = entry.source, let links = readingLists[source], !links.isEmpty {
                    out += "\nRead also: " + links.map { target($0, base: base) }.joined(separator: ", ") + "\n"
                }
                lastGroup = group
                lastHeading = nil
            }
            guard entry.block.kind != .readAlso else { continue }
            if let heading = entry.block.heading, heading.level > 1, heading.text != lastHeading,
                case .page = entry.source
            {
                out += "\n### \(heading.text)\n"
                lastHeading = heading.text
            }
            out +=
                "\n" + lines(for: entry, base: base, architecture: catalog.architecture).joined(separator: "\n") + "\n"
        }
        return out
    }

    /// The quote that opens the digest of a site with rules: how many, and how to read them.
    private static func rulesSummary(_ entries: [GuidanceEntry], base: String) -> String {
        let checks = entries.filter { $0.block.kind == .check }.count
        let antiPatterns = entries.filter { $0.block.kind == .antiPattern }.count
        let rules = entries.filter { $0.block.kind == .rule }.count
        var counts = [
            "\(checks) check\(checks == 1 ? "" : "s")", "\(antiPatterns) anti-pattern\(antiPatterns == 1 ? "" : "s")"
        ]
        if rules > 0 { counts.append("\(rules) rule\(rules == 1 ? "" : "s")") }
        var out =
            "> " + counts.dropLast().joined(separator: ", ") + " and " + (counts.last ?? "")
            + " that code in this project must follow. "
        out +=
            "CHECK names a situation; each IF is a condition and its THEN what to do. ANTI_PATTERN is a thing not "
            + "to do; FIX what to do instead. "
        if rules > 0 { out += "RULE is a statement code must keep. " }
        out += "Examples are marked good (do this), bad (do not) or ok (acceptable). "
        out +=
            "Every rule has a page at \(base)\(GuidanceCatalog.folder)/<id>.html; the full data is at "
            + "\(base)\(GuidanceCatalog.jsonPath)."
        return out
    }

    /// Each module's types, with their summaries, kinds and layers: what a coding agent
    /// may call from where, before it reads a reference page.
    private func apiSection(_ api: APISummary, base: String) -> String {
        guard !api.isEmpty else { return "" }
        var out = "\n## Public API\n"
        for module in api.modules {
            var heading = "\n### " + (module.outputPath.map { "[\(module.name)](\(base)\($0))" } ?? module.name)
            if let layer = module.layer { heading += " (layer \(layer))" }
            out += heading + "\n\n"
            guard !module.symbols.isEmpty else {
                out += "No public type.\n"
                continue
            }
            for symbol in module.symbols {
                var line = "- [\(symbol.name)](\(base)\(symbol.outputPath)) (\(symbol.kind)"
                if let layer = symbol.layer { line += ", layer \(layer)" }
                line += ")"
                if let summary = symbol.summary, !summary.isEmpty { line += ": " + summary }
                out += line + "\n"
            }
        }
        return out
    }

    /// The layers, what each may use, and the rules with their state: what an agent must
    /// keep before it reads any advice.
    private func architectureSection(_ architecture: GuidanceArchitecture) -> String {
        guard !architecture.isEmpty else { return "" }
        var out = ""
        if !architecture.layers.isEmpty {
            out +=
                "\n## Layers\n\nBottom-up. Code in a layer may use only the layers its line names after \"may "
                + "use\".\n\n"
            for layer in architecture.layers {
                let uses = layer.mayUse.isEmpty ? "nothing" : layer.mayUse.joined(separator: ", ")
                out +=
                    "- \(layer.name): may use \(uses)"
                    + (layer.members.isEmpty ? "" : "; members: " + layer.members.joined(separator: ", ")) + "\n"
            }
        }
        if !architecture.rules.isEmpty {
            out += "\n## Rules checked by `strata check`\n\n"
            for rule in architecture.rules {
                var line = "- \(rule.id) (\(rule.descriptor.severity.rawValue)): \(Self.state(rule))"
                if let because = rule.descriptor.rationale.because {
                    line += ". Because " + because.split(whereSeparator: \.isNewline).joined(separator: " ")
                }
                out += line + "\n"
            }
        }
        return out
    }

    /// "holds", "3 violations", "off".
    static func state(_ rule: GuidanceArchitecture.Rule?) -> String {
        rule?.stateText ?? "unknown"
    }

    private func lines(for entry: GuidanceEntry, base: String, architecture: GuidanceArchitecture) -> [String] {
        let block = entry.block
        var lines: [String] = []
        switch block.kind {
        case .check:
            lines.append("- CHECK: \(block.summary)")
            for condition in block.conditions {
                lines.append("  - IF: \(condition.condition)" + (condition.action.map { " THEN: \($0)" } ?? ""))
            }
        case .antiPattern:
            lines.append("- ANTI_PATTERN: \(block.summary)")
            if let fix = block.fix { lines.append("  - FIX: \(fix)") }
        case .rule:
            lines.append("- RULE: \(block.summary)")
        case .readAlso:
            lines.append("- READ_ALSO: " + entry.links.map { target($0, base: base) }.joined(separator: ", "))
        }
        if !entry.appliesTo.isEmpty {
            lines.append("  - APPLIES_TO: " + entry.appliesTo.map(\.name).joined(separator: ", "))
        }
        if block.kind != .readAlso, !entry.links.isEmpty {
            lines.append("  - READ_ALSO: " + entry.links.map { target($0, base: base) }.joined(separator: ", "))
        }
        for id in entry.enforcedBy {
            lines.append("  - ENFORCED_BY: \(id) (\(Self.state(architecture.rule(id))))")
        }
        lines.append("  - ID: [\(block.id)](\(base)\(entry.pagePath))")
        for example in block.examples {
            var label = "  - EXAMPLE" + (example.verdict.map { " (\($0.rawValue))" } ?? "") + ":"
            if let caption = example.caption { label += " \(caption)" }
            lines.append(label)
            // A fence longer than any backtick run inside, so the code cannot close it.
            let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: example.code) + 1))
            lines.append("    " + fence + (example.language ?? ""))
            lines += example.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
                example.code.hasSuffix("\n") ? 1 : 0
            ).map { "    " + $0 }
            lines.append("    " + fence)
        }
        return lines
    }

    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    private func target(_ link: GuidanceEntry.Link, base: String) -> String {
        switch link.destination {
        case .page(let path, let title)?: "[\(title)](\(base)\(path))"
        case .block(let id)?: "[\(id)](\(base)\(GuidanceCatalog.pagePath(of: id)))"
        case .url(let url)?: "<\(url)>"
        case nil: link.reference.target
        }
    }
}
