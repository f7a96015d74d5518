import StrataCore
import StrataTemplates

/// A layer's page: its diagram, its modules, the layers it uses and is used by, its
/// violations and the guidance that applies to it.
extension ArchitecturePages {
    func layerPage(_ index: Int, at path: String, _ inputs: PageInputs) throws -> Page {
        let group = model.groups[index]
        let declaration = layers.first { $0.name == group.name }
        let location = declaration?.location ?? SourceLocation(path: "strata.yml")
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }

        let allowed = layers.allowedUses(of: group.name)
        let listed = allowed.prefix(Self.listedLayers)
        let memberSet = Set(group.modules)
        let members = graph.nodes.filter { memberSet.contains($0.id) }
        var uses: [Int: [ModuleEdge]] = [:]
        var usedBy: [Int: [ModuleEdge]] = [:]
        for edge in graph.edges {
            let fromInside = memberSet.contains(edge.from)
            let toInside = memberSet.contains(edge.to)
            if fromInside, !toInside, let other = model.groupOfModule[edge.to] { uses[other, default: []].append(edge) }
            if toInside, !fromInside, let other = model.groupOfModule[edge.from] {
                usedBy[other, default: []].append(edge)
            }
        }
        // Files of this layer (layers inside a target), and the violations made in them.
        let files = model.fileLayers.filter { $0.value == group.name }.keys.sorted()
        let components = inputs.components.components(inLayer: group.name)
        let fileSet = Set(files)
        let inFiles =
            files.isEmpty
            ? []
            : model.report.violations.filter { $0.evidence.first.map { fileSet.contains($0.location.path) } == true }
        let violations = Set(group.modules.flatMap { model.violationsByModule[$0] ?? [] } + inFiles).sorted()
        let blocks = inputs.catalog.patterns.filter { entry in
            entry.appliesTo.contains { $0.kind == .layer && $0.name == group.name }
                || entry.module.map(memberSet.contains) == true
        }
        var values: TemplateObject = [
            "layer": .object(["name": .text(group.name)]),
            "modulesText": .text(
                "\(group.modules.count) module\(group.modules.count == 1 ? "" : "s")"
                    + (files.isEmpty ? "" : ", \(files.count) file\(files.count == 1 ? "" : "s") of modules") + ". "
            ),
            "hasComponents": .bool(!components.isEmpty),
            "components": .list(componentRows(components, index: inputs.components, from: path)),
            "hasFiles": .bool(!files.isEmpty),
            "files": .list(files.map { .object(["path": .text($0)]) }),
            "mayUseNothing": .bool(allowed.isEmpty),
            "mayUse": .list(
                listed.enumerated().map { position, other in
                    var layer = layerValue(other, from: path)
                    layer["separator"] = .text(position == 0 ? "" : position == allowed.count - 1 ? " and " : ", ")
                    return .object(layer)
                }),
            "hasMore": .bool(allowed.count > listed.count), "moreCount": .number(allowed.count - listed.count),
            "mayUseSource": .text(
                declaration?.mayUse == nil ? " (every layer declared before it)." : " (its may_use: list)."),
            "allLayersHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.indexPath) + "#layers"),
            "hasModules": .bool(!members.isEmpty),
            "modules": .list(modulesTableRows(members, from: path)),
            "moduleColumns": .object(modulesTableColumns(members)),
            "uses": .object(
                layerEdgesValue(
                    uses, outward: true, from: path,
                    empty: "Modules of \(group.name) use no module of another layer.")),
            "usedBy": .object(
                layerEdgesValue(
                    usedBy, outward: false, from: path, empty: "No module of another layer uses \(group.name).")),
            "hasViolations": .bool(!violations.isEmpty),
            "violations": .list(violations.map { .object(violationValue($0, from: path)) }),
            "hasGuidance": .bool(!blocks.isEmpty),
            "guidance": .list(
                blocks.map { entry in
                    let why =
                        entry.module.map(memberSet.contains) == true
                        ? "in \(entry.module ?? "")" : "applies to the layer"
                    return .object(guidanceValue(entry, from: path, why: why))
                })
        ]
        let id = ArchitectureSiteMap.layerDiagramID(layerPage: path)
        if let diagram = diagramValue(inputs.diagrams[id], drawing: inputs.drawings[id], legend: true) {
            values["diagram"] = .object(diagram)
        }
        section("Modules", "modules")
        if !components.isEmpty { section("Components", "components") }
        if !files.isEmpty { section("Files", "files") }
        section("Uses", "uses")
        section("Used by", "used-by")
        if !violations.isEmpty { section("Violations", "violations") }
        if !blocks.isEmpty { section("Guidance", "guidance") }

        var metadata: [MetadataEntry] = []
        if let declared = declaration?.location { metadata.append(entry("declared", declared.description, location)) }
        if let declaration, !declaration.modules.isEmpty {
            // A long list of names would push the diagram off the screen; the table lists them all.
            let patterns = declaration.modules.map(\.pattern)
            let shown =
                patterns.count > 8
                ? patterns.prefix(6).joined(separator: ", ") + " and \(patterns.count - 6) more"
                : patterns.joined(separator: ", ")
            metadata.append(entry("modules", shown, location))
        }
        return Page(
            sourcePath: location.path, outputPath: path, title: "\(group.name) layer",
            description: "The \(group.name) layer: its modules, what it may use, and its dependencies.",
            weight: 1000 + index, metadata: metadata, headings: headings,
            contentHTML: try inputs.render(values, template: "layer")
        )
    }

    /// Dependencies to (or from) other layers, one row per layer, each with its modules
    /// (`partials/layer-edge-table`).
    private func layerEdgesValue(_ byGroup: [Int: [ModuleEdge]], outward: Bool, from path: String, empty: String)
        -> TemplateObject
    {
        let rows = byGroup.keys.sorted().reversed().map { other -> TemplateValue in
            let edges = byGroup[other] ?? []
            let otherGroup = model.groups[other]
            let thisLayer = outward ? edges[0].from : edges[0].to
            let here = model.groupOfModule[thisLayer].map { model.groups[$0] }
            let judged = otherGroup.isLayer && here?.isLayer == true
            let allowed =
                !judged
                || (outward
                    ? model.allows(here?.name ?? "", otherGroup.name) : model.allows(otherGroup.name, here?.name ?? ""))
            return .object([
                "isLayer": .bool(otherGroup.isLayer), "layer": .object(layerValue(otherGroup.name, from: path)),
                "groupName": .text(otherGroup.name),
                "isJudged": .bool(judged), "isAllowed": .bool(allowed),
                "edges": .list(
                    edges.map { edge in
                        .object([
                            "isViolating": .bool(!model.rules(of: edge).isEmpty),
                            "from": .object(chipValue(edge.from, from: path)),
                            "to": .object(chipValue(edge.to, from: path)), "kind": .text(edge.kind)
                        ])
                    })
            ])
        }
        return ["isEmpty": .bool(byGroup.isEmpty), "emptyText": .text(empty), "rows": .list(rows)]
    }
}
