import Foundation
import StrataTestSupport
import Testing

/// `strata affected --since <ref>` on repositories made here commit by commit, with the
/// layered fixture in a subfolder (`App/`) as an app keeps its packages.
@Suite struct AffectedCommandTests {
    static let fixture = SharedSites.repository.appendingPathComponent("Tests/Fixtures/check/layered")
    static let expected = SharedSites.repository.appendingPathComponent("Tests/Fixtures/affected")

    func strata(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, arguments, in: folder)
    }

    /// `main` holds the fixture and a README; `feature` changes Database's store; the
    /// working tree adds a file to FeedUI and changes the README.
    func featureBranch() async throws -> URL {
        let root = try await GitFixture.repository()
        try FileManager.default.copyItem(at: Self.fixture, to: root.appendingPathComponent("App"))
        try GitFixture.write(["README.md": "# Acme\n"], in: root)
        try await GitFixture.commit(root, "the app")
        try await GitFixture.git(root, ["checkout", "-q", "-b", "feature"])
        let store = root.appendingPathComponent("App/Sources/Database/Store.swift")
        try (String(contentsOf: store, encoding: .utf8) + "\n// Indexed by date.\n")
            .write(to: store, atomically: true, encoding: .utf8)
        try await GitFixture.commit(root, "index the store")
        try GitFixture.write(
            [
                "App/Sources/FeedUI/Extra.swift": "import Models\n\nstruct Extra {}\n",
                "README.md": "# Acme\n\nNow with an index.\n"
            ], in: root)
        return root
    }

    /// The output with the commit id (which depends on git's object format) made fixed.
    func normalized(_ text: String, commit: String) -> String {
        text.replacingOccurrences(of: String(commit.prefix(12)), with: "<commit>")
    }

    @Test func aBranchIsComparedFromWhereItLeftTheRefWithTheWorkingTree() async throws {
        let root = try await featureBranch()
        defer { TestScratch.remove(root) }
        let run = try await strata(["affected", "--since", "main", "-C", "App", "-q"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let base = try await GitFixture.git(root, ["rev-parse", "main"]).trimmingCharacters(in: .newlines)
        try Golden.check(normalized(run.stdout, commit: base), Self.expected.appendingPathComponent("layered.txt"))
    }

    @Test func everyFormatNamesTheSameModules() async throws {
        let root = try await featureBranch()
        defer { TestScratch.remove(root) }
        let names = try await strata(["affected", "--since", "main", "-C", "App", "-q", "-f", "names"], in: root)
        #expect(names.stdout == "Database\nFeedUI\nApp\nFeedService\nFeedServiceTests\n")
        let filter = try await strata(["affected", "--since", "main", "-C", "App", "-q", "-f", "swift-test"], in: root)
        #expect(filter.stdout == "^(FeedServiceTests)\\.\n")
        let xcode = try await strata(["affected", "--since", "main", "-C", "App", "-q", "-f", "xcodebuild"], in: root)
        #expect(xcode.status == 0 && xcode.stdout.isEmpty, "a package has no Xcode test targets")
        let json = try await strata(["affected", "--since", "main", "-C", "App", "-q", "-f", "json"], in: root)
        let base = try await GitFixture.git(root, ["rev-parse", "main"]).trimmingCharacters(in: .newlines)
        try Golden.check(
            json.stdout.replacingOccurrences(of: base, with: "<commit>"),
            Self.expected.appendingPathComponent("layered.json"))
    }

    @Test func aCommitRefComparesFromThatCommitAndNothingChangedSaysSo() async throws {
        let root = try await featureBranch()
        defer { TestScratch.remove(root) }
        try await GitFixture.commit(root, "the rest")
        let run = try await strata(["affected", "--since", "HEAD", "-C", "App", "-q"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("No module changed.") && run.stdout.contains("No test target is affected."))
        let names = try await strata(["affected", "--since", "HEAD~1", "-C", "App", "-q", "-f", "names"], in: root)
        #expect(names.stdout == "FeedUI\nApp\n", "the last commit added FeedUI's file: \(names.stdout)")
    }

    @Test func aManifestEditChangesOnlyTheTargetsWhoseDeclarationsDiffer() async throws {
        let root = try await featureBranch()
        defer { TestScratch.remove(root) }
        try await GitFixture.commit(root, "the rest")
        let manifest = root.appendingPathComponent("App/Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(
            of: ".target(name: \"FeedUI\", dependencies: [\"Models\"]),",
            with: "// The feed's views.\n        .target(name: \"FeedUI\", dependencies: [\"Models\", \"Database\"]),"
        ).write(to: manifest, atomically: true, encoding: .utf8)
        let names = try await strata(["affected", "--since", "HEAD", "-C", "App", "-q", "-f", "names"], in: root)
        #expect(
            names.stdout == "FeedUI\nApp\n",
            "the lines after FeedUI moved, their targets did not change: \(names.stdout)")
        let json = try await strata(["affected", "--since", "HEAD", "-C", "App", "-q", "-f", "json"], in: root)
        #expect(json.stdout.contains("\"App/Package.swift\""))
    }

    @Test func withoutGitOrTheRefTheErrorSaysWhatToDo() async throws {
        let plain = try TestScratch.folder("no-git")
        defer { TestScratch.remove(plain) }
        try FileManager.default.copyItem(at: Self.fixture, to: plain.appendingPathComponent("App"))
        let outside = try await strata(["affected", "--since", "main", "-C", "App"], in: plain)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("is not in a git repository"), "\(outside.stderr)")
        #expect(outside.stderr.contains("[git.not-a-repository]"))

        let root = try await featureBranch()
        defer { TestScratch.remove(root) }
        let unknown = try await strata(["affected", "--since", "develop", "-C", "App"], in: root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("error: git knows no commit 'develop'"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("[git.unknown-ref]"))

        let clone = try TestScratch.folder("shallow")
        defer { TestScratch.remove(clone) }
        try await GitFixture.git(
            clone, ["clone", "-q", "--depth", "1", "--branch", "feature", "file://" + root.path, "."])
        let shallow = try await strata(["affected", "--since", "HEAD~1", "-C", "App"], in: clone)
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("this clone is shallow") && shallow.stderr.contains("fetch-depth: 0"))
    }
}
