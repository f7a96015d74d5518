import Foundation

/// Watches folders for changes and reports them in batches: one batch per burst of saves
/// (an editor's write-rename-chmod is one batch), after a short quiet period.
///
/// On Linux it uses inotify, adding a watch for every folder (and for folders created
/// later); on macOS, FSEvents (`FSEventsWatch`); elsewhere, or when events cannot be used
/// (inotify's watch limit reached, a file system without events), it compares the folders'
/// file listings and times every `pollInterval`. Hidden files and folders, editor backups
/// (`name~`) and the excluded folders are never reported. Single files can be watched too, wherever they are (a
/// configuration file outside the project): only they are reported from their folder.
package final class FileWatcher: @unchecked Sendable {
    package enum Mechanism: String, Sendable {
        case inotify
        case fsevents
        case polling
    }

    package struct Options: Sendable {
        /// How long the files must stay still before a batch is reported.
        package var quietPeriod: Duration = .milliseconds(20)
        /// A burst longer than this is reported anyway, so a busy folder still rebuilds.
        package var maximumWait: Duration = .milliseconds(400)
        /// How often polling compares the folders.
        package var pollInterval: Duration = .milliseconds(300)
        /// Use polling even where file events are available (network and container mounts).
        package var forcePolling = false

        package init() {}
    }

    /// The folders watched, as absolute paths.
    package let roots: [String]
    /// Single files watched by name, as absolute paths: reported when they are written,
    /// replaced, made or removed, even when hidden; their folders' other files are not.
    package let files: [String]
    /// Absolute folder paths never reported or descended into.
    package let excluded: Set<String>
    package let options: Options
    private let stateLock = NSLock()
    private var _mechanism: Mechanism = .polling
    private var _fallbackReason: String?

    /// The mechanism in use, once started (events can give way to polling later, when a
    /// new folder cannot be watched).
    package private(set) var mechanism: Mechanism {
        get { stateLock.withLock { _mechanism } }
        set { stateLock.withLock { _mechanism = newValue } }
    }

    /// Why file events were not used, when they were wanted but failed.
    package private(set) var fallbackReason: String? {
        get { stateLock.withLock { _fallbackReason } }
        set { stateLock.withLock { _fallbackReason = newValue } }
    }

    private let stopPipe: [Int32]
    private let continuation: AsyncStream<[String]>.Continuation
    /// Batches of changed paths (absolute, sorted); the stream ends when the watcher stops.
    package let batches: AsyncStream<[String]>

    package init(roots: [String], files: [String] = [], excluding excluded: [String] = [], options: Options = Options())
    {
        self.roots = roots.map { Self.normalized($0) }
        self.files = files.map { Self.normalized($0) }
        self.excluded = Set(excluded.map { Self.normalized($0) })
        self.options = options
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.stopPipe = fds
        (batches, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .unbounded)
    }

    deinit {
        for fd in stopPipe where fd >= 0 { close(fd) }
    }

    /// Starts watching on a thread of its own. The watches are in place when this returns,
    /// so a change made afterwards is always reported.
    package func start() {
        #if os(Linux)
            if !options.forcePolling {
                switch InotifyWatch.open(roots: roots, files: files, excluded: excluded, isIgnored: Self.isIgnored) {
                case .success(let watch):
                    mechanism = .inotify
                    let thread = Thread { [self] in self.runEvents(watch) }
                    thread.name = "strata-watch"
                    thread.start()
                    return
                case .failure(let reason):
                    fallbackReason = reason.message
                }
            }
        #elseif canImport(CoreServices)
            if !options.forcePolling {
                switch FSEventsWatch.open(roots: roots, files: files, excluded: excluded, isIgnored: Self.isIgnored) {
                case .success(let watch):
                    mechanism = .fsevents
                    let thread = Thread { [self] in self.runEvents(watch) }
                    thread.name = "strata-watch"
                    thread.start()
                    return
                case .failure(let reason):
                    fallbackReason = reason.message
                }
            }
        #endif
        mechanism = .polling
        let snapshot = FolderSnapshot.take(roots: roots, files: files, excluded: excluded, isIgnored: Self.isIgnored)
        let thread = Thread { [self] in self.runPolling(snapshot, finishing: true) }
        thread.name = "strata-watch"
        thread.start()
    }

    /// Stops watching and ends `batches`.
    package func stop() {
        if stopPipe[1] >= 0 {
            var byte: UInt8 = 1
            _ = write(stopPipe[1], &byte, 1)
        } else {
            continuation.finish()
        }
    }

    // MARK: Loops

    #if os(Linux) || canImport(CoreServices)
        /// Reads `watch`'s events until stopped: inotify's on Linux, FSEvents' on macOS.
        private func runEvents<Source: FileEventSource>(_ watch: Source) {
            var watch = watch
            defer { continuation.finish() }
            var pending: Set<String> = []
            var firstEvent: ContinuousClock.Instant?
            var lastEvent: ContinuousClock.Instant?
            let clock = ContinuousClock()
            while true {
                var timeout: Int32 = -1
                if let first = firstEvent, let last = lastEvent {
                    let deadline = min(last + options.quietPeriod, first + options.maximumWait)
                    timeout = Int32(max(0, Self.milliseconds(deadline - clock.now)))
                }
                var fds = [
                    pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)
                ]
                let ready = poll(&fds, 2, timeout)
                if ready < 0 {
                    if errno == EINTR { continue }
                    watch.close()
                    return
                }
                if fds[1].revents != 0 {
                    watch.close()
                    return
                }
                if fds[0].revents != 0 {
                    let changed = watch.readEvents()
                    if !changed.isEmpty {
                        pending.formUnion(changed)
                        let now = clock.now
                        if firstEvent == nil { firstEvent = now }
                        lastEvent = now
                    }
                    if let failure = watch.failureMessage {
                        // A folder could not be watched: poll from now on rather than miss changes.
                        // The first listing is taken before anyone hears of the switch or of the
                        // last batch: a change made once they have is always a change to it.
                        watch.close()
                        let snapshot = FolderSnapshot.take(
                            roots: roots, files: files, excluded: excluded, isIgnored: Self.isIgnored)
                        fallbackReason = failure
                        mechanism = .polling
                        if !pending.isEmpty { continuation.yield(pending.sorted()) }
                        runPolling(snapshot, finishing: false)
                        return
                    }
                    // A steady stream of events still gets a batch once the longest wait is over.
                    guard let first = firstEvent, clock.now >= first + options.maximumWait else { continue }
                }
                // The quiet period passed.
                if !pending.isEmpty { continuation.yield(pending.sorted()) }
                pending.removeAll()
                firstEvent = nil
                lastEvent = nil
            }
        }
    #endif

    private func runPolling(_ initial: FolderSnapshot, finishing: Bool = true) {
        defer { if finishing { continuation.finish() } }
        var snapshot = initial
        let interval = Int32(Self.milliseconds(options.pollInterval))
        while true {
            var fds = [pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, interval)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { return }
            let next = FolderSnapshot.take(roots: roots, files: files, excluded: excluded, isIgnored: Self.isIgnored)
            let changed = snapshot.changes(to: next)
            snapshot = next
            if !changed.isEmpty { continuation.yield(changed) }
        }
    }

    // MARK: Helpers

    /// Hidden files and folders, and editor backups, are never part of a site's inputs.
    static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~")
    }

    static func normalized(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}

#if os(Linux) || canImport(CoreServices)
    /// A source of file events `FileWatcher` reads: a descriptor that becomes readable when
    /// events wait, and the absolute paths they name.
    protocol FileEventSource: Sendable {
        var descriptor: Int32 { get }
        /// Why events can no longer be trusted (a folder could not be watched): polling takes over.
        var failureMessage: String? { get }
        mutating func readEvents() -> [String]
        func close()
    }
#endif

#if os(Linux)
    extension InotifyWatch: FileEventSource {
        var failureMessage: String? { failure?.message }
    }
#endif
