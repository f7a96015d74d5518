/// Every guidance block of the site, in a fixed order (Content pages by path, each in page
/// order, then code by module, file and line), with where its pages go.
public struct GuidanceCatalog: Hashable, Sendable {
    public var entries: [GuidanceEntry]

    public init(entries: [GuidanceEntry] = []) {
        self.entries = entries
    }

    /// The folder of block pages and of the catalog page.
    public static let folder = "guidance"
    public static let indexPath = "\(folder)/index.html"
    public static let jsonPath = "guidance.json"
    public static let llmsPath = "llms.txt"

    public static func pagePath(of id: String) -> String { "\(folder)/\(id).html" }

    /// The id of a block's callout on its source page. Heading ids never hold a `.`
    /// (GitHub's slugs drop it), so the two cannot collide.
    public static func anchor(of id: String) -> String { "block.\(id)" }

    public var isEmpty: Bool { entries.isEmpty }

    public func entry(id: String) -> GuidanceEntry? {
        index[id].map { entries[$0] }
    }

    /// Every path the catalog adds to the site.
    public var generatedPaths: [String] {
        entries.isEmpty ? [] : entries.map(\.pagePath) + [Self.indexPath]
    }

    private var index: [String: Int] {
        Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
