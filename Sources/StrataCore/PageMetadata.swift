/// One `KEY: value` of a page, from its front matter or its metadata paragraph.
public struct MetadataEntry: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        case frontMatter = "front matter"
        case paragraph = "metadata paragraph"
    }

    /// The key as written (`OWNER`, `owner`, `LAST_VERIFIED`).
    public var key: String
    public var value: String
    public var location: SourceLocation
    public var origin: Origin
    /// Set on a `LAST_VERIFIED` older than the configured age.
    public var isStale = false

    public init(key: String, value: String, location: SourceLocation, origin: Origin) {
        self.key = key
        self.value = value
        self.location = location
        self.origin = origin
    }

    /// Keys match whatever their case: front matter `owner:` and paragraph `OWNER:` are one key.
    public var normalizedKey: String { key.lowercased() }

    /// A heading for the metadata box: `LAST_VERIFIED` → "Last verified".
    public var label: String {
        let words = String(key.lowercased().map { $0 == "_" || $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
