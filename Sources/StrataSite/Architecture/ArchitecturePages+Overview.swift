import StrataCore
import StrataTemplates

/// The architecture overview: the diagram, the layers (with the components of modules each
/// layer of files or types holds), the layer-to-layer matrix, the violations by rule, and
/// every module.
extension ArchitecturePages {
    func overviewPage(_ modules: [ModuleNode], _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.indexPath
        var headings: [Heading] = []
        let location = SourceLocation(path: "strata.yml")
        func section(_ title: String, _ id: String) {
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        // The counts are of what the diagram and the matrix draw: test targets only when
        // diagrams.tests asks for them.
        let drawn = modules.filter(model.isDrawn)
        let hiddenTests = modules.count - drawn.count
        let drawnEdges = graph.edges.filter { edge in
            edge.from != edge.to && [edge.from, edge.to].allSatisfy { graph.node($0).map(model.isDrawn) ?? false }
        }.count
        var summary = "\(drawn.count) module\(drawn.count == 1 ? "" : "s")"
        if hiddenTests > 0 { summary += " (and \(hiddenTests) test target\(hiddenTests == 1 ? "" : "s"))" }
        summary += " in \(graph.packages.count) package\(graph.packages.count == 1 ? "" : "s")"
        if !layers.isEmpty { summary += ", \(layers.count) layer\(layers.count == 1 ? "" : "s")" }
        summary += ", \(drawnEdges) dependenc\(drawnEdges == 1 ? "y" : "ies") between them. "
        var values: TemplateObject = [
            "summary": .text(summary),
            "violationsHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath)),
            "reportSummary": .text(": \(report.summary)."),
            "hasLayers": .bool(!layers.isEmpty),
            "hasViolations": .bool(!report.violations.isEmpty),
            "modules": .list(modulesTableRows(modules, from: path)),
            "moduleColumns": .object(modulesTableColumns(modules)),
            "mapHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.mapPath)),
            "matrixHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.matrixPath))
        ]
        let id = ArchitectureSiteMap.overviewDiagramID
        if let diagram = diagramValue(inputs.diagrams[id], drawing: inputs.drawings[id], legend: true) {
            values["diagram"] = .object(diagram)
        }
        if !layers.isEmpty {
            section("Layers", "layers")
            values["groups"] = .list(layerRows(from: path, components: inputs.components))
            let summaryID = ArchitectureSiteMap.layerSummaryDiagramID
            if let summary = diagramValue(
                inputs.diagrams[summaryID], drawing: inputs.drawings[summaryID], legend: false)
            {
                values["layerSummary"] = .object(["diagram": .object(summary)])
            }
            section("Dependencies between layers", "layer-matrix")
            for (name, value) in layerMatrix() { values[name] = value }
        }
        if !report.violations.isEmpty {
            section("Violations by rule", "violations")
            values["violationRules"] = .list(violationSummary(from: path))
        }
        section("Modules", "modules")
        var page = Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.overviewTitle,
            description:
                "The module graph of the package drawn by layer, the layers and what each may use, and every module.",
            weight: 1000, isSectionIndex: true, headings: headings,
            contentHTML: try inputs.render(values, template: "overview")
        )
        // The drawing of every module takes the window's width; the text keeps its column.
        page.layout = .wide
        return page
    }

    /// Each layer, bottom-up as declared, with its modules and what it may use.
    private func layerRows(from path: String, components index: ComponentIndex) -> [TemplateValue] {
        model.groups.map { group in
            let allowed = group.isLayer ? layers.allowedUses(of: group.name) : []
            let components = group.isLayer ? index.components(inLayer: group.name) : []
            let listed = allowed.prefix(Self.listedLayers)
            return .object([
                "toneClass": .text(group.toneClass), "isLayer": .bool(group.isLayer),
                "layer": .object(layerValue(group.name, from: path)), "groupName": .text(group.name),
                "hasMembers": .bool(!group.modules.isEmpty || !components.isEmpty),
                "hasModules": .bool(!group.modules.isEmpty),
                "hasComponents": .bool(!components.isEmpty),
                "components": .list(
                    components.enumerated().map { position, component in
                        .object([
                            "name": .text(component.module), "isLink": true, "isFirst": .bool(position == 0),
                            "href": .text(
                                SitePath.relativeURL(from: path, to: ArchitectureSiteMap.componentPath(component.id)))
                        ])
                    }),
                "members": .list(
                    group.modules.enumerated().map { position, module in
                        var chip = chipValue(module, from: path)
                        chip["isFirst"] = .bool(position == 0)
                        return .object(chip)
                    }),
                "mayUseAny": .bool(!allowed.isEmpty),
                "mayUse": .list(
                    listed.enumerated().map { position, other in
                        var layer = layerValue(other, from: path)
                        layer["isFirst"] = .bool(position == 0)
                        return .object(layer)
                    }),
                "hasMore": .bool(allowed.count > listed.count), "moreCount": .number(allowed.count - listed.count),
                "violationCount": .number(Set(group.modules.flatMap { model.violationsByModule[$0] ?? [] }).count)
            ])
        }
    }

    /// Rows use columns: the number of dependencies from modules of one layer to modules of
    /// another, each cell marked allowed or forbidden by the layer order.
    /// The layers a layer may use are named up to this many, then counted: with a thousand
    /// layers, naming every one below each made half a million links.
    static let listedLayers = 12

    /// More groups than this and the matrix is left out: a thousand layers made a million
    /// cells, and no table of that size can be read.
    static let matrixLimit = 60

    /// The matrix's values: `matrixTooLarge`, `groupCount`, `matrixLimit`, `columns` and
    /// `matrix` (rows top-down, each with its `cells`).
    private func layerMatrix() -> [(String, TemplateValue)] {
        let groups = model.groups
        guard groups.count <= Self.matrixLimit else {
            return [
                ("matrixTooLarge", true), ("groupCount", .number(groups.count)),
                ("matrixLimit", .number(Self.matrixLimit))
            ]
        }
        var counts: [Int: [Int: Int]] = [:]
        var violating: [Int: [Int: Int]] = [:]
        for edge in graph.edges {
            guard let from = model.groupOfModule[edge.from], let to = model.groupOfModule[edge.to] else { continue }
            counts[from, default: [:]][to, default: 0] += 1
            if !model.rules(of: edge).isEmpty { violating[from, default: [:]][to, default: 0] += 1 }
        }
        let rows = groups.enumerated().reversed().map { row, rowGroup -> TemplateValue in
            let cells = groups.enumerated().reversed().map { column, columnGroup -> TemplateValue in
                let count = counts[row]?[column] ?? 0
                let broken = violating[row]?[column] ?? 0
                let judged = rowGroup.isLayer && columnGroup.isLayer
                let allowed = !judged || model.allows(rowGroup.name, columnGroup.name)
                var classes = [row == column ? "same" : (allowed ? "allowed" : "forbidden")]
                if count == 0 { classes.append("empty") }
                if broken > 0 { classes.append("violating") }
                let verdict =
                    row == column ? "inside the layer" : (judged ? (allowed ? "allowed" : "forbidden") : "not judged")
                let title =
                    "\(rowGroup.name) → \(columnGroup.name): \(count) dependenc\(count == 1 ? "y" : "ies"), \(verdict)"
                    + (broken > 0 ? ", \(broken) breaking a rule" : "")
                return .object([
                    "classes": .text(classes.joined(separator: " ")), "title": .text(title),
                    "hasCount": .bool(count > 0), "count": .number(count), "isBroken": .bool(broken > 0)
                ])
            }
            return .object(["name": .text(rowGroup.name), "cells": .list(cells)])
        }
        return [
            ("matrixTooLarge", false), ("columns", .list(groups.reversed().map { .text($0.name) })),
            ("matrix", .list(rows))
        ]
    }

    /// Each rule with violations: how many, how severe, and the modules involved.
    private func violationSummary(from path: String) -> [TemplateValue] {
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        return report.rules.compactMap { rule in
            guard let violations = byRule[rule.id] else { return nil }
            let involved = Array(Set(violations.flatMap(\.modules))).sorted().filter {
                graph.node($0)?.isTarget == true
            }
            return .object([
                "href": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + rule.id),
                "title": .text(rule.title), "id": .text(rule.id), "severity": .text(violations[0].severity.rawValue),
                "count": .number(violations.count),
                "involved": .list(
                    involved.prefix(12).enumerated().map { position, module in
                        var chip = chipValue(module, from: path)
                        chip["isFirst"] = .bool(position == 0)
                        return .object(chip)
                    }),
                "hasMore": .bool(involved.count > 12), "moreCount": .number(involved.count - 12)
            ])
        }
    }
}
