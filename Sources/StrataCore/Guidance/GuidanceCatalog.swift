/// Every guidance block of the site, in a fixed order (Content pages by path, each in page
/// order, then code by module, file and line), with where its pages go.
package struct GuidanceCatalog: Hashable, Sendable {
    package let entries: [GuidanceEntry]
    /// The blocks that are patterns: each has a page, a catalog row and a place in the
    /// exports. Reading lists (stand-alone READ_ALSO) are links of their page, not patterns.
    package let patterns: [GuidanceEntry]
    /// Id → position in `entries`, built once: pages look blocks up for every link.
    private let positions: [String: Int]

    /// The layers and rules the blocks are read with.
    package let architecture: GuidanceArchitecture
    /// Former ids → the block they now name, for the redirect pages kept at the former
    /// ids' paths: only those no block has now and no other block had. Made once, since
    /// the link stage and the render stage both ask.
    package let redirects: [Redirect]
    /// Each module's public API in brief, which the exports give beside the rules (empty
    /// when no API was read: `strata guidance` and `check` do not read it).
    package var api = APISummary()

    package struct Redirect: Hashable, Sendable {
        package let from: String
        package let to: GuidanceEntry
    }

    package init(entries: [GuidanceEntry] = [], architecture: GuidanceArchitecture = GuidanceArchitecture()) {
        self.entries = entries
        self.architecture = architecture
        patterns = entries.filter { $0.block.kind != .readAlso }
        redirects = Self.redirects(entries: entries, patterns: patterns)
        positions = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The folder of block pages and of the catalog page.
    package static let folder = "guidance"
    package static let indexPath = "\(folder)/index.html"
    package static let jsonPath = "guidance.json"
    package static let llmsPath = "llms.txt"

    package static func pagePath(of id: String) -> String { "\(folder)/\(id).html" }

    /// The id of a block's callout on its source page. Heading ids never hold a `.`
    /// (GitHub's slugs drop it), so the two cannot collide.
    package static func anchor(of id: String) -> String { "block.\(id)" }

    /// Whether the site has no pattern (and so no catalog page).
    package var isEmpty: Bool { patterns.isEmpty }

    /// Whether the site writes `guidance.json` and `llms.txt`: it has a pattern, or an API
    /// to summarize.
    package var hasExports: Bool { !isEmpty || !api.isEmpty }

    private static func redirects(entries: [GuidanceEntry], patterns: [GuidanceEntry]) -> [Redirect] {
        let formers = GuidanceID.formerIDs(
            current: entries.map(\.id), formers: patterns.compactMap { entry in entry.formerID.map { ($0, entry.id) } })
        return patterns.compactMap { entry in
            guard let former = entry.formerID, formers[former] == entry.id else { return nil }
            return Redirect(from: former, to: entry)
        }
    }

    package func entry(id: String) -> GuidanceEntry? {
        positions[id].map { entries[$0] }
    }
}
