import StrataCore
import SwiftSyntax

/// The doc comment written before a declaration, as the compiler attaches it: the `///`
/// lines and `/** */` blocks in its leading trivia, the last group of them (a blank line
/// between two groups leaves the first to whatever it was written for), with the
/// indentation they share removed, as DocC removes it.
struct DocCommentReader {
    let converter: SourceLocationConverter
    let path: String

    func comment(before node: some SyntaxProtocol) -> DocComment? {
        var lines: [DocComment.Line] = []
        var offset = node.position.utf8Offset
        var newlinesSinceComment = 0
        for piece in node.leadingTrivia.pieces {
            let length = piece.sourceLength.utf8Length
            defer { offset += length }
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                newlinesSinceComment += count
            case .docLineComment(let text):
                if newlinesSinceComment > 1 { lines = [] }
                newlinesSinceComment = 0
                let body = text.dropFirst(3)
                lines.append(DocComment.Line(String(body), at: place(offset + 3)))
            case .docBlockComment(let text):
                if newlinesSinceComment > 1 { lines = [] }
                newlinesSinceComment = 0
                lines = blockLines(text, at: offset)
            case .lineComment, .blockComment:
                newlinesSinceComment = 0
            default:
                break
            }
        }
        let cleaned = Self.dedented(lines)
        guard cleaned.contains(where: { !$0.text.trimmingWhitespace.isEmpty }) else { return nil }
        return DocComment(lines: cleaned)
    }

    func place(_ offset: Int) -> SourceLocation {
        let found = converter.location(for: AbsolutePosition(utf8Offset: offset))
        return SourceLocation(path: path, line: found.line, column: found.column)
    }

    /// A `/** */` block's lines, without its delimiters and, when every line has one, the
    /// `*` that starts each.
    func blockLines(_ text: String, at offset: Int) -> [DocComment.Line] {
        var body = Substring(text).dropFirst(3)
        if body.hasSuffix("*/") { body = body.dropLast(2) }
        var lines: [DocComment.Line] = []
        var lineStart = offset + 3
        for raw in body.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            lines.append(DocComment.Line(line, at: place(lineStart)))
            lineStart += raw.utf8.count + 1
        }
        if lines.first?.text.trimmingWhitespace.isEmpty == true { lines.removeFirst() }
        if lines.last?.text.trimmingWhitespace.isEmpty == true { lines.removeLast() }
        let starred = !lines.isEmpty && lines.allSatisfy { $0.text.trimmingWhitespace.hasPrefix("*") }
        guard starred else { return lines }
        return lines.map { line in
            let indent = line.text.prefix { $0 == " " || $0 == "\t" }.utf8.count
            var rest = line.text.dropFirst(indent + 1)
            var shift = indent + 1
            if rest.first == " " {
                rest = rest.dropFirst()
                shift += 1
            }
            return DocComment.Line(String(rest), at: line.location.shiftingColumn(shift))
        }
    }

    /// The lines with the indentation every non-blank one has removed.
    static func dedented(_ lines: [DocComment.Line]) -> [DocComment.Line] {
        let indents = lines.filter { !$0.text.trimmingWhitespace.isEmpty }.map {
            $0.text.prefix { $0 == " " }.utf8.count
        }
        let common = indents.min() ?? 0
        return lines.map { line in
            line.text.trimmingWhitespace.isEmpty
                ? DocComment.Line("", at: line.location)
                : DocComment.Line(String(line.text.dropFirst(common)), at: line.location.shiftingColumn(common))
        }
    }
}
