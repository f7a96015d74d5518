/// A string as a JSON string literal, for the few places that write JSON by hand (the
/// baseline file, the preview server's events, the search index). Control characters are
/// escaped, and so are U+2028/U+2029, which JSON allows but JavaScript string literals did
/// not.
package enum JSONString {
    package static func quote(_ text: String) -> String {
        // Byte by byte: the search index quotes every title and excerpt of the site.
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0..<0x20:
                    out.append(contentsOf: Array("\\u00".utf8))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                case 0xE2
                where index + 1 < bytes.count && bytes[index] == 0x80
                    && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
                    out.append(contentsOf: Array(bytes[index + 1] == 0xA8 ? "\\u2028".utf8 : "\\u2029".utf8))
                    index += 2
                default:
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
