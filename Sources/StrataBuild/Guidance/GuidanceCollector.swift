import StrataCore
import StrataMarkdown

/// Gathers the guidance blocks of the whole site (Content pages, then source comments) and
/// gives each its site-wide id. What comes out is enough to resolve `see:` in rules; the
/// links between blocks and pages are made later, by `GuidanceLinker`, once every page of
/// the site is known.
struct GuidanceCollector {
    /// A block with where it was written and, on a page, where it sits in the page's tree.
    struct Collected: Sendable {
        var draft: GuidanceAssembler.Draft
        var source: GuidanceEntry.Source
        var metadata: [MetadataEntry]
        /// The page's index in the pages given, for blocks on pages.
        var pageIndex: Int?
        var placement: GuidancePlacement?
    }

    static func formerIDs(of blocks: [Collected]) -> [String: String] {
        GuidanceID.formerIDs(
            current: blocks.map(\.draft.block.id),
            formers: blocks.filter { $0.draft.block.kind != .readAlso }.compactMap { block in
                block.draft.formerID.map { ($0, block.draft.block.id) }
            }
        )
    }

    struct Result: Sendable {
        var blocks: [Collected]
        var diagnostics: [Diagnostic]

        var ids: Set<String> { Set(blocks.map(\.draft.block.id)) }
        /// Former id → current id of the blocks whose ids were trimmed (see `GuidanceID.formerIDs`).
        var formerIDs: [String: String] { GuidanceCollector.formerIDs(of: blocks) }
    }

    /// Pages by folder, a folder's index page before the rest of it.
    static func order(_ page: SourcePage) -> [String] {
        var parts = page.relativePath.split(separator: "/").map(String.init)
        if page.isSectionIndex, !parts.isEmpty { parts[parts.count - 1] = "" }
        return parts
    }

    static func collect(pages: [SourcePage], code: [PackageGraphLoader.SourceGuidance]) -> Result {
        var collected: [Collected] = []
        for (index, page) in pages.enumerated().sorted(by: {
            Self.order($0.element).lexicographicallyPrecedes(Self.order($1.element))
        }) {
            guard let guidance = page.guidance else { continue }
            for (draft, placement) in zip(guidance.drafts, guidance.placements) {
                collected.append(
                    Collected(
                        draft: draft,
                        source: .page(sourcePath: page.relativePath, outputPath: page.outputPath, title: page.title),
                        metadata: page.metadata, pageIndex: index, placement: placement
                    ))
            }
        }
        for file in code {
            for draft in file.drafts {
                collected.append(
                    Collected(draft: draft, source: .code(module: file.module, path: file.path), metadata: []))
            }
        }
        var drafts = collected.map(\.draft)
        var registry = GuidanceIDRegistry()
        registry.register(&drafts)
        for index in collected.indices { collected[index].draft = drafts[index] }
        return Result(blocks: collected, diagnostics: registry.diagnostics)
    }
}
