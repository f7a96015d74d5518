import Dispatch
import Foundation
import Hummingbird
import NIOCore
import StrataCore

/// The body of a large file of the site (`FileCopy`: a video or disk image among the
/// assets), read from disk a megabyte at a time as the browser takes it, on a queue of its
/// own rather than the threads that answer requests: the preview never holds it whole.
enum CopiedFileBody {
    static let chunk = 1 << 20
    private static let queue = DispatchQueue(label: "strata.copied-file", qos: .userInitiated, attributes: .concurrent)

    /// The body, or nil when the file is no longer the one the build checked (changed, gone
    /// or replaced by a link): it is then served as missing until the next build.
    static func body(_ copy: FileCopy) -> ResponseBody? {
        guard let descriptor = openSource(copy) else { return nil }
        let file = OpenFile(descriptor)
        return ResponseBody(contentLength: copy.size) { writer in
            defer { file.close() }
            var sent = 0
            while sent < copy.size {
                let wanted = min(chunk, copy.size - sent)
                let bytes = await withCheckedContinuation { continuation in
                    queue.async { continuation.resume(returning: file.read(wanted)) }
                }
                // Shorter than the build said: the connection is closed rather than the
                // answer ended short of its Content-Length, which a browser would wait out.
                guard let bytes, !bytes.isEmpty else { throw Shortened() }
                try await writer.write(ByteBuffer(bytes: bytes))
                sent += bytes.count
            }
            try await writer.finish(nil)
        }
    }

    /// Whether the copy's source is still the file the build checked (for a HEAD request,
    /// which sends no body).
    static func isServable(_ copy: FileCopy) -> Bool {
        guard let descriptor = openSource(copy) else { return false }
        close(descriptor)
        return true
    }

    struct Shortened: Error {}

    /// Opens the copy's source when it is still the file the build checked: a regular file
    /// at that real path (no link on it), of that size and modification time.
    static func openSource(_ copy: FileCopy) -> Int32? {
        // No link anywhere on its path now, as when the build checked it.
        guard let real = realpath(copy.source, nil) else { return nil }
        defer { free(real) }
        guard String(cString: real) == copy.source else { return nil }
        let descriptor = open(copy.source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == copy.size,
            modified(info) == copy.modified
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
            Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// An open descriptor, closed once whichever way the answer ends.
    final class OpenFile: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptor: Int32

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        // A body that is never sent (the client went away first) still closes its file.
        deinit { close() }

        func read(_ count: Int) -> [UInt8]? {
            lock.withLock {
                guard descriptor >= 0 else { return nil }
                var buffer = [UInt8](repeating: 0, count: count)
                while true {
                    let done = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, count) }
                    if done < 0, errno == EINTR { continue }
                    guard done >= 0 else { return nil }
                    buffer.removeLast(count - done)
                    return buffer
                }
            }
        }

        func close() {
            lock.withLock {
                if descriptor >= 0 { _ = Foundation.close(descriptor) }
                descriptor = -1
            }
        }
    }
}
