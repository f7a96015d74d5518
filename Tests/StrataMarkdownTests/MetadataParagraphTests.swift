import StrataCore
import Testing

@testable import StrataMarkdown

@Suite struct MetadataParagraphTests {
    func pairs(_ markdown: String) -> [String] {
        MarkdownParser.parse(markdown, path: "p.md").metadata.map {
            "\($0.key)=\($0.value)@\($0.location.line):\($0.location.column)"
        }
    }

    /// The quick look at a paragraph's first bytes turns down what the full reading would,
    /// and nothing more.
    @Test func onlyAParagraphThatStartsWithAKeyIsRead() {
        #expect(MetadataParagraphParser.parse("Status: accepted") == nil, "keys are capitals")
        #expect(MetadataParagraphParser.parse("K: one letter") == nil)
        #expect(MetadataParagraphParser.parse("KEY:value") == nil, "a space, tab or line break follows the colon")
        #expect(MetadataParagraphParser.parse("É_KEY: x") == nil)
        #expect(MetadataParagraphParser.parse("KEY_2:\tvalue")?.map(\.key) == ["KEY_2"])
        #expect(MetadataParagraphParser.parse("OWNER:\nana")?.map(\.value) == ["ana"])
        #expect(MetadataParagraphParser.parse("OWNER:")?.map(\.key) == ["OWNER"])
        #expect(MetadataParagraphParser.parse("OWNER: ana ÉQUIPE: x")?.map(\.value) == ["ana ÉQUIPE: x"])
    }

    @Test func allPairsOnOneLine() {
        #expect(
            pairs("OWNER: ana, li LAST_VERIFIED: 2026-01-31 STACK_VERSION: Swift 6.2") == [
                "OWNER=ana, li@1:1", "LAST_VERIFIED=2026-01-31@1:16", "STACK_VERSION=Swift 6.2@1:42"
            ])
    }

    @Test func onePairALineAfterTheTitle() {
        #expect(
            pairs("# Title\n\nOWNER: ana\nLAST_VERIFIED: 2026-01-31\n\nBody") == [
                "OWNER=ana@3:1", "LAST_VERIFIED=2026-01-31@4:1"
            ])
    }

    @Test func boldKeys() {
        #expect(
            pairs("**OWNER:** ana **TEAM:** core").map { String($0.split(separator: "@")[0]) } == [
                "OWNER=ana", "TEAM=core"
            ])
    }

    /// A paragraph is passed over when its first node rules a key out; a key's colon may
    /// stand in the next node, and those paragraphs are still read.
    @Test func aKeysColonMayStandInTheNextNode() {
        #expect(pairs("**OWNER**: ana").map { String($0.split(separator: "@")[0]) } == ["OWNER=ana"])
        #expect(pairs("`OWNER`: ana").map { String($0.split(separator: "@")[0]) } == ["OWNER=ana"])
        let afterBlock = MarkdownParser.parse(
            "**CHECK**: a screen has one view model.\n\nOWNER: ana LAST_VERIFIED: 2026-01-31\n", path: "p.md")
        #expect(afterBlock.metadata.isEmpty, "a bold keyword opens the body")
        #expect(afterBlock.ignoredMetadata.map(\.line) == [3])
        #expect(pairs("OWNER ana: x").isEmpty)
        #expect(pairs("Owner: ana").isEmpty)
        #expect(pairs("O: ana").isEmpty)
    }

    @Test func metadataParagraphIsNotRenderedAsProse() {
        let document = MarkdownParser.parse("OWNER: ana\n\nBody", path: "p.md")
        #expect(document.renderHTML() == "<p>Body</p>\n")
    }

    @Test func guidanceIsNotMetadata() {
        #expect(pairs("CHECK: a screen. IF: x THEN: y").isEmpty)
        #expect(pairs("OWNER: ana ANTI_PATTERN: globals").isEmpty)
    }

    /// A wiki page captured as text: a "Skip to content" line and a title line stand before
    /// the metadata, which is still the page's.
    @Test func metadataAnywhereBeforeTheFirstHeadingOrBlock() {
        #expect(
            pairs("Skip to content\n\nGE Architecture\n\nOWNER: ana LAST_VERIFIED: 2026-01-31\n\n## Layers\n") == [
                "OWNER=ana@5:1", "LAST_VERIFIED=2026-01-31@5:12"
            ])
        #expect(pairs("Intro.\n\nOWNER: ana") == ["OWNER=ana@3:1"])
        #expect(
            pairs("Intro.\n\nLAST_VERIFIED: 2026-01-31\n\nMore.\n\nSTATUS: draft") == [
                "LAST_VERIFIED=2026-01-31@3:1", "STATUS=draft@7:1"
            ])
        // After the lead paragraph, a single pair must look like page data to be taken.
        #expect(pairs("Intro.\n\nNOTE: this page is a draft, read it with care.").isEmpty)
        #expect(pairs("Intro.\n\n`LAST_VERIFIED:` is a date, as the next section explains.").isEmpty)
    }

    /// Past the first heading or guidance block, a paragraph of page data stays prose, and the
    /// page says where it is so the build can warn.
    @Test func metadataAfterTheBodyStartsIsReportedNotRead() {
        let afterHeading = MarkdownParser.parse(
            "# T\n\nIntro.\n\n## A\n\nOWNER: ana LAST_VERIFIED: 2026-01-31\n", path: "p.md")
        #expect(afterHeading.metadata.isEmpty)
        #expect(afterHeading.ignoredMetadata == [SourceLocation(path: "p.md", line: 7, column: 1)])
        let afterBlock = MarkdownParser.parse(
            "CHECK: a screen has one view model.\n\nOWNER: ana LAST_VERIFIED: 2026-01-31\n", path: "p.md")
        #expect(afterBlock.metadata.isEmpty)
        #expect(afterBlock.ignoredMetadata.map(\.line) == [3])
        #expect(MarkdownParser.parse("# T\n\n## A\n\nNOTE: keep this short.\n", path: "p.md").ignoredMetadata.isEmpty)
    }

    @Test func onlyParagraphsMadeOfPairs() {
        #expect(pairs("Some prose. OWNER: ana").isEmpty)
        #expect(pairs("Owner: ana").isEmpty)
        #expect(pairs("- OWNER: ana").isEmpty)
        #expect(pairs("URL: https://x.io/a:b").map { String($0.split(separator: "@")[0]) } == ["URL=https://x.io/a:b"])
    }
}
