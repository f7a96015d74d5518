import StrataCore

/// Turns the assignment of files and types to layers, and the resolved references, into the
/// `ComponentGraph` the site draws: a component per layer and module that has files or
/// types of a layer of files or types, and every reference from their code to a declared type.
struct ComponentGraphBuilder {
    let layers: [LayerDeclaration]

    func build(assignment: ComponentAssignment, references: ResolvedReferences) -> ComponentGraph {
        var order: [String: Int] = [:]
        for (index, layer) in layers.enumerated() where order[layer.name] == nil { order[layer.name] = index }
        let modules = assignment.layeredModules.sorted()
        var components: [ComponentGraph.Component] = []
        for module in modules {
            var byLayer: [String: ComponentGraph.Component] = [:]
            for (file, placed) in assignment.files[module] ?? [:] {
                byLayer[placed.layer, default: ComponentGraph.Component(module: module, layer: placed.layer)].files
                    .append(ComponentGraph.Member(name: file, layer: placed.layer, origin: placed.origin))
            }
            for declaration in assignment.declarations[module] ?? [] {
                guard let placed = assignment.types[module]?[declaration.name] else { continue }
                byLayer[placed.layer, default: ComponentGraph.Component(module: module, layer: placed.layer)].types
                    .append(
                        ComponentGraph.Member(
                            name: declaration.name, layer: placed.layer, origin: placed.origin, kind: declaration.kind,
                            location: declaration.location
                        ))
            }
            let sorted = byLayer.values.sorted {
                (order[$0.layer] ?? .max, $0.layer) < (order[$1.layer] ?? .max, $1.layer)
            }
            for var component in sorted {
                component.files.sort { $0.name < $1.name }
                // A type declared twice (in two `#if` branches) is listed once.
                var seen: Set<String> = []
                component.types = component.types.sorted {
                    ($0.name, $0.location?.line ?? 0) < ($1.name, $1.location?.line ?? 0)
                }.filter { seen.insert($0.name).inserted }
                components.append(component)
            }
        }
        let found = references.graphReferences
        return ComponentGraph(components: components, references: found, layeredModules: modules)
    }
}
