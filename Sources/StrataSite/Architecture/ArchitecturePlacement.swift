import StrataCore

/// Where a module, or a type of it, sits in the architecture: its module's page, its layer
/// and, inside a module with layers of files or types, the component that declares it. A
/// reference page shows it under its title, and the exports name the layers, so a reader
/// of the API never loses the architecture around it.
package struct ArchitecturePlacement: Sendable {
    private let siteMap: ArchitectureSiteMap
    private let layerOfModule: [String: String]
    /// Module → type (`Feed.Item`) → the component that declares it.
    private let componentOfType: [String: [String: ComponentGraph.ComponentID]]
    private let modules: Set<String>

    package init(_ architecture: ArchitecturePages) {
        siteMap = architecture.siteMap
        layerOfModule = architecture.model.assignments.mapValues(\.layer)
        var components: [String: [String: ComponentGraph.ComponentID]] = [:]
        for component in architecture.model.components.components {
            for type in component.types {
                components[component.module, default: [:]][type.name] = component.id
            }
        }
        componentOfType = components
        modules = Set(architecture.model.graph.nodes.filter(\.isTarget).map(\.id))
    }

    /// The layer of the module; nil when no layer holds it.
    package func layer(of module: String) -> String? {
        layerOfModule[module]
    }

    /// The component that declares `type` in `module`, when a layer inside it holds the type.
    package func component(of type: String, in module: String) -> ComponentGraph.ComponentID? {
        componentOfType[module]?[type]
    }

    /// The links a page about `module` (or its `type`) shows: the module's page, its layer's
    /// page, and the page of the type's component (the part of the module a layer inside it
    /// holds) when there is one. Empty for a module the graph
    /// does not have.
    package func links(module: String, type: String? = nil) -> [PageLink] {
        guard modules.contains(module) else { return [] }
        var links = [PageLink(label: "Module", title: module, outputPath: siteMap.path(of: module))]
        if let layer = layerOfModule[module], let path = siteMap.path(ofLayer: layer) {
            links.append(PageLink(label: "Layer", title: layer, outputPath: path))
        }
        // Inside a module with layers of files or types, the part of it that declares the
        // type, whose page lists it with who references it.
        if let type, let component = component(of: type, in: module) {
            links.append(
                PageLink(
                    label: layerOfModule[module] == nil ? "Layer" : "Component", title: component.layer,
                    outputPath: ArchitectureSiteMap.componentPath(component) + "#"
                        + ArchitectureSiteMap.typeAnchor(type)))
        }
        return links
    }
}
