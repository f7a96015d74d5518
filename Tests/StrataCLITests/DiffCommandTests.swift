import Foundation
import StrataTestSupport
import Testing

/// `strata diff` on a repository made here commit by commit: the layered app on `main`,
/// and a branch that adds a module, removes a dependency, adds a violation and moves a
/// module to another layer; golden outputs in every format.
@Suite struct DiffCommandTests {
    static let fixture = SharedSites.repository.appendingPathComponent("Tests/Fixtures/check/layered")
    static let expected = SharedSites.repository.appendingPathComponent("Tests/Fixtures/diff")

    func strata(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, arguments, in: folder)
    }

    func edit(_ file: URL, _ change: (String) -> String) throws {
        try change(String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    /// `main`: the app. `feature`: Analytics added (Service layer, used by App); FeedService
    /// no longer uses APIClient; FeedUI imports Database (forbidden); and, in strata.yml,
    /// the Live layer is renamed App.
    func branch() async throws -> URL {
        let root = try await GitFixture.repository()
        try FileManager.default.copyItem(at: Self.fixture, to: root.appendingPathComponent("App"))
        try await GitFixture.commit(root, "the app")
        try await GitFixture.git(root, ["checkout", "-q", "-b", "feature"])
        let app = root.appendingPathComponent("App")
        try edit(app.appendingPathComponent("Package.swift")) {
            $0.replacingOccurrences(
                of: "\"Models\", \"Database\", \"APIClient\"]),",
                with: "\"Models\", \"Database\"]),\n        "
                    + ".target(name: \"AnalyticsService\", dependencies: [\"Models\"]),"
            )
            .replacingOccurrences(
                of: "[\"Models\", \"FeedUI\", \"FeedService\"]",
                with: "[\"Models\", \"FeedUI\", \"FeedService\", \"AnalyticsService\"]")
        }
        try GitFixture.write(
            ["App/Sources/AnalyticsService/Analytics.swift": "import Models\n\npublic struct Analytics {}\n"], in: root)
        try edit(app.appendingPathComponent("Sources/FeedService/FeedService.swift")) {
            $0.replacingOccurrences(of: "import APIClient\n", with: "")
        }
        try edit(app.appendingPathComponent("Sources/App/main.swift")) { "import AnalyticsService\n" + $0 }
        try edit(app.appendingPathComponent("Sources/FeedUI/FeedView.swift")) { "import Database\n" + $0 }
        try edit(app.appendingPathComponent("strata.yml")) {
            $0.replacingOccurrences(of: "  - name: Live\n", with: "  - name: App\n")
        }
        try await GitFixture.commit(root, "analytics")
        return root
    }

    func normalized(_ text: String, _ root: URL) async throws -> String {
        var text = text
        for ref in ["main", "feature"] {
            let commit = try await GitFixture.git(root, ["rev-parse", ref]).trimmingCharacters(in: .newlines)
            text = text.replacingOccurrences(of: String(commit.prefix(12)), with: "<\(ref)>")
        }
        return text
    }

    @Test func everyFormatShowsWhatTheBranchChanged() async throws {
        let root = try await branch()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        for (format, file) in [("text", "branch.txt"), ("json", "branch.json"), ("markdown", "branch.md")] {
            let run = try await strata(["diff", "main..feature", "-f", format, "--marker", "strata-diff"], in: app)
            #expect(run.status == 0, "\(run.stderr)")
            try Golden.check(try await normalized(run.stdout, root), Self.expected.appendingPathComponent(file))
        }
    }

    @Test func aSingleBranchRefComparesFromWhereTheWorkingTreeLeftIt() async throws {
        let root = try await branch()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        let same = try await strata(["diff", "feature"], in: app)
        #expect(same.stdout.hasSuffix("No module, layer, dependency or violation changed.\n"), "\(same.stdout)")
        let threeDots = try await strata(["diff", "main...feature", "-f", "json"], in: app)
        let twoDots = try await strata(["diff", "main..feature", "-f", "json"], in: app)
        #expect(
            try await normalized(threeDots.stdout, root).contains("\"from\" : \"main (where feature left it, <main>)\"")
        )
        #expect(threeDots.stdout.contains("AnalyticsService") && twoDots.stdout.contains("AnalyticsService"))
    }

    @Test func badRangesAndCommitsWithoutTheProjectAreClear() async throws {
        let root = try await GitFixture.repository(commits: [["README.md": "# Acme\n"]])
        defer { TestScratch.remove(root) }
        try FileManager.default.copyItem(at: Self.fixture, to: root.appendingPathComponent("App"))
        try await GitFixture.commit(root, "the app")
        let app = root.appendingPathComponent("App")
        let fromNothing = try await strata(["diff", "HEAD~1..HEAD"], in: app)
        #expect(fromNothing.status == 0, "\(fromNothing.stderr)")
        #expect(fromNothing.stdout.contains("Modules added (8):"), "\(fromNothing.stdout)")
        let unknown = try await strata(["diff", "nope..HEAD"], in: app)
        #expect(unknown.status == 2 && unknown.stderr.contains("git knows no commit 'nope'"))
        let empty = try await strata(["diff", "..HEAD"], in: app)
        #expect(empty.status == 2 && empty.stderr.contains("the range needs a ref before '..'"), "\(empty.stderr)")
    }
}
