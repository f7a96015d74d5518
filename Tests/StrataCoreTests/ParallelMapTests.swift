import Testing

@testable import StrataCore

@Suite struct ParallelMapTests {
    @Test func costliestFirstKeepsTheInputOrder() {
        let items = Array(0..<500)
        let results = ParallelMap.map(items, costliestFirst: { ($0 * 7919) % 101 }) { $0 * 2 }
        #expect(results == items.map { $0 * 2 })
    }

    /// Which item starts first is checked on the schedule itself: watching the items start
    /// would race with the threads that take them.
    @Test func theCostliestStartFirstAndTiesKeepTheirOrder() {
        #expect(ParallelMap.schedule(costs: [3, 90, 7, 40]) == [1, 3, 2, 0])
        #expect(ParallelMap.schedule(costs: [5, 9, 5, 9, 5]) == [1, 3, 0, 2, 4])
        #expect(ParallelMap.schedule(costs: []) == [])
    }
}
