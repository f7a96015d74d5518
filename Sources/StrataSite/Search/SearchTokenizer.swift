import Foundation

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

    static let longestStopWord = stopWords.map(\.utf8.count).max() ?? 0

    /// Longer tokens are hashes, URLs or noise rather than words anyone types.
    static let longestTerm = 32

    /// The terms of `text`: each word in lower case, and the parts of a word written in
    /// camel case as well (`StrataSwiftSource` is found by `stratasw…` and by `source`).
    /// ASCII words, nearly all of a technical site's, are cut and folded byte by byte; a word
    /// with other characters goes through Unicode's properties.
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            var isASCII = true
            var isCamelCase = false
            func flush(_ end: Int) {
                defer { start = end + 1; isASCII = true; isCamelCase = false }
                guard end > start else { return }
                let word = UnsafeBufferPointer(rebasing: bytes[start ..< end])
                guard isASCII else {
                    slowTerms(String(decoding: word, as: UTF8.self), into: &terms)
                    return
                }
                let length = word.count
                // An ASCII term's length is its byte count, and no stop word is longer than
                // five letters: most words skip the checks that cost a hash.
                if length <= longestTerm, length >= 2 || (word[0] >= 0x30 && word[0] <= 0x39) {
                    let term = String(unsafeUninitializedCapacity: length) { buffer in
                        for offset in 0 ..< length {
                            let byte = word[offset]
                            buffer[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                        }
                        return length
                    }
                    if length > longestStopWord || !stopWords.contains(term) { terms.append(term) }
                }
                if isCamelCase {
                    for part in camelCaseParts(String(decoding: word, as: UTF8.self)) { add(part.lowercased(), to: &terms) }
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    isASCII = false
                } else if Self.isASCIIWordByte[Int(byte)] {
                    if byte >= 0x41, byte <= 0x5A, index > start {
                        let previous = bytes[index - 1]
                        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                        if (previous >= 0x61 && previous <= 0x7A) || (previous >= 0x41 && previous <= 0x5A && next >= 0x61 && next <= 0x7A) {
                            isCamelCase = true
                        }
                    }
                } else {
                    flush(index)
                }
                index += 1
            }
            flush(bytes.count)
        }
        return terms
    }

    private static let isASCIIWordByte: [Bool] = (0 ..< 128).map { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Words with characters beyond ASCII, folded as the script folds a query: composed
    /// (NFC), lower case, final sigma as sigma, and only then split where Unicode says a
    /// character is neither a letter nor a digit.
    private static func slowTerms(_ text: String, into terms: inout [String]) {
        var word = String.UnicodeScalarView()
        func flush() {
            guard !word.isEmpty else { return }
            let original = String(word)
            word.removeAll()
            addFolded(original, to: &terms)
            let parts = camelCaseParts(original)
            if parts.count > 1 { for part in parts { addFolded(part, to: &terms) } }
        }
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isWordScalar(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
    }

    private static func addFolded(_ word: String, to terms: inout [String]) {
        var piece = String.UnicodeScalarView()
        for scalar in word.lowercased().replacingOccurrences(of: "ς", with: "σ").unicodeScalars {
            if isWordScalar(scalar) {
                piece.append(scalar)
            } else if !piece.isEmpty {
                add(String(piece), to: &terms)
                piece.removeAll()
            }
        }
        if !piece.isEmpty { add(String(piece), to: &terms) }
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
