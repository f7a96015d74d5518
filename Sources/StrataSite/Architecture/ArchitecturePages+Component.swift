import StrataCore
import StrataTemplates

/// A component's page (the part of a module one layer of files or types holds): its
/// types, with who references each; its files, with why each is in the layer; the
/// references out to and in from other components, with their places; its violations.
extension ArchitecturePages {
    /// Places listed per pair of types before the rest are counted.
    static let listedPlaces = 5

    func componentPage(_ component: ComponentGraph.Component, index: ComponentIndex, _ inputs: PageInputs) throws
        -> Page
    {
        let path = ArchitectureSiteMap.componentPath(component.id)
        let location = component.files.first.map { SourceLocation(path: $0.name) } ?? SourceLocation(path: "strata.yml")
        let violations = index.violations(of: component)
        let outgoing = index.outgoing[component.id] ?? []
        let incoming = index.incoming[component.id] ?? []
        let typeCount = component.types.count
        let fileCount = component.files.count
        var values: TemplateObject = [
            "component": .object([
                "module": .text(component.module), "layer": .object(layerValue(component.layer, from: path))
            ]),
            "summary": .text(
                "The part of \(component.module) in the \(component.layer) layer: \(typeCount) "
                    + "type\(typeCount == 1 ? "" : "s") in \(fileCount) file\(fileCount == 1 ? "" : "s"), "
                    + "\(outgoing.count) reference\(outgoing.count == 1 ? "" : "s") to other components and "
                    + "\(incoming.count) from them."
            ),
            "moduleHref": .text(SitePath.relativeURL(from: path, to: self.path(of: component.module)) + "#components"),
            "moduleName": .text(component.module),
            "hasTypes": .bool(!component.types.isEmpty),
            "types": .list(typeRows(component, index: index, from: path)),
            "hasFiles": .bool(!component.files.isEmpty),
            "files": .list(component.files.map { .object(["path": .text($0.name), "origin": .text($0.origin)]) }),
            "uses": .object(
                referenceGroups(
                    outgoing, outward: true, from: path,
                    empty: "Code of \(component.id) names no type of another component.")),
            "usedBy": .object(
                referenceGroups(
                    incoming, outward: false, from: path,
                    empty: "No code of another component names a type of \(component.id).")),
            "hasViolations": .bool(!violations.isEmpty),
            "violations": .list(violations.map { .object(violationValue($0, from: path)) })
        ]
        values["layerName"] = .text(component.layer)
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        if !component.types.isEmpty { section("Types", "types") }
        if !component.files.isEmpty { section("Files", "files") }
        section("Uses", "uses")
        section("Used by", "used-by")
        if !violations.isEmpty { section("Violations", "violations") }
        let metadata = [
            entry("module", component.module, location), entry("layer", component.layer, location),
            entry(
                "size", "\(typeCount) type\(typeCount == 1 ? "" : "s"), \(fileCount) file\(fileCount == 1 ? "" : "s")",
                location)
        ]
        var page = Page(
            sourcePath: location.path, outputPath: path, title: "\(component.module) · \(component.layer)",
            description:
                "The \(component.layer) component of \(component.module): its types and files, and the references "
                + "between it and other components.",
            metadata: metadata, headings: headings, contentHTML: try inputs.render(values, template: "component")
        )
        page.isListedInNavigation = false
        return page
    }

    /// The types of the component, each with what references it (by type, or by file for
    /// code outside any type) and what its own code names.
    private func typeRows(_ component: ComponentGraph.Component, index: ComponentIndex, from path: String)
        -> [TemplateValue]
    {
        // Links to a component's page (or a module's), worked out once per page.
        var pageLinks: [ComponentGraph.ComponentID: String] = [:]
        func link(to other: ComponentGraph.ComponentID) -> String {
            if let known = pageLinks[other] { return known }
            var href = ""
            if index.components[other] != nil {
                href = SitePath.relativeURL(from: path, to: ArchitectureSiteMap.componentPath(other))
            } else if graph.node(other.module)?.isTarget == true {
                href = SitePath.relativeURL(from: path, to: self.path(of: other.module))
            }
            pageLinks[other] = href
            return href
        }
        func named(
            _ references: [ComponentGraph.Reference],
            by name: (ComponentGraph.Reference) -> (String, ComponentGraph.ComponentID, String?)
        ) -> [TemplateValue] {
            var seen: Set<ComponentIndex.TypeKey> = []
            var list: [TemplateValue] = []
            for reference in references {
                let (label, other, type) = name(reference)
                guard seen.insert(ComponentIndex.TypeKey(module: other.module, type: label)).inserted else { continue }
                var href = link(to: other)
                if !href.isEmpty, index.components[other] != nil, let type {
                    href += "#" + ArchitectureSiteMap.typeAnchor(type)
                }
                list.append(
                    .object([
                        "name": .text(label), "href": .text(href), "isLink": .bool(!href.isEmpty),
                        "isFirst": .bool(list.isEmpty)
                    ]))
            }
            return list
        }
        return component.types.map { type in
            let inward = index.referencesTo[ComponentIndex.key(component.module, type.name)] ?? []
            let outward =
                type.name.contains(".")
                ? [] : (index.referencesFrom[ComponentIndex.key(component.module, type.name)] ?? [])
            let referencedBy = named(inward) { ($0.source, $0.from, $0.fromType) }
            let uses = named(outward) { ($0.toType, $0.to, String($0.toType.split(separator: ".").first ?? "")) }
            let reference = siteMap.referencePages[component.module]?[type.name]
            return .object([
                "anchor": .text(ArchitectureSiteMap.typeAnchor(type.name)), "name": .text(type.name),
                "apiHref": reference.map { .text(SitePath.relativeURL(from: path, to: $0)) } ?? .bool(false),
                "kind": .text(type.kind?.rawValue ?? ""),
                "origin": .text(type.origin), "place": .text(type.location?.description ?? ""),
                "hasReferencedBy": .bool(!referencedBy.isEmpty), "referencedBy": .list(referencedBy),
                "referenceCount": .number(inward.count),
                "hasUses": .bool(!uses.isEmpty), "uses": .list(uses)
            ])
        }
    }

    /// References to (or from) other components, one group per component, one row per pair
    /// of types with its places (`partials/reference-groups`).
    private func referenceGroups(
        _ references: [ComponentGraph.Reference], outward: Bool, from path: String, empty: String
    ) -> TemplateObject {
        var order: [ComponentGraph.ComponentID] = []
        var byOther: [ComponentGraph.ComponentID: [ComponentGraph.Reference]] = [:]
        for reference in references {
            let other = outward ? reference.to : reference.from
            if byOther[other] == nil { order.append(other) }
            byOther[other, default: []].append(reference)
        }
        let allowedLayer = { (from: String, to: String) in from == to || model.allows(from, to) }
        let groups = order.sorted().map { other -> TemplateValue in
            let list = byOther[other] ?? []
            var pairs: [String] = []
            var byPair: [String: [ComponentGraph.Reference]] = [:]
            for reference in list {
                let key = reference.source + "\u{0}" + reference.toType
                if byPair[key] == nil { pairs.append(key) }
                byPair[key, default: []].append(reference)
            }
            let rows = pairs.map { key -> TemplateValue in
                let group = byPair[key] ?? []
                let first = group[0]
                let places = group.prefix(Self.listedPlaces).map { reference -> TemplateValue in
                    .object([
                        "place": .text(reference.location.description), "what": .text(Self.describe(reference.kind))
                    ])
                }
                return .object([
                    "from": .text(first.source), "to": .text(first.toType), "count": .number(group.count),
                    "hasEvidence": .bool(!places.isEmpty), "evidence": .list(places),
                    "hasMore": .bool(group.count > places.count), "moreCount": .number(group.count - places.count)
                ])
            }
            let from = outward ? list[0].from.layer : other.layer
            let to = outward ? other.layer : list[0].to.layer
            var href = ""
            if graph.node(other.module)?.isTarget == true {
                href = SitePath.relativeURL(
                    from: path,
                    to: model.components.components.contains { $0.id == other }
                        ? ArchitectureSiteMap.componentPath(other) : self.path(of: other.module))
            }
            return .object([
                "name": .text(other.description), "href": .text(href), "isLink": .bool(!href.isEmpty),
                "count": .number(list.count),
                "isAllowed": .bool(allowedLayer(from, to)), "rows": .list(rows)
            ])
        }
        return ["isEmpty": .bool(groups.isEmpty), "emptyText": .text(empty), "groups": .list(groups)]
    }

    static func describe(_ kind: TypeReference.Kind) -> String {
        switch kind {
        case .type: "type annotation"
        case .inheritance: "inherits or conforms"
        case .extension: "extends"
        case .initializer: "creates"
        case .staticMember: "static member"
        case .attribute: "attribute"
        case .keyPath: "key path"
        }
    }

    /// The components of a module as table rows (`partials/components-table`).
    func componentRows(_ components: [ComponentGraph.Component], index: ComponentIndex, from path: String)
        -> [TemplateValue]
    {
        components.map { component in
            .object([
                "name": .text(component.id.description),
                "href": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.componentPath(component.id))),
                "layer": .object(layerValue(component.layer, from: path)), "types": .number(component.types.count),
                "files": .number(component.files.count),
                "uses": .number(index.outgoing[component.id]?.count ?? 0),
                "usedBy": .number(index.incoming[component.id]?.count ?? 0),
                "violations": .number(index.violations(of: component).count)
            ])
        }
    }
}
