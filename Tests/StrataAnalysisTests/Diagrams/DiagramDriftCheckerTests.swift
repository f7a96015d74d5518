import StrataCore
import Testing

@testable import StrataAnalysis

/// A written diagram against the real graph: UI → Service → Infrastructure, in three layers.
@Suite struct DiagramDriftCheckerTests {
    static let graph: ModuleGraph = {
        let modules = ["FeedUI", "FeedService", "Networking", "Persistence"]
        let nodes = modules.map {
            ModuleNode(id: $0, kind: .regular, package: "App", location: SourceLocation(path: "Package.swift", line: 1))
        }
        func edge(_ from: String, _ to: String, line: Int) -> ModuleEdge {
            ModuleEdge(
                from: from, to: to, relation: .declaredAndImported,
                declarations: [
                    TargetDependencyDeclaration(
                        kind: .byName, name: to, location: SourceLocation(path: "Package.swift", line: line, column: 5))
                ],
                imports: [SwiftImport(module: to, location: SourceLocation(path: "Sources/\(from)/F.swift", line: 1))]
            )
        }
        return ModuleGraph(
            nodes: nodes,
            edges: [
                edge("FeedUI", "FeedService", line: 10), edge("FeedService", "Networking", line: 11),
                edge("FeedService", "Persistence", line: 12)
            ], packages: [])
    }()

    let checker = DiagramDriftChecker(
        graph: Self.graph,
        layerOfModule: [
            "FeedUI": "UI", "FeedService": "Service", "Networking": "Infrastructure", "Persistence": "Infrastructure"
        ],
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

    @Test func boxesNamedAsPeopleWriteThemAreTheModulesTheyMean() {
        let drift = checker.check(
            drawn(
                [("feed-ui", "feed_service"), ("feed_service", "Net"), ("Persistence", "feed_service")],
                labels: ["feed-ui": "Feed UI"]))
        #expect(drift.isChecked)
        #expect(drift.names["feed-ui"] == .module("FeedUI"), "case and separators")
        #expect(drift.names["feed_service"] == .module("FeedService"))
        #expect(drift.names["Net"] == .module("Networking") || drift.names["Net"] == .unknown)
        // The only finding says what the boxes were taken as.
        let absent = drift.diagnostics(at: SourceLocation(path: "p.md", line: 1)).map(\.message).filter {
            $0.contains("Persistence")
        }
        #expect(
            absent == [
                "the diagram draws Persistence → FeedService ('feed_service' in the diagram), and the code has no "
                    + "such dependency (FeedService depends on Persistence: is the arrow reversed?)"
            ])
    }

    @Test func aBoxTwoNamesCouldMeanIsNeither() {
        let matcher = DiagramNameMatcher([
            "PresentationLayer_Features_AllBreeds", "PresentationLayer_Features_Favorites", "FeedUI", "FeedService",
            "URLSessionKit"
        ])
        #expect(
            matcher.match("Features_AllBreeds")?.name == "PresentationLayer_Features_AllBreeds",
            "a folder prefix left out")
        #expect(matcher.match("features-favorites")?.name == "PresentationLayer_Features_Favorites")
        #expect(matcher.match("Feed") == nil, "FeedUI or FeedService")
        #expect(matcher.match("Layer") == nil, "words in the middle of a name are not the name")
        #expect(
            matcher.match("Favorites")?.name == "PresentationLayer_Features_Favorites", "the name's last word, unique")
        #expect(matcher.match("AllBreeds")?.name == "PresentationLayer_Features_AllBreeds")
        #expect(matcher.match("URL Session Kit")?.name == "URLSessionKit")
        #expect(DiagramNameMatcher.words("URLSessionKit2Go") == ["url", "session", "kit2", "go"])
    }

    @Test func callFlowsAndDrawingsOfOtherThingsAreLeftAlone() {
        let calls = checker.check(
            drawn(
                [("FeedUI", "load"), ("load", "request")],
                labels: ["load": "FeedService.load()", "request": "NetworkRouter.request()"]))
        #expect(!calls.isChecked && calls.findings.isEmpty && calls.unchecked == .callFlow)
        let deployment = checker.check(drawn([("Phone", "CDN"), ("CDN", "Gateway"), ("Gateway", "FeedService")]))
        #expect(!deployment.isChecked && deployment.unchecked == .mostlyOther, "one box in four names a module")
        #expect(checker.check(drawn([("Phone", "CDN")])).unchecked == .namesNothing)
        let mostly = checker.check(drawn([("FeedUI", "FeedService"), ("FeedService", "Cache")]))
        #expect(mostly.isChecked, "two of three boxes are modules: the third is a finding")
        #expect(mostly.findings.contains { if case .unknown("Cache", _, _) = $0 { true } else { false } })
    }

    @Test func aTrueDiagramHasNoFindings() {
        let drift = checker.check(
            drawn([("FeedUI", "FeedService"), ("FeedService", "Networking"), ("FeedService", "Persistence")]))
        #expect(drift.isChecked)
        #expect(drift.findings.isEmpty)
    }

    @Test func anArrowTheCodeLacksAMissingOneAndAnUnknownBox() {
        let drift = checker.check(
            drawn([("FeedUI", "Networking"), ("FeedService", "Networking"), ("FeedService", "PhotoStore")]))
        #expect(
            drift.findings == [
                .unknown(label: "PhotoStore", line: 3, suggestion: nil),
                .absent(from: "FeedUI", to: "Networking", line: 0, isReversed: false),
                .missing(
                    from: "FeedUI", to: "FeedService",
                    evidence: SourceLocation(path: "Package.swift", line: 10, column: 5))
            ])
        let messages = drift.diagnostics(at: SourceLocation(path: "p.md", line: 5, column: 1)).map(\.description)
        #expect(
            messages.contains(
                "p.md:6:1: warning: the diagram draws FeedUI → Networking, and the code has no such dependency "
                    + "[diagram.drift]"
            ))
        #expect(
            messages.contains(
                "p.md:5:1: warning: the diagram leaves out FeedUI → FeedService, which the code has "
                    + "(Package.swift:10) [diagram.drift]"
            ))
    }

    @Test func aReversedArrowIsNamedAsSuch() {
        let drift = checker.check(drawn([("FeedService", "FeedUI")]))
        #expect(drift.findings == [.absent(from: "FeedService", to: "FeedUI", line: 0, isReversed: true)])
    }

    @Test func boxesNameModulesByLabelOrIdAndLayersToo() {
        let drift = checker.check(
            drawn(
                [("a", "b"), ("UI", "Service"), ("Service", "Infrastructure")],
                labels: ["a": "FeedUI", "b": "FeedService"]))
        #expect(drift.names["a"] == .module("FeedUI"))
        #expect(drift.names["UI"] == .layer("UI"))
        #expect(drift.findings.isEmpty, "\(drift.findings)")
        let skipped = checker.check(drawn([("UI", "Infrastructure")], extra: ["Service"]))
        #expect(
            skipped.findings == [
                .absent(from: "UI", to: "Infrastructure", line: 0, isReversed: false),
                .missing(
                    from: "Service", to: "Infrastructure",
                    evidence: SourceLocation(path: "Package.swift", line: 11, column: 5)),
                .missing(
                    from: "UI", to: "Service", evidence: SourceLocation(path: "Package.swift", line: 10, column: 5))
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
            graph: Self.graph, layerOfModule: ["FeedUI": "UI"], layers: ["UI"],
            innerLayers: ["Build-Readers", "Build-Foundations"]
        )
        let drift = checker.check(drawn([("Build-Readers", "Build-Foundations"), ("FeedUI", "Build-Readers")]))
        #expect(drift.names["Build-Readers"] == .layer("Build-Readers"))
        #expect(drift.findings.isEmpty, "\(drift.findings)")
    }
}
