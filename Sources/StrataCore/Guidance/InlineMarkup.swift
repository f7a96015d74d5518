/// The little Markdown a block's parts keep from their source: code spans in backticks and
/// links as `[text](destination)`. Extraction writes it; pages, the JSON export and the
/// digest for coding agents read it back.
package enum InlineMarkup {
    package enum Segment: Hashable, Sendable {
        case text(String)
        case code(String)
        case link(text: String, destination: String)
    }

    package struct Link {
        package var range: Range<Substring.Index>
        package var text: String
        package var destination: String
    }

    /// The part as segments, in order.
    package static func segments(_ text: String) -> [Segment] {
        let scan = Scan(text)
        var segments: [Segment] = []
        var plainStart: Int?
        func flush(before end: Int) {
            if let start = plainStart, start < end {
                segments.append(.text(String(text[scan.indices[start]..<scan.indices[end]])))
            }
            plainStart = nil
        }
        var position = 0
        while position < scan.count {
            let character = scan.characters[position]
            if character == "`", let close = scan.nextBacktick[position + 1] {
                flush(before: position)
                segments.append(.code(String(text[scan.indices[position + 1]..<scan.indices[close]])))
                position = close + 1
                continue
            }
            if character == "[", let link = scan.link(at: position) {
                flush(before: position)
                segments.append(.link(text: link.text, destination: link.destination))
                position = link.end
                continue
            }
            if plainStart == nil { plainStart = position }
            position += 1
        }
        flush(before: scan.count)
        return segments
    }

    /// Every `[text](destination)` outside code spans, in order: the first, then the first
    /// after it, and so on (a backtick inside a link's text does not open a code span).
    package static func links(in text: String) -> [Link] {
        let scan = Scan(text)
        var links: [Link] = []
        var position = 0
        var inCode = false
        while position < scan.count {
            let character = scan.characters[position]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "[", let link = scan.link(at: position) {
                links.append(
                    Link(
                        range: scan.indices[position]..<scan.indices[link.end], text: link.text,
                        destination: link.destination
                    ))
                position = link.end
                inCode = false
                continue
            }
            position += 1
        }
        return links
    }

    /// The text's characters with, made in one pass each, where every `[` closes and where
    /// the next backtick and the next `)` are: every question a link or code span asks is
    /// then one look-up. (Asked by scanning forward, a line of 800 `[` took a minute.)
    private struct Scan {
        let characters: [Character]
        /// The index of each character in the text, and the text's end.
        let indices: [String.Index]
        /// For each `[`, the position of the `]` that closes it.
        let closingBracket: [Int: Int]
        /// For each position, the next backtick at or after it (one more entry, for the end).
        let nextBacktick: [Int?]
        /// For each position, the next `)` at or after it.
        let nextParenthesis: [Int?]
        let text: String

        var count: Int { characters.count }

        init(_ text: String) {
            self.text = text
            var characters: [Character] = []
            var indices: [String.Index] = []
            var index = text.startIndex
            while index < text.endIndex {
                characters.append(text[index])
                indices.append(index)
                index = text.index(after: index)
            }
            indices.append(text.endIndex)
            self.characters = characters
            self.indices = indices
            var closing: [Int: Int] = [:]
            var open: [Int] = []
            for (position, character) in characters.enumerated() {
                if character == "[" { open.append(position) }
                if character == "]", let start = open.popLast() { closing[start] = position }
            }
            closingBracket = closing
            var backtick = [Int?](repeating: nil, count: characters.count + 1)
            var parenthesis = [Int?](repeating: nil, count: characters.count + 1)
            var position = characters.count - 1
            while position >= 0 {
                backtick[position] = characters[position] == "`" ? position : backtick[position + 1]
                parenthesis[position] = characters[position] == ")" ? position : parenthesis[position + 1]
                position -= 1
            }
            nextBacktick = backtick
            nextParenthesis = parenthesis
        }

        /// The link whose `[` is at `start`: its text, destination, and the position after its `)`.
        func link(at start: Int) -> (text: String, destination: String, end: Int)? {
            guard let close = closingBracket[start], close + 1 < count, characters[close + 1] == "(",
                let end = nextParenthesis[close + 1]
            else { return nil }
            let label = String(text[indices[start + 1]..<indices[close]])
            let destination = String(text[indices[close + 2]..<indices[end]]).trimmingWhitespace
            return (label, destination, end + 1)
        }
    }

    /// Links inside link labels are read this many levels deep; deeper, a label is kept as
    /// written. (`[[[…[a](b)…](b)](b)`, 100,000 deep, ran out of stack.)
    package static let maximumLinkNesting = 8

    /// The part as plain text: code keeps its backticks' content, links their text.
    package static func plainText(_ text: String, depth: Int = 0) -> String {
        guard depth < maximumLinkNesting else { return text }
        return segments(text).map { segment in
            switch segment {
            case .text(let value), .code(let value): value
            case .link(let label, _): plainText(label, depth: depth + 1)
            }
        }.joined()
    }
}
