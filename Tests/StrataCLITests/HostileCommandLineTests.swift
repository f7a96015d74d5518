import Foundation
import StrataTestSupport
import Testing

/// Issue 22's hostile inputs as a user meets them: the real executable, killed mid-build,
/// fed names and files made to break it.
@Suite struct HostileCommandLineTests {
    let cli = CommandLineTests()

    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".Output.strata-") }
            .sorted()
    }

    /// The swap was two renames: a build killed between them left no Output/ at all. At
    /// every step a killed build leaves the old site or the new one, whole, and the next
    /// build clears what the killed one left beside it.
    @Test(arguments: ["writing", "staged", "swapped", "cleaned"])
    func aBuildKilledAtAnyStepLeavesTheOldSiteOrTheNew(step: String) async throws {
        let root = try cli.project(["Content/index.md": "# First\n", "Content/guide.md": "# Guide\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await cli.strata(["build", "--quiet"], in: root).status == 0)
        try Data("# Second\n".utf8).write(to: root.appendingPathComponent("Content/index.md"))

        let killed = try await cli.strata(["build", "--quiet"], in: root, environment: ["STRATA_TEST_HALT_AT": step])
        #expect(
            killed.signal && killed.status == SIGKILL, "the build was killed at '\(step)' (status \(killed.status))")
        let index = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let expected = ["writing", "staged"].contains(step) ? ">First</h1>" : ">Second</h1>"
        #expect(index.contains(expected), "after a kill at '\(step)'")
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/guide.html").path),
            "the whole site is there")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/.strata-output").path))
        if step != "cleaned" { #expect(try !leftovers(in: root).isEmpty, "the kill at '\(step)' left its folder") }

        let again = try await cli.strata(["build", "--quiet"], in: root)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8).contains(
                ">Second</h1>"))
        #expect(try leftovers(in: root).isEmpty, "the next build removed what the killed one left")
    }

    /// Item 16: a read-only Output/ built with exit 0 and left `.Output.strata-new-…`
    /// behind forever. Nothing is read-only to root, so as root (CI) the builds run as
    /// `nobody` through setpriv, in a project `nobody` owns.
    @Test func aReadOnlyOutputIsAnErrorAndLeavesNothingBehind() async throws {
        let root = try cli.project(["Content/index.md": "# Hi\n", "Content/guides/intro.md": "# Intro\n"])
        let output = root.appendingPathComponent("Output")
        defer {
            chmod(output.path, 0o755)
            chmod(output.appendingPathComponent("guides").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        func build() async throws -> CommandLineTests.Run {
            guard getuid() == 0 else { return try await cli.strata(["build", "--quiet"], in: root) }
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", CommandLineTests.executable.path, "build",
                    "--quiet"
                ], in: root
            )
            return CommandLineTests.Run(status: run.status, stdout: run.stdout, stderr: run.stderr, signal: run.signal)
        }
        if getuid() == 0 {
            try #require(
                FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                "setpriv (util-linux) runs the build as nobody")
            for path in [root.path]
                + (FileManager.default.subpaths(atPath: root.path) ?? []).map({ root.path + "/" + $0 })
            { chown(path, 65534, 65534) }
        }
        let first = try await build()
        #expect(first.status == 0, "\(first.stderr)")
        for (folder, shown) in [
            (output.appendingPathComponent("guides"), "'guides' in the output folder"), (output, "the output folder")
        ] {
            chmod(folder.path, 0o555)
            let run = try await build()
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "Output:1:1: error: \(shown) cannot be changed (Permission denied), so the previous site could "
                        + "not be replaced; make it writable or remove it [output.read-only]"
                ), "\(run.stderr)")
            #expect(try leftovers(in: root).isEmpty, "nothing is left beside Output/")
            #expect(
                FileManager.default.fileExists(atPath: output.appendingPathComponent("guides/intro.html").path),
                "the previous site stays")
            chmod(folder.path, 0o755)
        }
    }

    /// Ten killed builds left 184 MB of staging folders. A folder of a process still
    /// running, or one Strata did not make, is left alone.
    @Test func leftoversOfLiveBuildsAndOtherFoldersAreKept() async throws {
        let root = try cli.project(["Content/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let live = root.appendingPathComponent(".Output.strata-new-\(getpid())-1")
        let foreign = root.appendingPathComponent(".Output.strata-old-999999-1")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        try Data().write(to: live.appendingPathComponent(".strata-output"))
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("notes.txt"))
        // A build in another container sharing the folder: its process id means nothing
        // here, but it holds the lock on its marker.
        let otherContainer = root.appendingPathComponent(".Output.strata-new-999998-1")
        try FileManager.default.createDirectory(at: otherContainer, withIntermediateDirectories: true)
        try Data().write(to: otherContainer.appendingPathComponent(".strata-output"))
        let lock = open(otherContainer.appendingPathComponent(".strata-output").path, O_RDONLY)
        #expect(flock(lock, LOCK_EX) == 0)
        #expect(try await cli.strata(["build", "--quiet"], in: root).status == 0)
        #expect(
            try leftovers(in: root) == [
                ".Output.strata-new-\(getpid())-1", ".Output.strata-new-999998-1", ".Output.strata-old-999999-1"
            ])
        close(lock)
        #expect(try await cli.strata(["build", "--quiet"], in: root).status == 0)
        #expect(
            try leftovers(in: root) == [".Output.strata-new-\(getpid())-1", ".Output.strata-old-999999-1"],
            "once unlocked, it is a killed build's")
    }

    /// A folder named `.strata-output` was taken for the marker, and the folder holding
    /// it replaced.
    @Test func aFolderNamedLikeTheMarkerDoesNotMakeTheOutputStrataS() async throws {
        let root = try cli.project(["Content/index.md": "# Home\n", "Output/.strata-output/keep.txt": "precious\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await cli.strata(["build"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("[output.not-strata]"), "\(run.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/.strata-output/keep.txt").path))
    }

    /// A mistyped `--allow-read` allowed nothing and said nothing, so the reads it was meant
    /// for were refused with a message that named the very option given. It is bad usage,
    /// on every command that reads a project, in the parser's forms and the quick ones.
    @Test(arguments: [["build"], ["build", "--quiet"], ["graph", "-f", "json"], ["check"]])
    func anAllowReadNamingNothingIsBadUsage(command: [String]) async throws {
        let root = try cli.project(["Content/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await cli.strata(command + ["--allow-read", "../no-such-folder"], in: root)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "strata: error: --allow-read '../no-such-folder': there is no such file or folder [usage.allow-read]"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
    }
}
