import Foundation

/// The quick test run on every page and source file before its blocks are looked for: a
/// file that holds none of the opening keywords (`CHECK:`, `ANTI_PATTERN:`, `READ_ALSO:`)
/// has no block, and most files hold none. Looking for blocks walks every paragraph or
/// comment; this is one `memchr`-driven search per keyword, on the bytes as read.
enum GuidanceKeywordScan {
    private static let openingKeywords = ["CHECK:", "ANTI_PATTERN:", "READ_ALSO:"].map { Array($0.utf8) }

    static func mayOpenBlock(_ bytes: [UInt8]) -> Bool {
        openingKeywords.contains { ByteSearch.contains(bytes, $0) }
    }
}
