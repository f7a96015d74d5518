import StrataCore
import Testing

@testable import StrataMarkdown

@Suite struct HeadingTests {
    @Test(arguments: [
        ("Getting started!", "getting-started"),
        ("What's `new` in 2.0?", "whats-new-in-20"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("Ünïcode Straße", "ünïcode-straße"),
        ("  Spaces  around ", "spaces--around")
    ])
    func slugsAreGitHubStyle(text: String, slug: String) {
        #expect(HeadingSlugger.slug(text.trimmingWhitespace) == slug)
    }

    @Test func duplicateAndEmptyHeadingsGetUniqueIDs() {
        let document = MarkdownParser.parse("## Setup\n## Setup\n## Setup-1\n## !!!\n## Setup", path: "p.md")
        #expect(document.headings.map(\.id) == ["setup", "setup-1", "setup-1-1", "section", "setup-2"])
    }

    @Test func headingsRenderWithIDAndSelfLink() {
        #expect(
            html("## Hello *there*")
                == "<h2 id=\"hello-there\">Hello <em>there</em><a class=\"heading-anchor\" href=\"#hello-there\" "
                + "aria-label=\"Link to this section\">#</a></h2>\n"
        )
    }

    @Test func leadingTitleHeadingBecomesTheTitleAndLeavesTheBody() {
        let document = MarkdownParser.parse("# The Title\n\nBody.\n\n# Another H1", path: "p.md")
        #expect(document.titleHeading?.text == "The Title")
        #expect(document.headings.map(\.text) == ["Another H1"])
        #expect(document.renderHTML().hasPrefix("<p>Body.</p>"))
    }

    @Test func headingsKeepTheirLines() {
        let document = MarkdownParser.parse("\n\nText\n\n### Deep\n", path: "p.md")
        #expect(document.headings.first?.location == SourceLocation(path: "p.md", line: 5, column: 1))
        #expect(document.headings.first?.level == 3)
    }
}
