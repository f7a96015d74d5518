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

    /// - Returns: what went wrong, or `nil` when the file was written.
    static func write(_ bytes: [UInt8], to path: String) -> Failure? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return Failure(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure.map { Failure(path: path, reason: $0) }
    }

    /// Makes `path` a second name of `existing` when that is a plain file holding exactly
    /// `bytes`, and says whether it did.
    ///
    /// A rebuild links the files that did not change from the previous site instead of
    /// writing them again: no new inode, no data written, and removing the previous folder
    /// afterwards frees nothing the file system must then recycle. On ext4 a folder of
    /// 1,000 freshly deleted pages made the next build's file creation several times slower.
    static func link(_ bytes: [UInt8], from existing: String, to path: String) -> Bool {
        var status = stat()
        guard lstat(existing, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        let descriptor = open(existing, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var same = true
        bytes.withUnsafeBytes { expected in
            var buffer = [UInt8](repeating: 0, count: min(max(expected.count, 1), 1 << 16))
            var offset = 0
            while same, offset < expected.count {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, min($0.count, expected.count - offset)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { same = false; return }
                same = buffer.withUnsafeBytes { memcmp($0.baseAddress!, expected.baseAddress! + offset, count) == 0 }
                offset += count
            }
        }
        return same && Foundation.link(existing, path) == 0
    }
}
