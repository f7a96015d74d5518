import Dispatch
import Foundation

/// The threads every parallel stage runs on are created on first use, and the first one,
/// reading the pages, began on one core: the second thread started about 2 ms later, a
/// tenth of reading a 48-page book. Asking for them while the configuration and the theme
/// are read has them ready. `graph` and `check` ask as they start, before the manifests
/// are read: swift-nio's graph took 11% less time.
public enum WorkerThreads {
    /// Asks the pool `ParallelMap` uses for a thread per core besides the caller's.
    public static func start() {
        for _ in 1 ..< max(2, ProcessInfo.processInfo.activeProcessorCount) {
            DispatchQueue.global().async {}
        }
    }
}
