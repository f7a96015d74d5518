import Foundation
import StrataTestSupport
import Testing

/// `strata guidance` as a user or an agent's setup script runs it, on the guide fixture:
/// the same digest and JSON as the site carries, and the exit codes.
@Suite struct GuidanceCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sites")
    let cli = CommandLineTests()

    func guide() throws -> URL {
        let destination = TestScratch.path("guidance")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("guide"), to: destination)
        return destination
    }

    func expected(_ name: String) throws -> String {
        try String(contentsOf: Self.fixtures.appendingPathComponent("guide.expected/\(name)"), encoding: .utf8)
    }

    @Test func printsTheDigestAndTheJSONTheSiteCarries() async throws {
        let root = try guide()
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = try await cli.strata(["guidance"], in: root)
        #expect(markdown.status == 0)
        #expect(markdown.stdout == (try expected("llms.txt")))
        #expect(markdown.stderr.contains("[metadata.stale]"))
        let json = try await cli.strata(["guidance", "--format", "json", "--output", "g.json"], in: root)
        #expect(json.status == 0)
        #expect(json.stdout.isEmpty)
        #expect(
            try String(contentsOf: root.appendingPathComponent("g.json"), encoding: .utf8)
                == (try expected("guidance.json")))
        #expect(
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path),
            "nothing but the file asked for is written")
    }

    @Test func warningsFailUnderStrictAndBadInputExitsTwo() async throws {
        let root = try guide()
        defer { try? FileManager.default.removeItem(at: root) }
        let strict = try await cli.strata(["guidance", "--strict"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
        let pinned = try await cli.strata(["guidance", "--strict", "--as-of", "2026-10-01"], in: root)
        #expect(pinned.status == 1, "services.md is stale on that day too")
        #expect(try await cli.strata(["guidance", "--as-of", "yesterday"], in: root).status == 2)
        try Data("# Naming\n\nCHECK: x. IF: y THEN: z\nID: cache-writes-keep-server-time\n".utf8).write(
            to: root.appendingPathComponent("Content/guides/naming.md"))
        let duplicate = try await cli.strata(["guidance"], in: root)
        #expect(duplicate.status == 2)
        // Content pages come before sources: the page keeps the id, the comment is the duplicate.
        #expect(
            duplicate.stderr.contains(
                "Sources/Persistence/PhotoStore.swift:10:8: error: ID: 'cache-writes-keep-server-time' is already "
                    + "the id of the block at Content/guides/naming.md:4"
            ))
    }
}

extension GuidanceCommandTests {
    @Test func aPackageWithoutContentHasItsSourceBlocksAndNothingAtAllIsAnError() async throws {
        let package = try cli.project([
            "Package.swift":
                "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "targets: [.target(name: \"A\")])\n",
            "Sources/A/A.swift": "/// ANTI_PATTERN: Global state.\n/// FIX: Pass it in.\npublic struct A {}\n"
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let run = try await cli.strata(["guidance"], in: package)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(
            run.stdout.contains(
                "- ANTI_PATTERN: Global state.\n  - FIX: Pass it in.\n  - ID: "
                    + "[a-a-global-state](/guidance/a-a-global-state.html)"
            ))

        let empty = try cli.project([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try await cli.strata(["guidance"], in: empty)
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("[content.missing]"))
        #expect(nothing.stdout.isEmpty)
    }
}
