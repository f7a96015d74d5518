import Foundation

/// The quick test run on every page and source file before its blocks are looked for: a
/// file that holds none of the opening keywords (`CHECK:`, `ANTI_PATTERN:`, `RULE:`,
/// `READ_ALSO:`, and a rule set's `RULES:`) has no block, and most files hold none. Looking for blocks walks every
/// paragraph or
/// comment; this is one `memchr`-driven search per keyword, on the bytes as read.
enum GuidanceKeywordScan {
    /// Each keyword with the index of its rarest letter in code, which the search looks for.
    private static let openingKeywords = [
        ("CHECK:", 4), ("ANTI_PATTERN:", 11), ("READ_ALSO:", 6), ("RULE:", 1), ("RULES:", 1)
    ].map { (Array($0.0.utf8), $0.1) }

    static func mayOpenBlock(_ bytes: [UInt8]) -> Bool {
        openingKeywords.contains { ByteSearch.contains(bytes, $0.0, anchor: $0.1) }
    }

    /// Whether a page may have a section headed as a rule set: a heading line (`## Rules`,
    /// or a line underlined with `===` or `---`) that starts with one of the names, in any
    /// case. Only the heading lines are looked at, as bytes: every page goes through here.
    static func mayHoldRuleSection(_ bytes: [UInt8], headings: [String]) -> Bool {
        let names = headings.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return false }
        let hash = UInt8(ascii: "#")
        let space = UInt8(ascii: " ")
        let newline = UInt8(ascii: "\n")
        func startsWithName(_ start: Int, _ end: Int) -> Bool {
            var index = start
            while index < end, bytes[index] == space { index += 1 }
            return names.contains { name in
                guard end - index >= name.count else { return false }
                for (offset, byte) in name.enumerated() {
                    let written = bytes[index + offset]
                    // ASCII letters compared without case; other bytes as they are.
                    let folded = written >= UInt8(ascii: "A") && written <= UInt8(ascii: "Z") ? written + 32 : written
                    if folded != byte { return false }
                }
                return true
            }
        }
        func isUnderline(_ start: Int, _ end: Int) -> Bool {
            var index = start
            while index < end, bytes[index] == space { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: "-") else {
                return false
            }
            let mark = bytes[index]
            return bytes[index..<end].allSatisfy { $0 == mark || $0 == space || $0 == UInt8(ascii: "\r") }
        }
        var lineStart = 0
        var previous: (start: Int, end: Int)?
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            var index = lineStart
            while index < lineEnd, index - lineStart < 4, bytes[index] == space { index += 1 }
            if index < lineEnd, bytes[index] == hash {
                while index < lineEnd, bytes[index] == hash { index += 1 }
                if startsWithName(index, lineEnd) { return true }
            } else if let previous, isUnderline(lineStart, lineEnd), startsWithName(previous.start, previous.end) {
                return true
            }
            previous = (lineStart, lineEnd)
            lineStart = lineEnd + 1
        }
        return false
    }
}
