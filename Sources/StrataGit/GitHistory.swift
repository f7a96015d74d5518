import Foundation
import StrataCore

/// A commit as a history names it: its id, day, subject and tags.
package struct GitCommitSummary: Hashable, Sendable {
    package var id: String
    /// `YYYY-MM-DD`, in the committer's time zone.
    package var date: String
    package var subject: String
    package var tags: [String]
}

extension GitRepository {
    /// The last `count` commits on `ref`'s first-parent line (a branch's own commits and
    /// merges, not the commits inside the branches merged into it), oldest first.
    /// - Throws: `git.unknown-ref` when `ref` names no commit (a repository with no commit
    ///   yet), `git.shallow` when a shallow clone holds fewer commits than asked for.
    package func lastCommits(_ count: Int, of ref: String = "HEAD") throws -> [String] {
        let head = try commit(ref)
        let output = try git.run(["rev-list", "--first-parent", "--max-count=\(count)", head, "--"])
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git rev-list \(ref): \(output.stderr.trimmed)")
        }
        let commits = output.text.split(separator: "\n").map(String.init)
        if commits.count < count, isShallow {
            throw shallow("holds \(commits.count) of the last \(count) commits of \(ref)")
        }
        return commits.reversed()
    }

    /// The commits of the last `count` tags, by the date of the tag (of its commit for a
    /// lightweight tag), oldest first; a commit with two tags counts once.
    /// - Throws: `git.no-tags` when the repository has none, `git.shallow` when a shallow
    ///   clone lacks a tagged commit.
    package func lastTaggedCommits(_ count: Int) throws -> [String] {
        var commits: [String] = []
        for (commit, _) in try tags() where !commits.contains(commit) {
            commits.append(commit)
            if commits.count == count { break }
        }
        guard !commits.isEmpty else {
            throw Diagnostic.error(
                "git.no-tags",
                "\(root) has no tag pointing at a commit; tag releases (git tag v1.0), fetch them (git fetch --tags, "
                    + "or actions/checkout with fetch-depth: 0), or read the last commits (history: commits: N)")
        }
        let missing = try missingObjects(commits)
        if !missing.isEmpty {
            throw shallow("lacks the commit of \(missing.count) of the last \(commits.count) tags")
        }
        return commits.reversed()
    }

    /// Each commit's day, subject and tags, in the order given.
    package func summaries(of commits: [String]) throws -> [GitCommitSummary] {
        guard !commits.isEmpty else { return [] }
        var tagsOf: [String: [String]] = [:]
        for (commit, tag) in try tags() { tagsOf[commit, default: []].append(tag) }
        let output = try git.run(
            ["log", "--no-walk=unsorted", "--format=%H%x1f%cs%x1f%s%x1e", "--stdin"],
            input: Data(commits.map { $0 + "\n" }.joined().utf8))
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git log: \(output.stderr.trimmed)")
        }
        var byID: [String: GitCommitSummary] = [:]
        for record in output.text.split(separator: "\u{1E}") {
            let fields = record.trimmingCharacters(in: .newlines).split(
                separator: "\u{1F}", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let id = String(fields[0])
            byID[id] = GitCommitSummary(
                id: id, date: String(fields[1]), subject: String(fields[2]), tags: (tagsOf[id] ?? []).sorted())
        }
        return try commits.map { commit in
            guard let summary = byID[commit] else {
                throw Diagnostic.error("git.failed", "git log did not describe commit \(commit)")
            }
            return summary
        }
    }

    /// Every tag that leads to a commit, as (commit, tag name), newest tag first (by its
    /// date, then by version: v1.10 after v1.9).
    private func tags() throws -> [(commit: String, name: String)] {
        let output = try git.run([
            "for-each-ref", "--sort=-v:refname", "--sort=-creatordate",
            "--format=%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)%00%(refname:short)",
            "refs/tags"
        ])
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git for-each-ref: \(output.stderr.trimmed)")
        }
        return output.text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { return nil }
            // A lightweight tag names its commit; an annotated one names a tag object that does.
            if fields[0] == "commit" { return (fields[1], fields[4]) }
            if fields[2] == "commit" { return (fields[3], fields[4]) }
            return nil
        }
    }

    /// Which of `objects` this clone does not hold.
    private func missingObjects(_ objects: [String]) throws -> [String] {
        let output = try git.run(
            ["cat-file", "--batch-check"], input: Data(objects.map { $0 + "\n" }.joined().utf8))
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git cat-file: \(output.stderr.trimmed)")
        }
        return output.text.split(separator: "\n").filter { $0.hasSuffix(" missing") }.map {
            String($0.split(separator: " ")[0])
        }
    }

    private func shallow(_ what: String) -> Diagnostic {
        .error(
            "git.shallow",
            "this clone is shallow and \(what); fetch the history (git fetch --unshallow, or actions/checkout "
                + "with fetch-depth: 0)")
    }
}
