import Dispatch

/// Drops the last reference to a value on another thread. Freeing a large site (a thousand
/// parsed documents, their rendered pages) takes longer than writing part of it; the build
/// has no reason to wait for it, and a process that ends first simply skips it.
enum BackgroundRelease {
    /// The caller must hand over its own reference too (`release(consume value)`), or the
    /// freeing happens wherever that reference is dropped.
    static func release<Value: Sendable>(_ value: consuming Value) {
        // The value moves into a box that only the other thread empties: whichever thread
        // lets go of the box last, the value is freed there.
        let box = Box(consume value)
        DispatchQueue.global(qos: .utility).async {
            box.empty()
        }
    }

    private final class Box<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = consume value
        }

        /// Only ever called once, on the releasing thread.
        func empty() {
            value = nil
        }
    }
}
