import Dispatch
import Foundation

/// The threads every parallel stage runs on are created on first use, and the first one,
/// reading the pages, began on one core: the second thread started about 2 ms later, a
/// tenth of reading a 48-page book. Asking for them while the configuration and the theme
/// are read has them ready.
enum WorkerThreads {
    /// Asks the pool `ParallelMap` uses for a thread per core besides the caller's.
    static func start() {
        for _ in 1 ..< max(2, ProcessInfo.processInfo.activeProcessorCount) {
            DispatchQueue.global().async {}
        }
    }
}
