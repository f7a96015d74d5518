extension ReadingLimits {
    /// The diagram readers' limits, in the order the limits page lists them.
    package static var diagramLimits: [ReadingLimit] { [diagramLayout, diagramLayoutWork] }

    /// Boxes plus arrows of a diagram written in a page that Graphviz lays out in full. The
    /// Graphviz Strata links (2.42) minimises crossings and places boxes in time that grows
    /// far faster than the graph: 200 boxes and 700 arrows took 75 s. Past this, the diagram
    /// is drawn simplified (boxes in a few rows, arrows that do not shape the layout, least
    /// layout effort), which takes well under a second at the largest diagram drawn.
    package static let diagramLayout = ReadingLimit(
        "diagram", .tooSlow, maximum: 250, counts: "boxes and arrows laid out in full")

    /// Layout work of the diagrams written in one build's pages laid out in full, a diagram
    /// of n boxes, arrows and arrow labels counting n² (Graphviz's time grows at least that
    /// fast): 16 diagrams of 250 bare arrows and boxes, or 400 of 50. Each below the bound
    /// above takes up to about a second, so a hundred of them took over a minute; past
    /// this, the diagrams that follow (pages in the order of their paths) are drawn
    /// simplified.
    package static let diagramLayoutWork = ReadingLimit(
        "diagram", .tooSlow, maximum: 1_000_000,
        counts: "units of layout work in one build (n² for a diagram of n boxes, arrows and arrow labels)")
}
