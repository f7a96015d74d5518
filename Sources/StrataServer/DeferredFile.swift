import Foundation

/// A file of the served site that is made the first time it is asked for, then kept: the
/// search index, which a save need not wait for, since most reloads never open it.
public final class DeferredFile: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [UInt8]?
    private let make: @Sendable () -> [UInt8]

    public init(_ make: @escaping @Sendable () -> [UInt8]) {
        self.make = make
    }

    /// Made under the lock, so requests arriving together make it once.
    public var contents: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let contents = make()
        made = contents
        return contents
    }
}
