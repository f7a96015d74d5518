import StrataCore

/// What the render stage gives: the site's files in memory, before writing, with every
/// diagnostic found on the way.
package struct RenderedSite: Sendable {
    package var config: StrataConfig
    package var files: [OutputFile]
    package var pageCount: Int
    package var diagnostics: [Diagnostic]
    package var diagrams = DiagramStatistics()
    /// What the module graph was read from, in one line; nil for a documentation-only site.
    package var readSummary: String?
    /// What the history page read, in one line (`ArchitectureHistory.summary`).
    package var historySummary: String?
    /// The search index, when the render stage was asked to make it apart from the pages;
    /// otherwise it is one of `files`.
    package var searchIndex: (@Sendable () -> OutputFile)?
    /// The architecture check the site shows, for a site with a module graph.
    package var checkReport: CheckReport?

    /// Where the module graph goes in the site.
    package static let graphFile = "graph.json"
}
