import Foundation
import StrataBuild
import StrataCore
import Testing

/// Issue 45, items 2–4: nothing outside the project (or a folder `--allow-read` names) is
/// read, whatever strata.yml, a manifest, an Xcode project or a symbolic link says. Each
/// test puts a canary beside the project, and its text must never reach Output/ or graph.json.
@Suite struct ReadBoundaryTests {
    static let canary = "CANARY-4f1d9"
    static let manifest =
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
        + "[.target(name: \"A\")])\n"
    /// A Swift file whose guidance, import and text all name the canary.
    static let canarySource =
        "// CHECK: \(canary) rule. IF: it is read. THEN: it leaks.\nimport "
        + "\(canary.replacingOccurrences(of: "-", with: "_"))\n"

    /// A folder beside the project holding canaries: a secret, a page, a Swift file.
    static func outside() throws -> TemporaryProject {
        try TemporaryProject(files: [
            "id_rsa": "\(canary)\n", "secret/id_rsa": "\(canary)\n", "notes/page.md": "# \(canary)\n",
            "Evil.swift": canarySource, "Lib/Evil.swift": canarySource,
            "Shared/Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Shared\", "
                + "products: [.library(name: \"Shared\", targets: [\"Shared\"])], targets: [.target(name: "
                + "\"Shared\")])\n",
            "Shared/Sources/Shared/S.swift": canarySource
        ])
    }

    static func build(_ project: TemporaryProject, allowing allowed: [URL] = []) -> BuildResult {
        SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root, allowedReads: allowed))
            .build()
    }

    /// Whether any file Strata wrote holds the canary (Output/ whole, graph.json included).
    static func leaked(_ project: TemporaryProject) -> Bool {
        project.files(in: "Output").values.contains {
            String(decoding: $0, as: UTF8.self).contains(canary)
                || String(decoding: $0, as: UTF8.self).contains("CANARY_4f1d9")
        }
    }

    static func link(_ project: TemporaryProject, _ path: String, to target: URL) throws {
        try FileManager.default.createDirectory(
            at: project.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.url(path).path, withDestinationPath: target.path)
    }

    /// Item 2: `content:` absolute or through `..`, or the content folder a link to an
    /// outside folder: `content: ~/.ssh` published Output/id_rsa.
    @Test(arguments: ["absolute", "dotdot", "link"])
    func aContentFolderOutsideTheProjectIsAnError(form: String) throws {
        let outside = try Self.outside()
        let project = try TemporaryProject(files: ["Docs/index.md": "# Home\n"])
        switch form {
        case "absolute": try project.write("strata.yml", Data("content: \(outside.url("secret").path)\n".utf8))
        case "dotdot":
            let relative = "../" + outside.root.lastPathComponent + "/secret"
            try project.write("strata.yml", Data("content: \(relative)\n".utf8))
        default: try Self.link(project, "Content", to: outside.url("secret"))
        }
        let result = Self.build(project)
        #expect(result.exitCode == 2)
        let line = try #require(TemporaryProject.lines(result).first)
        #expect(
            line.hasPrefix(
                form == "link" ? "Content:1:1: error: the content folder" : "strata.yml:1:10: error: the content folder"
            ), "\(line)")
        #expect(line.contains("--allow-read") && line.hasSuffix("[content.outside-project]"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))

        // The command line may allow it.
        let allowed = Self.build(project, allowing: [outside.url("secret")])
        #expect(allowed.outcome == .written, "\(TemporaryProject.lines(allowed))")
        #expect(project.text("Output/id_rsa") == "\(Self.canary)\n")
    }

    /// Item 2: `theme:` outside the project, written or through a link.
    @Test(arguments: ["absolute", "link"])
    func aThemeFolderOutsideTheProjectIsAnError(form: String) throws {
        let outside = try Self.outside()
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n"])
        if form == "absolute" {
            try project.write("strata.yml", Data("theme: \(outside.root.path)\n".utf8))
        } else {
            try project.write("strata.yml", Data("theme: Theme\n".utf8))
            try Self.link(project, "Theme", to: outside.root)
        }
        let result = Self.build(project)
        #expect(result.exitCode == 2)
        let line = try #require(TemporaryProject.lines(result).first)
        #expect(
            line.hasPrefix(
                form == "link" ? "Theme:1:1: error: the theme folder" : "strata.yml:1:8: error: the theme folder"),
            "\(line)")
        #expect(line.hasSuffix("[theme.outside-project]"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))
    }

    /// Item 3: a link among a target's sources, to a file or a folder outside, was read:
    /// its comments became guidance, its imports edges. It is left out, with a warning.
    @Test func aSourceLinkLeadingOutsideIsLeftOutWithAWarning() throws {
        let outside = try Self.outside()
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest, "Sources/A/A.swift": "public enum A {}\n", "Content/index.md": "# Home\n"
        ])
        try Self.link(project, "Sources/A/Evil.swift", to: outside.url("Evil.swift"))
        try Self.link(project, "Sources/A/Lib", to: outside.url("Lib"))
        let result = Self.build(project)
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let warnings = TemporaryProject.lines(result).filter { $0.contains("[source.outside-link]") }
        #expect(
            warnings.map { $0.components(separatedBy: ": warning:").first ?? $0 } == [
                "Sources/A/Evil.swift:1:1", "Sources/A/Lib:1:1"
            ])
        #expect(!Self.leaked(project))
        #expect(project.text("Output/graph.json").contains("Sources/A/A.swift"))
    }

    /// Item 3: a target's `path:` outside the project (SwiftPM refuses it; Strata read it).
    @Test func aTargetPathOutsideIsAWarningAtTheManifestLine() throws {
        let outside = try Self.outside()
        let path = "../" + outside.root.lastPathComponent + "/Lib"
        let manifest =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
            + "[\n  .target(name: \"A\", path: \"\(path)\")])\n"
        let project = try TemporaryProject(files: ["Package.swift": manifest, "Content/index.md": "# Home\n"])
        let result = Self.build(project)
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let line = try #require(TemporaryProject.lines(result).first { $0.contains("[source.outside-project]") })
        #expect(
            line.hasPrefix(
                "Package.swift:4:3: warning: the folder '\(path)' of target 'A' resolves outside the project"),
            "\(line)")
        #expect(!Self.leaked(project))
    }

    /// Item 3: `.package(path:)` to a sibling: its sources were read. A warning that names
    /// the option, its products shown as external; with `--allow-read` it is read.
    @Test func aLocalPackageOutsideIsAWarningNamingTheOption() throws {
        let outside = try Self.outside()
        let path = "../" + outside.root.lastPathComponent + "/Shared"
        let manifest =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
            + "dependencies: [.package(path: \"\(path)\")], targets: [.target(name: \"A\", dependencies: "
            + "[.product(name: \"Shared\", package: \"Shared\")])])\n"
        let project = try TemporaryProject(files: [
            "Package.swift": manifest, "Sources/A/A.swift": "import Shared\n", "Content/index.md": "# Home\n"
        ])
        let result = Self.build(project)
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let line = try #require(TemporaryProject.lines(result).first { $0.contains("[package.outside-project]") })
        #expect(
            line.hasPrefix("Package.swift:3:49: warning: the local package '\(path)' resolves outside the project"),
            "\(line)")
        #expect(line.contains("run with '--allow-read /") && line.contains("/Shared' to allow it"), "\(line)")
        #expect(!Self.leaked(project))

        let allowed = Self.build(project, allowing: [outside.url("Shared")])
        #expect(
            !TemporaryProject.lines(allowed).contains { $0.contains("outside") }, "\(TemporaryProject.lines(allowed))")
        #expect(project.text("Output/graph.json").contains("Sources/Shared/S.swift"))
    }

    /// Item 3: a target with `path: "."` read each file from `/<its path>` (the join of
    /// an empty folder put a `/` first).
    @Test func aTargetWhoseFolderIsThePackagesReadsItsOwnFiles() throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[.target(name: \"A\", path: \".\")])\n",
            "A.swift": "import Foundation\n", "Content/index.md": "# Home\n"
        ])
        let result = Self.build(project)
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let graph = project.text("Output/graph.json")
        #expect(graph.contains("\"A.swift\""), "\(graph)")
        #expect(!graph.contains("\"/A.swift\"") && !graph.contains("Package.swift\"\n"), "\(graph)")
    }

    /// Item 3: an Xcode project's file references, synchronized folders and local packages
    /// outside the repository (a synchronized folder of `/` walked the whole disk).
    @Test func xcodePathsOutsideAreWarningsAtTheirLines() throws {
        let outside = try Self.outside()
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tROOT = {isa = PBXProject; mainGroup = MAIN; packageReferences = (PKG, ); targets = (APP, ); };
            \t\tMAIN = {isa = PBXGroup; children = (F, SYNC, ); sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = \(outside.url("Evil.swift").path); sourceTree = "<absolute>"; };
            \t\tSYNC = {isa = PBXFileSystemSynchronizedRootGroup; path = \(outside.url("Lib").path); sourceTree = \
            "<absolute>"; };
            \t\tPKG = {isa = XCLocalSwiftPackageReference; relativePath = \(outside.url("Shared").path); };
            \t\tAPP = {isa = PBXNativeTarget; name = App; buildPhases = (S, ); fileSystemSynchronizedGroups = (SYNC, \
            ); productType = "com.apple.product-type.application"; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (B, ); };
            \t\tB = {isa = PBXBuildFile; fileRef = F; };
            \t};
            \trootObject = ROOT;
            }
            """
        let project = try TemporaryProject(files: [
            "App.xcodeproj/project.pbxproj": pbxproj, "Content/index.md": "# Home\n"
        ])
        let result = Self.build(project)
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let lines = TemporaryProject.lines(result).filter { $0.contains("outside-project]") }
        #expect(
            lines.map { $0.components(separatedBy: ": warning:").first ?? $0 } == [
                "App.xcodeproj/project.pbxproj:4:68", "App.xcodeproj/project.pbxproj:6:7",
                "App.xcodeproj/project.pbxproj:9:98"
            ], "\(lines)")
        #expect(!Self.leaked(project))
    }

    /// Item 4: `follow_links_outside: true` came from the same untrusted strata.yml; it is
    /// ignored with a warning, and only the command line allows a link out.
    @Test func followLinksOutsideInStrataYmlIsIgnored() throws {
        let outside = try Self.outside()
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n", "strata.yml": "follow_links_outside: true\n"
        ])
        try Self.link(project, "Content/key.txt", to: outside.url("id_rsa"))
        let result = Self.build(project)
        #expect(result.exitCode == 2)
        let lines = TemporaryProject.lines(result)
        #expect(
            lines.first { $0.hasSuffix("[config.ignored-setting]") }?.hasPrefix(
                "strata.yml:1:1: warning: follow_links_outside: is ignored") == true, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("Content/key.txt:1:1: error: this symbolic link leads outside the project") },
            "\(lines)")
        #expect(!Self.leaked(project))

        let allowed = Self.build(project, allowing: [outside.root])
        #expect(allowed.outcome == .written, "\(TemporaryProject.lines(allowed))")
        #expect(project.text("Output/key.txt") == "\(Self.canary)\n")
    }
}
