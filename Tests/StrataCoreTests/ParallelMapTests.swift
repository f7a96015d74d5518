import StrataCore
import Synchronization
import Testing

@Suite struct ParallelMapTests {
    @Test func costliestFirstKeepsTheInputOrder() {
        let items = Array(0 ..< 500)
        let results = ParallelMap.map(items, costliestFirst: { ($0 * 7919) % 101 }) { $0 * 2 }
        #expect(results == items.map { $0 * 2 })
    }

    /// The costliest items start first: the first item any core takes is the costliest.
    @Test func costliestFirstStartsWithTheCostliest() {
        let started = Mutex<[Int]>([])
        _ = ParallelMap.map([3, 90, 7, 40], costliestFirst: { $0 }) { item in
            started.withLock { $0.append(item) }
        }
        let order = started.withLock { $0 }
        #expect(order.sorted() == [3, 7, 40, 90])
        #expect(order.first == 90 || order.first == 40, "\(order)")
        #expect(order.last == 3 || order.last == 7, "\(order)")
    }
}
