import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// `packages:` with globs and `!` entries: a repository whose packages sit in subfolders is
/// read from its root.
@Suite struct PackageRootsTests {
    static func manifest(_ name: String, targets: [String] = []) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: "
            + "[\(targets.map { ".target(name: \"\($0)\")" }.joined(separator: ", "))])\n"
    }

    static let repository: [String: String] = [
        "Packages/Feed/Package.swift": manifest("Feed", targets: ["Feed"]), "Packages/Feed/Sources/Feed/F.swift": "",
        "Packages/Legacy/Package.swift": manifest("Legacy", targets: ["Legacy"]),
        "Packages/Legacy/Sources/Legacy/L.swift": "",
        "Packages/Docs/README.md": "not a package",
        "Modules/Core/Kit/Package.swift": manifest("Kit", targets: ["Kit"]), "Modules/Core/Kit/Sources/Kit/K.swift": "",
        "Modules/.build/checkouts/Dep/Package.swift": manifest("Dep"),
        "App/Pods/Thing/Package.swift": manifest("Thing")
    ]

    func graph(_ packages: String, files: [String: String] = Self.repository) throws -> (ModuleGraph?, [Diagnostic]) {
        var files = files
        files["strata.yml"] = "packages: \(packages)\n"
        let project = try TemporaryProject(files: files)
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        do {
            let loaded = try builder.loadGraph(config: builder.configuration())
            return (loaded?.graph, loaded?.diagnostics ?? [])
        } catch let error as DiagnosticsError {
            return (nil, error.diagnostics)
        }
    }

    @Test func globsFindPackageFoldersAndBangEntriesLeaveSomeOut() throws {
        let (graph, diagnostics) = try graph(#"["Packages/*", "!Packages/Legacy"]"#)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(graph?.packages.map(\.name).sorted() == ["Feed"])
        #expect(graph?.node("Feed")?.sourceFiles == ["Packages/Feed/Sources/Feed/F.swift"])
    }

    @Test func doubleStarSearchesEveryFolderButBuildProductsAndOtherToolsDependencies() throws {
        let (graph, diagnostics) = try graph(#"["**"]"#)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(graph?.packages.map(\.name).sorted() == ["Feed", "Kit", "Legacy"], "not .build/checkouts, not Pods")
    }

    @Test func aGlobThatMatchesNoPackageIsAnErrorAtItsLine() throws {
        let (graph, diagnostics) = try graph("\n  - Packages/*\n  - Features/*\n")
        #expect(graph == nil)
        #expect(diagnostics.map(\.ruleID) == ["packages.unmatched"])
        #expect(diagnostics.first?.location == SourceLocation(path: "strata.yml", line: 3, column: 5), "\(diagnostics)")
        #expect(diagnostics.first?.message == "packages: 'Features/*' matches no folder with a Package.swift")
    }

    @Test func entriesThatCannotWorkAreRefusedWhenTheConfigurationIsRead() throws {
        for (entry, problem) in [
            ("\"!\"", "leaves out nothing"), ("\"Modules/a**\"", "'**' stands for whole folders only"),
            ("\"/abs/*\"", "is an absolute path")
        ] {
            let (_, diagnostics) = try graph("[\(entry)]")
            #expect(
                diagnostics.first?.ruleID == "config.invalid-value"
                    && diagnostics.first?.message.contains(problem) == true, "\(entry): \(diagnostics)")
        }
    }

    @Test(arguments: [
        ("Packages/*", "Packages/Feed", true), ("Packages/*", "Packages/Feed/Sub", false),
        ("Packages/*", "Packages", false),
        ("**", ".", true), ("**", "a/b/c", true), ("Modules/**", "Modules", true),
        ("Modules/**/Kit", "Modules/Core/Kit", true),
        ("Modules/**/Kit", "Modules/Kit", true), ("Feature?", "FeatureA", true), ("Feature?", "Feature", false),
        ("*Kit", "UIKit", true), ("*Kit*", "KitchenSink", true), ("a*b*c", "aXbYbZc", true), ("a*b*c", "aXbYbZ", false),
        ("../Shared/*", "../Shared/Net", true)
    ])
    func patternsMatchAsGitignoreDoes(pattern: String, path: String, expected: Bool) {
        #expect(PackagePattern.matches(pattern, path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func aPreviewWatchesTheFolderAGlobSearches() {
        #expect(
            PackageRoots.watchedFolders(["../Shared/*", "!../Shared/Old", "Packages/Feed", "**"]) == [
                "../Shared", "Packages/Feed", "."
            ])
    }

    @Test func withoutAPackageAtTheRootEveryPackageBelowIsRead() throws {
        var files = Self.repository
        files["Content/index.md"] = "# Docs\n"
        files["Content/examples/Sample/Package.swift"] = Self.manifest("Sample")
        let project = try TemporaryProject(files: files)
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let graph = try #require(try builder.loadGraph(config: builder.configuration())?.graph)
        #expect(
            graph.packages.map(\.name).sorted() == ["Feed", "Kit", "Legacy"],
            "not the examples in the content folder, not .build or Pods")
    }

    @Test func aPackageAtTheRootIsReadWithoutTheOnesBelowIt() throws {
        var files = Self.repository
        files["Package.swift"] = Self.manifest("Root", targets: ["Root"])
        files["Sources/Root/R.swift"] = ""
        let project = try TemporaryProject(files: files)
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let graph = try #require(try builder.loadGraph(config: builder.configuration())?.graph)
        #expect(graph.packages.map(\.name) == ["Root"], "fixtures and examples below a package are not part of it")
    }

    @Test func theSearchDoesNotFollowLinksToFolders() throws {
        var files = Self.repository
        files["Content/index.md"] = "# Docs\n"
        let project = try TemporaryProject(files: files)
        // A link back up to the project, and one to the file system's root: followed, the
        // first would find every package twice and the second would walk the whole disk.
        try FileManager.default.createSymbolicLink(atPath: project.url("Packages/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: project.url("everything").path, withDestinationPath: "/")
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let graph = try #require(try builder.loadGraph(config: builder.configuration())?.graph)
        #expect(graph.packages.map(\.name).sorted() == ["Feed", "Kit", "Legacy"])
    }
}
