import Dispatch
import Synchronization

/// A value computed on another thread while the caller does something else.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let compute: @Sendable () -> Value
    private let value = Mutex<Value?>(nil)
    private let done = DispatchGroup()

    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = compute()
            value.withLock { $0 = result }
            done.leave()
        }
    }

    /// Blocks until the value is ready.
    func wait() -> Value {
        done.wait()
        // The work stores its result before leaving the group, so the fallback never runs.
        return value.withLock { $0 } ?? compute()
    }
}
