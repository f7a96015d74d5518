import Foundation
import StrataCore
import StrataReports
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

/// The graph of one project read for each platform, through the configure stage as the
/// commands read it: the manifest's `#if`, `.when(platforms:)` and the imports' `#if` decided
/// for the platform `--platform` (or `platform:`) names, else the one the project declares.
@Suite struct PlatformGraphTests {
    /// The graph as `strata graph` reads it, with `--platform` when given.
    static func graph(_ project: TemporaryProject, platform: String? = nil) throws -> ModuleGraph {
        let builder = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root),
            options: BuildOptions(platform: platform))
        let loaded = try #require(try builder.loadGraph(config: try builder.configuration(), readsSiteDetails: false))
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return loaded.graph
    }

    static func edges(_ graph: ModuleGraph, from module: String) -> [String] {
        graph.edges.filter { $0.from == module }.map { $0.to + ($0.isConditional ? "?" : "") }
    }

    /// A manifest that adds a target per platform under `#if os(Linux)` / `#elseif
    /// canImport(UIKit)`, and sources that import by `canImport(UIKit)`, `os(Linux)`,
    /// `DEBUG`, `targetEnvironment(simulator)`: read for macOS (the default: it declares no
    /// platform), Linux and iOS.
    @Test(arguments: [
        (nil, "platform-branches.graph"), ("linux", "platform-branches.linux.graph"),
        ("iOS", "platform-branches.ios.graph")
    ])
    func manifestAndSourceBranchesMatchTheGoldenGraphs(platform: String?, golden: String) throws {
        let graph = try Self.graph(try TemporaryProject(packages: "platform-branches"), platform: platform)
        try expectGolden(GraphJSONWriter().write(graph), golden + ".json")
        try expectGolden(GraphTextWriter().write(graph), golden + ".txt")
    }

    @Test func eachPlatformSeesItsOwnBranches() throws {
        let project = try TemporaryProject(packages: "platform-branches")
        let mac = try Self.graph(project)
        #expect(mac.platform == PlatformChoice(platform: .macOS, origin: .default))
        #expect(mac.nodes.filter(\.isTarget).map(\.id) == ["Core", "Display", "DisplayTests"])
        // `DEBUG && !os(Linux)` cannot be decided: the import stays, conditional; the
        // simulator's cannot be either (an iOS build may be one), but macOS has none.
        #expect(Self.edges(mac, from: "Display") == ["AppKit", "Core", "OSLog?"])
        #expect(Self.edges(mac, from: "Core") == ["Darwin", "Foundation"])

        let linux = try Self.graph(project, platform: "LINUX")
        #expect(linux.platform == PlatformChoice(platform: .linux, origin: .commandLine))
        #expect(Self.edges(linux, from: "Display") == ["Core", "LinuxSupport"])
        #expect(Self.edges(linux, from: "Core") == ["Foundation", "Glibc"])

        let iOS = try Self.graph(project, platform: "ios")
        #expect(Self.edges(iOS, from: "Display") == ["Core", "CoreLocation?", "OSLog?", "TouchSupport", "UIKit"])
        // A condition decided true is no condition any more; one left undecided stays as written.
        let imports = iOS.edges.filter { $0.from == "Display" }.flatMap(\.imports)
        #expect(imports.first { $0.module == "UIKit" }?.conditions == [])
        #expect(imports.first { $0.module == "OSLog" }?.conditions == ["DEBUG && !os(Linux)"])
    }

    /// `.when(platforms:)` on target and product dependencies, and a package that declares
    /// `platforms: [.iOS(.v17), .macOS(.v14)]`: read for iOS by default, then Linux and macOS.
    @Test(arguments: [
        (nil, "platform-conditions.graph"), ("Linux", "platform-conditions.linux.graph"),
        ("macos", "platform-conditions.macos.graph")
    ])
    func dependencyConditionsMatchTheGoldenGraphs(platform: String?, golden: String) throws {
        let graph = try Self.graph(try TemporaryProject(packages: "platform-conditions"), platform: platform)
        try expectGolden(GraphJSONWriter().write(graph), golden + ".json")
        try expectGolden(GraphTextWriter().write(graph), golden + ".txt")
    }

    @Test func dependenciesForOtherPlatformsAreLeftOut() throws {
        let project = try TemporaryProject(packages: "platform-conditions")
        let iOS = try Self.graph(project)
        #expect(
            iOS.platform
                == PlatformChoice(
                    platform: .iOS, origin: .package,
                    location: SourceLocation(path: "Package.swift", line: 8, column: 17)))
        // LinuxStorage is Sync's on Linux only: `canImport(LinuxStorage)` is false for it here;
        // and Crypto too, so an import of it under a flag Strata cannot decide is left out.
        #expect(Self.edges(iOS, from: "Sync") == ["CryptoKit", "Storage"])
        #expect(iOS.node("Crypto") == nil)
        let linux = try Self.graph(project, platform: "linux")
        #expect(Self.edges(linux, from: "Sync") == ["Crypto", "LinuxStorage", "Storage"])
        #expect(
            linux.edges.first { $0.from == "Sync" && $0.to == "Crypto" }?.imports.map(\.conditions)
                == [[], ["SYNC_FAST_HASHING"]])
        #expect(
            linux.edges.first { $0.from == "Sync" && $0.to == "Crypto" }?.declarations.first?.condition
                == DependencyCondition(platforms: ["linux", "android"]))
        let android = try Self.graph(project, platform: "Android")
        #expect(Self.edges(android, from: "Sync") == ["Crypto", "Storage"])
    }

    /// `platform:` in strata.yml chooses; `--platform` overrides it; a name that is no
    /// platform is an error at its place, or of the command line's.
    @Test func strataYmlChoosesAndTheCommandLineOverrides() throws {
        let project = try TemporaryProject(packages: "platform-conditions")
        try project.write("strata.yml", Data("site:\n  title: Sync\nplatform: linux\n".utf8))
        let configured = try Self.graph(project)
        #expect(
            configured.platform
                == PlatformChoice(
                    platform: .linux, origin: .configuration,
                    location: SourceLocation(path: "strata.yml", line: 3, column: 11)))
        #expect(Self.edges(configured, from: "Sync").contains("Crypto"))
        #expect(try Self.graph(project, platform: "iOS").platform?.origin == .commandLine)

        try project.write("strata.yml", Data("platform: iPadOS\n".utf8))
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        #expect(throws: DiagnosticsError.self) { try builder.configuration() }
        do {
            _ = try builder.configuration()
        } catch let error as DiagnosticsError {
            #expect(
                error.diagnostics.map(\.description) == [
                    "strata.yml:1:11: error: 'iPadOS' is not a platform Strata reads a project for (macOS, iOS, tvOS, "
                        + "watchOS, visionOS, Linux, Windows, Android) [platform.unknown]"
                ])
        }
        try project.write("strata.yml", Data("site:\n  title: Sync\n".utf8))
        let mistyped = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root),
            options: BuildOptions(platform: "linx"))
        #expect(throws: Diagnostic.self) { try mistyped.configuration() }
    }

    /// An app's project declares its platform: an Xcode project's SDK (its app first), an
    /// XcodeGen target's `platform:`, a Tuist target's `destinations:`, each at its place.
    @Test func projectsDeclareTheirPlatformAtItsPlace() throws {
        let expected: [(String, PlatformChoice.Origin, String)] = [
            ("groups-app", .xcodeProject, "Weather.xcodeproj/project.pbxproj:"),
            ("app-with-packages", .xcodeProject, "Shop.xcodeproj/project.pbxproj:"),
            ("xcodegen-app", .xcodeGen, "App/SupportingFiles/target.yml:5:15"),
            ("tuist-app", .tuist, "Projects/App/Project.swift:")
        ]
        for (shape, origin, place) in expected {
            let project = try TemporaryProject(xcode: shape)
            let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
            let graph = try #require(try builder.loadGraph(config: builder.configuration())).graph
            #expect(graph.platform?.platform == .iOS, "\(shape)")
            #expect(graph.platform?.origin == origin, "\(shape)")
            #expect(graph.platform?.location?.description.hasPrefix(place) == true, "\(shape): \(graph.platform)")
        }
    }

    /// Nothing of the machine goes into the graph: read twice for each platform, the same bytes.
    @Test func theGraphIsTheSameBytesEachTime() throws {
        let project = try TemporaryProject(packages: "platform-branches")
        for platform in [nil, "linux", "ios", "windows", "android", "tvos", "watchos", "visionos"] {
            let first = GraphJSONWriter().write(try Self.graph(project, platform: platform))
            #expect(GraphJSONWriter().write(try Self.graph(project, platform: platform)) == first)
        }
    }
}
