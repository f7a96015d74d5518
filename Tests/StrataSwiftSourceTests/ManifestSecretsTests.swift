import Foundation
import StrataCore
import Testing

@testable import StrataSwiftSource

/// A manifest is read, never run, and what it asks of the machine is answered without
/// giving away anything outside the project: the environment is empty (a CI secret copied
/// into a target's name would be published), and a file check looks only inside the package.
@Suite struct ManifestSecretsTests {
    func targets(_ body: String, in folder: String = "/nonexistent") -> [String]? {
        let text = "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\n" + body
        guard
            case .manifest(let manifest) = ManifestReader().read(
                text: text, path: "Package.swift", packageDirectory: folder)
        else { return nil }
        return manifest.targets.map(\.name)
    }

    @Test func theEnvironmentIsEmptyByDefault() {
        setenv("STRATA_TEST_SECRET", "hunter2", 1)
        defer { unsetenv("STRATA_TEST_SECRET") }
        let names = targets(
            """
            let name = ProcessInfo.processInfo.environment["STRATA_TEST_SECRET"] ?? "A"
            let package = Package(name: "P", targets: [.target(name: name)])
            """)
        #expect(names == ["A"])
    }

    @Test func fileExistsLooksInsideThePackageOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-exists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Extra"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func body(_ path: String) -> String {
            """
            var targets: [Target] = [.target(name: "A")]
            if FileManager.default.fileExists(atPath: "\(path)") { targets.append(.target(name: "B")) }
            let package = Package(name: "P", targets: targets)
            """
        }
        #expect(targets(body("Extra"), in: folder.path) == ["A", "B"])
        #expect(targets(body("Missing/Package.swift"), in: folder.path) == ["A"])
        // Outside the package: not looked at, so the manifest is unresolved, not answered.
        #expect(targets(body("/etc/passwd"), in: folder.path) == nil)
        #expect(targets(body("../x"), in: folder.path) == nil)
    }
}
