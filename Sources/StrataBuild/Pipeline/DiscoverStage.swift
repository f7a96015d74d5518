import StrataCore

/// The discover stage: the content folder walked in sorted order. Markdown files become
/// pages, each with the path it is published at; everything else is copied as it is. Two
/// files published at one path are an error here, before anything is read.
struct DiscoverStage: Sendable {
    let project: ProjectFiles

    /// A Markdown file and where its page goes.
    struct PageFile: Sendable {
        var file: ContentFile
        var displayPath: String
        var outputPath: String
        var isSectionIndex: Bool
    }

    struct Discovered: Sendable {
        var pages: [PageFile]
        var assets: [ContentFile]
        var diagnostics: [Diagnostic]
    }

    func run(config: StrataConfig) -> Discovered {
        var scanner = ContentScanner(
            project: project, contentDirectory: config.contentDirectory, declaredAt: config.contentLocation)
        scanner.scan()
        var diagnostics = config.warnings + scanner.diagnostics
        let display: @Sendable (String) -> String = { [project] in project.display(config.contentDirectory + "/" + $0) }

        let markdownFiles = scanner.files.filter { $0.kind == .markdown }
        let assetFiles = scanner.files.filter { $0.kind == .asset }
        let outputs = OutputPaths.map(markdownPaths: markdownFiles.map(\.relativePath))
        var claimed: [String: String] = [:]
        for file in markdownFiles {
            guard let output = outputs[file.relativePath]?.output else { continue }
            if let other = claimed[output] {
                diagnostics.append(
                    .error(
                        "content.collision",
                        "this page and '\(other)' would both be published as '\(output)'; rename one",
                        at: SourceLocation(path: display(file.relativePath))))
            }
            claimed[output] = file.relativePath
        }
        for file in assetFiles where claimed[file.relativePath] != nil {
            diagnostics.append(
                .error(
                    "content.collision",
                    "this file has the same name as the page generated from '\(claimed[file.relativePath] ?? "")'; "
                        + "rename one",
                    at: SourceLocation(path: display(file.relativePath))))
        }
        let pages = markdownFiles.map { file in
            let output = outputs[file.relativePath] ?? (file.relativePath + ".html", false)
            return PageFile(
                file: file, displayPath: display(file.relativePath), outputPath: output.output,
                isSectionIndex: output.isIndex)
        }
        return Discovered(pages: pages, assets: assetFiles, diagnostics: diagnostics)
    }
}
