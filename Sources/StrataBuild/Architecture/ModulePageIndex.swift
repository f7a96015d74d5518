import StrataCore

/// The Content pages that document a module (`module:` in their front matter or metadata
/// paragraph), and the layers they give it (`layer:`).
struct ModulePageIndex {
    private(set) var layers: [String: (layer: String, location: SourceLocation)] = [:]
    /// Module → the output path of its page.
    private(set) var pagesByModule: [String: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    init(pages: [SourcePage], graph: ModuleGraph) {
        let targets = graph.nodes.filter(\.isTarget).map(\.id)
        for page in pages.sorted(by: { $0.relativePath < $1.relativePath }) {
            guard let module = page.metadata.first(where: { $0.normalizedKey == "module" }) else {
                if let layer = page.metadata.first(where: { $0.normalizedKey == "layer" }) {
                    diagnostics.append(
                        .warning(
                            "page.layer-without-module",
                            "layer: says nothing here without module: naming the module this page documents",
                            at: layer.location))
                }
                continue
            }
            let name = module.value.trimmingWhitespace
            guard graph.node(name)?.isTarget == true else {
                var message = "module: '\(name)' is not a module of the graph"
                if let close = Suggestion.closest(to: name, in: targets) { message += "; did you mean '\(close)'?" }
                diagnostics.append(.warning("page.unknown-module", message, at: module.location))
                continue
            }
            if let other = pagesByModule[name] {
                diagnostics.append(
                    .warning(
                        "page.duplicate-module",
                        "module '\(name)' already has a page, '\(other)'; this one is not its module page",
                        at: module.location))
                continue
            }
            pagesByModule[name] = page.outputPath
            if let layer = page.metadata.first(where: { $0.normalizedKey == "layer" }) {
                layers[name] = (layer.value.trimmingWhitespace, layer.location)
            }
        }
    }
}
