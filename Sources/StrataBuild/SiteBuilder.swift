import Foundation
import StrataCore
import StrataReports
import StrataSearch
import StrataSite

/// The build pipeline: seven stages (Pipeline/), each taking values and returning values
/// with its diagnostics — configure, discover, read, analyze, link, render, write. Every
/// command is a composition of the same stages in the same order, cut short where it has
/// what it needs:
///
/// - `strata build`: all seven (`build`);
/// - `strata serve`: all but write, in a builder process (`renderSiteDeferringSearch`);
/// - `strata guidance`: configure, discover, read, analyze, link the guidance (`guidance`);
/// - `strata check`: configure, read the graph, discover, read, analyze (`checkArchitecture`);
/// - `strata graph`: configure, read the graph (`loadGraph`).
///
/// Nothing is written unless every stage succeeded.
public struct SiteBuilder: Sendable {
    public let project: ProjectFiles
    public let options: BuildOptions
    /// What the previous build in this process left (`strata serve`); nil for a clean build.
    public let memory: BuildMemory?

    public init(project: ProjectFiles, options: BuildOptions = BuildOptions(), memory: BuildMemory? = nil) {
        self.project = project
        self.options = options
        self.memory = memory
    }

    // MARK: Compositions

    /// Builds and writes the site.
    public func build() -> BuildResult {
        renderSite(searchIndex: .whileWriting, write: true).result
    }

    /// Builds the site in memory, judged as `build` would judge it: the files are returned
    /// only when the build succeeded.
    public func renderSite() -> (result: BuildResult, files: [OutputFile]) {
        let rendered = renderSite(searchIndex: .withPages, write: false)
        return (rendered.result, rendered.files)
    }

    /// As `renderSite`, with the search index left out of the files and returned as a
    /// function that builds it: the preview server builds it only when a browser asks for
    /// it, so a save reloads the page without waiting for an index nobody has opened.
    public func renderSiteDeferringSearch() -> (result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?) {
        renderSite(searchIndex: .onDemand, write: false)
    }

    /// Stage 1 alone: the configuration with the command line's overrides.
    public func configuration() throws -> StrataConfig {
        try ConfigureStage(project: project, options: options).run()
    }

    /// The module graph (stage 3's second half), or nil for a documentation-only project.
    public func loadGraph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
        let read = readStage
        guard let memory else { return try read.graph(config: config) }
        // Changes in these folders cannot change the module graph.
        let independent = [config.contentDirectory, config.outputDirectory] + (config.themeDirectory.map { [$0] } ?? [])
        return try memory.graph(config: config, mode: options.manifestMode, independentFolders: independent.map { project.url($0).path }) {
            try read.graph(config: config)
        }
    }

    /// Every guidance block of the project, linked, without rendering the site (`strata
    /// guidance`). A package without a content folder still has the blocks in its sources,
    /// so a missing content folder is an error only when there is no package either.
    public func guidance(config: StrataConfig) throws -> (catalog: GuidanceCatalog, diagnostics: [Diagnostic]) {
        let prepared = try prepare(config: config)
        let diagnostics = prepared.graph == nil ? prepared.diagnostics : prepared.diagnostics.filter { $0.ruleID != "content.missing" }
        return (prepared.guidance.catalog, diagnostics)
    }

    /// Renders the whole site in memory, the search index among its files.
    public func render(config: StrataConfig) throws -> RenderedSite {
        try render(config: config, theme: ThemeLoader.load(config: config, project: project), searchIndex: .withPages)
    }

    // MARK: Stages in order

    // In `strata serve`, the stages that read files and render bodies get the memory's
    // memos in place of computing every item: caching wraps them from outside.

    var readStage: ReadStage {
        var stage = ReadStage(project: project, options: options)
        if let memory {
            stage.pageCache = ItemCache(memory.pages)
            stage.scanCache = ItemCache(memory.scans)
        }
        return stage
    }

    func renderStage(theme: Theme) -> RenderStage {
        var stage = RenderStage(project: project, theme: theme)
        if let memory {
            stage.layoutCache = ItemCache(memory.layouts)
            stage.pageCache = ItemCache(memory.renderedPages)
            stage.notFoundCache = ItemCache(memory.renderedNotFound)
            stage.siteCache = ItemCache(memory.site)
            stage.componentPageCache = ItemCache(memory.componentPages)
        }
        return stage
    }

    var linkStage: LinkStage {
        var stage = LinkStage(project: project)
        if let memory {
            stage.bodyCache = ItemCache(memory.bodies)
            stage.sameLinkTargets = { memory.resolverIsUnchanged($0) }
        }
        return stage
    }

    /// The analyze stage, with the memory of Swift files read for their types (`strata serve`).
    var analyzeStage: AnalyzeStage {
        var stage = AnalyzeStage(project: project)
        if let memory {
            stage.symbolCache = ItemCache(memory.symbols)
            stage.resolutionMemo = memory.resolution
        }
        return stage
    }

    /// Stages 2 to 5's guidance half, in order.
    func prepare(config: StrataConfig) throws -> PreparedSite {
        let discovered = StageClock.measure("discover") { DiscoverStage(project: project).run(config: config) }
        let content = StageClock.measure("read: pages") { readStage.pages(discovered, config: config) }
        let graph = try StageClock.measure("read: graph") { try loadGraph(config: config) }
        let analyzed = StageClock.measure("analyze") { analyzeStage.run(config: config, pages: content.pages, graph: graph) }
        let guidance = StageClock.measure("link: guidance") { linkStage.guidance(config: config, pages: content.pages, graph: graph?.graph, analyzed: analyzed) }
        // A package documented from its code alone needs no content folder, unless
        // strata.yml names one.
        let contentDiagnostics = graph != nil && !config.contentDirectoryIsConfigured
            ? content.diagnostics.filter { $0.ruleID != "content.missing" } : content.diagnostics
        let diagnostics = contentDiagnostics + analyzed.guidance.diagnostics + (graph.map { $0.guidanceDiagnostics + $0.diagnostics } ?? [])
            + (analyzed.analysis?.diagnostics ?? []) + guidance.diagnostics
        return PreparedSite(content: content, graph: graph, analyzed: analyzed, guidance: guidance, diagnostics: diagnostics)
    }

    func render(config: StrataConfig, theme: Theme, searchIndex: RenderStage.SearchIndexTiming) throws -> RenderedSite {
        StageClock.measure("memory: begin") { memory?.beginBuild() }
        defer { StageClock.measure("memory: end") { memory?.endBuild() } }
        let prepared = try prepare(config: config)
        let linked = StageClock.measure("link: pages") { linkStage.pages(
            prepared.content.pages, assets: prepared.content.assets, collected: prepared.analyzed.guidance, guidance: prepared.guidance
        ) }
        let inputs = RenderStage.Inputs(site: prepared, pages: linked.pages)
        var rendering = try renderStage(theme: theme).run(config: config, inputs: inputs, searchIndex: searchIndex)
        rendering.diagnostics = prepared.diagnostics + linked.diagnostics + rendering.diagnostics
        return rendering
    }

    private func renderSite(searchIndex timing: RenderStage.SearchIndexTiming, write: Bool) -> (result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?) {
        var outputDisplay = project.display(options.outputDirectory ?? "Output")
        WorkerThreads.start()
        do {
            let config = try StageClock.measure("configure") { try configuration() }
            outputDisplay = project.display(config.outputDirectory)
            let writer = OutputWriter(destination: project.url(config.outputDirectory), displayPath: outputDisplay)
            if write { try writer.checkDestination() }
            // A broken theme fails the build before any page is read.
            let theme = try StageClock.measure("theme") { try ThemeLoader.load(config: config, project: project) }
            let rendering = try render(config: config, theme: theme, searchIndex: timing)
            let diagnostics = rendering.diagnostics.sorted()
            let pending = rendering.searchIndex != nil && timing == .whileWriting ? 1 : 0
            var result = BuildResult(outcome: .written, diagnostics: diagnostics, pageCount: rendering.pageCount, fileCount: rendering.files.count + 1 + pending, outputDisplayPath: outputDisplay)
            result.diagrams = rendering.diagrams
            result.readSummary = rendering.readSummary
            for file in rendering.files {
                if file.path == SearchIndex.path { result.searchIndexBytes = file.contents.count }
                if file.path.hasSuffix(".html") { result.htmlBytes += file.contents.count }
                if file.path == "sitemap.xml" { result.wroteSitemap = true }
            }
            if let report = rendering.checkReport {
                result.architecture = BuildResult.ArchitectureCounts(errors: report.errorCount, warnings: report.warningCount, summary: report.summary)
            }
            result.outcome = WriteStage.outcome(of: diagnostics, strict: options.strict)
            // `build: fail_on_violations:` gates what `strata build` writes; a preview shows the site.
            if write, result.outcome == .written, let threshold = config.failBuildOn, let counts = result.architecture,
               counts.errors + (threshold == .warning ? counts.warnings : 0) > 0 {
                result.outcome = .failedViolations
            }
            guard result.outcome == .written else { return (result, [], nil) }
            guard write else { return (result, rendering.files, rendering.searchIndex) }
            if let graph = (rendering.inputs as? RenderStage.Inputs)?.site.graph {
                try ConfigureStage(project: project, options: options).boundary(config).check(inputs: OutputBoundary.sourceFolders(graph.packages))
            }
            try StageClock.measure("write") { try WriteStage(options: options, writer: writer).run(rendering, result: &result) }
            // Freeing the site (its parsed documents above all) takes longer than writing
            // part of it: another thread does it, or the process ends first. `consume`
            // leaves this thread no reference to drop, so it does not do the freeing itself.
            BackgroundRelease.release(consume rendering)
            return (result, [], nil)
        } catch let error as DiagnosticsError {
            return (BuildResult(outcome: .failed, diagnostics: error.diagnostics.sorted(), pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        } catch let diagnostic as Diagnostic {
            return (BuildResult(outcome: .failed, diagnostics: [diagnostic], pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        } catch {
            return (BuildResult(outcome: .failed, diagnostics: [.error("internal", "\(error)")], pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        }
    }
}
