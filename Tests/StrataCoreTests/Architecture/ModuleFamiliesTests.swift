import StrataCore
import Testing

/// The families a large graph's map opens one at a time: by package where a layer's modules
/// come from several, else by the last word of their names.
@Suite struct ModuleFamiliesTests {
    @Test(arguments: [
        ("FeedFeature", "*Feature"), ("APIClientLive", "*ClientLive"), ("FeedClientMock", "*ClientMock"),
        ("Features001", "*Features"),
        ("UI001", "*UI"), ("BillingUI2", "*UI"), ("Networking", "*Networking"), ("my_module-name", "*name"),
        ("NetNewsWire iOS Share Extension", "*Extension"), ("ClientLive", "*Live")
    ])
    func aNameSaysItsFamily(name: String, family: String) {
        #expect(ModuleFamilies.familyName(of: name) == family)
    }

    static func model(_ layers: [(name: String, modules: [(name: String, package: String)])]) -> ArchitectureModel {
        let nodes = layers.flatMap { layer in
            layer.modules.map { ModuleNode(id: $0.name, kind: .regular, package: $0.package) }
        }
        let graph = ModuleGraph(
            nodes: nodes, edges: [],
            packages: [PackageSummary(name: "App", manifestPath: "Package.swift", isRoot: true)])
        let declarations = layers.map { layer in
            LayerDeclaration(name: layer.name, modules: layer.modules.map { ModulePattern($0.name) })
        }
        var assignments: [String: LayerAssignment] = [:]
        for layer in layers {
            for module in layer.modules {
                assignments[module.name] = LayerAssignment(
                    module: module.name, layer: layer.name, source: .configuration(pattern: module.name, location: nil))
            }
        }
        let report = CheckReport(violations: [], rules: [], moduleCount: nodes.count)
        return ArchitectureModel(
            graph: graph, layers: declarations, assignments: assignments, report: report, settings: DiagramSettings())
    }

    @Test func aLargeLayerIsSplitByNameAndASmallOneIsNot() {
        let features =
            (1...5).map { ("Screen\($0)Feature", "App") } + (1...4).map { ("Service\($0)Client", "App") } + [
                ("Lonely", "App")
            ]
        let model = Self.model([
            (name: "Core", modules: [("Models", "App"), ("Utils", "App")]),
            (name: "Features", modules: features.map { (name: $0.0, package: $0.1) })
        ])
        let families = ModuleFamilies(model: model)
        #expect(families.families.map(\.name) == ["*Client", "*Feature"])
        #expect(families.families.map { families.key(of: $0, in: model) } == ["Features/*Client", "Features/*Feature"])
        #expect(families.families[1].modules.count == 5)
        #expect(families.familyOfModule["Lonely"] == nil, "a module alone in its family stays a module")
        #expect(families.familyOfModule["Models"] == nil, "a layer of two is drawn module by module")
    }

    @Test func aLayerInFoldersOfFoldersIsSplitByFolder() {
        var model = Self.model([(name: "Features", modules: (1...10).map { (name: "M\($0)", package: "App") })])
        var graph = model.graph
        for index in graph.nodes.indices {
            graph.nodes[index].sourcePath =
                index < 6 ? "Sources/Features/\(graph.nodes[index].id)" : "Sources/Clients/\(graph.nodes[index].id)"
        }
        model = ArchitectureModel(
            graph: graph, layers: model.layers, assignments: model.assignments, report: model.report,
            settings: model.settings)
        let families = ModuleFamilies(model: model)
        #expect(families.families.map(\.name) == ["Sources/Clients/*", "Sources/Features/*"])
        #expect(families.families.map(\.modules.count) == [4, 6])
        // All in one folder (`Sources/*`) says nothing: names decide.
        #expect(ModuleFamilies.folderFamily("Sources/Feed") == "Sources/*")
        #expect(ModuleFamilies.folderFamily("Feed") == nil)
    }

    @Test func aLayerOfSeveralPackagesIsSplitByPackage() {
        let modules =
            (1...6).map { (name: "A\($0)Feature", package: "Alpha") }
            + (1...4).map { (name: "B\($0)Feature", package: "Beta") }
        let families = ModuleFamilies(model: Self.model([(name: "Features", modules: modules)]))
        #expect(families.families.map(\.name) == ["Alpha", "Beta"])
        #expect(families.families.map(\.modules.count) == [6, 4])
    }
}
