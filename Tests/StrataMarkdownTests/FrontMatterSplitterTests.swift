import StrataCore
import StrataMarkdown
import Testing

@Suite struct FrontMatterSplitterTests {
    @Test func noFrontMatter() throws {
        let result = try FrontMatterSplitter.split("# Title\n---\n", path: "p.md")
        #expect(result.yaml == nil)
        #expect(result.markdown == "# Title\n---\n")
    }

    /// A line break is a line feed, whatever is before it: a file converted twice to
    /// Windows line ends (`\r\r\n`, which decoding leaves as `\r\n`) still has its front
    /// matter read, where splitting by characters saw one line and no closing fence.
    @Test func aCarriageReturnBeforeALineFeedDoesNotHideTheFence() throws {
        let result = try FrontMatterSplitter.split("---\ntitle: T\r\n---\nBody\n", path: "p.md")
        #expect(result.yaml == "title: T\r")
        #expect(result.markdown == "\n\n\nBody\n")
    }

    @Test func frontMatterIsBlankedSoLinesStayTrue() throws {
        let result = try FrontMatterSplitter.split("---\ntitle: x\n---\n## H\n", path: "p.md")
        #expect(result.yaml == "title: x")
        #expect(result.yamlFirstLine == 2)
        #expect(result.markdown == "\n\n\n## H\n")
        let document = MarkdownParser.parse(result.markdown, path: "p.md")
        #expect(document.headings.first?.location.line == 4)
    }

    @Test func dotsCloseFrontMatterAndTrailingSpacesAreAllowed() throws {
        let result = try FrontMatterSplitter.split("---  \na: 1\n...\nBody", path: "p.md")
        #expect(result.yaml == "a: 1")
    }

    @Test func emptyFrontMatter() throws {
        let result = try FrontMatterSplitter.split("---\n---\nBody", path: "p.md")
        #expect(result.yaml == "")
    }

    @Test func unclosedFrontMatterIsAnError() {
        #expect {
            try FrontMatterSplitter.split("---\ntitle: x\n\nBody", path: "p.md")
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.ruleID == "content.front-matter"
                && diagnostic?.location == SourceLocation(path: "p.md", line: 1, column: 1)
        }
    }
}
