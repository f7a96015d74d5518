/// Compiles a template's tokens into nodes, as the Mustache specification describes: a
/// section, comment, partial, block or delimiter tag alone on its line takes the whole line
/// with it; every section is closed by its own name; a parent's body keeps only its blocks.
enum TemplateParser {
    /// `maximumNesting`: sections open at once past which the template is an error, not a
    /// stack overflow (`TemplateBounds.sectionNesting`).
    static func parse(
        _ source: String, name: String, maximumNesting: Int = TemplateBounds.standard.sectionNesting
    ) throws(TemplateSyntaxError) -> [TemplateNode] {
        let tokens = standaloneLinesRemoved(try TemplateScanner.tokens(of: source))
        return try build(tokens, template: name, maximumNesting: maximumNesting)
    }

    /// A token after the standalone pass: a partial or parent that stood alone carries the
    /// whitespace that was before it.
    struct Piece {
        var token: TemplateScanner.Token
        var indentation = ""
    }

    /// Drops the whitespace and line break around every tag that stands alone on its line.
    /// A parent's own tags (`{{<base}}` and the `{{/base}}` that closes it) do not count
    /// against standing alone: `{{<base}}{{$main}}` on a line of its own leaves no blank line,
    /// as the specification and swift-mustache have it.
    static func standaloneLinesRemoved(_ tokens: [TemplateScanner.Token]) -> [Piece] {
        var pieces: [Piece] = []
        pieces.reserveCapacity(tokens.count)
        var open: [TemplateScanner.TagKind] = []
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            // A line runs to the text that ends in a line break, or to the end.
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text, token.value.utf8.last == 0x0A { break }
            }
            let line = tokens[lineStart..<lineEnd]
            var tags = 0
            var counted = 0
            var allCanStandAlone = true
            for token in line {
                guard case .tag(let kind) = token.kind else { continue }
                tags += 1
                if !kind.canStandAlone { allCanStandAlone = false }
                switch kind {
                case .parent:
                    open.append(kind)
                case .section, .invertedSection, .block:
                    open.append(kind)
                    counted += 1
                case .close:
                    if open.popLast() != .parent { counted += 1 }
                default:
                    counted += 1
                }
            }
            let blank = line.allSatisfy {
                $0.kind != .text
                    || $0.value.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            }
            if tags > 0, counted <= 1, allCanStandAlone, blank {
                let before = line.prefix { $0.kind == .text }.map(\.value).joined()
                var first = true
                for token in line where token.kind != .text {
                    pieces.append(Piece(token: token, indentation: first ? before : ""))
                    first = false
                }
            } else {
                pieces += line.map { Piece(token: $0) }
            }
            lineStart = lineEnd
        }
        return pieces
    }

    private struct Frame {
        var kind: TemplateScanner.TagKind
        var name: String
        var line: Int
        var column: Int
        var indentation: String
        var nodes: [TemplateNode] = []
    }

    private static func build(_ pieces: [Piece], template: String, maximumNesting: Int) throws(TemplateSyntaxError)
        -> [TemplateNode]
    {
        var frames = [Frame(kind: .comment, name: "", line: 0, column: 0, indentation: "")]
        func append(_ node: TemplateNode) {
            // A parent's body is only its blocks: anything else there is never shown.
            if frames[frames.count - 1].kind == .parent {
                guard case .block = node else { return }
            }
            frames[frames.count - 1].nodes.append(node)
        }
        for piece in pieces {
            let token = piece.token
            switch token.kind {
            case .text:
                // Adjacent text joins into one node: fewer nodes to walk for every page.
                if frames[frames.count - 1].kind != .parent,
                    case .text(let previous)? = frames[frames.count - 1].nodes.last
                {
                    frames[frames.count - 1].nodes[frames[frames.count - 1].nodes.count - 1] = .text(
                        previous + token.value)
                } else {
                    append(.text(token.value))
                }
            case .tag(let kind):
                switch kind {
                case .variable(let escaped):
                    append(
                        .variable(
                            try name(token), escaped: escaped,
                            at: TemplatePosition(template: template, line: token.line, column: token.column)))
                case .comment, .delimiters:
                    continue
                case .partial:
                    append(
                        .partial(
                            token.value, indentation: piece.indentation,
                            at: TemplatePosition(template: template, line: token.line, column: token.column)))
                case .section, .invertedSection, .parent, .block:
                    if kind != .parent, kind != .block { _ = try name(token) }
                    guard frames.count <= maximumNesting else {
                        throw TemplateSyntaxError(
                            message: "sections nest more than \(maximumNesting) deep here",
                            line: token.line, column: token.column, bound: .sectionNesting
                        )
                    }
                    frames.append(
                        Frame(
                            kind: kind, name: token.value, line: token.line, column: token.column,
                            indentation: piece.indentation))
                case .close:
                    guard frames.count > 1 else {
                        throw TemplateSyntaxError(
                            message: "'{{/\(token.value)}}' closes nothing: no section is open here", line: token.line,
                            column: token.column)
                    }
                    let frame = frames.removeLast()
                    guard frame.name == token.value else {
                        throw TemplateSyntaxError(
                            message:
                                "'{{/\(token.value)}}' does not close '\(frame.name)', opened at line \(frame.line) "
                                + "column \(frame.column); close that first",
                            line: token.line, column: token.column
                        )
                    }
                    switch frame.kind {
                    case .section, .invertedSection:
                        append(
                            .section(
                                try name(frame.name, line: frame.line, column: frame.column),
                                inverted: frame.kind == .invertedSection, frame.nodes))
                    case .block:
                        append(.block(frame.name, frame.nodes))
                    default:
                        var blocks: [String: [TemplateNode]] = [:]
                        // A block given twice: the last wins, as in swift-mustache.
                        for case .block(let name, let nodes) in frame.nodes { blocks[name] = nodes }
                        append(
                            .parent(
                                frame.name, indentation: frame.indentation, blocks: blocks,
                                at: TemplatePosition(template: template, line: frame.line, column: frame.column)))
                    }
                }
            }
        }
        if frames.count > 1, let open = frames.last {
            throw TemplateSyntaxError(
                message: "'\(open.name)' is opened here but never closed with '{{/\(open.name)}}'", line: open.line,
                column: open.column)
        }
        return frames[0].nodes
    }

    private static func name(_ token: TemplateScanner.Token) throws(TemplateSyntaxError) -> TemplateName {
        try name(token.value, line: token.line, column: token.column)
    }

    private static func name(_ text: String, line: Int, column: Int) throws(TemplateSyntaxError) -> TemplateName {
        if text == "." { return TemplateName(parts: []) }
        // By bytes: the dot is ASCII, and a theme's names are split at every build's start.
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard !parts.contains(where: \.isEmpty) else {
            throw TemplateSyntaxError(
                message: "'\(text)' is not a name: dots go between names, as in 'page.title'", line: line,
                column: column)
        }
        return TemplateName(parts: parts)
    }
}
