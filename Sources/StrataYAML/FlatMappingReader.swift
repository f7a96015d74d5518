import StrataCore

/// Reads the YAML nearly every page's front matter is, a flat mapping of simple values
/// (`title: "Install"`, `weight: 3`), without the full parser: one pass over the bytes
/// instead of Yams' tokenizer, tag resolution by regular expression and duplicate check by
/// hashing, which on a site of a thousand pages cost more than parsing their Markdown.
///
/// It gives up (nil) on anything else, and the caller parses with Yams: comments, nesting,
/// lists, indentation, flow collections, escapes, multi-line or non-ASCII text, a repeated
/// key. What it does read, it reads as Yams does, locations included; a test compares
/// the two on every form.
enum FlatMappingReader {
    static func read(_ yaml: String, path: String, lineOffset: Int) -> DataNode? {
        var yaml = yaml
        return yaml.withUTF8 { read($0, path: path, lineOffset: lineOffset) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, lineOffset: Int) -> DataNode? {
        var pairs: [DataNode.Pair] = []
        var keys: Set<String> = []
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end > start {
                guard let pair = pair(in: bytes[start..<end], line: line + lineOffset, path: path),
                    let key = pair.key.scalar, keys.insert(key).inserted
                else { return nil }
                pairs.append(pair)
            }
            line += 1
            start = end + 1
        }
        guard let first = pairs.first else { return nil }
        return DataNode(.mapping(pairs), at: first.key.location)
    }

    /// `key: value` or `key:`, starting at the line's first column.
    private static func pair(in line: Slice<UnsafeBufferPointer<UInt8>>, line number: Int, path: String) -> DataNode
        .Pair?
    {
        var index = line.startIndex
        guard index < line.endIndex, isKeyStart(line[index]) else { return nil }
        while index < line.endIndex, isKeyByte(line[index]) { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
        // libyaml takes a key without `? ` only up to 1,024 characters; a longer one is its error.
        guard index - line.startIndex <= 1024 else { return nil }
        let key = String(decoding: line[line.startIndex..<index], as: UTF8.self)
        // A key Yams would read as null (or as anything but text) is left to Yams.
        guard !isNull(key) else { return nil }
        let keyNode = DataNode(.scalar(key), at: SourceLocation(path: path, line: number, column: 1))
        index += 1
        if index == line.endIndex {
            return DataNode.Pair(
                key: keyNode,
                value: DataNode(
                    .null, at: SourceLocation(path: path, line: number, column: index - line.startIndex + 1)))
        }
        guard line[index] == UInt8(ascii: " ") else { return nil }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") { index += 1 }
        guard index < line.endIndex, line[line.endIndex - 1] != UInt8(ascii: " ") else { return nil }
        let column = index - line.startIndex + 1
        let location = SourceLocation(path: path, line: number, column: column)
        let first = line[index]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            // Quoted: closed at the line's end, with no quote, escape or line break inside.
            guard line.endIndex - index >= 2, line[line.endIndex - 1] == first else { return nil }
            let inner = line[(index + 1)..<(line.endIndex - 1)]
            guard inner.allSatisfy({ isPrintable($0) && $0 != first && $0 != UInt8(ascii: "\\") }) else { return nil }
            return DataNode.Pair(
                key: keyNode,
                value: DataNode(.scalar(String(decoding: inner, as: UTF8.self)), at: location, quoted: true))
        }
        let value = line[index...]
        guard isPlainStart(first), value.allSatisfy(isPlainByte) else { return nil }
        let text = String(decoding: value, as: UTF8.self)
        return DataNode.Pair(key: keyNode, value: DataNode(isNull(text) ? .null : .scalar(text), at: location))
    }

    private static func isNull(_ text: String) -> Bool {
        text == "null" || text == "Null" || text == "NULL"
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func isPlainStart(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "_")
    }

    /// Bytes that mean nothing to YAML inside a plain value (no `:`, `#`, quotes, brackets).
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(")
            || byte == UInt8(ascii: ")")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "+")
    }

    /// Printable ASCII: what needs no thought about encodings or line breaks.
    private static func isPrintable(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }
}
