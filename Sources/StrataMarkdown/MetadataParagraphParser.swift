import StrataCore

/// Reads a page's metadata paragraph: a paragraph made only of `KEY: value` pairs whose keys
/// are UPPER_SNAKE words, all on one line (`OWNER: ana LAST_VERIFIED: 2026-01-31`) or one
/// pair a line. Guidance keywords (`CHECK:`, `IF:`, …) are never metadata keys.
enum MetadataParagraphParser {
    static let guidanceKeywords = Set(GuidanceAssembler.Keyword.allCases.map(\.rawValue))

    /// Keys that say a paragraph is about the page (who owns it, when it was checked).
    static let pageKeys: Set<String> = ["OWNER", "OWNERS", "MAINTAINER", "STATUS", "STACK_VERSION"]
    static let dateKeys: Set<String> = ["LAST_VERIFIED", "LAST_UPDATED", "REVIEWED"]

    /// Whether pairs read as page data rather than a sentence that opens with a keyword
    /// (`LAST_VERIFIED:` is a date…): at least two of them, a date key whose value starts
    /// with a date, or a page key with a short value.
    static func looksLikePageData(_ pairs: [Pair]) -> Bool {
        if pairs.count > 1 { return true }
        guard let pair = pairs.first else { return false }
        if dateKeys.contains(pair.key) {
            return pair.value.prefix(10).allSatisfy { $0.isNumber || $0 == "-" } && pair.value.count >= 10
        }
        return pageKeys.contains(pair.key) && pair.value.count <= 60 && !pair.value.contains(". ")
    }

    /// Whether a paragraph opens a guidance block (`CHECK:`, `IF:`, `ANTI_PATTERN:`, …).
    static func opensGuidanceBlock(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let colon = trimmed.prefix(20).firstIndex(of: ":") else { return false }
        return guidanceKeywords.contains(String(trimmed[..<colon]))
    }

    struct Pair: Equatable {
        var key: String
        var value: String
        /// 0-based line within the paragraph text, and 0-based column within that line.
        var line: Int
        var column: Int
    }

    /// Returns the pairs, or `nil` when the text is not a metadata paragraph.
    static func parse(_ text: String) -> [Pair]? {
        // Metadata opens with a key: a paragraph of prose is turned down before it is read as
        // scalars (most start with a capital letter; the key is looked for in the bytes).
        guard startsWithKey(text.utf8) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var keyStarts: [(start: Int, keyEnd: Int)] = []
        var index = 0
        while index < scalars.count {
            let atWordStart =
                index == 0 || scalars[index - 1] == " " || scalars[index - 1] == "\t" || scalars[index - 1] == "\n"
            if atWordStart, let end = keyEnd(in: scalars, from: index) {
                keyStarts.append((index, end))
                index = end + 1
            } else {
                index += 1
            }
        }
        guard let first = keyStarts.first, first.start == 0 else { return nil }
        var pairs: [Pair] = []
        // Lines are counted as the keys go (counting from the start for each key made a
        // paragraph of 10,000 pairs take 85 s).
        var line = 0
        var lineStart = 0
        var counted = 0
        for (offset, key) in keyStarts.enumerated() {
            let name = String(String.UnicodeScalarView(scalars[key.start..<key.keyEnd]))
            if guidanceKeywords.contains(name) { return nil }
            let valueEnd = offset + 1 < keyStarts.count ? keyStarts[offset + 1].start : scalars.count
            let rawValue = String(String.UnicodeScalarView(scalars[(key.keyEnd + 1)..<valueEnd]))
            let value = rawValue.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
            while counted < key.start {
                if scalars[counted] == "\n" {
                    line += 1
                    lineStart = counted + 1
                }
                counted += 1
            }
            pairs.append(Pair(key: name, value: value, line: line, column: key.start - lineStart))
        }
        return pairs
    }

    /// Whether `keyEnd(in:from: 0)` finds a key: `[A-Z][A-Z0-9_]+:` then a space, a tab, a
    /// line break or the end.
    private static func startsWithKey(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        guard index < bytes.endIndex, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) else {
            return false
        }
        var length = 1
        index = bytes.index(after: index)
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            else { break }
            length += 1
            index = bytes.index(after: index)
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":"), length >= 2 else { return false }
        let after = bytes.index(after: index)
        return after == bytes.endIndex || bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")
            || bytes[after] == UInt8(ascii: "\n")
    }

    /// If an UPPER_SNAKE key followed by `:` and a space (or the end) starts at `start`,
    /// returns the index of the colon.
    private static func keyEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, ("A"..."Z").contains(scalars[start]) else { return nil }
        var index = start + 1
        while index < scalars.count,
            ("A"..."Z").contains(scalars[index]) || ("0"..."9").contains(scalars[index]) || scalars[index] == "_"
        {
            index += 1
        }
        guard index < scalars.count, scalars[index] == ":", index - start >= 2 else { return nil }
        let after = index + 1
        guard after == scalars.count || scalars[after] == " " || scalars[after] == "\t" || scalars[after] == "\n" else {
            return nil
        }
        return index
    }
}
