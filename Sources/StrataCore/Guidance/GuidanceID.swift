/// Derived block ids: lower-case letters and digits joined by single hyphens, built from
/// the page, the nearest heading and the block's opening words, so an edit elsewhere on the
/// page leaves them alone.
package enum GuidanceID {
    package static func slug(_ text: String) -> String {
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
    /// `guides-networking-screens-a-screen-needs-data`: the first six words, less the small
    /// words a phrase cut there ends on ("…-from-the"), so an id never stops mid-phrase.
    package static func derive(page: String, heading: String?, opening: String, words: Int = 6) -> String {
        var start = slug(InlineMarkup.plainText(opening)).split(separator: "-").prefix(words)
        while start.count > 1, let last = start.last, connectives.contains(String(last)) { start = start.dropLast() }
        return slug([page, heading ?? "", start.joined(separator: "-")].joined(separator: " "))
    }

    /// The id the same words had before ids were cut at phrase boundaries: its page is
    /// kept as a redirect, so links made then still lead to the block.
    package static func formerDerive(page: String, heading: String?, opening: String, words: Int = 6) -> String {
        let start = slug(InlineMarkup.plainText(opening)).split(separator: "-").prefix(words).joined(separator: "-")
        return slug([page, heading ?? "", start].joined(separator: " "))
    }

    /// Words a phrase does not end on.
    static let connectives: Set<String> = [
        "a", "an", "the", "of", "in", "on", "at", "to", "for", "with", "by", "from", "and", "or", "but", "into", "onto",
        "as", "is", "are",
        "be", "that", "this", "its", "their", "than", "via", "when", "if", "s"
    ]

    /// Gives every draft without an `ID:` its derived id, numbering repeats in order
    /// (`…-2`, `…-3`).
    package static func assign(_ drafts: inout [GuidanceAssembler.Draft], prefix: String) {
        var used: [String: Int] = [:]
        var formerUsed: [String: Int] = [:]
        for index in drafts.indices where !drafts[index].block.hasExplicitID {
            let block = drafts[index].block
            // A reading list is named by its first target's file name: `see services`.
            let opening =
                block.kind == .readAlso
                ? "see " + (block.readAlso.first.map { targetName($0.target) } ?? "") : block.summary
            // The page's title heading adds nothing to the page's path.
            let heading = drafts[index].idSection ?? block.heading.flatMap { $0.level == 1 ? nil : $0.text }
            let base = derive(page: prefix, heading: heading, opening: opening)
            used[base, default: 0] += 1
            let count = used[base] ?? 1
            drafts[index].block.id = count == 1 ? base : "\(base)-\(count)"
            drafts[index].derivedBase = base
            // Rules and reading lists had no pages before ids were cut at phrases.
            guard block.kind == .check || block.kind == .antiPattern else { continue }
            let formerBase = formerDerive(page: prefix, heading: heading, opening: opening)
            formerUsed[formerBase, default: 0] += 1
            let formerCount = formerUsed[formerBase] ?? 1
            let former = formerCount == 1 ? formerBase : "\(formerBase)-\(formerCount)"
            drafts[index].formerID = former == drafts[index].block.id ? nil : former
        }
    }

    /// `../guides/services.md#errors` → `services`; a URL → its host.
    static func targetName(_ target: String) -> String {
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 2, parts[0].hasSuffix(":"), parts[1].isEmpty {
            return String(parts[2])
        }
        let path =
            target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? target
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }

    /// Former id → current id, for the ids a block had before its id was trimmed: where
    /// old links, `see:` and `READ_ALSO:` still lead. A former id that is some block's
    /// current id, or that two blocks had, leads nowhere (compared without case, as the
    /// pages' file names are on some systems).
    package static func formerIDs(current: [String], formers: [(former: String, id: String)]) -> [String: String] {
        let taken = Set(current.map { $0.lowercased() })
        let counts = Dictionary(grouping: formers.map { $0.former.lowercased() }, by: { $0 }).mapValues(\.count)
        var result: [String: String] = [:]
        for (former, id) in formers
        where !taken.contains(former.lowercased()) && counts[former.lowercased()] == 1
            && GuidanceIDRegistry.isValid(former)
        {
            result[former] = id
        }
        return result
    }
}
