import StrataCore
import Testing

@testable import StrataSite

/// The matrix, the map's data file and the order they share, made from values alone.
@Suite struct ModuleMatrixTests {
    static let manifest = SourceLocation(path: "Package.swift", line: 3, column: 5)

    static func edge(_ from: String, _ to: String, imports: Int = 1) -> ModuleEdge {
        ModuleEdge(
            from: from, to: to, relation: imports > 0 ? .declaredAndImported : .declaredOnly,
            declarations: [TargetDependencyDeclaration(kind: .byName, name: to, location: manifest)],
            imports: (0..<imports).map {
                SwiftImport(
                    module: to, location: SourceLocation(path: "Sources/\(from)/F\($0).swift", line: 2, column: 1))
            }
        )
    }

    /// Core ← Data ← UI; Core → UI goes up the layers (a rule breaks, and a cycle);
    /// Data → Cache inside Data's layer.
    static func model() -> (ArchitectureModel, ArchitectureSiteMap) {
        let names = ["Core", "Data", "Cache", "UI"]
        let graph = ModuleGraph(
            nodes: names.map { ModuleNode(id: $0, kind: .regular, package: "App") },
            edges: [
                edge("Data", "Core", imports: 3), edge("UI", "Data"), edge("Core", "UI"),
                edge("Data", "Cache", imports: 0), edge("Cache", "Core", imports: 20)
            ],
            packages: [PackageSummary(name: "App", manifestPath: "Package.swift", isRoot: true)]
        )
        let layers = [
            LayerDeclaration(name: "Core", modules: [ModulePattern("Core")]),
            LayerDeclaration(name: "Data", modules: [ModulePattern("Data"), ModulePattern("Cache")]),
            LayerDeclaration(name: "UI", modules: [ModulePattern("UI")])
        ]
        var assignments: [String: LayerAssignment] = [:]
        for layer in layers {
            for pattern in layer.modules {
                assignments[pattern.pattern] = LayerAssignment(
                    module: pattern.pattern, layer: layer.name,
                    source: .configuration(pattern: pattern.pattern, location: nil))
            }
        }
        let violation = Violation(
            rule: .layerOrder, severity: .error, message: "Core may not use UI", modules: ["Core", "UI"],
            evidence: [Evidence(kind: .declaration, location: manifest, summary: "declared")], key: "Core -> UI"
        )
        let report = CheckReport(
            violations: [violation], rules: [RuleDescriptor(kind: .layerOrder, severity: .error)], moduleCount: 4)
        let model = ArchitectureModel(
            graph: graph, layers: layers, assignments: assignments, report: report, settings: DiagramSettings())
        return (model, ArchitectureSiteMap(layers: layers))
    }

    @Test func rowsGoTopDownAndCellsLeftOfTheDiagonalGoAgainstTheOrder() throws {
        let (model, _) = Self.model()
        let matrix = ModuleMatrix(model: model)
        // Core → UI closes a cycle through every module, so the layers order the rows and
        // inside the Data layer the cycle's modules stand by name.
        #expect(matrix.modules == ["UI", "Cache", "Data", "Core"])
        #expect(matrix.groups == [2, 1, 1, 0], "UI's layer, Data's twice, Core's")
        let cells = Dictionary(uniqueKeysWithValues: matrix.cells.map { ("\($0.edge.from)>\($0.edge.to)", $0) })
        let upward = try #require(cells["Core>UI"])
        #expect(upward.isAgainstOrder && upward.isCycle && upward.rules == ["layer-order"])
        let down = try #require(cells["Data>Core"])
        #expect(
            !down.isAgainstOrder && down.isCycle && down.rules.isEmpty, "Data is on the cycle UI → Data → Core → UI")
        #expect(cells["Data>Cache"].map { $0.isAgainstOrder && $0.isCycle } == true)
        #expect(matrix.cells.map(\.row) == matrix.cells.map(\.row).sorted(), "by row")
    }

    @Test func theDataFileListsModulesEdgesAndSomeOfTheEvidence() throws {
        let (model, siteMap) = Self.model()
        let file = ArchitectureData(model: model, siteMap: siteMap, matrix: ModuleMatrix(model: model)).file()
        #expect(file.path == "modules/architecture.js")
        let text = String(decoding: file.contents, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "window.strataArchitecture = "
                    + "{\"groups\":[[\"Core\",\"tone-0\",true],[\"Data\",\"tone-1\",true],[\"UI\",\"tone-2\",true]]"
            ))
        #expect(text.contains(#"["UI",2,"UI.html"]"#))
        // Cache → Core has 20 imports: 12 are listed, all 21 lines (with the declaration) counted.
        let cache = try #require(text.split(separator: "\n").first { $0.hasPrefix("[1,3,20,") })
        #expect(cache.hasSuffix("],21],") || cache.hasSuffix("],21]]};"), "\(cache)")
        #expect(
            cache.components(separatedBy: "Sources/Cache/").count - 1 == 11, "the declaration, then 11 of the imports")
        #expect(
            text.contains(#"[3,0,1,"declared-and-imported",["layer-order"],1,"#),
            "Core → UI: row 3, column 0, a rule and a cycle")
        #expect(text.hasSuffix("]};\n"))
    }
}
