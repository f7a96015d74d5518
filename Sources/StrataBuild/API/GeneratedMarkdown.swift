import StrataCore

/// Markdown Strata writes itself, line by line, each line with the place in another file it
/// came from: a reference page written from doc comments reports a broken link at the
/// comment's line, not at a line of a page nobody wrote.
struct GeneratedMarkdown: Sendable {
    private(set) var lines: [String] = []
    private(set) var origins: [SourceLocation] = []

    /// Adds text (one line or several), every line from `origin`.
    mutating func add(_ text: String, at origin: SourceLocation) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(String(line))
            origins.append(origin)
        }
    }

    /// Adds a blank line, unless the text already ends with one.
    mutating func blank(at origin: SourceLocation) {
        guard let last = lines.last, !last.isEmpty else { return }
        add("", at: origin)
    }

    /// Adds a doc comment's lines, each from where it was written; `prefix` before the
    /// first (a list item's marker) and `indent` before the others, with the origins moved
    /// so a column on the page is the column in the comment.
    mutating func add(_ comment: [DocComment.Line], prefix: String = "", indent: String = "") {
        for (index, line) in comment.enumerated() {
            let lead = index == 0 ? prefix : line.text.isEmpty ? "" : indent
            lines.append(lead + line.text)
            origins.append(line.location.shiftingColumn(-lead.utf8.count))
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
