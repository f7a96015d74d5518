import StrataCore
import Testing

/// The one mechanism every reader checks its bounds with: a figure, and a located error
/// named for the reader and the kind of bound when input goes past it.
@Suite struct ReadingLimitTests {
    let limit = ReadingLimit("manifest", .tooDeep, maximum: 3, counts: "levels of nesting")

    @Test func theIdNamesTheReaderAndTheKind() {
        #expect(limit.id == "manifest.too-deep")
        #expect(ReadingLimit("template", .tooLarge, maximum: 1, counts: "bytes").id == "template.too-large")
        #expect(ReadingLimit("diagram", .tooSlow, maximum: 1, counts: "steps").id == "diagram.too-slow")
    }

    @Test func checkAllowsTheFigureAndStopsPastIt() throws {
        let place = SourceLocation(path: "Package.swift", line: 4, column: 9)
        try limit.check(3, at: place, "three is fine")
        #expect(
            throws: Diagnostic.error(
                "manifest.too-deep", "nested 4 deep (Strata's limit: 3 levels of nesting)", at: place)
        ) {
            try limit.check(4, at: place, "nested 4 deep")
        }
    }

    @Test func aCounterKeepsItsPeakAcrossLeavingAndEntering() {
        var counter = LimitCounter(limit)
        let withinLimit = [counter.spend(), counter.spend(), counter.spend()]
        #expect(withinLimit == [true, true, true])
        #expect(!counter.isExceeded)
        let pastLimit = counter.spend()
        #expect(!pastLimit)
        counter.leave(3)
        #expect(counter.value == 1)
        #expect(counter.isExceeded, "once past the limit, the reader knows it even after returning")
        #expect(counter.peak == 4)
    }
}
