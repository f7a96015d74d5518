/// Colours Swift in one pass over its bytes, the way an editor does as you type: comments
/// (nested), strings (multi-line, raw, interpolated, to any depth, with an explicit stack),
/// numbers, attributes, `#if` lines, regular expression literals, keywords and
/// capitalised names. Words the parser makes keywords only in context (`async`, `get`,
/// `some`, `final`, …) are told by their neighbours: after `.` or `let` they are names,
/// before another word or a `{` they are keywords. ``SyntaxHighlighter`` is the reference
/// it is measured against.
struct SwiftHighlightLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var runs: [HighlightRun] = []
    private var index = 0

    /// What came before the current token, as far as the next token's meaning depends on it.
    private enum Previous {
        /// The start of the text or of a line after an operator, a `(`, a `,`, a keyword:
        /// a `/` here starts a regular expression.
        case other
        /// A value: a name, a literal, `)`, `]`, `}`; a `/` after it divides.
        case value
        /// A `.`: the next word is a member, whatever its spelling.
        case dot
        /// `let`, `var`, `func`, `case` and the like: the next word is a name being declared.
        case declarer
    }

    private var previous = Previous.other
    /// Strings whose interpolation is being read, innermost last.
    private var openStrings: [(pounds: Int, multiline: Bool, outerDepth: Int)] = []
    /// `(` open since the innermost interpolation began (or since the start).
    private var parenDepth = 0
    /// Open brackets, innermost last: a reserved word before `:` inside `(` is a label.
    private var brackets: [UInt8] = []
    /// Inside the condition of an `#if` or `#elseif`, until the end of its line.
    private var inCondition = false
    /// `@available` or `#available` was just read: its `(` opens a list of platforms.
    private var availabilityPending = false
    /// How many brackets are open inside an availability list (`macOS 14` is a keyword and
    /// a version, not a name and a number); nil outside one.
    private var availabilityDepth: Int?
    /// The next word is in a type's place (after `->`, a declaration's `:`, `typealias X =`):
    /// a type even in lower case (`stat`, `mode_t`).
    private var expectType = false
    /// The last word was the name a `let`, `var`, `func` or `typealias` declares.
    private var declaredName: SwiftWords.DeclaredName?
    /// Brackets open inside a function's parameter list: a `:` there is followed by a type.
    private var parameterDepth: Int?
    /// A `func` name, `init` or `subscript` was read: the next `(` opens parameters.
    private var parametersPending = false
    /// The declarer just read, as the name it declares will be.
    private var lastDeclarer: SwiftWords.DeclaredName?
    /// Searches that found no close, kept so that none is made twice over the same text:
    /// no bare regular expression closes before this offset's line end, …
    private var noBareRegexCloseBefore = 0
    /// … no `/#`-style close follows this offset (for this many `#` or more), …
    private var noExtendedRegexClose: (from: Int, pounds: Int)?
    /// … no `#>` closes a placeholder before this offset, …
    private var noPlaceholderCloseBefore = 0
    /// … no `>` closes an attribute's `<` before this offset, …
    private var noAttributeArgumentsCloseBefore = 0
    /// … and no `'` closes a quoted character before this offset.
    private var noQuoteCloseBefore = 0
    /// The most `#`s an extended regular expression's delimiter is read with.
    private static let longestRegexDelimiter = 8
    /// The last byte of the last token that was neither white space nor a comment.
    private var lastSignificant: UInt8 = 0
    /// `<` open in a function's generic parameters (`func f<T: P>(`), whose `(` still opens
    /// its parameters.
    private var genericDepth = 0
    /// The last word was coloured as a type: a `<` right after it opens generic arguments.
    private var lastWordWasType = false
    /// The last word was `for`: the next is the loop's name (`for package in`).
    private var previousWasFor = false
    /// Just after a `(`, `[` or `,`: a word here may be an argument's label.
    private var atArgumentStart = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func runs(_ code: UnsafeBufferPointer<UInt8>) -> [HighlightRun] {
        var lexer = SwiftHighlightLexer(bytes: code)
        lexer.run()
        return lexer.runs
    }

    private mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            let isInsignificant =
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
                || (byte == ascii("/") && index + 1 < bytes.count
                    && (bytes[index + 1] == ascii("/") || bytes[index + 1] == ascii("*")))
            defer { if !isInsignificant, index > 0 { lastSignificant = bytes[index - 1] } }
            let wasArgumentStart = atArgumentStart
            let wasAvailabilityPending = availabilityPending
            let wasTypeExpected = expectType
            let wasDeclaredName = declaredName
            let wereParametersPending = parametersPending
            let wasTypeWord = lastWordWasType
            lastWordWasType = false
            atArgumentStart = false
            availabilityPending = false
            expectType = false
            declaredName = nil
            parametersPending = false
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x0A:
                if byte == 0x0A { newline() } else { index += 1 }
                atArgumentStart = wasArgumentStart
                availabilityPending = wasAvailabilityPending
                // A type's place ends with its line.
                expectType = wasTypeExpected && byte != 0x0A
                declaredName = wasDeclaredName
                parametersPending = wereParametersPending
            case ascii(","):
                index += 1
                previous = .other
                atArgumentStart = true
                parametersPending = wereParametersPending
            case ascii("/"):
                slash()
            case ascii("\""):
                string(start: index, pounds: 0)
            case ascii("#"):
                pound()
            case ascii("@"):
                attribute()
            case ascii("`"):
                backtickedName()
            case ascii("$"):
                let start = index
                index += 1
                while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
                // `#if $Embedded`: a compiler feature, part of the condition.
                if inCondition { emit(.directive, start, index) }
                previous = .value
            case ascii("0")...ascii("9"):
                number()
            case ascii("("), ascii("["), ascii("{"):
                if byte == ascii("(") { parenDepth += 1 }
                brackets.append(byte)
                index += 1
                previous = .other
                atArgumentStart = byte != ascii("{")
                if byte == ascii("("), wasAvailabilityPending { availabilityDepth = brackets.count }
                if byte == ascii("("), wereParametersPending { parameterDepth = brackets.count }
                genericDepth = 0
                // `: [stat]`, `-> (mode_t, uid_t)`: still a type's place.
                expectType = wasTypeExpected && byte != ascii("{")
            case ascii(")"):
                if parenDepth == 0, !openStrings.isEmpty {
                    closeInterpolation()
                } else {
                    parenDepth = max(0, parenDepth - 1)
                    closeBracket()
                }
            case ascii("]"), ascii("}"):
                closeBracket()
            case ascii("."):
                var end = index + 1
                while end < bytes.count, bytes[end] == ascii(".") { end += 1 }
                // `...` and `..<` are operators; one dot reaches a member.
                previous = end - index == 1 ? .dot : .other
                index = end
            case ascii("<") where index + 1 < bytes.count && bytes[index + 1] == ascii("#"):
                placeholder()
            case ascii("'"):
                quotedCharacter()
            default:
                if Self.isNameStart(byte) {
                    word(atArgumentStart: wasArgumentStart, typeExpected: wasTypeExpected)
                } else {
                    // An operator or punctuation: plain.
                    index += 1
                    previous = .other
                    if byte == ascii(":") {
                        expectType =
                            wasDeclaredName == .value || (parameterDepth != nil && parameterDepth == brackets.count)
                    } else if byte == ascii("="), wasDeclaredName == .alias {
                        expectType = true
                    } else if byte == ascii("-"), index < bytes.count, bytes[index] == ascii(">") {
                        index += 1
                        expectType = true
                    } else if byte == ascii("<"), index >= 2, Self.isNameByte(bytes[index - 2]), wasTypeWord {
                        // `UnsafeMutablePointer<pthread_mutex_t>`: a type's arguments.
                        expectType = true
                    } else if byte == ascii("<"), wasDeclaredName == .function {
                        // `func f<T: P>(`: the parameters are still to come.
                        genericDepth = 1
                    } else if genericDepth > 0, byte == ascii("<") {
                        genericDepth += 1
                    } else if genericDepth > 0, byte == ascii(">") {
                        genericDepth -= 1
                        parametersPending = genericDepth == 0
                    }
                }
            }
        }
    }

    // MARK: - Runs

    private mutating func emit(_ kind: HighlightKind, _ start: Int, _ end: Int) {
        guard start < end else { return }
        if let last = runs.last, last.kind == kind, last.end == start {
            runs[runs.count - 1].end = end
        } else {
            runs.append(HighlightRun(kind: kind, start: start, end: end))
        }
    }

    // MARK: - Tokens

    private mutating func newline() {
        index += 1
        inCondition = false
        // A single-line string cannot go on past its line, even from inside an
        // interpolation: the snippet is broken, and what follows is code again.
        while let last = openStrings.last, !last.multiline {
            openStrings.removeLast()
            parenDepth = last.outerDepth
        }
    }

    private mutating func closeBracket() {
        if !brackets.isEmpty { brackets.removeLast() }
        if let depth = availabilityDepth, brackets.count < depth { availabilityDepth = nil }
        if let depth = parameterDepth, brackets.count < depth { parameterDepth = nil }
        index += 1
        previous = .value
    }

    private mutating func slash() {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == ascii("/") {
            let start = index
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            emit(.comment, start, index)
        } else if next == ascii("*") {
            blockComment()
        } else if previous != .value, previous != .dot, let end = regexEnd(from: index + 1, pounds: 0) {
            emit(.string, index, end)
            index = end
            previous = .value
        } else {
            index += 1
            previous = .other
        }
    }

    /// `/* … */`, nested as Swift nests them; unclosed, it runs to the end.
    private mutating func blockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == ascii("/"), index + 1 < bytes.count, bytes[index + 1] == ascii("*") {
                depth += 1
                index += 2
            } else if bytes[index] == ascii("*"), index + 1 < bytes.count, bytes[index + 1] == ascii("/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                index += 1
            }
        }
        emit(.comment, start, index)
    }

    /// Where a regular expression literal that opens just before `from` ends: after its
    /// closing `/` and `pounds` `#`. A bare `/…/` is one only on one line, not starting
    /// with a space (then `/` divides); an extended `#/…/#` may span lines.
    ///
    /// A search that fails is remembered, so that a line of many `/` (or a text of many
    /// `#/`) with no close is read once, not once per `/`.
    private mutating func regexEnd(from: Int, pounds: Int) -> Int? {
        guard from < bytes.count else { return nil }
        if pounds == 0, bytes[from] == 0x20 || bytes[from] == 0x09 || bytes[from] == 0x0A { return nil }
        if pounds == 0, from < noBareRegexCloseBefore { return nil }
        if pounds > 0, let failure = noExtendedRegexClose, from >= failure.from, pounds >= failure.pounds { return nil }
        // No one writes `#########/`; a bound on the `#`s bounds the searches that can fail.
        if pounds > Self.longestRegexDelimiter { return nil }
        var position = from
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A, pounds == 0 {
                noBareRegexCloseBefore = position
                return nil
            }
            if byte == ascii("\\") {
                position += 2
                continue
            }
            if byte == ascii("/"), hasPounds(pounds, at: position + 1) {
                return position + 1 + pounds
            }
            position += 1
        }
        if pounds == 0 { noBareRegexCloseBefore = bytes.count } else { noExtendedRegexClose = (from, pounds) }
        return nil
    }

    private func hasPounds(_ count: Int, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != ascii("#") { return false }
        return true
    }

    private mutating func pound() {
        let start = index
        var end = index
        while end < bytes.count, bytes[end] == ascii("#") { end += 1 }
        let pounds = end - start
        let next = end < bytes.count ? bytes[end] : 0
        if next == ascii("\"") {
            string(start: start, pounds: pounds)
        } else if next == ascii("/"), let regexEnd = regexEnd(from: end + 1, pounds: pounds) {
            emit(.string, start, regexEnd)
            index = regexEnd
            previous = .value
        } else if pounds == 1, Self.isNameStart(next) {
            index = end
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[end..<index])
            if Self.equals(name, "if") || Self.equals(name, "elseif") {
                emit(.directive, start, index)
                inCondition = true
            } else if Self.equals(name, "else") || Self.equals(name, "endif") {
                emit(.directive, start, index)
            } else if Self.equals(name, "sourceLocation") {
                emit(.keyword, start, index)
            } else {
                // `#available`, `#selector`, `#warning`, a macro: the `#` plain and the name as
                // any name (`#Preview`'s is capitalised), as swift-syntax has them.
                availabilityPending = Self.equals(name, "available") || Self.equals(name, "unavailable")
                if bytes[end] >= ascii("A"), bytes[end] <= ascii("Z") { emit(.type, end, index) }
            }
            previous = .other
        } else {
            index = end
            previous = .other
        }
    }

    /// `@MainActor`, `@available`: the `@` and the name.
    private mutating func attribute() {
        let start = index
        index += 1
        if index < bytes.count, Self.isNameStart(bytes[index]) {
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start + 1..<index])
            if index < bytes.count, bytes[index] == ascii("<"), index >= noAttributeArgumentsCloseBefore {
                // `@RouteBuilder<Context>`: the arguments belong to the attribute's name.
                var depth = 0
                var end = index
                while end < bytes.count, bytes[end] != 0x0A {
                    if bytes[end] == ascii("<") { depth += 1 } else if bytes[end] == ascii(">") { depth -= 1 }
                    end += 1
                    if depth == 0 { break }
                }
                if depth == 0 { index = end } else { noAttributeArgumentsCloseBefore = end }
            }
            emit(.attribute, start, index)
            availabilityPending = Self.equals(name, "available") || Self.equals(name, "backDeployed")
        }
        previous = .other
    }

    /// `` `class` ``: a name, whatever its spelling; the backticks stay plain.
    private mutating func backtickedName() {
        var end = index + 1
        while end < bytes.count, bytes[end] != ascii("`"), bytes[end] != 0x0A { end += 1 }
        index = end < bytes.count && bytes[end] == ascii("`") ? end + 1 : index + 1
        previous = .value
    }

    /// `<#placeholder#>`: plain, as Xcode's placeholders are outside Xcode.
    private mutating func placeholder() {
        // A line of many `<#` without a `#>` is searched once.
        guard index >= noPlaceholderCloseBefore else {
            index += 1
            previous = .other
            return
        }
        var end = index + 2
        while end + 1 < bytes.count, bytes[end] != 0x0A, !(bytes[end] == ascii("#") && bytes[end + 1] == ascii(">")) {
            end += 1
        }
        if end + 1 < bytes.count, bytes[end] == ascii("#") {
            index = end + 2
            previous = .value
        } else {
            noPlaceholderCloseBefore = max(noPlaceholderCloseBefore, end)
            index += 1
            previous = .other
        }
    }

    /// `'a'`: not Swift, but swift-syntax reads it as a string, and so do snippets in prose.
    private mutating func quotedCharacter() {
        guard index >= noQuoteCloseBefore else {
            index += 1
            previous = .other
            return
        }
        var end = index + 1
        while end < bytes.count, bytes[end] != ascii("'"), bytes[end] != 0x0A {
            // An escape hides the next character, but never the end of the line.
            end += bytes[end] == ascii("\\") && end + 1 < bytes.count && bytes[end + 1] != 0x0A ? 2 : 1
        }
        if end >= bytes.count || bytes[end] != ascii("'") { noQuoteCloseBefore = end }
        if end < bytes.count, bytes[end] == ascii("'") {
            emit(.string, index, end + 1)
            index = end + 1
            previous = .value
        } else {
            index += 1
            previous = .other
        }
    }

    private mutating func number() {
        let start = index
        let isPrefixed =
            bytes[index] == ascii("0") && index + 1 < bytes.count
            && (bytes[index + 1] == ascii("x") || bytes[index + 1] == ascii("o") || bytes[index + 1] == ascii("b"))
        let isHex = isPrefixed && bytes[index + 1] == ascii("x")
        if isPrefixed { index += 2 }
        func isDigit(_ byte: UInt8) -> Bool {
            (byte >= ascii("0") && byte <= ascii("9")) || byte == ascii("_")
                || (isHex && ((byte >= ascii("a") && byte <= ascii("f")) || (byte >= ascii("A") && byte <= ascii("F"))))
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        // A fraction only with a digit after the dot: `1..<5` and `1.description` are not;
        // nor are `tuple.0.1` and a version's `10.15`, which are numbers between dots.
        let mayHaveFraction = previous != .dot && availabilityDepth == nil
        if mayHaveFraction, !isPrefixed || isHex, index + 1 < bytes.count, bytes[index] == ascii("."),
            bytes[index + 1] >= ascii("0"), bytes[index + 1] <= ascii("9")
        {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if !isPrefixed || isHex, index < bytes.count {
            let byte = bytes[index]
            let isExponent =
                isHex ? (byte == ascii("p") || byte == ascii("P")) : (byte == ascii("e") || byte == ascii("E"))
            if isExponent {
                var end = index + 1
                if end < bytes.count, bytes[end] == ascii("+") || bytes[end] == ascii("-") { end += 1 }
                if end < bytes.count, bytes[end] >= ascii("0"), bytes[end] <= ascii("9") {
                    index = end
                    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                }
            }
        }
        // `1st`, `0xZZ`: one malformed literal, as the compiler reads it.
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        emit(.number, start, index)
        previous = .value
    }

    // MARK: - Strings

    /// A string literal whose opening `#`s start at `start` (none for `"`); `index` is at
    /// its first quote.
    private mutating func string(start: Int, pounds: Int) {
        // A raw string's `#`s are plain, as swift-syntax has them.
        let quote = start + pounds
        var multiline = quote + 2 < bytes.count && bytes[quote + 1] == ascii("\"") && bytes[quote + 2] == ascii("\"")
        if multiline, pounds > 0 {
            // `#"""#` is a one-line string holding a `"`: a raw `"""` opens lines of text
            // only when nothing but white space follows it on its line.
            var position = quote + 3
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D
            { position += 1 }
            multiline = position >= bytes.count || bytes[position] == 0x0A
        }
        index = quote + (multiline ? 3 : 1)
        stringBody(runStart: quote, pounds: pounds, multiline: multiline)
    }

    /// Reads a string's text from `index` to its closing quote, or to an interpolation,
    /// which pushes the string and returns to code.
    private mutating func stringBody(runStart: Int, pounds: Int, multiline: Bool) {
        var runStart = runStart
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii("\\"), hasPounds(pounds, at: position + 1) {
                let afterPounds = position + 1 + pounds
                if afterPounds < bytes.count, bytes[afterPounds] == ascii("(") {
                    emit(.string, runStart, position)
                    openStrings.append((pounds, multiline, parenDepth))
                    parenDepth = 0
                    brackets.append(ascii("("))
                    index = afterPounds + 1
                    previous = .other
                    return
                }
                if multiline {
                    var lineEnd = afterPounds
                    while lineEnd < bytes.count,
                        bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 || bytes[lineEnd] == 0x0D
                    { lineEnd += 1 }
                    if lineEnd < bytes.count, bytes[lineEnd] == 0x0A {
                        // A line continued: the `\` is no part of the text.
                        emit(.string, runStart, position)
                        runStart = lineEnd
                        position = lineEnd
                        continue
                    }
                }
                // An escape: the next character is text, even a quote.
                position = min(afterPounds + 1, bytes.count)
                continue
            }
            if byte == ascii("\"") {
                let quoteLength = multiline ? 3 : 1
                if position + quoteLength <= bytes.count,
                    !multiline || (bytes[position + 1] == ascii("\"") && bytes[position + 2] == ascii("\"")),
                    hasPounds(pounds, at: position + quoteLength)
                {
                    emit(.string, runStart, position + quoteLength)
                    index = position + quoteLength + pounds
                    previous = .value
                    return
                }
            } else if byte == 0x0A, !multiline {
                break
            }
            position += 1
        }
        // Unterminated: the string ends with its line (or the text).
        emit(.string, runStart, position)
        index = position
        previous = .value
    }

    private mutating func closeInterpolation() {
        guard let string = openStrings.popLast() else { return }
        parenDepth = string.outerDepth
        if !brackets.isEmpty { brackets.removeLast() }
        index += 1
        stringBody(runStart: index, pounds: string.pounds, multiline: string.multiline)
    }

    // MARK: - Words

    private mutating func word(atArgumentStart: Bool, typeExpected: Bool) {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let isCapitalized = bytes[start] >= ascii("A") && bytes[start] <= ascii("Z")
        let role = SwiftWords.role(of: name)
        let before = previous
        let afterFor = previousWasFor
        let declarer = lastDeclarer
        previousWasFor = role == .keyword && Self.equals(name, "for")
        lastDeclarer = nil
        previous = .value
        if inCondition {
            emit(role == .valueKeyword ? .keyword : .directive, start, index)
            return
        }
        if let parameterDepth, parameterDepth == brackets.count, role != .none, role != .declarer, isColonNext() {
            // `init(_ protocol: P)`: a parameter's name, whatever its spelling.
            previous = .other
            return
        }
        if role != .none, isColonNext(), previousByteOnLine(before: start) == ascii("}") {
            // `} defer: {`: a trailing closure's label.
            previous = .other
            return
        }
        if atArgumentStart, brackets.last == ascii("(") || brackets.last == ascii("["),
            role != .none || (isCapitalized && brackets.last == ascii("(")) ? isLabel() : false
        {
            // `contains(where:)`, `func f(in module: String)`, `[key, default: []]`,
            // `GUID(Data1: 0)`: a label.
            previous = .other
            return
        }
        if before == .dot {
            // A member: `.default`, `.some`; but `.self`, `.init` and `.Type` stay keywords.
            if role == .member || SwiftWords.isMemberOnly(name) || Self.equals(name, "Self") {
                emit(.keyword, start, index)
            } else if isCapitalized {
                emit(.type, start, index)
            }
            return
        }
        if before == .declarer, role != .keyword, role != .valueKeyword, role != .declarer, role != .member {
            // The name being declared.
            declaredName = declarer
            parametersPending = declarer == .function
            if isCapitalized { emit(.type, start, index) }
            return
        }
        if let availabilityDepth, availabilityDepth == brackets.count, role == .none {
            // `macOS 14`, `deprecated`, `message:`: the availability list's own words. A
            // platform without a version (`OpenBSD, unavailable`) is a name to the parser.
            let next = nextByteSkippingSpaces()
            if (next >= ascii("0") && next <= ascii("9")) || SwiftWords.isAvailabilityWord(name) {
                emit(.keyword, start, index)
                previous = .other
                return
            }
        }
        switch role {
        case .valueKeyword:
            emit(.keyword, start, index)
        case .member:
            emit(.keyword, start, index)
            // `init(`, `subscript(`: parameters follow.
            parametersPending = Self.equals(name, "init")
        case .keyword, .declarer:
            emit(.keyword, start, index)
            previous = role == .declarer ? .declarer : .other
            // `case let n:` ends a pattern, not a declaration with a type.
            if role == .declarer, before != .declarer { lastDeclarer = SwiftWords.declaredName(name) }
            parametersPending = Self.equals(name, "subscript")
            // `inout Int`: still a type's place; `as stat`: a type's place.
            expectType =
                (typeExpected && Self.equals(name, "inout")) || Self.equals(name, "as") || Self.equals(name, "is")
        case .modifier
        where !afterFor
            && (nextIsWord(orParenthesisedDetail: true)
                || ((typeExpected || lastSignificant == ascii(":")) && nextByteSkippingSpaces() == ascii("(")))
        ,
            .effect where effectFollows(),
            .accessor where accessorFollows(name, start: start),
            .precedence where nextByteSkippingSpaces() == ascii(":") && brackets.last == ascii("{"):
            emit(.keyword, start, index)
            previous = .other
            // `some View`, `borrowing T`: still a type's place.
            expectType = typeExpected
        default:
            // In a type's place a name is a type, unless it labels a tuple's element.
            let isUnderscore = index - start == 1 && bytes[start] == ascii("_")
            if isCapitalized || (typeExpected && !isUnderscore && !isLabel()) {
                emit(.type, start, index)
                lastWordWasType = true
            }
        }
    }

    /// The byte before `start` on its line, spaces skipped; 0 at the line's start.
    private func previousByteOnLine(before start: Int) -> UInt8 {
        var position = start - 1
        while position >= 0, bytes[position] == 0x20 || bytes[position] == 0x09 { position -= 1 }
        return position >= 0 && bytes[position] != 0x0A ? bytes[position] : 0
    }

    /// A `:` follows at once (not `::`).
    private func isColonNext() -> Bool {
        index < bytes.count && bytes[index] == ascii(":")
            && (index + 1 >= bytes.count || bytes[index + 1] != ascii(":"))
    }

    /// A `:` follows, or a name and then a `:`: the word just read labels an argument.
    private func isLabel() -> Bool {
        var position = index
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        guard position < bytes.count else { return false }
        if bytes[position] == ascii(":") { return position + 1 >= bytes.count || bytes[position + 1] != ascii(":") }
        guard Self.isNameStart(bytes[position]) else { return false }
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        return nextByteSkippingSpaces(from: position) == ascii(":")
    }

    /// The next byte after spaces and tabs on this line; 0 at the end of the text.
    private func nextByteSkippingSpaces(from: Int? = nil) -> UInt8 {
        var position = from ?? index
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// Another word (or `@`) follows on the line: `final class`, `some View`,
    /// `nonisolated(unsafe) var`. Two names in a row are no expression.
    private func nextIsWord(orParenthesisedDetail: Bool) -> Bool {
        var position = index
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        let next = position < bytes.count ? bytes[position] : 0
        if next == ascii("@") || next == ascii("`") { return true }
        if Self.isNameStart(next) {
            // `{ copy in`, `any as! T`: a name before `in`, `as` or `is`.
            var end = position
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            let following = UnsafeBufferPointer(rebasing: bytes[position..<end])
            guard SwiftWords.role(of: following) == .keyword else { return true }
            // Before `else`, `in`, `as`: a name. Before `public`, `static`: a modifier.
            return Self.equals(following, "public") || Self.equals(following, "private")
                || Self.equals(following, "fileprivate")
                || Self.equals(following, "internal") || Self.equals(following, "static")
                || Self.equals(following, "inout")
                || Self.equals(following, "Any")
        }
        guard orParenthesisedDetail, index < bytes.count, bytes[index] == ascii("(") else { return false }
        // `unowned(unsafe)`, `private(set)`, `nonisolated(unsafe)`: a word alone in brackets,
        // then another word.
        var detailEnd = index + 1
        while detailEnd < bytes.count, Self.isNameByte(bytes[detailEnd]) { detailEnd += 1 }
        guard detailEnd > index + 1, detailEnd < bytes.count, bytes[detailEnd] == ascii(")") else { return false }
        let after = nextByteSkippingSpaces(from: detailEnd + 1)
        return Self.isNameStart(after) || after == ascii("@")
    }

    /// `async` and `await` are keywords unless used as a name: before `:`, `=`, `.`, `,`
    /// or a closing bracket.
    private func effectFollows() -> Bool {
        let next = nextByteSkippingSpaces()
        switch next {
        case ascii(":"), ascii("."), ascii(","), ascii(")"), ascii("]"), ascii(";"), ascii("?"), ascii("!"):
            return false
        case ascii("="):
            var position = index
            while position < bytes.count, bytes[position] != ascii("=") { position += 1 }
            return position + 1 < bytes.count && bytes[position + 1] == ascii("=")
        default:
            return true
        }
    }

    /// `get {`, `{ get set }`, `set(newValue) {`, `get async throws`.
    private func accessorFollows(_ name: UnsafeBufferPointer<UInt8>, start: Int) -> Bool {
        // An accessor opens a block or follows another word (`mutating get`, `get set`);
        // after `=` or another operator, `set` is a value.
        let before = lastSignificant
        guard
            before == 0 || before == ascii("{") || before == ascii("}") || before == ascii(";") || before == ascii(")")
                || Self.isNameByte(before)
        else { return false }
        if Self.isNameByte(before) {
            // After a word only when that word belongs to an accessor's line: `get set`,
            // `mutating get`, `get async`, `@inlinable get`; not `return set`.
            var wordEnd = start - 1
            while wordEnd >= 0, !Self.isNameByte(bytes[wordEnd]) { wordEnd -= 1 }
            var wordStart = wordEnd
            while wordStart > 0, Self.isNameByte(bytes[wordStart - 1]) { wordStart -= 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[wordStart...wordEnd])
            let isAttribute = wordStart > 0 && bytes[wordStart - 1] == ascii("@")
            switch SwiftWords.role(of: word) {
            case .accessor, .modifier, .effect: break
            default:
                guard isAttribute || Self.equals(word, "throws") || Self.equals(word, "rethrows") else { return false }
            }
        }
        var position = index
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
        {
            position += 1
        }
        let next = position < bytes.count ? bytes[position] : 0
        if next == ascii("{") || next == ascii("}") { return true }
        if Self.isNameStart(next), position == index || nextByteSkippingSpaces() != 0x0A { return true }
        return nextByteSkippingSpaces() == ascii("(") && !Self.equals(name, "get") && parenthesisedNameThenBrace()
    }

    /// `(newValue) {` follows.
    private func parenthesisedNameThenBrace() -> Bool {
        guard index < bytes.count, bytes[index] == ascii("(") else { return false }
        var position = index + 1
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == ascii(")") else { return false }
        return nextByteSkippingSpaces(from: position + 1) == ascii("{")
    }

    // MARK: - Bytes

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z")) || byte == ascii("_")
            || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= ascii("0") && byte <= ascii("9"))
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        for offset in 0..<bytes.count where bytes[offset] != text.utf8Start[offset] { return false }
        return true
    }
}

private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
