import Foundation

/// The quick test run on every page and source file before its blocks are looked for: a
/// file that holds none of the opening keywords (`CHECK:`, `ANTI_PATTERN:`, `READ_ALSO:`)
/// has no block, and most files hold none. Looking for blocks walks every paragraph or
/// comment; this is one C string search per keyword.
enum GuidanceKeywordScan {
    private static let openingKeywords = ["CHECK:", "ANTI_PATTERN:", "READ_ALSO:"]

    static func mayOpenBlock(_ bytes: [UInt8]) -> Bool {
        // strstr needs a terminating NUL, and stops at any NUL (which no text file holds).
        var text = bytes
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return false }
                return openingKeywords.contains { strstr(base, $0) != nil }
            }
        }
    }
}
