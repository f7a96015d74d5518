import StrataCore
import Testing

/// A doc comment split as DocC splits it: the abstract, the discussion, and the callouts
/// lifted out of it, each line keeping where it was written.
@Suite struct DocCommentTests {
    func comment(_ text: String) -> DocComment {
        DocComment(
            lines: text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                DocComment.Line(String(line), at: SourceLocation(path: "F.swift", line: index + 1, column: 5))
            })
    }

    @Test func theFirstParagraphIsTheAbstract() {
        let found = comment("Says hello\nto someone.\n\nThe discussion.\n\n```swift\n- Returns: not a callout\n```")
        #expect(found.abstract.map(\.text) == ["Says hello", "to someone."])
        #expect(found.summary == "Says hello to someone.")
        #expect(found.discussion.map(\.text) == ["The discussion.", "", "```swift", "- Returns: not a callout", "```"])
        #expect(found.returns.isEmpty)
    }

    @Test func aCommentOpeningWithAListHasNoAbstract() {
        let found = comment("- Parameter x: The x.")
        #expect(found.abstract.isEmpty)
        #expect(found.parameters.map(\.name) == ["x"])
    }

    @Test func bothParameterFormsReturnsAndThrowsAreLiftedOut() {
        let found = comment(
            """
            Adds.

            - Parameters:
              - a: The first,
                on two lines.
              - b: The second.
            - Parameter c: The third.
            - Returns: The sum.
            - Throws: ``AddError`` when it overflows.
            - Note: Stays in the discussion.
            """)
        #expect(found.parameters.map(\.name) == ["a", "b", "c"])
        #expect(found.parameters[0].lines.map(\.text) == ["The first,", "  on two lines."])
        #expect(found.parameters[2].lines.map(\.text) == ["The third."])
        #expect(found.returns.map(\.text) == ["The sum."])
        #expect(found.throwsLines.map(\.text) == ["``AddError`` when it overflows."])
        #expect(found.discussion.map(\.text) == ["- Note: Stays in the discussion."])
        // The callout's text is placed where it is written, after `- Returns: `.
        #expect(found.returns[0].location == SourceLocation(path: "F.swift", line: 8, column: 16))
    }

    @Test func aTopicsSectionGroupsMembersAndLeavesTheDiscussion() {
        let found = comment(
            """
            A store.

            Holds things.

            ## Topics

            ### Creating

            - ``init(name:)``
            - ``make()``

            ### Empty group

            ## After
            More.
            """)
        #expect(found.topics == [DocComment.TopicGroup(title: "Creating", symbols: ["init(name:)", "make()"])])
        #expect(found.discussion.map(\.text) == ["Holds things.", "", "## After", "More."])
    }

    @Test func theSummaryIsPlainText() {
        #expect(
            comment("Uses ``Greeter`` and [a link](https://x.example) with `code`.").summary
                == "Uses Greeter and a link with code.")
    }

    @Test func availabilityReadsAsADeveloperSaysIt() {
        #expect(APIAvailability.describe("@available(iOS 15, macOS 12.0, *)") == "iOS 15+, macOS 12.0+")
        #expect(
            APIAvailability.describe("@available(*, deprecated, message: \"Use run(_:), not this\")")
                == "Deprecated; Use run(_:), not this")
        #expect(
            APIAvailability.describe("@available(macOS, introduced: 10.15, deprecated: 13, renamed: \"go()\")")
                == "macOS 10.15+; macOS Deprecated in 13; Renamed: go()")
        #expect(APIAvailability.describe("@available(*, noasync)") == "Not available from asynchronous code")
        #expect(APIAvailability.describe("@available") == "@available")
    }
}
