#if os(Linux)
    import Foundation
    import Glibc

    /// inotify watches on a set of folder trees: one watch per folder, added for new folders
    /// as they appear; and on single files, through a watch on their folder (a watch on the
    /// file itself would end when an editor saves by renaming a new file over it). Reports the
    /// absolute paths named by each event.
    /// Handed to the watch thread once and used only there, hence `@unchecked Sendable`.
    struct InotifyWatch: @unchecked Sendable {
        struct Failure: Error {
            var message: String
        }

        let descriptor: Int32
        /// Each watch: the folder's path as reported, and its real path (symbolic links resolved).
        private var folders: [Int32: (path: String, real: String)] = [:]
        private var watched: Set<String> = []
        /// The single files watched, by the watch on their folder (which a tree may share): the
        /// name an event carries → the path to report, as it was given.
        private var fileWatches: [Int32: [String: String]] = [:]
        private let roots: [String]
        private let files: [String]
        private let excluded: Set<String>
        /// Set when a folder could not be watched (the kernel's watch limit, typically): the
        /// watcher then falls back to polling, rather than miss changes silently.
        private(set) var failure: Failure?
        private let isIgnored: (String) -> Bool

        private static let folderMask: UInt32 = UInt32(
            IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF)

        static func open(
            roots: [String], files: [String] = [], excluded: Set<String>, isIgnored: @escaping (String) -> Bool
        ) -> Result<InotifyWatch, Failure> {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else {
                return .failure(Failure(message: "inotify is unavailable: \(String(cString: strerror(errno)))"))
            }
            var watch = InotifyWatch(
                descriptor: descriptor, roots: roots, files: files, excluded: excluded, isIgnored: isIgnored)
            for root in roots {
                if let failure = watch.addTree(root) {
                    watch.close()
                    return .failure(failure)
                }
            }
            for file in files {
                if let failure = watch.addFile(file) {
                    watch.close()
                    return .failure(failure)
                }
            }
            return .success(watch)
        }

        private init(
            descriptor: Int32, roots: [String], files: [String], excluded: Set<String>,
            isIgnored: @escaping (String) -> Bool
        ) {
            self.descriptor = descriptor
            self.roots = roots
            self.files = files
            self.excluded = excluded
            self.isIgnored = isIgnored
        }

        func close() {
            _ = Glibc.close(descriptor)
        }

        /// Adds a watch on `folder` and every folder below it that has none yet; nil, or why it
        /// failed (the kernel's watch limit, typically). Folders already watched are still
        /// walked, so a rescan after lost events finds the folders made meanwhile.
        @discardableResult
        private mutating func addTree(_ folder: String) -> Failure? {
            var visited: Set<String> = []
            return addTree(folder, visited: &visited)
        }

        private mutating func addTree(_ folder: String, visited: inout Set<String>) -> Failure? {
            guard !excluded.contains(folder) else { return nil }
            let real = Self.realPath(folder)
            guard visited.insert(real).inserted else { return nil }  // a symbolic-link loop
            if !watched.contains(real) {
                let wd = inotify_add_watch(descriptor, folder, Self.folderMask | UInt32(IN_ONLYDIR))
                if wd < 0 {
                    let code = errno
                    if code == ENOENT || code == ENOTDIR || code == EACCES { return nil }
                    if code == ENOSPC {
                        return Failure(
                            message: "the kernel's inotify watch limit is reached (raise fs.inotify.max_user_watches)")
                    }
                    return Failure(message: "cannot watch '\(folder)': \(String(cString: strerror(code)))")
                }
                watched.insert(real)
                folders[wd] = (folder, real)
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !isIgnored(name) {
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                if let failure = addTree(path, visited: &visited) { return failure }
            }
            return nil
        }

        /// Watches the folder of `file` for events naming it, and, when the file is a symbolic
        /// link, the folder of the file it leads to (an edit there changes what is read).
        private mutating func addFile(_ file: String) -> Failure? {
            let real = Self.realPath(file)
            for target in real == file ? [file] : [file, real] {
                let slash = target.lastIndex(of: "/") ?? target.startIndex
                let folder = slash == target.startIndex ? "/" : String(target[..<slash])
                let name = String(target[target.index(after: slash)...])
                guard !name.isEmpty else { continue }
                let wd = inotify_add_watch(descriptor, folder, Self.folderMask | UInt32(IN_ONLYDIR))
                if wd < 0 {
                    // Polling sees the file appear once its folder is made; events cannot.
                    let code = errno
                    if code == ENOSPC {
                        return Failure(
                            message: "the kernel's inotify watch limit is reached (raise fs.inotify.max_user_watches)")
                    }
                    return Failure(message: "cannot watch the folder of '\(file)': \(String(cString: strerror(code)))")
                }
                fileWatches[wd, default: [:]][name] = file
            }
            return nil
        }

        /// After the kernel dropped events (its queue overflowed): watches the folders made
        /// meanwhile, and returns every watched folder and file, so everything is looked at again.
        mutating func rescan() -> [String] {
            for root in roots { recordFailure(addTree(root)) }
            return folders.values.map(\.path).sorted() + files
        }

        /// Reads every queued event; the paths they name (a new folder brings its files).
        mutating func readEvents() -> [String] {
            var changed: [String] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                var offset = 0
                while offset + 16 <= count {
                    let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    offset += 16 + length
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        changed += rescan()
                        continue
                    }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if let single = fileWatches[wd] {
                        if let path = single[name] {
                            changed.append(path)
                        } else if name.isEmpty, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                            // The folder went: a new one of that name would have no watch. Polling
                            // sees the file wherever its folder is made again.
                            let paths = Set(single.values).sorted()
                            changed += paths
                            fileWatches[wd] = nil
                            recordFailure(
                                Failure(
                                    message: "the folder of '\(paths.joined(separator: "', '"))' was moved or deleted"))
                        }
                    }
                    guard let folder = folders[wd]?.path else { continue }
                    if mask & UInt32(IN_IGNORED) != 0 {
                        forget(wd)
                        continue
                    }
                    if name.isEmpty {
                        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                            changed.append(folder)
                            // Moved or deleted: its watches now describe nothing under the roots.
                            if mask & UInt32(IN_MOVE_SELF) != 0 { forgetTree(folder) }
                        }
                        continue
                    }
                    guard !isIgnored(name) else { continue }
                    let path = folder + "/" + name
                    guard !excluded.contains(path) else { continue }
                    changed.append(path)
                    if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_MOVED_FROM) != 0 {
                        // A folder moved away (or renamed): stop watching it under its old name.
                        forgetTree(path)
                    }
                    if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        recordFailure(addTree(path))
                        // Files written before the watch was in place.
                        changed += FolderSnapshot.take(roots: [path], excluded: excluded, isIgnored: isIgnored).paths
                    }
                }
            }
            return changed
        }

        private mutating func recordFailure(_ problem: Failure?) {
            if let problem, failure == nil { failure = problem }
        }

        /// Drops one watch's bookkeeping (the kernel removed the watch, or is about to).
        private mutating func forget(_ wd: Int32) {
            guard let entry = folders.removeValue(forKey: wd) else { return }
            watched.remove(entry.real)
        }

        /// Removes the watches on `folder` and every folder below it.
        private mutating func forgetTree(_ folder: String) {
            let doomed = folders.filter { $0.value.path == folder || $0.value.path.hasPrefix(folder + "/") }.map(\.key)
            for wd in doomed {
                // A watch that also serves a single file stays; only the tree's bookkeeping goes.
                if fileWatches[wd] == nil { inotify_rm_watch(descriptor, wd) }
                forget(wd)
            }
        }

        static func realPath(_ path: String) -> String {
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }
#endif
