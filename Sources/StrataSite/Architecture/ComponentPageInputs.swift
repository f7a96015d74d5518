import StrataCore

/// Everything a component's page is made from but the theme: what a cache compares to
/// reuse the page it made before. An edit to one file changes the pages of the components
/// it declares types in and names types of, not the others.
package struct ComponentPageInputs: Equatable, Sendable {
    package var component: ComponentGraph.Component
    var outgoing: [ComponentGraph.Reference]
    var incoming: [ComponentGraph.Reference]
    /// For each type: the references that name it, then those its code makes.
    var typeReferences: [[ComponentGraph.Reference]]
    var violations: [Violation]
    var layers: [LayerDeclaration]
    /// `module NUL page` of every module the page links to (references and violation chips).
    var modulePages: [String]
    /// Every component with a page: a link goes to a component's page when it has one,
    /// else to its module's.
    var components: [ComponentGraph.ComponentID]
}

/// Given a component page's inputs and how to make it, the page: made, or made before from
/// equal inputs.
package typealias ComponentPageMemo = @Sendable (ComponentPageInputs, () throws -> Page) throws -> Page

extension ArchitecturePages {
    func componentPageInputs(_ component: ComponentGraph.Component, index: ComponentIndex) -> ComponentPageInputs {
        let outgoing = index.outgoing[component.id] ?? []
        let incoming = index.incoming[component.id] ?? []
        var typeReferences: [[ComponentGraph.Reference]] = []
        for type in component.types {
            typeReferences.append(index.referencesTo[ComponentIndex.key(component.module, type.name)] ?? [])
            typeReferences.append(index.referencesFrom[ComponentIndex.key(component.module, type.name)] ?? [])
        }
        // Every other module a row links to is at the other end of a reference out or in.
        let violations = index.violations(of: component)
        var modules = Set(outgoing.map(\.to.module)).union(incoming.map(\.from.module)).union(
            violations.flatMap(\.modules))
        modules.insert(component.module)
        return ComponentPageInputs(
            component: component, outgoing: outgoing, incoming: incoming, typeReferences: typeReferences,
            violations: violations, layers: layers,
            modulePages: modules.sorted().map { $0 + "\u{0}" + path(of: $0) },
            components: index.graph.components.map(\.id)
        )
    }
}
