import StrataCore
import StrataTemplates

/// The whole-window views of the architecture: the map (every module, with the focus and
/// path views) and the dependency structure matrix, and the data file both read.
extension ArchitecturePages {
    /// The module map and the dependency matrix, which take the whole window, and
    /// `modules/architecture.js`, which both load: made from one `ModuleMatrix`, so a cell's
    /// number is the same edge in all three. Apart from `pages(merging:…)` so that a build
    /// can tell what they cost.
    /// - Throws: `DiagnosticsError` when a template of `theme` cannot be rendered.
    package func views(theme: Theme, diagrams: [Diagram] = [], drawings: [String: DiagramDrawing] = [:]) throws -> (
        pages: [Page], data: OutputFile
    ) {
        let inputs = PageInputs(
            theme: theme, diagrams: Dictionary(diagrams.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            drawings: drawings,
            catalog: GuidanceCatalog(), mentions: [:], titles: [:],
            components: ComponentIndex(ComponentGraph(), violations: [])
        )
        let matrix = ModuleMatrix(model: model)
        let data = ArchitectureData(model: model, siteMap: siteMap, matrix: matrix).file()
        return ([try mapPage(matrix, inputs), try matrixPage(matrix, inputs)], data)
    }

    /// The overview's drawing in the whole window, opening fitted to it, with the focus view
    /// (what a module reaches and what reaches it) and the path view (the shortest chain of
    /// dependencies from one module to another, with the evidence of each step).
    func mapPage(_ matrix: ModuleMatrix, _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.mapPath
        var values: TemplateObject = [
            "overviewHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.indexPath)),
            "matrixHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.matrixPath)),
            "dataHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.dataPath)),
            "modules": .list(matrix.modules.map { .text($0) }),
            "moduleCount": .number(matrix.modules.count)
        ]
        // A graph the overview draws module by module is drawn so here; a larger one by
        // families, each opening in place into its modules (hidden until opened).
        let familiesID = ArchitectureSiteMap.familiesDiagramID
        let id = inputs.diagrams[familiesID] != nil ? familiesID : ArchitectureSiteMap.overviewDiagramID
        if var diagram = diagramValue(inputs.diagrams[id], drawing: inputs.drawings[id], legend: true) {
            diagram["isMap"] = true
            values["diagram"] = .object(diagram)
        }
        if id == familiesID {
            let families = ModuleFamilies(model: model)
            values["families"] = .list(
                families.families.enumerated().compactMap { index, family -> TemplateValue? in
                    let familyID = ArchitectureSiteMap.familyDiagramID(index)
                    guard
                        var diagram = diagramValue(
                            inputs.diagrams[familyID], drawing: inputs.drawings[familyID], legend: false)
                    else { return nil }
                    diagram["isMap"] = true
                    diagram["family"] = .text(families.key(of: family, in: model))
                    return .object(["diagram": .object(diagram)])
                })
            values["hasFamilies"] = true
        }
        var page = Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.mapTitle,
            description:
                "Every module and dependency in the whole window; what a module reaches and what reaches it; the "
                + "path from one module to another.",
            contentHTML: try inputs.render(values, template: "module-map")
        )
        page.layout = .fullWindow
        page.isListedInNavigation = false
        return page
    }

    /// The dependency structure matrix: a row and a column per module in dependency order,
    /// a cell per dependency with its number of imports; cells left of the diagonal go
    /// against the order (up a layer, or round a cycle), and those that break a rule are red.
    /// The page holds the frame and the counts; its script draws the rows and cells in view
    /// from `architecture.js`: as HTML, 2,000 modules' rows and cells took Chromium 1.3 s to
    /// lay out, where the part in view takes a few milliseconds.
    func matrixPage(_ matrix: ModuleMatrix, _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.matrixPath
        let against = matrix.cells.filter(\.isAgainstOrder).count
        let cycles = matrix.cells.filter(\.isCycle).count
        let broken = matrix.cells.filter { !$0.rules.isEmpty }.count
        let count = matrix.modules.count
        var summary =
            "\(count) module\(count == 1 ? "" : "s"), \(matrix.cells.count) "
            + "dependenc\(matrix.cells.count == 1 ? "y" : "ies")"
        summary += ": \(against) against the order, \(cycles) on a cycle, \(broken) breaking a rule."
        let values: TemplateObject = [
            "summary": .text(summary), "count": .number(count),
            "overviewHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.indexPath)),
            "mapHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.mapPath)),
            "dataHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.dataPath))
        ]
        var page = Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.matrixTitle,
            description:
                "A row and a column per module, a cell per dependency with its number of imports, dependencies "
                + "against the layer order and cycles marked.",
            contentHTML: try inputs.render(values, template: "module-matrix")
        )
        page.layout = .fullWindow
        page.isListedInNavigation = false
        return page
    }
}
