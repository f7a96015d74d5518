import StrataCore
import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Highlights Swift code blocks with swift-syntax's own classification of every token and
/// comment, so what is a keyword, a type or a string is decided by the parser the compiler
/// uses, not by regular expressions. Snippets need not compile: the parser recovers from
/// errors, and whatever it cannot classify stays plain.
public struct SwiftHighlighter: CodeHighlighter {
    public init() {}

    public func highlight(_ code: String, language: String) -> String? {
        guard language.lowercased() == "swift" else { return nil }
        // Text nested past what swift-syntax parses in good time stays plain; the build
        // warns about it (see `SwiftNestingCheck`).
        guard SwiftNestingCheck().check(code) == nil else { return nil }
        let tree = Parser.parse(source: code)
        let bytes = Array(code.utf8)
        var runs: [(className: String?, start: Int, end: Int)] = []
        var offset = 0
        for classified in SwiftTokenClassifier.classify(tree) {
            let start = classified.start, end = classified.end
            guard start >= offset, end <= bytes.count, start < end else { continue }
            if start > offset { runs.append((nil, offset, start)) }
            let className = Self.className(classified.kind, text: bytes[start ..< end])
            if let last = runs.last, last.className == className, last.end == start {
                runs[runs.count - 1].end = end
            } else {
                runs.append((className, start, end))
            }
            offset = end
        }
        if offset < bytes.count { runs.append((nil, offset, bytes.count)) }
        var html = ""
        html.reserveCapacity(bytes.count * 2)
        for run in runs {
            let text = HTMLEscaping.escape(String(decoding: bytes[run.start ..< run.end], as: UTF8.self))
            if let className = run.className {
                html += "<span class=\"hl-\(className)\">\(text)</span>"
            } else {
                html += text
            }
        }
        return html
    }

    /// The theme's class for a classification; nil for plain text. An identifier that starts
    /// with a capital letter is taken as a type (`Foo()`, `Foo.shared`), as Swift's naming
    /// conventions have it, since the parser alone cannot tell.
    static func className(_ kind: SyntaxClassification, text: ArraySlice<UInt8>) -> String? {
        switch kind {
        case .keyword: "keyword"
        case .type: "type"
        case .attribute: "attribute"
        case .stringLiteral, .regexLiteral: "string"
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: "comment"
        case .integerLiteral, .floatLiteral: "number"
        case .ifConfigDirective: "directive"
        case .identifier:
            if let first = text.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") { "type" } else { nil }
        default: nil
        }
    }
}
