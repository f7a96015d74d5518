import Foundation

/// Whether a file's bytes contain a word, without copying them: `memchr` finds each
/// candidate first byte, `memcmp` checks the rest. Used to skip whole files before any
/// parsing (no guidance keyword, no `@_exported`).
enum ByteSearch {
    /// - Parameter anchor: the index of the needle's byte `memchr` looks for: the rarest
    ///   one in code (the `K` of `CHECK:`, not its `C`) makes the fewest calls.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8], anchor: Int = 0) -> Bool {
        guard needle.indices.contains(anchor), bytes.count >= needle.count else { return needle.isEmpty }
        return bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            // The anchor byte of a match lies between these two places.
            let end = base + (buffer.count - needle.count + anchor + 1)
            var cursor = base + anchor
            while cursor < end, let found = memchr(cursor, Int32(needle[anchor]), end - cursor) {
                let at = UnsafeRawPointer(found)
                if memcmp(at - anchor, needle, needle.count) == 0 { return true }
                cursor = at + 1
            }
            return false
        }
    }
}
