/// A diagram a generated page shows: the DOT Strata wrote for it, what the page says
/// about it, and, once the build has laid it out, its SVG.
public struct Diagram: Hashable, Sendable {
    /// Unique in the site (`overview`, `layer-core`, `module-StrataCore`); the prefix of
    /// every id in its SVG, so several diagrams can share a page.
    public var id: String
    /// The page that shows it: node links are relative to it.
    public var pagePath: String
    /// What it shows, for screen readers and the figure caption.
    public var title: String
    public var dot: String
    /// Said under the diagram: what was simplified or left out, and why.
    public var notes: [String]

    public init(id: String, pagePath: String, title: String, dot: String, notes: [String] = []) {
        self.id = id
        self.pagePath = pagePath
        self.title = title
        self.dot = dot
        self.notes = notes
    }
}

/// A diagram after layout: its SVG, or why Graphviz could not draw it.
public enum DiagramDrawing: Hashable, Sendable {
    case svg(String)
    case failed(String)
}
