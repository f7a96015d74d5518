import Foundation

/// Programs run by tests (the `strata` executable, as a user runs it), awaited without
/// holding a thread of Swift's cooperative pool.
public enum ChildProcess {
    public struct Result: Sendable {
        /// The exit status, or the signal's number when `signal` is true.
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the program was ended by a signal (`status` is its number).
        public var signal = false
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Runs `executable` to its end and returns its exit status and output. A program still
    /// running after `timeout` is killed, and the failure says so. `environment` is added to
    /// the test's own.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(300)
    ) async throws -> Result {
        try await OwnThread.run("run \(executable.lastPathComponent)") {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            if let folder { process.currentDirectoryURL = folder }
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let timedOut = Handed(NSLock())
            nonisolated(unsafe) var killed = false
            let killer = DispatchWorkItem {
                timedOut.value.withLock { killed = process.isRunning }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
            // Both pipes are drained at once, so a child filling one cannot stall on the other.
            let errors = Handed(NSMutableData())
            let errorsRead = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                errors.value.append(err.fileHandleForReading.readDataToEndOfFile())
                errorsRead.signal()
            }
            let output = out.fileHandleForReading.readDataToEndOfFile()
            errorsRead.wait()
            process.waitUntilExit()
            killer.cancel()
            if timedOut.value.withLock({ killed }) {
                throw Failure(
                    "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not end within "
                        + "\(seconds) s and was killed"
                )
            }
            return Result(
                status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: errors.value as Data, as: UTF8.self),
                signal: process.terminationReason == .uncaughtSignal
            )
        }
    }
}

/// A program that keeps running while a test talks to it (`strata serve`): its output is
/// collected as it comes, and waited for line by line.
public final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private var terminated = false
    private var openPipes = 2
    private var stopFailure = ""
    private let name: String

    /// Starts `executable`; its output is read from now on. `environment` is added to the
    /// test's own.
    public init(_ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
        name = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.terminationHandler = { [weak self] _ in self?.lock.withLock { self?.terminated = true } }
        try process.run()
        // Each pipe is read by a blocking loop on a thread of its own, not by a
        // `readabilityHandler`: tearing down the read sources those install races in
        // libdispatch on Linux, and once crashed the whole test process in
        // `_dispatch_event_loop_drain` (swift-corelibs-libdispatch#949).
        Self.drain(out.fileHandleForReading, name: "\(name) stdout") { [weak self] data in
            self?.received(data, into: \.output)
        }
        Self.drain(err.fileHandleForReading, name: "\(name) stderr") { [weak self] data in
            self?.received(data, into: \.errors)
        }
    }

    /// Reads `handle` until its end on a new thread, handing each chunk to `received` and
    /// an empty chunk at the end.
    private static func drain(_ handle: FileHandle, name: String, _ received: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                received(Data(buffer[0..<count]))
            }
            received(Data())
        }
        thread.name = "read " + name
        thread.start()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    public var stdout: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
    public var stderr: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }
    /// Whether the program has ended and all it printed has been read.
    public var hasExited: Bool { lock.withLock { terminated && openPipes == 0 } }

    private func received(_ data: Data, into bytes: ReferenceWritableKeyPath<LiveProcess, Data>) {
        lock.withLock {
            if data.isEmpty {
                openPipes -= 1
            } else {
                self[keyPath: bytes].append(data)
            }
        }
    }
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The first output line containing `text` (after `skipping` earlier ones), once it is
    /// printed. Throws when the program ends without printing it, or after `timeout`.
    @discardableResult
    public func line(containing text: String, skipping: Int = 0, timeout: Duration = .seconds(60)) async throws
        -> String
    {
        try await waitForValue("'\(text)' in the output of \(name); it printed:\n\(stdout)\(stderr)", timeout: timeout)
        {
            let matches = stdout.split(separator: "\n").filter { $0.contains(text) }
            if matches.count > skipping { return String(matches[skipping]) }
            if hasExited {
                throw ChildProcess.Failure(
                    "\(name) exited (status \(process.terminationStatus)) before printing "
                        + "'\(text)':\n\(stdout)\(stderr)"
                )
            }
            return nil
        }
    }

    /// Sends `signal` (SIGINT: Ctrl-C) and returns the exit status, once the program has
    /// ended; nil if it did not end within `timeout` (it is then killed, and `hangReport`
    /// says where it was stuck).
    public func stop(with signal: Int32 = SIGINT, timeout: Duration = .seconds(30)) async -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        do {
            try await waitUntil("\(name) to exit after signal \(signal)", timeout: timeout) { hasExited }
        } catch {
            let report = await Self.hangReport(of: process.processIdentifier, exited: lock.withLock { terminated })
            lock.withLock { stopFailure = report }
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    /// Why the last `stop` gave nil: whether the program itself was still running, and if
    /// so, its threads' stacks (when gdb is installed).
    public var hangReport: String { lock.withLock { stopFailure } }

    private static func hangReport(of pid: Int32, exited: Bool) async -> String {
        if exited {
            return "The program had exited, but its output stayed open: a process it started still holds it."
        }
        guard
            let gdb = ["/usr/bin/gdb", "/usr/local/bin/gdb"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return "The program was still running (install gdb to see where)."
        }
        let stacks = try? await ChildProcess.run(
            URL(fileURLWithPath: gdb), ["-p", "\(pid)", "-batch", "-nx", "-ex", "thread apply all bt 25"],
            timeout: .seconds(60)
        )
        return "The program was still running; its threads:\n"
            + (stacks.map { $0.stdout + $0.stderr } ?? "(gdb did not answer)")
    }
}
