/// A heading of a page, with the id its anchor gets (GitHub-style, unique within the page).
public struct Heading: Hashable, Sendable {
    public var level: Int
    /// The heading as plain text (for the table of contents and link checks).
    public var text: String
    public var id: String
    public var location: SourceLocation

    public init(level: Int, text: String, id: String, location: SourceLocation) {
        self.level = level
        self.text = text
        self.id = id
        self.location = location
    }
}
