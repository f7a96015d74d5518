import Foundation
import StrataWatch

/// The watcher's batches, merged while a rebuild runs: saves that arrive during a slow
/// build wait together and make one rebuild (and one reload), not one each.
final class ChangeInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: Set<String> = []
    private let signal: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// Told of every batch as it arrives, while a rebuild may still be running.
    private let arrived: @Sendable () -> Void
    /// Changes that are not edits (the server's own log file): dropped before anything sees them.
    private let ignored: OwnOutputFiles

    /// - Parameters:
    ///   - ignoring: files whose changes are dropped, so a batch of only those is no batch.
    ///   - arrived: called for every batch as it arrives, before it is merged.
    init(ignoring: OwnOutputFiles = OwnOutputFiles(descriptors: []), arrived: @escaping @Sendable () -> Void = {}) {
        // Holding one signal is enough: it only says "something is pending".
        (signal, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.ignored = ignoring
        self.arrived = arrived
    }

    /// Reads `watcher`'s batches until it stops; then, if it is the main watcher, the inbox
    /// ends too.
    func collect(from watcher: FileWatcher, endsInbox: Bool = true) async {
        for await received in watcher.batches {
            let batch = received.filter { !ignored.contains($0) }
            guard !batch.isEmpty else { continue }
            lock.withLock { pending.formUnion(batch) }
            arrived()
            continuation.yield()
        }
        if endsInbox { continuation.finish() }
    }

    /// Every change since the last call, sorted, waiting for one if there is none; nil once
    /// the watcher has stopped.
    func next() async -> [String]? {
        for await _ in signal {
            let changed: [String] = lock.withLock {
                defer { pending.removeAll() }
                return pending.sorted()
            }
            if !changed.isEmpty { return changed }
        }
        return nil
    }
}
