import Foundation

/// How text becomes index terms. The theme's search script splits a query the same way
/// (lower case, letters and digits only), so what is written here must stay in step with it.
enum SearchTokenizer {
    /// Words too common to tell pages apart; a query made only of them finds nothing, which
    /// is what readers of Hugo, MkDocs and DocC sites expect.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "for", "from", "has", "have", "if",
        "in", "into", "is", "it", "its", "not", "of", "on", "or", "so", "than", "that", "the", "their", "then",
        "there", "these", "this", "those", "to", "was", "were", "when", "which", "will", "with", "you", "your"
    ]

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
        let stopWords = Self.stopWordTable
        text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestTerm) { folded in
                var index = 0
                let count = bytes.count
                while index < count {
                    // Past what separates words, at once.
                    while index < count, !isWordByte(bytes[index]), bytes[index] < 0x80 { index += 1 }
                    guard index < count else { break }
                    let start = index
                    // To the end of the word, noting only whether it has bytes beyond ASCII
                    // and a capital after its first letter: most words have neither.
                    var beyondASCII: UInt8 = 0
                    var innerCapitals = false
                    index += 1
                    while index < count {
                        let byte = bytes[index]
                        guard isWordByte(byte) || byte >= 0x80 else { break }
                        beyondASCII |= byte & 0x80
                        innerCapitals = innerCapitals || isUpper(byte)
                        index += 1
                    }
                    beyondASCII |= bytes[start] & 0x80
                    if beyondASCII == 0 {
                        asciiWord(bytes, start, index, innerCapitals, folded, stopWords, body)
                    } else {
                        mixedWord(bytes, start, index, folded, stopWords, body)
                    }
                }
            }
        }
    }

    /// The terms of the ASCII word `bytes[start ..< end]`: the word, then its camel-case parts.
    @inline(__always)
    private static func asciiWord(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ innerCapitals: Bool,
        _ folded: UnsafeMutableBufferPointer<UInt8>, _ stopWords: StopWordTable,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        emit(bytes, start, end, folded, stopWords, body)
        guard innerCapitals else { return }
        // `HTMLRenderer` → HTML, Renderer: a part starts at an upper-case letter after a
        // lower-case one, and at the last capital of a run before a lower-case letter. A word
        // with no such place is one part, already handed over.
        var partStart = start
        for position in (start + 1)..<end {
            let previous = bytes[position - 1]
            let current = bytes[position]
            let next = position + 1 < end ? bytes[position + 1] : 0
            if (isLower(previous) && isUpper(current)) || (isUpper(previous) && isUpper(current) && isLower(next)) {
                emit(bytes, partStart, position, folded, stopWords, body)
                partStart = position
            }
        }
        if partStart > start { emit(bytes, partStart, end, folded, stopWords, body) }
    }

    /// A run of letters, digits and characters beyond ASCII (`Rust’s`, `“quoted”`, `naïve`):
    /// cut at the punctuation and symbols that can only separate words (`separates`), each
    /// piece of ASCII then read as an ASCII word, and only a piece with other characters
    /// through Unicode's properties. The terms are those `unicodeTerms` finds in the whole
    /// run, since normalization never joins a separator to its neighbours.
    private static func mixedWord(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ folded: UnsafeMutableBufferPointer<UInt8>,
        _ stopWords: StopWordTable, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var pieceStart = start
        var beyondASCII = false
        var innerCapitals = false
        var index = start
        func flush(upTo pieceEnd: Int) {
            guard pieceEnd > pieceStart else { return }
            if !beyondASCII {
                asciiWord(bytes, pieceStart, pieceEnd, innerCapitals, folded, stopWords, body)
                return
            }
            let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd]), as: UTF8.self)
            for term in unicodeTerms(piece) {
                var term = term
                term.withUTF8 { body($0) }
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                innerCapitals = innerCapitals || (index > pieceStart && isUpper(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let scalarEnd = min(index + length, end)
            if let scalar = scalar(bytes, index, scalarEnd), separates(scalar) {
                flush(upTo: index)
                pieceStart = scalarEnd
                beyondASCII = false
                innerCapitals = false
            } else {
                beyondASCII = true
            }
            index = scalarEnd
        }
        flush(upTo: end)
    }

    /// The scalar whose UTF-8 is `bytes[start ..< end]` (a Swift string's bytes are valid UTF-8).
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Unicode.Scalar? {
        let length = end - start
        guard length >= 2 else { return nil }
        var value = UInt32(bytes[start]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in (start + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// Whether `scalar` only ever separates words: a character that is neither a letter nor
    /// a digit, from the blocks of punctuation and symbols (Latin-1's, general punctuation,
    /// arrows, mathematical and technical symbols, box drawing, dingbats, variation
    /// selectors, emoji). Normalization never makes one of them, or one of them with what
    /// follows, into a letter or a digit, so cutting at one gives what normalizing the whole
    /// run does (`unicodeTerms`).
    @inline(__always)
    static func separates(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard
            (0xA0...0xBF).contains(value) || (0x2000...0x27BF).contains(value)
                || (0x2900...0x2BFF).contains(value) || (0xFE00...0xFE0F).contains(value)
                || (0x1_F000...0x1_FAFF).contains(value)
        else { return false }
        return !isWordScalar(scalar)
    }

    /// Hands `body` the ASCII word `bytes[start ..< end]` folded to lower case, when it makes
    /// a term: two characters or more (or one digit), not too long, not a stop word. Eight
    /// bytes are folded at a time where the text has them.
    @inline(__always)
    private static func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ folded: UnsafeMutableBufferPointer<UInt8>,
        _ stopWords: StopWordTable, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let length = end - start
        guard length <= longestTerm, length >= 2 || (length == 1 && bytes[start] &- 0x30 < 10) else { return }
        guard let source = bytes.baseAddress, let target = folded.baseAddress else { return }
        // `longestTerm` is a multiple of 8: a whole word written at any offset below the
        // term's length stays inside `folded`.
        var offset = 0
        var first: UInt64 = 0
        while offset < length {
            var word: UInt64
            if start + offset + 8 <= bytes.count {
                word = UnsafeRawPointer(source + start + offset).loadUnaligned(as: UInt64.self)
            } else {
                word = 0
                for index in 0..<min(8, length - offset) {
                    word |= UInt64(source[start + offset + index]) << (8 * UInt64(index))
                }
            }
            word = lowercasedWordBytes(word)
            UnsafeMutableRawPointer(target + offset).storeBytes(of: word, as: UInt64.self)
            if offset == 0 { first = word }
            offset += 8
        }
        // No stop word is longer than five letters: most words skip the look-up.
        if length <= StopWordTable.longest {
            let key = (first & ((1 << (8 * UInt64(length))) - 1)) | UInt64(length) << 56
            if stopWords.contains(key) { return }
        }
        body(UnsafeBufferPointer(start: target, count: length))
    }

    /// Eight ASCII letters and digits (little-endian) with the capitals made small: a byte
    /// is a capital when adding 0x3F sets its top bit and adding 0x25 does not (no byte is
    /// above 0x7F, so no sum carries into the next).
    @inline(__always)
    static func lowercasedWordBytes(_ word: UInt64) -> UInt64 {
        let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F
        let beyondZ = word &+ 0x2525_2525_2525_2525
        let capitals = atLeastA & ~beyondZ & 0x8080_8080_8080_8080
        return word | (capitals >> 2)
    }

    @inline(__always) private static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26
    }

    /// The stop words as numbers (a word's bytes, and its length in the top byte) in a
    /// small open-addressing table: a word is looked up with one multiplication.
    struct StopWordTable: Sendable {
        static let longest = 5
        private var slots: [UInt64] = Array(repeating: 0, count: 128)

        init(_ words: Set<String>) {
            for word in words {
                var key = UInt64(word.utf8.count) << 56
                for (offset, byte) in word.utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(offset)) }
                var slot = Self.slot(key)
                while slots[slot] != 0 { slot = (slot + 1) & 127 }
                slots[slot] = key
            }
        }

        @inline(__always) private static func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 57)
        }

        @inline(__always) func contains(_ key: UInt64) -> Bool {
            var slot = Self.slot(key)
            while true {
                let found = slots[slot]
                if found == key { return true }
                if found == 0 { return false }
                slot = (slot + 1) & 127
            }
        }
    }

    private static let stopWordTable = StopWordTable(stopWords)

    /// The terms of any text, by the rule itself: folded as the script folds a query
    /// (composed, NFC; lower case; final sigma as sigma), and only then split where Unicode
    /// says a character is neither a letter nor a digit. `forEachTerm` finds the same terms
    /// faster; it hands this only the words with letters or digits beyond ASCII.
    static func unicodeTerms(_ text: String) -> [String] {
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
            count <= longestTerm, !stopWords.contains(term)
        else { return }
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
            let previous = scalars[index - 1].properties
            let current = scalars[index].properties
            let next = index + 1 < scalars.count ? scalars[index + 1].properties : nil
            let lowerToUpper = previous.isLowercase && current.isUppercase
            let acronymEnd = previous.isUppercase && current.isUppercase && next?.isLowercase == true
            if lowerToUpper || acronymEnd {
                parts.append(String(String.UnicodeScalarView(scalars[start..<index])))
                start = index
            }
        }
        parts.append(String(String.UnicodeScalarView(scalars[start...])))
        return parts
    }
}
