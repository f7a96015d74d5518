import StrataCore

/// Layers proposed for a graph that has none declared (`strata init`): bottom-up, so that
/// the code as it stands already keeps to them and `strata check` passes before anyone
/// edits them. From the manifests' `// MARK:` sections when every module is in one and the
/// sections depend on each other one way only; otherwise from the dependency order: each
/// module one level above the deepest module it uses, the levels merged into Core, the
/// levels between, and the top (App when it holds only executables), a layer renamed
/// after its modules' role word when they agree (`FeedUI`, `CartUI` → UI). When the
/// modules' names say their roles (a third of them or more: `…Client`, `…Feature`, an app
/// target), the layers come from those instead (`RoleLayers`).
package struct LayerProposal: Hashable, Sendable {
    package struct Layer: Hashable, Sendable {
        package var name: String
        package var modules: [String]
    }

    package enum Basis: Hashable, Sendable {
        /// The `// MARK:` sections of the manifests.
        case sections
        /// The longest chain of dependencies below each module.
        case dependencyOrder
        /// What the modules are named for and what they build (`RoleLayers`).
        case roles
    }

    package var layers: [Layer]
    package var basis: Basis
    /// Why each module is in its layer, for the comment beside it (`.roles` only).
    package var reasons: [String: String] = [:]
    /// Why sections were not used, when some modules have them.
    package var sectionsSetAside: String?

    /// A proposal for the non-test targets of `graph`.
    package init(graph: ModuleGraph) {
        let modules = graph.nodes.filter { $0.isTarget && !$0.isTest }.sorted { $0.id < $1.id }
        let ids = Set(modules.map(\.id))
        var uses: [String: Set<String>] = [:]
        for edge in graph.edges where edge.from != edge.to && ids.contains(edge.from) && ids.contains(edge.to) {
            uses[edge.from, default: []].insert(edge.to)
        }
        let depth = Self.depths(of: modules.map(\.id), uses: uses)
        let sections = modules.compactMap(\.section)
        // A layer named like a module's section would claim that module (sections assign
        // layers), so the names from the dependency order keep clear of them.
        let taken = Set(graph.nodes.compactMap { $0.section?.lowercased() })
        let organising = Set(sections.filter { Self.organisingSections.contains($0.lowercased()) }).sorted()
        if !organising.isEmpty {
            self.init(
                fromCode: modules, uses: uses, depth: depth, avoiding: taken,
                sectionsSetAside:
                    "\(organising.joined(separator: ", ")) organise\(organising.count == 1 ? "s" : "") the manifest "
                    + "rather than name\(organising.count == 1 ? "s" : "") a layer"
            )
            return
        }
        if !modules.isEmpty, sections.count == modules.count, Set(sections).count > 1 {
            switch Self.sectionOrder(modules, uses: uses, depth: depth) {
            case .success(let layers):
                self.init(layers: layers, basis: .sections, sectionsSetAside: nil)
                return
            case .failure(let reason):
                self.init(fromCode: modules, uses: uses, depth: depth, avoiding: taken, sectionsSetAside: reason.text)
                return
            }
        }
        let setAside =
            sections.isEmpty
            ? nil
            : sections.count < modules.count
                ? "not every module is in a // MARK: section" : "every module is in the same // MARK: section"
        self.init(fromCode: modules, uses: uses, depth: depth, avoiding: taken, sectionsSetAside: setAside)
    }

    /// Layers from the modules' names and kinds when those say enough, else from the
    /// dependency order.
    init(
        fromCode modules: [ModuleNode], uses: [String: Set<String>], depth: [String: Int], avoiding taken: Set<String>,
        sectionsSetAside: String?
    ) {
        guard RoleLayers.applies(to: modules) else {
            self.init(
                layers: Self.byDepth(modules, uses: uses, depth: depth, avoiding: taken), basis: .dependencyOrder,
                sectionsSetAside: sectionsSetAside)
            return
        }
        let (layers, reasons) = RoleLayers.layers(modules, uses: uses)
        // A layer named like a // MARK: section would claim that section's modules.
        let renamed = layers.map {
            Layer(name: taken.contains($0.name.lowercased()) ? "Proposed \($0.name)" : $0.name, modules: $0.modules)
        }
        self.init(layers: renamed, basis: .roles, sectionsSetAside: sectionsSetAside)
        self.reasons = reasons
    }

    /// `// MARK:` sections that group a manifest's declarations by what they are, not by
    /// layer (swift-nio's `Targets`, `Examples`, `Tests`).
    static let organisingSections: Set<String> = [
        "targets", "target", "examples", "example", "tests", "test", "test targets", "products", "dependencies",
        "packages",
        "plugins", "plugin", "benchmarks", "executables", "tools", "macros", "internal", "public", "modules",
        "libraries", "other"
    ]

    init(layers: [Layer], basis: Basis, sectionsSetAside: String?) {
        self.layers = layers
        self.basis = basis
        self.sectionsSetAside = sectionsSetAside
    }

    /// The longest chain of uses below each module. The modules of a cycle share one depth
    /// (the cycle counts once), so no proposed layer puts one above another of its cycle.
    static func depths(of ids: [String], uses: [String: Set<String>]) -> [String: Int] {
        let component = components(of: ids, uses: uses)
        var below: [Int: Set<Int>] = [:]
        for (from, targets) in uses {
            guard let upper = component[from] else { continue }
            for to in targets {
                if let lower = component[to], lower != upper { below[upper, default: []].insert(lower) }
            }
        }
        // Components come out of Tarjan's search with every component it uses before it.
        var componentDepth: [Int: Int] = [:]
        for index in Set(component.values).sorted() {
            componentDepth[index] = (below[index] ?? []).map { (componentDepth[$0] ?? 0) + 1 }.max() ?? 0
        }
        return component.mapValues { componentDepth[$0] ?? 0 }
    }

    /// Each module's strongly connected component, numbered so that a component comes
    /// after every component it uses (Tarjan's order), without recursion.
    static func components(of ids: [String], uses: [String: Set<String>]) -> [String: Int] {
        var index: [String: Int] = [:]
        var lowlink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var component: [String: Int] = [:]
        var next = 0
        var count = 0
        let successors = uses.mapValues { $0.sorted() }
        for root in ids where index[root] == nil {
            var work: [(id: String, child: Int)] = [(root, 0)]
            index[root] = next
            lowlink[root] = next
            next += 1
            stack.append(root)
            onStack.insert(root)
            while let (id, child) = work.last {
                let children = successors[id] ?? []
                if child < children.count {
                    work[work.count - 1].child += 1
                    let other = children[child]
                    if index[other] == nil {
                        index[other] = next
                        lowlink[other] = next
                        next += 1
                        stack.append(other)
                        onStack.insert(other)
                        work.append((other, 0))
                    } else if onStack.contains(other) {
                        lowlink[id] = min(lowlink[id] ?? 0, index[other] ?? 0)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.id { lowlink[parent] = min(lowlink[parent] ?? 0, lowlink[id] ?? 0) }
                guard lowlink[id] == index[id] else { continue }
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component[member] = count
                    if member == id { break }
                }
                count += 1
            }
        }
        return component
    }

    struct SectionProblem: Error {
        var text: String
    }

    /// The sections bottom-up, when they depend on each other one way only.
    static func sectionOrder(_ modules: [ModuleNode], uses: [String: Set<String>], depth: [String: Int]) -> Result<
        [Layer], SectionProblem
    > {
        var sectionOf: [String: String] = [:]
        var members: [String: [String]] = [:]
        for module in modules {
            guard let section = module.section else { continue }
            sectionOf[module.id] = section
            members[section, default: []].append(module.id)
        }
        var below: [String: Set<String>] = [:]
        for (from, targets) in uses {
            for to in targets {
                guard let upper = sectionOf[from], let lower = sectionOf[to], upper != lower else { continue }
                below[upper, default: []].insert(lower)
            }
        }
        // Sections in order: each after every section it uses; ties by how deep they reach.
        var placed: [String] = []
        var remaining = Set(members.keys)
        while !remaining.isEmpty {
            let ready = remaining.filter { (below[$0] ?? []).isSubset(of: Set(placed)) }
            guard !ready.isEmpty else {
                let pair = remaining.sorted().lazy.compactMap { upper in
                    (below[upper] ?? []).sorted().first { below[$0]?.contains(upper) == true }.map { (upper, $0) }
                }.first
                return .failure(
                    SectionProblem(
                        text: pair.map { "the // MARK: sections \($0.0) and \($0.1) use each other" }
                            ?? "the // MARK: sections use each other in a circle"))
            }
            let next = ready.min { lhs, rhs in
                let left = members[lhs, default: []].compactMap { depth[$0] }.max() ?? 0
                let right = members[rhs, default: []].compactMap { depth[$0] }.max() ?? 0
                return (left, lhs) < (right, rhs)
            }
            guard let next else { break }
            placed.append(next)
            remaining.remove(next)
        }
        return .success(placed.map { Layer(name: $0, modules: members[$0, default: []].sorted()) })
    }

    /// Names for the layers from the dependency order, each with others to use when a
    /// `// MARK:` section already has the name.
    static let names = [
        "Core": ["Core", "Foundation", "Base"], "Services": ["Services", "Middle", "Proposed Services"],
        "Domain": ["Domain", "Data", "Proposed Domain"],
        "Features": ["Features", "Screens", "Top"], "App": ["App", "Application", "Apps"]
    ]

    static func name(_ role: String, avoiding taken: Set<String>) -> String {
        let choices = names[role] ?? [role]
        return choices.first { !taken.contains($0.lowercased()) } ?? "Proposed \(role)"
    }

    /// Layers from the dependency order (see the type's description).
    static func byDepth(
        _ modules: [ModuleNode], uses: [String: Set<String>], depth: [String: Int], avoiding taken: Set<String> = []
    ) -> [Layer] {
        guard !modules.isEmpty else { return [] }
        let used = Set(uses.values.flatMap { $0 })
        // Apps, their extensions and executables nothing uses go to the top, whatever their depth.
        let apps = Set(modules.filter { RoleLayers.isTop($0, used: used) }.map(\.id))
        let top = modules.map { depth[$0.id] ?? 0 }.max() ?? 0
        var levels: [[String]] = Array(repeating: [], count: top + 1)
        for module in modules {
            let level = apps.contains(module.id) ? top : depth[module.id] ?? 0
            levels[level].append(module.id)
        }
        guard top > 0 else { return [Layer(name: name("Core", avoiding: taken), modules: levels[0])] }
        let topName = name(levels[top].allSatisfy(apps.contains) ? "App" : "Features", avoiding: taken)
        var layers = [Layer(name: name("Core", avoiding: taken), modules: levels[0])]
        if top > 1 {
            let middle = levels[1..<top].flatMap { $0 }
            // A middle holding more than half the modules says little: it is split between
            // two of its levels, where the parts come out most even, the lower part Domain,
            // the upper Services.
            var split = 1
            if middle.count * 2 > modules.count, top > 2 {
                let counts = (2..<top).map { level in
                    (level, abs(levels[1..<level].joined().count - levels[level..<top].joined().count))
                }
                split = counts.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0 ?? 1
            }
            if split > 1 {
                layers.append(
                    Layer(name: name("Domain", avoiding: taken), modules: levels[1..<split].flatMap { $0 }.sorted()))
            }
            layers.append(
                Layer(name: name("Services", avoiding: taken), modules: levels[split..<top].flatMap { $0 }.sorted()))
        }
        layers.append(Layer(name: topName, modules: levels[top].sorted()))
        return named(layers.filter { !$0.modules.isEmpty }, avoiding: taken)
    }

    /// Role words modules are commonly named with (`FeedUI`, `CartService`), and the layer
    /// each suggests.
    static let roles: [(suffix: String, layer: String)] = [
        ("UI", "UI"), ("Views", "UI"), ("View", "UI"), ("Features", "Features"), ("Feature", "Features"),
        ("Services", "Services"), ("Service", "Services"), ("Client", "Clients"), ("API", "Clients"),
        ("Repository", "Data"), ("Persistence", "Data"), ("Database", "Data"), ("Store", "Data"),
        ("Models", "Models"), ("Model", "Models"), ("Domain", "Domain")
    ]

    /// The role word `module` ends with, at a word boundary of its camel case.
    static func role(of module: String) -> String? {
        for (suffix, layer) in roles where module.hasSuffix(suffix) {
            let rest = module.dropLast(suffix.count)
            if rest.isEmpty || rest.last.map({ $0.isLowercase || $0.isNumber }) == true { return layer }
        }
        return nil
    }

    /// Layers renamed after their modules' names where those agree: when at least two
    /// modules, and two thirds of the layer, carry the same role word, the layer takes its
    /// name (unless a section or another layer has it).
    static func named(_ layers: [Layer], avoiding taken: Set<String>) -> [Layer] {
        var used = taken.union(layers.map { $0.name.lowercased() })
        return layers.map { layer in
            var counts: [String: Int] = [:]
            for module in layer.modules { if let role = role(of: module) { counts[role, default: 0] += 1 } }
            guard let (role, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2,
                count * 3 >= layer.modules.count * 2,
                role.lowercased() == layer.name.lowercased() || !used.contains(role.lowercased())
            else { return layer }
            used.insert(role.lowercased())
            return Layer(name: role, modules: layer.modules)
        }
    }
}
