import Foundation
import StrataCore

/// A project as it was at a commit, written from git's objects into a scratch folder of its
/// own, so every reader Strata has reads it as it reads the working tree. The whole
/// repository is written (large binary files left out), so a project that reads sibling
/// folders (`--allow-read ../Packages`) finds them there too. The user's working
/// tree, index and branches are never touched (no checkout). Moving the snapshot to another
/// commit rewrites only the files whose blob differs, so reading many commits costs little
/// more than the files that changed, and a reader's memo keyed by path and file stamp keeps
/// what it parsed of the rest.
package final class GitSnapshot {
    package let repository: GitRepository
    /// The scratch folder; the project's files are under `root`.
    package let folder: URL
    /// The project's folder from the repository's top (empty for the top itself).
    package let prefix: String
    /// Where the project is in the snapshot: the folder it reads as its root.
    package var root: URL { prefix.isEmpty ? folder : folder.appendingPathComponent(prefix) }
    /// The commit written now, and the blob of each file written (by path from the top).
    package private(set) var commit: String?
    private var written: [String: GitTreeEntry] = [:]
    /// The files the latest move wrote or removed, as paths in the snapshot: those whose
    /// blob differs from the commit before. What a reader kept of any other file is still
    /// what the file holds.
    package private(set) var rewritten: [String] = []
    /// How many moves wrote files: each move's files get a modification time of their own
    /// (`generation` seconds after 2001), so no rewritten file keeps the stamp (time, size,
    /// inode) an earlier version of it had, even when written within the file system's
    /// clock tick into a reused inode.
    private var generation = 0

    /// Files Strata never reads from a project's sources and that are large: left out.
    static let skippedExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "heic", "webp", "ico", "icns", "pdf", "psd", "sketch", "mp3", "mp4", "mov",
        "wav", "m4a", "aiff", "ttf", "otf", "woff", "woff2", "zip", "gz", "tgz", "xz", "a", "o", "dylib", "so",
        "framework", "xcframework", "ipa", "car", "mlmodel", "sqlite", "realm", "bin"
    ]

    /// A snapshot in a new scratch folder under the temporary folder; `remove()` deletes it.
    package init(repository: GitRepository, projectFolder: String) throws {
        self.repository = repository
        let top = URL(fileURLWithPath: repository.root).resolvingSymlinksInPath().standardizedFileURL.path
        let project = URL(fileURLWithPath: projectFolder).resolvingSymlinksInPath().standardizedFileURL.path
        if project == top {
            prefix = ""
        } else if project.hasPrefix(top + "/") {
            prefix = String(project.dropFirst(top.count + 1))
        } else {
            throw Diagnostic.error("git.not-a-repository", "\(projectFolder) is not inside \(repository.root)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-snapshot-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic.error("git.failed", "cannot make a scratch folder at \(folder.path): \(error)")
        }
    }

    /// Makes the snapshot hold `commit`'s project files.
    /// - Returns: whether the project folder exists at that commit.
    @discardableResult
    package func move(to commit: String) throws -> Bool {
        let entries = try repository.tree(of: commit, under: "").filter {
            !Self.skippedExtensions.contains(($0.path as NSString).pathExtension.lowercased())
        }
        var wanted: [String: GitTreeEntry] = [:]
        for entry in entries { wanted[entry.path] = entry }
        var rewritten: [String] = []
        for (path, _) in written where wanted[path] == nil {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(path))
            rewritten.append(folder.appendingPathComponent(path).path)
        }
        let changed = entries.filter { written[$0.path] != $0 }
        generation += 1
        let stamp = Date(timeIntervalSinceReferenceDate: TimeInterval(generation))
        let contents = try repository.contents(of: changed.map(\.blob))
        for entry in changed {
            let file = folder.appendingPathComponent(entry.path)
            // A file that was and stays a regular file is written over in place: removing it
            // first makes the file system find a new inode, which on a much-used ext4 cost
            // half of each move (the stamp changes all the same, by its new time).
            let previous = written[entry.path]
            if previous == nil || previous?.isSymbolicLink == true || entry.isSymbolicLink {
                try? FileManager.default.removeItem(at: file)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            let data = contents[entry.blob] ?? Data()
            if entry.isSymbolicLink {
                try FileManager.default.createSymbolicLink(
                    atPath: file.path, withDestinationPath: String(decoding: data, as: UTF8.self))
            } else {
                try data.write(to: file)
                // Set either way: a file written over in place keeps its old mode otherwise.
                let attributes: [FileAttributeKey: Any] = [
                    .modificationDate: stamp, .posixPermissions: entry.isExecutable ? 0o755 : 0o644
                ]
                try FileManager.default.setAttributes(attributes, ofItemAtPath: file.path)
            }
            rewritten.append(file.path)
        }
        written = wanted
        self.rewritten = rewritten.sorted()
        self.commit = commit
        if !FileManager.default.fileExists(atPath: root.path) {
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        return prefix.isEmpty ? !entries.isEmpty : entries.contains { $0.path.hasPrefix(prefix + "/") }
    }

    /// Where `path` (a file or folder of the working tree) is in the snapshot, or nil when it
    /// is outside the repository.
    package func snapshotPath(of path: String) -> String? {
        let top = URL(fileURLWithPath: repository.root).resolvingSymlinksInPath().standardizedFileURL.path
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        if real == top { return folder.path }
        guard real.hasPrefix(top + "/") else { return nil }
        return folder.appendingPathComponent(String(real.dropFirst(top.count + 1))).path
    }

    /// Deletes the scratch folder.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
