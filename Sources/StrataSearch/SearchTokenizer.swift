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
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Calls `body` with the UTF-8 of each term of `text`, in order, as `terms` lists them.
    /// ASCII words, nearly all of a technical site's, are cut and folded byte by byte into a
    /// buffer, so the index is built without a `String` per word; a word with other
    /// characters goes through Unicode's properties.
    static func forEachTerm(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestTerm) { folded in
                var start = 0
                var isASCII = true
                var isCamelCase = false
                /// The ASCII bytes in `range`, folded to lower case, when they make a term.
                func emit(_ range: Range<Int>) {
                    let length = range.count
                    guard length <= longestTerm, length >= 2 || (length == 1 && bytes[range.lowerBound] >= 0x30 && bytes[range.lowerBound] <= 0x39) else { return }
                    for offset in 0 ..< length {
                        let byte = bytes[range.lowerBound + offset]
                        folded[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    }
                    let term = UnsafeBufferPointer(rebasing: folded[0 ..< length])
                    // No stop word is longer than five letters: most words skip the check.
                    if length <= longestStopWord, isStopWord(term) { return }
                    body(term)
                }
                func flush(_ end: Int) {
                    defer { start = end + 1; isASCII = true; isCamelCase = false }
                    guard end > start else { return }
                    guard isASCII else {
                        for term in slowTerms(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)) {
                            var term = term
                            term.withUTF8 { body($0) }
                        }
                        return
                    }
                    emit(start ..< end)
                    guard isCamelCase else { return }
                    // `HTMLRenderer` → HTML, Renderer: a part starts at an upper-case letter
                    // after a lower-case one, and at the last capital of a run before a
                    // lower-case letter.
                    var partStart = start
                    for index in (start + 1) ..< end {
                        let previous = bytes[index - 1], current = bytes[index]
                        let next = index + 1 < end ? bytes[index + 1] : 0
                        let lowerToUpper = isLower(previous) && isUpper(current)
                        let acronymEnd = isUpper(previous) && isUpper(current) && isLower(next)
                        if lowerToUpper || acronymEnd {
                            emit(partStart ..< index)
                            partStart = index
                        }
                    }
                    emit(partStart ..< end)
                }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte >= 0x80 {
                        isASCII = false
                    } else if Self.isASCIIWordByte[Int(byte)] {
                        if byte >= 0x41, byte <= 0x5A, index > start {
                            let previous = bytes[index - 1]
                            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                            if isLower(previous) || (isUpper(previous) && isLower(next)) {
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
        }
    }

    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// The stop words as bytes, by length, compared without hashing.
    private static let stopWordsByLength: [[[UInt8]]] = (0 ... longestStopWord).map { length in
        stopWords.map { Array($0.utf8) }.filter { $0.count == length }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private static func isStopWord(_ term: UnsafeBufferPointer<UInt8>) -> Bool {
        guard term.count < stopWordsByLength.count else { return false }
        return stopWordsByLength[term.count].contains { $0.elementsEqual(term) }
    }

    private static let isASCIIWordByte: [Bool] = (0 ..< 128).map { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Words with characters beyond ASCII, folded as the script folds a query: composed
    /// (NFC), lower case, final sigma as sigma, and only then split where Unicode says a
    /// character is neither a letter nor a digit.
    private static func slowTerms(_ text: String) -> [String] {
        var terms: [String] = []
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
        return terms
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
