import StrataCore
@testable import StrataMarkdown
import Testing

@Suite struct MetadataParagraphTests {
    func pairs(_ markdown: String) -> [String] {
        MarkdownParser.parse(markdown, path: "p.md").metadata.map { "\($0.key)=\($0.value)@\($0.location.line):\($0.location.column)" }
    }

    @Test func allPairsOnOneLine() {
        #expect(pairs("OWNER: ana, li LAST_VERIFIED: 2026-01-31 STACK_VERSION: Swift 6.2") ==
            ["OWNER=ana, li@1:1", "LAST_VERIFIED=2026-01-31@1:16", "STACK_VERSION=Swift 6.2@1:42"])
    }

    @Test func onePairALineAfterTheTitle() {
        #expect(pairs("# Title\n\nOWNER: ana\nLAST_VERIFIED: 2026-01-31\n\nBody") == ["OWNER=ana@3:1", "LAST_VERIFIED=2026-01-31@4:1"])
    }

    @Test func boldKeys() {
        #expect(pairs("**OWNER:** ana **TEAM:** core").map { String($0.split(separator: "@")[0]) } == ["OWNER=ana", "TEAM=core"])
    }

    @Test func metadataParagraphIsNotRenderedAsProse() {
        let document = MarkdownParser.parse("OWNER: ana\n\nBody", path: "p.md")
        #expect(document.renderHTML() == "<p>Body</p>\n")
    }

    @Test func guidanceIsNotMetadata() {
        #expect(pairs("CHECK: a screen. IF: x THEN: y").isEmpty)
        #expect(pairs("OWNER: ana ANTI_PATTERN: globals").isEmpty)
    }

    @Test func onlyTheFirstParagraphAndOnlyWhenItIsAllPairs() {
        #expect(pairs("Some prose. OWNER: ana").isEmpty)
        #expect(pairs("Intro.\n\nOWNER: ana").isEmpty)
        #expect(pairs("Owner: ana").isEmpty)
        #expect(pairs("- OWNER: ana").isEmpty)
        #expect(pairs("URL: https://x.io/a:b").map { String($0.split(separator: "@")[0]) } == ["URL=https://x.io/a:b"])
    }
}
