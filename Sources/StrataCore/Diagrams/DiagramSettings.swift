/// The `diagrams:` section: what the architecture diagrams show, and how large a graph may
/// be before the overview is drawn layer by layer instead of module by module.
package struct DiagramSettings: Hashable, Sendable {
    /// Draw external products (one box per external package) in the overview.
    package var showExternal: Bool
    /// Draw test targets in the overview and in module neighbourhoods.
    package var showTests: Bool
    /// Leave out of the overview every edge implied by a longer path (violations are kept).
    package var transitiveReduction: Bool
    /// Above this many modules, the overview is drawn with one box per layer.
    package var maxNodes: Int
    /// Above this many edges, the overview is drawn with one box per layer.
    package var maxEdges: Int

    package init(
        showExternal: Bool = false, showTests: Bool = false, transitiveReduction: Bool = false, maxNodes: Int = 250,
        maxEdges: Int = 600
    ) {
        self.showExternal = showExternal
        self.showTests = showTests
        self.transitiveReduction = transitiveReduction
        self.maxNodes = maxNodes
        self.maxEdges = maxEdges
    }
}
