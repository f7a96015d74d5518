/// A diagram a generated page shows: the DOT Strata wrote for it, what the page says
/// about it, and, once the build has laid it out, its SVG.
package struct Diagram: Hashable, Sendable {
    /// Unique in the site (`overview`, `layer-core`, `module-StrataCore`); the prefix of
    /// every id in its SVG, so several diagrams can share a page.
    package var id: String
    /// The page that shows it: node links are relative to it.
    package var pagePath: String
    /// What it shows, for screen readers and the figure caption.
    package var title: String
    package var dot: String
    /// Said under the diagram: what was simplified or left out, and why.
    package var notes: [String]
    /// The numbered markers on its violating arrows, which the legend under it explains.
    package var markers: [Marker]

    /// A violating arrow's number on the drawing, and what it stands for.
    package struct Marker: Hashable, Sendable {
        package var number: Int
        package var rules: [String]
        package var from: String
        package var to: String
        /// How many dependencies the arrow stands for (more than one on an aggregate arrow).
        package var count: Int
        /// The evidence: the violations page, at the first rule.
        package var href: String

        package init(number: Int, rules: [String], from: String, to: String, count: Int = 1, href: String) {
            self.number = number
            self.rules = rules
            self.from = from
            self.to = to
            self.count = count
            self.href = href
        }
    }

    package init(id: String, pagePath: String, title: String, dot: String, notes: [String] = [], markers: [Marker] = [])
    {
        self.id = id
        self.pagePath = pagePath
        self.title = title
        self.dot = dot
        self.notes = notes
        self.markers = markers
    }
}

/// A diagram after layout: its SVG, or why Graphviz could not draw it.
package enum DiagramDrawing: Hashable, Sendable {
    case svg(String)
    case failed(String)
}
