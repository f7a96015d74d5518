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
    /// Each component's violations, in report order.
    private var violationsByComponent: [ID: [Violation]] = [:]

    /// - Parameter violations: the report's, each placed in the component it was made in.
    init(_ graph: ComponentGraph, violations: [Violation] = []) {
        self.graph = graph
        for component in graph.components { components[component.id] = component }
        // Where a violation is reported decides its component: at a type's declaration, that
        // type's (a type another layer claims belongs there, whatever its file); else in a
        // file, that file's.
        var byDeclaration: [SourceLocation: ID] = [:]
        var byFile: [String: [ID]] = [:]
        for component in graph.components {
            for type in component.types { if let location = type.location { byDeclaration[location] = component.id } }
            for file in component.files { byFile[file.name, default: []].append(component.id) }
        }
        for violation in violations {
            guard let location = violation.location else { continue }
            if let owner = byDeclaration[location], violation.modules.contains(owner.module) {
                violationsByComponent[owner, default: []].append(violation)
            } else if let owner = byFile[location.path]?.first(where: { violation.modules.contains($0.module) }) {
                violationsByComponent[owner, default: []].append(violation)
            }
        }
        for reference in graph.references {
            if reference.from != reference.to {
                outgoing[reference.from, default: []].append(reference)
                incoming[reference.to, default: []].append(reference)
            }
            referencesTo[Self.key(reference.to.module, reference.toType), default: []].append(reference)
            if let type = reference.fromType {
                referencesFrom[Self.key(reference.from.module, type), default: []].append(reference)
            }
        }
    }

    static func key(_ module: String, _ type: String) -> TypeKey { TypeKey(module: module, type: type) }

    /// The components of one layer, by module.
    func components(inLayer layer: String) -> [ComponentGraph.Component] {
        graph.components.filter { $0.layer == layer }
    }

    /// The violations made in a component: reported at the declaration of one of its types,
    /// or elsewhere in one of its files.
    func violations(of component: ComponentGraph.Component) -> [Violation] {
        violationsByComponent[component.id] ?? []
    }
}
