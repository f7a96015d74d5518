import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// Issue 45, item 5: every write lands inside the output folder, and the output folder
/// strata.yml names lies inside the project, apart from everything Strata reads.
@Suite struct OutputBoundaryTests {
    static let manifest =
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", targets: "
        + "[.target(name: \"A\", path: \"Sources\")])\n"

    /// `output: Sources` with a committed `Sources/.strata-output` once replaced the sources
    /// with the site, exit 0.
    @Test func anOutputFolderHoldingTheSourcesIsRefused() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest, "Sources/A.swift": "let a = 1\n", "Sources/.strata-output": "",
            "Content/index.md": "# A\n", "strata.yml": "output: Sources\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.map(\.ruleID) == ["output.overlaps-input"])
        #expect(result.diagnostics.first?.location == SourceLocation(path: "strata.yml", line: 1, column: 9))
        // Refused when the configuration is read, the failure still names that folder.
        let content = try TemporaryProject(files: ["Content/index.md": "# A\n", "strata.yml": "output: Content\n"])
        let refused = content.build()
        #expect(refused.diagnostics.map(\.ruleID) == ["output.overlaps-input"])
        #expect(refused.outputDisplayPath == "Content", "not the default Output")
        #expect((try? String(contentsOf: project.url("Sources/A.swift"), encoding: .utf8)) == "let a = 1\n")
        #expect(!FileManager.default.fileExists(atPath: project.url("Sources/index.html").path))
    }

    /// An absolute `output:`, or one through a link, that leads outside the project.
    @Test func anOutputFolderOutsideTheProjectIsRefused() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data().write(to: outside.appendingPathComponent(OutputWriter.markerFileName))
        for output in [outside.path, "../\(outside.lastPathComponent)", "link/site", "."] {
            let project = try TemporaryProject(files: ["Content/index.md": "# A\n", "strata.yml": "output: \(output)\n"]
            )
            try FileManager.default.createSymbolicLink(
                atPath: project.url("link").path, withDestinationPath: outside.path)
            let result = project.build()
            #expect(result.exitCode == 2, "\(output)")
            #expect(result.diagnostics.map(\.ruleID) == ["config.output-outside"], "\(output)")
            #expect(result.diagnostics.first?.location == SourceLocation(path: "strata.yml", line: 1, column: 9))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: outside.path) == [OutputWriter.markerFileName],
                "\(output)")
        }
        // `--output` on the command line may name a folder outside: the person running Strata asked.
        let project = try TemporaryProject(files: ["Content/index.md": "# A\n"])
        let site = outside.appendingPathComponent("site")
        #expect(project.build(BuildOptions(outputDirectory: site.path)).exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        // But not one that holds the content.
        let swallowing = project.build(BuildOptions(outputDirectory: project.root.path))
        #expect(swallowing.diagnostics.map(\.ruleID) == ["output.overlaps-input"])
    }
}
