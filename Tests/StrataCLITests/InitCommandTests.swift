import Foundation
import StrataTestSupport
import Testing

/// `strata init` on a fresh package, then `strata check`, then `strata build`: a working
/// check and site with no hand edits. It never replaces a file.
@Suite struct InitCommandTests {
    let cli = CommandLineTests()

    func text(_ folder: URL, _ path: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func initThenCheckThenBuildWorkWithNoHandEdits() async throws {
        let folder = try GraphCommandTests().shop()
        let initialised = try await cli.strata(["init"], in: folder)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(
            initialised.stdout
                == "Read 1 package: 4 targets, 4 Swift files.\nWrote strata.yml and Content/index.md. Next: strata "
                + "check, then strata build.\n"
        )
        let config = try #require(text(folder, "strata.yml"))
        #expect(
            config.contains(
                """
                layers:
                  - name: Core
                    modules:
                      - Models   # uses none of these modules
                  - name: Features
                    modules:
                      - Cart   # uses Models
                      - Checkout   # uses Cart, Models
                """), "\(config)")
        #expect(
            config.contains("Proposed from the // MARK: sections of the manifests."),
            "Shop's manifest has Core and Features sections")
        #expect(text(folder, "Content/index.md")?.hasPrefix("# Shop\n") == true)

        // The shop's own undeclared import of Models is a warning: the layers add no error.
        let check = try await cli.strata(["check"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.hasSuffix("strata check: 0 errors, 1 warning in 4 modules\n"), "\(check.stderr)")
        let build = try await cli.strata(["build", "--strict", "-q"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try #require(text(folder, "Output/index.html"))
        #expect(
            home.contains(#"<h1 id="shop">Shop</h1>"#)
                && home.contains(#"<a href="modules/index.html">architecture overview</a>"#))
        #expect(
            text(folder, "Output/layers/features.html") != nil || text(folder, "Output/layers/Features.html") != nil,
            "a page per proposed layer")
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/init")

    /// Issue 46: an app of models, clients, a design system, six features and an app, whose
    /// dependency order put most modules in one layer. The proposal follows the names (the
    /// golden file), and the code keeps to it.
    @Test(arguments: ["roles-app"])
    func theProposalFollowsTheModulesRoles(fixture: String) async throws {
        let folder = TestScratch.path("init")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let initialised = try await cli.strata(["init"], in: folder)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        let golden = Self.fixtures.appendingPathComponent("\(fixture).strata.yml")
        let written = try #require(text(folder, "strata.yml"))
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try Data(written.utf8).write(to: golden)
        }
        #expect(
            written == (try String(contentsOf: golden, encoding: .utf8)),
            "Tests/Fixtures/init/\(fixture).strata.yml differs from what strata init wrote")
        let check = try await cli.strata(["check"], in: folder)
        #expect(check.status == 0 && check.stderr.hasSuffix("no violations in 15 modules\n"), "\(check.stderr)")
    }

    @Test func itNeverReplacesAFile() async throws {
        let folder = try GraphCommandTests().shop()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("# Ours\n".utf8).write(to: folder.appendingPathComponent("Content/index.md"))
        _ = try await cli.strata(["init", "-q"], in: folder)
        #expect(text(folder, "Content/index.md") == "# Ours\n", "kept")
        let config = text(folder, "strata.yml")
        let again = try await cli.strata(["init"], in: folder)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == "strata.yml:1:1: error: strata.yml is already here; strata init never replaces a file (remove it "
                + "to start again) [init.exists]\n"
        )
        #expect(text(folder, "strata.yml") == config)
    }

    /// Bad input: a broken manifest is its line and exit 2; a content folder that cannot be
    /// made leaves nothing written; what the graph reading warns of is said.
    @Test func badInputWritesNothing() async throws {
        let broken = try cli.project([
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"X\", targets: "
                + "[.target(name: ])\n",
            "Sources/A/a.swift": "\n"
        ])
        let run = try await cli.strata(["init"], in: broken)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Package.swift:3:"), "\(run.stderr)")
        #expect(text(broken, "strata.yml") == nil)

        let blocked = try GraphCommandTests().shop()
        try Data("not a folder\n".utf8).write(to: blocked.appendingPathComponent("Content"))
        let refused = try await cli.strata(["init"], in: blocked)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("Content:1:1: error: cannot make the content folder"), "\(refused.stderr)")
        #expect(text(blocked, "strata.yml") == nil, "nothing written")

        let missing = try cli.project([
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"X\", "
                + "dependencies: [.package(path: \"../nowhere\")], targets: [.target(name: \"A\")])\n",
            "Sources/A/a.swift": "\n"
        ])
        let warned = try await cli.strata(["init", "-q"], in: missing)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning:") && warned.stderr.contains("nowhere"), "\(warned.stderr)")
    }

    @Test func aFolderWithoutCodeGetsADocumentationSite() async throws {
        let folder = try cli.project(["README.md": "# Notes\n"])
        let initialised = try await cli.strata(["init"], in: folder)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(text(folder, "strata.yml")?.contains("No Swift package or Xcode project was found here") == true)
        #expect(!(text(folder, "strata.yml") ?? "").contains("layers:"))
        let build = try await cli.strata(["build", "--strict", "-q"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(text(folder, "Output/index.html")?.contains("What this project is") == true)
    }
}
