import Foundation
import StrataTestSupport
import Testing

/// An app repository as it is — an Xcode project, local packages, no configuration — run
/// from its root and from a folder inside it, as a user does.
@Suite struct XcodeProjectCommandTests {
    let cli = CommandLineTests()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xcode")

    func copy(_ fixture: String, adding files: [String: String] = [:]) throws -> URL {
        let root = TestScratch.path("xcode")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: root)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func buildCheckAndGraphReadAnAppWithItsPackagesWithNoConfiguration() async throws {
        let root = try copy("app-with-packages", adding: ["Content/index.md": "# Shop\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try await cli.strata(["build"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("Read 1 Xcode project and 2 packages: 6 targets, 6 Swift files.\nBuilt "))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/modules/Shop.html").path))

        let check = try await cli.strata(["check"], in: root)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("strata check: Read 1 Xcode project and 2 packages: 6 targets, 6 Swift files.\n"))

        let graph = try await cli.strata(["graph", "--format", "json"], in: root)
        #expect(graph.status == 0)
        #expect(graph.stdout.contains(#""product_type" : "app""#))
        #expect(graph.stdout.contains(#""reader" : "xcode""#))
    }

    @Test func layersNamingAppTargetsAreCheckedWithEvidenceInTheProjectFile() async throws {
        let root = try copy(
            "app-with-packages",
            adding: [
                "strata.yml": """
                layers:
                  - name: App
                    modules: [Shop]
                  - name: Features
                    modules: [Catalog, DesignSystem]
                  - name: Core
                    modules: [Networking]
                """
            ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await cli.strata(["check", "--format", "text"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        // Layers are bottom-up: the app sits below what it uses, so its product dependency is the violation.
        #expect(run.stdout.contains("'Shop' (App) depends on 'Catalog' (Features), a layer above it"), "\(run.stdout)")
        #expect(run.stdout.contains("Shop.xcodeproj/project.pbxproj:99:5"), "\(run.stdout)")
        #expect(run.stdout.contains("Shop/ShopApp.swift:2:1"))
    }

    @Test func fromAFolderInsideTheRepositoryTheProjectAboveIsRead() async throws {
        let root = try copy("app-with-packages")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await cli.strata(["graph"], in: root.appendingPathComponent("Shop"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix(
                "strata: reading the project at .. (the nearest folder above with a package or an Xcode project)\n"))
        #expect(run.stdout.contains("Shop (Shop.xcodeproj/project.pbxproj, Xcode project)"))
    }

    @Test func aFolderWithNothingReadableSaysWhatItFound() async throws {
        let root = try cli.project(["Broken.xcodeproj/xcshareddata/x": "", "Content/index.md": "# Hi\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await cli.strata(["check"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("found 'Broken.xcodeproj', which has no project.pbxproj"), "\(run.stderr)")
    }
}
