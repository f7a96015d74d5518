import Foundation
import StrataTestSupport
import Testing

/// The history page (`history:` in strata.yml) of a repository made here commit by commit:
/// a commit before the project existed, the app, a violation added, a module added (and
/// tagged), a dependency removed, a broken manifest, the violation fixed, another added, and
/// one the working tree adds; golden output. Then what goes wrong: a folder outside git, a
/// shallow clone, and tags asked of a repository with none.
@Suite struct HistoryPageTests {
    static let fixture = SharedSites.repository.appendingPathComponent("Tests/Fixtures/check/layered")
    static let expected = SharedSites.repository.appendingPathComponent("Tests/Fixtures/history")

    func strata(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, arguments, in: folder)
    }

    func edit(_ file: URL, _ change: (String) -> String) throws {
        try change(String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    static let subjects = [
        "readme", "the app", "FeedUI shows the cache", "analytics", "FeedService without APIClient",
        "a broken manifest", "FeedUI without the cache", "App opens the database"
    ]

    /// The repository, its commits named as `subjects`, and the app's folder with
    /// `history:` in its strata.yml and one uncommitted violation.
    func repository() async throws -> URL {
        let root = try await GitFixture.repository(commits: [["README.md": "# Acme\n"]])
        let app = root.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Self.fixture, to: app)
        try await GitFixture.commit(root, Self.subjects[1])
        let view = app.appendingPathComponent("Sources/FeedUI/FeedView.swift")
        try edit(view) { "import Database\n" + $0 }
        try await GitFixture.commit(root, Self.subjects[2])
        let manifest = app.appendingPathComponent("Package.swift")
        try edit(manifest) {
            $0.replacingOccurrences(
                of: "\"Models\", \"Database\", \"APIClient\"]),",
                with: "\"Models\", \"Database\", \"APIClient\"]),\n        "
                    + ".target(name: \"AnalyticsService\", dependencies: [\"Models\"]),")
        }
        try GitFixture.write(
            ["App/Sources/AnalyticsService/Analytics.swift": "import Models\n\npublic struct Analytics {}\n"], in: root)
        try await GitFixture.commit(root, Self.subjects[3])
        try await GitFixture.git(root, ["tag", "v1.0"])
        try edit(manifest) {
            $0.replacingOccurrences(
                of: "\"Models\", \"Database\", \"APIClient\"]),", with: "\"Models\", \"Database\"]),")
        }
        try edit(app.appendingPathComponent("Sources/FeedService/FeedService.swift")) {
            $0.replacingOccurrences(of: "import APIClient\n", with: "")
        }
        try await GitFixture.commit(root, Self.subjects[4])
        let working = try String(contentsOf: manifest, encoding: .utf8)
        try "let package = Package(\n".write(to: manifest, atomically: true, encoding: .utf8)
        try await GitFixture.commit(root, Self.subjects[5])
        try working.write(to: manifest, atomically: true, encoding: .utf8)
        try edit(view) { $0.replacingOccurrences(of: "import Database\n", with: "") }
        try await GitFixture.commit(root, Self.subjects[6])
        try edit(app.appendingPathComponent("Sources/App/main.swift")) { "import Database\n" + $0 }
        try await GitFixture.commit(root, Self.subjects[7])
        try edit(app.appendingPathComponent("strata.yml")) {
            $0 + "history:\n  commits: 20\n  commit_url: https://git.acme.test/app/commit/{commit}\n"
        }
        try edit(app.appendingPathComponent("Sources/AnalyticsService/Analytics.swift")) { "import Database\n" + $0 }
        return root
    }

    /// `text` with each commit's id (whole and short) replaced by its subject's number.
    func normalized(_ text: String, _ root: URL) async throws -> String {
        let ids = try await GitFixture.git(root, ["rev-list", "--reverse", "HEAD"]).split(separator: "\n")
        var text = text
        for (number, id) in ids.enumerated() {
            text = text.replacingOccurrences(of: String(id), with: "<commit \(number + 1)>")
            text = text.replacingOccurrences(of: String(id.prefix(8)), with: "<c\(number + 1)>")
        }
        return text
    }

    /// The page's content, its charts drawn in full.
    func content(of page: URL) throws -> String {
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let start = html.range(of: "<div class=\"content\">"), let end = html.range(of: "<nav class=\"pager\"")
        else { return html }
        return String(html[start.lowerBound..<end.lowerBound])
    }

    @Test func thePageDrawsTheTrendAndSaysSinceWhenEachViolationHasBeenThere() async throws {
        let root = try await repository()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        let output = try TestScratch.folder("history-site")
        defer { TestScratch.remove(output) }
        let run = try await strata(["build", "-o", output.path], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        // Eight files at the app's first commit, then the five one file at a time changed; no file at the readme
        // commit, none parsed for the broken manifest.
        #expect(
            run.stdout.contains("History: 8 commits read, 13 Swift files parsed; 2 without an architecture to read."))
        try Golden.check(
            try await normalized(try content(of: output.appendingPathComponent("history.html")), root),
            Self.expected.appendingPathComponent("history.html"))
        // The same input, the same bytes.
        let again = try TestScratch.folder("history-site-again")
        defer { TestScratch.remove(again) }
        _ = try await strata(["build", "-o", again.path], in: app)
        #expect(
            try Data(contentsOf: output.appendingPathComponent("history.html"))
                == Data(contentsOf: again.appendingPathComponent("history.html")))
        let overview = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(overview.contains("href=\"history.html\""), "the navigation lists the page")
        let violations = try String(contentsOf: output.appendingPathComponent("violations.html"), encoding: .utf8)
        #expect(violations.contains("since which commit each violation has been there: <a href=\"history.html\">"))
    }

    @Test func theLastTagsArePointsToo() async throws {
        let root = try await repository()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        try edit(app.appendingPathComponent("strata.yml")) {
            $0.replacingOccurrences(of: "  commits: 20\n", with: "  tags: 5\n")
        }
        let output = try TestScratch.folder("history-tags")
        defer { TestScratch.remove(output) }
        let run = try await strata(["build", "-o", output.path], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("History: 1 tag read"), "\(run.stdout)")
        let page = try content(of: output.appendingPathComponent("history.html"))
        #expect(page.contains("The architecture at the last tag (v1.0, 2026-01-01)"), "\(page)")
    }

    @Test func withoutGitAShallowCloneOrTagsTheBuildSaysWhatToDo() async throws {
        let plain = try TestScratch.folder("history-no-git")
        defer { TestScratch.remove(plain) }
        let app = plain.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Self.fixture, to: app)
        try edit(app.appendingPathComponent("strata.yml")) { $0 + "history:\n  commits: 5\n" }
        let outside = try await strata(["build", "-o", plain.appendingPathComponent("out").path], in: app)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("strata.yml:"), "the error is placed at history: \(outside.stderr)")
        #expect(
            outside.stderr.contains("is not in a git repository") && outside.stderr.contains("[git.not-a-repository]"))
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("out").path))

        let origin = try await repository()
        defer { TestScratch.remove(origin) }
        let clone = try TestScratch.folder("history-shallow")
        defer { TestScratch.remove(clone) }
        try await GitFixture.git(clone, ["clone", "-q", "--depth", "3", "file://" + origin.path, "."])
        let cloned = clone.appendingPathComponent("App")
        try edit(cloned.appendingPathComponent("strata.yml")) { $0 + "history:\n  commits: 5\n" }
        let shallow = try await strata(["build", "-o", clone.appendingPathComponent("out").path], in: cloned)
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("holds 3 of the last 5 commits of HEAD"), "\(shallow.stderr)")
        #expect(shallow.stderr.contains("fetch-depth: 0") && shallow.stderr.contains("[git.shallow]"))

        try await GitFixture.git(origin, ["tag", "-d", "v1.0"])
        let app2 = origin.appendingPathComponent("App")
        try edit(app2.appendingPathComponent("strata.yml")) {
            $0.replacingOccurrences(of: "  commits: 20\n", with: "  tags: 3\n")
        }
        let untagged = try await strata(["build", "-o", origin.appendingPathComponent("out").path], in: app2)
        #expect(untagged.status == 2)
        #expect(untagged.stderr.contains("[git.no-tags]"), "\(untagged.stderr)")
    }
}
