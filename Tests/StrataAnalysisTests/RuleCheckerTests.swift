import StrataCore
import Testing

@testable import StrataAnalysis

private typealias Location = StrataCore.SourceLocation

/// A small graph builder: `edge("A", "B", declared: true, imports: 2)` makes an edge with a
/// manifest line and two import lines.
private struct GraphSketch {
    var nodes: [ModuleNode] = []
    var edges: [ModuleEdge] = []

    mutating func module(_ id: String, _ kind: ModuleNode.Kind = .regular, line: Int = 1) {
        nodes.append(
            ModuleNode(id: id, kind: kind, package: "App", location: Location(path: "Package.swift", line: line)))
    }

    mutating func edge(
        _ from: String, _ to: String, declared: Bool = true, imports: Int = 1, testable: Bool = false,
        relation: ModuleEdge.Relation? = nil
    ) {
        let declarations =
            declared
            ? [
                TargetDependencyDeclaration(
                    kind: .byName, name: to,
                    location: Location(path: "Package.swift", line: 20 + edges.count, column: 5))
            ] : []
        let importList = (0..<imports).map { index in
            SwiftImport(
                module: to, attributes: testable ? ["@testable"] : [],
                location: Location(path: "Sources/\(from)/F\(index).swift", line: 1))
        }
        let kind = relation ?? (declared ? (imports > 0 ? .declaredAndImported : .declaredOnly) : .undeclared)
        edges.append(ModuleEdge(from: from, to: to, relation: kind, declarations: declarations, imports: importList))
    }

    var graph: ModuleGraph { ModuleGraph(nodes: nodes, edges: edges, packages: []) }
}

private func layer(_ name: String, _ patterns: [String], mayUse: [String]? = nil) -> LayerDeclaration {
    LayerDeclaration(name: name, modules: patterns.map { ModulePattern($0) }, mayUse: mayUse)
}

private func check(_ sketch: GraphSketch, layers: [LayerDeclaration] = [], settings: RuleSettings = RuleSettings())
    -> RuleChecker.Result
{
    let resolution = LayerResolver(layers: layers).resolve(sketch.graph)
    return RuleChecker(graph: sketch.graph, layers: layers, assignments: resolution.assignments, settings: settings)
        .check()
}

@Suite struct RuleCheckerTests {
    let layers = [
        layer("Core", ["Models"]), layer("UI", ["*UI"], mayUse: ["Core"]), layer("Data", ["Store"], mayUse: ["Core"]),
        layer("App", ["App"])
    ]

    fileprivate func app() -> GraphSketch {
        var sketch = GraphSketch()
        for name in ["Models", "FeedUI", "Store", "App"] { sketch.module(name) }
        sketch.edge("FeedUI", "Models")
        sketch.edge("Store", "Models")
        sketch.edge("App", "FeedUI")
        sketch.edge("App", "Store")
        return sketch
    }

    @Test func aCleanGraphHasNoViolations() {
        let result = check(app(), layers: layers)
        #expect(result.violations.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func layerOrderJudgesEveryKindOfEdgeWithAllItsEvidence() {
        var sketch = app()
        sketch.edge("FeedUI", "Store", declared: true, imports: 2)  // up, and not in UI's may_use
        sketch.edge("Models", "App", declared: false, imports: 1)  // upward, imported only
        sketch.edge("Store", "FeedUI", declared: true, imports: 0)  // declared only
        let violations = check(sketch, layers: layers).violations.filter { $0.rule == .layerOrder }
        #expect(violations.map(\.key) == ["FeedUI -> Store", "Store -> FeedUI", "Models -> App"])
        let sideways = violations[0]
        #expect(sideways.evidence.map(\.kind) == [.declaration, .import, .import])
        #expect(sideways.message == "'FeedUI' (UI) depends on 'Store' (Data), a layer above it; UI may use only Core")
        #expect(
            violations[2].message
                == "'Models' (Core) depends on 'App' (App), a layer above it; Core may use no other layer")
        #expect(
            violations[2].location == Location(path: "Sources/Models/F0.swift", line: 1),
            "an import-only edge is reported at its import")
    }

    @Test func severitiesCanBeLoweredOrTurnedOff() {
        var sketch = app()
        sketch.edge("FeedUI", "Store")
        var settings = RuleSettings()
        settings.severities[.layerOrder] = .warning
        #expect(check(sketch, layers: layers, settings: settings).violations.map(\.severity) == [.warning])
        settings.severities[.layerOrder] = .off
        #expect(check(sketch, layers: layers, settings: settings).violations.isEmpty)
    }

    @Test func testTargetsMayUseWhatTheyTestAndTestSupport() {
        var sketch = app()
        sketch.module("FeedUITests", .test)
        sketch.module("AppTestSupport")
        sketch.edge("FeedUITests", "FeedUI")
        sketch.edge("FeedUITests", "AppTestSupport")
        sketch.edge("FeedUITests", "Store")  // not what it tests
        sketch.edge("AppTestSupport", "Models")
        sketch.edge("Store", "AppTestSupport")  // production code using test support
        var settings = RuleSettings()
        settings.tests.support = [ModulePattern("*TestSupport")]
        let exempt = check(sketch, layers: layers, settings: settings).violations
        #expect(
            exempt.map(\.rule) == [.testSupport],
            "test targets are exempt from layer order by default; test support needs no layer")
        #expect(exempt.first?.key == "Store -> AppTestSupport")

        settings.tests.followLayers = true
        let following = check(sketch, layers: layers, settings: settings).violations
        #expect(following.map(\.key).sorted() == ["FeedUITests -> Store", "Store -> AppTestSupport"])
        #expect(
            following.first { $0.rule == .layerOrder }?.message
                == "'FeedUITests' (UI) depends on 'Store' (Data), a layer above it; UI may use only Core")
    }

    @Test func aTestWithoutANamingMatchTestsWhatItImportsTestable() {
        var sketch = app()
        sketch.module("Integration", .test)
        sketch.edge("Integration", "Store", testable: true)
        sketch.edge("Integration", "FeedUI")
        var settings = RuleSettings()
        settings.tests.followLayers = true
        let violations = check(sketch, layers: layers, settings: settings).violations
        #expect(violations.map(\.key) == ["Integration -> FeedUI"], "it is judged as if in Store's layer, Data")
    }

    /// Of several @testable imports, the first written decides, not the first by name.
    @Test func aTestWithSeveralTestableImportsTestsTheFirstItWrites() {
        var sketch = app()
        sketch.module("Integration", .test)
        sketch.edge("Integration", "FeedUI", testable: true)
        sketch.edge("Integration", "Store", testable: true)
        // One file: `@testable import Store` on line 1, `@testable import FeedUI` on line 2.
        let file = "Sources/Integration/Flow.swift"
        sketch.edges[sketch.edges.count - 2].imports[0].location = Location(path: file, line: 2)
        sketch.edges[sketch.edges.count - 1].imports[0].location = Location(path: file, line: 1)
        var settings = RuleSettings()
        settings.tests.followLayers = true
        let violations = check(sketch, layers: layers, settings: settings).violations
        #expect(violations.map(\.key) == ["Integration -> FeedUI"], "judged in Store's layer, Data")
    }

    @Test func forbidMatchesLayersAndGlobsAndCarriesItsReason() {
        var sketch = app()
        sketch.module("Analytics", .product)
        sketch.edge("FeedUI", "Analytics")
        var settings = RuleSettings()
        settings.forbid = [
            ForbidRule(
                from: [ModuleSelector(.layer("UI"))], to: [ModuleSelector(.modules(ModulePattern("Analyt*")))],
                rationale: RuleRationale(name: "UI → Analyt*", because: "views stay pure"), severity: .warning
            )
        ]
        let violations = check(sketch, layers: layers, settings: settings).violations
        #expect(violations.count == 1)
        #expect(violations.first?.ruleID == "forbid/UI-Analyt*")
        #expect(violations.first?.severity == .warning)
        #expect(
            violations.first?.message
                == "'FeedUI' depends on 'Analytics', which is forbidden (UI → Analyt*): views stay pure")
    }

    @Test func independentGroupsAndProtectedModules() {
        var sketch = GraphSketch()
        for name in ["FeatureA", "FeatureB", "Database", "DatabaseMigrations", "Repository", "App"] {
            sketch.module(name)
        }
        sketch.module("FeatureATests", .test)
        sketch.edge("FeatureA", "FeatureB")
        sketch.edge("FeatureATests", "FeatureB")  // tests are exempt
        sketch.edge("DatabaseMigrations", "Database")  // protected modules may use each other
        sketch.edge("Repository", "Database")
        sketch.edge("App", "Database")
        var settings = RuleSettings()
        settings.independent = [
            IndependentGroup(modules: [ModulePattern("Feature*")], rationale: RuleRationale(name: "Feature*"))
        ]
        settings.onlyUsedBy = [
            OnlyUsedByRule(
                modules: [ModulePattern("Database*")], users: [ModuleSelector(.modules(ModulePattern("Repository")))],
                rationale: RuleRationale(name: "Database*"))
        ]
        let violations = check(sketch, settings: settings).violations
        #expect(
            violations.map { "\($0.rule.rawValue): \($0.key)" } == [
                "independent: FeatureA -> FeatureB", "only-used-by: App -> Database"
            ])
        #expect(violations.last?.message == "'App' uses 'Database', which only Repository may use")
    }

    @Test func cyclesAreReportedOnceEachWithTheirFullPath() {
        var sketch = GraphSketch()
        for name in ["A", "B", "C", "D"] { sketch.module(name) }
        sketch.edge("A", "B")
        sketch.edge("B", "C")
        sketch.edge("C", "A", declared: false)
        sketch.edge("C", "B")
        sketch.edge("C", "D")
        let cycles = check(sketch).violations.filter { $0.rule == .cycle }
        #expect(cycles.map(\.message) == ["dependency cycle: A → B → C → A", "dependency cycle: B → C → B"])
        #expect(cycles[0].modules == ["A", "B", "C"])
        #expect(cycles[0].evidence.count == 5, "the manifest line and import of every edge on the path")
    }

    @Test func cycleListingStopsAtALimitAndSaysSo() {
        var successors: [String: [String]] = [:]
        let names = (0..<8).map { "M\($0)" }
        for name in names { successors[name] = names.filter { $0 != name } }
        let found = CycleFinder(successors: successors, limitPerComponent: 50).find()
        #expect(found.cycles.count == 50)
        #expect(found.truncated == [names])
    }

    /// A hub with as many spokes as the limit has exactly that many cycles: all listed, none cut.
    @Test func exactlyTheLimitOfCyclesIsListedWhole() {
        var successors: [String: [String]] = ["Hub": []]
        for spoke in (0..<5).map({ "S\($0)" }) {
            successors["Hub", default: []].append(spoke)
            successors[spoke] = ["Hub"]
        }
        let exact = CycleFinder(successors: successors, limitPerComponent: 5).find()
        #expect(exact.cycles.count == 5)
        #expect(exact.truncated.isEmpty)
        let over = CycleFinder(successors: successors, limitPerComponent: 4).find()
        #expect(over.cycles.count == 4)
        #expect(over.truncated.count == 1)
    }

    @Test func tarjanHandlesLongChainsWithoutRecursion() {
        var successors: [String: [String]] = [:]
        for index in 0..<20_000 { successors["N\(index)"] = ["N\(index + 1)"] }
        successors["N20000"] = ["N0"]
        let found = CycleFinder(successors: successors).find()
        #expect(found.cycles.count == 1)
        #expect(found.cycles.first?.count == 20_001)
    }

    @Test func undeclaredAndUnusedDependencies() {
        var sketch = GraphSketch()
        for name in ["A", "B", "C"] { sketch.module(name) }
        sketch.module("Tool", .executable)
        sketch.module("Macros", .macro)
        sketch.module("Yams", .product)
        sketch.module("Crypto", .product)
        sketch.edge("A", "B", declared: false, relation: .undeclared)
        sketch.edge("A", "C", declared: false, relation: .transitive)
        sketch.edge("B", "C", imports: 0)
        sketch.edge("B", "Tool", imports: 0)
        sketch.edge("B", "Macros", imports: 0)
        sketch.edge("B", "Yams", imports: 0)
        sketch.edge("C", "Crypto", imports: 0)
        sketch.module("_CryptoExtras", .unknown)
        sketch.edge("C", "_CryptoExtras", declared: false, relation: .viaProduct)
        let violations = check(sketch).violations
        #expect(
            violations.map { "\($0.rule.rawValue): \($0.key)" } == [
                "unused-dependency: B -> C", "unused-dependency: B -> Yams", "undeclared-import: A -> B",
                "undeclared-import: A -> C"
            ], "executables, macros, and products that may provide an unplaced import are not unused")
        #expect(violations.allSatisfy { $0.severity == .warning })
    }

    @Test func unassignedModulesOnlyWhenLayersAreDeclared() {
        var sketch = app()
        sketch.module("Legacy", line: 9)
        sketch.module("LegacyTests", .test)
        #expect(check(sketch).violations.isEmpty)
        let violations = check(sketch, layers: layers).violations
        #expect(violations.map(\.key) == ["Legacy"])
        #expect(
            violations.first?.evidence == [
                Evidence(
                    kind: .target, location: Location(path: "Package.swift", line: 9),
                    summary: ".target(name: \"Legacy\")")
            ])
    }

    @Test func aRuleGlobThatMatchesNothingIsAnError() {
        var settings = RuleSettings()
        settings.forbid = [
            ForbidRule(
                from: [
                    ModuleSelector(.modules(ModulePattern("FeedUi", location: Location(path: "strata.yml", line: 4))))
                ], to: [ModuleSelector(.layer("Data"))])
        ]
        let result = check(app(), layers: layers, settings: settings)
        #expect(
            result.diagnostics == [
                .error(
                    "rule.unmatched-pattern",
                    "'FeedUi' in forbid: matches no module of the graph; did you mean 'FeedUI'?",
                    at: Location(path: "strata.yml", line: 4))
            ])
    }

    @Test func theBaselineHidesByRuleAndKeyAndFindsStaleEntries() {
        var sketch = app()
        sketch.edge("FeedUI", "Store")
        let violations = check(sketch, layers: layers).violations
        let result = BaselineFilter.apply(
            [
                BaselineEntry(rule: "layer-order", key: "FeedUI -> Store"),
                BaselineEntry(rule: "cycle", key: "A → B → A")
            ], to: violations)
        #expect(result.violations.isEmpty)
        #expect(result.baselinedCount == 1)
        #expect(result.stale == [BaselineEntry(rule: "cycle", key: "A → B → A")])
    }

    @Test func evidenceSaysWhatIsWrittenIncludingConditions() {
        let edge = ModuleEdge(
            from: "A", to: "B", relation: .declaredAndImported,
            declarations: [
                TargetDependencyDeclaration(
                    kind: .product, name: "B", package: "kit", location: Location(path: "Package.swift", line: 4))
            ],
            imports: [
                SwiftImport(
                    module: "B", attributes: ["@testable"], accessLevel: "internal", conditions: ["canImport(B)"],
                    location: Location(path: "A.swift", line: 2))
            ]
        )
        #expect(
            edge.evidence.map(\.summary) == [
                ".product(name: \"B\", package: \"kit\")", "@testable internal import B (#if canImport(B))"
            ])
    }
}
