import StrataCore
import StrataDiagrams
import Testing

/// The component diagram of a module with layers of files, made from values alone: its
/// bands, its type boxes (or component boxes above the limit), other modules' boxes, and
/// the counted, red-when-violating arrows.
@Suite struct ComponentDiagramTests {
    typealias ID = ComponentGraph.ComponentID

    static func place(_ file: String, _ line: Int) -> StrataCore.SourceLocation {
        StrataCore.SourceLocation(path: file, line: line, column: 5)
    }

    /// `App` with Core, Data and UI components (the given number of extra UI types), and
    /// `Kit` as a module of layer Platform.
    static func model(extraTypes: Int = 0) -> (ArchitectureModel, ArchitectureSiteMap) {
        let graph = ModuleGraph(
            nodes: [
                ModuleNode(id: "App", kind: .regular, package: "App"),
                ModuleNode(id: "Kit", kind: .regular, package: "App")
            ], edges: [],
            packages: [PackageSummary(name: "App", manifestPath: "Package.swift", isRoot: true)]
        )
        let layers = [
            LayerDeclaration(name: "Platform", modules: [ModulePattern("Kit")]),
            LayerDeclaration(name: "Core", modules: []),
            LayerDeclaration(name: "Data", modules: []), LayerDeclaration(name: "UI", modules: [])
        ]
        let core = ID(module: "App", layer: "Core")
        let data = ID(module: "App", layer: "Data")
        let ui = ID(module: "App", layer: "UI")
        func type(_ name: String, _ layer: String, _ file: String) -> ComponentGraph.Member {
            ComponentGraph.Member(
                name: name, layer: layer, origin: "file in paths: 'App/\(layer)/**'", kind: .struct,
                location: place(file, 1))
        }
        let extra = (0..<extraTypes).map { type("Screen\($0)", "UI", "App/UI/Screen\($0).swift") }
        var components = ComponentGraph(layeredModules: ["App"])
        components.components = [
            ComponentGraph.Component(
                module: "App", layer: "Core", files: [], types: [type("Model", "Core", "App/Core/Model.swift")]),
            ComponentGraph.Component(
                module: "App", layer: "Data", files: [], types: [type("Store", "Data", "App/Data/Store.swift")]),
            ComponentGraph.Component(
                module: "App", layer: "UI", files: [], types: [type("Screen", "UI", "App/UI/Screen.swift")] + extra)
        ]
        let wrong = place("App/Core/Model.swift", 3)
        components.references = [
            ComponentGraph.Reference(
                from: data, fromType: "Store", to: core, toType: "Model", kind: .type,
                location: place("App/Data/Store.swift", 2)),
            ComponentGraph.Reference(
                from: data, fromType: "Store", to: core, toType: "Model", kind: .initializer,
                location: place("App/Data/Store.swift", 4)),
            ComponentGraph.Reference(
                from: ui, fromType: "Screen", to: data, toType: "Store", kind: .type,
                location: place("App/UI/Screen.swift", 2)),
            ComponentGraph.Reference(
                from: core, fromType: "Model", to: ui, toType: "Screen", kind: .type, location: wrong),
            ComponentGraph.Reference(
                from: data, fromType: "Store", to: ID(module: "Kit", layer: "Platform"), toType: "Client", kind: .type,
                location: place("App/Data/Store.swift", 5)
            )
        ]
        let violation = Violation(
            rule: .layerOrder, severity: .error, message: "'Core' uses 'Screen' from 'UI'", modules: ["App"],
            evidence: [Evidence(kind: .reference, location: wrong, summary: "type Screen in Model")], key: "Core→UI"
        )
        let report = CheckReport(
            violations: [violation], rules: [RuleDescriptor(kind: .layerOrder, severity: .error)], moduleCount: 2)
        var model = ArchitectureModel(
            graph: graph, layers: layers,
            assignments: [
                "Kit": LayerAssignment(
                    module: "Kit", layer: "Platform", source: .configuration(pattern: "Kit", location: nil))
            ],
            report: report, settings: DiagramSettings()
        )
        model.components = components
        return (model, ArchitectureSiteMap(layers: layers))
    }

    func componentDiagram(_ model: ArchitectureModel, _ siteMap: ArchitectureSiteMap) -> Diagram? {
        ArchitectureDiagramSet(model: model, siteMap: siteMap).diagrams().first {
            $0.id == ArchitectureSiteMap.componentDiagramID("App")
        }
    }

    @Test func aSmallModuleIsDrawnByTypeInItsLayersBands() throws {
        let (model, siteMap) = Self.model()
        let diagram = try #require(componentDiagram(model, siteMap))
        #expect(diagram.pagePath == "modules/App.html")
        let dot = diagram.dot
        // Bands top-down: UI, Data, Core, then Platform where Kit is drawn.
        let bands = dot.split(separator: "\n").filter {
            $0.contains("label=") && $0.hasSuffix(";") && !$0.contains("[")
        }.map { String($0).trimmingWhitespace }
        #expect(bands == ["label=\"UI\";", "label=\"Data\";", "label=\"Core\";", "label=\"Platform\";"])
        #expect(dot.contains("\"t:Screen\" [label=\"Screen\""))
        #expect(dot.contains("href=\"../components/App/UI.html#type-Screen\""))
        #expect(dot.contains("\"m:Kit:Platform\" [label=\"Kit\""))
        // Two references, one arrow counted 2; the violating one red, with a numbered marker
        // the list under the diagram explains, linking to it, and left out of the ranking (it
        // points up).
        #expect(dot.contains("\"t:Store\" -> \"t:Model\" [class=\"dep reference\", xlabel=\"2\""))
        #expect(dot.contains("\"t:Model\" -> \"t:Screen\" [class=\"dep reference violation\", color=\"#d62728\""))
        #expect(dot.contains("href=\"../violations.html#layer-order\", xlabel=\"⚠1\", constraint=\"false\""))
        #expect(
            diagram.markers == [
                Diagram.Marker(
                    number: 1, rules: ["layer-order"], from: "Model", to: "Screen",
                    href: "../violations.html#layer-order")
            ])
        #expect(!dot.contains("band-top:"), "bands stacked by their rows, not by fences")
    }

    @Test func aLargeModuleIsDrawnByComponent() throws {
        let (model, siteMap) = Self.model(extraTypes: 40)
        let diagram = try #require(componentDiagram(model, siteMap))
        #expect(!diagram.dot.contains("\"t:"))
        #expect(diagram.dot.contains("\"c:UI\" [label=\"UI\\n41 types · 0 files\""))
        #expect(diagram.dot.contains("\"c:Data\" -> \"c:Core\" [class=\"dep reference\", xlabel=\"2\""))
        #expect(
            diagram.notes == [
                "App has 43 types, more than 40: each box is a component, and an arrow counts the places where its "
                    + "code names a type of the other."
            ])
    }
}
