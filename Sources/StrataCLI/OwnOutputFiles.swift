import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files this process writes its own output into, when standard output or error is a
/// file (`strata serve > serve.log` in the project folder). A change to one of them is the
/// server's own line, not an edit: taken for one, it would start a rebuild whose line
/// changes the file again, without end. Files are known by device and inode, so any path
/// that leads to one is recognised.
struct OwnOutputFiles: Sendable {
    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private let files: Set<Identity>

    /// The regular files among `descriptors` (standard output and error by default); pipes
    /// and terminals are not files anyone edits.
    init(descriptors: [Int32] = [STDOUT_FILENO, STDERR_FILENO]) {
        var files: Set<Identity> = []
        for descriptor in descriptors {
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            files.insert(Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
        }
        self.files = files
    }

    /// Whether the file at `path` is one of them.
    func contains(_ path: String) -> Bool {
        guard !files.isEmpty else { return false }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return files.contains(Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }
}
