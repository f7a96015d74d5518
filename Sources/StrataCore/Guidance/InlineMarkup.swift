/// The little Markdown a block's parts keep from their source: code spans in backticks and
/// links as `[text](destination)`. Extraction writes it; pages, the JSON export and the
/// digest for coding agents read it back.
public enum InlineMarkup {
    public enum Segment: Hashable, Sendable {
        case text(String)
        case code(String)
        case link(text: String, destination: String)
    }

    public struct Link {
        public var range: Range<Substring.Index>
        public var text: String
        public var destination: String
    }

    /// The part as segments, in order.
    public static func segments(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var plain = ""
        var index = text.startIndex
        func flush() {
            if !plain.isEmpty { segments.append(.text(plain)) }
            plain = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "`", let close = text[text.index(after: index)...].firstIndex(of: "`") {
                flush()
                segments.append(.code(String(text[text.index(after: index)..<close])))
                index = text.index(after: close)
                continue
            }
            if character == "[", let link = firstLink(in: text[index...]), link.range.lowerBound == index {
                flush()
                segments.append(.link(text: link.text, destination: link.destination))
                index = link.range.upperBound
                continue
            }
            plain.append(character)
            index = text.index(after: index)
        }
        flush()
        return segments
    }

    /// The first `[text](destination)` outside code spans.
    public static func firstLink(in text: Substring) -> Link? {
        var index = text.startIndex
        var inCode = false
        while index < text.endIndex {
            let character = text[index]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "[", let link = link(at: index, in: text) { return link }
            index = text.index(after: index)
        }
        return nil
    }

    private static func link(at start: Substring.Index, in text: Substring) -> Link? {
        var depth = 0
        var index = start
        var closeBracket: Substring.Index?
        while index < text.endIndex {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" {
                depth -= 1
                if depth == 0 {
                    closeBracket = index
                    break
                }
            }
            index = text.index(after: index)
        }
        guard let closeBracket else { return nil }
        let open = text.index(after: closeBracket)
        guard open < text.endIndex, text[open] == "(", let close = text[open...].firstIndex(of: ")") else { return nil }
        let label = String(text[text.index(after: start)..<closeBracket])
        let destination = String(text[text.index(after: open)..<close]).trimmingWhitespace
        return Link(range: start..<text.index(after: close), text: label, destination: destination)
    }

    /// The part as plain text: code keeps its backticks' content, links their text.
    public static func plainText(_ text: String) -> String {
        segments(text).map { segment in
            switch segment {
            case .text(let value), .code(let value): value
            case .link(let label, _): plainText(label)
            }
        }.joined()
    }
}
