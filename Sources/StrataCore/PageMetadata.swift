/// One `KEY: value` of a page, from its front matter or its metadata paragraph.
package struct MetadataEntry: Hashable, Sendable {
    package enum Origin: String, Hashable, Sendable {
        case frontMatter = "front matter"
        case paragraph = "metadata paragraph"
    }

    /// The key as written (`OWNER`, `owner`, `LAST_VERIFIED`).
    package var key: String
    package var value: String
    package var location: SourceLocation
    package var origin: Origin
    /// Set on a `LAST_VERIFIED` older than the configured age.
    package var isStale = false

    package init(key: String, value: String, location: SourceLocation, origin: Origin) {
        self.key = key
        self.value = value
        self.location = location
        self.origin = origin
    }

    /// Keys match whatever their case: front matter `owner:` and paragraph `OWNER:` are one key.
    package var normalizedKey: String { key.lowercased() }

    /// A heading for the metadata box: `LAST_VERIFIED` → "Last verified", and acronyms
    /// kept: `GE_STACK_VERSION` → "GE stack version", `API_OWNER` → "API owner".
    package var label: String {
        let isShouting = key.contains { $0.isLetter } && !key.contains { $0.isLowercase }
        let words = key.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " }).enumerated().map {
            index, word -> String in
            let lowered = word.lowercased()
            // In an upper-case key, a short word that is no common word is an acronym.
            if isShouting, word.count <= 3, word.allSatisfy(\.isLetter), !Self.shortWords.contains(lowered) {
                return String(word)
            }
            return index == 0 ? lowered.prefix(1).uppercased() + lowered.dropFirst() : lowered
        }
        return words.joined(separator: " ")
    }

    /// Words of up to three letters that keys spell out (`ALSO_USED_BY`), unlike acronyms.
    static let shortWords: Set<String> = [
        "a", "all", "an", "and", "any", "are", "as", "at", "be", "by", "day", "do", "due", "end", "for", "get", "has",
        "how", "if", "in", "is", "it",
        "key", "max", "min", "new", "no", "not", "of", "old", "on", "one", "or", "our", "out", "own", "per", "run",
        "set", "the", "to", "top", "two",
        "up", "use", "via", "who", "why", "yes"
    ]
}
