import Foundation
@testable import StrataBuild
import Testing

/// The build hands its site to `BackgroundRelease` so that freeing it never holds up the
/// end of a build: the value must never be freed by the call itself, however quickly the
/// other thread runs, and must be freed soon after.
@Suite struct BackgroundReleaseTests {
    /// What happened to one released value, from the caller's side and from its deinit's.
    final class Observation: @unchecked Sendable {
        private let lock = NSLock()
        private var caller: pthread_t?
        private var callReturned = false
        private(set) var freed = false
        private(set) var freedInsideTheCall = false

        func callStarts() { lock.withLock { caller = pthread_self() } }
        func callReturns() { lock.withLock { callReturned = true } }
        func deinitRuns() {
            lock.withLock {
                freed = true
                if let caller, pthread_equal(caller, pthread_self()) != 0, !callReturned { freedInsideTheCall = true }
            }
        }

        var state: (freed: Bool, insideTheCall: Bool) { lock.withLock { (freed, freedInsideTheCall) } }
    }

    final class Page: @unchecked Sendable {
        let observation: Observation
        init(_ observation: Observation) { self.observation = observation }
        deinit { observation.deinitRuns() }
    }

    struct Site: Sendable {
        var pages: [Page]
    }

    @Test func theCallNeverFreesTheValueItself() async throws {
        // Many rounds: the other thread often lets go before the call returns, which is
        // when a reference the call kept would make it the one that frees the value.
        for round in 0 ..< 300 {
            let observation = Observation()
            observation.callStarts()
            BackgroundRelease.release(Site(pages: [Page(observation)]))
            observation.callReturns()
            let deadline = ContinuousClock.now + .seconds(10)
            while !observation.state.freed {
                guard ContinuousClock.now < deadline else {
                    Issue.record("round \(round): the value was still not freed after 10 s")
                    return
                }
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(!observation.state.insideTheCall, "round \(round): the releasing call freed the value itself")
        }
    }
}
