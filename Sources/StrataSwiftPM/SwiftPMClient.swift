import Foundation
import StrataCore

/// Asks SwiftPM itself about a package: `swift package dump-package` for the manifest as
/// SwiftPM evaluates it, and `swift package describe --type json` for the files each
/// target compiles. Strata uses it only when `--manifest swiftpm` on the command line asks:
/// SwiftPM compiles and runs the manifest's code. On macOS SwiftPM runs that code in its own
/// sandbox (Strata never passes `--disable-sandbox`); Linux has none, so there the commands
/// run under a time limit (`timeLimit`, the whole process group killed) and an address-space
/// limit (`memoryLimitKB`, `ulimit -v` in the child).
package struct SwiftPMClient: Sendable {
    /// The package as SwiftPM sees it.
    package struct Package: Sendable {
        package var manifest: PackageManifest
        /// Per target: its folder relative to the package and its source files relative to
        /// that folder, as SwiftPM would compile them.
        package var sources: [String: (path: String, files: [String])]
    }

    /// The `swift` executable; found on `PATH` when nil.
    package var swiftExecutable: String?
    /// How long one SwiftPM command may take before Strata gives up on it.
    package var timeout: TimeInterval

    /// Seconds one SwiftPM command may take: a cold `dump-package` of a small manifest takes
    /// about 2 s here, and a manifest's code that loops would otherwise never end.
    package static let timeLimit = TimeInterval(ReadingLimits.swiftPMSeconds.maximum)
    /// The address space (KB) a SwiftPM command may map on Linux: 1 GB and more let
    /// `dump-package` of a small manifest finish; 128 MB cannot even load SwiftPM, and
    /// 256 MB made its compiler hang. 4 GB leaves room for large manifests.
    package static let memoryLimitKB = 4 * 1024 * 1024

    package init(swiftExecutable: String? = nil, timeout: TimeInterval = SwiftPMClient.timeLimit) {
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
    package func load(directory: URL, manifestText: String, manifestPath: String, reasons: [Diagnostic]) throws
        -> Package
    {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-swiftpm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = scratch.appendingPathComponent("tmp")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic.error(
                "swiftpm.unavailable",
                "cannot make a scratch folder for SwiftPM at \(scratch.path): \(error.localizedDescription)",
                at: SourceLocation(path: manifestPath))
        }
        let common = ["package", "--package-path", directory.path, "--scratch-path", scratch.path]
        let dump: Data
        do {
            dump = try run(common + ["dump-package"], manifestPath: manifestPath, temporaryDirectory: temporary)
        } catch let failure as Failure {
            // The compiler's own errors, at their lines of the manifest; else SwiftPM's words.
            let located = Self.manifestErrors(
                in: failure.standardError,
                manifest: directory.appendingPathComponent((manifestPath as NSString).lastPathComponent).path,
                shownAs: manifestPath)
            throw located.isEmpty ? failure.diagnostic : DiagnosticsError(located)
        }
        var manifest = try DumpPackageDecoder(manifestPath: manifestPath, manifestText: manifestText).decode(dump)
        manifest.origin = .swiftPM(reasons: reasons)
        let describe: Data
        do {
            describe = try run(
                common + ["describe", "--type", "json"], manifestPath: manifestPath, temporaryDirectory: temporary)
        } catch let failure as Failure {
            throw failure.diagnostic
        }
        let sources = try DescribeDecoder().sources(from: describe, packageDirectory: directory.path)
        return Package(manifest: manifest, sources: sources)
    }

    /// A `swift` command that ended with an error: the diagnostic to show, and what it printed.
    package struct Failure: Error {
        package var diagnostic: Diagnostic
        package var standardError: String
    }

    /// The `path:line:column: error: message` lines SwiftPM printed for `manifest` (an
    /// absolute path), as diagnostics at `shownAs`; SwiftPM's other lines are left out.
    static func manifestErrors(in output: String, manifest: String, shownAs: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for line in output.split(separator: "\n") where line.hasPrefix(manifest + ":") {
            let parts = line.dropFirst(manifest.count + 1).split(
                separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let lineNumber = Int(parts[0]), let column = Int(parts[1]),
                parts[2].trimmingCharacters(in: .whitespaces) == "error"
            else { continue }
            let diagnostic = Diagnostic.error(
                "swiftpm.failed", "SwiftPM: " + parts[3].trimmingCharacters(in: .whitespaces),
                at: SourceLocation(path: shownAs, line: lineNumber, column: column)
            )
            if !found.contains(diagnostic) { found.append(diagnostic) }
        }
        return found
    }

    /// Runs one `swift` command and returns its standard output.
    /// - Parameter temporaryDirectory: the `TMPDIR` the command sees; the caller's when nil.
    /// - Throws: a `Failure` when it ends with an error, a `Diagnostic` when it cannot run.
    package func run(_ arguments: [String], manifestPath: String, temporaryDirectory: URL? = nil) throws -> Data {
        // Run through a shell on Linux, a missing `swift` would read as SwiftPM's own failure.
        if let swiftExecutable, access(swiftExecutable, X_OK) != 0 {
            throw Diagnostic.error(
                "swiftpm.unavailable", "cannot run `\(swiftExecutable)`: \(String(cString: strerror(errno)))",
                at: SourceLocation(path: manifestPath)
            )
        }
        let process = Process()
        let command = [swiftExecutable ?? "swift"] + arguments
        #if os(Linux)
            // No sandbox on Linux: the manifest's code gets a bounded address space at least.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(Self.memoryLimitKB) && exec \"$@\"", "strata-swiftpm"] + command
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        #endif
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
            throw Diagnostic.error(
                "swiftpm.unavailable",
                "cannot run `swift \(arguments.suffix(2).joined(separator: " "))`: \(error.localizedDescription)",
                at: where_)
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
            // Ended, with every process it started (Foundation makes the child a process
            // group's leader), before the caller removes the scratch folder.
            Self.killGroup(of: process)
            throw Diagnostic.error(
                ReadingLimits.swiftPMSeconds.id,
                "`swift \(arguments.suffix(2).joined(separator: " "))` took longer than \(Int(timeout)) seconds and "
                    + "was stopped; "
                    + "the manifest's code may loop",
                at: where_
            )
        }
        process.waitUntilExit()
        let (stdout, stderr) = collected.values
        guard process.terminationStatus == 0 else {
            let text = String(decoding: stderr, as: UTF8.self)
            // SwiftPM's first error line, without the compiler invocation it quotes.
            let first = text.split(separator: "\n").first { $0.contains("error:") }.map { line -> String in
                let message = line.range(of: "error:").map { String(line[$0.upperBound...]) } ?? String(line)
                return message.components(separatedBy: " (compiled with:").first?.trimmingCharacters(in: .whitespaces)
                    ?? message
            }
            let status =
                process.terminationStatus == 127
                ? "no Swift toolchain was found" : "exit code \(process.terminationStatus)"
            throw Failure(
                diagnostic: Diagnostic.error(
                    "swiftpm.failed",
                    "`swift \(arguments.suffix(2).joined(separator: " "))` failed (\(status))"
                        + (first.map { ": " + $0 } ?? ""), at: where_
                ), standardError: text)
        }
        return stdout
    }
}

extension SwiftPMClient {
    /// Kills `process`, its process group and, on Linux and macOS, every process descended
    /// from it: SwiftPM starts the compiler and the manifest's program in process groups of
    /// their own, so the group alone would leave a looping manifest running. Each is stopped
    /// before any is killed, so none is orphaned out of reach while the others are.
    static func killGroup(of process: Process) {
        let pid = process.processIdentifier
        if pid > 0 {
            let tree = [pid] + descendants(of: pid)
            for member in tree { _ = kill(member, SIGSTOP) }
            _ = kill(-pid, SIGKILL)  // the group, when the child leads one
            for member in tree { _ = kill(member, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// The processes descended from `root`, from `/proc` on Linux and the kernel's process
    /// table on macOS (none elsewhere).
    package static func descendants(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        #if os(Linux)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(name),
                    let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                // After the command's name in parentheses: state, then the parent's id.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(pid) }
            }
        #elseif canImport(Darwin)
            // Verified by reading only: sysctl's KERN_PROC_ALL, each process with its parent.
            var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL]
            var size = 0
            guard sysctl(&mib, 3, nil, &size, nil, 0) == 0 else { return [] }
            var table = [kinfo_proc](repeating: kinfo_proc(), count: size / MemoryLayout<kinfo_proc>.stride + 64)
            size = table.count * MemoryLayout<kinfo_proc>.stride
            guard sysctl(&mib, 3, &table, &size, nil, 0) == 0 else { return [] }
            for process in table.prefix(size / MemoryLayout<kinfo_proc>.stride) {
                children[process.kp_eproc.e_ppid, default: []].append(process.kp_proc.p_pid)
            }
        #endif
        var found: [Int32] = []
        var queue = children[root] ?? []
        while let next = queue.popLast(), found.count < 100_000 {
            found.append(next)
            queue += children[next] ?? []
        }
        return found
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
