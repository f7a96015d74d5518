import Foundation
import StrataCore
import StrataReports
import Testing

@testable import StrataBuild

/// Issue 47, item 2: Tuist's manifests read as the projects `tuist generate` would write,
/// without running Tuist.
@Suite struct TuistProjectGraphTests {
    func load(_ project: TemporaryProject) throws -> PackageGraphLoader.Loaded? {
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        return try builder.loadGraph(config: builder.configuration())
    }

    func diagnostics(_ project: TemporaryProject) -> [String] {
        do {
            _ = try load(project)
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aTuistWorkspaceIsReadWithItsHelpersExternalsAndProjectsInOtherFolders() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "tuist-app")))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Projects/Core/Project.swift:4:15: warning: target 'CoreTests' lists the sources "
                    + "'Projects/Core/Tests/**', and 'Projects/Core/Tests' does not exist (Tuist would find no "
                    + "files); it gives the target no files [tuist.missing-source]"
            ])
        let graph = loaded.graph
        // `.project(target:path:)` relative to the manifest, and a helper's `.relativeToRoot`,
        // each at the line of the manifest that uses it.
        let feature = try #require(graph.edges.first { $0.from == "Shelf" && $0.to == "Feature" })
        #expect(
            feature.evidence.map { "\($0.location) \($0.summary)" } == [
                "Projects/App/Project.swift:16:17 target \"Feature\" of the project in Projects/Feature",
                "Projects/App/Sources/ShelfApp.swift:3:1 import Feature"
            ])
        let core = try #require(graph.edges.first { $0.from == "Feature" && $0.to == "Core" })
        #expect(
            core.evidence.first.map { "\($0.location) \($0.summary)" }
                == "Projects/Feature/Project.swift:5:5 target \"Core\" of the project in Projects/Core")
        // Made by the helper `Project.module(name:)`: a static framework and its tests.
        #expect(graph.node("Core")?.productType == "static-framework")
        #expect(graph.node("FeatureTests")?.isTest == true)
        #expect(graph.edges.first { $0.from == "FeatureTests" && $0.to == "Feature" }?.relation == .declaredAndImported)
        // `.external(name:)`: a local package of Tuist/Package.swift, or a product from outside.
        #expect(graph.edges.first { $0.from == "Shelf" && $0.to == "DesignSystem" }?.relation == .declaredAndImported)
        #expect(graph.node("DesignSystem")?.kind == .regular)
        #expect(graph.node("Collections")?.kind == .product)
        // The glob's `excluding:` keeps the generated file out, and its import with it.
        #expect(graph.node("Shelf")?.sourceFiles == ["Projects/App/Sources/ShelfApp.swift"])
        #expect(graph.node("GeneratedOnly") == nil)
        #expect(graph.node("ARKit") == nil, "an SDK dependency is the system's")
        #expect(loaded.summary == "Read 3 Tuist projects and 1 package: 7 targets, 6 Swift files.")
    }

    @Test func projectsNamedByFolderAreReadWhenOnlyTheAppIsListed() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try project.write("strata.yml", Data("projects: [Projects/App/Project.swift]\npackages: []\n".utf8))
        let loaded = try #require(try load(project))
        #expect(loaded.graph.packages.map(\.name) == ["Shelf", "Core", "Feature", "DesignSystem"])
        // The workspace manifest lists the same projects.
        try project.write("strata.yml", Data("projects: [Workspace.swift]\npackages: []\n".utf8))
        #expect(try load(project)?.graph.packages.map(\.name) == ["Shelf", "Core", "Feature", "DesignSystem"])
    }

    @Test func aProjectNamedByAFolderWithoutOneIsAWarning() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try FileManager.default.removeItem(at: project.url("Projects/Feature"))
        let loaded = try #require(try load(project))
        #expect(
            loaded.diagnostics.map(\.description).contains(
                "Projects/App/Project.swift:16:17: warning: target 'Shelf' depends on target 'Feature' of the "
                    + "project in 'Projects/Feature', where Strata finds no Project.swift it can read; it is read "
                    + "as a module from outside [tuist.missing-project]"
            ))
        #expect(loaded.graph.node("Feature")?.kind == .product)
    }

    /// The dependency manifest is read once for the whole workspace: a broken one is one
    /// warning, not one per project, and the projects still stand.
    @Test func aBrokenDependencyManifestIsOneWarning() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try project.write(
            "Tuist/Package.swift",
            Data(
                ("import PackageDescription\nlet package = Package(name: \"S\", dependencies: names.map { "
                    + ".package(path: $0) })\n").utf8))
        let loaded = try #require(try load(project))
        let warnings = loaded.diagnostics.filter { $0.location?.path == "Tuist/Package.swift" }
        #expect(warnings.count == 1, "\(warnings.map(\.description))")
        #expect(
            warnings.first?.message.hasSuffix(
                "the external dependencies of Tuist/Package.swift are read as outside modules") == true)
        #expect(loaded.graph.packages.count == 4)
    }

    /// A root `Package.swift` that only configures Tuist lists its external dependencies; one
    /// that declares targets is a package all the same.
    @Test func aRootPackageSwiftIsTuistsOnlyWhenItDeclaresNoTargets() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try FileManager.default.removeItem(at: project.url("Tuist/Package.swift"))
        let settings =
            "#if TUIST\nimport ProjectDescription\nlet packageSettings = PackageSettings(productTypes: [:])\n#endif\n"
        try project.write(
            "Package.swift",
            Data(
                ("// swift-tools-version: 5.9\nimport PackageDescription\n" + settings
                    + "let package = Package(name: \"Shelf\", dependencies: [.package(path: "
                    + "\"Packages/DesignSystem\")])\n")
                    .utf8))
        let tuists = try #require(try load(project))
        #expect(tuists.graph.packages.map(\.name) == ["Shelf", "Core", "Feature", "DesignSystem"])
        #expect(
            tuists.graph.edges.first { $0.from == "Shelf" && $0.to == "DesignSystem" }?.relation == .declaredAndImported
        )
        try project.write(
            "Package.swift",
            Data(
                ("// swift-tools-version: 5.9\nimport PackageDescription\n" + settings
                    + "let package = Package(name: \"Tools\", targets: [.target(name: \"Tools\")])\n").utf8))
        try project.write("Sources/Tools/Tools.swift", Data("let tools = 1\n".utf8))
        #expect(try load(project)?.graph.packages.first?.name == "Tools")
    }

    @Test func aManifestStrataCannotFollowIsRefusedAtItsLine() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try project.write(
            "Projects/Core/Project.swift",
            Data(
                """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let name = ProcessInfo.processInfo.arguments[1]
                let project = Project.module(name: name)

                """.utf8))
        let found = diagnostics(project)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("Projects/Core/Project.swift:4:12: error: cannot evaluate ") == true, "\(found)")
        #expect(found.first?.contains("Strata reads Tuist's manifests without running Tuist") == true)
    }

    @Test func aBrokenManifestIsASyntaxErrorAtItsPlace() throws {
        let project = try TemporaryProject(xcode: "tuist-app")
        try project.write(
            "Projects/Core/Project.swift",
            Data("import ProjectDescription\nlet project = Project(name: \"Core\",\n".utf8))
        let found = diagnostics(project)
        #expect(
            found.first?.hasPrefix("Projects/Core/Project.swift:") == true
                && found.first?.hasSuffix("[manifest.syntax]") == true, "\(found)")
    }

    /// What each project is read from, as `strata graph` lists it.
    @Test func theGraphNamesTheKindOfEachProject() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "tuist-app")))
        let text = GraphTextWriter().write(loaded.graph)
        #expect(text.contains("Shelf (Projects/App/Project.swift, Tuist project)"))
        #expect(text.contains("DesignSystem (Packages/DesignSystem/Package.swift, read from its syntax)"))
        #expect(PackageSummary.projectKind(ofManifest: "App/project.yml") == "XcodeGen project")
        #expect(PackageSummary.projectKind(ofManifest: "App.xcodeproj/project.pbxproj") == "Xcode project")
    }

    @Test func globsWithBracesAreSeveralPatterns() {
        #expect(TuistProjectLoader.expandBraces("Sources/**/*.{swift,m}") == ["Sources/**/*.swift", "Sources/**/*.m"])
        #expect(
            TuistProjectLoader.expandBraces("{A,B}/{x,y}.swift") == ["A/x.swift", "A/y.swift", "B/x.swift", "B/y.swift"]
        )
        #expect(TuistProjectLoader.expandBraces("Sources/**") == ["Sources/**"])
    }

    @Test func aProjectSwiftThatIsNotTuistsIsNotAProject() throws {
        let project = try TemporaryProject(files: [
            "Tools/Project.swift": "struct Project {}\n",
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"T\", targets: "
                + "[.target(name: \"T\")])\n",
            "Sources/T/T.swift": "let t = 1\n"
        ])
        #expect(try load(project)?.graph.packages.map(\.name) == ["T"])
    }
}
