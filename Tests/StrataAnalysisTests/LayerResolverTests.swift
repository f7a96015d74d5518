import StrataCore
import Testing

@testable import StrataAnalysis

private func node(_ id: String, section: String? = nil, kind: ModuleNode.Kind = .regular) -> ModuleNode {
    ModuleNode(
        id: id, kind: kind, package: "App", section: section,
        location: StrataCore.SourceLocation(path: "Package.swift", line: 3))
}

private func layer(_ name: String, _ patterns: [String], mayUse: [String]? = nil, line: Int = 1) -> LayerDeclaration {
    LayerDeclaration(
        name: name,
        modules: patterns.map {
            ModulePattern($0, location: StrataCore.SourceLocation(path: "strata.yml", line: line))
        },
        mayUse: mayUse, location: StrataCore.SourceLocation(path: "strata.yml", line: line)
    )
}

private let layers = [
    layer("Core", ["Core", "*Models"], line: 2),
    layer("UI", ["*UI"], mayUse: ["Core"], line: 4),
    layer("Infrastructure", ["APIClient", "*Store"], mayUse: ["Core"], line: 6),
    layer("Service", ["*Services"], line: 8)
]

@Suite struct LayerResolverTests {
    @Test func globsAssignLayersWithTheirSource() {
        let graph = ModuleGraph(
            nodes: [
                node("Core"), node("AppModels"), node("SettingsUI"), node("APIClient"), node("UserStore"),
                node("AppServices")
            ], edges: [], packages: [])
        let resolution = LayerResolver(layers: layers).resolve(graph)
        #expect(resolution.diagnostics.isEmpty)
        #expect(resolution.layer(of: "AppModels") == "Core")
        #expect(resolution.layer(of: "SettingsUI") == "UI")
        #expect(resolution.layer(of: "UserStore") == "Infrastructure")
        #expect(
            resolution.assignments["AppModels"]?.source
                == .configuration(pattern: "*Models", location: StrataCore.SourceLocation(path: "strata.yml", line: 2)))
    }

    @Test func manifestSectionsAndPagesAssignLayersToo() {
        let graph = ModuleGraph(
            nodes: [node("Logger", section: "core"), node("Helpers", section: "Tooling"), node("Sync")], edges: [],
            packages: [])
        let page = StrataCore.SourceLocation(path: "Content/modules/Sync.md", line: 2)
        let resolution = LayerResolver(layers: layers).resolve(graph, pageLayers: ["Sync": ("Service", page)])
        #expect(resolution.layer(of: "Logger") == "Core")
        #expect(resolution.layer(of: "Helpers") == nil)
        #expect(resolution.assignments["Sync"]?.source == .page(location: page))
        // The unused patterns of the fixture layers are reported; nothing else.
        #expect(resolution.diagnostics.allSatisfy { $0.ruleID == "layer.unmatched-pattern" })
    }

    @Test func disagreementsAmbiguityUnknownLayersAndDeadGlobsAreDiagnostics() {
        let overlapping = layers + [layer("Widgets", ["Settings*"], line: 10)]
        let graph = ModuleGraph(
            nodes: [node("SettingsUI"), node("AppModels", section: "UI"), node("Core"), node("Cart")], edges: [],
            packages: [])
        let page = StrataCore.SourceLocation(path: "Content/modules/Cart.md", line: 2)
        let resolution = LayerResolver(layers: overlapping).resolve(graph, pageLayers: ["Cart": ("Servce", page)])
        let ids = resolution.diagnostics.map(\.ruleID)
        #expect(ids.contains("layer.ambiguous"))
        #expect(ids.contains("layer.conflict"))
        #expect(
            resolution.diagnostics.first { $0.ruleID == "layer.unknown" }?.message.contains("did you mean 'Service'?")
                == true)
        #expect(
            resolution.diagnostics.contains {
                $0.ruleID == "layer.unmatched-pattern" && $0.message.contains("'APIClient'")
            })
        #expect(
            resolution.diagnostics.first { $0.ruleID == "layer.conflict" }?.message.contains(
                "'Core' by strata.yml (modules: *Models), but in 'UI'") == true)
    }

    @Test func whoMayUseWhom() {
        let resolver = LayerResolver(layers: layers)
        #expect(resolver.allows("Service", "Core"))
        #expect(resolver.allows("Service", "UI"))
        #expect(!resolver.allows("Core", "UI"))
        #expect(resolver.allows("UI", "Core"))
        #expect(!resolver.allows("UI", "Infrastructure"))
        #expect(resolver.allows("UI", "UI"))
    }

    @Test func globsAndSectionsGiveTestTargetsNoLayer() {
        let graph = ModuleGraph(
            nodes: [
                node("SettingsUI"), node("SettingsUITests", section: "UI", kind: .test), node("CoreTests", kind: .test)
            ], edges: [], packages: [])
        let resolution = LayerResolver(layers: [
            layer("UI", ["*UI"]), layer("Tests", ["CoreTests"], line: 10), layer("More", ["*Tests"], line: 12)
        ]).resolve(graph)
        #expect(
            resolution.diagnostics.map(\.message) == [
                "'*Tests' in layer 'More' matches only test targets, which a glob never places in a layer; name "
                    + "them exactly, or see tests.follow_layers"
            ])
        #expect(
            resolution.layer(of: "SettingsUITests") == nil,
            "`*UI`-style globs and // MARK: sections mean the modules, not their tests")
        #expect(resolution.layer(of: "CoreTests") == "Tests", "a pattern naming a test target exactly does place it")
    }
}
