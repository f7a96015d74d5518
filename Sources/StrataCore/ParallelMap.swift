import Dispatch

/// Maps an array on all cores, keeping the input order in the output, so work done in
/// parallel still gives byte-identical results.
public enum ParallelMap {
    public static func map<Element: Sendable, Result: Sendable>(
        _ items: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            // Each index is written by exactly one iteration.
            output[index] = transform(items[index])
        }
        return results.map { $0! }
    }
}
