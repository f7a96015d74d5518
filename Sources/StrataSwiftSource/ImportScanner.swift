import StrataCore

/// Finds the `import` declarations of a Swift file without parsing it: a small lexer that
/// knows Swift's comments (nested), string literals (multi-line, raw, interpolated),
/// `#if` directives and bracket depth, which is all it takes to tell an import from text
/// that only looks like one. It runs over every source file on every build, so it trades
/// a full parse (swift-syntax) for speed; `make accuracy` checks it agrees with
/// swift-syntax's parser on every file of the real packages on the machine.
//
// CHECK: The lexer changes. IF: It reads a form it skipped before, or skips one it read.
// THEN: Run `make accuracy`, and keep its agreement with swift-syntax at 100%.
// ID: import-scanner-changes-run-accuracy
// APPLIES_TO: StrataSwiftSource
package struct ImportScanner: Sendable {
    package init() {}

    /// String interpolations nested deeper than this end the reading with an error: the
    /// lexer follows them by recursion, and 20,000 of them ran out of stack.
    package static var maximumInterpolationDepth: Int { ReadingLimits.sourceInterpolations.maximum }

    package func imports(in text: String, path: String) throws(Diagnostic) -> [SwiftImport] {
        try imports(in: Array(text.utf8), path: path)
    }

    /// The same, straight from a file's bytes (UTF-8), without making a String first.
    package func imports(in bytes: [UInt8], path: String) throws(Diagnostic) -> [SwiftImport] {
        let (found, problem) = bytes.withUnsafeBufferPointer { buffer in
            var lexer = ImportLexer(bytes: buffer, path: path)
            return (lexer.run(), lexer.tooDeep)
        }
        if let problem { throw Self.tooDeep(at: problem) }
        return found
    }

    /// Every comment of the file, in order, found by the same lexer (so `"// x"` in a
    /// string is not a comment). Unlike imports, this reads the whole file.
    package func comments(in bytes: [UInt8], path: String) throws(Diagnostic) -> [SourceComment] {
        let (found, problem) = bytes.withUnsafeBufferPointer { buffer in
            var lexer = ImportLexer(bytes: buffer, path: path)
            lexer.comments = []
            _ = lexer.run()
            return (lexer.comments ?? [], lexer.tooDeep)
        }
        if let problem { throw Self.tooDeep(at: problem) }
        return found
    }

    static func tooDeep(at location: StrataCore.SourceLocation) -> Diagnostic {
        ReadingLimits.sourceInterpolations.exceeded(
            at: location,
            "string interpolations nest more than \(maximumInterpolationDepth) deep here; Strata reads no further "
                + "in this file"
        )
    }
}

/// A comment as written: `// …`, `/// …`, `/* … */` or `/** … */`, with where it starts.
package struct SourceComment: Hashable, Sendable {
    package var text: String
    package var location: StrataCore.SourceLocation
    package var isBlock: Bool

    package init(text: String, location: StrataCore.SourceLocation, isBlock: Bool) {
        self.text = text
        self.location = location
        self.isBlock = isBlock
    }
}

private let accessLevels: [[UInt8]] = ["public", "package", "internal", "fileprivate", "private", "open"].map {
    Array($0.utf8)
}
private let importKeyword = Array("import".utf8)
private let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

private struct ImportLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    /// One entry per open `#if`: the conditions of its earlier clauses and the current one.
    var directives: [(previous: [String], current: String)] = []
    var pendingAttributes: [String] = []
    var pendingAccess: String?
    var pendingStart: SourceLocation?
    /// An `#if` that may hold only attributes of the declaration after its `#endif`
    /// (`#if compiler(>=6.4) @diagnose(…) #endif import X`): its nesting level and position.
    var prefixDirective: (level: Int, start: SourceLocation)?
    /// Where such an `#if` started, once its `#endif` is passed: the declaration starts there.
    var afterDirective: SourceLocation?
    var previousWasDot = false
    var found: [SwiftImport] = []
    /// Comments, when they are being collected (nil: they are only skipped).
    var comments: [SourceComment]?
    /// Where the last collected comment ended: the import reader looks ahead and may pass
    /// over the same comment twice.
    var collectedUpTo = 0
    /// How many interpolations the lexer is inside, and where one went too deep.
    var interpolationDepth = 0
    var tooDeep: SourceLocation?

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func run() -> [SwiftImport] {
        // No token after the last occurrence of the word "import" can be an import, so
        // lexing stops there: in most files that is a few lines from the top.
        let limit: Int
        if comments != nil {
            limit = bytes.count
        } else {
            guard let last = lastOccurrence(of: importKeyword) else { return [] }
            limit = last + importKeyword.count
        }
        while index < limit {
            lexToken(topLevel: true)
        }
        return found
    }

    /// Where `word` last occurs in the file as a whole word: not inside a longer ASCII
    /// identifier ("imports", "reimport"), which no keyword can be. Every file is searched
    /// from its end, so eight bytes are tested at a time for the word's first letter.
    func lastOccurrence(of word: [UInt8]) -> Int? {
        guard bytes.count >= word.count, let first = word.first, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // A match is ruled out only where the lexer would read it into a longer identifier:
        // after a byte that starts one (a letter, `_`, `$`), or before one that continues
        // one. A digit before it is not such a byte (the lexer reads `1import` as `1` and
        // then `import`), nor is a non-ASCII one: when unsure, the match stands, and only
        // costs lexing further.
        func matches(at position: Int) -> Bool {
            var offset = 1
            while offset < word.count, bytes[position + offset] == word[offset] { offset += 1 }
            guard offset == word.count else { return false }
            if position > 0, isIdentifierStart(bytes[position - 1]) { return false }
            let after = position + word.count
            return after == bytes.count || !isIdentifierContinue(bytes[after])
        }
        var position = bytes.count - word.count
        // Byte by byte until the rest is a whole number of eight-byte chunks.
        while position >= 0, (position + 1) % 8 != 0 {
            if bytes[position] == first, matches(at: position) { return position }
            position -= 1
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let firstPattern = ones &* UInt64(first)
        // The first two letters together ("im"): a lone "i" is in most chunks of code.
        let secondPattern = ones &* UInt64(word.count > 1 ? word[1] : first)  // (one-letter words skip the chunks)
        while word.count > 1, position >= 7 {
            let here = raw.loadUnaligned(fromByteOffset: position - 7, as: UInt64.self) ^ firstPattern
            let next = raw.loadUnaligned(fromByteOffset: position - 6, as: UInt64.self) ^ secondPattern
            // A zero byte in `here` is a byte equal to the first letter, in `next` one whose
            // following byte is the second (the has-zero test; a false hit is checked below).
            if (here &- ones) & ~here & high & (next &- ones) & ~next != 0 {
                for candidate in stride(from: position, through: position - 7, by: -1)
                where bytes[candidate] == first && matches(at: candidate) {
                    return candidate
                }
            }
            position -= 8
        }
        while position >= 0 {
            if bytes[position] == first, matches(at: position) { return position }
            position -= 1
        }
        return nil
    }

    // MARK: Tokens

    /// Reads one token. At the top level (not inside an interpolation) it also tracks
    /// declarations; inside interpolations it only needs to find the closing parenthesis.
    mutating func lexToken(topLevel: Bool) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"):
            newline(at: index)
            index += 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
            index += 1
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            skipLineComment()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "\""):
            skipString(hashes: 0)
            significant()
        case UInt8(ascii: "#"):
            lexHash(topLevel: topLevel)
        case UInt8(ascii: "`"):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
            significant()
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            index += 1
            significant()
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            depth = max(0, depth - 1)
            index += 1
            significant()
        case UInt8(ascii: "@"):
            index += 1
            if topLevel, depth == 0, index < bytes.count, isIdentifierStart(bytes[index]) {
                let start = location(of: index - 1)
                let name = readIdentifier()
                var attribute = "@" + name
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    attribute += readBalancedParentheses()
                }
                if pendingStart == nil { pendingStart = start }
                pendingAttributes.append(attribute)
                previousWasDot = false
            } else {
                significant()
            }
        case UInt8(ascii: "."):
            index += 1
            significant()
            previousWasDot = true
        default:
            if isIdentifierStart(byte) {
                let start = index
                skipIdentifier()
                if topLevel { identifier(start..<index) } else { significant() }
            } else if byte >= 0x80 {
                // A non-ASCII identifier character or symbol: skip the whole scalar.
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                significant()
            } else {
                index += 1
                significant()
            }
        }
    }

    /// Anything that is not part of an import's prefix ends a pending prefix.
    mutating func significant() {
        pendingAttributes = []
        pendingAccess = nil
        pendingStart = nil
        prefixDirective = nil
        afterDirective = nil
        previousWasDot = false
    }

    /// An identifier or keyword at the top level. Most are neither `import` nor an access
    /// level, so they are compared as bytes and never turned into strings.
    mutating func identifier(_ range: Range<Int>) {
        guard depth == 0, !previousWasDot else {
            significant()
            return
        }
        if equals(range, importKeyword) {
            readImport(startingAt: range.lowerBound)
            return
        }
        if let level = accessLevels.first(where: { equals(range, $0) }) {
            if pendingStart == nil { pendingStart = location(of: range.lowerBound) }
            pendingAccess = String(decoding: level, as: UTF8.self)
            previousWasDot = false
            return
        }
        significant()
    }

    func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var offset = 0
        for position in range {
            if bytes[position] != word[offset] { return false }
            offset += 1
        }
        return true
    }

    mutating func readImport(startingAt start: Int) {
        let startLocation = (prefixDirective == nil ? afterDirective : nil) ?? pendingStart ?? location(of: start)
        let attributes = pendingAttributes
        let access = pendingAccess
        significant()
        skipTrivia()
        var kind: String?
        var components: [String] = []
        let save = (index, line, lineStart)
        if index < bytes.count, isIdentifierStart(bytes[index]) {
            let word = readIdentifier()
            if importKinds.contains(word) {
                kind = word
                skipTrivia()
            } else {
                (index, line, lineStart) = save
            }
        }
        while index < bytes.count {
            guard let component = readPathComponent() else { break }
            components.append(component)
            let afterComponent = (index, line, lineStart)
            skipTrivia()
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                skipTrivia()
            } else {
                (index, line, lineStart) = afterComponent
                break
            }
        }
        guard let module = components.first else { return }
        let conditions = directives.map { entry in
            (entry.previous.map { "!(\($0))" } + (entry.current.isEmpty ? [] : [entry.current])).joined(
                separator: " && ")
        }.filter { !$0.isEmpty }
        found.append(
            SwiftImport(
                module: module, path: components, declarationKind: kind, attributes: attributes,
                accessLevel: access, conditions: conditions, location: startLocation
            ))
    }

    /// An identifier, a backticked identifier, or (last in a `func` import) an operator.
    mutating func readPathComponent() -> String? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        if isIdentifierStart(byte) { return readIdentifier() }
        if byte == UInt8(ascii: "`") {
            let start = index + 1
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
                index += 1
            }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
            return name.isEmpty ? nil : name
        }
        let operatorCharacters = Set("/=-+!*%<>&|^~?".utf8)
        if operatorCharacters.contains(byte) {
            let start = index
            while index < bytes.count, operatorCharacters.contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        return nil
    }

    // MARK: `#` tokens: directives, raw strings, regex literals

    mutating func lexHash(topLevel: Bool) {
        var hashes = 0
        while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let next = peek(hashes)
        if next == UInt8(ascii: "\"") {
            index += hashes
            skipString(hashes: hashes)
            significant()
            return
        }
        if next == UInt8(ascii: "/") {
            index += hashes
            skipExtendedRegex(hashes: hashes)
            significant()
            return
        }
        index += 1
        guard hashes == 1, index < bytes.count, isIdentifierStart(bytes[index]) else {
            significant()
            return
        }
        let hashLocation = location(of: index - 1)
        let word = readIdentifier()
        let closesPrefix = prefixDirective?.level == directives.count
        switch word {
        case "if":
            directives.append((previous: [], current: readDirectiveCondition()))
            if topLevel, depth == 0, pendingAttributes.isEmpty, pendingAccess == nil, prefixDirective == nil {
                prefixDirective = (directives.count, afterDirective ?? hashLocation)
            }
        case "elseif", "else":
            if var top = directives.popLast() {
                top.previous.append(top.current)
                top.current = word == "else" ? "" : readDirectiveCondition()
                directives.append(top)
            }
            if closesPrefix { dropConditionalAttributes() }
        case "endif":
            _ = directives.popLast()
            if closesPrefix, let prefix = prefixDirective {
                dropConditionalAttributes()
                prefixDirective = nil
                afterDirective = prefix.start
            }
        default:
            significant()
            return
        }
        // A directive does not end a pending `@attribute` prefix on the line before.
    }

    /// Attributes inside an `#if` before a declaration apply only when it holds; they are
    /// not recorded, as swift-syntax does not list them among the declaration's attributes.
    mutating func dropConditionalAttributes() {
        pendingAttributes = []
        pendingAccess = nil
        pendingStart = nil
    }

    /// The rest of the line after `#if`/`#elseif`, without comments, spaces collapsed.
    mutating func readDirectiveCondition() -> String {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                skipLineComment()
                break
            }
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                skipBlockComment()
                text.append(UInt8(ascii: " "))
                continue
            }
            text.append(bytes[index])
            index += 1
        }
        let raw = String(decoding: text, as: UTF8.self)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    // MARK: Skipping

    mutating func skipTrivia() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                newline(at: index)
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    mutating func skipLineComment() {
        let start = index
        let startLocation = location(of: start)
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        if comments != nil, start >= collectedUpTo {
            let comment = SourceComment(text: text(start..<index), location: startLocation, isBlock: false)
            comments?.append(comment)
            collectedUpTo = index
        }
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func skipBlockComment() {
        let start = index
        let startLocation = location(of: start)
        defer {
            if comments != nil, start >= collectedUpTo {
                let comment = SourceComment(text: text(start..<index), location: startLocation, isBlock: true)
                comments?.append(comment)
                collectedUpTo = index
            }
        }
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
                index += 1
            }
        }
    }

    /// Skips a string literal whose opening quote is at `index` (after any `#`s).
    mutating func skipString(hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hashesFollow(hashes, at: index + 1) {
                let afterEscape = index + 1 + hashes
                if afterEscape < bytes.count, bytes[afterEscape] == UInt8(ascii: "(") {
                    index = afterEscape + 1
                    skipInterpolation()
                } else {
                    index = afterEscape
                    if index < bytes.count {
                        if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
                        index += 1
                    }
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let closes = multiline ? (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) : true
                let quoteLength = multiline ? 3 : 1
                if closes && hashesFollow(hashes, at: index + quoteLength) {
                    index += quoteLength + hashes
                    return
                }
            }
            if byte == UInt8(ascii: "\n") {
                newline(at: index)
                if !multiline {
                    index += 1
                    return
                }  // unterminated: stop at the line end
            }
            index += 1
        }
    }

    /// Skips `\( … )` up to its matching parenthesis, including nested strings.
    mutating func skipInterpolation() {
        guard interpolationDepth < ImportScanner.maximumInterpolationDepth else {
            if tooDeep == nil { tooDeep = location(of: index - 2) }
            index = bytes.count
            return
        }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        let outerDepth = depth
        depth = 0
        var nesting = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") { nesting += 1 }
            if byte == UInt8(ascii: ")") {
                nesting -= 1
                if nesting == 0 {
                    index += 1
                    break
                }
            }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
                index += 1
                continue
            }
            lexToken(topLevel: false)
        }
        depth = outerDepth
    }

    mutating func skipExtendedRegex(hashes: Int) {
        index += 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), hashesFollow(hashes, at: index + 1) {
                index += 1 + hashes
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
            index += 1
        }
    }

    func hashesFollow(_ count: Int, at position: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    /// `(…)` after an attribute name, returned as written with whitespace removed.
    mutating func readBalancedParentheses() -> String {
        var text: [UInt8] = []
        var nesting = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { newline(at: index) }
            if byte == UInt8(ascii: "(") { nesting += 1 }
            if byte == UInt8(ascii: ")") { nesting -= 1 }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\t"),
                byte != UInt8(ascii: "\r")
            {
                text.append(byte)
            }
            index += 1
            if nesting == 0 { break }
        }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: Characters and positions

    mutating func readIdentifier() -> String {
        let start = index
        skipIdentifier()
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipIdentifier() {
        while index < bytes.count, isIdentifierContinue(bytes[index]) { index += 1 }
    }

    func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
    }

    func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func newline(at position: Int) {
        line += 1
        lineStart = position + 1
    }

    func location(of position: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: position - lineStart + 1)
    }
}
