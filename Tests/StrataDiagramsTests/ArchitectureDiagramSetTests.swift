import StrataCore
import StrataDiagrams
import Testing

/// The diagrams of a small layered graph, made from values alone: which diagrams there are,
/// on which pages, and how their nodes and arrows link to the rest of the site. (The DOT
/// of real packages is compared with golden files in StrataBuildTests.)
@Suite struct ArchitectureDiagramSetTests {
    static let manifest = SourceLocation(path: "Package.swift", line: 1, column: 1)

    static func edge(_ from: String, _ to: String) -> ModuleEdge {
        ModuleEdge(
            from: from, to: to, relation: .declaredAndImported,
            declarations: [TargetDependencyDeclaration(kind: .byName, name: to, location: manifest)],
            imports: [
                SwiftImport(
                    module: to, location: SourceLocation(path: "Sources/\(from)/\(from).swift", line: 1, column: 1))
            ]
        )
    }

    /// Core ← Data ← UI, and Core → UI against the order.
    static func model(guides: [String: (title: String, outputPath: String)] = [:]) -> (
        ArchitectureModel, ArchitectureSiteMap
    ) {
        let nodes = ["Core", "Data", "UI"].map { ModuleNode(id: $0, kind: .regular, package: "App") }
        let graph = ModuleGraph(
            nodes: nodes, edges: [edge("Data", "Core"), edge("UI", "Data"), edge("Core", "UI")],
            packages: [PackageSummary(name: "App", manifestPath: "Package.swift", isRoot: true)]
        )
        let layers = ["Core", "Data", "UI"].map {
            LayerDeclaration(name: $0 == "Core" ? "Core" : $0 + " layer", modules: [ModulePattern($0)])
        }
        var assignments: [String: LayerAssignment] = [:]
        for layer in layers {
            let module = layer.modules[0].pattern
            assignments[module] = LayerAssignment(
                module: module, layer: layer.name, source: .configuration(pattern: module, location: nil))
        }
        let violation = Violation(
            rule: .layerOrder, severity: .error, message: "Core may not use UI", modules: ["Core", "UI"],
            evidence: [Evidence(kind: .declaration, location: manifest, summary: "declared")], key: "Core -> UI"
        )
        let report = CheckReport(
            violations: [violation], rules: [RuleDescriptor(kind: .layerOrder, severity: .error)], moduleCount: 3)
        let model = ArchitectureModel(
            graph: graph, layers: layers, assignments: assignments, report: report, settings: DiagramSettings())
        return (model, ArchitectureSiteMap(layers: layers, guides: guides))
    }

    @Test func theOverviewEachLayerAndEachModuleGetADiagramOnTheirPage() {
        let (model, siteMap) = Self.model()
        let diagrams = ArchitectureDiagramSet(model: model, siteMap: siteMap).diagrams()
        #expect(
            diagrams.map(\.id) == [
                "overview", "overview-layers", "layer-core", "layer-data-layer", "layer-ui-layer", "module-Core",
                "module-Data", "module-UI"
            ])
        #expect(
            diagrams.map(\.pagePath) == [
                "modules/index.html", "modules/index.html", "layers/core.html", "layers/data-layer.html",
                "layers/ui-layer.html",
                "modules/Core.html", "modules/Data.html", "modules/UI.html"
            ])
        for diagram in diagrams {
            #expect(diagram.dot.hasPrefix("digraph "), "\(diagram.id)")
        }
    }

    @Test func arrowsLinkToTheUsersTableOrTheViolationTheyBreak() throws {
        let (model, siteMap) = Self.model()
        let overview = try #require(ArchitectureDiagramSet(model: model, siteMap: siteMap).diagrams().first)
        #expect(
            overview.dot.contains(#""Data" -> "Core" [class="dep declared-imported", href="Data.html#depends-on""#),
            "\(overview.dot)")
        #expect(overview.dot.contains(#""Core" -> "UI" [class="dep declared-imported violation""#))
        #expect(overview.dot.contains(#"href="../violations.html#layer-order""#))
    }

    @Test func aModuleWithAContentPageIsLinkedThereWithoutAFragment() throws {
        let (model, siteMap) = Self.model(guides: ["Data": (title: "The data layer", outputPath: "guides/data.html")])
        let diagrams = ArchitectureDiagramSet(model: model, siteMap: siteMap).diagrams()
        let data = try #require(diagrams.first { $0.id == "module-Data" })
        #expect(data.pagePath == "guides/data.html")
        let overview = try #require(diagrams.first)
        #expect(
            overview.dot.contains(#""Data" -> "Core" [class="dep declared-imported", href="../guides/data.html""#),
            "\(overview.dot)")
    }
}
