import Testing

@testable import StrataBuild

/// The quick test that decides which pages are parsed for a section headed as a rule set.
@Suite struct GuidanceKeywordScanTests {
    func holds(_ text: String, _ headings: [String] = ["Rules", "Guidelines"]) -> Bool {
        GuidanceKeywordScan.mayHoldRuleSection(Array(text.utf8), headings: headings)
    }

    @Test func headingLinesThatStartWithANameInAnyCase() {
        #expect(holds("# Views\n\n## Rules\n\n### 1. One\n"))
        #expect(holds("Intro\n\n### GUIDELINES:\n1. A\n"))
        #expect(holds("#Rules\n"))
        #expect(holds("Rules\n=====\n\n1. A\n"), "a setext heading")
        #expect(holds("Guidelines\r\n---\r\n"))
        #expect(holds("## Conventions\n", ["Conventions"]))
    }

    @Test func anythingElseIsNot() {
        #expect(!holds("These rules are prose.\n\nRules of the house, as text.\n"))
        #expect(!holds("## Naming\n\nThe rules.\n"))
        #expect(!holds("## Rules\n", []))
        #expect(!holds(""))
        #expect(!holds("- Rules\n- Guidelines\n"))
    }
}
