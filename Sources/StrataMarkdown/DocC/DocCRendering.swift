/// What drawing a DocC page needs from the rest of the site: where a `doc:` link leads
/// (its page's title and abstract, shown as DocC shows them) and the text of a file a
/// tutorial's `@Code` names.
package struct DocCRendering {
    /// A page a `doc:` link leads to.
    package struct Target: Hashable, Sendable {
        package var title: String
        package var abstract: String?
        /// Its `@PageImage(purpose: card)`, as a URL from the linking page.
        package var cardImage: String?

        package init(title: String, abstract: String? = nil, cardImage: String? = nil) {
            self.title = title
            self.abstract = abstract
            self.cardImage = cardImage
        }
    }

    package var target: (MarkdownLink) -> Target?
    package var code: (MarkdownLink) -> String?
    /// The URL of an image's `~dark` variant (`diagram~dark.png` beside `diagram.png`),
    /// shown instead of it in dark mode; nil when the catalog has none.
    package var darkImage: (MarkdownLink) -> String?
    /// The code a `@Snippet` shows (`DocCSnippet.code`), read from the package's `Snippets`
    /// folder; nil when there is no such snippet or slice, which the closure reports.
    package var snippet: (DocCDirective) -> String?

    package init(
        target: @escaping (MarkdownLink) -> Target?, code: @escaping (MarkdownLink) -> String?,
        darkImage: @escaping (MarkdownLink) -> String? = { _ in nil },
        snippet: @escaping (DocCDirective) -> String? = { _ in nil }
    ) {
        self.target = target
        self.code = code
        self.darkImage = darkImage
        self.snippet = snippet
    }
}

/// DocC's asides: `> Note: …` and the other kinds swift-markdown knows, drawn as callouts.
package enum DocCAside {
    /// Each kind, as written before the colon (case and spaces ignored), with its title.
    static let kinds: [String: String] = [
        "note": "Note", "tip": "Tip", "important": "Important", "experiment": "Experiment", "warning": "Warning",
        "attention": "Attention", "author": "Author", "authors": "Authors", "bug": "Bug", "complexity": "Complexity",
        "copyright": "Copyright", "date": "Date", "invariant": "Invariant", "mutatingvariant": "Mutating Variant",
        "nonmutatingvariant": "Non-Mutating Variant", "postcondition": "Postcondition", "precondition": "Precondition",
        "remark": "Remark", "requires": "Requires", "since": "Since", "todo": "To Do", "version": "Version",
        "throws": "Throws", "seealso": "See Also"
    ]

    /// The aside a quote's first text opens with: its kind's key and title, and how many
    /// UTF-8 bytes of that text (the kind, the colon and the spaces after it) are not shown.
    static func kind(of text: String) -> (key: String, title: String, prefixBytes: Int)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let written = text[..<colon]
        guard written.count <= 24 else { return nil }
        let key = written.lowercased().filter { $0 != " " && $0 != "-" }
        guard let title = kinds[key] else { return nil }
        let rest = text[text.index(after: colon)...]
        let spaces = rest.prefix { $0 == " " }.utf8.count
        return (key, title, written.utf8.count + 1 + spaces)
    }
}
