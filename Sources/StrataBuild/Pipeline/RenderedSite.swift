import StrataCore

/// What the render stage gives: the site's files in memory, before writing, with every
/// diagnostic found on the way.
public struct RenderedSite: Sendable {
    public var config: StrataConfig
    public var files: [OutputFile]
    public var pageCount: Int
    public var diagnostics: [Diagnostic]
    public var diagrams = DiagramStatistics()
    /// What the module graph was read from, in one line; nil for a documentation-only site.
    public var readSummary: String?
    /// The search index, when the render stage was asked to make it apart from the pages;
    /// otherwise it is one of `files`.
    public var searchIndex: (@Sendable () -> OutputFile)?
    /// The architecture check the site shows, for a site with a module graph.
    public var checkReport: CheckReport?

    /// Where the module graph goes in the site.
    public static let graphFile = "graph.json"
}
