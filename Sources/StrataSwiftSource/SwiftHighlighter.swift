import StrataCore

/// Highlights Swift code blocks at build time with ``SwiftHighlightLexer``: one pass over
/// the bytes, linear in any input, so every block is coloured however it nests. It agrees
/// with swift-syntax's classification (``SyntaxHighlighter``) on nearly every character of
/// real code (see ``HighlightAgreement``) at a fraction of a full parse's cost.
package struct SwiftHighlighter: CodeHighlighter {
    package init() {}

    package func highlight(_ code: String, language: String) -> String? {
        guard language.lowercased() == "swift" else { return nil }
        var code = code
        return code.withUTF8 { bytes in HighlightRun.html(SwiftHighlightLexer.runs(bytes), code: bytes) }
    }

    /// The coloured runs of `code`.
    package func runs(_ code: String) -> [HighlightRun] {
        var code = code
        return code.withUTF8 { SwiftHighlightLexer.runs($0) }
    }
}
