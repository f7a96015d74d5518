/// The public API of each module in a few lines per type: what `llms.txt` and
/// `guidance.json` tell a coding agent beside the rules, so it learns which types a module
/// offers, what each is for and where it sits in the layering, without reading every page.
package struct APISummary: Hashable, Sendable {
    package struct Module: Hashable, Sendable {
        package var name: String
        /// The module's layer in `strata.yml`; nil when no layer holds it.
        package var layer: String?
        /// Its reference page (the catalog's top page or its own), relative to the site.
        package var outputPath: String?
        package var symbols: [Symbol]

        package init(name: String, layer: String?, outputPath: String?, symbols: [Symbol]) {
            self.name = name
            self.layer = layer
            self.outputPath = outputPath
            self.symbols = symbols
        }
    }

    /// A type (or a type of another module it extends) with a page of its own.
    package struct Symbol: Hashable, Sendable {
        /// `Feed.Item`.
        package var name: String
        /// DocC's name of its kind: `Structure`, `Protocol`, `Extended Type`.
        package var kind: String
        /// The first paragraph of its doc comment, as plain text.
        package var summary: String?
        /// The layer of the part of its module that declares it, when a layer of files or
        /// types inside the module holds it and not the module's own layer.
        package var layer: String?
        package var outputPath: String

        package init(name: String, kind: String, summary: String?, layer: String?, outputPath: String) {
            self.name = name
            self.kind = kind
            self.summary = summary
            self.layer = layer
            self.outputPath = outputPath
        }
    }

    package var modules: [Module]

    package init(modules: [Module] = []) {
        self.modules = modules
    }

    package var isEmpty: Bool { modules.isEmpty }
}
