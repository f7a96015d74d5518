import StrataCore

/// The diagram of one module's components: its layers of files and types as bands, bottom
/// layer lowest; inside each band the module's types (up to `typeLimit` of them) or one box
/// per component; the types of other modules its code names, one box per module (per layer
/// when they are many);
/// and the references between them, aggregated into one arrow per pair with their count.
/// An arrow any of whose references is evidence of a violation is drawn red and links to it.
struct ComponentDiagram: Sendable {
    let model: ArchitectureModel
    let siteMap: ArchitectureSiteMap

    /// More top-level types than this in a module and each component is one box.
    static let typeLimit = 40
    /// More modules than this named from the module and each of their layers is one box.
    static let moduleLimit = 8

    struct Node {
        var id: String
        var layer: String
        var attributes: [(String, String)]
    }

    func diagram(of module: String, id: String, at page: String) -> Diagram {
        let graph = model.components
        let components = graph.components(of: module)
        let references = graph.references.filter { $0.from.module == module }
        let topLevel = components.flatMap { component in component.types.filter { !$0.name.contains(".") } }
        let byType = topLevel.count <= Self.typeLimit && !topLevel.isEmpty
        let layerIndex = Dictionary(
            model.layers.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })

        var nodes: [String: Node] = [:]
        func add(_ node: Node) { if nodes[node.id] == nil { nodes[node.id] = node } }
        func componentNode(_ layer: String, label: String? = nil) -> String {
            let nodeID = "c:\(layer)"
            guard nodes[nodeID] == nil, let component = components.first(where: { $0.layer == layer }) else {
                return nodeID
            }
            let types = component.types.count
            let files = component.files.count
            add(
                Node(
                    id: nodeID, layer: layer,
                    attributes: [
                        (
                            "label",
                            label
                                ?? "\(layer)\n\(types) type\(types == 1 ? "" : "s") · \(files) "
                                + "file\(files == 1 ? "" : "s")"
                        ),
                        ("class", "component \(Self.tone(layerIndex[layer]))"),
                        ("fillcolor", Self.fill(layerIndex[layer])),
                        ("href", SitePath.relativeURL(from: page, to: ArchitectureSiteMap.componentPath(component.id))),
                        (
                            "tooltip",
                            "\(module) · \(layer): \(types) type\(types == 1 ? "" : "s"), \(files) "
                                + "file\(files == 1 ? "" : "s")"
                        )
                    ]))
            return nodeID
        }
        var typeNodes: [String: String] = [:]
        if byType {
            for component in components {
                for type in component.types where !type.name.contains(".") {
                    let nodeID = "t:\(type.name)"
                    typeNodes[type.name] = nodeID
                    add(
                        Node(
                            id: nodeID, layer: component.layer,
                            attributes: [
                                ("label", type.name),
                                ("class", "component-type \(Self.tone(layerIndex[component.layer]))"),
                                ("fillcolor", Self.fill(layerIndex[component.layer])),
                                (
                                    "href",
                                    SitePath.relativeURL(
                                        from: page, to: ArchitectureSiteMap.componentPath(component.id)) + "#"
                                        + ArchitectureSiteMap.typeAnchor(type.name)
                                ),
                                (
                                    "tooltip",
                                    "\(type.kind?.rawValue ?? "type") \(type.name) · \(component.layer) "
                                        + "(\(type.origin))"
                                )
                            ]))
                }
                // A component of files without types of their own (extensions only) is one box.
                if !component.types.contains(where: { !$0.name.contains(".") }) { _ = componentNode(component.layer) }
            }
        } else {
            for component in components { _ = componentNode(component.layer) }
        }

        // Where each reference is drawn from and to.
        func source(_ reference: ComponentGraph.Reference) -> String {
            if byType, let type = reference.fromType, let nodeID = typeNodes[type] { return nodeID }
            return componentNode(
                reference.from.layer, label: byType ? "\(reference.from.layer)\ncode outside its types" : nil)
        }
        let others = Set(references.map(\.to).filter { $0.module != module })
        let byLayer = Set(others.map(\.module)).count > Self.moduleLimit
        func target(_ reference: ComponentGraph.Reference) -> String {
            if reference.to.module == module {
                let outermost = String(reference.toType.split(separator: ".").first ?? Substring(reference.toType))
                if byType, let nodeID = typeNodes[outermost] { return nodeID }
                return componentNode(reference.to.layer)
            }
            if byLayer {
                let layer = reference.to.layer
                let nodeID = "l:\(layer)"
                let modules = Set(others.filter { $0.layer == layer }.map(\.module)).sorted()
                var attributes = [
                    ("label", modules.count == 1 ? modules[0] : "\(modules.count) modules"),
                    ("class", "group-node external \(Self.tone(layerIndex[layer]))"), ("style", "rounded,dashed"),
                    ("fillcolor", "#ffffff"), ("tooltip", "The modules of layer \(layer) that \(module) names types of")
                ]
                if let path = siteMap.path(ofLayer: layer) {
                    attributes.append(("href", SitePath.relativeURL(from: page, to: path)))
                }
                add(Node(id: nodeID, layer: layer, attributes: attributes))
                return nodeID
            }
            let nodeID = "m:\(reference.to.module):\(reference.to.layer)"
            add(
                Node(
                    id: nodeID, layer: reference.to.layer,
                    attributes: [
                        ("label", reference.to.module),
                        ("class", "module external \(Self.tone(layerIndex[reference.to.layer]))"),
                        ("style", "rounded,dashed"),
                        ("fillcolor", "#ffffff"),
                        ("href", SitePath.relativeURL(from: page, to: siteMap.path(of: reference.to.module))),
                        ("tooltip", "\(reference.to.module) · layer \(reference.to.layer)")
                    ]))
            return nodeID
        }

        // Violations whose evidence is a reference of this module, by place.
        var rulesAt: [SourceLocation: Set<String>] = [:]
        for violation in model.violationsByModule[module] ?? [] {
            for evidence in violation.evidence where evidence.kind == .reference {
                rulesAt[evidence.location, default: []].insert(violation.ruleID)
            }
        }
        var arrows: [String: (from: String, to: String, count: Int, rules: Set<String>, samples: [String])] = [:]
        for reference in references {
            let from = source(reference)
            let to = target(reference)
            guard from != to else { continue }
            let key = from + "\u{0}" + to
            var arrow = arrows[key] ?? (from, to, 0, [], [])
            arrow.count += 1
            arrow.rules.formUnion(rulesAt[reference.location] ?? [])
            if arrow.samples.count < 6 {
                arrow.samples.append("\(reference.source) → \(reference.toType) (\(reference.location))")
            }
            arrows[key] = arrow
        }

        var dot = DOTText()
        // Top band first: the layer declared last. Each band's boxes in rows (see BandRows),
        // closer together than a module diagram's: a component diagram's width goes to the
        // arrows between its few boxes.
        let bands = Set(nodes.values.map(\.layer)).sorted {
            (layerIndex[$0] ?? .max, $0) > (layerIndex[$1] ?? .max, $1)
        }
        var bandRows: [(band: Int, rows: [[String]])] = []
        for (position, layer) in bands.enumerated() {
            let index = layerIndex[layer]
            dot.open("subgraph \(DOTText.quote("cluster_\(position)"))")
            var attributes = [
                ("id", "\(ArchitectureDiagrams.svgID(id)).band-\(position)"), ("label", layer),
                ("class", "band \(Self.tone(index))"),
                ("style", "rounded,filled"), ("fillcolor", "#f8fafc"),
                (
                    "color",
                    index.map { ArchitectureDiagrams.strokes[$0 % ArchitectureDiagrams.strokes.count] } ?? "#94a3b8"
                ),
                ("labeljust", "l"), ("fontsize", "12"), ("tooltip", "Layer \(layer)")
            ]
            if let path = siteMap.path(ofLayer: layer) {
                attributes.append(("href", SitePath.relativeURL(from: page, to: path)))
            }
            for (key, value) in attributes { dot.line("\(key)=\(DOTText.quote(value, isLabel: key == "label"));") }
            let members = nodes.values.filter { $0.layer == layer }.sorted { $0.id < $1.id }
            for node in members { dot.node(node.id, node.attributes) }
            let rows = BandRows.rows(members.map(\.id), gap: Self.gap) { nodeID in
                let label = nodes[nodeID]?.attributes.first { $0.0 == "label" }?.1 ?? nodeID
                return label.split(separator: "\n").map { BandRows.boxWidth(String($0)) }.max()
                    ?? BandRows.boxWidth(label)
            }
            BandRows.write(rows, into: &dot)
            // Bands go top-down here: the first is the highest.
            bandRows.append((bands.count - position, rows))
            dot.close()
        }
        BandRows.stack(bandRows, into: &dot)
        var markers: [Diagram.Marker] = []
        for key in arrows.keys.sorted() {
            guard let arrow = arrows[key], let fromLayer = nodes[arrow.from]?.layer,
                let toLayer = nodes[arrow.to]?.layer
            else { continue }
            let rules = arrow.rules.sorted()
            var attributes = [("class", "dep reference" + (rules.isEmpty ? "" : " violation"))]
            var label = arrow.count > 1 ? "\(arrow.count)" : ""
            if !rules.isEmpty {
                // A short number on the arrow; the list under the diagram names the rules.
                let href = SitePath.relativeURL(from: page, to: ArchitectureSiteMap.violationsPath) + "#" + rules[0]
                markers.append(
                    Diagram.Marker(
                        number: markers.count + 1, rules: rules, from: Self.name(of: arrow.from, module: module),
                        to: Self.name(of: arrow.to, module: module),
                        count: arrow.count, href: href
                    ))
                label += (label.isEmpty ? "" : " · ") + "⚠\(markers.count)"
                attributes += [
                    ("color", ArchitectureDiagrams.violationColor), ("fontcolor", ArchitectureDiagrams.violationColor),
                    ("penwidth", "1.6"), ("href", href)
                ]
            }
            if !label.isEmpty { attributes.append(("xlabel", label)) }
            if (layerIndex[toLayer] ?? 0) > (layerIndex[fromLayer] ?? 0) { attributes.append(("constraint", "false")) }
            let more = arrow.count > arrow.samples.count ? "\n…" : ""
            attributes.append(
                (
                    "tooltip",
                    "\(arrow.count) reference\(arrow.count == 1 ? "" : "s")"
                        + (rules.isEmpty ? "" : ", breaking \(rules.joined(separator: ", "))") + ":\n"
                        + arrow.samples.joined(separator: "\n") + more
                ))
            dot.edge(arrow.from, arrow.to, attributes)
        }
        let title = "\(module): its components by layer and the references between them"
        let note =
            byType
            ? "Each box is a type; an arrow counts the places where code of one names the other."
            : topLevel.count > Self.typeLimit
                ? "\(module) has \(topLevel.count) types, more than \(Self.typeLimit): each box is a component, and "
                    + "an arrow counts the places where its code names a type of the other."
                : "Each box is a component (its files declare no type of their own); an arrow counts the places "
                    + "where its code names a type of the other."
        var settings = ArchitectureDiagrams.graphSettings(id: id, title: title)
        settings.append("graph [nodesep=\"\(Self.gap / 72)\"];")
        return Diagram(
            id: id, pagePath: page, title: title, dot: dot.graph(named: id, settings: settings), notes: [note],
            markers: markers)
    }

    /// The space between boxes, in points (`nodesep`): 663 pt wide at Graphviz's usual 18 pt
    /// for StrataBuild's components, 452 pt at this.
    static let gap = 8.64

    /// What the marker list calls a box: a type, a layer's component, a module, or the
    /// modules of a layer.
    static func name(of nodeID: String, module: String) -> String {
        let parts = nodeID.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nodeID }
        switch parts[0] {
        case "t": return parts[1]
        case "c": return "\(module) · \(parts[1])"
        case "m": return String(parts[1].split(separator: ":").first ?? Substring(parts[1]))
        case "l": return "modules of \(parts[1])"
        default: return nodeID
        }
    }

    static func tone(_ index: Int?) -> String {
        index.map { "tone-\($0 % ArchitectureModel.toneCount)" } ?? "tone-none"
    }

    static func fill(_ index: Int?) -> String {
        index.map { ArchitectureDiagrams.fills[$0 % ArchitectureDiagrams.fills.count] } ?? "#f1f5f9"
    }
}
