import Foundation
import StrataCore
import StrataReports
import StrataTestSupport
import Testing

@testable import StrataBuild

/// Compares `actual` with `Tests/Fixtures/packages/<name>`, or rewrites it when
/// `STRATA_UPDATE_GOLDEN=1`.
private func expectGolden(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
{
    let url = TemporaryProject.fixtures.appendingPathComponent("packages/\(name)")
    if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
        try Data(actual.utf8).write(to: url)
    }
    let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    #expect(actual == expected, "differs from \(url.path)", sourceLocation: sourceLocation)
}

private func errors(_ body: () throws -> Void) -> [Diagnostic] {
    do {
        try body()
    } catch let error as DiagnosticsError {
        return error.diagnostics
    } catch {
        Issue.record("unexpected error \(error)")
    }
    return []
}

@Suite struct PackageGraphLoaderTests {
    @Test func multiPackageAppMatchesTheGoldenGraph() throws {
        let project = try TemporaryProject(packages: "app")
        // A monorepo's sibling package is read when the command line allows it.
        let loaded = try project.loadGraph("App", allowing: ["Shared"])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.packages.map(\.manifest.name) == ["App", "Shared"])
        let graph = loaded.graph
        try expectGolden(GraphJSONWriter().write(graph), "app.graph.json")
        try expectGolden(GraphDOTWriter().write(graph, name: "App"), "app.graph.dot")
        try expectGolden(GraphMermaidWriter().write(graph), "app.graph.mmd")
        try expectGolden(GraphTextWriter().write(graph), "app.graph.txt")
        // Reading twice gives the same bytes.
        #expect(
            GraphJSONWriter().write(try project.loadGraph("App", allowing: ["Shared"]).graph)
                == GraphJSONWriter().write(graph))
    }

    @Test func crossPackageEdgesAndClassification() throws {
        let graph = try TemporaryProject(packages: "app").loadGraph("App", allowing: ["Shared"]).graph
        func relation(_ from: String, _ to: String) -> ModuleEdge.Relation? {
            graph.edges.first { $0.from == from && $0.to == to }?.relation
        }
        #expect(relation("AppUI", "Models") == .declaredAndImported)
        #expect(relation("Features", "Networking") == .declaredAndImported)
        #expect(relation("Features", "Models") == .declaredOnly)
        #expect(relation("AppUI", "Networking") == .transitive)
        #expect(relation("Features", "Logging") == .declaredAndImported)
        #expect(relation("AppTests", "XCTest") == .sdk)
        #expect(graph.node("Models")?.sourcePath == "../Shared/Sources/Models")
        #expect(graph.node("AppUI")?.section == "UI")
        let conditional = graph.edges.first { $0.from == "AppUI" && $0.to == "Networking" }
        #expect(conditional?.isConditional == true)
        #expect(
            conditional?.imports.first?.location
                == SourceLocation(path: "Sources/AppUI/Screen.swift", line: 4, column: 1))
    }

    @Test func aComputedManifestIsAnErrorFromSyntaxAlone() throws {
        let project = try TemporaryProject(packages: "computed")
        let found = errors { _ = try project.loadGraph(mode: .syntax) }
        #expect(found.map(\.ruleID) == ["manifest.unresolved", "manifest.unresolved"])
        #expect(found.first?.location?.line == 14)
        #expect(found.first?.message.contains("allCases") == true, "\(found)")
    }

    /// The default reads the syntax alone too: it never falls back to running the manifest.
    @Test func aComputedManifestIsAnErrorByDefault() throws {
        let found = errors { _ = try TemporaryProject(packages: "computed").loadGraph(mode: .auto) }
        #expect(found.map(\.ruleID) == ["manifest.unresolved", "manifest.unresolved"])
        #expect(found.last?.message.contains("`--manifest swiftpm`") == true)
    }

    /// `--manifest swiftpm` asks SwiftPM, which runs as a child process, awaited on a thread of its own.
    @Test func aComputedManifestIsReadBySwiftPMWhenAsked() async throws {
        let project = try TemporaryProject(packages: "computed")
        let handed = Handed(project)
        let loaded = try await OwnThread.run("swift package dump-package") {
            Handed(try handed.value.loadGraph(mode: .swiftpm))
        }.value
        let edge = loaded.graph.edges.first { $0.from == "Tool" && $0.to == "Core" }
        #expect(edge?.relation == .declaredAndImported)
        #expect(edge?.imports.first?.location == SourceLocation(path: "Sources/Tool/Tool.swift", line: 1, column: 1))
        #expect(loaded.graph.node("Core")?.sourceFiles == ["Sources/Core/Core.swift"])
        // SwiftPM ran in a scratch folder of its own: nothing was written into the package.
        #expect(!FileManager.default.fileExists(atPath: project.url(".build").path))
        // And asked for it explicitly, SwiftPM reads a manifest Strata could read too.
        let viaSwiftPM = try await OwnThread.run("swift package dump-package") {
            Handed(try TemporaryProject(packages: "app").loadGraph("App", mode: .swiftpm, allowing: ["Shared"]))
        }.value
        #expect(
            viaSwiftPM.graph.edges.map { "\($0.from)->\($0.to)" }
                == (try TemporaryProject(packages: "app").loadGraph("App", allowing: ["Shared"]).graph.edges.map {
                    "\($0.from)->\($0.to)"
                }))
    }

    /// When SwiftPM cannot evaluate a manifest either, its compiler errors are reported at
    /// their lines, not as raw, unlocated `error:` lines after a 1:1 diagnostic.
    @Test func swiftPMsOwnErrorsAreReportedAtTheirLines() async throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet name = undefinedThing()\nlet package = "
                + "Package(name: name, targets: [.target(name: \"A\")])\n",
            "Sources/A/A.swift": "let a = 1\n"
        ])
        let handed = Handed(project)
        let found = await OwnThread.run("swift package dump-package") {
            Handed(errors { _ = try handed.value.loadGraph(mode: .swiftpm) })
        }.value
        #expect(
            found.map(\.description) == [
                "Package.swift:3:12: error: SwiftPM: cannot find 'undefinedThing' in scope [swiftpm.failed]"
            ])
    }

    @Test func aBrokenManifestIsReportedAtItsLine() throws {
        let found = errors { _ = try TemporaryProject(packages: "broken-syntax").loadGraph(mode: .auto) }
        #expect(found.first?.ruleID == "manifest.syntax")
        #expect(found.first?.location?.path == "Package.swift")
        #expect(found.first?.location?.line == 7)
    }

    @Test func aDependencyOnAMissingTargetIsReportedAtItsLine() throws {
        let found = errors { _ = try TemporaryProject(packages: "unknown-target").loadGraph() }
        #expect(found.map(\.ruleID) == ["manifest.unknown-target"])
        #expect(found.first?.location == SourceLocation(path: "Package.swift", line: 7, column: 43))
        #expect(found.first?.message.contains("did you mean 'Model'?") == true)
    }

    @Test func missingSourceFoldersAreReportedPerTarget() throws {
        let found = errors { _ = try TemporaryProject(packages: "missing-sources").loadGraph() }
        #expect(found.map(\.ruleID) == ["target.missing-sources", "target.missing-sources"])
        #expect(found.map { $0.location?.line } == [8, 9])
        #expect(found.last?.message.contains("'Modules/C' does not exist") == true)
    }

    /// SwiftPM's default folders, as its PackageBuilder chooses them: one source folder and
    /// one test folder per package, and from tools version 5.9 the whole folder for a
    /// package's only target of its sort.
    static func package(tools: String, targets: String) -> String {
        "// swift-tools-version:\(tools)\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
            + "[\n\(targets)\n])\n"
    }

    @Test func theOnlyTestTargetMayHaveTheWholeTestsFolder() throws {
        let files = [
            "Sources/App/App.swift": "",
            "Tests/AppTests.swift": "import App\n", "Tests/Helpers/Fake.swift": ""
        ]
        let targets = "    .target(name: \"App\"),\n    .testTarget(name: \"AppTests\", dependencies: [\"App\"]),"
        var modern = files
        modern["Package.swift"] = Self.package(tools: "5.9", targets: targets)
        let graph = try TemporaryProject(files: modern).loadGraph().graph
        #expect(graph.node("AppTests")?.sourcePath == "Tests")
        #expect(graph.node("AppTests")?.sourceFiles == ["Tests/AppTests.swift", "Tests/Helpers/Fake.swift"])
        #expect(graph.edges.contains { $0.from == "AppTests" && $0.to == "App" && $0.isImported })

        var older = files
        older["Package.swift"] = Self.package(tools: "5.8", targets: targets)
        let found = errors { _ = try TemporaryProject(files: older).loadGraph() }
        #expect(found.map(\.ruleID) == ["target.missing-sources"], "before 5.9, SwiftPM wants Tests/AppTests")
        #expect(
            found.first?.message.contains("looked for 'Tests/AppTests'; SwiftPM reads the whole 'Tests' folder")
                == true, "\(found)")
    }

    @Test func theOnlyRegularTargetMayHaveTheWholeSourcesFolder() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.package(
                tools: "5.9", targets: "    .executableTarget(name: \"Tool\"),\n    .testTarget(name: \"ToolTests\"),"),
            "Sources/main.swift": "", "Sources/Commands/Run.swift": "", "Tests/ToolTests/T.swift": ""
        ])
        let graph = try project.loadGraph().graph
        #expect(graph.node("Tool")?.sourceFiles == ["Sources/Commands/Run.swift", "Sources/main.swift"])
        #expect(graph.node("ToolTests")?.sourceFiles == ["Tests/ToolTests/T.swift"])
    }

    @Test func twoTargetsOfASortCannotShareTheWholeFolder() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.package(
                tools: "6.0", targets: "    .target(name: \"A\"),\n    .target(name: \"B\"),"),
            "Sources/A/A.swift": "", "Sources/B.swift": ""
        ])
        let found = errors { _ = try project.loadGraph() }
        #expect(found.map(\.ruleID) == ["target.missing-sources"])
        #expect(
            found.first?.message.contains("target 'B' has no source folder: looked for 'Sources/B'") == true, "\(found)"
        )
    }

    @Test func onePackageHasOneSourceFolderAndOneTestFolder() throws {
        // `Sources` exists, so SwiftPM never looks in `src`; there is no `Tests`, so tests
        // are looked for in `Sources`.
        let project = try TemporaryProject(files: [
            "Package.swift": Self.package(
                tools: "5.9",
                targets:
                    "    .target(name: \"A\"),\n    .target(name: \"B\"),\n    .testTarget(name: \"ATests\"),\n    "
                    + ".testTarget(name: \"BTests\"),"
            ),
            "Sources/A/A.swift": "", "src/B/B.swift": "", "Sources/ATests/T.swift": "", "Sources/BTests/T.swift": ""
        ])
        let found = errors { _ = try project.loadGraph() }
        #expect(found.map(\.ruleID) == ["target.missing-sources"])
        #expect(
            found.first?.message.contains("target 'B' has no source folder: looked for 'Sources/B'") == true, "\(found)"
        )
        try project.write("src/B/B.swift", Data())
        try FileManager.default.moveItem(at: project.url("src/B"), to: project.url("Sources/B"))
        let graph = try project.loadGraph().graph
        #expect(graph.node("ATests")?.sourceFiles == ["Sources/ATests/T.swift"])
        #expect(graph.node("B")?.sourceFiles == ["Sources/B/B.swift"])
    }

    @Test func aSystemLibraryIsImportedByTheModuleItsModuleMapDeclares() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
              .systemLibrary(name: "CZlib", path: "system-zlib", pkgConfig: "zlib"),
              .target(name: "Compression", dependencies: ["CZlib"]),
            ])
            """,
            "system-zlib/module.modulemap":
                "// the shim\nmodule zlibLinux [system] {\n    header \"shim.h\"\n    link \"z\"\n    module Inner "
                + "{ header \"inner.h\" }\n    export *\n}\n",
            "system-zlib/shim.h": "#include <zlib.h>\n",
            "Sources/Compression/Deflate.swift": "import zlibLinux\n"
        ])
        let loaded = try project.loadGraph()
        let edge = try #require(loaded.graph.edges.first { $0.from == "Compression" && $0.to == "CZlib" })
        #expect(edge.isDeclared && edge.isImported, "the import of zlibLinux uses the declared CZlib")
        #expect(loaded.graph.node("zlibLinux") == nil, "no unknown module beside it")
        #expect(
            ModuleMapNames.names(
                in:
                    "framework module Kit {\n  explicit module Sub { }\n}\nexplicit module Other [system] {}\n// "
                    + "module Commented\n"
            ) == ["Kit", "Other"])
    }

    @Test func checkedOutRemotePackagesTellWhatTheirProductsReExport() throws {
        let manifest = { (name: String, targets: String, dependencies: String) in
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", "
                + "products: [.library(name: \"\(name.replacingOccurrences(of: "swift-", with: ""))\", targets: "
                + "[\"\(name.replacingOccurrences(of: "swift-", with: ""))\"])], dependencies: "
                + "[\(dependencies)], targets: [\(targets)])\n"
        }
        let files: [String: String] = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [
              .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.0.0"),
            ], targets: [
              .target(name: "App", dependencies: [.product(name: "ComposableArchitecture", package: \
            "swift-composable-architecture")]),
            ])
            """,
            "Sources/App/App.swift":
                "import ComposableArchitecture\nimport Dependencies\nimport Clocks\nimport Perception\n",
            ".build/checkouts/swift-composable-architecture/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "swift-composable-architecture", products: [
              .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
            ], targets: [.target(name: "ComposableArchitecture")])
            """,
            ".build/checkouts/swift-composable-architecture/Sources/ComposableArchitecture/Exports.swift":
                "@_exported import Dependencies\nimport Perception\n",
            ".build/checkouts/swift-dependencies/Package.swift": manifest(
                "swift-dependencies", ".target(name: \"Dependencies\")", ""),
            ".build/checkouts/swift-dependencies/Sources/Dependencies/Exports.swift": "@_exported import Clocks\n"
        ]
        let loaded = try TemporaryProject(files: files).loadGraph()
        let relation = { (module: String) in loaded.graph.edges.first { $0.from == "App" && $0.to == module }?.relation
        }
        #expect(relation("Dependencies") == .reexported, "ComposableArchitecture's checkout re-exports it")
        #expect(relation("Clocks") == .reexported, "…and Dependencies re-exports Clocks, across checkouts")
        #expect(relation("Perception") == .viaProduct, "imported, not re-exported: still unverified")
        // Without the checkouts the same imports are unverified, never undeclared.
        var bare = files
        for path in files.keys where path.hasPrefix(".build/") { bare[path] = nil }
        let unverified = try TemporaryProject(files: bare).loadGraph()
        #expect(
            unverified.graph.edges.filter { $0.from == "App" && ["Dependencies", "Clocks"].contains($0.to) }.map(
                \.relation) == [.viaProduct, .viaProduct])
    }

    @Test func aFolderWithoutAManifestIsAnError() throws {
        let project = try TemporaryProject(files: ["README.md": "hi"])
        let found = errors { _ = try project.loadGraph() }
        #expect(found.first?.ruleID == "package.missing-manifest")
    }

    @Test func aMissingLocalPackageIsAWarningAtItsDependencyAndTheGraphStands() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
              name: "P",
              dependencies: [.package(path: "../Generated")],
              targets: [
                .target(name: "App", dependencies: [.product(name: "API", package: "Generated"), "Models"]),
                .target(name: "Models"),
              ]
            )
            """,
            "Sources/App/App.swift": "import API\nimport Models\n", "Sources/Models/M.swift": ""
        ])
        let loaded = try project.loadGraph()
        #expect(loaded.diagnostics.map(\.ruleID) == ["package.missing-local"])
        #expect(loaded.diagnostics.first?.severity == .warning)
        #expect(loaded.diagnostics.first?.location?.line == 5, "at the .package(path:) line")
        #expect(loaded.graph.node("API")?.kind == .product, "its product stands as an external one")
        #expect(loaded.graph.edges.contains { $0.from == "App" && $0.to == "API" && $0.isDeclared && $0.isImported })
        #expect(loaded.graph.edges.contains { $0.from == "App" && $0.to == "Models" })
    }

    @Test func aMissingRootPackageIsStillAnError() throws {
        let project = try TemporaryProject(files: ["Sub/README.md": "hi"])
        let found = errors {
            _ = try PackageGraphLoader(project: ProjectFiles(root: project.root, workingDirectory: project.root)).load(
                roots: ["Sub"])
        }
        #expect(found.map(\.ruleID) == ["package.missing-manifest"])
    }

    @Test func sourceFilesAreTheOnesSwiftPMWouldCompile() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A", exclude: ["Old", "Skip.swift"], resources: [.copy("Fixtures")]),
                .target(name: "B", path: "Custom/B", sources: ["Only", "One.swift"]),
                .testTarget(name: "ATests", dependencies: ["A"]),
                .target(name: "S", path: "src/S"),
            ])
            """,
            "Sources/A/A.swift": "", "Sources/A/Nested/N.swift": "", "Sources/A/Old/O.swift": "",
            "Sources/A/Skip.swift": "",
            "Sources/A/Fixtures/F.swift": "", "Sources/A/.hidden/H.swift": "", "Sources/A/.H.swift": "",
            "Sources/A/Guide.docc/Code.swift": "",
            "Sources/A/notes.md": "",
            "Custom/B/One.swift": "", "Custom/B/Two.swift": "", "Custom/B/Only/X.swift": "",
            "Tests/ATests/T.swift": "", "Sources/ATests/Wrong.swift": "",
            "src/S/S.swift": ""
        ])
        let graph = try project.loadGraph().graph
        #expect(graph.node("A")?.sourceFiles == ["Sources/A/A.swift", "Sources/A/Nested/N.swift"])
        #expect(graph.node("B")?.sourceFiles == ["Custom/B/One.swift", "Custom/B/Only/X.swift"])
        #expect(graph.node("ATests")?.sourceFiles == ["Tests/ATests/T.swift"])
        #expect(graph.node("S")?.sourcePath == "src/S")
    }

    @Test func theSiteCarriesTheGraph() throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[.target(name: \"A\"), .target(name: \"B\", dependencies: [\"A\"])])\n",
            "Sources/A/A.swift": "public let a = 1\n",
            "Sources/B/B.swift": "import A\n",
            "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let json = project.text("Output/graph.json")
        #expect(json.contains("\"from\" : \"B\""))
        #expect(json == GraphJSONWriter().write(try project.loadGraph().graph))
    }

    @Test func aBrokenManifestFailsTheBuildAndLeavesNoOutput() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": "let package = Package(\n",
            "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.first?.ruleID == "manifest.syntax")
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))
    }
}

@Suite struct SourceFolderEdgeCaseTests {
    @Test func aSymbolicLinkLoopInASourceFolderEnds() throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[.target(name: \"A\")])\n",
            "Sources/A/A.swift": "import Foundation\n"
        ])
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Sources/A/Loop").path, withDestinationPath: project.url("Sources/A").path)
        let graph = try project.loadGraph().graph
        #expect(graph.node("A")?.sourceFiles == ["Sources/A/A.swift"])
    }
}

@Suite struct ManifestChoiceTests {
    @Test func theVersionSpecificManifestSwiftPMWouldReadIsRead() throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[.target(name: \"Old\")])\n",
            "Package@swift-6.0.swift":
                "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[.target(name: \"New\")])\n",
            "Sources/Old/O.swift": "", "Sources/New/N.swift": ""
        ])
        let loaded = try project.loadGraph()
        #expect(loaded.graph.nodes.map(\.id) == ["New"])
        #expect(loaded.graph.packages.first?.manifestPath == "Package@swift-6.0.swift")
        #expect(loaded.graph.node("New")?.location?.path == "Package@swift-6.0.swift")
    }
}
