/// The architecture at one point (a commit, or the working tree): what `strata diff`
/// compares.
package struct ArchitectureState: Sendable {
    package var graph: ModuleGraph
    /// Module → its layer's name, for modules in a layer.
    package var layers: [String: String]
    /// Every violation, before any baseline.
    package var violations: [Violation]
    /// Whether the project existed there (a commit before it was added has none).
    package var exists: Bool
    /// The site's absolute address (`site.base_url`), to link modules to their pages.
    package var siteBaseURL: String?

    package init(
        graph: ModuleGraph, layers: [String: String], violations: [Violation], exists: Bool = true,
        siteBaseURL: String? = nil
    ) {
        self.graph = graph
        self.layers = layers
        self.violations = violations
        self.exists = exists
        self.siteBaseURL = siteBaseURL
    }

    /// The same state with every file path passed through `path`.
    package func mappingPaths(_ path: (String) -> String) -> ArchitectureState {
        var state = self
        state.graph = graph.mappingPaths(path)
        state.violations = violations.map { $0.mappingPaths(path) }
        return state
    }

    /// Every module but the toolchain's (Foundation, XCTest), by name: those change with
    /// the code, not with the architecture.
    package var modules: [String: ModuleNode] {
        var nodes: [String: ModuleNode] = [:]
        for node in graph.nodes where node.kind != .sdk { nodes[node.id] = node }
        return nodes
    }

    /// The project's own modules (its targets).
    package var targetModules: [ModuleNode] { graph.nodes.filter { $0.kind != .sdk && $0.isTarget } }

    /// The dependencies of targets on modules that are not the toolchain's, by `from`, NUL, `to`.
    package var dependencies: [String: ModuleEdge] {
        let nodes = modules
        var result: [String: ModuleEdge] = [:]
        for edge in graph.edges where edge.from != edge.to {
            guard let from = nodes[edge.from], from.isTarget, nodes[edge.to] != nil else { continue }
            result[edge.from + "\u{0}" + edge.to] = edge
        }
        return result
    }

    /// A point where the project did not exist yet.
    package static var missing: ArchitectureState {
        ArchitectureState(
            graph: ModuleGraph(nodes: [], edges: [], packages: []), layers: [:], violations: [], exists: false)
    }
}

/// What changed in the architecture between two points: modules, their layers, the
/// dependencies between them (with the manifest lines and imports that make them), and the
/// violations. Toolchain modules (Foundation, XCTest) are left out: they change with the
/// code, not with the architecture.
package struct ArchitectureDiff: Sendable {
    /// A module whose layer differs (nil: in no layer).
    package struct LayerChange: Hashable, Sendable {
        package var module: String
        package var before: String?
        package var after: String?
    }

    package var modulesAdded: [ModuleNode]
    package var modulesRemoved: [ModuleNode]
    package var layerChanges: [LayerChange]
    /// Layers that hold modules after and none before, and the reverse.
    package var layersAdded: [String]
    package var layersRemoved: [String]
    /// Dependencies after and not before, with their evidence after.
    package var dependenciesAdded: [ModuleEdge]
    /// Dependencies before and not after, with their evidence before.
    package var dependenciesRemoved: [ModuleEdge]
    package var violationsNew: [Violation]
    package var violationsFixed: [Violation]
    /// Module → layer after (else before), to draw each module in its band.
    package var layerOfModule: [String: String]
    /// The dependencies both points have between modules the diff names, for context.
    package var dependenciesKept: [ModuleEdge]

    package var isEmpty: Bool {
        modulesAdded.isEmpty && modulesRemoved.isEmpty && layerChanges.isEmpty && dependenciesAdded.isEmpty
            && dependenciesRemoved.isEmpty && violationsNew.isEmpty && violationsFixed.isEmpty
    }

    package init(before: ArchitectureState, after: ArchitectureState) {
        let old = before.modules
        let new = after.modules
        modulesAdded = new.values.filter { $0.isTarget && old[$0.id] == nil }.sorted { $0.id < $1.id }
        modulesRemoved = old.values.filter { $0.isTarget && new[$0.id] == nil }.sorted { $0.id < $1.id }
        layerChanges = new.keys.filter { old[$0] != nil && new[$0]?.isTarget == true }.sorted().compactMap { module in
            let was = before.layers[module]
            let now = after.layers[module]
            return was == now ? nil : LayerChange(module: module, before: was, after: now)
        }
        let layersBefore = Set(before.layers.values)
        let layersAfter = Set(after.layers.values)
        layersAdded = layersAfter.subtracting(layersBefore).sorted()
        layersRemoved = layersBefore.subtracting(layersAfter).sorted()
        let oldEdges = before.dependencies
        let newEdges = after.dependencies
        func ordered(_ list: [ModuleEdge]) -> [ModuleEdge] { list.sorted { ($0.from, $0.to) < ($1.from, $1.to) } }
        dependenciesAdded = ordered(newEdges.filter { oldEdges[$0.key] == nil }.map(\.value))
        dependenciesRemoved = ordered(oldEdges.filter { newEdges[$0.key] == nil }.map(\.value))
        let entryBefore = Set(before.violations.map(CheckReport.entry(for:)))
        let entryAfter = Set(after.violations.map(CheckReport.entry(for:)))
        violationsNew = after.violations.filter { !entryBefore.contains(CheckReport.entry(for: $0)) }
        violationsFixed = before.violations.filter { !entryAfter.contains(CheckReport.entry(for: $0)) }
        var layerOfModule = before.layers
        for (module, layer) in after.layers { layerOfModule[module] = layer }
        self.layerOfModule = layerOfModule
        var named = Set(modulesAdded.map(\.id) + modulesRemoved.map(\.id) + layerChanges.map(\.module))
        for edge in dependenciesAdded + dependenciesRemoved {
            named.insert(edge.from)
            named.insert(edge.to)
        }
        dependenciesKept = ordered(
            newEdges.filter { oldEdges[$0.key] != nil && named.contains($0.value.from) && named.contains($0.value.to) }
                .map(\.value))
    }
}
