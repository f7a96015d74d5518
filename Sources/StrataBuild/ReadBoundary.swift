import Foundation
import StrataCore

/// The folders Strata may read: the project's, and those the command line names with
/// `--allow-read`, by their real paths. A pull request controls `strata.yml`, the
/// manifests, the Xcode projects and every symbolic link, so none of them may widen it;
/// it is checked where files are opened and folders listed (`ProjectFiles.readBytes`,
/// `ProjectFiles.entries`), on the real path of what was opened, so a link anywhere on the
/// way is followed before it is judged.
package struct ReadBoundary: Sendable, Hashable {
    /// The real paths of the roots, each ending in `/`.
    package let roots: [String]

    /// The option that widens the boundary, for messages.
    package static let option = "--allow-read"

    /// - Parameters:
    ///   - project: the project root.
    ///   - allowed: folders the command line names (`--allow-read`); a folder that does not
    ///     exist allows nothing.
    package init(project: URL, allowed: [URL] = []) {
        var roots: [String] = []
        for folder in [project] + allowed {
            let real = Self.realPath(folder.path) ?? (folder == project ? folder.standardizedFileURL.path : nil)
            guard let real else { continue }
            let root = real.hasSuffix("/") ? real : real + "/"
            if !roots.contains(root) { roots.append(root) }
        }
        self.roots = roots
    }

    /// Whether a real path (no links, no `..`) is inside one of the roots.
    package func contains(real path: String) -> Bool {
        let folder = path.hasSuffix("/") ? path : path + "/"
        return roots.contains { folder.hasPrefix($0) }
    }

    /// The root a real path is inside, if any.
    func root(of real: String) -> String? {
        let folder = real.hasSuffix("/") ? real : real + "/"
        return roots.first { folder.hasPrefix($0) }
    }

    /// Where `path` leads when that is outside the boundary; nil when it is inside, or leads
    /// nowhere (the read that follows reports that).
    package func outside(_ path: String) -> String? {
        guard let real = Self.realPath(path) else { return nil }
        return contains(real: real) ? nil : real
    }

    /// The real path of `path`, every link followed; nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of an open file or folder: one system call, and it is the file that
    /// was opened, whatever the path's links did meanwhile. Nil when the system cannot say.
    static func realPath(ofDescriptor descriptor: Int32) -> String? {
        #if canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #else
            var buffer = [UInt8](repeating: 0, count: 4097)
            let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count)
            guard length > 0, length < buffer.count, buffer[0] == UInt8(ascii: "/") else { return nil }
            var path = String(decoding: buffer[..<length], as: UTF8.self)
            // A file removed since it was opened is still inside where it was.
            if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
            return path
        #endif
    }

    /// Where the open `descriptor` (opened as `path`) is, when that is outside the
    /// boundary; nil when inside.
    func outside(descriptor: Int32, path: String) -> String? {
        guard let real = Self.realPath(ofDescriptor: descriptor) ?? Self.realPath(path) else {
            return "somewhere that cannot be worked out"
        }
        return contains(real: real) ? nil : real
    }

    /// What to say about a file or folder that resolves outside the boundary.
    static func refusal(_ what: String, leadsTo real: String) -> String {
        "\(what) resolves outside the project, to \(real); Strata reads only the project's files and the folders the "
            + "command line names: run with '\(option) \(real)' to allow it"
    }

    /// The error a read outside the boundary throws: what reached it without a check of
    /// its own (the readers that know better report it at the line that named the file).
    static func outsideError(_ real: String, displayPath: String) -> Diagnostic {
        .error("io.outside-project", refusal("this path", leadsTo: real), at: SourceLocation(path: displayPath))
    }

    /// Judges many paths against a boundary, each folder's real path worked out once: a
    /// project that lists thousands of files in a few folders costs a few `realpath`s and
    /// one `lstat` per file (a link is followed on its own).
    struct PathJudge {
        let boundary: ReadBoundary
        private var folders: [String: String?] = [:]

        init(_ boundary: ReadBoundary) {
            self.boundary = boundary
        }

        /// Where `path` (absolute) leads when that is outside the boundary; nil when inside
        /// or nowhere.
        mutating func outside(_ path: String) -> String? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFLNK { return boundary.outside(path) }
            guard let slash = path.lastIndex(of: "/") else { return boundary.outside(path) }
            let parent = slash == path.startIndex ? "/" : String(path[..<slash])
            let realParent: String?
            if let known = folders[parent] {
                realParent = known
            } else {
                realParent = ReadBoundary.realPath(parent)
                folders[parent] = realParent
            }
            guard let realParent else { return nil }
            let name = path[path.index(after: slash)...]
            let real = realParent == "/" ? "/" + name : realParent + "/" + name
            return boundary.contains(real: real) ? nil : real
        }
    }

    /// A folder listing refused because the folder resolves outside the boundary.
    struct Outside: Error, LocalizedError {
        var real: String
        var errorDescription: String? { ReadBoundary.refusal("this folder", leadsTo: real) }
    }
}
