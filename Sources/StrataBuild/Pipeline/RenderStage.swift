import Foundation
import StrataCore
import StrataDiagrams
import StrataReports
import StrataSearch
import StrataSite

/// The render stage: the architecture drawn (DOT from StrataDiagrams, laid out once each by
/// Graphviz or taken from a cache) and its pages made around the diagrams; the guidance
/// pages; every page through the theme's templates, in parallel, while the search index is
/// built on another thread; then the copied files, `graph.json`, `guidance.json`, `llms.txt`
/// and the layout cache. Nothing is written: the result is the site's files in memory.
struct RenderStage: Sendable {
    let project: ProjectFiles
    let theme: Theme
    /// Layouts and rendered pages of the previous build in this process (`strata serve`).
    var layoutCache: ItemCache<DiagramLayout.LayoutFingerprint, DiagramLayout.Laid> = .none
    /// Pages rendered through the theme, and the 404 page, by output path.
    var pageCache: ItemCache<RenderedPageFingerprint, Result<OutputFile, Diagnostic>> = .none
    var notFoundCache: ItemCache<RenderedPageFingerprint, Result<OutputFile, Diagnostic>> = .none

    /// The site signature of the previous render, which an equal one is replaced by.
    var siteCache: ItemCache<SiteFingerprint, SiteRenderer.SiteSignature> = .none
    /// Component pages, by output path: an edit redraws only the components it touches.
    var componentPageCache: ItemCache<ComponentPageFingerprint, Page> = .none

    /// What a component page depends on: its inputs, and the theme that draws it.
    struct ComponentPageFingerprint: MemoFingerprint {
        var inputs: ComponentPageInputs
        var theme: Theme

        func matches(_ previous: ComponentPageFingerprint) -> Bool {
            inputs == previous.inputs && theme == previous.theme
        }
    }

    /// What a page's bytes depend on: the page, and what its template sees of the site.
    struct RenderedPageFingerprint: MemoFingerprint {
        var page: Page
        /// One object per distinct site (see `siteCache`), so it is compared by identity.
        var site: SiteRenderer.SiteSignature

        func matches(_ previous: RenderedPageFingerprint) -> Bool { site === previous.site && page == previous.page }
    }

    struct SiteFingerprint: MemoFingerprint {
        var site: SiteRenderer.SiteSignature

        func matches(_ previous: SiteFingerprint) -> Bool { site == previous.site }
    }

    /// When the search index is made, relative to the pages.
    enum SearchIndexTiming: Sendable {
        /// With the pages: it is one of the files.
        case withPages
        /// Begun with the pages, finished while they are written (`strata build`): it is
        /// left out of the files and handed over as a function that waits for it.
        case whileWriting
        /// Only when a browser asks for it (`strata serve`): handed over as a function that
        /// builds it.
        case onDemand
    }

    /// What the site is made from, as the earlier stages left it: the prepared site, and
    /// the Content pages' bodies.
    struct Inputs: Sendable {
        var site: PreparedSite
        var pages: [Page]
    }

    func run(config: StrataConfig, inputs: Inputs, searchIndex timing: SearchIndexTiming) throws -> RenderedSite {
        var diagnostics: [Diagnostic] = []
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }
        let catalog = inputs.site.guidance.catalog
        let architecture = inputs.site.analyzed.architecture

        // Diagrams are laid out once each, or taken from the cache, before the pages show them.
        var allPages = inputs.pages
        var viewData: OutputFile?
        var layout = DiagramLayout.Result(
            diagrams: [], drawings: [:], cacheFiles: [], statistics: DiagramStatistics(), failures: [:])
        if let architecture {
            let set = ArchitectureDiagramSet(model: architecture.model, siteMap: architecture.siteMap)
            let written = StageClock.measure("render: diagrams as DOT") { set.diagrams() }
            let layouts = DiagramLayout(previousOutput: previousOutput(config), cache: layoutCache)
            // The map's families (a graph past 150 modules) are laid out on their own, so a
            // build can tell what the map costs (`make bench`).
            let isFamilyMap = { (diagram: Diagram) in ArchitectureSiteMap.isFamilyDiagram(diagram.id) }
            layout = StageClock.measure("render: layout") {
                layouts.layOut(written.filter { !isFamilyMap($0) }, fallbacks: set.fallbacks(of:))
            }
            let families = written.filter(isFamilyMap)
            if !families.isEmpty {
                layout.add(StageClock.measure("render: layout of the map's families") { layouts.layOut(families) })
            }
            let diagrams = layout.diagrams
            let location = config.sourcePath.map { SourceLocation(path: $0) }
            if !diagrams.isEmpty, let problem = DiagramLayout.pluginProblem {
                diagnostics.append(
                    .warning(
                        "diagram.plugins",
                        "Graphviz's own plugins could not be loaded (\(problem)); text is measured with this "
                            + "machine's fonts, so diagrams may differ from other machines'",
                        at: location))
            }
            for diagram in diagrams {
                guard let reason = layout.failures[diagram.id] else { continue }
                diagnostics.append(
                    .warning(
                        "diagram.layout-failed",
                        "the diagram '\(diagram.id)' on \(diagram.pagePath) could not be drawn: \(reason)", at: location
                    ))
            }
            let mentions = ModuleMentions.find(
                pages: inputs.site.content.pages,
                modules: Set(architecture.model.graph.nodes.filter(\.isTarget).map(\.id)))
            allPages = try StageClock.measure("render: architecture pages") {
                try architecture.pages(
                    merging: allPages, theme: theme, diagrams: diagrams, drawings: layout.drawings, catalog: catalog,
                    mentions: mentions,
                    componentPages: { [componentPageCache, theme] inputs, make in
                        try componentPageCache.value(
                            for: ArchitectureSiteMap.componentPath(inputs.component.id),
                            fingerprint: { ComponentPageFingerprint(inputs: inputs, theme: theme) },
                            compute: make
                        )
                    }
                )
            }
            let views = try StageClock.measure("render: map, matrix and architecture.js") {
                try architecture.views(theme: theme, diagrams: diagrams, drawings: layout.drawings)
            }
            allPages += views.pages
            viewData = views.data
        }
        let guidancePages = GuidancePages(
            catalog: catalog, layers: config.layers.map(\.name), theme: theme,
            modulePath: { architecture?.siteMap.path(of: $0) },
            layerPath: { architecture?.siteMap.path(ofLayer: $0) },
            highlighter: LinkStage.highlighter
        )
        allPages += try guidancePages.pages()
        // A site from the code alone, or a content folder without an index.md, still opens
        // at index.html.
        if !allPages.contains(where: { $0.outputPath == SitePath.homePage }) {
            let summary = inputs.site.analyzed.analysis.map { analysis in
                let modules = architecture?.model.graph.nodes.filter(\.isTarget).count ?? 0
                let layers = config.layers.count
                return "\(modules) module\(modules == 1 ? "" : "s")"
                    + (layers > 0 ? " in \(layers) layer\(layers == 1 ? "" : "s")" : "")
                    + "; strata check: \(analysis.report.summary)."
            }
            allPages.append(
                try GeneratedHomePage(site: config.site, theme: theme).page(for: allPages, architecture: summary))
        }
        let redirects = try guidancePages.redirectFiles(site: config.site)
        let finishedPages = allPages
        let searchIndex: @Sendable () -> OutputFile = {
            StageClock.measure("search index (alongside the templates and the writing)") {
                SearchIndex.file(
                    pages: finishedPages, catalog: catalog, architecture: architecture.map { ($0.model, $0.siteMap) })
            }
        }
        // The index is made while the templates run: each has stretches on one core that
        // the other fills.
        let indexing = timing == .onDemand ? nil : BackgroundResult(searchIndex)
        let pageCache = self.pageCache
        let notFoundCache = self.notFoundCache
        let siteCache = self.siteCache
        // The site is compared with the previous render's once, not once per page.
        let canonicalSite = FirstValue<SiteRenderer.SiteSignature>()
        var files = try StageClock.measure("render: pages through the theme") {
            try SiteRenderer(config: config, theme: theme).render(pages: allPages) { key, page, site, render in
                let site = canonicalSite.value {
                    siteCache.value(for: "site", fingerprint: { SiteFingerprint(site: site) }) { site }
                }
                return (key == SitePath.notFoundPage ? notFoundCache : pageCache).value(
                    for: key, fingerprint: { RenderedPageFingerprint(page: page, site: site) }, compute: render
                )
            }
        }
        if let indexing, timing == .withPages { files.append(indexing.wait()) }
        for asset in inputs.site.content.assets {
            do {
                files.append(
                    try project.outputFile(
                        at: asset.url, path: asset.relativePath, displayPath: display(asset.relativePath)))
            } catch let diagnostic as Diagnostic {
                diagnostics.append(diagnostic)
            }
        }
        if let loaded = inputs.site.graph {
            files.append(
                StageClock.measure("render: graph.json") {
                    OutputFile(path: RenderedSite.graphFile, text: GraphJSONWriter().write(loaded.graph))
                })
        }
        if let components = architecture?.model.components, !components.isEmpty {
            files.append(
                StageClock.measure("render: components.json") {
                    OutputFile(path: ComponentJSONWriter.path, text: ComponentJSONWriter().write(components))
                })
        }
        if let viewData { files.append(viewData) }
        files += layout.cacheFiles
        files += redirects
        if catalog.hasExports {
            files.append(
                OutputFile(
                    path: GuidanceCatalog.jsonPath,
                    text: GuidanceJSONWriter(baseURL: config.site.baseURL).write(catalog)))
            files.append(
                OutputFile(path: GuidanceCatalog.llmsPath, text: GuidanceDigestWriter(site: config.site).write(catalog))
            )
        }
        // A file of the content folder where Strata writes one of its own (a theme asset,
        // a generated page, graph.json, components.json, guidance.json, llms.txt, the sitemap and the search
        // index, even when the index is made later) would be lost.
        let contentAssets = Set(inputs.site.content.assets.map(\.relativePath))
        var written: Set<String> = timing == .withPages ? [] : [SearchIndex.path]
        for file in files where !written.insert(file.path).inserted && contentAssets.contains(file.path) {
            diagnostics.append(
                .error(
                    "content.collision", "Strata writes a file of its own as '\(file.path)'; rename this one",
                    at: SourceLocation(path: display(file.path))))
        }
        files.sort { $0.path < $1.path }
        var rendering = RenderedSite(
            config: config, files: files, pageCount: allPages.count, diagnostics: diagnostics,
            diagrams: layout.statistics)
        rendering.readSummary = inputs.site.graph?.summary
        rendering.historySummary = inputs.site.analyzed.architecture?.history?.summary
        rendering.checkReport = inputs.site.analyzed.analysis?.report
        switch timing {
        case .withPages: break
        case .whileWriting: if let indexing { rendering.searchIndex = { indexing.wait() } }
        case .onDemand: rendering.searchIndex = searchIndex
        }
        return rendering
    }

    /// The previous build's output folder, when Strata made it (its layouts are reused).
    func previousOutput(_ config: StrataConfig) -> URL? {
        let folder = project.url(config.outputDirectory)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(OutputWriter.markerFileName).path)
            ? folder : nil
    }
}
