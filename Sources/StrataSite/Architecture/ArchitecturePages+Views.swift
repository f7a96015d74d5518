import StrataCore
import StrataTemplates

/// The whole-window views of the architecture: the map (every module, with the focus and
/// path views) and the dependency structure matrix, and the data file both read.
extension ArchitecturePages {
    /// `modules/architecture.js`, which the map and the matrix load.
    public func dataFile() -> OutputFile {
        ArchitectureData(model: model, siteMap: siteMap, matrix: ModuleMatrix(model: model)).file()
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
            "moduleCount": .number(matrix.modules.count),
        ]
        let id = ArchitectureSiteMap.overviewDiagramID
        if var diagram = diagramValue(inputs.diagrams[id], drawing: inputs.drawings[id], legend: true) {
            diagram["isMap"] = true
            values["diagram"] = .object(diagram)
        }
        var page = Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.mapTitle,
            description: "Every module and dependency in the whole window; what a module reaches and what reaches it; the path from one module to another.",
            contentHTML: try inputs.render(values, template: "module-map")
        )
        page.layout = .fullWindow
        page.isListedInNavigation = false
        return page
    }

    /// The dependency structure matrix: a row and a column per module in dependency order,
    /// a cell per dependency with its number of imports; cells left of the diagonal go
    /// against the order (up a layer, or round a cycle), and those that break a rule are red.
    func matrixPage(_ matrix: ModuleMatrix, _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.matrixPath
        let against = matrix.cells.filter(\.isAgainstOrder).count
        let cycles = matrix.cells.filter(\.isCycle).count
        let broken = matrix.cells.filter { !$0.rules.isEmpty }.count
        let count = matrix.modules.count
        var summary = "\(count) module\(count == 1 ? "" : "s"), \(matrix.cells.count) dependenc\(matrix.cells.count == 1 ? "y" : "ies")"
        summary += ": \(against) against the order, \(cycles) on a cycle, \(broken) breaking a rule."
        let groups = model.groups
        let rows = matrix.modules.enumerated().map { row, module -> TemplateValue in
            let group = matrix.groups[row]
            return .object([
                "row": .number(row), "number": .number(row + 1), "name": .text(module),
                "href": .text(SitePath.relativeURL(from: path, to: self.path(of: module))),
                "toneClass": .text(groups.indices.contains(group) ? groups[group].toneClass : "tone-none"),
            ])
        }
        let runs = matrix.groupRuns.map { run -> TemplateValue in
            let group = groups.indices.contains(run.group) ? groups[run.group] : nil
            return .object([
                "start": .number(run.start), "count": .number(run.count), "name": .text(group?.name ?? "no layer"),
                "toneClass": .text(group?.toneClass ?? "tone-none"),
            ])
        }
        let cells = matrix.cells.enumerated().map { index, cell -> TemplateValue in
            var classes = ["dsm-cell"]
            if cell.isAgainstOrder { classes.append("against") }
            if cell.isCycle { classes.append("cycle") }
            if !cell.rules.isEmpty { classes.append("violating") }
            if !cell.edge.isImported { classes.append("declared-only") }
            let imports = cell.edge.imports.count
            var title = "\(cell.edge.from) → \(cell.edge.to): "
            title += imports > 0 ? "\(imports) import\(imports == 1 ? "" : "s")" : "declared, never imported"
            if cell.isAgainstOrder { title += "; against the order" }
            if cell.isCycle { title += "; on a cycle" }
            if !cell.rules.isEmpty { title += "; breaks \(cell.rules.joined(separator: ", "))" }
            return .object([
                "edge": .number(index), "row": .number(cell.row), "column": .number(cell.column),
                "text": .text(imports > 0 ? (imports > 99 ? "99+" : "\(imports)") : "·"),
                "classes": .text(classes.joined(separator: " ")), "title": .text(title),
                "href": .text(SitePath.relativeURL(from: path, to: self.path(of: cell.edge.from)) + "#depends-on"),
            ])
        }
        let values: TemplateObject = [
            "summary": .text(summary), "count": .number(count), "rows": .list(rows), "runs": .list(runs), "cells": .list(cells),
            "overviewHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.indexPath)),
            "mapHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.mapPath)),
            "dataHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.dataPath)),
        ]
        var page = Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.matrixTitle,
            description: "A row and a column per module, a cell per dependency with its number of imports, dependencies against the layer order and cycles marked.",
            contentHTML: try inputs.render(values, template: "module-matrix")
        )
        page.layout = .fullWindow
        page.isListedInNavigation = false
        return page
    }
}
