import StrataCore
import StrataMarkdown

extension ReadStage {
    /// The read catalogs stage: the DocC catalogs of the targets read (and those at the
    /// project's top level) added to the pages and files of the site. A catalog page
    /// published where a Content page is would hide one of them: an error.
    func catalogs(config: StrataConfig, graph: ModuleGraph?, content: Content) -> Content {
        let (found, missing) = DocCCatalogFinder(project: project).catalogs(graph: graph, config: config)
        var result = content
        result.diagnostics += missing
        guard !found.isEmpty else { return result }
        let options = MarkdownOptions(
            unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation, docc: true)
        var reader = DocCCatalogReader(
            project: project,
            loader: PageLoader(options: options, ruleSetHeadings: config.guidance.ruleSetHeadings, project: project))
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
                            isSectionIndex: request.isSectionIndex, options: options, ruleSetHeadings: ruleSetHeadings)
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
        return result
    }
}
