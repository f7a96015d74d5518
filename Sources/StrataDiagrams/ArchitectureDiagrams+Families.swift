import StrataCore

/// The module map of a graph too large to draw module by module: in each layer's band, one
/// box per family of modules (`ModuleFamilies`) and the modules in none, with the
/// dependencies between boxes counted; and, for each family, the same drawing with that
/// family opened into its modules. The map page shows the first and opens a family in
/// place, so every module is two clicks from the map.
extension ArchitectureDiagrams {
    static func familyNodeID(_ index: Int) -> String { "family:\(index)" }

    /// - Parameter open: the family drawn module by module, or nil for none.
    func familyMap(_ families: ModuleFamilies, open: Int?, id: String, at page: String) -> Diagram {
        let drawnIDs = Set(model.graph.nodes.filter(model.isDrawn).map(\.id))
        func box(_ module: String) -> String {
            guard let family = families.familyOfModule[module], family != open else { return module }
            return Self.familyNodeID(family)
        }
        var dot = DOTText()
        var markers: [Diagram.Marker] = []
        var bandRows: [(band: Int, rows: [[String]])] = []
        var labels: [String: String] = [:]
        var boxCount = 0
        for (index, group) in model.groups.enumerated() {
            let members = group.modules.filter(drawnIDs.contains)
            guard !members.isEmpty else { continue }
            openBand(index, group, count: members.count, into: &dot, from: page, diagram: id)
            var boxes: [String] = []
            var seen: Set<String> = []
            for module in members where seen.insert(box(module)).inserted { boxes.append(box(module)) }
            for name in boxes {
                if name.hasPrefix("family:"), let position = Int(name.dropFirst("family:".count)) {
                    let family = families.families[position]
                    labels[name] = "\(family.name)\n\(family.modules.count) modules"
                    familyNode(family, key: families.key(of: family, in: model), id: name, from: page, into: &dot)
                } else {
                    labels[name] = name
                    moduleNode(name, from: page, into: &dot, isFocus: false)
                }
            }
            boxCount += boxes.count
            let rows = BandRows.rows(boxes) { name in
                // A family's box: its longer line, and the room box3d takes.
                let lines = (labels[name] ?? name).split(separator: "\n").map(String.init)
                return BandRows.boxWidth(
                    lines.max { DiagramLegibility.width(of: $0, size: 11) < DiagramLegibility.width(of: $1, size: 11) }
                        ?? name) + (name.hasPrefix("family:") ? 8 : 0)
            }
            BandRows.write(rows, into: &dot)
            bandRows.append((index, rows))
            dot.close()
        }
        BandRows.stack(bandRows, into: &dot)
        var byPair: [String: [ModuleEdge]] = [:]
        var leftOut = 0
        for edge in model.graph.edges
        where edge.from != edge.to && drawnIDs.contains(edge.from) && drawnIDs.contains(edge.to) {
            let (from, to) = (box(edge.from), box(edge.to))
            guard from != to else { continue }
            // The opened family's own arrows are drawn; one per module to every other box made
            // a family of 95 a mat of arrows that took Graphviz seconds. Its modules' pages list them.
            if let open, (families.familyOfModule[edge.from] == open) != (families.familyOfModule[edge.to] == open) {
                leftOut += 1
                continue
            }
            byPair[from + "\u{0}" + to, default: []].append(edge)
        }
        for key in byPair.keys.sorted() {
            let edges = byPair[key] ?? []
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            if edges.count == 1, !parts[0].hasPrefix("family:"), !parts[1].hasPrefix("family:") {
                moduleEdge(edges[0], from: page, into: &dot, markers: &markers)
            } else {
                let upward = (model.groupOfModule[edges[0].to] ?? 0) > (model.groupOfModule[edges[0].from] ?? 0)
                aggregateEdge(
                    from: parts[0], to: parts[1], edges: edges, upward: upward, from: page, into: &dot,
                    markers: &markers, names: (labels[parts[0]] ?? parts[0], labels[parts[1]] ?? parts[1]))
            }
        }
        let opened =
            open.map {
                " with \(families.families[$0].name) in \(model.groups[families.families[$0].layer].name) opened"
            } ?? ""
        let title = "The modules of \(model.graph.packages.first?.name ?? "the package") by layer and family\(opened)"
        var settings = Self.graphSettings(id: id, title: title)
        if boxCount > Self.boundedLayoutNodes { settings.append(Self.boundedLayout) }
        var notes: [String] = []
        if let open, leftOut > 0 {
            notes.append(
                "The \(leftOut) dependencies between \(families.families[open].name)'s modules and the other boxes "
                    + "are not drawn here: the drawing of every family counts them, and each module's page lists "
                    + "its own."
            )
        }
        return Diagram(
            id: id, pagePath: page, title: title, dot: dot.graph(named: id, settings: settings), notes: notes,
            markers: markers)
    }

    /// A family's box: its name and size, linking to the map with it open.
    private func familyNode(
        _ family: ModuleFamilies.Family, key: String, id: String, from page: String, into dot: inout DOTText
    ) {
        let group = model.groups[family.layer]
        let listed = family.modules.prefix(12).joined(separator: ", ") + (family.modules.count > 12 ? ", …" : "")
        dot.node(
            id,
            [
                ("label", "\(family.name)\n\(family.modules.count) modules"),
                ("class", "group-node family \(group.toneClass)"), ("shape", "box3d"), ("style", "filled"),
                ("fillcolor", group.tone.map { Self.fills[$0 % Self.fills.count] } ?? "#f1f5f9"),
                (
                    "tooltip",
                    "\(family.name) in \(group.name): \(family.modules.count) modules (\(listed)). Click to open."
                ),
                // Past the overview's limit a family is not drawn module by module: its layer's page lists it.
                (
                    "href",
                    family.modules.count > Self.everyModuleLimit
                        ? layerPath(group.name).map { SitePath.relativeURL(from: page, to: $0) }
                            ?? SitePath.relativeURL(from: page, to: ArchitectureSiteMap.indexPath)
                        : SitePath.relativeURL(from: page, to: ArchitectureSiteMap.mapPath) + "?open="
                            + SitePath.percentEncode(key)
                )
            ])
    }
}
