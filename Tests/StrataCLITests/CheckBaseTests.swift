import Foundation
import StrataTestSupport
import Testing

/// `strata check --base <ref>` on repositories made here commit by commit: a violation
/// added, one fixed, a module added, a project that did not exist yet, and the errors for a
/// shallow clone and a folder outside git.
@Suite struct CheckBaseTests {
    static let fixture = SharedSites.repository.appendingPathComponent("Tests/Fixtures/check/layered")

    func strata(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, arguments, in: folder)
    }

    /// The summary line `strata check` ends with.
    func summary(_ run: ChildProcess.Result) -> String {
        run.stderr.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// `main` holds the clean layered app under `App/`; `feature` makes FeedUI import the
    /// database, which the app's rules forbid.
    func featureAddingAViolation() async throws -> URL {
        let root = try await GitFixture.repository()
        try FileManager.default.copyItem(at: Self.fixture, to: root.appendingPathComponent("App"))
        try await GitFixture.commit(root, "the app")
        try await GitFixture.git(root, ["checkout", "-q", "-b", "feature"])
        let view = root.appendingPathComponent("App/Sources/FeedUI/FeedView.swift")
        try ("import Database\n" + String(contentsOf: view, encoding: .utf8))
            .write(to: view, atomically: true, encoding: .utf8)
        try await GitFixture.commit(root, "show the cache")
        return root
    }

    @Test func aViolationABranchAddsIsNewAndFailsOnlyWhatItAdds() async throws {
        let root = try await featureAddingAViolation()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        let clean = try await strata(["check", "--base", "main"], in: app)
        #expect(clean.status == 1, "\(clean.stderr)")
        #expect(
            summary(clean) == "strata check: 3 errors, 1 warning in 8 modules; 4 new, 0 unchanged, 0 fixed since main",
            "\(clean.stderr)")
        let newOnly = try await strata(["check", "--base", "main", "--fail-on", "new", "-q"], in: app)
        #expect(newOnly.status == 1, "new errors fail --fail-on new")

        // Once main has the violation too, it is unchanged and --fail-on new passes.
        try await GitFixture.git(root, ["branch", "-f", "main", "feature"])
        let unchanged = try await strata(["check", "--base", "main", "--fail-on", "new"], in: app)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(summary(unchanged).hasSuffix("; 0 new, 4 unchanged, 0 fixed since main"), "\(unchanged.stderr)")
        let any = try await strata(["check", "--base", "main", "-q"], in: app)
        #expect(any.status == 1, "--fail-on any (the default) still fails on every error")
        let summaryPassed = try await strata(["check", "--base", "main", "--fail-on", "new", "-f", "markdown"], in: app)
        #expect(summaryPassed.stdout.contains("**Passed**"), "the summary agrees with exit 0: \(summaryPassed.stdout)")
        let summaryFailed = try await strata(["check", "--base", "main", "-f", "markdown", "-q"], in: app)
        #expect(summaryFailed.stdout.contains("**Failed**"), "\(summaryFailed.stdout)")
    }

    @Test func aViolationTheWorkingTreeRemovesIsFixed() async throws {
        let root = try await featureAddingAViolation()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        try await GitFixture.git(root, ["checkout", "-q", "main", "--", "App/Sources/FeedUI/FeedView.swift"])
        let run = try await strata(["check", "--base", "HEAD"], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(summary(run) == "strata check: no violations in 8 modules; 0 new, 0 unchanged, 4 fixed since HEAD")
    }

    @Test func aModuleAddedOutsideEveryLayerIsANewViolation() async throws {
        let root = try await featureAddingAViolation()
        defer { TestScratch.remove(root) }
        let app = root.appendingPathComponent("App")
        let manifest = app.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(
            of: "\n    targets: [", with: "\n    targets: [\n        .target(name: \"Analytics\"),"
        )
        .write(to: manifest, atomically: true, encoding: .utf8)
        try GitFixture.write(["App/Sources/Analytics/Analytics.swift": "struct Analytics {}\n"], in: root)
        let run = try await strata(["check", "--base", "HEAD", "-f", "json", "-q"], in: app)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let violations = try #require(json["violations"] as? [[String: Any]])
        let unassigned = violations.filter { ($0["rule"] as? String) == "unassigned-module" }
        #expect(unassigned.count == 1, "\(run.stdout)")
        let plain = try await strata(["check", "--base", "HEAD"], in: app)
        #expect(summary(plain).hasSuffix("; 1 new, 4 unchanged, 0 fixed since HEAD"), "\(plain.stderr)")

        // strata.yml now places the new module, which the base does not have: the base is
        // still judged (its rules naming a module it lacks are no error there).
        let config = app.appendingPathComponent("strata.yml")
        try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: "modules: [Models]", with: "modules: [Models, Analytics]")
            .write(to: config, atomically: true, encoding: .utf8)
        let placed = try await strata(["check", "--base", "HEAD"], in: app)
        #expect(!placed.stderr.contains("check.base-unreadable"), "\(placed.stderr)")
        #expect(summary(placed).hasSuffix("; 0 new, 4 unchanged, 0 fixed since HEAD"), "\(placed.stderr)")
    }

    @Test func aProjectThatDidNotExistAtTheRefMakesEveryViolationNew() async throws {
        let root = try await GitFixture.repository(commits: [["README.md": "# Acme\n"]])
        defer { TestScratch.remove(root) }
        try FileManager.default.copyItem(
            at: SharedSites.repository.appendingPathComponent("Tests/Fixtures/check/layered-violations"),
            to: root.appendingPathComponent("App"))
        try await GitFixture.commit(root, "the app")
        let run = try await strata(
            ["check", "--base", "HEAD~1", "--fail-on", "new"], in: root.appendingPathComponent("App"))
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("warning: the project did not exist at HEAD~1 (")
                && run.stderr.contains("every violation counts as new [check.base-missing]"), "\(run.stderr)")
        #expect(summary(run).hasSuffix("; 12 new, 0 unchanged, 0 fixed since HEAD~1"), "\(run.stderr)")
    }

    @Test func aShallowCloneAndAFolderOutsideGitAreClearErrors() async throws {
        let origin = try await featureAddingAViolation()
        defer { TestScratch.remove(origin) }
        let clone = try TestScratch.folder("shallow")
        defer { TestScratch.remove(clone) }
        try await GitFixture.git(
            clone, ["clone", "-q", "--depth", "1", "--branch", "feature", "file://" + origin.path, "."])
        let shallow = try await strata(["check", "--base", "HEAD~1"], in: clone.appendingPathComponent("App"))
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("this clone is shallow") && shallow.stderr.contains("[git.unknown-ref]"))

        let plain = try TestScratch.folder("plain")
        defer { TestScratch.remove(plain) }
        try FileManager.default.copyItem(at: Self.fixture, to: plain.appendingPathComponent("App"))
        let outside = try await strata(["check", "--base", "main"], in: plain.appendingPathComponent("App"))
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("[git.not-a-repository]"), "\(outside.stderr)")

        let usage = try await strata(["check", "--fail-on", "new"], in: plain.appendingPathComponent("App"))
        #expect(usage.status == 2 && usage.stderr.contains("--fail-on new needs --base"), "\(usage.stderr)")
    }
}
