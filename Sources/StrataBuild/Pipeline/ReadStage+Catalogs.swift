import StrataCore
import StrataMarkdown

extension ReadStage {
    /// The read catalogs stage: the DocC catalogs of the targets read (and those at the
    /// project's top level) added to the pages and files of the site, the top page of a
    /// module's catalog listing the module's `api`, and a page of its own listing it for a
    /// module without one. A catalog page published where another page is would hide one
    /// of them: an error.
    func catalogs(config: StrataConfig, graph: ModuleGraph?, content: Content, api: [ModuleAPI] = []) -> Content {
        let (found, missing) = DocCCatalogFinder(project: project).catalogs(graph: graph, config: config)
        var result = content
        result.diagnostics += missing
        var listed = Set<String>()
        guard !found.isEmpty else {
            return modulePages(api, listed: listed, graph: graph, config: config, content: result)
        }
        let options = MarkdownOptions(
            unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation, docc: true)
        var reader = DocCCatalogReader(
            project: project,
            loader: PageLoader(options: options, ruleSetHeadings: config.guidance.ruleSetHeadings, project: project))
        reader.listings = Dictionary(api.map { ($0.module, APIPageWriter(api: $0)) }, uniquingKeysWith: { a, _ in a })
        // A catalog page goes through the same memo as a Content page (keyed by its site path).
        let cache = pageCache
        let ruleSetHeadings = config.guidance.ruleSetHeadings
        reader.readPage = { request, read in
            cache.value(
                for: request.relativePath,
                fingerprint: {
                    request.file.stamp.map {
                        PageFingerprint(
                            stamp: $0, displayPath: request.displayPath, outputPath: request.outputPath,
                            isSectionIndex: request.isSectionIndex, options: options, ruleSetHeadings: ruleSetHeadings,
                            appendix: request.appendix?.lines ?? [], appendixOrigins: request.appendix?.origins ?? [])
                    }
                }, compute: read)
        }
        var outputs = Dictionary(
            content.pages.map { ($0.outputPath, $0.displayPath) }, uniquingKeysWith: { first, _ in first })
        var names: [String: String] = [:]
        for catalog in found {
            let read = reader.read(catalog)
            if let other = names[read.name] {
                result.diagnostics.append(
                    .error(
                        "content.collision",
                        "this catalog and '\(other)' would both be published as '\(DocCCatalogReader.siteFolder)/"
                            + "\(read.name)/'; give one a different name in its Info.plist (CFBundleName)",
                        at: SourceLocation(path: project.display(catalog.folder))))
                continue
            }
            names[read.name] = project.display(catalog.folder)
            if let module = read.listedModule { listed.insert(module) }
            if let api = read.api, !read.extendedSymbols.isEmpty {
                rewritePages(of: read.extendedSymbols, in: api, config: config, content: &result)
            }
            result.diagnostics += read.diagnostics
            for page in read.pages {
                if let other = outputs[page.outputPath] {
                    result.diagnostics.append(
                        .error(
                            "content.collision",
                            "this page and '\(other)' would both be published as '\(page.outputPath)'; rename one",
                            at: SourceLocation(path: page.displayPath)))
                    continue
                }
                outputs[page.outputPath] = page.displayPath
                result.pages.append(page)
            }
            result.assets += read.assets
        }
        return modulePages(api, listed: listed, graph: graph, config: config, content: result)
    }

    /// The reference pages of the symbols a catalog's documentation extensions extend (or
    /// of the types they are members of), written again with the extensions joined.
    private func rewritePages(of paths: [[String]], in api: ModuleAPI, config: StrataConfig, content: inout Content) {
        let writer = APIPageWriter(api: api)
        var typePaths: [[String]] = []
        for path in paths {
            let owner = api.types.contains { $0.path == path } ? path : Array(path.dropLast())
            if !owner.isEmpty, !typePaths.contains(owner) { typePaths.append(owner) }
        }
        let loader = Self.apiPageLoader(config: config, project: project)
        for path in typePaths {
            let page =
                api.types.first { $0.path == path }.map(writer.typePage) ?? writer.extendedTypePage(path)
            let (read, diagnostics) = read(page, module: api.module, loader: loader, version: "#extended")
            guard let read, let index = content.pages.firstIndex(where: { $0.outputPath == read.outputPath }) else {
                continue
            }
            content.pages[index] = read
            content.diagnostics += diagnostics
        }
    }

    /// A page for each module with an API whose catalog's top page does not list it.
    private func modulePages(
        _ api: [ModuleAPI], listed: Set<String>, graph: ModuleGraph?, config: StrataConfig, content: Content
    ) -> Content {
        var result = content
        let unlisted = api.filter { !listed.contains($0.module) }
        guard !unlisted.isEmpty else { return result }
        let loader = Self.apiPageLoader(config: config, project: project)
        let folders = Dictionary(
            (graph?.nodes ?? []).map { ($0.id, $0.sourcePath ?? $0.id) }, uniquingKeysWith: { first, _ in first })
        var outputs = Set(result.pages.map(\.outputPath))
        for module in unlisted {
            let page = APIPageWriter(api: module).modulePage(displayPath: folders[module.module] ?? module.module)
            let (read, diagnostics) = read(page, module: module.module, loader: loader)
            result.diagnostics += diagnostics
            guard let read, outputs.insert(read.outputPath).inserted else { continue }
            result.pages.append(read)
        }
        return result
    }
}
