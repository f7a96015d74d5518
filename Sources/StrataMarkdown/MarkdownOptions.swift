/// How Markdown is read and written out.
public struct MarkdownOptions: Hashable, Sendable {
    /// Emit raw HTML blocks and inline tags as HTML; otherwise they are shown escaped.
    public var unsafeHTML: Bool
    /// Typographic quotes and dashes.
    public var smartPunctuation: Bool

    public init(unsafeHTML: Bool = false, smartPunctuation: Bool = false) {
        self.unsafeHTML = unsafeHTML
        self.smartPunctuation = smartPunctuation
    }
}
