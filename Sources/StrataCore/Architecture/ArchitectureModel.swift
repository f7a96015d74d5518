/// What the architecture pages and diagrams are drawn from, worked out once: the groups
/// modules are drawn in (the declared layers, bottom-up; or the packages when no layers are
/// declared), each module's edges both ways, and which edges break which rules.
package struct ArchitectureModel: Sendable {
    /// A band of the overview: a declared layer, the modules no layer claims, or a package.
    package struct Group: Sendable {
        package var name: String
        /// The colour the group is drawn in: `tone-0`…`tone-7`, or nil for unassigned modules.
        package var tone: Int?
        package var isLayer: Bool
        /// Its modules, sorted by name.
        package var modules: [String]

        package var toneClass: String { tone.map { "tone-\($0 % ArchitectureModel.toneCount)" } ?? "tone-none" }
    }

    package static let toneCount = 8

    package let graph: ModuleGraph
    package let layers: [LayerDeclaration]
    package let permissions: LayerPermissions
    package let assignments: [String: LayerAssignment]
    package let report: CheckReport
    package let settings: DiagramSettings
    /// Bottom-up.
    package let groups: [Group]
    package let groupOfModule: [String: Int]
    package let outgoing: [String: [ModuleEdge]]
    package let incoming: [String: [ModuleEdge]]
    package let violationsByModule: [String: [Violation]]
    /// `from → to` → the ids of the rules the edge breaks, sorted.
    package let edgeRules: [EdgeKey: [String]]
    /// Files in layers of files and types (`paths:`), by project-relative path: set by the
    /// analysis for layers inside a target.
    package var fileLayers: [String: String] = [:]
    /// The components inside modules (layers of files and types) and the references
    /// between their types: set by the analysis, drawn on module, layer and component pages.
    package var components = ComponentGraph()

    package struct EdgeKey: Hashable, Sendable {
        package var from: String
        package var to: String

        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    package init(
        graph: ModuleGraph, layers: [LayerDeclaration], assignments: [String: LayerAssignment], report: CheckReport,
        settings: DiagramSettings
    ) {
        self.graph = graph
        self.layers = layers
        self.permissions = LayerPermissions(layers)
        self.assignments = assignments
        self.report = report
        self.settings = settings

        var outgoing: [String: [ModuleEdge]] = [:]
        var incoming: [String: [ModuleEdge]] = [:]
        for edge in graph.edges {
            outgoing[edge.from, default: []].append(edge)
            incoming[edge.to, default: []].append(edge)
        }
        self.outgoing = outgoing
        self.incoming = incoming

        let edgeSet = Set(graph.edges.map { EdgeKey(from: $0.from, to: $0.to) })
        var byModule: [String: [Violation]] = [:]
        var rules: [EdgeKey: Set<String>] = [:]
        for violation in report.violations {
            for module in Set(violation.modules) { byModule[module, default: []].append(violation) }
            for key in Self.edges(breaking: violation, in: graph, edgeSet: edgeSet) {
                rules[key, default: []].insert(violation.ruleID)
            }
        }
        violationsByModule = byModule
        edgeRules = rules.mapValues { $0.sorted() }

        let targets = graph.nodes.filter { $0.isTarget && (settings.showTests || !$0.isTest) }
        var groups: [Group] = []
        if layers.isEmpty {
            // Bands go bottom-up: a package (or project) below the ones whose modules use its
            // modules; packages at one height in the reverse of the order read (the root
            // package uses the local packages found after it).
            let heights = Self.packageHeights(graph)
            let ordered = graph.packages.reversed().enumerated().sorted { left, right in
                (heights[left.element.name] ?? 0, left.offset) < (heights[right.element.name] ?? 0, right.offset)
            }
            for (index, package) in ordered.map({ $0.element }).enumerated() {
                let members = targets.filter { $0.package == package.name }.map(\.id)
                if !members.isEmpty {
                    groups.append(Group(name: package.name, tone: index, isLayer: false, modules: members))
                }
            }
        } else {
            var members: [String: [String]] = [:]
            var unassigned: [String] = []
            for node in targets {
                if let layer = assignments[node.id]?.layer {
                    members[layer, default: []].append(node.id)
                } else {
                    unassigned.append(node.id)
                }
            }
            for (index, layer) in layers.enumerated() {
                groups.append(Group(name: layer.name, tone: index, isLayer: true, modules: members[layer.name] ?? []))
            }
            if !unassigned.isEmpty {
                groups.append(Group(name: "No layer", tone: nil, isLayer: false, modules: unassigned))
            }
        }
        self.groups = groups
        var groupOf: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            for module in group.modules { groupOf[module] = index }
        }
        groupOfModule = groupOf
    }

    /// How high each package stands: 0 for one whose modules use no other package's, else
    /// one more than the highest package it uses (a cycle between packages is cut where it
    /// closes).
    static func packageHeights(_ graph: ModuleGraph) -> [String: Int] {
        var uses: [String: Set<String>] = [:]
        for edge in graph.edges {
            guard let from = graph.node(edge.from)?.package, let to = graph.node(edge.to), to.isTarget,
                let target = to.package, target != from
            else { continue }
            uses[from, default: []].insert(target)
        }
        var heights: [String: Int] = [:]
        var visiting: Set<String> = []
        func height(_ package: String) -> Int {
            if let known = heights[package] { return known }
            guard visiting.insert(package).inserted else { return 0 }
            let value = (uses[package] ?? []).sorted().map { height($0) + 1 }.max() ?? 0
            visiting.remove(package)
            heights[package] = value
            return value
        }
        for package in graph.packages { _ = height(package.name) }
        return heights
    }

    /// The edges a violation is about. An edge rule names `[from, to]`. A cycle names its
    /// modules in order, and the step from the last back to the first closes it; a group
    /// of modules with too many cycles to list (its evidence is the targets themselves)
    /// breaks the rule with every edge inside it, since each lies on some cycle.
    package static func edges(breaking violation: Violation, in graph: ModuleGraph, edgeSet: Set<EdgeKey>) -> [EdgeKey]
    {
        let modules = violation.modules
        guard violation.rule == .cycle, let first = modules.first else {
            return zip(modules, modules.dropFirst()).map { EdgeKey(from: $0, to: $1) }.filter(edgeSet.contains)
        }
        if violation.evidence.allSatisfy({ $0.kind == .target }) {
            let members = Set(modules)
            return graph.edges.filter { members.contains($0.from) && members.contains($0.to) }.map {
                EdgeKey(from: $0.from, to: $0.to)
            }
        }
        let path = modules + [first]
        return zip(path, path.dropFirst()).map { EdgeKey(from: $0, to: $1) }.filter(edgeSet.contains)
    }

    package func rules(of edge: ModuleEdge) -> [String] {
        edgeRules[EdgeKey(from: edge.from, to: edge.to)] ?? []
    }

    /// Whether a module is drawn at all: targets, and test targets only when asked for.
    package func isDrawn(_ node: ModuleNode) -> Bool {
        node.isTarget && (settings.showTests || !node.isTest)
    }

    /// Whether `layer` may use `other` (always true when layers are not declared).
    package func allows(_ layer: String, _ other: String) -> Bool {
        permissions.allows(layer, other)
    }

    /// The pages of layers: `layers/<slug>.html`, unique even when two names slug alike.
    package static func layerPaths(_ layers: [LayerDeclaration]) -> [String: String] {
        var paths: [String: String] = [:]
        var taken: Set<String> = []
        for layer in layers {
            var slug = GuidanceID.slug(layer.name)
            if slug.isEmpty || slug == "index" { slug = "layer" }
            var candidate = slug
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(slug)-\(number)"
                number += 1
            }
            taken.insert(candidate)
            paths[layer.name] = "layers/\(candidate).html"
        }
        return paths
    }
}
