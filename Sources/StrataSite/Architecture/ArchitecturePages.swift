import StrataCore

/// The pages Strata generates from the architecture: the overview (diagram, layers,
/// layer-to-layer matrix, violations summary, modules), one page per layer and per module
/// (what it is, its neighbourhood diagram, what it uses and what uses it with the manifest
/// and import lines that make each edge, its violations, its guidance, the pages that
/// mention it), and the violations page. They go through the theme like any other page.
///
/// Diagrams are written as DOT by `diagrams()`; the build lays them out and hands the SVG
/// back to `pages(merging:diagrams:drawings:…)`, so this module never calls Graphviz.
public struct ArchitecturePages: Sendable {
    public let graph: ModuleGraph
    public let layers: [LayerDeclaration]
    public let assignments: [String: LayerAssignment]
    public let report: CheckReport
    /// Module → the output path of the Content page that documents it.
    public let guides: [String: (title: String, outputPath: String)]
    public let settings: DiagramSettings
    let model: ArchitectureModel
    /// Layer name → its page.
    let layerPaths: [String: String]

    public init(
        graph: ModuleGraph, layers: [LayerDeclaration], assignments: [String: LayerAssignment], report: CheckReport,
        guides: [String: (title: String, outputPath: String)] = [:], settings: DiagramSettings = DiagramSettings()
    ) {
        self.graph = graph
        self.layers = layers
        self.assignments = assignments
        self.report = report
        self.guides = guides
        self.settings = settings
        model = ArchitectureModel(graph: graph, layers: layers, assignments: assignments, report: report, settings: settings)
        layerPaths = ArchitectureModel.layerPaths(layers)
    }

    /// Where the generated pages live in the site.
    public static let modulesFolder = "modules"
    public static let indexPath = "\(modulesFolder)/index.html"
    public static let violationsPath = "violations.html"

    public static let overviewTitle = "Architecture overview"

    /// A module's generated page; the name is made safe as a file name (see `SitePath.pageName`).
    public static func modulePath(_ module: String) -> String { "\(modulesFolder)/\(SitePath.pageName(for: module)).html" }

    /// A relative link to a page of the site, keeping its `#fragment` as written.
    static func href(from path: String, to target: String) -> String {
        guard let hash = target.firstIndex(of: "#") else { return SitePath.relativeURL(from: path, to: target) }
        return SitePath.relativeURL(from: path, to: String(target[..<hash])) + target[hash...]
    }

    /// The page of a module: its Content page when it has one, else the generated one.
    public func path(of module: String) -> String {
        guides[module]?.outputPath ?? Self.modulePath(module)
    }

    /// The page of a declared layer.
    public func path(ofLayer layer: String) -> String? {
        layerPaths[layer]
    }

    /// Every diagram the pages show, as DOT, for the build to lay out.
    public func diagrams() -> [Diagram] {
        let drawer = diagramWriter()
        var diagrams = [drawer.overview(id: "overview", at: Self.indexPath)]
        for (index, group) in model.groups.enumerated() where group.isLayer {
            guard let path = layerPaths[group.name] else { continue }
            diagrams.append(drawer.layer(index, id: Self.diagramID(layer: path), at: path))
        }
        for node in graph.nodes where node.isTarget {
            diagrams.append(drawer.neighbourhood(of: node.id, id: "module-\(node.id)", at: path(of: node.id)))
        }
        return diagrams
    }

    /// `layers/ui.html` → `layer-ui`.
    static func diagramID(layer path: String) -> String {
        "layer-" + String(path.dropFirst("layers/".count).dropLast(".html".count))
    }

    func diagramWriter() -> ArchitectureDiagrams {
        let guides = guides
        let layerPaths = layerPaths
        return ArchitectureDiagrams(
            model: model, modulePath: { guides[$0]?.outputPath ?? Self.modulePath($0) },
            layerPath: { layerPaths[$0] }, violationsPath: Self.violationsPath
        )
    }

    /// The site's pages with the architecture added: a module's Content page (`module:` in
    /// its front matter) gets the module's facts appended and stays where it is; every other
    /// module gets a generated page; then the overview, the layer pages and the violations
    /// page. Content pages that mention modules list them, and the modules list the pages.
    /// `diagrams` are those `diagrams()` wrote, and `drawings` their layouts by id; a page
    /// whose diagram is not given shows none.
    public func pages(
        merging contentPages: [Page], diagrams: [Diagram] = [], drawings: [String: DiagramDrawing] = [:],
        catalog: GuidanceCatalog = GuidanceCatalog(), mentions: [String: [String]] = [:]
    ) -> [Page] {
        let modules = graph.nodes.filter(\.isTarget)
        let diagrams = Dictionary(diagrams.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let context = PageInputs(diagrams: diagrams, drawings: drawings, catalog: catalog, mentions: mentions, titles: Dictionary(contentPages.map { ($0.outputPath, $0.title) }, uniquingKeysWith: { first, _ in first }))
        var mentionedOn: [String: [String]] = [:]
        for (module, paths) in mentions {
            for path in paths { mentionedOn[path, default: []].append(module) }
        }
        let moduleOfGuide = Dictionary(guides.map { ($1.outputPath, $0) }, uniquingKeysWith: { first, _ in first })
        var pages = contentPages.map { contentPage -> Page in
            var page = contentPage
            if let module = moduleOfGuide[contentPage.outputPath], let node = graph.node(module) {
                page = merged(contentPage, with: modulePage(node, at: contentPage.outputPath, context))
            }
            let named = (mentionedOn[page.outputPath] ?? []).filter { moduleOfGuide[page.outputPath] != $0 }.sorted()
            if !named.isEmpty { page.contentHTML += mentionsAside(named, from: page.outputPath) }
            return page
        }
        for node in modules where guides[node.id] == nil {
            var generated = modulePage(node, at: Self.modulePath(node.id), context)
            generated.isListedInNavigation = false
            pages.append(generated)
        }
        pages.append(overviewPage(modules, context))
        for (index, group) in model.groups.enumerated() where group.isLayer {
            guard let path = layerPaths[group.name] else { continue }
            var page = layerPage(index, at: path, context)
            page.isListedInNavigation = false
            pages.append(page)
        }
        pages.append(violationsPage())
        return pages
    }

    /// What the pages draw on besides the architecture itself.
    struct PageInputs {
        var diagrams: [String: Diagram]
        var drawings: [String: DiagramDrawing]
        var catalog: GuidanceCatalog
        /// Module → the Content pages that mention it.
        var mentions: [String: [String]]
        /// Content page path → title.
        var titles: [String: String]

        func figure(_ id: String, legend: Bool = true) -> String {
            guard let diagram = diagrams[id] else { return "" }
            return DiagramFigure.html(diagram, drawing: drawings[id], legend: legend)
        }
    }

    /// Where the pages Strata generates will be, with their titles, without rendering them:
    /// Content pages and READ_ALSO may link to them, so links are resolved before they exist.
    public func generatedTitles() -> [String: String] {
        var titles: [String: String] = [:]
        for node in graph.nodes where node.isTarget && guides[node.id] == nil { titles[Self.modulePath(node.id)] = node.id }
        titles[Self.indexPath] = Self.overviewTitle
        for layer in layers {
            if let path = layerPaths[layer.name] { titles[path] = "\(layer.name) layer" }
        }
        titles[Self.violationsPath] = "Violations"
        return titles
    }

    /// "Modules on this page", at the end of a Content page that names modules.
    private func mentionsAside(_ modules: [String], from path: String) -> String {
        var html = HTML()
        html.raw("\n<aside class=\"mentions\"><p>Modules on this page: ")
        for (index, module) in modules.enumerated() {
            if index > 0 { html.raw(", ") }
            html.link(module, href: SitePath.relativeURL(from: path, to: self.path(of: module)), className: "module-link")
        }
        html.raw("</p></aside>\n")
        return html.text
    }

    /// A Content page with the module's facts after its own text.
    private func merged(_ page: Page, with generated: Page) -> Page {
        var page = page
        let written = Set(page.metadata.map(\.normalizedKey))
        page.metadata += generated.metadata.filter { !written.contains($0.normalizedKey) }
        let taken = Set(page.headings.map(\.id))
        // Ids the author already used keep theirs; the generated sections take a prefix.
        var html = generated.contentHTML
        var headings = generated.headings
        for index in headings.indices where taken.contains(headings[index].id) {
            let old = headings[index].id
            headings[index].id = "module-" + old
            html = html.replacingOccurrences(of: "id=\"\(old)\"", with: "id=\"module-\(old)\"")
        }
        page.headings += headings
        page.contentHTML += "\n" + html
        return page
    }
}
