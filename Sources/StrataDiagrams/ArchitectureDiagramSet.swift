import StrataCore

/// Every diagram the architecture pages show, as DOT: the overview, one per declared layer
/// and one neighbourhood per module. The build lays them out (StrataGraphviz) and hands the
/// drawings to the pages, which find each by its id (`ArchitectureSiteMap`).
public struct ArchitectureDiagramSet: Sendable {
    public let model: ArchitectureModel
    public let siteMap: ArchitectureSiteMap

    public init(model: ArchitectureModel, siteMap: ArchitectureSiteMap) {
        self.model = model
        self.siteMap = siteMap
    }

    /// The diagrams in page order: overview, layers bottom-up, modules as the graph lists them.
    public func diagrams() -> [Diagram] {
        let drawer = ArchitectureDiagrams(model: model, siteMap: siteMap)
        var diagrams = [drawer.overview(id: ArchitectureSiteMap.overviewDiagramID, at: ArchitectureSiteMap.indexPath)]
        for (index, group) in model.groups.enumerated() where group.isLayer {
            guard let path = siteMap.path(ofLayer: group.name) else { continue }
            diagrams.append(drawer.layer(index, id: ArchitectureSiteMap.layerDiagramID(layerPage: path), at: path))
        }
        for node in model.graph.nodes where node.isTarget {
            diagrams.append(drawer.neighbourhood(of: node.id, id: ArchitectureSiteMap.moduleDiagramID(node.id), at: siteMap.path(of: node.id)))
        }
        return diagrams
    }
}
