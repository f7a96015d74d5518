import Dispatch
import Foundation

/// A file of the served site that is made the first time it is asked for, then kept: the
/// search index, which a save need not wait for, since most reloads never open it.
///
/// It is made on a queue of its own, never on the threads that answer requests; requests
/// that arrive meanwhile wait for the same result. Once made, the function (and whatever
/// it holds, every page of a build) is let go.
package final class DeferredFile: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [UInt8]?
    private var make: (@Sendable () -> [UInt8])?
    private var waiting: [CheckedContinuation<[UInt8], Never>] = []
    private static let queue = DispatchQueue(label: "strata.deferred-file", qos: .userInitiated)

    package init(_ make: @escaping @Sendable () -> [UInt8]) {
        self.make = make
    }

    package func contents() async -> [UInt8] {
        await withCheckedContinuation { continuation in
            let start: (@Sendable () -> [UInt8])? = lock.withLock {
                if let made {
                    continuation.resume(returning: made)
                    return nil
                }
                waiting.append(continuation)
                // The first request starts the work; later ones only wait for it.
                defer { make = nil }
                return make
            }
            guard let start else { return }
            Self.queue.async {
                let contents = start()
                let resumed: [CheckedContinuation<[UInt8], Never>] = self.lock.withLock {
                    self.made = contents
                    defer { self.waiting.removeAll() }
                    return self.waiting
                }
                for continuation in resumed { continuation.resume(returning: contents) }
            }
        }
    }
}
