/// A heading of a page, with the id its anchor gets (GitHub-style, unique within the page).
package struct Heading: Hashable, Sendable {
    package var level: Int
    /// The heading as plain text (for the table of contents and link checks).
    package var text: String
    package var id: String
    package var location: SourceLocation

    package init(level: Int, text: String, id: String, location: SourceLocation) {
        self.level = level
        self.text = text
        self.id = id
        self.location = location
    }
}
