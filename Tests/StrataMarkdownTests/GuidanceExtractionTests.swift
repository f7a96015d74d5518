import StrataCore
import Testing

@testable import StrataMarkdown

/// Every form of GUIDANCE-FORMAT.md, through the cmark-gfm tree.
@Suite struct GuidanceExtractionTests {
    func extract(_ markdown: String, page: String = "guides/networking") -> GuidanceExtractor.Result {
        let document = MarkdownParser.parse(markdown, path: "Content/\(page).md", options: MarkdownOptions())
        return GuidanceExtractor(pageKey: page).extract(from: document)
    }

    func only(_ markdown: String) -> GuidanceBlock? {
        let result = extract(markdown)
        #expect(result.blocks.count == 1, "\(result.blocks)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.blocks.first
    }

    static let expectedCheck = (
        summary: "A screen needs data from the network.",
        conditions: [
            GuidanceBlock.Condition(
                condition: "The screen calls the API client directly.", action: "Route the call through a service.")
        ]
    )

    @Test(arguments: [
        "CHECK: A screen needs data from the network. IF: The screen calls the API client directly. THEN: Route the "
            + "call through a service.",
        "CHECK: A screen needs data from the network.\nIF: The screen calls the API client directly.\nTHEN: Route "
            + "the call through a service.",
        "- **CHECK:** A screen needs data from the network.\n  **IF:** The screen calls the API client directly.\n  "
            + "**THEN:** Route the call through a service.",
        "> CHECK: A screen needs data from the network.\n> IF: The screen calls the API client directly.\n> THEN: "
            + "Route the call through a service.",
        "> **CHECK:** A screen needs data\n> from the network.\n> **IF:** The screen calls the API client "
            + "directly.\n>\n> **THEN:** Route the call through a service.",
        "- CHECK: A screen needs data from the network.\n- IF: The screen calls the API client directly.\n- THEN: "
            + "Route the call through a service.",
        "1. *CHECK:* A screen needs data from the network.   IF: The screen calls the API client directly.\n   "
            + "THEN: Route the call through a service."
    ])
    func everyFormOfACheckGivesTheSameBlock(markdown: String) {
        let block = only("# Networking\n\n## Screens\n\n" + markdown + "\n")
        #expect(block?.kind == .check)
        #expect(block?.summary == Self.expectedCheck.summary)
        #expect(block?.conditions == Self.expectedCheck.conditions)
        #expect(block?.id == "guides-networking-screens-a-screen-needs-data")
        #expect(block?.heading?.id == "screens")
        #expect(block?.location.line == 5)
    }

    @Test func aCheckWithTwoConditions() {
        let block = only(
            "CHECK: A type is being named. IF: It serves one screen only. THEN: Nest it inside that screen's "
                + "extension. IF: Several screens share it. THEN: Give it a standalone, descriptive name.\n"
        )
        #expect(
            block?.conditions == [
                .init(condition: "It serves one screen only.", action: "Nest it inside that screen's extension."),
                .init(condition: "Several screens share it.", action: "Give it a standalone, descriptive name.")
            ])
    }

    @Test func anAntiPatternAndItsFix() {
        let block = only(
            "ANTI_PATTERN: Reaching a service through a global singleton.\nFIX: Pass it through the initializer or "
                + "the environment.\n"
        )
        #expect(block?.kind == .antiPattern)
        #expect(block?.summary == "Reaching a service through a global singleton.")
        #expect(block?.fix == "Pass it through the initializer or the environment.")
    }

    @Test func references() {
        let oneLine = only("READ_ALSO: guides/navigation.md READ_ALSO: guides/persistence.md\n")
        #expect(oneLine?.kind == .readAlso)
        #expect(oneLine?.readAlso.map(\.target) == ["guides/navigation.md", "guides/persistence.md"])
        let perLine = only("READ_ALSO: guides/navigation.md\nREAD_ALSO: https://example.com/rules.\n")
        #expect(perLine?.readAlso.map(\.target) == ["guides/navigation.md", "https://example.com/rules"])
        #expect(perLine?.readAlso.map(\.location.line) == [1, 2])
        let attached = only("ANTI_PATTERN: Singletons. FIX: Inject. READ_ALSO: guides/di.md\n")
        #expect(attached?.kind == .antiPattern)
        #expect(
            attached?.readAlso.map(\.target) == ["guides/di.md"], "READ_ALSO inside a block is the block's reference")
    }

    @Test func codeIsNeverAKeyword() {
        let result = extract(
            """
            Write `CHECK: x` in a paragraph, or:

            ```
            CHECK: inside a fence. IF: never. THEN: nothing.
            ```

                ANTI_PATTERN: inside an indented block.

            If: lower case is prose. Check: so is this. XCHECK: and this.
            """)
        #expect(result.blocks.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func codeSpansStayInThePartText() {
        let block = only("ANTI_PATTERN: Calling `URLSession.shared` from a view. FIX: Ask the `FeedService`.\n")
        #expect(block?.summary == "Calling `URLSession.shared` from a view.")
        #expect(block?.fix == "Ask the `FeedService`.")
    }

    @Test func appliesToAndAnExplicitID() {
        let block = only(
            "CHECK: Data access. IF: A view reads the database. THEN: Use a store. APPLIES_TO: UI, FeedUI ID: "
                + "no-db-in-views\n"
        )
        #expect(block?.appliesTo == ["UI", "FeedUI"])
        #expect(block?.id == "no-db-in-views")
        #expect(block?.hasExplicitID == true)
    }

    @Test func codeBlocksRightAfterABlockAreItsExamples() {
        let result = extract(
            """
            - ANTI_PATTERN: A singleton.
              FIX: Inject it.

            ```swift
            let service = Service.shared
            ```

            ```swift
            init(service: Service)
            ```

            Some prose.

            ```swift
            unrelated()
            ```
            """)
        #expect(
            result.blocks.first?.examples == [
                .init(language: "swift", code: "let service = Service.shared\n"),
                .init(language: "swift", code: "init(service: Service)\n")
            ])
    }

    @Test func idsDoNotMoveWhenUnrelatedTextChanges() {
        let before = extract("# Guide\n\n## Data\n\nCHECK: Saving. IF: A view saves. THEN: Use a store.\n").blocks
            .first?.id
        let after = extract(
            "# Guide\n\nA new introduction.\n\n## Other\n\nText.\n\n## Data\n\nMore words first.\n\nCHECK: Saving. "
                + "IF: A view saves. THEN: Use a store.\n"
        ).blocks.first?.id
        #expect(before == "guides-networking-data-saving")
        #expect(before == after)
    }

    @Test func twoBlocksWithTheSameOpeningGetDistinctIDs() {
        let ids = extract("CHECK: Same. IF: a. THEN: b.\n\nCHECK: Same. IF: c. THEN: d.\n").blocks.map(\.id)
        #expect(ids == ["guides-networking-same", "guides-networking-same-2"])
    }

    @Test func headingsAndProseEndABlock() {
        let result = extract(
            "CHECK: One.\n\n## Next\n\nIF: orphan. THEN: orphan.\n\nANTI_PATTERN: Two.\n\nJust prose. FIX: not part "
                + "of it.\n"
        )
        #expect(result.blocks.map(\.summary) == ["One.", "Two."])
        #expect(result.blocks.last?.fix == nil)
        #expect(result.diagnostics.map(\.ruleID) == ["guidance.orphan", "guidance.orphan", "guidance.orphan"])
        #expect(result.diagnostics.first?.location?.line == 5)
    }

    @Test func misplacedKeywordsAreReported() {
        let result = extract("CHECK: x. THEN: no if. FIX: wrong kind.\n")
        #expect(result.blocks.count == 1)
        #expect(result.diagnostics.map(\.ruleID) == ["guidance.misplaced", "guidance.misplaced"])
    }

    @Test func theMetadataParagraphIsNotABlock() {
        let result = extract("# Guide\n\nOWNER: ana LAST_VERIFIED: 2026-01-31\n\nCHECK: Real. IF: a. THEN: b.\n")
        #expect(result.blocks.count == 1)
        #expect(result.blocks.first?.heading?.text == "Guide")
    }
}

/// Link forms, positions and how blocks are drawn where they were written.
@Suite struct GuidancePlacementTests {
    func extract(_ markdown: String) -> (MarkdownDocument, GuidanceExtractor.Result) {
        let document = MarkdownParser.parse(markdown, path: "p.md", options: MarkdownOptions())
        return (document, GuidanceExtractor(pageKey: "p").extract(from: document))
    }

    func render(_ markdown: String) -> String {
        let (document, result) = extract(markdown)
        let callouts = zip(result.drafts, result.placements).compactMap { draft, placement in
            placement.map { placement in
                let links = draft.block.readAlso.map { reference in
                    GuidanceCallout.Link(
                        target: reference.target, href: reference.target == "x.md" ? "x.html" : nil,
                        title: reference.target == "x.md" ? "X" : reference.target)
                }
                return GuidanceCallout(
                    placement: placement, block: draft.block, anchor: "block.\(draft.block.id)",
                    permalink: draft.block.kind == .readAlso ? nil : "g/\(draft.block.id).html", links: links
                )
            }
        }
        return document.renderHTML(callouts: callouts)
    }

    @Test func readAlsoTakesMarkdownLinksAndBareTargets() {
        let (_, result) = extract(
            "READ_ALSO: [Navigation](guides/navigation.md), guides/persistence.md `guides/code.md` [Two "
                + "words](a.md#b)\n"
        )
        #expect(
            result.blocks.first?.readAlso.map(\.target) == [
                "guides/navigation.md", "guides/persistence.md", "guides/code.md", "a.md#b"
            ])
        let (_, check) = extract("CHECK: Read [the guide](g.md) first. IF: x THEN: y\n")
        #expect(check.blocks.first?.summary == "Read [the guide](g.md) first.")
    }

    @Test func keywordsOnLaterLinesHaveTheirColumn() {
        let (_, result) = extract("Intro.\n\nCHECK: A.\n  IF: B.\nTHEN: C.\nID: the-id\n")
        #expect(result.drafts.first?.idLocation == SourceLocation(path: "p.md", line: 6, column: 1))
    }

    @Test func aParagraphBlockIsDrawnFromItsPartsWithItsExamples() {
        let html = render("CHECK: A. IF: B. THEN: C.\n\n```swift\nlet x = 1\n```\n\nAfter.\n")
        #expect(
            html == """
                <div class="guidance-callout guidance-check guidance-drawn" id="block.p-a">
                <p class="guidance-callout-header"><span class="guidance-kind guidance-kind-check">Check</span><a \
                class="guidance-permalink" href="g/p-a.html" title="The page of this check: p-a">p-a</a></p>
                <p class="guidance-callout-title">A.</p>
                <dl class="guidance-callout-parts">
                <div class="guidance-part guidance-if"><dt>If</dt><dd>B.</dd></div>
                <div class="guidance-part guidance-then"><dt>Then</dt><dd>C.</dd></div>
                </dl>
                <pre data-language="swift"><code class="language-swift">let x = 1
                </code></pre>
                </div>
                <p>After.</p>

                """)
    }

    @Test func aQuoteHoldingOnlyTheBlockBecomesTheCallout() {
        let html = render("> ANTI_PATTERN: A.\n> FIX: B.\n")
        #expect(!html.contains("blockquote"))
        #expect(html.hasPrefix(#"<div class="guidance-callout guidance-anti-pattern guidance-drawn" id="block.p-a">"#))
        #expect(html.contains(#"<div class="guidance-part guidance-fix"><dt>Fix</dt><dd>B.</dd></div>"#))
        let mixed = render("> Prose first.\n>\n> ANTI_PATTERN: A.\n> FIX: B.\n")
        #expect(
            mixed.contains("<blockquote>\n<p>Prose first.</p>\n<div class=\"guidance-callout"),
            "a quote with more than the block stays a quote")
    }

    @Test func blocksInListItemsAndAcrossItems() {
        let items = render("- CHECK: A. IF: B. THEN: C.\n- ANTI_PATTERN: D. FIX: E.\n")
        #expect(items.components(separatedBy: "<div class=\"guidance-callout").count == 3)
        #expect(items.hasPrefix("<ul>\n<li><div class=\"guidance-callout guidance-check guidance-drawn\""))
        let across = render("- CHECK: A.\n- IF: B.\n- THEN: C.\n")
        #expect(
            across.hasPrefix(
                "<div class=\"guidance-callout guidance-check guidance-drawn\" id=\"block.p-a\">\n<p "
                    + "class=\"guidance-callout-header\">"
            ))
        #expect(!across.contains("<ul>"), "a list holding only the block is drawn as the block")
        #expect(across.hasSuffix("</dl>\n</div>\n"))
    }

    @Test func twoBlocksInOneParagraphAreTwoCallouts() {
        let html = render("CHECK: A. IF: B. THEN: C. ANTI_PATTERN: D. FIX: E.\n")
        #expect(html.components(separatedBy: "<div class=\"guidance-callout").count == 3)
        #expect(html.contains(#"<div class="guidance-callout guidance-check guidance-drawn" id="block.p-a">"#))
        #expect(html.contains(#"<div class="guidance-callout guidance-anti-pattern guidance-drawn" id="block.p-d">"#))
    }

    @Test func proseBeforeTheKeywordKeepsTheTextFramed() {
        let html = render("Some prose. CHECK: A. IF: B. THEN: C.\n")
        #expect(html.contains(#"<p>Some prose. <span class="guidance-keyword">CHECK:</span> A."#))
        #expect(html.hasPrefix(#"<div class="guidance-callout guidance-check" id="block.p-a">"#))
    }

    @Test func readingListsAreDrawnAsLinksWithoutAPermalink() {
        let html = render("READ_ALSO: x.md, y.md\n")
        #expect(
            html == """
                <div class="guidance-callout guidance-read-also guidance-drawn" id="block.p-see-x">
                <p class="guidance-callout-header"><span class="guidance-kind guidance-kind-read-also">Read \
                also</span></p>
                <div class="guidance-callout-links"><ul><li><a href="x.html">X</a></li><li><span \
                class="guidance-link-broken">y.md</span></li></ul></div>
                </div>

                """)
    }

    /// Callouts open and close in order whatever the Markdown: every `<div` has its `</div>`.
    @Test func calloutsAreAlwaysBalanced() {
        let pieces = [
            "CHECK: A.", "IF: B.", "THEN: C.", "ANTI_PATTERN: D.", "FIX: E.", "READ_ALSO: x.md", "Prose.",
            "```\ncode\n```", "> ", "- ", "1. ", "  ", "\n", "\n\n",
            "# H\n", "| a |\n| - |\n| b |\n", "RULE: R.", "RULES:\n\n", "## 1. Rule\n", "👎 No Good\n\n", "GOOD:",
            "EXAMPLE: above"
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var markdown = ""
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                markdown += pieces.randomElement(using: &generator) ?? ""
            }
            let html = render(markdown)
            #expect(
                html.components(separatedBy: "<div").count == html.components(separatedBy: "</div>").count,
                "\(markdown.debugDescription)")
        }
    }
}

/// Keywords mentioned in sentences, as comments and docs about the format do.
@Suite struct GuidanceProseTests {
    @Test func readAlsoFollowedByASentenceIsNotAReadingList() {
        let document = MarkdownParser.parse(
            "A READ_ALSO: inside an open block is one of its references.\n\nREAD_ALSO: caching, guides/x.md\n",
            path: "p.md", options: MarkdownOptions())
        let result = GuidanceExtractor(pageKey: "p").extract(from: document)
        #expect(result.blocks.map(\.readAlso.count) == [2], "one plain word may be a block id")
        #expect(
            result.diagnostics.map(\.description) == [
                "p.md:1:3: warning: READ_ALSO: is followed by prose ('inside an open block is…'), not pages, block "
                    + "ids or URLs; it is left as text (write the keyword in backticks to mention it) "
                    + "[guidance.read-also-prose]"
            ])
    }
}
