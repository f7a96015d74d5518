import Foundation
import StrataTestSupport
import Testing

/// A file moved from one folder layer of a target to another, in a commit: `check --base`
/// calls the references it now breaks (and the cycle they close) new, `diff` lists them as new violations, `affected`
/// names the target, and the history page says the move introduced them.
@Suite struct FileMoveAcrossLayersTests {
    func strata(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, arguments, in: folder)
    }

    static let files: [String: String?] = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "App")])
        """,
        "strata.yml": """
        layers:
          - name: Core
            paths: ["Sources/App/Core/**"]
          - name: UI
            paths: ["Sources/App/UI/**"]
            may_use: [Core]
        history:
          commits: 5
        """,
        "Sources/App/Core/Model.swift": "struct Model { var title = \"\" }\n",
        "Sources/App/UI/Screen.swift": "struct Screen { var model: Model }\n",
        "Sources/App/UI/Formatter.swift": "struct Formatter { func text(_ screen: Screen) -> String { \"\" } }\n"
    ]

    /// The layered target, then a commit that moves the formatter, which names `Screen`, into Core.
    func repository() async throws -> URL {
        let root = try await GitFixture.repository(commits: [Self.files])
        try await GitFixture.git(root, ["mv", "Sources/App/UI/Formatter.swift", "Sources/App/Core/Formatter.swift"])
        try await GitFixture.commit(root, "the formatter moves to Core")
        return root
    }

    @Test func theMoveIsNewInEveryCommandThatComparesCommits() async throws {
        let root = try await repository()
        defer { TestScratch.remove(root) }

        let check = try await strata(["check", "--base", "HEAD~1", "--fail-on", "new"], in: root)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(
            check.stdout.contains(
                "Sources/App/Core/Formatter.swift:1:40: error: 'Core' uses 'Screen' from 'UI'; Core may use no other "
                    + "layer [layer-order]"), "\(check.stdout)")
        #expect(check.stdout.contains("component cycle in App: Core → UI → Core [cycle]"), "\(check.stdout)")
        #expect(check.stderr.contains("2 new, 0 unchanged, 0 fixed since HEAD~1"), "\(check.stderr)")

        let diff = try await strata(["diff", "HEAD~1..HEAD"], in: root)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("New violations (2):"), "\(diff.stdout)")
        #expect(diff.stdout.contains("Sources/App/Core/Formatter.swift"), "\(diff.stdout)")

        let affected = try await strata(["affected", "--since", "HEAD~1", "--format", "names"], in: root)
        #expect(affected.status == 0, "\(affected.stderr)")
        #expect(affected.stdout == "App\n")

        let output = try TestScratch.folder("moved-site")
        defer { TestScratch.remove(output) }
        let build = try await strata(["build", "-o", output.path], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: output.appendingPathComponent("history.html"), encoding: .utf8)
        #expect(page.contains("Since <code>"), "the move is the commit since which the violation has been there")
        #expect(page.contains("the formatter moves to Core"))
        #expect(page.contains("<td class=\"number\">2</td></tr>") && page.contains("<td class=\"number\">0</td></tr>"))
    }
}
