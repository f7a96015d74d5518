#if canImport(CoreServices)
    import CoreServices
    import Darwin
    import Foundation

    /// macOS's file events (FSEvents, from CoreServices) on a set of folder trees and single
    /// files, read by `FileWatcher`'s event loop as it reads inotify: a descriptor that becomes
    /// readable when events wait, and the absolute paths they name, as they were given.
    ///
    /// One stream (`kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer`,
    /// 0.05 s latency) over the trees' real paths, the real paths of folders their symbolic
    /// links lead to (found when watching starts; a link made later is not followed), and the
    /// folders of the single files. Its callback runs on a dispatch queue of its own, stores the
    /// events in an `Inbox` and wakes the loop through a pipe; the paths are worked out on the
    /// loop's thread. FSEvents reports real paths (`/private/var/…` for `/var/…`, a file
    /// system's own case), so each is mapped back to the path it was watched by.
    ///
    /// Verified by reading only, against Apple's SDK: Strata is built and tested on Linux,
    /// where this file is not compiled; `FileWatcherTests` run it on a Mac.
    final class FSEventsWatch: FileEventSource, @unchecked Sendable {
        struct Failure: Error {
            var message: String
        }

        /// Where the callback leaves events: FSEvents holds it (retained through the
        /// stream's context) for as long as the stream may call.
        final class Inbox: @unchecked Sendable {
            let lock = NSLock()
            var events: [(path: String, flags: FSEventStreamEventFlags)] = []
            var isClosed = false
            let wake: Int32

            init(wake: Int32) { self.wake = wake }
            deinit { _ = Darwin.close(wake) }
        }

        let descriptor: Int32
        var failureMessage: String? { nil }
        private let inbox: Inbox
        private let stream: FSEventStreamRef
        private let queue = DispatchQueue(label: "strata.fsevents")
        /// Real folder path → the path it is watched by, longest first.
        private let folders: [(real: String, given: String)]
        /// Real path of a single file (or of the link naming it) → the path it was given as.
        private let fileTargets: [String: String]
        private let roots: [String]
        private let files: [String]
        private let excluded: Set<String>
        private let isIgnored: (String) -> Bool
        /// Events read within a second of the start for items unchanged since then (their
        /// status change time is earlier) are FSEvents delivering what happened just before.
        private let startedAt = (wall: FSEventsWatch.wallClock(), instant: ContinuousClock.now)

        static func open(
            roots: [String], files: [String], excluded: Set<String>, isIgnored: @escaping (String) -> Bool
        ) -> Result<FSEventsWatch, Failure> {
            var folders: [(real: String, given: String)] = []
            var visited: Set<String> = []
            for root in roots { collectFolders(root, excluded, isIgnored, into: &folders, visited: &visited) }
            var fileTargets: [String: String] = [:]
            var watchedPaths = folders.map(\.real)
            for file in files {
                let (folder, name) = split(file)
                guard let realFolder = realPath(folder) else {
                    return .failure(Failure(message: "cannot watch the folder of '\(file)': it does not exist"))
                }
                let link = (realFolder == "/" ? "" : realFolder) + "/" + name
                fileTargets[link] = file
                watchedPaths.append(realFolder)
                // A link: the folder of the file it leads to, whose edits change what is read.
                if let target = realPath(file), target != link {
                    fileTargets[target] = file
                    watchedPaths.append(split(target).folder)
                }
            }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                return .failure(Failure(message: "cannot make a pipe: \(String(cString: strerror(errno)))"))
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            let inbox = Inbox(wake: ends[1])
            var context = FSEventStreamContext(
                version: 0, info: Unmanaged.passUnretained(inbox).toOpaque(),
                retain: { info in
                    if let info { _ = Unmanaged<Inbox>.fromOpaque(info).retain() }
                    return info
                },
                release: { info in if let info { Unmanaged<Inbox>.fromOpaque(info).release() } },
                copyDescription: nil)
            let stream = FSEventStreamCreate(
                kCFAllocatorDefault,
                { _, info, count, paths, flags, _ in
                    guard let info else { return }
                    let inbox = Unmanaged<Inbox>.fromOpaque(info).takeUnretainedValue()
                    let names = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
                    let events = (0..<count).map { index in
                        var path = String(cString: names[index])
                        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
                        return (path: path, flags: flags[index])
                    }
                    inbox.lock.withLock {
                        guard !inbox.isClosed else { return }
                        inbox.events += events
                        var byte: UInt8 = 1
                        _ = Darwin.write(inbox.wake, &byte, 1)  // a full pipe has a wake-up waiting already
                    }
                },
                &context, Array(Set(watchedPaths)) as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow),
                0.05, FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer))
            guard let stream else {
                _ = Darwin.close(ends[0])
                return .failure(Failure(message: "FSEvents could not make a stream"))
            }
            let watch = FSEventsWatch(
                descriptor: ends[0], inbox: inbox, stream: stream,
                folders: folders.sorted { $0.real.count > $1.real.count }, fileTargets: fileTargets, roots: roots,
                files: files, excluded: excluded, isIgnored: isIgnored)
            FSEventStreamSetDispatchQueue(stream, watch.queue)
            guard FSEventStreamStart(stream) else {
                watch.close()
                return .failure(Failure(message: "FSEvents could not start watching"))
            }
            return .success(watch)
        }

        private init(
            descriptor: Int32, inbox: Inbox, stream: FSEventStreamRef, folders: [(real: String, given: String)],
            fileTargets: [String: String], roots: [String], files: [String], excluded: Set<String>,
            isIgnored: @escaping (String) -> Bool
        ) {
            (self.descriptor, self.inbox, self.stream, self.folders) = (descriptor, inbox, stream, folders)
            (self.fileTargets, self.roots, self.files) = (fileTargets, roots, files)
            (self.excluded, self.isIgnored) = (excluded, isIgnored)
        }

        func close() {
            // On the stream's queue, so that no callback runs meanwhile; none writes to the
            // pipe afterwards (its write end stays open until FSEvents lets go of the inbox).
            queue.sync {
                FSEventStreamStop(stream)
                FSEventStreamInvalidate(stream)
                FSEventStreamRelease(stream)
                inbox.lock.withLock { inbox.isClosed = true }
            }
            _ = Darwin.close(descriptor)
        }

        /// Takes every event waiting; the paths they name (a folder made or moved in brings
        /// its files; lost events bring the roots and files, so everything is looked at again).
        func readEvents() -> [String] {
            var buffer = [UInt8](repeating: 0, count: 512)
            while buffer.withUnsafeMutableBytes({ Darwin.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            let events = inbox.lock.withLock {
                defer { inbox.events = [] }
                return inbox.events
            }
            let rescan = FSEventStreamEventFlags(
                kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
                    | kFSEventStreamEventFlagKernelDropped)
            let moved = FSEventStreamEventFlags(kFSEventStreamEventFlagItemRenamed | kFSEventStreamEventFlagItemRemoved)
            let early = ContinuousClock.now < startedAt.instant + .seconds(1)
            var changed: [String] = []
            for (real, flags) in events {
                if flags & rescan != 0 {
                    changed += roots + files
                    continue
                }
                if early, flags & moved == 0, let changedAt = Self.statusChange(real), changedAt < startedAt.wall {
                    continue
                }
                if let file = fileTargets[real] { changed.append(file) }
                guard let path = given(real) else { continue }
                changed.append(path)
                let folderFlags = FSEventStreamEventFlags(
                    kFSEventStreamEventFlagItemCreated | kFSEventStreamEventFlagItemRenamed)
                if flags & FSEventStreamEventFlags(kFSEventStreamEventFlagItemIsDir) != 0, flags & folderFlags != 0 {
                    // Files moved in with their folder have no events of their own.
                    changed += FolderSnapshot.take(roots: [path], excluded: excluded, isIgnored: isIgnored).paths
                }
            }
            return changed
        }

        /// The path a real path is watched by, when it is inside a tree and neither hidden,
        /// a backup nor excluded; nil otherwise. A root itself is not reported.
        private func given(_ real: String) -> String? {
            guard let folder = folders.first(where: { real.hasPrefix($0.real + "/") }) else { return nil }
            var path = folder.given
            for name in real.dropFirst(folder.real.count + 1).split(separator: "/") {
                guard !isIgnored(String(name)) else { return nil }
                path += "/" + name
                guard !excluded.contains(path) else { return nil }
            }
            return path
        }

        /// Every folder of the tree at `folder` (links followed, as inotify's watches are)
        /// whose real path is not inside a folder already collected.
        private static func collectFolders(
            _ folder: String, _ excluded: Set<String>, _ isIgnored: (String) -> Bool,
            into folders: inout [(real: String, given: String)], visited: inout Set<String>
        ) {
            guard !excluded.contains(folder), let real = realPath(folder), visited.insert(real).inserted else { return }
            if !folders.contains(where: { real == $0.real || real.hasPrefix($0.real + "/") }) {
                folders.append((real, folder))
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !isIgnored(name) {
                var info = stat()
                let path = folder + "/" + name
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                collectFolders(path, excluded, isIgnored, into: &folders, visited: &visited)
            }
        }

        /// A path's folder and name.
        private static func split(_ path: String) -> (folder: String, name: String) {
            guard let slash = path.lastIndex(of: "/") else { return (".", path) }
            let folder = slash == path.startIndex ? "/" : String(path[..<slash])
            return (folder, String(path[path.index(after: slash)...]))
        }

        private static func realPath(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        /// When the item at `path` last changed (its status change time), in nanoseconds.
        private static func statusChange(_ path: String) -> Int64? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        }

        private static func wallClock() -> Int64 {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }
    }
#endif
