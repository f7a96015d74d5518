import StrataCore
import StrataMarkdown

extension ReadStage {
    /// The read API stage: the public API of the graph's libraries, read from their Swift
    /// files (through `apiCache`), written as a reference page per type, which are read as
    /// DocC pages are. The modules' own pages come with their catalogs (`catalogs`).
    func api(config: StrataConfig, graph: ModuleGraph?, content: Content) -> (content: Content, modules: [ModuleAPI]) {
        guard let access = config.apiAccess, let graph else { return (content, []) }
        var reader = APIReader(project: project)
        reader.cache = apiCache
        let (modules, problems) = StageClock.measure("read: api: declarations read") {
            reader.read(graph, minimumAccess: access)
        }
        var result = content
        result.diagnostics += problems
        let loader = Self.apiPageLoader(config: config, project: project)
        let written = StageClock.measure("read: api: pages written") {
            modules.flatMap { api in APIPageWriter(api: api).typePages().map { (api.module, $0) } }
        }
        let read = StageClock.measure("read: api: pages parsed") {
            ParallelMap.map(written, costliestFirst: { $0.1.markdown.lines.count }) { module, page in
                self.read(page, module: module, loader: loader)
            }
        }
        var outputs = Dictionary(
            content.pages.map { ($0.outputPath, $0.displayPath) }, uniquingKeysWith: { first, _ in first })
        for (page, diagnostics) in read {
            result.diagnostics += diagnostics
            guard let page else { continue }
            if let other = outputs[page.outputPath] {
                result.diagnostics.append(
                    .error(
                        "content.collision",
                        "the reference page of '\(page.title)' and '\(other)' would both be published as "
                            + "'\(page.outputPath)'; rename the page",
                        at: SourceLocation(path: other)))
                continue
            }
            outputs[page.outputPath] = page.displayPath
            result.pages.append(page)
        }
        return (result, modules)
    }

    /// Reference pages are DocC pages, read with the site's Markdown settings.
    static func apiPageLoader(config: StrataConfig, project: ProjectFiles) -> PageLoader {
        PageLoader(
            options: MarkdownOptions(
                unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation, docc: true),
            ruleSetHeadings: config.guidance.ruleSetHeadings, project: project)
    }

    /// What a reference page is read from: the Markdown written for it, where its lines
    /// came from, and the settings it is read with.
    struct APIPageFingerprint: MemoFingerprint, Equatable {
        var lines: [String]
        var origins: [SourceLocation]
        var options: MarkdownOptions
        var module: String

        func matches(_ previous: APIPageFingerprint) -> Bool { self == previous }
    }

    /// A written reference page, parsed (through `apiPageCache`: `strata serve` parses again
    /// only the pages whose Markdown changed), with what links to its symbols need.
    /// `version` keeps a page written again with its catalog's extension apart from the
    /// page written without it, so neither replaces the other in the memo.
    func read(_ page: APIPageWriter.Page, module: String, loader: PageLoader, version: String = "")
        -> (SourcePage?, [Diagnostic])
    {
        apiPageCache.value(
            for: page.outputPath + version,
            fingerprint: {
                APIPageFingerprint(
                    lines: page.markdown.lines, origins: page.markdown.origins, options: loader.options, module: module)
            }
        ) { Self.parse(page, module: module, loader: loader) }
    }

    static func parse(_ page: APIPageWriter.Page, module: String, loader: PageLoader) -> (SourcePage?, [Diagnostic]) {
        var (read, diagnostics) = loader.page(
            from: Array(page.markdown.text.utf8), relativePath: String(page.outputPath.dropLast(5)) + ".md",
            displayPath: page.displayPath, outputPath: page.outputPath,
            isSectionIndex: page.outputPath.hasSuffix("/index.html"),
            lineOrigins: page.markdown.origins, readsGuidance: false)
        read?.navigationGroup = page.navigationGroup
        // After the catalog's articles, by kind, as DocC's navigator groups them.
        read?.weight = 1_000_000 + (page.symbol?.kind.order ?? APISymbol.Kind.allCases.count) * 1_000
        read?.api = APIPageInfo(
            module: module, path: page.typePath, kind: page.symbol?.kind, summary: page.symbol?.docComment?.summary,
            members: page.members.map {
                APIPageInfo.Member(
                    name: $0.name, parent: $0.parent, kind: $0.kind, summary: $0.docComment.map(\.summary))
            }, inherits: page.inherits)
        return (read, diagnostics)
    }
}
