import Foundation
import StrataCLI
import StrataTestSupport
import Testing

/// How the Action and the pre-commit hook install a release (`scripts/fetch-release.sh`), and
/// the Homebrew formula a release publishes (`scripts/homebrew-formula.sh`). A release here
/// is a folder served by `file://`, holding an archive whose `strata` is a tiny script.
@Suite struct ReleaseInstallTests {
    static let repository = SharedSites.repository
    static let fetch = repository.appendingPathComponent("scripts/fetch-release.sh")
    static let formula = repository.appendingPathComponent("scripts/homebrew-formula.sh")
    static let bash = URL(fileURLWithPath: "/bin/bash")

    static var assetName: String {
        #if os(macOS)
            return "strata-1.2.3-macos-universal"
        #elseif arch(arm64)
            return "strata-1.2.3-linux-arm64"
        #else
            return "strata-1.2.3-linux-x86_64"
        #endif
    }

    /// A release folder `releases/v1.2.3/` with the archive and its SHA256SUMS; `strata`
    /// prints `said` for `--version`, and `sums` replaces the checksum file when given.
    func release(said: String = "1.2.3", sums: String? = nil, withAsset: Bool = true) async throws -> URL {
        let root = try TestScratch.folder("release")
        let tag = root.appendingPathComponent("v1.2.3")
        let content = root.appendingPathComponent("content/\(Self.assetName)/bin")
        try FileManager.default.createDirectory(at: tag, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let strata = content.appendingPathComponent("strata")
        try "#!/bin/sh\necho '\(said)'\n".write(to: strata, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: strata.path)
        let archive = tag.appendingPathComponent(Self.assetName + ".tar.gz")
        let script = """
            tar -C "$1/content" -czf "$2" "$3" && cd "$(dirname "$2")" \
            && { sha256sum "$(basename "$2")" 2>/dev/null || shasum -a 256 "$(basename "$2")"; } > SHA256SUMS
            """
        let made = try await ChildProcess.run(
            Self.bash, ["-c", script, "make", root.path, archive.path, Self.assetName])
        try #require(made.status == 0, "\(made.stderr)")
        if let sums {
            try sums.write(to: tag.appendingPathComponent("SHA256SUMS"), atomically: true, encoding: .utf8)
        }
        if !withAsset { try FileManager.default.removeItem(at: archive) }
        return root
    }

    func install(from release: URL, tag: String = "v1.2.3") async throws -> (ChildProcess.Result, URL) {
        let into = try TestScratch.folder("installed")
        let result = try await ChildProcess.run(
            Self.bash, [Self.fetch.path, "--repository", "acme/strata", "--tag", tag, "--into", into.path],
            environment: ["STRATA_RELEASE_URL": release.absoluteString])
        return (result, into)
    }

    @Test func aReleaseWhoseChecksumMatchesIsUnpackedAndItsPathPrinted() async throws {
        let release = try await release()
        defer { TestScratch.remove(release) }
        let (result, into) = try await install(from: release)
        defer { TestScratch.remove(into) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == into.path + "/bin/strata\n")
        #expect(FileManager.default.isExecutableFile(atPath: into.path + "/bin/strata"))
    }

    @Test func aChecksumMismatchStopsWithoutFallingBack() async throws {
        let release = try await release(sums: String(repeating: "0", count: 64) + "  \(Self.assetName).tar.gz\n")
        defer { TestScratch.remove(release) }
        let (result, into) = try await install(from: release)
        defer { TestScratch.remove(into) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not match its checksum"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: into.path + "/bin/strata"), "nothing unverified is unpacked")
    }

    @Test func aMissingReleaseOrAssetOrABranchRefMeansBuildFromSource() async throws {
        let release = try await release(withAsset: false)
        defer { TestScratch.remove(release) }
        let (missing, first) = try await install(from: release)
        let (branch, second) = try await install(from: release, tag: "main")
        let (absent, third) = try await install(from: release, tag: "v9.9.9")
        defer { for folder in [first, second, third] { TestScratch.remove(folder) } }
        #expect(missing.status == 3 && missing.stderr.contains("no \(Self.assetName).tar.gz"), "\(missing.stderr)")
        #expect(branch.status == 3 && branch.stderr.contains("'main' is not a release tag"), "\(branch.stderr)")
        #expect(absent.status == 3 && absent.stderr.contains("no SHA256SUMS"), "\(absent.stderr)")
    }

    @Test func aBinaryThatSaysAnotherVersionIsRefused() async throws {
        let release = try await release(said: "1.2.2")
        defer { TestScratch.remove(release) }
        let (result, into) = try await install(from: release)
        defer { TestScratch.remove(into) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("says version '1.2.2', not 1.2.3"), "\(result.stderr)")
    }

    @Test func theFormulaNamesTheUniversalArchiveAndItsChecksum() async throws {
        let folder = try TestScratch.folder("formula")
        defer { TestScratch.remove(folder) }
        let sums = folder.appendingPathComponent("SHA256SUMS")
        let sha = String(repeating: "ab", count: 32)
        let lines = [
            String(repeating: "cd", count: 32) + "  strata-1.2.3-linux-x86_64.tar.gz",
            sha + "  strata-1.2.3-macos-universal.tar.gz"
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: sums, atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run(
            Self.bash,
            [Self.formula.path, "--repository", "acme/strata", "--version", "1.2.3", "--sums", sums.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "url \"https://github.com/acme/strata/releases/download/v1.2.3/strata-1.2.3-macos-universal.tar.gz\""))
        #expect(result.stdout.contains("sha256 \"\(sha)\""))
        #expect(result.stdout.contains("depends_on \"graphviz\"") && result.stdout.contains("depends_on \"cmark-gfm\""))
        let missing = try await ChildProcess.run(
            Self.bash,
            [Self.formula.path, "--repository", "acme/strata", "--version", "9.9.9", "--sums", sums.path])
        #expect(missing.status == 2 && missing.stderr.contains("does not list strata-9.9.9-macos-universal.tar.gz"))
    }

    /// The pre-commit hook (`scripts/pre-commit-strata.sh`) at a release tag: the hook's
    /// checkout, as pre-commit keeps it, holds the tag the remote names; the hook downloads
    /// that release once, checks it, runs `strata check` with the hook's arguments, and
    /// never downloads again.
    @Test func thePreCommitHookAtAReleaseTagInstallsTheReleaseOnceAndChecks() async throws {
        let release = try await release()
        defer { TestScratch.remove(release) }
        let hook = try TestScratch.folder("hook-checkout")
        defer { TestScratch.remove(hook) }
        for script in ["pre-commit-strata.sh", "fetch-release.sh"] {
            try FileManager.default.createDirectory(
                at: hook.appendingPathComponent("scripts"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.repository.appendingPathComponent("scripts/\(script)"),
                to: hook.appendingPathComponent("scripts/\(script)"))
        }
        try GitFixture.write(
            ["Sources/StrataCLI/StrataVersion.swift": "enum StrataVersion {\n    static let current = \"1.2.3\"\n}\n"],
            in: hook)
        try await GitFixture.git(hook, ["init", "-q"])
        try await GitFixture.commit(hook, "the hook at its release")
        try await GitFixture.git(hook, ["tag", "v1.2.3"])
        try await GitFixture.git(hook, ["remote", "add", "origin", hook.path])
        let project = try TestScratch.folder("hook-project")
        defer { TestScratch.remove(project) }
        let run = {
            try await ChildProcess.run(
                Self.bash, [hook.appendingPathComponent("scripts/pre-commit-strata.sh").path, "--strict"],
                in: project, environment: ["STRATA_RELEASE_URL": release.absoluteString])
        }
        let first = try await run()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "1.2.3\n", "the release's strata ran")
        let installed = hook.appendingPathComponent(".build/pre-commit/strata-1.2.3/bin/strata")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        // Installed once: the release is no longer needed.
        try FileManager.default.removeItem(at: release.appendingPathComponent("v1.2.3"))
        let second = try await run()
        #expect(second.status == 0 && second.stdout == "1.2.3\n", "\(second.stderr)")
    }

    /// The Action, the pre-commit hook and the release workflow read the version out of
    /// StrataVersion.swift with this `sed`; a reformatted file must not break them.
    @Test func theScriptsReadTheVersionStrataPrints() async throws {
        let file = Self.repository.appendingPathComponent("Sources/StrataCLI/StrataVersion.swift")
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["sed", "-n", #"s/.*static let current = "\(.*\)".*/\1/p"#, file.path]
        )
        #expect(result.stdout == StrataVersion.current + "\n", "\(result.stdout)")
        let parts = StrataVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(StrataVersion.current)")
        #expect(StrataVersion.tag == "v" + StrataVersion.current)
    }
}
