import StrataCore
import Testing

@testable import StrataMarkdown

@Suite struct PlainTextTests {
    @Test func includesTablesAndCodeSpansButNotCodeBlocks() {
        let document = MarkdownParser.parse(
            """
            # Title

            Prose names `FeedUI` and Storage.

            | Layer | Module |
            |---|---|
            | UI | `FeedKit` |

            ```swift
            import Hidden
            ```
            """, path: "page.md")
        let text = document.plainText()
        #expect(text.contains("FeedUI"))
        #expect(text.contains("Storage"))
        #expect(text.contains("FeedKit"))
        #expect(!text.contains("Hidden"))
    }
}

@Suite struct PlainTextCellTests {
    @Test func tableCellsDoNotRunTogether() {
        let text = MarkdownParser.parse("| UI | `FeedKit` |\n|---|---|\n| a | b |\n", path: "page.md").plainText()
        #expect(text.split(separator: " ").contains("FeedKit"))
    }
}
