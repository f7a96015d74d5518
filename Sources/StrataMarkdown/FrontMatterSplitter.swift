import StrataCore

/// Separates a page's YAML front matter (`---` … `---` or `...` at the very top) from its
/// Markdown. The front-matter lines are blanked out of the Markdown rather than cut, so
/// every line number cmark reports is still the line number in the file.
public enum FrontMatterSplitter {
    public struct Result: Sendable {
        /// The YAML between the fences, or `nil` when the page has no front matter.
        public var yaml: String?
        /// The file line of the YAML's first line (2 when the page starts with `---`).
        public var yamlFirstLine: Int
        /// The Markdown with front matter replaced by empty lines.
        public var markdown: String
    }

    /// - Throws: a `Diagnostic` when an opening fence is never closed.
    public static func split(_ text: String, path: String) throws -> Result {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isFence(first, closing: false) else {
            return Result(yaml: nil, yamlFirstLine: 1, markdown: text)
        }
        guard let end = lines.indices.dropFirst().first(where: { isFence(lines[$0], closing: true) }) else {
            throw Diagnostic.error(
                "content.front-matter",
                "front matter opened with '---' is never closed; end it with a line of '---'",
                at: SourceLocation(path: path, line: 1, column: 1)
            )
        }
        let yaml = lines[1 ..< end].joined(separator: "\n")
        for index in 0 ... end {
            lines[index] = ""
        }
        return Result(yaml: yaml, yamlFirstLine: 2, markdown: lines.joined(separator: "\n"))
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" {
            trimmed.removeLast()
        }
        return trimmed == "---" || (closing && trimmed == "...")
    }
}
