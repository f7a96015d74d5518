import Foundation
import StrataCore

/// Turns file bytes into text, or says exactly why not: binary content (a NUL byte) or the
/// line and column of the first byte that is not UTF-8. A UTF-8 byte-order mark is dropped.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], path: String) throws -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let nul = firstIndex(of: 0, in: body) {
            let place = position(of: nul, in: bytes)
            throw Diagnostic.error(
                "content.binary", "this is a binary file (it contains a NUL byte), not text",
                at: SourceLocation(path: path, line: place.line, column: place.column)
            )
        }
        if let text = String(validating: body, as: UTF8.self) {
            // The bytes are searched, not the text: `String.contains(String)` goes through
            // Foundation's slow path, and showed in profiles of large sites.
            return firstIndex(of: 0x0D, in: body) != nil ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        }
        let bad = firstInvalidByte(in: body) ?? body.startIndex
        let place = position(of: bad, in: bytes)
        throw Diagnostic.error(
            "content.encoding",
            "this file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) here); save it "
                + "as UTF-8",
            at: SourceLocation(path: path, line: place.line, column: place.column)
        )
    }

    /// `memchr`: every page's bytes are searched for a NUL and a carriage return before
    /// they are read, and a byte-at-a-time search showed in profiles of large sites.
    private static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func position(of index: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for offset in 0..<index where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return (line, index - lineStart + 1)
    }

    private static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.endIndex else { return index }
            if String(validating: bytes[index..<index + length], as: UTF8.self) == nil {
                return index
            }
            index += length
        }
        return nil
    }
}
