/// `links:` in strata.yml: where links into the wiki or site a page was captured from lead
/// now. A link or READ_ALSO target that starts with a mapped prefix (`wiki/docs/`) has it
/// replaced (`guides/`, a folder of the content, or `https://wiki.example.com/docs/`), the
/// longest prefix first, and is then resolved or reported like any other.
package struct LinkMap: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        package var prefix: String
        package var replacement: String
        package var location: SourceLocation?

        package init(prefix: String, replacement: String, location: SourceLocation? = nil) {
            self.prefix = prefix
            self.replacement = replacement
            self.location = location
        }
    }

    /// Longest prefix first.
    package private(set) var entries: [Entry] = []

    package init(_ entries: [Entry] = []) {
        self.entries = entries.sorted { ($0.prefix.utf8.count, $1.prefix) > ($1.prefix.utf8.count, $0.prefix) }
    }

    package var isEmpty: Bool { entries.isEmpty }

    /// The destination with its mapped prefix replaced, or nil when no prefix maps it. A
    /// leading `/` or `./` is not part of the match (`/wiki/docs/x` is `wiki/docs/x`).
    package func rewrite(_ destination: String) -> String? {
        guard !entries.isEmpty else { return nil }
        var written = Substring(destination)
        while written.hasPrefix("./") { written = written.dropFirst(2) }
        while written.hasPrefix("/") { written = written.dropFirst() }
        for entry in entries where written.hasPrefix(entry.prefix) {
            return entry.replacement + written.dropFirst(entry.prefix.count)
        }
        return nil
    }
}
