import StrataCore

/// What a highlighted stretch of Swift is, as the theme colours it (`hl-keyword`, …).
package enum HighlightKind: UInt8, Sendable, CaseIterable {
    case keyword, type, attribute, string, comment, number, directive

    package var className: String {
        switch self {
        case .keyword: "keyword"
        case .type: "type"
        case .attribute: "attribute"
        case .string: "string"
        case .comment: "comment"
        case .number: "number"
        case .directive: "directive"
        }
    }
}

/// A stretch of code given a colour: UTF-8 offsets into the code, never inside a character.
/// Text between runs is plain.
package struct HighlightRun: Equatable, Sendable {
    package var kind: HighlightKind
    package var start: Int
    package var end: Int

    package init(kind: HighlightKind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// The code as HTML: escaped, each run in `<span class="hl-…">`.
    static func html(_ runs: [HighlightRun], code: UnsafeBufferPointer<UInt8>) -> String {
        // Written as bytes: the specials HTML escapes are ASCII, and runs end where tokens
        // do, never inside a character.
        var html: [UInt8] = []
        html.reserveCapacity(code.count * 2 + 64)
        var offset = 0
        for run in runs where run.start >= offset && run.end <= code.count && run.start < run.end {
            HTMLEscaping.append(UnsafeBufferPointer(rebasing: code[offset..<run.start]), to: &html)
            html.append(contentsOf: "<span class=\"hl-".utf8)
            html.append(contentsOf: run.kind.className.utf8)
            html.append(contentsOf: "\">".utf8)
            HTMLEscaping.append(UnsafeBufferPointer(rebasing: code[run.start..<run.end]), to: &html)
            html.append(contentsOf: "</span>".utf8)
            offset = run.end
        }
        HTMLEscaping.append(UnsafeBufferPointer(rebasing: code[offset..<code.count]), to: &html)
        return String(decoding: html, as: UTF8.self)
    }
}
