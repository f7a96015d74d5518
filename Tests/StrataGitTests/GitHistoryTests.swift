import Foundation
import StrataCore
import StrataGit
import StrataTestSupport
import Testing

/// The points a history reads: the last commits of a branch's first-parent line, the last
/// tags, each commit's day, subject and tags, and the errors of a shallow clone and of a
/// repository without tags.
@Suite struct GitHistoryTests {
    static func open(_ folder: URL) async throws -> GitRepository {
        try await OwnThread.run("git rev-parse") { try GitRepository.containing(folder.path) }
    }

    static func id(_ root: URL, _ ref: String) async throws -> String {
        try await GitFixture.git(root, ["rev-parse", ref]).trimmingCharacters(in: .newlines)
    }

    @Test func theLastCommitsFollowTheFirstParentLineOldestFirst() async throws {
        let root = try await GitFixture.repository(commits: [["a.txt": "1"], ["a.txt": "2"]])
        defer { TestScratch.remove(root) }
        try await GitFixture.git(root, ["checkout", "-q", "-b", "feature"])
        try GitFixture.write(["b.txt": "inside the branch"], in: root)
        try await GitFixture.commit(root, "inside the branch")
        try await GitFixture.git(root, ["checkout", "-q", "main"])
        try await GitFixture.git(root, ["merge", "-q", "--no-ff", "-m", "merge feature", "feature"])
        let inside = try await Self.id(root, "feature")
        let expected = [
            try await Self.id(root, "HEAD~2"), try await Self.id(root, "HEAD~1"), try await Self.id(root, "HEAD")
        ]
        let repository = try await Self.open(root)
        let (lastThree, all) = try await OwnThread.run("rev-list") {
            (try repository.lastCommits(3), try repository.lastCommits(50))
        }
        #expect(lastThree == expected)
        #expect(!all.contains(inside), "a merged branch's own commits are not points of the main line")
        #expect(all.count == 3)
    }

    @Test func tagsAreReadNewestTagFirstAndACommitWithTwoTagsCountsOnce() async throws {
        let root = try await GitFixture.repository(commits: [["a.txt": "1"], ["a.txt": "2"], ["a.txt": "3"]])
        defer { TestScratch.remove(root) }
        let first = try await Self.id(root, "HEAD~2")
        let third = try await Self.id(root, "HEAD")
        try await GitFixture.git(root, ["tag", "v1.0", first])
        try await GitFixture.git(root, ["tag", "-a", "-m", "two", "v2.0", third])
        try await GitFixture.git(root, ["tag", "v2.0-final", third])
        let repository = try await Self.open(root)
        let (commits, summaries) = try await OwnThread.run("for-each-ref") {
            let commits = try repository.lastTaggedCommits(5)
            return (commits, try repository.summaries(of: commits))
        }
        #expect(commits == [first, third])
        #expect(summaries.map(\.tags) == [["v1.0"], ["v2.0", "v2.0-final"]])
        #expect(summaries.map(\.subject) == ["commit 1", "commit 3"])
        #expect(summaries.map(\.date) == ["2026-01-01", "2026-01-01"])
    }

    @Test func aRepositoryWithoutTagsSaysHowToGetThem() async throws {
        let root = try await GitFixture.repository(commits: [["a.txt": "1"]])
        defer { TestScratch.remove(root) }
        let repository = try await Self.open(root)
        let error = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("for-each-ref") { try repository.lastTaggedCommits(3) }
        }
        #expect(error?.ruleID == "git.no-tags")
        #expect(error?.message.contains("history: commits: N") == true)
    }

    @Test func aShallowCloneWithFewerCommitsThanAskedSaysHowToFetchThem() async throws {
        let origin = try await GitFixture.repository(commits: [["a.txt": "1"], ["a.txt": "2"], ["a.txt": "3"]])
        defer { TestScratch.remove(origin) }
        let clone = try TestScratch.folder("shallow")
        defer { TestScratch.remove(clone) }
        try await GitFixture.git(clone, ["clone", "-q", "--depth", "2", "file://" + origin.path, "."])
        let repository = try await Self.open(clone)
        let two = try await OwnThread.run("rev-list") { try repository.lastCommits(2) }
        #expect(two.count == 2, "the commits a shallow clone holds are enough when no more are asked for")
        let error = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("rev-list") { try repository.lastCommits(3) }
        }
        #expect(error?.ruleID == "git.shallow")
        #expect(error?.message.contains("holds 2 of the last 3 commits") == true)
        #expect(error?.message.contains("fetch-depth: 0") == true)
    }

    @Test func aRepositoryWithNoCommitYetNamesTheRef() async throws {
        let root = try await GitFixture.repository()
        defer { TestScratch.remove(root) }
        let repository = try await Self.open(root)
        let error = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("rev-list") { try repository.lastCommits(3) }
        }
        #expect(error?.ruleID == "git.unknown-ref")
        #expect(error?.message.contains("'HEAD'") == true)
    }

    @Test func aSnapshotListsTheFilesEachMoveRewroteAndStampsThemAnew() async throws {
        let root = try await GitFixture.repository(commits: [
            ["App/a.swift": "let a = 1\n", "App/b.swift": "let b = 1\n"],
            ["App/a.swift": "let a = 2\n"],
            ["App/b.swift": nil]
        ])
        defer { TestScratch.remove(root) }
        let repository = try await Self.open(root)
        let commits = try await OwnThread.run("rev-list") { try repository.lastCommits(3) }
        let (rewritten, stamps) = try await OwnThread.run("snapshot") {
            let snapshot = try GitSnapshot(
                repository: repository, projectFolder: root.appendingPathComponent("App").path)
            defer { snapshot.remove() }
            var rewritten: [[String]] = []
            var stamps: [Date] = []
            for commit in commits {
                try snapshot.move(to: commit)
                rewritten.append(snapshot.rewritten.map { String($0.dropFirst(snapshot.folder.path.count + 1)) })
                let file = snapshot.root.appendingPathComponent("a.swift").path
                stamps.append(
                    try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date ?? .distantPast)
            }
            return (rewritten, stamps)
        }
        #expect(rewritten == [["App/a.swift", "App/b.swift"], ["App/a.swift"], ["App/b.swift"]])
        #expect(stamps[0] != stamps[1], "a file written again gets a time no earlier version had")
        #expect(stamps[1] == stamps[2], "a file whose blob did not change is left as it was")
    }

    /// A file written over in place takes each point's mode, executable or not.
    @Test func aFileWrittenOverInPlaceTakesEachPointsMode() async throws {
        let root = try await GitFixture.repository(commits: [["tool.sh": "echo 1\n"]])
        defer { TestScratch.remove(root) }
        let script = root.appendingPathComponent("tool.sh").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        try await GitFixture.commit(root, "executable")
        try GitFixture.write(["tool.sh": "echo 2\n"], in: root)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script)
        try await GitFixture.commit(root, "plain again")
        let repository = try await Self.open(root)
        let commits = try await OwnThread.run("rev-list") { try repository.lastCommits(3) }
        let modes = try await OwnThread.run("snapshot") {
            let snapshot = try GitSnapshot(repository: repository, projectFolder: root.path)
            defer { snapshot.remove() }
            var modes: [Int] = []
            for commit in commits.reversed() {
                try snapshot.move(to: commit)
                let file = snapshot.root.appendingPathComponent("tool.sh").path
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                modes.append((mode ?? 0) & 0o777)
            }
            return modes
        }
        #expect(modes == [0o644, 0o755, 0o644])
    }
}
