extension ReadingLimits {
    /// The diagram readers' limits, in the order the limits page lists them.
    public static var diagramLimits: [ReadingLimit] { [diagramLayout] }

    /// Boxes plus arrows of a diagram written in a page that Graphviz lays out in full. The
    /// Graphviz Strata links (2.42) minimises crossings and places boxes in time that grows
    /// far faster than the graph: 200 boxes and 700 arrows took 75 s. Past this, the diagram
    /// is drawn simplified (boxes in a few rows, arrows that do not shape the layout, least
    /// layout effort), which takes well under a second at the largest diagram drawn.
    public static let diagramLayout = ReadingLimit("diagram", .tooSlow, maximum: 250, counts: "boxes and arrows laid out in full")
}
