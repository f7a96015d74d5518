import StrataCore

/// A link or image destination written in a page, with where it was written, so the build
/// can rewrite `.md` links to pages and report the ones that lead nowhere.
package struct MarkdownLink: Hashable, Sendable {
    package var destination: String
    package var location: SourceLocation
    package var isImage: Bool
    /// A DocC symbol link (``` ``Symbol`` ```), which names a symbol and never an article.
    package var isSymbol: Bool

    package init(destination: String, location: SourceLocation, isImage: Bool, isSymbol: Bool = false) {
        self.destination = destination
        self.location = location
        self.isImage = isImage
        self.isSymbol = isSymbol
    }
}
