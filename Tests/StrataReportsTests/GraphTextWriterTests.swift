import StrataCore
import Testing

@testable import StrataReports

/// The text format's summary line reads as English at every count.
@Suite struct GraphTextWriterTests {
    @Test func theSummaryCountsInTheSingularAndThePlural() {
        let one = ModuleGraph(
            nodes: [ModuleNode(id: "App", kind: .regular), ModuleNode(id: "Foundation", kind: .sdk)],
            edges: [ModuleEdge(from: "App", to: "Foundation", relation: .sdk)], packages: [])
        #expect(GraphTextWriter().write(one).contains("1 target, 1 edge (0 declared)"))
        let two = ModuleGraph(
            nodes: [ModuleNode(id: "App", kind: .regular), ModuleNode(id: "Core", kind: .regular)],
            edges: [
                ModuleEdge(from: "App", to: "Core", relation: .declaredAndImported),
                ModuleEdge(from: "Core", to: "App", relation: .undeclared)
            ], packages: [])
        #expect(GraphTextWriter().write(two).contains("2 targets, 2 edges (0 declared)"))
    }
}
