import StrataCore
import StrataSwiftSource
import Testing

/// Guidance blocks in Swift comments.
@Suite struct CommentGuidanceTests {
    func blocks(_ source: String) -> CommentGuidanceExtractor.Result {
        let comments = (try? ImportScanner().comments(in: Array(source.utf8), path: "Sources/Shop/Price.swift")) ?? []
        return CommentGuidanceExtractor(idPrefix: "Shop/Price").extract(from: comments)
    }

    @Test func aDocCommentBlockWithItsLines() {
        let result = blocks(
            """
            import Foundation

            /// ANTI_PATTERN: Formatting prices in the service layer.
            /// FIX: Format in the view, where the locale is known.
            /// APPLIES_TO: Service
            struct PriceService {}
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.drafts.count == 1)
        let block = result.drafts.first?.block
        #expect(block?.kind == .antiPattern)
        #expect(block?.summary == "Formatting prices in the service layer.")
        #expect(block?.fix == "Format in the view, where the locale is known.")
        #expect(block?.appliesTo == ["Service"])
        #expect(block?.id == "shop-price-formatting-prices-in-the-service-layer")
        #expect(block?.location == StrataCore.SourceLocation(path: "Sources/Shop/Price.swift", line: 3, column: 5))
    }

    @Test func everyCommentForm() {
        let result = blocks(
            """
            // CHECK: A price is shown. IF: It is formatted here. THEN: Use the view's formatter.
            let x = 1 // ANTI_PATTERN: Magic numbers. FIX: Name them.
            /* READ_ALSO: guides/prices.md */
            /**
             * CHECK: Rounding.
             * IF: Money is rounded.
             * THEN: Use banker's rounding.
             */
            func f() {}
            """)
        #expect(result.drafts.map(\.block.kind) == [.check, .antiPattern, .readAlso, .check])
        #expect(
            result.drafts.last?.block.conditions == [
                .init(condition: "Money is rounded.", action: "Use banker's rounding.")
            ])
        #expect(result.drafts[2].block.readAlso.first?.location.line == 3)
    }

    @Test func stringsAndBackticksAreNotComments() {
        let result = blocks(
            """
            let text = "// CHECK: not a comment"
            let more = \"\"\"
            /// ANTI_PATTERN: inside a multi-line string
            \"\"\"
            /// Use `CHECK:` in guides to open a check.
            struct S {}
            """)
        #expect(result.drafts.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aBlockEndsWithItsCommentRun() {
        let result = blocks(
            """
            /// CHECK: One.

            /// IF: orphan, in another run.
            struct S {}
            """)
        #expect(result.drafts.map(\.block.summary) == ["One."])
        #expect(result.diagnostics.map(\.ruleID) == ["guidance.orphan"])
        #expect(result.diagnostics.first?.location?.line == 3)
    }

    @Test func boldKeywordsInCommentsLeaveNoMarkers() {
        let result = blocks(
            """
            /// **CHECK:** A price is shown. **IF:** It is formatted here.
            /// **THEN:** Use the view's formatter.
            struct S {}
            """)
        let block = result.drafts.first?.block
        #expect(block?.summary == "A price is shown.")
        #expect(block?.conditions == [.init(condition: "It is formatted here.", action: "Use the view's formatter.")])
    }
}
