import StrataCore
import StrataTemplates

/// The typed values the architecture templates receive (see the Themes page of the manual
/// for each name), built from the architecture. Every key a template tests is always set,
/// so a name missing here is never found in an enclosing section instead.
extension ArchitecturePages {
    /// A module named on a page (`partials/module-chip`).
    func chipValue(_ name: String, from path: String) -> TemplateObject {
        let isLink = graph.node(name)?.isTarget == true
        return [
            "name": .text(name), "isLink": .bool(isLink),
            "href": .text(isLink ? SitePath.relativeURL(from: path, to: self.path(of: name)) : "")
        ]
    }

    /// A layer named on a page (`partials/layer-link`).
    func layerValue(_ layer: String, from path: String) -> TemplateObject {
        let target = layerPaths[layer]
        return [
            "name": .text(layer), "isLink": .bool(target != nil),
            "href": .text(target.map { SitePath.relativeURL(from: path, to: $0) } ?? "")
        ]
    }

    /// `hasEvidence` and `evidence` (`partials/evidence-list`), added to `values`.
    func addEvidence(_ evidence: [Evidence], to values: inout TemplateObject) {
        values["hasEvidence"] = .bool(!evidence.isEmpty)
        values["evidence"] = .list(
            evidence.map { .object(["place": .text($0.location.description), "what": .text($0.summary)]) })
    }

    /// One violation (`partials/violation-row`).
    func violationValue(_ violation: Violation, from path: String) -> TemplateObject {
        let involved = Array(Set(violation.modules)).sorted().filter { graph.node($0)?.isTarget == true }
        var values: TemplateObject = [
            "severity": .text(violation.severity.rawValue), "ruleID": .text(violation.ruleID),
            "message": .text(violation.message),
            "hasInvolved": .bool(!involved.isEmpty),
            "involved": .list(
                involved.enumerated().map { index, module in
                    var chip = chipValue(module, from: path)
                    chip["isFirst"] = .bool(index == 0)
                    return .object(chip)
                }),
            "hasBecause": .bool(violation.rationale.because != nil),
            "because": .text(violation.rationale.because ?? ""),
            "hasSee": .bool(violation.rationale.seeTarget != nil)
        ]
        if let target = violation.rationale.seeTarget {
            let href =
                target.hasPrefix("http://") || target.hasPrefix("https://") ? target : Self.href(from: path, to: target)
            values["see"] = .object(["label": .text(violation.rationale.see ?? target), "href": .text(href)])
        }
        addEvidence(violation.evidence, to: &values)
        return values
    }

    /// A module's dependencies one way (`partials/edge-table`).
    func edgeTableValue(_ edges: [ModuleEdge], other: KeyPath<ModuleEdge, String>, from path: String, empty: String)
        -> TemplateObject
    {
        let rows = edges.map { edge -> TemplateValue in
            let name = edge[keyPath: other]
            let rules = model.rules(of: edge)
            let layer = assignments[name]?.layer
            var row: TemplateObject = [
                "module": .object(chipValue(name, from: path)),
                "hasLayer": .bool(layer != nil),
                "layer": .object(layer.map { layerValue($0, from: path) } ?? [:]),
                "kind": .text(edge.kind),
                "hasRelation": .bool(edge.relation != .declaredAndImported && edge.relation != .declaredOnly),
                "relation": .text(edge.relation.rawValue),
                "isConditional": .bool(edge.isConditional),
                "isViolating": .bool(!rules.isEmpty),
                "rules": .list(
                    rules.map {
                        .object([
                            "id": .text($0),
                            "href": .text(
                                SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + $0)
                        ])
                    })
            ]
            addEvidence(edge.evidence, to: &row)
            return .object(row)
        }
        return ["isEmpty": .bool(edges.isEmpty), "emptyText": .text(empty), "rows": .list(rows)]
    }

    /// A laid-out diagram (`partials/diagram-frame`), or nil when the page has none.
    func diagramValue(_ diagram: Diagram?, drawing: DiagramDrawing?, legend: Bool) -> TemplateObject? {
        guard let diagram else { return nil }
        var values: TemplateObject = [
            "id": .text(diagram.id), "title": .text(diagram.title), "notes": .list(diagram.notes.map { .text($0) }),
            "legend": .bool(legend),
            "hasSVG": false, "svg": "", "failed": false, "reason": "", "missing": false,
            "hasMarkers": .bool(!diagram.markers.isEmpty),
            "markers": .list(
                diagram.markers.map { marker in
                    .object([
                        "number": .number(marker.number), "rules": .text(marker.rules.joined(separator: ", ")),
                        "from": .text(marker.from), "to": .text(marker.to),
                        "hasCount": .bool(marker.count > 1), "count": .number(marker.count), "href": .text(marker.href)
                    ])
                })
        ]
        switch drawing {
        case .svg(let svg):
            values["hasSVG"] = true
            values["svg"] = .text(DiagramFigure.titled(svg, diagram.title))
        case .failed(let reason):
            values["failed"] = true
            values["reason"] = .text(reason)
        case nil:
            values["missing"] = true
        }
        return values
    }

    /// A guidance block listed on a page (`partials/guidance-list`).
    func guidanceValue(_ entry: GuidanceEntry, from path: String, why: String) -> TemplateObject {
        [
            "kind": .text(entry.block.kind.rawValue), "kindLabel": .text(entry.block.kind.label),
            "title": .text(GuidancePages.title(of: entry.block)),
            "href": .text(SitePath.relativeURL(from: path, to: entry.pagePath)),
            "hasWhy": .bool(!why.isEmpty), "why": .text(why)
        ]
    }

    /// What `partials/modules-table` reads besides the rows: which of the columns that can be
    /// the same on every row (kind, layer, package) are shown, and a line above the table
    /// saying what a column left out would have said on every row.
    func modulesTableColumns(_ modules: [ModuleNode]) -> TemplateObject {
        let kinds = Set(modules.map { $0.productType ?? $0.kind.rawValue })
        let layers = Set(modules.map { assignments[$0.id]?.layer ?? "" })
        let packages = Set(modules.map { $0.package ?? "" })
        var common: [String] = []
        if modules.count > 1, kinds.count == 1, let kind = kinds.first {
            common.append(("aeiou".contains(kind.prefix(1)) ? "an " : "a ") + "\(kind) target")
        }
        if modules.count > 1, layers.count == 1, let layer = layers.first, !layer.isEmpty {
            common.append("in the layer \(layer)")
        }
        if modules.count > 1, packages.count == 1, let package = packages.first, !package.isEmpty {
            common.append("in the package \(package)")
        }
        let text = common.isEmpty ? "" : "Every module here is " + common.joined(separator: ", ") + "."
        return [
            "showKind": .bool(modules.count <= 1 || kinds.count > 1),
            "showLayer": .bool(modules.count <= 1 || layers.count > 1),
            "showPackage": .bool(modules.count <= 1 || packages.count > 1), "hasCommon": .bool(!text.isEmpty),
            "common": .text(text)
        ]
    }

    /// Modules as `partials/modules-table` lists them: by group, bottom-up, then by name.
    func modulesTableRows(_ modules: [ModuleNode], from path: String) -> [TemplateValue] {
        let sorted = modules.sorted { lhs, rhs in
            let left = model.groupOfModule[lhs.id] ?? Int.max
            let right = model.groupOfModule[rhs.id] ?? Int.max
            return (left, lhs.id) < (right, rhs.id)
        }
        return sorted.map { node in
            let layer = assignments[node.id]?.layer
            return .object([
                "chip": .object(chipValue(node.id, from: path)), "kind": .text(node.productType ?? node.kind.rawValue),
                "hasLayer": .bool(layer != nil), "layer": .object(layer.map { layerValue($0, from: path) } ?? [:]),
                "package": .text(node.package ?? ""), "files": .number(node.sourceFiles.count),
                "lines": .number(node.sourceLineCount),
                "uses": .number(model.outgoing[node.id]?.count ?? 0),
                "usedBy": .number(model.incoming[node.id]?.count ?? 0),
                "violations": .number(model.violationsByModule[node.id]?.count ?? 0)
            ])
        }
    }
}
