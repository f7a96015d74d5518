import Foundation
import StrataCore

/// A git repository a project lives in, read through `git`: its commits, what changed since
/// one, and the files of any commit's tree. Every failure is a diagnostic that names the ref
/// and says how to fix it.
package struct GitRepository: Sendable {
    /// The top folder of the working tree.
    package var root: String
    /// Whether the history is cut short (`git clone --depth`): older commits are missing.
    package var isShallow: Bool
    let git: GitCommand

    /// The repository `folder` is in.
    /// - Throws: `git.not-a-repository` when it is in none, `git.unavailable` without git.
    package static func containing(_ folder: String, git executable: String? = nil) throws -> GitRepository {
        let probe = GitCommand(folder: folder, executable: executable)
        let top = try probe.run(["rev-parse", "--show-toplevel", "--is-shallow-repository"])
        let lines = top.text.split(separator: "\n").map(String.init)
        guard top.status == 0, lines.count == 2 else {
            throw Diagnostic.error(
                "git.not-a-repository",
                "\(folder) is not in a git repository, so there is no history to compare with; "
                    + "run Strata inside a clone (git init, or git clone)")
        }
        return GitRepository(
            root: lines[0], isShallow: lines[1] == "true", git: GitCommand(folder: lines[0], executable: executable))
    }

    /// The commit `ref` names (a branch, tag, `HEAD~3`, a commit id).
    /// - Throws: `git.unknown-ref`, with the fix for a shallow clone when the history is cut.
    package func commit(_ ref: String) throws -> String {
        guard !ref.isEmpty, !ref.hasPrefix("-") else {
            throw Diagnostic.error("git.unknown-ref", "'\(ref)' is not a git ref")
        }
        let output = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
        let commit = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, !commit.isEmpty else {
            var message = "git knows no commit '\(ref)' in \(root)"
            if isShallow {
                message +=
                    "; this clone is shallow and its history may not reach it: fetch the history "
                    + "(git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
            } else if !ref.contains("/") {
                message += "; a remote branch is named with its remote (origin/\(ref)), after git fetch"
            }
            throw Diagnostic.error("git.unknown-ref", message)
        }
        return commit
    }

    /// The commit both `first` and `second` descend from, where a branch left the other.
    /// - Throws: `git.no-merge-base` when they share no history (or a shallow clone hides it).
    package func mergeBase(_ first: String, _ second: String) throws -> String {
        let output = try git.run(["merge-base", "--end-of-options", first, second])
        let base = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, !base.isEmpty else {
            var message = "'\(first)' and '\(second)' share no commit"
            if isShallow {
                message += "; this clone is shallow: fetch the history (git fetch --unshallow, or fetch-depth: 0)"
            }
            throw Diagnostic.error("git.no-merge-base", message)
        }
        return base
    }

    /// Where a comparison with `ref` starts: where the current branch left it when `ref` is
    /// a branch (their merge base, as a pull request's changes start), else its commit.
    package func start(of ref: String) throws -> (commit: String, isMergeBase: Bool) {
        let commit = try commit(ref)
        guard try isBranch(ref) else { return (commit, false) }
        return (try mergeBase(commit, "HEAD"), true)
    }

    /// Whether `ref` names a branch (local or remote-tracking) rather than a tag or a commit.
    package func isBranch(_ ref: String) throws -> Bool {
        for prefix in ["refs/heads/", "refs/remotes/"] {
            let output = try git.run(["show-ref", "--verify", "--quiet", prefix + ref])
            if output.status == 0 { return true }
        }
        return false
    }

    /// Paths (relative to the repository's top) that differ between `commit` and the working
    /// tree: committed since, staged, changed but not staged, and new files not ignored.
    /// Renamed files are listed under both names.
    package func changedPaths(since commit: String) throws -> [String] {
        let changed = try git.run(["diff", "--name-only", "--no-renames", "-z", commit, "--"])
        guard changed.status == 0 else {
            throw Diagnostic.error("git.failed", "git diff \(commit): \(changed.stderr.trimmed)")
        }
        let untracked = try git.run(["ls-files", "--others", "--exclude-standard", "-z"])
        guard untracked.status == 0 else {
            throw Diagnostic.error("git.failed", "git ls-files: \(untracked.stderr.trimmed)")
        }
        let paths = Self.nulSeparated(changed.stdout) + Self.nulSeparated(untracked.stdout)
        return Array(Set(paths)).sorted()
    }

    /// Paths that differ between two commits.
    package func changedPaths(from first: String, to second: String) throws -> [String] {
        let changed = try git.run(["diff", "--name-only", "--no-renames", "-z", first, second, "--"])
        guard changed.status == 0 else {
            throw Diagnostic.error("git.failed", "git diff \(first) \(second): \(changed.stderr.trimmed)")
        }
        return Self.nulSeparated(changed.stdout).sorted()
    }

    static func nulSeparated(_ data: Data) -> [String] {
        data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
