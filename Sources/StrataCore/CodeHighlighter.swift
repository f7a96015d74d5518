/// Marks up code blocks at build time, so a page needs no highlighting script. The
/// Markdown renderer and the generated pages ask it for every block with a language and
/// write the block plainly, escaped, when it declines.
package protocol CodeHighlighter: Sendable {
    /// The block's inner HTML (escaped text with `<span class="hl-…">` runs), or nil when
    /// this highlighter does not know `language`.
    func highlight(_ code: String, language: String) -> String?
}

/// The way every code block is written: `<pre data-language><code class="language-…">`,
/// highlighted when the highlighter knows the language, otherwise escaped as it is.
package enum CodeBlockHTML {
    package static func render(_ code: String, language: String, highlighter: (any CodeHighlighter)?) -> String {
        guard !language.isEmpty else { return "<pre><code>\(HTMLEscaping.escape(code))</code></pre>\n" }
        let escapedLanguage = HTMLEscaping.escape(language)
        let body = highlighter?.highlight(code, language: language) ?? HTMLEscaping.escape(code)
        return
            "<pre data-language=\"\(escapedLanguage)\"><code "
            + "class=\"language-\(escapedLanguage)\">\(body)</code></pre>\n"
    }
}
