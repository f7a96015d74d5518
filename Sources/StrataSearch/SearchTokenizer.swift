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
        // Read once per text, not once per word (a global's every read checks that it is set up).
        let stopWordKeys = Self.stopWordKeys
        text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestTerm) { folded in
                var index = 0
                let count = bytes.count
                while index < count {
                    guard isWordByte(bytes[index]) || bytes[index] >= 0x80 else {
                        index += 1
                        continue
                    }
                    let start = index
                    var isASCII = true
                    var isCamelCase = false
                    while index < count {
                        let byte = bytes[index]
                        if byte >= 0x80 {
                            isASCII = false
                        } else if !isWordByte(byte) {
                            break
                        } else if isUpper(byte), index > start {
                            let previous = bytes[index - 1]
                            if isLower(previous) || (isUpper(previous) && index + 1 < count && isLower(bytes[index + 1])) {
                                isCamelCase = true
                            }
                        }
                        index += 1
                    }
                    guard isASCII else {
                        for term in slowTerms(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self)) {
                            var term = term
                            term.withUTF8 { body($0) }
                        }
                        continue
                    }
                    emit(bytes, start, index, folded, stopWordKeys, body)
                    guard isCamelCase else { continue }
                    // `HTMLRenderer` → HTML, Renderer: a part starts at an upper-case letter
                    // after a lower-case one, and at the last capital of a run before a
                    // lower-case letter.
                    var partStart = start
                    for position in (start + 1) ..< index {
                        let previous = bytes[position - 1], current = bytes[position]
                        let next = position + 1 < index ? bytes[position + 1] : 0
                        if (isLower(previous) && isUpper(current)) || (isUpper(previous) && isUpper(current) && isLower(next)) {
                            emit(bytes, partStart, position, folded, stopWordKeys, body)
                            partStart = position
                        }
                    }
                    emit(bytes, partStart, index, folded, stopWordKeys, body)
                }
            }
        }
    }

    /// Hands `body` the ASCII word `bytes[start ..< end]` folded to lower case, when it makes
    /// a term: two characters or more (or one digit), not too long, not a stop word.
    @inline(__always)
    private static func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ folded: UnsafeMutableBufferPointer<UInt8>,
        _ stopWordKeys: [UInt64], _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let length = end - start
        guard length <= longestTerm, length >= 2 || (length == 1 && bytes[start] >= 0x30 && bytes[start] <= 0x39) else { return }
        var key: UInt64 = 0
        for offset in 0 ..< length {
            let byte = bytes[start + offset]
            let lower = isUpper(byte) ? byte + 0x20 : byte
            folded[offset] = lower
            if offset < 7 { key |= UInt64(lower) << (8 * UInt64(offset)) }
        }
        // No stop word is longer than five letters: most words skip the look-up.
        if length <= longestStopWord, isStopWord(key | UInt64(length) << 56, stopWordKeys) { return }
        body(UnsafeBufferPointer(rebasing: folded[0 ..< length]))
    }

    @inline(__always) private static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 }

    /// Each stop word as one number (its bytes, and its length in the top byte), sorted, so
    /// a word is looked up by bisection without hashing.
    private static let stopWordKeys: [UInt64] = stopWords.map { word in
        var key = UInt64(word.utf8.count) << 56
        for (offset, byte) in word.utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(offset)) }
        return key
    }.sorted()

    private static func isStopWord(_ key: UInt64, _ keys: [UInt64]) -> Bool {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
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
