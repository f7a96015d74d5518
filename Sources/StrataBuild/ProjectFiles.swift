import Foundation
import StrataCore

/// The project on disk: its root folder and how its paths are shown in diagnostics
/// (relative to where Strata was started, as a user would type them).
package struct ProjectFiles: Sendable {
    package let root: URL
    /// `root.path`, kept: hot loops join strings, which is far cheaper than `URL`.
    let rootPath: String
    /// Prefix that makes a root-relative path readable from the working folder ("" or "site/").
    let displayPrefix: String
    /// What may be read: the project, and the folders the command line names. Every read
    /// and every folder listing goes through it (`readBytes`, `entries(of:)`).
    package let boundary: ReadBoundary

    /// - Parameter allowedReads: folders outside the project that may be read, as the
    ///   command line names them (`--allow-read`); never from `strata.yml`.
    package init(
        root: URL, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        allowedReads: [URL] = []
    ) {
        self.root = root.standardizedFileURL
        let rootPath = self.root.path
        self.rootPath = rootPath
        boundary = ReadBoundary(project: self.root, allowed: allowedReads)
        let cwd = workingDirectory.standardizedFileURL.path
        if rootPath == cwd {
            displayPrefix = ""
        } else if rootPath.hasPrefix(cwd + "/") {
            displayPrefix = String(rootPath.dropFirst(cwd.count + 1)) + "/"
        } else {
            displayPrefix = rootPath + "/"
        }
    }

    /// The absolute URL of a path relative to the project root (absolute paths stay as they are).
    package func url(_ relative: String) -> URL {
        relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative).standardizedFileURL
            : root.appendingPathComponent(relative).standardizedFileURL
    }

    /// The absolute path of a path relative to the project root, joined as a string (`..`
    /// left to the file system): for loops over thousands of files.
    package func path(_ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        if relative == "." || relative.isEmpty { return rootPath }
        return rootPath == "/" ? "/" + relative : rootPath + "/" + relative
    }

    /// Whether there is anything at an absolute path (see `entryExists(_:)`).
    static func entryExists(atPath path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A path as `display` shows it, back to how the project names it (relative to its root).
    package func projectRelative(_ displayed: String) -> String {
        displayed.hasPrefix(displayPrefix) ? String(displayed.dropFirst(displayPrefix.count)) : displayed
    }

    /// How to show a root-relative path to the user.
    package func display(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : displayPrefix + relative
    }

    /// Whether there is anything at `url`, even a link that loops or leads nowhere: such a
    /// `strata.yml` or `Package.swift` is an error to report, not a file that is absent.
    static func entryExists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Why the symbolic link at `path` may not be followed, when it leads outside every one
    /// of `roots` (`ReadBoundary.roots`), to a hidden file or folder inside one (a `.env`,
    /// `.git`), or somewhere that cannot be worked out; nil for a link that stays inside, a
    /// link that leads nowhere or loops (reported where it is read), and anything that is
    /// not a link.
    static func linkTargetOutside(_ path: String, roots: [String]) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        guard let resolved = realpath(path, nil) else {
            if errno == ENOENT || errno == ELOOP { return nil }
            return "somewhere that cannot be worked out (\(String(cString: strerror(errno))))"
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        guard let root = roots.first(where: { (target + "/").hasPrefix($0) }) else {
            return "outside the project, to \(target)"
        }
        let inside = target.count >= root.count ? target.dropFirst(root.count) : ""
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return "to a hidden file, \(target)" }
        return nil
    }

    /// The entries of a folder (`FolderListing`), when it resolves inside the boundary.
    /// - Throws: `ReadBoundary.Outside` for a folder outside it, or why it cannot be listed.
    func entries(of path: String) throws -> [FolderListing.Entry] {
        try FolderListing.entries(of: path, inside: boundary)
    }

    /// Reads a regular file inside the boundary, turning every failure into a diagnostic at
    /// `displayPath` (`io.outside-project` for one that resolves outside it).
    func readBytes(at url: URL, displayPath: String) throws -> [UInt8] {
        try Self.readBytes(atPath: url.path, displayPath: displayPath, inside: boundary)
    }

    func readBytes(atPath path: String, displayPath: String) throws -> [UInt8] {
        try Self.readBytes(atPath: path, displayPath: displayPath, inside: boundary)
    }

    /// Reads a file the command line names itself (`--config`, `--baseline`): the person
    /// running Strata chose it, so it may be anywhere.
    static func readCommandLineFile(at url: URL, displayPath: String) throws -> [UInt8] {
        try readBytes(atPath: url.path, displayPath: displayPath, inside: nil)
    }

    /// Publishes a file of the project as it is: read when it is small, held as a copy made
    /// when the site is written (`FileCopy`) when it is large, so that a video or a disk
    /// image among the assets is never in memory whole.
    func outputFile(at url: URL, path: String, displayPath: String) throws -> OutputFile {
        let (descriptor, info) = try Self.openChecked(atPath: url.path, displayPath: displayPath, inside: boundary)
        defer { close(descriptor) }
        if Int(info.st_size) >= FileCopy.threshold,
            let real = ReadBoundary.realPath(ofDescriptor: descriptor) ?? ReadBoundary.realPath(url.path)
        {
            return OutputFile(
                path: path, copying: FileCopy(source: real, size: Int(info.st_size), modified: Self.modified(info)))
        }
        return OutputFile(path: path, contents: try Self.readOpened(descriptor, info, displayPath: displayPath))
    }

    /// A file's modification time in nanoseconds since 1970.
    static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
            Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    private static func readBytes(atPath path: String, displayPath: String, inside boundary: ReadBoundary?) throws
        -> [UInt8]
    {
        let (descriptor, info) = try openChecked(atPath: path, displayPath: displayPath, inside: boundary)
        defer { close(descriptor) }
        return try readOpened(descriptor, info, displayPath: displayPath)
    }

    /// Opens a regular file inside the boundary (nil: anywhere), for reading.
    private static func openChecked(atPath path: String, displayPath: String, inside boundary: ReadBoundary?) throws
        -> (Int32, stat)
    {
        // Opened without waiting (a FIFO would block an ordinary open) and without becoming a
        // controlling terminal, then checked to be a regular file on the open descriptor, then
        // read whole: three system calls and one buffer, where Foundation's FileHandle made six
        // and two copies.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            // A socket or an unreadable folder fails to open; say what it is rather than why.
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                throw notRegularFile(info, displayPath: displayPath)
            }
            throw Diagnostic.error("io.read", "cannot read this file: \(reason)", at: SourceLocation(path: displayPath))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Diagnostic.error("io.read", "cannot read this file: \(reason)", at: SourceLocation(path: displayPath))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw notRegularFile(info, displayPath: displayPath)
        }
        // Judged on what was opened, after every link on the way was followed.
        if let boundary, let real = boundary.outside(descriptor: descriptor, path: path) {
            close(descriptor)
            throw ReadBoundary.outsideError(real, displayPath: displayPath)
        }
        return (descriptor, info)
    }

    /// Reads an open regular file whole.
    private static func readOpened(_ descriptor: Int32, _ info: stat, displayPath: String) throws -> [UInt8] {
        // The size is a hint: a file that grows or shrinks while it is read is read to its end.
        // The buffer is not zeroed first (the read fills it), and one byte more than the size
        // shows whether the file ended where its size said.
        func readChunk(_ capacity: Int) throws -> [UInt8] {
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                while initialized < buffer.count {
                    let read = Foundation.read(
                        descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                    // A regular file never answers EAGAIN; only an interrupted read is tried again.
                    if read < 0, errno == EINTR { continue }
                    if read < 0 { failure = errno }
                    if read <= 0 { return }
                    initialized += read
                }
            }
            guard failure == 0 else {
                throw Diagnostic.error(
                    "io.read", "cannot read this file: \(String(cString: strerror(failure)))",
                    at: SourceLocation(path: displayPath))
            }
            return chunk
        }
        let capacity = max(Int(info.st_size), 0) + 1
        var bytes = try readChunk(capacity)
        guard bytes.count == capacity else { return bytes }
        while true {
            let wanted = max(bytes.count, 4096)
            let more = try readChunk(wanted)
            bytes += more
            if more.count < wanted { return bytes }
        }
    }

    private static func notRegularFile(_ info: stat, displayPath: String) -> Diagnostic {
        let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file (a device, pipe or socket)"
        return Diagnostic.error(
            "io.read", "this is \(what); Strata reads only regular files", at: SourceLocation(path: displayPath))
    }
}
