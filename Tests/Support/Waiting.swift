import Foundation

/// A wait that gave up: what it waited for, and for how long.
public struct WaitTimeout: Error, CustomStringConvertible {
    public var description: String
    public init(_ what: String, after timeout: Duration) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        description = "gave up after \(seconds) s waiting for \(what)"
    }
}

/// Waits, without holding a thread, until `condition` holds; throws a `WaitTimeout` naming
/// `what` after `timeout`.
///
/// The condition is checked once more after the deadline: on a loaded machine this task
/// may not run for a while, and what it waited for may have happened meanwhile.
public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if try await condition() { return }
        if clock.now >= deadline {
            if try await condition() { return }
            throw WaitTimeout(what(), after: timeout)
        }
        try await Task.sleep(for: interval)
    }
}

/// The first value `produce` gives that is not nil, waiting as `waitUntil` does.
public func waitForValue<Value>(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(20),
    _ produce: () async throws -> Value?
) async throws -> Value {
    var found: Value?
    try await waitUntil(what(), timeout: timeout, every: interval) {
        found = try await produce()
        return found != nil
    }
    guard let found else { throw WaitTimeout(what(), after: timeout) }
    return found
}
