import StrataCore
import StrataMarkdown
import Testing

/// A page without an H1 titled from its first line, as a wiki page captured as text is.
@Suite struct TitleLineTests {
    func title(_ markdown: String) -> (title: String?, html: String) {
        let document = MarkdownParser.parse(markdown, path: "p.md", options: MarkdownOptions(titleFromFirstLine: true))
        return (document.titleHeading?.text, document.renderHTML())
    }

    @Test func theFirstShortLineAfterCaptureNoiseIsTheTitle() {
        let page = title(
            "Skip to content\n\nSwift / SwiftUI — Architecture\n\nOWNER: ana LAST_VERIFIED: 2026-01-01\n\n## "
                + "Overview\n\nText.\n"
        )
        #expect(page.title == "Swift / SwiftUI — Architecture")
        #expect(
            !page.html.contains("Skip to content") && !page.html.contains("Architecture</p>"),
            "neither line is left in the body")
        #expect(title("GE Architecture\n\nText.\n").title == "GE Architecture")
    }

    /// Articles captured from blogs open with an author, a category or a date before the name.
    @Test func theLongestOfTheOpeningLinesIsTheTitle() {
        let article = title(
            "Mike Apurin\n\nSwiftUI-First Architecture\n\nCheck out the demo project to see everything in action "
                + "and to look at cute dogs, and then read on.\n"
        )
        #expect(article.title == "SwiftUI-First Architecture")
        #expect(article.html.hasPrefix("<p>Mike Apurin</p>"), "the other lines stay")
        let blog = title(
            "Development iOS\n\nApplication Architecture with SwiftUI\n\nJune 15, 2022\n\nApplication Architecture "
                + "with SwiftUI\n\n## What is Software Architecture?\n"
        )
        #expect(blog.title == "Application Architecture with SwiftUI")
        #expect(blog.html.components(separatedBy: "Application Architecture").count == 1, "its repeat goes too")
    }

    @Test func sentencesHeadingsAndLonePagesAreNoTitles() {
        #expect(title("This page explains the layers.\n\nText.\n").title == nil, "a sentence")
        #expect(title("Read this first:\n\nText.\n").title == nil)
        #expect(
            title("Short line\n\n# The real title\n").title == nil,
            "a page with an H1 further down is not titled from a line")
        #expect(title("Only line\n").title == nil, "a page of one line is its body")
        #expect(title("CHECK: A. IF: b THEN: c\n\nText.\n").title == nil)
        #expect(title("OWNER: ana\n\nText.\n").title == nil)
        #expect(title("## Section\n\nText.\n").title == nil)
        #expect(
            title(
                "Apples\n\nPears\n\nCherries and grapes and more fruit here\n\nPlums\n\nFigs\n\nDates\n\nA long "
                    + "paragraph ends the list, much longer than any of its lines.\n"
            ).title == nil,
            "a page of short lines has no title line")
        #expect(
            title(
                "![Architecture diagram](arch.png)\n\nA long paragraph follows it here, with much more text than a "
                    + "title has.\n"
            ).title == nil, "an image is no title line")
        #expect(title("[Back to index](index.md)\n\nText of the page.\n").title == nil, "nor is a link")
        let off = MarkdownParser.parse("GE Architecture\n\nText.\n", path: "p.md", options: MarkdownOptions())
        #expect(off.titleHeading == nil, "off when the front matter names the page")
    }
}
