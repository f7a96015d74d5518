import Foundation
import StrataCore
import StrataTemplates

/// The pages Strata generates from the architecture: the overview (diagram, layers,
/// layer-to-layer matrix, violations summary, modules), one page per layer and per module
/// (what it is, its neighbourhood diagram, what it uses and what uses it with the manifest
/// and import lines that make each edge, its violations, its guidance, the pages that
/// mention it, its components), one per component of a module with layers of files or
/// types, and the violations page. They go through the theme like any other page.
///
/// Diagrams are written as DOT by StrataDiagrams; the build lays them out and hands the SVG
/// to `pages(merging:diagrams:drawings:…)`, so this module never calls Graphviz.
package struct ArchitecturePages: Sendable {
    package let model: ArchitectureModel
    package let siteMap: ArchitectureSiteMap
    /// The architecture at past commits (`history:`), for the history page; nil: no page.
    package var history: ArchitectureHistory?

    var graph: ModuleGraph { model.graph }
    var layers: [LayerDeclaration] { model.layers }
    var assignments: [String: LayerAssignment] { model.assignments }
    var report: CheckReport { model.report }
    var guides: [String: (title: String, outputPath: String)] { siteMap.guides }
    var layerPaths: [String: String] { siteMap.layerPaths }

    package init(model: ArchitectureModel, siteMap: ArchitectureSiteMap) {
        self.model = model
        self.siteMap = siteMap
    }

    /// A relative link to a page of the site, keeping its `#fragment` as written.
    package static func href(from path: String, to target: String) -> String {
        guard let hash = target.firstIndex(of: "#") else { return SitePath.relativeURL(from: path, to: target) }
        return SitePath.relativeURL(from: path, to: String(target[..<hash])) + target[hash...]
    }

    /// The page of a module: its Content page when it has one, else the generated one.
    func path(of module: String) -> String {
        siteMap.path(of: module)
    }

    /// The site's pages with the architecture added: a module's Content page (`module:` in
    /// its front matter) gets the module's facts appended and stays where it is; every other
    /// module gets a generated page; then the overview, the layer pages and the violations
    /// page. Content pages that mention modules list them, and the modules list the pages.
    /// `componentPages`, when given, is asked for each component's page with what the page is
    /// made from, and may return the page it made from the same inputs before (`strata serve`).
    /// `diagrams` are the site's diagrams (`ArchitectureDiagramSet`), and `drawings` their layouts by id; a page
    /// whose diagram is not given shows none.
    /// - Throws: `DiagnosticsError` when a template of `theme` cannot be rendered.
    package func pages(
        merging contentPages: [Page], theme: Theme, diagrams: [Diagram] = [], drawings: [String: DiagramDrawing] = [:],
        catalog: GuidanceCatalog = GuidanceCatalog(), mentions: [String: [String]] = [:],
        componentPages: ComponentPageMemo? = nil
    ) throws -> [Page] {
        let modules = graph.nodes.filter(\.isTarget)
        let diagrams = Dictionary(diagrams.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let context = PageInputs(
            theme: theme, diagrams: diagrams, drawings: drawings, catalog: catalog, mentions: mentions,
            titles: Dictionary(contentPages.map { ($0.outputPath, $0.title) }, uniquingKeysWith: { first, _ in first }),
            components: ComponentIndex(model.components, violations: report.violations)
        )
        var mentionedOn: [String: [String]] = [:]
        for (module, paths) in mentions {
            for path in paths { mentionedOn[path, default: []].append(module) }
        }
        let moduleOfGuide = Dictionary(guides.map { ($1.outputPath, $0) }, uniquingKeysWith: { first, _ in first })
        var pages = try contentPages.map { contentPage -> Page in
            var page = contentPage
            if let module = moduleOfGuide[contentPage.outputPath], let node = graph.node(module) {
                page = merged(contentPage, with: try modulePage(node, at: contentPage.outputPath, context))
            }
            let named = (mentionedOn[page.outputPath] ?? []).filter { moduleOfGuide[page.outputPath] != $0 }.sorted()
            if !named.isEmpty { page.contentHTML += try mentionsAside(named, from: page.outputPath, context) }
            return page
        }
        for node in modules where guides[node.id] == nil {
            var generated = try modulePage(node, at: ArchitectureSiteMap.modulePath(node.id), context)
            generated.isListedInNavigation = false
            pages.append(generated)
        }
        pages.append(try overviewPage(modules, context))
        for (index, group) in model.groups.enumerated() where group.isLayer {
            guard let path = layerPaths[group.name] else { continue }
            var page = try layerPage(index, at: path, context)
            page.isListedInNavigation = false
            pages.append(page)
        }
        // Component pages are large (a row per type, with what references it): made on every core.
        let made = ParallelMap.map(model.components.components) { [context] component -> Result<Page, any Error> in
            let make = { try componentPage(component, index: context.components, context) }
            return Result {
                try componentPages.map { try $0(componentPageInputs(component, index: context.components), make) }
                    ?? make()
            }
        }
        for result in made { pages.append(try result.get()) }
        pages.append(try violationsPage(context))
        if let history { pages.append(try historyPage(history, context)) }
        return pages
    }

    /// What the pages draw on besides the architecture itself.
    struct PageInputs: Sendable {
        var theme: Theme
        var diagrams: [String: Diagram]
        var drawings: [String: DiagramDrawing]
        var catalog: GuidanceCatalog
        /// Module → the Content pages that mention it.
        var mentions: [String: [String]]
        /// Content page path → title.
        var titles: [String: String]
        /// The components inside modules, arranged for pages.
        var components: ComponentIndex

        /// The diagram `id` in the theme's `partials/diagram-frame`; nothing when there is none.
        func figure(_ id: String, of pages: ArchitecturePages, legend: Bool = true) throws -> String {
            guard let diagram = pages.diagramValue(diagrams[id], drawing: drawings[id], legend: legend) else {
                return ""
            }
            return try render(["diagram": .object(diagram)], template: "partials/diagram-frame")
        }

        /// `template` of the theme with `values`, as text.
        func render(_ values: TemplateObject, template: String) throws -> String {
            switch theme.render(values, template: template) {
            case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
            case .failure(let diagnostic): throw DiagnosticsError([diagnostic])
            }
        }
    }

    /// Where the pages Strata generates will be, with their titles, without rendering them:
    /// Content pages and READ_ALSO may link to them, so links are resolved before they exist.
    package func generatedTitles() -> [String: String] {
        var titles: [String: String] = [:]
        for node in graph.nodes where node.isTarget && guides[node.id] == nil {
            titles[ArchitectureSiteMap.modulePath(node.id)] = node.id
        }
        titles[ArchitectureSiteMap.indexPath] = ArchitectureSiteMap.overviewTitle
        titles[ArchitectureSiteMap.mapPath] = ArchitectureSiteMap.mapTitle
        titles[ArchitectureSiteMap.matrixPath] = ArchitectureSiteMap.matrixTitle
        for layer in layers {
            if let path = layerPaths[layer.name] { titles[path] = "\(layer.name) layer" }
        }
        titles[ArchitectureSiteMap.violationsPath] = "Violations"
        if history != nil { titles[ArchitectureSiteMap.historyPath] = ArchitectureSiteMap.historyTitle }
        for component in model.components.components {
            titles[ArchitectureSiteMap.componentPath(component.id)] = "\(component.module) · \(component.layer)"
        }
        return titles
    }

    /// "Modules on this page", at the end of a Content page that names modules
    /// (`partials/module-mentions`).
    private func mentionsAside(_ modules: [String], from path: String, _ inputs: PageInputs) throws -> String {
        let links = modules.enumerated().map { index, module -> TemplateValue in
            .object([
                "name": .text(module), "href": .text(SitePath.relativeURL(from: path, to: self.path(of: module))),
                "isFirst": .bool(index == 0)
            ])
        }
        return try inputs.render(["modules": .list(links)], template: "partials/module-mentions")
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
