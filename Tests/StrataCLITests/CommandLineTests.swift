import Foundation
import StrataTestSupport
import Testing

/// Runs the real `strata` executable, as a user or CI job would, and checks exit codes and
/// what it prints.
@Suite struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether a signal ended it (`status` is then the signal's number).
        var signal = false
    }

    static let executable = SharedSites.executable

    /// Runs `strata` with `arguments` in `folder` to its end, on a thread of its own.
    func strata(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> Run {
        let result = try await ChildProcess.run(Self.executable, arguments, in: folder, environment: environment)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal)
    }

    func project(_ files: [String: String]) throws -> URL {
        let root = TestScratch.path("cli")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    @Test func buildSucceedsAndSaysWhereToLook() async throws {
        let root = try project(["Content/index.md": "# Hi\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await strata(["build"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Built 1 page into Output/"))
        #expect(run.stdout.contains("Open Output/index.html"))
        #expect(run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/index.html").path))
    }

    @Test func warningsPrintInTheCIFormAndStrictExitsOne() async throws {
        let root = try project(["Content/index.md": "# Hi\n\n[x](gone.md)\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let relaxed = try await strata(["build", "--quiet"], in: root)
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.isEmpty)
        #expect(
            relaxed.stderr
                == "Content/index.md:3:1: warning: the page 'gone.md' does not exist (looked for 'gone.md' in the "
                + "content folder) [link.broken]\n"
        )
        let strict = try await strata(["build", "--strict", "--output", "Strict"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("strata: build failed under --strict; Strict/ was left as it was\n"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Strict").path))
    }

    /// A one-target package whose `UI` folder uses a type of `Data`, which its layers forbid.
    func violatingApp(_ extra: String = "") throws -> URL {
        try project([
            "Content/index.md": "# App\n",
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", "
                + "targets: [.target(name: \"App\")])\n",
            "Sources/App/Data/Store.swift": "struct Store {}\n",
            "Sources/App/UI/Screen.swift": "struct Screen {\n    var store: Store?\n}\n",
            "strata.yml":
                "layers:\n  - name: UI\n    paths: [\"Sources/App/UI/**\"]\n  - name: Data\n    paths: "
                + "[\"Sources/App/Data/**\"]\n"
                + extra
        ])
    }

    /// `strata build` says what the architecture check found; `build: fail_on_violations:`
    /// makes errors among them fail it, with nothing written.
    @Test func buildSaysHowManyViolationsTheSiteShowsAndCanFailOnThem() async throws {
        let root = try violatingApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await strata(["build"], in: root)
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "Architecture: 1 error, 0 warnings in 1 module; the site shows them at Output/violations.html, and "
                    + "`strata check` reports them with their evidence.\n"
            ), "\(run.stdout)")

        let gated = try violatingApp("build:\n  fail_on_violations: error\n")
        defer { try? FileManager.default.removeItem(at: gated) }
        let failed = try await strata(["build"], in: gated)
        #expect(failed.status == 1)
        #expect(
            failed.stderr.hasSuffix(
                "strata: build failed: the architecture has 1 error, 0 warnings in 1 module, which "
                    + "build.fail_on_violations in strata.yml does not allow; Output/ was left as it was (strata "
                    + "check shows them)\n"
            ), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gated.appendingPathComponent("Output").path))

        let clean = try project(["Content/index.md": "# Hi\n", "strata.yml": "build:\n  fail_on_violations: warning\n"])
        defer { try? FileManager.default.removeItem(at: clean) }
        #expect(
            try await strata(["build"], in: clean).status == 0,
            "a site without a module graph has no architecture to fail on")

        let bad = try violatingApp("build:\n  fail_on_violations: sometimes\n")
        defer { try? FileManager.default.removeItem(at: bad) }
        let refused = try await strata(["build"], in: bad)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "strata.yml:7:23: error: build.fail_on_violations must be off, error or warning, not 'sometimes' "
                    + "[config.invalid-value]\n"
            ), "\(refused.stderr)")
    }

    @Test func badInputExitsTwo() async throws {
        let root = try project(["Content/index.md": "# Hi\n", "strata.yml": "site:\n  title: [x]\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await strata(["build"], in: root)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "strata.yml:2:10: error: site.title must be a single value, found a list [config.type]\n"))
    }

    @Test func projectOptionAndPathsRelativeToTheWorkingFolder() async throws {
        let root = try project(["site/Content/index.md": "[x](#nope)\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await strata(["build", "-C", "site"], in: root)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("site/Content/index.md:1:1: warning:"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("site/Output/index.html").path))
    }

    @Test func usageErrorsExitTwoAndHelpExitsZero() async throws {
        let root = try project([:])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await strata(["build", "--no-such-flag"], in: root).status == 2)
        #expect(try await strata(["frobnicate"], in: root).status == 2)
        #expect(try await strata(["build", "--base-url", "docs"], in: root).status == 2)
        let help = try await strata(["--help"], in: root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
        #expect(try await strata(["--version"], in: root).status == 0)
    }

    /// Long and combined short options read alike; an option given twice, an empty value or
    /// an impossible date is bad usage that writes nothing.
    @Test func longAndShortOptionFormsBuildTheSameSite() async throws {
        let root = try project([
            "Content/index.md": "# Hi\n\n[x](gone.md)\n", "Content/guide/page.md": "# Page\n\nText.\n"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let quick = try await strata(["build", "--quiet", "--output", "Quick"], in: root)
        let parsed = try await strata(["build", "-qo", "Parsed"], in: root)
        #expect(quick.status == 0 && parsed.status == 0)
        #expect(quick.stdout.isEmpty && parsed.stdout.isEmpty)
        #expect(quick.stderr == parsed.stderr && quick.stderr.contains("[link.broken]"), "\(quick.stderr)")
        for file in ["index.html", "guide/page.html", "search-index.js"] {
            let one = try Data(contentsOf: root.appendingPathComponent("Quick/" + file))
            let other = try Data(contentsOf: root.appendingPathComponent("Parsed/" + file))
            #expect(one == other, "\(file) differs")
        }
        let twice = try await strata(["build", "--output", "A", "-o", "B"], in: root)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--output is given twice (as --output and -o)"), "\(twice.stderr)")
        let empty = try await strata(["build", "--output=", "--quiet"], in: root)
        #expect(empty.status == 2, "\(empty.stderr)")
        let date = try await strata(["build", "--as-of", "2026-02-30"], in: root)
        #expect(date.status == 2)
        #expect(date.stderr.contains("2026-02-30"), "\(date.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("A").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("B").path))
    }

    @Test func aMissingExplicitConfigIsAnError() async throws {
        let root = try project(["Content/index.md": "x"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await strata(["build", "--config", "nope.yml"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("nope.yml:1:1: error: cannot read this file"))
    }
}

/// Graphviz once drew the same DOT differently from one process to the next (cluster order
/// followed memory addresses); two separate runs must write the same bytes.
@Suite struct DiagramDeterminismTests {
    @Test func twoProcessesBuildTheSameDiagrams() async throws {
        let runner = CommandLineTests()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sites/guide")
        let work = TestScratch.path("determinism")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let project = work.appendingPathComponent("guide")
        try FileManager.default.copyItem(at: fixture, to: project)
        var outputs: [[String: Data]] = []
        for name in ["one", "two", "three"] {
            let run = try await runner.strata(["build", "--quiet", "--output", "../\(name)"], in: project)
            #expect(run.status == 0, "\(run.stderr)")
            var files: [String: Data] = [:]
            let base = work.appendingPathComponent(name)
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if let data = try? Data(contentsOf: url) { files[String(url.path.dropFirst(base.path.count))] = data }
            }
            outputs.append(files)
        }
        #expect(outputs[0].keys.contains { $0.hasPrefix("/.strata-cache/layouts/") })
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
    }
}
