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

    /// Gives every draft without an `ID:` its derived id, numbering repeats in order
    /// (`…-2`, `…-3`).
    public static func assign(_ drafts: inout [GuidanceAssembler.Draft], prefix: String) {
        var used: [String: Int] = [:]
        for index in drafts.indices where !drafts[index].block.hasExplicitID {
            let block = drafts[index].block
            let opening = block.kind == .readAlso ? "see " + block.readAlso.map(\.target).joined(separator: " ") : block.summary
            let base = derive(page: prefix, heading: block.heading?.text, opening: opening)
            used[base, default: 0] += 1
            let count = used[base] ?? 1
            drafts[index].block.id = count == 1 ? base : "\(base)-\(count)"
        }
    }
}
