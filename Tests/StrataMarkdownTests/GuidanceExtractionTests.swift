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
        conditions: [GuidanceBlock.Condition(condition: "The screen calls the API client directly.", action: "Route the call through a service.")]
    )

    @Test(arguments: [
        "CHECK: A screen needs data from the network. IF: The screen calls the API client directly. THEN: Route the call through a service.",
        "CHECK: A screen needs data from the network.\nIF: The screen calls the API client directly.\nTHEN: Route the call through a service.",
        "- **CHECK:** A screen needs data from the network.\n  **IF:** The screen calls the API client directly.\n  **THEN:** Route the call through a service.",
        "> CHECK: A screen needs data from the network.\n> IF: The screen calls the API client directly.\n> THEN: Route the call through a service.",
        "> **CHECK:** A screen needs data\n> from the network.\n> **IF:** The screen calls the API client directly.\n>\n> **THEN:** Route the call through a service.",
        "- CHECK: A screen needs data from the network.\n- IF: The screen calls the API client directly.\n- THEN: Route the call through a service.",
        "1. *CHECK:* A screen needs data from the network.   IF: The screen calls the API client directly.\n   THEN: Route the call through a service.",
    ])
    func everyFormOfACheckGivesTheSameBlock(markdown: String) {
        let block = only("# Networking\n\n## Screens\n\n" + markdown + "\n")
        #expect(block?.kind == .check)
        #expect(block?.summary == Self.expectedCheck.summary)
        #expect(block?.conditions == Self.expectedCheck.conditions)
        #expect(block?.id == "guides-networking-screens-a-screen-needs-data-from-the")
        #expect(block?.heading?.id == "screens")
        #expect(block?.location.line == 5)
    }

    @Test func aCheckWithTwoConditions() {
        let block = only("CHECK: A type is being named. IF: It serves one screen only. THEN: Nest it inside that screen's extension. IF: Several screens share it. THEN: Give it a standalone, descriptive name.\n")
        #expect(block?.conditions == [
            .init(condition: "It serves one screen only.", action: "Nest it inside that screen's extension."),
            .init(condition: "Several screens share it.", action: "Give it a standalone, descriptive name."),
        ])
    }

    @Test func anAntiPatternAndItsFix() {
        let block = only("ANTI_PATTERN: Reaching a service through a global singleton.\nFIX: Pass it through the initializer or the environment.\n")
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
        #expect(attached?.readAlso.map(\.target) == ["guides/di.md"], "READ_ALSO inside a block is the block's reference")
    }

    @Test func codeIsNeverAKeyword() {
        let result = extract("""
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
        let block = only("CHECK: Data access. IF: A view reads the database. THEN: Use a store. APPLIES_TO: UI, FeedUI ID: no-db-in-views\n")
        #expect(block?.appliesTo == ["UI", "FeedUI"])
        #expect(block?.id == "no-db-in-views")
        #expect(block?.hasExplicitID == true)
    }

    @Test func codeBlocksRightAfterABlockAreItsExamples() {
        let result = extract("""
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
        #expect(result.blocks.first?.examples == [
            .init(language: "swift", code: "let service = Service.shared\n"),
            .init(language: "swift", code: "init(service: Service)\n"),
        ])
    }

    @Test func idsDoNotMoveWhenUnrelatedTextChanges() {
        let before = extract("# Guide\n\n## Data\n\nCHECK: Saving. IF: A view saves. THEN: Use a store.\n").blocks.first?.id
        let after = extract("# Guide\n\nA new introduction.\n\n## Other\n\nText.\n\n## Data\n\nMore words first.\n\nCHECK: Saving. IF: A view saves. THEN: Use a store.\n").blocks.first?.id
        #expect(before == "guides-networking-data-saving")
        #expect(before == after)
    }

    @Test func twoBlocksWithTheSameOpeningGetDistinctIDs() {
        let ids = extract("CHECK: Same. IF: a. THEN: b.\n\nCHECK: Same. IF: c. THEN: d.\n").blocks.map(\.id)
        #expect(ids == ["guides-networking-same", "guides-networking-same-2"])
    }

    @Test func headingsAndProseEndABlock() {
        let result = extract("CHECK: One.\n\n## Next\n\nIF: orphan. THEN: orphan.\n\nANTI_PATTERN: Two.\n\nJust prose. FIX: not part of it.\n")
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
