import StrataCore
import StrataMarkdown

/// A Markdown page after reading: its parsed document and everything its front matter and
/// metadata paragraph said, before links are resolved and HTML is written.
struct SourcePage: Sendable {
    var relativePath: String
    var displayPath: String
    var outputPath: String
    var isSectionIndex: Bool
    var document: MarkdownDocument
    var title: String
    var description: String?
    var weight: Int?
    var metadata: [MetadataEntry]
    /// The guidance blocks written on the page, with page-local ids.
    var guidance: GuidanceExtractor.Result? = nil
    /// The DocC catalog the page belongs to, by the name it is published under.
    var catalog: String? = nil
    /// The topic group it is listed under in its catalog's navigation.
    var navigationGroup: String? = nil
    /// For a reference page written from the source: the module and symbols it documents.
    var api: APIPageInfo? = nil

    /// The page's path without its extension (`guides/networking`): where derived block ids start.
    var key: String {
        relativePath.lastIndex(of: ".").map { String(relativePath[..<$0]) } ?? relativePath
    }
}

/// Where each Markdown file is published: `guides/intro.md` → `guides/intro.html`; a folder's
/// `index.md` (or its `README.md` when it has no `index.md`) → `folder/index.html`.
enum OutputPaths {
    static func map(markdownPaths: [String]) -> [String: (output: String, isIndex: Bool)] {
        let folderOf: (String) -> String = { path in
            path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        }
        let foldersWithIndex = Set(markdownPaths.filter { isNamed($0, "index") }.map(folderOf))
        var result: [String: (output: String, isIndex: Bool)] = [:]
        for path in markdownPaths {
            let folder = folderOf(path)
            let isIndex = isNamed(path, "index") || (isNamed(path, "readme") && !foldersWithIndex.contains(folder))
            if isIndex {
                result[path] = (folder.isEmpty ? "index.html" : folder + "/index.html", true)
            } else {
                let stem = path.lastIndex(of: ".").map { String(path[..<$0]) } ?? path
                result[path] = (stem + ".html", false)
            }
        }
        return result
    }

    private static func isNamed(_ path: String, _ stem: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return base.lowercased() == stem
    }
}
