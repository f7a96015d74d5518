import Foundation
import StrataCore

/// Runs one `git` command in a repository and returns what it printed. Strata reads history
/// through git itself (never libgit2, never a checkout): git knows every repository format,
/// pack, alternate and worktree, and the user's git is the one their CI has.
package struct GitCommand: Sendable {
    /// What a finished command printed and how it ended.
    package struct Output: Sendable {
        package var status: Int32
        package var stdout: Data
        package var stderr: String

        package var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `git` executable; found on `PATH` when nil.
    package var executable: String?
    /// The folder git runs in.
    package var folder: String

    package init(folder: String, executable: String? = nil) {
        self.folder = folder
        self.executable = executable
    }

    /// Runs `git arguments…` to its end. Git's own configuration that would change what it
    /// prints (pagers, colours, replaced objects, locale) is turned off.
    /// `input`, when given, is written to git's standard input while its output is read.
    /// - Throws: `git.unavailable` when git cannot be started.
    package func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable ?? "git", "-c", "core.quotePath=false", "--no-replace-objects"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = Self.environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let standardInput = input.map { _ in Pipe() }
        process.standardInput = standardInput ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Diagnostic.error("git.unavailable", "cannot run git: \(error.localizedDescription)")
        }
        if let input, let standardInput {
            // Written on a thread of its own: git answers as it reads, and would block on a
            // full output pipe while this one waited to write.
            // A git that stops reading (it failed) must not end Strata with SIGPIPE: the
            // write then fails with EPIPE instead, and git's own status says what went wrong.
            signal(SIGPIPE, SIG_IGN)
            let handle = standardInput.fileHandleForWriting
            Thread.detachNewThread {
                try? handle.write(contentsOf: input)
                try? handle.close()
            }
        }
        // Both pipes are drained while git runs, so a large output cannot block it.
        let collected = PipeDrain(errors)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = collected.finish()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw Diagnostic.error("git.unavailable", "cannot run git: it is not installed or not on PATH")
        }
        return Output(status: process.terminationStatus, stdout: data, stderr: errorText)
    }

    /// The environment git runs with: the caller's, without what would redirect git to
    /// another repository or change its output's language.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_PAGER", "PAGER"] {
            environment[name] = nil
        }
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }
}

/// Reads one pipe to its end on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
