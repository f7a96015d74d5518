import StrataCore

/// Compares a diagram written in a page with the real graph. Hand-drawn architecture
/// diagrams go stale within months; once a diagram names a real module or layer, every
/// arrow it draws between modules or layers must exist in the code, every dependency between
/// the modules (or layers) it draws must be drawn, and every box must name something real.
package struct DiagramDriftChecker: Sendable {
    package let graph: ModuleGraph
    /// Module → its layer, for arrows between layers.
    package let layerOfModule: [String: String]
    /// The layers of strata.yml made of modules.
    package let layers: [String]
    /// Layers of files or types inside modules (`paths:`, `types:`): real names, whose
    /// arrows the module graph cannot confirm, so they are not checked.
    package let innerLayers: Set<String>
    private let modules: Set<String>
    private let moduleMatcher: DiagramNameMatcher
    private let layerMatcher: DiagramNameMatcher
    private let moduleEdges: [String: ModuleEdge]
    private let layerEdges: [String: ModuleEdge]
    /// The first edge from a module into a layer, and from a layer to a module.
    private let moduleToLayerEdges: [String: ModuleEdge]
    private let layerToModuleEdges: [String: ModuleEdge]

    package init(graph: ModuleGraph, layerOfModule: [String: String], layers: [String], innerLayers: [String] = []) {
        self.graph = graph
        self.layerOfModule = layerOfModule
        self.layers = layers
        self.innerLayers = Set(innerLayers).subtracting(layers)
        modules = Set(graph.nodes.filter(\.isTarget).map(\.id))
        moduleMatcher = DiagramNameMatcher(modules)
        layerMatcher = DiagramNameMatcher(Set(layers).union(innerLayers))
        var byPair: [String: ModuleEdge] = [:]
        var byLayers: [String: ModuleEdge] = [:]
        var intoLayers: [String: ModuleEdge] = [:]
        var fromLayers: [String: ModuleEdge] = [:]
        for edge in graph.edges where edge.from != edge.to {
            if byPair[Self.key(edge.from, edge.to)] == nil { byPair[Self.key(edge.from, edge.to)] = edge }
            if let to = layerOfModule[edge.to], intoLayers[Self.key(edge.from, to)] == nil {
                intoLayers[Self.key(edge.from, to)] = edge
            }
            if let from = layerOfModule[edge.from], fromLayers[Self.key(from, edge.to)] == nil {
                fromLayers[Self.key(from, edge.to)] = edge
            }
            if let from = layerOfModule[edge.from], let to = layerOfModule[edge.to], from != to,
                byLayers[Self.key(from, to)] == nil
            {
                byLayers[Self.key(from, to)] = edge
            }
        }
        moduleEdges = byPair
        layerEdges = byLayers
        moduleToLayerEdges = intoLayers
        layerToModuleEdges = fromLayers
    }

    static func key(_ from: String, _ to: String) -> String { from + "\u{0}" + to }

    /// Whether a box reads as a step of a call flow (`NetworkRouter.request()`,
    /// `URLSession.data(for:)`, `DTO(s)`) rather than a module: such diagrams draw calls,
    /// not dependencies, and are not checked.
    static func isCallStep(_ label: String) -> Bool {
        label.contains("(") && label.contains(")")
    }

    package func check(_ drawn: DrawnGraph) -> DiagramDrift {
        var names: [String: DiagramDrift.Name] = [:]
        var readAs: [String: String] = [:]
        for node in drawn.nodes {
            let (name, written) = self.name(of: node)
            names[node.id] = name
            if let written { readAs[name.text] = written }
        }
        // A diagram of calls, or one whose boxes are mostly not modules or layers (a
        // deployment, a user journey), is another kind of drawing: left alone.
        let named = names.values.filter { $0 != .unknown }.count
        if named == 0 { return DiagramDrift(isChecked: false, names: names, findings: [], unchecked: .namesNothing) }
        if drawn.nodes.contains(where: { Self.isCallStep($0.label) }) {
            return DiagramDrift(isChecked: false, names: names, findings: [], unchecked: .callFlow)
        }
        if named * 2 < drawn.nodes.count {
            return DiagramDrift(isChecked: false, names: names, findings: [], unchecked: .mostlyOther)
        }
        // A name that is both a module and a layer (`App`) is read as what the other boxes are.
        let layerBoxes = names.values.filter { if case .layer = $0 { true } else { false } }.count
        let moduleBoxes = names.values.filter { if case .module = $0 { true } else { false } }.count
        for node in drawn.nodes {
            guard case .module(let module)? = names[node.id], layers.contains(module), layerBoxes > moduleBoxes - 1
            else { continue }
            names[node.id] = .layer(module)
        }
        var findings: [DiagramDrift.Finding] = []
        // One suggester for every unknown box, bounded: a diagram of 400 unknown boxes asks once each.
        let unknown = drawn.nodes.filter { names[$0.id] == .unknown }
        let suggester =
            unknown.isEmpty ? nil : Suggester(Array(Set(modules).union(layers).union(innerLayers)), limit: 100)
        for node in unknown {
            findings.append(
                .unknown(label: node.label, line: node.line, suggestion: suggester?.closest(to: node.label)))
        }
        var connected: Set<String> = []
        for edge in drawn.edges {
            guard let from = names[edge.from], let to = names[edge.to], from != .unknown, to != .unknown, from != to,
                !innerLayers.contains(from.text) || !Self.isLayer(from),
                !innerLayers.contains(to.text) || !Self.isLayer(to)
            else { continue }
            connected.insert(Self.key(from.text, to.text))
            connected.insert(Self.key(to.text, from.text))
            let forward = evidence(from, to)
            let backward = evidence(to, from)
            let holds = edge.hasArrow ? forward != nil : (forward != nil || backward != nil)
            if !holds {
                findings.append(.absent(from: from.text, to: to.text, line: edge.line, isReversed: backward != nil))
            }
        }
        // Dependencies between the drawn modules (or between the drawn layers) left out.
        let drawnModules = Set(names.values.compactMap { if case .module(let name) = $0 { name } else { nil } })
        let drawnLayers = Set(names.values.compactMap { if case .layer(let name) = $0 { name } else { nil } })
        var missing: [DiagramDrift.Finding] = []
        for (key, edge) in moduleEdges
        where drawnModules.contains(edge.from) && drawnModules.contains(edge.to) && !connected.contains(key) {
            missing.append(.missing(from: edge.from, to: edge.to, evidence: edge.evidence.first?.location))
        }
        for (key, edge) in layerEdges {
            let parts = key.split(separator: "\u{0}").map(String.init)
            guard parts.count == 2, drawnLayers.contains(parts[0]), drawnLayers.contains(parts[1]),
                !connected.contains(key)
            else { continue }
            missing.append(.missing(from: parts[0], to: parts[1], evidence: edge.evidence.first?.location))
        }
        findings += missing.sorted { $0.sortKey < $1.sortKey }
        return DiagramDrift(isChecked: true, names: names, findings: findings, readAs: readAs)
    }

    /// What a box names: its label, else its id, as a module, else as a layer, exactly;
    /// else as a person would read it (`DiagramNameMatcher`), with the text it was written as.
    private func name(of node: DrawnGraph.Node) -> (DiagramDrift.Name, written: String?) {
        let label = node.label.trimmingWhitespace
        for candidate in [label, node.id] {
            if modules.contains(candidate) { return (.module(candidate), nil) }
        }
        for candidate in [label, node.id] where layers.contains(candidate) || innerLayers.contains(candidate) {
            return (.layer(candidate), nil)
        }
        guard !Self.isCallStep(label) else { return (.unknown, nil) }
        for candidate in [label, node.id] {
            if let match = layerMatcher.match(candidate) { return (.layer(match.name), candidate) }
            if let match = moduleMatcher.match(candidate) { return (.module(match.name), candidate) }
        }
        return (.unknown, nil)
    }

    static func isLayer(_ name: DiagramDrift.Name) -> Bool {
        if case .layer = name { return true }
        return false
    }

    /// An edge of the code between what two boxes name, if there is one.
    private func evidence(_ from: DiagramDrift.Name, _ to: DiagramDrift.Name) -> ModuleEdge? {
        switch (from, to) {
        case (.module(let a), .module(let b)):
            return moduleEdges[Self.key(a, b)]
        case (.layer(let a), .layer(let b)):
            return layerEdges[Self.key(a, b)]
        case (.module(let a), .layer(let b)):
            return moduleToLayerEdges[Self.key(a, b)]
        case (.layer(let a), .module(let b)):
            return layerToModuleEdges[Self.key(a, b)]
        default:
            return nil
        }
    }
}
