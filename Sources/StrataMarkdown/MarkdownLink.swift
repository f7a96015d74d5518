import StrataCore

/// A link or image destination written in a page, with where it was written, so the build
/// can rewrite `.md` links to pages and report the ones that lead nowhere.
public struct MarkdownLink: Hashable, Sendable {
    public var destination: String
    public var location: SourceLocation
    public var isImage: Bool

    public init(destination: String, location: SourceLocation, isImage: Bool) {
        self.destination = destination
        self.location = location
        self.isImage = isImage
    }
}
