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
        let start = slug(InlineMarkup.plainText(opening)).split(separator: "-").prefix(words).joined(separator: "-")
        return slug([page, heading ?? "", start].joined(separator: " "))
    }

    /// Gives every draft without an `ID:` its derived id, numbering repeats in order
    /// (`…-2`, `…-3`).
    public static func assign(_ drafts: inout [GuidanceAssembler.Draft], prefix: String) {
        var used: [String: Int] = [:]
        for index in drafts.indices where !drafts[index].block.hasExplicitID {
            let block = drafts[index].block
            // A reading list is named by its first target's file name: `see services`.
            let opening = block.kind == .readAlso ? "see " + (block.readAlso.first.map { targetName($0.target) } ?? "") : block.summary
            // The page's title heading adds nothing to the page's path.
            let heading = drafts[index].idSection ?? block.heading.flatMap { $0.level == 1 ? nil : $0.text }
            let base = derive(page: prefix, heading: heading, opening: opening)
            used[base, default: 0] += 1
            let count = used[base] ?? 1
            drafts[index].block.id = count == 1 ? base : "\(base)-\(count)"
        }
    }

    /// `../guides/services.md#errors` → `services`; a URL → its host.
    static func targetName(_ target: String) -> String {
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 2, parts[0].hasSuffix(":"), parts[1].isEmpty {
            return String(parts[2])
        }
        let path = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }
}
