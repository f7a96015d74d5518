import StrataCore
import Testing
@testable import StrataAnalysis

/// A written diagram against the real graph: UI → Service → Infrastructure, in three layers.
@Suite struct DiagramDriftCheckerTests {
    static let graph: ModuleGraph = {
        let modules = ["FeedUI", "FeedService", "Networking", "Persistence"]
        let nodes = modules.map { ModuleNode(id: $0, kind: .regular, package: "App", location: SourceLocation(path: "Package.swift", line: 1)) }
        func edge(_ from: String, _ to: String, line: Int) -> ModuleEdge {
            ModuleEdge(
                from: from, to: to, relation: .declaredAndImported,
                declarations: [TargetDependencyDeclaration(kind: .byName, name: to, location: SourceLocation(path: "Package.swift", line: line, column: 5))],
                imports: [SwiftImport(module: to, location: SourceLocation(path: "Sources/\(from)/F.swift", line: 1))]
            )
        }
        return ModuleGraph(nodes: nodes, edges: [edge("FeedUI", "FeedService", line: 10), edge("FeedService", "Networking", line: 11), edge("FeedService", "Persistence", line: 12)], packages: [])
    }()

    let checker = DiagramDriftChecker(
        graph: Self.graph, layerOfModule: ["FeedUI": "UI", "FeedService": "Service", "Networking": "Infrastructure", "Persistence": "Infrastructure"],
        layers: ["Infrastructure", "Service", "UI"]
    )

    func drawn(_ edges: [(String, String)], extra: [String] = [], labels: [String: String] = [:]) -> DrawnGraph {
        var ids: [String] = []
        for (from, to) in edges { for id in [from, to] where !ids.contains(id) { ids.append(id) } }
        for id in extra where !ids.contains(id) { ids.append(id) }
        return DrawnGraph(
            nodes: ids.enumerated().map { DrawnGraph.Node(id: $1, label: labels[$1] ?? $1, line: $0) },
            edges: edges.enumerated().map { DrawnGraph.Edge(from: $1.0, to: $1.1, line: $0) }
        )
    }

    @Test func aTrueDiagramHasNoFindings() {
        let drift = checker.check(drawn([("FeedUI", "FeedService"), ("FeedService", "Networking"), ("FeedService", "Persistence")]))
        #expect(drift.isChecked)
        #expect(drift.findings.isEmpty)
    }

    @Test func anArrowTheCodeLacksAMissingOneAndAnUnknownBox() {
        let drift = checker.check(drawn([("FeedUI", "Networking"), ("FeedService", "Networking"), ("FeedService", "PhotoStore")]))
        #expect(drift.findings == [
            .unknown(label: "PhotoStore", line: 3, suggestion: nil),
            .absent(from: "FeedUI", to: "Networking", line: 0, isReversed: false),
            .missing(from: "FeedUI", to: "FeedService", evidence: SourceLocation(path: "Package.swift", line: 10, column: 5)),
        ])
        let messages = drift.diagnostics(at: SourceLocation(path: "p.md", line: 5, column: 1)).map(\.description)
        #expect(messages.contains("p.md:6:1: warning: the diagram draws FeedUI → Networking, and the code has no such dependency [diagram.drift]"))
        #expect(messages.contains("p.md:5:1: warning: the diagram leaves out FeedUI → FeedService, which the code has (Package.swift:10) [diagram.drift]"))
    }

    @Test func aReversedArrowIsNamedAsSuch() {
        let drift = checker.check(drawn([("FeedService", "FeedUI")]))
        #expect(drift.findings == [.absent(from: "FeedService", to: "FeedUI", line: 0, isReversed: true)])
    }

    @Test func boxesNameModulesByLabelOrIdAndLayersToo() {
        let drift = checker.check(drawn([("a", "b"), ("UI", "Service"), ("Service", "Infrastructure")], labels: ["a": "FeedUI", "b": "FeedService"]))
        #expect(drift.names["a"] == .module("FeedUI"))
        #expect(drift.names["UI"] == .layer("UI"))
        #expect(drift.findings.isEmpty, "\(drift.findings)")
        let skipped = checker.check(drawn([("UI", "Infrastructure")], extra: ["Service"]))
        #expect(skipped.findings == [
            .absent(from: "UI", to: "Infrastructure", line: 0, isReversed: false),
            .missing(from: "Service", to: "Infrastructure", evidence: SourceLocation(path: "Package.swift", line: 11, column: 5)),
            .missing(from: "UI", to: "Service", evidence: SourceLocation(path: "Package.swift", line: 10, column: 5)),
        ])
    }

    @Test func aDiagramNamingNothingRealIsNotChecked() {
        let drift = checker.check(drawn([("User", "Button")]))
        #expect(!drift.isChecked)
        #expect(drift.findings.isEmpty)
    }

    @Test func aLineWithoutArrowHoldsEitherWay() {
        var graph = drawn([("FeedService", "FeedUI")])
        graph.edges[0].hasArrow = false
        #expect(checker.check(graph).findings.isEmpty)
    }

    @Test func layersOfFilesAreRealNamesWhoseArrowsAreNotChecked() {
        let checker = DiagramDriftChecker(
            graph: Self.graph, layerOfModule: ["FeedUI": "UI"], layers: ["UI"], innerLayers: ["Build-Readers", "Build-Foundations"]
        )
        let drift = checker.check(drawn([("Build-Readers", "Build-Foundations"), ("FeedUI", "Build-Readers")]))
        #expect(drift.names["Build-Readers"] == .layer("Build-Readers"))
        #expect(drift.findings.isEmpty, "\(drift.findings)")
    }
}
