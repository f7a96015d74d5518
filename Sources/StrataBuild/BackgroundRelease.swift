import Dispatch

/// Drops the last reference to a value on another thread. Freeing a large site (a thousand
/// parsed documents, their rendered pages) takes longer than writing part of it; the build
/// has no reason to wait for it, and a process that ends first simply skips it.
enum BackgroundRelease {
    static func release<Value: Sendable>(_ value: consuming Value) {
        let value = value
        DispatchQueue.global(qos: .utility).async {
            withExtendedLifetime(value) {}
        }
    }
}
