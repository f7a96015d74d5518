import StrataCore

/// The component graph arranged for pages: each component's references out and in, who
/// references each type, and each component's violations, worked out in one pass.
struct ComponentIndex: Sendable {
    typealias ID = ComponentGraph.ComponentID

    let graph: ComponentGraph
    private(set) var outgoing: [ID: [ComponentGraph.Reference]] = [:]
    private(set) var incoming: [ID: [ComponentGraph.Reference]] = [:]
    /// A type of a module, qualified by the types it is nested in.
    struct TypeKey: Hashable, Sendable {
        var module: String
        var type: String
    }

    /// Type → the references that name it, in source order.
    private(set) var referencesTo: [TypeKey: [ComponentGraph.Reference]] = [:]
    /// Outermost type → the references its code makes, in source order.
    private(set) var referencesFrom: [TypeKey: [ComponentGraph.Reference]] = [:]
    private(set) var components: [ID: ComponentGraph.Component] = [:]

    init(_ graph: ComponentGraph) {
        self.graph = graph
        for component in graph.components { components[component.id] = component }
        for reference in graph.references {
            if reference.from != reference.to {
                outgoing[reference.from, default: []].append(reference)
                incoming[reference.to, default: []].append(reference)
            }
            referencesTo[Self.key(reference.to.module, reference.toType), default: []].append(reference)
            if let type = reference.fromType { referencesFrom[Self.key(reference.from.module, type), default: []].append(reference) }
        }
    }

    static func key(_ module: String, _ type: String) -> TypeKey { TypeKey(module: module, type: type) }

    /// The components of one layer, by module.
    func components(inLayer layer: String) -> [ComponentGraph.Component] {
        graph.components.filter { $0.layer == layer }
    }

    /// The violations made in a component: reported in one of its files, or at the
    /// declaration of one of its types.
    func violations(of component: ComponentGraph.Component, among all: [Violation]) -> [Violation] {
        let files = Set(component.files.map(\.name))
        let declarations = Set(component.types.compactMap(\.location))
        return all.filter { violation in
            guard violation.modules.contains(component.module), let location = violation.location else { return false }
            if declarations.contains(location) { return true }
            // A type claimed by another layer, declared in this component's file, is that layer's.
            return files.contains(location.path) && !graph.components.contains { other in
                other.id != component.id && other.module == component.module && other.types.contains { $0.location == location }
            }
        }
    }
}
