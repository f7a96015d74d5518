import Foundation
import StrataCore
import StrataGit
import StrataTestSupport
import Testing

/// `GitRepository` against real repositories made here with git, commit by commit. Git
/// runs on a thread of its own (`OwnThread`), never on the test's.
@Suite struct GitRepositoryTests {
    static func repository(_ commits: [[String: String?]]) async throws -> URL {
        try await GitFixture.repository(commits: commits)
    }

    @discardableResult
    static func git(_ folder: URL, _ arguments: [String]) async throws -> String {
        try await GitFixture.git(folder, arguments)
    }

    static func open(_ folder: URL) async throws -> GitRepository {
        try await OwnThread.run("git rev-parse") { try GitRepository.containing(folder.path) }
    }

    @Test func findsTheTopOfTheWorkingTreeFromAFolderInsideIt() async throws {
        let root = try await Self.repository([["App/Sources/A.swift": "import B\n"]])
        defer { TestScratch.remove(root) }
        let repository = try await Self.open(root.appendingPathComponent("App/Sources"))
        #expect(
            URL(fileURLWithPath: repository.root).resolvingSymlinksInPath().path
                == root.resolvingSymlinksInPath().path)
        #expect(!repository.isShallow)
    }

    @Test func aFolderOutsideAnyRepositoryIsAClearError() async throws {
        let folder = try TestScratch.folder("no-git")
        defer { TestScratch.remove(folder) }
        // Scratch folders live outside any repository (TestScratch: /dev/shm, /Users/Shared).
        let error = await #expect(throws: Diagnostic.self) { try await Self.open(folder) }
        #expect(error?.ruleID == "git.not-a-repository")
        #expect(error?.message.contains("is not in a git repository") == true)
    }

    @Test func refsResolveToCommitsAndUnknownOnesNameTheRef() async throws {
        let root = try await Self.repository([["a.txt": "1"], ["a.txt": "2"]])
        defer { TestScratch.remove(root) }
        let repository = try await Self.open(root)
        let head = try await Self.git(root, ["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
        let first = try await Self.git(root, ["rev-parse", "HEAD~1"]).trimmingCharacters(in: .newlines)
        let resolved = try await OwnThread.run("rev-parse") {
            [try repository.commit("HEAD"), try repository.commit("main"), try repository.commit("HEAD~1")]
        }
        #expect(resolved == [head, head, first])
        let unknown = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("rev-parse") { try repository.commit("develop") }
        }
        #expect(unknown?.ruleID == "git.unknown-ref")
        #expect(
            unknown?.message == "git knows no commit 'develop' in \(repository.root); a remote branch is named "
                + "with its remote (origin/develop), after git fetch")
        let option = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("rev-parse") { try repository.commit("--all") }
        }
        #expect(option?.message == "'--all' is not a git ref")
    }

    @Test func aShallowCloneSaysHowToFetchTheHistory() async throws {
        let origin = try await Self.repository([["a.txt": "1"], ["a.txt": "2"], ["a.txt": "3"]])
        defer { TestScratch.remove(origin) }
        let clone = try TestScratch.folder("shallow")
        defer { TestScratch.remove(clone) }
        try await Self.git(clone, ["clone", "-q", "--depth", "1", "file://" + origin.path, "."])
        let repository = try await Self.open(clone)
        #expect(repository.isShallow)
        let error = await #expect(throws: Diagnostic.self) {
            try await OwnThread.run("rev-parse") { try repository.commit("HEAD~2") }
        }
        #expect(error?.message.contains("this clone is shallow") == true)
        #expect(error?.message.contains("fetch-depth: 0") == true)
    }

    @Test func aBranchMeetsItsBaseAtTheCommitItLeftFrom() async throws {
        let root = try await Self.repository([["a.txt": "1"]])
        defer { TestScratch.remove(root) }
        let fork = try await Self.git(root, ["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
        try await Self.git(root, ["checkout", "-q", "-b", "feature"])
        try "2".write(to: root.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
        try await Self.git(root, ["add", "-A"])
        try await Self.git(root, ["commit", "-q", "-m", "feature"])
        try await Self.git(root, ["checkout", "-q", "main"])
        try "3".write(to: root.appendingPathComponent("c.txt"), atomically: true, encoding: .utf8)
        try await Self.git(root, ["add", "-A"])
        try await Self.git(root, ["commit", "-q", "-m", "main moves on"])
        let repository = try await Self.open(root)
        let (base, branch, tag) = try await OwnThread.run("merge-base") {
            (
                try repository.mergeBase("main", "feature"), try repository.isBranch("feature"),
                try repository.isBranch("HEAD")
            )
        }
        #expect(base == fork)
        #expect(branch && !tag)
    }

    @Test func changedPathsSinceACommitIncludeUncommittedAndNewFiles() async throws {
        let root = try await Self.repository([
            ["Sources/A/A.swift": "a", "Sources/B/B.swift": "b", "Sources/C/C.swift": "c"],
            ["Sources/A/A.swift": "a2"]
        ])
        defer { TestScratch.remove(root) }
        try "b2".write(to: root.appendingPathComponent("Sources/B/B.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/E"), withIntermediateDirectories: true)
        try "e".write(to: root.appendingPathComponent("Sources/E/E é.swift"), atomically: true, encoding: .utf8)
        let repository = try await Self.open(root)
        let (sinceFirst, betweenCommits) = try await OwnThread.run("diff") {
            (try repository.changedPaths(since: "HEAD~1"), try repository.changedPaths(from: "HEAD~1", to: "HEAD"))
        }
        #expect(sinceFirst == ["Sources/A/A.swift", "Sources/B/B.swift", "Sources/E/E é.swift"])
        #expect(betweenCommits == ["Sources/A/A.swift"])
    }
}
