import StrataCore
import StrataMarkdown
import Testing

@Suite struct LinkCollectionTests {
    @Test func linksAndImagesKeepLineAndColumn() {
        let document = MarkdownParser.parse(
            "Intro\n\nSee [a](a.md#x) and\n![img](i.png) [ref][r]\n\n[r]: ref.md\n", path: "p.md")
        #expect(document.links.map(\.destination) == ["a.md#x", "i.png", "ref.md"])
        #expect(document.links.map { "\($0.location.line):\($0.location.column)" } == ["3:5", "4:1", "4:15"])
        #expect(document.links.map(\.isImage) == [false, true, false])
    }

    @Test func linksInCodeAreNotLinks() {
        let document = MarkdownParser.parse("`[a](x.md)`\n\n```\n[b](y.md)\n```\n", path: "p.md")
        #expect(document.links.isEmpty)
    }
}
