import StrataCore

/// Separates a page's YAML front matter (`---` … `---` or `...` at the very top) from its
/// Markdown. The front-matter lines are blanked out of the Markdown rather than cut, so
/// every line number cmark reports is still the line number in the file.
package enum FrontMatterSplitter {
    package struct Result: Sendable {
        /// The YAML between the fences, or `nil` when the page has no front matter.
        package var yaml: String?
        /// The file line of the YAML's first line (2 when the page starts with `---`).
        package var yamlFirstLine: Int
        /// The Markdown with front matter replaced by empty lines.
        package var markdown: String
    }

    /// - Throws: a `Diagnostic` when an opening fence is never closed.
    package static func split(_ text: String, path: String) throws -> Result {
        // Lines are found in the bytes: splitting the text into characters to find them
        // showed in profiles of large sites.
        let bytes = Array(text.utf8)
        let firstEnd = bytes.firstIndex(of: 0x0A) ?? bytes.count
        guard isFence(bytes[0..<firstEnd], closing: false) else {
            return Result(yaml: nil, yamlFirstLine: 1, markdown: text)
        }
        var lineNumber = 1
        var start = firstEnd + 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if isFence(bytes[start..<end], closing: true) {
                let yaml = lineNumber == 1 ? "" : String(decoding: bytes[(firstEnd + 1)..<(start - 1)], as: UTF8.self)
                // The front matter's lines stay, empty, so cmark's line numbers are the file's.
                let markdown =
                    String(repeating: "\n", count: lineNumber) + String(decoding: bytes[end...], as: UTF8.self)
                return Result(yaml: yaml, yamlFirstLine: 2, markdown: markdown)
            }
            lineNumber += 1
            start = end + 1
        }
        throw Diagnostic.error(
            "content.front-matter",
            "front matter opened with '---' is never closed; end it with a line of '---'",
            at: SourceLocation(path: path, line: 1, column: 1)
        )
    }

    private static func isFence(_ line: ArraySlice<UInt8>, closing: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last,
            last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r")
        {
            trimmed.removeLast()
        }
        return trimmed.elementsEqual("---".utf8) || (closing && trimmed.elementsEqual("...".utf8))
    }
}
