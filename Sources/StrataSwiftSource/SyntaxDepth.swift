import StrataCore
import SwiftSyntax

/// How deep a parsed tree is, measured without recursion, before anything walks it: every
/// walk of a swift-syntax tree recurses once per level (the location converter, visitors,
/// the operator folder, the manifest interpreter), and a chain with no bracket in it
/// (`a.b.b…`, `f()()…`, `x!!…`, `1 + 1 + …`) builds a tree as deep as it is long: 20,000
/// links overflowed the stack. An expression's operators count as levels, since folding
/// them nests them.
package enum SyntaxDepth {
    /// The byte offset where the tree first goes deeper than `limit` (where the node starts,
    /// trivia included: finding its first token would recurse), or nil when it never does.
    package static func excess(in tree: some SyntaxProtocol, limit: ReadingLimit) -> Int? {
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit.maximum { return node.position.utf8Offset }
            var childDepth = depth + 1
            if let sequence = node.as(SequenceExprSyntax.self) { childDepth += sequence.elements.count / 2 }
            for child in node.children(viewMode: .all) where !child.is(TokenSyntax.self) {
                stack.append((child, childDepth))
            }
        }
        return nil
    }

    /// The located error for a tree (parsed from `text`) deeper than `limit`, or nil.
    static func diagnostic(
        for tree: SourceFileSyntax, text: String, limit: ReadingLimit, path: String, consequence: String
    ) -> Diagnostic? {
        guard let offset = excess(in: tree, limit: limit) else { return nil }
        let place = lineAndColumn(ofCodeFrom: offset, in: text)
        return limit.exceeded(
            at: SourceLocation(path: path, line: place.line, column: place.column),
            "the code nests more than \(limit.maximum) levels deep here; \(consequence)"
        )
    }

    /// The line and column of the first byte at or after `offset` that is not white space.
    static func lineAndColumn(ofCodeFrom offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var position = 0
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            if position >= offset, !isSpace, byte != UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        return (line, position - lineStart + 1)
    }
}
