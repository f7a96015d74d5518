import Foundation
import StrataCore

/// The project on disk: its root folder and how its paths are shown in diagnostics
/// (relative to where Strata was started, as a user would type them).
public struct ProjectFiles: Sendable {
    public let root: URL
    /// Prefix that makes a root-relative path readable from the working folder ("" or "site/").
    let displayPrefix: String

    public init(root: URL, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.root = root.standardizedFileURL
        let rootPath = self.root.path
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
    public func url(_ relative: String) -> URL {
        relative.hasPrefix("/") ? URL(fileURLWithPath: relative).standardizedFileURL : root.appendingPathComponent(relative).standardizedFileURL
    }

    /// How to show a root-relative path to the user.
    public func display(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : displayPrefix + relative
    }

    /// Reads a regular file, turning every failure into a diagnostic at `displayPath`.
    static func readBytes(at url: URL, displayPath: String) throws -> [UInt8] {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw Diagnostic.error("io.read", "cannot read this file: \(reason)", at: SourceLocation(path: displayPath))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic.error("io.read", "this is not a regular file (a device, pipe or socket); Strata reads only regular files", at: SourceLocation(path: displayPath))
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            let reason = access(url.path, R_OK) != 0 ? String(cString: strerror(errno)) : "it cannot be opened"
            throw Diagnostic.error("io.read", "cannot read this file: \(reason)", at: SourceLocation(path: displayPath))
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw Diagnostic.error("io.read", "cannot read this file: \(error.localizedDescription)", at: SourceLocation(path: displayPath))
        }
    }
}
