import StrataCore
import Testing

/// Since when a violation of the working tree has been there, read from the points of a
/// history: the commit after the last one without it, older than the history, or not
/// committed yet; points without an architecture are passed over.
@Suite struct ArchitectureHistoryTests {
    static let cycle = BaselineEntry(rule: "cycle", key: "A -> B -> A")
    static let forbidden = BaselineEntry(rule: "forbid/UI-Infrastructure", key: "FeedUI -> Database")

    static func commit(_ number: Int) -> ArchitectureHistory.Commit {
        ArchitectureHistory.Commit(
            id: String(repeating: "\(number)", count: 40), date: "2026-01-0\(number)", subject: "c\(number)")
    }

    static func read(_ number: Int, _ violations: Set<BaselineEntry>) -> ArchitectureHistory.Point {
        let counts = ArchitectureHistory.Counts(
            modules: 3, dependencies: 2,
            violationsByRule: Dictionary(violations.map { ($0.rule, 1) }, uniquingKeysWith: +))
        return .init(commit: commit(number), reading: .read(counts, violations: violations))
    }

    static func history(_ points: [ArchitectureHistory.Point]) -> ArchitectureHistory {
        ArchitectureHistory(settings: HistorySettings(points: .commits(points.count)), points: points)
    }

    @Test func aViolationWasIntroducedByTheCommitAfterTheLastOneWithoutIt() {
        let history = Self.history([
            Self.read(1, [Self.cycle]), Self.read(2, []), Self.read(3, [Self.cycle]), Self.read(4, [Self.cycle])
        ])
        #expect(history.introduction(of: Self.cycle) == .introduced(Self.commit(3)))
    }

    @Test func aViolationInEveryPointIsOlderThanTheHistory() {
        let history = Self.history([Self.read(1, [Self.cycle]), Self.read(2, [Self.cycle, Self.forbidden])])
        #expect(history.introduction(of: Self.cycle) == .atOrBefore(Self.commit(1)))
        #expect(history.introduction(of: Self.forbidden) == .introduced(Self.commit(2)))
    }

    @Test func aViolationTheNewestCommitLacksIsNotCommittedYet() {
        let history = Self.history([Self.read(1, [Self.cycle]), Self.read(2, [])])
        #expect(history.introduction(of: Self.cycle) == .uncommitted)
    }

    @Test func aProjectThatDidNotExistHadNoViolationsAndUnreadablePointsArePassedOver() {
        let history = Self.history([
            .init(commit: Self.commit(1), reading: .missing), Self.read(2, [Self.cycle]),
            .init(commit: Self.commit(3), reading: .unreadable("Package.swift: broken")), Self.read(4, [Self.cycle])
        ])
        #expect(history.introduction(of: Self.cycle) == .introduced(Self.commit(2)))
        #expect(history.summary == "History: 4 commits read, 0 Swift files parsed; 2 without an architecture to read.")
    }

    @Test func noPointReadMeansUnknown() {
        let history = Self.history([.init(commit: Self.commit(1), reading: .unreadable("broken"))])
        #expect(history.introduction(of: Self.cycle) == nil)
    }

    @Test func theRulesViolatedAreThoseOfEveryPoint() {
        let history = Self.history([Self.read(1, [Self.forbidden]), Self.read(2, [Self.cycle])])
        #expect(history.rulesViolated == ["cycle", "forbid/UI-Infrastructure"])
        #expect(history.points.map { $0.counts?.violations } == [1, 1])
    }

    @Test func aCommitIsLinkedThroughTheAddressGivenAndLabelledByItsFirstTag() {
        let settings = HistorySettings(points: .tags(3), commitURL: "https://example.test/c/{commit}?x={commit}")
        #expect(settings.link(to: "abc") == "https://example.test/c/abc?x=abc")
        var commit = Self.commit(1)
        #expect(commit.label == "11111111")
        commit.tags = ["v1.0", "v1.0-final"]
        #expect(commit.label == "v1.0")
    }
}
