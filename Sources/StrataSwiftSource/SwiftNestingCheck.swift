import StrataCore

/// Whether Swift text is safe to hand to swift-syntax's parser, checked in one pass.
///
/// swift-syntax decides some ambiguities by looking ahead, and its look-ahead neither
/// honours the parser's nesting limit nor remembers what it tried: 10,000 nested `[` in a
/// manifest overflowed the stack, 22 nested `[` took 25 s (each level tries an inline-array
/// type, then a type, doubling the work), and 320 unclosed `(` took over a minute. Real
/// code nests nowhere near these limits; text that does is refused before it is parsed.
public struct SwiftNestingCheck: Sendable {
    /// Brackets of every kind (and interpolations) open at once.
    public var maximumDepth = 200
    /// Square brackets open at once, the case whose look-ahead doubles per level.
    public var maximumSquareBracketDepth = 12
    /// Brackets still open at the end of the text, which send the parser into recovery.
    public var maximumUnclosed = 48
    /// `#if` blocks open at once.
    public var maximumConditionalDepth = 64

    /// Why the text would not be parsed, and where: the bracket, interpolation or `#if`
    /// past the limit.
    public struct Excess: Equatable, Sendable {
        public var reason: String
        public var line: Int
        public var column: Int
    }

    public init() {}

    public func check(_ text: String) -> Excess? {
        var text = text
        return text.withUTF8 { check($0) }
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        var scanner = Scanner(bytes: bytes, limits: self)
        guard let (offset, reason) = scanner.run() else { return nil }
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return Excess(reason: reason, line: line, column: offset - lineStart + 1)
    }

    /// A small lexer with an explicit stack (never recursion): it knows comments (nested),
    /// string literals (multi-line, raw, interpolated) and `#if`, which is all it takes to
    /// count brackets as the parser will see them.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: SwiftNestingCheck
        var index = 0
        /// Open brackets: the byte and where it is. An interpolation counts as a `(`.
        var open: [(byte: UInt8, offset: Int)] = []
        var squareDepth = 0
        var conditionalDepth = 0
        /// Strings being read, innermost last, and for each interpolation inside one, how
        /// many brackets were open where it began.
        var frames: [Frame] = []
        var atLineStart = true
        /// Up to where a regex literal (or what may be one) runs on the current line.
        var literalUntil = 0

        enum Frame {
            case string(hashes: Int, multiline: Bool)
            case interpolation(openBefore: Int)
        }

        init(bytes: UnsafeBufferPointer<UInt8>, limits: SwiftNestingCheck) {
            self.bytes = bytes
            self.limits = limits
        }

        mutating func run() -> (Int, String)? {
            while index < bytes.count {
                if case .string(let hashes, let multiline) = frames.last {
                    if let excess = readString(hashes: hashes, multiline: multiline) { return excess }
                } else if let excess = readCode() {
                    return excess
                }
            }
            if open.count > limits.maximumUnclosed {
                return (open[limits.maximumUnclosed].offset, "\(open.count) brackets are never closed (at most \(limits.maximumUnclosed))")
            }
            return nil
        }

        func byte(at offset: Int) -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        func hashes(from offset: Int) -> Int {
            var count = 0
            while byte(at: offset + count) == UInt8(ascii: "#") { count += 1 }
            return count
        }

        /// Whether `byte` ends a line: swift-syntax ends a line comment and a one-line string
        /// at a carriage return as at a line feed.
        func isLineEnd(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        /// One step inside a string literal.
        mutating func readString(hashes: Int, multiline: Bool) -> (Int, String)? {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), self.hashes(from: index + 1) >= hashes {
                let after = index + 1 + hashes
                if byte(at: after) == UInt8(ascii: "(") {
                    frames.append(.interpolation(openBefore: open.count))
                    index = after + 1
                    return push(UInt8(ascii: "("), at: after)
                }
                index = after + 1
                return nil
            }
            if current == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                let closes = !multiline || (byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\""))
                if closes, self.hashes(from: index + quotes) >= hashes {
                    frames.removeLast()
                    index += quotes + hashes
                    return nil
                }
            }
            if isLineEnd(current), !multiline {
                frames.removeLast()  // unterminated: the string ends with its line
            }
            index += 1
            return nil
        }

        /// One step of code (at the top level or inside an interpolation).
        mutating func readCode() -> (Int, String)? {
            let current = bytes[index]
            let lineStart = atLineStart
            if isLineEnd(current) {
                atLineStart = true
                literalUntil = 0
                index += 1
                return nil
            }
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") {
                index += 1
                return nil
            }
            atLineStart = false
            // Between two slashes of a line (a regex literal, or two divisions) quotes and
            // comment openers may mean nothing to the parser: they open nothing here, so
            // no bracket the parser will read can be hidden in a string that is not one.
            // Brackets are counted there as everywhere.
            if index < literalUntil {
                index += 1
                switch current {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return push(current, at: index - 1)
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): close(current)
                default: break
                }
                return nil
            }
            switch current {
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                while index < bytes.count, !isLineEnd(bytes[index]) { index += 1 }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                var nesting = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                        nesting += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                        nesting -= 1
                        index += 2
                        if nesting == 0 { break }
                    } else {
                        index += 1
                    }
                }
            case UInt8(ascii: "/"):
                // A regex literal, or a division: up to the next slash on this line.
                var end = index + 1
                while end < bytes.count, !isLineEnd(bytes[end]), bytes[end] != UInt8(ascii: "/") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1  // `\/` is a slash in a regex
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "/") { literalUntil = end }
                index += 1
            case UInt8(ascii: "\""):
                openString(hashes: 0, at: index)
            case UInt8(ascii: "#"):
                let count = hashes(from: index)
                if byte(at: index + count) == UInt8(ascii: "\"") {
                    openString(hashes: count, at: index + count)
                } else if byte(at: index + count) == UInt8(ascii: "/"), let end = extendedRegexEnd(from: index + count + 1, hashes: count) {
                    // `#/…/#`, which swift-syntax always reads as a regex literal; brackets in
                    // it are counted, quotes open nothing.
                    literalUntil = end
                    index += count + 1
                } else if lineStart, matches("#if", at: index) {
                    conditionalDepth += 1
                    if conditionalDepth > limits.maximumConditionalDepth {
                        return (index, "#if blocks nest more than \(limits.maximumConditionalDepth) deep")
                    }
                    index += 3
                } else if lineStart, matches("#endif", at: index) {
                    conditionalDepth = max(0, conditionalDepth - 1)
                    index += 6
                } else {
                    index += 1
                }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                index += 1
                return push(current, at: index - 1)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                index += 1
                close(current)
            default:
                index += 1
            }
            return nil
        }

        /// Where the `/` closing an extended regex literal (followed by `hashes` `#`) is, if
        /// anywhere.
        func extendedRegexEnd(from start: Int, hashes: Int) -> Int? {
            var position = start
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "/"), self.hashes(from: position + 1) >= hashes { return position }
                position += 1
            }
            return nil
        }

        func matches(_ word: String, at offset: Int) -> Bool {
            var position = offset
            for expected in word.utf8 {
                guard byte(at: position) == expected else { return false }
                position += 1
            }
            guard let next = byte(at: position) else { return true }
            return !(next == UInt8(ascii: "_") || (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
                || next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
        }

        mutating func openString(hashes: Int, at quote: Int) {
            let multiline = byte(at: quote + 1) == UInt8(ascii: "\"") && byte(at: quote + 2) == UInt8(ascii: "\"")
            frames.append(.string(hashes: hashes, multiline: multiline))
            index = quote + (multiline ? 3 : 1)
        }

        mutating func push(_ bracket: UInt8, at offset: Int) -> (Int, String)? {
            open.append((bracket, offset))
            if bracket == UInt8(ascii: "[") { squareDepth += 1 }
            if open.count > limits.maximumDepth {
                return (offset, "brackets nest more than \(limits.maximumDepth) deep")
            }
            if squareDepth > limits.maximumSquareBracketDepth {
                return (offset, "square brackets nest more than \(limits.maximumSquareBracketDepth) deep")
            }
            return nil
        }

        /// A closing bracket closes the innermost open one of its kind (and whatever was
        /// left open inside it), never one opened outside the interpolation it is in. A `)`
        /// with no `(` open inside an interpolation ends it, as swift-syntax reads it: the
        /// interpolation closes at the first `)` that balances its parentheses.
        mutating func close(_ bracket: UInt8) {
            let opener: UInt8 = bracket == UInt8(ascii: ")") ? UInt8(ascii: "(") : bracket == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
            var floor = 0
            var interpolation = false
            if case .interpolation(let openBefore) = frames.last { (floor, interpolation) = (openBefore + 1, true) }
            if let match = open[floor...].lastIndex(where: { $0.byte == opener }) {
                truncate(to: match)
            } else if interpolation, bracket == UInt8(ascii: ")") {
                truncate(to: floor - 1)
                frames.removeLast()
            }
        }

        /// Pops every bracket from `count` up.
        mutating func truncate(to count: Int) {
            while open.count > count {
                if open.removeLast().byte == UInt8(ascii: "[") { squareDepth -= 1 }
            }
        }
    }
}
