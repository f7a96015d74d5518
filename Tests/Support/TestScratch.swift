import Foundation

/// Where tests make their temporary folders: one folder per test process,
/// `$TMPDIR/strata-tests-<pid>`, removed when the process exits. A test that forgets to
/// clean up, fails before its `defer`, or a run killed half-way therefore leaves nothing
/// behind for long: the folders of test processes that are no longer running are swept
/// the next time a test process starts.
public enum TestScratch {
    private static let prefix = "strata-tests-"

    /// This process's folder, made (and the dead processes' folders swept) on first use.
    public static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        sweepDeadProcesses(in: temporary)
        let root = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { TestScratch.removeRoot() }
        return root
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
