/// Where the architecture lives in the site: the page of each module (its Content page when
/// one documents it, else a generated one), of each layer, of the overview and of the
/// violations, and the id of each diagram. The pages, the diagrams that link to them and
/// the search index all ask here, so they cannot disagree.
package struct ArchitectureSiteMap: Sendable {
    /// Module → the Content page that documents it (`module:` in its front matter).
    package let guides: [String: (title: String, outputPath: String)]
    /// Layer name → its page.
    package let layerPaths: [String: String]
    /// Module → the top page of its DocC catalog, which its page links.
    package var catalogs: [String: (title: String, outputPath: String)] = [:]
    /// Each module's API reference: the page of each documented type, by its name as a
    /// component lists it (`Feed.Item`).
    package var referencePages: [String: [String: String]] = [:]

    package init(layers: [LayerDeclaration], guides: [String: (title: String, outputPath: String)] = [:]) {
        self.guides = guides
        layerPaths = ArchitectureModel.layerPaths(layers)
    }

    /// Where the generated pages live in the site.
    package static let modulesFolder = "modules"
    package static let indexPath = "\(modulesFolder)/index.html"
    package static let violationsPath = "violations.html"
    /// The architecture over the last commits (`history:`).
    package static let historyPath = "history.html"
    package static let historyTitle = "Architecture history"
    package static let overviewTitle = "Architecture overview"
    /// Every module drawn in the whole window, with the focus and path views.
    package static let mapPath = "\(modulesFolder)/map.html"
    package static let mapTitle = "Module map"
    /// The dependency structure matrix: a row and a column per module.
    package static let matrixPath = "\(modulesFolder)/matrix.html"
    package static let matrixTitle = "Dependency matrix"
    /// The modules and dependencies (with their evidence) the map and the matrix read, as a
    /// script, so that they work from `file://`, where a page cannot fetch a file.
    package static let dataPath = "\(modulesFolder)/architecture.js"
    /// The names of the folder's own pages, which a module's page never takes.
    package static let reservedPageNames: Set<String> = ["index", "map", "matrix"]

    /// A module's generated page; the name is made safe as a file name (see `SitePath.pageName`).
    package static func modulePath(_ module: String) -> String {
        "\(modulesFolder)/\(SitePath.pageName(for: module)).html"
    }

    /// The page of a module: its Content page when it has one, else the generated one.
    package func path(of module: String) -> String {
        guides[module]?.outputPath ?? Self.modulePath(module)
    }

    /// The page of a declared layer.
    package func path(ofLayer layer: String) -> String? {
        layerPaths[layer]
    }

    /// Whether the module's page is generated (no Content page documents it).
    package func hasGeneratedPage(_ module: String) -> Bool {
        guides[module] == nil
    }

    /// Where component pages live: `components/<module>/<layer>.html`.
    package static let componentsFolder = "components"

    /// The page of a module's component: the part of it a layer of files or types holds.
    package static func componentPath(_ id: ComponentGraph.ComponentID) -> String {
        "\(componentsFolder)/\(SitePath.pageName(for: id.module))/\(SitePath.pageName(for: id.layer)).html"
    }

    /// The anchor of a type on its component's page: `type-FeedView`, `type-Feed-Item`.
    package static func typeAnchor(_ name: String) -> String {
        let isPlain = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        if isPlain { return "type-" + name }
        return "type-" + String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-" })
    }

    // MARK: Diagram ids

    /// The diagram of a module's components, on its page.
    package static func componentDiagramID(_ module: String) -> String { "components-\(module)" }

    package static let overviewDiagramID = "overview"
    /// The layers at a glance, on the overview, beside a drawing of every module.
    package static let layerSummaryDiagramID = "overview-layers"
    /// The map of a graph too large to draw module by module: its families of modules, and
    /// the same drawing with one family opened, by the family's position.
    package static let familiesDiagramID = "map-families"
    package static func familyDiagramID(_ index: Int) -> String { "map-family-\(index)" }
    /// Whether `id` is one of the map's families' drawings.
    package static func isFamilyDiagram(_ id: String) -> Bool { id == familiesDiagramID || id.hasPrefix("map-family-") }

    /// The neighbourhood diagram on a module's page.
    package static func moduleDiagramID(_ module: String) -> String { "module-\(module)" }

    /// `layers/ui.html` → `layer-ui`.
    package static func layerDiagramID(layerPage path: String) -> String {
        "layer-" + String(path.dropFirst("layers/".count).dropLast(".html".count))
    }
}
