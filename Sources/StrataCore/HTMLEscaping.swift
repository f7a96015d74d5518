/// Escapes text for HTML (and XML) element content and double-quoted attribute values:
/// the one escaper of the Markdown renderer, the generated pages, the highlighter and the
/// reports. Every attribute Strata writes is double-quoted, so `'` needs no escape.
package enum HTMLEscaping {
    package static func escape(_ text: String) -> String {
        // Byte by byte: every text node of every page goes through here. The specials are
        // ASCII, so replacing them byte for byte keeps the rest of the UTF-8 as it was.
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
                return nil
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: bytes[..<first])
            append(UnsafeBufferPointer(rebasing: bytes[first...]), to: &out)
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// Appends `bytes` (UTF-8) to `out`, escaped: for writers that build their HTML as bytes.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var plainStart = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
            out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            plainStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
    }
}
