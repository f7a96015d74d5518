/// A JSON value, written by `text` in exactly the bytes `StableJSON` (Foundation's
/// `JSONEncoder`, pretty, sorted keys, slashes unescaped) gives, without its reflection:
/// the module graph of a large app is written several times faster this way.
enum JSONTree {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONTree])
    /// Keys in any order; written sorted, as `.sortedKeys` sorts them.
    case object([(String, JSONTree)])

    /// A string value, or nothing (an absent optional is left out, as `encodeIfPresent` does).
    static func optional(_ text: String?) -> JSONTree? { text.map(JSONTree.string) }

    /// An object of the entries that have a value.
    static func entries(_ pairs: [(String, JSONTree?)]) -> JSONTree {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The document, pretty-printed, with a final newline.
    var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(into: &output, indent: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(into output: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text): Self.writeString(text, into: &output)
        case .int(let number): output += Array(String(number).utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .array(let items):
            output.append(0x5B)
            output.append(0x0A)
            for (index, item) in items.enumerated() {
                if index > 0 { output += [0x2C, 0x0A] }
                Self.pad(&output, indent + 2)
                item.write(into: &output, indent: indent + 2)
            }
            output.append(0x0A)
            Self.pad(&output, indent)
            output.append(0x5D)
        case .object(let entries):
            output.append(0x7B)
            output.append(0x0A)
            let sorted = entries.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            for (index, (key, value)) in sorted.enumerated() {
                if index > 0 { output += [0x2C, 0x0A] }
                Self.pad(&output, indent + 2)
                Self.writeString(key, into: &output)
                output += [0x20, 0x3A, 0x20]
                value.write(into: &output, indent: indent + 2)
            }
            output.append(0x0A)
            Self.pad(&output, indent)
            output.append(0x7D)
        }
    }

    private static func pad(_ output: inout [UInt8], _ count: Int) {
        output.append(contentsOf: repeatElement(0x20, count: count))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: output += [0x5C, 0x22]
            case 0x5C: output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, 0x6E]
            case 0x0D: output += [0x5C, 0x72]
            case 0x09: output += [0x5C, 0x74]
            case 0x08: output += [0x5C, 0x62]
            case 0x0C: output += [0x5C, 0x66]
            case 0x00..<0x20: output += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        output.append(0x22)
    }
}
