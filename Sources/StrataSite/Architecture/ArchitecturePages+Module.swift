import StrataCore
import StrataTemplates

/// A module's page.
extension ArchitecturePages {
    func modulePage(_ node: ModuleNode, at path: String, _ inputs: PageInputs) throws -> Page {
        let location = node.location ?? SourceLocation(path: "Package.swift")
        let violations = model.violationsByModule[node.id] ?? []
        let layer = assignments[node.id]?.layer
        let blocks = inputs.catalog.patterns.filter { entry in
            entry.module == node.id
                || entry.appliesTo.contains { $0.name == node.id || ($0.kind == .layer && $0.name == layer) }
        }
        let mentions = (inputs.mentions[node.id] ?? []).filter { $0 != path }
        var values: TemplateObject = [
            "module": .object(["name": .text(node.id), "kind": .text(node.kind.rawValue)]),
            "hasViolations": .bool(!violations.isEmpty),
            "violations": .list(violations.map { .object(violationValue($0, from: path)) }),
            "dependsOn": .object(
                edgeTableValue(
                    model.outgoing[node.id] ?? [], other: \.to, from: path,
                    empty: "\(node.id) depends on no other module.")),
            "usedBy": .object(
                edgeTableValue(
                    model.incoming[node.id] ?? [], other: \.from, from: path,
                    empty: "No module of the graph uses \(node.id).")),
            "hasGuidance": .bool(!blocks.isEmpty),
            "guidance": .list(
                blocks.map { entry in
                    let why: String
                    if entry.module == node.id, case .code(_, let file) = entry.source {
                        why = "in \(file)"
                    } else if entry.appliesTo.contains(where: { $0.name == node.id }) {
                        why = "applies to \(node.id)"
                    } else {
                        why = layer.map { "applies to the \($0) layer" } ?? ""
                    }
                    return .object(guidanceValue(entry, from: path, why: why))
                }),
            "hasMentions": .bool(!mentions.isEmpty),
            "mentions": .list(
                mentions.map {
                    .object([
                        "title": .text(inputs.titles[$0] ?? $0), "href": .text(SitePath.relativeURL(from: path, to: $0))
                    ])
                })
        ]
        if let catalog = siteMap.catalogs[node.id] {
            values["documentation"] = .object([
                "title": .text(catalog.title), "href": .text(SitePath.relativeURL(from: path, to: catalog.outputPath))
            ])
        }
        let id = ArchitectureSiteMap.moduleDiagramID(node.id)
        if let diagram = diagramValue(inputs.diagrams[id], drawing: inputs.drawings[id], legend: true) {
            values["diagram"] = .object(diagram)
        }
        let components = model.components.components(of: node.id)
        values["hasComponents"] = .bool(!components.isEmpty)
        if !components.isEmpty {
            let count = components.count
            values["componentsText"] = .text(
                "Layers of files or types divide \(node.id) into \(count) component\(count == 1 ? "" : "s"), drawn "
                    + "here in their layers' bands: "
                    + "a component's page lists its types and files, what references each type, and the references "
                    + "between components."
            )
            values["components"] = .list(componentRows(components, index: inputs.components, from: path))
            let diagramID = ArchitectureSiteMap.componentDiagramID(node.id)
            if let diagram = diagramValue(
                inputs.diagrams[diagramID], drawing: inputs.drawings[diagramID], legend: false)
            {
                values["componentDiagram"] = .object(["diagram": .object(diagram)])
            }
        }

        // The template writes these headings; the page's table of contents lists them.
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        if !violations.isEmpty { section("Violations", "violations") }
        if !components.isEmpty { section("Components", "components") }
        section("Depends on", "depends-on")
        section("Used by", "used-by")
        if !blocks.isEmpty { section("Guidance", "guidance") }
        if !mentions.isEmpty { section("Mentioned in", "mentioned-in") }

        // An Xcode target says what it builds (app, framework…), as Xcode's editor does.
        let kind = node.productType.map { "\($0) (Xcode target)" } ?? node.kind.rawValue
        var metadata = [entry("kind", kind, location)]
        if let package = node.package { metadata.append(entry("package", package, location)) }
        if let assignment = assignments[node.id] {
            metadata.append(entry("layer", "\(assignment.layer) (from \(assignment.source.description))", location))
        } else if !layers.isEmpty {
            metadata.append(entry("layer", "none", location))
        }
        if let folder = node.sourcePath {
            let files = node.sourceFiles.count
            let lines = node.sourceLineCount
            metadata.append(
                entry(
                    "source", "\(folder), \(files) file\(files == 1 ? "" : "s"), \(lines) line\(lines == 1 ? "" : "s")",
                    location))
        }
        if let declared = node.location { metadata.append(entry("declared", declared.description, location)) }
        return Page(
            sourcePath: node.location?.path ?? "", outputPath: path, title: node.id,
            description:
                "The \(node.productType ?? node.kind.rawValue) module \(node.id): its layer, dependencies and "
                + "violations.",
            metadata: metadata, headings: headings, contentHTML: try inputs.render(values, template: "module")
        )
    }

    func entry(_ key: String, _ value: String, _ location: SourceLocation) -> MetadataEntry {
        MetadataEntry(key: key, value: value, location: location, origin: .frontMatter)
    }
}
