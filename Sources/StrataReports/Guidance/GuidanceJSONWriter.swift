import Foundation
import StrataCore

/// Writes the catalog as JSON (`guidance.json` in the site, `strata guidance --format
/// json`): every block with its id, kind, parts, source, scope and links, in catalog order,
/// with stable key order, so tools and coding agents can read the rules without scraping.
package struct GuidanceJSONWriter: Sendable {
    /// The site's base URL: block pages are given as URLs under it.
    package let baseURL: String

    package init(baseURL: String = "/") {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    package func write(_ catalog: GuidanceCatalog) -> String {
        let readingLists = catalog.entries.filter { $0.block.kind == .readAlso }.compactMap {
            entry -> Document.ReadingList? in
            guard case .page(let sourcePath, let outputPath, _) = entry.source else { return nil }
            return Document.ReadingList(
                page: sourcePath, url: baseURL + outputPath + "#" + entry.anchor, line: entry.block.location.line,
                links: entry.links.map(link))
        }
        let architecture = catalog.architecture
        let enforcedBlocks = Dictionary(
            grouping: catalog.patterns.flatMap { entry in entry.enforcedBy.map { ($0, entry.id) } }, by: \.0
        ).mapValues { $0.map(\.1) }
        let document = Document(
            version: 1, blocks: catalog.patterns.map { block($0, architecture: architecture) },
            reading_lists: readingLists,
            layers: architecture.layers.map { Document.Layer(name: $0.name, may_use: $0.mayUse, members: $0.members) },
            rules: architecture.rules.map { rule in
                Document.Rule(
                    id: rule.id, kind: rule.descriptor.kind.rawValue, severity: rule.descriptor.severity.rawValue,
                    because: rule.descriptor.rationale.because, see: rule.descriptor.rationale.see,
                    state: Self.state(rule),
                    violations: rule.violations.count, blocks: enforcedBlocks[rule.id] ?? []
                )
            },
            api: catalog.api.isEmpty ? nil : catalog.api.modules.map(apiModule)
        )
        return StableJSON.text(document)
    }

    private func apiModule(_ module: APISummary.Module) -> Document.APIModule {
        Document.APIModule(
            module: module.name, layer: module.layer, url: module.outputPath.map { baseURL + $0 },
            symbols: module.symbols.map {
                Document.APISymbol(
                    name: $0.name, kind: $0.kind, summary: $0.summary, layer: $0.layer, url: baseURL + $0.outputPath)
            })
    }

    /// `holds`, `broken` or `off`.
    static func state(_ rule: GuidanceArchitecture.Rule?) -> String {
        rule?.state.rawValue ?? "unknown"
    }

    private func block(_ entry: GuidanceEntry, architecture: GuidanceArchitecture) -> Document.Block {
        let block = entry.block
        var source: Document.Source
        switch entry.source {
        case .page(let sourcePath, let outputPath, let title):
            source = Document.Source(
                page: sourcePath, title: title, url: baseURL + outputPath + "#" + entry.anchor,
                line: block.location.line,
                heading: block.heading?.text, module: nil, file: nil
            )
        case .code(let module, let file):
            source = Document.Source(
                page: nil, title: nil, url: nil, line: block.location.line, heading: nil, module: module, file: file)
        }
        return Document.Block(
            id: block.id, kind: block.kind.rawValue, explicit_id: block.hasExplicitID, url: baseURL + entry.pagePath,
            summary: block.kind == .readAlso ? nil : block.summary,
            conditions: block.kind == .check
                ? block.conditions.map { Document.Condition(if: $0.condition, then: $0.action) } : nil,
            fix: block.fix,
            read_also: entry.links.map(link),
            applies_to: entry.appliesTo.map { Document.Scope(name: $0.name, kind: $0.kind.rawValue) },
            layers: entry.layers,
            examples: block.examples.map {
                Document.Example(
                    language: $0.language, code: $0.code, verdict: $0.verdict?.rawValue, caption: $0.caption)
            },
            source: source,
            metadata: entry.metadata.isEmpty
                ? nil : Dictionary(entry.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
            stale: entry.isStale,
            referenced_by: entry.backlinks.map {
                Document.Backlink(
                    url: $0.blockID.map { baseURL + GuidanceCatalog.pagePath(of: $0) } ?? baseURL + $0.path,
                    block: $0.blockID)
            },
            cited_by_rules: entry.citedBy,
            enforced_by: entry.enforcedBy.map { id in
                let rule = architecture.rule(id)
                return Document.Enforcement(rule: id, state: Self.state(rule), violations: rule?.violations.count ?? 0)
            }
        )
    }

    private func link(_ link: GuidanceEntry.Link) -> Document.Link {
        var resolved: String?
        var kind = "broken"
        var block: String?
        switch link.destination {
        case .page(let path, _)?: (resolved, kind) = (baseURL + path, "page")
        case .block(let id)?: (resolved, kind, block) = (baseURL + GuidanceCatalog.pagePath(of: id), "block", id)
        case .url(let url)?: (resolved, kind) = (url, "url")
        case nil: break
        }
        return Document.Link(target: link.reference.target, kind: kind, url: resolved, block: block)
    }

    // Field names are the JSON keys.
    struct Document: Encodable {
        var version: Int
        var blocks: [Block]
        /// Stand-alone READ_ALSO lists: where a page says to read on (no rules).
        var reading_lists: [ReadingList]
        /// The layers of strata.yml, bottom-up, with what each may use.
        var layers: [Layer]
        /// The rules checked, with their state in the current code.
        var rules: [Rule]
        /// Each module's public API in brief; left out when no API was read.
        var api: [APIModule]?

        struct APIModule: Encodable {
            var module: String
            var layer: String?
            var url: String?
            var symbols: [APISymbol]
        }

        struct APISymbol: Encodable {
            var name: String
            var kind: String
            var summary: String?
            /// The layer of the part of the module that declares it, when not the module's own.
            var layer: String?
            var url: String
        }

        struct Layer: Encodable {
            var name: String
            var may_use: [String]
            var members: [String]
        }

        struct Rule: Encodable {
            var id: String
            var kind: String
            var severity: String
            var because: String?
            var see: String?
            var state: String
            var violations: Int
            /// The blocks it enforces.
            var blocks: [String]
        }

        struct Enforcement: Encodable {
            var rule: String
            var state: String
            var violations: Int
        }

        struct ReadingList: Encodable {
            var page: String
            var url: String
            var line: Int
            var links: [Link]
        }

        struct Block: Encodable {
            var id: String
            var kind: String
            var explicit_id: Bool
            var url: String
            var summary: String?
            var conditions: [Condition]?
            var fix: String?
            var read_also: [Link]
            var applies_to: [Scope]
            var layers: [String]
            var examples: [Example]
            var source: Source
            var metadata: [String: String]?
            var stale: Bool
            var referenced_by: [Backlink]
            var cited_by_rules: [String]
            var enforced_by: [Enforcement]
        }

        struct Condition: Encodable {
            var `if`: String
            var then: String?
        }

        struct Link: Encodable {
            var target: String
            var kind: String
            var url: String?
            var block: String?
        }

        struct Scope: Encodable {
            var name: String
            var kind: String
        }

        struct Example: Encodable {
            var language: String?
            var code: String
            /// `good`, `bad` or `ok`; absent when nothing says.
            var verdict: String?
            var caption: String?
        }

        struct Source: Encodable {
            var page: String?
            var title: String?
            var url: String?
            var line: Int
            var heading: String?
            var module: String?
            var file: String?
        }

        struct Backlink: Encodable {
            var url: String
            var block: String?
        }
    }
}
