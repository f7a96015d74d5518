import Foundation
import StrataCore
import StrataReports
import StrataSearch
import StrataSite

/// The build pipeline: the stages of `BuildStep`, in that one order, each taking values and
/// returning values with its diagnostics (`Pipeline/`, one file each; `perform` runs them).
/// Every command is a selection of the same stages, cut short where it has what it needs:
///
/// - `strata build`: all of them (`build`);
/// - `strata serve`: all but write, in a builder process (`renderSiteDeferringSearch`);
/// - `strata guidance`: up to the guidance linked (`guidance`);
/// - `strata check`: up to the architecture analyzed (`checkArchitecture`);
/// - `strata graph`: the module graph alone (`loadGraph`).
///
/// Nothing is written unless the judge stage passed the build.
package struct SiteBuilder: Sendable {
    package let project: ProjectFiles
    package let options: BuildOptions
    /// What the previous build in this process left (`strata serve`); nil for a clean build.
    package let memory: BuildMemory?

    package init(project: ProjectFiles, options: BuildOptions = BuildOptions(), memory: BuildMemory? = nil) {
        self.project = project
        self.options = options
        self.memory = memory
    }

    // MARK: Compositions

    /// Builds and writes the site.
    package func build() -> BuildResult {
        renderSite(BuildStep.build, searchIndex: .whileWriting).result
    }

    /// Builds the site in memory, judged as `build` would judge it: the files are returned
    /// only when the build succeeded.
    package func renderSite() -> (result: BuildResult, files: [OutputFile]) {
        let rendered = renderSite(BuildStep.preview, searchIndex: .withPages)
        return (rendered.result, rendered.files)
    }

    /// As `renderSite`, with the search index left out of the files and returned as a
    /// function that builds it: the preview server builds it only when a browser asks for
    /// it, so a save reloads the page without waiting for an index nobody has opened.
    package func renderSiteDeferringSearch() -> (
        result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?
    ) {
        renderSite(BuildStep.preview, searchIndex: .onDemand)
    }

    /// The configure stage alone: the configuration with the command line's overrides.
    package func configuration() throws -> StrataConfig {
        try ConfigureStage(project: project, options: options).run()
    }

    /// The module graph (the read stage's second half), or nil for a documentation-only
    /// project. `readsSiteDetails` is off for `strata graph`, which shows neither the
    /// guidance in source comments nor each target's lines.
    package func loadGraph(config: StrataConfig, readsSiteDetails: Bool = true) throws -> PackageGraphLoader.Loaded? {
        var read = readStage
        read.readsSiteDetails = readsSiteDetails
        guard let memory else { return try read.graph(config: config) }
        // Changes in these folders cannot change the module graph.
        let independent = [config.contentDirectory, config.outputDirectory] + (config.themeDirectory.map { [$0] } ?? [])
        let folders = independent.map { project.url($0).path }
        return try memory.graph(config: config, mode: config.commandLine.manifestMode, independentFolders: folders) {
            try read.graph(config: config)
        }
    }

    /// Every guidance block of the project, linked, without rendering the site (`strata
    /// guidance`). A package without a content folder still has the blocks in its sources,
    /// so a missing content folder is an error only when there is no package either.
    package func guidance(config: StrataConfig) throws -> (catalog: GuidanceCatalog, diagnostics: [Diagnostic]) {
        var run = BuildRun(config: config)
        try perform(BuildStep.guidance, on: &run)
        let diagnostics =
            try run.graph() == nil ? run.diagnostics : run.diagnostics.filter { $0.ruleID != "content.missing" }
        return (try run.required(\.guidance, .linkGuidance).catalog, diagnostics)
    }

    /// The architecture as the site shows it: the stages up to analyze, nothing rendered.
    func architecture(config: StrataConfig) throws -> ArchitecturePages? {
        var run = BuildRun(config: config)
        try perform(BuildStep.check, on: &run)
        return try run.required(\.analyzed, .analyze).architecture
    }

    /// Renders the whole site in memory, the search index among its files, without judging it.
    package func render(config: StrataConfig) throws -> RenderedSite {
        var run = BuildRun(config: config)
        run.theme = try ThemeLoader.load(config: config, project: project)
        try perform(BuildStep.preview.filter { ![.configure, .theme, .judge].contains($0) }, on: &run)
        return try run.required(\.rendering, .render)
    }

    // MARK: Stages in order

    // In `strata serve`, the stages that read files and render bodies get the memory's
    // memos in place of computing every item: caching wraps them from outside.

    var readStage: ReadStage {
        var stage = ReadStage(project: project)
        if let memory {
            stage.pageCache = ItemCache(memory.pages)
            stage.scanCache = ItemCache(memory.scans)
            stage.apiCache = ItemCache(memory.apiFiles)
            stage.apiPageCache = ItemCache(memory.apiPages)
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
}
