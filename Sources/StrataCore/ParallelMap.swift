import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Maps an array on all cores, keeping the input order in the output, so work done in
/// parallel still gives byte-identical results.
package enum ParallelMap {
    package static func map<Element: Sendable, Result: Sendable>(
        _ items: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        perform(items, order: nil, transform)
    }

    /// `map(_:_:)`, starting the costliest items first: cores take the next item as they
    /// finish one, so a 150 KB page started last would keep one core busy while the others
    /// wait. The output keeps the input order.
    package static func map<Element: Sendable, Result: Sendable>(
        _ items: [Element], costliestFirst cost: (Element) -> Int, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        return perform(items, order: schedule(costs: items.map(cost)), transform)
    }

    /// The order items start in: costliest first, equal costs in input order, so the
    /// schedule is the same on every run.
    static func schedule(costs: [Int]) -> [Int] {
        costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    }

    /// Transforms the items in `order` (the input's, when nil), each into its own slot.
    private static func perform<Element: Sendable, Result: Sendable>(
        _ items: [Element], order: [Int]?, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        #if canImport(Darwin)
            // Dispatch's threads have 512 KiB of stack on macOS: the items are transformed on
            // threads of 8 MiB (`DeepStack`), or on this one when it has as much and they are one.
            if items.count > 1 || (items.count == 1 && DeepStack.needsMore) {
                return onDeepStacks(items, order: order, transform)
            }
        #endif
        guard items.count > 1 else { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: items.count) { step in
            let index = order?[step] ?? step
            // Each index is written by exactly one iteration.
            output[index] = transform(items[index])
        }
        return results.map { $0! }
    }

    /// `perform`, on threads with 8 MiB of stack (`DeepStack`), one per core.
    static func onDeepStacks<Element: Sendable, Result: Sendable>(
        _ items: [Element], order: [Int]?, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        var results = [Result?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DeepStack.onThreads(processorCount, iterations: items.count) { step in
                let index = order?[step] ?? step
                // Each index is written by exactly one thread.
                output[index] = transform(items[index])
            }
        }
        return results.map { $0! }
    }

    static var processorCount: Int {
        #if canImport(Darwin) || canImport(Glibc)
            max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            1
        #endif
    }
}
