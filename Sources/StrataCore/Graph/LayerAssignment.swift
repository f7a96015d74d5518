/// The layer a module belongs to, and where that was said.
package struct LayerAssignment: Hashable, Sendable {
    package enum Source: Hashable, Sendable {
        /// A `modules:` pattern of a layer in `strata.yml`.
        case configuration(pattern: String, location: SourceLocation?)
        /// The `// MARK: <Layer>` section the target is declared under in its manifest.
        case manifestSection(location: SourceLocation?)
        /// `layer:` in the front matter of the module's page.
        case page(location: SourceLocation)

        package var location: SourceLocation? {
            switch self {
            case .configuration(_, let location), .manifestSection(let location): location
            case .page(let location): location
            }
        }

        package var description: String {
            switch self {
            case .configuration(let pattern, _): "strata.yml (modules: \(pattern))"
            case .manifestSection: "its // MARK: section in Package.swift"
            case .page: "layer: on its page"
            }
        }
    }

    package var module: String
    package var layer: String
    package var source: Source

    package init(module: String, layer: String, source: Source) {
        self.module = module
        self.layer = layer
        self.source = source
    }
}
