import StrataCore

/// Which Content pages mention which modules: a module's name as a whole word, with its
/// exact case, in a page's text or code spans (code blocks are examples, not mentions).
/// Reference pages are left out: each names its module under its title, and the module's
/// page links its reference, which would otherwise list every type of it.
enum ModuleMentions {
    /// Module → the output paths of the pages that mention it, sorted.
    static func find(pages: [SourcePage], modules: Set<String>) -> [String: [String]] {
        guard !modules.isEmpty else { return [:] }
        let found = ParallelMap.map(pages.filter { $0.api == nil }) { page -> (String, [String]) in
            (page.outputPath, words(in: page.document.plainText()).filter(modules.contains).sorted())
        }
        var result: [String: [String]] = [:]
        for (path, names) in found {
            for name in names { result[name, default: []].append(path) }
        }
        return result.mapValues { $0.sorted() }
    }

    /// The distinct words of `text`: runs of letters, digits, `_` and inner `-`.
    static func words(in text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        func flush() {
            while current.hasSuffix("-") { current.removeLast() }
            if !current.isEmpty { words.insert(current) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || (character == "-" && !current.isEmpty) {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return words
    }
}
