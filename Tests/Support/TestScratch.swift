import Foundation

/// Where tests make their temporary folders: one folder per test process,
/// `<base>/strata-tests-<pid>`, removed when the process exits. A test that forgets to
/// clean up, fails before its `defer`, or a run killed half-way therefore leaves nothing
/// behind for long: the folders of test processes that are no longer running are swept
/// the next time a test process starts.
///
/// The base is `$STRATA_TEST_TMPDIR` when set; else `/dev/shm` when it is a memory file
/// system with room to spare; on macOS `/Users/Shared` (see `base`); else the temporary
/// folder (`$TMPDIR`, or `/tmp`). The suite writes and deletes tens of thousands of small
/// files (sites, fixtures, Chromium's profile): on a disk file system the kernel's inode
/// bookkeeping for them cost about 15 s of CPU per run, a tenth of the suite, which a memory
/// file system does not spend. The suite holds about 60 MB there at its peak.
public enum TestScratch {
    private static let prefix = "strata-tests-"

    /// This process's folder, made (and the dead processes' folders swept) on first use.
    public static let root: URL = {
        let temporary = base
        sweepDeadProcesses(in: temporary)
        let root = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { TestScratch.removeRoot() }
        return root
    }()

    /// The folder the process folders go in (see the type's comment).
    static let base: URL = {
        if let chosen = ProcessInfo.processInfo.environment["STRATA_TEST_TMPDIR"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        let memory = "/dev/shm"
        if isRoomyMemoryFileSystem(memory) { return URL(fileURLWithPath: memory, isDirectory: true) }
        #if canImport(Darwin)
            // macOS's temporary folder is /var/folders/…, and /var is a link to /private/var:
            // Strata reports real paths (/private/var/…) in places, Foundation's standardized
            // ones (/var/…, for it drops /private) in others, and tests compare both with
            // paths in this folder. In /Users/Shared, a real folder, they agree.
            let shared = "/Users/Shared"
            if access(shared, W_OK | X_OK) == 0 { return URL(fileURLWithPath: shared, isDirectory: true) }
        #endif
        return FileManager.default.temporaryDirectory
    }()

    /// Whether `path` is a writable tmpfs with at least 1 GiB free: a container's 64 MB
    /// `/dev/shm` is not used.
    private static func isRoomyMemoryFileSystem(_ path: String) -> Bool {
        #if os(Linux)
            // A mount point's line in /proc/self/mounts: device, mount point, type, options, ...
            let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
            let isTmpfs = mounts.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count > 2 && fields[1] == path && fields[2] == "tmpfs"
            }
            guard isTmpfs else { return false }
            var volume = statvfs()
            guard statvfs(path, &volume) == 0, access(path, W_OK | X_OK) == 0 else { return false }
            return UInt64(volume.f_bavail) * UInt64(volume.f_frsize) >= 1 << 30
        #else
            return false
        #endif
    }

    /// Whether a file name here may be any bytes, as on Linux's file systems. APFS and HFS+
    /// take only UTF-8 names (EILSEQ), so a test of names that are not cannot make its files.
    public static let takesNamesThatAreNotUTF8: Bool = {
        let folder = path("names")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return false
        }
        defer { remove(folder) }
        let raw = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9, 0]
        let made = raw.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
        }
        if made >= 0 { close(made) }
        return made >= 0
    }()

    /// A fresh, not yet existing path in this process's folder: `<name>-<UUID>`.
    public static func path(_ name: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// A fresh, empty folder in this process's folder.
    public static func folder(_ name: String) throws -> URL {
        let folder = path(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func removeRoot() {
        remove(root)
    }

    /// Removes `url` and everything under it, as `rm -rf` does, including what FileManager
    /// cannot remove: names that are not UTF-8 and paths longer than PATH_MAX, which the
    /// hostile-input tests make on purpose. Folders without permissions are opened up first.
    public static func remove(_ url: URL) {
        let path = url.path
        let parent = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        removeEntry(Array((path as NSString).lastPathComponent.utf8CString), in: parent)
    }

    /// Removes the entry `name` (NUL-terminated bytes) of the open folder `folder`.
    private static func removeEntry(_ name: [CChar], in folder: Int32) {
        if unlinkat(folder, name, 0) == 0 || errno == ENOENT { return }
        // Only a folder is opened up: fchmodat follows links, and a link's target is not ours.
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        _ = fchmodat(folder, name, 0o700, 0)
        let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if child >= 0, let stream = fdopendir(child) {
            var names: [[CChar]] = []
            while let entry = readdir(stream) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    Array(bytes.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0]
                }
                if entryName == [46, 0] || entryName == [46, 46, 0] { continue }  // "." and ".."
                names.append(entryName)
            }
            for entryName in names { removeEntry(entryName, in: dirfd(stream)) }
            closedir(stream)  // closes child too
        } else if child >= 0 {
            close(child)
        }
        _ = unlinkat(folder, name, AT_REMOVEDIR)
    }

    /// Removes `strata-tests-<pid>` folders whose process is gone (a killed run's).
    private static func sweepDeadProcesses(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH {
                remove(temporary.appendingPathComponent(name))
            }
        }
    }
}
