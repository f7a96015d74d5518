import StrataCore

/// Writes the DOT of the site's architecture diagrams: the overview (modules in stacked
/// layer bands), a diagram per layer, a neighbourhood per module, and the layer-level
/// diagram large graphs fall back to.
///
/// Colours are written as plain fills for a standalone SVG, but every node, band and edge
/// also carries classes (`module tone-2 kind-regular`, `dep imported-only violation`) that
/// the theme's CSS styles, so diagrams follow the light and dark modes of the page.
struct ArchitectureDiagrams: Sendable {
    let model: ArchitectureModel
    let siteMap: ArchitectureSiteMap

    /// The page of a module, and of a layer (nil for groups that are not layers).
    func modulePath(_ module: String) -> String { siteMap.path(of: module) }
    func layerPath(_ layer: String) -> String? { siteMap.path(ofLayer: layer) }
    var violationsPath: String { ArchitectureSiteMap.violationsPath }

    /// More modules than this on one side of a neighbourhood, in one group, are drawn as
    /// one box for the group.
    static let neighbourLimit = 12
    /// The same, when a neighbourhood drawn with `neighbourLimit` is too wide to read.
    static let crowdedNeighbourLimit = 4

    /// More arrows than this between a layer's modules and the other layers, on a layer's
    /// page, are drawn as one arrow per other layer and direction.
    static let bundleLimit = 8

    /// More arrows than this among a layer's own modules are left out of its page's drawing,
    /// but for those that break a rule.
    static let insideLimit = 40

    // Fills for a standalone SVG; themes override them through the classes.
    static let fills = ["#dbeafe", "#dcfce7", "#fef3c7", "#fce7f3", "#ede9fe", "#cffafe", "#ffedd5", "#e2e8f0"]
    static let strokes = ["#3b82f6", "#16a34a", "#d97706", "#db2777", "#7c3aed", "#0891b2", "#ea580c", "#64748b"]
    static let violationColor = "#d62728"

    // MARK: Overview

    func overview(id: String, at page: String) -> Diagram {
        let drawn = model.graph.nodes.filter(model.isDrawn)
        let drawnIDs = Set(drawn.map(\.id))
        var edges = model.graph.edges.filter {
            drawnIDs.contains($0.from) && drawnIDs.contains($0.to) && $0.from != $0.to
        }
        var notes: [String] = []

        // External products, one box per package, when asked for.
        var externals: [(id: String, label: String, products: [String])] = []
        var externalEdges: [(from: String, to: String, edges: [ModuleEdge])] = []
        let externalCount = Set(
            model.graph.edges.filter { drawnIDs.contains($0.from) && model.graph.node($0.to)?.kind == .product }.map(
                \.to)
        ).count
        if model.settings.showExternal {
            var productsByPackage: [String: Set<String>] = [:]
            var byPair: [String: [ModuleEdge]] = [:]
            for edge in model.graph.edges where drawnIDs.contains(edge.from) {
                guard let node = model.graph.node(edge.to), node.kind == .product else { continue }
                let package = node.package ?? node.id
                productsByPackage[package, default: []].insert(node.id)
                byPair[edge.from + "\u{0}" + package, default: []].append(edge)
            }
            for package in productsByPackage.keys.sorted() {
                externals.append(("package:" + package, package, productsByPackage[package, default: []].sorted()))
            }
            for key in byPair.keys.sorted() {
                let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
                externalEdges.append((parts[0], "package:" + parts[1], byPair[key] ?? []))
            }
        } else if externalCount > 0 {
            notes.append("External products (\(externalCount)) are not drawn; set diagrams.external to draw them.")
        }
        let hiddenTests = model.graph.nodes.filter { $0.isTest && !drawnIDs.contains($0.id) }.count
        if hiddenTests > 0 {
            notes.append("Test targets (\(hiddenTests)) are not drawn; set diagrams.tests to draw them.")
        }

        let nodeCount = drawn.count + externals.count
        let edgeCount = edges.count + externalEdges.count
        if nodeCount > model.settings.maxNodes || edgeCount > model.settings.maxEdges {
            var fallback = groupLevel(id: id, at: page, highlight: nil)
            let limit =
                nodeCount > model.settings.maxNodes
                ? "\(nodeCount) modules, more than diagrams.max_nodes (\(model.settings.maxNodes))"
                : "\(edgeCount) dependencies, more than diagrams.max_edges (\(model.settings.maxEdges))"
            fallback.notes =
                [
                    "The graph has \(limit), too many to draw legibly module by module, so the overview draws one "
                        + "box per \(model.groups.first?.isLayer == false ? "package" : "layer") with the number of "
                        + "dependencies between them. Each layer's page draws its own modules."
                ] + notes
            return fallback
        }

        if model.settings.transitiveReduction {
            let pinned = Set(edges.indices.filter { !model.rules(of: edges[$0]).isEmpty })
            let kept = TransitiveReduction.kept(edges: edges.map { ($0.from, $0.to) }, pinned: pinned)
            let removed = edges.count - kept.count
            edges = kept.map { edges[$0] }
            if removed > 0 {
                notes.append(
                    "\(removed) dependenc\(removed == 1 ? "y is" : "ies are") not drawn because a longer path "
                        + "implies \(removed == 1 ? "it" : "them") (diagrams.transitive_reduction); violations are "
                        + "always drawn."
                )
            }
        }

        var dot = DOTText()
        var markers: [Diagram.Marker] = []
        var bandRows: [(band: Int, rows: [[String]])] = []
        for (index, group) in model.groups.enumerated() {
            let members = group.modules.filter(drawnIDs.contains)
            guard !members.isEmpty else { continue }
            openBand(index, group, count: members.count, into: &dot, from: page, diagram: id)
            for module in members { moduleNode(module, from: page, into: &dot) }
            let rows = BandRows.rows(byDepth(members))
            BandRows.write(rows, into: &dot)
            bandRows.append((index, rows))
            dot.close()
        }
        for external in externals {
            dot.node(
                external.id,
                [
                    ("label", external.label), ("class", "external"), ("style", "rounded,dashed"),
                    ("fillcolor", "#ffffff"),
                    ("tooltip", "\(external.label): \(external.products.joined(separator: ", "))")
                ])
        }
        BandRows.stack(bandRows, into: &dot)
        for edge in edges { moduleEdge(edge, from: page, into: &dot, markers: &markers) }
        for external in externalEdges {
            let kind = Self.edgeClass(
                external.edges.contains(where: \.isDeclared), external.edges.contains(where: \.isImported))
            var attributes = [("class", "dep \(kind)")]
            if let style = Self.edgeStyle(kind) { attributes.append(("style", style)) }
            attributes.append(
                (
                    "tooltip",
                    "\(external.from) → \(external.to.dropFirst("package:".count)): "
                        + "\(external.edges.map(\.to).joined(separator: ", "))"
                ))
            dot.edge(external.from, external.to, attributes)
        }
        let title =
            "Module dependencies of \(model.graph.packages.first?.name ?? "the package"), by "
            + "\(model.groups.first?.isLayer == false ? "package" : "layer")"
        // A large overview bounds Graphviz's network-simplex passes (ranking and placing):
        // past about a hundred modules with their band-stacking edges, unbounded passes
        // took seconds to minutes for a drawing no better to read.
        var settings = Self.graphSettings(id: id, title: title)
        if drawn.count > Self.boundedLayoutNodes { settings.append(Self.boundedLayout) }
        return Diagram(
            id: id, pagePath: page, title: title, dot: dot.graph(named: id, settings: settings), notes: notes,
            markers: markers)
    }

    /// The overview when drawn module by module it is too wide to read: one box per layer, or
    /// nil for a graph of one group (which has nothing simpler to draw).
    func overviewFallback(id: String, at page: String) -> Diagram? {
        let drawn = model.graph.nodes.filter(model.isDrawn)
        let drawnIDs = Set(drawn.map(\.id))
        guard model.groups.filter({ $0.modules.contains(where: drawnIDs.contains) }).count > 1 else { return nil }
        var fallback = groupLevel(id: id, at: page, highlight: nil)
        let unit = model.groups.first?.isLayer == false ? "package" : "layer"
        // The module drawing's notes (tests and external products left out) hold here too.
        let notes = overview(id: id, at: page).notes.filter { !$0.contains("too many to draw legibly") }
        fallback.notes =
            [
                "Drawn module by module, the \(drawn.count) modules and their dependencies are too wide to read at "
                    + "this page's width, so the overview draws one box per \(unit) with the number of dependencies "
                    + "between them. Each \(unit)'s page draws its own modules."
            ] + notes
        return fallback
    }

    /// Up to this many modules the overview draws each of them and every dependency, never
    /// a simpler drawing in its place: legibility comes from the page showing the drawing at
    /// its natural size (and the map page), not from leaving the modules out.
    package static let everyModuleLimit = 150

    /// Whether the overview draws every module: at most `everyModuleLimit` of them, within
    /// `diagrams.max_nodes` and `max_edges` counted as `overview` counts them (external
    /// packages and their arrows included when `diagrams.external` draws them).
    var overviewDrawsEveryModule: Bool {
        let drawn = model.graph.nodes.filter(model.isDrawn)
        guard drawn.count <= Self.everyModuleLimit else { return false }
        let drawnIDs = Set(drawn.map(\.id))
        var nodes = drawn.count
        var edges = model.graph.edges.filter {
            drawnIDs.contains($0.from) && drawnIDs.contains($0.to) && $0.from != $0.to
        }.count
        if model.settings.showExternal {
            var packages: Set<String> = []
            var pairs: Set<String> = []
            for edge in model.graph.edges where drawnIDs.contains(edge.from) {
                guard let node = model.graph.node(edge.to), node.kind == .product else { continue }
                packages.insert(node.package ?? node.id)
                pairs.insert(edge.from + "\u{0}" + (node.package ?? node.id))
            }
            nodes += packages.count
            edges += pairs.count
        }
        return nodes <= model.settings.maxNodes && edges <= model.settings.maxEdges
    }

    /// The layers at a glance, beside an overview that draws every module: one box per layer
    /// with the number of dependencies between them; nil when the overview draws layers
    /// itself or there is one layer only.
    func layerSummary(id: String, at page: String) -> Diagram? {
        guard overviewDrawsEveryModule else { return nil }
        let drawnIDs = Set(model.graph.nodes.filter(model.isDrawn).map(\.id))
        guard model.groups.filter({ $0.modules.contains(where: drawnIDs.contains) }).count > 1 else { return nil }
        let unit = model.groups.first?.isLayer == false ? "package" : "layer"
        return groupLevel(
            id: id, at: page, highlight: nil,
            title: "The \(unit)s at a glance, with the number of dependencies from each to each")
    }

    /// Above this many modules, the overview's and a layer's layouts are bounded (see `overview`).
    static let boundedLayoutNodes = 100
    static let boundedLayout = "graph [nslimit=\"2\", nslimit1=\"2\"];"

    // MARK: One layer

    /// The modules of one group with the edges among them; every other group it touches is
    /// one box, with the number of dependencies each way.
    func layer(_ groupIndex: Int, id: String, at page: String) -> Diagram {
        layer(groupIndex, id: id, at: page, insideLimit: Self.insideLimit)
    }

    /// A layer's diagram when it is too wide to read: without the arrows among the layer's
    /// own modules but those that break a rule; nil when that is the same drawing.
    func layerFallback(_ groupIndex: Int, id: String, at page: String) -> Diagram? {
        let fallback = layer(groupIndex, id: id, at: page, insideLimit: 0)
        return fallback.dot == layer(groupIndex, id: id, at: page).dot ? nil : fallback
    }

    private func layer(_ groupIndex: Int, id: String, at page: String, insideLimit: Int) -> Diagram {
        let group = model.groups[groupIndex]
        let members = group.modules.filter { model.graph.node($0).map(model.isDrawn) ?? false }
        let title =
            "The \(group.name) \(group.isLayer ? "layer" : "group"): its modules and the layers they use or are used by"
        let memberSet = Set(members)
        // Edges inside the layer, one by one; edges across, one per (module, other group).
        var inside: [ModuleEdge] = []
        var across: [String: [ModuleEdge]] = [:]  // "module\0group\0direction"
        var touched: Set<Int> = []
        for module in members {
            for edge in model.outgoing[module] ?? [] {
                guard let node = model.graph.node(edge.to), model.isDrawn(node),
                    let other = model.groupOfModule[edge.to]
                else { continue }
                if memberSet.contains(edge.to) {
                    if edge.from != edge.to { inside.append(edge) }
                } else {
                    across["\(module)\u{0}\(other)\u{0}out", default: []].append(edge)
                    touched.insert(other)
                }
            }
            for edge in model.incoming[module] ?? [] where !memberSet.contains(edge.from) {
                guard let node = model.graph.node(edge.from), model.isDrawn(node),
                    let other = model.groupOfModule[edge.from]
                else { continue }
                across["\(module)\u{0}\(other)\u{0}in", default: []].append(edge)
                touched.insert(other)
            }
        }
        let limit: String? =
            members.count > model.settings.maxNodes
            ? "\(members.count) modules, more than diagrams.max_nodes (\(model.settings.maxNodes))"
            : inside.count + across.count > model.settings.maxEdges
                ? "\(inside.count + across.count) arrows to draw, more than diagrams.max_edges "
                    + "(\(model.settings.maxEdges))"
                : nil
        if let limit {
            var fallback = groupLevel(id: id, at: page, highlight: groupIndex)
            fallback.notes = [
                "\(group.name) has \(limit); the diagram shows the layers it uses and is used by. The table below "
                    + "lists its modules."
            ]
            return fallback
        }
        var dot = DOTText()
        var markers: [Diagram.Marker] = []
        openBand(groupIndex, group, count: members.count, into: &dot, from: page, diagram: id)
        for module in members { moduleNode(module, from: page, into: &dot) }
        let rows = BandRows.rows(byDepth(members))
        BandRows.write(rows, into: &dot)
        dot.close()
        for other in touched.sorted() { groupNode(other, from: page, into: &dot, detail: "") }
        // Keep the bands in their declared order: layers below sit below.
        for other in touched.sorted() {
            guard let top = rows.first?.first, let bottom = rows.last?.first else { break }
            let (upper, lower) = other > groupIndex ? (Self.groupNodeID(other), top) : (bottom, Self.groupNodeID(other))
            dot.edge(upper, lower, [("style", "invis")])
        }
        // Past a few dozen arrows among a layer's own modules, the drawing is a tangle wider
        // than any page: the modules are drawn in rows, and the arrows among them only where
        // they break a rule. The tables below list every dependency.
        var notes: [String] = []
        if inside.count > insideLimit {
            let kept = inside.filter { !model.rules(of: $0).isEmpty }
            let reason = insideLimit == 0 ? "too many to read at this page's width" : "more than \(insideLimit)"
            if kept.count < inside.count {
                notes.append(
                    "\(inside.count - kept.count) dependenc\(inside.count - kept.count == 1 ? "y" : "ies") among "
                        + "the layer's own modules \(inside.count - kept.count == 1 ? "is" : "are") not drawn "
                        + "(\(reason)); the table below lists "
                        + "them\(kept.isEmpty ? "" : ", and those that break a rule are drawn")."
                )
            }
            inside = kept
        }
        for edge in inside { moduleEdge(edge, from: page, into: &dot, markers: &markers) }
        // A crowded layer's arrows to and from each other layer become one arrow each way, from
        // or to the band's edge, with their number: one arrow per module would fan out wider
        // than the page.
        if across.count > Self.bundleLimit, let top = rows.first?.first, let bottom = rows.last?.first {
            var bundles: [String: [ModuleEdge]] = [:]  // "group\0direction"
            for (key, edges) in across {
                let parts = key.split(separator: "\u{0}").map(String.init)
                guard parts.count == 3 else { continue }
                bundles[parts[1] + "\u{0}" + parts[2], default: []] += edges
            }
            let cluster = "cluster_\(groupIndex)"
            for key in bundles.keys.sorted() {
                let parts = key.split(separator: "\u{0}").map(String.init)
                guard parts.count == 2, let other = Int(parts[0]), let edges = bundles[key] else { continue }
                let outward = parts[1] == "out"
                let groupID = Self.groupNodeID(other)
                // The arrow leaves or enters the band on the side facing the other layer.
                let anchor = other > groupIndex ? top : bottom
                aggregateEdge(
                    from: outward ? anchor : groupID, to: outward ? groupID : anchor,
                    edges: edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) },
                    upward: outward ? other > groupIndex : groupIndex > other, from: page, into: &dot,
                    markers: &markers, alwaysCount: true,
                    names: outward ? (group.name, model.groups[other].name) : (model.groups[other].name, group.name),
                    clipped: outward ? ("ltail", cluster) : ("lhead", cluster)
                )
            }
            across = [:]
        }
        for key in across.keys.sorted() {
            let parts = key.split(separator: "\u{0}").map(String.init)
            guard parts.count == 3, let other = Int(parts[1]), let edges = across[key] else { continue }
            let outward = parts[2] == "out"
            let groupID = Self.groupNodeID(other)
            aggregateEdge(
                from: outward ? parts[0] : groupID, to: outward ? groupID : parts[0], edges: edges,
                upward: outward ? other > groupIndex : groupIndex > other, from: page, into: &dot, markers: &markers,
                names: outward ? (parts[0], model.groups[other].name) : (model.groups[other].name, parts[0])
            )
        }
        // Bounded as the overview is: a layer of 120 modules took Graphviz 12 s unbounded.
        var settings = Self.graphSettings(id: id, title: title)
        settings.append("graph [compound=\"true\"];")
        if members.count > Self.boundedLayoutNodes { settings.append(Self.boundedLayout) }
        return Diagram(
            id: id, pagePath: page, title: title, dot: dot.graph(named: id, settings: settings), notes: notes,
            markers: markers)
    }

    // MARK: A module's neighbourhood

    /// The module, what it uses and what uses it, each in its layer's band.
    func neighbourhood(of module: String, id: String, at page: String) -> Diagram {
        neighbourhood(of: module, id: id, at: page, limit: Self.neighbourLimit)
    }

    /// A module's diagram when it is too wide to read: a group of more than four modules on
    /// one side as one box; nil when that is the same drawing.
    func neighbourhoodFallback(of module: String, id: String, at page: String) -> Diagram? {
        let fallback = neighbourhood(of: module, id: id, at: page, limit: Self.crowdedNeighbourLimit)
        return fallback.dot == neighbourhood(of: module, id: id, at: page).dot ? nil : fallback
    }

    private func neighbourhood(of module: String, id: String, at page: String, limit: Int) -> Diagram {
        let focusNode = model.graph.node(module)
        let showsTests = model.settings.showTests || focusNode?.isTest == true
        func shown(_ id: String) -> Bool {
            guard let node = model.graph.node(id), id != module else { return false }
            if node.kind == .sdk || node.kind == .unknown { return false }
            return !node.isTest || showsTests
        }
        let uses = (model.outgoing[module] ?? []).filter { shown($0.to) }
        let usedBy = (model.incoming[module] ?? []).filter { shown($0.from) }

        // Neighbours by group; a crowded group on one side becomes one box.
        var visible: Set<String> = [module]
        var collapsed: [(group: Int, edges: [ModuleEdge], outward: Bool)] = []
        var looseBoxes: [(edges: [ModuleEdge], outward: Bool)] = []
        var drawnEdges: [ModuleEdge] = []
        for (edges, outward) in [(uses, true), (usedBy, false)] {
            var byGroup: [Int: [ModuleEdge]] = [:]
            var ungrouped: [ModuleEdge] = []
            for edge in edges {
                if let group = model.groupOfModule[outward ? edge.to : edge.from] {
                    byGroup[group, default: []].append(edge)
                } else {
                    ungrouped.append(edge)
                }
            }
            for group in byGroup.keys.sorted() {
                let groupEdges = byGroup[group] ?? []
                if groupEdges.count > limit {
                    collapsed.append((group, groupEdges, outward))
                } else {
                    drawnEdges += groupEdges
                    for edge in groupEdges { visible.insert(outward ? edge.to : edge.from) }
                }
            }
            // Modules in no group (external products, unlayered targets) are one box past the limit too.
            if ungrouped.count > limit {
                looseBoxes.append((ungrouped, outward))
            } else {
                drawnEdges += ungrouped
                for edge in ungrouped { visible.insert(outward ? edge.to : edge.from) }
            }
        }

        var dot = DOTText()
        var markers: [Diagram.Marker] = []
        var visibleByGroup: [Int: [String]] = [:]
        for name in visible.sorted() {
            if let group = model.groupOfModule[name] { visibleByGroup[group, default: []].append(name) }
        }
        // In each band, rows of the modules that use this one, this one, then those it uses; a
        // side drawn as one box is a row of its own, above (users) or below (used).
        let users = Set(usedBy.map(\.from))
        var bandRows: [(band: Int, rows: [[String]])] = []
        for (index, group) in model.groups.enumerated() {
            let members = visibleByGroup[index] ?? []
            let boxes = collapsed.filter { $0.group == index }
            guard !members.isEmpty || !boxes.isEmpty else { continue }
            openBand(index, group, count: nil, into: &dot, from: page, diagram: id)
            for member in members { moduleNode(member, from: page, into: &dot, isFocus: member == module) }
            for entry in boxes {
                groupNode(
                    entry.group, from: page, into: &dot, detail: "\(entry.edges.count) modules",
                    nodeID: Self.collapsedNodeID(entry.group, outward: entry.outward))
            }
            let others = members.filter { $0 != module }
            let userBoxes = boxes.filter { !$0.outward }.map { Self.collapsedNodeID($0.group, outward: false) }
            let usedBoxes = boxes.filter(\.outward).map { Self.collapsedNodeID($0.group, outward: true) }
            let rows =
                (userBoxes.isEmpty ? [] : [userBoxes]) + BandRows.rows(others.filter(users.contains))
                + (members.contains(module) ? [[module]] : [])
                + BandRows.rows(others.filter { !users.contains($0) }) + (usedBoxes.isEmpty ? [] : [usedBoxes])
            BandRows.write(rows, into: &dot)
            bandRows.append((index, rows))
            dot.close()
        }
        // Modules in no group (external products, unlayered targets) get rows of their own: those
        // that use this module above every band, those it uses below.
        let loose = visible.sorted().filter { model.groupOfModule[$0] == nil }
        for name in loose { moduleNode(name, from: page, into: &dot, isFocus: name == module) }
        let looseOthers = loose.filter { $0 != module }
        for (rows, place) in [
            (BandRows.rows(looseOthers.filter(users.contains)), Int.max),
            (BandRows.rows(looseOthers.filter { !users.contains($0) }), -1)
        ] {
            BandRows.write(rows, into: &dot)
            if !rows.isEmpty { bandRows.append((place, rows)) }
        }
        for entry in looseBoxes {
            let nodeID = "loose" + (entry.outward ? ".uses" : ".used-by")
            let names = entry.edges.map { entry.outward ? $0.to : $0.from }
            dot.node(
                nodeID,
                [
                    ("label", "\(names.count) modules\nin no layer"), ("class", "group-node tone-none"),
                    ("shape", "box3d"), ("style", "filled"),
                    ("fillcolor", "#f1f5f9"), ("tooltip", names.joined(separator: ", "))
                ])
            bandRows.append((entry.outward ? -1 : Int.max, [[nodeID]]))
        }
        BandRows.stack(bandRows, into: &dot)
        for edge in drawnEdges { moduleEdge(edge, from: page, into: &dot, markers: &markers) }
        for entry in looseBoxes {
            let nodeID = "loose" + (entry.outward ? ".uses" : ".used-by")
            aggregateEdge(
                from: entry.outward ? module : nodeID, to: entry.outward ? nodeID : module, edges: entry.edges,
                upward: false, from: page, into: &dot,
                markers: &markers,
                names: entry.outward ? (module, "modules in no layer") : ("modules in no layer", module)
            )
        }
        let focusGroup = model.groupOfModule[module]
        for entry in collapsed {
            let nodeID = Self.collapsedNodeID(entry.group, outward: entry.outward)
            let upward = focusGroup.map { entry.outward ? entry.group > $0 : $0 > entry.group } ?? false
            aggregateEdge(
                from: entry.outward ? module : nodeID, to: entry.outward ? nodeID : module, edges: entry.edges,
                upward: upward, from: page, into: &dot, markers: &markers,
                names: entry.outward
                    ? (module, model.groups[entry.group].name) : (model.groups[entry.group].name, module)
            )
        }
        let title = "\(module): the modules it uses and the modules that use it"
        var notes: [String] = []
        if !collapsed.isEmpty || !looseBoxes.isEmpty {
            notes.append(
                "Groups of more than \(limit) modules on one side are drawn as one box; the tables below list every "
                    + "module."
            )
        }
        return Diagram(
            id: id, pagePath: page, title: title,
            dot: dot.graph(named: id, settings: Self.graphSettings(id: id, title: title)), notes: notes,
            markers: markers)
    }

    // MARK: Layer level

    /// One box per group, with the number of dependencies between each pair.
    func groupLevel(id: String, at page: String, highlight: Int?, title: String? = nil) -> Diagram {
        var counts: [Int: [Int: [ModuleEdge]]] = [:]
        var insideCounts: [Int: Int] = [:]
        for edge in model.graph.edges {
            guard let from = model.groupOfModule[edge.from], let to = model.groupOfModule[edge.to],
                let fromNode = model.graph.node(edge.from), let toNode = model.graph.node(edge.to),
                model.isDrawn(fromNode), model.isDrawn(toNode)
            else { continue }
            if from == to {
                insideCounts[from, default: 0] += 1
            } else {
                counts[from, default: [:]][to, default: []].append(edge)
            }
        }
        var dot = DOTText()
        var markers: [Diagram.Marker] = []
        var present: [Int] = []
        for (index, group) in model.groups.enumerated() {
            let members = group.modules.filter { model.graph.node($0).map(model.isDrawn) ?? false }
            guard !members.isEmpty else { continue }
            present.append(index)
            let inside = insideCounts[index] ?? 0
            groupNode(
                index, from: page, into: &dot,
                detail: "\(members.count) module\(members.count == 1 ? "" : "s")"
                    + (inside > 0 ? ", \(inside) inside" : ""),
                isFocus: index == highlight
            )
        }
        for (upper, lower) in zip(present.dropFirst(), present) {
            // Heavy, so the layers stand in one column, as the bands of the module drawing do.
            dot.edge(Self.groupNodeID(upper), Self.groupNodeID(lower), [("style", "invis"), ("weight", "20")])
        }
        for from in counts.keys.sorted() {
            for to in (counts[from] ?? [:]).keys.sorted() {
                aggregateEdge(
                    from: Self.groupNodeID(from), to: Self.groupNodeID(to), edges: counts[from]?[to] ?? [],
                    upward: to > from, from: page, into: &dot,
                    markers: &markers, alwaysCount: true, names: (model.groups[from].name, model.groups[to].name)
                )
            }
        }
        let title =
            title
            ?? "Dependencies between the \(model.groups.first?.isLayer == false ? "packages" : "layers") of "
            + "\(model.graph.packages.first?.name ?? "the package")"
        return Diagram(
            id: id, pagePath: page, title: title,
            dot: dot.graph(named: id, settings: Self.graphSettings(id: id, title: title)), markers: markers)
    }

    // MARK: Pieces

    static func graphSettings(id: String, title: String) -> [String] {
        [
            "graph [id=\(DOTText.quote(svgID(id), isLabel: false)), rankdir=\"TB\", forcelabels=\"true\", "
                + "newrank=\"true\", nodesep=\"0.25\", ranksep=\"0.5\", fontname=\"Helvetica\", fontsize=\"12\", "
                + "bgcolor=\"transparent\", tooltip=\(DOTText.quote(title, isLabel: false))];",
            "node [shape=\"box\", style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=\"11\", "
                + "height=\"0.3\", margin=\"0.12,0.04\", penwidth=\"1\", color=\"#64748b\", fillcolor=\"#eef2f7\"];",
            "edge [arrowsize=\"0.6\", color=\"#64748b\", fontname=\"Helvetica\", fontsize=\"10\"];"
        ]
    }

    static func groupNodeID(_ index: Int) -> String { "group:\(index)" }

    /// The box a neighbourhood draws for a group's modules on one side of the module.
    static func collapsedNodeID(_ index: Int, outward: Bool) -> String {
        groupNodeID(index) + (outward ? ".uses" : ".used-by")
    }

    /// The id of a diagram's SVG, and the prefix of every id inside it. Heading ids never
    /// hold a `.`, so these cannot collide with a heading of the page.
    static func svgID(_ diagram: String) -> String { "svg.\(diagram)" }

    /// `declared-imported`, `declared-only` or `imported-only`.
    static func edgeClass(_ declared: Bool, _ imported: Bool) -> String {
        switch (declared, imported) {
        case (true, true): "declared-imported"
        case (true, false): "declared-only"
        default: "imported-only"
        }
    }

    static func edgeStyle(_ kind: String) -> String? {
        switch kind {
        case "declared-only": "dashed"
        case "imported-only": "dotted"
        default: nil
        }
    }

    func openBand(
        _ index: Int, _ group: ArchitectureModel.Group, count: Int?, into dot: inout DOTText, from page: String,
        diagram: String
    ) {
        dot.open("subgraph \(DOTText.quote("cluster_\(index)"))")
        // Subgraphs inherit the root's attributes: each band needs an id of its own.
        var attributes = [
            ("id", "\(Self.svgID(diagram)).band-\(index)"),
            ("label", group.name), ("class", "band \(group.toneClass)"), ("style", "rounded,filled"),
            ("fillcolor", "#f8fafc"), ("color", group.tone.map { Self.strokes[$0 % Self.strokes.count] } ?? "#94a3b8"),
            ("labeljust", "l"), ("fontsize", "12")
        ]
        var tooltip = group.isLayer ? "Layer \(group.name)" : group.name
        if let count { tooltip += ": \(count) module\(count == 1 ? "" : "s")" }
        if group.isLayer {
            let allowed = model.layers.allowedUses(of: group.name)
            tooltip += allowed.isEmpty ? "; may use no other layer" : "; may use \(allowed.joined(separator: ", "))"
        }
        attributes.append(("tooltip", tooltip))
        if group.isLayer, let path = layerPath(group.name) {
            attributes.append(("href", SitePath.relativeURL(from: page, to: path)))
        }
        for (key, value) in attributes { dot.line("\(key)=\(DOTText.quote(value, isLabel: key == "label"));") }
    }

    /// A band's modules from those that use others in the band to those used, so its rows
    /// read downwards as its arrows do.
    private func byDepth(_ members: [String]) -> [String] {
        let inBand = Set(members)
        var depth: [String: Int] = [:]
        // How far each module is from the bottom of the band, along edges inside it (bounded,
        // so a cycle cannot keep it going).
        for _ in 0..<min(members.count, 32) {
            var changed = false
            for module in members {
                let below =
                    (model.outgoing[module] ?? []).filter { inBand.contains($0.to) && $0.to != module }.map {
                        (depth[$0.to] ?? 0) + 1
                    }.max() ?? 0
                if below != depth[module] ?? 0, below <= members.count {
                    depth[module] = below
                    changed = true
                }
            }
            if !changed { break }
        }
        return members.sorted { ((depth[$0] ?? 0), $1) > ((depth[$1] ?? 0), $0) }
    }

    func moduleNode(_ module: String, from page: String, into dot: inout DOTText, isFocus: Bool = false) {
        guard let node = model.graph.node(module) else { return }
        let group = model.groupOfModule[module].map { model.groups[$0] }
        var classes = ["module", group?.toneClass ?? "tone-none", "kind-\(node.kind.rawValue)"]
        if !(model.violationsByModule[module] ?? []).isEmpty { classes.append("has-violations") }
        if isFocus { classes.append("focus") }
        var attributes = [("label", module), ("class", classes.joined(separator: " "))]
        if node.isTarget {
            attributes.append(("fillcolor", group?.tone.map { Self.fills[$0 % Self.fills.count] } ?? "#f1f5f9"))
            attributes.append(("href", SitePath.relativeURL(from: page, to: modulePath(module))))
        } else {
            attributes += [("style", "rounded,dashed"), ("fillcolor", "#ffffff")]
        }
        if isFocus { attributes.append(("penwidth", "2")) }
        attributes.append(("tooltip", tooltip(for: node, group: group)))
        dot.node(module, attributes)
    }

    private func tooltip(for node: ModuleNode, group: ArchitectureModel.Group?) -> String {
        var parts = [node.id]
        if let group { parts.append(group.isLayer ? "layer \(group.name)" : group.name) }
        parts.append(node.kind.rawValue)
        // No file or line counts (the module's page has them): the DOT is the layout cache's
        // key, and a save that adds a line must not send the diagrams back to Graphviz.
        if node.isTarget {
            parts.append("uses \(model.outgoing[node.id]?.count ?? 0), used by \(model.incoming[node.id]?.count ?? 0)")
        }
        let violations = model.violationsByModule[node.id]?.count ?? 0
        if violations > 0 { parts.append("\(violations) violation\(violations == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    private func groupNode(
        _ index: Int, from page: String, into dot: inout DOTText, detail: String, nodeID: String? = nil,
        isFocus: Bool = false
    ) {
        let group = model.groups[index]
        var classes = ["group-node", group.toneClass]
        if isFocus { classes.append("focus") }
        let label = detail.isEmpty ? group.name : "\(group.name)\n\(detail)"
        var attributes = [
            ("label", label), ("class", classes.joined(separator: " ")), ("shape", "box3d"), ("style", "filled"),
            ("fillcolor", group.tone.map { Self.fills[$0 % Self.fills.count] } ?? "#f1f5f9"),
            (
                "tooltip",
                "\(group.isLayer ? "Layer " : "")\(group.name): \(group.modules.count) "
                    + "module\(group.modules.count == 1 ? "" : "s")"
            )
        ]
        if isFocus { attributes.append(("penwidth", "2")) }
        if group.isLayer, let path = layerPath(group.name) {
            attributes.append(("href", SitePath.relativeURL(from: page, to: path)))
        }
        dot.node(nodeID ?? Self.groupNodeID(index), attributes)
    }

    func moduleEdge(_ edge: ModuleEdge, from page: String, into dot: inout DOTText, markers: inout [Diagram.Marker]) {
        let kind = Self.edgeClass(edge.isDeclared, edge.isImported)
        let rules = model.rules(of: edge)
        var classes = ["dep", kind]
        if edge.isConditional { classes.append("conditional") }
        if !rules.isEmpty { classes.append("violation") }
        var attributes = [("class", classes.joined(separator: " "))]
        if let style = Self.edgeStyle(kind) { attributes.append(("style", style)) }
        if edge.isConditional { attributes.append(("arrowhead", "empty")) }
        var tooltip = "\(edge.from) → \(edge.to): \(Self.describe(kind))"
        if edge.isImported { tooltip += " (\(edge.imports.count) import\(edge.imports.count == 1 ? "" : "s"))" }
        if !rules.isEmpty {
            tooltip += "; breaks \(rules.joined(separator: ", "))"
            // A short number on the arrow; the legend under the diagram names the rule.
            let href = SitePath.relativeURL(from: page, to: violationsPath) + "#" + rules[0]
            markers.append(
                Diagram.Marker(number: markers.count + 1, rules: rules, from: edge.from, to: edge.to, href: href))
            attributes += [
                ("color", Self.violationColor), ("fontcolor", Self.violationColor), ("penwidth", "1.6"),
                ("xlabel", "⚠\(markers.count)"), ("href", href)
            ]
        } else {
            // A generated page's table has the id `depends-on`; on a module's own Content page
            // the author may hold that id, so the link goes to the page.
            let target = modulePath(edge.from)
            let fragment = target == ArchitectureSiteMap.modulePath(edge.from) ? "#depends-on" : ""
            attributes.append(("href", SitePath.relativeURL(from: page, to: target) + fragment))
        }
        if isUpward(edge.from, edge.to) { attributes.append(("constraint", "false")) }
        attributes.append(("tooltip", tooltip))
        dot.edge(edge.from, edge.to, attributes)
    }

    /// - Parameter names: what the two ends are called in the legend, when they are groups.
    func aggregateEdge(
        from: String, to: String, edges: [ModuleEdge], upward: Bool, from page: String, into dot: inout DOTText,
        markers: inout [Diagram.Marker],
        alwaysCount: Bool = false, names: (String, String)? = nil, clipped: (String, String)? = nil
    ) {
        let kind = Self.edgeClass(edges.contains(where: \.isDeclared), edges.contains(where: \.isImported))
        let rules = Array(Set(edges.flatMap(model.rules(of:)))).sorted()
        let violating = edges.filter { !model.rules(of: $0).isEmpty }.count
        var classes = ["dep", "aggregate", kind]
        if !rules.isEmpty { classes.append("violation") }
        var attributes = [("class", classes.joined(separator: " "))]
        if let style = Self.edgeStyle(kind) { attributes.append(("style", style)) }
        var label = edges.count > 1 || alwaysCount ? "\(edges.count)" : ""
        if !rules.isEmpty {
            // A short number on the arrow; the legend under the diagram says what it breaks.
            let href = SitePath.relativeURL(from: page, to: violationsPath) + "#" + rules[0]
            let number = markers.count + 1
            // One dependency is named by its modules; several by the boxes they are drawn as.
            let ends = edges.count == 1 ? (edges[0].from, edges[0].to) : (names ?? (from, to))
            markers.append(
                Diagram.Marker(number: number, rules: rules, from: ends.0, to: ends.1, count: violating, href: href))
            label += (label.isEmpty ? "" : " · ") + "⚠\(number)"
            attributes += [
                ("color", Self.violationColor), ("fontcolor", Self.violationColor), ("penwidth", "1.6"), ("href", href)
            ]
        }
        if !label.isEmpty {
            if let clipped {
                // A bundle's number sits by the other layer's box, on one side for arrows to it
                // and the other for arrows from it, so a box's two bundles never share a place.
                let toBand = clipped.0 == "lhead"
                attributes += [
                    (toBand ? "taillabel" : "headlabel", label), ("labelangle", toBand ? "35" : "-35"),
                    ("labeldistance", "2")
                ]
            } else {
                attributes.append(("xlabel", label))
            }
        }
        attributes.append(
            (
                "penwidth",
                rules.isEmpty ? String(min(1 + Double(edges.count).squareRoot() / 3, 4).rounded(toPlaces: 1)) : "1.6"
            ))
        if upward { attributes.append(("constraint", "false")) }
        if let clipped { attributes.append(clipped) }
        let names =
            edges.prefix(8).map { "\($0.from) → \($0.to)" }.joined(separator: "\n") + (edges.count > 8 ? "\n…" : "")
        attributes.append(
            (
                "tooltip",
                "\(edges.count) dependenc\(edges.count == 1 ? "y" : "ies")"
                    + "\(violating > 0 ? ", \(violating) breaking \(rules.joined(separator: ", "))" : ""):\n\(names)"
            ))
        dot.edge(
            from, to,
            attributes.reduce(into: [(String, String)]()) { result, pair in
                // A later value of the same attribute wins, written once.
                if let index = result.firstIndex(where: { $0.0 == pair.0 }) {
                    result[index] = pair
                } else {
                    result.append(pair)
                }
            })
    }

    /// An edge from a lower band to a higher one: drawn, but left out of the ranking so the
    /// bands keep their declared order.
    private func isUpward(_ from: String, _ to: String) -> Bool {
        guard let fromGroup = model.groupOfModule[from], let toGroup = model.groupOfModule[to] else { return false }
        return toGroup > fromGroup
    }

    static func describe(_ kind: String) -> String {
        switch kind {
        case "declared-imported": "declared and imported"
        case "declared-only": "declared, never imported"
        default: "imported, not declared"
        }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
