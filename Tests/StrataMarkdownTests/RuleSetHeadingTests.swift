import StrataCore
import Testing

@testable import StrataMarkdown

/// Rule sets as their authors write them: a section headed "Rules" or "Guidelines" whose
/// subsections or list items are numbered, with no `RULES:` line.
@Suite struct RuleSetHeadingTests {
    func rules(_ markdown: String, headings: [String] = GuidanceExtractor.defaultRuleSetHeadings) -> [String] {
        let document = MarkdownParser.parse(markdown, path: "conventions.md", options: MarkdownOptions())
        return GuidanceExtractor(pageKey: "conventions", ruleSetHeadings: headings).extract(from: document).blocks
            .filter { $0.kind == .rule }.map(\.summary)
    }

    @Test func numberedSubsectionsOfARulesSectionAreRules() {
        let page =
            "# Views\n\n## Rules\n\n### 1. One view model per screen\n\nText.\n\n### Rule 2: Views send "
            + "actions\n\n## Other\n\n### 3. Not a rule\n"
        #expect(rules(page) == ["One view model per screen", "Views send actions"])
    }

    @Test func numberedItemsOfAGuidelinesSectionAreRulesInAnyCaseAndWithAColon() {
        let page = "# Views\n\n## GUIDELINES:\n\n1. Name models after screens.\n2. Views format.\n\n- Not numbered.\n"
        #expect(rules(page) == ["Name models after screens.", "Views format."])
    }

    @Test func whatIsNotNumberedOrNotSoHeadedStaysProse() {
        #expect(
            rules("# V\n\n## Rules\n\n### Naming\n\nProse.\n\n- a\n- b\n").isEmpty, "unnumbered subsections and items")
        #expect(rules("# V\n\n## Rules of thumb\n\n1. One.\n").isEmpty, "another heading")
        #expect(rules("# V\n\n## Rules\n\n### 1. One\n\n### Two\n").isEmpty, "a set is numbered throughout")
    }

    @Test func theHeadingsAreConfigurableAndARulesLineStillWins() {
        let page = "# V\n\n## Conventions\n\n1. One.\n\n## Rules\n\n1. Two.\n"
        #expect(rules(page, headings: ["Conventions"]) == ["One."])
        #expect(rules(page, headings: []).isEmpty)
        // A rule-set line in the section: read once, with what it applies to.
        let marked = "# V\n\n## Rules\n\nRULES: APPLIES_TO: UI\n\n### 1. One view model per screen\n"
        let document = MarkdownParser.parse(marked, path: "v.md", options: MarkdownOptions())
        let blocks = GuidanceExtractor(pageKey: "v").extract(from: document).blocks
        #expect(blocks.map(\.summary) == ["One view model per screen"])
        #expect(blocks.first?.appliesTo == ["UI"])
    }
}
