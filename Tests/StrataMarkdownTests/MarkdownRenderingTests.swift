import StrataCore
import Testing

@testable import StrataMarkdown

/// Renders a snippet with no link rewriting.
func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
    MarkdownParser.parse(markdown, path: "page.md", options: options).renderHTML()
}

@Suite struct MarkdownRenderingTests {
    @Test func paragraphsAndEmphasis() {
        #expect(html("Hello *world* and **bold**.") == "<p>Hello <em>world</em> and <strong>bold</strong>.</p>\n")
    }

    @Test func tablesKeepColumnAlignment() {
        let output = html("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n")
        #expect(
            output == """
                <div class="table-wrapper"><table>
                <thead>
                <tr>
                <th style="text-align: left">a</th>
                <th style="text-align: center">b</th>
                <th style="text-align: right">c</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td style="text-align: left">1</td>
                <td style="text-align: center">2</td>
                <td style="text-align: right">3</td>
                </tr>
                </tbody>
                </table></div>

                """)
    }

    @Test func tableWithoutBodyRows() {
        #expect(
            html("| a |\n|---|\n")
                == "<div class=\"table-wrapper\"><table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table></div>\n")
    }

    @Test func strikethrough() {
        #expect(html("~~old~~ new") == "<p><del>old</del> new</p>\n")
    }

    @Test func autolinks() {
        #expect(
            html("See https://example.com/x and www.example.org.")
                == "<p>See <a href=\"https://example.com/x\">https://example.com/x</a> and <a "
                + "href=\"http://www.example.org\">www.example.org</a>.</p>\n"
        )
    }

    @Test func taskLists() {
        #expect(
            html("- [x] done\n- [ ] todo\n") == """
                <ul class="task-list">
                <li class="task-list-item"><input type="checkbox" disabled checked> done</li>
                <li class="task-list-item"><input type="checkbox" disabled> todo</li>
                </ul>

                """)
    }

    @Test func tightAndLooseLists() {
        #expect(html("1. a\n2. b\n") == "<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n")
        #expect(html("3. a\n\n4. b\n") == "<ol start=\"3\">\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ol>\n")
    }

    @Test func smartPunctuationIsOffByDefault() {
        #expect(html("\"quoted\" -- dash") == "<p>&quot;quoted&quot; -- dash</p>\n")
        #expect(
            html("\"quoted\" -- dash", MarkdownOptions(smartPunctuation: true))
                == "<p>\u{201C}quoted\u{201D} \u{2013} dash</p>\n")
    }

    @Test func rawHTMLIsEscapedUnlessAllowed() {
        #expect(
            html("<script>alert(1)</script>") == "<p class=\"raw-html\">&lt;script&gt;alert(1)&lt;/script&gt;</p>\n")
        #expect(html("a <b>bold</b> c") == "<p>a &lt;b&gt;bold&lt;/b&gt; c</p>\n")
        #expect(html("a <b>bold</b> c", MarkdownOptions(unsafeHTML: true)) == "<p>a <b>bold</b> c</p>\n")
        #expect(html("<div>\nx\n</div>", MarkdownOptions(unsafeHTML: true)) == "<div>\nx\n</div>\n")
    }

    @Test func scriptURLsAreNeverWritten() {
        #expect(html("[x](javascript:alert(1))") == "<p><a href=\"#\">x</a></p>\n")
        #expect(html("[x](JavaScript:alert(1))", MarkdownOptions(unsafeHTML: true)) == "<p><a href=\"#\">x</a></p>\n")
    }

    @Test func codeBlocksKeepTheirLanguageAndAreEscaped() {
        #expect(
            html("```swift\nlet a = b < c\n```")
                == "<pre data-language=\"swift\"><code class=\"language-swift\">let a = b &lt; c\n</code></pre>\n")
        #expect(html("    indented <x>\n") == "<pre><code>indented &lt;x&gt;\n</code></pre>\n")
        #expect(html("Use `a<b>`.") == "<p>Use <code>a&lt;b&gt;</code>.</p>\n")
    }

    /// A page with a diagram fence depends on the module graph; one with only code does not.
    @Test func diagramFencesAreNoted() {
        #expect(MarkdownParser.parse("```mermaid\ngraph TD\n```", path: "p.md").hasDiagramBlocks)
        #expect(
            MarkdownParser.parse("Text\n\n```swift\nlet a = 1\n```\n\n```DOT nocheck\ndigraph {}\n```", path: "p.md")
                .hasDiagramBlocks)
        #expect(
            MarkdownParser.parse("- ```graphviz\n  digraph {}\n  ```", path: "p.md").hasDiagramBlocks,
            "nested in a list")
        #expect(
            !MarkdownParser.parse("```swift\nlet a = 1\n```\n\n    indented\n\n```\nplain\n```", path: "p.md")
                .hasDiagramBlocks)
    }

    @Test func imagesUsePlainTextAlt() {
        #expect(
            html("![A *nice* \"chart\"](chart.png \"Title\")")
                == "<p><img src=\"chart.png\" alt=\"A nice &quot;chart&quot;\" title=\"Title\" loading=\"lazy\"></p>\n")
    }

    @Test func blockquotesRulesAndBreaks() {
        #expect(
            html("> quoted\n\n---\n\nline  \nnext")
                == "<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr>\n<p>line<br>\nnext</p>\n")
    }

    @Test func deeplyNestedInputDoesNotOverflowTheStack() {
        let deep = String(repeating: ">", count: 5000) + " x\n" + String(repeating: "*", count: 20000)
        #expect(!html(deep).isEmpty)
    }

    @Test func linkRewritingUsesTheResolver() {
        let document = MarkdownParser.parse("[a](x.md) [b](https://e.com)", path: "p.md")
        let output = document.renderHTML(resolveLink: { link in link.destination == "x.md" ? "x.html" : nil })
        #expect(output == "<p><a href=\"x.html\">a</a> <a href=\"https://e.com\">b</a></p>\n")
    }
}
