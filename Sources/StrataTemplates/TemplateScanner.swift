/// Cuts a template's source into text and tags. Text is cut at every newline, so each line's
/// pieces can be looked at together when deciding whether a tag stands alone on its line.
/// `{{=<% %>=}}` changes the delimiters from that point on.
struct TemplateScanner {
    enum TagKind: Equatable {
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case delimiters

        /// Tags that vanish with their whole line when nothing else is on it.
        var canStandAlone: Bool {
            switch self {
            case .variable: false
            default: true
            }
        }
    }

    struct Token: Equatable {
        enum Kind: Equatable {
            case text
            case tag(TagKind)
        }

        var kind: Kind
        /// The text itself, or the tag's name (trimmed).
        var value: String
        var line: Int
        var column: Int
    }

    private let bytes: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private(set) var tokens: [Token] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Every token of the source, in order.
    static func tokens(of source: String) throws(TemplateSyntaxError) -> [Token] {
        var scanner = TemplateScanner(source)
        try scanner.scan()
        return scanner.tokens
    }

    private mutating func scan() throws(TemplateSyntaxError) {
        while index < bytes.count {
            let tagStart = find(open, from: index) ?? bytes.count
            emitText(upTo: tagStart)
            guard tagStart < bytes.count else { break }
            try scanTag(at: tagStart)
        }
    }

    /// Text from `index` to `end`, one token per line.
    private mutating func emitText(upTo end: Int) {
        var start = index
        while start < end {
            var stop = start
            while stop < end, bytes[stop] != 0x0A { stop += 1 }
            let includesNewline = stop < end
            let pieceEnd = includesNewline ? stop + 1 : stop
            tokens.append(
                Token(
                    kind: .text, value: String(decoding: bytes[start..<pieceEnd], as: UTF8.self), line: line,
                    column: start - lineStart + 1))
            if includesNewline {
                line += 1
                lineStart = pieceEnd
            }
            start = pieceEnd
        }
        index = end
    }

    private mutating func scanTag(at start: Int) throws(TemplateSyntaxError) {
        let tagLine = line
        let tagColumn = start - lineStart + 1
        func failure(_ message: String) -> TemplateSyntaxError {
            TemplateSyntaxError(message: message, line: tagLine, column: tagColumn)
        }
        var contentStart = start + open.count
        var kind = TagKind.variable(escaped: true)
        var closing = close
        if contentStart < bytes.count {
            switch bytes[contentStart] {
            case UInt8(ascii: "{"):
                kind = .variable(escaped: false)
                closing = [UInt8(ascii: "}")] + close
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .invertedSection
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "="):
                kind = .delimiters
                closing = [UInt8(ascii: "=")] + close
            default: contentStart -= 1
            }
            contentStart += 1
        }
        guard let contentEnd = find(closing, from: contentStart) else {
            throw failure("this tag is never closed with '\(String(decoding: closing, as: UTF8.self))'")
        }
        let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
        let end = contentEnd + closing.count
        // A tag may span lines (a long comment); the lines after it count from its end.
        for offset in start..<end where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        index = end

        let name = Self.trimmed(content)
        switch kind {
        case .comment:
            tokens.append(Token(kind: .tag(.comment), value: "", line: tagLine, column: tagColumn))
        case .delimiters:
            let parts = name.split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                throw failure(
                    "a delimiter change is written '{{=<% %>=}}': two delimiters, without spaces or '=' in them")
            }
            open = Array(parts[0].utf8)
            close = Array(parts[1].utf8)
            tokens.append(Token(kind: .tag(.delimiters), value: "", line: tagLine, column: tagColumn))
        default:
            guard let sigil = name.utf8.first else { throw failure("this tag has no name") }
            if Self.sigils.contains(sigil) {
                throw failure(
                    "'\(Character(Unicode.Scalar(sigil)))' must come right after "
                        + "'\(String(decoding: open, as: UTF8.self))', with no space: "
                        + "'\(String(decoding: open, as: UTF8.self))\(Character(Unicode.Scalar(sigil)))…'"
                )
            }
            guard !Self.containsWhitespace(name) else {
                throw failure("'\(name)' is not a name: names have no spaces")
            }
            if name.utf8.contains(UInt8(ascii: "(")), kind != .partial, kind != .parent {
                throw failure(
                    "'\(name)' is a swift-mustache transform; Strata's templates have none (see Themes in the manual)")
            }
            if sigil == UInt8(ascii: "*"), kind == .partial || kind == .parent {
                throw failure("dynamic partial names ('\(name)') are not supported")
            }
            tokens.append(Token(kind: .tag(kind), value: name, line: tagLine, column: tagColumn))
        }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var position = start
        let last = bytes.count - needle.count
        while position <= last {
            if bytes[position] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[position + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return position }
            }
            position += 1
        }
        return nil
    }

    /// The bytes that open a tag of another kind when they come right after `{{`.
    private static let sigils: Set<UInt8> = Set("#^/!><$=&{".utf8)

    /// Whether `text` holds whitespace as `Character.isWhitespace` sees it: by bytes when
    /// the text is ASCII, as nearly every tag is (a theme is scanned at every build's start).
    private static func containsWhitespace(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false } else if isASCIIWhitespace(byte) { return true }
        }
        return ascii ? false : text.contains(where: \.isWhitespace)
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func trimmed(_ text: String) -> String {
        // ASCII whitespace by bytes; what is left is trimmed by characters only when it
        // starts or ends beyond ASCII.
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isASCIIWhitespace(bytes[start]) { start = bytes.index(after: start) }
        while start < end, isASCIIWhitespace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        var rest = text[start..<end]
        if let first = rest.utf8.first, let last = rest.utf8.last, first >= 0x80 || last >= 0x80 {
            while let first = rest.first, first.isWhitespace { rest.removeFirst() }
            while let last = rest.last, last.isWhitespace { rest.removeLast() }
        }
        return String(rest)
    }
}
