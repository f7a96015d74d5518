import StrataCore
import Testing
@testable import StrataSwiftSource

@Suite struct SwiftHighlighterTests {
    let highlighter = SwiftHighlighter()

    func html(_ code: String) -> String {
        highlighter.highlight(code, language: "swift") ?? "(declined)"
    }

    /// The text of the highlighted code, spans removed and entities decoded: always the code.
    func text(_ html: String) -> String {
        var result = html
        while let open = result.range(of: "<span class=\""), let close = result.range(of: "\">", range: open.upperBound ..< result.endIndex) {
            result.removeSubrange(open.lowerBound ..< close.upperBound)
        }
        return result.replacingOccurrences(of: "</span>", with: "").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func everyKindOfToken() {
        let code = """
        /// Loads things.
        @MainActor struct Loader: Sendable {
            let count = 42 // the answer
            var ratio = 0.5
            func load(name: String) async throws -> [Item] { /* later */ return try await Item.all("\\(name)") }
        }
        #if DEBUG
        #endif
        """
        let out = html(code)
        #expect(out.contains("<span class=\"hl-comment\">/// Loads things.</span>"))
        #expect(out.contains("<span class=\"hl-attribute\">@MainActor</span>"))
        #expect(out.contains("<span class=\"hl-keyword\">struct</span> <span class=\"hl-type\">Loader</span>"))
        #expect(out.contains("<span class=\"hl-type\">Sendable</span>"))
        #expect(out.contains("<span class=\"hl-number\">42</span>"))
        #expect(out.contains("<span class=\"hl-number\">0.5</span>"))
        #expect(out.contains("<span class=\"hl-comment\">// the answer</span>"))
        #expect(out.contains("<span class=\"hl-comment\">/* later */</span>"))
        #expect(out.contains("<span class=\"hl-keyword\">async</span> <span class=\"hl-keyword\">throws</span>"))
        #expect(out.contains("<span class=\"hl-type\">Item</span>"))
        #expect(out.contains("<span class=\"hl-string\">&quot;</span>"))
        #expect(out.contains("<span class=\"hl-directive\">#if</span>"))
        #expect(out.contains("func</span> load("), "a function's name stays plain")
        #expect(text(out) == code, "highlighting never changes the code")
    }

    @Test func markupInCodeIsEscaped() {
        let code = "let html = \"<b>&</b>\" // <script>\nlet x = a < b && c > d"
        let out = html(code)
        #expect(!out.contains("<b>") && !out.contains("<script>"))
        #expect(out.contains("&lt;b&gt;&amp;&lt;/b&gt;"))
        #expect(text(out) == code)
    }

    @Test(arguments: [
        "func (", "struct { let", "}}}", "let x = \"unterminated", "/* open comment", "", "\n\n", "🙂 let é = \"ü\"", "#if\n",
    ])
    func brokenSnippetsKeepTheirText(code: String) {
        #expect(text(html(code)) == code)
    }

    /// Nesting up to the check's limit is highlighted: the classifier's walk of the tree
    /// must not run out of stack on a worker thread, and no character may be lost.
    @Test func deeplyNestedCodeKeepsItsText() {
        let code = "let x = " + String(repeating: "(", count: 190) + "1" + String(repeating: ")", count: 190) + "\n"
            + String(repeating: "func f() { ", count: 190) + String(repeating: "}", count: 190) + "\n"
            + String(repeating: "[", count: 12) + String(repeating: "]", count: 12)
        #expect(highlighter.highlight(code, language: "swift") != nil)
        #expect(text(html(code)) == code)
    }

    @Test func otherLanguagesAreDeclined() {
        #expect(highlighter.highlight("let x = 1", language: "kotlin") == nil)
        #expect(highlighter.highlight("SELECT 1", language: "sql") == nil)
        #expect(highlighter.highlight("let x = 1", language: "Swift") != nil)
    }

    @Test func codeBlocksOfOtherLanguagesAreEscapedPlainly() {
        let block = CodeBlockHTML.render("<p>a & b</p>", language: "html", highlighter: highlighter)
        #expect(block == "<pre data-language=\"html\"><code class=\"language-html\">&lt;p&gt;a &amp; b&lt;/p&gt;</code></pre>\n")
        let plain = CodeBlockHTML.render("x < y", language: "", highlighter: highlighter)
        #expect(plain == "<pre><code>x &lt; y</code></pre>\n")
        let odd = CodeBlockHTML.render("x", language: "c\"onerror=", highlighter: highlighter)
        #expect(odd.contains("data-language=\"c&quot;onerror=\""))
    }

    /// Text that would send swift-syntax's look-ahead into exponential or cubic time (or
    /// off the end of the stack) is shown plain, at once, every character kept.
    @Test(.timeLimit(.minutes(1))) func pathologicalNestingIsShownPlainAtOnce() {
        for code in [
            "let x = " + String(repeating: "[", count: 22) + String(repeating: "]", count: 22),
            "let x: " + String(repeating: "[", count: 18) + "Int" + String(repeating: "]", count: 18),
            "let x = " + String(repeating: "\\(", count: 320),
            String(repeating: "#if X\n", count: 2_100),
        ] {
            #expect(highlighter.highlight(code, language: "swift") == nil, "\(code.prefix(30))")
            let block = CodeBlockHTML.render(code, language: "swift", highlighter: highlighter)
            #expect(block.contains(HTMLEscaping.escape(code)), "shown plain, every character kept")
        }
        // Deep, real-looking code is still highlighted.
        let view = String(repeating: "VStack { HStack(alignment: .top) { ", count: 15) + "Text(\"[\\(a[b[c]])]\")" + String(repeating: " } }", count: 15)
        #expect(highlighter.highlight(view, language: "swift")?.contains("hl-string") == true)
    }
}

