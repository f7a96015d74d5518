import StrataCore

/// Finds DocC's block directives in a catalog page before cmark reads it, as swift-markdown
/// does: a line that starts with `@Name`, its arguments in parentheses (over several lines
/// if need be), and braces whose lines hold Markdown, ended by a `}` on its own line. Code
/// fences are never searched.
///
/// cmark knows nothing of directives, so each directive line becomes a one-line HTML comment
/// (`<!--strata-docc:N-->`, and `<!--strata-docc-end:N-->` for its `}`), which ends any
/// paragraph, list or quote before it; the Markdown inside braces loses the braces' indent,
/// so it is not read as an indented code block. Every line keeps its number, so cmark's
/// positions, and the diagnostics made from them, still point into the file as written.
package struct DocCDirectiveScanner {
    package struct Result: Sendable {
        /// The page with directive lines replaced by markers, line for line.
        package var text: String
        package var directives: [DocCDirective]
        package var diagnostics: [Diagnostic]
        /// Per line (0-based), the columns taken off its start with the braces' indent.
        package var removedIndent: [Int]
        /// Per line (0-based), the symbol links written on it (see `DocCSymbolLinks`).
        package var symbolSpans: [Int: [String]] = [:]
    }

    /// The most lines a directive's arguments may run over, and the deepest directives may
    /// nest: past them a page is not DocC written by hand, and reading it must stay linear.
    static let argumentLineLimit = 64
    static let depthLimit = 64

    static let openMarker = "<!--strata-docc:"
    static let closeMarker = "<!--strata-docc-end:"

    let path: String

    package init(path: String) {
        self.path = path
    }

    private struct Open {
        var number: Int
        /// The indent of its first line of content, taken off every line inside; nil until
        /// that line is seen.
        var indent: Int?
    }

    package func scan(_ markdown: String) -> Result {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        output.reserveCapacity(lines.count)
        var removed: [Int] = []
        removed.reserveCapacity(lines.count)
        var directives: [DocCDirective] = []
        var diagnostics: [Diagnostic] = []
        var open: [Open] = []
        var fence: (character: Character, count: Int)?
        var warnedDepth = false
        var index = 0
        while index < lines.count {
            let raw = lines[index]
            var line = raw
            var taken = 0
            // The indent of every open directive's braces comes off, outermost first.
            for position in open.indices {
                let leading = Self.indent(of: line)
                if open[position].indent == nil, !line.allSatisfy(\.isWhitespace) {
                    open[position].indent = leading
                }
                let cut = min(leading, open[position].indent ?? 0)
                line.removeFirst(cut)
                taken += cut
            }
            defer { index += 1 }
            let trimmed = line.trimmingWhitespace
            if let current = fence {
                if Self.closesFence(trimmed, current) { fence = nil }
                output.append(line)
                removed.append(taken)
                continue
            }
            if let opened = Self.opensFence(trimmed) {
                fence = opened
                output.append(line)
                removed.append(taken)
                continue
            }
            if trimmed == "}", let last = open.popLast() {
                output.append(Self.closeMarker + "\(last.number)-->")
                removed.append(taken)
                continue
            }
            let indent = Self.indent(of: line)
            guard indent < 4, trimmed.first == "@", let name = Self.name(after: trimmed), !name.isEmpty else {
                output.append(line)
                removed.append(taken)
                continue
            }
            // The directive: its arguments may run over the next lines.
            var rest = Substring(trimmed.dropFirst(1 + name.count)).drop(while: { $0 == " " || $0 == "\t" })
            var arguments: [DocCDirective.Argument] = []
            var extraLines = 0
            let location = SourceLocation(path: path, line: index + 1, column: taken + indent + 1)
            if rest.first == "(" {
                // Each line is scanned once, the scan going on where the last line left it.
                var bytes = Array(rest.dropFirst().utf8)
                var scan = ParenthesisScan()
                var closing = scan.find(in: bytes, from: 0)
                while closing == nil, index + extraLines + 1 < lines.count, extraLines < Self.argumentLineLimit {
                    extraLines += 1
                    let start = bytes.count
                    bytes.append(UInt8(ascii: "\n"))
                    bytes += lines[index + extraLines].utf8
                    closing = scan.find(in: bytes, from: start)
                }
                guard let end = closing else {
                    diagnostics.append(
                        .warning(
                            "docc.directive",
                            "the arguments of @\(name) are never closed with ')'; it is shown as text",
                            at: location))
                    output.append(line)
                    removed.append(taken)
                    extraLines = 0
                    continue
                }
                arguments = Self.arguments(String(decoding: bytes[..<end], as: UTF8.self))
                rest = Substring(String(decoding: bytes[(end + 1)...], as: UTF8.self)).drop(while: {
                    $0 == " " || $0 == "\t"
                })
            }
            if open.count >= Self.depthLimit {
                if !warnedDepth {
                    warnedDepth = true
                    diagnostics.append(
                        .warning(
                            "docc.directive",
                            "@\(name) is nested \(open.count) directives deep, deeper than Strata reads "
                                + "(\(Self.depthLimit)); it, and any deeper, are shown as text",
                            at: location))
                }
                output.append(line)
                removed.append(taken)
                extraLines = 0
                continue
            }
            let number = directives.count
            var hasBody = false
            var inline: String?
            if rest.first == "{" {
                let after = String(rest.dropFirst()).trimmingWhitespace
                if after.isEmpty {
                    hasBody = true
                } else if after.hasSuffix("}") {
                    // `@Metadata { @TechnologyRoot }`: a one-line body.
                    inline = String(after.dropLast()).trimmingWhitespace
                } else {
                    diagnostics.append(
                        .warning(
                            "docc.directive",
                            "write what @\(name) holds on the lines after its '{', and its '}' on a line of its own",
                            at: location))
                }
            } else if !rest.isEmpty {
                diagnostics.append(
                    .warning(
                        "docc.directive", "text after @\(name)\(arguments.isEmpty ? "" : "(…)") is not read: '\(rest)'",
                        at: location))
            }
            directives.append(
                DocCDirective(
                    name: name, arguments: arguments, location: location, hasBody: hasBody || inline != nil,
                    parent: open.last?.number, source: trimmed))
            var marker = Self.openMarker + "\(number)-->"
            if let inline {
                // Only directives fit on one line with their parent.
                if inline.first == "@", let child = Self.name(after: inline), !child.isEmpty {
                    let childText = String(inline.dropFirst(1 + child.count)).trimmingWhitespace
                    var childArguments: [DocCDirective.Argument] = []
                    if childText.first == "(" {
                        let bytes = Array(childText.utf8.dropFirst())
                        var scan = ParenthesisScan()
                        if let end = scan.find(in: bytes, from: 0) {
                            childArguments = Self.arguments(String(decoding: bytes[..<end], as: UTF8.self))
                        }
                    }
                    directives.append(
                        DocCDirective(
                            name: child, arguments: childArguments, location: location, hasBody: false,
                            parent: number, source: inline))
                    marker += Self.openMarker + "\(number + 1)-->"
                } else if !inline.isEmpty {
                    diagnostics.append(
                        .warning(
                            "docc.directive",
                            "write what @\(name) holds on the lines after its '{', and its '}' on a line of its own",
                            at: location))
                }
                marker += Self.closeMarker + "\(number)-->"
            }
            output.append(marker)
            removed.append(taken)
            for _ in 0..<extraLines {
                output.append("")
                removed.append(0)
            }
            index += extraLines
            if hasBody { open.append(Open(number: number)) }
        }
        for unclosed in open.reversed() {
            let directive = directives[unclosed.number]
            diagnostics.append(
                .warning(
                    "docc.directive",
                    "@\(directive.name) is never closed: a '}' on a line of its own ends it; it runs to the end of the "
                        + "page",
                    at: directive.location))
        }
        let text = output.joined(separator: "\n")
        return Result(
            text: text, directives: directives, diagnostics: diagnostics, removedIndent: removed,
            symbolSpans: DocCSymbolLinks.spans(in: text))
    }

    /// Spaces and tabs before the line's first other character.
    static func indent(of line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count
    }

    /// The identifier after a line's `@`: letters, digits and `_`, starting with a letter.
    static func name(after line: String) -> String? {
        let body = line.dropFirst()
        guard let first = body.first, first.isLetter, first.isASCII else { return nil }
        return String(body.prefix { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII })
    }

    /// Where the `)` that closes a directive's arguments is, outside quotes, found over
    /// several lines without reading any line twice.
    struct ParenthesisScan {
        var inQuotes = false
        var escaped = false
        var depth = 0

        /// The offset of the closing `)` in `bytes`, reading from `start`; nil if not yet.
        mutating func find(in bytes: [UInt8], from start: Int) -> Int? {
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = inQuotes
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                } else if !inQuotes, byte == UInt8(ascii: "(") {
                    depth += 1
                } else if !inQuotes, byte == UInt8(ascii: ")") {
                    if depth == 0 { return index }
                    depth -= 1
                }
                index += 1
            }
            return nil
        }
    }

    /// `source: "a.png", alt: "An \"A\""` → its arguments, quotes and escapes taken off.
    static func arguments(_ text: String) -> [DocCDirective.Argument] {
        var pieces: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var depth = 0
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if inQuotes, character == "\\" {
                escaped = true
                current.append(character)
                continue
            }
            if character == "\"" { inQuotes.toggle() }
            if !inQuotes, character == "(" { depth += 1 }
            if !inQuotes, character == ")" { depth -= 1 }
            if !inQuotes, depth == 0, character == "," {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces.compactMap { piece in
            let trimmed = piece.trimmingWhitespace
            guard !trimmed.isEmpty else { return nil }
            var label: String?
            var value = Substring(trimmed)
            if trimmed.first != "\"", let colon = trimmed.firstIndex(of: ":") {
                let candidate = String(trimmed[..<colon]).trimmingWhitespace
                if !candidate.isEmpty, candidate.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    label = candidate
                    value = Substring(String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace)
                }
            }
            return DocCDirective.Argument(label: label, value: unquoted(value))
        }
    }

    private static func unquoted(_ value: Substring) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                result.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A fence line's character and length: three or more backticks or tildes.
    static func opensFence(_ trimmed: String) -> (character: Character, count: Int)? {
        guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let count = trimmed.prefix { $0 == first }.count
        guard count >= 3 else { return nil }
        // A backtick fence's info string holds no backtick.
        if first == "`", trimmed.dropFirst(count).contains("`") { return nil }
        return (first, count)
    }

    static func closesFence(_ trimmed: String, _ fence: (character: Character, count: Int)) -> Bool {
        let count = trimmed.prefix { $0 == fence.character }.count
        return count >= fence.count && trimmed.dropFirst(count).allSatisfy(\.isWhitespace)
    }
}
