import StrataAnalysis
import StrataCore
import StrataMarkdown
import StrataSite
import StrataSwiftSource

/// The link guidance and link pages stages: guidance blocks linked to the pages, layers, modules and rules they name
/// (`APPLIES_TO`, `READ_ALSO`), which gives the catalog; then each Content page's body
/// rendered with its guidance callouts and every relative link resolved to the page, file
/// or generated page it leads to (in parallel). `strata guidance` stops after the first.
struct LinkStage: Sendable {
    let project: ProjectFiles
    /// Page bodies already rendered, by output path (`strata serve`).
    var bodyCache: ItemCache<BodyFingerprint, RenderedBody> = .none
    /// Whether links resolve as in the previous build, so a body's links need not be
    /// resolved again to know they lead where they did.
    var sameLinkTargets: @Sendable (LinkResolver) -> Bool = { _ in false }

    typealias RenderedBody = (html: String, diagnostics: [Diagnostic])

    /// What a page's body depends on: its document (the same object while its file is
    /// unchanged), the callouts on it, and where each of its links leads.
    struct BodyFingerprint: MemoFingerprint {
        var document: MarkdownDocument
        var callouts: [GuidanceCallout]
        /// Nil when the links are known to lead where they led before.
        var resolutions: [LinkResolver.Resolution]?
        /// The `~dark` variant of each image of a catalog page (nil with `resolutions`).
        var darkImages: [String?]? = nil
        /// For a page with diagrams, the graph they are checked against (nil otherwise).
        var diagramGraph: Int?
        /// How many of its diagrams are laid out in full (`DiagramBudget`; nil: all).
        var diagramsInFull: Int?

        func matches(_ previous: BodyFingerprint) -> Bool {
            guard document === previous.document, callouts == previous.callouts, diagramGraph == previous.diagramGraph,
                diagramsInFull == previous.diagramsInFull
            else { return false }
            guard let resolutions, let before = previous.resolutions else { return true }
            return resolutions == before && darkImages == previous.darkImages
        }
    }

    struct Guidance: Sendable {
        var catalog: GuidanceCatalog
        /// Every page Strata generates (modules, layers, violations, guidance).
        var generatedPaths: [String]
        var diagnostics: [Diagnostic]
        /// `links:`, which the pages' links are resolved with too.
        var linkMap = LinkMap()
        /// Where module and layer pages are, for the chips of callouts.
        var siteMap: ArchitectureSiteMap?
        /// Draws and checks the diagrams written in pages.
        var diagrams = PageDiagramDrawer(checker: nil, siteMap: nil)
        /// What the diagrams are checked against, for the memo of page bodies.
        var diagramGraph: Int = 0
        /// Where modules and their types sit, which reference pages show under their title.
        var placement: ArchitecturePlacement?
    }

    func guidance(config: StrataConfig, pages: [SourcePage], graph: ModuleGraph?, analyzed: AnalyzeStage.Analyzed)
        -> Guidance
    {
        var generatedTitles = analyzed.architecture?.generatedTitles() ?? [:]
        for block in analyzed.guidance.blocks where block.draft.block.kind != .readAlso {
            generatedTitles[GuidanceCatalog.pagePath(of: block.draft.block.id)] = block.draft.block.id
        }
        let linker = GuidanceLinker(
            pages: pages, generated: generatedTitles,
            contentDirectory: config.contentDirectory, layers: config.layers.map(\.name),
            modules: Set(graph?.nodes.map(\.id) ?? []),
            layerOfModule: analyzed.analysis?.assignments.mapValues(\.layer) ?? [:],
            rules: analyzed.analysis?.report.rules ?? [], hasArchitecture: graph != nil || !config.layers.isEmpty,
            linkMap: config.links,
            architecture: GuidanceArchitecture(
                declarations: config.layers, rules: analyzed.analysis?.report.rules ?? [],
                violations: analyzed.analysis?.report.violations ?? []
            )
        )
        var (catalog, linkDiagnostics) = linker.link(analyzed.guidance)
        let placement = analyzed.architecture.map(ArchitecturePlacement.init)
        catalog.api = Self.apiSummary(pages: pages, placement: placement)
        var diagnostics = linkDiagnostics
        // A former id's page still answers: it redirects to the block's page now.
        for redirect in catalog.redirects {
            generatedTitles[GuidanceCatalog.pagePath(of: redirect.from)] = redirect.to.id
        }
        var generatedPaths = generatedTitles.keys.sorted()
        if !catalog.isEmpty { generatedPaths.append(GuidanceCatalog.indexPath) }
        // A Content page published where Strata writes a page of its own would be lost.
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }
        let contentOutputs = Dictionary(
            pages.map { ($0.outputPath, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
        for path in generatedPaths {
            if let source = contentOutputs[path] {
                diagnostics.append(
                    .error(
                        "content.collision",
                        "this page would be published as '\(path)', where Strata writes a generated page; rename it",
                        at: SourceLocation(path: display(source))))
            }
        }
        if let source = contentOutputs[SitePath.notFoundPage] {
            diagnostics.append(
                .error(
                    "content.collision",
                    "this page would be published as '\(SitePath.notFoundPage)', where Strata writes the not-found "
                        + "page from the theme's templates/404.mustache; rename it, or change that template in a "
                        + "theme of your own",
                    at: SourceLocation(path: display(source))
                ))
        }
        let layerOfModule = analyzed.analysis?.assignments.mapValues(\.layer) ?? [:]
        // Layers of files or types inside modules are not drawn from the module graph: a
        // diagram's arrow between two of them is not checked against it.
        let moduleLayers = config.layers.filter { !$0.modules.isEmpty }.map(\.name)
        let innerLayers = config.layers.filter(\.modules.isEmpty).map(\.name)
        let checker = graph.map {
            DiagramDriftChecker(graph: $0, layerOfModule: layerOfModule, layers: moduleLayers, innerLayers: innerLayers)
        }
        var graphHasher = Hasher()
        graphHasher.combine(graph)
        graphHasher.combine(layerOfModule)
        graphHasher.combine(moduleLayers)
        // Boxes link to module and layer pages, which `module:` pages move.
        let siteMap = analyzed.architecture?.siteMap
        for (module, guide) in (siteMap?.guides ?? [:]).sorted(by: { $0.key < $1.key }) {
            graphHasher.combine(module + "\u{0}" + guide.outputPath)
        }
        for (layer, path) in (siteMap?.layerPaths ?? [:]).sorted(by: { $0.key < $1.key }) {
            graphHasher.combine(layer + "\u{0}" + path)
        }
        return Guidance(
            catalog: catalog, generatedPaths: generatedPaths, diagnostics: diagnostics, linkMap: config.links,
            siteMap: analyzed.architecture?.siteMap,
            diagrams: PageDiagramDrawer(checker: checker, siteMap: analyzed.architecture?.siteMap),
            diagramGraph: graphHasher.finalize(), placement: placement
        )
    }

    /// The reference pages of each module in brief, for the exports: its types in the
    /// order of its reference (by kind, then name), each with its summary and layer.
    static func apiSummary(pages: [SourcePage], placement: ArchitecturePlacement?) -> APISummary {
        var modules: [String: APISummary.Module] = [:]
        for page in pages {
            guard let api = page.api else { continue }
            var module =
                modules[api.module]
                ?? APISummary.Module(
                    name: api.module, layer: placement?.layer(of: api.module), outputPath: nil, symbols: [])
            if let path = api.path {
                let name = path.joined(separator: ".")
                let component = placement?.component(of: name, in: api.module)
                module.symbols.append(
                    APISummary.Symbol(
                        name: name, kind: api.kind?.displayName ?? "Extended Type", summary: api.summary,
                        layer: component?.layer, outputPath: page.outputPath))
            } else {
                module.outputPath = page.outputPath
            }
            modules[api.module] = module
        }
        // A catalog's top page is its module's page when the module has no page of its own.
        for page in pages where page.api == nil {
            guard let catalog = page.catalog, modules[catalog]?.outputPath == nil,
                page.outputPath == DocCCatalogReader.siteFolder + "/" + catalog + "/index.html"
            else { continue }
            modules[catalog]?.outputPath = page.outputPath
        }
        return APISummary(
            modules: modules.values.sorted { $0.name < $1.name }.map { module in
                var module = module
                module.symbols.sort {
                    ($0.kind == "Extended Type" ? 1 : 0, $0.name) < ($1.kind == "Extended Type" ? 1 : 0, $1.name)
                }
                return module
            })
    }

    /// The Content pages as HTML, each block drawn where it was written, through
    /// `bodyCache`: a body is rendered again only when its document, callouts or link
    /// targets changed.
    func pages(
        _ sourcePages: [SourcePage], assets: [ContentFile], collected: GuidanceCollector.Result, guidance: Guidance
    ) -> (pages: [Page], diagnostics: [Diagnostic]) {
        let catalog = guidance.catalog
        var calloutsByPage: [Int: [GuidanceCallout]] = [:]
        for (item, entry) in zip(collected.blocks, catalog.entries) {
            guard let pageIndex = item.pageIndex, let placement = item.placement else { continue }
            let from = sourcePages[pageIndex].outputPath
            calloutsByPage[pageIndex, default: []].append(
                Self.callout(entry, placement: placement, from: from, catalog: catalog, siteMap: guidance.siteMap))
        }
        let callouts = calloutsByPage

        // Links from Content pages to generated pages resolve like links to files.
        let resolver = LinkResolver(
            pages: sourcePages, assets: assets.map(\.relativePath) + guidance.generatedPaths, linkMap: guidance.linkMap)
        let cache = bodyCache
        let sameTargets = sameLinkTargets(resolver)
        let diagrams = guidance.diagrams
        let diagramGraph = guidance.diagramGraph
        let budget = DiagramBudget(pages: sourcePages, drawer: diagrams)
        let assetFiles = Dictionary(assets.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        let project = project
        let snippets = DocCSnippetReader(project: project)
        let resolved = ParallelMap.map(
            Array(sourcePages.enumerated()), costliestFirst: { $0.element.document.byteCount }
        ) { index, source in
            let pageCallouts = callouts[index] ?? []
            let resolutions = { source.document.links.map { resolver.resolve($0, from: source) } }
            let darkImages = {
                source.catalog == nil
                    ? [] : source.document.links.map { $0.isImage ? resolver.darkImage($0, from: source) : nil }
            }
            // With the same resolver as last time, every link leads where it led; a body
            // rendered anew is kept with where its links lead, for a later resolver.
            var looked: [LinkResolver.Resolution]?
            let hasDiagrams = source.document.hasDiagramBlocks
            let pageGraph = hasDiagrams ? diagramGraph : nil
            let inFull = budget.inFull[source.outputPath]
            let body = cache.value(
                for: source.outputPath,
                fingerprint: {
                    looked = sameTargets ? nil : resolutions()
                    return BodyFingerprint(
                        document: source.document, callouts: pageCallouts, resolutions: looked,
                        darkImages: looked == nil ? nil : darkImages(), diagramGraph: pageGraph, diagramsInFull: inFull)
                },
                keeping: {
                    BodyFingerprint(
                        document: source.document, callouts: pageCallouts, resolutions: looked ?? resolutions(),
                        darkImages: darkImages(), diagramGraph: pageGraph, diagramsInFull: inFull)
                }
            ) { () -> RenderedBody in
                var bodyDiagnostics: [Diagnostic] = []
                var diagramCount = 0
                let html = source.document.renderHTML(
                    callouts: pageCallouts, highlighter: Self.highlighter,
                    drawDiagram: { block in
                        let drawn = diagrams.draw(
                            block, page: source.outputPath, index: diagramCount,
                            inFull: budget.isInFull(page: source.outputPath, index: diagramCount))
                        diagramCount += 1
                        bodyDiagnostics += drawn.diagnostics
                        return drawn.html
                    },
                    resolveLink: { link in
                        let resolution = resolver.resolve(link, from: source)
                        if let diagnostic = resolution.diagnostic { bodyDiagnostics.append(diagnostic) }
                        return resolution.href
                    },
                    docc: source.catalog == nil && source.api == nil
                        ? nil
                        : DocCRendering(
                            // Asked after the link's own resolution, which reported its problems.
                            target: { resolver.resolve($0, from: source).docTarget },
                            code: { link in
                                guard let path = resolver.catalogFile(link, from: source), let file = assetFiles[path],
                                    let bytes = try? project.readBytes(at: file.url, displayPath: path)
                                else { return nil }
                                return String(decoding: bytes, as: UTF8.self)
                            },
                            darkImage: { resolver.darkImage($0, from: source) },
                            snippet: { directive in
                                let read = snippets.code(for: directive, on: source)
                                if let diagnostic = read.diagnostic { bodyDiagnostics.append(diagnostic) }
                                return read.code
                            }))
                return (html, bodyDiagnostics)
            }
            let html = body.html
            let linkDiagnostics = body.diagnostics
            var page = Page(
                sourcePath: source.relativePath, outputPath: source.outputPath, title: source.title,
                titleID: source.document.titleHeading?.id,
                description: source.description, weight: source.weight, isSectionIndex: source.isSectionIndex,
                metadata: source.metadata, headings: source.document.headings, contentHTML: html
            )
            page.navigationGroup = source.navigationGroup
            page.symbolContext = source.api.map { info in
                [info.kind?.displayName ?? (info.path == nil ? "Module" : "Extended Type"), info.module].joined(
                    separator: " · ")
            }
            if let info = source.api, let placement = guidance.placement {
                page.placement = placement.links(module: info.module, type: info.path?.joined(separator: "."))
            }
            return (page, linkDiagnostics)
        }
        // A doc comment shown on several reference pages (a requirement's, inherited by each
        // type that implements it) reports its broken link once.
        var seen = Set<Diagnostic>()
        var diagnostics: [Diagnostic] = []
        for (index, found) in resolved.enumerated() {
            diagnostics += sourcePages[index].api == nil ? found.1 : found.1.filter { seen.insert($0).inserted }
        }
        return (resolved.map(\.0), diagnostics)
    }

    /// How a block is drawn on the page `from`: its links, chips and permalink from there.
    static func callout(
        _ entry: GuidanceEntry, placement: GuidancePlacement, from: String, catalog: GuidanceCatalog,
        siteMap: ArchitectureSiteMap?
    ) -> GuidanceCallout {
        let links = entry.links.map { link in
            GuidanceCallout.Link(
                target: link.reference.target, href: link.destination.map { GuidancePages.href($0, from: from) },
                title: link.destination.map { GuidancePages.title(of: $0, catalog: catalog) } ?? link.reference.target
            )
        }
        let scopes = entry.appliesTo.map { scope -> GuidanceCallout.Scope in
            let target: String? =
                switch scope.kind {
                case .layer: siteMap?.path(ofLayer: scope.name)
                case .module: siteMap?.path(of: scope.name)
                case .unknown: nil
                }
            return GuidanceCallout.Scope(
                name: scope.name, href: target.map { SitePath.relativeURL(from: from, to: $0) })
        }
        return GuidanceCallout(
            placement: placement, block: entry.block, anchor: entry.anchor,
            permalink: entry.block.kind == .readAlso ? nil : SitePath.relativeURL(from: from, to: entry.pagePath),
            links: links,
            textLinks: entry.textLinks.mapValues { ArchitecturePages.href(from: from, to: $0) }, scopes: scopes,
            enforcement: entry.enforcedBy.map { id in
                let rule = catalog.architecture.rule(id)
                return GuidanceCallout.Enforcement(
                    rule: id, violations: rule?.violations.count ?? 0, isOff: rule?.descriptor.severity == .off)
            }
        )
    }

    /// Swift code blocks are highlighted with swift-syntax's own classification of tokens.
    static let highlighter: any CodeHighlighter = SwiftHighlighter()
}
