import StrataCore
import StrataMarkdown

/// Reads what a `@Snippet` embeds: `Snippets/<path>.swift` in the package whose catalog
/// holds the page (the nearest folder above it with a `Package.swift`, else the project's
/// root), sliced and trimmed as DocC shows it (`DocCSnippet`). A missing file or slice is a
/// warning at the directive.
struct DocCSnippetReader: Sendable {
    let project: ProjectFiles

    func code(for directive: DocCDirective, on page: SourcePage) -> (code: String?, diagnostic: Diagnostic?) {
        let written = directive.argument("path") ?? directive.unlabeled ?? ""
        let relative = DocCSnippet.relativePath(written)
        guard !written.isEmpty, !relative.split(separator: "/").contains("..") else {
            return (
                nil,
                .warning(
                    "docc.snippet", "@Snippet needs a path inside the Snippets folder: path: \"example\"",
                    at: directive.location)
            )
        }
        let file = packageRoot(of: project.projectRelative(page.displayPath)).map { $0 + "/" } ?? ""
        let path = file + "Snippets/" + relative
        guard let bytes = try? project.readBytes(atPath: project.path(path), displayPath: project.display(path)) else {
            return (
                nil,
                .warning(
                    "docc.snippet",
                    "no snippet '\(written)': looked for \(project.display(path)), in the Snippets folder beside the "
                        + "package's Package.swift",
                    at: directive.location)
            )
        }
        let slice = directive.argument("slice")
        guard let code = DocCSnippet.code(String(decoding: bytes, as: UTF8.self), slice: slice) else {
            return (
                nil,
                .warning(
                    "docc.snippet",
                    "the snippet '\(written)' has no slice '\(slice ?? "")' (marked // snippet.\(slice ?? ""))",
                    at: directive.location)
            )
        }
        return (code, nil)
    }

    /// The nearest folder above `file` (project-relative) with a `Package.swift`; nil for
    /// the project's root, or when none has one.
    func packageRoot(of file: String) -> String? {
        var folder = file.split(separator: "/").dropLast()
        while !folder.isEmpty {
            let candidate = folder.joined(separator: "/")
            if ProjectFiles.entryExists(atPath: project.path(candidate + "/Package.swift")) { return candidate }
            folder = folder.dropLast()
        }
        return nil
    }
}
