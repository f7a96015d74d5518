import Foundation

/// Blocking work for async tests, done on a thread of its own.
///
/// Swift Testing runs every test on Swift's cooperative pool, which has as many threads as
/// the machine has cores: two on a small CI runner. A test that blocks one of them (a
/// socket read, a child process, a sleep) takes it from every other test, and from the
/// code under test: the preview server answers requests on the same pool. So a test hands
/// anything that blocks to `OwnThread.run` and awaits the result.
public enum OwnThread {
    /// Runs `work` on a new thread named `name` and returns what it returns (or throws).
    public static func run<Value: Sendable>(_ name: String, _ work: @escaping @Sendable () throws -> Value) async throws
        -> Value
    {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = name
            thread.start()
        }
    }

    /// The same, for work that cannot fail.
    public static func run<Value: Sendable>(_ name: String, _ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}

/// A value carried across threads that the compiler cannot see is used by one at a time
/// (a JSON value from the browser, handed from its thread to the waiting test).
public struct Handed<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
