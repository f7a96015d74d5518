import Foundation
import StrataCore
import StrataDiagrams
import StrataMarkdown
import StrataReports
import StrataSearch
import StrataSite
import StrataSwiftSource

/// The build pipeline, as a straight line: configure → discover → read → resolve → render →
/// write. Nothing is written unless every step succeeded.
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

    /// The rendered site, before writing, with every diagnostic found on the way.
    public struct Rendering: Sendable {
        public var config: StrataConfig
        public var files: [OutputFile]
        public var pageCount: Int
        public var diagnostics: [Diagnostic]
        public var diagrams = DiagramStatistics()
        /// The search index, when the caller asked for it to be built later (see
        /// `renderSiteDeferringSearch`); otherwise it is one of `files`.
        public var searchIndex: (@Sendable () -> OutputFile)?
        /// What the pages were made from, kept only to be freed after the build's writes.
        var inputs: (any Sendable)?
    }

    /// Builds and writes the site.
    public func build() -> BuildResult {
        renderSite(write: true).result
    }

    /// Builds the site in memory (`strata serve`), judged as `build` would judge it: the
    /// files are returned only when the build succeeded.
    public func renderSite() -> (result: BuildResult, files: [OutputFile]) {
        let rendered = renderSite(write: false)
        return (rendered.result, rendered.files)
    }

    /// As `renderSite`, with the search index left out of the files and returned as a
    /// function that builds it: the preview server builds it only when a browser asks for
    /// it, so a save reloads the page without waiting for an index nobody has opened.
    public func renderSiteDeferringSearch() -> (result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?) {
        renderSite(write: false, deferSearch: true)
    }

    private func renderSite(write: Bool, deferSearch: Bool = false) -> (result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?) {
        var outputDisplay = project.display(options.outputDirectory ?? "Output")
        do {
            let config = try configuration()
            outputDisplay = project.display(config.outputDirectory)
            let writer = OutputWriter(destination: project.url(config.outputDirectory), displayPath: outputDisplay)
            if write { try writer.checkDestination() }
            // A written site's search index is finished while its pages are written.
            let rendering = try render(config: config, deferSearch: deferSearch, searchAfterPages: write)
            let diagnostics = rendering.diagnostics.sorted()
            let pending = write && rendering.searchIndex != nil ? 1 : 0
            var result = BuildResult(outcome: .written, diagnostics: diagnostics, pageCount: rendering.pageCount, fileCount: rendering.files.count + 1 + pending, outputDisplayPath: outputDisplay)
            result.diagrams = rendering.diagrams
            for file in rendering.files {
                if file.path == SearchIndex.path { result.searchIndexBytes = file.contents.count }
                if file.path.hasSuffix(".html") { result.htmlBytes += file.contents.count }
            }
            if diagnostics.contains(where: { $0.severity == .error }) {
                result.outcome = .failed
            } else if options.strict, diagnostics.contains(where: { $0.severity == .warning }) {
                result.outcome = .failedStrict
            } else {
                if write {
                    try writer.write(rendering.files, last: rendering.searchIndex)
                    if let index = rendering.searchIndex { result.searchIndexBytes = index().contents.count }
                    BackgroundRelease.release(consume rendering)
                    return (result, [], nil)
                }
                return (result, rendering.files, rendering.searchIndex)
            }
            return (result, [], nil)
        } catch let error as DiagnosticsError {
            return (BuildResult(outcome: .failed, diagnostics: error.diagnostics.sorted(), pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        } catch let diagnostic as Diagnostic {
            return (BuildResult(outcome: .failed, diagnostics: [diagnostic], pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        } catch {
            return (BuildResult(outcome: .failed, diagnostics: [.error("internal", "\(error)")], pageCount: 0, fileCount: 0, outputDisplayPath: outputDisplay), [], nil)
        }
    }

    /// Reads the configuration and applies the command line's overrides.
    public func configuration() throws -> StrataConfig {
        var config = try ConfigLoader.load(project: project, explicitPath: options.configPath)
        if let output = options.outputDirectory { config.outputDirectory = output }
        if let baseURL = options.baseURL {
            guard let normalized = ConfigDecoder.normalizedBaseURL(baseURL) else {
                throw Diagnostic.error("usage", "--base-url must be a path starting with '/' or an http(s) URL, not '\(baseURL)'")
            }
            config.site.baseURL = normalized
        }
        try checkFolders(config)
        return config
    }

    /// The Content folder read and parsed: pages before link resolution, and assets.
    struct LoadedContent {
        var sourcePages: [SourcePage]
        var assetFiles: [ContentFile]
        var diagnostics: [Diagnostic]
    }

    /// Scans and parses the Content folder; shared by the build and by `strata check`,
    /// which reads `layer:` from module pages and resolves `see:` links against it.
    func loadContent(config: StrataConfig) -> LoadedContent {
        var scanner = ContentScanner(project: project, contentDirectory: config.contentDirectory, followLinksOutside: config.followLinksOutside)
        scanner.scan()
        var diagnostics = scanner.diagnostics
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }

        let markdownFiles = scanner.files.filter { $0.kind == .markdown }
        let assetFiles = scanner.files.filter { $0.kind == .asset }
        let outputs = OutputPaths.map(markdownPaths: markdownFiles.map(\.relativePath))
        var claimed: [String: String] = [:]
        for file in markdownFiles {
            guard let output = outputs[file.relativePath]?.output else { continue }
            if let other = claimed[output] {
                diagnostics.append(.error("content.collision", "this page and '\(other)' would both be published as '\(output)'; rename one", at: SourceLocation(path: display(file.relativePath))))
            }
            claimed[output] = file.relativePath
        }
        for file in assetFiles where claimed[file.relativePath] != nil {
            diagnostics.append(.error("content.collision", "this file has the same name as the page generated from '\(claimed[file.relativePath] ?? "")'; rename one", at: SourceLocation(path: display(file.relativePath))))
        }

        let markdownOptions = MarkdownOptions(unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation)
        let loader = PageLoader(options: markdownOptions)
        let memory = self.memory
        let loaded = ParallelMap.map(markdownFiles) { file in
            let output = outputs[file.relativePath] ?? (file.relativePath + ".html", false)
            let displayPath = display(file.relativePath)
            // Looked at before it is read: a save during the build is seen by the next one.
            let stamp = memory == nil ? nil : file.stamp
            if let previous = memory?.parsedPage(file, stamp: stamp, displayPath: displayPath, outputPath: output.output, isSectionIndex: output.isIndex, options: markdownOptions) {
                return previous
            }
            let result = loader.load(file, displayPath: displayPath, outputPath: output.output, isSectionIndex: output.isIndex)
            memory?.rememberPage(file, stamp: stamp, displayPath: displayPath, outputPath: output.output, isSectionIndex: output.isIndex, options: markdownOptions, result: result)
            return result
        }
        diagnostics += loaded.flatMap(\.1)
        return LoadedContent(sourcePages: loaded.compactMap(\.0), assetFiles: assetFiles, diagnostics: diagnostics)
    }

    /// The site before any HTML: pages read, the architecture checked, guidance linked.
    /// `strata guidance` stops here; the build goes on to render.
    struct Prepared {
        var sourcePages: [SourcePage]
        var assetFiles: [ContentFile]
        var graph: PackageGraphLoader.Loaded?
        var analysis: ArchitectureAnalysis?
        var architecture: ArchitecturePages?
        var collected: GuidanceCollector.Result
        var catalog: GuidanceCatalog
        /// Every page Strata generates (modules, violations, guidance).
        var generatedPaths: [String]
        var diagnostics: [Diagnostic]
    }

    func prepare(config: StrataConfig) throws -> Prepared {
        let content = loadContent(config: config)
        var diagnostics = content.diagnostics
        var sourcePages = content.sourcePages
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }

        // Pages verified too long ago are marked before anything shows their metadata.
        let staleness = StalenessPolicy(asOf: asOf(config: config), staleAfterDays: config.guidance.staleAfterDays)
        diagnostics += staleness.apply(to: &sourcePages)

        // Guidance blocks get their site-wide ids first: rules may cite them.
        let loadedGraph = try loadGraph(config: config)
        let collected = GuidanceCollector.collect(pages: sourcePages, code: loadedGraph?.guidance ?? [])
        diagnostics += collected.diagnostics + (loadedGraph?.guidanceDiagnostics ?? [])

        // The architecture: the module graph, checked against the rules, as pages of its own.
        var generatedTitles: [String: String] = [:]
        var architecture: ArchitecturePages?
        var analysis: ArchitectureAnalysis?
        if let loadedGraph {
            diagnostics += loadedGraph.diagnostics
            let analyzed = ArchitectureAnalyzer(config: config, graph: loadedGraph.graph, pages: sourcePages, blockIDs: collected.ids).analyze()
            analysis = analyzed
            diagnostics += analyzed.diagnostics
            let titles = Dictionary(sourcePages.map { ($0.outputPath, $0.title) }, uniquingKeysWith: { first, _ in first })
            let guides = analyzed.modulePages.mapValues { (title: titles[$0] ?? $0, outputPath: $0) }
            // Pages say where a layer is declared as the project sees it, never as the
            // folder Strata was started from does: the site is the same from any folder.
            let layers = config.layers.map { layer in
                var layer = layer
                if let path = layer.location?.path { layer.location?.path = project.projectRelative(path) }
                return layer
            }
            let pages = ArchitecturePages(
                model: ArchitectureModel(graph: loadedGraph.graph, layers: layers, assignments: analyzed.assignments, report: analyzed.report, settings: config.diagrams),
                siteMap: ArchitectureSiteMap(layers: layers, guides: guides)
            )
            architecture = pages
            generatedTitles = pages.generatedTitles()
        }

        // Blocks linked to pages, layers, modules and rules; their pages join the site.
        for block in collected.blocks { generatedTitles[GuidanceCatalog.pagePath(of: block.draft.block.id)] = block.draft.block.id }
        let linker = GuidanceLinker(
            pages: sourcePages, generated: generatedTitles,
            contentDirectory: config.contentDirectory, layers: config.layers.map(\.name),
            modules: Set(loadedGraph?.graph.nodes.map(\.id) ?? []),
            layerOfModule: analysis?.assignments.mapValues(\.layer) ?? [:],
            rules: analysis?.report.rules ?? [], hasArchitecture: loadedGraph != nil || !config.layers.isEmpty
        )
        let (catalog, linkDiagnostics) = linker.link(collected)
        diagnostics += linkDiagnostics
        var generatedPaths = generatedTitles.keys.sorted()
        if !catalog.isEmpty { generatedPaths.append(GuidanceCatalog.indexPath) }
        let contentOutputs = Dictionary(sourcePages.map { ($0.outputPath, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
        for path in generatedPaths {
            if let source = contentOutputs[path] {
                diagnostics.append(.error("content.collision", "this page would be published as '\(path)', where Strata writes a generated page; rename it", at: SourceLocation(path: display(source))))
            }
        }
        if let source = contentOutputs[SitePath.notFoundPage] {
            diagnostics.append(.error(
                "content.collision",
                "this page would be published as '\(SitePath.notFoundPage)', where Strata writes the not-found page from the theme's templates/404.mustache; rename it, or change that template in a theme of your own",
                at: SourceLocation(path: display(source))
            ))
        }
        return Prepared(
            sourcePages: sourcePages, assetFiles: content.assetFiles, graph: loadedGraph, analysis: analysis, architecture: architecture,
            collected: collected, catalog: catalog, generatedPaths: generatedPaths, diagnostics: diagnostics
        )
    }

    /// Every guidance block of the project, linked, without rendering the site (`strata
    /// guidance`). A package without a content folder still has the blocks in its sources,
    /// so a missing content folder is an error only when there is no package either.
    public func guidance(config: StrataConfig) throws -> (catalog: GuidanceCatalog, diagnostics: [Diagnostic]) {
        let prepared = try prepare(config: config)
        let diagnostics = prepared.graph == nil ? prepared.diagnostics : prepared.diagnostics.filter { $0.ruleID != "content.missing" }
        return (prepared.catalog, diagnostics)
    }

    /// Renders the whole site in memory.
    /// - Parameters:
    ///   - deferSearch: leave the search index out, as a function that builds it on demand.
    ///   - searchAfterPages: leave it out, still being built, as a function that waits for it.
    public func render(config: StrataConfig, deferSearch: Bool = false, searchAfterPages: Bool = false) throws -> Rendering {
        memory?.beginBuild()
        defer { memory?.endBuild() }
        let theme = try ThemeLoader.load(config: config, project: project)
        let prepared = try prepare(config: config)
        var diagnostics = prepared.diagnostics
        let sourcePages = prepared.sourcePages
        let catalog = prepared.catalog
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }

        // Each block is drawn where it was written, linked to its page.
        var calloutsByPage: [Int: [GuidanceCallout]] = [:]
        for (item, entry) in zip(prepared.collected.blocks, catalog.entries) {
            guard let pageIndex = item.pageIndex, let placement = item.placement else { continue }
            let from = sourcePages[pageIndex].outputPath
            calloutsByPage[pageIndex, default: []].append(GuidanceCallout(
                placement: placement, kind: entry.block.kind, id: entry.id, anchor: entry.anchor,
                permalink: SitePath.relativeURL(from: from, to: entry.pagePath),
                readAlsoLinks: GuidancePages.readAlsoHrefs(entry, from: from)
            ))
        }
        let callouts = calloutsByPage

        // Links from Content pages to generated pages resolve like links to files.
        let resolver = LinkResolver(pages: sourcePages, assets: prepared.assetFiles.map(\.relativePath) + prepared.generatedPaths)
        let memory = self.memory
        let sameLinkTargets = memory?.resolverIsUnchanged(resolver) ?? false
        let resolved = ParallelMap.map(Array(sourcePages.enumerated())) { index, source in
            let pageCallouts = callouts[index] ?? []
            // A body is rendered again only when its document, callouts or link targets
            // changed; with the same resolver as last time, the targets are the same.
            let resolutions = memory == nil || sameLinkTargets ? nil : source.document.links.map { resolver.resolve($0, from: source) }
            var html: String
            var linkDiagnostics: [Diagnostic] = []
            if let previous = memory?.body(for: source.outputPath, document: source.document, callouts: pageCallouts, resolutions: resolutions) {
                (html, linkDiagnostics) = previous
            } else {
                html = source.document.renderHTML(callouts: pageCallouts, highlighter: Self.highlighter) { link in
                    let resolution = resolver.resolve(link, from: source)
                    if let diagnostic = resolution.diagnostic { linkDiagnostics.append(diagnostic) }
                    return resolution.href
                }
                let known = resolutions ?? (memory == nil ? nil : source.document.links.map { resolver.resolve($0, from: source) })
                memory?.rememberBody(for: source.outputPath, .init(document: source.document, callouts: pageCallouts, resolutions: known, html: html, diagnostics: linkDiagnostics))
            }
            let page = Page(
                sourcePath: source.relativePath, outputPath: source.outputPath, title: source.title, titleID: source.document.titleHeading?.id,
                description: source.description, weight: source.weight, isSectionIndex: source.isSectionIndex,
                metadata: source.metadata, headings: source.document.headings, contentHTML: html
            )
            return (page, linkDiagnostics)
        }
        diagnostics += resolved.flatMap(\.1)

        // Diagrams are laid out once each, or taken from the cache, before the pages show them.
        var allPages = resolved.map(\.0)
        var layout = DiagramLayout.Result(drawings: [:], cacheFiles: [], statistics: DiagramStatistics(), failures: [:])
        if let architecture = prepared.architecture {
            let diagrams = ArchitectureDiagramSet(model: architecture.model, siteMap: architecture.siteMap).diagrams()
            let layouts = DiagramLayout(previousOutput: previousOutput(config), memory: memory?.layouts)
            layout = layouts.layOut(diagrams)
            let location = config.sourcePath.map { SourceLocation(path: $0) }
            if !diagrams.isEmpty, let problem = DiagramLayout.pluginProblem {
                diagnostics.append(.warning("diagram.plugins", "Graphviz's own plugins could not be loaded (\(problem)); text is measured with this machine's fonts, so diagrams may differ from other machines'", at: location))
            }
            for diagram in diagrams {
                guard let reason = layout.failures[diagram.id] else { continue }
                diagnostics.append(.warning("diagram.layout-failed", "the diagram '\(diagram.id)' on \(diagram.pagePath) could not be drawn: \(reason)", at: location))
            }
            let mentions = ModuleMentions.find(pages: sourcePages, modules: Set(architecture.model.graph.nodes.filter(\.isTarget).map(\.id)))
            allPages = architecture.pages(merging: allPages, diagrams: diagrams, drawings: layout.drawings, catalog: catalog, mentions: mentions)
        }
        let architecture = prepared.architecture
        allPages += GuidancePages(
            catalog: catalog, layers: config.layers.map(\.name), modulePath: { architecture?.siteMap.path(of: $0) },
            layerPath: { architecture?.siteMap.path(ofLayer: $0) },
            violationCounts: Dictionary(grouping: prepared.analysis?.report.violations ?? [], by: \.ruleID).mapValues(\.count),
            highlighter: Self.highlighter
        ).pages()
        let finishedPages = allPages
        let searchIndex: @Sendable () -> OutputFile = { SearchIndex.file(pages: finishedPages, catalog: catalog, architecture: architecture.map { ($0.model, $0.siteMap) }) }
        // The index is made while the templates run: each has stretches on one core that
        // the other fills.
        let indexing = deferSearch ? nil : BackgroundResult(searchIndex)
        var files = try SiteRenderer(config: config, theme: theme).render(pages: allPages, memory: memory?.rendering)
        if let indexing, !searchAfterPages { files.append(indexing.wait()) }
        for asset in prepared.assetFiles {
            do {
                files.append(OutputFile(path: asset.relativePath, contents: try ProjectFiles.readBytes(at: asset.url, displayPath: display(asset.relativePath))))
            } catch let diagnostic as Diagnostic {
                diagnostics.append(diagnostic)
            }
        }
        if let loaded = prepared.graph {
            files.append(OutputFile(path: Self.graphFile, text: GraphJSONWriter().write(loaded.graph)))
        }
        files += layout.cacheFiles
        if !catalog.isEmpty {
            files.append(OutputFile(path: GuidanceCatalog.jsonPath, text: GuidanceJSONWriter(baseURL: config.site.baseURL).write(catalog)))
            files.append(OutputFile(path: GuidanceCatalog.llmsPath, text: GuidanceDigestWriter(site: config.site).write(catalog)))
        }
        // A file of the content folder where Strata writes one of its own (a theme asset,
        // a generated page, graph.json, guidance.json, llms.txt, the sitemap and the search
        // index, even when the index is made later) would be lost.
        let contentAssets = Set(prepared.assetFiles.map(\.relativePath))
        var written: Set<String> = deferSearch || searchAfterPages ? [SearchIndex.path] : []
        for file in files where !written.insert(file.path).inserted && contentAssets.contains(file.path) {
            diagnostics.append(.error("content.collision", "Strata writes a file of its own as '\(file.path)'; rename this one", at: SourceLocation(path: display(file.path))))
        }
        files.sort { $0.path < $1.path }
        var rendering = Rendering(config: config, files: files, pageCount: allPages.count, diagnostics: diagnostics, diagrams: layout.statistics)
        if deferSearch {
            rendering.searchIndex = searchIndex
        } else if searchAfterPages, let indexing {
            rendering.searchIndex = { indexing.wait() }
        }
        rendering.inputs = prepared
        return rendering
    }

    /// Swift code blocks are highlighted with swift-syntax's own classification of tokens.
    static let highlighter: any CodeHighlighter = SwiftHighlighter()

    /// The previous build's output folder, when Strata made it (its layouts are reused).
    func previousOutput(_ config: StrataConfig) -> URL? {
        let folder = project.url(config.outputDirectory)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(OutputWriter.markerFileName).path) ? folder : nil
    }

    /// The day staleness is measured against (see `StalenessPolicy.asOf`).
    func asOf(config: StrataConfig) -> CalendarDate {
        StalenessPolicy.asOf(
            option: options.asOf, config: config.guidance, environment: ProcessInfo.processInfo.environment,
            now: Int64(Date().timeIntervalSince1970)
        )
    }

    /// Where the module graph goes in the site.
    public static let graphFile = "graph.json"

    /// The module graph of the packages `packages:` lists, or of the project folder when it
    /// holds a `Package.swift`; nil for a documentation-only project.
    public func loadGraph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
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

    /// The output folder is replaced on every build, so it must never hold the project's inputs.
    private func checkFolders(_ config: StrataConfig) throws {
        let output = project.url(config.outputDirectory).path
        let location = config.sourcePath.map { SourceLocation(path: $0) }
        func contains(_ outer: String, _ inner: String) -> Bool { inner == outer || inner.hasPrefix(outer + "/") }
        var guarded: [(String, String)] = [("the project folder", project.root.path), ("the content folder", project.url(config.contentDirectory).path)]
        if let theme = config.themeDirectory { guarded.append(("the theme folder", project.url(theme).path)) }
        if let configPath = options.configPath { guarded.append(("the configuration file", project.url(configPath).path)) }
        for (name, path) in guarded where contains(output, path) {
            throw Diagnostic.error("config.output", "the output folder '\(config.outputDirectory)' would contain \(name); every build replaces it, so choose a folder of its own", at: location)
        }
        let content = project.url(config.contentDirectory).path
        if contains(content, output) {
            throw Diagnostic.error("config.output", "the output folder '\(config.outputDirectory)' is inside the content folder; choose a folder outside it", at: location)
        }
    }
}
