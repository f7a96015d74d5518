import Foundation

/// Whether a file's bytes contain a word, without copying them: `memchr` finds each
/// candidate first byte, `memcmp` checks the rest. Used to skip whole files before any
/// parsing (no guidance keyword, no `@_exported`).
enum ByteSearch {
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        return bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            let last = base + (buffer.count - needle.count)
            var cursor = base
            while cursor <= last, let found = memchr(cursor, Int32(first), last - cursor + 1) {
                let at = UnsafeRawPointer(found)
                if memcmp(at, needle, needle.count) == 0 { return true }
                cursor = at + 1
            }
            return false
        }
    }
}
