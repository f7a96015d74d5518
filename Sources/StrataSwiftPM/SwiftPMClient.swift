import Foundation
import StrataCore

/// Asks SwiftPM itself about a package: `swift package dump-package` for the manifest as
/// SwiftPM evaluates it, and `swift package describe --type json` for the files each
/// target compiles. Strata uses it when a manifest computes its graph in ways the syntax
/// reader cannot follow, or when `--manifest swiftpm` asks for it. It needs a Swift
/// toolchain and compiles the manifest, so it is much slower than reading the syntax.
public struct SwiftPMClient: Sendable {
    /// The package as SwiftPM sees it.
    public struct Package: Sendable {
        public var manifest: PackageManifest
        /// Per target: its folder relative to the package and its source files relative to
        /// that folder, as SwiftPM would compile them.
        public var sources: [String: (path: String, files: [String])]
    }

    /// The `swift` executable; found on `PATH` when nil.
    public var swiftExecutable: String?
    /// How long one SwiftPM command may take before Strata gives up on it.
    public var timeout: TimeInterval

    public init(swiftExecutable: String? = nil, timeout: TimeInterval = 300) {
        self.swiftExecutable = swiftExecutable
        self.timeout = timeout
    }

    /// Runs `dump-package` and `describe`, in a scratch folder of its own so nothing is
    /// written into the package, and with `TMPDIR` inside it: SwiftPM leaves a
    /// `TemporaryDirectory.*` folder and lock files in the temporary folder on every run,
    /// which would otherwise pile up in `/tmp`.
    /// - Parameters:
    ///   - directory: the package folder.
    ///   - manifestText: the manifest SwiftPM will read (it may be a `Package@swift-…`
    ///     file), to place declarations on its lines.
    ///   - manifestPath: the manifest as shown to the user, for diagnostics.
    ///   - reasons: why the syntax reader could not read the manifest, kept in the result.
    public func load(directory: URL, manifestText: String, manifestPath: String, reasons: [Diagnostic]) throws -> Package {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-swiftpm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = scratch.appendingPathComponent("tmp")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic.error("swiftpm.unavailable", "cannot make a scratch folder for SwiftPM at \(scratch.path): \(error.localizedDescription)", at: SourceLocation(path: manifestPath))
        }
        let common = ["package", "--package-path", directory.path, "--scratch-path", scratch.path]
        let dump: Data
        do {
            dump = try run(common + ["dump-package"], manifestPath: manifestPath, temporaryDirectory: temporary)
        } catch let failure as Failure {
            // The compiler's own errors, at their lines of the manifest; else SwiftPM's words.
            let located = Self.manifestErrors(in: failure.standardError, manifest: directory.appendingPathComponent((manifestPath as NSString).lastPathComponent).path, shownAs: manifestPath)
            throw located.isEmpty ? failure.diagnostic : DiagnosticsError(located)
        }
        var manifest = try DumpPackageDecoder(manifestPath: manifestPath, manifestText: manifestText).decode(dump)
        manifest.origin = .swiftPM(reasons: reasons)
        let describe: Data
        do {
            describe = try run(common + ["describe", "--type", "json"], manifestPath: manifestPath, temporaryDirectory: temporary)
        } catch let failure as Failure {
            throw failure.diagnostic
        }
        let sources = try DescribeDecoder().sources(from: describe, packageDirectory: directory.path)
        return Package(manifest: manifest, sources: sources)
    }

    /// A `swift` command that ended with an error: the diagnostic to show, and what it printed.
    public struct Failure: Error {
        public var diagnostic: Diagnostic
        public var standardError: String
    }

    /// The `path:line:column: error: message` lines SwiftPM printed for `manifest` (an
    /// absolute path), as diagnostics at `shownAs`; SwiftPM's other lines are left out.
    static func manifestErrors(in output: String, manifest: String, shownAs: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for line in output.split(separator: "\n") where line.hasPrefix(manifest + ":") {
            let parts = line.dropFirst(manifest.count + 1).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let lineNumber = Int(parts[0]), let column = Int(parts[1]), parts[2].trimmingCharacters(in: .whitespaces) == "error" else { continue }
            let diagnostic = Diagnostic.error(
                "swiftpm.failed", "SwiftPM: " + parts[3].trimmingCharacters(in: .whitespaces), at: SourceLocation(path: shownAs, line: lineNumber, column: column)
            )
            if !found.contains(diagnostic) { found.append(diagnostic) }
        }
        return found
    }

    /// Runs one `swift` command and returns its standard output.
    /// - Parameter temporaryDirectory: the `TMPDIR` the command sees; the caller's when nil.
    /// - Throws: a `Failure` when it ends with an error, a `Diagnostic` when it cannot run.
    public func run(_ arguments: [String], manifestPath: String, temporaryDirectory: URL? = nil) throws -> Data {
        let process = Process()
        if let swiftExecutable {
            process.executableURL = URL(fileURLWithPath: swiftExecutable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift"] + arguments
        }
        if let temporaryDirectory {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporaryDirectory.path
            process.environment = environment
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let where_ = SourceLocation(path: manifestPath)
        do {
            try process.run()
        } catch {
            throw Diagnostic.error("swiftpm.unavailable", "cannot run `swift \(arguments.suffix(2).joined(separator: " "))`: \(error.localizedDescription)", at: where_)
        }
        // Read both pipes while the process runs, so a large output cannot block it.
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            // Ended before the caller removes the scratch folder SwiftPM may still write to.
            process.terminate()
            let patience = Date(timeIntervalSinceNow: 5)
            while process.isRunning && Date() < patience { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw Diagnostic.error("swiftpm.timeout", "`swift \(arguments.suffix(2).joined(separator: " "))` took longer than \(Int(timeout)) seconds", at: where_)
        }
        process.waitUntilExit()
        let (stdout, stderr) = collected.values
        guard process.terminationStatus == 0 else {
            let text = String(decoding: stderr, as: UTF8.self)
            // SwiftPM's first error line, without the compiler invocation it quotes.
            let first = text.split(separator: "\n").first { $0.contains("error:") }.map { line -> String in
                let message = line.range(of: "error:").map { String(line[$0.upperBound...]) } ?? String(line)
                return message.components(separatedBy: " (compiled with:").first?.trimmingCharacters(in: .whitespaces) ?? message
            }
            let status = process.terminationStatus == 127 ? "no Swift toolchain was found" : "exit code \(process.terminationStatus)"
            throw Failure(diagnostic: Diagnostic.error(
                "swiftpm.failed", "`swift \(arguments.suffix(2).joined(separator: " "))` failed (\(status))" + (first.map { ": " + $0 } ?? ""), at: where_
            ), standardError: text)
        }
        return stdout
    }
}

/// Collects a child process's two output streams from two threads.
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()

    func store(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { errors = data } else { output = data }
    }

    var values: (Data, Data) {
        lock.lock()
        defer { lock.unlock() }
        return (output, errors)
    }
}
