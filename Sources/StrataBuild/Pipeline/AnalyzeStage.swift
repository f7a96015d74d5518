import StrataAnalysis
import StrataCore
import StrataSite

/// The analyze stage: every guidance block gets its site-wide id (rules may cite blocks);
/// each module's layer is resolved and the rules are checked (StrataAnalysis), which gives
/// the check report; and from it and the graph, the architecture as the site shows it: the
/// model the pages, diagrams and search index are drawn from, and where each thing goes.
struct AnalyzeStage: Sendable {
    let project: ProjectFiles
    /// Swift files already read for their types and references (`strata serve`).
    var symbolCache: ItemCache<ComponentSymbols.Fingerprint, SwiftSymbols?> = .none
    /// References already resolved, reused for the files a change leaves alone (`strata serve`).
    var resolutionMemo: ResolutionMemo?

    struct Analyzed: Sendable {
        var guidance: GuidanceCollector.Result
        /// Nil for a documentation-only project.
        var analysis: ArchitectureAnalysis?
        var architecture: ArchitecturePages?
    }

    func run(
        config: StrataConfig, pages: [SourcePage], graph: PackageGraphLoader.Loaded?, baseline: [BaselineEntry]? = nil
    ) -> Analyzed {
        let guidance = collectGuidance(pages: pages, graph: graph)
        guard let graph else { return Analyzed(guidance: guidance) }
        let (analysis, architecture) = architecture(
            config: config, pages: pages, graph: graph, blockIDs: guidance.ids, formerIDs: guidance.formerIDs,
            baseline: baseline)
        return Analyzed(guidance: guidance, analysis: analysis, architecture: architecture)
    }

    /// Every guidance block of the pages and the sources, with its site-wide id.
    func collectGuidance(pages: [SourcePage], graph: PackageGraphLoader.Loaded?) -> GuidanceCollector.Result {
        GuidanceCollector.collect(pages: pages, code: graph?.guidance ?? [])
    }

    /// The rules checked and the architecture as the site shows it, for a project with a graph.
    func architecture(
        config: StrataConfig, pages: [SourcePage], graph: PackageGraphLoader.Loaded, blockIDs: Set<String>,
        formerIDs: [String: String],
        baseline: [BaselineEntry]? = nil
    ) -> (ArchitectureAnalysis, ArchitecturePages) {
        var analyzer = ArchitectureAnalyzer(config: config, graph: graph.graph, pages: pages, blockIDs: blockIDs)
        analyzer.formerIDs = formerIDs
        let needed = ComponentChecker(layers: config.layers, settings: config.rules).filesToRead(in: graph.graph)
        analyzer.resolutionMemo = resolutionMemo
        analyzer.symbols = StageClock.measure("analyze: types and references read") {
            ComponentSymbols.read(needed, project: project, cache: symbolCache)
        }
        let analysis = StageClock.measure("analyze: rules checked") { analyzer.analyze(baseline: baseline) }
        let titles = Dictionary(pages.map { ($0.outputPath, $0.title) }, uniquingKeysWith: { first, _ in first })
        let guides = analysis.modulePages.mapValues { (title: titles[$0] ?? $0, outputPath: $0) }
        // Pages say where a layer is declared as the project sees it, never as the folder
        // Strata was started from does: the site is the same from any folder.
        let layers = config.layers.map { layer in
            var layer = layer
            if let path = layer.location?.path { layer.location?.path = project.projectRelative(path) }
            return layer
        }
        var model = ArchitectureModel(
            graph: graph.graph, layers: layers, assignments: analysis.assignments, report: analysis.report,
            settings: config.diagrams)
        // Only files a `paths:` layer names: the rest keep their module's layer, shown there.
        let pathPatterns = config.layers.flatMap(\.paths)
        model.fileLayers = analysis.fileLayers.filter { file, _ in pathPatterns.contains { $0.matches(file) } }
        model.components = analysis.components
        var siteMap = ArchitectureSiteMap(layers: layers, guides: guides)
        // A module's catalog: the top page of the catalog published under its name.
        let modules = Set(graph.graph.nodes.filter(\.isTarget).map(\.id))
        for page in pages {
            guard let catalog = page.catalog, modules.contains(catalog),
                page.outputPath == DocCCatalogReader.siteFolder + "/" + catalog + "/index.html"
            else { continue }
            siteMap.catalogs[catalog] = (page.title, page.outputPath)
        }
        // Its API reference: the module's page (when no catalog's top page is), each type's.
        for page in pages {
            guard let api = page.api, modules.contains(api.module) else { continue }
            if let path = api.path, api.kind != nil {
                siteMap.referencePages[api.module, default: [:]][path.joined(separator: ".")] = page.outputPath
            } else if api.path == nil, siteMap.catalogs[api.module] == nil {
                siteMap.catalogs[api.module] = (page.title, page.outputPath)
            }
        }
        let architecture = ArchitecturePages(model: model, siteMap: siteMap)
        return (analysis, architecture)
    }
}
