import Foundation
import StrataTestSupport
import Testing

/// `strata graph` as a user runs it.
@Suite struct GraphCommandTests {
    let cli = CommandLineTests()

    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                // MARK: Core
                .target(name: "Models"),
                // MARK: Features
                .target(name: "Cart", dependencies: ["Models"]),
                .target(name: "Checkout", dependencies: ["Cart"]),
                .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
            ]
        )
        """

    func shop() throws -> URL {
        try cli.project([
            "Package.swift": Self.manifest,
            "Sources/Models/M.swift": "import Foundation\n",
            "Sources/Cart/C.swift": "import Models\n",
            "Sources/Checkout/K.swift": "import Cart\nimport Models\n",
            "Tests/CheckoutTests/T.swift": "@testable import Checkout\nimport XCTest\n"
        ])
    }

    /// Command lines the quick reader leaves to the argument parser still get its answer.
    @Test func usageMistakesExitTwoWithTheParsersMessage() async throws {
        let project = try shop()
        let empty = try await cli.strata(["graph", "--project=", "--format", "json"], in: project)
        #expect(empty.status == 2)
        #expect(empty.stdout.isEmpty)
        #expect(
            empty.stderr.contains("Missing value for '-C, --project <folder>'")
                || empty.stderr.contains("Missing value for '--project <folder>'"), "\(empty.stderr)")
        let twice = try await cli.strata(["graph", "--format", "json", "-f", "dot"], in: project)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--format is given twice (as --format and -f)"), "\(twice.stderr)")
        let format = try await cli.strata(["graph", "--format", "xml"], in: project)
        #expect(format.status == 2)
        #expect(format.stderr.contains("xml"), "\(format.stderr)")
        // The same options read by either reader give the same bytes.
        let quick = try await cli.strata(["graph", "--format", "json", "--quiet"], in: project)
        let parsed = try await cli.strata(["graph", "-qf", "json"], in: project)
        #expect(quick.status == 0 && parsed.status == 0)
        #expect(quick.stdout == parsed.stdout && !quick.stdout.isEmpty)
    }

    @Test func textIsTheDefault() async throws {
        let run = try await cli.strata(["graph"], in: try shop())
        #expect(run.status == 0)
        #expect(run.stdout.contains("Checkout [regular] in 'Features' Sources/Checkout, 1 file"))
        #expect(run.stdout.contains("→ Models  imported (transitive)"))
        #expect(run.stderr == "Read 1 package: 4 targets, 4 Swift files.\n")
        #expect(try await cli.strata(["graph", "--quiet"], in: try shop()).stderr.isEmpty)
    }

    @Test func everyFormat() async throws {
        let folder = try shop()
        let json = try await cli.strata(["graph", "--format", "json"], in: folder)
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((document?["nodes"] as? [Any])?.count == 6)
        let dot = try await cli.strata(["graph", "--format", "dot"], in: folder)
        #expect(dot.stdout.hasPrefix("digraph \"Shop\" {"))
        #expect(dot.stdout.contains("\"Checkout\" -> \"Cart\";"))
        let svg = try await cli.strata(["graph", "--format", "svg"], in: folder)
        #expect(svg.status == 0)
        #expect(svg.stdout.hasPrefix("<svg "))
        #expect(svg.stdout.contains("<title>Checkout-&gt;Cart</title>"))
        #expect(!svg.stdout.contains("<!--"))
        let mermaid = try await cli.strata(["graph", "--format", "mermaid"], in: folder)
        #expect(mermaid.stdout.hasPrefix("flowchart LR\n"))
    }

    @Test func focusDepthAndHiding() async throws {
        let folder = try shop()
        let focused = try await cli.strata(
            ["graph", "--format", "json", "--focus", "Cart", "--depth", "1", "--hide-tests", "--hide-external"],
            in: folder)
        #expect(focused.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(focused.stdout.utf8)) as? [String: Any]
        let ids = (document?["nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["Cart", "Checkout", "Models"])
        let unknown = try await cli.strata(["graph", "--focus", "cart"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'Cart'?"))
        let depthAlone = try await cli.strata(["graph", "--depth", "1"], in: folder)
        #expect(depthAlone.status == 2)
    }

    @Test func writesToAFile() async throws {
        let folder = try shop()
        let run = try await cli.strata(["graph", "--format", "dot", "-o", "modules.dot"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(
            (try? String(contentsOf: folder.appendingPathComponent("modules.dot"), encoding: .utf8))?.hasPrefix(
                "digraph") == true)
    }

    @Test func badManifestsExitTwoWithTheirLine() async throws {
        let broken = try cli.project([
            "Package.swift":
                "import PackageDescription\nlet package = Package(name: \"X\", targets: [.target(name: \"A\", "
                + "dependencies: [.target(name: \"B\")])])\n",
            "Sources/A/A.swift": ""
        ])
        let run = try await cli.strata(["graph"], in: broken)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Package.swift:2:"))
        #expect(run.stderr.contains("[manifest.unknown-target]"))
        let none = try cli.project(["README.md": "x"])
        #expect(try await cli.strata(["graph"], in: none).status == 2)
        let badMode = try await cli.strata(["graph", "--manifest", "guess"], in: try shop())
        #expect(badMode.status == 2)
    }

    /// `--manifest swiftpm` asks SwiftPM, which leaves a `TemporaryDirectory.*` folder and
    /// lock files in the temporary folder on every run: Strata gives it a `TMPDIR` of its
    /// own and removes it, so nothing is left outside the output.
    @Test func theSwiftPMFallbackLeavesNothingInTheTemporaryFolder() async throws {
        let folder = try shop()
        let temporary = try TestScratch.folder("tmpdir")
        let run = try await cli.strata(
            ["graph", "--manifest", "swiftpm", "--format", "json"], in: folder, environment: ["TMPDIR": temporary.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"Checkout\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// `--platform` reads the project for the platform it names, on every command that reads
    /// the graph; a name that is no platform is bad usage (exit 2) before anything is read.
    @Test func platformChoosesWhatIsReadAndAnUnknownOneExitsTwo() async throws {
        let folder = try cli.project([
            "Package.swift": Self.manifest,
            "Sources/Models/M.swift": "#if os(Linux)\nimport Glibc\n#else\nimport Darwin\n#endif\n",
            "Sources/Cart/C.swift": "import Models\n",
            "Sources/Checkout/K.swift": "import Cart\n#if canImport(UIKit)\nimport UIKit\n#endif\n",
            "Tests/CheckoutTests/T.swift": "@testable import Checkout\nimport XCTest\n"
        ])
        let linux = try await cli.strata(["graph", "--platform", "linux", "-qf", "json"], in: folder)
        #expect(linux.status == 0, "\(linux.stderr)")
        #expect(linux.stdout.contains("\"path\" : \"Glibc\""))
        #expect(!linux.stdout.contains("Darwin") && !linux.stdout.contains("UIKit"))
        #expect(linux.stdout.contains("\"name\" : \"Linux\",\n    \"origin\" : \"command-line\""))
        let iOS = try await cli.strata(["graph", "--platform=iOS", "-q"], in: folder)
        #expect(iOS.stdout.contains("→ UIKit  imported (sdk)\n"), "\(iOS.stdout)")
        #expect(iOS.stdout.hasSuffix("Read for iOS, from --platform\n"))
        // Declaring none, the package is read for macOS, whatever machine reads it.
        let standard = try await cli.strata(["graph", "-q"], in: folder)
        #expect(standard.stdout.contains("→ Darwin  imported (sdk)\n"))
        #expect(standard.stdout.hasSuffix("Read for macOS, the default: the project declares no platform\n"))
        #expect(try await cli.strata(["check", "--platform", "watchOS", "-q"], in: folder).status == 0)
        for command in ["graph", "check", "build", "guidance", "serve", "init"] {
            let run = try await cli.strata([command, "--platform", "iPadOS"], in: folder)
            #expect(run.status == 2, "\(command)")
            #expect(
                run.stderr.hasSuffix(
                    "error: 'iPadOS' is not a platform Strata reads a project for (macOS, iOS, tvOS, watchOS, "
                        + "visionOS, Linux, Windows, Android) [platform.unknown]\n"), "\(command): \(run.stderr)")
        }
    }
}
