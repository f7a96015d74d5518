import Foundation
import StrataCore
import StrataMarkdown

/// Stage 3, read: the pages, in parallel (front matter, Markdown, metadata, heading ids,
/// guidance blocks), marked stale when verified too long ago; and the module graph of the
/// project's packages (manifests, sources, imports and guidance comments).
struct ReadStage: Sendable {
    let project: ProjectFiles
    let options: BuildOptions
    let memory: BuildMemory?

    struct Content: Sendable {
        var pages: [SourcePage]
        var assets: [ContentFile]
        var diagnostics: [Diagnostic]
    }

    /// Parses the discovered pages; files unchanged since the previous build in this process
    /// (`strata serve`) are taken from its memory.
    func pages(_ discovered: DiscoverStage.Discovered, config: StrataConfig) -> Content {
        let markdownOptions = MarkdownOptions(unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation)
        let loader = PageLoader(options: markdownOptions)
        let memory = self.memory
        let loaded = ParallelMap.map(discovered.pages) { page in
            // Looked at before it is read: a save during the build is seen by the next one.
            let stamp = memory == nil ? nil : page.file.stamp
            if let previous = memory?.parsedPage(page.file, stamp: stamp, displayPath: page.displayPath, outputPath: page.outputPath, isSectionIndex: page.isSectionIndex, options: markdownOptions) {
                return previous
            }
            let result = loader.load(page.file, displayPath: page.displayPath, outputPath: page.outputPath, isSectionIndex: page.isSectionIndex)
            memory?.rememberPage(page.file, stamp: stamp, displayPath: page.displayPath, outputPath: page.outputPath, isSectionIndex: page.isSectionIndex, options: markdownOptions, result: result)
            return result
        }
        var pages = loaded.compactMap(\.0)
        var diagnostics = discovered.diagnostics + loaded.flatMap(\.1)
        // Pages verified too long ago are marked before anything shows their metadata.
        let staleness = StalenessPolicy(asOf: asOf(config: config), staleAfterDays: config.guidance.staleAfterDays)
        diagnostics += staleness.apply(to: &pages)
        return Content(pages: pages, assets: discovered.assets, diagnostics: diagnostics)
    }

    /// The module graph of the packages `packages:` lists, or of the project folder when it
    /// holds a `Package.swift`; nil for a documentation-only project. In `strata serve`, the
    /// previous graph when nothing a package is made of changed since.
    func graph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
        guard let memory else { return try readGraph(config: config) }
        if let remembered = memory.rememberedGraph(config: config, mode: options.manifestMode) { return remembered }
        let loaded = try readGraph(config: config)
        // Changes in these folders cannot change the module graph.
        let independent = [config.contentDirectory, config.outputDirectory] + (config.themeDirectory.map { [$0] } ?? [])
        memory.rememberGraph(loaded, config: config, mode: options.manifestMode, independentFolders: independent.map { project.url($0).path })
        return loaded
    }

    private func readGraph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
        let roots: [String]
        if let packages = config.packages {
            roots = packages
        } else if ProjectFiles.entryExists(project.url("Package.swift")) {
            roots = ["."]
        } else {
            return nil
        }
        var loader = PackageGraphLoader(project: project, mode: options.manifestMode)
        loader.memory = memory
        return try loader.load(roots: roots, declaredAt: config.packagesLocation)
    }

    /// The day staleness is measured against (see `StalenessPolicy.asOf`).
    func asOf(config: StrataConfig) -> CalendarDate {
        StalenessPolicy.asOf(
            option: options.asOf, config: config.guidance, environment: ProcessInfo.processInfo.environment,
            now: Int64(Date().timeIntervalSince1970)
        )
    }
}
