import Foundation
import StrataBuild
import StrataCore
import StrataTestSupport
import Testing

/// `strata serve` reads the history page's points once: a save rebuilds the site with the
/// history it read, a new commit, a new tag or a changed strata.yml reads it again, and each time the
/// page is the page a clean build makes.
@Suite struct HistoryPreviewTests {
    static let package = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App", targets: [.target(name: "Core"), .target(name: "UI", dependencies: ["Core"])])
        """

    func render(_ root: URL, memory: BuildMemory?) async throws -> (BuildResult, [OutputFile]) {
        try await OwnThread.run("build") {
            SiteBuilder(project: ProjectFiles(root: root, workingDirectory: root), memory: memory).renderSite()
        }
    }

    func historyPage(_ files: [OutputFile]) -> [UInt8]? {
        files.first { $0.path == "history.html" }?.contents
    }

    @Test func thePreviewReadsTheHistoryAgainOnlyForANewCommitOrNewRules() async throws {
        let root = try await GitFixture.repository(commits: [
            [
                "Package.swift": Self.package, "Sources/Core/Core.swift": "public struct Model {}\n",
                "Sources/UI/View.swift": "import Core\n",
                "strata.yml": "layers:\n  - name: Core\n    modules: [Core]\n  - name: UI\n    modules: [UI]\n"
            ],
            ["Sources/Core/Core.swift": "import UI\npublic struct Model {}\n"]
        ])
        defer { TestScratch.remove(root) }
        try GitFixture.write(
            [
                "strata.yml": "layers:\n  - name: Core\n    modules: [Core]\n  - name: UI\n    modules: [UI]\n"
                    + "history:\n  commits: 5\n"
            ], in: root)
        let memory = BuildMemory(settleTime: .zero)
        let (first, files) = try await render(root, memory: memory)
        #expect(first.outcome == .written, "\(first.diagnostics)")
        #expect(memory.statistics.historyRead)
        #expect(first.historySummary == "History: 2 commits read, 3 Swift files parsed.")

        // A save: the history is the one read before.
        try GitFixture.write(["Sources/UI/View.swift": "import Core\nstruct Screen {}\n"], in: root)
        memory.noteChanges([root.appendingPathComponent("Sources/UI/View.swift").path])
        let (_, saved) = try await render(root, memory: memory)
        #expect(!memory.statistics.historyRead)
        #expect(historyPage(saved) == historyPage(files))

        // A tag on a commit already read: read again, to label it.
        try await GitFixture.git(root, ["tag", "v1.0"])
        let (_, tagged) = try await render(root, memory: memory)
        #expect(memory.statistics.historyRead)
        #expect(historyPage(tagged).map { String(decoding: $0, as: UTF8.self).contains("v1.0") } == true)

        // A commit: read again, and the same page a clean build makes.
        try await GitFixture.commit(root, "a screen")
        let (_, committed) = try await render(root, memory: memory)
        #expect(memory.statistics.historyRead)
        let (_, clean) = try await render(root, memory: nil)
        #expect(historyPage(committed) == historyPage(clean))
        #expect(historyPage(committed) != historyPage(files))
    }
}
