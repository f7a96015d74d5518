import StrataCore

/// What the architecture pages and diagrams are drawn from, worked out once: the groups
/// modules are drawn in (the declared layers, bottom-up; or the packages when no layers are
/// declared), each module's edges both ways, and which edges break which rules.
struct ArchitectureModel: Sendable {
    /// A band of the overview: a declared layer, the modules no layer claims, or a package.
    struct Group: Sendable {
        var name: String
        /// The colour the group is drawn in: `tone-0`…`tone-7`, or nil for unassigned modules.
        var tone: Int?
        var isLayer: Bool
        /// Its modules, sorted by name.
        var modules: [String]

        var toneClass: String { tone.map { "tone-\($0 % ArchitectureModel.toneCount)" } ?? "tone-none" }
    }

    static let toneCount = 8

    let graph: ModuleGraph
    let layers: [LayerDeclaration]
    let assignments: [String: LayerAssignment]
    let report: CheckReport
    let settings: DiagramSettings
    /// Bottom-up.
    let groups: [Group]
    let groupOfModule: [String: Int]
    let outgoing: [String: [ModuleEdge]]
    let incoming: [String: [ModuleEdge]]
    let violationsByModule: [String: [Violation]]
    /// `from → to` → the ids of the rules the edge breaks, sorted.
    let edgeRules: [EdgeKey: [String]]

    struct EdgeKey: Hashable, Sendable {
        var from: String
        var to: String
    }

    init(graph: ModuleGraph, layers: [LayerDeclaration], assignments: [String: LayerAssignment], report: CheckReport, settings: DiagramSettings) {
        self.graph = graph
        self.layers = layers
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
            // An edge rule names [from, to]; a cycle names its path. Each step that is an
            // edge of the graph is drawn as breaking the rule.
            for (from, to) in zip(violation.modules, violation.modules.dropFirst()) {
                let key = EdgeKey(from: from, to: to)
                if edgeSet.contains(key) { rules[key, default: []].insert(violation.ruleID) }
            }
        }
        violationsByModule = byModule
        edgeRules = rules.mapValues { $0.sorted() }

        let targets = graph.nodes.filter { $0.isTarget && (settings.showTests || !$0.isTest) }
        var groups: [Group] = []
        if layers.isEmpty {
            for (index, package) in graph.packages.enumerated() {
                let members = targets.filter { $0.package == package.name }.map(\.id)
                if !members.isEmpty { groups.append(Group(name: package.name, tone: index, isLayer: false, modules: members)) }
            }
        } else {
            var members: [String: [String]] = [:]
            var unassigned: [String] = []
            for node in targets {
                if let layer = assignments[node.id]?.layer { members[layer, default: []].append(node.id) } else { unassigned.append(node.id) }
            }
            for (index, layer) in layers.enumerated() {
                groups.append(Group(name: layer.name, tone: index, isLayer: true, modules: members[layer.name] ?? []))
            }
            if !unassigned.isEmpty { groups.append(Group(name: "No layer", tone: nil, isLayer: false, modules: unassigned)) }
        }
        self.groups = groups
        var groupOf: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            for module in group.modules { groupOf[module] = index }
        }
        groupOfModule = groupOf
    }

    func rules(of edge: ModuleEdge) -> [String] {
        edgeRules[EdgeKey(from: edge.from, to: edge.to)] ?? []
    }

    /// Whether a module is drawn at all: targets, and test targets only when asked for.
    func isDrawn(_ node: ModuleNode) -> Bool {
        node.isTarget && (settings.showTests || !node.isTest)
    }

    /// Whether `layer` may use `other` (always true when layers are not declared).
    func allows(_ layer: String, _ other: String) -> Bool {
        layers.allows(layer, other)
    }

    /// The pages of layers: `layers/<slug>.html`, unique even when two names slug alike.
    static func layerPaths(_ layers: [LayerDeclaration]) -> [String: String] {
        var paths: [String: String] = [:]
        var taken: Set<String> = []
        for layer in layers {
            var slug = ""
            for character in layer.name.lowercased() {
                if character.isLetter || character.isNumber { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
            }
            while slug.hasSuffix("-") { slug.removeLast() }
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
