/// How an example of a guidance block is written, in callouts and on block pages alike: a
/// code block, and when it has a verdict, a figure whose caption says it in words ("Bad",
/// and the label's own words), so colour is never the only sign.
package enum ExampleHTML {
    package static func render(_ example: GuidanceBlock.Example, highlighter: (any CodeHighlighter)?) -> String {
        let code = CodeBlockHTML.render(example.code, language: example.language ?? "", highlighter: highlighter)
        guard let verdict = example.verdict else { return code }
        var html = "<figure class=\"guidance-example guidance-example-\(verdict.rawValue)\">\n<figcaption>"
        html += "<span class=\"verdict verdict-\(verdict.rawValue)\">\(verdict.label)</span>"
        if let caption = example.caption {
            html += " <span class=\"verdict-caption\">" + inline(caption) + "</span>"
        }
        return html + "</figcaption>\n" + code + "</figure>\n"
    }

    /// A caption's code spans as code; links as their text (a caption is no place to leave).
    static func inline(_ text: String) -> String {
        InlineMarkup.segments(text).map { segment in
            switch segment {
            case .text(let value): HTMLEscaping.escape(value)
            case .code(let value): "<code>" + HTMLEscaping.escape(value) + "</code>"
            case .link(let label, _): HTMLEscaping.escape(InlineMarkup.plainText(label))
            }
        }.joined()
    }
}
