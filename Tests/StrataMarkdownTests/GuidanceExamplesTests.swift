import StrataCore
import StrataMarkdown
import Testing

/// Examples with verdicts, and rule sets, as teams write them.
@Suite struct GuidanceExamplesTests {
    func extract(_ markdown: String) -> (MarkdownDocument, GuidanceExtractor.Result) {
        let document = MarkdownParser.parse(markdown, path: "p.md", options: MarkdownOptions())
        return (document, GuidanceExtractor(pageKey: "p").extract(from: document))
    }

    func render(_ markdown: String) -> String {
        let (document, result) = extract(markdown)
        let callouts = zip(result.blocks, result.placements).compactMap { block, placement in
            placement.map {
                GuidanceCallout(
                    placement: $0, block: block, anchor: "block.\(block.id)", permalink: "g/\(block.id).html")
            }
        }
        return document.renderHTML(callouts: callouts)
    }

    func verdicts(_ block: GuidanceBlock?) -> [String] {
        (block?.examples ?? []).map {
            [$0.verdict?.rawValue ?? "-", $0.caption].compactMap { $0 }.joined(separator: ": ")
        }
    }

    @Test func labelParagraphsBetweenTheBlockAndItsCodeLabelIt() {
        let (_, result) = extract(
            "CHECK: A. IF: B. THEN: C.\n\n👎 No Good\n\n```swift\nbad()\n```\n\n**Good:** with a "
                + "service\n\n```swift\ngood()\n```\n\nAfter.\n"
        )
        #expect(verdicts(result.blocks.first) == ["bad", "good: with a service"])
        #expect(result.placements.first??.isWholeBlock == true, "labels and code belong to the block")
    }

    @Test func verdictKeywordsInTheBlockLabelItsExamplesInOrder() {
        let (_, result) = extract(
            "ANTI_PATTERN: A. FIX: B.\nBAD: the old way\n\n```swift\nold()\n```\n\nGOOD:\n\n```swift\nnew()\n```\n")
        #expect(verdicts(result.blocks.first) == ["bad: the old way", "good"])
    }

    @Test func theFenceAndTheFirstCommentGiveVerdictsToo() {
        let (_, result) = extract(
            "RULE: R.\n\n```swift wrong\na()\n```\n\n```swift\n// CORRECT — injected\nb()\n```\n\n```swift\nc()\n```\n")
        #expect(result.blocks.first?.kind == .rule)
        #expect(verdicts(result.blocks.first) == ["bad", "good: injected", "-"])
    }

    @Test func exampleAboveAttachesTheCodeBeforeTheBlock() {
        let (_, result) = extract(
            "Prose.\n\n```swift\nextension V {}\n```\n\nCHECK: A. IF: B. THEN: Use the pattern above.\nEXAMPLE: above\n"
        )
        #expect(result.blocks.first?.examples.map(\.code) == ["extension V {}\n"])
        let html = render(
            "Prose.\n\n```swift\nextension V {}\n```\n\nCHECK: A. IF: B. THEN: Use the pattern above.\nEXAMPLE: above\n"
        )
        #expect(
            html.hasPrefix("<p>Prose.</p>\n<div class=\"guidance-callout guidance-check guidance-drawn\""),
            "the code moves into the callout")
        #expect(html.components(separatedBy: "extension").count == 2, "and is drawn once")
        let (_, wrong) = extract("CHECK: A.\nEXAMPLE: below\n")
        #expect(wrong.diagnostics.map(\.ruleID) == ["guidance.misplaced"])
    }

    @Test func aLabelledExampleIsAFigureWhoseCaptionSaysTheVerdictInWords() {
        let html = render("CHECK: A. IF: B. THEN: C.\n\n👎 No Good\n\n```swift\nbad()\n```\n")
        #expect(
            html.contains(
                "<figure class=\"guidance-example guidance-example-bad\">\n<figcaption><span class=\"verdict "
                    + "verdict-bad\">Bad</span></figcaption>\n<pre"
            ))
        #expect(!html.contains("No Good"), "the label paragraph became the caption")
    }

    @Test func rulesFromHeadingsUnderARulesMarker() {
        let markdown = """
            # View models

            ## Rules

            RULES: APPLIES_TO: UI

            ### 1. Each screen has one view model

            👎 No Good

            ```swift
            two()
            ```

            👍 Good

            ```swift
            one()
            ```

            ### Rule 2: Views send actions

            Prose about it.

            ## Anatomy

            ### Not a rule
            """
        let (_, result) = extract(markdown)
        #expect(result.blocks.map(\.summary) == ["Each screen has one view model", "Views send actions"])
        #expect(result.blocks.map(\.kind) == [.rule, .rule])
        #expect(result.blocks.map(\.id) == ["p-rules-each-screen-has-one-view-model", "p-rules-views-send-actions"])
        #expect(result.blocks.first?.appliesTo == ["UI"])
        #expect(verdicts(result.blocks.first) == ["bad", "good"])
        #expect(result.blocks.first?.location == SourceLocation(path: "p.md", line: 7, column: 1))
        let html = render(markdown)
        #expect(!html.contains("RULES:"), "the marker is not shown")
        #expect(
            html.contains(
                "<div class=\"guidance-callout guidance-rule\" id=\"block.p-rules-each-screen-has-one-view-model\">"))
        #expect(
            html.contains("<p>Prose about it.</p>\n</div>\n<h2 id=\"anatomy\">"),
            "a rule runs to the next heading of its level")
    }

    @Test func rulesFromListItems() {
        let (_, result) = extract(
            "# S\n\nRULES:\n\n1. A service is an actor.\n\n   ```swift bad\n   struct S {}\n   ```\n\n2. A service "
                + "takes its dependencies.\n"
        )
        #expect(result.blocks.map(\.summary) == ["A service is an actor.", "A service takes its dependencies."])
        #expect(verdicts(result.blocks.first) == ["bad"])
    }

    @Test func aRuleSetWithoutRulesIsReported() {
        let (_, result) = extract("# S\n\nRULES:\n\nJust prose.\n")
        #expect(result.blocks.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "p.md:3:1: warning: RULES: marks the rest of this section as a rule set, and no heading or list "
                    + "item follows it there; write each rule as a heading or a list item [guidance.empty-rule-set]"
            ])
    }

    @Test func headingNumbersAreNotPartOfTheStatement() {
        #expect(GuidanceExtractor.ruleStatement("1. Each screen") == "Each screen")
        #expect(GuidanceExtractor.ruleStatement("12) Each screen") == "Each screen")
        #expect(GuidanceExtractor.ruleStatement("Rule 3: Each screen") == "Each screen")
        #expect(GuidanceExtractor.ruleStatement("3 Each screen") == "Each screen")
        #expect(GuidanceExtractor.ruleStatement("3D scenes load lazily") == "3D scenes load lazily")
    }

    // MARK: Edge cases a review found

    @Test func textLeftOutOfABlockKeepsTheBlockFramedAroundIt() {
        let html = render("CHECK: A. IF: x THEN: y\nFIX: Important words.\nEXAMPLE: below\n")
        #expect(html.contains("Important words."), "a misplaced part is left as text, so it must be shown")
        #expect(html.contains("below"))
        #expect(!html.contains("guidance-drawn"))
    }

    /// A GOOD:/BAD: with no code to label is neither dropped nor silent: the block is framed
    /// around its text as written, and a warning says where the code should be.
    @Test func aLabelWithoutAnExampleKeepsItsTextAndIsReported() {
        let markdown = "ANTI_PATTERN: Singletons everywhere\nFIX: Inject the store\nBAD: the old way\n"
        let (_, result) = extract(markdown)
        #expect(
            result.diagnostics.map(\.description) == [
                "p.md:3:1: warning: BAD: labels the block's example number 1, but the block has no example; put the "
                    + "code block after it [guidance.label-without-example]"
            ])
        #expect(result.placements.first??.isWholeBlock == false, "framed as written, not drawn from its parts")
        #expect(render(markdown).contains("the old way"))
    }

    /// Parts keep code and links but not emphasis: a block that stresses a word is framed as
    /// written so the stress shows; a stressed keyword does not count.
    @Test func emphasisInABlockKeepsItFramedAsWritten() {
        let stressed = render("CHECK: Views *never* fetch\nIF: a view needs data\nTHEN: ask the store\n")
        #expect(stressed.contains("<em>never</em>"), "\(stressed)")
        let boldKeyword = extract("**CHECK:** Views stay thin\nIF: a view needs data\nTHEN: ask the store\n").1
        #expect(boldKeyword.placements.first??.isWholeBlock == true, "a bold keyword is drawn from the parts")
    }

    @Test func labelKeywordsCountOnlyWhereALineStarts() {
        let (_, result) = extract(
            "CHECK: A request returns. IF: the status is not OK: a 5xx or 4xx THEN: show the error banner.\n")
        #expect(
            result.blocks.first?.conditions == [
                GuidanceBlock.Condition(
                    condition: "the status is not OK: a 5xx or 4xx", action: "show the error banner.")
            ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aRuleItemsStatementIsNeverItsFirstExamplesLabel() {
        let (document, result) = extract(
            "# S\n\nRULES:\n\n- Avoid singletons for services.\n\n  ```swift\n  Service.shared\n  ```\n")
        #expect(result.blocks.map(\.summary) == ["Avoid singletons for services."])
        #expect(verdicts(result.blocks.first) == ["-"])
        let callouts = zip(result.blocks, result.placements).compactMap { block, placement in
            placement.map { GuidanceCallout(placement: $0, block: block, anchor: "a", permalink: "p") }
        }
        #expect(document.renderHTML(callouts: callouts).contains("Avoid singletons for services."))
    }

    @Test func aParagraphHoldingABlockIsNoLabel() {
        let (_, result) = extract(
            "CHECK: First. IF: x THEN: y\n\nDon't guess. CHECK: Second. IF: slow THEN: "
                + "cache\n\n```swift\ncache()\n```\n"
        )
        #expect(result.blocks.map(\.summary) == ["First.", "Second."])
        #expect(result.blocks.map(\.examples.count) == [0, 1], "the code is the second block's only")
    }

    @Test func exampleAboveLeavesCodeAnotherBlockTook() {
        let markdown = "CHECK: A. IF: x THEN: y\n\n```swift\na()\n```\n\nCHECK: B. IF: x THEN: y\nEXAMPLE: above\n"
        let (_, result) = extract(markdown)
        #expect(result.blocks.map(\.examples.count) == [1, 0])
        #expect(render(markdown).components(separatedBy: "a()").count == 2, "the code is drawn once")
    }

    @Test func twoRuleSetsInOneSectionGiveEachRuleOnce() {
        let (_, result) = extract("## S\n\nRULES:\n\n- Rule one.\n\nRULES: APPLIES_TO: UI\n\n- Rule three.\n")
        #expect(result.blocks.map(\.summary) == ["Rule one.", "Rule three."])
        #expect(result.blocks.map(\.appliesTo) == [[], ["UI"]])
    }

    @Test func rulesStandInPageOrderAmongTheOtherBlocks() {
        let (_, result) = extract(
            "## Rules\n\nCHECK: First. IF: x THEN: y\n\nRULES:\n\n### 1. Second\n\n## After\n\nANTI_PATTERN: Third. "
                + "FIX: z\n"
        )
        #expect(result.blocks.map(\.summary) == ["First.", "Second", "Third."])
        #expect(result.placements.count == 3)
    }

    @Test func verdictKeywordsLabelExamplesByPosition() {
        let (_, result) = extract(
            "ANTI_PATTERN: A. FIX: B.\nBAD:\nGOOD:\n\n```swift bad\nx()\n```\n\n```swift\ny()\n```\n")
        #expect(verdicts(result.blocks.first) == ["bad", "good"], "the second label is the second example's")
    }

    @Test func aNoticeCommentIsNoVerdict() {
        #expect(ExampleVerdict.label(ofCode: "// DO NOT EDIT\nlet x = 1\n") == nil)
        #expect(ExampleVerdict.label(ofCode: "// NOT GOOD\nlet x = 1\n")?.verdict == .bad)
    }

    @Test func anImageInABlockKeepsItFramed() {
        let html = render("CHECK: A ![diagram](d.png) here. IF: x THEN: y\n")
        #expect(html.contains("<img src=\"d.png\""))
    }

    @Test func aKeywordIsFollowedByItsText() {
        let (_, result) = extract("A block is a check, an anti-pattern or a rule (RULE:, or a rule set).\n")
        #expect(result.blocks.isEmpty, "a keyword named in a sentence opens nothing")
        let (_, bold) = extract("**RULE:** Services are actors.\n")
        #expect(bold.blocks.map(\.summary) == ["Services are actors."])
    }
}
