/// Turns text with guidance keywords into blocks. It knows the keywords and how blocks
/// continue; it does not know Markdown or Swift. Its callers feed it the text of one
/// paragraph (or comment) at a time, as pieces marked code or not, so keywords inside code
/// are never keywords.
package struct GuidanceAssembler {
    package enum Keyword: String, CaseIterable, Sendable {
        case check = "CHECK"
        case condition = "IF"
        case action = "THEN"
        case antiPattern = "ANTI_PATTERN"
        case fix = "FIX"
        case readAlso = "READ_ALSO"
        case appliesTo = "APPLIES_TO"
        case id = "ID"
        case rule = "RULE"
        /// Marks a section of a page as a rule set (read by the Markdown extractor).
        case rules = "RULES"
        case good = "GOOD"
        case bad = "BAD"
        case ok = "OK"
        /// `EXAMPLE: above`: the code right before the block is its example.
        case example = "EXAMPLE"
        /// The strata.yml rules that enforce the block, by id.
        case enforcedBy = "ENFORCED_BY"

        /// Whether the keyword counts only at the start of a line: short words such as
        /// `OK:` occur in sentences ("the status is not OK: a 5xx").
        package var startsALine: Bool {
            switch self {
            case .good, .bad, .ok, .example: true
            default: false
            }
        }

        /// The verdict a label keyword gives the example after it.
        package var verdict: ExampleVerdict? {
            switch self {
            case .good: .good
            case .bad: .bad
            case .ok: .ok
            default: nil
            }
        }
    }

    /// A run of text: `isCode` for code spans (kept in backticks, never scanned),
    /// `isMarkup` for link syntax the caller writes around link text (kept as is, never
    /// scanned), and the line it starts on relative to the unit's first line.
    package struct Piece: Sendable {
        package var text: String
        package var isCode: Bool
        package var isMarkup: Bool
        package var line: Int

        package init(_ text: String, isCode: Bool = false, isMarkup: Bool = false, line: Int = 0) {
            self.text = text
            self.isCode = isCode
            self.isMarkup = isMarkup
            self.line = line
        }
    }

    /// A block before it has an id, with the place of each keyword.
    package struct Draft: Sendable {
        package var block: GuidanceBlock
        /// Where `ID:` was written.
        package var idLocation: SourceLocation?
        /// Where `APPLIES_TO:` was written.
        package var appliesToLocation: SourceLocation?
        /// Where `ENFORCED_BY:` was written.
        package var enforcedByLocation: SourceLocation?
        /// The units (paragraph, comment run) the block first and last took text from.
        package var firstUnit: Int?
        package var lastUnit: Int?
        /// `GOOD:` / `BAD:` / `OK:` written in the block: they label its examples, in order.
        package var labels: [ExampleVerdict.Label] = []
        /// Whether `EXAMPLE: above` asks for the code right before the block.
        package var examplesAbove = false
        /// Whether its first unit has prose before the opening keyword.
        package var followsProse = false
        /// Every unit the block took text from, in order.
        package var units: [Int] = []
        /// The id an earlier Strata derived for the block, when it differs: its page redirects.
        package var formerID: String?
        /// A derived id before its page numbered it (`…-2` is the second `…` on its page): a
        /// clash elsewhere on the site numbers it again from here, not from the numbered id.
        package var derivedBase: String?
        /// The section a derived id names instead of the block's heading (a rule of a rule
        /// set is its own heading; its id names the set's section).
        package var idSection: String?

        package init(block: GuidanceBlock) {
            self.block = block
        }
    }

    private(set) public var drafts: [Draft] = []
    private(set) public var diagnostics: [Diagnostic] = []
    /// Units where a keyword's text was left out of its block (a misplaced part, prose
    /// after READ_ALSO): a block there must be drawn around its text, which keeps it.
    private(set) public var droppedUnits: Set<Int> = []
    private var open: Draft?
    private var lastKeyword: Keyword?
    /// What the open block belongs to; text from another scope never continues it.
    private var openScope: Int?
    private var currentUnit: Int?

    package init() {}

    /// Feeds one unit of text. `scope` identifies what the unit belongs to (a list, a quote,
    /// one comment run): a block stays open across units of the same scope. `unit` identifies
    /// the unit itself, so the caller can find where each block ended.
    package mutating func feed(_ pieces: [Piece], at start: SourceLocation, scope: Int, unit: Int, heading: Heading?) {
        if openScope != scope { close() }
        currentUnit = unit
        let tokens = Self.tokenize(pieces)
        var index = 0
        // Text before the first keyword of a unit ends the open block: it is prose.
        var followsProse = false
        if let first = tokens.first, case .text(let text, _) = first, !text.trimmingWhitespace.isEmpty {
            close()
            followsProse = true
        }
        while index < tokens.count {
            guard case .keyword(let keyword, let line, let column) = tokens[index] else {
                index += 1
                continue
            }
            var text = ""
            var next = index + 1
            while next < tokens.count, case .text(let piece, _) = tokens[next] {
                text += piece
                next += 1
            }
            // Later lines of a unit are taken to start where its first does (a list item's
            // or quote's text, a run of aligned comments): the tree keeps no column per line.
            let location = SourceLocation(path: start.path, line: start.line + line, column: start.column + column)
            apply(keyword, Self.clean(text), at: location, scope: scope, heading: heading)
            if open != nil, open?.firstUnit == nil {
                open?.firstUnit = unit
                open?.followsProse = followsProse
            }
            if open != nil, open?.units.last != unit { open?.units.append(unit) }
            open?.lastUnit = unit
            index = next
        }
    }

    /// Ends the open block (at a heading, the end of a list or quote, or the end of input).
    package mutating func close() {
        if let open { drafts.append(open) }
        open = nil
        openScope = nil
        lastKeyword = nil
    }

    private mutating func apply(
        _ keyword: Keyword, _ text: String, at location: SourceLocation, scope: Int, heading: Heading?
    ) {
        // A comment or page that mentions the keyword in a sentence is not a reading list.
        if keyword == .readAlso, Self.isProse(text) {
            let opening = text.split(separator: " ").prefix(5).joined(separator: " ")
            markDropped()
            diagnostics.append(
                .warning(
                    "guidance.read-also-prose",
                    "READ_ALSO: is followed by prose ('\(opening)…'), not pages, block ids or URLs; it is left as "
                        + "text (write the keyword in backticks to mention it)",
                    at: location
                ))
            return
        }
        // `READ_ALSO:` inside an open block is one of its references (a check pointing on, or
        // one more target of a READ_ALSO block); on its own it opens a reference block.
        // A label outside a block labels the code after it; the extractor reads it there.
        if keyword.verdict != nil, open == nil { return }
        if keyword == .rules {
            markDropped()
            diagnostics.append(
                .warning(
                    "guidance.misplaced",
                    "RULES: marks a section of a Markdown page as a rule set, in a paragraph of its own; it is left "
                        + "as text here",
                    at: location
                ))
            return
        }
        let opensBlock =
            keyword == .check || keyword == .antiPattern || keyword == .rule || (keyword == .readAlso && open == nil)
        if opensBlock {
            close()
            let kind: GuidanceBlock.Kind =
                switch keyword {
                case .check: .check
                case .antiPattern: .antiPattern
                case .rule: .rule
                default: .readAlso
                }
            open = Draft(
                block: GuidanceBlock(
                    id: "", kind: kind, summary: kind == .readAlso ? "" : text, location: location, heading: heading))
            openScope = scope
            lastKeyword = keyword
            if kind == .readAlso {
                addReference(text, at: location)
            } else if text.isEmpty {
                diagnostics.append(.warning("guidance.empty-part", "\(keyword.rawValue): has no text", at: location))
            }
            return
        }
        guard open != nil else {
            markDropped()
            diagnostics.append(
                .warning(
                    "guidance.orphan",
                    "\(keyword.rawValue): belongs to a CHECK: or ANTI_PATTERN: block, and none is open here; it is "
                        + "left as text",
                    at: location
                ))
            return
        }
        switch keyword {
        case .readAlso:
            addReference(text, at: location)
        case .condition:
            guard open?.block.kind == .check else { return misplaced(keyword, at: location) }
            open?.block.conditions.append(GuidanceBlock.Condition(condition: text))
        case .action:
            guard open?.block.kind == .check, let last = open?.block.conditions.indices.last,
                open?.block.conditions[last].action == nil, lastKeyword == .condition
            else {
                return misplaced(keyword, at: location)
            }
            open?.block.conditions[last].action = text
        case .fix:
            guard open?.block.kind == .antiPattern, open?.block.fix == nil else {
                return misplaced(keyword, at: location)
            }
            open?.block.fix = text
        case .appliesTo:
            open?.block.appliesTo += text.split(separator: ",").map { String($0).trimmingWhitespace }.filter {
                !$0.isEmpty
            }
            open?.appliesToLocation = location
        case .enforcedBy:
            guard open?.block.kind != .readAlso else { return misplaced(keyword, at: location) }
            open?.block.enforcedBy += text.split(separator: ",").map {
                String($0).trimmingWhitespace.trimmingCharacters(of: ["`"])
            }.filter { !$0.isEmpty }
            open?.enforcedByLocation = location
        case .id:
            open?.block.id = text
            open?.block.hasExplicitID = true
            open?.idLocation = location
        case .good, .bad, .ok:
            guard let verdict = keyword.verdict, open?.block.kind != .readAlso else {
                return misplaced(keyword, at: location)
            }
            open?.labels.append(
                ExampleVerdict.Label(verdict: verdict, caption: text.isEmpty ? nil : text, location: location))
        case .example:
            guard text.lowercased() == "above", open?.block.kind != .readAlso else {
                markDropped()
                diagnostics.append(
                    .warning(
                        "guidance.misplaced",
                        "EXAMPLE: takes `above` (the code right before the block); it is left out of the block",
                        at: location))
                return
            }
            open?.examplesAbove = true
        case .check, .antiPattern, .rule, .rules:
            break
        }
        lastKeyword = keyword
    }

    private mutating func markDropped() {
        if let currentUnit { droppedUnits.insert(currentUnit) }
    }

    private mutating func misplaced(_ keyword: Keyword, at location: SourceLocation) {
        let expected: String =
            switch keyword {
            case .action: "THEN: must follow an IF: of a CHECK: block"
            case .condition: "IF: belongs to a CHECK: block"
            case .fix: "FIX: belongs to an ANTI_PATTERN: block, once"
            case .good, .bad, .ok: "\(keyword.rawValue): labels an example of a CHECK:, ANTI_PATTERN: or RULE: block"
            default: "\(keyword.rawValue): is out of place"
            }
        markDropped()
        diagnostics.append(.warning("guidance.misplaced", expected + "; it is left out of the block", at: location))
    }

    private mutating func addReference(_ text: String, at location: SourceLocation) {
        // A Markdown link names its destination; bare targets may share one `READ_ALSO:`,
        // separated by commas or spaces.
        var bareStart = text.startIndex
        let links = InlineMarkup.links(in: text)
        for index in 0...links.count {
            let link = index < links.count ? links[index] : nil
            let bare = text[bareStart..<(link?.range.lowerBound ?? text.endIndex)]
            for target in bare.split(whereSeparator: { $0 == "," || $0 == " " }) where !target.isEmpty {
                var value = String(target)
                while let last = value.last, ".;)".contains(last) { value.removeLast() }
                if value.count >= 2, value.first == "`", value.last == "`" {
                    value = String(value.dropFirst().dropLast())
                }
                if !value.isEmpty {
                    open?.block.readAlso.append(GuidanceBlock.Reference(target: value, location: location))
                }
            }
            guard let link else { break }
            if !link.destination.isEmpty {
                open?.block.readAlso.append(GuidanceBlock.Reference(target: link.destination, location: location))
            }
            bareStart = link.range.upperBound
        }
    }

    /// Whether READ_ALSO's text reads as a sentence rather than targets: two or more plain
    /// words (no `/`, `.`, `#`, `:`, `-` or `_`, outside links and code). One plain word may
    /// be a block's id.
    static func isProse(_ text: String) -> Bool {
        var plain = 0
        var bareStart = text.startIndex
        let links = InlineMarkup.links(in: text)
        for index in 0...links.count {
            let end = index < links.count ? links[index].range.lowerBound : text.endIndex
            for token in text[bareStart..<end].split(whereSeparator: { $0 == " " || $0 == "," }) {
                var word = token.drop { $0 == "(" }
                while let last = word.last, ".;)".contains(last) { word = word.dropLast() }
                guard !word.isEmpty, !word.hasPrefix("`") else { continue }
                if !word.contains(where: { "/.#:-_".contains($0) }) { plain += 1 }
            }
            guard index < links.count else { break }
            bareStart = links[index].range.upperBound
        }
        return plain >= 2
    }

    // MARK: Tokens

    package enum Token: Sendable {
        case keyword(Keyword, line: Int, column: Int)
        case text(String, line: Int)
    }

    /// Finds keywords: an upper-case keyword name followed by a colon, not preceded by a
    /// letter, digit or underscore, outside code; the label keywords (`GOOD:`, `OK:`, …)
    /// only where a line starts (after white space and emphasis markers).
    package static func tokenize(_ pieces: [Piece]) -> [Token] {
        var tokens: [Token] = []
        var previous: Character?
        var column = 0
        var currentLine = 0
        var lineIsBlank = true
        let isBlankCharacter = { (character: Character) in
            character == " " || character == "\t" || character == "*" || character == "_"
        }
        for piece in pieces {
            if piece.line != currentLine {
                currentLine = piece.line
                column = 0
                lineIsBlank = true
            }
            if piece.isMarkup {
                tokens.append(.text(piece.text, line: piece.line))
                previous = piece.text.last ?? previous
                column += piece.text.count
                if !piece.text.isEmpty { lineIsBlank = false }
                continue
            }
            if piece.isCode {
                tokens.append(.text("`" + piece.text + "`", line: piece.line))
                previous = "`"
                column += piece.text.count + 2
                lineIsBlank = false
                continue
            }
            // A keyword ends in a colon: text without one is a run of text as it is, and
            // most text is, so it skips the walk by character below.
            if !piece.text.utf8.contains(UInt8(ascii: ":")) {
                if !piece.text.isEmpty { tokens.append(.text(piece.text, line: piece.line)) }
                previous = piece.text.last ?? previous
                let isPlainASCII = piece.text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
                column += isPlainASCII ? piece.text.utf8.count : piece.text.count
                let lastLine = piece.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
                if piece.text.contains("\n") { lineIsBlank = true }
                if !lastLine.allSatisfy(isBlankCharacter) { lineIsBlank = false }
                continue
            }
            let characters = Array(piece.text)
            var run = ""
            var index = 0
            while index < characters.count {
                let character = characters[index]
                let boundary = previous.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
                if boundary, character.isUppercase, let (keyword, length) = keyword(at: index, in: characters),
                    !keyword.startsALine || lineIsBlank
                {
                    if !run.isEmpty { tokens.append(.text(run, line: piece.line)) }
                    run = ""
                    tokens.append(.keyword(keyword, line: piece.line, column: column))
                    index += length
                    column += length
                    previous = ":"
                    lineIsBlank = false
                    continue
                }
                run.append(character)
                previous = character
                if character == "\n" {
                    lineIsBlank = true
                } else if !isBlankCharacter(character) {
                    lineIsBlank = false
                }
                index += 1
                column += 1
            }
            if !run.isEmpty { tokens.append(.text(run, line: piece.line)) }
        }
        return tokens
    }

    private static func keyword(at start: Int, in characters: [Character]) -> (Keyword, Int)? {
        var end = start
        while end < characters.count, characters[end].isUppercase || characters[end] == "_" { end += 1 }
        guard end < characters.count, characters[end] == ":" else { return nil }
        // A keyword is followed by its text: "(RULE:, or …)" in a sentence names one.
        if end + 1 < characters.count {
            let next = characters[end + 1]
            guard next.isWhitespace || next == "*" || next == "_" else { return nil }
        }
        guard let keyword = Keyword(rawValue: String(characters[start..<end])) else { return nil }
        return (keyword, end - start + 1)
    }

    /// A part's text: white space runs (line breaks included) become one space, and the
    /// emphasis markers left from bold keywords (`**CHECK:**`) go.
    package static func clean(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        // In comments `**CHECK:** text **IF:**` is raw text: the markers around a keyword
        // are left at the edges of the parts. (Markdown's tree has none.)
        let isMarker = { (word: String) in !word.isEmpty && word.allSatisfy { $0 == "*" || $0 == "_" } }
        if let first = words.first, first.hasPrefix("**") || first.hasPrefix("__") {
            if isMarker(first) { words.removeFirst() } else { words[0] = String(first.drop { $0 == "*" || $0 == "_" }) }
        }
        if let last = words.last, isMarker(last), last.count >= 2 { words.removeLast() }
        return words.joined(separator: " ").trimmingWhitespace
    }
}
