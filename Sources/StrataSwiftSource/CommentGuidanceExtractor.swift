import StrataCore

/// Finds guidance blocks in the comments of a Swift file (`///`, `//`, `/** */`, `/* */`),
/// so a rule can live beside the code it governs. Consecutive line comments are one run: a
/// block continues across its lines and ends with the run.
package struct CommentGuidanceExtractor: Sendable {
    /// What derived ids start with: the module and the file (`FeedUI/FeedView`).
    package let idPrefix: String

    package init(idPrefix: String) {
        self.idPrefix = idPrefix
    }

    package struct Result: Sendable {
        package var drafts: [GuidanceAssembler.Draft]
        package var diagnostics: [Diagnostic]
    }

    package func extract(from comments: [SourceComment]) -> Result {
        var assembler = GuidanceAssembler()
        var runs: [[SourceComment]] = []
        for comment in comments {
            if !comment.isBlock, let previous = runs.last?.last, !previous.isBlock,
                previous.location.line + 1 == comment.location.line
            {
                runs[runs.count - 1].append(comment)
            } else {
                runs.append([comment])
            }
        }
        for (index, run) in runs.enumerated() {
            guard let first = run.first, run.contains(where: { $0.text.contains(":") }) else { continue }
            var pieces: [GuidanceAssembler.Piece] = []
            var offsetOfFirst = 0
            for comment in run {
                for (lineOffset, line) in Self.lines(of: comment).enumerated() {
                    let relative = comment.location.line - first.location.line + lineOffset
                    if relative == 0 { offsetOfFirst = line.column }
                    if relative > 0 { pieces.append(GuidanceAssembler.Piece("\n", line: relative - 1)) }
                    pieces += Self.pieces(of: line.text, line: relative)
                }
            }
            let start = SourceLocation(
                path: first.location.path, line: first.location.line, column: first.location.column + offsetOfFirst)
            assembler.feed(pieces, at: start, scope: index, unit: index, heading: nil)
            assembler.close()
        }
        var drafts = assembler.drafts
        GuidanceID.assign(&drafts, prefix: idPrefix)
        return Result(drafts: drafts, diagnostics: assembler.diagnostics)
    }

    /// The text lines of a comment without its markers, each with the column its text
    /// starts at (0-based, relative to the comment's start on its first line).
    static func lines(of comment: SourceComment) -> [(text: String, column: Int)] {
        var text = comment.text
        if comment.isBlock {
            text = String(text.dropFirst(2))
            if text.hasSuffix("*/") { text = String(text.dropLast(2)) }
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, raw in
                var line = Substring(raw)
                var column = index == 0 ? 2 : 0
                while let first = line.first,
                    first == " " || first == "\t" || (first == "*" && index > 0)
                        || (first == "*" && index == 0 && column == 2)
                {
                    line = line.dropFirst()
                    column += 1
                }
                return (String(line), column)
            }
        }
        var line = Substring(text.dropFirst(2))
        var column = 2
        while let first = line.first, first == "/" || first == "!" {
            line = line.dropFirst()
            column += 1
        }
        if line.first == " " {
            line = line.dropFirst()
            column += 1
        }
        return [(String(line), column)]
    }

    /// Backticks mark code in comments, as in Markdown: keywords there are not keywords.
    static func pieces(of text: String, line: Int) -> [GuidanceAssembler.Piece] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return [GuidanceAssembler.Piece(text, line: line)] }
        var pieces: [GuidanceAssembler.Piece] = []
        for (index, part) in parts.enumerated() {
            // An odd number of backticks leaves the last one unmatched: keep it as text.
            let isCode = index % 2 == 1 && index < parts.count - (parts.count % 2 == 0 ? 1 : 0)
            if index % 2 == 1, !isCode {
                pieces.append(GuidanceAssembler.Piece("`" + part, line: line))
            } else if !part.isEmpty || isCode {
                pieces.append(GuidanceAssembler.Piece(String(part), isCode: isCode, line: line))
            }
        }
        return pieces
    }
}
