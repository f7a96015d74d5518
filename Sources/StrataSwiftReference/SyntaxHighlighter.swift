import StrataCore
import StrataSwiftSource
import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Swift highlighted from swift-syntax's own classification of every token and comment:
/// the parser the compiler uses decides what is a keyword, a type or a string. Several
/// times slower than ``SwiftHighlighter``; it is the reference `make accuracy` and the tests
/// hold that one to. Snippets need not compile: the parser recovers from errors, and
/// whatever it cannot classify stays plain.
package struct SyntaxHighlighter: Sendable {
    package init() {}

    /// The coloured runs of `code`; nil for text nested past what swift-syntax parses in
    /// good time (see `SwiftNestingCheck`).
    package func runs(_ code: String) -> [HighlightRun]? {
        guard SwiftNestingCheck(limits: .source).check(code) == nil else { return nil }
        let tree = Parser.parse(source: code)
        guard SyntaxDepth.excess(in: tree, limit: ReadingLimits.sourceSyntaxDepth) == nil else { return nil }
        let bytes = Array(code.utf8)
        var runs: [HighlightRun] = []
        for classified in tree.classifications {
            let start = classified.range.lowerBound.utf8Offset
            let end = classified.range.upperBound.utf8Offset
            guard end <= bytes.count, start < end, let kind = Self.kind(classified.kind, text: bytes[start..<end])
            else { continue }
            if let last = runs.last, last.kind == kind, last.end == start {
                runs[runs.count - 1].end = end
            } else {
                runs.append(HighlightRun(kind: kind, start: start, end: end))
            }
        }
        return runs
    }

    /// The theme's colour for a classification; nil for plain text. An identifier that
    /// starts with a capital letter is taken as a type (`Foo()`, `Foo.shared`), as Swift's
    /// naming conventions have it, since the parser alone cannot tell.
    static func kind(_ kind: SyntaxClassification, text: ArraySlice<UInt8>) -> HighlightKind? {
        switch kind {
        case .keyword: .keyword
        case .type: .type
        case .attribute: .attribute
        case .stringLiteral, .regexLiteral: .string
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: .comment
        case .integerLiteral, .floatLiteral: .number
        case .ifConfigDirective: .directive
        case .identifier:
            if let first = text.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") { .type } else { nil }
        default: nil
        }
    }
}
