import StrataCore

/// Parses an old-style property list as Xcode writes `project.pbxproj`: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `/* */` and `//`
/// comments. Foundation's reader would do, but it forgets where each value was written,
/// and evidence needs the line.
package struct PropertyListParser: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The top-level value.
    /// - Throws: a `Diagnostic` (`xcode.invalid-project`) at the first byte that does not fit.
    package func parse(_ bytes: [UInt8]) throws -> PropertyList {
        try bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer, path: path)
            // A UTF-8 byte order mark is allowed before the first value.
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { cursor.offset = 3 }
            let value = try cursor.value(depth: 0)
            try cursor.skipSpace()
            guard cursor.offset == buffer.count else { throw cursor.failure("unexpected text after the property list") }
            return value
        }
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let path: String
        var offset = 0
        var line = 1
        var lineStart = 0

        init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
            self.bytes = bytes
            self.path = path
        }

        var column: Int { offset - lineStart + 1 }

        func failure(_ message: String) -> Diagnostic {
            .error(
                "xcode.invalid-project", "this project file cannot be read: \(message)",
                at: SourceLocation(path: path, line: line, column: column))
        }

        mutating func advance() {
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }

        mutating func skipSpace() throws {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    advance()
                } else if byte == 0x2F, offset + 1 < bytes.count, bytes[offset + 1] == 0x2A {
                    let (startLine, startColumn) = (line, column)
                    offset += 2
                    while offset + 1 < bytes.count, !(bytes[offset] == 0x2A && bytes[offset + 1] == 0x2F) { advance() }
                    guard offset + 1 < bytes.count else {
                        throw Diagnostic.error(
                            "xcode.invalid-project", "this project file cannot be read: a /* comment is never closed",
                            at: SourceLocation(path: path, line: startLine, column: startColumn))
                    }
                    offset += 2
                } else if byte == 0x2F, offset + 1 < bytes.count, bytes[offset + 1] == 0x2F {
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) throws -> PropertyList {
            guard depth < 64 else { throw failure("values are nested more than 64 deep") }
            try skipSpace()
            guard offset < bytes.count else { throw failure("the file ends where a value was expected") }
            let (startLine, startColumn) = (line, column)
            switch bytes[offset] {
            case 0x7B:  // {
                offset += 1
                var entries: [String: PropertyList] = [:]
                while true {
                    try skipSpace()
                    guard offset < bytes.count else { throw failure("a { is never closed") }
                    if bytes[offset] == 0x7D {
                        offset += 1
                        break
                    }
                    let key = try value(depth: depth + 1)
                    guard let name = key.string else { throw failure("a dictionary key must be a string") }
                    try expect(0x3D, "'=' after the key '\(name)'")
                    entries[name] = try value(depth: depth + 1)
                    try expect(0x3B, "';' after the value of '\(name)'")
                }
                return PropertyList(.dictionary(entries), line: startLine, column: startColumn)
            case 0x28:  // (
                offset += 1
                var items: [PropertyList] = []
                while true {
                    try skipSpace()
                    guard offset < bytes.count else { throw failure("a ( is never closed") }
                    if bytes[offset] == 0x29 {
                        offset += 1
                        break
                    }
                    items.append(try value(depth: depth + 1))
                    try skipSpace()
                    guard offset < bytes.count else { throw failure("a ( is never closed") }
                    if bytes[offset] == 0x2C {
                        offset += 1
                    } else if bytes[offset] != 0x29 {
                        throw failure("expected ',' or ')' in a list")
                    }
                }
                return PropertyList(.array(items), line: startLine, column: startColumn)
            case 0x22:  // "
                return PropertyList(.string(try quoted()), line: startLine, column: startColumn)
            case 0x3C:  // <hex data>: kept as its text
                let start = offset
                while offset < bytes.count, bytes[offset] != 0x3E { advance() }
                guard offset < bytes.count else { throw failure("a <data> value is never closed") }
                offset += 1
                return PropertyList(
                    .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)),
                    line: startLine, column: startColumn)
            default:
                let start = offset
                while offset < bytes.count, Self.isBare(bytes[offset]) { offset += 1 }
                guard offset > start else {
                    throw failure("unexpected '\(String(decoding: [bytes[offset]], as: UTF8.self))'")
                }
                return PropertyList(
                    .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)),
                    line: startLine, column: startColumn)
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws {
            try skipSpace()
            guard offset < bytes.count, bytes[offset] == byte else { throw failure("expected \(what)") }
            offset += 1
        }

        /// Letters, digits and `_$+/:.-` make a bare string; Xcode also writes `<`, `>` bare
        /// in a few older files, but quotes them today.
        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2B, 0x2F, 0x3A, 0x2E, 0x2D: true
            default: byte >= 0x80
            }
        }

        mutating func quoted() throws -> String {
            let (startLine, startColumn) = (line, column)
            offset += 1
            var text: [UInt8] = []
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x22 {
                    offset += 1
                    return String(decoding: text, as: UTF8.self)
                }
                if byte == 0x5C, offset + 1 < bytes.count {
                    offset += 1
                    let escaped = bytes[offset]
                    switch escaped {
                    case 0x6E: text.append(0x0A)
                    case 0x74: text.append(0x09)
                    case 0x72: text.append(0x0D)
                    case 0x55 where offset + 4 < bytes.count:
                        // \UXXXX: a UTF-16 code unit.
                        let digits = String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[(offset + 1)...(offset + 4)]), as: UTF8.self)
                        if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                            text += Array(String(Character(scalar)).utf8)
                            offset += 4
                        } else {
                            text.append(escaped)
                        }
                    default: text.append(escaped)
                    }
                    advance()
                    continue
                }
                text.append(byte)
                advance()
            }
            throw Diagnostic.error(
                "xcode.invalid-project", "this project file cannot be read: a quoted string is never closed",
                at: SourceLocation(path: path, line: startLine, column: startColumn))
        }
    }
}
