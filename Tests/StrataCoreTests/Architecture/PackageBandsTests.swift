import StrataCore
import Testing

/// Without layers, the overview draws one band per package or project, bottom-up: a Tuist
/// workspace's projects are listed app first, yet the ones others use are drawn below them.
@Suite struct PackageBandsTests {
    @Test func aPackageIsDrawnBelowThePackagesThatUseIt() {
        let nodes = [("Shelf", "Shelf"), ("Core", "Core"), ("Feature", "Feature"), ("DesignSystem", "DesignSystem")].map
        {
            ModuleNode(id: $0.0, kind: .regular, package: $0.1)
        }
        let edges = [("Shelf", "Feature"), ("Shelf", "Core"), ("Shelf", "DesignSystem"), ("Feature", "Core")].map {
            ModuleEdge(from: $0.0, to: $0.1, relation: .declaredAndImported)
        }
        // Read in this order: the app, then the projects it names, by folder.
        let packages = ["Shelf", "Core", "Feature", "DesignSystem"].map {
            PackageSummary(name: $0, manifestPath: "\($0)/Project.swift", isRoot: true)
        }
        let model = ArchitectureModel(
            graph: ModuleGraph(nodes: nodes, edges: edges, packages: packages), layers: [], assignments: [:],
            report: CheckReport(violations: [], rules: [], moduleCount: nodes.count), settings: DiagramSettings()
        )
        #expect(model.groups.map(\.name) == ["DesignSystem", "Core", "Feature", "Shelf"])
        #expect(model.groups.allSatisfy { !$0.isLayer })
    }

    @Test func packagesThatUseEachOtherKeepTheOrderRead() {
        let nodes = [
            ModuleNode(id: "A", kind: .regular, package: "A"), ModuleNode(id: "B", kind: .regular, package: "B")
        ]
        let edges = [
            ModuleEdge(from: "A", to: "B", relation: .declaredAndImported),
            ModuleEdge(from: "B", to: "A", relation: .declaredAndImported)
        ]
        let packages = ["A", "B"].map {
            PackageSummary(name: $0, manifestPath: "\($0)/Package.swift", isRoot: $0 == "A")
        }
        let model = ArchitectureModel(
            graph: ModuleGraph(nodes: nodes, edges: edges, packages: packages), layers: [], assignments: [:],
            report: CheckReport(violations: [], rules: [], moduleCount: 2), settings: DiagramSettings()
        )
        #expect(model.groups.count == 2, "a cycle between packages draws both, once each")
    }
}
