import StrataCore

/// Every diagram the architecture pages show, as DOT: the overview, one per declared layer,
/// one neighbourhood per module, and the components of each module layered inside. The
/// build lays them out (StrataGraphviz) and hands the drawings to the pages, which find
/// each by its id (`ArchitectureSiteMap`).
package struct ArchitectureDiagramSet: Sendable {
    package let model: ArchitectureModel
    package let siteMap: ArchitectureSiteMap

    package init(model: ArchitectureModel, siteMap: ArchitectureSiteMap) {
        self.model = model
        self.siteMap = siteMap
    }

    /// The diagrams in page order: overview, layers bottom-up, modules as the graph lists them,
    /// then the components of each module with layers of files or types.
    package func diagrams() -> [Diagram] {
        let drawer = ArchitectureDiagrams(model: model, siteMap: siteMap)
        var diagrams = [drawer.overview(id: ArchitectureSiteMap.overviewDiagramID, at: ArchitectureSiteMap.indexPath)]
        if let summary = drawer.layerSummary(
            id: ArchitectureSiteMap.layerSummaryDiagramID, at: ArchitectureSiteMap.indexPath)
        {
            diagrams.append(summary)
        }
        // Too many modules to draw one by one: the map draws families, each opening in place.
        if !drawer.overviewDrawsEveryModule {
            let families = ModuleFamilies(model: model)
            if !families.families.isEmpty {
                diagrams.append(
                    drawer.familyMap(
                        families, open: nil, id: ArchitectureSiteMap.familiesDiagramID, at: ArchitectureSiteMap.mapPath)
                )
                // A family too large to draw module by module opens its layer's page instead.
                for index in families.families.indices
                where families.families[index].modules.count <= ArchitectureDiagrams.everyModuleLimit {
                    diagrams.append(
                        drawer.familyMap(
                            families, open: index, id: ArchitectureSiteMap.familyDiagramID(index),
                            at: ArchitectureSiteMap.mapPath))
                }
            }
        }
        for (index, group) in model.groups.enumerated() where group.isLayer {
            // A layer with nothing to draw gets no diagram: its page says it has no modules.
            guard let path = siteMap.path(ofLayer: group.name),
                group.modules.contains(where: { model.graph.node($0).map(model.isDrawn) ?? false })
            else { continue }
            diagrams.append(drawer.layer(index, id: ArchitectureSiteMap.layerDiagramID(layerPage: path), at: path))
        }
        for node in model.graph.nodes where node.isTarget {
            diagrams.append(
                drawer.neighbourhood(
                    of: node.id, id: ArchitectureSiteMap.moduleDiagramID(node.id), at: siteMap.path(of: node.id)))
        }
        let components = ComponentDiagram(model: model, siteMap: siteMap)
        for module in model.components.layeredModules {
            diagrams.append(
                components.diagram(
                    of: module, id: ArchitectureSiteMap.componentDiagramID(module), at: siteMap.path(of: module)))
        }
        return diagrams
    }

    /// What to draw instead of `diagram` when, laid out, it is too small to read at the
    /// page's width: asked only then, so a build whose diagrams read well writes no more DOT.
    package func fallbacks(of diagram: Diagram) -> [Diagram] {
        let drawer = ArchitectureDiagrams(model: model, siteMap: siteMap)
        if diagram.id == ArchitectureSiteMap.overviewDiagramID {
            // Up to its limit the overview draws every module, however wide: the page shows it
            // at its natural size, to pan and zoom, and the map page fits it to the window.
            guard !drawer.overviewDrawsEveryModule else { return [] }
            return drawer.overviewFallback(id: diagram.id, at: diagram.pagePath).map { [$0] } ?? []
        }
        for (index, group) in model.groups.enumerated() where group.isLayer {
            guard let path = siteMap.path(ofLayer: group.name),
                ArchitectureSiteMap.layerDiagramID(layerPage: path) == diagram.id
            else { continue }
            return drawer.layerFallback(index, id: diagram.id, at: path).map { [$0] } ?? []
        }
        for node in model.graph.nodes where node.isTarget && ArchitectureSiteMap.moduleDiagramID(node.id) == diagram.id
        {
            return drawer.neighbourhoodFallback(of: node.id, id: diagram.id, at: siteMap.path(of: node.id)).map { [$0] }
                ?? []
        }
        return []
    }
}
