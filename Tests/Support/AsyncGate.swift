import Foundation

/// At most `slots` holders at a time; the others wait without holding a thread.
///
/// The browser tests run in parallel with the rest of the suite, but a two-core machine
/// runs two Chromiums well and eight badly, so each browser holds a slot while it runs.
public final class AsyncGate: @unchecked Sendable {
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(slots: Int) {
        free = slots
    }

    /// Waits for a slot and takes it.
    public func acquire() async {
        await withCheckedContinuation { continuation in
            let granted: Bool = lock.withLock {
                if free > 0 {
                    free -= 1
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot back (to the longest waiter, if any).
    public func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
