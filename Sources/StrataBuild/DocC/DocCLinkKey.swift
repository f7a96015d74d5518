/// How a `doc:` link names a page: `doc:GettingStarted`, `doc:Module/Article#Heading`,
/// `doc:/documentation/Module/Article`, `doc://bundle.id/tutorials/Module/Tutorial`. DocC
/// names a page by its file name, with spaces written as dashes, and case does not matter.
enum DocCLinkKey {
    /// A `doc:` destination taken apart.
    struct Parsed: Equatable {
        /// The path's parts after `documentation/` or `tutorials/`: `[Module, Article]`, or `[Article]`.
        var components: [String]
        var fragment: String?
    }

    static func parse(_ destination: String) -> Parsed? {
        guard destination.hasPrefix("doc:") else { return nil }
        var rest = Substring(destination.dropFirst(4))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var components = rest.split(separator: "/").map(String.init)
        if components.count > 1, ["documentation", "tutorials"].contains(components[0].lowercased()) {
            components.removeFirst()
        }
        // `doc:#Heading`: a heading of the page itself.
        guard !components.isEmpty || fragment != nil else { return nil }
        return Parsed(components: components, fragment: fragment)
    }

    /// The key of the page a `doc:` link names.
    static func name(of destination: String) -> String? {
        parse(destination)?.components.last.map(normalized)
    }

    /// The keys a page of the catalog answers to: its file name as a `doc:` link writes it.
    static func keys(forFile path: String) -> [String] {
        [normalized(linkName(forFile: path))]
    }

    /// The name a `doc:` link gives the file as its author spells it: its stem, spaces as
    /// dashes (`Getting Started.md` → `Getting-Started`).
    static func linkName(forFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return stem.replacingOccurrences(of: " ", with: "-")
    }

    /// Lower case, spaces as dashes.
    static func normalized(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// A heading id or a `#fragment` as either tool writes it, reduced to what both keep:
    /// DocC writes a heading's text with dashes for spaces (`#4.1.-List-releases`), Strata
    /// as GitHub does (`#41-list-releases`). Lower case, letters and digits, one dash
    /// between words; other punctuation is dropped.
    static func anchorKey(_ text: String) -> String {
        var result = ""
        var dash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if dash, !result.isEmpty { result.append("-") }
                result.append(character)
                dash = false
            } else if character == " " || character == "-" || character == "_" {
                dash = true
            }
        }
        return result
    }
}
