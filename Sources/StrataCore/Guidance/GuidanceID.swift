/// Derived block ids: lower-case letters and digits joined by single hyphens, built from
/// the page, the nearest heading and the block's opening words, so an edit elsewhere on the
/// page leaves them alone.
public enum GuidanceID {
    public static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    /// `guides/networking`, heading "Screens", "A screen needs data from the network." →
    /// `guides-networking-screens-a-screen-needs-data-from-the`.
    public static func derive(page: String, heading: String?, opening: String, words: Int = 6) -> String {
        let start = opening.split(whereSeparator: { $0 == " " }).prefix(words).joined(separator: " ")
        return slug([page, heading ?? "", start].joined(separator: " "))
    }
}
