/// A Swift snippet as DocC embeds it with `@Snippet(path:slice:)`: a file of the package's
/// `Snippets` folder, shown without its `//!` explanation, without the lines between
/// `// snippet.hide` and `// snippet.show`, and, with a slice, only the lines between
/// `// snippet.<name>` and `// snippet.end` (or the next slice).
package enum DocCSnippet {
    /// The file a `@Snippet(path:)` names, relative to the `Snippets` folder: DocC takes
    /// `example`, `Snippets/example` and `my-package/Snippets/example` alike.
    package static func relativePath(_ written: String) -> String {
        let components = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let rest = components.firstIndex(of: "Snippets").map { components[($0 + 1)...] } ?? components[...]
        return rest.joined(separator: "/") + ".swift"
    }

    /// The code shown for `slice` (the whole snippet when nil), de-indented; nil when the
    /// file has no such slice.
    package static func code(_ text: String, slice: String?) -> String? {
        var shown: [Substring] = []
        var hidden = false
        var current: String?
        var found = slice == nil
        var explaining = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingWhitespace
            // The explanation: the `//!` lines the file opens with.
            if explaining, trimmed.hasPrefix("//!") { continue }
            if explaining, trimmed.isEmpty, shown.isEmpty { continue }
            explaining = false
            if let marker = Self.marker(trimmed) {
                switch marker {
                case "hide": hidden = true
                case "show": hidden = false
                case "end": current = nil
                default:
                    current = marker
                    if marker == slice { found = true }
                }
                continue
            }
            guard !hidden, slice == nil || current == slice else { continue }
            // A hidden part between blank lines leaves one blank line, not two.
            if line.trimmingWhitespace.isEmpty, shown.last?.trimmingWhitespace.isEmpty == true { continue }
            shown.append(line)
        }
        guard found else { return nil }
        while shown.last?.trimmingWhitespace.isEmpty == true { shown.removeLast() }
        while shown.first?.trimmingWhitespace.isEmpty == true { shown.removeFirst() }
        let indent =
            shown.filter { !$0.trimmingWhitespace.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min()
            ?? 0
        return shown.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n") + "\n"
    }

    /// `// snippet.setup` → `setup`.
    private static func marker(_ line: String) -> String? {
        guard line.hasPrefix("//") else { return nil }
        let comment = line.dropFirst(2).trimmingWhitespace
        guard comment.hasPrefix("snippet.") else { return nil }
        let name = comment.dropFirst("snippet.".count).trimmingWhitespace
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return String(name)
    }
}
