import Foundation
import StrataCore
import Testing

@testable import StrataSwiftPM

private let manifestText = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
        name: "Demo",
        targets: [
            .target(
                name: "Core",
                dependencies: [
                    "Base",
                    .product(name: "Logging", package: "swift-log"),
                ]
            ),
        ]
    )
    """

/// The shape `swift package dump-package` prints (trimmed to the fields Strata reads).
private let dump = """
    {
      "name": "Demo",
      "products": [{"name": "Core", "targets": ["Core"], "type": {"library": ["automatic"]}}],
      "dependencies": [
        {"sourceControl": [{"identity": "swift-log", "location": {"remote": [{"urlString": \
    "https://github.com/apple/swift-log.git"}]}}]},
        {"fileSystem": [{"identity": "shared", "path": "/work/Shared", "nameForTargetDependencyResolutionOnly": \
    "SharedPackage"}]},
        {"registry": [{"identity": "acme.tools"}]}
      ],
      "targets": [
        {"name": "Core", "type": "regular", "path": null, "exclude": ["README.md"], "resources": [{"path": \
    "Fixtures", "rule": {"copy": {}}}],
         "dependencies": [
           {"byName": ["Base", null]},
           {"product": ["Logging", "swift-log", null, {"platformNames": ["linux", "macos"]}]},
           {"target": ["Base", {"platformNames": [], "traits": ["Fast"]}]}
         ]},
        {"name": "Base", "type": "regular", "path": "Sources/BaseCode", "sources": ["A.swift"], "dependencies": []},
        {"name": "CoreTests", "type": "test", "dependencies": [{"target": ["Core", null]}]}
      ]
    }
    """

@Suite struct DumpPackageDecoderTests {
    @Test func readsTargetsDependenciesAndProducts() throws {
        let manifest = try DumpPackageDecoder(manifestPath: "Package.swift", manifestText: manifestText).decode(
            Data(dump.utf8))
        #expect(manifest.name == "Demo")
        #expect(manifest.targets.map(\.name) == ["Core", "Base", "CoreTests"])
        #expect(manifest.targets.map(\.kind) == [.regular, .regular, .test])
        let core = try #require(manifest.target(named: "Core"))
        #expect(core.dependencies.map(\.kind) == [.byName, .product, .target])
        #expect(core.dependencies[1].package == "swift-log")
        #expect(core.dependencies[1].condition?.platforms == ["linux", "macos"])
        #expect(core.dependencies[2].condition?.traits == ["Fast"])
        #expect(core.exclude == ["README.md"])
        #expect(core.resources == ["Fixtures"])
        #expect(manifest.target(named: "Base")?.path == "Sources/BaseCode")
        #expect(manifest.target(named: "Base")?.sources == ["A.swift"])
        #expect(manifest.products.first?.kind == .library)
        #expect(manifest.dependencies.map(\.identity) == ["swift-log", "shared", "acme.tools"])
        #expect(manifest.dependencies[1].name == "SharedPackage")
    }

    @Test func placesDeclarationsOnTheLinesThatNameThem() throws {
        let manifest = try DumpPackageDecoder(manifestPath: "Package.swift", manifestText: manifestText).decode(
            Data(dump.utf8))
        let core = try #require(manifest.target(named: "Core"))
        #expect(core.location.line == 8)
        #expect(core.dependencies.map(\.location.line) == [10, 11, 10])
        // Not in the text: line 1.
        #expect(manifest.target(named: "CoreTests")?.location.line == 1)
    }

    @Test func somethingElseIsADiagnostic() {
        #expect(throws: Diagnostic.self) {
            try DumpPackageDecoder(manifestPath: "Package.swift", manifestText: "").decode(Data("not json".utf8))
        }
    }

    @Test func describeGivesFoldersAndFiles() throws {
        let json = #"{"targets": [{"name": "Core", "path": "Sources/Core", "sources": ["A.swift", "b.c"]}]}"#
        let sources = try DescribeDecoder().sources(from: Data(json.utf8), packageDirectory: "/p")
        #expect(sources["Core"]?.path == "Sources/Core")
        #expect(sources["Core"]?.files == ["A.swift", "b.c"])
    }

    @Test func aMissingToolchainIsADiagnosticNotACrash() {
        let client = SwiftPMClient(swiftExecutable: "/nonexistent/swift")
        #expect(throws: Diagnostic.self) {
            _ = try client.run(["package", "dump-package"], manifestPath: "Package.swift")
        }
    }

    /// When SwiftPM cannot evaluate a manifest, the compiler's errors become diagnostics at
    /// their lines; SwiftPM's other lines (the compiler invocation, the source excerpt) go.
    @Test func compilerErrorsInSwiftPMsOutputBecomeLocatedDiagnostics() {
        let output = """
            error: 'p': Invalid manifest (compiled with: ["/opt/swift/usr/bin/swiftc", "-vfsoverlay", \
            "/tmp/x/vfs.yaml"])
            /work/p/Package.swift:4:5: error: 'let' cannot appear nested inside another 'var' or 'let' pattern
            2 | import PackageDescription
            4 | let let package = Package(name: "A")
              |     `- error: 'let' cannot appear nested inside another 'var' or 'let' pattern
            /work/p/Package.swift:9:1: warning: unused
            /work/other/Package.swift:1:1: error: elsewhere
            error: invalid manifests at [<AbsolutePath:"/work/p">]
            """
        let found = SwiftPMClient.manifestErrors(
            in: output, manifest: "/work/p/Package.swift", shownAs: "Package.swift")
        #expect(
            found.map(\.description) == [
                "Package.swift:4:5: error: SwiftPM: 'let' cannot appear nested inside another 'var' or 'let' "
                    + "pattern [swiftpm.failed]"
            ])
    }
}
