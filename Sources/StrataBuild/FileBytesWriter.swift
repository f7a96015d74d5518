import Foundation
import StrataCore

/// Writes a file's bytes with plain `open`/`write`/`close`.
///
/// Foundation's `Data.write(to:)` calls `fsync` after every file, which on a 1,000-page
/// site cost more than rendering it. A site is made in a staging folder and swapped in
/// whole, so a crash leaves the previous site, never a half-written one; flushing each file
/// to the disk first would add nothing to that.
enum FileBytesWriter {
    struct Failure {
        let path: String
        let reason: String
    }

    /// Creates `path`, which must not exist yet, with `bytes`. Permissions are 0666 less
    /// the umask, as any program's new file.
    /// - Returns: what went wrong, or `nil` when the file was written.
    static func write(_ bytes: [UInt8], to path: String) -> Failure? {
        // O_EXCL: a new file, never one reached through a link to somewhere else.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { return Failure(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? String(cString: strerror(errno)) : "the disk took no more bytes"
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure.map { Failure(path: path, reason: $0) }
    }

    /// Creates `path` as a copy of a large file the site publishes as it is, a megabyte at a
    /// time, so that memory does not grow with it.
    /// - Returns: what went wrong, or `nil` when the file was copied. The source must still
    ///   be the file that was checked when it was read: the same real path, size and time.
    static func copy(_ copy: FileCopy, to path: String) -> Failure? {
        guard let source = openCopySource(copy) else {
            return Failure(path: path, reason: "'\(copy.source)' changed or went away while the site was built")
        }
        defer { close(source) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { return Failure(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        copying: while copied < copy.size {
            let count = buffer.withUnsafeMutableBytes {
                read(source, $0.baseAddress!, min($0.count, copy.size - copied))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failure =
                    count < 0
                    ? "cannot read '\(copy.source)': \(String(cString: strerror(errno)))"
                    : "'\(copy.source)' became shorter while it was copied"
                break
            }
            var written = 0
            while written < count {
                let done = buffer.withUnsafeBytes {
                    Foundation.write(descriptor, $0.baseAddress! + written, count - written)
                }
                if done < 0, errno == EINTR { continue }
                guard done > 0 else {
                    failure = done < 0 ? String(cString: strerror(errno)) : "the disk took no more bytes"
                    break copying
                }
                written += done
            }
            copied += count
        }
        // Rewritten while it was copied, the copy would be half old, half new.
        var after = stat()
        if failure == nil,
            fstat(source, &after) != 0 || Int(after.st_size) != copy.size
                || ProjectFiles.modified(after) != copy.modified
        {
            failure = "'\(copy.source)' changed while it was copied"
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure.map { Failure(path: path, reason: $0) }
    }

    /// Opens the source of a copy when it is still the file that was checked: a regular file
    /// at that real path (no link in the way), of that size and modification time.
    static func openCopySource(_ copy: FileCopy) -> Int32? {
        let descriptor = open(copy.source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == copy.size,
            ProjectFiles.modified(info) == copy.modified,
            ReadBoundary.realPath(ofDescriptor: descriptor).map({ $0 == copy.source }) ?? true
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// What a file of the previous site must be for a rebuild to reuse it.
    struct Reuse: Sendable {
        /// The previous output folder, symbolic links resolved, ending in `/`.
        let folder: String
        /// The permissions and owner a new file gets here.
        let mode: mode_t
        let owner: uid_t

        /// - Parameter newFile: a file just created, whose permissions (0666 less the
        ///   umask) and owner a reused file must have.
        init?(previousOutput: String, newFile: String) {
            var status = stat()
            guard stat(newFile, &status) == 0, let resolved = realpath(previousOutput, nil) else { return nil }
            folder = String(cString: resolved) + "/"
            free(resolved)
            mode = status.st_mode & 0o7777
            owner = status.st_uid
        }
    }

    /// Makes `path` a second name of `existing` when that is a file of the previous site
    /// holding exactly `bytes`, as a new file would be, and says whether it did.
    ///
    /// A rebuild links the files that did not change from the previous site instead of
    /// writing them again: no new inode, no data written, and removing the previous folder
    /// afterwards frees nothing the file system must then recycle. On ext4 a folder of
    /// 1,000 freshly deleted pages made the next build's file creation several times slower.
    ///
    /// Only a plain file with no other name, inside the previous output folder (no link
    /// leads out of it), owned by this user with a new file's permissions, is reused: the
    /// new site never shares a file with anything but the folder it replaces, which is
    /// removed once the new one is in place.
    static func link(_ bytes: [UInt8], from existing: String, to path: String, reuse: Reuse) -> Bool {
        let descriptor = open(existing, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
            Int(status.st_size) == bytes.count, status.st_uid == reuse.owner, status.st_mode & 0o7777 == reuse.mode
        else { return false }
        guard let resolved = realpath(existing, nil) else { return false }
        let inside = String(cString: resolved).hasPrefix(reuse.folder)
        free(resolved)
        guard inside, sameBytes(descriptor, bytes) else { return false }
        return Foundation.link(existing, path) == 0
    }

    /// Whether the open file holds exactly `bytes`, to its end.
    private static func sameBytes(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { expected in
            var buffer = [UInt8](repeating: 0, count: min(expected.count, 1 << 16) + 1)
            var offset = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return false }
                if count == 0 { return offset == expected.count }
                guard offset + count <= expected.count,
                    buffer.withUnsafeBytes({ memcmp($0.baseAddress!, expected.baseAddress! + offset, count) == 0 })
                else { return false }
                offset += count
            }
        }
    }
}
