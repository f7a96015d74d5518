import Foundation
import StrataCore
import StrataSwiftPM
import StrataTestSupport
import Testing

@testable import StrataBuild

/// Issue 45, item 1: no code from the repository runs unless the command line asks.
/// The suite's limit only guards against a hang: a loaded 2-core runner once kept the test
/// waiting more than a minute for a free thread of Swift's pool after SwiftPM was stopped.
@Suite(.timeLimit(.minutes(5))) struct ManifestCodeTests {
    /// A manifest whose targets come from a helper the interpreter cannot follow.
    static func manifest(helperBody: String) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\n"
            + "func name() -> String { \(helperBody); return ProcessInfo.processInfo.hostName }\n"
            + "let package = Package(name: \"A\", targets: [.target(name: name())])\n"
    }

    /// The default (`--manifest auto`) once compiled and ran this through SwiftPM, which
    /// created the file outside the project; now nothing runs and the build fails, located.
    @Test func aManifestThatWritesOutsideTheProjectRunsNothingByDefault() throws {
        let canary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-canary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: canary) }
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest(
                helperBody: "FileManager.default.createFile(atPath: \"\(canary.path)\", contents: nil)"),
            "Sources/A/A.swift": "let a = 1\n", "Content/index.md": "# A\n"
        ])
        let result = project.build()
        #expect(!FileManager.default.fileExists(atPath: canary.path), "the manifest's code ran")
        #expect(result.exitCode == 2)
        let unresolved = result.diagnostics.first {
            $0.ruleID == "manifest.unresolved" && $0.message.contains("--manifest swiftpm")
        }
        #expect(unresolved?.location?.path == "Package.swift")
        #expect(unresolved?.message.contains("compiles and runs the manifest's Swift code") == true)
        // The construct the interpreter could not follow is located on its line.
        #expect(result.diagnostics.contains { $0.location?.path == "Package.swift" && $0.location?.line == 4 })
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))
    }

    /// Asked for on the command line, SwiftPM runs under a time limit: a manifest that loops
    /// forever is stopped, with every process SwiftPM started, and reported as too slow.
    @Test func aLoopingManifestUnderSwiftPMIsStoppedAtTheTimeLimit() async throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest(helperBody: "while true {}"), "Sources/A/A.swift": "let a = 1\n"
        ])
        let files = ProjectFiles(root: project.root, workingDirectory: project.root)
        let loader = Handed(PackageGraphLoader(project: files, mode: .swiftpm, swiftPM: SwiftPMClient(timeout: 4)))
        // Timed on the thread that waits for SwiftPM, so time spent waiting for the pool afterwards does not count.
        let (found, seconds) = await OwnThread.run("swift package dump-package") {
            () -> Handed<([Diagnostic], TimeInterval)> in
            let started = Date()
            do {
                _ = try loader.value.load()
                return Handed(([], Date().timeIntervalSince(started)))
            } catch let error as DiagnosticsError {
                return Handed((error.diagnostics, Date().timeIntervalSince(started)))
            } catch {
                return Handed(([], Date().timeIntervalSince(started)))
            }
        }.value
        // Stopped, not finished: the loop would run for ever. The bound is generous because a
        // loaded 2-core machine took 17 s to start SwiftPM, reach the limit and stop it all.
        #expect(seconds < 90, "the 4 s limit stopped the looping manifest")
        #expect(found.map(\.ruleID) == ["swiftpm.too-slow"])
        #expect(found.first?.location?.path == "Package.swift")
        // Nothing SwiftPM started is left running the manifest.
        let left = SwiftPMClient.descendants(of: getpid()).filter { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains(
                project.root.lastPathComponent + "-manifest")
        }
        #expect(left.isEmpty)
    }
}
