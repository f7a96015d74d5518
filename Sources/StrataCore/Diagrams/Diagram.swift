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
    /// The numbered markers on its violating arrows, which the legend under it explains.
    public var markers: [Marker]

    /// A violating arrow's number on the drawing, and what it stands for.
    public struct Marker: Hashable, Sendable {
        public var number: Int
        public var rules: [String]
        public var from: String
        public var to: String
        /// How many dependencies the arrow stands for (more than one on an aggregate arrow).
        public var count: Int
        /// The evidence: the violations page, at the first rule.
        public var href: String

        public init(number: Int, rules: [String], from: String, to: String, count: Int = 1, href: String) {
            self.number = number
            self.rules = rules
            self.from = from
            self.to = to
            self.count = count
            self.href = href
        }
    }

    public init(id: String, pagePath: String, title: String, dot: String, notes: [String] = [], markers: [Marker] = []) {
        self.id = id
        self.pagePath = pagePath
        self.title = title
        self.dot = dot
        self.notes = notes
        self.markers = markers
    }
}

/// A diagram after layout: its SVG, or why Graphviz could not draw it.
public enum DiagramDrawing: Hashable, Sendable {
    case svg(String)
    case failed(String)
}
