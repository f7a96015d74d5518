import Foundation
import Testing

/// Git repositories made for a test, commit by commit, with git itself (never on the test's
/// own thread: `ChildProcess` runs it on one of its own). Commits are signed by no one and
/// made by a fixed author, whatever the machine's git configuration says.
public enum GitFixture {
    /// Runs `git arguments…` in `folder`; a failure fails the test with git's message.
    @discardableResult
    public static func git(_ folder: URL, _ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "git", "-c", "user.name=Strata Tests", "-c", "user.email=tests@strata.invalid", "-c",
                "commit.gpgsign=false", "-c", "init.defaultBranch=main"
            ] + arguments,
            in: folder,
            environment: ["GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"])
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// A new repository in a scratch folder: `base` (a folder copied in whole, if given) as
    /// the first commit, then each of `commits` in order, each the files it writes
    /// (path → text; nil deletes the file).
    public static func repository(copying base: URL? = nil, commits: [[String: String?]] = []) async throws -> URL {
        let root = try TestScratch.folder("git")
        if let base {
            for name in try FileManager.default.contentsOfDirectory(atPath: base.path) {
                try FileManager.default.copyItem(
                    at: base.appendingPathComponent(name), to: root.appendingPathComponent(name))
            }
        }
        try await git(root, ["init", "-q"])
        if base != nil { try await commit(root, "base") }
        for (number, files) in commits.enumerated() {
            try write(files, in: root)
            try await commit(root, "commit \(number + 1)")
        }
        return root
    }

    /// Writes (or, for nil, deletes) files in `root`.
    public static func write(_ files: [String: String?], in root: URL) throws {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let file = root.appendingPathComponent(path)
            if let text {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.removeItem(at: file)
            }
        }
    }

    /// Commits everything in the working tree.
    public static func commit(_ root: URL, _ message: String) async throws {
        try await git(root, ["add", "-A"])
        try await git(root, ["commit", "-q", "--allow-empty", "-m", message])
    }
}
