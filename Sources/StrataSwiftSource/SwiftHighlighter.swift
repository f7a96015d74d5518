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
        // Written as bytes: the specials HTML escapes are ASCII, and runs end where tokens do,
        // never inside a character.
        var html: [UInt8] = []
        html.reserveCapacity(bytes.count * 2 + 64)
        for run in runs {
            if let className = run.className {
                html.append(contentsOf: "<span class=\"hl-".utf8)
                html.append(contentsOf: className.utf8)
                html.append(contentsOf: "\">".utf8)
                Self.appendEscaped(bytes[run.start ..< run.end], to: &html)
                html.append(contentsOf: "</span>".utf8)
            } else {
                Self.appendEscaped(bytes[run.start ..< run.end], to: &html)
            }
        }
        return String(decoding: html, as: UTF8.self)
    }

    /// `HTMLEscaping.escape`, byte by byte.
    static func appendEscaped(_ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            default: out.append(byte)
            }
        }
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
