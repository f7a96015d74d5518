import Testing

@testable import StrataBuild

/// The one caching mechanism of the preview: a memo of a stage's per-item results, keyed by
/// item, reused only under a matching fingerprint.
@Suite struct MemoTests {
    struct Version: MemoFingerprint, Equatable {
        var number: Int
        var settled = true
        func matches(_ previous: Version) -> Bool { number == previous.number }
        func isKeepable(settleTime: Int64) -> Bool { settled }
    }

    final class Counter: @unchecked Sendable {
        var calls = 0
        func next(_ value: String) -> String {
            calls += 1
            return value
        }
    }

    @Test func aResultIsReusedWhileItsFingerprintMatches() {
        let memo = Memo<Version, String>(settleTime: 0)
        let counter = Counter()
        #expect(memo.value(for: "a", fingerprint: Version(number: 1)) { counter.next("one") } == "one")
        #expect(memo.value(for: "a", fingerprint: Version(number: 1)) { counter.next("again") } == "one")
        #expect(counter.calls == 1)
        #expect(
            memo.value(for: "a", fingerprint: Version(number: 2)) { counter.next("two") } == "two",
            "a changed input computes again")
        #expect(memo.value(for: "b", fingerprint: Version(number: 2)) { counter.next("b") } == "b", "items are apart")
        #expect(counter.calls == 3)
    }

    @Test func unknownOrUnsettledInputsAreComputedAndNotKept() {
        let memo = Memo<Version, String>(settleTime: 0)
        let counter = Counter()
        _ = memo.value(for: "a", fingerprint: nil) { counter.next("x") }
        _ = memo.value(for: "a", fingerprint: nil) { counter.next("x") }
        #expect(counter.calls == 2, "a file that could not be looked at is read every time")
        _ = memo.value(for: "b", fingerprint: Version(number: 1, settled: false)) { counter.next("y") }
        _ = memo.value(for: "b", fingerprint: Version(number: 1, settled: false)) { counter.next("y") }
        #expect(counter.calls == 4, "a file changed too recently is read again next time")
    }

    @Test func theKeptFingerprintMayBeFullerThanTheLookup() {
        let memo = Memo<Version, String>(settleTime: 0)
        _ = memo.value(for: "a", fingerprint: Version(number: 0), keeping: { Version(number: 7) }) { "seven" }
        let counter = Counter()
        #expect(memo.value(for: "a", fingerprint: Version(number: 7)) { counter.next("recomputed") } == "seven")
        #expect(counter.calls == 0)
    }

    @Test func aBuildDropsWhatItDidNotAskForAndCountsWhatItComputed() {
        let memo = Memo<Version, String>(settleTime: 0)
        _ = memo.value(for: "kept", fingerprint: Version(number: 1)) { "k" }
        _ = memo.value(for: "removed", fingerprint: Version(number: 1)) { "r" }
        memo.endBuild()
        memo.beginBuild()
        #expect(memo.computedCount == 0)
        _ = memo.value(for: "kept", fingerprint: Version(number: 1)) { "new" }
        memo.endBuild()
        memo.beginBuild()
        let counter = Counter()
        _ = memo.value(for: "removed", fingerprint: Version(number: 1)) { counter.next("r2") }
        #expect(counter.calls == 1, "an item no build asked for is gone")
        #expect(memo.value(for: "kept", fingerprint: Version(number: 1)) { "new" } == "k")
        #expect(memo.computedCount == 1)
    }

    @Test func withoutAMemoEveryItemIsComputedAndNothingIsLookedAt() {
        let cache = ItemCache<Version, String>.none
        let counter = Counter()
        let value = cache.value(
            for: "a",
            fingerprint: {
                Issue.record("a one-off build looked at a fingerprint")
                return Version(number: 1)
            }
        ) { counter.next("v") }
        #expect(value == "v")
        _ = cache.value(for: "a", fingerprint: { nil }) { counter.next("v") }
        #expect(counter.calls == 2)
    }
}
