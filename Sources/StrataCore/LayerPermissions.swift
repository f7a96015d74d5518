/// What each declared layer may use, worked out once: asked per dependency and per cell of
/// the layer matrix, the list was rebuilt each time, so 400 layers took 23 s and 1,000 over
/// two minutes.
package struct LayerPermissions: Sendable {
    private let position: [String: Int]
    private let allowed: [Set<String>]

    package init(_ layers: [LayerDeclaration]) {
        var position: [String: Int] = [:]
        for (index, layer) in layers.enumerated() where position[layer.name] == nil { position[layer.name] = index }
        self.position = position
        var allowed: [Set<String>] = []
        var below: Set<String> = []
        for layer in layers {
            allowed.append(layer.mayUse.map(Set.init) ?? below)
            below.insert(layer.name)
        }
        self.allowed = allowed
    }

    /// Whether a module in layer `from` may use one in layer `to` (always its own layer;
    /// an undeclared layer is not judged). The same answer as `[LayerDeclaration].allows`.
    package func allows(_ from: String, _ to: String) -> Bool {
        guard from != to, let index = position[from] else { return true }
        return allowed[index].contains(to)
    }
}
