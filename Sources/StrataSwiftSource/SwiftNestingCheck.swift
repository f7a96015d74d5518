import StrataCore

/// Whether Swift text is safe to hand to swift-syntax's parser, checked in one pass.
///
/// swift-syntax decides some ambiguities by looking ahead, and its look-ahead neither
/// honours the parser's nesting limit nor remembers what it tried: 10,000 nested `[` in a
/// manifest overflowed the stack, 22 nested `[` took 25 s (each level tries an inline-array
/// type, then a type, doubling the work), and 320 unclosed `(` took over a minute. The
/// parser also recurses once per link of some chains that open no bracket (`try try …`,
/// `Array<Array<…`, `() -> () -> …`, `a ? b ? … : c : d`, `else if …`): 1,400 of them
/// overflowed the stack. Real code nests nowhere near these limits; text that does is
/// refused before it is parsed.
package struct SwiftNestingCheck: Sendable {
    /// The figures, each a `ReadingLimit` of the reader that runs the check (a manifest's or
    /// a source's, so the diagnostic says which).
    package struct Limits: Sendable {
        /// Brackets of every kind (and interpolations) open at once.
        package var brackets: ReadingLimit
        /// Square brackets open at once, the case whose look-ahead doubles per level.
        package var squareBrackets: ReadingLimit
        /// Brackets still open at the end of the text, which send the parser into recovery.
        package var unclosed: ReadingLimit
        /// `#if` blocks open at once.
        package var conditionals: ReadingLimit
        /// Links of one chain the parser follows by recursion without a bracket.
        package var chain: ReadingLimit
        /// `else if` in one chain.
        package var elseIfChain: ReadingLimit

        package static let manifest = Limits(
            brackets: ReadingLimits.manifestBrackets, squareBrackets: ReadingLimits.manifestSquareBrackets,
            unclosed: ReadingLimits.manifestUnclosedBrackets, conditionals: ReadingLimits.manifestConditionals,
            chain: ReadingLimits.manifestChain, elseIfChain: ReadingLimits.manifestElseIfChain
        )
        package static let source = Limits(
            brackets: ReadingLimits.sourceBrackets, squareBrackets: ReadingLimits.sourceSquareBrackets,
            unclosed: ReadingLimits.sourceUnclosedBrackets, conditionals: ReadingLimits.sourceConditionals,
            chain: ReadingLimits.sourceChain, elseIfChain: ReadingLimits.sourceElseIfChain
        )
    }

    package var limits: Limits

    package var maximumDepth: Int { limits.brackets.maximum }
    package var maximumSquareBracketDepth: Int { limits.squareBrackets.maximum }
    package var maximumUnclosed: Int { limits.unclosed.maximum }
    package var maximumConditionalDepth: Int { limits.conditionals.maximum }
    package var maximumChain: Int { limits.chain.maximum }
    package var maximumElseIfChain: Int { limits.elseIfChain.maximum }

    /// Why the text would not be parsed, and where: the bracket, interpolation, link or
    /// `#if` past the limit.
    package struct Excess: Equatable, Sendable {
        package var reason: String
        package var line: Int
        package var column: Int
        /// The limit passed (nil only in comparisons written by hand).
        package var limit: ReadingLimit?

        package init(reason: String, line: Int, column: Int, limit: ReadingLimit? = nil) {
            self.reason = reason
            self.line = line
            self.column = column
            self.limit = limit
        }

        package static func == (lhs: Excess, rhs: Excess) -> Bool {
            (lhs.reason, lhs.line, lhs.column) == (rhs.reason, rhs.line, rhs.column)
        }

        /// The located error, `<reader>.too-deep`, for the file at `path`.
        package func diagnostic(path: String, _ consequence: String) -> Diagnostic {
            let id = limit?.id ?? "source.too-deep"
            return .error(id, "\(reason); \(consequence)", at: SourceLocation(path: path, line: line, column: column))
        }
    }

    package init(limits: Limits = .manifest) {
        self.limits = limits
    }

    package func check(_ text: String) -> Excess? {
        var text = text
        return text.withUTF8 { check($0) }
    }

    package func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        var scanner = Scanner(bytes: bytes, limits: self)
        guard let (offset, reason, limit) = scanner.run() else { return nil }
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return Excess(reason: reason, line: line, column: offset - lineStart + 1, limit: limit)
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

        /// Per bracket level (the text's top level first), the chains being read there.
        var chains: [Chain] = [Chain()]

        enum Frame {
            case string(hashes: Int, multiline: Bool)
            case interpolation(openBefore: Int)
        }

        /// Where a limit was passed, why, and which.
        typealias Found = (Int, String, ReadingLimit)

        /// Chains the parser follows by recursion at one bracket level, each counted until
        /// a token that cannot continue it.
        struct Chain {
            /// Prefix keywords in a row: `try await try …`.
            var keywords = 0
            /// Generic `<` not yet closed by `>`: `Array<Array<…`.
            var angles = 0
            /// `->` of one type: `() -> () -> …`.
            var arrows = 0
            /// `?` of a ternary not yet closed by its `:`: `a ? b ? … : c : d`.
            var ternaries = 0
            /// `else if` in a row.
            var elseIfs = 0
            var lastWordWasElse = false

            /// A declaration or statement starts: no type or condition continues past it.
            mutating func endStatement() {
                angles = 0
                arrows = 0
                ternaries = 0
            }
        }

        /// Keywords the parser reads an operand after by recursion.
        static let prefixKeywords: Set<[UInt8]> = Set(
            [
                "try", "await", "copy", "consume", "each", "repeat", "some", "any", "inout", "borrowing", "consuming",
                "isolated", "sending", "__shared", "__owned", "_const", "unsafe"
            ].map { Array($0.utf8) })
        /// Keywords that start a declaration or statement: no type or expression chain
        /// continues past them.
        static let statementKeywords: Set<[UInt8]> = Set(
            [
                "let", "var", "func", "return", "case", "typealias", "if", "guard", "for", "while", "init", "subscript",
                "struct", "class", "enum", "protocol", "extension", "import", "actor", "switch", "do", "throw", "defer"
            ].map { Array($0.utf8) })

        init(bytes: UnsafeBufferPointer<UInt8>, limits: SwiftNestingCheck) {
            self.bytes = bytes
            self.limits = limits
        }

        mutating func run() -> Found? {
            while index < bytes.count {
                if case .string(let hashes, let multiline) = frames.last {
                    if let excess = readString(hashes: hashes, multiline: multiline) { return excess }
                } else if let excess = readCode() {
                    return excess
                }
            }
            if open.count > limits.maximumUnclosed {
                return (
                    open[limits.maximumUnclosed].offset,
                    "\(open.count) brackets are never closed (at most \(limits.maximumUnclosed))",
                    limits.limits.unclosed
                )
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
        mutating func readString(hashes: Int, multiline: Bool) -> Found? {
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
                let closes =
                    !multiline
                    || (byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\""))
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
        mutating func readCode() -> Found? {
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
                } else if byte(at: index + count) == UInt8(ascii: "/"),
                    let end = extendedRegexEnd(from: index + count + 1, hashes: count)
                {
                    // `#/…/#`, which swift-syntax always reads as a regex literal; brackets in
                    // it are counted, quotes open nothing.
                    literalUntil = end
                    index += count + 1
                } else if lineStart, matches("#if", at: index) {
                    conditionalDepth += 1
                    if conditionalDepth > limits.maximumConditionalDepth {
                        return (
                            index, "#if blocks nest more than \(limits.maximumConditionalDepth) deep",
                            limits.limits.conditionals
                        )
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
                chains[chains.count - 1].lastWordWasElse = false
            default:
                return readChainToken(current)
            }
            return nil
        }

        /// A word, an operator or other punctuation: the chains it continues or ends.
        mutating func readChainToken(_ current: UInt8) -> Found? {
            let start = index
            var chain = chains[chains.count - 1]
            defer { chains[chains.count - 1] = chain }
            if Self.isWordByte(current) {
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                let word = Array(bytes[start..<index])
                let wasElse = chain.lastWordWasElse
                chain.lastWordWasElse = word == Self.elseWord
                if Self.prefixKeywords.contains(word) {
                    chain.keywords += 1
                    return chainCheck(chain.keywords, at: start, "prefix keywords follow each other")
                }
                chain.keywords = 0
                if word == Self.ifWord {
                    chain.elseIfs = wasElse ? chain.elseIfs + 1 : 0
                    if chain.elseIfs > limits.maximumElseIfChain {
                        return (
                            start, "more than \(limits.maximumElseIfChain) `else if` follow each other",
                            limits.limits.elseIfChain
                        )
                    }
                }
                if Self.statementKeywords.contains(word) { chain.endStatement() }
                return nil
            }
            chain.keywords = 0
            chain.lastWordWasElse = false
            guard Self.isOperatorByte(current) else {
                index += 1
                switch current {
                case UInt8(ascii: ":"): chain.ternaries = max(0, chain.ternaries - 1)
                case UInt8(ascii: ";"): chain.endStatement()
                case UInt8(ascii: ","): chain.arrows = 0
                default: break
                }
                return nil
            }
            while index < bytes.count, Self.isOperatorByte(bytes[index]) { index += 1 }
            let length = index - start
            let before = start > 0 ? bytes[start - 1] : UInt8(ascii: " ")
            switch (current, length) {
            case (UInt8(ascii: "<"), 1) where Self.isWordByte(before) || before == UInt8(ascii: ">"):
                chain.angles += 1
                return chainCheck(chain.angles, at: start, "generic `<` nest")
            case (UInt8(ascii: "?"), 1)
            where before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || isLineEnd(before):
                chain.ternaries += 1
                return chainCheck(chain.ternaries, at: start, "`?` of conditional expressions nest")
            case (UInt8(ascii: "-"), 2) where bytes[start + 1] == UInt8(ascii: ">"):
                chain.arrows += 1
                return chainCheck(chain.arrows, at: start, "`->` follow each other in one type")
            case (UInt8(ascii: ">"), _):
                var closing = 0
                while closing < length, bytes[start + closing] == UInt8(ascii: ">") { closing += 1 }
                chain.angles = max(0, chain.angles - closing)
            case (UInt8(ascii: "="), 1), (UInt8(ascii: "&"), 2), (UInt8(ascii: "|"), 2), (UInt8(ascii: "="), 2):
                chain.angles = 0
                chain.arrows = 0
            default:
                break
            }
            return nil
        }

        func chainCheck(_ count: Int, at offset: Int, _ what: String) -> Found? {
            guard count > limits.maximumChain else { return nil }
            return (offset, "more than \(limits.maximumChain) \(what)", limits.limits.chain)
        }

        static let elseWord = Array("else".utf8)
        static let ifWord = Array("if".utf8)

        /// A byte of an identifier, keyword or number (any non-ASCII byte included).
        static func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// A byte of an operator (`/` and `.` are read elsewhere).
        static func isOperatorByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
                UInt8(ascii: "%"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
                UInt8(ascii: "~"),
                UInt8(ascii: "?"):
                true
            default:
                false
            }
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
            return
                !(next == UInt8(ascii: "_") || (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
                || next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
        }

        mutating func openString(hashes: Int, at quote: Int) {
            let multiline = byte(at: quote + 1) == UInt8(ascii: "\"") && byte(at: quote + 2) == UInt8(ascii: "\"")
            frames.append(.string(hashes: hashes, multiline: multiline))
            index = quote + (multiline ? 3 : 1)
        }

        mutating func push(_ bracket: UInt8, at offset: Int) -> Found? {
            if bracket == UInt8(ascii: "{") { chains[chains.count - 1].endStatement() }
            chains[chains.count - 1].keywords = 0
            chains[chains.count - 1].lastWordWasElse = false
            open.append((bracket, offset))
            chains.append(Chain())
            if bracket == UInt8(ascii: "[") { squareDepth += 1 }
            if open.count > limits.maximumDepth {
                return (offset, "brackets nest more than \(limits.maximumDepth) deep", limits.limits.brackets)
            }
            if squareDepth > limits.maximumSquareBracketDepth {
                return (
                    offset, "square brackets nest more than \(limits.maximumSquareBracketDepth) deep",
                    limits.limits.squareBrackets
                )
            }
            return nil
        }

        /// A closing bracket closes the innermost open one of its kind (and whatever was
        /// left open inside it), never one opened outside the interpolation it is in. A `)`
        /// with no `(` open inside an interpolation ends it, as swift-syntax reads it: the
        /// interpolation closes at the first `)` that balances its parentheses.
        mutating func close(_ bracket: UInt8) {
            let opener: UInt8 =
                bracket == UInt8(ascii: ")")
                ? UInt8(ascii: "(") : bracket == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
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
                chains.removeLast()
            }
        }
    }
}
