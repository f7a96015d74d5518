/// Escapes text for HTML (and XML) element content and double-quoted attribute values:
/// the one escaper of the Markdown renderer, the generated pages and the reports. Every
/// attribute Strata writes is double-quoted, so `'` needs no escape.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        // Byte by byte: every text node of every page goes through here. The specials are
        // ASCII, so replacing them byte for byte keeps the rest of the UTF-8 as it was.
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case 0x26: out.append(contentsOf: "&amp;".utf8)
                case 0x3C: out.append(contentsOf: "&lt;".utf8)
                case 0x3E: out.append(contentsOf: "&gt;".utf8)
                case 0x22: out.append(contentsOf: "&quot;".utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }
}
