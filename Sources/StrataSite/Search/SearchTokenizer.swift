/// How text becomes index terms. The theme's search script splits a query the same way
/// (lower case, letters and digits only), so what is written here must stay in step with it.
enum SearchTokenizer {
    /// Words too common to tell pages apart; a query made only of them finds nothing, which
    /// is what readers of Hugo, MkDocs and DocC sites expect.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "for", "from", "has", "have", "if",
        "in", "into", "is", "it", "its", "not", "of", "on", "or", "so", "than", "that", "the", "their", "then",
        "there", "these", "this", "those", "to", "was", "were", "when", "which", "will", "with", "you", "your",
    ]

    /// Longer tokens are hashes, URLs or noise rather than words anyone types.
    static let longestTerm = 32

    /// The terms of `text`: each word in lower case, and the parts of a word written in
    /// camel case as well (`StrataSwiftSource` is found by `swiftsource` and by `source`).
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            guard !word.isEmpty else { return }
            let original = String(word)
            word.removeAll()
            add(original.lowercased(), to: &terms)
            let parts = camelCaseParts(original)
            if parts.count > 1 { for part in parts { add(part.lowercased(), to: &terms) } }
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
        return terms
    }

    private static func add(_ term: String, to terms: inout [String]) {
        let count = term.unicodeScalars.count
        guard count >= 2 || term.unicodeScalars.allSatisfy({ $0.properties.numericType != nil }),
              count <= longestTerm, !stopWords.contains(term) else { return }
        terms.append(term)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// `HTMLRenderer` → HTML, Renderer; `swiftSyntax2` → swift, Syntax2.
    static func camelCaseParts(_ word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var parts: [String] = []
        var start = 0
        for index in scalars.indices.dropFirst() {
            let previous = scalars[index - 1].properties, current = scalars[index].properties
            let next = index + 1 < scalars.count ? scalars[index + 1].properties : nil
            let lowerToUpper = previous.isLowercase && current.isUppercase
            let acronymEnd = previous.isUppercase && current.isUppercase && next?.isLowercase == true
            if lowerToUpper || acronymEnd {
                parts.append(String(String.UnicodeScalarView(scalars[start ..< index])))
                start = index
            }
        }
        parts.append(String(String.UnicodeScalarView(scalars[start...])))
        return parts
    }
}
