import StrataCore

/// Decides each module's layer from the three places a layer can be given: the module
/// globs of `strata.yml`, the `// MARK: <Layer>` section a target is declared under, and
/// `layer:` on a module's page. Every assignment keeps its source; sources that disagree,
/// a module two layers claim, a page naming an unknown layer and a glob that matches no
/// module are diagnostics.
package struct LayerResolver: Sendable {
    package let layers: [LayerDeclaration]

    package init(layers: [LayerDeclaration]) {
        self.layers = layers
    }

    package struct Resolution: Hashable, Sendable {
        /// Module → its layer, for modules that have one.
        package var assignments: [String: LayerAssignment]
        package var diagnostics: [Diagnostic]

        package func layer(of module: String) -> String? { assignments[module]?.layer }
    }

    /// Test targets are judged by the `tests:` policy, so they get a layer only from a
    /// pattern naming them exactly or from `layer:` on their page.
    ///
    /// - Parameters:
    ///   - graph: the module graph; only targets get layers.
    ///   - pageLayers: `layer:` from module pages, by module.
    package func resolve(_ graph: ModuleGraph, pageLayers: [String: (layer: String, location: SourceLocation)] = [:])
        -> Resolution
    {
        var assignments: [String: LayerAssignment] = [:]
        var diagnostics: [Diagnostic] = []
        let names = Set(layers.map(\.name))
        var usedPatterns: Set<ModulePattern> = []

        for node in graph.nodes where node.isTarget {
            var found: [LayerAssignment] = []
            // strata.yml: every layer whose globs match.
            for layer in layers {
                // A glob such as `Feature*` means the features, not their test targets;
                // a test target is in a layer only when named exactly.
                if let pattern = layer.modules.first(where: { $0.matches(node.id) && (!node.isTest || !$0.isGlob) }) {
                    usedPatterns.insert(pattern)
                    found.append(
                        LayerAssignment(
                            module: node.id, layer: layer.name,
                            source: .configuration(pattern: pattern.pattern, location: pattern.location)))
                }
            }
            let fromConfig = found
            if fromConfig.count > 1 {
                diagnostics.append(
                    .error(
                        "layer.ambiguous",
                        "module '\(node.id)' is matched by \(fromConfig.count) layers: "
                            + fromConfig.map { "'\($0.layer)' (\($0.source.description))" }.joined(separator: ", "),
                        at: fromConfig[1].source.location
                    ))
            }
            // The manifest section, when it names a declared layer (other sections, such as
            // "Tests" or "Tooling", are only headings).
            if !node.isTest, let section = node.section,
                let layer = layers.first(where: { $0.name.lowercased() == section.lowercased() })
            {
                found.append(
                    LayerAssignment(
                        module: node.id, layer: layer.name, source: .manifestSection(location: node.location)))
            }
            if let page = pageLayers[node.id] {
                if names.contains(page.layer) {
                    found.append(
                        LayerAssignment(module: node.id, layer: page.layer, source: .page(location: page.location)))
                } else {
                    var message = "layer '\(page.layer)' is not declared in strata.yml"
                    if let close = Suggestion.closest(to: page.layer, in: layers.map(\.name)) {
                        message += "; did you mean '\(close)'?"
                    }
                    diagnostics.append(.error("layer.unknown", message, at: page.location))
                }
            }
            guard let first = found.first else { continue }
            for other in found.dropFirst()
            where other.layer != first.layer && !(fromConfig.count > 1 && fromConfig.contains(other)) {
                diagnostics.append(
                    .error(
                        "layer.conflict",
                        "module '\(node.id)' is in layer '\(first.layer)' by \(first.source.description), but in "
                            + "'\(other.layer)' by \(other.source.description)",
                        at: other.source.location ?? first.source.location
                    ))
            }
            assignments[node.id] = first
        }
        for layer in layers {
            for pattern in layer.modules where !usedPatterns.contains(pattern) {
                let onlyTests = graph.nodes.contains { $0.isTest && pattern.matches($0.id) }
                let message =
                    onlyTests
                    ? "'\(pattern.pattern)' in layer '\(layer.name)' matches only test targets, which a glob never "
                        + "places in a layer; name them exactly, or see tests.follow_layers"
                    : "'\(pattern.pattern)' in layer '\(layer.name)' matches no module of the graph"
                diagnostics.append(.error("layer.unmatched-pattern", message, at: pattern.location))
            }
        }
        return Resolution(assignments: assignments, diagnostics: diagnostics.sorted())
    }

    /// Whether a module in layer `from` may use one in layer `to`: its own layer, the
    /// layers listed before it, or exactly its `may_use:` list.
    package func allows(_ from: String, _ to: String) -> Bool {
        LayerPermissions(layers).allows(from, to)
    }
}
