import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// Xcode projects read as Xcode shows them: each fixture under `Tests/Fixtures/xcode` has
/// the targets, files and dependencies written down by hand in `expected-graph.txt`.
@Suite struct XcodeProjectGraphTests {
    static let shapes = [
        "groups-app", "synced-app", "app-with-packages", "workspace-app", "legacy-local-package", "messy-app",
        "xcodegen-app", "tuist-app"
    ]

    func load(_ project: TemporaryProject) throws -> PackageGraphLoader.Loaded? {
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        return try builder.loadGraph(config: builder.configuration())
    }

    @Test(arguments: shapes)
    func eachProjectShapeIsReadAsXcodeShowsIt(shape: String) throws {
        let project = try TemporaryProject(xcode: shape)
        let loaded = try #require(try load(project))
        let expected = project.text("expected-graph.txt")
        #expect(!expected.isEmpty)
        #expect(ProjectListing.text(loaded.packages) == expected)
    }

    @Test func aGroupTreeProjectPlacesFilesThroughItsGroupsAndWarnsOfMissingOnes() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "groups-app")))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Weather.xcodeproj/project.pbxproj:45:50: warning: target 'Weather' compiles "
                    + "'Weather/Removed.swift', which does not exist (Xcode shows it in red); it is left out "
                    + "[xcode.missing-file]"
            ])
        let graph = loaded.graph
        #expect(graph.node("Weather")?.productType == "app")
        #expect(graph.node("Weather")?.kind == .executable)
        #expect(graph.node("ForecastKit")?.productType == "framework")
        #expect(graph.node("WeatherTests")?.isTest == true)
        #expect(graph.node("Lint") == nil, "aggregate targets compile nothing")
        // `import Forecast` is the framework's module name (PRODUCT_MODULE_NAME).
        let edge = try #require(graph.edges.first { $0.from == "Weather" && $0.to == "ForecastKit" })
        #expect(edge.relation == .declaredAndImported)
        // Both the target dependency and the linked framework, at their lines of the project.
        #expect(
            edge.evidence.map { "\($0.location) \($0.summary)" } == [
                "Weather.xcodeproj/project.pbxproj:61:5 links the product of \"ForecastKit\"",
                "Weather.xcodeproj/project.pbxproj:158:5 target dependency \"ForecastKit\"",
                "Weather/Views/ForecastView.swift:2:1 import Forecast"
            ])
        #expect(graph.packages.map(\.isXcodeProject) == [true])
    }

    @Test func synchronizedFoldersGiveEveryFileButExceptionsAndExceptionSetsAddFilesToOtherTargets() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "synced-app")))
        let graph = loaded.graph
        let app = try #require(graph.node("Notes"))
        #expect(
            !app.sourceFiles.contains("Notes/Preview Content/PreviewData.swift"),
            "removed from the app by its exception set")
        #expect(app.sourceFiles.contains("Notes/Core/Note.swift"))
        #expect(
            graph.node("NotesWidgetExtension")?.sourceFiles == [
                "Notes/Core/Note.swift", "NotesWidget/NotesWidget.swift"
            ])
        #expect(graph.node("NotesWidgetExtension")?.productType == "app-extension")
        #expect(
            loaded.summary == "Read 1 Xcode project: 3 targets, 7 Swift files.",
            "a file two targets compile is counted once")
    }

    @Test func aMessyProjectIsReadAsXcodeReadsItWithLocatedWarningsAndNoError() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "messy-app")))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Podcasts.xcodeproj/project.pbxproj:57:89: warning: file reference 'D40000000000000000000299' names "
                    + "no object of the project; it is skipped [xcode.dangling-reference]",
                "Podcasts.xcodeproj/project.pbxproj:247:93: warning: package reference 'D40000000000000000000C99' "
                    + "names no object of the project; it is skipped [xcode.dangling-reference]",
                "Podcasts.xcodeproj/project.pbxproj:246:93: warning: product 'Lottie' of target 'Player' comes from "
                    + "the package at 'https://github.com/airbnb/lottie-spm.git', which the project's package "
                    + "references do not list; it is read as a dependency all the same [xcode.unlisted-package]",
                "Podcasts.xcodeproj/project.pbxproj:128:5: warning: target 'Player' depends on target 'Widgets', "
                    + "which project 'Podcasts' does not declare; it is left out of the graph [manifest.unknown-target]"
            ])
        let graph = loaded.graph
        #expect(graph.node("PreBuildActions") == nil && graph.node("Make") == nil, "build-only targets are no modules")
        // Through the aggregate target `Frameworks`, which depends on Shared and on the
        // script-only PreBuildActions.
        let shared = try #require(graph.edges.first { $0.from == "Player" && $0.to == "Shared" })
        #expect(
            shared.evidence.map { "\($0.location) \($0.summary)" } == [
                "Podcasts.xcodeproj/project.pbxproj:126:5 target dependency \"Shared\" through aggregate target "
                    + "\"Frameworks\"",
                "Player/PlayerApp.swift:2:1 import Shared"
            ])
        // The product's package is a second reference to a listed URL: the listed package.
        #expect(graph.node("ZIPFoundation")?.package == "zipfoundation")
        #expect(graph.node("Lottie")?.package == "lottie-spm")
        #expect(
            graph.edges.first { $0.from == "Player" && $0.to == "Charts" }?.isDeclared == true,
            "a dangling package: found by name")
        #expect(graph.packages.first?.name == "Podcasts")
        #expect(loaded.summary == "Read 1 Xcode project: 3 targets, 3 Swift files.")
    }

    @Test func anXcodeGenSpecIsReadAsTheProjectItGeneratesWithEvidenceAtItsLines() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "xcodegen-app")))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "project.yml:5:5: warning: the included spec 'Tools/missing.yml' does not exist; it is skipped "
                    + "[xcodegen.missing-include]"
            ])
        let graph = loaded.graph
        // Included from App/SupportingFiles/target.yml, its paths relative to that folder.
        let kit = try #require(graph.edges.first { $0.from == "Reader" && $0.to == "Kit_iOS" })
        #expect(
            kit.evidence.map { "\($0.location) \($0.summary)" } == [
                "App/SupportingFiles/target.yml:15:17 target dependency \"Kit_iOS\"",
                "App/Sources/ReaderApp.swift:1:1 import KitCore"
            ])
        // A template's `${target_name}`, and one target per platform keeping the module name.
        #expect(graph.node("Kit_macOS")?.productType == "framework")
        #expect(graph.edges.first { $0.from == "KitTests" && $0.to == "Kit_iOS" }?.relation == .declaredAndImported)
        #expect(graph.node("Sentry")?.package == "sentry-cocoa", "github: is a GitHub URL")
        #expect(
            graph.node("Everything") == nil && graph.node("Lint") == nil, "aggregate and legacy targets are no modules")
        #expect(graph.edges.first { $0.from == "Reader" && $0.to == "Storage" } == nil)
        #expect(graph.edges.first { $0.from == "Kit_iOS" && $0.to == "Storage" }?.relation == .declaredAndImported)
        #expect(loaded.summary == "Read 1 XcodeGen project and 1 package: 6 targets, 7 Swift files.")
    }

    @Test func aCommittedProjectWinsOverTheSpecItWasGeneratedFrom() throws {
        let project = try TemporaryProject(xcode: "xcodegen-app")
        let other = try TemporaryProject(xcode: "groups-app")
        try FileManager.default.copyItem(at: other.url("Weather.xcodeproj"), to: project.url("Reader.xcodeproj"))
        let loaded = try #require(try load(project))
        #expect(loaded.graph.packages.map(\.manifestPath).contains("Reader.xcodeproj/project.pbxproj"))
        #expect(!loaded.graph.packages.map(\.manifestPath).contains("project.yml"))
    }

    @Test func anXcodeGenAppBesideARootPackageIsReadWithIt() throws {
        let project = try TemporaryProject(xcode: "xcodegen-app")
        try project.write(
            "Package.swift",
            Data(
                ("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tools\", "
                    + "targets: [.executableTarget(name: \"tools\")])\n").utf8))
        try project.write("Sources/tools/main.swift", Data("print(1)\n".utf8))
        let loaded = try #require(try load(project))
        #expect(loaded.graph.packages.map(\.name) == ["Reader", "Tools", "Storage"])
        // A project listed by hand.
        try project.write("strata.yml", Data("projects: [project.yml]\npackages: []\n".utf8))
        #expect(try load(project)?.graph.packages.map(\.name) == ["Reader", "Storage"])
    }

    @Test func anAppWithLocalAndRemotePackagesIsOneGraph() throws {
        let loaded = try #require(try load(TemporaryProject(xcode: "app-with-packages")))
        let graph = loaded.graph
        #expect(graph.edges.first { $0.from == "Shop" && $0.to == "Catalog" }?.relation == .declaredAndImported)
        let product = try #require(graph.edges.first { $0.from == "Shop" && $0.to == "ComposableArchitecture" })
        #expect(
            product.evidence.first.map { "\($0.location) \($0.summary)" }
                == "Shop.xcodeproj/project.pbxproj:100:5 package product \"ComposableArchitecture\"")
        #expect(graph.node("ComposableArchitecture")?.package == "swift-composable-architecture")
        // Re-exported by ComposableArchitecture, which Strata has not read: unverified, not undeclared.
        #expect(graph.edges.first { $0.from == "Shop" && $0.to == "Dependencies" }?.relation == .viaProduct)
        // A local package folder that is not generated yet: a warning at its reference.
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Shop.xcodeproj/project.pbxproj:145:5: warning: the local package 'Generated/Analytics' has no "
                    + "Package.swift (not generated or checked out yet?); its products are shown as external ones, "
                    + "unverified, and the rest of the graph stands [package.missing-local]"
            ])
        #expect(loaded.summary == "Read 1 Xcode project and 2 packages: 6 targets, 6 Swift files.")
    }

    @Test func aWorkspaceStandsForItsProjectsAndPackagesButNotOtherToolsProjects() throws {
        let project = try TemporaryProject(xcode: "workspace-app")
        let loaded = try #require(try load(project))
        #expect(
            loaded.graph.packages.map(\.name) == ["Kiosk", "Payments", "Receipts"], "Pods/Pods.xcodeproj is not read")
        let crossProject = try #require(loaded.graph.edges.first { $0.from == "Kiosk" && $0.to == "Payments" })
        #expect(
            crossProject.evidence.map(\.summary) == [
                "links the product of \"Payments\" of Payments.xcodeproj",
                "target dependency \"Payments\" of Payments.xcodeproj", "import Payments"
            ])
        #expect(
            loaded.graph.edges.first { $0.from == "Kiosk" && $0.to == "Receipts" }?.relation == .declaredAndImported)
    }

    @Test func withNoConfigurationEveryProjectAndPackageBelowTheRootIsRead() throws {
        let project = try TemporaryProject(xcode: "workspace-app")
        try FileManager.default.removeItem(at: project.url("strata.yml"))
        try FileManager.default.removeItem(at: project.url("Pods"))
        let loaded = try #require(try load(project))
        #expect(ProjectListing.text(loaded.packages) == project.text("expected-graph.txt"))
    }

    /// A workspace found by the search (not named) that cannot be read is a warning at it;
    /// the projects and packages found below the root are read as they would be without it.
    @Test func anUnreadableWorkspaceNobodyNamedIsAWarning() throws {
        let project = try TemporaryProject(xcode: "workspace-app")
        try FileManager.default.removeItem(at: project.url("strata.yml"))
        try FileManager.default.removeItem(at: project.url("Pods"))
        try project.write(
            "Kiosk.xcworkspace/contents.xcworkspacedata",
            Data("<?xml version=\"1.0\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:App\n".utf8))
        let loaded = try #require(try load(project))
        let warnings = loaded.diagnostics.filter { $0.ruleID == "xcode.invalid-workspace" }
        #expect(warnings.count == 1, "\(loaded.diagnostics)")
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.location?.path.hasPrefix("Kiosk.xcworkspace/contents.xcworkspacedata") == true)
        #expect(loaded.graph.packages.map(\.name) == ["Kiosk", "Payments", "Receipts"])
    }

    @Test func projectsEntriesAreCheckedWhereTheyAreWritten() throws {
        for (entry, rule, message) in [
            ("[App.xcodeproj]", "projects.missing", "projects: 'App.xcodeproj' does not exist"),
            (
                "[\"Apps/*.xcodeproj\"]", "projects.unmatched",
                "projects: 'Apps/*.xcodeproj' matches no .xcodeproj or .xcworkspace folder, XcodeGen spec or Tuist "
                    + "manifest"
            ),
            (
                "[Libraries/Receipts]", "config.invalid-value",
                "projects: 'Libraries/Receipts' is not an .xcodeproj or .xcworkspace folder, an XcodeGen spec "
                    + "(.yml) or a Tuist manifest (Project.swift, Workspace.swift) (Swift packages go under packages:)"
            ),
            (
                "[\"**/*.xcodeproj\", \"!**\"]", "projects.unmatched",
                "projects: the entries leave no Xcode project to read"
            )
        ] {
            let project = try TemporaryProject(xcode: "workspace-app")
            try project.write("strata.yml", Data("projects: \(entry)\n".utf8))
            do {
                _ = try load(project)
                Issue.record("\(entry) should be refused")
            } catch let error as DiagnosticsError {
                #expect(error.diagnostics.map(\.ruleID) == [rule], "\(entry): \(error.diagnostics)")
                #expect(error.diagnostics.first?.message == message)
                #expect(error.diagnostics.first?.location?.path == "strata.yml")
            }
        }
    }

    @Test func projectGlobsAndExclusionsChooseProjects() throws {
        let project = try TemporaryProject(xcode: "workspace-app")
        try project.write("strata.yml", Data("projects: [\"**/*.xcodeproj\", \"!Libraries/**\"]\n".utf8))
        let loaded = try #require(try load(project))
        // projects: replaces the projects only: the packages below are still found.
        #expect(loaded.graph.packages.map(\.name) == ["Kiosk", "Receipts"])
        #expect(loaded.graph.node("Receipts")?.kind == .regular)
        // The project left out: its target is a product Strata did not read.
        #expect(loaded.graph.node("Payments")?.kind == .product)
        // packages: [] and projects: [] say "none".
        try project.write("strata.yml", Data("projects: [\"**/*.xcodeproj\", \"!Libraries/**\"]\npackages: []\n".utf8))
        #expect(try load(project)?.graph.packages.map(\.name) == ["Kiosk"])
        try project.write("strata.yml", Data("projects: []\n".utf8))
        #expect(try load(project)?.graph.packages.map(\.name) == ["Receipts"])
    }

    @Test func aRootPackageBringsTheXcodeProjectsThatUseIt() throws {
        // An app whose modules are the root package's, built by App/App.xcodeproj; an
        // unrelated project below is not read.
        let pbxproj = { (relativePath: String) in
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tROOT = {isa = PBXProject; mainGroup = MAIN; packageReferences = (PKG, ); targets = (APP, ); };
            \t\tMAIN = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tPKG = {isa = XCLocalSwiftPackageReference; relativePath = \(relativePath); };
            \t\tAPP = {isa = PBXNativeTarget; name = \(relativePath == ".." ? "Shop" : "Other"); \
            packageProductDependencies = (P, ); productType = "com.apple.product-type.application"; };
            \t\tP = {isa = XCSwiftPackageProductDependency; package = PKG; productName = Feature; };
            \t};
            \trootObject = ROOT;
            }
            """
        }
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Modules\", "
                + "products: [.library(name: \"Feature\", targets: [\"Feature\"])], targets: [.target(name: "
                + "\"Feature\")])\n",
            "Sources/Feature/Feature.swift": "public enum Feature {}\n",
            "App/App.xcodeproj/project.pbxproj": pbxproj(".."),
            "Tools/Tools.xcodeproj/project.pbxproj": pbxproj("../Vendor")
        ])
        let loaded = try #require(try load(project))
        #expect(loaded.graph.packages.map(\.name) == ["App", "Modules"])
        #expect(loaded.graph.edges.first { $0.from == "Shop" && $0.to == "Feature" }?.isDeclared == true)
    }

    @Test func anXcodeTargetNamedLikeAPackagesModuleIsLeftOutWithAWarning() throws {
        // A library repository that ships a package and an Xcode project building the same module.
        let project = try TemporaryProject(files: [
            "strata.yml": "packages: [.]\nprojects: [Lib.xcodeproj]\n",
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Lib\", "
                + "targets: [.target(name: \"Lib\")])\n",
            "Sources/Lib/Lib.swift": "public enum Lib {}\n",
            "Tests/LibTests/LibTests.swift": "import XCTest\nimport Lib\n",
            "Lib.xcodeproj/project.pbxproj": """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tROOT = {isa = PBXProject; mainGroup = MAIN; targets = (FW, TESTS, ); };
            \t\tMAIN = {isa = PBXGroup; children = (T, ); sourceTree = "<group>"; };
            \t\tT = {isa = PBXGroup; children = (F, ); path = Tests/LibTests; sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = LibTests.swift; sourceTree = "<group>"; };
            \t\tFW = {isa = PBXNativeTarget; name = Lib; productType = "com.apple.product-type.framework"; };
            \t\tTESTS = {isa = PBXNativeTarget; name = LibTests; buildPhases = (S, ); dependencies = (D, ); \
            productType = "com.apple.product-type.bundle.unit-test"; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (B, ); };
            \t\tB = {isa = PBXBuildFile; fileRef = F; };
            \t\tD = {isa = PBXTargetDependency; target = FW; };
            \t};
            \trootObject = ROOT;
            }
            """
        ])
        let loaded = try #require(try load(project))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Lib.xcodeproj/project.pbxproj:8:8: warning: target 'Lib' of Lib.xcodeproj has the name of a module "
                    + "of package 'Lib'; it is left out of the graph, and what depends on it depends on that module "
                    + "[xcode.duplicate-target]"
            ])
        #expect(loaded.graph.node("Lib")?.package == "Lib")
        #expect(loaded.graph.node("Lib")?.productType == nil, "the package's module stands")
        #expect(loaded.graph.edges.first { $0.from == "LibTests" && $0.to == "Lib" }?.relation == .declaredAndImported)
    }

    @Test func aBrokenProjectFileIsAnErrorAtItsLine() throws {
        let project = try TemporaryProject(xcode: "groups-app")
        try project.write(
            "Weather.xcodeproj/project.pbxproj",
            Data("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject\n".utf8))
        #expect {
            _ = try load(project)
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.map(\.description) == [
                "Weather.xcodeproj/project.pbxproj:5:1: error: this project file cannot be read: expected ';' after "
                    + "the value of 'isa' [xcode.invalid-project]"
            ]
        }
    }

    @Test func aBrokenXcodeGenSpecIsAnErrorAtItsLineAndABrokenIncludeAWarning() throws {
        let project = try TemporaryProject(xcode: "xcodegen-app")
        // An included file that is not YAML: said where, and the rest of the spec stands.
        try project.write("App/SupportingFiles/target.yml", Data("targets:\n  Reader: [type: application\n".utf8))
        let loaded = try #require(try load(project))
        #expect(loaded.diagnostics.map(\.ruleID).contains("yaml.syntax"), "\(loaded.diagnostics)")
        #expect(
            loaded.diagnostics.first { $0.ruleID == "yaml.syntax" }?.location?.path == "App/SupportingFiles/target.yml")
        #expect(loaded.diagnostics.first { $0.ruleID == "yaml.syntax" }?.severity == .warning)
        #expect(loaded.graph.node("Reader") == nil && loaded.graph.node("Kit_iOS") != nil)
        // The main spec broken, or not a mapping: what XcodeGen itself cannot read is an error.
        try project.write("project.yml", Data("name: Reader\ntargets:\n  Kit: {type: framework\n".utf8))
        #expect {
            _ = try load(project)
        } throws: { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            return diagnostics.count == 1 && diagnostics[0].ruleID == "yaml.syntax"
                && diagnostics[0].location?.path == "project.yml"
                && (diagnostics[0].location?.line ?? 0) >= 3 && diagnostics[0].severity == .error
        }
        try project.write("project.yml", Data("- targets\n- include\n".utf8))
        try project.write("strata.yml", Data("projects: [project.yml]\n".utf8))
        #expect {
            _ = try load(project)
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.map(\.description) == [
                "project.yml:1:1: error: an XcodeGen spec is a mapping (name:, targets:, …), not a list "
                    + "[xcodegen.invalid-spec]"
            ]
        }
    }

    @Test func nothingReadableSaysWhatWasFoundInstead() throws {
        let project = try TemporaryProject(files: [
            "Old.xcodeproj/xcuserdata/me.xcuserdatad/x.plist": "", "README.md": "# app"
        ])
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        #expect(try builder.loadGraph(config: builder.configuration()) == nil)
        let message = PackageRoots.nothingFoundMessage(
            project: ProjectFiles(root: project.root, workingDirectory: project.root),
            config: try builder.configuration())
        #expect(message.contains("found 'Old.xcodeproj', which has no project.pbxproj"), "\(message)")
    }
}
