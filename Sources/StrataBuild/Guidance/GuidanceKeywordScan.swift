import Foundation

/// The quick test run on every page and source file before its blocks are looked for: a
/// file that holds none of the opening keywords (`CHECK:`, `ANTI_PATTERN:`, `RULE:`,
/// `READ_ALSO:`, and a rule set's `RULES:`) has no block, and most files hold none. Looking for blocks walks every paragraph or
/// comment; this is one `memchr`-driven search per keyword, on the bytes as read.
enum GuidanceKeywordScan {
    /// Each keyword with the index of its rarest letter in code, which the search looks for.
    private static let openingKeywords = [("CHECK:", 4), ("ANTI_PATTERN:", 11), ("READ_ALSO:", 6), ("RULE:", 1), ("RULES:", 1)].map { (Array($0.0.utf8), $0.1) }

    static func mayOpenBlock(_ bytes: [UInt8]) -> Bool {
        openingKeywords.contains { ByteSearch.contains(bytes, $0.0, anchor: $0.1) }
    }

    /// Whether a page may have a section headed as a rule set ("## Rules"): one of the
    /// names, in any case, follows a `#` somewhere. Only pages that pass are parsed for it.
    static func mayHoldRuleSection(_ bytes: [UInt8], headings: [String]) -> Bool {
        guard !headings.isEmpty, bytes.contains(UInt8(ascii: "#")) else { return false }
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        return headings.contains { text.contains("# " + $0.lowercased()) }
    }
}
